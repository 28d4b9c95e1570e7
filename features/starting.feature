Feature: Starting the game
  Before the first turn, each player's deck is shuffled and becomes their library, one player
  decides who plays first, and each player draws an opening hand of seven cards. The player who
  plays first gives up the draw of their first turn: since Fifth Edition (the Mirage rulings of
  1997) they skip only the card and still have a draw phase; under the Comprehensive Rules they
  skip the whole draw step.

  @ruling:GRT-1.4-1
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: Before the first turn each player's deck is shuffled and becomes that player's library
    Mirage rulebook p. 46: before the first phase of the first turn, each player shuffles the deck
    they brought, which then is their library. The Comprehensive Rules keep the shuffle before the
    opening hands (CR 2004-2008 section 101, CR 2025 section 103). The opponent's right to cut the
    deck is a physical act at the table that no game state records; what can be observed is that
    both libraries are shuffled before any card is drawn from them, and that every card of the
    deck is in the library when the opening hands are drawn.

    Scenario: Starting the game: both decks are shuffled before anyone draws from them
      Given the game is about to begin
      And Bob lost the previous game
      And Alice has 20 cards in her library
      And Bob has 20 cards in his library
      When the game starts
      Then no "card drawn" event happened
      And Alice has 20 cards in her library
      And Bob has 20 cards in his library
      When Bob chooses to draw first
      Then these events happen in this order:
        | event            | player |
        | library shuffled | Alice  |
        | card drawn       | Alice  |
      And these events happen in this order:
        | event            | player |
        | library shuffled | Bob    |
        | card drawn       | Bob    |
      And Alice has 13 cards in her library
      And Bob has 13 cards in his library

  @ruling:GRT-1.4-2
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: The loser of the previous game chooses; after a drawn game the same player chooses again
    Mirage rulebook p. 46: in the players' first game, chance decides who chooses; otherwise the
    loser of the previous game chooses, and after a drawn game the player who chose in that game
    chooses again. The Comprehensive Rules say the same (CR 2004-2008 section 101, CR 2025 section
    103). Chance can't be seen in a single game, so the first-game scenario checks only what
    follows from it: one player is asked before any opening hand is drawn, and the game goes on
    to the first turns from that choice.

    Scenario: Starting the game: in the players' first game someone is asked before any hand is drawn
      Given the game is about to begin
      And this is the players' first game
      When the game starts
      Then no player has priority
      And no "play or draw chosen" event happened
      And no "card drawn" event happened
      And Alice has no cards in hand
      And Bob has no cards in hand
      When the game advances to Alice's upkeep
      Then a "play or draw chosen" event happened
      And Alice has 7 cards in hand
      And Bob has 7 cards in hand

    Scenario: Starting the game: the loser of the previous game chooses who plays first
      Given the game is about to begin
      And Bob lost the previous game
      When the game starts
      Then the game waits for Bob to choose whether to play first
      And no "card drawn" event happened

    Scenario Outline: Starting the game: after a drawn game, the player who chose last time chooses again
      Given the game is about to begin
      And the previous game was a draw and <chooser> chose who played first in it
      When the game starts
      Then the game waits for <chooser> to choose whether to play first

      Examples:
        | chooser |
        | Alice   |
        | Bob     |

  @ruling:GRT-1.4-3 @ruling:CR08-101.6a @ruling:CR24-103.8a
  Rule: The chooser plays or draws; the player who plays first does not draw on their first turn
    Aahz 08/04/97: the chosen player decides whether to go first (the "play or draw" choice), and
    whoever goes first skips the draw of their first draw phase; the phase itself still happens
    (the Mirage rulebook had the whole draw phase skipped; Fifth Edition changed that). Under the
    Comprehensive Rules the player who plays first skips the whole draw step of their first turn
    (CR 101.6a of 2004-2008, CR 103.8a of 2025). The other player draws as usual on their first
    turn.

    @edition:mirage @pair:first-turn-draw
    Scenario: Starting the game: in Mirage the player who plays first has a draw phase without a draw
      Given the game is about to begin
      And Bob lost the previous game
      When Bob chooses to play first
      And the game advances to Bob's draw phase
      Then it is turn 1
      And it is Bob's draw phase
      And Bob has priority
      And Bob has 7 cards in hand
      And Bob has drawn 7 cards
      And Bob has 13 cards in his library
      When the game advances to Alice's draw phase
      Then it is turn 2
      And Alice has 8 cards in hand

    @edition:cr2008 @edition:cr2024 @pair:first-turn-draw
    Scenario: Starting the game: under the Comprehensive Rules the player who plays first skips the draw step
      Given the game is about to begin
      And Bob lost the previous game
      When Bob chooses to play first
      And the game advances to Bob's precombat main phase
      Then it is turn 1
      And the parts of the turn so far were, in order:
        | part                 |
        | beginning phase      |
        | untap step           |
        | upkeep step          |
        | precombat main phase |
      And a "step skipped" event happened for Bob about draw
      And Bob has 7 cards in hand
      And Bob has drawn 7 cards
      When the game advances to Alice's draw step
      Then it is turn 2
      And Alice has 8 cards in hand

    @edition:mirage @edition:cr2008 @edition:cr2024
    Scenario: Starting the game: choosing to draw lets the opponent take the first turn
      Given the game is about to begin
      And Bob lost the previous game
      When Bob chooses to draw first
      And the game advances to Alice's upkeep
      Then it is turn 1
      And it is Alice's upkeep
      And a "play or draw chosen" event happened for Bob about draw
      When the game advances to Bob's upkeep
      Then it is turn 2
      And Alice has 7 cards in hand
      When the game advances to Bob's main phase
      Then Bob has 8 cards in hand

  @ruling:GRT-1.4-4
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: Once the choice is made, each player draws a hand of seven cards and the game begins
    Mirage rulebook p. 46: after the play-or-draw choice, each player draws seven cards and the
    first turn begins. The Comprehensive Rules keep the hand of seven (CR 2004-2008 section 101,
    CR 2025 section 103).

    Scenario: Starting the game: after the choice each player draws an opening hand of seven
      Given the game is about to begin
      And Alice lost the previous game
      When the game starts
      Then the game waits for Alice to choose whether to play first
      And Alice has no cards in hand
      And Bob has no cards in hand
      When Alice chooses to play first
      Then a "play or draw chosen" event happened for Alice about play
      And these events happen in this order:
        | event               | player |
        | play or draw chosen | Alice  |
        | card drawn          | Alice  |
        | turn began          | Alice  |
      And these events happen in this order:
        | event               | player |
        | play or draw chosen | Alice  |
        | card drawn          | Bob    |
        | turn began          | Alice  |
      And Alice has 7 cards in hand
      And Bob has 7 cards in hand
      And Alice has drawn 7 cards
      And Bob has drawn 7 cards
      And Alice has 13 cards in her library
      And Bob has 13 cards in his library
      And it is turn 1
      And it is Alice's turn
