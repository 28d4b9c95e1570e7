Feature: Turn-based actions: what the game does by itself as steps and phases begin and end
  Under the Comprehensive Rules some actions are performed by the game itself when a step or phase
  begins (phasing, day and night, untapping, the draw, declaring attackers and blockers, combat
  damage, the discard and the cleanup) or ends (emptying mana pools). The 2025 rules call them
  turn-based actions (rule 703); the 2008 rules call them game actions (rule 408.2g). They use no
  stack, nobody controls them, and they come before state-based actions, triggered abilities and
  priority. Mirage instead announces the untap as a phase effect that waits on the stack, and
  the Comprehensive Rules of 2008 put combat damage on the stack; paired scenarios show both.

  @ruling:CR24-703.1 @ruling:CR24-703.1a @ruling:CR24-703.2 @ruling:CR24-703.3 @ruling:CR24-703.4
  @ruling:CR24-703.4d @ruling:CR24-117.2c @ruling:CR24-117.3a @ruling:CR08-408.2 @ruling:CR08-408.2g
  @edition:cr2008 @edition:cr2024
  Rule: The draw is performed by the game as the draw step begins, before triggers, and can't be responded to
    CR 703.1, 703.3 and 703.4d (2025), 408.2g (2008): as the draw step begins the active player
    draws, a game action that uses no stack, dealt with before state-based actions, before triggered
    abilities go on the stack and before anyone gets priority (117.2c, 117.3a). An ability that
    triggers "at the beginning of the draw step" is a triggered ability, not a turn-based action
    (703.1a): it goes on the stack after the draw, where Bob could answer it. CR 703.2 says no
    player controls a turn-based action; that is seen here in that nobody is asked anything and
    nobody has priority until the draw is done.

    Scenario: Turn-based actions: the draw happens off the stack, and the draw-step trigger goes on the stack after it
      Given the game is at the beginning of Alice's draw step
      And Alice's library holds, from the top, Grizzly Bears and Forest
      And Alice controls "Dawn Scroll", an artifact with "At the beginning of your draw step, you draw a card"
      When the game starts
      Then Alice has Grizzly Bears in hand
      And Alice has 1 card in hand
      And the stack holds, from the top, Dawn Scroll
      And Alice has priority
      And no "priority passed" event happened
      And these events happen in this order:
        | event      | player | subject       |
        | step began | Alice  | draw          |
        | card drawn | Alice  | Grizzly Bears |
        | triggered  | Alice  | Dawn Scroll   |
      When Alice passes priority
      Then Bob has priority
      And the stack holds, from the top, Dawn Scroll

    Scenario: Turn-based actions: the draw from an empty library is followed by the loss, before the draw-step trigger goes on the stack
      Given the game is at the beginning of Alice's draw step
      And Alice's library is empty
      And Alice controls "Dawn Scroll", an artifact with "At the beginning of your draw step, you draw a card"
      When the game starts
      Then Alice has lost the game
      And no player has priority
      And these events happen in this order:
        | event                   | player |
        | draw from empty library | Alice  |
        | player lost             | Alice  |
      And no "triggered" event happened
      And no "priority passed" event happened

  @ruling:CR24-703.1 @ruling:CR24-703.4a @ruling:CR24-703.4b @ruling:CR24-703.4c @ruling:CR24-117.3a @ruling:CR24-703.3
  @edition:cr2024 @pair:the-untap-steps-actions
  Rule: In the untap step, phasing comes first, then the day and night check, then the untap, and nobody gets priority
    CR 703.4a-c (2025): immediately after the untap step begins the active player's permanents phase
    in and out, then the game checks whether day becomes night or night day, then the active player
    untaps her permanents; all without the stack. CR 117.3a: nobody receives priority during the
    untap step; Alice's first priority of the turn is in her upkeep. A tapped Breezekeeper that
    phases in is untapped by the same untap step. (It is day, and the previous turn's active
    player cast no spells, so it becomes night.)

    Scenario: Turn-based actions: Alice's untap step phases, turns day into night, then untaps, with no priority
      Given it is Alice's turn
      And it is day
      And Alice controls a tapped, phased-out Breezekeeper
      And Alice controls Breezekeeper
      And Alice controls a tapped Forest
      When the game advances to Alice's upkeep
      Then Breezekeeper is phased in
      And Breezekeeper is untapped
      And Breezekeeper 2 is phased out
      And Forest is untapped
      And it is night
      And the stack is empty
      And Alice has priority
      And no "priority passed" event happened
      And these events happen in this order:
        | event             | player | subject      |
        | step began        | Alice  | untap        |
        | phased in         | Alice  | Breezekeeper |
        | day night changed |        | night        |
        | untapped          | Alice  |              |
        | step ended        | Alice  | untap        |
        | step began        | Alice  | upkeep       |

  @ruling:CR08-408.2g @ruling:CR08-408.2
  @edition:cr2008 @pair:the-untap-steps-actions
  Rule: Under the 2008 rules, phasing and then the untap are game actions of the untap step
    CR 408.2g (2008): phasing in and out and untapping at the start of the untap step are game
    actions that don't use the stack; there was no day or night yet.

    Scenario: Turn-based actions (2008): phasing and then the untap happen in the untap step without the stack
      Given it is Alice's turn
      And Alice controls a tapped, phased-out Breezekeeper
      And Alice controls a tapped Forest
      When the game advances to Alice's upkeep
      Then Breezekeeper is phased in
      And Breezekeeper is untapped
      And Forest is untapped
      And the stack is empty
      And Alice has priority
      And no "priority passed" event happened
      And these events happen in this order:
        | event      | player | subject      |
        | step began | Alice  | untap        |
        | phased in  | Alice  | Breezekeeper |
        | untapped   | Alice  |              |
        | step began | Alice  | upkeep       |

  @ruling:CR24-703.1 @ruling:CR08-408.2g @pair:the-untap-and-the-stack
  Rule: The untap uses no stack under the Comprehensive Rules; in Mirage it is announced and waits on the stack
    CR 703.1 and 703.4c (2025), 408.2g (2008): untapping is a game action that doesn't use the stack,
    done before anyone may act. Mirage rulebook p. 46 and the General Rulings on the untap phase: the
    untap is a phase effect of the untap phase, announced and resolved like a spell; players may use
    mana sources while it waits.

    @edition:cr2008 @edition:cr2024
    Scenario: Turn-based actions: Alice's Forest is untapped before anyone may act
      Given it is Alice's turn
      And Alice controls a tapped Forest
      When the game advances to Alice's upkeep
      Then Forest is untapped
      And no "untap announced" event happened
      And the stack is empty

    @edition:mirage
    Scenario: Turn-based actions (Mirage): the untap waits on the stack until both players pass
      Given it is Alice's turn
      And Alice controls a tapped Forest
      When the game advances to Alice's untap phase
      Then the stack holds, from the top, untap
      And Forest is tapped
      And Alice has priority
      When both players pass priority
      Then Forest is untapped
      And the stack is empty
      And it is Alice's untap phase

  @ruling:CR24-703.4i @ruling:CR24-703.4j @ruling:CR24-703.3 @ruling:CR08-408.2g
  @edition:cr2008 @edition:cr2024
  Rule: Attackers and blockers are declared as their steps begin, before anyone has priority
    CR 703.4i and 703.4j (2025), 408.2g (2008): immediately after the declare attackers step begins
    the active player declares attackers, and immediately after the declare blockers step begins
    the defending player declares blockers; neither uses the stack. Priority comes afterwards,
    to the active player.

    Scenario: Turn-based actions: Alice declares attackers and Bob blockers before either step gives priority
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Hill Giant
      And Bob controls Grizzly Bears
      When the game starts
      Then the game waits for Alice to declare attackers
      And no player has priority
      When Alice attacks with Hill Giant
      Then Hill Giant is attacking
      And the stack is empty
      And Alice has priority
      When both players pass priority
      Then it is Alice's declare blockers step
      And the game waits for Bob to declare blockers
      And no player has priority
      When Bob blocks Hill Giant with Grizzly Bears
      Then the stack is empty
      And Alice has priority

  @ruling:CR24-703.4k @ruling:CR24-703.4m @ruling:CR08-408.1g @pair:combat-damage-on-the-stack
  Rule: Combat damage is dealt at once as the damage step begins today; in 2008 it went on the stack first
    CR 703.4k and 703.4m (2025): as the combat damage step begins, each player announces how her
    creatures assign their combat damage, then all of it is dealt simultaneously, without the stack:
    Grizzly Bears deals its damage to Hill Giant even though Hill Giant's damage destroys it at the
    same time. CR 408.1g (2008): once assigned, combat damage went on the stack, so players could
    act before it was dealt. (With one attacker and one blocker there is nothing to choose in the
    assignment, so the announcement isn't a separate decision here.)

    @edition:cr2024
    Scenario: Turn-based actions: Hill Giant and the blocking Grizzly Bears deal their damage at once as the step begins
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Hill Giant
      And Bob controls Grizzly Bears
      When Alice attacks with Hill Giant
      And the game advances to Alice's declare blockers step
      And Bob blocks Hill Giant with Grizzly Bears
      And the game advances to Alice's combat damage step
      Then Grizzly Bears is in Bob's graveyard
      And Hill Giant has 2 damage
      And the stack is empty
      And Alice has priority

    @edition:cr2008
    Scenario: Turn-based actions (2008): the combat damage of Hill Giant and Grizzly Bears waits on the stack
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Hill Giant
      And Bob controls Grizzly Bears
      When Alice attacks with Hill Giant
      And the game advances to Alice's declare blockers step
      And Bob blocks Hill Giant with Grizzly Bears
      And the game advances to Alice's combat damage step
      Then the stack holds, from the top, combat damage
      And Hill Giant has 0 damage
      And Bob controls Grizzly Bears
      And Alice has priority
      When both players pass priority
      Then Grizzly Bears is in Bob's graveyard
      And Hill Giant has 2 damage
      And the stack is empty
      And Alice has priority

  @ruling:CR24-703.4n @ruling:CR24-703.4p @ruling:CR24-117.3a @ruling:CR08-408.2g
  @edition:cr2008 @edition:cr2024
  Rule: In the cleanup step the discard comes first, then damage and "until end of turn" effects end together
    CR 703.4n and 703.4p (2025), 408.2g (2008): as the cleanup step begins the active player
    discards down to her maximum hand size; immediately after, all damage is removed and all
    "until end of turn" effects end, simultaneously. So Grizzly Bears, 5/5 under Giant Growth with
    3 damage, doesn't die: the damage is gone when it becomes 2/2 again. Nobody gets priority in
    the cleanup step when nothing else happens (117.3a).

    Scenario: Turn-based actions: Alice discards, then Grizzly Bears loses its damage and Giant Growth together and survives
      Given the game is at the beginning of Alice's end step
      And Alice has 8 cards in hand
      And Alice has Giant Growth in hand
      And Alice controls Grizzly Bears
      And Alice has {G} in her mana pool
      And Bob has Lightning Bolt in hand
      And Bob has {R} in his mana pool
      When Alice casts Giant Growth targeting Grizzly Bears
      And both players pass priority
      And Alice passes priority
      And Bob casts Lightning Bolt targeting Grizzly Bears
      And both players pass priority
      Then Grizzly Bears is 5/5
      And Grizzly Bears has 3 damage
      When the game advances to Alice's cleanup step
      Then the game waits for Alice to discard
      When Alice discards Island
      Then it is Bob's upkeep
      And Alice has 7 cards in hand
      And Alice controls Grizzly Bears
      And Grizzly Bears is 2/2
      And Grizzly Bears has 0 damage
      And no "died" event happened
      And these events happen in this order:
        | event          | player | subject       | amount |
        | step began     | Alice  | cleanup       |        |
        | discarded      | Alice  |               |        |
        | damage removed | Alice  | Grizzly Bears | 3      |
        | effect ended   |        | Grizzly Bears |        |
        | turn began     | Bob    |               |        |

  @ruling:CR24-703.4q @ruling:CR24-500.4 @ruling:CR24-117.2c @ruling:CR24-106.4 @ruling:CR08-408.2g
  Rule: Mana empties as each step ends today; in 2008 it stayed until the phase ended, and burned
    CR 703.4q, 500.4 and 106.4 (2025): when each step and phase ends, unused mana empties from the
    pools, a turn-based action after which nobody receives priority (117.2c): the next step simply
    begins. CR 408.2g and 300.3 (2008): mana burn as each phase ends is a game action; mana lasted
    from step to step within the phase.

    @edition:cr2024
    Scenario: Turn-based actions: Alice's unspent mana empties as the upkeep step ends, and the draw step follows at once
      Given the game is at the beginning of Alice's upkeep
      And Alice has {G}{G} in her mana pool
      When both players pass priority
      Then it is Alice's draw step
      And Alice's mana pool is empty
      And Alice has 20 life
      And Alice has priority
      And no "mana burned" event happened
      And these events happen in this order:
        | event           | player | subject | amount |
        | priority passed | Bob    |         |        |
        | mana emptied    | Alice  |         | 2      |
        | step ended      | Alice  | upkeep  |        |
        | step began      | Alice  | draw    |        |
        | card drawn      | Alice  |         |        |

    @edition:cr2008
    Scenario: Turn-based actions (2008): Alice's unspent mana outlasts the upkeep step and burns as the beginning phase ends
      Given the game is at the beginning of Alice's upkeep
      And Alice has {G}{G} in her mana pool
      When both players pass priority
      Then it is Alice's draw step
      And Alice has {G}{G} in her mana pool
      When both players pass priority
      Then it is Alice's precombat main phase
      And Alice's mana pool is empty
      And Alice has 18 life
      And these events happen in this order:
        | event        | player | subject        | amount |
        | step ended   | Alice  | draw           |        |
        | mana burned  | Alice  |                | 2      |
        | phase ended  | Alice  | beginning      |        |
        | phase began  | Alice  | precombat main |        |

  @ruling:CR24-614.10 @ruling:CR24-614.10a @ruling:CR24-614.1 @ruling:CR24-614.1b @ruling:CR24-500.11
  @ruling:CR08-419.6 @ruling:CR08-419.6e @ruling:CR08-419.6f
  @edition:cr2008 @edition:cr2024
  Rule: A phase already begun can't be skipped; the skip waits for the next one, whose turn-based actions don't happen
    CR 614.1, 614.1b and 614.10 (2025), 419.6 and 419.6e (2008): skipping is a replacement effect,
    "instead of doing it, do nothing", applied as the event would happen; once a step or phase has
    begun it can't be skipped, so the skip waits for the next occurrence. CR 614.10a, 500.11 and
    419.6f: nothing scheduled for the skipped part happens, here the declaration of attackers.
    Moment of Silence, cast in Alice's beginning of combat step, skips her next combat phase, not
    the one under way.

    Scenario: Turn-based actions: Moment of Silence cast during Alice's combat skips her next combat, not this one
      Given the game is at the beginning of Alice's beginning of combat step
      And Alice controls Grizzly Bears
      And Bob has Moment of Silence in hand
      And Bob has {W} in his mana pool
      When Alice passes priority
      And Bob casts Moment of Silence targeting Alice
      And both players pass priority
      Then it is Alice's beginning of combat step
      And Alice has priority
      When the game advances to Alice's declare attackers step
      Then the game waits for Alice to declare attackers
      When Alice declares no attackers
      And the game advances to Alice's next turn
      And from now on
      And the game advances to Alice's end step
      Then a "phase skipped" event happened for Alice about combat
      And no "phase began" event happened for Alice about combat
      And no "step began" event happened for Alice about declare attackers
      And it is Alice's end step

  @ruling:CR24-103.8 @ruling:CR24-103.8a @ruling:CR08-101.6 @ruling:CR08-101.6a @ruling:CR24-703.4d
  @edition:cr2008 @edition:cr2024 @pair:first-turn-draw
  Rule: The starting player takes the first turn, and in a two-player game it has no draw step
    CR 103.8 and 103.8a (2025), 101.6 and 101.6a (2008): the player chosen to play first takes the
    first turn; in a two-player game she skips the draw step of that turn, so the draw of 703.4d
    doesn't happen in it.

    Scenario: Turn-based actions: Alice plays first and her first turn has no draw step
      Given the game is about to begin
      And Alice lost the previous game
      When Alice chooses to play first
      And the game advances to Alice's precombat main phase
      Then it is turn 1
      And it is Alice's precombat main phase
      And Alice has 7 cards in hand
      And a "step skipped" event happened for Alice about draw
      And no "step began" event happened for Alice about draw

    Scenario: Turn-based actions: in a game already under way, the first turn of the player who played first has no draw step
      Given it is turn 1
      And it is Alice's turn
      And Alice took the first turn of the game
      When the game advances to Alice's precombat main phase
      Then Alice has drawn 0 cards
      And a "step skipped" event happened for Alice about draw
      And no "step began" event happened for Alice about draw

  @ruling:CR24-505.1 @ruling:CR24-505.1a @ruling:CR24-500.11
  @edition:cr2008 @edition:cr2024
  Rule: Only the turn's first main phase is the precombat main phase, even when the combat phase is skipped
    CR 505.1 and 505.1a (2025): the first main phase of a turn is the precombat main phase and every
    other main phase is a postcombat main phase, including the second main phase of a turn whose
    combat phase was skipped. It matters for the turn-based actions of the precombat main phase
    (703.4e-g: schemes, Sagas, Attractions; see precombat_main_actions.feature); this scenario
    shows which main phase is which.

    Scenario: Turn-based actions: with her combat phase skipped, Alice's second main phase is still the postcombat main phase
      Given it is Alice's turn
      And Alice will skip her next combat phase
      When the game advances to Alice's end step
      Then the parts of the turn so far were, in order:
        | part                  |
        | beginning phase       |
        | untap step            |
        | upkeep step           |
        | draw step             |
        | precombat main phase  |
        | postcombat main phase |
        | end phase             |
        | end step              |
      And a "phase skipped" event happened for Alice about combat

  @ruling:CR24-103.8c @ruling:CR08-101.6b
  @edition:cr2008 @edition:cr2024
  Rule: In a multiplayer game other than Two-Headed Giant nobody skips the draw of their first turn
    CR 103.8c (2025), 101.6b (2008): outside two-player and Two-Headed Giant games, no player skips
    the draw step of their first turn, the starting player included.

    Scenario: Turn-based actions: in a three-player game Alice draws in the first turn of the game
      Given a game between Alice, Bob and Carol
      And it is turn 1
      And it is Alice's turn
      And Alice took the first turn of the game
      When the game advances to Alice's precombat main phase
      Then Alice has drawn 1 card
      And a "step began" event happened for Alice about draw
      And no "step skipped" event happened for Alice about draw
