Feature: The upkeep
  The upkeep comes after the untap. Under the Mirage rules it is the upkeep phase; under the
  Comprehensive Rules it is the upkeep step, the second step of the beginning phase. The active
  player's permanents ask for their upkeep there: effects that happen "during your upkeep" or
  "at the beginning of your upkeep", upkeep costs to keep a permanent, and untap costs that may be
  paid only then. Players may use instants in it.

  @ruling:GRT-1.7-1 @ruling:CR24-503.1
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: The upkeep takes place every turn, even when nothing happens in it
    General Rulings, Turn Order: Upkeep (uncited): a turn has its upkeep even with no upkeep
    effects in play. CR 503.1 (2024): the upkeep step has no turn-based actions; as soon as it
    begins the active player gets priority. The 2004-2008 rules (CR 300.1, 303.1) say the same.

    Scenario: Upkeep: the upkeep happens even when nothing happens in it
      Given it is Alice's turn
      And Alice has 2 cards in hand
      And Alice has 5 cards in her library
      When the game advances to Alice's upkeep
      Then it is Alice's upkeep
      And Alice has priority
      And the stack is empty
      And Alice has 2 cards in hand
      And Alice has 5 cards in her library
      And Alice has 20 life
      When Alice passes priority
      Then it is Alice's upkeep
      And Bob has priority
      When Bob passes priority
      Then it is Alice's draw
      And Alice has 3 cards in hand

  @ruling:GRT-1.7-2
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: Either player may use fast effects (instants) during the upkeep, but not sorceries
    Mirage rulebook p. 46: fast effects may be used in the upkeep by any player. The 2004-2008
    rules (CR 408.1d) and today's (CR 117.1a, 307.1) allow instants whenever a player has
    priority, and sorceries only in the active player's main phase with an empty stack.

    Scenario: Upkeep: both players cast instants in Alice's upkeep
      Given the game is at the beginning of Alice's upkeep
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
      And it is Alice's upkeep
      And Alice has priority
      When both players pass priority
      Then Grizzly Bears is 5/5
      And the stack is empty
      And it is Alice's upkeep
      And Alice has priority

    Scenario: Upkeep: a sorcery can't be cast in the upkeep
      Given the game is at the beginning of Alice's upkeep
      And Alice has Divination in hand
      And Alice has {U}{U}{U} in her mana pool
      When Alice tries to cast Divination
      Then the game refuses it because timing
      And Alice has Divination in hand
      And the stack is empty
      And it is Alice's upkeep

  @ruling:GRT-1.7-5
  @edition:mirage
  Rule: In Mirage, what a permanent does in the upkeep is a phase effect, dealt with as the phase begins
    General Rulings, Turn Order: Upkeep (uncited): actions a permanent offers or demands in the
    upkeep follow the rules for phase effects; Mirage rulebook p. 42: effects at the beginning of a
    phase are processed first, with no stack and before anyone may act, the active player's effects
    before the opponent's. Compare the next Rule, where the Comprehensive Rules put them on the stack.

    Scenario: Upkeep (Mirage): Juzam Djinn's upkeep damage is dealt as the upkeep begins
      Given the game is at the beginning of Alice's upkeep
      And Alice controls Juzam Djinn
      When the game starts
      Then Alice has 19 life
      And the stack is empty
      And it is Alice's upkeep
      And Alice has priority
      And these events happen in this order:
        | event        | player | subject     | amount |
        | phase began  | Alice  | upkeep      |        |
        | damage dealt | Alice  |             | 1      |

    @pair:beginning-of-phase-order
    Scenario: Upkeep (Mirage): the active player's upkeep effects come before the opponent's
      Given the game is at the beginning of Alice's upkeep
      And Alice controls "Sun Totem", an artifact with "At the beginning of each player's upkeep, you gain 1 life"
      And Bob controls "Moon Totem", an artifact with "At the beginning of each player's upkeep, you gain 1 life"
      When the game starts
      Then Alice has 21 life
      And Bob has 21 life
      And the stack is empty
      And Alice has priority
      And these events happen in this order:
        | event        | player | amount |
        | life changed | Alice  | 1      |
        | life changed | Bob    | 1      |

  @ruling:CR24-503.1a @ruling:CR08-303.1 @ruling:WIKI-BP-3
  @edition:cr2008 @edition:cr2024
  Rule: Upkeep triggers, and abilities that triggered in the untap step, go on the stack before the active player gets priority
    CR 503.1a (2024) and CR 303.1 (2004-2008); MTG Wiki, Beginning phase: as the upkeep step
    begins, abilities that trigger at its beginning and any that triggered during the untap step
    (where nobody receives priority) are put on the stack, in any order among one player's; only
    then does the active player get priority, the first time in her turn. Each player's go on the
    stack active player first (CR 603.3b), so the opponent's resolve first. Under the CR a turn
    begins with its untap step, so an ability that triggers "at the beginning of your turn" has
    triggered there and waits for the upkeep to go on the stack.

    Scenario: Upkeep: Juzam Djinn's upkeep trigger is on the stack when Alice first gets priority
      Given the game is at the beginning of Alice's upkeep
      And Alice controls Juzam Djinn
      When the game starts
      Then Alice has priority
      And the stack holds, from the top, Juzam Djinn
      And Alice has 20 life
      When both players pass priority
      Then Alice has 19 life
      And the stack is empty
      And it is Alice's upkeep

    Scenario: Upkeep: Alice's "at the beginning of your turn" ability triggers as her turn begins and is on the stack in her upkeep
      Given the game is at the beginning of Alice's turn
      And Alice controls "Dawn Idol", an artifact with "At the beginning of your turn, you gain 1 life"
      And Bob controls "Dusk Idol", an artifact with "At the beginning of your turn, you gain 1 life"
      When the game advances to Alice's upkeep
      Then Alice has priority
      And the stack holds, from the top, Dawn Idol
      When both players pass priority
      Then Alice has 21 life
      And Bob has 20 life
      And the stack is empty
      And it is Alice's upkeep
      And Alice has priority

    @edition:cr2008 @edition:cr2024 @pair:beginning-of-phase-order
    Scenario: Upkeep: the active player's upkeep trigger goes on the stack first, so the opponent's resolves first
      Given the game is at the beginning of Alice's upkeep
      And Alice controls Juzam Djinn
      And Bob controls "Sun Totem", an artifact with "At the beginning of each player's upkeep, you gain 2 life"
      When the game starts
      Then Alice has priority
      And the stack holds, from the top, Sun Totem, Juzam Djinn
      When both players pass priority
      Then Bob has 22 life
      And Alice has 20 life

    Scenario: Upkeep: an ability that triggered in the untap step waits with the upkeep triggers
      Given it is Alice's turn
      And Alice controls "Dawn Totem", an artifact with "At the beginning of your untap step, you gain 1 life"
      And Alice controls "Sun Totem", an artifact with "At the beginning of your upkeep, you gain 2 life"
      When the game advances to Alice's upkeep
      Then it is Alice's upkeep
      And the game waits for Alice to order her abilities
      When Alice orders her abilities to resolve: Sun Totem, then Dawn Totem
      Then Alice has priority
      And Alice has 20 life
      And the stack holds, from the top, Sun Totem and Dawn Totem
      And a "triggered" event happened for Alice about Dawn Totem
      And a "triggered" event happened for Alice about Sun Totem
      And no "priority passed" event happened
      When both players pass priority
      Then it is Alice's upkeep
      And Alice has priority
      When both players pass priority
      Then Alice has 23 life
      And the stack is empty
      And it is Alice's upkeep

    @pair:beginning-of-phase-order
    Scenario: Upkeep: the opponent's upkeep trigger goes on the stack above the active player's
      Given the game is at the beginning of Alice's upkeep
      And Alice controls "Sun Totem", an artifact with "At the beginning of each player's upkeep, you gain 1 life"
      And Bob controls "Moon Totem", an artifact with "At the beginning of each player's upkeep, you gain 1 life"
      When the game starts
      Then the stack holds, from the top, Moon Totem and Sun Totem
      And Alice has priority
      When both players pass priority
      Then Bob has 21 life
      And Alice has 20 life
      When both players pass priority
      Then Alice has 21 life
      And the stack is empty

  @ruling:GRT-1.7-6
  @edition:mirage @pair:upkeep-costs
  Rule: In Mirage, an upkeep cost is a phase cost: the upkeep can't go on until it is paid or refused
    General Rulings, Turn Order: Upkeep (uncited): payments a permanent demands in the upkeep follow
    the rules for phase costs; Mirage rulebook p. 42: the main body of a phase can't end while a phase
    cost is still to be dealt with. Nicol Bolas asks {U}{B}{R} each upkeep or is
    sacrificed (the catalog's "upkeep_cost").

    Scenario: Upkeep (Mirage): Alice must settle Nicol Bolas's upkeep before the phase goes on
      Given the game is at the beginning of Alice's upkeep
      And Alice controls Nicol Bolas
      And Alice has {U}{B}{R} in her mana pool
      When the game starts
      Then the game waits for Alice to pay the upkeep cost
      And it is Alice's upkeep
      When Alice tries to pass priority
      Then the game refuses it
      And it is Alice's upkeep
      When Alice pays the upkeep cost
      Then Alice controls Nicol Bolas
      And Alice's mana pool is empty
      And it is Alice's upkeep
      And Alice has priority

    Scenario: Upkeep (Mirage): Alice doesn't pay Nicol Bolas's upkeep and sacrifices it
      Given the rules checker watches the game
      And the game is at the beginning of Alice's upkeep
      And Alice controls Nicol Bolas
      When Alice declines to pay the upkeep cost
      Then Nicol Bolas is not on the battlefield
      And Nicol Bolas is in Alice's graveyard
      And a "sacrificed" event happened for Alice about Nicol Bolas
      And the rules checker finds no violation in the game
      And it is Alice's upkeep
      And Alice has priority

  @ruling:WIKI-BP-4
  @edition:cr2008 @edition:cr2024 @pair:upkeep-costs
  Rule: Under the Comprehensive Rules, an upkeep cost is a triggered ability asking for a payment
    MTG Wiki, Beginning phase: upkeep costs, once a kind of cost paid "during your upkeep", are now
    abilities that trigger at the beginning of the upkeep and ask for a payment, here to keep the
    permanent. The trigger is on the stack when the active player first gets priority, so players
    may respond to it, and the step can't end while it waits to resolve or be paid (CR 503.1a,
    117.4; 2008: 303.1, 300.2). Nicol Bolas asks {U}{B}{R} or is sacrificed.

    Scenario: Upkeep: Alice taps lands in response to Nicol Bolas's upkeep trigger and pays
      Given the game is at the beginning of Alice's upkeep
      And Alice controls Nicol Bolas
      And Alice controls an Island
      And Alice controls a Swamp
      And Alice controls a Mountain
      When the game starts
      Then the stack holds, from the top, Nicol Bolas
      And Alice has priority
      When Alice taps Island for mana
      And Alice taps Swamp for mana
      And Alice taps Mountain for mana
      And both players pass priority
      Then the game waits for Alice to pay the upkeep cost
      When Alice tries to pass priority
      Then the game refuses it
      When Alice pays the upkeep cost
      Then Alice controls Nicol Bolas
      And Alice's mana pool is empty
      And the stack is empty
      And it is Alice's upkeep
      And Alice has priority

    Scenario: Upkeep: Alice lets Nicol Bolas's upkeep trigger resolve unpaid and sacrifices it
      Given the game is at the beginning of Alice's upkeep
      And Alice controls Nicol Bolas
      When both players pass priority
      And Alice declines to pay the upkeep cost
      Then Nicol Bolas is in Alice's graveyard
      And a "sacrificed" event happened for Alice about Nicol Bolas
      And it is Alice's upkeep
      And Alice has priority

  @ruling:GRT-1.7-7
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: An untap cost can be paid only during its controller's upkeep
    General Rulings, Turn Order: Upkeep (uncited): many permanents may be untapped for a cost during
    the upkeep (an "untap cost"). Colossus of Sardia doesn't untap in the untap; {9} untaps it,
    only during its controller's upkeep; its Oracle text keeps that restriction today.

    Scenario: Upkeep: Alice pays Colossus of Sardia's untap cost in her upkeep
      Given the rules checker watches the game
      And the game is at the beginning of Alice's upkeep
      And Alice controls a tapped Colossus of Sardia
      And Alice has {C}{C}{C}{C}{C}{C}{C}{C}{C} in her mana pool
      When Alice activates Colossus of Sardia
      And both players pass priority
      Then Colossus of Sardia is untapped
      And Alice's mana pool is empty
      And it is Alice's upkeep
      And Alice has priority
      And an "ability activated" event happened for Alice about Colossus of Sardia
      And the rules checker finds no violation in the game

    Scenario: Upkeep: Colossus of Sardia's untap cost can't be paid in the draw
      Given the game is at the beginning of Alice's draw
      And Alice controls a tapped Colossus of Sardia
      And Alice has {C}{C}{C}{C}{C}{C}{C}{C}{C} in her mana pool
      When Alice tries to activate Colossus of Sardia
      Then the game refuses it
      And Colossus of Sardia is tapped
      And Alice has {C}{C}{C}{C}{C}{C}{C}{C}{C} in her mana pool

    Scenario: Upkeep: Colossus of Sardia's untap cost can't be paid in the opponent's upkeep
      Given the game is at the beginning of Bob's upkeep
      And Alice controls a tapped Colossus of Sardia
      And Alice has {C}{C}{C}{C}{C}{C}{C}{C}{C} in her mana pool
      When Bob passes priority
      And Alice tries to activate Colossus of Sardia
      Then the game refuses it
      And Colossus of Sardia is tapped
      And it is Bob's upkeep

  @ruling:CR24-503.2
  @edition:cr2008 @edition:cr2024
  Rule: With several upkeep steps, "after your upkeep" means after the first one has ended
    CR 503.2 (2024): a spell castable only "after [a player's] upkeep step" may be cast once the
    first of several upkeep steps of the turn has ended. No card in the suite's pool carries that
    restriction, so the rule itself can't be exercised; the closest observable behaviour is the turn
    it speaks of: Paradox Haze adds an upkeep step after the first (CR 500.9; 2008: 300.8), the
    first upkeep step ends before the second begins, and "at the beginning of your upkeep"
    abilities trigger in each, while Paradox Haze triggers only in the first.

    Scenario: Upkeep: Paradox Haze gives Alice a second upkeep step after her first one has ended
      Given it is Alice's turn
      And Alice controls Paradox Haze
      And Alice controls Fountain of Renewal
      When the game advances to Alice's draw step
      Then the parts of the turn so far were, in order:
        | part            |
        | beginning phase |
        | untap step      |
        | upkeep step     |
        | upkeep step     |
        | draw step       |
      And these events happen in this order:
        | event       | player | subject |
        | step began  | Alice  | upkeep  |
        | step added  | Alice  | upkeep  |
        | step ended  | Alice  | upkeep  |
        | step began  | Alice  | upkeep  |
        | step ended  | Alice  | upkeep  |
        | step began  | Alice  | draw    |
      And Alice has 22 life

    Scenario: Upkeep: in Paradox Haze's second upkeep step Alice again has priority with her upkeep trigger on the stack
      Given it is Alice's turn
      And Alice controls Paradox Haze
      And Alice controls Fountain of Renewal
      When the game advances to Alice's upkeep
      And Alice orders her abilities to resolve: Paradox Haze, then Fountain of Renewal
      And both players pass priority
      And both players pass priority
      Then Alice has 21 life
      And the stack is empty
      When both players pass priority
      Then it is Alice's upkeep
      And the stack holds, from the top, Fountain of Renewal
      And Alice has priority
      And Alice has 21 life
