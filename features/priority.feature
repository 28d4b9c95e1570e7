Feature: Priority: who may act, and what the game refuses
  A player with priority may cast spells, activate abilities and, in their main phase with an
  empty stack, play a land. Each of these has conditions; an action that doesn't meet them is
  refused and changes nothing. These scenarios hold the engine to the conditions that every
  part of the turn relies on.

  @ruling:CR24-117.1a @ruling:CR08-408.1d
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: A spell is cast from hand by a player with priority, who pays its cost
    CR 117.1a (2024) and 408.1d (2004-2008): a player with priority may cast an instant, and a
    noninstant spell in their own main phase with the stack empty. Casting means paying the
    spell's mana cost (Mirage rulebook: a spell is paid for as it is cast).

    Scenario: Priority: Alice can't cast Lightning Bolt without the mana to pay for it
      Given the game is at the beginning of Alice's upkeep
      And Alice has Lightning Bolt in hand
      When Alice tries to cast Lightning Bolt targeting Bob
      Then the game refuses it
      And Alice has Lightning Bolt in hand
      And the stack is empty
      And Alice has priority

    Scenario: Priority: with a Mountain tapped for mana, Alice casts Lightning Bolt
      Given the game is at the beginning of Alice's upkeep
      And Alice has Lightning Bolt in hand
      And Alice controls a Mountain
      When Alice taps Mountain for mana
      And Alice casts Lightning Bolt targeting Bob
      Then the stack holds, from the top, Lightning Bolt
      And Alice's mana pool is empty
      And Alice has priority

  @ruling:CR24-117.1c @ruling:CR08-408.2d
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: A land is played, never cast; only a land can be played
    CR 117.1c and 305.1 (2024), 408.2d (2004-2008): playing a land is a special action, not a
    spell; a land card can't be cast, and a card that isn't a land can't be played as one.

    Scenario: Priority: Alice can't cast a Forest, nor play Grizzly Bears as a land
      Given the game is at the beginning of Alice's main phase
      And Alice has Forest and Grizzly Bears in hand
      When Alice tries to cast Forest
      Then the game refuses it
      When Alice tries to play Grizzly Bears
      Then the game refuses it
      And Alice has 2 cards in hand
      When Alice plays Forest
      Then Alice controls Forest
      And Alice has 1 card in hand

  @ruling:CR24-702.26b
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: A spell needs its targets, and a phased-out permanent can't be one
    A spell that targets needs a legal target as it is cast. A phased-out permanent is treated as
    though it doesn't exist (CR 702.26b; in 2004-2008 it is in the phased-out zone, rule 217.8c),
    so it can't be targeted.

    Scenario: Priority: Giant Growth needs a creature to target, and not a phased-out one
      Given the game is at the beginning of Alice's upkeep
      And Alice controls a phased-out Breezekeeper
      And Alice has Giant Growth in hand
      And Alice has {G} in her mana pool
      When Alice tries to cast Giant Growth
      Then the game refuses it
      When Alice tries to cast Giant Growth targeting Breezekeeper
      Then the game refuses it
      And Alice has Giant Growth in hand
      And Alice has {G} in her mana pool

  @ruling:CR24-117.1d @ruling:CR08-408.2e
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: Only an untapped permanent of one's own with a mana ability can be tapped for mana
    CR 117.1d (2024), 408.2e (2004-2008): a player with priority may activate a mana ability of a
    permanent they control; its cost is tapping it, so a tapped permanent can't pay it again.

    Scenario: Priority: Alice can't tap a tapped Forest, Bob's Forest or Grizzly Bears for mana
      Given the game is at the beginning of Alice's upkeep
      And Alice controls a tapped Forest
      And Alice controls Grizzly Bears
      And Bob controls a Forest
      When Alice tries to tap Forest for mana
      Then the game refuses it
      When Alice tries to tap Bob's Forest for mana
      Then the game refuses it
      When Alice tries to tap Grizzly Bears for mana
      Then the game refuses it
      And Alice's mana pool is empty

  @ruling:CR24-117.1b
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: An activated ability needs its cost paid, and a permanent without one has none to activate
    CR 117.1b (2024), 408.1d (2004-2008): a player with priority may activate an activated
    ability, paying its cost. Colossus of Sardia's untap costs {9}; a Forest has only its mana
    ability.

    Scenario: Priority: Alice can't untap Colossus of Sardia without {9}, nor activate a Forest
      Given the game is at the beginning of Alice's upkeep
      And Alice controls a tapped Colossus of Sardia
      And Alice controls a Forest
      When Alice tries to activate Colossus of Sardia
      Then the game refuses it
      When Alice tries to activate Forest
      Then the game refuses it
      And Colossus of Sardia is tapped
      And the stack is empty

  @ruling:GRT-1.11-1
  @edition:mirage
  Rule: In Mirage's cleanup phase only mana sources may be used
    Mirage rulebook p. 47, WotC Rules Team 10/03/96: no spells or abilities other than mana
    sources (and specialized ones) during the cleanup phase; a land can't be played there either.

    Scenario: Priority: in Mirage Alice may tap her Forest in the cleanup phase, but not activate Colossus or play a land
      Given the game is at the beginning of Alice's cleanup phase
      And Alice controls a Forest
      And Alice controls a tapped Colossus of Sardia
      And Alice has Mountain in hand
      And Alice has {C}{C}{C}{C}{C}{C}{C}{C}{C} in her mana pool
      When Alice tries to activate Colossus of Sardia
      Then the game refuses it
      When Alice tries to play Mountain
      Then the game refuses it
      When Alice taps Forest for mana
      Then the game allows it
      And Colossus of Sardia is tapped

  @ruling:CR24-508.1a @ruling:CR08-308.2a
  @edition:cr2008 @edition:cr2024
  Rule: Only untapped creatures that have been under their controller's control since the turn began may attack
    CR 508.1a (2024), 308.2a (2004-2008): an attacking creature must be untapped, and have haste
    or have been controlled continuously by the active player since the turn began.

    Scenario: Priority: a summoning-sick or tapped creature can't attack, one with haste can
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls a summoning-sick Grizzly Bears
      And Alice controls a tapped Hill Giant
      And Alice controls a summoning-sick Raging Goblin
      When Alice tries to attack with Grizzly Bears
      Then the game refuses it
      When Alice tries to attack with Hill Giant
      Then the game refuses it
      When Alice attacks with Raging Goblin
      Then Raging Goblin is attacking
      And Grizzly Bears is not attacking

  @ruling:GRT-1.9-6
  @edition:mirage
  Rule: In Mirage, an attack is made with creatures that may attack
    Mirage rulebook p. 47: the active player may declare one attack in their main phase; a
    creature that came under their control this turn can't attack, and an attack needs at least
    one creature to attack with.

    Scenario: Priority: in Mirage Alice's attack with nothing or with a summoning-sick creature is refused
      Given the game is at the beginning of Alice's main phase
      And Alice controls a summoning-sick Grizzly Bears
      And Alice controls Hill Giant
      When Alice tries to attack with nothing
      Then the game refuses it
      When Alice tries to attack with Grizzly Bears
      Then the game refuses it
      When Alice attacks with Hill Giant
      And Bob declares no blockers
      Then Bob has 17 life

  @ruling:CR24-509.1a @ruling:CR08-309.2a
  @edition:cr2008 @edition:cr2024
  Rule: A blocker blocks an attacking creature
    CR 509.1a (2024), 309.2a (2004-2008): each blocking creature is assigned an attacking creature
    to block; a creature that isn't attacking can't be blocked.

    Scenario: Priority: Bob can't block a creature that isn't attacking
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Alice controls Savannah Lions
      And Bob controls Hill Giant
      When Alice attacks with Savannah Lions
      And the game advances to Alice's declare blockers step
      And Bob tries to block Grizzly Bears with Hill Giant
      Then the game refuses it
      When Bob blocks Savannah Lions with Hill Giant
      Then the game waits for Alice to act

  @ruling:CR24-502.3 @ruling:CR08-302.2
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: What to untap is chosen only among the permanents a choice is offered for
    CR 502.3 (2024), 302.2 (2004-2008): the active player determines which of their permanents
    untap; under Winter Orb the choice is among the tapped lands. A permanent that untaps anyway
    is not part of the choice.

    Scenario: Priority: under Winter Orb Alice can't choose to untap her Grizzly Bears instead of a land
      Given it is Alice's turn
      And Bob controls Winter Orb
      And Alice controls 2 tapped Forest
      And Alice controls a tapped Grizzly Bears
      When the game advances to Alice's untap
      Then the game waits for Alice to choose what to untap
      When Alice tries to choose to untap Grizzly Bears
      Then the game refuses it
      When Alice chooses to untap Forest 2
      And the game advances to Alice's upkeep
      Then Grizzly Bears is untapped
      And Forest 2 is untapped
      And Forest is tapped

  @ruling:CR24-104.3 @ruling:CR24-704.5a @ruling:CR08-420.5a
  @edition:cr2008 @edition:cr2024
  Rule: Once the game is over, nobody acts
    CR 104.3 and 704.5a (2024), 420.5a (2004-2008): a player at 0 or less life loses as state-based
    actions are checked; when one player is left, the game is over and no one has priority.

    Scenario: Priority: after Bob loses to Lightning Bolt, no one may act
      Given the game is at the beginning of Alice's upkeep
      And Bob has 3 life
      And Alice has Lightning Bolt in hand
      And Alice has {R} in her mana pool
      When Alice casts Lightning Bolt targeting Bob
      And both players pass priority
      Then Bob has lost the game
      And Alice has won the game
      And no player has priority
      When Alice tries to pass priority
      Then the game refuses it

  @ruling:CR24-117.1 @ruling:CR24-117.3c @ruling:CR24-117.3d @ruling:CR08-408.1 @ruling:CR08-408.1c @ruling:CR08-408.1e
  @edition:cr2008 @edition:cr2024
  Rule: Only the player with priority acts; casting keeps priority, passing hands it to the next player
    CR 117.1 (2025), 408.1c (2008): which player may act is settled by priority. A player who casts
    a spell receives priority again afterwards (117.3c); a player who passes hands priority to the
    next player in turn order (117.3d). CR 408.1e (2008): a spell that is cast goes on top of the
    stack.

    Scenario: Priority: Bob can't cast Shock while Alice has priority, and may once she passes
      Given the game is at the beginning of Alice's upkeep
      And Alice has Lightning Bolt in hand
      And Alice has {R} in her mana pool
      And Bob has Shock in hand
      And Bob has {R} in his mana pool
      When Bob tries to cast Shock targeting Alice
      Then the game refuses it
      And Bob has Shock in hand
      When Alice casts Lightning Bolt targeting Bob
      Then Alice has priority
      And the stack holds, from the top, Lightning Bolt
      When Alice passes priority
      Then Bob has priority
      When Bob casts Shock targeting Alice
      Then Bob has priority
      And the stack holds, from the top, Shock and Lightning Bolt

  @ruling:CR24-106.4a @ruling:CR24-106.4b @ruling:CR24-117.3d
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: Mana left after paying a cost stays in the pool, also while its owner passes priority
    CR 106.4a and 106.4b (2025): mana left in a pool after a cost is paid stays there, and a player
    who passes priority with mana in her pool says what is there (117.3d). The announcement is
    table talk, not a game event, so it can't be observed as such; what can be observed is what it
    would report: the mana is still in the pool after the payment and after the pass, until the
    step or phase ends. The Mirage rules and those of 2008 also kept unspent mana until the end of
    the phase.

    Scenario: Priority: Alice's {G} left over from casting Lightning Bolt stays in her pool while she passes
      Given the game is at the beginning of Alice's upkeep
      And Alice has Lightning Bolt in hand
      And Alice has {R}{G} in her mana pool
      When Alice casts Lightning Bolt targeting Bob
      Then Alice has {G} in her mana pool
      When Alice passes priority
      Then Bob has priority
      And Alice has {G} in her mana pool

  @ruling:CR24-117.3 @ruling:CR24-117.3b @ruling:CR24-117.4 @ruling:CR08-408.1c
  @edition:cr2008 @edition:cr2024
  Rule: The top of the stack resolves only when all players pass in succession, and then the active player gets priority
    CR 117.4 (2025), 408.1c (2008): if all players pass without anyone acting in between, the top
    spell resolves, or, if the stack is empty, the step ends. A pass followed by another player's
    spell doesn't count towards that. CR 117.3b: after a spell resolves the active player receives
    priority, whoever cast it.

    Scenario: Priority: a pass followed by Bob's Shock doesn't count, and Alice gets priority after each resolution
      Given the game is at the beginning of Alice's upkeep
      And Alice has Lightning Bolt in hand
      And Alice has {R} in her mana pool
      And Bob has Shock in hand
      And Bob has {R} in his mana pool
      When Alice casts Lightning Bolt targeting Bob
      And Alice passes priority
      And Bob casts Shock targeting Alice
      And Bob passes priority
      Then Alice has priority
      And the stack holds, from the top, Shock and Lightning Bolt
      And Alice has 20 life
      When Alice passes priority
      Then Alice has 18 life
      And the stack holds, from the top, Lightning Bolt
      And Alice has priority
      When both players pass priority
      Then Bob has 17 life
      And the stack is empty
      And it is Alice's upkeep
      And Alice has priority
      When both players pass priority
      Then it is Alice's draw step
      And Alice has priority

  @ruling:CR24-117.4 @ruling:CR24-117.3c @ruling:CR08-408.1c
  @edition:cr2008 @edition:cr2024
  Rule: A mana ability activated between two passes breaks their succession
    CR 117.4 (2025), 408.1c (2008): players pass in succession when they pass without taking any
    action in between; CR 117.3c: a player who activates an ability, a mana ability too, receives
    priority again. So after Bob's pass, Alice's tapping a Forest for mana and passing doesn't end
    the step: Bob gets priority again. Found by turncheck explore on phase.rs, which ends the step.

    Scenario: Priority: Bob passes, Alice taps a Forest for mana and passes, and Bob gets priority again
      Given the game is at the beginning of Bob's upkeep
      And Alice controls Forest
      When Bob passes priority
      And Alice taps Forest for mana
      And Alice passes priority
      Then it is Bob's upkeep
      And Bob has priority

  @ruling:CR24-117.7
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: A spell cast in response to another resolves first
    CR 117.7 (2025): a spell cast while another is on the stack is cast in response to it and
    resolves first. Bob's Shock would destroy Grizzly Bears, but Alice's Giant Growth, cast in
    response, resolves first, so the Bears survive the Shock. The stack of the Mirage rules and of
    2008 resolved last in, first out as well.

    Scenario: Priority: Giant Growth cast in response to Shock resolves first and saves Grizzly Bears
      Given the game is at the beginning of Alice's upkeep
      And Alice controls Grizzly Bears
      And Alice has Giant Growth in hand
      And Alice has {G} in her mana pool
      And Bob has Shock in hand
      And Bob has {R} in his mana pool
      When Alice passes priority
      And Bob casts Shock targeting Grizzly Bears
      And Bob passes priority
      And Alice casts Giant Growth targeting Grizzly Bears
      Then the stack holds, from the top, Giant Growth and Shock
      When both players pass priority
      Then Grizzly Bears is 5/5
      And the stack holds, from the top, Shock
      When both players pass priority
      Then Grizzly Bears has 2 damage
      And Alice controls Grizzly Bears
      And the stack is empty

    Scenario: Priority: Lightning Bolt cast in response to Drudge Skeletons' regeneration resolves first, so the shield comes too late
      Given the game is at the beginning of Alice's upkeep
      And Alice controls Drudge Skeletons
      And Alice has {B} in her mana pool
      And Bob has Lightning Bolt in hand
      And Bob has {R} in his mana pool
      When Alice activates Drudge Skeletons
      And Alice passes priority
      And Bob casts Lightning Bolt targeting Drudge Skeletons
      Then the stack holds, from the top, Lightning Bolt and Drudge Skeletons
      When both players pass priority
      Then Drudge Skeletons is in Alice's graveyard
      And the stack holds, from the top, Drudge Skeletons
      When both players pass priority
      Then the stack is empty
      And Drudge Skeletons is in Alice's graveyard
      And no "regenerated" event happened

  @ruling:CR24-117.1a @ruling:CR08-408.1a @ruling:CR08-408.1d
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: A sorcery waits for an empty stack in its caster's main phase
    CR 408.1a (2008): spells can be played only at certain times; CR 408.1d (2008) and 117.1a
    (2025): a noninstant spell only in its caster's main phase, while she has priority and the stack
    is empty. Mirage rulebook p. 47: sorceries only in one's own main phase, never in response.

    Scenario: Priority: Alice can't cast Divination above her own Lightning Bolt, but can once it has resolved
      Given the game is at the beginning of Alice's main phase
      And Alice has Lightning Bolt and Divination in hand
      And Alice has {R}{U}{U}{U} in her mana pool
      When Alice casts Lightning Bolt targeting Bob
      And Alice tries to cast Divination
      Then the game refuses it
      And Alice has Divination in hand
      When both players pass priority
      Then Bob has 17 life
      When Alice casts Divination
      Then the stack holds, from the top, Divination
      And Alice's mana pool is empty

  @ruling:CR24-117.1c @ruling:CR24-117.3c @ruling:CR08-408.1i @ruling:CR08-408.2 @ruling:CR08-408.2d @ruling:CR08-408.2e
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: Playing a land and using a mana ability don't use the stack, and the player keeps priority
    CR 408.1i and 408.2d (2008), 117.1c (2025): playing a land is a special action that doesn't use
    the stack, and the player who took it gets priority afterwards (117.3c). CR 408.2e (2008): a
    mana ability resolves at once, and its player keeps priority. Nobody is given a chance to
    respond to either. General Rulings, Main phase (Duelist #5): in Mirage too playing a land can't
    be responded to.

    Scenario: Priority: Alice plays a Forest and taps it for mana with nothing going on the stack, keeping priority
      Given the game is at the beginning of Alice's main phase
      And Alice has Forest in hand
      When Alice plays Forest
      Then Alice controls Forest
      And the stack is empty
      And Alice has priority
      When Alice taps Forest for mana
      Then Alice has {G} in her mana pool
      And the stack is empty
      And Alice has priority
      And no "priority passed" event happened

  @ruling:CR24-117.1d @ruling:CR24-117.2e
  @edition:cr2008 @edition:cr2024
  Rule: Nobody has priority while an ability resolves, but a player asked to pay mana may use mana abilities
    CR 117.2e (2025): a resolving spell or ability may make players choose or act, and may let them
    activate mana abilities, but no player has priority while it resolves. CR 117.1d: mana
    abilities may be activated whenever an effect asks for a mana payment. Nicol Bolas's upkeep
    trigger asks Alice to pay {U}{B}{R}; meanwhile Bob can't cast Lightning Bolt, and Alice taps
    her lands to pay.

    Scenario: Priority: while Nicol Bolas's trigger asks for payment nobody has priority, and Alice taps lands to pay
      Given the game is at the beginning of Alice's upkeep
      And Alice controls Nicol Bolas
      And Alice controls an Island
      And Alice controls a Swamp
      And Alice controls a Mountain
      And Bob has Lightning Bolt in hand
      And Bob has {R} in his mana pool
      When both players pass priority
      Then the game waits for Alice to pay the upkeep cost
      And no player has priority
      When Bob tries to cast Lightning Bolt targeting Alice
      Then the game refuses it
      When Alice taps Island for mana
      And Alice taps Swamp for mana
      And Alice taps Mountain for mana
      And Alice pays the upkeep cost
      Then Alice controls Nicol Bolas
      And Alice's mana pool is empty
      And the stack is empty
      And Alice has priority
      And these events happen in this order:
        | event    | player | subject     | paid |
        | resolved | Alice  | Nicol Bolas | yes  |

  @ruling:CR24-117.2 @ruling:CR24-117.2a @ruling:CR08-408.1f @ruling:CR08-410.1 @ruling:CR08-410.2
  @edition:cr2008 @edition:cr2024
  Rule: A triggered ability needs no priority: it triggers on its own and is put on the stack by its controller
    CR 117.2 and 117.2a (2025), 408.1f (2008): triggered abilities are not cast; they trigger
    whenever their event happens and go on the stack the next time a player would receive priority.
    CR 410.1 (2008): they trigger even when their controller couldn't play a spell; CR 410.2: the
    ability is controlled by the player who controlled its source. Alice's ability triggers at the
    beginning of Bob's upkeep, in which she can't cast Divination, and it is hers.

    Scenario: Priority: Alice's ability triggers in Bob's upkeep, where she can't cast a sorcery, and she gains the life
      Given the game is at the beginning of Bob's upkeep
      And Alice controls "Alice's Totem", an artifact with "At the beginning of each player's upkeep, you gain 1 life"
      And Alice has Divination in hand
      And Alice has {U}{U}{U} in her mana pool
      When the game starts
      Then the stack holds, from the top, Alice's Totem
      And Bob has priority
      And a "triggered" event happened for Alice about Alice's Totem
      When Bob passes priority
      And Alice tries to cast Divination
      Then the game refuses it
      When Alice passes priority
      Then Alice has 21 life
      And Bob has 20 life
      And the stack is empty
      And Bob has priority

  @ruling:CR08-408.2a @ruling:CR08-410.2
  @edition:cr2008 @edition:cr2024
  Rule: An effect doesn't go on the stack, but a delayed triggered ability it sets up does, when it triggers
    CR 408.2a (2008): effects are the result of resolving spells and abilities and don't go on the
    stack, but they may create delayed triggered abilities, which go on the stack when they trigger.
    CR 410.2: a delayed triggered ability is controlled by the player who controlled what created
    it. (CR 603.7 says the same today.)

    Scenario: Priority: Alice's upkeep trigger sets up a delayed ability that goes on the stack in her end step
      Given the game is at the beginning of Alice's upkeep
      And Alice controls "Hourglass of Plenty", an artifact with "At the beginning of your upkeep, Alice gains 2 life at the next end of turn"
      When the game starts
      Then the stack holds, from the top, Hourglass of Plenty
      When both players pass priority
      Then the stack is empty
      And Alice has 20 life
      When from now on
      And the game advances to Alice's end step
      Then a "triggered" event happened for Alice
      And Alice has 20 life
      And Alice has priority
      When both players pass priority
      Then Alice has 22 life
      And the stack is empty

  @ruling:CR24-117.2b @ruling:CR08-408.1h @ruling:CR08-408.2b @ruling:CR08-420.5b
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: A static ability applies continuously, with no stack and no priority
    CR 117.2b (2025), 408.1h and 408.2b (2008): static abilities aren't played and don't go on the
    stack; they continuously affect the game. Vibrating Sphere gives Alice's creatures +2/+0 during
    her turn and -0/-2 during other turns, without anything triggering; on Bob's turn her Savannah
    Lions has no toughness left and is put into her graveyard (CR 420.5b, 2008).

    Scenario: Priority: Vibrating Sphere changes Alice's creatures turn by turn without using the stack
      Given it is Alice's turn
      And Alice controls Vibrating Sphere
      And Alice controls Hill Giant
      And Alice controls Savannah Lions
      When the game advances to Alice's upkeep
      Then Hill Giant is 5/3
      And Savannah Lions is 4/1
      And the stack is empty
      And no "triggered" event happened
      When the game advances to Bob's upkeep
      Then Hill Giant is 3/1
      And Savannah Lions is in Alice's graveyard
      And the stack is empty
      And no "triggered" event happened
