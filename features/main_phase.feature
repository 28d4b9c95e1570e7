Feature: The main phase
  The main phase is where the active player casts sorceries, creatures, artifacts and
  enchantments, plays their land for the turn and, under the Mirage rules, declares their attack.
  The Comprehensive Rules split it in two, a precombat and a postcombat main phase around the
  combat phase.

  @ruling:GRT-1.9-1
  Rule: In Mirage, spells, one land and one attack may come in any order in the main phase
    Mirage rulebook p. 47: during her main phase the active player may cast spells and use abilities
    as often as she likes, play one land and declare one attack, in whatever order she chooses.
    Under the Comprehensive Rules there is no attack from the main phase: attacks belong to the
    combat phase (see "The two main phases" below).

    @edition:mirage
    Scenario: Main phase: Alice casts a creature, then attacks, then plays her land
      Given the game is at the beginning of Alice's main phase
      And Alice controls Grizzly Bears
      And Alice has Savannah Lions and Forest in hand
      And Alice has {W} in her mana pool
      When Alice casts Savannah Lions
      And both players pass priority
      And Alice attacks with Grizzly Bears
      And Bob declares no blockers
      And Alice plays Forest
      Then these events happen in this order:
        | event              | player | subject        |
        | spell cast         | Alice  | Savannah Lions |
        | attackers declared | Alice  |                |
        | land played        | Alice  | Forest         |
      And Alice controls Savannah Lions
      And Alice controls Forest
      And Bob has 18 life
      And it is Alice's main phase
      And Alice has priority

    @edition:mirage
    Scenario: Main phase: Alice plays her land first, then casts a spell with its mana, then attacks
      Given the game is at the beginning of Alice's main phase
      And Alice controls Grizzly Bears
      And Alice has Forest and Giant Growth in hand
      When Alice plays Forest
      And Alice taps Forest for mana
      And Alice casts Giant Growth targeting Grizzly Bears
      And both players pass priority
      And Alice attacks with Grizzly Bears
      And Bob declares no blockers
      Then these events happen in this order:
        | event              | player | subject      |
        | land played        | Alice  | Forest       |
        | spell cast         | Alice  | Giant Growth |
        | attackers declared | Alice  |              |
      And Bob has 15 life
      And Alice's mana pool is empty
      And it is Alice's main phase

    @edition:mirage
    Scenario: Main phase: Alice's one land a turn comes back with her next turn
      Given the game is at the beginning of Alice's main phase
      And Alice has Forest and Mountain in hand
      When Alice plays Forest
      And Alice tries to play Mountain
      Then the game refuses it because limit_reached
      When the game advances to Alice's next main phase
      And Alice plays Mountain
      Then Alice controls Mountain
      And Alice controls Forest

  @ruling:GRT-1.9-2
  Rule: In Mirage, the main phase reads: spells, land, spells, attack, spells, land if none yet, spells
    General Rulings, Turn Order: Main Phase (uncited): without other effects, a Mirage main phase
    runs as casting, a land, more casting, the attack, more casting, the land if it was not played
    before the attack, and more casting. Spells may be cast between any two of these actions.

    @edition:mirage
    Scenario: Main phase: spells come before the land, between the land and the attack, and after the attack
      Given the game is at the beginning of Alice's main phase
      And Alice controls Grizzly Bears
      And Alice has Savannah Lions, Forest, Giant Growth and Lightning Bolt in hand
      And Alice has {W}{R} in her mana pool
      When Alice casts Savannah Lions
      And both players pass priority
      And Alice plays Forest
      And Alice taps Forest for mana
      And Alice casts Giant Growth targeting Grizzly Bears
      And both players pass priority
      And Alice attacks with Grizzly Bears
      And Bob declares no blockers
      And Alice casts Lightning Bolt targeting Bob
      And both players pass priority
      Then these events happen in this order:
        | event              | player | subject        |
        | spell cast         | Alice  | Savannah Lions |
        | land played        | Alice  | Forest         |
        | spell cast         | Alice  | Giant Growth   |
        | attackers declared | Alice  |                |
        | spell cast         | Alice  | Lightning Bolt |
      And Bob has 12 life
      And Alice's mana pool is empty
      And it is Alice's main phase
      And Alice has priority

    @edition:mirage
    Scenario: Main phase: a land not played before the attack may be played after it, and spells follow
      Given the game is at the beginning of Alice's main phase
      And Alice controls Grizzly Bears
      And Alice has Forest and Giant Growth in hand
      When Alice attacks with Grizzly Bears
      And Bob declares no blockers
      And Alice plays Forest
      And Alice taps Forest for mana
      And Alice casts Giant Growth targeting Grizzly Bears
      And both players pass priority
      Then these events happen in this order:
        | event              | player | subject      |
        | attackers declared | Alice  |              |
        | land played        | Alice  | Forest       |
        | spell cast         | Alice  | Giant Growth |
        | resolved           | Alice  | Giant Growth |
      And Bob has 18 life
      And Grizzly Bears is 5/5
      And it is Alice's main phase

  @ruling:GRT-1.9-3 @ruling:CR08-305.3 @ruling:CR24-505.6a
  Rule: Sorceries, creatures, artifacts and enchantments are cast only by the active player, in her main phase, on an empty stack
    Mirage rulebook p. 47 and p. 43; CR 305.3 (2004-2008); CR 505.6a and 307.1 (2025). These are the
    only spells whose timing is tied to the main phase: the opponent may not cast them during the
    active player's main phase, and the active player may not cast them outside it nor in
    response to another spell. Instants remain castable by either player.

    @edition:mirage @edition:cr2008 @edition:cr2024
    Scenario Outline: Main phase: Alice may not cast <card> during her upkeep
      Given the game is at the beginning of Alice's upkeep
      And Alice has <card> in hand
      And Alice has <mana> in her mana pool
      When Alice tries to cast <card>
      Then the game refuses it
      And Alice has <card> in hand
      And the stack is empty
      And it is Alice's upkeep

      Examples:
        | card          | mana        |
        | Divination    | {U}{U}{U}   |
        | Grizzly Bears | {G}{G}      |
        | Howling Mine  | {C}{C}      |
        | Exploration   | {G}         |

    @edition:mirage @edition:cr2008 @edition:cr2024
    Scenario: Main phase: Alice casts a sorcery in her main phase
      Given the game is at the beginning of Alice's main phase
      And Alice has Divination in hand
      And Alice has {U}{U}{U} in her mana pool
      When Alice casts Divination
      Then the stack holds, from the top, Divination
      When both players pass priority
      Then Alice has 2 cards in hand
      And the stack is empty
      And it is Alice's main phase
      And Alice has priority

    @edition:mirage @edition:cr2008 @edition:cr2024
    Scenario: Main phase: Bob may cast an instant but not a sorcery or a creature during Alice's main phase
      Given the game is at the beginning of Alice's main phase
      And Bob has Divination, Savannah Lions and Lightning Bolt in hand
      And Bob has {U}{U}{U}{W}{R} in his mana pool
      When Alice passes priority
      And Bob tries to cast Divination
      Then the game refuses it because timing
      When Bob tries to cast Savannah Lions
      Then the game refuses it
      When Bob tries to cast Lightning Bolt targeting Alice
      Then the game allows it
      And the stack holds, from the top, Lightning Bolt
      And Bob has Divination in hand
      And Bob has Savannah Lions in hand

    @edition:mirage @edition:cr2008 @edition:cr2024
    Scenario: Main phase: Alice may not cast a sorcery in response to her own instant
      Given the game is at the beginning of Alice's main phase
      And Alice controls Grizzly Bears
      And Alice has Giant Growth and Divination in hand
      And Alice has {G}{U}{U}{U} in her mana pool
      When Alice casts Giant Growth targeting Grizzly Bears
      And Alice tries to cast Divination
      Then the game refuses it
      And the stack holds, from the top, Giant Growth
      When both players pass priority
      And Alice tries to cast Divination
      Then the game allows it
      And the stack holds, from the top, Divination

  @ruling:GRT-1.9-4 @ruling:CR08-305.4 @ruling:CR24-505.6b
  Rule: Playing a land is not a spell: it needs an empty stack and can't be responded to
    Duelist Magazine #5 p. 123 (Mirage era): a land is not a fast effect, so it can't be played in
    response to anything and nothing, not even an interrupt, can be played in response to it.
    CR 305.4 (2004-2008) and CR 505.6b (2025): in either main phase the active player may play a
    land when the stack is empty and she has priority, once a turn; the action does not use the
    stack, so it can't be countered and nobody gets a chance to respond to it.

    @edition:mirage @edition:cr2008 @edition:cr2024
    Scenario: Main phase: playing a land uses no stack, and Alice keeps priority afterwards
      Given the game is at the beginning of Alice's main phase
      And Alice has Forest in hand
      When from now on
      And Alice plays Forest
      Then Alice controls Forest
      And the stack is empty
      And Alice has priority
      And a "land played" event happened for Alice about Forest
      And no "spell cast" event happened
      And no "priority passed" event happened

    @edition:mirage @edition:cr2008 @edition:cr2024
    Scenario: Main phase: Alice can't play a land in response to a spell
      Given the game is at the beginning of Alice's main phase
      And Alice controls Grizzly Bears
      And Alice has Giant Growth and Forest in hand
      And Alice has {G} in her mana pool
      When Alice casts Giant Growth targeting Grizzly Bears
      And Alice tries to play Forest
      Then the game refuses it
      And Alice has Forest in hand
      And the stack holds, from the top, Giant Growth
      When both players pass priority
      And Alice plays Forest
      Then Alice controls Forest

    @edition:mirage @edition:cr2008 @edition:cr2024
    Scenario: Main phase: Bob can't play a land during Alice's main phase
      Given the game is at the beginning of Alice's main phase
      And Bob has Forest in hand
      When Alice passes priority
      And Bob tries to play Forest
      Then the game refuses it
      And Bob has Forest in hand

    @edition:cr2008 @edition:cr2024
    Scenario: Main phase: Alice can't play a land while Bob has priority
      Given the game is at the beginning of Alice's precombat main phase
      And Alice has Forest in hand
      When Alice passes priority
      Then Bob has priority
      When Alice tries to play Forest
      Then the game refuses it because not_your_priority
      And Alice has Forest in hand

    @edition:mirage @edition:cr2008 @edition:cr2024
    Scenario: Main phase: Alice can't play a second land in a turn
      Given the game is at the beginning of Alice's main phase
      And Alice has Forest and Mountain in hand
      When Alice plays Forest
      And Alice tries to play Mountain
      Then the game refuses it
      And Alice has Mountain in hand

    @edition:mirage @edition:cr2008 @edition:cr2024
    Scenario: Main phase: Alice can't play a land in her upkeep
      Given the game is at the beginning of Alice's upkeep
      And Alice has Forest in hand
      When Alice tries to play Forest
      Then the game refuses it
      And Alice has Forest in hand

    @edition:cr2008 @edition:cr2024
    Scenario: Main phase: Alice can't play a land during combat
      Given the game is at the beginning of Alice's combat phase
      And Alice has Forest in hand
      When Alice tries to play Forest
      Then the game refuses it
      And it is Alice's beginning of combat step

    @edition:cr2008 @edition:cr2024
    Scenario: Main phase: Alice may play her land in the postcombat main phase
      Given the game is at the beginning of Alice's postcombat main phase
      And Alice has Forest in hand
      When Alice plays Forest
      Then Alice controls Forest
      And the stack is empty
      And Alice has priority

    @edition:cr2008 @edition:cr2024
    Scenario: Main phase: a land played in the precombat main phase uses up the postcombat one
      Given the game is at the beginning of Alice's postcombat main phase
      And Alice has already played a land this turn
      And Alice has Forest in hand
      When Alice tries to play Forest
      Then the game refuses it
      And Alice has Forest in hand

  @ruling:GRT-1.9-5
  Rule: An effect may allow more lands, but each is played alone and only when a land could be played
    General Rulings, Turn Order: Main Phase [bethmo]: with Fastbond, Storm Cauldron or a similar
    effect a player may play more than one land, only at a time when she could play a land anyway,
    and one after the other, never two at once. The suite uses Exploration ("you may play an
    additional land on each of your turns"). Playing two lands "in the same instant" is not an
    action any step can express; what is observable is that each land is its own action with its
    own event, and that the additional land still needs an empty stack.

    @edition:mirage @edition:cr2008 @edition:cr2024
    Scenario: Main phase: with Exploration Alice plays two lands, one at a time, and no third
      Given the game is at the beginning of Alice's main phase
      And Alice controls Exploration
      And Alice has Forest, Mountain and Plains in hand
      When Alice plays Forest
      And Alice plays Mountain
      And Alice tries to play Plains
      Then the game refuses it
      And these events happen in this order:
        | event       | player | subject  |
        | land played | Alice  | Forest   |
        | land played | Alice  | Mountain |
      And Alice controls Forest
      And Alice controls Mountain
      And Alice has Plains in hand

    @edition:mirage @edition:cr2008 @edition:cr2024
    Scenario: Main phase: Exploration's additional land can't be played in response to a spell
      Given the game is at the beginning of Alice's main phase
      And Alice controls Exploration
      And Alice controls Grizzly Bears
      And Alice has Forest, Mountain and Giant Growth in hand
      When Alice plays Forest
      And Alice taps Forest for mana
      And Alice casts Giant Growth targeting Grizzly Bears
      And Alice tries to play Mountain
      Then the game refuses it
      When both players pass priority
      And Alice plays Mountain
      Then Alice controls Mountain

    @edition:mirage @edition:cr2008 @edition:cr2024
    Scenario: Main phase: Bob's Exploration doesn't let him play a land in Alice's turn
      Given the game is at the beginning of Alice's main phase
      And Bob controls Exploration
      And Bob has Forest in hand
      When Alice passes priority
      And Bob tries to play Forest
      Then the game refuses it

  @ruling:GRT-1.9-6
  Rule: In Mirage, a player attacks once a turn, on her own turn, unless an effect gives another attack
    Mirage rulebook p. 47: one attack a turn, and only in your own turn. Creatures that somehow untap
    can't attack a second time that turn without an effect that grants an additional attack, such
    as Relentless Assault. (The suite has no card that untaps an attacker; the scenarios show the
    second attack refused because the turn's one attack has been made, while Alice still has
    priority in her main phase, and allowed once Relentless Assault has resolved.) Once the turn's
    attack is made, a creature required to attack (p. 48) asks for no other: one that only becomes
    able to attack afterwards, here one Alice takes from Bob that is unaffected by summoning
    sickness, doesn't stop her from ending her main phase. Under the Comprehensive Rules the same
    effect adds a combat phase and a main phase instead.

    @edition:mirage
    Scenario: Main phase: Alice can't declare a second attack in the same turn
      Given the game is at the beginning of Alice's main phase
      And Alice controls Grizzly Bears
      And Alice controls Hill Giant
      When Alice attacks with Grizzly Bears
      And Bob declares no blockers
      And Alice tries to attack with Hill Giant
      Then the game refuses it because limit_reached
      And it is Alice's main phase
      And Alice has priority
      And Hill Giant is untapped
      And Hill Giant is not attacking
      And Bob has 18 life

    @edition:mirage
    Scenario: Main phase: a creature that must attack and comes to Alice after her attack doesn't hold up her main phase
      Given the game is at the beginning of Alice's main phase
      And Alice controls Grizzly Bears
      And Bob controls "Raging Juggernaut", a 5/3 artifact creature with "Haste" and "This creature attacks each combat if able"
      And Alice has Act of Treason in hand
      And Alice has {R}{R}{R} in her mana pool
      When Alice attacks with Grizzly Bears
      And Bob declares no blockers
      And Alice casts Act of Treason targeting Raging Juggernaut
      And both players pass priority
      Then Alice controls Raging Juggernaut
      And Raging Juggernaut is untapped
      When Alice tries to pass priority
      Then the game allows it
      And Bob has 18 life

    @edition:mirage
    Scenario: Main phase: Bob can't attack during Alice's turn
      Given the game is at the beginning of Alice's main phase
      And Bob controls Grizzly Bears
      When Alice passes priority
      And Bob tries to attack with Grizzly Bears
      Then the game refuses it
      And Grizzly Bears is untapped
      And Alice has 20 life

    @edition:mirage
    Scenario: Main phase: Relentless Assault gives Alice one additional attack
      Given the game is at the beginning of Alice's main phase
      And Alice controls Grizzly Bears
      And Alice controls Hill Giant
      And Alice controls Savannah Lions
      And Alice has Relentless Assault in hand
      And Alice has {R}{R}{R}{R} in her mana pool
      When Alice attacks with Grizzly Bears
      And Bob declares no blockers
      And Alice casts Relentless Assault
      And both players pass priority
      And Alice attacks with Hill Giant
      And Bob declares no blockers
      And Alice tries to attack with Savannah Lions
      Then the game refuses it
      And Bob has 15 life
      And Savannah Lions is untapped
      And a "phase added" event happened for Alice about attack

    @edition:cr2008 @edition:cr2024
    Scenario: Main phase: under the Comprehensive Rules Alice can't attack from her main phase
      Given the game is at the beginning of Alice's precombat main phase
      And Alice controls Grizzly Bears
      When Alice tries to attack with Grizzly Bears
      Then the game refuses it
      And Grizzly Bears is untapped
      And it is Alice's precombat main phase

    @edition:cr2008 @edition:cr2024
    Scenario: Main phase: under the Comprehensive Rules Relentless Assault adds a combat phase and a main phase
      Given the game is at the beginning of Alice's precombat main phase
      And Alice has Relentless Assault in hand
      And Alice has {R}{R}{R}{R} in her mana pool
      When Alice casts Relentless Assault
      And both players pass priority
      And the game advances to Alice's end step
      Then the parts of the turn so far were, in order:
        | part                      |
        | precombat main phase      |
        | combat phase              |
        | beginning of combat step  |
        | declare attackers step    |
        | end of combat step        |
        | postcombat main phase     |
        | combat phase              |
        | beginning of combat step  |
        | declare attackers step    |
        | end of combat step        |
        | postcombat main phase     |
        | end phase                 |
        | end step                  |

  @ruling:GRT-1.9-7
  Rule: A creature that must attack has to be sent in if it legally can
    Mirage rulebook p. 48: if a creature is required to attack (Siren's Call, Nettling Imp; here
    Juggernaut, which attacks each turn if able), its controller must declare an attack that turn
    and include it, if that is legal. An attack without it is refused, and in Mirage the main
    phase can't be ended without the attack. A Juggernaut that can't attack (summoning sick) is
    not required to. The Comprehensive Rules keep the requirement for the declare attackers step
    (CR 2025 508.1d).

    @edition:mirage
    Scenario: Main phase: Alice's attack without Juggernaut is refused
      Given the game is at the beginning of Alice's main phase
      And Alice controls Juggernaut
      And Alice controls Grizzly Bears
      When Alice tries to attack with Grizzly Bears
      Then the game refuses it
      And Grizzly Bears is untapped
      When Alice attacks with Juggernaut and Grizzly Bears
      And Bob declares no blockers
      Then Bob has 13 life

    @edition:mirage
    Scenario: Main phase: Alice can't end her main phase before Juggernaut has attacked
      Given the game is at the beginning of Alice's main phase
      And Alice controls Juggernaut
      When Alice tries to pass priority
      Then the game refuses it
      And it is Alice's main phase
      When Alice attacks with Juggernaut
      And Bob declares no blockers
      And Alice tries to pass priority
      Then the game allows it
      And Bob has 15 life

    @edition:mirage
    Scenario: Main phase: a summoning-sick Juggernaut need not attack
      Given the game is at the beginning of Alice's main phase
      And Alice controls a summoning-sick Juggernaut
      When Alice tries to pass priority
      Then the game allows it
      And Juggernaut is untapped
      And no "attackers declared" event happened

    @edition:cr2008 @edition:cr2024 @ruling:CR24-508.1d
    Scenario: Main phase: under the Comprehensive Rules Juggernaut must be among the declared attackers
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Juggernaut
      And Alice controls Grizzly Bears
      Then the game waits for Alice to declare attackers
      When Alice tries to declare no attackers
      Then the game refuses it
      When Alice tries to attack with Grizzly Bears
      Then the game refuses it
      When Alice attacks with Juggernaut
      Then Juggernaut is attacking
      And Grizzly Bears is not attacking

  @ruling:CR08-305.1 @ruling:CR24-505.1
  Rule: The Comprehensive Rules have two main phases, separated by the combat phase
    CR 305.1 (2004-2008) and CR 505.1 (2025): the precombat main phase comes before the combat phase
    and the postcombat main phase after it; both are "the main phase", so an ability that triggers
    "at the beginning of your main phase" triggers in each of them. Mirage's turn has a single
    main phase, from which the attack is declared.

    @edition:cr2008 @edition:cr2024
    Scenario: Main phase: the combat phase lies between the precombat and the postcombat main phase
      Given the game is at the beginning of Alice's precombat main phase
      When the game advances to Alice's end step
      Then the parts of the turn so far were, in order:
        | part                     |
        | precombat main phase     |
        | combat phase             |
        | beginning of combat step |
        | declare attackers step   |
        | end of combat step       |
        | postcombat main phase    |
        | end phase                |
        | end step                 |

    @edition:cr2008 @edition:cr2024
    Scenario: Main phase: an "at the beginning of your main phase" ability triggers in both main phases
      Given the game is at the beginning of Alice's precombat main phase
      And Alice controls "Morning Bell", an artifact with "At the beginning of your main phase, you gain 1 life"
      And Bob controls "Evening Bell", an artifact with "At the beginning of your main phase, you gain 1 life"
      When both players pass priority
      Then Alice has 21 life
      When the game advances to Alice's postcombat main phase
      Then the stack holds, from the top, Morning Bell
      When both players pass priority
      Then Alice has 22 life
      And Bob has 20 life
      When the game advances to Bob's precombat main phase
      Then the stack holds, from the top, Evening Bell

    @edition:mirage
    Scenario: Main phase: Mirage has one main phase, followed by the discard phase
      Given the game is at the beginning of Alice's main phase
      When the game advances to Alice's cleanup phase
      Then the parts of the turn so far were, in order:
        | part          |
        | main phase    |
        | discard phase |
        | cleanup phase |

  @ruling:CR08-305.2 @ruling:CR24-505.2
  Rule: A main phase ends only when all players pass in succession with an empty stack
    CR 305.2 and 300.2 (2004-2008), CR 505.2 and 500.2 (2025): the main phase has no steps; resolving
    the last spell on the stack does not end it, because players get priority again. Mirage
    (rulebook p. 42) works the same way: the main body of a phase lasts until both players decline
    to add anything more.

    @edition:cr2008 @edition:cr2024
    Scenario: Main phase: the precombat main phase outlasts the spell that empties the stack
      Given the game is at the beginning of Alice's precombat main phase
      And Alice controls Grizzly Bears
      And Alice has Giant Growth in hand
      And Alice has {G} in her mana pool
      When Alice casts Giant Growth targeting Grizzly Bears
      And both players pass priority
      Then Grizzly Bears is 5/5
      And the stack is empty
      And it is Alice's precombat main phase
      And Alice has priority
      When Alice passes priority
      Then it is Alice's precombat main phase
      And Bob has priority
      When Bob passes priority
      Then it is Alice's beginning of combat step
      And Alice has priority

    @edition:mirage
    Scenario: Main phase: the Mirage main phase outlasts the spell that empties the stack
      Given the game is at the beginning of Alice's main phase
      And Alice controls Grizzly Bears
      And Alice has Giant Growth in hand
      And Alice has {G} in her mana pool
      When Alice casts Giant Growth targeting Grizzly Bears
      And both players pass priority
      Then Grizzly Bears is 5/5
      And the stack is empty
      And it is Alice's main phase
      And Alice has priority
      When Alice passes priority
      Then it is Alice's main phase
      And Bob has priority
      When Bob passes priority
      Then it is Alice's discard phase

    @edition:cr2008 @edition:cr2024
    Scenario: Main phase: Bob's spell in answer to Alice's pass keeps the main phase going
      Given the game is at the beginning of Alice's precombat main phase
      And Bob has Lightning Bolt in hand
      And Bob has {R} in his mana pool
      When Alice passes priority
      And Bob casts Lightning Bolt targeting Alice
      And Bob passes priority
      And Alice passes priority
      Then Alice has 17 life
      And it is Alice's precombat main phase
      And Alice has priority

  @ruling:CR08-305.3 @ruling:CR24-505.6
  Rule: "At the beginning of the main phase" abilities go on the stack before the active player gets priority
    CR 305.3 (2004-2008), with CR 505.6 and 117.5 (2025): as the main phase begins, abilities that
    trigger at its beginning are put on the stack, then the active player receives priority, so
    either player may respond before they resolve. In Mirage (rulebook p. 42) beginning-of-phase
    effects are carried out directly, before anyone may act, without a chance to respond.

    @edition:cr2008 @edition:cr2024
    Scenario: Main phase: Alice's precombat main phase trigger waits on the stack when she gets priority
      Given the game is at the beginning of Alice's precombat main phase
      And Alice controls "Morning Bell", an artifact with "At the beginning of your precombat main phase, you gain 1 life"
      Then it is Alice's precombat main phase
      And Alice has priority
      And the stack holds, from the top, Morning Bell
      And Alice has 20 life
      When both players pass priority
      Then Alice has 21 life
      And the stack is empty
      And it is Alice's precombat main phase
      And Alice has priority

    @edition:mirage
    Scenario: Main phase: in Mirage the beginning-of-main-phase effect is done before Alice may act
      Given the game is at the beginning of Alice's main phase
      And Alice controls "Morning Bell", an artifact with "At the beginning of your main phase, you gain 1 life"
      Then it is Alice's main phase
      And Alice has priority
      And the stack is empty
      And Alice has 21 life

  @ruling:CR24-505.1b
  @edition:cr2024
  Rule: "Your second main phase" counts the main phases of the current turn
    CR 505.1b (2025): card text such as "first main phase" or "second main phase" counts the main
    phases that have occurred in the current turn only. When Relentless Assault, cast in the
    precombat main phase, adds a combat and a main phase right after it, the added main phase is
    the turn's second main phase, and the regular postcombat main phase is its third.

    Scenario: Main phase: Almanac's "second main phase" ability triggers in the main phase Relentless Assault added, not in the third
      Given the game is at the beginning of Alice's precombat main phase
      And Alice controls "Almanac", an artifact with "At the beginning of your second main phase, you gain 1 life"
      And Alice has Relentless Assault in hand
      And Alice has {R}{R}{R}{R} in her mana pool
      When Alice casts Relentless Assault
      And both players pass priority
      And from now on
      And the game advances to Alice's end step
      Then Alice has 21 life
      And these events happen in this order:
        | event       | player | subject         |
        | phase began | Alice  | combat          |
        | phase began | Alice  | postcombat main |
        | triggered   | Alice  | Almanac         |
        | phase began | Alice  | combat          |
        | phase began | Alice  | postcombat main |
