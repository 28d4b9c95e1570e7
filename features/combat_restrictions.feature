@edition:cr2008 @edition:cr2024
Feature: Combat: restrictions, requirements and costs of attacking and blocking
  A declaration of attackers or blockers must obey every restriction ("can't block", "can't attack
  alone"), as many requirements as it can ("all creatures able to block it do so"), and pay any
  cost of attacking in full. A declaration that doesn't is illegal and is taken back.

  @ruling:CR24-508.1c @ruling:CR24-506.5
  Rule: An attack that breaks a restriction is illegal
    CR 508.1c: the active player checks each creature for restrictions (it can't attack, or can't
    attack unless a condition is met); a declaration that disobeys one is illegal. CR 506.5: a
    creature attacks alone when it is the only one declared as an attacker.

    Scenario: Combat restrictions: Mogg Flunkies can't attack alone, but can attack beside Grizzly Bears
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Mogg Flunkies
      And Alice controls Grizzly Bears
      When Alice tries to attack with Mogg Flunkies
      Then the game refuses it because combat_restriction
      And the game waits for Alice to declare attackers
      When Alice attacks with Mogg Flunkies and Grizzly Bears
      Then Mogg Flunkies is attacking
      And Grizzly Bears is attacking

  @ruling:CR24-509.1b @ruling:CR24-506.5
  Rule: A block that breaks a restriction is illegal
    CR 509.1b: the defending player checks each creature for restrictions (it can't block, or can't
    block unless a condition is met); a declaration that disobeys one is illegal. CR 506.5: a
    creature blocks alone when it is the only one declared as a blocker.

    Scenario: Combat restrictions: Hulking Goblin can't block, and Mogg Flunkies can't block alone
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Hill Giant
      And Alice controls Grizzly Bears
      And Bob controls Hulking Goblin
      And Bob controls Mogg Flunkies
      And Bob controls Savannah Lions
      When Alice attacks with Hill Giant and Grizzly Bears
      And the game advances to Alice's declare blockers step
      And Bob tries to block Hill Giant with Hulking Goblin
      Then the game refuses it
      When Bob tries to block Hill Giant with Mogg Flunkies
      Then the game refuses it because combat_restriction
      When Bob blocks Hill Giant with Mogg Flunkies; Grizzly Bears with Savannah Lions
      Then the game waits for Alice to act
      And an "blockers declared" event happened for Bob with amount 2

  @ruling:CR24-509.1c
  Rule: A block must obey as many requirements as it can
    CR 509.1c: if a declaration of blockers obeys fewer requirements than it could without breaking a
    restriction, it is illegal. "All creatures able to block Prized Unicorn do so" requires every
    creature that can block to block it; a creature that can't block isn't required to.

    Scenario: Combat requirements: every creature of Bob's able to block Prized Unicorn must block it
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Prized Unicorn
      And Bob controls Grizzly Bears
      And Bob controls Hill Giant
      And Bob controls Hulking Goblin
      When Alice attacks with Prized Unicorn
      And the game advances to Alice's declare blockers step
      And Bob tries to declare no blockers
      Then the game refuses it
      When Bob tries to block Prized Unicorn with Hill Giant
      Then the game refuses it
      When Bob blocks Prized Unicorn with Grizzly Bears and Hill Giant
      Then the game waits for Alice to act
      When the game advances to Alice's end of combat step
      Then Prized Unicorn is not on the battlefield
      And Bob has 20 life

  @ruling:CR24-508.1h @ruling:CR24-508.1i @ruling:CR24-508.1j
  @ruling:CR08-308.2d @ruling:CR08-308.2e @ruling:CR08-308.2f
  Rule: Attacking can cost mana, paid in full as the attack is declared
    CR 508.1h-j (2004-2008: 308.2d-f): when attacking costs something (Propaganda: {2} for each
    creature attacking its controller), the active player works out the total cost, which is then
    locked in, may activate mana abilities, and pays it all at once; a partial payment isn't
    allowed, so a declaration that can't be paid for is illegal.

    Scenario: Attack costs: under Propaganda Alice taps lands while declaring and pays {4} for two attackers
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Alice controls Hill Giant
      And Alice controls 2 Forest
      And Alice controls 2 Mountain
      And Bob controls Propaganda
      When Alice taps Forest for mana
      And Alice taps Forest 2 for mana
      And Alice taps Mountain for mana
      And Alice taps Mountain 2 for mana
      And Alice attacks with Grizzly Bears and Hill Giant
      Then Grizzly Bears is attacking
      And Hill Giant is attacking
      And Alice's mana pool is empty

    Scenario: Attack costs: under Propaganda Alice can't pay for two attackers with {2}, so only one attacks
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Alice controls Hill Giant
      And Alice has {R}{R} in her mana pool
      And Bob controls Propaganda
      When Alice tries to attack with Grizzly Bears and Hill Giant
      Then the game refuses it
      And Alice has {R}{R} in her mana pool
      When Alice attacks with Hill Giant
      Then Hill Giant is attacking
      And Grizzly Bears is not attacking
      And Alice's mana pool is empty

  @ruling:CR24-509.1d @ruling:CR24-509.1e @ruling:CR24-509.1f
  @ruling:CR08-309.2b @ruling:CR08-309.2c @ruling:CR08-309.2d
  Rule: Blocking can cost mana, paid in full as blockers are declared
    CR 509.1d-f (2004-2008: 309.2b-d): when blocking costs something (War Cadence's effect: {1} for
    each blocking creature), the defending player works out the total cost, which is then locked in,
    may activate mana abilities, and pays it all at once; a partial payment isn't allowed, so a
    declaration of blockers that can't be paid for is illegal.

    Scenario: Block costs: under War Cadence Bob can pay for one blocker but not for two
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Hill Giant
      And Alice controls Grizzly Bears
      And Alice controls War Cadence
      And Bob controls Savannah Lions
      And Bob controls Raging Goblin
      And Bob controls a Forest
      When Alice attacks with Hill Giant and Grizzly Bears
      And the game advances to Alice's declare blockers step
      And Bob taps Forest for mana
      And Bob tries to block Hill Giant with Savannah Lions; Grizzly Bears with Raging Goblin
      Then the game refuses it
      And Bob has {G} in his mana pool
      When Bob blocks Grizzly Bears with Raging Goblin
      Then the game waits for Alice to act
      And Bob's mana pool is empty
