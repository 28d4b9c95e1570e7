Feature: Combat damage
  In the combat damage step each attacking and blocking creature deals damage equal to its power:
  an unblocked attacker to the player it attacks, a blocked attacker to the creatures blocking it,
  a blocker to the creature it blocks. Under today's rules the damage is assigned and dealt at once,
  as a turn-based action, before anyone gets priority. Under the 2003-2008 rules the assignments go
  on the stack as one object that players can respond to, and the damage is dealt, as assigned,
  when it resolves. In Mirage the damage follows the declaration of blockers.

  @ruling:CR24-510.1 @ruling:CR24-510.1b @ruling:CR24-510.2 @ruling:CR24-510.3 @ruling:CR24-508.6
  @ruling:CR08-310.1 @ruling:CR08-310.2b @ruling:CR08-310.4 @pair:combat-damage-on-the-stack
  Rule: Today combat damage is dealt before anyone has priority; under the 2008 rules it waits on the stack
    CR 510.1-510.3 (2025): as the combat damage step begins, the active player assigns her
    attackers' damage, then the defending player his blockers', all of it is dealt at once without
    using the stack, and only then does the active player get priority; no one can act between the
    assignment and the damage. An unblocked attacker deals its damage to the player it attacks
    (CR 510.1b; CR 508.6 calls that player the one being attacked). The suite has no step for
    choosing an assignment, so the engine makes it; with one blocker or none there is nothing to
    choose. CR 310.1, 310.2b and 310.4 (2008): the assignments are put on the stack as a single
    object, the active player gets priority, and the damage is all dealt when that object
    resolves; then the active player gets priority again, still in the combat damage step.

    @edition:cr2024
    Scenario: Combat damage: today the damage is dealt as the combat damage step begins, before anyone has priority
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Hill Giant
      And Alice controls Savannah Lions
      And Bob controls Grizzly Bears
      When Alice attacks with Hill Giant and Savannah Lions
      And the game advances to Alice's declare blockers step
      And Bob blocks Hill Giant with Grizzly Bears
      And the game advances to Alice's combat damage step
      Then it is Alice's combat damage step
      And Alice has priority
      And the stack is empty
      And Bob has 18 life
      And Grizzly Bears is in Bob's graveyard
      And Hill Giant has 2 damage
      And these events happen in this order:
        | event        | player | subject       | amount |
        | step began   | Alice  | combat damage |        |
        | damage dealt | Bob    | Bob           | 2      |
        | died         | Bob    | Grizzly Bears |        |

    @edition:cr2008
    Scenario: Combat damage: under the 2008 rules the damage goes on the stack as one object and is dealt when it resolves
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Hill Giant
      And Alice controls Savannah Lions
      And Bob controls Grizzly Bears
      When Alice attacks with Hill Giant and Savannah Lions
      And the game advances to Alice's declare blockers step
      And Bob blocks Hill Giant with Grizzly Bears
      And the game advances to Alice's combat damage step
      Then it is Alice's combat damage step
      And Alice has priority
      And the stack holds, from the top, combat damage
      And Bob has 20 life
      And Grizzly Bears has 0 damage
      And Hill Giant has 0 damage
      When both players pass priority
      Then Bob has 18 life
      And Grizzly Bears is in Bob's graveyard
      And Hill Giant has 2 damage
      And the stack is empty
      And it is Alice's combat damage step
      And Alice has priority

  @ruling:CR24-510.1c @ruling:CR24-510.1d @ruling:CR24-509.1g @ruling:CR24-509.1h
  @ruling:CR08-310.2c @ruling:CR08-310.2d @ruling:CR08-309.2e @ruling:CR08-309.2f
  Rule: A blocked creature deals its damage to the creature blocking it, and the blocker deals its damage back
    CR 509.1g-h (2025) and 309.2e-f (2008): each creature declared as a blocker becomes a blocking
    creature, blocking the attacker chosen for it, and that attacker becomes a blocked creature.
    CR 510.1c-d (2025) and 310.2c-d (2008): a blocked creature deals its combat damage to the
    creature blocking it (all of it when there is only one) and none to the defending player; a
    blocking creature deals its damage to the attacker it blocks. The Mirage rulebook's combat
    rules are the same: a blocked attacker and its blocker deal their damage to each other.

    @edition:cr2008 @edition:cr2024
    Scenario: Combat damage: Grizzly Bears blocked by Hill Giant deals all its damage to the Giant
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Bob controls Hill Giant
      When Alice attacks with Grizzly Bears
      And the game advances to Alice's declare blockers step
      And Bob blocks Grizzly Bears with Hill Giant
      And the game advances to Alice's postcombat main phase
      Then Bob has 20 life
      And Hill Giant has 2 damage
      And Grizzly Bears is in Alice's graveyard
      And a "damage dealt" event happened for Bob with amount 2 about Hill Giant
      And a "damage dealt" event happened for Alice with amount 3 about Grizzly Bears
      And no "damage dealt" event happened for Bob about Bob

    @edition:mirage
    Scenario: Combat damage: in Mirage Grizzly Bears blocked by Hill Giant deals all its damage to the Giant
      Given the game is at the beginning of Alice's main phase
      And Alice controls Grizzly Bears
      And Bob controls Hill Giant
      When Alice attacks with Grizzly Bears
      And Bob blocks Grizzly Bears with Hill Giant
      Then Bob has 20 life
      And Hill Giant has 2 damage
      And Grizzly Bears is in Alice's graveyard
      And a "damage dealt" event happened for Bob with amount 2 about Hill Giant
      And no "damage dealt" event happened for Bob about Bob

  @ruling:CR24-510.1c @ruling:CR24-509.1g @ruling:CR08-310.2 @ruling:CR08-309.2e
  @edition:cr2008 @edition:cr2024
  Rule: An attacker blocked by two creatures divides its damage between them, and both deal it damage
    CR 510.1c (2025) and 310.2 (2008): a creature blocked by two or more creatures divides its combat
    damage among them as its controller chooses; none of it goes to the defending player. Each of
    the blockers is a blocking creature (CR 509.1g, 2025; 309.2e, 2008) and deals its own damage to
    the attacker. The suite has no step for choosing how to divide the damage, so the scenario checks
    only what holds for every division: the player takes none of it and both blockers hurt the
    attacker.

    Scenario: Combat damage: Hill Giant blocked by Grizzly Bears and Savannah Lions deals no damage to Bob and dies
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Hill Giant
      And Bob controls Grizzly Bears
      And Bob controls Savannah Lions
      When Alice attacks with Hill Giant
      And the game advances to Alice's declare blockers step
      And Bob blocks Hill Giant with Grizzly Bears and Savannah Lions
      Then a "blockers declared" event happened for Bob with amount 2
      When the game advances to Alice's postcombat main phase
      Then Bob has 20 life
      And no "damage dealt" event happened for Bob about Bob
      And Hill Giant is in Alice's graveyard
      And a "died" event happened for Alice about Hill Giant

    Scenario: Combat damage: Hill Giant blocked by Grizzly Bears and a 0/4 Wall deals only its 3 damage between them, so the Wall survives
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Hill Giant
      And Bob controls Grizzly Bears
      And Bob controls "Wall", a 0/4 creature
      When Alice attacks with Hill Giant
      And the game advances to Alice's declare blockers step
      And Bob blocks Hill Giant with Grizzly Bears and Wall
      And the game advances to Alice's postcombat main phase
      Then Bob has 20 life
      And Bob controls Wall
      And Alice controls Hill Giant
      And Hill Giant has 2 damage

  @ruling:CR24-510.2 @ruling:CR08-310.4
  Rule: All combat damage is dealt at the same time
    CR 510.2 (2025): all assigned combat damage is dealt simultaneously. CR 310.4 (2008): when the
    combat damage object resolves, all of it is dealt at once. So two creatures that deal each
    other lethal damage both deal it before either dies. Mirage's combat is the same (only first
    strike makes some creatures deal their damage earlier).

    @edition:cr2008 @edition:cr2024
    Scenario: Combat damage: Savannah Lions and its blocker Grizzly Bears deal their damage at once and both die
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Savannah Lions
      And Bob controls Grizzly Bears
      When Alice attacks with Savannah Lions
      And the game advances to Alice's declare blockers step
      And Bob blocks Savannah Lions with Grizzly Bears
      And the game advances to Alice's postcombat main phase
      Then Savannah Lions is in Alice's graveyard
      And Grizzly Bears is in Bob's graveyard
      And these events happen in this order:
        | event        | player | subject        | amount |
        | damage dealt | Bob    | Grizzly Bears  | 2      |
        | died         |        |                |        |
        | died         |        |                |        |
      And these events happen in this order:
        | event        | player | subject        | amount |
        | damage dealt | Alice  | Savannah Lions | 2      |
        | died         |        |                |        |
        | died         |        |                |        |

    @edition:mirage
    Scenario: Combat damage: in Mirage Savannah Lions and its blocker Grizzly Bears deal their damage at once and both die
      Given the game is at the beginning of Alice's main phase
      And Alice controls Savannah Lions
      And Bob controls Grizzly Bears
      When Alice attacks with Savannah Lions
      And Bob blocks Savannah Lions with Grizzly Bears
      Then Savannah Lions is in Alice's graveyard
      And Grizzly Bears is in Bob's graveyard
      And these events happen in this order:
        | event        | player | subject        | amount |
        | damage dealt | Bob    | Grizzly Bears  | 2      |
        | died         |        |                |        |
        | died         |        |                |        |
      And these events happen in this order:
        | event        | player | subject        | amount |
        | damage dealt | Alice  | Savannah Lions | 2      |
        | died         |        |                |        |
        | died         |        |                |        |

  @ruling:CR24-510.1a @ruling:CR08-310.2a
  @edition:cr2008 @edition:cr2024
  Rule: A creature deals combat damage equal to its power as the combat damage step begins
    CR 510.1a (2025) and 310.2a (2008): each attacking and blocking creature assigns combat damage
    equal to its power, so a creature pumped before the combat damage step deals the greater amount.
    The rule's second half (a creature with 0 or less power assigns no combat damage) can't be
    shown: nothing in the suite's card pool lowers a creature's power.

    Scenario: Combat damage: Grizzly Bears pumped by Giant Growth in the declare blockers step deals 5
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Alice controls Forest
      And Alice has Giant Growth in hand
      When Alice attacks with Grizzly Bears
      And the game advances to Alice's declare blockers step
      And Bob declares no blockers
      And Alice taps Forest for mana
      And Alice casts Giant Growth targeting Grizzly Bears
      And both players pass priority
      Then Grizzly Bears is 5/5
      And it is Alice's declare blockers step
      When the game advances to Alice's postcombat main phase
      Then Bob has 15 life
      And a "damage dealt" event happened for Bob with amount 5 about Bob

  @ruling:CR08-310.4a @ruling:CR24-510.2 @pair:combat-damage-on-the-stack
  Rule: Once combat damage is assigned, a change of power comes too late
    CR 310.4a (2008): combat damage is dealt as it was assigned, even if the power of the creature
    dealing it has changed since, so Giant Growth cast while the damage is on the stack adds nothing.
    CR 510.2 (2025): no player can act between the assignment of combat damage and its dealing;
    the first chance to cast Giant Growth in the combat damage step comes after the damage. In
    both editions the pumped Grizzly Bears deals only 2.

    @edition:cr2008
    Scenario: Combat damage: under the 2008 rules Giant Growth cast while the damage is on the stack doesn't add to it
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Alice controls Forest
      And Alice has Giant Growth in hand
      When Alice attacks with Grizzly Bears
      And the game advances to Alice's combat damage step
      Then the stack holds, from the top, combat damage
      When Alice taps Forest for mana
      And Alice casts Giant Growth targeting Grizzly Bears
      Then the stack holds, from the top, Giant Growth and combat damage
      When both players pass priority
      Then Grizzly Bears is 5/5
      And the stack holds, from the top, combat damage
      And Bob has 20 life
      When both players pass priority
      Then Bob has 18 life
      And the stack is empty

    @edition:cr2024
    Scenario: Combat damage: today Giant Growth cast in the combat damage step comes after the damage
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Alice controls Forest
      And Alice has Giant Growth in hand
      When Alice attacks with Grizzly Bears
      And the game advances to Alice's combat damage step
      Then Bob has 18 life
      And the stack is empty
      When Alice taps Forest for mana
      And Alice casts Giant Growth targeting Grizzly Bears
      And both players pass priority
      Then Grizzly Bears is 5/5
      When the game advances to Alice's postcombat main phase
      Then Bob has 18 life

  @ruling:CR24-509.1h @ruling:CR24-510.1c @ruling:CR08-309.2f @ruling:CR08-310.2c
  @edition:cr2008 @edition:cr2024
  Rule: An attacker stays blocked when its blocker leaves combat, and then deals no combat damage
    CR 509.1h (2025): a blocked creature remains blocked even if every creature blocking it is
    removed from combat; CR 309.2f (2008): it stays blocked until it is itself removed from combat
    or combat ends. CR 510.1c (2025) and 310.2c (2008): a blocked creature with no creature blocking
    it any more assigns no combat damage, neither to a creature nor to the defending player. Here
    the blocker leaves combat by regenerating (CR 506.4, 2025; 306.4, 2008) and stays on the
    battlefield, so one can see that it is dealt nothing.

    Scenario: Combat damage: Hill Giant stays blocked after its blocker regenerates and deals no damage
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Hill Giant
      And Alice controls Mountain
      And Alice has Shock in hand
      And Bob controls Drudge Skeletons
      And Bob controls Swamp
      When Alice attacks with Hill Giant
      And the game advances to Alice's declare blockers step
      And Bob blocks Hill Giant with Drudge Skeletons
      And Alice taps Mountain for mana
      And Alice casts Shock targeting Drudge Skeletons
      And Alice passes priority
      And Bob taps Swamp for mana
      And Bob activates Drudge Skeletons
      And both players pass priority
      And both players pass priority
      Then a "regenerated" event happened for Bob about Drudge Skeletons
      And a "removed from combat" event happened for Bob about Drudge Skeletons
      And Drudge Skeletons is tapped
      And Hill Giant is attacking
      When the game advances to Alice's postcombat main phase
      Then Bob has 20 life
      And Drudge Skeletons has 0 damage
      And Hill Giant has 0 damage
      And no "damage dealt" event happened for Bob about Bob

  @ruling:CR08-310.4c
  @edition:cr2008
  Rule: Under the 2008 rules, damage assigned to a creature that has left the battlefield isn't dealt
    CR 310.4c (2008): when the combat damage object resolves, damage assigned to a creature that is
    no longer on the battlefield isn't dealt, and it doesn't go to anyone else: an attacker whose
    blocker was destroyed in response deals its damage to no one.

    Scenario: Combat damage: under the 2008 rules Hill Giant's damage to a blocker destroyed in response is not dealt
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Hill Giant
      And Alice controls Mountain
      And Alice has Shock in hand
      And Bob controls Grizzly Bears
      When Alice attacks with Hill Giant
      And the game advances to Alice's declare blockers step
      And Bob blocks Hill Giant with Grizzly Bears
      And the game advances to Alice's combat damage step
      Then the stack holds, from the top, combat damage
      When Alice taps Mountain for mana
      And Alice casts Shock targeting Grizzly Bears
      And both players pass priority
      Then Grizzly Bears is in Bob's graveyard
      And the stack holds, from the top, combat damage
      When from now on
      And both players pass priority
      Then the stack is empty
      And Bob has 20 life
      And no "damage dealt" event happened about Grizzly Bears
      And no "damage dealt" event happened for Bob about Bob

  @ruling:CR24-510.1d @ruling:CR08-310.2d
  @edition:cr2008 @edition:cr2024
  Rule: A blocker whose attacker has left combat deals no combat damage
    CR 510.1d (2025) and 310.2d (2008): a blocking creature that is no longer blocking any creature
    (because the attacker was destroyed or removed from combat) assigns no combat damage. Here the
    attacker leaves combat by regenerating and stays on the battlefield, so one can see that it is
    dealt nothing.

    Scenario: Combat damage: Grizzly Bears deals no damage once the Drudge Skeletons it blocks has regenerated
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Drudge Skeletons
      And Alice controls Swamp
      And Bob controls Grizzly Bears
      And Bob controls Mountain
      And Bob has Shock in hand
      When Alice attacks with Drudge Skeletons
      And the game advances to Alice's declare blockers step
      And Bob blocks Drudge Skeletons with Grizzly Bears
      And Alice passes priority
      And Bob taps Mountain for mana
      And Bob casts Shock targeting Drudge Skeletons
      And Bob passes priority
      And Alice taps Swamp for mana
      And Alice activates Drudge Skeletons
      And both players pass priority
      And both players pass priority
      Then a "regenerated" event happened for Alice about Drudge Skeletons
      And Drudge Skeletons is not attacking
      When the game advances to Alice's postcombat main phase
      Then Alice controls Drudge Skeletons
      And Drudge Skeletons has 0 damage
      And Grizzly Bears has 0 damage
      And Bob has 20 life

  @ruling:CR08-310.4a
  @edition:cr2008
  Rule: Under the 2008 rules, combat damage on the stack is dealt even if its source has left the battlefield
    CR 310.4a (2008): combat damage is dealt as it was assigned even if the creature dealing it is no
    longer on the battlefield.

    Scenario: Combat damage: under the 2008 rules Grizzly Bears destroyed while its damage is on the stack still deals it
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Bob controls Mountain
      And Bob has Lightning Bolt in hand
      When Alice attacks with Grizzly Bears
      And the game advances to Alice's combat damage step
      Then the stack holds, from the top, combat damage
      When Alice passes priority
      And Bob taps Mountain for mana
      And Bob casts Lightning Bolt targeting Grizzly Bears
      And both players pass priority
      Then Grizzly Bears is in Alice's graveyard
      And the stack holds, from the top, combat damage
      When both players pass priority
      Then Bob has 18 life
      And a "damage dealt" event happened for Bob with amount 2 about Bob
