Feature: Priority: who may act, and what the game refuses
  A player with priority may cast spells, activate abilities and, in their main phase with an
  empty stack, play a land. Each of these has conditions; an action that doesn't meet them is
  refused and changes nothing. These scenarios hold the engine to the conditions that every
  part of the turn relies on.

  @ruling:CR24-117.1a @ruling:CR08-408.1d
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: A spell is cast from hand by a player with priority, who pays its cost
    CR 117.1a (2024) and 408.1d (2004-2008): a player with priority may cast an instant, and a
    noninstant spell in their own main phase with the stack empty. Casting means paying the
    spell's mana cost (Mirage rulebook: a spell is paid for as it is cast).

    Scenario: Priority: Alice can't cast Lightning Bolt without the mana to pay for it
      Given the game is at the beginning of Alice's upkeep
      And Alice has Lightning Bolt in hand
      When Alice tries to cast Lightning Bolt targeting Bob
      Then the game refuses it
      And Alice has Lightning Bolt in hand
      And the stack is empty
      And Alice has priority

    Scenario: Priority: with a Mountain tapped for mana, Alice casts Lightning Bolt
      Given the game is at the beginning of Alice's upkeep
      And Alice has Lightning Bolt in hand
      And Alice controls a Mountain
      When Alice taps Mountain for mana
      And Alice casts Lightning Bolt targeting Bob
      Then the stack holds, from the top, Lightning Bolt
      And Alice's mana pool is empty
      And Alice has priority

  @ruling:CR24-117.1c @ruling:CR08-408.2d
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: A land is played, never cast; only a land can be played
    CR 117.1c and 305.1 (2024), 408.2d (2004-2008): playing a land is a special action, not a
    spell; a land card can't be cast, and a card that isn't a land can't be played as one.

    Scenario: Priority: Alice can't cast a Forest, nor play Grizzly Bears as a land
      Given the game is at the beginning of Alice's main phase
      And Alice has Forest and Grizzly Bears in hand
      When Alice tries to cast Forest
      Then the game refuses it
      When Alice tries to play Grizzly Bears
      Then the game refuses it
      And Alice has 2 cards in hand
      When Alice plays Forest
      Then Alice controls Forest
      And Alice has 1 card in hand

  @ruling:CR24-702.26b
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: A spell needs its targets, and a phased-out permanent can't be one
    A spell that targets needs a legal target as it is cast. A phased-out permanent is treated as
    though it doesn't exist (CR 702.26b; in 2004-2008 it is in the phased-out zone, rule 217.8c),
    so it can't be targeted.

    Scenario: Priority: Giant Growth needs a creature to target, and not a phased-out one
      Given the game is at the beginning of Alice's upkeep
      And Alice controls a phased-out Breezekeeper
      And Alice has Giant Growth in hand
      And Alice has {G} in her mana pool
      When Alice tries to cast Giant Growth
      Then the game refuses it
      When Alice tries to cast Giant Growth targeting Breezekeeper
      Then the game refuses it
      And Alice has Giant Growth in hand
      And Alice has {G} in her mana pool

  @ruling:CR24-117.1d @ruling:CR08-408.2e
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: Only an untapped permanent of one's own with a mana ability can be tapped for mana
    CR 117.1d (2024), 408.2e (2004-2008): a player with priority may activate a mana ability of a
    permanent they control; its cost is tapping it, so a tapped permanent can't pay it again.

    Scenario: Priority: Alice can't tap a tapped Forest, Bob's Forest or Grizzly Bears for mana
      Given the game is at the beginning of Alice's upkeep
      And Alice controls a tapped Forest
      And Alice controls Grizzly Bears
      And Bob controls a Forest
      When Alice tries to tap Forest for mana
      Then the game refuses it
      When Alice tries to tap Bob's Forest for mana
      Then the game refuses it
      When Alice tries to tap Grizzly Bears for mana
      Then the game refuses it
      And Alice's mana pool is empty

  @ruling:CR24-117.1b
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: An activated ability needs its cost paid, and a permanent without one has none to activate
    CR 117.1b (2024), 408.1d (2004-2008): a player with priority may activate an activated
    ability, paying its cost. Colossus of Sardia's untap costs {9}; a Forest has only its mana
    ability.

    Scenario: Priority: Alice can't untap Colossus of Sardia without {9}, nor activate a Forest
      Given the game is at the beginning of Alice's upkeep
      And Alice controls a tapped Colossus of Sardia
      And Alice controls a Forest
      When Alice tries to activate Colossus of Sardia
      Then the game refuses it
      When Alice tries to activate Forest
      Then the game refuses it
      And Colossus of Sardia is tapped
      And the stack is empty

  @ruling:GRT-1.11-1
  @edition:mirage
  Rule: In Mirage's cleanup phase only mana sources may be used
    Mirage rulebook p. 47, WotC Rules Team 10/03/96: no spells or abilities other than mana
    sources (and specialized ones) during the cleanup phase; a land can't be played there either.

    Scenario: Priority: in Mirage Alice may tap her Forest in the cleanup phase, but not activate Colossus or play a land
      Given the game is at the beginning of Alice's cleanup phase
      And Alice controls a Forest
      And Alice controls a tapped Colossus of Sardia
      And Alice has Mountain in hand
      And Alice has {C}{C}{C}{C}{C}{C}{C}{C}{C} in her mana pool
      When Alice tries to activate Colossus of Sardia
      Then the game refuses it
      When Alice tries to play Mountain
      Then the game refuses it
      When Alice taps Forest for mana
      Then the game allows it
      And Colossus of Sardia is tapped

  @ruling:CR24-508.1a @ruling:CR08-308.2a
  @edition:cr2008 @edition:cr2024
  Rule: Only untapped creatures that have been under their controller's control since the turn began may attack
    CR 508.1a (2024), 308.2a (2004-2008): an attacking creature must be untapped, and have haste
    or have been controlled continuously by the active player since the turn began.

    Scenario: Priority: a summoning-sick or tapped creature can't attack, one with haste can
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls a summoning-sick Grizzly Bears
      And Alice controls a tapped Hill Giant
      And Alice controls a summoning-sick Raging Goblin
      When Alice tries to attack with Grizzly Bears
      Then the game refuses it
      When Alice tries to attack with Hill Giant
      Then the game refuses it
      When Alice attacks with Raging Goblin
      Then Raging Goblin is attacking
      And Grizzly Bears is not attacking

  @ruling:GRT-1.9-6
  @edition:mirage
  Rule: In Mirage, an attack is made with creatures that may attack
    Mirage rulebook p. 47: the active player may declare one attack in their main phase; a
    creature that came under their control this turn can't attack, and an attack needs at least
    one creature to attack with.

    Scenario: Priority: in Mirage Alice's attack with nothing or with a summoning-sick creature is refused
      Given the game is at the beginning of Alice's main phase
      And Alice controls a summoning-sick Grizzly Bears
      And Alice controls Hill Giant
      When Alice tries to attack with nothing
      Then the game refuses it
      When Alice tries to attack with Grizzly Bears
      Then the game refuses it
      When Alice attacks with Hill Giant
      And Bob declares no blockers
      Then Bob has 17 life

  @ruling:CR24-509.1a @ruling:CR08-309.2a
  @edition:cr2008 @edition:cr2024
  Rule: A blocker blocks an attacking creature
    CR 509.1a (2024), 309.2a (2004-2008): each blocking creature is assigned an attacking creature
    to block; a creature that isn't attacking can't be blocked.

    Scenario: Priority: Bob can't block a creature that isn't attacking
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Alice controls Savannah Lions
      And Bob controls Hill Giant
      When Alice attacks with Savannah Lions
      And the game advances to Alice's declare blockers step
      And Bob tries to block Grizzly Bears with Hill Giant
      Then the game refuses it
      When Bob blocks Savannah Lions with Hill Giant
      Then the game waits for Alice to act

  @ruling:CR24-502.3 @ruling:CR08-302.2
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: What to untap is chosen only among the permanents a choice is offered for
    CR 502.3 (2024), 302.2 (2004-2008): the active player determines which of their permanents
    untap; under Winter Orb the choice is among the tapped lands. A permanent that untaps anyway
    is not part of the choice.

    Scenario: Priority: under Winter Orb Alice can't choose to untap her Grizzly Bears instead of a land
      Given it is Alice's turn
      And Bob controls Winter Orb
      And Alice controls 2 tapped Forest
      And Alice controls a tapped Grizzly Bears
      When the game advances to Alice's untap
      Then the game waits for Alice to choose what to untap
      When Alice tries to choose to untap Grizzly Bears
      Then the game refuses it
      When Alice chooses to untap Forest 2
      And the game advances to Alice's upkeep
      Then Grizzly Bears is untapped
      And Forest 2 is untapped
      And Forest is tapped

  @ruling:CR24-104.3 @ruling:CR24-704.5a @ruling:CR08-420.5a
  @edition:cr2008 @edition:cr2024
  Rule: Once the game is over, nobody acts
    CR 104.3 and 704.5a (2024), 420.5a (2004-2008): a player at 0 or less life loses as state-based
    actions are checked; when one player is left, the game is over and no one has priority.

    Scenario: Priority: after Bob loses to Lightning Bolt, no one may act
      Given the game is at the beginning of Alice's upkeep
      And Bob has 3 life
      And Alice has Lightning Bolt in hand
      And Alice has {R} in her mana pool
      When Alice casts Lightning Bolt targeting Bob
      And both players pass priority
      Then Bob has lost the game
      And Alice has won the game
      And no player has priority
      When Alice tries to pass priority
      Then the game refuses it
