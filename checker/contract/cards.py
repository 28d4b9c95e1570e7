"""The cards scenarios name, described by their types and catalog effects.

A scenario says "Alice controls Howling Mine"; the setup then carries the card's full
:class:`CardSpec`, so an engine never needs this table, only the catalog keys.
"""

from __future__ import annotations

import re

from checker.contract.interface import CardSpec, EffectSpec
from checker.contract.vocabulary import parse_part


def _e(key: str, **params: str | int) -> EffectSpec:
    return EffectSpec(key, params)


def _land(name: str, color: str) -> CardSpec:
    return CardSpec(name, ("land",), produces=color)


def _creature(name: str, cost: str, power: int, toughness: int, *effects: EffectSpec) -> CardSpec:
    return CardSpec(name, ("creature",), cost, power, toughness, effects=effects)


def _card(name: str, types: str, cost: str, *effects: EffectSpec) -> CardSpec:
    return CardSpec(name, tuple(types.split()), cost, effects=effects)


POOL: dict[str, CardSpec] = {
    c.name: c
    for c in (
        _land("Plains", "W"),
        _land("Island", "U"),
        _land("Swamp", "B"),
        _land("Mountain", "R"),
        _land("Forest", "G"),
        _creature("Grizzly Bears", "{1}{G}", 2, 2),
        _creature("Hill Giant", "{3}{R}", 3, 3),
        _creature("Savannah Lions", "{W}", 2, 1),
        _creature("Soldier", "", 1, 1),  # as a token (Raise the Alarm)
        _creature("Hulking Goblin", "{1}{R}", 2, 2, _e("cant_block")),
        _creature("Mogg Flunkies", "{2}{R}", 3, 3, _e("cant_attack_or_block_alone")),
        _creature("Prized Unicorn", "{3}{G}", 2, 2, _e("must_be_blocked")),
        _creature("Raging Goblin", "{R}", 1, 1, _e("haste")),
        _creature("White Knight", "{W}{W}", 2, 2, _e("first_strike")),
        _creature("Fencing Ace", "{1}{W}", 1, 1, _e("double_strike")),
        _creature("Drudge Skeletons", "{1}{B}", 1, 1, _e("regenerate", cost="{B}")),
        _creature("Breezekeeper", "{3}{U}", 4, 4, _e("phasing")),
        _creature(
            "Juzam Djinn",
            "{2}{B}{B}",
            5,
            5,
            _e("at_beginning_of", of="upkeep", whose="your", does="damage_you", amount=1),
        ),
        _creature("Nicol Bolas", "{2}{U}{U}{B}{B}{R}{R}", 7, 7, _e("upkeep_cost", cost="{U}{B}{R}")),
        CardSpec("Juggernaut", ("artifact", "creature"), "{4}", 5, 3, effects=(_e("must_attack"),)),
        CardSpec(
            "Colossus of Sardia",
            ("artifact", "creature"),
            "{9}",
            9,
            9,
            effects=(_e("doesnt_untap"), _e("untap_ability", cost="{9}")),
        ),
        _card("Giant Growth", "instant", "{G}", _e("pump", power=3, toughness=3, until="end_of_turn")),
        _card("Lightning Bolt", "instant", "{R}", _e("damage", amount=3)),
        _card("Shock", "instant", "{R}", _e("damage", amount=2)),
        _card("Ancestral Recall", "instant", "{U}", _e("draw_cards", amount=3)),
        _card("Divination", "sorcery", "{2}{U}", _e("draw_cards", amount=2)),
        _card("Time Walk", "sorcery", "{1}{U}", _e("extra_turn")),
        _card("Time Warp", "sorcery", "{3}{U}{U}", _e("extra_turn", targets=1)),
        _card("Relentless Assault", "sorcery", "{2}{R}{R}", _e("additional_combat")),
        _card("Fatigue", "sorcery", "{1}{U}", _e("skip_spell", what="draw")),
        _card("Moment of Silence", "instant", "{W}", _e("skip_spell", what="combat")),
        _card("Act of Treason", "sorcery", "{2}{R}", _e("gain_control")),
        _card("Twiddle", "instant", "{U}", _e("tap")),
        _card("Time Stop", "instant", "{4}{U}{U}", _e("end_the_turn")),
        _card("Mandate of Peace", "instant", "{1}{W}", _e("end_the_combat")),
        _card("Howling Mine", "artifact", "{2}", _e("additional_draw")),
        _card("Exploration", "enchantment", "{G}", _e("additional_land")),
        _card("Propaganda", "enchantment", "{2}{U}", _e("attack_tax", cost="{2}")),
        _card("War Cadence", "enchantment", "{2}{R}", _e("block_tax", cost="{1}")),
        _card("Winter Orb", "artifact", "{2}", _e("untap_limit", count=1)),
        _card("Mana Vault", "artifact", "{1}", _e("doesnt_untap")),
        _card("Amber Prison", "artifact", "{4}", _e("may_not_untap")),
        _card("Stasis", "enchantment", "{1}{U}", _e("players_skip", what="untap", whose="each")),
        _card("Necropotence", "enchantment", "{B}{B}{B}", _e("players_skip", what="draw", whose="your")),
        _card("Paradox Haze", "enchantment", "{2}{U}", _e("additional_step", step="upkeep")),
        _card("Vibrating Sphere", "artifact", "{4}", _e("turn_power_bonus")),
        _card("Wellspring", "enchantment", "{1}{G}", _e("gain_control_at_beginning_of_turn")),
        _card("Time Vault", "artifact", "{2}", _e("optional_skip_turn")),
        _card("Tawnos's Coffin", "artifact", "{4}", _e("returns_held_card")),
        _card("Spellbook", "artifact", "{0}", _e("no_maximum_hand_size")),
        _card(
            "Fountain of Renewal",
            "artifact",
            "{G}",
            _e("at_beginning_of", of="upkeep", whose="your", does="gain_life", amount=1),
        ),
        _card(
            "Phyrexian Arena",
            "enchantment",
            "{1}{B}{B}",
            _e("at_beginning_of", of="upkeep", whose="your", does="draw", amount=1),
        ),
    )
}

