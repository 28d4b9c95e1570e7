Feature: Extra and skipped turns, phases and steps
  Effects can add turns, phases and steps, or make a player skip them. Comprehensive Rules
  300.6-300.9 (2003-2008) and 500.7-500.11 (2024), and the MTG Wiki's turn structure page: an
  added part of the turn comes directly after the one it is added to, the most recently added
  first; a skipped one is passed over as though it didn't exist, so nothing scheduled for it
  happens.

  @ruling:CR08-300.6 @ruling:WIKI-TS-4 @ruling:CR24-500.7 @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: An extra turn comes directly after the current turn
    CR 300.6 (2008), CR 500.7 (2024), MTG Wiki (turn structure): an extra turn is added directly
    after the current turn. Time Walk did the same in the Mirage era ("take an extra turn after
    this one").

    Scenario: Extra turn - Time Walk gives Alice the next turn
      Given the game is at the beginning of Alice's main phase
      And Alice has Time Walk in hand
      And Alice has {U}{U} in her mana pool
      When Alice casts Time Walk
      And both players pass priority
      Then an "extra turn added" event happened for Alice
      When the game advances to Alice's next turn
      Then it is Alice's turn
      And it is turn 3
      And no "turn began" event happened for Bob
      When the game advances to Bob's turn
      Then it is turn 4

  @ruling:CR08-300.6 @ruling:WIKI-TS-4 @ruling:CR24-500.7 @edition:cr2008 @edition:cr2024
  Rule: Of several extra turns created in one turn, the most recently created is taken first
    CR 300.6 (2008), CR 500.7 (2024), MTG Wiki (turn structure): extra turns are added one at a
    time, each directly after the current turn, so the last one created comes first (last in,
    first out), whichever players they belong to. Here Alice first gives Bob an extra turn with
    Time Warp, then herself one with Time Walk: her extra turn comes first, then Bob's extra turn,
    then Bob's regular turn.

    Scenario: Extra turns - the most recently created extra turn is taken first
      Given the game is at the beginning of Alice's precombat main phase
      And Alice has Time Warp and Time Walk in hand
      And Alice has {U}{U}{U}{U}{U}{U}{U} in her mana pool
      When Alice casts Time Warp targeting Bob
      And both players pass priority
      And Alice casts Time Walk
      And both players pass priority
      And the game advances to Alice's next turn
      Then it is turn 3
      When the game advances to Bob's turn
      Then it is turn 4
      When the game advances to Bob's next turn
      Then it is turn 5
      When the game advances to Alice's next turn
      Then it is turn 6
      And these events happen in this order:
        | event      | player | amount |
        | turn began | Alice  | 3      |
        | turn began | Bob    | 4      |
        | turn began | Bob    | 5      |
        | turn began | Alice  | 6      |

    Scenario: Extra turns in a game of three - the most recently created is taken first, then turn order resumes
      Alice gives Bob an extra turn, then Carol one (CR 500.7). Last in, first out, Carol's extra
      turn comes first, then Bob's, then the regular turns go on from Alice's: Bob, Carol, Alice.
      First in, first out would give Bob's extra turn first.

      Given a game between Alice, Bob and Carol
      And the game is at the beginning of Alice's precombat main phase
      And Alice has Time Warp and Time Warp in hand
      And Alice has {U}{U}{U}{U}{U}{U}{U}{U}{U}{U} in her mana pool
      When Alice casts Time Warp targeting Bob
      And all players pass priority
      And Alice casts Time Warp targeting Carol
      And all players pass priority
      And the game advances to Carol's turn
      Then it is turn 3
      When the game advances to Bob's turn
      Then it is turn 4
      When the game advances to Bob's next turn
      Then it is turn 5
      When the game advances to Carol's next turn
      Then it is turn 6
      When the game advances to Alice's next turn
      Then it is turn 7
      And these events happen in this order:
        | event      | player | amount |
        | turn began | Carol  | 3      |
        | turn began | Bob    | 4      |
        | turn began | Bob    | 5      |
        | turn began | Carol  | 6      |
        | turn began | Alice  | 7      |

  @ruling:CR08-300.7 @ruling:WIKI-TS-5 @ruling:CR24-500.8 @edition:cr2008 @edition:cr2024
  Rule: An extra phase comes directly after the phase it is added to
    CR 300.7 (2008), CR 500.8 (2024), MTG Wiki (turn structure): added phases come directly after
    the specified phase; of several added after the same phase, the most recently created comes
    first. Relentless Assault adds a combat phase and then a main phase after the main phase it
    is cast in. Cast in the precombat main phase, its combat and main phase come before the
    turn's regular combat phase, which keeps its place. Two copies cast in the same main phase
    add identical pairs of phases, so their last-in-first-out order cannot be told apart; the
    scenario shows the order in which phases added after one phase and the regular phases
    occur.

    Scenario: Extra phases - Relentless Assault adds a combat and a main phase right after this main phase
      Given the game is at the beginning of Alice's precombat main phase
      And Alice has Relentless Assault in hand
      And Alice has {R}{R}{R}{R} in her mana pool
      When Alice casts Relentless Assault
      And both players pass priority
      And from now on
      And the game advances to Alice's end step
      Then the parts of the turn so far were, in order:
        | part                     |
        | combat phase             |
        | beginning of combat step |
        | declare attackers step   |
        | end of combat step       |
        | postcombat main phase    |
        | combat phase             |
        | beginning of combat step |
        | declare attackers step   |
        | end of combat step       |
        | postcombat main phase    |
        | end phase                |
        | end step                 |

    Scenario: Extra phases - creatures attack in the added combat phase and in the regular one
      Given the game is at the beginning of Alice's precombat main phase
      And Alice controls Grizzly Bears
      And Alice controls Hill Giant
      And Alice has Relentless Assault in hand
      And Alice has {R}{R}{R}{R} in her mana pool
      When Alice casts Relentless Assault
      And both players pass priority
      And the game advances to Alice's declare attackers step
      And Alice attacks with Grizzly Bears
      And the game advances to Alice's postcombat main phase
      Then Bob has 18 life
      And Grizzly Bears is tapped
      When the game advances to Alice's next declare attackers step
      And Alice attacks with Hill Giant
      And the game advances to Alice's next postcombat main phase
      Then Bob has 15 life
      When the game advances to Alice's end step
      Then Bob has 15 life

  @edition:mirage
  Rule: In Mirage, an added combat is an additional attack from the main phase
    Mirage has no combat phase: an attack is declared from the main phase, once per turn, unless an
    effect gives an additional attack (Mirage rulebook p. 47, General Rulings, Turn Order: Main
    Phase). What the later rules call an additional combat phase is there one more attack in the
    same main phase.

    Scenario: Mirage - Relentless Assault allows a second attack in the same main phase
      Given the game is at the beginning of Alice's main phase
      And Alice controls Grizzly Bears
      And Alice controls Hill Giant
      And Alice has Relentless Assault in hand
      And Alice has {R}{R}{R}{R} in her mana pool
      When Alice attacks with Grizzly Bears
      And Bob declares no blockers
      Then Bob has 18 life
      When Alice tries to attack with Hill Giant
      Then the game refuses it because limit_reached
      When Alice casts Relentless Assault
      And both players pass priority
      And Alice attacks with Hill Giant
      And Bob declares no blockers
      Then Bob has 15 life
      And it is Alice's main phase

  @ruling:CR08-300.8 @ruling:WIKI-TS-5 @ruling:CR24-500.9 @edition:cr2008 @edition:cr2024
  Rule: An extra step comes directly after the step it is added to
    CR 300.8 (2008), CR 500.9 (2024), MTG Wiki (turn structure): an added step comes directly after
    (or before) the specified step; of several added after the same step, the most recently
    created comes first. Paradox Haze gives an additional upkeep step after the first upkeep step
    of each turn; everything that happens "at the beginning of your upkeep" happens again in it,
    and Paradox Haze itself does not trigger a second time. Several added upkeep steps would be
    identical, so their order cannot be told apart.

    Scenario: Extra steps - Paradox Haze adds an upkeep step with its own upkeep triggers
      Given it is Alice's turn
      And Alice controls Paradox Haze
      And Alice controls "Sun Totem", an artifact with "At the beginning of your upkeep, you gain 1 life"
      When the game advances to Alice's draw step
      Then Alice has 22 life
      And the parts of the turn so far were, in order:
        | part            |
        | beginning phase |
        | untap step      |
        | upkeep step     |
        | upkeep step     |
        | draw step       |
      And a "step added" event happened for Alice about upkeep

  @ruling:CR08-300.9 @ruling:WIKI-TS-6 @ruling:CR24-500.11 @ruling:CR08-419.6f @ruling:CR24-614.10a
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: A skipped turn is passed over as though it didn't exist
    CR 300.9 and 419.6f (2008), CR 500.11 and 614.10a (2024), MTG Wiki (turn structure): to skip a
    turn is to proceed past it as though it didn't exist; nothing scheduled for it happens: no
    untap, no draw, no "at the beginning of" abilities. Two skip effects skip the next two turns.
    In Mirage a turn is skipped between turns, before its beginning (D'Angelo 11/06/96).

    Scenario: Skipping - Alice's skipped turn does nothing for her
      Given it is Bob's turn
      And Alice will skip her next turn
      And Alice controls a tapped Forest
      And Alice controls "Sun Totem", an artifact with "At the beginning of your upkeep, you gain 1 life"
      And Alice has 10 cards in her library
      When the game starts
      And the game advances to Bob's next turn
      Then it is Bob's turn
      And a "turn skipped" event happened for Alice
      And no "turn began" event happened for Alice
      And Forest is tapped
      And Alice has 20 life
      And Alice has 10 cards in her library

    Scenario: Skipping - two skip effects skip the next two turns
      Given it is Bob's turn
      And Alice will skip her next 2 turns
      When the game starts
      And the game advances to Bob's next turn
      And the game advances to Bob's next turn
      And the game advances to Alice's turn
      Then it is Alice's turn
      And these events happen in this order:
        | event        | player |
        | turn skipped | Alice  |
        | turn began   | Bob    |
        | turn skipped | Alice  |
        | turn began   | Bob    |
        | turn began   | Alice  |

  @ruling:CR08-300.9 @ruling:WIKI-TS-6 @ruling:CR24-500.11 @ruling:CR08-419.6f @ruling:CR24-614.10a
  @ruling:CR08-502.15c
  Rule: A skipped phase or step is passed over, and nothing scheduled for it happens
    CR 300.9 and 419.6f (2008), CR 500.11 and 614.10a (2024), MTG Wiki (turn structure): a skipped
    step or phase is passed over as though it didn't exist: no card is drawn in a skipped draw
    step, nothing untaps and nothing phases in or out in a skipped untap step (CR 502.15c (2008)),
    no abilities trigger at its beginning, and an attacker that must attack has no combat to
    attack in. Fatigue and Moment of Silence make a player skip the next occurrence; Stasis and
    Necropotence skip every occurrence while they are in play. Mirage, whose turn is made of
    phases, skips its draw and untap phases the same way.

    @edition:cr2008 @edition:cr2024
    Scenario: Skipping - a skipped draw step draws nothing and triggers nothing
      Given it is Alice's turn
      And Alice will skip her next draw step
      And Alice controls "Dark Totem", an artifact with "At the beginning of your draw step, you lose 1 life"
      And Alice has 10 cards in her library
      When the game advances to Alice's precombat main phase
      Then Alice has 10 cards in her library
      And Alice has 20 life
      And a "step skipped" event happened for Alice about draw
      And the parts of the turn so far were, in order:
        | part                 |
        | beginning phase      |
        | untap step           |
        | upkeep step          |
        | precombat main phase |

    @edition:mirage
    Scenario: Skipping - in Mirage a skipped draw phase draws nothing and triggers nothing
      Given it is Alice's turn
      And Alice will skip her next draw phase
      And Alice controls "Dark Totem", an artifact with "At the beginning of your draw phase, you lose 1 life"
      And Alice has 10 cards in her library
      When the game advances to Alice's main phase
      Then Alice has 10 cards in her library
      And Alice has 20 life
      And a "phase skipped" event happened for Alice about draw
      And the parts of the turn so far were, in order:
        | part         |
        | untap phase  |
        | upkeep phase |
        | main phase   |

    @edition:mirage @edition:cr2008 @edition:cr2024
    Scenario: Skipping - Fatigue makes Bob skip his next draw
      Given the game is at the beginning of Alice's main phase
      And Alice has Fatigue in hand
      And Alice has {U}{U} in her mana pool
      And Bob has 10 cards in his library
      When Alice casts Fatigue targeting Bob
      And both players pass priority
      And the game advances to Bob's main phase
      Then Bob has 10 cards in his library
      And no "card drawn" event happened for Bob
      When the game advances to Bob's next turn
      And the game advances to Bob's main phase
      Then Bob has 9 cards in his library

    @edition:mirage @edition:cr2008 @edition:cr2024
    Scenario: Skipping - under Necropotence Alice never draws for her turn, Bob still does
      Given it is Alice's turn
      And Alice controls Necropotence
      And Alice has 10 cards in her library
      And Bob has 10 cards in his library
      When the game advances to Alice's main phase
      Then Alice has 10 cards in her library
      When the game advances to Bob's main phase
      Then Bob has 9 cards in his library
      When the game advances to Alice's next main phase
      Then Alice has 10 cards in her library
      And no "card drawn" event happened for Alice

    @edition:mirage @edition:cr2008 @edition:cr2024
    Scenario: Skipping - under Stasis nothing untaps and nothing phases
      Given it is Alice's turn
      And Alice controls Stasis
      And Alice controls a tapped Forest
      And Alice controls Breezekeeper
      And Bob controls a tapped Mountain
      When the game advances to Alice's upkeep
      Then Forest is tapped
      And Breezekeeper is phased in
      And no "untapped" event happened
      And no "phased out" event happened
      When the game advances to Bob's upkeep
      Then Mountain is tapped
      And no "untapped" event happened

    @edition:cr2008 @edition:cr2024
    Scenario: Skipping - Moment of Silence skips the combat phase, so Juggernaut cannot attack
      Given the game is at the beginning of Alice's precombat main phase
      And Alice controls Juggernaut
      And Alice controls "War Totem", an artifact with "At the beginning of your beginning of combat step, you gain 1 life"
      And Alice has Moment of Silence in hand
      And Alice has {W} in her mana pool
      When Alice casts Moment of Silence targeting Alice
      And both players pass priority
      And from now on
      And the game advances to Alice's end step
      Then Bob has 20 life
      And Alice has 20 life
      And Juggernaut is untapped
      And no "attackers declared" event happened
      And a "phase skipped" event happened for Alice about combat
      And the parts of the turn so far were, in order:
        | part                  |
        | postcombat main phase |
        | end phase             |
        | end step              |
      And these events happen in this order:
        | event         | player | subject | reason            |
        | phase skipped | Alice  | combat  | Moment of Silence |

  @ruling:CR24-614.10b @ruling:CR08-419.6g
  @edition:cr2008 @edition:cr2024
  Rule: An action taken after a skip is the first thing of the next part of the game that occurs
    CR 419.6g (2008), CR 614.10b (2025): when an effect makes a player skip a step, phase or turn and
    then do something else, that action happens as the very first thing of the next step, phase or
    turn that actually takes place: not where the skipped one would have been, and not in a part of
    the game that is skipped too. It comes before what that part normally does, such as the draw of
    the draw step.

    Scenario: Skipping - after Alice skips her upkeep, her life gain is the first thing of her draw step
      Given the game is at the beginning of Alice's precombat main phase
      And Alice has "Stall for Time", a sorcery with "Skip your next upkeep step, then you gain 2 life", in hand
      When Alice casts Stall for Time
      And both players pass priority
      Then Alice has 20 life
      When from now on
      And the game advances to Alice's next draw step
      Then Alice has 22 life
      And these events happen in this order:
        | event        | player | subject | amount |
        | turn began   | Bob    |         |        |
        | turn began   | Alice  |         |        |
        | step skipped | Alice  | upkeep  |        |
        | step began   | Alice  | draw    |        |
        | life changed | Alice  |         | 2      |
        | card drawn   | Alice  |         |        |

    Scenario: Skipping - the action after a skipped untap step waits past an upkeep skipped too
      Given the game is at the beginning of Alice's precombat main phase
      And Alice will skip her next upkeep step
      And Alice has "Long Sleep", a sorcery with "Skip your next untap step, then you gain 2 life", in hand
      When Alice casts Long Sleep
      And both players pass priority
      And from now on
      And the game advances to Alice's next draw step
      Then Alice has 22 life
      And these events happen in this order:
        | event        | player | subject | amount |
        | turn began   | Alice  |         |        |
        | step skipped | Alice  | untap   |        |
        | step skipped | Alice  | upkeep  |        |
        | step began   | Alice  | draw    |        |
        | life changed | Alice  |         | 2      |
        | card drawn   | Alice  |         |        |

    Scenario: Skipping - after Alice skips her turn, her life gain is the first thing of Bob's next turn
      Given the game is at the beginning of Alice's precombat main phase
      And Alice has "Hibernate", a sorcery with "Skip your next turn, then you gain 2 life", in hand
      When Alice casts Hibernate
      And both players pass priority
      And the game advances to Bob's turn
      And from now on
      And the game advances to Bob's next turn
      Then Alice has 22 life
      And these events happen in this order:
        | event        | player | subject   | amount | reason    |
        | turn ended   | Bob    |           |        |           |
        | turn skipped | Alice  | turn      |        | Hibernate |
        | turn began   | Bob    |           |        |           |
        | life changed | Alice  |           | 2      | Hibernate |
        | phase began  | Bob    | beginning |        |           |

  @ruling:CR24-500.10 @ruling:CR24-500.10a
  @edition:cr2024
  Rule: A step added after a phase comes in a new phase of its kind, whose other steps are skipped
    CR 500.10 and 500.10a (2025): an effect that adds a step after a particular phase first creates,
    right after that phase, the phase that normally holds the step; the other steps of that new
    phase are skipped. An effect saying "you get" an additional step adds nothing when it would add
    it to another player's turn.

    Scenario: Extra phases: Chronologist's combat damage gives Alice an upkeep step after her combat phase
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls "Chronologist", a 2/2 creature with "Whenever this creature deals combat damage, you get an additional upkeep step after this phase"
      And Alice controls Fountain of Renewal
      When Alice attacks with Chronologist
      And the game advances to Alice's combat damage step
      Then the stack holds, from the top, Chronologist
      When from now on
      And both players pass priority
      Then a "phase added" event happened for Alice about beginning
      And these events happen in this order:
        | event       | player | subject   | effect       |
        | phase added | Alice  | beginning | Chronologist |
      When the game advances to Alice's postcombat main phase
      Then the parts of the turn so far were, in order:
        | part                  |
        | end of combat step    |
        | beginning phase       |
        | upkeep step           |
        | postcombat main phase |
      And a "step skipped" event happened for Alice about untap
      And a "step skipped" event happened for Alice about draw
      And Alice has drawn 0 cards
      And Alice has 21 life

    Scenario: Extra phases: Bob's "you get an additional upkeep step" resolving in Alice's turn adds nothing
      Given the game is at the beginning of Alice's declare attackers step
      And Bob controls "Chronologist", a 2/2 creature with "Whenever this creature blocks, you get an additional upkeep step after this phase"
      And Alice controls Hill Giant
      When Alice attacks with Hill Giant
      And the game advances to Alice's declare blockers step
      And Bob blocks Hill Giant with Chronologist
      Then the stack holds, from the top, Chronologist
      When from now on
      And both players pass priority
      And the game advances to Alice's postcombat main phase
      Then no "phase added" event happened
      And the parts of the turn so far were, in order:
        | part                  |
        | combat damage step    |
        | end of combat step    |
        | postcombat main phase |
