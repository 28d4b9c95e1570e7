Feature: The end step
  Under the Comprehensive Rules the last phase of the turn, the end phase (2004-2008) or ending
  phase (today), has two steps: the end of turn step, today called the end step, then the
  cleanup step. The end step has no turn-based action of its own: abilities that trigger "at end
  of turn" (today "at the beginning of the end step") go on the stack as it begins, then the
  active player gets priority and both players may act. An ability that would trigger "at end of
  turn" but only comes to exist during the end step waits for the next turn's end step. Mirage has
  no end step: its turn ends with the discard and cleanup phases (see ending.feature).

  @ruling:CR24-512.1 @ruling:CR08-312.1
  @edition:cr2008 @edition:cr2024
  Rule: The last phase of the turn is an end step followed by a cleanup step
    CR 512.1 (2025): the ending phase consists of the end step and the cleanup step. CR 312.1
    (2008): the end phase consists of the end of turn step and the cleanup step. Then the next
    turn begins.

    Scenario: End step: after the postcombat main phase come the ending phase, its end step and its cleanup step
      Given the game is at the beginning of Alice's postcombat main phase
      When the game advances to Bob's upkeep
      Then the parts of the turn so far were, in order:
        | part                  |
        | postcombat main phase |
        | ending phase          |
        | end step              |
        | cleanup step          |
        | beginning phase       |
        | untap step            |
        | upkeep step           |
      And it is Bob's upkeep

  @ruling:CR24-513.1 @ruling:CR08-313.1
  @edition:cr2008 @edition:cr2024
  Rule: Nothing happens by itself as the end step begins; the active player gets priority, and both may act
    CR 513.1 (2025): the end step has no turn-based actions; once it begins, the active player
    gets priority. CR 313.1 (2008): as the end of turn step begins its "at end of turn" abilities
    go on the stack (here there are none), then the active player gets priority and players may
    play spells. Nothing is drawn, untapped or discarded and damage stays; the discard down to
    seven and the removal of damage belong to the cleanup step that follows.

    Scenario: End step: it begins with Alice's priority, changes nothing, and Bob may cast an instant in it
      Given the game is at the beginning of Alice's end step
      And Alice has 9 cards in hand
      And Alice controls a tapped Forest
      And Alice controls Hill Giant with 2 damage
      And Bob has Lightning Bolt in hand
      And Bob has {R} in his mana pool
      When the game starts
      Then it is Alice's end step
      And Alice has priority
      And the stack is empty
      And Alice has 9 cards in hand
      And Alice has drawn no cards
      And Forest is tapped
      And Hill Giant has 2 damage
      When Alice passes priority
      And Bob casts Lightning Bolt targeting Alice
      And both players pass priority
      Then Alice has 17 life
      And it is Alice's end step
      And Alice has priority
      When both players pass priority
      Then it is Alice's cleanup step
      And the game waits for Alice to discard

  @ruling:CR24-513.1a @ruling:CR08-313.1
  @edition:cr2008 @edition:cr2024
  Rule: "At end of turn" triggers as each end step begins, like "at the beginning of the end step"
    CR 513.1a (2025): cards printed with "at end of turn" now read "at the beginning of the end
    step". CR 313.1 (2008): "at end of turn" abilities trigger as the end of turn step begins. So
    an "at end of turn" ability triggers at the start of every turn's end step, and "at the
    beginning of your end step" at the start of its controller's own.

    Scenario: End step: "at end of turn" triggers in both players' end steps, "at the beginning of your end step" only in Alice's
      Given the game is at the beginning of Alice's postcombat main phase
      And Alice controls "Dusk Bell", an artifact with "At end of turn, you gain 1 life"
      And Alice controls "Vesper Bell", an artifact with "At the beginning of your end step, you gain 2 life"
      When the game advances to Bob's upkeep
      Then Alice has 23 life
      And these events happen in this order:
        | event      | player | subject |
        | step began | Alice  | end     |
        | triggered  | Alice  |         |
        | triggered  | Alice  |         |
        | step began | Alice  | cleanup |
      When from now on
      And the game advances to Alice's next upkeep
      Then Alice has 24 life
      And these events happen in this order:
        | event        | player | subject   |
        | step began   | Bob    | end       |
        | triggered    | Alice  | Dusk Bell |
        | life changed | Alice  |           |
        | step began   | Bob    | cleanup   |
      And no "triggered" event happened for Alice about Vesper Bell

  @ruling:CR24-513.2 @ruling:CR08-313.2
  @edition:cr2008 @edition:cr2024
  Rule: The end step doesn't back up: a delayed "next end of turn" ability made during it waits for the next turn's end step
    CR 513.2 (2025) and 313.2 (2008): an ability that would trigger at the beginning of the end
    step, created after that step has begun, doesn't trigger until the next turn's end step; the
    step doesn't go back. One created earlier in the turn triggers in this turn's end step. This
    applies only to triggered abilities: an "until end of turn" effect begun in the end step still
    ends in this turn's cleanup step.

    Scenario: End step: a delayed ability made in the upkeep triggers this turn, one made in the end step only in Bob's
      Given the game is at the beginning of Alice's upkeep
      And Alice controls "Morning Bell", an artifact with "At the beginning of your upkeep, Alice gains 1 life at the next end of turn"
      And Alice controls "Evening Bell", an artifact with "At the beginning of your end step, Alice gains 2 life at the next end of turn"
      When the game advances to Bob's upkeep
      Then Alice has 21 life
      When the game advances to Bob's draw step
      Then Alice has 21 life
      When the game advances to Alice's next upkeep
      Then Alice has 23 life
      And these events happen in this order:
        | event        | player | subject | amount |
        | step began   | Bob    | end     |        |
        | life changed | Alice  |         | 2      |
        | turn began   | Alice  |         |        |

    Scenario: End step: Giant Growth cast in the end step still ends in that turn's cleanup step
      Given the game is at the beginning of Alice's end step
      And Alice controls Grizzly Bears
      And Alice has Giant Growth in hand
      And Alice has {G} in her mana pool
      When Alice casts Giant Growth targeting Grizzly Bears
      And both players pass priority
      Then Grizzly Bears is 5/5
      And it is Alice's end step
      When the game advances to Bob's upkeep
      Then Grizzly Bears is 2/2
      And these events happen in this order:
        | event        | player | subject       |
        | step began   | Alice  | cleanup       |
        | effect ended |        | Grizzly Bears |
        | turn began   | Bob    |               |