#: A card that fills libraries and hands when a scenario only counts cards.
FILLER = "Island"


def card(name: str) -> CardSpec:
    try:
        return POOL[name]
    except KeyError:
        known = ", ".join(sorted(POOL))
        raise ValueError(f"no card named {name!r} in the suite's card pool; known: {known}") from None


_TRIGGER = re.compile(
    r"at (?:the beginning of (?P<whose>your|each player's|each) (?P<part>.+?)|(?P<eot>end of turn)),"
    r" (?P<does>.+)",
    re.IGNORECASE,
)
_DOES = (
    (re.compile(r"you gain (\d+) life", re.IGNORECASE), "gain_life"),
    (re.compile(r"you lose (\d+) life", re.IGNORECASE), "lose_life"),
    (re.compile(r"the defending player loses (\d+) life", re.IGNORECASE), "defending_player_loses_life"),
    (
        re.compile(r"the defending player gets (?:a|(\d+)) poison counters?", re.IGNORECASE),
        "defending_player_gets_poison",
    ),
    (re.compile(r"you draw (?:a|(\d+)) cards?", re.IGNORECASE), "draw"),
    (re.compile(r"you get an additional (\w+) step after this phase", re.IGNORECASE), "additional_step_after_phase"),
    (re.compile(r"this deals (\d+) damage to you", re.IGNORECASE), "damage_you"),
    (re.compile(r"(\w+) gains (\d+) life at the next end of turn", re.IGNORECASE), "delayed_gain_life"),
    (re.compile(r"this deals (\d+) damage to (.+)", re.IGNORECASE), "damage_target"),
    (re.compile(r"(.+) gets \+(\d+)/\+\d+ until end of turn", re.IGNORECASE), "pump_target"),
    (
        re.compile(r"you put (.+) from your hand onto the battlefield tapped and attacking(?: (.+))?", re.IGNORECASE),
        "put_attacking",
    ),
    (re.compile(r"you put (.+) from your hand onto the battlefield blocking (.+)", re.IGNORECASE), "put_blocking"),
    (re.compile(r"sacrifice this \w+", re.IGNORECASE), "sacrifice_this"),
)


