"""The effect catalog: every effect a scenario may put in play, named abstractly.

Each entry says what the effect does in game terms, its parameters, and real cards that
have it, so that an adapter for another engine can map the entry onto a card it knows.
An adapter declares the keys it supports (``Capabilities.effects``); a scenario that needs
an unsupported entry is reported as unsupported, never as passed or failed.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CatalogEntry:
    key: str
    kind: str  # "spell" (what it does on resolution), "static", "triggered", "activated", "player"
    summary: str
    examples: tuple[str, ...]
    params: tuple[str, ...] = ()


ENTRIES: tuple[CatalogEntry, ...] = (
    CatalogEntry(
        "extra_turn",
        "spell",
        "You (targets=0) or target player (targets=1) take an extra turn after this one.",
        ("Time Walk (you)", "Time Warp (target player)"),
        ("targets",),
    ),
    CatalogEntry(
        "additional_combat",
        "spell",
        "After this main phase there is an additional combat phase followed by an additional "
        "main phase (in Mirage: you may declare an additional attack this turn).",
        ("Relentless Assault", "Fury of the Horde"),
    ),
    CatalogEntry(
        "additional_step",
        "triggered",
        "At the beginning of your first upkeep each turn, you get an additional upkeep step after this step.",
        ("Paradox Haze",),
        ("step",),
    ),
    CatalogEntry(
        "skip_next",
        "player",
        "The player skips their next turn, or their next phase or step of the given name (count times).",
        (
            "Chronatog (turn)",
            "Fatigue (draw step)",
            "Moment of Silence (combat phase)",
            "Brine Elemental (untap step)",
        ),
        ("what", "count"),
    ),
    CatalogEntry(
        "skip_spell",
        "spell",
        "Target player skips their next phase or step of the given name.",
        ("Fatigue (draw step)", "Moment of Silence (combat phase)"),
        ("what",),
    ),
    CatalogEntry(
        "skip_then",
        "spell",
        "You skip your next turn, or your next phase or step of the given name, then you gain life or draw "
        "cards (does=gain_life or draw, amount): that action is the first thing that happens in the next turn, "
        "phase or step to actually occur (CR 614.10b).",
        ("Written-out sorceries, e.g. 'Skip your next upkeep step, then you gain 2 life'",),
        ("what", "does", "amount"),
    ),
    CatalogEntry(
        "players_skip",
        "static",
        "As long as this is in play, players (or you) skip their phase or step of the given name.",
        ("Stasis (each player's untap step)", "Necropotence (your draw step)"),
        ("what", "whose"),
    ),
    CatalogEntry(
        "at_beginning_of",
        "triggered",
        "At the beginning of your (or each player's) turn, phase or step, or of the turn's Nth main phase "
        "(of=main_2: the second main phase this turn, CR 505.1b), or at end of turn: gain "
        "or lose life, draw cards, take damage, deal damage to or pump (until end of turn) a named permanent, "
        "set up a delayed effect.",
        (
            "Fountain of Renewal (upkeep, gain 1 life)",
            "Juzám Djinn (upkeep, 1 damage to you)",
            "Phyrexian Arena (upkeep, draw)",
        ),
        ("of", "whose", "does", "amount"),
    ),
    CatalogEntry(
        "whenever",
        "triggered",
        "Whenever this creature attacks, blocks, blocks a creature, becomes blocked, becomes blocked by a "
        "creature, becomes blocked by two or more creatures, attacks and isn't blocked, or deals combat "
        "damage, or whenever its controller attacks (event=you_attack: once per declaration of attackers), "
        "attacks a named player (event=you_attack_a_player, attacked=<player>) or is attacked "
        "(event=you_are_attacked), or whenever a creature with power N or greater blocks "
        "(event=a_creature_with_power_blocks, power=N), or whenever this Aura, Equipment or Fortification "
        "becomes unattached (event=becomes_unattached): gain or lose life, make the defending player lose life "
        "(does=defending_player_loses_life) or get poison counters (does=defending_player_gets_poison), "
        "draw, take damage, get an additional step after this phase "
        "(does=additional_step_after_phase, step=<step>), or put a card named so from your hand onto "
        "the battlefield tapped and attacking (does=put_attacking, card=<name>, and target=<planeswalker's "
        "permanent id> if it attacks a planeswalker) or blocking a named "
        "attacking creature (does=put_blocking, card=<name>, target=<attacker's permanent id>).",
        (
            "Goblin Guide (attacks)",
            "Wall of Frost (blocks a creature)",
            "Gustcloak Harrier (becomes blocked)",
            "Engulfing Slagwurm (blocks or becomes blocked by a creature)",
            "Ophidian (attacks and isn't blocked)",
            "Shadowmage Infiltrator (deals combat damage)",
            "Kaalia of the Vast (attacks: puts a card onto the battlefield attacking)",
            "Flash Foliage (its token enters blocking target attacking creature)",
            "Mishra, Claimed by Gix (you attack)",
            "Curse of Opulence (the enchanted player is attacked)",
            "Obeka, Splitter of Seconds (deals combat damage: additional upkeep steps after this phase)",
            "Marsh Viper (deals combat damage: the defending player gets two poison counters)",
            "Grafted Wargear (becomes unattached)",
        ),
        ("event", "does", "amount", "attacked", "power", "step", "card", "target"),
    ),
    CatalogEntry(
        "state_trigger",
        "triggered",
        "When a game state holds: you control no other creatures (state=no_other_creatures) or you have N or "
        "less life (state=life_at_most, life=N): sacrifice this (does=sacrifice_this), gain or lose life, or "
        "draw. A state trigger (CR 603.8): it triggers as soon as the state holds, goes on the stack the next "
        "time a player would receive priority, and doesn't trigger again until it has left the stack.",
        (
            "Written-out permanents, e.g. 'When you control no other creatures, sacrifice this creature' "
            "(the kind of Dandân's 'When you control no Islands, sacrifice Dandân')",
        ),
        ("state", "life", "does", "amount"),
    ),
    CatalogEntry(
        "chapter",
        "triggered",
        "A Saga's chapter ability: when a lore counter put on the Saga brings their number to the chapter "
        "number (chapter=N), gain or lose life, draw, or take damage (CR 714.2). The active player puts a lore "
        "counter on each of their Sagas with a chapter ability as their precombat main phase begins (CR 505.4).",
        ("History of Benalia", "The Eldest Reborn", "Written-out Sagas, e.g. 'II — you gain 2 life'"),
        ("chapter", "does", "amount"),
    ),
    CatalogEntry(
        "set_in_motion",
        "triggered",
        "A scheme's 'When you set this scheme in motion': gain or lose life, draw, or take damage (CR 701.32). "
        "The archenemy sets the top scheme of her scheme deck (PlayerSetup.scheme_deck) in motion as her "
        "precombat main phase begins (CR 505.3).",
        ("Feed the Machine", "Your Puny Minds Cannot Fathom"),
        ("does", "amount"),
    ),
    CatalogEntry(
        "visit",
        "triggered",
        "An Attraction's visit ability: when its controller rolls to visit her Attractions and the result is one "
        "of its lit numbers (lit=comma-separated numbers, e.g. '2,4,6'), gain or lose life, draw, or take damage "
        "(CR 701.52). The active player rolls to visit as her precombat main phase begins, if she controls an "
        "Attraction (CR 505.5).",
        ("Balloon Stand", "Ferris Wheel"),
        ("lit", "does", "amount"),
    ),
    CatalogEntry(
        "upkeep_cost",
        "triggered",
        "At the beginning of your upkeep, sacrifice this unless you pay the cost.",
        ("Nicol Bolas", "Chromium", "Palladia-Mors"),
        ("cost",),
    ),
    CatalogEntry(
        "additional_draw",
        "static",
        "Each player draws an additional card in their draw step (each source separately).",
        ("Howling Mine",),
    ),
    CatalogEntry(
        "additional_land",
        "static",
        "You may play an additional land on each of your turns.",
        ("Exploration", "Fastbond (limited)"),
    ),
    CatalogEntry(
        "doesnt_untap",
        "static",
        "This doesn't untap during its controller's untap step.",
        ("Colossus of Sardia", "Mana Vault"),
    ),
    CatalogEntry(
        "may_not_untap",
        "static",
        "You may choose not to untap this during your untap step.",
        ("Rubinia Soulsinger", "Amber Prison"),
    ),
    CatalogEntry(
        "untap_limit",
        "static",
        "As long as this is untapped, players can't untap more than one land during their untap steps.",
        ("Winter Orb",),
        ("count",),
    ),
    CatalogEntry(
        "untap_ability",
        "activated",
        "{cost}: Untap this. Activate only during your upkeep.",
        ("Colossus of Sardia",),
        ("cost",),
    ),
    CatalogEntry(
        "must_attack",
        "static",
        "This creature attacks each combat (each turn) if able.",
        ("Juggernaut", "Nettling Imp (targeted)", "Siren's Call (all)"),
    ),
    CatalogEntry(
        "pump",
        "spell",
        "Target creature gets +N/+N until end of turn, or until another part of the turn: until=end_of_<part> "
        "ends it as that part ends, until=<part> as it begins; until=end_of_combat is 'until end of combat', "
        "which ends with the combat phase, not the end of combat step (CR 500.5, 511.2).",
        ("Giant Growth",),
        ("power", "toughness", "until"),
    ),
    CatalogEntry("damage", "spell", "Deals N damage to any target.", ("Lightning Bolt", "Shock"), ("amount",)),
    CatalogEntry("draw_cards", "spell", "You draw N cards.", ("Divination", "Ancestral Recall"), ("amount",)),
    CatalogEntry("gain_control", "spell", "Gain control of target permanent.", ("Control Magic", "Act of Treason")),
    CatalogEntry("tap", "spell", "Tap target permanent.", ("Twiddle",)),
    CatalogEntry(
        "gain_control_at_beginning_of_turn",
        "triggered",
        "At the beginning of your turn, gain control of the target permanent.",
        ("Wellspring (Mirage)",),
    ),
    CatalogEntry(
        "turn_power_bonus",
        "static",
        "During your turn your creatures get +2/+0; during other turns they get -0/-2.",
        ("Vibrating Sphere",),
    ),
    CatalogEntry("cant_block", "static", "This creature can't block.", ("Hulking Goblin",)),
    CatalogEntry(
        "cant_attack_or_block_alone", "static", "This creature can't attack or block alone.", ("Mogg Flunkies",)
    ),
    CatalogEntry(
        "must_be_blocked", "static", "All creatures able to block this creature do so.", ("Prized Unicorn", "Lure")
    ),
    CatalogEntry(
        "attack_tax",
        "static",
        "Creatures can't attack you unless their controller pays {cost} for each creature they control that's "
        "attacking you.",
        ("Propaganda", "Ghostly Prison"),
        ("cost",),
    ),
    CatalogEntry(
        "optional_attack_cost",
        "static",
        "As this creature attacks, you may pay {cost}. If you do, it gets +power/+toughness until end of turn. "
        "An optional cost to attack (CR 508.1g): the active player chooses to pay it as attackers are declared "
        "(DeclareAttackers.optional_costs), with any other costs to attack.",
        (
            "Written-out creatures, e.g. 'As this creature attacks, you may pay {1}. If you do, it gets +2/+0 "
            "until end of turn'",
        ),
        ("cost", "power", "toughness"),
    ),
    CatalogEntry(
        "cast_only",
        "restriction",
        "This spell may be cast only at a point of combat: during combat, during combat before (or after) "
        "blockers are declared, or before (or after) attackers are declared, blockers are declared, the combat "
        "damage step, the end of combat step, or the combat phase (CR 506.7).",
        ("Panic (during combat before blockers are declared)", "Blaze of Glory (the same)"),
        ("when",),
    ),
    CatalogEntry(
        "combat_pump",
        "activated",
        "{cost}: This creature gets +N/+N until end of turn. Activate only at a point of combat, written as "
        "for cast_only (CR 506.7g).",
        (
            "Written-out creatures, e.g. '{0}: this creature gets +1/+1 until end of turn. Activate only before "
            "blockers are declared'",
        ),
        ("cost", "amount", "when"),
    ),
    CatalogEntry("gain_life", "spell", "You gain N life.", ("Stream of Life", "Healing Salve"), ("amount",)),
    CatalogEntry(
        "block_tax",
        "static",
        "Creatures can't block unless their controller pays {cost} for each blocking creature they control.",
        ("War Cadence (as its activated effect)",),
        ("cost",),
    ),
    CatalogEntry("end_the_turn", "spell", "End the turn (CR 723.1).", ("Time Stop", "Sundial of the Infinite")),
    CatalogEntry(
        "end_the_combat",
        "spell",
        "End the combat phase (CR 723.2); outside a combat phase, nothing happens.",
        ("Mandate of Peace",),
    ),
    CatalogEntry("phasing", "static", "Phasing.", ("Breezekeeper", "Teferi's Imp")),
    CatalogEntry(
        "optional_skip_turn",
        "static",
        "Instead of taking your turn you may skip it; if you do, untap this.",
        ("Time Vault",),
    ),
    CatalogEntry(
        "returns_held_card",
        "static",
        "When this untaps, the card it holds is put onto the battlefield tapped.",
        ("Tawnos's Coffin",),
    ),
    CatalogEntry("no_maximum_hand_size", "static", "You have no maximum hand size.", ("Spellbook", "Reliquary Tower")),
    CatalogEntry("haste", "static", "Haste.", ("Raging Goblin",)),
    CatalogEntry("first_strike", "static", "First strike.", ("White Knight",)),
    CatalogEntry("double_strike", "static", "Double strike.", ("Fencing Ace",)),
    CatalogEntry("regenerate", "activated", "{cost}: Regenerate this.", ("Drudge Skeletons",), ("cost",)),
    CatalogEntry(
        "reselect_attacked",
        "spell",
        "Reselect which player or planeswalker target attacking creature (the first target) is attacking: "
        "the second target, the defending player or a planeswalker that player controls (CR 508.7).",
        ("Portal Mage (as it enters)",),
    ),
    CatalogEntry(
        "enchant",
        "static",
        "An Aura's Enchant ability: what it may be attached to (what=creature, land, artifact, enchantment "
        "or permanent); attached to anything else, or to nothing, it goes to its owner's graveyard.",
        ("Holy Strength (Enchant creature)", "Spirit Link (Enchant creature)", "Wild Growth (Enchant land)"),
        ("what",),
    ),
)

CATALOG: dict[str, CatalogEntry] = {e.key: e for e in ENTRIES}
