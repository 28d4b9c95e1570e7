@edition:cr2024
Feature: Day and night
  Under the current rules the game itself may be "day" or "night" (CR 730). A game starts with
  neither; once it has one of them it always has exactly one. As the second part of each untap
  step, after phasing and before untapping, the game looks at the turn before: if it is day and
  that turn's active player cast no spells, it becomes night; if it is night and that player cast
  two or more, it becomes day. The 2004-2008 rules and Mirage have no day and night, so every
  scenario here is for the current rules only. The pool has no daybound or nightbound card, so
  the designation is set up by the scenario ("it is day") and changes only by the untap check.

  @ruling:CR24-730.1 @ruling:CR24-730.2c
  Rule: A game starts with neither day nor night, and without an effect it never gets one
    CR 730.1 (2025): the game starts with neither designation; it becomes day or night only
    through daybound or nightbound or another effect. CR 730.2c: while it is neither, the untap
    check doesn't happen, so no number of spells changes anything.

    Scenario: Day and night: a new game is neither day nor night, and a quiet first turn changes nothing
      Given the game is about to begin
      And Bob lost the previous game
      When the game advances to Alice's upkeep
      Then it is turn 2
      And it is neither day nor night
      And no "day night changed" event happened

    Scenario: Day and night: while it is neither, two spells and then a turn without any change nothing
      Given it is neither day nor night
      And the game is at the beginning of Bob's precombat main phase
      And Bob controls 2 Mountain
      And Bob has Shock and Lightning Bolt in hand
      When Bob taps Mountain for mana
      And Bob casts Shock targeting Alice
      And both players pass priority
      And Bob taps Mountain 2 for mana
      And Bob casts Lightning Bolt targeting Alice
      And the game advances to Alice's upkeep
      Then Alice has 15 life
      And it is neither day nor night
      When the game advances to Bob's upkeep
      Then it is neither day nor night
      And no "day night changed" event happened

  @ruling:CR24-730.1 @ruling:CR24-730.1a @ruling:CR24-730.2 @ruling:CR24-730.2a @ruling:CR24-730.2b
  Rule: Once it is day or night, each untap step may turn one into the other, and the game always has exactly one
    CR 730.1 (2025): once it has become day or night the game has exactly one of the two from
    then on. CR 730.1a: "day becomes night" means losing day and gaining night (and the reverse).
    CR 730.2, 730.2a-b: in each untap step the game checks the turn before: day becomes night if
    that turn's active player cast no spell; night becomes day if she cast two or more; one spell
    changes nothing. Over four turns here it goes day, night, night, day, night, never neither.

    Scenario: Day and night: over four turns day becomes night, stays night, becomes day and night again
      Given it is day
      And the previous turn's active player cast 0 spells during it
      And it is Alice's turn
      And Alice controls Forest
      And Alice controls Grizzly Bears
      And Alice has Giant Growth in hand
      And Bob controls 2 Mountain
      And Bob has Shock and Lightning Bolt in hand
      When the game advances to Alice's upkeep
      Then it is night
      When the game advances to Alice's precombat main phase
      And Alice taps Forest for mana
      And Alice casts Giant Growth targeting Grizzly Bears
      And the game advances to Bob's upkeep
      Then it is night
      When the game advances to Bob's precombat main phase
      And Bob taps Mountain for mana
      And Bob casts Shock targeting Alice
      And both players pass priority
      And Bob taps Mountain 2 for mana
      And Bob casts Lightning Bolt targeting Alice
      And the game advances to Alice's next upkeep
      Then Alice has 15 life
      And it is day
      When the game advances to Bob's next upkeep
      Then it is night
      And these events happen in this order:
        | event             | player | subject |
        | day night changed |        | night   |
        | turn began        | Bob    |         |
        | turn began        | Alice  |         |
        | day night changed |        | day     |
        | turn began        | Bob    |         |
        | day night changed |        | night   |

  @ruling:CR24-730.2 @ruling:CR24-730.2b
  Rule: Only the spells of the previous turn's active player count, even when that turn was her own extra turn
    CR 730.2b (2025): night becomes day if the previous turn's active player cast two or more
    spells during that turn. Spells the other player cast during that turn don't count for it.
    When Alice takes an extra turn, the previous turn's active player is Alice herself.

    Scenario: Day and night: Alice's two spells, Time Walk among them, make it day in her extra turn
      Given it is night
      And the game is at the beginning of Alice's precombat main phase
      And Alice controls Grizzly Bears
      And Alice has Giant Growth and Time Walk in hand
      And Alice has {G}{U}{U} in her mana pool
      When Alice casts Giant Growth targeting Grizzly Bears
      And both players pass priority
      And Alice casts Time Walk
      And both players pass priority
      And the game advances to Alice's next upkeep
      Then it is Alice's upkeep
      And it is turn 3
      And it is day
      And these events happen in this order:
        | event             | player | subject |
        | turn began        | Alice  |         |
        | day night changed |        | day     |

    Scenario: Day and night: one spell from Alice and one from Bob in Alice's turn leave it night
      Given it is night
      And the game is at the beginning of Alice's precombat main phase
      And Alice controls Grizzly Bears
      And Alice has Giant Growth in hand
      And Alice has {G} in her mana pool
      And Bob has Shock in hand
      And Bob has {R} in his mana pool
      When Alice casts Giant Growth targeting Grizzly Bears
      And Alice passes priority
      And Bob casts Shock targeting Alice
      And the game advances to Bob's upkeep
      Then Alice has 18 life
      And it is night
      And no "day night changed" event happened

  @ruling:CR24-730.2
  Rule: The check is the second part of the untap step: after phasing, before untapping, and only there
    CR 730.2 (2025) with CR 502.1-502.3: the untap step first phases, then checks day and night,
    then untaps. The check belongs to the untap step: if the step is skipped (Stasis makes each
    player skip it), nothing scheduled for it happens (CR 614.10a), the check included.

    Scenario: Day and night: in Alice's untap step Breezekeeper phases out, then day becomes night, then Forest untaps
      Given it is day
      And the previous turn's active player cast 0 spells during it
      And it is Alice's turn
      And Alice controls Breezekeeper
      And Alice controls a tapped Forest
      When the game advances to Alice's upkeep
      Then it is night
      And these events happen in this order:
        | event             | player | subject      |
        | step began        | Alice  | untap        |
        | phased out        | Alice  | Breezekeeper |
        | day night changed |        | night        |
        | untapped          | Alice  | Forest       |
        | step ended        | Alice  | untap        |
        | step began        | Alice  | upkeep       |

    Scenario: Day and night: when Stasis skips Alice's untap step, day stays day after a turn without spells
      Given it is day
      And the previous turn's active player cast 0 spells during it
      And it is Alice's turn
      And Alice controls Stasis
      When the game advances to Alice's upkeep
      Then it is day
      And a "step skipped" event happened for Alice about untap
      And no "day night changed" event happened
      And these events happen in this order:
        | event        | player | subject | reason |
        | step skipped | Alice  | untap   | Stasis |
