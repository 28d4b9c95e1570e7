Feature: Combat: creatures put onto the battlefield blocking
  Some effects put a creature onto the battlefield already blocking an attacker (Flash Foliage's
  token). Such a creature is blocking but was never declared as a blocker, so abilities that
  trigger when it blocks don't trigger, and what restricts declaring blockers doesn't apply to it
  (CR 509.4). The scenarios put a card from hand onto the battlefield blocking the attacker the
  effect names.

  @edition:cr2008 @edition:cr2024
  @ruling:CR24-509.4 @ruling:CR08-309.5 @ruling:CR24-509.3a @ruling:CR24-509.3c @ruling:CR08-309.4
  Rule: A creature put onto the battlefield blocking is blocking, but it never blocked
    CR 509.4 (2004-2008: 309.5, "put into play blocking"): the creature blocks the attacker the effect
    names (or one its controller chooses as it enters); it is blocking, so that attacker is blocked
    and deals its combat damage to it, but for triggers and effects it never "blocked": its "whenever
    this creature blocks" ability doesn't trigger (CR 509.3a). The attacker does become blocked, so
    its "whenever this creature becomes blocked" ability triggers if it was unblocked until then
    (CR 509.3c; 2008: 309.4).

    Scenario: Entering blocking: Wall enters blocking Raider, is dealt its damage, and its block ability doesn't trigger
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Hill Giant
      And Alice controls "Raider", a 2/2 creature with "Whenever this creature becomes blocked, you gain 3 life"
      And Bob controls "Warden", a 1/4 creature with "Whenever this creature blocks, you put Wall from your hand onto the battlefield blocking Raider"
      And Bob has "Wall", a 0/4 creature with "Whenever this creature blocks, you gain 5 life", in hand
      When Alice attacks with Hill Giant and Raider
      And the game advances to Alice's declare blockers step
      And Bob blocks Hill Giant with Warden
      And both players pass priority
      Then Bob controls Wall
      And Wall is blocking Raider
      And the stack holds, from the top, Raider
      When the game advances to Alice's end of combat step
      Then Wall has 2 damage
      And Bob has 20 life
      And Alice has 23 life
      And these events happen in this order:
        | event               | player | subject | tapped | entered  | reason |
        | entered battlefield | Bob    | Wall    | no     |          |        |
        | blockers declared   | Bob    |         |        | blocking | Warden |

    Scenario: Entering blocking: Raider, already blocked by Warden, doesn't become blocked again when Wall enters blocking it
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls "Raider", a 2/2 creature with "Whenever this creature becomes blocked, you gain 3 life"
      And Bob controls "Warden", a 1/4 creature with "Whenever this creature blocks, you put Wall from your hand onto the battlefield blocking Raider"
      And Bob has "Wall", a 0/4 creature with "Whenever this creature blocks, you gain 5 life", in hand
      When Alice attacks with Raider
      And the game advances to Alice's declare blockers step
      And Bob blocks Raider with Warden
      Then the stack holds, from the top, Warden and Raider
      When both players pass priority
      Then Wall is blocking Raider
      And the stack holds, from the top, Raider
      When the game advances to Alice's end of combat step
      Then Alice has 23 life
      And Bob has 20 life

  @ruling:CR24-509.4a @ruling:CR24-506.3d @ruling:CR08-306.1c
  Rule: A creature put onto the battlefield blocking a creature that doesn't attack its controller never blocks
    CR 509.4a and 506.3d (2004-2008: 306.1c): if the attacker the effect names is no longer attacking
    when the effect resolves (here it regenerated, which removes it from combat), or doesn't attack the
    entering creature's controller, the creature still enters the battlefield, but it is never a
    blocking creature.

    @edition:cr2008 @edition:cr2024
    Scenario: Entering blocking: Grizzly Bears put onto the battlefield blocking a regenerated Drudge Skeletons doesn't block
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Hill Giant
      And Alice controls Drudge Skeletons
      And Alice controls Swamp
      And Bob controls "Warden", a 1/4 creature with "Whenever this creature blocks, you put Grizzly Bears from your hand onto the battlefield blocking Drudge Skeletons"
      And Bob has Grizzly Bears in hand
      And Bob has Lightning Bolt in hand
      And Bob controls Mountain
      When Alice attacks with Hill Giant and Drudge Skeletons
      And the game advances to Alice's declare blockers step
      And Bob blocks Hill Giant with Warden
      And Alice taps Swamp for mana
      And Alice activates Drudge Skeletons
      And both players pass priority
      And Alice passes priority
      And Bob taps Mountain for mana
      And Bob casts Lightning Bolt targeting Drudge Skeletons
      And both players pass priority
      Then Drudge Skeletons is not attacking
      And the stack holds, from the top, Warden
      When both players pass priority
      Then Bob controls Grizzly Bears
      And Grizzly Bears is not blocking

    @edition:cr2008 @edition:cr2024
    Scenario: Entering blocking: Alice's creature put onto the battlefield blocking her own attacker doesn't block
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Alice controls "Captain", a 2/2 creature with "Whenever this creature attacks, you put Hill Giant from your hand onto the battlefield blocking Grizzly Bears"
      And Alice has Hill Giant in hand
      When Alice attacks with Captain and Grizzly Bears
      And both players pass priority
      Then Alice controls Hill Giant
      And Hill Giant is not blocking
      When the game advances to Alice's end of combat step
      Then Bob has 16 life
      And Hill Giant has 0 damage

    @edition:cr2024
    Scenario: Entering blocking: Bob's creature put onto the battlefield blocking a creature that attacks Carol doesn't block
      Given a game between Alice, Bob and Carol
      And the game is at the beginning of Alice's beginning of combat step
      And Alice controls Hill Giant
      And Alice controls Grizzly Bears
      And Carol controls Savannah Lions
      And Bob controls "Lookout", a 1/1 creature with "Whenever a creature with power 1 or greater blocks, you put Raging Goblin from your hand onto the battlefield blocking Grizzly Bears"
      And Bob has Raging Goblin in hand
      When Alice chooses Carol as the defending player
      And the game advances to Alice's declare attackers step
      And Alice attacks with Hill Giant and Grizzly Bears
      And the game advances to Alice's declare blockers step
      And Carol blocks Hill Giant with Savannah Lions
      And all players pass priority
      Then Bob controls Raging Goblin
      And Raging Goblin is not blocking
      When the game advances to Alice's end of combat step
      Then Carol has 18 life
      And Raging Goblin has 0 damage

  @edition:cr2008 @edition:cr2024
  @ruling:CR24-506.3a @ruling:CR08-306.3a
  Rule: A noncreature permanent put onto the battlefield blocking is never blocking
    CR 506.3a (2004-2008: 306.3a): a noncreature permanent that an effect would put onto the
    battlefield blocking enters the battlefield, but it is never a blocking permanent.

    Scenario: Entering blocking: Howling Mine put onto the battlefield blocking enters, but doesn't block
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Hill Giant
      And Alice controls Grizzly Bears
      And Bob controls "Warden", a 1/4 creature with "Whenever this creature blocks, you put Howling Mine from your hand onto the battlefield blocking Grizzly Bears"
      And Bob has Howling Mine in hand
      When Alice attacks with Hill Giant and Grizzly Bears
      And the game advances to Alice's declare blockers step
      And Bob blocks Hill Giant with Warden
      And both players pass priority
      Then Bob controls Howling Mine
      And Howling Mine is not blocking
      When the game advances to Alice's end of combat step
      Then Bob has 18 life

  @edition:cr2008 @edition:cr2024
  @ruling:CR24-509.4b
  Rule: What restricts declaring blockers doesn't apply to a creature put onto the battlefield blocking
    CR 509.4b: the requirements and restrictions on declaring blockers (a creature that can't block, a
    cost to block) don't apply to a creature put onto the battlefield blocking, as it isn't declared.
    The 2004-2008 rules say the same through 309.5: only declared blockers are checked (309.2).

    Scenario: Entering blocking: Hulking Goblin, which can't block, enters blocking Grizzly Bears
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Hill Giant
      And Alice controls Grizzly Bears
      And Bob controls "Warden", a 1/4 creature with "Whenever this creature blocks, you put Hulking Goblin from your hand onto the battlefield blocking Grizzly Bears"
      And Bob has Hulking Goblin in hand
      When Alice attacks with Hill Giant and Grizzly Bears
      And the game advances to Alice's declare blockers step
      And Bob blocks Hill Giant with Warden
      And both players pass priority
      Then Hulking Goblin is blocking Grizzly Bears
      When the game advances to Alice's end of combat step
      Then Bob has 20 life
      And Hulking Goblin is in Bob's graveyard
      And Grizzly Bears is in Alice's graveyard

    Scenario: Entering blocking: under War Cadence, Grizzly Bears enters blocking without its block being paid for
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Hill Giant
      And Alice controls Savannah Lions
      And Alice controls War Cadence
      And Bob controls "Warden", a 1/4 creature with "Whenever this creature blocks, you put Grizzly Bears from your hand onto the battlefield blocking Savannah Lions"
      And Bob has Grizzly Bears in hand
      And Bob controls Forest
      When Alice attacks with Hill Giant and Savannah Lions
      And the game advances to Alice's declare blockers step
      And Bob taps Forest for mana
      And Bob blocks Hill Giant with Warden
      Then Bob's mana pool is empty
      When both players pass priority
      Then Grizzly Bears is blocking Savannah Lions
      When the game advances to Alice's end of combat step
      Then Bob has 20 life
      And Savannah Lions is in Alice's graveyard
