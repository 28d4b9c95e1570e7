Feature: Combat: attacking planeswalkers, and battles
  A creature attacks a player or a planeswalker. If the defending player controls planeswalkers,
  the active player says, for each attacker, which one it attacks (CR 508.1b; 2008: 308.1); an
  unblocked creature deals its combat damage to what it attacks, and damage to a planeswalker
  removes that many loyalty counters (CR 120.3c). A planeswalker that leaves the battlefield is
  removed from combat, and its attackers attack nothing. Some effects reselect what an attacking
  creature attacks (CR 508.7). A battle is another permanent that can be attacked; a creature
  that is also a battle never attacks or blocks.

  @ruling:CR24-508.1b @edition:cr2008 @edition:cr2024
  Rule: The active player announces which player or planeswalker each attacker attacks
    CR 508.1b (2008: 308.1): if the defending player controls planeswalkers, the active player
    announces which player or planeswalker each attacking creature attacks. Only the defending
    player and the planeswalkers that player controls can be attacked (CR 506.3; 2008: 306.3).
    An effect that taxes the creatures attacking a player (Propaganda: "creatures can't attack you
    unless...") costs nothing for those attacking that player's planeswalkers; the total cost to
    attack counts only the others (CR 508.1h; 2008: 308.2d).

    Scenario: Attacking planeswalkers: Grizzly Bears attacks Jace Beleren and its damage removes loyalty, not life
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Bob controls "Jace Beleren", a Jace planeswalker with 3 loyalty counters
      When Alice attacks Jace Beleren with Grizzly Bears
      Then Grizzly Bears is attacking Jace Beleren
      When the game advances to Alice's end of combat step
      Then Jace Beleren has one loyalty counter
      And Bob has 20 life

    Scenario: Attacking planeswalkers: Alice can't attack her own Garruk Wildspeaker
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Alice controls "Garruk Wildspeaker", a Garruk planeswalker with 3 loyalty counters
      When Alice tries to attack Garruk Wildspeaker with Grizzly Bears
      Then the game refuses it because illegal_target
      And the game waits for Alice to declare attackers
      When Alice attacks with Grizzly Bears
      Then Grizzly Bears is attacking Bob

    Scenario: Attacking planeswalkers: Propaganda taxes only the creatures attacking Bob, not those attacking his Jace
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Bob controls Propaganda
      And Bob controls "Jace Beleren", a Jace planeswalker with 3 loyalty counters
      When Alice attacks Jace Beleren with Grizzly Bears
      Then Grizzly Bears is attacking Jace Beleren

    Scenario: Attacking planeswalkers: under Propaganda Alice pays {4} for the two creatures attacking Bob, nothing for the one attacking Jace
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Alice controls Hill Giant
      And Alice controls Savannah Lions
      And Alice has {R}{R}{R}{R}{R} in her mana pool
      And Bob controls Propaganda
      And Bob controls "Jace Beleren", a Jace planeswalker with 3 loyalty counters
      When Alice attacks with Grizzly Bears and Hill Giant, and Jace Beleren with Savannah Lions
      Then Grizzly Bears is attacking Bob
      And Hill Giant is attacking Bob
      And Savannah Lions is attacking Jace Beleren
      And Alice has {R} in her mana pool

  @ruling:CR24-506.4c @ruling:CR08-306.4c
  Rule: A creature attacking a planeswalker that left combat goes on attacking, but attacks nothing
    CR 506.4c (2008: 306.4c): if the planeswalker a creature attacks is removed from combat, the
    creature isn't: it is still an attacking creature, attacking no player or planeswalker. It may
    be blocked, and if it is unblocked it deals no combat damage.

    @edition:cr2008 @edition:cr2024
    Scenario: Attacking planeswalkers: White Knight's first strike finishes Jace Beleren, and Grizzly Bears then deals no damage
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls White Knight
      And Alice controls Grizzly Bears
      And Bob controls "Jace Beleren", a Jace planeswalker with 2 loyalty counters
      When Alice attacks Jace Beleren with White Knight and Grizzly Bears
      And the game advances to Alice's end of combat step
      Then Jace Beleren is in Bob's graveyard
      And Grizzly Bears is attacking nothing
      And White Knight is attacking nothing
      And Bob has 20 life

    @edition:cr2024
    Scenario: Attacking planeswalkers: Grizzly Bears attacking nothing after Jace Beleren is destroyed can still be blocked
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Bob controls Savannah Lions
      And Bob controls "Jace Beleren", a Jace planeswalker with 3 loyalty counters
      And Alice has Lightning Bolt in hand
      And Alice has {R} in her mana pool
      When Alice attacks Jace Beleren with Grizzly Bears
      And Alice casts Lightning Bolt targeting Jace Beleren
      And both players pass priority
      Then Jace Beleren is in Bob's graveyard
      And Grizzly Bears is attacking nothing
      When the game advances to Alice's declare blockers step
      And Bob blocks Grizzly Bears with Savannah Lions
      And the game advances to Alice's end of combat step
      Then Savannah Lions is in Bob's graveyard
      And Bob has 20 life

  @ruling:CR24-506.3c @ruling:CR24-508.4a @edition:cr2024
  Rule: A creature put onto the battlefield attacking a planeswalker that is gone never attacks
    CR 508.4 (2008: 308.4): an effect may put a creature onto the battlefield attacking a
    planeswalker it names. CR 506.3c and 508.4a: if that planeswalker is no longer on the
    battlefield when the effect resolves, the creature enters but is never an attacking creature.

    Scenario: Entering attacking a planeswalker: Sentinel enters attacking Jace Beleren
      Given the game is at the beginning of Alice's declare attackers step
      And Bob controls "Jace Beleren", a Jace planeswalker with 5 loyalty counters
      And Alice controls "Captain", a 2/2 creature with "Whenever this creature attacks, you put Sentinel from your hand onto the battlefield tapped and attacking Jace Beleren"
      And Alice has "Sentinel", a 3/3 creature, in hand
      When Alice attacks with Captain
      And both players pass priority
      Then Sentinel is attacking Jace Beleren
      And Captain is attacking Bob
      When the game advances to Alice's end of combat step
      Then Jace Beleren has 2 loyalty counters
      And Bob has 18 life
      And these events happen in this order:
        | event              | player | subject      | amount | counter | entered   | reason   |
        | attackers declared | Alice  | Sentinel     | 0      |         | attacking | Captain  |
        | counters removed   | Bob    | Jace Beleren | 3      | loyalty |           | Sentinel |

    Scenario: Entering attacking a planeswalker: Jace Beleren is destroyed first, so Sentinel enters but doesn't attack
      Given the game is at the beginning of Alice's declare attackers step
      And Bob controls "Jace Beleren", a Jace planeswalker with 3 loyalty counters
      And Alice controls "Captain", a 2/2 creature with "Whenever this creature attacks, you put Sentinel from your hand onto the battlefield tapped and attacking Jace Beleren"
      And Alice has "Sentinel", a 3/3 creature, in hand
      And Alice has Lightning Bolt in hand
      And Alice has {R} in her mana pool
      When Alice attacks with Captain
      And Alice casts Lightning Bolt targeting Jace Beleren
      And both players pass priority
      Then Jace Beleren is in Bob's graveyard
      When both players pass priority
      Then Alice controls Sentinel
      And Sentinel is not attacking
      And Sentinel is tapped

  @ruling:CR24-508.7 @ruling:CR24-508.7a @edition:cr2024
  Rule: Reselecting what an attacking creature attacks doesn't make it attack again
    CR 508.7 and 508.7a: some effects reselect which player or planeswalker a creature attacks. The
    creature isn't removed from combat and isn't considered to have attacked again; it now attacks
    what was reselected.

    Scenario: Reselecting: Captain, attacking Bob, is made to attack Jace Beleren; its attack ability doesn't trigger again
      Given the game is at the beginning of Alice's declare attackers step
      And Bob controls "Jace Beleren", a Jace planeswalker with 3 loyalty counters
      And Alice controls "Captain", a 2/2 creature with "Whenever this creature attacks, you gain 1 life"
      And Alice has "Reroute", an instant with "Reselect which player or planeswalker target attacking creature is attacking", in hand
      When Alice attacks with Captain
      And both players pass priority
      Then Alice has 21 life
      And Captain is attacking Bob
      When from now on
      And Alice casts Reroute targeting Captain and Jace Beleren
      And both players pass priority
      Then Captain is attacking Jace Beleren
      And no "removed from combat" event happened
      And no "triggered" event happened for Alice
      And these events happen in this order:
        | event             | player | subject | attacked     | reason  |
        | attack reselected | Alice  | Captain | Jace Beleren | Reroute |
      When the game advances to Alice's end of combat step
      Then Jace Beleren has one loyalty counter
      And Bob has 20 life
      And Alice has 21 life

  @ruling:CR24-508.7b @edition:cr2024
  Rule: Reselecting ignores the requirements and restrictions of declaring attackers
    CR 508.7b: while what a creature attacks is reselected, the requirements and restrictions that
    apply to declaring attackers don't apply to it, such as a cost to attack a player.

    Scenario: Reselecting: Grizzly Bears attacking Jace Beleren is made to attack Bob without paying for Propaganda
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Bob controls Propaganda
      And Bob controls "Jace Beleren", a Jace planeswalker with 3 loyalty counters
      And Alice has "Reroute", an instant with "Reselect which player or planeswalker target attacking creature is attacking", in hand
      When Alice tries to attack with Grizzly Bears
      Then the game refuses it
      When Alice attacks Jace Beleren with Grizzly Bears
      And Alice casts Reroute targeting Grizzly Bears and Bob
      And both players pass priority
      Then Grizzly Bears is attacking Bob
      When the game advances to Alice's end of combat step
      Then Bob has 18 life
      And Jace Beleren has 3 loyalty counters

  @ruling:CR24-508.7c @edition:cr2024
  Rule: Only an opponent, or a planeswalker an opponent controls, can be reselected
    CR 508.7c: the reselected player or planeswalker must be an opponent of the attacking creature's
    controller or a planeswalker such an opponent controls; a reselection to anything else does nothing.

    Scenario: Reselecting: Grizzly Bears can't be made to attack Alice's own Garruk Wildspeaker
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Grizzly Bears
      And Alice controls "Garruk Wildspeaker", a Garruk planeswalker with 3 loyalty counters
      And Alice has "Reroute", an instant with "Reselect which player or planeswalker target attacking creature is attacking", in hand
      When Alice attacks with Grizzly Bears
      And Alice casts Reroute targeting Grizzly Bears and Garruk Wildspeaker
      And both players pass priority
      Then Grizzly Bears is attacking Bob
      When the game advances to Alice's end of combat step
      Then Bob has 18 life
      And Garruk Wildspeaker has 3 loyalty counters

  @ruling:CR24-508.7d @edition:cr2024
  Rule: In a multiplayer game, the reselection stays with the chosen defending player
    CR 508.7d: in a multiplayer game without the option to attack several players, the reselected
    player or planeswalker must be the chosen defending player or a planeswalker that player
    controls: another opponent can't be reselected.

    Scenario: Reselecting: with Bob as the defending player, Grizzly Bears can't be made to attack Carol, but can attack Bob's Jace
      Given a game between Alice, Bob and Carol
      And the game is at the beginning of Alice's beginning of combat step
      And Alice controls Grizzly Bears
      And Bob controls "Jace Beleren", a Jace planeswalker with 3 loyalty counters
      And Alice has "Reroute", an instant with "Reselect which player or planeswalker target attacking creature is attacking", in hand
      And Alice has "Second Reroute", an instant with "Reselect which player or planeswalker target attacking creature is attacking", in hand
      When the game starts
      And Alice chooses Bob as the defending player
      And the game advances to Alice's declare attackers step
      And Alice attacks with Grizzly Bears
      And Alice casts Reroute targeting Grizzly Bears and Carol
      And all players pass priority
      Then Grizzly Bears is attacking Bob
      When Alice casts Second Reroute targeting Grizzly Bears and Jace Beleren
      And all players pass priority
      Then Grizzly Bears is attacking Jace Beleren

  @ruling:CR24-506.3e @ruling:CR24-506.3f @edition:cr2024
  Rule: A creature that is also a battle never attacks or blocks
    CR 506.3e: a creature that is also a battle, put onto the battlefield attacking or blocking,
    enters the battlefield but is never an attacking or blocking creature. CR 506.3f: the part of a
    resolving spell or ability that would make a battle an attacking or blocking creature does
    nothing.

    Scenario: Battles: Siege Golem, a battle creature, put onto the battlefield attacking enters but doesn't attack
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls "Captain", a 2/2 creature with "Whenever this creature attacks, you put Siege Golem from your hand onto the battlefield tapped and attacking"
      And Alice has "Siege Golem", a 3/3 battle creature, in hand
      When Alice attacks with Captain
      And both players pass priority
      Then Alice controls Siege Golem
      And Siege Golem is not attacking
      When the game advances to Alice's end of combat step
      Then Bob has 18 life

    Scenario: Battles: Siege Golem, a battle creature, put onto the battlefield blocking enters but doesn't block
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Hill Giant
      And Alice controls Grizzly Bears
      And Bob controls "Warden", a 1/4 creature with "Whenever this creature blocks, you put Siege Golem from your hand onto the battlefield blocking Grizzly Bears"
      And Bob has "Siege Golem", a 3/3 battle creature, in hand
      When Alice attacks with Hill Giant and Grizzly Bears
      And the game advances to Alice's declare blockers step
      And Bob blocks Hill Giant with Warden
      And both players pass priority
      Then Bob controls Siege Golem
      And Siege Golem is not blocking
      When the game advances to Alice's end of combat step
      Then Bob has 18 life
