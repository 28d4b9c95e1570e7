Feature: State-based actions: what the game does on its own whenever a player would get priority
  Under the Comprehensive Rules (2008: "state-based effects", rule 420; today "state-based actions",
  rule 704) the game checks a short list of conditions each time a player would receive priority:
  a player at 0 or less life, a player who tried to draw from an empty library, a creature with
  lethal damage or no toughness left, and so on. Everything that applies is done at once, as one
  event, without the stack and without anyone controlling it; the check repeats until nothing more
  happens, then waiting triggered abilities go on the stack, and only then does a player get
  priority. Mirage has no such check: a player at 0 life loses as the phase ends, and a player who
  must draw from an empty library loses at once. Paired scenarios show the difference.

  @ruling:CR24-704.1 @ruling:CR24-704.2 @ruling:CR24-704.5 @ruling:CR24-117.2d @ruling:CR24-120.6
  @ruling:CR08-420.1 @ruling:CR08-420.2 @ruling:CR08-420.5 @ruling:CR08-420.5c @ruling:CR08-408.2c
  @edition:cr2008 @edition:cr2024
  Rule: A creature with lethal damage is destroyed by the game itself, without the stack, before anyone gets priority
    CR 704.1, 704.2 and 117.2d (2025), 420.1, 420.2 and 408.2c (2008): state-based actions happen
    automatically when one of the listed conditions holds, use no stack and are controlled by no
    player; they are dealt with before a player would receive priority. CR 120.6 (2025) and 420.5c
    (2008): damage at least equal to a creature's toughness is lethal, and the creature is
    destroyed. Only the listed conditions count: a creature with damage below its toughness stays.

    Scenario: State-based actions: Grizzly Bears dealt lethal damage dies before Alice gets priority back
      Given the game is at the beginning of Alice's upkeep
      And Bob controls Grizzly Bears
      And Bob controls Hill Giant with 2 damage
      And Alice has Lightning Bolt in hand
      And Alice has {R} in her mana pool
      When Alice casts Lightning Bolt targeting Grizzly Bears
      And both players pass priority
      Then Grizzly Bears is not on the battlefield
      And Grizzly Bears is in Bob's graveyard
      And Bob controls Hill Giant
      And Hill Giant has 2 damage
      And the stack is empty
      And Alice has priority
      And these events happen in this order:
        | event    | player | subject        |
        | resolved | Alice  | Lightning Bolt |
        | died     | Bob    | Grizzly Bears  |

  @ruling:CR24-120.6 @ruling:CR24-703.4p
  @edition:cr2008 @edition:cr2024
  Rule: Damage that isn't lethal stays marked on a creature until the cleanup step
    CR 120.6 (2025): damage marked on a creature remains until the cleanup step, where it is removed
    (CR 514.2, 703.4p); CR 314.2 (2008) says the same. So damage dealt in the upkeep is still there
    in the end step, and gone in the next turn.

    Scenario: State-based actions: Hill Giant keeps Shock's damage through the turn until the cleanup step
      Given the game is at the beginning of Alice's upkeep
      And Bob controls Hill Giant
      And Alice has Shock in hand
      And Alice has {R} in her mana pool
      When Alice casts Shock targeting Hill Giant
      And both players pass priority
      Then Hill Giant has 2 damage
      When the game advances to Alice's end step
      Then Hill Giant has 2 damage
      And Bob controls Hill Giant
      When the game advances to Bob's upkeep
      Then Hill Giant has 0 damage
      And a "damage removed" event happened for Bob about Hill Giant

  @ruling:CR24-120.6 @ruling:CR08-420.5c @ruling:CR24-117.1b
  @edition:cr2008 @edition:cr2024
  Rule: Regeneration replaces the destruction by lethal damage, and removes the damage
    CR 420.5c (2008): a creature with lethal damage is destroyed, and regeneration can replace that
    event. CR 120.6 (2025): all damage marked on a permanent is removed when it regenerates; the
    regenerated creature is tapped (CR 701.19). CR 117.1b: Alice may activate the regeneration
    ability whenever she has priority, here in answer to Bob's spell during his own turn.
    Regeneration is a replacement effect (CR 614.8; not in the 2025 excerpt): each activation makes
    a shield that replaces the next destruction of the creature this turn, and is used up by it;
    shields not used are gone as the turn's cleanup step ends the turn's effects (CR 514.2).

    Scenario: State-based actions: Drudge Skeletons regenerated in answer to Shock survives, tapped and without damage
      Given the game is at the beginning of Bob's upkeep
      And Alice controls Drudge Skeletons
      And Alice has {B} in her mana pool
      And Bob has Shock in hand
      And Bob has {R} in his mana pool
      When Bob casts Shock targeting Drudge Skeletons
      And Bob passes priority
      And Alice activates Drudge Skeletons
      Then the stack holds, from the top, Drudge Skeletons and Shock
      And Alice has priority
      When both players pass priority
      Then the stack holds, from the top, Shock
      And Bob has priority
      When both players pass priority
      Then Alice controls Drudge Skeletons
      And Drudge Skeletons is tapped
      And Drudge Skeletons has 0 damage
      And a "regenerated" event happened for Alice about Drudge Skeletons
      And no "died" event happened
      And Bob has priority

    Scenario: State-based actions: each regeneration uses up one shield, so two shields survive two Shocks and a third Shock destroys
      Given the game is at the beginning of Bob's upkeep
      And Alice controls Drudge Skeletons
      And Alice has {B}{B} in her mana pool
      And Bob has Shock, Shock and Shock in hand
      And Bob has {R}{R}{R} in his mana pool
      When Bob passes priority
      And Alice activates Drudge Skeletons
      And Alice activates Drudge Skeletons
      And both players pass priority
      And both players pass priority
      Then the stack is empty
      When Bob casts Shock targeting Drudge Skeletons
      And both players pass priority
      Then Alice controls Drudge Skeletons
      When Bob casts Shock targeting Drudge Skeletons
      And both players pass priority
      Then Alice controls Drudge Skeletons
      And Drudge Skeletons has 0 damage
      When Bob casts Shock targeting Drudge Skeletons
      And both players pass priority
      Then Drudge Skeletons is in Alice's graveyard
      And a "died" event happened for Alice about Drudge Skeletons

    Scenario: State-based actions: a regeneration shield not used this turn is gone at the cleanup step
      Given the game is at the beginning of Alice's end step
      And Alice controls Drudge Skeletons
      And Alice has {B} in her mana pool
      And Bob controls Mountain
      And Bob has Shock in hand
      When Alice activates Drudge Skeletons
      And both players pass priority
      And the game advances to Bob's upkeep
      And Bob taps Mountain for mana
      And Bob casts Shock targeting Drudge Skeletons
      And both players pass priority
      Then Drudge Skeletons is in Alice's graveyard
      And no "regenerated" event happened

  @ruling:CR24-704.5a @ruling:CR24-704.3 @ruling:CR24-117.5 @ruling:CR08-102.3 @ruling:CR08-102.3b
  @ruling:CR08-420.5a @ruling:CR08-420.3 @ruling:CR08-408.1b @pair:when-a-player-loses
  Rule: A player at 0 or less life loses at the next check, under the CR; in Mirage only as the phase ends
    CR 704.5a, 704.3 and 117.5 (2025), 102.3b, 420.3, 420.5a and 408.1b (2008): a player with 0 or
    less life loses the game the next time a player would receive priority; after a triggered
    ability resolves that is at once, before anyone may act. Mirage rulebook p. 52: life totals
    are checked only as the last part of each phase, so a player at 0 life goes on playing until
    the phase ends.

    @edition:cr2008 @edition:cr2024
    Scenario: State-based actions: Juzam Djinn's upkeep damage brings Alice to 0 life and she loses before anyone acts
      Given the game is at the beginning of Alice's upkeep
      And Alice has 1 life
      And Alice controls Juzam Djinn
      When the game starts
      Then the stack holds, from the top, Juzam Djinn
      And Alice has priority
      When both players pass priority
      Then Alice has 0 life
      And Alice has lost the game
      And Bob has won the game
      And no player has priority
      And these events happen in this order:
        | event       | player | subject     |
        | resolved    | Alice  | Juzam Djinn |
        | player lost | Alice  |             |
        | game over   | Bob    |             |

    @edition:mirage
    Scenario: State-based actions (Mirage): Juzam Djinn brings Alice to 0 life, and she loses only as the upkeep ends
      Given the game is at the beginning of Alice's upkeep
      And Alice has 1 life
      And Alice controls Juzam Djinn
      When the game starts
      Then Alice has 0 life
      And Alice has not lost the game
      And Alice has priority
      When both players pass priority
      Then Alice has lost the game
      And Bob has won the game
      And these events happen in this order:
        | event       | player | subject |
        | phase ended | Alice  | upkeep  |
        | player lost | Alice  |         |

  @ruling:CR24-704.3 @ruling:CR24-704.2 @ruling:CR08-420.3 @ruling:CR08-420.2 @ruling:CR24-104.3 @ruling:CR08-102.3 @pair:when-a-player-loses
  Rule: All state-based actions that apply are performed at once, so two players at 0 life lose together
    CR 704.3 (2025) and 420.3 (2008): the game performs every applicable state-based action
    simultaneously, as a single event; they are controlled by no player (704.2, 420.2). Two
    players at 0 or less life therefore lose at the same moment, and with nobody left the game is
    a draw. In Mirage both lose at the same life check, as the phase ends (Mirage rulebook p. 52).

    @edition:cr2008 @edition:cr2024
    Scenario: State-based actions: Alice and Bob, both at 0 life, lose together and nobody gets priority
      Given the game is at the beginning of Alice's upkeep
      And Alice has 0 life
      And Bob has 0 life
      When the game starts
      Then Alice has lost the game
      And Bob has lost the game
      And no player has priority
      And a "game over" event happened
      And no "priority passed" event happened

    @edition:mirage
    Scenario: State-based actions (Mirage): Alice and Bob, both at 0 life, play the upkeep out and lose together as it ends
      Given the game is at the beginning of Alice's upkeep
      And Alice has 0 life
      And Bob has 0 life
      When the game starts
      Then Alice has priority
      And the game is not over
      When both players pass priority
      Then Alice has lost the game
      And Bob has lost the game
      And a "game over" event happened

  @ruling:CR24-704.3 @ruling:CR08-420.3
  @edition:cr2008 @edition:cr2024
  Rule: The check is also made in the cleanup step, where nobody otherwise gets priority
    CR 704.3 (2025), 420.3 (2008): the state-based check also happens during the cleanup step; a
    player at 0 life loses there, even though no player would normally receive priority in it.

    Scenario: State-based actions: Bob at 0 life loses in Alice's cleanup step
      Given the game is at the beginning of Alice's cleanup step
      And Bob has 0 life
      When the game starts
      Then Bob has lost the game
      And Alice has won the game
      And no "turn began" event happened for Bob
      And these events happen in this order:
        | event       | player | subject |
        | step began  | Alice  | cleanup |
        | player lost | Bob    |         |

  @ruling:CR24-117.5 @ruling:CR24-704.3 @ruling:CR24-117.2a @ruling:CR08-408.1b @ruling:CR08-420.3 @ruling:CR08-408.1f
  @edition:cr2008 @edition:cr2024
  Rule: State-based actions come first, then waiting triggered abilities go on the stack, then priority
    CR 117.5 and 704.3 (2025), 408.1b and 420.3 (2008): each time a player would get priority the
    game first performs state-based actions until none apply, then puts the triggered abilities
    that are waiting on the stack (117.2a, 408.1f), then gives priority. Here Bob's Vibrating
    Sphere leaves his Savannah Lions with no toughness on Alice's turn, and Alice's Juzam Djinn
    triggers at the beginning of her upkeep: the Lions die before the trigger goes on the stack.

    Scenario: State-based actions: Savannah Lions with no toughness dies before Juzam Djinn's trigger goes on the stack
      Given it is Alice's turn
      And Bob controls Vibrating Sphere
      And Bob controls Savannah Lions
      And Alice controls Juzam Djinn
      When the game advances to Alice's upkeep
      Then Savannah Lions is in Bob's graveyard
      And the stack holds, from the top, Juzam Djinn
      And Alice has priority
      And these events happen in this order:
        | event      | player | subject        |
        | step began | Alice  | upkeep         |
        | died       | Bob    | Savannah Lions |
        | triggered  | Alice  | Juzam Djinn    |

  @ruling:CR24-704.5b @ruling:CR24-121.4 @ruling:CR08-420.5g @ruling:CR08-423.4 @ruling:CR08-420.1 @ruling:CR24-704.1
  @ruling:CR08-102.3 @ruling:CR24-104.3
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: An empty library loses only when a player tries to draw from it
    CR 704.5b and 121.4 (2025), 420.5g and 423.4 (2008): the player who attempted to draw from an
    empty library loses. Having no cards left is not itself on the list (CR 704.1, 420.1): Alice
    plays her upkeep with an empty library and loses only when her draw comes. Mirage rulebook
    p. 53 agrees that trying to draw from an empty library is what loses.

    Scenario: State-based actions: Alice plays her upkeep with an empty library and loses at her draw
      Given the game is at the beginning of Alice's upkeep
      And Alice's library is empty
      When the game starts
      Then Alice has priority
      And Alice has not lost the game
      When both players pass priority
      Then Alice has lost the game
      And Bob has won the game
      And these events happen in this order:
        | event                   | player |
        | draw from empty library | Alice  |
        | player lost             | Alice  |

  @ruling:CR24-704.5b @ruling:CR24-121.4 @ruling:CR08-420.5g @ruling:CR08-423.4 @ruling:CR08-420.4 @pair:drawing-from-an-empty-library
  Rule: Under the CR a draw from an empty library during an ability loses only after it resolves; in Mirage at once
    CR 121.4 and 704.5b (2025), 423.4, 420.5g and 420.4 (2008): the player loses the next time a
    player would receive priority; state-based actions ignore what happens while an ability
    resolves, so Phyrexian Arena's trigger finishes resolving first. Mirage rulebook p. 53: a
    player who has to draw from an empty library loses at that moment.

    @edition:cr2008 @edition:cr2024
    Scenario: State-based actions: Phyrexian Arena's draw from Alice's empty library loses once the trigger has resolved
      Given the game is at the beginning of Alice's upkeep
      And Alice's library is empty
      And Alice controls Phyrexian Arena
      When the game starts
      Then the stack holds, from the top, Phyrexian Arena
      And Alice has not lost the game
      When both players pass priority
      Then Alice has lost the game
      And Bob has won the game
      And no player has priority
      And these events happen in this order:
        | event                   | player | subject         |
        | draw from empty library | Alice  |                 |
        | resolved                | Alice  | Phyrexian Arena |
        | player lost             | Alice  |                 |

    @edition:mirage
    Scenario: State-based actions (Mirage): Phyrexian Arena's draw from Alice's empty library loses at once
      Given the game is at the beginning of Alice's upkeep
      And Alice's library is empty
      And Alice controls Phyrexian Arena
      When the game starts
      Then Alice has lost the game
      And Bob has won the game
      And no player has priority
      And these events happen in this order:
        | event                   | player |
        | draw from empty library | Alice  |
        | player lost             | Alice  |
      And no "resolved" event happened about Phyrexian Arena

  @ruling:CR24-104.3c @ruling:CR08-102.3c @ruling:CR08-420.4 @ruling:CR24-704.5b
  @edition:cr2008 @edition:cr2024
  Rule: A player told to draw more cards than are left draws them all, then loses
    CR 104.3c (2025) and 102.3c (2008): a player required to draw more cards than her library holds
    draws the remaining cards and loses the next time a player would receive priority, a
    state-based action that pays no attention to what happens during the resolution (420.4).

    Scenario: State-based actions: Divination with one card left draws it, resolves, then Alice loses
      Given the game is at the beginning of Alice's precombat main phase
      And Alice has 1 card in her library
      And Alice has Divination in hand
      And Alice has {U}{U}{U} in her mana pool
      When Alice casts Divination
      And both players pass priority
      Then Alice has drawn 1 card
      And Alice has 1 card in hand
      And Alice has 0 cards in her library
      And Alice has lost the game
      And these events happen in this order:
        | event                   | player | subject    |
        | card drawn              | Alice  |            |
        | draw from empty library | Alice  |            |
        | resolved                | Alice  | Divination |
        | player lost             | Alice  |            |

  @ruling:CR24-704.1a @ruling:CR08-420.1
  @edition:cr2008 @edition:cr2024
  Rule: An ability that watches for a game state is a triggered ability, not a state-based action
    CR 420.1 (2008), CR 704.1a (2025): an ability waiting for a game state ("when you control no other
    creatures, ...") is a triggered ability. Unlike a state-based action it doesn't just happen: it
    triggers once the state holds, goes on the stack the next time a player would receive priority,
    and players may respond to it. CR 603.8 (2025; 2008: 410.10): it doesn't trigger again while it is
    on the stack; after it has left the stack, it triggers again if the state still holds.

    Scenario: State triggers: Lone Hound's ability doesn't trigger while Alice controls another creature
      Given the game is at the beginning of Alice's precombat main phase
      And Alice controls "Lone Hound", a 2/2 creature with "When you control no other creatures, sacrifice this creature"
      And Alice controls Grizzly Bears
      Then Alice has priority
      And the stack is empty
      When both players pass priority
      Then it is Alice's beginning of combat step
      And Alice controls Lone Hound
      And the stack is empty

    Scenario: State triggers: Lone Hound's sacrifice goes on the stack when Alice's other creature dies
      Given the game is at the beginning of Alice's precombat main phase
      And Alice controls "Lone Hound", a 2/2 creature with "When you control no other creatures, sacrifice this creature"
      And Alice controls Grizzly Bears
      And Bob controls 2 Mountain
      And Bob has Lightning Bolt and Shock in hand
      When Alice passes priority
      And Bob taps Mountain for mana
      And Bob casts Lightning Bolt targeting Grizzly Bears
      And both players pass priority
      Then Grizzly Bears is in Alice's graveyard
      And Alice controls Lone Hound
      And the stack holds, from the top, Lone Hound
      And Alice has priority
      When Alice passes priority
      Then Bob has priority
      When Bob taps Mountain 2 for mana
      And Bob casts Shock targeting Alice
      Then the stack holds, from the top, Shock and Lone Hound
      When both players pass priority
      Then Alice has 18 life
      And Alice controls Lone Hound
      And the stack holds, from the top, Lone Hound
      When both players pass priority
      Then Lone Hound is in Alice's graveyard
      And a "sacrificed" event happened for Alice about Lone Hound
      And the stack is empty

    Scenario: State triggers: Last Stand triggers once at a time, and again after resolving while the state holds
      Given the game is at the beginning of Alice's precombat main phase
      And Alice has 7 life
      And Alice controls "Last Stand", an enchantment with "When you have 5 or less life, you gain 1 life"
      And Bob controls Mountain
      And Bob has Lightning Bolt in hand
      When Alice passes priority
      And Bob taps Mountain for mana
      And Bob casts Lightning Bolt targeting Alice
      And both players pass priority
      Then Alice has 4 life
      And the stack holds, from the top, Last Stand
      When both players pass priority
      Then Alice has 5 life
      And the stack holds, from the top, Last Stand
      When both players pass priority
      Then Alice has 6 life
      And the stack is empty
