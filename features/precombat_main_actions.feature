Feature: The turn-based actions that begin the precombat main phase
  Under the current Comprehensive Rules the precombat main phase begins with up to three
  turn-based actions, in this order, before the active player gets priority: the archenemy sets a
  scheme in motion, the active player puts a lore counter on each of their Sagas, and the active
  player rolls to visit their Attractions. None of them uses the stack; the abilities they make
  trigger do. Only the first main phase of the turn is the precombat main phase (CR 505.1a).

  @ruling:CR24-505.4 @ruling:CR24-703.4f
  @edition:cr2024
  Rule: As her precombat main phase begins, the active player puts a lore counter on each of her Sagas with a chapter ability
    CR 505.4 and 703.4f (2025): right after the precombat main phase begins, the active player puts
    a lore counter on each Saga she controls that has one or more chapter abilities. It is a
    turn-based action that doesn't use the stack. A chapter ability triggers when the lore counters
    reach its chapter number (CR 714), and goes on the stack before the active player gets priority.
    A Saga without chapter abilities gets no counter, nor do the Sagas of the other players, and
    neither the postcombat main phase nor an additional main phase is a precombat main phase
    (CR 505.1a).

    Scenario: Sagas: Alice's Saga gets its lore counter before she gets priority, and its chapter II ability waits on the stack
      Given the game is at the beginning of Alice's precombat main phase
      And Alice controls "Chronicle", a Saga with 1 lore counter and "I — you gain 1 life" and "II — you gain 2 life" and "III — you gain 3 life"
      Then it is Alice's precombat main phase
      And Alice has priority
      And Chronicle has 2 lore counters
      And the stack holds, from the top, Chronicle
      And Alice has 20 life
      And these events happen in this order:
        | event          | player | subject        | amount | counter |
        | phase began    | Alice  | precombat main |        |         |
        | counters added | Alice  | Chronicle      | 1      | lore    |
        | triggered      | Alice  | Chronicle      |        |         |
      And no "priority passed" event happened
      When both players pass priority
      Then Alice has 22 life
      And the stack is empty
      And Chronicle has 2 lore counters
      And it is Alice's precombat main phase

    Scenario: Sagas: a Saga without chapter abilities gets no lore counter, nor does Bob's Saga in Alice's turn
      Given the game is at the beginning of Alice's precombat main phase
      And Alice controls "Blank Tale", a Saga with 1 lore counter
      And Bob controls "Old Tale", a Saga with 1 lore counter and "II — you gain 2 life"
      Then it is Alice's precombat main phase
      And Alice has priority
      And Blank Tale has 1 lore counter
      And Old Tale has 1 lore counter
      And the stack is empty
      And no "counters added" event happened

    Scenario: Sagas: Alice's Saga without chapter abilities doesn't keep her other Saga from its lore counter
      Given the game is at the beginning of Alice's precombat main phase
      And Alice controls "Blank Tale", a Saga with 1 lore counter
      And Alice controls "Chronicle", a Saga with 1 lore counter and "I — you gain 1 life" and "II — you gain 2 life" and "III — you gain 3 life"
      Then Blank Tale has 1 lore counter
      And Chronicle has 2 lore counters
      And the stack holds, from the top, Chronicle

    Scenario: Sagas: the additional main phase and the postcombat main phase put no lore counter on Alice's Saga
      Given the game is at the beginning of Alice's precombat main phase
      And Alice controls "Chronicle", a Saga with "I — you gain 1 life" and "II — you gain 2 life" and "III — you gain 3 life"
      And Alice has Relentless Assault in hand
      And Alice has {R}{R}{R}{R} in her mana pool
      Then Chronicle has 1 lore counter
      And the stack holds, from the top, Chronicle
      When both players pass priority
      And Alice casts Relentless Assault
      And both players pass priority
      And from now on
      And the game advances to Alice's end step
      Then Chronicle has 1 lore counter
      And Alice has 21 life
      And no "counters added" event happened
      And a "phase began" event happened for Alice about postcombat main

  @ruling:CR24-505.3 @ruling:CR24-703.4e
  @edition:cr2024
  Rule: The archenemy's precombat main phase begins with her setting her top scheme in motion, before the Sagas' lore counters
    CR 505.3 and 703.4e (2025): in an Archenemy game (CR 904), right after the archenemy's
    precombat main phase begins, she sets the top card of her scheme deck in motion (CR 701.32).
    It is the first of these turn-based actions, before the lore counters of 703.4f, and it doesn't
    use the stack; the scheme's "when you set this scheme in motion" ability triggers and goes on
    the stack before she gets priority. It happens in the archenemy's turns only, and only in
    their precombat main phase.

    Scenario: Archenemy: Alice sets her top scheme in motion before the lore counter, and its ability waits on the stack
      Given the game is at the beginning of Alice's precombat main phase
      And Alice is the archenemy, whose scheme deck holds, from the top, "Feed the Machine" with "When you set this scheme in motion, you gain 2 life" and "Plot" with "When you set this scheme in motion, you gain 5 life"
      And Alice controls "Chronicle", a Saga with "II — you gain 3 life"
      Then it is Alice's precombat main phase
      And Alice has priority
      And the stack holds, from the top, Feed the Machine
      And Chronicle has 1 lore counter
      And these events happen in this order:
        | event                | player | subject          | counter |
        | phase began          | Alice  | precombat main   |         |
        | scheme set in motion | Alice  | Feed the Machine |         |
        | counters added       | Alice  | Chronicle        | lore    |
        | triggered            | Alice  | Feed the Machine |         |
      And no "scheme set in motion" event happened about Plot
      And no "priority passed" event happened
      When both players pass priority
      Then Alice has 22 life
      And the stack is empty
      And it is Alice's precombat main phase

    Scenario: Archenemy: no scheme is set in motion in Bob's turn, nor in Alice's postcombat main phase
      Given the game is at the beginning of Bob's precombat main phase
      And Alice is the archenemy, whose scheme deck holds, from the top, "Feed the Machine" with "When you set this scheme in motion, you gain 2 life" and "Plot" with "When you set this scheme in motion, you gain 5 life"
      When the game advances to Bob's end step
      Then no "scheme set in motion" event happened
      When the game advances to Alice's precombat main phase
      Then a "scheme set in motion" event happened for Alice about Feed the Machine
      When from now on
      And the game advances to Alice's end step
      Then no "scheme set in motion" event happened
      And Alice has 22 life

  @ruling:CR24-505.5 @ruling:CR24-703.4g
  @edition:cr2024
  Rule: Right after the lore counters, the active player rolls to visit her Attractions, if she controls any
    CR 505.5 and 703.4g (2025): once the lore counters are placed, if the active player controls one
    or more Attractions she rolls to visit them (CR 701.52): she rolls a six-sided die, and each
    of her Attractions with the result among its lit numbers is visited, so its visit ability
    triggers and goes on the stack before she gets priority. The roll doesn't use the stack. A
    player who controls no Attraction doesn't roll. Most Attractions here have all six numbers
    lit, so whatever the die shows they are visited; two with no lit number in common share the
    six, so whatever the die shows exactly one of them is visited.

    Scenario: Attractions: Alice rolls to visit right after her Saga's lore counter, and the visit ability waits on the stack
      Given the game is at the beginning of Alice's precombat main phase
      And Alice controls "Chronicle", a Saga with "II — you gain 3 life"
      And Alice controls "Ferris Wheel", an Attraction with "Visit on 1, 2, 3, 4, 5 or 6 — you gain 2 life"
      Then it is Alice's precombat main phase
      And Alice has priority
      And the stack holds, from the top, Ferris Wheel
      And these events happen in this order:
        | event          | player | subject        | counter |
        | phase began    | Alice  | precombat main |         |
        | counters added | Alice  | Chronicle      | lore    |
        | die rolled     | Alice  |                |         |
        | triggered      | Alice  | Ferris Wheel   |         |
      And no "priority passed" event happened
      When both players pass priority
      Then Alice has 22 life
      And the stack is empty
      And it is Alice's precombat main phase

    Scenario: Attractions: of Alice's two Attractions with no lit number in common, exactly one is visited
      Given the game is at the beginning of Alice's precombat main phase
      And Alice controls "Low Ride", an Attraction with "Visit on 1, 2 or 3 — you gain 2 life"
      And Alice controls "High Ride", an Attraction with "Visit on 4, 5 or 6 — you gain 2 life"
      Then a "die rolled" event happened for Alice
      When both players pass priority
      Then Alice has 22 life
      And the stack is empty
      And it is Alice's precombat main phase

    Scenario: Attractions: Alice, who controls no Attraction, doesn't roll; Bob rolls for his in his own precombat main phase only
      Given the game is at the beginning of Alice's precombat main phase
      And Bob controls "Ferris Wheel", an Attraction with "Visit on 1, 2, 3, 4, 5 or 6 — you gain 2 life"
      Then Alice has priority
      And the stack is empty
      And no "die rolled" event happened
      When the game advances to Bob's precombat main phase
      Then a "die rolled" event happened for Bob
      And the stack holds, from the top, Ferris Wheel
      When from now on
      And the game advances to Bob's end step
      Then no "die rolled" event happened
      And Bob has 22 life
