@edition:cr2024
Feature: Combat in a game of more than two players
  The reference engine plays games of more than two players in turn order. In such a game the
  active player chooses, as combat begins, which opponent is the defending player (CR 507.1).
  (Attacking several players at once, and teams, are not modelled: see docs/coverage.md.)

  @ruling:CR24-507.1 @ruling:CR24-703.4h @ruling:CR24-506.2a
  Rule: In a game of more than two players, the active player chooses the defending player as combat begins
    CR 507.1, 703.4h and 506.2a: when the active player's opponents don't all become defending players,
    the active player chooses one of them as a turn-based action as the beginning of combat step
    begins, before anyone gets priority; that opponent is the defending player, who declares blockers
    and is dealt the combat damage.

    Scenario: Combat in multiplayer: Alice chooses Carol as the defending player and attacks her
      Given a game between Alice, Bob and Carol
      And the game is at the beginning of Alice's beginning of combat step
      And Alice controls Grizzly Bears
      And Bob controls Hill Giant
      When the game starts
      Then the game waits for Alice to choose the defending player
      And no player has priority
      When Alice tries to choose Alice as the defending player
      Then the game refuses it because invalid_choice
      When Alice chooses Carol as the defending player
      Then Alice has priority
      And a "defender chosen" event happened for Alice about Carol
      When the game advances to Alice's declare attackers step
      And Alice attacks with Grizzly Bears
      And the game advances to Alice's declare blockers step
      Then the game waits for Carol to declare blockers
      When Carol declares no blockers
      And the game advances to Alice's end of combat step
      Then Carol has 18 life
      And Bob has 20 life

    Scenario: Combat in multiplayer: in a two-player game nobody chooses a defending player
      Given the game is at the beginning of Alice's beginning of combat step
      When the game starts
      Then Alice has priority
      And no "defender chosen" event happened

  @ruling:CR24-508.5a
  Rule: In a multiplayer game, "the defending player" is one player, not every opponent
    CR 508.5a: in a game of more than two players, a rule, object or effect that speaks of "the
    defending player" means one specific defending player, not all of them: here, the opponent
    chosen as the defending player as combat began.

    Scenario: Combat in multiplayer: Raider's "the defending player loses 2 life" costs Bob, the chosen defending player, and not Carol
      Given a game between Alice, Bob and Carol
      And the game is at the beginning of Alice's beginning of combat step
      And Alice controls "Raider", a 2/2 creature with "Whenever this creature attacks, the defending player loses 2 life"
      When the game starts
      And Alice chooses Bob as the defending player
      And the game advances to Alice's declare attackers step
      And Alice attacks with Raider
      And all players pass priority
      Then Bob has 18 life
      And Carol has 20 life
      And Alice has 20 life
      And these events happen in this order:
        | event        | player | amount | reason |
        | life changed | Bob    | -2     | Raider |
