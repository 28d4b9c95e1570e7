Feature: The combat phase
  Under the Comprehensive Rules the combat phase sits between the two main phases and runs in
  steps: beginning of combat, declare attackers, declare blockers, combat damage and end of
  combat. The active player attacks and her opponent defends; creatures can leave combat before
  it ends. (Mirage's attack, declared from the main phase, is in "The main phase".)

  @ruling:CR08-306.1 @ruling:CR08-308.5 @ruling:CR08-310.5 @ruling:CR24-506.1 @ruling:CR24-508.8 @ruling:CR24-510.4
  Rule: The combat phase has five steps, fewer without attackers and an extra damage step with first or double strike
    CR 306.1 (2004-2008) and CR 506.1 (2025): beginning of combat, declare attackers, declare
    blockers, combat damage, end of combat, in that order. When no creature is declared as an
    attacker, the declare blockers and combat damage steps are skipped (CR 308.5 of 2008, 508.8 of
    2025). When an attacking or blocking creature has first strike or double strike there are two
    combat damage steps: first strikers and double strikers deal their damage in the first, the
    others and the double strikers again in the second (CR 310.5 of 2008, 510.4 of 2025). Mirage
    has no combat steps, but first strike already meant the same thing there: a first striker deals
    its damage before creatures without first strike, which deal none if they are destroyed by it
    (Mirage rulebook, "First Strike").

    @edition:cr2008 @edition:cr2024
    Scenario: Combat: an attack runs through all five combat steps
      Given the game is at the beginning of Alice's combat phase
      And Alice controls Grizzly Bears
      When the game advances to Alice's declare attackers step
      Then the game waits for Alice to declare attackers
      When Alice attacks with Grizzly Bears
      And the game advances to Alice's postcombat main phase
      Then the parts of the turn so far were, in order:
        | part                     |
        | combat phase             |
        | beginning of combat step |
        | declare attackers step   |
        | declare blockers step    |
        | combat damage step       |
        | end of combat step       |
        | postcombat main phase    |
      And Bob has 18 life

    @edition:cr2008 @edition:cr2024
    Scenario: Combat: with no attackers the declare blockers and combat damage steps are skipped
      Given the game is at the beginning of Alice's combat phase
      And Alice controls Grizzly Bears
      When the game advances to Alice's declare attackers step
      And Alice declares no attackers
      And the game advances to Alice's postcombat main phase
      Then the parts of the turn so far were, in order:
        | part                     |
        | combat phase             |
        | beginning of combat step |
        | declare attackers step   |
        | end of combat step       |
        | postcombat main phase    |
      And a "step skipped" event happened for Alice about declare blockers
      And a "step skipped" event happened for Alice about combat damage
      And no "blockers declared" event happened
      And Bob has 20 life

    @edition:cr2008 @edition:cr2024
    Scenario: Combat: White Knight's first strike makes two combat damage steps and kills its blocker first
      Given the game is at the beginning of Alice's combat phase
      And Alice controls White Knight
      And Bob controls Grizzly Bears
      When the game advances to Alice's declare attackers step
      And Alice attacks with White Knight
      And the game advances to Alice's declare blockers step
      And Bob blocks White Knight with Grizzly Bears
      And the game advances to Alice's postcombat main phase
      Then the parts of the turn so far were, in order:
        | part                     |
        | combat phase             |
        | beginning of combat step |
        | declare attackers step   |
        | declare blockers step    |
        | combat damage step       |
        | combat damage step       |
        | end of combat step       |
        | postcombat main phase    |
      And these events happen in this order:
        | event        | player | subject       | amount |
        | step began   | Alice  | combat damage |        |
        | damage dealt | Bob    | Grizzly Bears | 2      |
        | died         | Bob    | Grizzly Bears |        |
        | step began   | Alice  | combat damage |        |
      And Grizzly Bears is in Bob's graveyard
      And White Knight has 0 damage
      And no "damage dealt" event happened about White Knight

    @edition:cr2008 @edition:cr2024
    Scenario: Combat: Fencing Ace's double strike deals damage in both combat damage steps
      Given the game is at the beginning of Alice's combat phase
      And Alice controls Fencing Ace
      When the game advances to Alice's declare attackers step
      And Alice attacks with Fencing Ace
      And the game advances to Alice's postcombat main phase
      Then these events happen in this order:
        | event        | player | subject        | amount |
        | step began   | Alice  | combat damage  |        |
        | damage dealt | Bob    | Bob            | 1      |
        | step began   | Alice  | combat damage  |        |
        | damage dealt | Bob    | Bob            | 1      |
        | step began   | Alice  | end of combat  |        |
      And the parts of the turn so far were, in order:
        | part                     |
        | combat phase             |
        | beginning of combat step |
        | declare attackers step   |
        | declare blockers step    |
        | combat damage step       |
        | combat damage step       |
        | end of combat step       |
        | postcombat main phase    |
      And Bob has 18 life

    @edition:cr2008 @edition:cr2024
    Scenario: Combat: without first strike there is a single combat damage step
      Given the game is at the beginning of Alice's combat phase
      And Alice controls Hill Giant
      And Bob controls Grizzly Bears
      When the game advances to Alice's declare attackers step
      And Alice attacks with Hill Giant
      And the game advances to Alice's declare blockers step
      And Bob blocks Hill Giant with Grizzly Bears
      And the game advances to Alice's postcombat main phase
      Then the parts of the turn so far were, in order:
        | part                     |
        | combat phase             |
        | beginning of combat step |
        | declare attackers step   |
        | declare blockers step    |
        | combat damage step       |
        | end of combat step       |
        | postcombat main phase    |
      And Grizzly Bears is in Bob's graveyard
      And Hill Giant has 2 damage

    @edition:mirage
    Scenario: Combat: in Mirage White Knight's first strike kills its blocker before the blocker deals damage
      Given the game is at the beginning of Alice's main phase
      And Alice controls White Knight
      And Bob controls Grizzly Bears
      When Alice attacks with White Knight
      And Bob blocks White Knight with Grizzly Bears
      Then Grizzly Bears is in Bob's graveyard
      And Alice controls White Knight
      And White Knight has 0 damage
      And no "damage dealt" event happened about White Knight

  @ruling:CR08-306.2 @ruling:CR24-506.4
  Rule: A creature leaves combat when it leaves the battlefield, regenerates or changes controller
    CR 306.2 (2004-2008 seed text; 306.4 in the 2008-10 text) and CR 506.4 (2025): a creature stops
    being an attacking, blocking, blocked or unblocked creature when it leaves the battlefield,
    regenerates, changes controller, stops being a creature or is removed from combat by an
    effect; since 2025 also when it phases out. A creature removed from combat deals and receives
    no combat damage. The suite's card pool has no instant-speed control change (Act of Treason is
    a sorcery), no effect that makes a creature stop being one and no "remove from combat" card,
    and phasing happens only in the untap step, so those causes can't be shown during combat; the
    scenarios show the two that can: being destroyed and regenerating.

    @edition:cr2008 @edition:cr2024
    Scenario: Combat: an attacker destroyed by Lightning Bolt is removed from combat
      Given the game is at the beginning of Alice's combat phase
      And Alice controls Grizzly Bears
      And Alice controls Hill Giant
      And Bob has Lightning Bolt in hand
      And Bob controls Mountain
      When the game advances to Alice's declare attackers step
      And Alice attacks with Grizzly Bears and Hill Giant
      And Alice passes priority
      And Bob taps Mountain for mana
      And Bob casts Lightning Bolt targeting Grizzly Bears
      And both players pass priority
      Then Grizzly Bears is in Alice's graveyard
      And a "removed from combat" event happened for Alice about Grizzly Bears
      And Hill Giant is attacking
      When the game advances to Alice's postcombat main phase
      Then Bob has 17 life

    @edition:cr2008 @edition:cr2024
    Scenario: Combat: a regenerated attacker is removed from combat and deals no combat damage
      Given the game is at the beginning of Alice's combat phase
      And Alice controls Drudge Skeletons
      And Alice controls Swamp
      And Bob has Lightning Bolt in hand
      And Bob controls Mountain
      When the game advances to Alice's declare attackers step
      And Alice attacks with Drudge Skeletons
      And Alice taps Swamp for mana
      And Alice activates Drudge Skeletons
      And both players pass priority
      And Alice passes priority
      And Bob taps Mountain for mana
      And Bob casts Lightning Bolt targeting Drudge Skeletons
      And both players pass priority
      Then a "regenerated" event happened for Alice about Drudge Skeletons
      And a "removed from combat" event happened for Alice about Drudge Skeletons
      And Alice controls Drudge Skeletons
      And Drudge Skeletons is not attacking
      And Drudge Skeletons is tapped
      When the game advances to Alice's postcombat main phase
      Then Bob has 20 life
      And no "damage dealt" event happened for Bob about Bob

    @edition:cr2008 @edition:cr2024
    Scenario: Combat: a blocker destroyed before damage leaves its attacker blocked, dealing no damage
      Given the game is at the beginning of Alice's combat phase
      And Alice controls Hill Giant
      And Bob controls Grizzly Bears
      And Alice has Lightning Bolt in hand
      And Alice controls Mountain
      When the game advances to Alice's declare attackers step
      And Alice attacks with Hill Giant
      And the game advances to Alice's declare blockers step
      And Bob blocks Hill Giant with Grizzly Bears
      And Alice taps Mountain for mana
      And Alice casts Lightning Bolt targeting Grizzly Bears
      And both players pass priority
      Then Grizzly Bears is in Bob's graveyard
      And a "removed from combat" event happened for Bob about Grizzly Bears
      When the game advances to Alice's postcombat main phase
      Then Bob has 20 life
      And Hill Giant has 0 damage

  @ruling:CR08-306.2a @ruling:CR08-306.2b @ruling:CR08-306.4a @ruling:CR08-306.4b @ruling:CR24-506.4a @ruling:CR24-506.4b
  Rule: Tapping a creature already in combat neither removes it from combat nor stops its damage
    CR 306.2a and 306.2b (2004-2008 seed text; 306.4a-b in the 2008-10 text), CR 506.4a-b (2025):
    once a creature is declared as an attacker or blocker, an effect that would have kept it from
    attacking or blocking doesn't take it out of combat, and tapping or untapping it doesn't
    either, nor does it stop its combat damage. An attacker is already tapped by attacking, so the
    suite shows the rule on a blocker: tapped by Twiddle before blocks it can't block; tapped after
    blocks it stays a blocker and deals its damage.

    @edition:cr2008 @edition:cr2024
    Scenario: Combat: a blocker tapped by Twiddle still blocks and deals its combat damage
      Given the game is at the beginning of Alice's combat phase
      And Alice controls Grizzly Bears
      And Bob controls Hill Giant
      And Alice has Twiddle in hand
      And Alice controls Island
      When the game advances to Alice's declare attackers step
      And Alice attacks with Grizzly Bears
      And the game advances to Alice's declare blockers step
      And Bob blocks Grizzly Bears with Hill Giant
      And Alice taps Island for mana
      And Alice casts Twiddle targeting Hill Giant
      And both players pass priority
      Then Hill Giant is tapped
      And no "removed from combat" event happened about Hill Giant
      When the game advances to Alice's postcombat main phase
      Then Grizzly Bears is in Alice's graveyard
      And Hill Giant has 2 damage
      And Bob has 20 life

    @edition:cr2008 @edition:cr2024
    Scenario: Combat: a creature tapped by Twiddle before blockers are declared can't block
      Given the game is at the beginning of Alice's combat phase
      And Alice controls Grizzly Bears
      And Bob controls Hill Giant
      And Alice has Twiddle in hand
      And Alice controls Island
      When the game advances to Alice's declare attackers step
      And Alice attacks with Grizzly Bears
      And Alice taps Island for mana
      And Alice casts Twiddle targeting Hill Giant
      And both players pass priority
      And the game advances to Alice's declare blockers step
      And Bob tries to block Grizzly Bears with Hill Giant
      Then the game refuses it
      When Bob declares no blockers
      And the game advances to Alice's postcombat main phase
      Then Bob has 18 life

  @ruling:CR08-306.3 @ruling:CR24-506.2
  Rule: The active player is the attacking player; the opponent she attacks is the defending player
    CR 306.3 (2004-2008 seed text; 306.2 in the 2008-10 text) and CR 506.2 (2025): during combat
    the active player attacks, and the opponent chosen as the combat phase begins (in a two-player
    game, the only opponent) is the defending player, who declares blockers and is dealt the
    damage of unblocked attackers. In Mirage the attack is declared from the main phase, with the
    same two roles.

    @edition:cr2008 @edition:cr2024
    Scenario: Combat: Alice attacks and Bob defends in Alice's combat phase
      Given the game is at the beginning of Alice's combat phase
      And Alice controls Grizzly Bears
      And Bob controls Hill Giant
      When the game advances to Alice's declare attackers step
      Then the game waits for Alice to declare attackers
      When Bob tries to attack with Hill Giant
      Then the game refuses it
      And Hill Giant is untapped
      When Alice attacks with Grizzly Bears
      And the game advances to Alice's declare blockers step
      Then the game waits for Bob to declare blockers
      When Alice tries to declare no blockers
      Then the game refuses it
      When Bob declares no blockers
      And the game advances to Alice's postcombat main phase
      Then Bob has 18 life
      And Alice has 20 life

    @edition:mirage
    Scenario: Combat: in Mirage Alice attacks from her main phase and Bob declares the blocks
      Given the game is at the beginning of Alice's main phase
      And Alice controls Grizzly Bears
      And Bob controls Hill Giant
      When Alice attacks with Grizzly Bears
      Then the game waits for Bob to declare blockers
      When Alice tries to declare no blockers
      Then the game refuses it
      When Bob declares no blockers
      Then Bob has 18 life
      And it is Alice's main phase
      And Alice has priority

  @ruling:CR08-306.4 @ruling:CR08-306.5 @ruling:CR24-506.5
  Rule: A creature is attacking alone when no other creature is attacking
    CR 306.4 (2004-2008 seed text; 306.5 in the 2008-10 text) and CR 506.5 (2025): attacking alone and
    blocking alone describe a creature that is the only attacker, or the only blocker. Only card
    abilities (such as exalted, or "whenever this attacks alone") care about it, and the suite's
    card pool has none, so the term itself can't be observed. The closest observable behaviour:
    a creature becomes the only attacker, and so attacking alone, when the other attacker leaves
    combat, and it alone deals combat damage.

    @edition:cr2008 @edition:cr2024
    Scenario: Combat: Hill Giant is left attacking alone once its fellow attacker is destroyed
      Given the game is at the beginning of Alice's combat phase
      And Alice controls Grizzly Bears
      And Alice controls Hill Giant
      And Bob has Shock in hand
      And Bob controls Mountain
      When the game advances to Alice's declare attackers step
      And Alice attacks with Grizzly Bears and Hill Giant
      Then Grizzly Bears is attacking
      And Hill Giant is attacking
      When Alice passes priority
      And Bob taps Mountain for mana
      And Bob casts Shock targeting Grizzly Bears
      And both players pass priority
      Then Grizzly Bears is not on the battlefield
      And Hill Giant is attacking
      When the game advances to Alice's postcombat main phase
      Then Bob has 17 life

  @ruling:CR08-307.1 @ruling:CR24-507.2
  Rule: "At the beginning of combat" abilities go on the stack, then the active player gets priority
    CR 307.1 (2004-2008) and CR 507.2 with 117.5 and 603.3 (2025): as the beginning of combat step
    begins, abilities that trigger at the beginning of combat are put on the stack before the active
    player receives priority, so both players can respond to them during that step.

    @edition:cr2008 @edition:cr2024
    Scenario: Combat: a beginning of combat trigger is on the stack when Alice first gets priority
      Given the game is at the beginning of Alice's combat phase
      And Alice controls "War Drum", an artifact with "At the beginning of your beginning of combat step, you gain 1 life"
      Then it is Alice's beginning of combat step
      And Alice has priority
      And the stack holds, from the top, War Drum
      And Alice has 20 life
      When both players pass priority
      Then Alice has 21 life
      And the stack is empty
      And it is Alice's beginning of combat step
      And Alice has priority
      And these events happen in this order:
        | event      | player | subject             |
        | step began | Alice  | beginning of combat |
        | triggered  | Alice  | War Drum            |
        | resolved   | Alice  | War Drum            |

    @edition:cr2008 @edition:cr2024
    Scenario: Combat: Bob can answer the beginning of combat trigger before it resolves
      Given the game is at the beginning of Alice's combat phase
      And Alice controls "War Drum", an artifact with "At the beginning of your beginning of combat step, you gain 1 life"
      And Alice has 1 life
      And Bob has Lightning Bolt in hand
      And Bob has {R} in his mana pool
      When Alice passes priority
      And Bob casts Lightning Bolt targeting Alice
      Then the stack holds, from the top, Lightning Bolt and War Drum
      When Bob passes priority
      And Alice passes priority
      Then Alice has lost the game
