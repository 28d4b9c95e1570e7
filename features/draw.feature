@edition:mirage @edition:cr2008 @edition:cr2024
Feature: The draw
  The active player draws a card as the draw phase or draw step begins.

  @ruling:CR24-504.1 @ruling:CR08-304.1 @ruling:GRT-1.8-4
  Rule: The active player draws one card, without using the stack
    Sources: CR 504.1 (2024), CR 304.1 (2004-2008), General Rulings, Turn Order: Draw (drawing is a
    mandatory phase effect in the middle of the draw phase).

    Scenario: Alice draws for her turn
      Given the game is at the beginning of Alice's upkeep
      And Alice has 3 cards in her library
      And Alice has 2 cards in hand
      When the game advances to Alice's draw
      Then Alice has 3 cards in hand
      And Alice has 2 cards in her library
      And it is Alice's draw
      And Alice has priority
      And the stack is empty