_WHENEVER = re.compile(
    r"whenever (?:this (?P<unattached>becomes unattached)"
    r"|this creature (?P<event>attacks and isn't blocked|attacks|blocks a creature|blocks"
    r"|becomes blocked by two or more creatures|becomes blocked by a creature|becomes blocked|deals combat damage)"
    r"|you (?P<you>attack(?: with a creature)?|are attacked)|you attack (?P<attacked>[A-Z][a-z]+)"
    r"|a creature with power (?P<power>\d+) or greater blocks), (?P<does>.+)",
    re.IGNORECASE,
)


#: A state trigger (CR 603.8, 704.1a): "When you control no other creatures, ..." or "When you have 5 or less life".
_WHEN_STATE = re.compile(
    r"when you (?:control no (?P<none>other creatures)|have (?P<life>\d+) or less life), (?P<does>.+)", re.IGNORECASE
)

_OPTIONAL_ATTACK_COST = re.compile(
    r"as this creature attacks, you may pay (?P<cost>(?:\{[^}]+\})+)\. "
    r"if you do, it gets \+(?P<power>\d+)/\+(?P<toughness>\d+) until end of turn",
    re.IGNORECASE,
)

#: A scheme's triggered ability (CR 701.32).
_SET_IN_MOTION = re.compile(r"when you set this scheme in motion, (?P<does>.+)", re.IGNORECASE)

#: A Saga's chapter ability (CR 714.2): "II — you gain 2 life".
_CHAPTER = re.compile(r"(?P<chapter>[IVX]+) — (?P<does>.+)")
_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6}

#: An Attraction's visit ability with its lit numbers (CR 701.52): "Visit on 2, 4 or 6 — you gain 2 life".
_VISIT = re.compile(r"visit on (?P<lit>[1-6](?:, [1-6])*(?: or [1-6])?) — (?P<does>.+)", re.IGNORECASE)

_SKIP_THEN = re.compile(r"skip your next (?P<what>turn|.+? (?:step|phase)), then (?P<does>.+)", re.IGNORECASE)

_COMBAT_PUMP = re.compile(
    r"(?P<cost>(?:\{[^}]+\})+): this creature gets \+(?P<amount>\d+)/\+\d+ until end of turn\. "
    r"activate only (?P<when>.+)",
    re.IGNORECASE,
)

#: The points of combat a spell or ability may be restricted to, as card text says them (CR 506.7).
POINTS_OF_COMBAT = {
    "during combat": "during_combat",
    "during combat before blockers are declared": "during_combat_before_blockers",
    "during combat after blockers are declared": "during_combat_after_blockers",
    "before attackers are declared": "before_attackers",
    "after attackers are declared": "after_attackers",
    "before blockers are declared": "before_blockers",
    "after blockers are declared": "after_blockers",
    "before the combat damage step": "before_combat_damage",
    "after the combat damage step": "after_combat_damage",
    "before the end of combat step": "before_end_of_combat",
    "after the end of combat step": "after_end_of_combat",
    "before the combat phase": "before_combat",
    "after the combat phase": "after_combat",
}


def combat_point(text: str) -> str:
    """ "before blockers are declared" -> ``before_blockers``: the points of CR 506.7."""
    if text not in POINTS_OF_COMBAT:
        raise ValueError(f"unknown point of combat {text!r}; known: {', '.join(POINTS_OF_COMBAT)}")
    return POINTS_OF_COMBAT[text]


#: Keyword abilities a written-out card may have, as card text says them.
KEYWORDS = {"Phasing": "phasing", "Haste": "haste", "First strike": "first_strike", "Double strike": "double_strike"}

