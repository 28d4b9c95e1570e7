Feature: Abilities that trigger on combat events
  A creature may have an ability that triggers when it attacks, blocks, becomes blocked, attacks
  and isn't blocked, or deals combat damage. Under the Comprehensive Rules such an ability
  triggers as the event happens and is put on the stack the next time a player would receive
  priority, so both players can answer it in the step where it triggered. In Mirage an attack is
  declared from the main phase and its triggered abilities are processed at once, without the
  stack.

  @ruling:CR24-508.1m @ruling:CR24-508.2b @ruling:CR24-508.3 @ruling:CR24-508.3a @ruling:CR08-308.1
  Rule: "Whenever this creature attacks" triggers as attackers are declared and is on the stack when the active player first gets priority
    CR 508.1m and 508.2b (2025), CR 308.1 (2008): the last part of declaring attackers is that
    abilities triggering on attackers being declared trigger; they are put on the stack before the
    active player receives priority in the declare attackers step. An ability reading "whenever
    this creature attacks" triggers when that creature is declared as an attacker, and not when it
    stays home (CR 508.3, 508.3a). In Mirage the attack is declared from the main phase and its
    triggered abilities are processed at once: nothing waits on a stack.

    @edition:cr2008 @edition:cr2024
    Scenario: Combat triggers: an attack trigger waits on the stack when Alice gets priority in the declare attackers step
      Given the game is at the beginning of Alice's combat phase
      And Alice controls "Sentinel", a 2/2 creature with "Whenever this creature attacks, you gain 1 life"
      When the game advances to Alice's declare attackers step
      And Alice attacks with Sentinel
      Then it is Alice's declare attackers step
      And Alice has priority
      And the stack holds, from the top, Sentinel
      And Alice has 20 life
      And these events happen in this order:
        | event               | player | subject  |
        | attackers declared  | Alice  |          |
        | triggered           | Alice  | Sentinel |
      When both players pass priority
      Then Alice has 21 life
      And the stack is empty
      And it is Alice's declare attackers step

    @edition:cr2008 @edition:cr2024
    Scenario: Combat triggers: Bob can answer an attack trigger before it resolves
      Given the game is at the beginning of Alice's combat phase
      And Alice controls "Sentinel", a 2/2 creature with "Whenever this creature attacks, you gain 1 life"
      And Alice has 1 life
      And Bob has Lightning Bolt in hand
      And Bob controls Mountain
      When the game advances to Alice's declare attackers step
      And Alice attacks with Sentinel
      And Alice passes priority
      And Bob taps Mountain for mana
      And Bob casts Lightning Bolt targeting Alice
      Then the stack holds, from the top, Lightning Bolt and Sentinel
      When Bob passes priority
      And Alice passes priority
      Then Alice has lost the game

    @edition:cr2008 @edition:cr2024
    Scenario: Combat triggers: a creature that does not attack does not trigger its attack ability
      Given the game is at the beginning of Alice's combat phase
      And Alice controls "Sentinel", a 2/2 creature with "Whenever this creature attacks, you gain 1 life"
      And Alice controls Grizzly Bears
      When the game advances to Alice's declare attackers step
      And Alice attacks with Grizzly Bears
      Then Alice has priority
      And the stack is empty
      And no "triggered" event happened about Sentinel
      When the game advances to Alice's postcombat main phase
      Then Alice has 20 life
      And Bob has 18 life

    @edition:mirage
    Scenario: Combat triggers: in Mirage an attack trigger is processed at once, before blockers
      Given the game is at the beginning of Alice's main phase
      And Alice controls "Sentinel", a 2/2 creature with "Whenever this creature attacks, you gain 1 life"
      When Alice attacks with Sentinel
      Then Alice has 21 life
      And the stack is empty
      And the game waits for Bob to declare blockers

    @edition:cr2008 @edition:cr2024
    Scenario: Combat triggers: an attack trigger resolves before blockers, so the creature it kills can't block
      Given the game is at the beginning of Alice's combat phase
      And Bob controls Grizzly Bears
      And Alice controls "Sentinel", a 2/2 creature with "Whenever this creature attacks, this deals 2 damage to Grizzly Bears"
      When the game advances to Alice's declare attackers step
      And Alice attacks with Sentinel
      Then the stack holds, from the top, Sentinel
      When both players pass priority
      Then Grizzly Bears is in Bob's graveyard
      When the game advances to Alice's declare blockers step
      Then the game waits for Bob to declare blockers
      When Bob declares no blockers
      And the game advances to Alice's postcombat main phase
      Then Bob has 18 life

    @edition:mirage
    Scenario: Combat triggers: in Mirage an attack trigger is processed before blockers, so the creature it kills can't block
      Given the game is at the beginning of Alice's main phase
      And Bob controls Grizzly Bears
      And Alice controls "Sentinel", a 2/2 creature with "Whenever this creature attacks, this deals 2 damage to Grizzly Bears"
      When Alice attacks with Sentinel
      Then Grizzly Bears is in Bob's graveyard
      And the game waits for Bob to declare blockers
      When Bob declares no blockers
      Then Bob has 18 life

  @ruling:CR24-508.2b @ruling:CR08-410.3
  Rule: The active player orders her attack triggers as she puts them on the stack
    CR 508.2b (2025): the abilities that triggered while attackers were declared go on the stack
    before the active player gets priority, and the order in which they triggered does not matter:
    as with any abilities that trigger at once, their controller chooses the order she puts them on
    the stack (CR 410.3 of 2008, 603.3b of 2025). The first one named resolves first, so it goes
    on the stack last.

    @edition:cr2008 @edition:cr2024
    Scenario: Combat triggers: Alice chooses the order of two attack triggers
      Given the game is at the beginning of Alice's combat phase
      And Alice controls "Sentinel", a 2/2 creature with "Whenever this creature attacks, you gain 1 life"
      And Alice controls "Scout", a 2/2 creature with "Whenever this creature attacks, you draw a card"
      When the game advances to Alice's declare attackers step
      And Alice attacks with Sentinel and Scout
      Then the game waits for Alice to order her abilities
      When Alice orders her abilities to resolve: Scout, then Sentinel
      Then Alice has priority
      And the stack holds, from the top, Scout and Sentinel
      When both players pass priority
      Then Alice has drawn 1 card
      And Alice has 20 life
      When both players pass priority
      Then Alice has 21 life
      And the stack is empty

  @ruling:CR24-508.2a @ruling:CR08-308.3 @ruling:CR08-309.3
  Rule: Attack and block triggers trigger only at the moment the creature is declared
    CR 308.3 and 309.3 (2008), 508.2a (2025): an ability that triggers on a creature attacking (or
    blocking) triggers only when the creature is declared as an attacker (or blocker); staying in
    combat through the later steps does not trigger it again. These rules (and 509.3f for blocks in
    2025) add that a creature whose characteristics change after it attacked or blocked, so that it
    now matches a trigger condition, does not trigger that ability; the suite cannot show that half,
    since the abilities it can write out all watch "this creature" without any condition on its
    characteristics, and no card in the pool gives a creature an ability.

    @edition:cr2008 @edition:cr2024
    Scenario: Combat triggers: an attack trigger and a block trigger trigger once in the whole combat
      Given the game is at the beginning of Alice's combat phase
      And Alice controls "Sentinel", a 2/2 creature with "Whenever this creature attacks, you gain 1 life"
      And Bob controls "Wall", a 0/4 creature with "Whenever this creature blocks, you gain 1 life"
      When the game advances to Alice's declare attackers step
      And Alice attacks with Sentinel
      And the game advances to Alice's declare blockers step
      And Bob blocks Sentinel with Wall
      And the game advances to Alice's postcombat main phase
      Then Alice has 21 life
      And Bob has 21 life
      And Wall has 2 damage
      And Sentinel is not attacking

  @ruling:CR24-508.3 @ruling:CR24-508.3f @ruling:CR24-509.3g @ruling:CR24-509.1i @ruling:CR24-509.2a
  Rule: "Whenever this creature attacks and isn't blocked" triggers as blockers are declared, for each attacker left unblocked
    CR 508.3f and 509.3g (2025): this ability triggers in the declare blockers step, not the
    declare attackers step, when no creature is declared as a blocker for the creature; like every
    ability that triggers on blockers being declared it is on the stack before the active player
    gets priority in that step (CR 509.1i, 509.2a). It does not trigger for an attacker that was
    blocked, even if all its blockers leave combat afterwards. The 2008 turn-structure rules say
    nothing on this wording; the same reading follows there from CR 309.2f (an attacker with no
    blockers becomes unblocked as blockers are declared) and 410.2, so the scenarios hold in 2008
    too. The part of 509.3g about a creature put onto
    the battlefield attacking is not observable: no card in the pool does that.

    @edition:cr2008 @edition:cr2024
    Scenario: Combat triggers: "attacks and isn't blocked" waits for the declare blockers step
      Given the game is at the beginning of Alice's combat phase
      And Alice controls "Scout", a 2/2 creature with "Whenever this creature attacks and isn't blocked, you draw a card"
      When the game advances to Alice's declare attackers step
      And Alice attacks with Scout
      Then Alice has priority
      And the stack is empty
      When the game advances to Alice's declare blockers step
      Then no "triggered" event happened about Scout
      And the game waits for Bob to declare blockers
      When Bob declares no blockers
      Then it is Alice's declare blockers step
      And Alice has priority
      And the stack holds, from the top, Scout
      When both players pass priority
      Then Alice has drawn 1 card

    @edition:cr2008 @edition:cr2024
    Scenario: Combat triggers: only the unblocked attacker triggers "attacks and isn't blocked"
      Given the game is at the beginning of Alice's combat phase
      And Alice controls "Scout", a 2/2 creature with "Whenever this creature attacks and isn't blocked, you draw a card"
      And Alice controls "Outrider", a 2/2 creature with "Whenever this creature attacks and isn't blocked, you gain 1 life"
      And Bob controls Hill Giant
      When the game advances to Alice's declare attackers step
      And Alice attacks with Scout and Outrider
      And the game advances to Alice's declare blockers step
      And Bob blocks Scout with Hill Giant
      Then Alice has priority
      And the stack holds, from the top, Outrider
      And no "triggered" event happened about Scout
      When the game advances to Alice's postcombat main phase
      Then Alice has 21 life
      And Alice has drawn 0 cards
      And Bob has 18 life

    @edition:cr2008 @edition:cr2024
    Scenario: Combat triggers: a blocked attacker whose blocker dies does not trigger "attacks and isn't blocked"
      Given the game is at the beginning of Alice's combat phase
      And Alice controls "Scout", a 2/2 creature with "Whenever this creature attacks and isn't blocked, you draw a card"
      And Alice controls Mountain
      And Alice has Lightning Bolt in hand
      And Bob controls Grizzly Bears
      When the game advances to Alice's declare attackers step
      And Alice attacks with Scout
      And the game advances to Alice's declare blockers step
      And Bob blocks Scout with Grizzly Bears
      Then the stack is empty
      When Alice taps Mountain for mana
      And Alice casts Lightning Bolt targeting Grizzly Bears
      And both players pass priority
      Then Grizzly Bears is in Bob's graveyard
      And the stack is empty
      When the game advances to Alice's postcombat main phase
      Then no "triggered" event happened about Scout
      And Alice has 0 cards in hand
      And Bob has 20 life

    @edition:mirage
    Scenario: Combat triggers: in Mirage "attacks and isn't blocked" is processed at once when Bob declares no blockers
      Given the game is at the beginning of Alice's main phase
      And Alice controls "Scout", a 2/2 creature with "Whenever this creature attacks and isn't blocked, you draw a card"
      When Alice attacks with Scout
      Then Alice has drawn 0 cards
      When Bob declares no blockers
      Then Alice has drawn 1 card
      And the stack is empty
      And Bob has 18 life

  @ruling:CR24-509.1i @ruling:CR24-509.2a @ruling:CR24-509.3 @ruling:CR24-509.3a @ruling:CR24-509.3b @ruling:CR08-309.1 @ruling:CR08-410.3
  Rule: Block triggers go on the stack, the active player's first, before the active player gets priority in the declare blockers step
    CR 509.1i and 509.2a (2025), 309.1 (2008): abilities that trigger on blockers being declared
    trigger as the declaration ends and go on the stack before the active player receives priority;
    each player puts his own, the active player first, so the defending player's abilities end up
    on top and resolve first (CR 410.3 of 2008, 603.3b of 2025). "Whenever this creature blocks"
    triggers once for the creature when it is declared as a blocker, and "whenever this creature
    blocks a creature" once for each attacker it blocks (CR 509.3a, 509.3b); a creature that
    doesn't block triggers neither. In Mirage the same abilities are processed at once as blockers
    are declared, without the stack, the active player's first. The engine lets a creature block only one attacker, so the
    difference between the two wordings for a creature blocking several attackers can't be shown.

    @edition:cr2008 @edition:cr2024
    Scenario: Combat triggers: Bob's block trigger goes on the stack above Alice's becomes-blocked trigger
      Given the game is at the beginning of Alice's combat phase
      And Alice controls "Sentinel", a 2/2 creature with "Whenever this creature becomes blocked, you gain 1 life"
      And Bob controls "Wall", a 0/4 creature with "Whenever this creature blocks, you gain 2 life"
      When the game advances to Alice's declare attackers step
      And Alice attacks with Sentinel
      And the game advances to Alice's declare blockers step
      And Bob blocks Sentinel with Wall
      Then it is Alice's declare blockers step
      And Alice has priority
      And the stack holds, from the top, Wall and Sentinel
      When both players pass priority
      Then Bob has 22 life
      And Alice has 20 life
      When both players pass priority
      Then Alice has 21 life
      And the stack is empty

    @edition:mirage
    Scenario: Combat triggers: in Mirage Alice's becomes-blocked trigger is processed before Bob's block trigger
      Given the game is at the beginning of Alice's main phase
      And Alice controls "Sentinel", a 2/2 creature with "Whenever this creature becomes blocked, you gain 1 life"
      And Bob controls "Wall", a 0/4 creature with "Whenever this creature blocks, you gain 2 life"
      When Alice attacks with Sentinel
      And Bob blocks Sentinel with Wall
      Then Alice has 21 life
      And Bob has 22 life
      And the stack is empty
      And these events happen in this order:
        | event    | player | subject  |
        | resolved | Alice  | Sentinel |
        | resolved | Bob    | Wall     |

    @edition:cr2008 @edition:cr2024
    Scenario: Combat triggers: "blocks" and "blocks a creature" each trigger once for a creature blocking one attacker, and not for a creature that stays back
      Given the game is at the beginning of Alice's combat phase
      And Alice controls Grizzly Bears
      And Alice controls Hill Giant
      And Bob controls "Wall", a 0/4 creature with "Whenever this creature blocks, you gain 1 life"
      And Bob controls "Gate", a 0/4 creature with "Whenever this creature blocks a creature, you gain 2 life"
      And Bob controls "Tower", a 0/4 creature with "Whenever this creature blocks, you draw a card"
      When the game advances to Alice's declare attackers step
      And Alice attacks with Grizzly Bears and Hill Giant
      And the game advances to Alice's declare blockers step
      And Bob blocks Grizzly Bears with Wall; blocks Hill Giant with Gate
      Then the game waits for Bob to order his abilities
      When Bob orders his abilities to resolve: Gate, then Wall
      Then Alice has priority
      And the stack holds, from the top, Gate and Wall
      When the game advances to Alice's postcombat main phase
      Then Bob has 23 life
      And Bob has drawn 0 cards
      And no "triggered" event happened about Tower

  @ruling:CR24-509.3c @ruling:CR24-509.3d @ruling:CR08-309.4
  Rule: "Becomes blocked" triggers once for the attacker, "becomes blocked by a creature" once for each blocker
    CR 309.4 (2008) and 509.3c (2025): an ability that triggers when a creature becomes blocked
    triggers once in the combat, however many creatures block it. CR 509.3d (2025): an ability that
    triggers when a creature becomes blocked by a creature triggers once for each creature declared
    as a blocker for it. Two triggers of the same ability are identical, so the game doesn't ask
    for their order. Becoming blocked by an effect or by a creature put onto the battlefield
    blocking is not observable: no card in the pool does either.

    @edition:cr2008 @edition:cr2024
    Scenario: Combat triggers: an attacker blocked by two creatures triggers "becomes blocked" once
      Given the game is at the beginning of Alice's combat phase
      And Alice controls "Sentinel", a 2/2 creature with "Whenever this creature becomes blocked, you gain 1 life"
      And Bob controls Grizzly Bears
      And Bob controls Savannah Lions
      When the game advances to Alice's declare attackers step
      And Alice attacks with Sentinel
      And the game advances to Alice's declare blockers step
      And Bob blocks Sentinel with Grizzly Bears and Savannah Lions
      Then Alice has priority
      And the stack holds, from the top, Sentinel
      When both players pass priority
      Then Alice has 21 life
      And the stack is empty

    @edition:cr2008 @edition:cr2024
    Scenario: Combat triggers: an attacker blocked by two creatures triggers "becomes blocked by a creature" twice
      Given the game is at the beginning of Alice's combat phase
      And Alice controls "Herald", a 2/2 creature with "Whenever this creature becomes blocked by a creature, you gain 1 life"
      And Bob controls Grizzly Bears
      And Bob controls Savannah Lions
      When the game advances to Alice's declare attackers step
      And Alice attacks with Herald
      And the game advances to Alice's declare blockers step
      And Bob blocks Herald with Grizzly Bears and Savannah Lions
      Then Alice has priority
      And the stack holds, from the top, Herald and Herald
      When both players pass priority
      Then Alice has 21 life
      When both players pass priority
      Then Alice has 22 life
      And the stack is empty

    @edition:mirage
    Scenario: Combat triggers: in Mirage "becomes blocked" is processed at once, once for a double block
      Given the game is at the beginning of Alice's main phase
      And Alice controls "Sentinel", a 2/2 creature with "Whenever this creature becomes blocked, you gain 1 life"
      And Alice controls "Herald", a 2/2 creature with "Whenever this creature becomes blocked by a creature, you gain 2 life"
      And Bob controls Grizzly Bears
      And Bob controls Savannah Lions
      And Bob controls Hill Giant
      When Alice attacks with Sentinel and Herald
      And Bob blocks Sentinel with Grizzly Bears and Savannah Lions; blocks Herald with Hill Giant
      Then the game waits for Alice to order her abilities
      When Alice orders her abilities to resolve: Herald, then Sentinel
      Then Alice has 23 life
      And the stack is empty

  @ruling:CR24-510.3a @ruling:CR08-310.4 @ruling:CR08-410.2
  Rule: "Whenever this creature deals combat damage" triggers as the damage is dealt and goes on the stack before the active player gets priority
    CR 510.3a (2025): abilities that triggered on combat damage being dealt, or while the
    state-based actions that follow are performed, go on the stack before the active player gets
    priority in the combat damage step. In 2008 combat damage itself went on the stack; the ability
    triggers when that damage resolves and goes on the stack the next time a player would receive
    priority, that is when the active player gets priority after the damage (CR 310.4, 410.2). The
    ability triggers once for each creature that dealt damage; a creature with 0 power deals none
    and triggers nothing. An ability that triggered still resolves if its creature then dies. In
    2008 a creature could leave play while its combat damage waited on the stack: the damage was
    still dealt (CR 310.4a), but the creature's own ability no longer existed when the damage was
    dealt, so it did not trigger.

    @edition:cr2024
    Scenario: Combat triggers: a combat damage trigger is on the stack when Alice gets priority in the combat damage step
      Given the game is at the beginning of Alice's combat phase
      And Alice controls "Infiltrator", a 2/2 creature with "Whenever this creature deals combat damage, you draw a card"
      When the game advances to Alice's declare attackers step
      And Alice attacks with Infiltrator
      And the game advances to Alice's declare blockers step
      And Bob declares no blockers
      And the game advances to Alice's combat damage step
      Then Bob has 18 life
      And Alice has priority
      And the stack holds, from the top, Infiltrator
      And these events happen in this order:
        | event        | player | subject       |
        | step began   | Alice  | combat damage |
        | damage dealt | Bob    | Bob           |
        | triggered    | Alice  | Infiltrator   |
      When both players pass priority
      Then Alice has drawn 1 card
      And it is Alice's combat damage step

    @edition:cr2008
    Scenario: Combat triggers: in 2008 the combat damage trigger goes on the stack after the damage resolves
      Given the game is at the beginning of Alice's combat phase
      And Alice controls "Infiltrator", a 2/2 creature with "Whenever this creature deals combat damage, you draw a card"
      When the game advances to Alice's declare attackers step
      And Alice attacks with Infiltrator
      And the game advances to Alice's declare blockers step
      And Bob declares no blockers
      And the game advances to Alice's combat damage step
      Then the stack holds, from the top, combat damage
      And no "triggered" event happened about Infiltrator
      When both players pass priority
      Then Bob has 18 life
      And Alice has priority
      And the stack holds, from the top, Infiltrator
      When both players pass priority
      Then Alice has drawn 1 card
      And it is Alice's combat damage step

    @edition:cr2008
    Scenario: Combat triggers: in 2008 a creature that leaves play with its damage on the stack deals it but does not trigger
      Given the game is at the beginning of Alice's combat phase
      And Alice controls "Infiltrator", a 2/2 creature with "Whenever this creature deals combat damage, you draw a card"
      And Bob controls Mountain
      And Bob has Lightning Bolt in hand
      When the game advances to Alice's declare attackers step
      And Alice attacks with Infiltrator
      And the game advances to Alice's declare blockers step
      And Bob declares no blockers
      And the game advances to Alice's combat damage step
      Then the stack holds, from the top, combat damage
      When Alice passes priority
      And Bob taps Mountain for mana
      And Bob casts Lightning Bolt targeting Infiltrator
      And both players pass priority
      Then Infiltrator is in Alice's graveyard
      And the stack holds, from the top, combat damage
      When both players pass priority
      Then Bob has 18 life
      And the stack is empty
      And no "triggered" event happened about Infiltrator
      And Alice has drawn 0 cards

    @edition:cr2008 @edition:cr2024
    Scenario: Combat triggers: a combat damage trigger resolves although its creature died in that combat
      Given the game is at the beginning of Alice's combat phase
      And Alice controls "Infiltrator", a 2/2 creature with "Whenever this creature deals combat damage, you draw a card"
      And Bob controls Hill Giant
      When the game advances to Alice's declare attackers step
      And Alice attacks with Infiltrator
      And the game advances to Alice's declare blockers step
      And Bob blocks Infiltrator with Hill Giant
      And the game advances to Alice's end of combat step
      Then Infiltrator is in Alice's graveyard
      And Hill Giant has 2 damage
      And Alice has drawn 1 card
      And these events happen in this order:
        | event        | player | subject     |
        | damage dealt | Bob    | Hill Giant  |
        | died         | Alice  | Infiltrator |
        | resolved     | Alice  | Infiltrator |

    @edition:cr2008 @edition:cr2024
    Scenario: Combat triggers: a creature with 0 power deals no combat damage and does not trigger
      Given the game is at the beginning of Alice's combat phase
      And Alice controls "Infiltrator", a 2/2 creature with "Whenever this creature deals combat damage, you draw a card"
      And Alice controls "Lookout", a 0/2 creature with "Whenever this creature deals combat damage, you gain 1 life"
      When the game advances to Alice's declare attackers step
      And Alice attacks with Infiltrator and Lookout
      And the game advances to Alice's postcombat main phase
      Then Bob has 18 life
      And Alice has drawn 1 card
      And Alice has 20 life
      And no "triggered" event happened about Lookout

    @edition:mirage
    Scenario: Combat triggers: in Mirage a combat damage trigger is processed at once after the damage
      Given the game is at the beginning of Alice's main phase
      And Alice controls "Infiltrator", a 2/2 creature with "Whenever this creature deals combat damage, you draw a card"
      When Alice attacks with Infiltrator
      And Bob declares no blockers
      Then Bob has 18 life
      And Alice has drawn 1 card
      And the stack is empty
      And these events happen in this order:
        | event        | player | subject     |
        | damage dealt | Bob    | Bob         |
        | triggered    | Alice  | Infiltrator |
        | resolved     | Alice  | Infiltrator |

  @ruling:CR24-508.3c @ruling:CR24-508.3d
  Rule: "Whenever you attack" triggers once when one or more creatures are declared as attackers
    CR 508.3c and 508.3d (2025): an ability reading "whenever [a player] attacks" or "whenever [a
    player] attacks with [a creature]" watches the player, not a creature. It triggers when one or
    more creatures that player controls are declared as attackers: once for the declaration, however
    many creatures attack, and not at all when the player declares no attackers.

    @edition:cr2024
    Scenario: Combat triggers: "whenever you attack" triggers once for two attackers
      Given the game is at the beginning of Alice's combat phase
      And Alice controls "Warhorn", an artifact with "Whenever you attack, you gain 1 life"
      And Alice controls Grizzly Bears
      And Alice controls Hill Giant
      When the game advances to Alice's declare attackers step
      And Alice attacks with Grizzly Bears and Hill Giant
      Then Alice has priority
      And the stack holds, from the top, Warhorn
      When both players pass priority
      Then Alice has 21 life
      And the stack is empty

    @edition:cr2024
    Scenario: Combat triggers: "whenever you attack with a creature" doesn't trigger when no creature attacks
      Given the game is at the beginning of Alice's combat phase
      And Alice controls "Warhorn", an artifact with "Whenever you attack with a creature, you draw a card"
      And Alice controls Grizzly Bears
      When the game advances to Alice's declare attackers step
      And Alice declares no attackers
      Then the stack is empty
      And no "triggered" event happened about Warhorn
      And Alice has drawn 0 cards

    @edition:cr2024
    Scenario: Combat triggers: the defending player's "whenever you attack" doesn't trigger on Alice's attack
      Given the game is at the beginning of Alice's combat phase
      And Bob controls "Warhorn", an artifact with "Whenever you attack, you gain 1 life"
      And Alice controls Grizzly Bears
      When the game advances to Alice's declare attackers step
      And Alice attacks with Grizzly Bears
      Then the stack is empty
      And no "triggered" event happened about Warhorn

  @ruling:CR24-508.3b
  Rule: "Whenever you are attacked" triggers when creatures are declared attacking that player, not when one is put onto the battlefield attacking
    CR 508.3b (2025): an ability reading "whenever [a player] is attacked" triggers once if one or
    more creatures are declared as attackers attacking that player. Only the declaration counts:
    a creature put onto the battlefield attacking that player doesn't make it trigger. In a game of
    more than two players, only the defending player's ability triggers.

    @edition:cr2024
    Scenario: Combat triggers: Bob's "whenever you are attacked" ability triggers as Alice attacks him
      Given the game is at the beginning of Alice's combat phase
      And Bob controls "Watchtower", an artifact with "Whenever you are attacked, you gain 2 life"
      And Alice controls Grizzly Bears
      And Alice controls Hill Giant
      When the game advances to Alice's declare attackers step
      And Alice attacks with Grizzly Bears and Hill Giant
      Then Alice has priority
      And the stack holds, from the top, Watchtower
      And a "triggered" event happened for Bob about Watchtower
      When both players pass priority
      Then Bob has 22 life

    @edition:cr2024
    Scenario: Combat triggers: a creature put onto the battlefield attacking doesn't trigger "whenever you are attacked"
      Given the game is at the beginning of Alice's declare attackers step
      And Bob controls "Watchtower", an artifact with "Whenever you are attacked, you gain 2 life"
      And Alice controls "Captain", a 2/2 creature with "Whenever this creature attacks, you put Sentinel from your hand onto the battlefield tapped and attacking"
      And Alice has "Sentinel", a 3/3 creature with "Whenever this creature attacks, you gain 5 life", in hand
      When Alice attacks with Captain
      Then the stack holds, from the top, Watchtower and Captain
      When both players pass priority
      Then Bob has 22 life
      When from now on
      And both players pass priority
      Then Sentinel is attacking
      And the stack is empty
      And no "triggered" event happened about Watchtower
      When the game advances to Alice's end of combat step
      Then Bob has 17 life

    @edition:cr2024
    Scenario: Combat triggers: in a game of three players only the defending player's "whenever you are attacked" triggers
      Given a game between Alice, Bob and Carol
      And the game is at the beginning of Alice's beginning of combat step
      And Bob controls "Beacon", an artifact with "Whenever you are attacked, you gain 2 life"
      And Carol controls "Watchtower", an artifact with "Whenever you are attacked, you gain 2 life"
      And Alice controls Grizzly Bears
      When the game starts
      And Alice chooses Carol as the defending player
      And the game advances to Alice's declare attackers step
      And Alice attacks with Grizzly Bears
      Then the stack holds, from the top, Watchtower
      And no "triggered" event happened about Beacon

  @ruling:CR24-509.3e
  Rule: "Whenever this creature becomes blocked by two or more creatures" triggers when that many block it
    CR 509.3e (2025): an ability that triggers when a creature is blocked by a number of creatures,
    or by at least that many, triggers if that many creatures block it as blockers are declared.

    @edition:cr2024
    Scenario: Combat triggers: Brute blocked by two creatures triggers, Bully blocked by one does not
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls "Brute", a 3/3 creature with "Whenever this creature becomes blocked by two or more creatures, you gain 3 life"
      And Alice controls "Bully", a 3/3 creature with "Whenever this creature becomes blocked by two or more creatures, you gain 5 life"
      And Bob controls Grizzly Bears
      And Bob controls Savannah Lions
      And Bob controls Drudge Skeletons
      When Alice attacks with Brute and Bully
      And the game advances to Alice's declare blockers step
      And Bob blocks Brute with Grizzly Bears and Savannah Lions, and blocks Bully with Drudge Skeletons
      Then the stack holds, from the top, Brute
      And no "triggered" event happened about Bully
      When both players pass priority
      Then Alice has 23 life

  @ruling:CR24-508.5
  Rule: "The defending player" in an attacking creature's ability is the player it attacks
    CR 508.5 (2025): unless it says otherwise, "defending player" in an ability of an attacking
    creature means the player that creature is attacking. In a game of three players that is the
    opponent chosen as the defending player, not every opponent.

    @edition:cr2024
    Scenario: Combat triggers: Raider attacks Carol, so Carol, not Bob, loses life to its ability
      Given a game between Alice, Bob and Carol
      And the game is at the beginning of Alice's beginning of combat step
      And Alice controls "Raider", a 2/2 creature with "Whenever this creature attacks, the defending player loses 2 life"
      When the game starts
      And Alice chooses Carol as the defending player
      And the game advances to Alice's declare attackers step
      And Alice attacks with Raider
      And all players pass priority
      Then Carol has 18 life
      And Bob has 20 life
      And Alice has 20 life

  @ruling:CR24-508.3e
  Rule: "Whenever you attack [a player]" triggers only when creatures are declared attacking that player
    CR 508.3e (2025): an ability reading "whenever [a player] attacks [another player]" triggers if
    one or more creatures the first player controls are declared as attackers attacking the second
    player; not when a creature is put onto the battlefield attacking, and not for an attack on
    someone else.

    @edition:cr2024
    Scenario: Combat triggers: Alice attacks Carol, so her ability watching for an attack on Carol triggers and the one watching for Bob doesn't
      Given a game between Alice, Bob and Carol
      And the game is at the beginning of Alice's beginning of combat step
      And Alice controls "Northern Banner", an artifact with "Whenever you attack Bob, you gain 1 life"
      And Alice controls "Southern Banner", an artifact with "Whenever you attack Carol, you gain 2 life"
      And Alice controls Grizzly Bears
      When the game starts
      And Alice chooses Carol as the defending player
      And the game advances to Alice's declare attackers step
      And Alice attacks with Grizzly Bears
      Then the stack holds, from the top, Southern Banner
      And no "triggered" event happened about Northern Banner
      When all players pass priority
      Then Alice has 22 life

  @ruling:CR24-509.3f
  Rule: A block trigger asking for a characteristic looks at the blocker as blockers are declared
    CR 509.3f (2025): an ability that triggers when a creature with certain characteristics blocks
    triggers only if the creature has them at the point blockers are declared; a change made
    afterwards doesn't make it trigger.

    @edition:cr2024
    Scenario: Combat triggers: Watchman triggers for the 3/3 blocker only, not for a 2/2 pumped after blocking
      Given the game is at the beginning of Alice's declare attackers step
      And Bob controls "Watchman", an artifact with "Whenever a creature with power 3 or greater blocks, you gain 1 life"
      And Bob controls Hill Giant
      And Bob controls Grizzly Bears
      And Bob controls Forest
      And Bob has Giant Growth in hand
      And Alice controls Juggernaut
      And Alice controls Savannah Lions
      When Alice attacks with Juggernaut and Savannah Lions
      And the game advances to Alice's declare blockers step
      And Bob blocks Juggernaut with Hill Giant, and blocks Savannah Lions with Grizzly Bears
      Then the stack holds, from the top, Watchman
      When both players pass priority
      Then Bob has 21 life
      When Alice passes priority
      And Bob taps Forest for mana
      And Bob casts Giant Growth targeting Grizzly Bears
      And both players pass priority
      Then Grizzly Bears is 5/5
      And the stack is empty
      And it is Alice's declare blockers step
