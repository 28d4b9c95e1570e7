Feature: Phasing
  Phasing is a keyword that changes the untap step: as the active player's untap step begins,
  before anything untaps, her phased-in permanents with phasing phase out and the permanents that
  phased out under her control phase back in, all at the same moment. A phased-out permanent is
  treated as though it doesn't exist until it phases in again, and phasing in or out is not a
  zone change. The 2004-2008 rules describe phasing (CR 502.15) as a move to a "phased-out zone"
  (CR 217.8) that remembers the permanent's state; the current rules (CR 702.26) keep it on the
  battlefield with a phased-out status. The one difference these scenarios can show is damage:
  under the 2004-2008 rules a permanent loses its damage as it phases out, today it keeps it.
  Breezekeeper is the pool's creature with phasing; other cards are set up already phased out.

  # ---------------------------------------------------------------------------------------
  # The phasing event of the untap step
  # ---------------------------------------------------------------------------------------

  @ruling:CR24-702.26 @ruling:CR24-702.26a @ruling:CR08-502.15 @ruling:CR08-502.15a @ruling:CR08-502.15b
  @ruling:CR08-217.8 @ruling:CR08-217.8a
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: Each player's phasers phase out in that player's own untap step, and come back in her next one
    CR 702.26a (2025) and CR 502.15a-b (2008): phasing is a static ability that modifies the untap
    step; during each player's untap step, before she untaps, the phasers she controls phase out
    and, at the same time, what phased out under her control phases in. Nothing phases in the
    other player's untap step. The 2008 rules call the place a phased-out permanent goes the
    phased-out zone (CR 217.8, 217.8a); the engine keeps it as a status of the permanent, and
    what a player can see is the same: the permanent is out until its controller's next untap.
    Mirage rulebook p. 2 has the same cycle, as an effect at the beginning of the untap phase.

    Scenario: Phasing: Alice's Breezekeeper goes out in her untap step and Bob's in his, each back in a turn later
      Given it is Alice's turn
      And Alice controls Breezekeeper
      And Bob controls Breezekeeper
      When the game advances to Alice's upkeep
      Then Alice's Breezekeeper is phased out
      And Bob's Breezekeeper is phased in
      And a "phased out" event happened for Alice
      And no "phased out" event happened for Bob
      When the game advances to Bob's upkeep
      Then Bob's Breezekeeper is phased out
      And Alice's Breezekeeper is phased out
      And no "phased in" event happened
      When the game advances to Alice's next upkeep
      Then Alice's Breezekeeper is phased in
      And Bob's Breezekeeper is phased out
      And a "phased in" event happened for Alice
      And no "phased in" event happened for Bob

    Scenario: Phasing: a tapped Breezekeeper phases out before Alice untaps, so it untaps only when it comes back
      Given it is Alice's turn
      And Alice controls a tapped Breezekeeper
      And Alice controls a tapped Forest
      When the game advances to Alice's upkeep
      Then Breezekeeper is phased out
      And Forest is untapped
      And these events happen in this order:
        | event      | player | subject      |
        | phased out | Alice  | Breezekeeper |
        | untapped   | Alice  | Forest       |
      When the game advances to Alice's next upkeep
      Then Breezekeeper is phased in
      And Breezekeeper is untapped
      And these events happen in this order:
        | event     | player | subject      |
        | phased in | Alice  | Breezekeeper |
        | untapped  | Alice  |              |

  # ---------------------------------------------------------------------------------------
  # Phased out: treated as though it doesn't exist
  # ---------------------------------------------------------------------------------------

  @ruling:CR24-702.26b @ruling:CR08-217.8c
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: A phased-out permanent is treated as though it doesn't exist: it affects nothing
    CR 702.26b (2025): except for rules that mention phased-out permanents, a phased-out
    permanent is treated as though it doesn't exist and can't affect anything. CR 217.8c (2008):
    phased-out objects are not in play, count as neither tapped nor untapped and are controlled
    by no one. So Bob's phased-out Winter Orb doesn't limit Alice's untap, his phased-out Howling
    Mine gives no extra card, and a phased-out Forest can't be tapped for mana. Each stays out
    through Alice's turn, since only Bob's untap step brings it back.

    Scenario: Phasing: Bob's phased-out Winter Orb doesn't limit Alice's untap
      Given it is Alice's turn
      And Bob controls a phased-out Winter Orb
      And Alice controls 3 tapped Forest
      When the game advances to Alice's upkeep
      Then Forest is untapped
      And Forest 2 is untapped
      And Forest 3 is untapped
      And Winter Orb is phased out

    Scenario: Phasing: Bob's phased-out Howling Mine gives Alice no extra card
      Given it is Alice's turn
      And Bob controls a phased-out Howling Mine
      And Alice has 5 cards in her library
      When the game advances to Alice's main phase
      Then Alice has drawn 1 card
      And Alice has 4 cards in her library
      And Howling Mine is phased out

    Scenario: Phasing: Alice can't tap her phased-out Forest for mana during Bob's turn
      Given the game is at the beginning of Bob's upkeep
      And Alice controls a phased-out Forest
      When Bob passes priority
      And Alice tries to tap Forest for mana
      Then the game refuses it
      And Alice's mana pool is empty
      And Forest is phased out

  @ruling:CR24-702.26b
  @edition:cr2008 @edition:cr2024
  Rule: A phased-out creature can't attack and can't be the target of a spell
    CR 702.26b (2025): a phased-out permanent can't be affected by anything; a creature that
    doesn't exist can't be declared as an attacker or chosen as a target. (2004-2008: it isn't
    in play at all, CR 217.8c.) Under the Comprehensive Rules attackers are declared in the
    declare attackers step.

    Scenario: Phasing: the Breezekeeper that phased out this turn can neither attack nor be bolted
      Given it is Alice's turn
      And Alice controls Breezekeeper
      And Alice controls Grizzly Bears
      And Bob has Lightning Bolt in hand
      When the game advances to Alice's declare attackers step
      Then the game waits for Alice to declare attackers
      When Alice tries to attack with Breezekeeper
      Then the game refuses it
      When Alice attacks with Grizzly Bears
      And the game advances to Alice's postcombat main phase
      Then Bob has 18 life
      And Breezekeeper is phased out
      When Alice passes priority
      And Bob tries to cast Lightning Bolt targeting Breezekeeper
      Then the game refuses it
      And Bob has Lightning Bolt in hand

  @ruling:CR24-702.26b
  @edition:mirage
  Rule: In Mirage too, a phased-out creature can't attack
    Mirage rulebook p. 2: a phased-out permanent is treated as though it doesn't exist until it
    phases in; the rules of today (CR 702.26b) say the same. In Mirage the attack is declared
    from the main phase.

    Scenario: Phasing: in Mirage the Breezekeeper that phased out this turn can't attack from the main phase
      Given it is Alice's turn
      And Alice controls Breezekeeper
      And Alice controls Grizzly Bears
      When the game advances to Alice's main phase
      Then Breezekeeper is phased out
      When Alice tries to attack with Breezekeeper
      Then the game refuses it
      When Alice attacks with Grizzly Bears
      And the game advances to Alice's discard phase
      Then Bob has 18 life

  # ---------------------------------------------------------------------------------------
  # Phasing in
  # ---------------------------------------------------------------------------------------

  @ruling:CR24-702.26c @ruling:CR08-502.15b @ruling:CR08-217.8c
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: A permanent that phases in exists again at once, in the same untap step
    CR 702.26c (2025): a permanent that phases in is once again treated as though it exists.
    CR 502.15b (2008): the phased-out objects of the active player phase in as her untap step
    begins, before she untaps, and CR 217.8c: they return in the state they left in. So Alice's
    Winter Orb that phases in already limits the untap that follows, a tapped Mana Vault (which
    doesn't untap) comes back tapped and an untapped one untapped, and a Juzam Djinn that phases
    in triggers at the beginning of that very upkeep.

    Scenario: Phasing: Alice's Winter Orb phasing in limits the untap right after it
      Given it is Alice's turn
      And Alice controls a phased-out Winter Orb
      And Alice controls 2 tapped Forest
      When the game advances to Alice's untap
      Then Winter Orb is phased in
      And the game waits for Alice to choose what to untap
      When Alice chooses to untap Forest 2
      And the game advances to Alice's upkeep
      Then Forest is tapped
      And Forest 2 is untapped

    Scenario: Phasing: a phased-out Mana Vault comes back tapped, another untapped, as they left
      Given it is Alice's turn
      And Alice controls a tapped, phased-out Mana Vault
      And Alice controls a phased-out Mana Vault
      When the game advances to Alice's upkeep
      Then Mana Vault is phased in
      And Mana Vault is tapped
      And Mana Vault 2 is phased in
      And Mana Vault 2 is untapped

    Scenario: Phasing: a Juzam Djinn that phases in deals its upkeep damage that same turn
      Given it is Alice's turn
      And Alice controls a phased-out Juzam Djinn
      When the game advances to Alice's draw
      Then Juzam Djinn is phased in
      And Alice has 19 life
      And these events happen in this order:
        | event        | player | subject     |
        | phased in    | Alice  | Juzam Djinn |
        | triggered    | Alice  | Juzam Djinn |
        | life changed | Alice  |             |

  # ---------------------------------------------------------------------------------------
  # Not a zone change
  # ---------------------------------------------------------------------------------------

  @ruling:CR24-702.26d @ruling:CR08-502.15d @ruling:CR08-502.15f @ruling:CR08-502.15m
  @edition:cr2008 @edition:cr2024
  Rule: Phasing in is not entering the battlefield: the same creature returns and may attack at once
    CR 702.26d (2025): phasing doesn't move a permanent between zones or change its controller,
    and effects that check its history don't treat phasing as leaving or entering. CR 502.15d
    (2008): phasing in or out triggers no comes-into-play or leaves-play abilities; CR 502.15f:
    the card that returns is the same permanent that left; CR 502.15m: a permanent that phases in
    can attack (or use {T} abilities) as though it had haste. So no "entered battlefield" event
    happens, Alice still controls her Breezekeeper, and it attacks in the turn it phases in.
    (The pool has no card with a comes-into-play or leaves-play ability, and no effect that phases
    a permanent out and in during the turn it came into play, the other case CR 502.15m names.)

    Scenario: Phasing: Breezekeeper phases in without entering the battlefield and attacks the same turn
      Given it is Alice's turn
      And Alice controls a phased-out Breezekeeper
      When the game advances to Alice's declare attackers step
      Then Breezekeeper is phased in
      And Alice controls Breezekeeper
      And Breezekeeper is not summoning sick
      And no "entered battlefield" event happened
      And no "control changed" event happened
      When Alice attacks with Breezekeeper
      And the game advances to Alice's postcombat main phase
      Then Bob has 16 life

  @ruling:CR24-702.26a @ruling:CR24-702.26d @ruling:CR08-502.15b @ruling:CR08-502.15g @ruling:CR08-502.15h
  @edition:cr2008 @edition:cr2024
  Rule: A permanent phases with the player who controlled it as it phased out, and keeps an unlimited control change
    CR 702.26a (2025) and 502.15b (2008): what phases in during a player's untap step is what
    phased out under that player's control. CR 502.15h (2008): a phased-out card remembers who
    controlled it; CR 502.15g: an effect without a limited duration that references the permanent
    still applies when it comes back; CR 702.26d (2025): phasing changes no control. Act of
    Treason's control change here lasts indefinitely (as the pool's catalog entry says), so Alice's
    Breezekeeper, stolen by Bob, phases out and in with Bob's untap steps and returns as Bob's.

    Scenario: Phasing: Alice's Breezekeeper, taken by Bob, phases out and back in with Bob's untap steps
      Given the game is at the beginning of Bob's precombat main phase
      And Alice controls Breezekeeper
      And Bob has Act of Treason in hand
      And Bob has {R}{R}{R} in his mana pool
      When Bob casts Act of Treason targeting Breezekeeper
      And both players pass priority
      Then Bob controls Breezekeeper
      And these events happen in this order:
        | event           | player | subject      | reason         |
        | control changed | Bob    | Breezekeeper | Act of Treason |
      When from now on
      And the game advances to Alice's upkeep
      Then Breezekeeper is phased in
      And no "phased out" event happened
      When the game advances to Bob's upkeep
      Then Breezekeeper is phased out
      When the game advances to Alice's next upkeep
      Then Breezekeeper is phased out
      When the game advances to Bob's next upkeep
      Then Breezekeeper is phased in
      And Bob controls Breezekeeper
      And no "control changed" event happened
      And a "phased in" event happened for Bob about Breezekeeper

  @ruling:CR24-702.26e
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: An effect of a spell can't take in a phased-out permanent
    CR 702.26e (2025): a continuous effect created by a spell that changes characteristics or
    control doesn't include phased-out permanents, even one it names, unless it says "phased
    out". The pool has no effect that changes a whole set of permanents, so the scenario shows the
    case of a spell naming the permanent: Bob can't aim Act of Treason at Alice's phased-out
    Breezekeeper, and she controls it when it phases in.

    Scenario: Phasing: Bob can't take Alice's phased-out Breezekeeper with Act of Treason
      Given the game is at the beginning of Bob's main phase
      And Alice controls a phased-out Breezekeeper
      And Bob has Act of Treason in hand
      And Bob has {R}{R}{R} in his mana pool
      When Bob tries to cast Act of Treason targeting Breezekeeper
      Then the game refuses it
      And Bob has Act of Treason in hand
      When the game advances to Alice's upkeep
      Then Breezekeeper is phased in
      And Alice controls Breezekeeper
      And no "control changed" event happened

  # ---------------------------------------------------------------------------------------
  # Damage: removed as it phases out (2004-2008), kept (today)
  # ---------------------------------------------------------------------------------------

  @ruling:CR08-502.15e
  @edition:cr2008 @pair:phasing-and-damage
  Rule: Under the 2004-2008 rules a permanent loses its damage as it phases out
    CR 502.15e (2008): when a permanent phases out, all damage dealt to it is removed. Compare
    the next Rule: under today's rules the damage stays.

    Scenario: Phasing: under the 2004-2008 rules Breezekeeper's damage is removed as it phases out
      Given it is Alice's turn
      And Alice controls Breezekeeper with 3 damage
      When the game advances to Alice's upkeep
      Then Breezekeeper is phased out
      And Breezekeeper has 0 damage
      When the game advances to Alice's next upkeep
      Then Breezekeeper is phased in
      And Breezekeeper has 0 damage

  @ruling:CR24-702.26d
  @edition:cr2024 @pair:phasing-and-damage
  Rule: Under today's rules a phased-out permanent keeps its damage until the cleanup step removes it
    CR 702.26d (2025): phasing is not a zone change, so the permanent keeps what it carries
    (the rule names counters); nothing in CR 702.26 removes damage. CR 514.2 (2025): the cleanup
    step removes the damage marked on all permanents, phased-out ones included. Compare the Rule
    before: under the 2004-2008 rules the damage went as the permanent phased out.

    Scenario: Phasing: under current rules Breezekeeper keeps its damage while phased out until the cleanup step
      Given it is Alice's turn
      And Alice controls Breezekeeper with 3 damage
      When the game advances to Alice's upkeep
      Then Breezekeeper is phased out
      And Breezekeeper has 3 damage
      When the game advances to Alice's end step
      Then Breezekeeper has 3 damage
      When the game advances to Bob's upkeep
      Then Breezekeeper has 0 damage
      And Breezekeeper is phased out
      And a "damage removed" event happened for Alice about Breezekeeper

  # ---------------------------------------------------------------------------------------
  # Skipped untap step
  # ---------------------------------------------------------------------------------------

  @ruling:CR24-702.26m @ruling:CR08-502.15c
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: A player who skips her untap step doesn't phase either
    CR 702.26m (2025) and 502.15c (2008): if a player skips her untap step, the phasing event
    doesn't happen that turn. Stasis makes each player skip the untap step (Mirage: the untap
    phase, whose beginning is where phasing happens). Nothing phases in or out and nothing untaps.

    Scenario: Phasing: with Stasis, Alice's untap is skipped and nothing phases in or out
      Given it is Alice's turn
      And Alice controls Stasis
      And Alice controls Breezekeeper
      And Alice controls a phased-out Breezekeeper
      And Alice controls a tapped Forest
      When the game advances to Alice's upkeep
      Then Breezekeeper is phased in
      And Breezekeeper 2 is phased out
      And Forest is tapped
      And no "phased out" event happened
      And no "phased in" event happened

  @ruling:CR24-702.26e
  @edition:mirage @edition:cr2008 @edition:cr2024
  Rule: An ability's effect that names a phased-out permanent passes it by
    CR 702.26e (2025): a continuous effect created by a resolving spell or ability doesn't include
    a phased-out permanent, even one it names; CR 217.8c (2008): phased-out objects are not in play.

    Scenario: Phasing: an upkeep ability that pumps Breezekeeper by name passes it by while it is phased out
      Given it is Alice's turn
      And Alice controls Breezekeeper
      And Bob controls "Wind Chime", an artifact with "At the beginning of each player's upkeep, Breezekeeper gets +2/+2 until end of turn"
      When the game advances to Alice's draw
      Then Breezekeeper is phased out
      And no "effect started" event happened about Breezekeeper
      And Breezekeeper is 4/4
      When the game advances to Alice's next draw
      Then Breezekeeper is phased in
      And Breezekeeper is 6/6

  @ruling:CR24-702.26p @ruling:CR08-502.15p
  @edition:cr2008 @edition:cr2024
  Rule: A second instance of phasing changes nothing
    CR 702.26p (2025) and CR 502.15p (2008): several instances of phasing on the same permanent are
    redundant. The permanent phases out once in its controller's untap step, as with one instance,
    and not out and straight back in, and it comes back in her next untap step.

    Scenario: Phasing: Breezekeeper with a second instance of phasing phases out once, and back in a turn later
      Given it is Alice's turn
      And Alice controls Breezekeeper
      And Breezekeeper has a second instance of phasing
      When the game advances to Alice's upkeep
      Then Breezekeeper is phased out
      And a "phased out" event happened for Alice about Breezekeeper
      And no "phased in" event happened
      When the game advances to Alice's next upkeep
      Then Breezekeeper is phased in
      And a "phased in" event happened for Alice about Breezekeeper

  @ruling:CR24-702.26k
  @edition:cr2024
  Rule: A phased-out permanent leaves the game with the player who owns it
    CR 702.26k (2025): when a player leaves a multiplayer game, the phased-out permanents she owns
    leave the game too, as her other permanents do (CR 800.4a).

    Scenario: Phasing: Bob loses a game of three players, and his phased-out Breezekeeper leaves with him
      Given a game between Alice, Bob and Carol
      And the game is at the beginning of Alice's precombat main phase
      And Bob has 3 life
      And Bob controls a phased-out Breezekeeper
      And Bob controls Grizzly Bears
      And Carol controls Hill Giant
      And Alice has Lightning Bolt in hand
      And Alice controls Mountain
      When Alice taps Mountain for mana
      And Alice casts Lightning Bolt targeting Bob
      And all players pass priority
      Then Bob has lost the game
      And the game is not over
      And Breezekeeper is not on the battlefield
      And Grizzly Bears is not on the battlefield
      And Carol controls Hill Giant

  @ruling:CR24-702.26f @ruling:CR08-502.15n
  @edition:cr2008 @edition:cr2024
  Rule: An effect on a phased-out permanent may end while it is phased out
    CR 702.26f (2004-2008: 502.15n): continuous effects that affect a phased-out permanent may expire
    while it is phased out; once it phases in, they no longer affect it.

    Scenario: Phasing: Breezekeeper's pump until the next upkeep ends while it is phased out
      Given the game is at the beginning of Bob's end step
      And Alice controls Breezekeeper
      And Alice has "Surge of Strength", an instant with "Target creature gets +3/+3 until the beginning of the next upkeep", in hand
      When Bob passes priority
      And Alice casts Surge of Strength targeting Breezekeeper
      And both players pass priority
      Then Breezekeeper is 7/7
      When the game advances to Alice's upkeep
      Then Breezekeeper is phased out
      And an "effect ended" event happened about Breezekeeper
      When the game advances to Alice's next upkeep
      Then Breezekeeper is phased in
      And Breezekeeper is 4/4
