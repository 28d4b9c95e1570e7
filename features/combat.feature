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
    Scenario: Combat: White Knight's first strike makes two combat damage steps again in Alice's next combat
      Given the game is at the beginning of Alice's combat phase
      And Alice controls White Knight
      When the game advances to Alice's declare attackers step
      And Alice attacks with White Knight
      And the game advances to Alice's end of combat step
      Then Bob has 18 life
      When the game advances to Alice's next declare attackers step
      And Alice attacks with White Knight
      And the game advances to Alice's end of combat step
      Then Bob has 16 life

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
    Scenario: Combat: a blocked attacker that regenerated is no longer blocked, and next turn attacks unblocked
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Drudge Skeletons
      And Alice controls Swamp
      And Bob controls Grizzly Bears
      When Alice attacks with Drudge Skeletons
      And the game advances to Alice's declare blockers step
      And Bob blocks Drudge Skeletons with Grizzly Bears
      And Alice taps Swamp for mana
      And Alice activates Drudge Skeletons
      And both players pass priority
      And the game advances to Alice's end of combat step
      Then a "regenerated" event happened for Alice about Drudge Skeletons
      And a "removed from combat" event happened for Alice about Drudge Skeletons
      And Grizzly Bears has 1 damage
      When the game advances to Alice's next declare attackers step
      And Alice attacks with Drudge Skeletons
      And the game advances to Alice's declare blockers step
      And Bob declares no blockers
      And the game advances to Alice's end of combat step
      Then Bob has 19 life

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
      And these events happen in this order:
        | event  | player | subject    | reason  |
        | tapped | Bob    | Hill Giant | Twiddle |

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

  @ruling:CR24-508.1 @ruling:CR24-508.1f @ruling:CR24-508.2 @ruling:CR08-308.1 @ruling:CR08-308.2 @ruling:CR08-308.2c
  Rule: Declaring attackers taps them without using the stack; an illegal declaration is undone
    CR 508.1 and 508.2 (2025), 308.1 and 308.2 (2008): as the declare attackers step begins the
    active player declares her attackers, a turn-based action that doesn't use the stack, and then
    gets priority. If the declaration breaks a rule, it is illegal and the game goes back to the
    moment before it. Declaring a creature as an attacker taps it (CR 508.1f, 2025; 308.2c, 2008);
    that tapping is no cost, just what attacking does. In Mirage the attack is declared from the main
    phase, and attacking taps the creatures just the same.

    @edition:cr2008 @edition:cr2024
    Scenario: Combat: an illegal attack is undone, and a legal one taps the attacker without using the stack
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Alice controls a tapped Hill Giant
      Then the game waits for Alice to declare attackers
      When Alice tries to attack with Grizzly Bears and Hill Giant
      Then the game refuses it because combat_restriction
      And Grizzly Bears is untapped
      And Grizzly Bears is not attacking
      And no "attackers declared" event happened
      And the game waits for Alice to declare attackers
      When Alice attacks with Grizzly Bears
      Then Grizzly Bears is tapped
      And Grizzly Bears is attacking
      And an "attackers declared" event happened for Alice with amount 1
      And the stack is empty
      And it is Alice's declare attackers step
      And Alice has priority

    @edition:cr2008 @edition:cr2024
    Scenario: Combat: Alice declares no attackers and still gets priority in the declare attackers step
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      Then the game waits for Alice to declare attackers
      When Alice declares no attackers
      Then it is Alice's declare attackers step
      And Alice has priority

    @edition:cr2008 @edition:cr2024
    Scenario: Combat: with no creature able to attack, Alice still gets priority in the declare attackers step
      Given the game is at the beginning of Alice's combat phase
      And Alice controls a tapped Grizzly Bears
      When the game advances to Alice's declare attackers step
      And Alice declares no attackers
      Then it is Alice's declare attackers step
      And Alice has priority

    @edition:mirage
    Scenario: Combat: in Mirage an illegal attack is refused, and a legal one taps the attacker
      Given the game is at the beginning of Alice's main phase
      And Alice controls Grizzly Bears
      And Alice controls a tapped Hill Giant
      When Alice tries to attack with Grizzly Bears and Hill Giant
      Then the game refuses it
      And Grizzly Bears is untapped
      And no "attackers declared" event happened
      And Alice has priority
      When Alice attacks with Grizzly Bears
      Then Grizzly Bears is tapped
      And the game waits for Bob to declare blockers
      When Bob declares no blockers
      Then Bob has 18 life
      And Grizzly Bears is tapped

  @ruling:CR24-508.1g
  @edition:cr2024
  Rule: The active player chooses which optional costs to attack to pay
    CR 508.1g (2025): a creature may offer a cost its controller can pay "as" it attacks. While
    declaring attackers, the active player chooses which of these optional costs, if any, to pay; the
    chosen ones are added to the other costs to attack and paid in full with them (CR 508.1h-j).
    Declining is legal, and the creature attacks all the same, without what the payment would get it.

    Scenario: Optional attack costs: Alice pays {1} as Hired Blade attacks, and it gets +2/+0
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls "Hired Blade", a 2/2 creature with "As this creature attacks, you may pay {1}. If you do, it gets +2/+0 until end of turn"
      And Alice controls Grizzly Bears
      And Alice controls Mountain
      When Alice taps Mountain for mana
      And Alice attacks with Hired Blade and Grizzly Bears, paying the optional cost of Hired Blade
      Then Hired Blade is attacking
      And Grizzly Bears is attacking
      And Hired Blade is 4/2
      And Alice's mana pool is empty
      When the game advances to Alice's end of combat step
      Then Bob has 14 life
      And these events happen in this order:
        | event    | player | subject        | paid |
        | resolved | Alice  | cost to attack | {1}  |

    Scenario: Optional attack costs: Alice can't pay Hired Blade's option when Hired Blade doesn't attack
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls "Hired Blade", a 2/2 creature with "As this creature attacks, you may pay {1}. If you do, it gets +2/+0 until end of turn"
      And Alice controls Grizzly Bears
      And Alice controls Mountain
      When Alice taps Mountain for mana
      And Alice tries to attack with Grizzly Bears, paying the optional cost of Hired Blade
      Then the game refuses it
      And the game waits for Alice to declare attackers

    Scenario: Optional attack costs: Alice can't pay for Hired Blade's option, so she declines and it attacks as a 2/2
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls "Hired Blade", a 2/2 creature with "As this creature attacks, you may pay {1}. If you do, it gets +2/+0 until end of turn"
      When Alice tries to attack with Hired Blade, paying the optional cost of Hired Blade
      Then the game refuses it
      And the game waits for Alice to declare attackers
      When Alice attacks with Hired Blade
      Then Hired Blade is attacking
      And Hired Blade is 2/2
      When the game advances to Alice's end of combat step
      Then Bob has 18 life

  @ruling:CR24-508.1k @ruling:CR24-511.3 @ruling:CR08-308.2g @ruling:CR08-311.2
  @edition:cr2008 @edition:cr2024
  Rule: A declared attacker stays an attacking creature until the end of combat step ends
    CR 508.1k (2025) and 308.2g (2008): each creature declared as an attacker becomes an attacking
    creature and stays one until it is removed from combat or the combat phase ends. CR 511.3 (2025)
    and 311.2 (2008): as soon as the end of combat step ends, every creature is removed from combat,
    the combat phase is over and the postcombat main phase begins. The rules checker, watching a
    game, checks that no surviving attacker or blocker is still in combat after it, reading each of
    the game's views as the protocol defines them (a permanent is attacking or not, true or false).

    Scenario: Combat: Grizzly Bears is an attacking creature until the end of combat step ends
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      When Alice attacks with Grizzly Bears
      And the game advances to Alice's declare blockers step
      Then Grizzly Bears is attacking
      When the game advances to Alice's combat damage step
      Then Grizzly Bears is attacking
      When the game advances to Alice's end of combat step
      Then Grizzly Bears is attacking
      And Bob has 18 life
      And Alice has priority
      When from now on
      And both players pass priority
      Then it is Alice's postcombat main phase
      And Grizzly Bears is not attacking
      And these events happen in this order:
        | event               | player | subject         |
        | step ended          | Alice  | end of combat   |
        | removed from combat | Alice  | Grizzly Bears   |
        | phase ended         | Alice  | combat          |
        | phase began         | Alice  | postcombat main |

    Scenario: Combat: once the combat phase is over, the rules checker sees no creature still in combat
      Given the rules checker watches the game
      And the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Alice controls Savannah Lions
      And Bob controls Hill Giant
      When Alice attacks with Grizzly Bears and Savannah Lions
      And the game advances to Alice's declare blockers step
      And Bob blocks Grizzly Bears with Hill Giant
      And the game advances to Alice's postcombat main phase
      Then Grizzly Bears is in Alice's graveyard
      And Savannah Lions is not attacking
      And Hill Giant is not blocking
      And Bob has 18 life
      And the rules checker finds no violation in the game

  @ruling:CR24-509.1 @ruling:CR24-509.1a @ruling:CR24-509.2 @ruling:CR08-309.1 @ruling:CR08-309.2 @ruling:CR08-309.2a
  Rule: The defending player declares blockers without using the stack; an illegal declaration is undone
    CR 509.1-509.2 (2025), 309.1-309.2 (2008): as the declare blockers step begins the defending
    player declares blockers, a turn-based action that doesn't use the stack; then the active player
    gets priority. Each blocker must be an untapped creature he controls, and blocks one attacking
    creature (CR 509.1a, 2025; 309.2a, 2008); a creature that came under his control this turn may
    block. A declaration that breaks a rule is illegal as a whole and the game goes back to the
    moment before it. The Mirage rulebook's blocks follow the same rules.

    @edition:cr2008 @edition:cr2024
    Scenario: Combat: Bob's illegal blocks are undone, and a summoning-sick Hill Giant blocks one attacker
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Alice controls Savannah Lions
      And Bob controls a summoning-sick Hill Giant
      And Bob controls a tapped Drudge Skeletons
      When Alice attacks with Grizzly Bears and Savannah Lions
      And the game advances to Alice's declare blockers step
      Then the game waits for Bob to declare blockers
      When Bob tries to block Grizzly Bears with Drudge Skeletons
      Then the game refuses it
      When Bob tries to block Grizzly Bears with Hill Giant; Savannah Lions with Drudge Skeletons
      Then the game refuses it
      When Bob tries to block Grizzly Bears with Hill Giant; Savannah Lions with Hill Giant
      Then the game refuses it
      And no "blockers declared" event happened
      And the game waits for Bob to declare blockers
      When Bob blocks Savannah Lions with Hill Giant
      Then a "blockers declared" event happened for Bob with amount 1
      And the stack is empty
      And it is Alice's declare blockers step
      And Alice has priority
      When the game advances to Alice's postcombat main phase
      Then Bob has 18 life
      And Savannah Lions is in Alice's graveyard
      And Hill Giant has 2 damage

    @edition:cr2008 @edition:cr2024
    Scenario: Combat: Alice gets priority in the declare blockers step though her only attacker has left combat
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
      Then Drudge Skeletons is not attacking
      And it is Alice's declare attackers step
      When the game advances to Alice's declare blockers step
      And Bob declares no blockers
      Then it is Alice's declare blockers step
      And Alice has priority

    @edition:mirage
    Scenario: Combat: in Mirage a tapped creature can't block, and a summoning-sick Hill Giant blocks one attacker
      Given the game is at the beginning of Alice's main phase
      And Alice controls Grizzly Bears
      And Alice controls Savannah Lions
      And Bob controls a summoning-sick Hill Giant
      And Bob controls a tapped Drudge Skeletons
      When Alice attacks with Grizzly Bears and Savannah Lions
      Then the game waits for Bob to declare blockers
      When Bob tries to block Grizzly Bears with Drudge Skeletons
      Then the game refuses it
      When Bob tries to block Grizzly Bears with Hill Giant; Savannah Lions with Hill Giant
      Then the game refuses it
      And no "blockers declared" event happened
      And the game waits for Bob to declare blockers
      When Bob blocks Savannah Lions with Hill Giant
      Then Bob has 18 life
      And Savannah Lions is in Alice's graveyard
      And Hill Giant has 2 damage

  @ruling:CR24-506.3
  Rule: Only creatures attack and block
    CR 506.3 (2025): only a creature can attack or block, and only a player, a planeswalker or a
    battle can be attacked (the 2008 text, rule 306.3, says the same of players and planeswalkers).
    A land can't be declared as an attacker or a blocker. The Mirage rulebook, too, attacks and
    blocks with creatures only.

    @edition:cr2008 @edition:cr2024
    Scenario: Combat: a Forest can't attack and a Plains can't block
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Alice controls Forest
      And Bob controls Plains
      When Alice tries to attack with Forest
      Then the game refuses it because combat_restriction
      And Forest is untapped
      And the game waits for Alice to declare attackers
      When Alice attacks with Grizzly Bears
      And the game advances to Alice's declare blockers step
      And Bob tries to block Grizzly Bears with Plains
      Then the game refuses it
      And the game waits for Bob to declare blockers
      When Bob declares no blockers
      And the game advances to Alice's postcombat main phase
      Then Bob has 18 life
      And Forest is untapped
      And Plains is untapped

    @edition:mirage
    Scenario: Combat: in Mirage a Forest can't attack and a Plains can't block
      Given the game is at the beginning of Alice's main phase
      And Alice controls Grizzly Bears
      And Alice controls Forest
      And Bob controls Plains
      When Alice tries to attack with Forest
      Then the game refuses it
      And Forest is untapped
      And Alice has priority
      When Alice attacks with Grizzly Bears
      And Bob tries to block Grizzly Bears with Plains
      Then the game refuses it
      And the game waits for Bob to declare blockers
      When Bob declares no blockers
      Then Bob has 18 life
      And Plains is untapped

  @ruling:CR24-506.6 @ruling:CR24-508.1d
  Rule: A creature that no effect requires to attack need not attack, even when no other attack is possible
    CR 506.6 (2025): a creature "had to attack" only if an effect required it to attack when
    attackers were declared; one that no effect required did not have to attack, even if no other
    legal attack could have been declared. Only card abilities read the term itself (the suite's pool
    has none); what it describes is observable: with Juggernaut, which attacks each combat if able,
    tapped and unable to attack, nothing requires Grizzly Bears to attack, so the active player may
    declare no attackers (CR 508.1d: the most requirements that can be obeyed is none). The 2008
    rules (rule 500, cited by 308.2a) and the Mirage rulebook (a creature required to attack must be
    sent if it legally can) give the same result.

    @edition:cr2008 @edition:cr2024
    Scenario: Combat: Grizzly Bears need not attack just because a tapped Juggernaut can't
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls a tapped Juggernaut
      And Alice controls Grizzly Bears
      Then the game waits for Alice to declare attackers
      When Alice tries to declare no attackers
      Then the game allows it
      And Grizzly Bears is not attacking
      And Grizzly Bears is untapped
      And a "step skipped" event happened for Alice about declare blockers

    @edition:mirage
    Scenario: Combat: in Mirage Alice may end her main phase without attacking while Juggernaut is tapped
      Given the game is at the beginning of Alice's main phase
      And Alice controls a tapped Juggernaut
      And Alice controls Grizzly Bears
      When Alice tries to pass priority
      Then the game allows it
      And Grizzly Bears is untapped
      And no "attackers declared" event happened

  @ruling:CR24-511.1 @ruling:CR24-511.2 @ruling:CR08-311.1
  @edition:cr2008 @edition:cr2024
  Rule: "At end of combat" abilities trigger as the end of combat step begins, then the active player gets priority
    CR 511.1-511.2 (2025) and 311.1 (2008): the end of combat step has no turn-based action; as it
    begins, abilities that trigger "at end of combat" trigger and go on the stack, then the active
    player gets priority. The suite writes such an ability as one that triggers at the beginning of
    the end of combat step, which is the same moment. The attackers are still in combat during this
    step. (CR 511.2's other half, that "until end of combat" effects end with the combat phase, is
    shown in the turn's feature, with a written-out bonus "until end of combat".)

    Scenario: Combat: an end of combat trigger is on the stack when Alice gets priority in the end of combat step
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Alice controls "Rally Horn", an artifact with "At the beginning of your end of combat step, you gain 1 life"
      When Alice attacks with Grizzly Bears
      And the game advances to Alice's end of combat step
      Then Alice has priority
      And the stack holds, from the top, Rally Horn
      And Alice has 20 life
      And Grizzly Bears is attacking
      When both players pass priority
      Then Alice has 21 life
      And the stack is empty
      And it is Alice's end of combat step
      And Alice has priority
