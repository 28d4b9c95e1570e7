Feature: The draw
  The active player draws a card in the draw phase (Mirage) or the draw step, the third step of the
  beginning phase (Comprehensive Rules). Under the Comprehensive Rules the card is drawn first, then
  draw-step triggers go on the stack, then the active player gets priority; under the Mirage rules
  the draw is a phase effect in the middle of the phase, after the beginning-of-phase effects.
  Only effects add or take away draws, and a player who must draw from an empty library loses.

  @ruling:CR24-504.1 @ruling:CR24-504.2 @ruling:CR08-304.1 @ruling:GRT-1.8-4 @ruling:WIKI-BP-5
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: The active player draws one card, without using the stack, before anyone acts
    CR 504.1-504.2 (2024) and CR 304.1 (2004-2008): first the active player draws a card, a
    turn-based action that doesn't use the stack, then she gets priority. General Rulings, Turn
    Order: Draw (uncited): in Mirage the draw is a mandatory phase effect of the draw phase.

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

  @ruling:GRT-1.8-4
  @edition:mirage @pair:the-draw-and-draw-triggers
  Rule: In Mirage, the draw comes in the middle of the draw phase, after its beginning-of-phase effects
    General Rulings, Turn Order: Draw (uncited): drawing is a mandatory phase effect done in the
    middle of the phase; Mirage rulebook p. 42: effects at the beginning of a phase are processed
    first, then the main body of the phase. So an effect "at the beginning of your draw phase"
    happens before the draw. Compare the next Rule, where the Comprehensive Rules reverse the order.

    Scenario: Draw (Mirage): a beginning-of-draw-phase effect is processed before the draw
      Given the game is at the beginning of Alice's draw phase
      And Alice's library holds, from the top, Grizzly Bears and Forest
      And Alice controls "Dawn Scroll", an artifact with "At the beginning of your draw phase, you draw a card"
      When the game starts
      Then these events happen in this order:
        | event      | player | subject       |
        | triggered  | Alice  | Dawn Scroll   |
        | card drawn | Alice  | Grizzly Bears |
        | card drawn | Alice  | Forest        |
      And Alice has 2 cards in hand
      And the stack is empty
      And it is Alice's draw phase
      And Alice has priority

  @ruling:CR08-304.1 @ruling:CR24-504.1 @ruling:CR24-504.2 @ruling:WIKI-BP-5
  @edition:cr2008 @edition:cr2024 @pair:the-draw-and-draw-triggers
  Rule: Under the Comprehensive Rules, the card is drawn first, then draw-step triggers go on the stack, then priority
    CR 304.1 (2004-2008): the active player draws, then abilities that trigger at the beginning of
    the draw step (and any others that triggered) go on the stack, then she gets priority. CR
    504.1-504.2 (2024) with CR 117.5 and the MTG Wiki's Beginning phase say the same today.

    Scenario: Draw: the card is drawn before the draw-step trigger goes on the stack
      Given the rules checker watches the game
      And the game is at the beginning of Alice's draw step
      And Alice's library holds, from the top, Grizzly Bears and Forest
      And Alice controls "Dawn Scroll", an artifact with "At the beginning of your draw step, you draw a card"
      When the game starts
      Then Alice has Grizzly Bears in hand
      And Alice has 1 card in hand
      And the stack holds, from the top, Dawn Scroll
      And Alice has priority
      When both players pass priority
      Then Alice has Forest in hand
      And Alice has 2 cards in hand
      And the stack is empty
      And it is Alice's draw step
      And Alice has priority
      And these events happen in this order:
        | event      | player | subject       |
        | card drawn | Alice  | Grizzly Bears |
        | triggered  | Alice  | Dawn Scroll   |
        | card drawn | Alice  | Forest        |
      And the rules checker finds no violation in the game

  @ruling:GRT-1.8-1 @ruling:GRT-1.8-6
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: Either player may use fast effects (instants) during the draw, and acting there draws no more cards
    Mirage rulebook p. 46: fast effects may be used in the draw phase by any player; the 2004-2008
    and current rules let a player cast an instant whenever she has priority (CR 408.1d; 117.1a).
    General Rulings, Turn Order: Draw: the draw isn't repeated when players act in the phase.

    Scenario: Draw: both players cast instants in Alice's draw
      Given the game is at the beginning of Alice's draw
      And Alice controls Grizzly Bears
      And Alice has Giant Growth in hand
      And Alice has {G} in her mana pool
      And Bob has Lightning Bolt in hand
      And Bob has {R} in his mana pool
      When Alice casts Giant Growth targeting Grizzly Bears
      And Alice passes priority
      And Bob casts Lightning Bolt targeting Alice
      Then the stack holds, from the top, Lightning Bolt and Giant Growth
      When both players pass priority
      Then Alice has 17 life
      And it is Alice's draw
      And Alice has priority
      When both players pass priority
      Then Grizzly Bears is 5/5
      And the stack is empty
      And it is Alice's draw
      And Alice has priority
      And Alice has drawn 1 card

  @ruling:GRT-1.8-5
  @edition:mirage @pair:howling-mine-draws
  Rule: In Mirage, each Howling Mine gives its own additional draw in the draw phase
    WotC Rules Team 10/12/94: every effect that provides additional draws is a separate draw effect;
    three Howling Mines give three draws besides the normal one, not one combined draw. Howling Mine
    gives the extra card to every player in their own draw phase, whoever controls it.

    Scenario: Draw (Mirage): two Howling Mines give Alice two separate additional draws
      Given the game is at the beginning of Alice's draw phase
      And Alice controls Howling Mine
      And Bob controls Howling Mine
      And Alice has 5 cards in her library
      When the game starts
      Then Alice has 3 cards in hand
      And Alice has drawn 3 cards
      And Alice has 2 cards in her library
      And Bob has drawn no cards
      And the stack is empty
      And Alice has priority

  @ruling:GRT-1.8-5
  @edition:cr2008 @edition:cr2024 @pair:howling-mine-draws
  Rule: Under the Comprehensive Rules, each Howling Mine triggers separately after the normal draw
    Howling Mine's Oracle text is a triggered ability: "at the beginning of each player's draw step,
    if it is untapped, that player draws an additional card". Each Mine's ability goes on the stack
    and resolves on its own (CR 304.1 (2004-2008); CR 504.1, 603.3 (2024)), after the draw of CR 504.1.

    Scenario: Draw: two Howling Mines trigger separately, after the normal draw
      Given the game is at the beginning of Alice's draw step
      And Alice controls Howling Mine
      And Bob controls Howling Mine
      And Alice has 5 cards in her library
      When the game starts
      Then Alice has 1 card in hand
      And Alice has priority
      When both players pass priority
      Then Alice has 2 cards in hand
      And it is Alice's draw step
      And Alice has priority
      When both players pass priority
      Then Alice has 3 cards in hand
      And Alice has 2 cards in her library
      And Bob has drawn no cards
      And the stack is empty
      And it is Alice's draw step

  @ruling:GRT-1.8-6
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: A player neither skips her draw nor draws extra cards unless an effect says so
    General Rulings, Turn Order: Draw (uncited). Without effects, each player draws exactly one card
    in her own draw; Fatigue (target player skips her next draw phase or step) and Necropotence (skip
    your draw phase or step) take it away. Skipping a step or phase proceeds past it as though it
    didn't exist (CR 300.9 (2004-2008); 500.11, 614.10 (2024)), so nothing is drawn in it.

    Scenario: Draw: without any effect, each player draws exactly one card in her own draw
      Given it is Alice's turn
      And Alice has 5 cards in her library
      And Bob has 5 cards in his library
      When the game advances to Alice's main phase
      Then Alice has drawn 1 card
      And Alice has 4 cards in her library
      And Bob has drawn no cards
      When the game advances to Bob's main phase
      Then Bob has drawn 1 card
      And Alice has drawn 1 card

    Scenario: Draw: Fatigue makes Alice skip her next draw, and only that one
      Given the game is at the beginning of Bob's main phase
      And Bob has Fatigue in hand
      And Bob has {U}{U} in his mana pool
      And Alice has 5 cards in her library
      When Bob casts Fatigue targeting Alice
      And both players pass priority
      And the game advances to Alice's main phase
      Then Alice has drawn no cards
      And Alice has 5 cards in her library
      When the game advances to Alice's next draw
      Then Alice has drawn 1 card

    Scenario: Draw: Necropotence makes Alice skip each of her draws, not Bob's
      Given it is Alice's turn
      And Alice controls Necropotence
      When the game advances to Alice's main phase
      Then Alice has drawn no cards
      When the game advances to Bob's main phase
      Then Bob has drawn 1 card
      When the game advances to Alice's main phase
      Then Alice has drawn no cards

  @ruling:GRT-1.8-6
  @edition:mirage @pair:a-skipped-draw
  Rule: In Mirage, a skipped draw phase takes Howling Mine's additional draw with it
    General Rulings, Turn Order: Draw: no draw without an effect granting it; a player who skips
    her draw phase has no draw phase for Howling Mine to add a card to.

    Scenario: Draw (Mirage): Alice skips her next draw phase and draws nothing, Howling Mine or not
      Given it is Alice's turn
      And Alice will skip her next draw phase
      And Alice controls Howling Mine
      When the game advances to Alice's main phase
      Then Alice has drawn no cards
      And no "phase began" event happened for Alice about draw

  @ruling:GRT-1.8-6
  @edition:cr2008 @edition:cr2024 @pair:a-skipped-draw
  Rule: Under the Comprehensive Rules, a skipped draw step takes Howling Mine's trigger with it
    CR 614.10a (2024): anything scheduled for a skipped step doesn't happen; the draw step never
    begins, so neither the draw of CR 504.1 nor Howling Mine's "beginning of the draw step" trigger
    happens (2004-2008: CR 300.9).

    Scenario: Draw: Alice skips her next draw step and draws nothing, Howling Mine or not
      Given it is Alice's turn
      And Alice will skip her next draw step
      And Alice controls Howling Mine
      When the game advances to Alice's main phase
      Then Alice has drawn no cards
      And no "step began" event happened for Alice about draw
      And a "step skipped" event happened for Alice about draw

  @ruling:GRT-1.8-7
  @edition:mirage @pair:drawing-from-an-empty-library
  Rule: In Mirage, a player who tries to draw from an empty library loses at once
    Mirage rulebook p. 53: a player who must draw with no cards left in her library loses the game,
    at that moment, not at the end of the phase like a player at 0 life. An effect that draws
    several cards stops with the loss, before it has finished.

    Scenario: Draw (Mirage): Alice loses as soon as she must draw from her empty library
      Given the game is at the beginning of Alice's draw phase
      And Alice's library is empty
      When the game starts
      Then Alice has lost the game
      And Bob has won the game
      And no player has priority
      And these events happen in this order:
        | event                   | player |
        | draw from empty library | Alice  |
        | player lost             | Alice  |
      And no "priority passed" event happened

    Scenario: Draw (Mirage): Ancestral Recall with one card left makes Alice lose before it finishes resolving
      Given the game is at the beginning of Alice's upkeep
      And Alice has 1 card in her library
      And Alice has Ancestral Recall in hand
      And Alice has {U} in her mana pool
      When Alice casts Ancestral Recall
      And both players pass priority
      Then Alice has lost the game
      And Bob has won the game
      And Alice has drawn 1 card
      And these events happen in this order:
        | event                   | player |
        | card drawn              | Alice  |
        | draw from empty library | Alice  |
        | player lost             | Alice  |
      And no "resolved" event happened about Ancestral Recall

  @ruling:CR08-304.1 @ruling:CR24-504.1
  @edition:cr2008 @edition:cr2024 @pair:drawing-from-an-empty-library
  Rule: Under the Comprehensive Rules, drawing from an empty library loses at the next state-based check
    CR 121.4 and 704.5b (2024), CR 102.3c, 420.5g and 423.4 (2004-2008): a player who attempted to
    draw from an empty library loses the next time a player would receive priority, when state-based
    actions are checked. In the draw step that check comes right after the draw of CR 504.1 / 304.1,
    before anyone gets priority; during a spell that draws several cards, the spell finishes first.

    Scenario: Draw: Alice, drawing from her empty library in her draw step, loses before anyone gets priority
      Given the game is at the beginning of Alice's draw step
      And Alice's library is empty
      When the game starts
      Then Alice has lost the game
      And Bob has won the game
      And no player has priority
      And these events happen in this order:
        | event                   | player |
        | draw from empty library | Alice  |
        | player lost             | Alice  |
      And no "priority passed" event happened

    Scenario: Draw: Ancestral Recall with one card left resolves fully before Alice loses
      Given the game is at the beginning of Alice's upkeep
      And Alice has 1 card in her library
      And Alice has Ancestral Recall in hand
      And Alice has {U} in her mana pool
      When Alice casts Ancestral Recall
      And both players pass priority
      Then Alice has lost the game
      And Bob has won the game
      And Alice has drawn 1 card
      And these events happen in this order:
        | event                   | player | subject          |
        | card drawn              | Alice  |                  |
        | draw from empty library | Alice  |                  |
        | resolved                | Alice  | Ancestral Recall |
        | player lost             | Alice  |                  |
