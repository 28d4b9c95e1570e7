@edition:cr2008 @edition:cr2024
Feature: Combat: spells castable only at certain points of combat
  Some spells may be cast only before or after a point of the combat phase: attackers or blockers
  being declared, the combat damage step, the end of combat step. The point is a moment of the
  turn, whatever happens in it, and with several combat phases in a turn it is that of the first
  unless the spell says "during combat" (CR 506.7).

  @ruling:CR24-506.7 @ruling:CR24-506.7a
  Rule: "Before attackers are declared" means before the declare attackers step begins
    CR 506.7 and 506.7a: a spell castable only before attackers are declared refers to the turn-based
    action of declaring attackers: it may be cast only before the declare attackers step begins,
    even if no creature is declared as an attacker.

    Scenario: Combat timing: a spell for before attackers are declared works in the beginning of combat step, not after
      Given the game is at the beginning of Alice's beginning of combat step
      And Alice has "Early Bird", an instant that gains 1 life and may be cast only before attackers are declared, in hand
      And Alice has "Late Bird", an instant that gains 1 life and may be cast only before attackers are declared, in hand
      When Alice casts Early Bird
      And both players pass priority
      Then Alice has 21 life
      When the game advances to Alice's declare attackers step
      Then the game waits for Alice to declare attackers
      When Alice declares no attackers
      And Alice tries to cast Late Bird
      Then the game refuses it
      And Alice has Late Bird in hand

  @ruling:CR24-506.7
  Rule: The combat damage step and the combat phase are points too
    CR 506.7: the point a spell names may also be "the combat damage step" or "the combat phase":
    a spell castable only before the combat damage step may be cast until that step begins, and one
    castable only after the combat phase once that phase has ended.

    Scenario: Combat timing: a spell for before the combat damage step works in the declare blockers step, not in the combat damage step
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Alice has "Quick Step", an instant that gains 1 life and may be cast only before the combat damage step, in hand
      And Alice has "Slow Step", an instant that gains 1 life and may be cast only before the combat damage step, in hand
      When Alice attacks with Grizzly Bears
      And the game advances to Alice's declare blockers step
      And Bob declares no blockers
      And Alice casts Quick Step
      And both players pass priority
      Then Alice has 21 life
      When the game advances to Alice's combat damage step
      And Alice tries to cast Slow Step
      Then the game refuses it because timing

    Scenario: Combat timing: a spell for after the combat phase waits for the postcombat main phase
      Given the game is at the beginning of Alice's beginning of combat step
      And Alice has "Aftercare", an instant that gains 1 life and may be cast only after the combat phase, in hand
      When Alice tries to cast Aftercare
      Then the game refuses it because timing
      When the game advances to Alice's postcombat main phase
      And Alice casts Aftercare
      And both players pass priority
      Then Alice has 21 life

  @ruling:CR24-506.7b
  Rule: "After blockers are declared" means once the declare blockers step has begun
    CR 506.7b: a spell castable only after blockers are declared may be cast once the declare blockers
    step has begun, even if no creature blocks.

    Scenario: Combat timing: a spell for after blockers are declared waits for the declare blockers step
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Alice has "Second Wind", an instant that gains 1 life and may be cast only after blockers are declared, in hand
      When Alice attacks with Grizzly Bears
      And Alice tries to cast Second Wind
      Then the game refuses it
      When the game advances to Alice's declare blockers step
      And Bob declares no blockers
      And Alice casts Second Wind
      And both players pass priority
      Then Alice has 21 life

  @ruling:CR24-506.7c
  Rule: "During combat" means during any of the turn's combat phases
    CR 506.7c: a spell castable only during combat may be cast at an appropriate time during any of
    the turn's combat phases.

    Scenario: Combat timing: a spell for during combat works in the additional combat phase too
      Given the game is at the beginning of Alice's precombat main phase
      And Alice has Relentless Assault in hand
      And Alice has {R}{R}{R}{R} in her mana pool
      And Alice has "Battle Cry", an instant that gains 1 life and may be cast only during combat, in hand
      When Alice tries to cast Battle Cry
      Then the game refuses it
      When Alice casts Relentless Assault
      And both players pass priority
      And the game advances to Alice's end of combat step
      And the game advances to Alice's next beginning of combat step
      And Alice casts Battle Cry
      And both players pass priority
      Then Alice has 21 life
      And a "phase added" event happened for Alice about combat
      And a "phase added" event happened for Alice about postcombat main

    Scenario: Combat timing: a spell for during combat can't be cast once the combat phase has ended
      Given the game is at the beginning of Alice's beginning of combat step
      And Alice has "Battle Cry", an instant that gains 1 life and may be cast only during combat, in hand
      When the game advances to Alice's postcombat main phase
      And Alice tries to cast Battle Cry
      Then the game refuses it because timing
      And Alice has Battle Cry in hand

    Scenario: Combat timing: a spell for during combat before blockers are declared works in the second combat too
      Given the game is at the beginning of Alice's precombat main phase
      And Alice controls Grizzly Bears
      And Alice has Relentless Assault in hand
      And Alice has {R}{R}{R}{R} in her mana pool
      And Alice has "Ambush", an instant that gains 1 life and may be cast only during combat before blockers are declared, in hand
      When Alice tries to cast Ambush
      Then the game refuses it because timing
      When Alice casts Relentless Assault
      And both players pass priority
      And the game advances to Alice's declare attackers step
      And Alice attacks with Grizzly Bears
      And the game advances to Alice's end of combat step
      And the game advances to Alice's next beginning of combat step
      And Alice casts Ambush
      And both players pass priority
      Then Alice has 21 life

  @ruling:CR24-506.7d
  Rule: Without "during combat", a point of combat is that of the turn's first combat phase
    CR 506.7d: a spell castable only before a point of combat, without saying "during combat", may be
    cast that turn only before that point of the first combat phase.

    Scenario: Combat timing: a spell for before blockers are declared can't be cast in the turn's second combat
      Given the game is at the beginning of Alice's precombat main phase
      And Alice controls Grizzly Bears
      And Alice has Relentless Assault in hand
      And Alice has {R}{R}{R}{R} in her mana pool
      And Alice has "Rally", an instant that gains 1 life and may be cast only before blockers are declared, in hand
      When Alice casts Relentless Assault
      And both players pass priority
      And the game advances to Alice's declare attackers step
      And Alice attacks with Grizzly Bears
      And the game advances to Alice's end of combat step
      And the game advances to Alice's next beginning of combat step
      And Alice tries to cast Rally
      Then the game refuses it

  @ruling:CR24-506.7e
  Rule: A point that doesn't happen, because its steps or its combat are skipped
    CR 506.7e: if the point doesn't exist because the declare blockers and combat damage steps are
    skipped (no attackers), "before" that point means before the declare attackers step ends; if the
    combat phase is skipped, it means before the precombat main phase ends.

    Scenario: Combat timing: with no attackers, a spell for before blockers are declared works until the declare attackers step ends
      Given the game is at the beginning of Alice's declare attackers step
      And Alice has "Rally", an instant that gains 1 life and may be cast only before blockers are declared, in hand
      And Alice has "Rally Again", an instant that gains 1 life and may be cast only before blockers are declared, in hand
      When Alice declares no attackers
      And Alice casts Rally
      And both players pass priority
      Then Alice has 21 life
      When the game advances to Alice's end of combat step
      And Alice tries to cast Rally Again
      Then the game refuses it

    Scenario: Combat timing: with the combat phase skipped, a spell for before blockers are declared works until the precombat main phase ends
      Given the game is at the beginning of Alice's precombat main phase
      And Alice will skip her next combat phase
      And Alice has "Rally", an instant that gains 1 life and may be cast only before blockers are declared, in hand
      And Alice has "Rally Again", an instant that gains 1 life and may be cast only before blockers are declared, in hand
      When Alice casts Rally
      And both players pass priority
      Then Alice has 21 life
      When the game advances to Alice's postcombat main phase
      And Alice tries to cast Rally Again
      Then the game refuses it

  @ruling:CR24-506.7f
  Rule: "During combat after blockers are declared" is impossible when the declare blockers step is skipped
    CR 506.7f: a spell castable only during combat after blockers are declared can't be cast during a
    combat phase whose declare blockers step is skipped; in a combat with attackers it can, once
    blockers are declared.

    Scenario: Combat timing: with no attackers, a spell for after blockers are declared can't be cast that combat
      Given the game is at the beginning of Alice's declare attackers step
      And Alice has "Aftermath", an instant that gains 1 life and may be cast only during combat after blockers are declared, in hand
      When Alice declares no attackers
      And the game advances to Alice's end of combat step
      And Alice tries to cast Aftermath
      Then the game refuses it

    Scenario: Combat timing: with an attacker, a spell for after blockers are declared can be cast once blockers are declared
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Alice has "Aftermath", an instant that gains 1 life and may be cast only during combat after blockers are declared, in hand
      When Alice attacks with Grizzly Bears
      And Alice tries to cast Aftermath
      Then the game refuses it
      When the game advances to Alice's declare blockers step
      And Bob declares no blockers
      And Alice casts Aftermath
      And both players pass priority
      Then Alice has 21 life

  @ruling:CR24-506.7g
  Rule: An ability activated only at a point of combat follows the same timing as such a spell
    CR 506.7g (2025): the rules for spells castable only before or after a point of combat apply in
    the same way to abilities that may be activated only at such times.

    Scenario: Combat timing: Ambusher's ability, "activate only before blockers are declared", works while attacking and not once blockers are declared
      Given the game is at the beginning of Alice's combat phase
      And Alice controls "Ambusher", a 2/2 creature with "{0}: this creature gets +1/+1 until end of turn. Activate only before blockers are declared"
      When the game advances to Alice's declare attackers step
      And Alice attacks with Ambusher
      And Alice tries to activate Ambusher
      Then the game allows it
      When both players pass priority
      Then Ambusher is 3/3
      When the game advances to Alice's declare blockers step
      And Bob declares no blockers
      Then Alice has priority
      When Alice tries to activate Ambusher
      Then the game refuses it
      When the game advances to Alice's end of combat step
      Then Bob has 17 life

    Scenario: Combat timing: Skirmisher's ability, "activate only during combat", works in the combat phase and not after it
      Given the game is at the beginning of Alice's beginning of combat step
      And Alice controls "Skirmisher", a 2/2 creature with "{0}: this creature gets +1/+1 until end of turn. Activate only during combat"
      When Alice tries to activate Skirmisher
      Then the game allows it
      When both players pass priority
      Then Skirmisher is 3/3
      When the game advances to Alice's postcombat main phase
      And Alice tries to activate Skirmisher
      Then the game refuses it because timing
      And Skirmisher is 3/3
