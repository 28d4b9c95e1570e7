@edition:cr2008 @edition:cr2024
Feature: Combat: creatures put onto the battlefield attacking
  Some effects put a creature onto the battlefield already attacking (Kaalia of the Vast). Such a
  creature is attacking but was never declared as an attacker, so abilities that trigger when it
  attacks don't trigger, and what restricts declaring attackers doesn't apply to it (CR 508.4).

  @ruling:CR24-508.4 @ruling:CR24-508.4c @ruling:CR08-308.4
  Rule: A creature put onto the battlefield attacking is attacking, but it never attacked
    CR 508.4 (2004-2008: 308.4): the creature's controller chooses what it attacks as it enters (in a
    two-player game, the defending player); it is attacking, but for triggers and effects it never
    "attacked". CR 508.4c: requirements and restrictions on declaring attackers don't apply to it, so
    it attacks although it came under its controller's control this turn.

    Scenario: Entering attacking: Sentinel enters attacking with Captain, deals damage, and its attack ability doesn't trigger
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls "Captain", a 2/2 creature with "Whenever this creature attacks, you put Sentinel from your hand onto the battlefield tapped and attacking"
      And Alice has "Sentinel", a 3/3 creature with "Whenever this creature attacks, you gain 5 life", in hand
      When Alice attacks with Captain
      And both players pass priority
      Then Sentinel is attacking
      And Sentinel is tapped
      And Sentinel is summoning sick
      When the game advances to Alice's end of combat step
      Then Bob has 15 life
      And Alice has 20 life

  @ruling:CR24-506.3a @ruling:CR08-306.3a
  Rule: A noncreature permanent put onto the battlefield attacking is never attacking
    CR 506.3a (2004-2008: 306.3a): a noncreature permanent that an effect would put onto the
    battlefield attacking enters the battlefield, but it is never an attacking permanent.

    Scenario: Entering attacking: Howling Mine put onto the battlefield attacking enters, but doesn't attack
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls "Captain", a 2/2 creature with "Whenever this creature attacks, you put Howling Mine from your hand onto the battlefield tapped and attacking"
      And Alice has Howling Mine in hand
      When Alice attacks with Captain
      And both players pass priority
      Then Alice controls Howling Mine
      And Howling Mine is not attacking
      When the game advances to Alice's end of combat step
      Then Bob has 18 life

  @ruling:CR24-506.3b
  Rule: A creature put onto the battlefield attacking under a player who isn't attacking never attacks
    CR 506.3b: a creature an effect would put onto the battlefield attacking under the control of a
    player other than the attacking player enters the battlefield, but it is never an attacking
    creature.

    Scenario: Entering attacking: Bob's creature put onto the battlefield attacking during Alice's combat doesn't attack
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Bob controls "Warden", a 1/4 creature with "Whenever this creature blocks, you put Hill Giant from your hand onto the battlefield tapped and attacking"
      And Bob has Hill Giant in hand
      When Alice attacks with Grizzly Bears
      And the game advances to Alice's declare blockers step
      And Bob blocks Grizzly Bears with Warden
      And both players pass priority
      Then Bob controls Hill Giant
      And Hill Giant is not attacking
      And Hill Giant is tapped
      When the game advances to Alice's end of combat step
      Then Alice has 20 life
