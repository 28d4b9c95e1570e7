Feature: Mana burn and the life check
  When unused mana leaves the mana pools, whether it costs life (mana burn), and when a player at
  0 or less life loses. Mirage (Mirage rulebook pp. 9, 42 and 52): every phase ends with mana burn
  and then a check of the life totals, so a player at 0 life plays on until the end of the phase.
  Comprehensive Rules 2003-2008 (CR 300.3): mana burns only when a phase ends, not a step, and a
  player at 0 life loses at the next state-based check. Comprehensive Rules 2024: pools empty at
  the end of every step and phase, and nobody loses life for it (CR 500.4).

  @edition:mirage @pair:mana-burn
  Rule: In Mirage, mana left in a pool burns at the end of every phase
    Each of the six phases ends with a mana burn check: the pool empties and its owner loses 1 life
    for each mana lost (Mirage rulebook p. 9, General Rulings, Turn Order, sections 1.6 to 1.11).
    It is the fourth part of the phase, after the end-of-phase effects and before the life check
    (Mirage rulebook p. 42).

    Scenario Outline: Mirage - mana left in the pool burns at the end of the <phase>
      Given the game is at the beginning of Alice's <phase>
      And Alice has {G}{G} in her mana pool
      When the game starts
      Then Alice has {G}{G} in her mana pool
      When the game advances to <next player>'s <next>
      Then Alice's mana pool is empty
      And Alice has 18 life
      And a "mana burned" event happened for Alice with amount 2
      And no "damage dealt" event happened for Alice
      And these events happen in this order:
        | event        | player        | subject        | amount |
        | phase began  | Alice         | <subject>      |        |
        | mana burned  | Alice         |                | 2      |
        | life changed | Alice         |                |        |
        | <next event> | <next player> | <next subject> |        |

      @ruling:GRT-1.6-2
      Examples: the untap phase
        | phase       | subject | next   | next player | next event  | next subject |
        | untap phase | untap   | upkeep | Alice       | phase began | upkeep       |

      @ruling:GRT-1.7-3
      Examples: the upkeep phase
        | phase         | subject | next       | next player | next event  | next subject |
        | upkeep phase  | upkeep  | draw phase | Alice       | phase began | draw         |

      @ruling:GRT-1.8-2
      Examples: the draw phase
        | phase      | subject | next       | next player | next event  | next subject |
        | draw phase | draw    | main phase | Alice       | phase began | main         |

      @ruling:GRT-1.9-8
      Examples: the main phase
        | phase      | subject | next          | next player | next event  | next subject |
        | main phase | main    | discard phase | Alice       | phase began | discard      |

      @ruling:GRT-1.10-2
      Examples: the discard phase
        | phase         | subject | next          | next player | next event  | next subject |
        | discard phase | discard | cleanup phase | Alice       | phase began | cleanup      |

      @ruling:GRT-1.11-2
      Examples: the cleanup phase
        | phase         | subject | next | next player | next event | next subject |
        | cleanup phase | cleanup | turn | Bob         | turn began |              |

  @edition:mirage @pair:when-a-player-loses
  Rule: In Mirage, a player at 0 or less life loses only when the phase ends
    The last part of each phase checks every player's life total (Mirage rulebook p. 52, General
    Rulings, Turn Order, sections 1.6 to 1.11): a player at 0 or less life goes on playing until
    then, and loses as the phase ends, before the next one begins.

    Scenario Outline: Mirage - a player at 0 life plays on until the end of the <phase>
      Given the game is at the beginning of Alice's <phase>
      And Bob has 0 life
      When the game starts
      Then Alice has priority
      And Bob has not lost the game
      And it is Alice's <phase>
      When the game advances until it is over
      Then Bob has lost the game
      And Alice has won the game
      And no "phase began" event happened about <following>
      And these events happen in this order:
        | event       | player | subject   |
        | phase began | Alice  | <subject> |
        | phase ended | Alice  | <subject> |
        | player lost | Bob    |           |

      @ruling:GRT-1.6-3
      Examples: the untap phase
        | phase       | subject | following |
        | untap phase | untap   | upkeep    |

      @ruling:GRT-1.7-4
      Examples: the upkeep phase
        | phase        | subject | following |
        | upkeep phase | upkeep  | draw      |

      @ruling:GRT-1.8-3
      Examples: the draw phase
        | phase      | subject | following |
        | draw phase | draw    | main      |

      @ruling:GRT-1.9-9
      Examples: the main phase
        | phase      | subject | following |
        | main phase | main    | discard   |

      @ruling:GRT-1.10-3
      Examples: the discard phase
        | phase         | subject | following |
        | discard phase | discard | cleanup   |

      @ruling:GRT-1.11-3
      Examples: the cleanup phase
        | phase         | subject | following |
        | cleanup phase | cleanup | untap     |

  @edition:mirage
  Rule: In Mirage, what happens before the life check can save or doom a player at the end of the phase
    Because the life check is the last part of the phase (Mirage rulebook p. 42), a player brought
    to 0 life in the middle of a phase still gets priority, and can gain life back before the phase
    ends: the cleanup phase's "at end of turn" effects come before its life check. Mana burn comes
    before the life check too, so mana burn that brings a player to 0 life makes them lose at the
    end of that same phase.

    @ruling:GRT-1.7-4
    Scenario: Mirage - a player brought to 0 life mid-phase keeps priority until the phase ends
      Given the game is at the beginning of Alice's upkeep
      And Alice has 2 life
      And Bob has Shock in hand
      And Bob has {R} in his mana pool
      When Alice passes priority
      And Bob casts Shock targeting Alice
      And both players pass priority
      Then Alice has 0 life
      And Alice has not lost the game
      And it is Alice's upkeep
      And Alice has priority
      When from now on
      And the game advances until it is over
      Then Alice has lost the game
      And no "phase began" event happened
      And these events happen in this order:
        | event       | player | subject |
        | phase ended | Alice  | upkeep  |
        | player lost | Alice  |         |

    @ruling:GRT-1.11-3 @ruling:GRT-1.11-5
    Scenario: Mirage - a player at 0 life is saved by an end of turn effect before the cleanup's life check
      Given the game is at the beginning of Alice's cleanup phase
      And Alice has 0 life
      And Alice controls "Alice's Fountain", an artifact with "At end of turn, you gain 2 life"
      When the game advances to Bob's turn
      Then Alice has 2 life
      And Alice has not lost the game
      And no "player lost" event happened

    @ruling:GRT-1.9-8 @ruling:GRT-1.9-9
    Scenario: Mirage - mana burn to 0 life loses at the end of that same phase
      Given the game is at the beginning of Alice's main phase
      And Bob has 2 life
      And Bob has {R}{R} in his mana pool
      When the game advances until it is over
      Then Bob has lost the game
      And no "phase began" event happened about discard
      And these events happen in this order:
        | event       | player | subject | amount |
        | mana burned | Bob    |         | 2      |
        | phase ended | Alice  | main    |        |
        | player lost | Bob    |         |        |

  @ruling:CR08-300.3 @edition:cr2008 @pair:mana-burn
  Rule: Under the 2003-2008 rules, mana burns when a phase ends, not a step
    CR 300.3 (2008): unused mana empties from the pool only when a phase ends; its owner loses
    1 life per mana. Within a phase the mana survives from one step to the next. Mana burn is loss
    of life, not damage.

    Scenario: CR 2008 - mana survives the end of a step within its phase
      Given the game is at the beginning of Alice's upkeep
      And Alice has {G}{G} in her mana pool
      When the game advances to Alice's draw step
      Then Alice has {G}{G} in her mana pool
      And Alice has 20 life
      And no "mana emptied" event happened
      And a "step ended" event happened about upkeep

    Scenario Outline: CR 2008 - mana left in the pool burns as the <phase> ends
      Given the game is at the beginning of Alice's <from>
      And Alice has {G}{G} in her mana pool
      When the game advances to <next player>'s <next>
      Then Alice's mana pool is empty
      And Alice has 18 life
      And no "damage dealt" event happened for Alice
      And these events happen in this order:
        | event        | player        | subject   | amount |
        | mana burned  | Alice         |           | 2      |
        | life changed | Alice         |           |        |
        | <next event> | <next player> | <subject> |        |

      Examples:
        | phase                   | from                     | next                     | next player | next event  | subject         |
        | beginning phase         | upkeep                   | precombat main phase     | Alice       | phase began | precombat_main  |
        | precombat main phase    | precombat main phase     | beginning of combat step | Alice       | phase began | combat          |
        | combat phase            | beginning of combat step | postcombat main phase    | Alice       | phase began | postcombat_main |
        | postcombat main phase   | postcombat main phase    | end step                 | Alice       | phase began | ending          |
        | end phase               | end step                 | turn                     | Bob         | turn began  |                 |

  @ruling:CR24-500.4 @ruling:CR24-106.4 @edition:cr2024 @pair:mana-burn
  Rule: Under the 2024 rules, pools empty at the end of every step and phase, without loss of life
    CR 500.4 and 106.4 (2024): unused mana empties from every pool at the end of each step and each
    phase; there is no mana burn, so nobody loses life for it.

    Scenario Outline: CR 2024 - mana empties without loss of life as the <from> ends
      Given the game is at the beginning of Alice's <from>
      And Alice has {G}{G} in her mana pool
      When the game advances to <next player>'s <next>
      Then Alice's mana pool is empty
      And Alice has 20 life
      And no "mana burned" event happened
      And no "life changed" event happened
      And these events happen in this order:
        | event        | player        | subject   | amount |
        | mana emptied | Alice         |           | 2      |
        | <next event> | <next player> | <subject> |        |

      Examples:
        | from                     | next                   | next player | next event  | subject           |
        | upkeep                   | draw step              | Alice       | step began  | draw              |
        | draw step                | precombat main phase   | Alice       | phase began | precombat_main    |
        | beginning of combat step | declare attackers step | Alice       | step began  | declare_attackers |
        | end step                 | turn                   | Bob         | turn began  |                   |

  @ruling:CR08-420.5a @ruling:CR24-704.5a @edition:cr2008 @edition:cr2024
  Rule: Under the Comprehensive Rules, a player at 0 or less life loses at the next state-based check
    CR 420.3 and 420.5a (2008), CR 117.5 and 704.5a (2024): whenever a player would receive
    priority, a player at 0 or less life loses the game, in the middle of a step or phase. Compare
    the Mirage scenarios above, where the player plays on until the phase ends.

    Scenario: Comprehensive Rules - a player brought to 0 life mid-step loses before anyone gets priority again
      Given the game is at the beginning of Alice's upkeep
      And Alice has 2 life
      And Bob has Shock in hand
      And Bob has {R} in his mana pool
      When Alice passes priority
      And Bob casts Shock targeting Alice
      And both players pass priority
      Then Alice has lost the game
      And Bob has won the game
      And no "step ended" event happened about upkeep

  @ruling:CR08-300.3 @ruling:CR08-420.5a @edition:cr2008
  Rule: Under the 2003-2008 rules, mana burn to 0 life loses at the next state-based check, in the next step
    CR 300.3 and 420.5a (2008): mana burn as the precombat main phase ends brings the player to 0
    life; the game checks state-based effects when the active player would next receive priority,
    in the beginning of combat step, and the player loses there. In Mirage the same player loses
    before the next phase begins (see above).

    Scenario: CR 2008 - mana burn to 0 life loses as the next step gives priority
      Given the game is at the beginning of Alice's precombat main phase
      And Bob has 2 life
      And Bob has {R}{R} in his mana pool
      When the game advances until it is over
      Then Bob has lost the game
      And these events happen in this order:
        | event       | player | subject             | amount |
        | mana burned | Bob    |                     | 2      |
        | phase ended | Alice  | precombat_main      |        |
        | step began  | Alice  | beginning_of_combat |        |
        | player lost | Bob    |                     |        |
