Feature: Phases and steps
  How a turn is divided and how each of its parts begins and ends. Under the Mirage rules a turn
  is a row of phases without steps (untap, upkeep, draw, main, discard, cleanup), each run in
  five parts; under the Comprehensive Rules it is five phases (beginning, precombat main, combat,
  postcombat main, end), three of them divided into steps. A phase or step ends only when every
  player passes in succession with the stack empty. "At the beginning of" effects are processed
  directly in Mirage, the active player's first; under the Comprehensive Rules they go on the
  stack, the active player's first, so the other player's resolve first.

  @edition:mirage @pair:the-parts-of-a-turn
  Rule: A Mirage turn is the untap, upkeep, draw, main, discard and cleanup phases, in that order
    Mirage rulebook pp. 42-47 and the General Rulings on turn order (phases 1 to 6). The beginning
    of turn before the untap is not a phase (see the beginning-of-turn feature); an attack is
    declared from the main phase, so there is no combat phase.

    Scenario: Turn structure: a Mirage turn runs its six phases in order even when nothing happens
      Given it is Alice's turn
      When the game advances to Bob's upkeep
      Then the parts of the turn so far were, in order:
        | part          |
        | untap phase   |
        | upkeep phase  |
        | draw phase    |
        | main phase    |
        | discard phase |
        | cleanup phase |
        | untap phase   |
        | upkeep phase  |
      And it is Bob's upkeep

  @ruling:CR08-300.1 @ruling:WIKI-TS-1 @ruling:CR24-500.1
  @edition:cr2008 @edition:cr2024 @pair:the-parts-of-a-turn
  Rule: A turn is the beginning, precombat main, combat, postcombat main and end phases, in order
    CR 300.1 (2004-2008), CR 500.1 (2025) and the MTG Wiki's turn structure page: five phases in
    this order, each taking place every turn even if nothing happens in it; the beginning, combat
    and end phases are divided into steps that come in order. (When no creature attacks, the
    declare blockers and combat damage steps are skipped; the first scenario has an attack so
    that every step appears.)

    Scenario: Turn structure: a Comprehensive Rules turn runs its five phases and all their steps in order
      Given it is Alice's turn
      And Alice controls Grizzly Bears
      When the game advances to Alice's declare attackers step
      And Alice attacks with Grizzly Bears
      And the game advances to Alice's declare blockers step
      And Bob declares no blockers
      And the game advances to Bob's upkeep
      Then the parts of the turn so far were, in order:
        | part                     |
        | beginning phase          |
        | untap step               |
        | upkeep step              |
        | draw step                |
        | precombat main phase     |
        | combat phase             |
        | beginning of combat step |
        | declare attackers step   |
        | declare blockers step    |
        | combat damage step       |
        | end of combat step       |
        | postcombat main phase    |
        | end phase                |
        | end step                 |
        | cleanup step             |
        | beginning phase          |
        | untap step               |
        | upkeep step              |
      And Bob has 18 life

    Scenario: Turn structure: every phase takes place even when nothing happens in it
      Given it is Alice's turn
      When the game advances to Alice's end step
      Then a "phase began" event happened for Alice about beginning
      And a "phase began" event happened for Alice about precombat main
      And a "phase began" event happened for Alice about combat
      And a "phase began" event happened for Alice about postcombat main
      And a "phase began" event happened for Alice about ending
      And it is Alice's end step
      And Alice has priority

  @ruling:CR08-301.1 @ruling:CR24-501.1
  @edition:cr2008 @edition:cr2024
  Rule: The beginning phase is the untap, upkeep and draw steps, in that order
    CR 301.1 (2004-2008) and CR 501.1 (2024): the beginning phase has three steps, untap, upkeep
    and draw, in that order.

    Scenario: Turn structure: the beginning phase is the untap step, then the upkeep step, then the draw step
      Given it is Alice's turn
      And Alice has 5 cards in her library
      When the game advances to Alice's precombat main phase
      Then the parts of the turn so far were, in order:
        | part                 |
        | beginning phase      |
        | untap step           |
        | upkeep step          |
        | draw step            |
        | precombat main phase |
      And these events happen in this order:
        | event      | player | subject        |
        | step ended | Alice  | upkeep         |
        | card drawn | Alice  |                |
        | step ended | Alice  | draw           |
        | phase ended | Alice  | beginning      |
        | phase began | Alice  | precombat_main |
      And Alice has 4 cards in her library

  @ruling:GRT-1.3-1
  @edition:mirage
  Rule: A Mirage phase runs in five parts: beginning effects, main body, end effects, mana burn, life check
    Mirage rulebook p. 42: first the effects that happen at the beginning of the phase are
    processed; then comes the main body, where spells and abilities may be announced; then the
    effects that happen at the end of the phase (once they start, nobody may go back and announce
    more); then mana burn; last, each player's life total is checked. In the discard phase the
    discard down to seven cards is the end-of-phase effect.

    Scenario: Turn structure: a Mirage discard phase runs its five parts in order
      Given the game is at the beginning of Alice's discard phase
      And Alice controls "Sun Totem", an artifact with "At the beginning of your discard phase, you gain 1 life"
      And Alice has 7 cards in hand
      And Alice has Giant Growth in hand
      And Alice controls Grizzly Bears
      And Alice has {G}{G}{G} in her mana pool
      And Alice has 2 life
      When the game starts
      Then Alice has 3 life
      And Alice has priority
      And the stack is empty
      When both players pass priority
      Then the game waits for Alice to discard
      When Alice tries to cast Giant Growth targeting Grizzly Bears
      Then the game refuses it
      When Alice discards Island
      Then Alice has 7 cards in hand
      And Alice has 0 life
      And Alice has lost the game
      And these events happen in this order:
        | event          | player | subject | amount |
        | phase began    | Alice  | discard |        |
        | life changed   | Alice  |         | 1      |
        | priority passed | Alice  |         |        |
        | priority passed | Bob    |         |        |
        | discarded      | Alice  |         |        |
        | mana burned    | Alice  |         | 3      |
        | player lost    | Alice  |         |        |

  @ruling:GRT-1.3-3
  @edition:mirage
  Rule: A Mirage phase can't move on to its end until its phase costs and mandatory phase effects are dealt with
    Mirage rulebook p. 42: the main body of a phase doesn't give way to the end of the phase while
    a phase cost or a mandatory phase effect (other than one done at the end of the phase) is still
    to be dealt with. The untap of the untap phase and an upkeep cost are such things.

    Scenario: Turn structure: the Mirage untap phase goes on until the untap has resolved
      Given the game is at the beginning of Alice's untap phase
      And Alice controls a tapped Forest
      When the game starts
      Then the stack holds, from the top, untap
      And Forest is tapped
      And Alice has priority
      When both players pass priority
      Then Forest is untapped
      And the stack is empty
      And it is Alice's untap phase
      And Alice has priority
      When both players pass priority
      Then it is Alice's upkeep

    Scenario: Turn structure: the Mirage upkeep can't be passed through while an upkeep cost is unpaid
      Given the game is at the beginning of Alice's upkeep
      And Alice controls Nicol Bolas
      And Alice has {U}{B}{R} in her mana pool
      When the game starts
      Then it is Alice's upkeep
      And the game waits for Alice to pay the upkeep cost
      When Alice tries to pass priority
      Then the game refuses it
      And it is Alice's upkeep
      When Alice pays the upkeep cost
      Then Alice's mana pool is empty
      And Alice controls Nicol Bolas
      And it is Alice's upkeep
      And Alice has priority

  @ruling:GRT-1.3-2 @ruling:CR08-300.5 @ruling:WIKI-TS-2 @ruling:CR24-500.6 @ruling:CR08-410.3 @pair:beginning-of-phase-order
  Rule: "At the beginning of" effects: Mirage processes the active player's first; the CR stacks the active player's first
    Mirage rulebook p. 42: when several things happen at the beginning (or end) of a phase, they
    are handled like specialized abilities, without the stack: the active player deals with all of
    theirs, in the order they like, then the opponent with theirs. CR 300.5 (2004-2008) and CR
    500.6 (2025): abilities that trigger "at the beginning of" a phase or step go on the stack as
    it begins, before anyone gets priority; they go on in APNAP order (CR 410.3 of 2004-2008, MTG
    Wiki turn structure page), the active player's first, each player putting theirs in the order
    they wish, so the non-active player's are on top and resolve first. Then the active player
    gets priority, and players may respond. (Abilities that are the same are interchangeable, so
    no order is asked for them.)

    @edition:mirage
    Scenario: Turn structure: in Mirage the active player's beginning-of-upkeep effect happens first, without the stack
      Given the game is at the beginning of Alice's upkeep
      And Alice controls "Sun Totem", an artifact with "At the beginning of each player's upkeep, you gain 1 life"
      And Bob controls "Moon Totem", an artifact with "At the beginning of each player's upkeep, you gain 2 life"
      When the game starts
      Then Alice has 21 life
      And Bob has 22 life
      And the stack is empty
      And Alice has priority
      And these events happen in this order:
        | event        | player | amount |
        | life changed | Alice  | 1      |
        | life changed | Bob    | 2      |

    @edition:cr2008 @edition:cr2024
    Scenario: Turn structure: under the CR the active player's upkeep trigger goes on the stack first and resolves last
      Given the game is at the beginning of Alice's upkeep
      And Alice controls "Sun Totem", an artifact with "At the beginning of each player's upkeep, you gain 1 life"
      And Bob controls "Moon Totem", an artifact with "At the beginning of each player's upkeep, you gain 2 life"
      When the game starts
      Then it is Alice's upkeep
      And Alice has priority
      And the stack holds, from the top, Moon Totem and Sun Totem
      And Alice has 20 life
      And Bob has 20 life
      When both players pass priority
      Then Bob has 22 life
      And Alice has 20 life
      And the stack holds, from the top, Sun Totem
      And Alice has priority
      When both players pass priority
      Then Alice has 21 life
      And the stack is empty
      And it is Alice's upkeep

    @edition:mirage
    Scenario Outline: Turn structure: in Mirage Alice processes her own upkeep effects in the order she chooses
      Given the game is at the beginning of Alice's upkeep
      And Alice has 1 life
      And Alice controls Juzam Djinn
      And Alice controls Fountain of Renewal
      When the game starts
      Then the game waits for Alice to order her abilities
      When Alice orders her abilities to resolve: <first>, then <second>
      Then these events happen in this order:
        | event        | player | amount         |
        | life changed | Alice  | <first change> |
        | life changed | Alice  | <then change>  |
      And Alice has 1 life
      And Alice has not lost the game

      Examples:
        | first               | second              | first change | then change |
        | Juzam Djinn         | Fountain of Renewal | -1           | 1           |
        | Fountain of Renewal | Juzam Djinn         | 1            | -1          |

    @edition:cr2008 @edition:cr2024
    Scenario Outline: Turn structure: under the CR Alice puts her own upkeep triggers on the stack in the order she chooses
      Given the game is at the beginning of Alice's upkeep
      And Alice controls Juzam Djinn
      And Alice controls Fountain of Renewal
      When the game starts
      Then the game waits for Alice to order her abilities
      When Alice orders her abilities to resolve: <first>, then <second>
      Then the stack holds, from the top, <first> and <second>
      And Alice has priority
      When both players pass priority
      Then the stack holds, from the top, <second>

      Examples:
        | first               | second              |
        | Juzam Djinn         | Fountain of Renewal |
        | Fountain of Renewal | Juzam Djinn         |

    @edition:cr2008 @edition:cr2024
    Scenario: Turn structure: Alice can't leave one of her own triggers out of the order
      Given the game is at the beginning of Alice's upkeep
      And Alice controls Juzam Djinn
      And Alice controls Fountain of Renewal
      When Alice tries to order her abilities to resolve: Juzam Djinn
      Then the game refuses it
      And the game waits for Alice to order her abilities

    @edition:cr2008 @edition:cr2024
    Scenario: Turn structure: players may respond to a beginning-of-upkeep trigger before it resolves
      Given the game is at the beginning of Alice's upkeep
      And Alice controls "Sun Totem", an artifact with "At the beginning of your upkeep, you gain 1 life"
      And Alice has 5 life
      And Bob has Lightning Bolt in hand
      And Bob has {R} in his mana pool
      When the game starts
      Then the stack holds, from the top, Sun Totem
      When Alice passes priority
      And Bob casts Lightning Bolt targeting Alice
      Then the stack holds, from the top, Lightning Bolt and Sun Totem
      When both players pass priority
      Then Alice has 2 life
      When both players pass priority
      Then Alice has 3 life
      And it is Alice's upkeep

  @ruling:CR08-300.2 @ruling:CR05-300.2 @ruling:WIKI-TS-3 @ruling:CR24-500.2
  Rule: A phase or step ends only when all players pass in succession with the stack empty
    CR 300.2 (2008 text, and its 2005 wording), CR 500.2 (2025) and the MTG Wiki's turn structure
    page: the stack becoming empty doesn't end a phase or step; all players must pass in
    succession with nothing on it, so each of them gets a chance to add something first. No game
    event happens between turns, phases or steps. The Mirage main body works the same way: after
    a batch resolves, players may start another, and the phase moves on only when both decline.

    @edition:mirage @edition:cr2008 @edition:cr2024
    Scenario: Turn structure: emptying the stack does not end the upkeep
      Given the game is at the beginning of Alice's upkeep
      And Alice controls Grizzly Bears
      And Alice has Giant Growth in hand
      And Alice has {G} in her mana pool
      When Alice casts Giant Growth targeting Grizzly Bears
      And both players pass priority
      Then the stack is empty
      And Grizzly Bears is 5/5
      And it is Alice's upkeep
      And Alice has priority
      When Alice passes priority
      Then it is Alice's upkeep
      And Bob has priority
      When Bob passes priority
      Then it is Alice's draw

    @edition:mirage @edition:cr2008 @edition:cr2024
    Scenario: Turn structure: the opponent may still act after the active player passes with an empty stack
      Given the game is at the beginning of Alice's upkeep
      And Bob has Lightning Bolt in hand
      And Bob has {R} in his mana pool
      When Alice passes priority
      And Bob casts Lightning Bolt targeting Alice
      And both players pass priority
      Then Alice has 17 life
      And it is Alice's upkeep
      And Alice has priority
      When both players pass priority
      Then it is Alice's draw

  @ruling:CR08-300.2 @ruling:CR24-500.3
  @edition:cr2008 @edition:cr2024
  Rule: A step in which nobody gets priority ends when its actions are done
    CR 300.2 (2008 text) and CR 500.3 (2025): the untap step, where no player gets priority, ends
    as soon as its actions (phasing, untapping) are complete.

    Scenario: Turn structure: the untap step ends without anyone receiving priority
      Given it is Alice's turn
      And Alice controls a tapped Forest
      When the game starts
      Then it is Alice's upkeep
      And Alice has priority
      And Forest is untapped
      And no "priority passed" event happened
      And these events happen in this order:
        | event      | player | subject |
        | step began | Alice  | untap   |
        | untapped   | Alice  |         |
        | step ended | Alice  | untap   |
        | step began | Alice  | upkeep  |

  @ruling:WIKI-TS-3 @ruling:CR24-500.4 @pair:mana-burn
  Rule: What happens to unspent mana when a phase or step ends differs by edition
    MTG Wiki turn structure page and CR 500.4 (2025): since Magic 2010, every player's mana pool
    empties whenever a step or phase ends, with no loss of life. Under the 2004-2008 rules (CR
    300.3) mana survives from step to step and is lost, with mana burn, only when a phase ends;
    in Mirage every phase ends with mana burn (Mirage rulebook p. 9).

    @edition:cr2024
    Scenario: Turn structure: today mana empties when the upkeep step ends, without loss of life
      Given the game is at the beginning of Alice's upkeep
      And Alice has {G}{G} in her mana pool
      When both players pass priority
      Then it is Alice's draw step
      And Alice's mana pool is empty
      And Alice has 20 life
      And a "mana emptied" event happened for Alice with amount 2
      And no "mana burned" event happened

    @edition:cr2008
    Scenario: Turn structure: in 2008 mana lasts from the upkeep step to the draw step and burns when the phase ends
      Given the game is at the beginning of Alice's upkeep
      And Alice has {G}{G} in her mana pool
      When both players pass priority
      Then it is Alice's draw step
      And Alice has {G}{G} in her mana pool
      And Alice has 20 life
      When both players pass priority
      Then it is Alice's precombat main phase
      And Alice's mana pool is empty
      And Alice has 18 life
      And a "mana burned" event happened for Alice with amount 2

    @edition:mirage
    Scenario: Turn structure: in Mirage mana burns when the upkeep phase ends
      Given the game is at the beginning of Alice's upkeep
      And Alice has {G}{G} in her mana pool
      When both players pass priority
      Then it is Alice's draw phase
      And Alice's mana pool is empty
      And Alice has 18 life
      And a "mana burned" event happened for Alice with amount 2

  @ruling:CR08-300.4 @ruling:CR24-500.5
  Rule: An "until end of turn" effect outlasts every phase and step and ends in the cleanup
    CR 300.4 (2004-2008) and CR 500.5 (2025): effects that last "until end of" a phase or step
    end as it ends, those that last "until" a phase or step end as it begins, and "until end of
    turn" effects end in the cleanup step (CR 314.2 of 2004-2008, CR 514.2 of 2025). In Mirage
    they end in the cleanup phase too (Mirage rulebook p. 47). Giant Growth's bonus survives the
    end of the phase it was cast in and of every later one, and ends only in the cleanup. A bonus
    written out to last "until the beginning of the next" part of the turn ends as that part
    begins: under the CR as the phase or step begins, in Mirage (whose turn is made of phases) in
    the first part of that phase, where its beginning effects happen (Mirage rulebook p. 42), and
    not at the end of the turn. A bonus written out to last "until end of" a step ends as that step
    ends; one "until end of combat" lasts through the end of combat step and ends with the combat
    phase (CR 300.4 of 2004-2008, CR 500.5 and 511.2 of 2025).

    @edition:cr2008 @edition:cr2024
    Scenario: Turn structure: Giant Growth cast in the precombat main phase lasts until the cleanup step
      Given the game is at the beginning of Alice's precombat main phase
      And Alice controls Grizzly Bears
      And Alice has Giant Growth in hand
      And Alice has {G} in her mana pool
      When Alice casts Giant Growth targeting Grizzly Bears
      And both players pass priority
      Then Grizzly Bears is 5/5
      When the game advances to Alice's postcombat main phase
      Then Grizzly Bears is 5/5
      When the game advances to Alice's end step
      Then Grizzly Bears is 5/5
      When the game advances to Bob's upkeep
      Then Grizzly Bears is 2/2
      And these events happen in this order:
        | event        | player | subject        |
        | phase ended  | Alice  | precombat_main |
        | step began   | Alice  | end            |
        | step began   | Alice  | cleanup        |
        | effect ended |        | Grizzly Bears  |
        | turn ended   | Alice  |                |

    @edition:mirage
    Scenario: Turn structure: in Mirage Giant Growth cast in the main phase lasts until the cleanup phase
      Given the game is at the beginning of Alice's main phase
      And Alice controls Grizzly Bears
      And Alice has Giant Growth in hand
      And Alice has {G} in her mana pool
      When Alice casts Giant Growth targeting Grizzly Bears
      And both players pass priority
      Then Grizzly Bears is 5/5
      When the game advances to Alice's discard phase
      Then Grizzly Bears is 5/5
      When the game advances to Bob's upkeep
      Then Grizzly Bears is 2/2
      And these events happen in this order:
        | event        | player | subject       |
        | phase ended  | Alice  | main          |
        | phase ended  | Alice  | discard       |
        | phase began  | Alice  | cleanup       |
        | effect ended |        | Grizzly Bears |
        | turn ended   | Alice  |               |

    @edition:mirage
    Scenario: Turn structure: in Mirage a bonus until the beginning of the next upkeep outlasts the turn and ends as Bob's upkeep phase begins
      Given the game is at the beginning of Alice's main phase
      And Alice controls Grizzly Bears
      And Alice has "Surge of Strength", an instant with "Target creature gets +3/+3 until the beginning of the next upkeep", in hand
      When Alice casts Surge of Strength targeting Grizzly Bears
      And both players pass priority
      Then Grizzly Bears is 5/5
      When the game advances to Alice's discard phase
      Then Grizzly Bears is 5/5
      When the game advances to Bob's upkeep
      Then Grizzly Bears is 2/2
      And these events happen in this order:
        | event        | player | subject       |
        | phase began  | Alice  | cleanup       |
        | turn ended   | Alice  |               |
        | phase began  | Bob    | untap         |
        | phase began  | Bob    | upkeep        |
        | effect ended |        | Grizzly Bears |

    @edition:cr2008 @edition:cr2024
    Scenario: Turn structure: a bonus until the beginning of the next combat phase ends as the combat phase begins
      Given the game is at the beginning of Alice's precombat main phase
      And Alice controls Grizzly Bears
      And Alice has "Surge of Strength", an instant with "Target creature gets +3/+3 until the beginning of the next combat phase", in hand
      When Alice casts Surge of Strength targeting Grizzly Bears
      And both players pass priority
      Then Grizzly Bears is 5/5
      When the game advances to Alice's beginning of combat step
      Then Grizzly Bears is 2/2
      And these events happen in this order:
        | event        | player | subject        |
        | phase ended  | Alice  | precombat_main |
        | phase began  | Alice  | combat         |
        | effect ended |        | Grizzly Bears  |
        | step began   | Alice  | beginning_of_combat |

    @edition:cr2008 @edition:cr2024
    Scenario: Turn structure: a bonus until end of upkeep ends as the upkeep step ends, before the draw step
      Given the game is at the beginning of Alice's upkeep
      And Alice controls Grizzly Bears
      And Alice has "Brief Vigor", an instant with "Target creature gets +1/+1 until end of upkeep", in hand
      When Alice casts Brief Vigor targeting Grizzly Bears
      And both players pass priority
      Then Grizzly Bears is 3/3
      And it is Alice's upkeep
      When the game advances to Alice's draw step
      Then Grizzly Bears is 2/2
      And these events happen in this order:
        | event        | player | subject       |
        | effect ended |        | Grizzly Bears |
        | step ended   | Alice  | upkeep        |
        | step began   | Alice  | draw          |

    @edition:cr2008 @edition:cr2024
    Scenario: Turn structure: a bonus until end of combat lasts through the end of combat step and ends with the combat phase
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Alice has "Battle Fury", an instant with "Target creature gets +2/+2 until end of combat", in hand
      When Alice attacks with Grizzly Bears
      And Alice casts Battle Fury targeting Grizzly Bears
      And both players pass priority
      Then Grizzly Bears is 4/4
      When the game advances to Alice's end of combat step
      Then Grizzly Bears is 4/4
      And Bob has 16 life
      When the game advances to Alice's postcombat main phase
      Then Grizzly Bears is 2/2
      And these events happen in this order:
        | event        | player | subject       |
        | step ended   | Alice  | end of combat |
        | effect ended |        | Grizzly Bears |
        | phase ended  | Alice  | combat        |
