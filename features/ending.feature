Feature: The end of the turn
  How a turn ends: Mirage's discard and cleanup phases (Mirage rulebook pp. 46-48, General
  Rulings on turn order, sections 1.10 and 1.11), and the end step and cleanup step of the
  Comprehensive Rules where the same behaviour holds or where they differ.

  @ruling:GRT-1.10-1 @edition:mirage
  Rule: In the discard phase any player may use fast effects; it is the turn's last chance for instants
    Mirage rulebook p. 46: fast effects (instants and the like) are legal in the discard phase for
    both players. The cleanup phase that follows allows only mana sources, so the discard phase is
    the last phase of the turn in which instants can be cast (see the cleanup rules below).

    Scenario: Discard phase - both players may cast instants
      Given the game is at the beginning of Alice's discard phase
      And Alice controls Grizzly Bears
      And Alice has Giant Growth in hand
      And Alice has {G} in her mana pool
      And Bob has Shock in hand
      And Bob has {R} in his mana pool
      When Alice casts Giant Growth targeting Grizzly Bears
      And both players pass priority
      And Alice passes priority
      And Bob casts Shock targeting Grizzly Bears
      And both players pass priority
      Then Grizzly Bears is 5/5
      And Grizzly Bears has 2 damage
      And it is Alice's discard phase
      And Alice has priority

    Scenario: Discard phase - instants cast in it, refused in the cleanup phase that follows
      Given the game is at the beginning of Alice's discard phase
      And Alice controls Grizzly Bears
      And Bob controls Mountain
      And Bob has Shock and Lightning Bolt in hand
      And Bob has {R} in his mana pool
      When Alice passes priority
      And Bob casts Shock targeting Grizzly Bears
      And both players pass priority
      Then Grizzly Bears is in Alice's graveyard
      When the game advances to Alice's cleanup phase
      And Alice passes priority
      And Bob taps Mountain for mana
      And Bob tries to cast Lightning Bolt targeting Alice
      Then the game refuses it
      And Bob has Lightning Bolt in hand
      And Bob has {R} in his mana pool
      And Alice has 20 life

  @ruling:GRT-1.10-4 @ruling:GRT-1.10-5 @edition:mirage @pair:discarding-to-hand-size
  Rule: The active player discards down to seven cards once, as the discard phase ends
    Mirage: discarding to seven is a mandatory phase effect done at the end of the discard phase
    (General Rulings, Turn Order: Discard), after the players have passed in its main body. It
    happens only once: cards that reach the hand afterwards, e.g. from an "at end of turn" draw
    at the end of the cleanup phase, are kept (Aahz 09/19/96).

    Scenario: Discard phase - the hand is reduced to seven only as the phase ends
      Given the game is at the beginning of Alice's discard phase
      And Alice has 7 cards in hand
      And Alice has Grizzly Bears and Hill Giant in hand
      When the game starts
      Then Alice has priority
      And Alice has 9 cards in hand
      When both players pass priority
      Then the game waits for Alice to discard
      And it is Alice's discard phase
      When Alice tries to discard Grizzly Bears
      Then the game refuses it
      When Alice discards Grizzly Bears and Hill Giant
      Then Alice has 7 cards in hand
      And Grizzly Bears is in Alice's graveyard
      And Hill Giant is in Alice's graveyard
      And these events happen in this order:
        | event           | player | subject       |
        | priority passed | Bob    |               |
        | discarded       | Alice  | Grizzly Bears |
        | discarded       | Alice  | Hill Giant    |
        | phase began     | Alice  | cleanup       |

    Scenario: Discard phase - a card drawn at end of turn is kept
      Given the game is at the beginning of Alice's discard phase
      And Alice has 8 cards in hand
      And Alice controls "Dream Totem", an artifact with "At end of turn, you draw a card"
      When the game advances to Alice's cleanup phase
      Then Alice has 7 cards in hand
      When from now on
      And the game advances to Bob's turn
      Then Alice has 8 cards in hand
      And Alice has drawn 1 card
      And no "discarded" event happened
      And these events happen in this order:
        | event        | player | subject |
        | card drawn   | Alice  |         |
        | phase ended  | Alice  | cleanup |
        | turn began   | Bob    |         |

  @ruling:CR08-313.1 @ruling:CR08-314.1 @ruling:CR24-514.1 @edition:cr2008 @edition:cr2024 @pair:discarding-to-hand-size
  Rule: Under the Comprehensive Rules the discard comes after the end step, in the cleanup step
    CR 313.1 and 314.1 (2008), CR 513 and 514.1 (2024): "at end of turn" abilities trigger as the
    end step begins, and the active player discards to the maximum hand size at the start of the
    cleanup step that follows, so a card drawn at end of turn counts towards the discard, unlike
    in Mirage.

    Scenario: Cleanup step - a card drawn at end of turn counts towards the discard
      Given the game is at the beginning of Alice's end step
      And Alice has 8 cards in hand
      And Alice controls "Dream Totem", an artifact with "At end of turn, you draw a card"
      When the game advances to Bob's turn
      Then Alice has 7 cards in hand
      And Alice has drawn 1 card
      And these events happen in this order:
        | event      | player | subject |
        | card drawn | Alice  |         |
        | step began | Alice  | cleanup |
        | discarded  | Alice  |         |
        | discarded  | Alice  |         |
        | turn began | Bob    |         |

  @ruling:CR24-514.1 @ruling:CR08-314.1 @ruling:GRT-1.10-4
  Rule: The discard is down to the player's maximum hand size, normally seven; with none, nobody discards
    CR 514.1 (2024) and 314.1 (2004-2008): the active player discards down to their maximum hand
    size, "normally seven"; Mirage: down to seven. An effect can change it: a player with no
    maximum hand size (Spellbook; in the Mirage era Library of Leng) keeps every card.

    @edition:cr2008 @edition:cr2024
    Scenario: Cleanup - with Spellbook, Alice keeps a hand of nine
      Given the game is at the beginning of Alice's end step
      And Alice controls Spellbook
      And Alice has 9 cards in hand
      When the game advances to Bob's turn
      Then Alice has 9 cards in hand
      And no "discarded" event happened

    @edition:mirage
    Scenario: Discard phase - with Spellbook, Alice keeps a hand of nine
      Given the game is at the beginning of Alice's discard phase
      And Alice controls Spellbook
      And Alice has 9 cards in hand
      When the game advances to Bob's turn
      Then Alice has 9 cards in hand
      And no "discarded" event happened

  @ruling:GRT-1.10-6 @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: Nobody discards just because they want to
    A player discards only when their hand is over seven cards at the end of the discard phase, or
    when an effect says so (General Rulings, Turn Order: Discard). The Comprehensive Rules agree:
    the cleanup discard happens only if the hand exceeds the maximum hand size (CR 314.1 (2008),
    CR 514.1 (2024)), and no rule lets a player discard at will. Only the active player's hand is
    checked.

    Scenario: Discard - a hand of seven is kept, and a player cannot discard at will
      Given the game is at the beginning of Alice's main phase
      And Alice has 6 cards in hand
      And Alice has Grizzly Bears in hand
      And Bob has 9 cards in hand
      When Alice tries to discard Grizzly Bears
      Then the game refuses it
      When the game advances to Bob's turn
      Then Alice has 7 cards in hand
      And Alice has Grizzly Bears in hand
      And Bob has 9 cards in hand
      And no "discarded" event happened

  @ruling:GRT-1.11-1 @ruling:GRT-1.11-8 @edition:mirage @pair:priority-in-the-cleanup
  Rule: In the cleanup phase only mana sources may be used
    Mirage rulebook p. 47: nobody may cast instants during the cleanup phase; mana sources remain
    legal (WotC Rules Team 10/03/96). Interrupts to specialized effects and damage-prevention
    effects stay legal (D'Angelo 11/06/96), but this suite's card pool has neither, so only the
    mana source and the refusal are shown. A creature whose toughness is 0 or less in the cleanup
    phase dies and cannot survive into the next turn (General Rulings, Turn Order: Cleanup): here
    Bob's Savannah Lions is 2/-1 under his own Vibrating Sphere during Alice's turn, and would have
    been 2/1 again in Bob's turn.

    Scenario: Cleanup phase - instants are refused, mana sources allowed
      Given the game is at the beginning of Alice's cleanup phase
      And Alice controls Grizzly Bears
      And Alice controls Forest
      And Alice has Giant Growth in hand
      And Alice has {G} in her mana pool
      And Bob has Shock in hand
      And Bob has {R} in his mana pool
      When the game starts
      Then Alice has priority
      When Alice tries to cast Giant Growth targeting Grizzly Bears
      Then the game refuses it
      When Alice taps Forest for mana
      Then the game allows it
      And Alice has {G}{G} in her mana pool
      When Alice passes priority
      And Bob tries to cast Shock targeting Grizzly Bears
      Then the game refuses it
      When Bob passes priority
      Then it is Bob's turn
      And Grizzly Bears is 2/2
      And Alice has Giant Growth in hand
      And Bob has Shock in hand
      And Alice has 18 life
      And Bob has 19 life

    Scenario: Cleanup phase - a creature with no toughness left dies, and instants stay forbidden
      Given the game is at the beginning of Alice's cleanup phase
      And Bob controls Vibrating Sphere
      And Bob controls Savannah Lions
      And Alice controls Grizzly Bears
      And Alice has Giant Growth in hand
      And Alice has {G} in her mana pool
      When the game starts
      Then Savannah Lions is in Bob's graveyard
      And Alice has priority
      And it is Alice's cleanup phase
      When Alice tries to cast Giant Growth targeting Grizzly Bears
      Then the game refuses it
      When the game advances to Bob's turn
      Then Savannah Lions is not on the battlefield
      And a "died" event happened about Savannah Lions

  @ruling:CR08-314.3 @ruling:CR24-514.3 @ruling:CR24-514.3a @ruling:CR08-420.5b
  @edition:cr2008 @edition:cr2024 @pair:priority-in-the-cleanup
  Rule: Under the Comprehensive Rules the cleanup step normally gives no priority, unless something must happen
    CR 314.3 (2008), CR 514.3 and 514.3a (2024): nobody receives priority in the cleanup step,
    unless state-based actions were performed or abilities triggered; then players receive
    priority and may cast instants, and another cleanup step follows, which ends the new
    "until end of turn" effects. Mirage instead forbids instants in cleanup altogether.

    Scenario: Cleanup step - nobody receives priority
      Given the game is at the beginning of Alice's cleanup step
      And Alice controls Grizzly Bears
      And Alice has Giant Growth in hand
      When the game starts
      Then it is Bob's upkeep
      And Bob has priority
      And no "priority passed" event happened
      And Alice has Giant Growth in hand

    Scenario: Cleanup step - a creature dying there opens a priority window for instants
      Given the game is at the beginning of Alice's cleanup step
      And Bob controls Vibrating Sphere
      And Bob controls Savannah Lions
      And Alice controls Grizzly Bears
      And Alice has Giant Growth in hand
      And Alice has {G} in her mana pool
      When the game starts
      Then Savannah Lions is in Bob's graveyard
      And it is Alice's cleanup step
      And Alice has priority
      When Alice casts Giant Growth targeting Grizzly Bears
      And both players pass priority
      Then Grizzly Bears is 5/5
      When both players pass priority
      Then it is Bob's upkeep
      And Grizzly Bears is 2/2
      And these events happen in this order:
        | event        | player | subject       |
        | step began   | Alice  | cleanup       |
        | died         | Bob    | Savannah Lions |
        | resolved     | Alice  | Giant Growth  |
        | step began   | Alice  | cleanup       |
        | effect ended |        | Grizzly Bears |
        | turn began   | Bob    |               |

  @ruling:GRT-1.11-4 @ruling:CR08-314.2 @ruling:CR24-514.2 @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: In cleanup, damage wears off and "until end of turn" effects end at the same time
    Mirage rulebook p. 47: all damage and all "until end of turn" effects end together in the
    cleanup phase, as a mandatory phase effect. CR 314.2 (2008) and CR 514.2 (2024) say the same
    of the cleanup step. Because it is simultaneous, a creature kept alive by a toughness boost
    survives the boost's end: its damage is gone at the same moment.

    Scenario: Cleanup - damage and "until end of turn" effects end together
      Given the game is at the beginning of Alice's main phase
      And Alice controls Grizzly Bears
      And Bob controls Hill Giant with 2 damage
      And Alice has Giant Growth and Lightning Bolt in hand
      And Alice has {G}{R} in her mana pool
      When Alice casts Giant Growth targeting Grizzly Bears
      And both players pass priority
      And Alice casts Lightning Bolt targeting Grizzly Bears
      And both players pass priority
      Then Grizzly Bears is 5/5
      And Grizzly Bears has 3 damage
      When the game advances to Bob's turn
      Then Grizzly Bears is 2/2
      And Grizzly Bears has 0 damage
      And Alice controls Grizzly Bears
      And Hill Giant has 0 damage
      And no "died" event happened
      And a "damage removed" event happened about Grizzly Bears
      And a "damage removed" event happened about Hill Giant
      And an "effect ended" event happened about Grizzly Bears

  @ruling:GRT-1.11-5 @ruling:GRT-1.11-7 @edition:mirage @pair:end-of-turn-effects
  Rule: "At end of turn" effects come at the end of the cleanup phase, the active player's first
    Mirage rulebook p. 47: "at end of turn" effects are dealt with at the end of the cleanup phase,
    by the normal end-of-phase rules: the active player's effects first, then the opponent's,
    without a priority window. WotC Rules Team 10/03/96: a new "at end of turn" effect for the
    active player created while that player's effects are being processed is dealt with before the
    opponent's; one created for the active player once the opponent's effects have started is
    ignored. An "at end of turn" ability of a permanent acts at the end of every turn, not only its
    controller's (compare the old "at the end of any turn" and CR 513.1a), so Bob's effects are
    processed at the end of Alice's turn too; "at the next end of turn" means the end of the
    current turn while its end-of-turn effects are still being processed.

    Scenario: Cleanup phase - end of turn effects come last, the active player's before the opponent's
      Given the game is at the beginning of Alice's cleanup phase
      And Alice controls "Alice's Hourglass", an artifact with "At end of turn, you gain 1 life"
      And Bob controls "Bob's Hourglass", an artifact with "At end of turn, you gain 2 life"
      When the game advances to Bob's turn
      Then Alice has 21 life
      And Bob has 22 life
      And these events happen in this order:
        | event           | player | amount |
        | priority passed | Bob    |        |
        | life changed    | Alice  | 1      |
        | life changed    | Bob    | 2      |
        | phase ended     | Alice  |        |
        | turn began      | Bob    |        |

    Scenario: Cleanup phase - a new end of turn effect for the active player joins her own
      Given the game is at the beginning of Alice's cleanup phase
      And Alice controls "Alice's Hourglass", an artifact with "At end of turn, Alice gains 1 life at the next end of turn"
      And Bob controls "Bob's Hourglass", an artifact with "At end of turn, you gain 2 life"
      When the game advances to Bob's turn
      Then Alice has 21 life
      And Bob has 22 life
      And no "trigger ignored" event happened
      And these events happen in this order:
        | event        | player | amount |
        | life changed | Alice  | 1      |
        | life changed | Bob    | 2      |
        | turn began   | Bob    |        |

    Scenario: Cleanup phase - a new end of turn effect for the active player is ignored once the opponent's have started
      Given the game is at the beginning of Alice's cleanup phase
      And Bob controls "Bob's Hourglass", an artifact with "At end of turn, Alice gains 1 life at the next end of turn"
      When the game advances to Bob's turn
      Then Alice has 20 life
      And a "trigger ignored" event happened for Alice

  @ruling:CR08-313.1 @ruling:CR08-313.2 @ruling:CR24-513.1a @ruling:CR24-513.2 @edition:cr2008 @edition:cr2024 @pair:end-of-turn-effects
  Rule: Under the Comprehensive Rules "at end of turn" abilities trigger as the end step begins, and new ones wait a turn
    CR 313.1 (2008) and CR 513.1a (2024): "at end of turn" abilities trigger as the end step begins
    and go on the stack, the active player's first, so the opponent's resolve first (APNAP order),
    the opposite of Mirage. CR 313.2 (2008) and 513.2 (2024): a new one created during the end step
    waits for the next turn's end step, here Bob's. "At end of turn" abilities are read as the
    2024 Oracle text reads them, "at the beginning of the end step", of every turn (CR 513.1a), and
    "at the next end of turn" as the next end step, whoever's turn it is.

    Scenario: End step - end of turn abilities go on the stack, so the opponent's resolves first
      Given the game is at the beginning of Alice's end step
      And Alice controls "Alice's Hourglass", an artifact with "At end of turn, you gain 1 life"
      And Bob controls "Bob's Hourglass", an artifact with "At end of turn, you gain 2 life"
      When the game starts
      Then the stack holds, from the top, Bob's Hourglass and Alice's Hourglass
      When the game advances to Bob's turn
      Then Alice has 21 life
      And Bob has 22 life
      And these events happen in this order:
        | event        | player | amount |
        | life changed | Bob    | 2      |
        | life changed | Alice  | 1      |
        | step began   | Alice  |        |
        | turn began   | Bob    |        |

    Scenario: End step - a new end of turn ability created during the end step waits for the next end step
      Given the game is at the beginning of Alice's end step
      And Alice controls "Alice's Hourglass", an artifact with "At end of turn, Alice gains 1 life at the next end of turn"
      When the game advances to Bob's turn
      Then Alice has 20 life
      And no "life changed" event happened for Alice
      When the game advances to Alice's next turn
      Then Alice has 21 life

  @ruling:GRT-1.11-6 @ruling:GRT-1.11-9 @edition:mirage
  Rule: An effect that begins in the cleanup phase ends there at once, and damage that doesn't kill is removed at once
    Mirage rulebook p. 48: an "until end of turn" effect started during the cleanup phase starts and
    immediately ends. Fifth Edition rulebook p. 54: damage dealt during the cleanup phase that does
    not destroy the creature is removed at once. The "at end of turn" effects processed at the end
    of the cleanup phase come after the cleanup's own end of damage and effects, so they show both.

    Scenario: Cleanup phase - damage from an end of turn effect that doesn't kill is removed at once
      Given the game is at the beginning of Alice's cleanup phase
      And Alice controls Hill Giant
      And Alice controls "Alice's Pyre", an artifact with "At end of turn, this deals 2 damage to Hill Giant"
      When the game advances to Bob's turn
      Then Hill Giant has 0 damage
      And Alice controls Hill Giant
      And these events happen in this order:
        | event          | player | subject    | amount |
        | damage dealt   | Alice  | Hill Giant | 2      |
        | damage removed | Alice  | Hill Giant | 2      |
        | phase ended    | Alice  | cleanup    |        |
        | turn began     | Bob    |            |        |

    Scenario: Cleanup phase - damage from an end of turn effect that is enough still destroys the creature
      Given the game is at the beginning of Alice's cleanup phase
      And Alice controls Hill Giant
      And Alice controls "Alice's Pyre", an artifact with "At end of turn, this deals 3 damage to Hill Giant"
      When the game advances to Bob's turn
      Then Hill Giant is not on the battlefield
      And Hill Giant is in Alice's graveyard

    Scenario: Cleanup phase - an until end of turn effect begun by an end of turn effect starts and ends at once
      Given the game is at the beginning of Alice's cleanup phase
      And Alice controls Grizzly Bears
      And Alice controls "Alice's Banner", an artifact with "At end of turn, Grizzly Bears gets +2/+2 until end of turn"
      When the game advances to Bob's turn
      Then Grizzly Bears is 2/2
      And these events happen in this order:
        | event          | player | subject       |
        | effect started |        | Grizzly Bears |
        | effect ended   |        | Grizzly Bears |
        | phase ended    | Alice  | cleanup       |
        | turn began     | Bob    |               |

    Scenario: Cleanup phase - damage and effects from the discard phase are gone, and none carry into the next turn
      Given the game is at the beginning of Alice's discard phase
      And Alice controls Grizzly Bears
      And Alice has Giant Growth in hand
      And Alice has {G} in her mana pool
      And Bob has Shock in hand
      And Bob has {R} in his mana pool
      When Alice casts Giant Growth targeting Grizzly Bears
      And both players pass priority
      And Alice passes priority
      And Bob casts Shock targeting Grizzly Bears
      And both players pass priority
      And the game advances to Alice's cleanup phase
      Then Alice has priority
      And Grizzly Bears is 2/2
      And Grizzly Bears has 0 damage
      When the game advances to Bob's turn
      Then Grizzly Bears is 2/2
      And Grizzly Bears has 0 damage
      And Alice controls Grizzly Bears

  @ruling:GRT-1.11-10
  Rule: There is no time between turns, except to skip a turn
    No actions can be taken between turns (bethmo); choosing to skip a turn is the one thing done
    between turns (D'Angelo 08/22/97). CR 300.2 (2008) and 500.12 (2024): no game events occur
    between turns. Time Vault's owner decides to skip his turn as it would begin, before anything
    of that turn happens.

    @edition:mirage
    Scenario: Between turns - in Mirage the last pass of the cleanup phase leads straight into the next turn
      Given the game is at the beginning of Alice's cleanup phase
      When both players pass priority
      Then it is Bob's beginning of turn
      And Bob has priority
      And it is turn 3
      And these events happen in this order:
        | event           | player |
        | priority passed | Bob    |
        | phase ended     | Alice  |
        | turn ended      | Alice  |
        | turn began      | Bob    |

    @edition:mirage
    Scenario: Between turns - in Mirage skipping a turn with Time Vault is decided between turns
      Given the game is at the beginning of Alice's cleanup phase
      And Bob controls a tapped Time Vault
      When both players pass priority
      Then the game waits for Bob to choose whether to skip a turn
      And a "turn ended" event happened for Alice
      And no "turn began" event happened for Bob
      When Bob chooses to skip his turn
      Then it is Alice's turn
      And it is turn 3
      And Time Vault is untapped
      And a "turn skipped" event happened for Bob
      And no "turn began" event happened for Bob

    @ruling:CR08-300.2 @ruling:CR24-500.12 @edition:cr2008 @edition:cr2024
    Scenario: Between turns - under the Comprehensive Rules the end step's last pass leads straight into the next turn
      Given the game is at the beginning of Alice's end step
      When both players pass priority
      Then it is Bob's upkeep
      And Bob has priority
      And it is turn 3
      And these events happen in this order:
        | event           | player | subject |
        | priority passed | Bob    |         |
        | step began      | Alice  | cleanup |
        | turn ended      | Alice  |         |
        | turn began      | Bob    |         |
        | step began      | Bob    | upkeep  |

    @edition:cr2008 @edition:cr2024
    Scenario: Between turns - under the Comprehensive Rules skipping a turn with Time Vault is decided between turns
      Given the game is at the beginning of Alice's cleanup step
      And Bob controls a tapped Time Vault
      When the game starts
      Then the game waits for Bob to choose whether to skip a turn
      And a "turn ended" event happened for Alice
      And no "turn began" event happened for Bob
      When Bob chooses to skip his turn
      Then it is Alice's turn
      And it is turn 3
      And Time Vault is untapped
      And a "turn skipped" event happened for Bob
      And no "turn began" event happened for Bob
