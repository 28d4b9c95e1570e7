Feature: Mirage's beginning of turn
  Under the Mirage rules a turn opens with a moment before the untap phase, the "beginning of
  turn". It is not a phase, but it works like the beginning of a phase: effects that happen "at
  the beginning of the turn" are processed there, and only mana sources may be used. Summoning
  sickness wears off after those effects; a choice to skip a turn is made before it, between
  turns; mana made there burns only at the end of the first phase that is played.

  @ruling:GRT-1.5-1
  @edition:mirage
  Rule: The beginning of turn is a time for beginning-of-turn effects before the untap, not a phase
    General Rulings, Turn Order, phase 0 (uncited): the beginning of turn isn't really a phase;
    it is a time before the untap for "beginning of turn" effects and abilities, handled like the
    beginning of any phase. As in the untap phase, only mana sources may be used in it.

    Scenario: Beginning of turn: a beginning-of-turn effect happens before the untap phase, outside any phase
      Given it is Alice's turn
      And Alice controls "Dawn Idol", an artifact with "At the beginning of your turn, you gain 1 life"
      When the game starts
      Then it is Alice's beginning of turn
      And Alice has 21 life
      And the stack is empty
      And Alice has priority
      When both players pass priority
      Then these events happen in this order:
        | event        | player | subject |
        | turn began   | Alice  |         |
        | life changed | Alice  |         |
        | phase began  | Alice  | untap   |
      And no "phase began" event happened about beginning of turn
      And no "phase ended" event happened about beginning of turn

    Scenario: Beginning of turn: only mana sources may be used at the beginning of turn
      Given it is Alice's turn
      And Alice controls Forest
      And Alice controls Grizzly Bears
      And Alice has Giant Growth in hand
      And Alice has {G} in her mana pool
      When Alice tries to cast Giant Growth targeting Grizzly Bears
      Then the game refuses it because timing
      And Alice has Giant Growth in hand
      When Alice tries to attack with Grizzly Bears
      Then the game refuses it because timing
      When Alice tries to tap Forest for mana
      Then the game allows it
      And Alice has {G}{G} in her mana pool
      And it is Alice's beginning of turn

  @ruling:GRT-1.5-2
  @edition:mirage
  Rule: Wellspring's control change and Vibrating Sphere's change of power and toughness happen at the beginning of turn
    D'Angelo 11/06/96: a few cards do something before the untap, at the "beginning of turn":
    Vibrating Sphere changes power and toughness then, and Wellspring changes control then.

    Scenario: Beginning of turn: Wellspring takes the land before the untap, so the new controller untaps it
      Given it is Alice's turn
      And Bob controls a tapped Forest
      And Alice controls Wellspring, which takes Forest at the beginning of each of her turns
      When the game starts
      Then Alice controls Forest
      And it is Alice's beginning of turn
      When the game advances to Alice's upkeep
      Then Alice controls Forest
      And Forest is untapped
      And these events happen in this order:
        | event           | player | subject |
        | turn began      | Alice  |         |
        | control changed | Alice  | Forest  |
        | phase began    | Alice  | untap   |
        | untapped       | Alice  |         |

    Scenario: Beginning of turn: Vibrating Sphere's bonus switches as the turn begins
      Given the game is at the beginning of Bob's cleanup phase
      And Alice controls Vibrating Sphere
      And Alice controls Hill Giant
      When the game starts
      Then Hill Giant is 3/1
      When the game advances to Alice's beginning of turn
      Then it is Alice's beginning of turn
      And Hill Giant is 5/3
      And no "phase began" event happened for Alice

  @ruling:GRT-1.5-3
  @edition:mirage
  Rule: Continuous effects such as Vibrating Sphere's apply before beginning-of-turn effects such as Wellspring's
    Aahz 01/14/97: at the beginning of turn, continuous abilities like Vibrating Sphere's are
    applied first, and only then are beginning-of-turn effects like Wellspring's processed. With
    the real cards the order can't show, since Wellspring takes a land and the Sphere changes
    creatures; the scenario aims the catalog's Wellspring effect ("at the beginning of your turn,
    gain control of a permanent") at a creature so that the order decides the outcome. Bob's
    Sphere makes Bob's Grizzly Bears 2/0 as Alice's turn begins, before the Wellspring effect can
    take them, and a creature with toughness 0 goes to the graveyard at once.

    Scenario: Beginning of turn: Vibrating Sphere's change applies before a Wellspring effect can take the creature
      Given the game is at the beginning of Bob's cleanup phase
      And Bob controls Vibrating Sphere
      And Bob controls Grizzly Bears
      And Alice controls Wellspring, which takes Grizzly Bears at the beginning of each of her turns
      When the game starts
      Then Grizzly Bears is 4/2
      When the game advances to Alice's beginning of turn
      Then Grizzly Bears is not on the battlefield
      And Grizzly Bears is in Bob's graveyard
      And no "control changed" event happened

  @ruling:GRT-1.5-4
  @edition:mirage
  Rule: Summoning sickness wears off after all beginning-of-turn effects have resolved
    WotC Rules Team 12/03/96: permanents lose their summoning sickness only once every
    beginning-of-turn effect and ability has finished resolving. So a creature gained at the
    beginning of the turn is no longer sick by the untap phase and can attack this turn.

    Scenario: Beginning of turn: summoning sickness ends after the beginning-of-turn effects
      Given it is Alice's turn
      And Alice controls a summoning-sick Grizzly Bears
      And Alice controls "Dawn Idol", an artifact with "At the beginning of your turn, you gain 1 life"
      When the game advances to Alice's upkeep
      Then Grizzly Bears is not summoning sick
      And these events happen in this order:
        | event                    | player | subject       |
        | turn began               | Alice  |               |
        | life changed             | Alice  |               |
        | summoning sickness ended | Alice  | Grizzly Bears |
        | phase began              | Alice  | untap         |

    Scenario: Beginning of turn: a creature gained at the beginning of turn can attack that turn
      Given it is Alice's turn
      And Bob controls Grizzly Bears
      And Alice controls Wellspring, which takes Grizzly Bears at the beginning of each of her turns
      When the game advances to Alice's main phase
      Then Alice controls Grizzly Bears
      And Grizzly Bears is not summoning sick
      And these events happen in this order:
        | event                    | player | subject       |
        | control changed          | Alice  | Grizzly Bears |
        | summoning sickness ended | Alice  | Grizzly Bears |
        | phase began              | Alice  | untap         |
      When Alice attacks with Grizzly Bears
      And Bob declares no blockers
      Then Bob has 18 life

  @ruling:GRT-1.5-5
  Rule: A choice to skip a turn is made between turns, before that turn's beginning
    D'Angelo 11/06/96: a choice to skip a phase or turn is made just before it would start; for a
    turn, that is before the beginning of turn. Time Vault offers such a choice. The Comprehensive
    Rules treat Time Vault the same way, as a replacement for the turn made before it begins
    (CR 2004-2008 rule 419.6e, CR 2025 rule 614.10), so the choice comes before anything of the
    skipped turn happens.

    @edition:mirage
    Scenario: Beginning of turn: in Mirage the Time Vault choice comes before the beginning of the turn
      Given the game is at the beginning of Bob's cleanup phase
      And Alice controls a tapped Time Vault
      And Alice controls "Dawn Idol", an artifact with "At the beginning of your turn, you gain 1 life"
      When both players pass priority
      Then the game waits for Alice to choose whether to skip a turn
      And no "turn began" event happened for Alice
      And Alice has 20 life
      When Alice chooses to skip her turn
      Then Time Vault is untapped
      And it is Bob's turn
      And it is turn 3
      And Alice has 20 life
      And a "turn skipped" event happened for Alice
      And no "turn began" event happened for Alice

    @edition:mirage
    Scenario: Beginning of turn: in Mirage taking the turn after the Time Vault choice starts it at its beginning
      Given the game is at the beginning of Bob's cleanup phase
      And Alice controls a tapped Time Vault
      And Alice controls "Dawn Idol", an artifact with "At the beginning of your turn, you gain 1 life"
      When both players pass priority
      Then the game waits for Alice to choose whether to skip a turn
      When Alice chooses to take her turn
      Then it is Alice's beginning of turn
      And it is turn 3
      And Alice has 21 life
      And Time Vault is tapped

    @edition:cr2008 @edition:cr2024
    Scenario: Beginning of turn: under the CR the Time Vault choice comes before the skipped turn begins
      Given the game is at the beginning of Bob's end step
      And Alice controls a tapped Time Vault
      And Alice controls "Dawn Idol", an artifact with "At the beginning of your upkeep, you gain 1 life"
      When both players pass priority
      Then the game waits for Alice to choose whether to skip a turn
      And no "turn began" event happened for Alice
      When Alice chooses to skip her turn
      Then Time Vault is untapped
      And it is Bob's turn
      And it is turn 3
      And Alice has 20 life
      And no "turn began" event happened for Alice

  @ruling:GRT-1.5-6
  @edition:mirage
  Rule: Mana made at the beginning of turn burns only at the end of the first phase played
    Aahz 04/07/97: mana from sources used at the beginning of turn doesn't burn when the beginning
    of turn is over, but at the end of the first phase that is played: normally the untap phase,
    or the upkeep if the untap phase is skipped.

    Scenario: Beginning of turn: mana made at the beginning of turn burns at the end of the untap phase
      Given it is Alice's turn
      And Alice controls Forest
      When Alice taps Forest for mana
      And both players pass priority
      Then it is Alice's untap phase
      And Alice has {G} in her mana pool
      And Alice has 20 life
      When the game advances to Alice's upkeep
      Then Alice's mana pool is empty
      And Alice has 19 life
      And these events happen in this order:
        | event       | player | subject | amount |
        | mana added  | Alice  | Forest  |        |
        | phase began | Alice  | untap   |        |
        | mana burned | Alice  |         | 1      |
        | phase ended | Alice  | untap   |        |
        | phase began | Alice  | upkeep  |        |
      And these events happen in this order:
        | event      | player | subject | color |
        | mana added | Alice  | Forest  | G     |

    Scenario: Beginning of turn: with the untap phase skipped, that mana burns at the end of the upkeep
      Given it is Alice's turn
      And Alice controls Forest
      And Alice will skip her next untap phase
      When Alice taps Forest for mana
      And both players pass priority
      Then it is Alice's upkeep
      And Alice has {G} in her mana pool
      And Alice has 20 life
      When both players pass priority
      Then it is Alice's draw phase
      And Alice's mana pool is empty
      And Alice has 19 life
      And a "phase skipped" event happened for Alice about untap

  @ruling:GRT-1.5-7
  @edition:mirage
  Rule: Mana sources may be used before the beginning of turn, between turns
    Aahz 07/22/97: mana sources may be used even before the beginning of turn, which is in effect
    between turns, because skipping a phase or turn may cost mana. Whatever using them triggers
    happens as usual; the suite's card pool has no mana source with such a side effect, so that
    part isn't played out. The only moment between turns at which the game waits for a player is
    the choice to skip a turn, so the scenario uses a mana source there.

    Scenario: Beginning of turn: a mana source may be used between turns, while the Time Vault choice is pending
      Given the game is at the beginning of Bob's cleanup phase
      And Alice controls a tapped Time Vault
      And Alice controls Forest
      When both players pass priority
      Then the game waits for Alice to choose whether to skip a turn
      When Alice tries to tap Forest for mana
      Then the game allows it
      And Forest is tapped
      And Alice has {G} in her mana pool

  @ruling:CR24-117.1d @edition:cr2008 @edition:cr2024
  Rule: Under the CR no mana source may be used while the Time Vault choice is pending
    CR 117.1d and 605.3a (2008: rule 411): a player may activate a mana ability only with
    priority, while casting a spell or activating an ability that needs mana, or when a rule or
    effect asks for a mana payment. The choice to skip a turn for Time Vault, made before the turn
    begins, is none of these, so unlike Mirage's between-turns mana, a mana source can't be used.

    Scenario: Beginning of turn: under the CR a mana source can't be used while the Time Vault choice is pending
      Given the game is at the beginning of Bob's end step
      And Alice controls a tapped Time Vault
      And Alice controls Forest
      When both players pass priority
      Then the game waits for Alice to choose whether to skip a turn
      When Alice tries to tap Forest for mana
      Then the game refuses it because not_your_priority
      And Forest is untapped
      And Alice's mana pool is empty
