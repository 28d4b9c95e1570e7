Feature: Phasing: Auras, Equipment and tokens
  What is attached to a permanent goes where the permanent goes when it phases: an Aura or
  Equipment on a creature that phases out phases out with it ("indirectly") and comes back with
  it, still attached. An Aura that has phasing itself phases out on its own ("directly") and comes
  back attached to what it was attached to, if that is still there. Phasing is not attaching or
  unattaching. Under the 2004-2008 rules a token that phases out ceases to exist; today it stays.

  @ruling:CR24-702.26g @ruling:CR08-502.15i @edition:cr2008 @edition:cr2024
  Rule: An Aura on a permanent that phases out phases out indirectly, and back in with it
    CR 702.26g (2008: 502.15i): when a permanent phases out, the Auras, Equipment and Fortifications
    attached to it phase out at the same time, indirectly; such an object doesn't phase in by
    itself, but along with the permanent it is attached to.

    Scenario: Phasing attachments: Holy Strength phases out and back in with Breezekeeper, still attached
      Given it is Alice's turn
      And Alice controls Breezekeeper
      And Alice controls "Holy Strength", an Aura with "Enchant creature" attached to Breezekeeper
      When the game advances to Alice's upkeep
      Then Breezekeeper is phased out
      And Holy Strength is phased out
      When the game advances to Alice's next upkeep
      Then Breezekeeper is phased in
      And Holy Strength is phased in
      And Holy Strength is attached to Breezekeeper

  @ruling:CR24-702.26h @edition:cr2024
  Rule: A permanent that would phase out both directly and indirectly phases out indirectly
    CR 702.26h: an Aura with phasing on a creature with phasing would phase out both on its own and
    along with the creature; it phases out only indirectly.

    Scenario: Phasing attachments: an Aura with phasing on Breezekeeper phases out only with it
      Given it is Alice's turn
      And Alice controls Breezekeeper
      And Alice controls "Shimmering Wings", an Aura with "Enchant creature" and "Phasing" attached to Breezekeeper
      When the game advances to Alice's upkeep
      Then Shimmering Wings is phased out
      And these events happen in this order:
        | event      | subject          | how        |
        | phased out | Breezekeeper     | directly   |
        | phased out | Shimmering Wings | indirectly |
      When the game advances to Alice's next upkeep
      Then Shimmering Wings is phased in
      And Shimmering Wings is attached to Breezekeeper

  @ruling:CR24-702.26i @ruling:CR08-502.15j @edition:cr2008 @edition:cr2024
  Rule: An Aura that phased out directly phases in attached to what it was attached to, if it can
    CR 702.26i (2008: 502.15j): an Aura, Equipment or Fortification that phased out on its own
    phases in attached to the object it was attached to, if that object is still there; otherwise
    it phases in unattached, and the state-based check then deals with it (an Aura goes to the
    graveyard).

    Scenario: Phasing attachments: an Aura with phasing comes back attached to Bob's Grizzly Bears
      Given it is Alice's turn
      And Bob controls Grizzly Bears
      And Alice controls "Shimmering Wings", an Aura with "Enchant creature" and "Phasing" attached to Grizzly Bears
      When the game advances to Alice's upkeep
      Then Shimmering Wings is phased out
      And Grizzly Bears is phased in
      When the game advances to Alice's next upkeep
      Then Shimmering Wings is phased in
      And Shimmering Wings is attached to Grizzly Bears

    Scenario: Phasing attachments: an Aura with phasing whose creature died meanwhile phases in unattached and goes to the graveyard
      Given it is Alice's turn
      And Bob controls Grizzly Bears
      And Alice controls "Shimmering Wings", an Aura with "Enchant creature" and "Phasing" attached to Grizzly Bears
      And Alice controls Mountain
      And Alice has Shock in hand
      When the game advances to Alice's upkeep
      Then Shimmering Wings is phased out
      When Alice taps Mountain for mana
      And Alice casts Shock targeting Grizzly Bears
      And both players pass priority
      Then Grizzly Bears is in Bob's graveyard
      And Alice controls Shimmering Wings
      When the game advances to Alice's next upkeep
      Then Shimmering Wings is in Alice's graveyard
      And these events happen in this order:
        | event     | subject          |
        | phased in | Shimmering Wings |
        | died      | Shimmering Wings |

  @ruling:CR24-702.26j @edition:cr2024
  Rule: Phasing doesn't attach or unattach anything
    CR 702.26j: abilities that trigger when a permanent becomes attached or unattached don't trigger
    when it phases in or out.

    Scenario: Phasing attachments: Grafted Wargear phasing out and in with Breezekeeper doesn't trigger
      Given it is Alice's turn
      And Alice controls Breezekeeper
      And Alice controls "Grafted Wargear", an Equipment with "Whenever this becomes unattached, you lose 2 life" attached to Breezekeeper
      When the game advances to Alice's upkeep
      Then Grafted Wargear is phased out
      When the game advances to Alice's next upkeep
      Then Grafted Wargear is attached to Breezekeeper
      And Alice has 20 life
      And no "unattached" event happened
      And no "triggered" event happened for Alice

  @ruling:CR08-217.8d @edition:cr2008 @pair:phasing-tokens
  Rule: In 2008 a token that phases out ceases to exist, and what phased out with it stays out
    CR 2008 217.8d: tokens in the phased-out zone cease to exist (a state-based effect); Auras,
    Equipment and Fortifications that phased out attached to such a token stay phased out for the
    rest of the game.

    Scenario: Phasing tokens (2008): a Spirit token with phasing ceases to exist, its Holy Strength stays phased out
      Given it is Alice's turn
      And Alice controls "Spirit", a 1/1 creature token with "Phasing"
      And Alice controls "Holy Strength", an Aura with "Enchant creature" attached to Spirit
      When the game advances to Alice's upkeep
      Then Spirit no longer exists
      And Holy Strength is phased out
      When the game advances to Alice's next upkeep
      Then Holy Strength is phased out

  @ruling:CR24-702.26d @edition:cr2024 @pair:phasing-tokens
  Rule: Today a token that phases out stays on the battlefield
    CR 702.26d: tokens continue to exist on the battlefield while phased out.

    Scenario: Phasing tokens: a Spirit token with phasing phases out and back in
      Given it is Alice's turn
      And Alice controls "Spirit", a 1/1 creature token with "Phasing"
      When the game advances to Alice's upkeep
      Then Spirit is phased out
      When the game advances to Alice's next upkeep
      Then Spirit is phased in