_PUMP_SPELL = re.compile(
    r"target creature gets \+(?P<power>\d+)/\+(?P<toughness>\d+) until (?P<until>end of turn|end of (?P<ending>.+)|"
    r"the beginning of the next (?P<part>.+))",
    re.IGNORECASE,
)
_RESELECT = re.compile(r"reselect which player or planeswalker target attacking creature is attacking", re.IGNORECASE)
_ENCHANT = re.compile(r"enchant (creature|land|artifact|enchantment|permanent)", re.IGNORECASE)
_MUST_ATTACK = re.compile(r"this creature attacks each (?:combat|turn) if able", re.IGNORECASE)

#: Card types a subtype implies, so a scenario may say "an Aura" or "an Equipment" (CR 205.3).
_IMPLIED_TYPES = {
    "Aura": "enchantment",
    "Saga": "enchantment",
    "Equipment": "artifact",
    "Fortification": "artifact",
    "Attraction": "artifact",
}
SUPERTYPES = ("legendary", "world")


def type_line(text: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """Read "legendary creature", "Aura", "Jace planeswalker" or "world enchantment" into the card's
    types, supertypes and subtypes: lower-case words are (super)types, capitalised ones subtypes."""
    words = text.split()
    supertypes = tuple(w for w in words if w in SUPERTYPES)
    subtypes = tuple(w for w in words if w[:1].isupper())
    types = [w for w in words if w not in supertypes and w not in subtypes]
    for subtype in subtypes:
        implied = _IMPLIED_TYPES.get(subtype)
        if implied and implied not in types:
            types.append(implied)
    return tuple(types), supertypes, subtypes


def ability_from_text(text: str) -> EffectSpec:
    """Read an ability written in game language, e.g. "At the beginning of your upkeep, you gain
    1 life", "At end of turn, you draw a card", "II — you gain 2 life", "Enchant creature" or "Phasing"."""
    if text in KEYWORDS:
        return EffectSpec(KEYWORDS[text])
    if _RESELECT.fullmatch(text.strip().rstrip(".")):
        return EffectSpec("reselect_attacked")
    if _MUST_ATTACK.fullmatch(text.strip().rstrip(".")):  # Juggernaut's requirement (CR 508.1d)
        return EffectSpec("must_attack")
    pump = _PUMP_SPELL.fullmatch(text.strip().rstrip("."))
    if pump is not None:
        if pump["until"].lower() == "end of turn":
            until = "end_of_turn"
        elif pump["ending"]:  # "until end of combat": as that part of the turn ends (CR 500.5)
            until = f"end_of_{parse_part(pump['ending']).name}"
        else:
            until = parse_part(pump["part"]).name
        return EffectSpec("pump", {"power": int(pump["power"]), "toughness": int(pump["toughness"]), "until": until})
    enchant = _ENCHANT.fullmatch(text.strip())
    if enchant is not None:
        return EffectSpec("enchant", {"what": enchant[1].lower()})
    text = re.sub(
        r"(?i)^at the beginning of combat on (your|each player's) turn",
        r"At the beginning of \1 beginning of combat step",
        text.strip(),
    )
    option = _OPTIONAL_ATTACK_COST.fullmatch(text.rstrip("."))
    if option is not None:  # an optional cost to attack (CR 508.1g)
        params = {"cost": option["cost"], "power": int(option["power"]), "toughness": int(option["toughness"])}
        return EffectSpec("optional_attack_cost", params)
    state = _WHEN_STATE.fullmatch(text.rstrip("."))
    if state is not None:
        holds: dict[str, str | int] = (
            {"state": "no_other_creatures"} if state["none"] else {"state": "life_at_most", "life": int(state["life"])}
        )
        return EffectSpec("state_trigger", {**holds, **_outcome(text, state["does"])})
    scheme = _SET_IN_MOTION.fullmatch(text.rstrip("."))
    if scheme is not None:
        return EffectSpec("set_in_motion", _outcome(text, scheme["does"]))
    visit = _VISIT.fullmatch(text.rstrip("."))
    if visit is not None:
        lit = ",".join(re.findall(r"[1-6]", visit["lit"]))
        return EffectSpec("visit", {"lit": lit, **_outcome(text, visit["does"])})
    chapter = _CHAPTER.fullmatch(text.rstrip("."))
    if chapter is not None and chapter["chapter"] in _ROMAN:
        return EffectSpec("chapter", {"chapter": _ROMAN[chapter["chapter"]], **_outcome(text, chapter["does"])})
    skip = _SKIP_THEN.fullmatch(text.rstrip("."))
    if skip is not None:  # a spell's effect (CR 614.10b)
        what = "turn" if skip["what"].lower() == "turn" else parse_part(skip["what"]).name
        return EffectSpec("skip_then", {"what": what, **_outcome(text, skip["does"])})
    pump = _COMBAT_PUMP.fullmatch(text.rstrip("."))
    if pump is not None:
        params = {"cost": pump["cost"], "amount": int(pump["amount"]), "when": combat_point(pump["when"].lower())}
        return EffectSpec("combat_pump", params)
    whenever = _WHENEVER.fullmatch(text.rstrip("."))
    if whenever is not None:
        watched: dict[str, str | int]
        if whenever["power"]:  # "whenever a creature with power 3 or greater blocks" (CR 509.3f)
            watched = {"event": "a_creature_with_power_blocks", "power": int(whenever["power"])}
        elif whenever["attacked"]:  # "whenever you attack Carol" (CR 508.3e)
            watched = {"event": "you_attack_a_player", "attacked": whenever["attacked"]}
        else:
            said = (
                whenever["event"] or whenever["unattached"] or f"you {whenever['you'].removesuffix(' with a creature')}"
            )
            watched = {"event": said.lower().replace(" ", "_").replace("'", "")}
        return EffectSpec("whenever", {**watched, **_outcome(text, whenever["does"])})
    m = _TRIGGER.fullmatch(text.rstrip("."))
    if m is None:
        raise ValueError(f"cannot read the ability {text!r}")
    of = "end" if m["eot"] else ("turn" if m["part"] == "turn" else _part_named(m["part"]))
    # "At end of turn" means every turn's end (today: the beginning of each end step).
    whose = "each" if m["eot"] or m["whose"] != "your" else "your"
    return EffectSpec("at_beginning_of", {"of": of, "whose": whose, **_outcome(text, m["does"])})


_ORDINALS = {"first": 1, "second": 2, "third": 3}


def _part_named(text: str) -> str:
    """A part of the turn an ability names: "upkeep", or "second main phase" (``main_2``: the
    second main phase of the current turn, CR 505.1b)."""
    counted = re.fullmatch(r"(first|second|third) main phase", text.strip(), re.IGNORECASE)
    if counted:
        return f"main_{_ORDINALS[counted[1].lower()]}"
    return parse_part(text).name


def _outcome(text: str, does: str) -> dict[str, str | int]:
    """The catalog parameters for what an ability does: ``does`` and its amount, player or target."""
    for pattern, kind in _DOES:
        d = pattern.fullmatch(does)
        if d:
            params: dict[str, str | int] = {"does": kind}
            groups = [g for g in d.groups() if g is not None]
            if kind == "delayed_gain_life":
                params["player"], params["amount"] = groups[0], int(groups[1])
            elif kind == "damage_target":
                params["amount"], params["target"] = int(groups[0]), groups[1]
            elif kind == "pump_target":
                params["target"], params["amount"] = groups[0], int(groups[1])
            elif kind in ("put_attacking", "put_blocking"):  # and the planeswalker it attacks or the attacker it blocks
                params["card"] = groups[0]
                if len(groups) > 1:
                    params["target"] = groups[1]
            elif kind == "additional_step_after_phase":
                params["step"] = parse_part(groups[0]).name
            elif kind != "sacrifice_this":  # "sacrifice this creature" has no parameter
                params["amount"] = int(groups[0]) if groups else 1
            return params
    raise ValueError(f"cannot read what {text!r} does")
