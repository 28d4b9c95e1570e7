"""Card definitions for phase.rs, written for this suite, and the cached card-data JSON built from them.

phase.rs reads its cards from a ``card-data.json`` that its own generator builds from MTGJSON; that
data isn't shipped here. Instead every card a scenario uses is written below as an MTGJSON-shaped
dict (an ``AtomicCard``) whose rules text expresses the card's catalog effects, in words phase.rs's
oracle parser understands, and turned into card faces with ``phase.build_oracle_face``. The faces of
one card set are cached as JSON under the user's cache directory (``$XDG_CACHE_HOME`` or
``~/.cache``; not with ``TURNCHECK_NO_CACHE`` set, nor where it can't be written).
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from checker.contract.cards import POINTS_OF_COMBAT
from checker.contract.documents import write_whole
from checker.contract.interface import CardSpec, EffectSpec, UnsupportedError

#: Basic land types by the mana symbol they tap for.
_BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
_KEYWORDS = {
    "enchant": "Enchant",
    "haste": "Haste",
    "first_strike": "First strike",
    "double_strike": "Double strike",
    "phasing": "Phasing",
}
_NUMBERS = {1: "a card", 2: "two cards", 3: "three cards", 4: "four cards"}
_PARTS = {
    "upkeep": "upkeep",
    "draw": "draw step",
    "end": "end step",
    "precombat_main": "precombat main phase",
    "postcombat_main": "postcombat main phase",
    "beginning_of_combat": "combat",
}
#: The points of combat (CR 506.7) as card text says them, by the suite's names.
_COMBAT_POINTS = {point: words for words, point in POINTS_OF_COMBAT.items()}
#: How long a pump lasts -> the words phase.rs reads as that duration ("until the beginning of the next upkeep":
#: its UntilNextStepOf Upkeep, of any player's turn).
_PUMP_UNTIL = {"end_of_turn": "until end of turn", "upkeep": "until the beginning of the next upkeep"}
_SKIPPABLE = {"draw": "draw step", "combat": "combat phase", "upkeep": "upkeep step", "untap": "untap step"}

#: Catalog entries this module writes rules text for; the adapter declares the verified ones.
MAPPED_EFFECTS = frozenset(
    {
        "haste",
        "first_strike",
        "double_strike",
        "regenerate",
        "at_beginning_of",
        "upkeep_cost",
        "additional_draw",
        "additional_land",
        "doesnt_untap",
        "may_not_untap",
        "untap_limit",
        "untap_ability",
        "must_attack",
        "pump",
        "damage",
        "draw_cards",
        "gain_control",
        "tap",
        "extra_turn",
        "additional_combat",
        "skip_spell",
        "players_skip",
        "no_maximum_hand_size",
        "phasing",
        "turn_power_bonus",
        "whenever",
        "enchant",
        "cant_block",
        "must_be_blocked",
        "cant_attack_or_block_alone",
        "gain_life",
        "cast_only",
        "state_trigger",
        "chapter",
        "end_the_turn",
        "end_the_combat",
        "additional_step",
        "skip_then",
        "attack_tax",
        "block_tax",
        "combat_pump",
    }
)


def _trigger_text(e: EffectSpec, name: str) -> str:
    p = e.params
    _not_aimed(p)
    of = str(p.get("of", "upkeep"))
    whose = str(p.get("whose", "your"))
    if of == "end":
        when = "At the beginning of the end step" if whose != "your" else "At the beginning of your end step"
    elif of == "end_of_combat":
        # phase.rs reads "at end of combat" as its EndCombat step ("on your turn": OnlyDuringYourTurn), but "at the
        # beginning of the end of combat step" as the beginning of combat (verified with phase.build_oracle_face).
        when = "At end of combat on your turn" if whose == "your" else "At end of combat"
    elif of == "beginning_of_combat":
        when = "At the beginning of combat on your turn" if whose == "your" else "At the beginning of each combat"
    elif of == "main" and whose == "your":
        # phase.rs: a trigger on every part's beginning (no phase), constrained to its controller's main phases.
        when = "At the beginning of each of your main phases"
    elif of == "main_2" and whose == "your":
        # phase.rs reads "second main phase" as its PostCombatMain (verified with phase.build_oracle_face).
        when = "At the beginning of your second main phase"
    elif of in _PARTS:
        when = f"At the beginning of {'your' if whose == 'your' else 'each player' + chr(39) + 's'} {_PARTS[of]}"
    else:
        # Verified: "at the beginning of your untap step" and "of your turn" parse as triggers on every part of the
        # turn's beginning (no phase); "of each player's second main phase" isn't read.
        raise UnsupportedError(f"phase.rs adapter: no rules text for an ability at the beginning of {of!r}")
    return f"{when}, {_outcome_text(p, name)}."


def _not_aimed(p: Mapping[str, Any]) -> None:
    """A triggered ability aimed at a permanent by name isn't written: phase.rs's card text aims at targets,
    chosen as the ability is put on the stack, which a permanent named on the card isn't (CR 115.1)."""
    if p.get("does") in {"put_attacking", "put_blocking"}:
        _outcome_text(p, "")
    if "target" in p or p.get("does") in {"pump_target", "damage_target"}:
        raise UnsupportedError("phase.rs adapter: triggered abilities aimed at a named permanent are not mapped")


def _outcome_text(p: Mapping[str, Any], name: str) -> str:
    """What a triggered ability does, in words phase.rs's parser reads."""
    does = str(p["does"])
    amount = int(p.get("amount", 1))
    match does:
        case "gain_life":
            return f"you gain {amount} life"
        case "lose_life":
            return f"you lose {amount} life"
        case "draw":
            return f"you draw {_NUMBERS.get(amount, f'{amount} cards')}"
        case "damage_you":
            return f"{name} deals {amount} damage to you"
        case "defending_player_loses_life":
            return f"defending player loses {amount} life"
        case "additional_step_after_phase":
            step = str(p.get("step", "upkeep"))
            if step not in {"upkeep", "draw"}:
                raise UnsupportedError(f"phase.rs adapter: no rules text for an additional {step!r} step")
            return f"you get an additional {step} step after this phase"
        case "delayed_gain_life":
            # The player named is the ability's controller: the adapter checks it (phase_rs.PhaseAdapter.start).
            return f"you gain {amount} life at the beginning of the next end step"
        case "put_attacking" if "target" not in p:
            # phase.rs reads "a card named Sentinel" as the card in hand of that name (a ChangeZone from the hand,
            # enters_attacking); "you put Sentinel from your hand ..." loses the name (its target: the controller).
            return f"you put a card named {p['card']} from your hand onto the battlefield tapped and attacking"
        case "put_attacking" | "put_blocking":
            # Verified: "... tapped and attacking Jace Beleren" loses the planeswalker, and "... blocking Raider" the
            # block (a plain ChangeZone from the hand, neither attacking nor blocking).
            raise UnsupportedError(
                "phase.rs's parser drops what a card put onto the battlefield attacks or blocks "
                "('... attacking <planeswalker>', '... blocking <creature>')"
            )
    raise UnsupportedError(f"phase.rs adapter: no rules text for {does!r}")


#: The suite's ``whenever`` events -> how a card says them; ``{}`` is the card's name.
_WHENEVER = {
    "attacks": "Whenever {} attacks",
    "blocks": "Whenever {} blocks",
    "blocks_a_creature": "Whenever {} blocks a creature",
    "becomes_blocked": "Whenever {} becomes blocked",
    "attacks_and_isnt_blocked": "Whenever {} attacks and isn't blocked",
    "deals_combat_damage": "Whenever {} deals combat damage",
    "you_attack": "Whenever you attack",
    "you_are_attacked": "Whenever an opponent attacks you",
    "becomes_unattached": "Whenever {} becomes unattached from a permanent",
}
_ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI"}

#: ``whenever`` events phase.rs's parser reads as another one (verified with ``phase.build_oracle_face``: the
#: same trigger mode, nothing kept of the difference), so the card would trigger where it mustn't.
_WHENEVER_LOST = {
    "becomes_blocked_by_a_creature": "'becomes blocked by a creature' (once per blocker) as 'becomes blocked'",
    "becomes_blocked_by_two_or_more_creatures": "'becomes blocked by two or more creatures' as 'becomes blocked'",
}


def _whenever_text(e: EffectSpec, name: str) -> str:
    p = e.params
    event = str(p.get("event"))
    if event in _WHENEVER_LOST:
        raise UnsupportedError(f"phase.rs's parser reads {_WHENEVER_LOST[event]}")
    _not_aimed(p)
    if event == "a_creature_with_power_blocks":
        when = f"Whenever a creature with power {int(p['power'])} or greater blocks"
    elif event in _WHENEVER:
        when = _WHENEVER[event].format(name)
    else:
        raise UnsupportedError(f"phase.rs adapter: no rules text for 'whenever' {event!r}")
    return f"{when}, {_outcome_text(p, name)}."


def _effect_text(e: EffectSpec, name: str) -> str:
    """Rules text (our own wording of the card's ability) for one catalog entry."""
    p = e.params
    match e.key:
        case "haste":
            return "Haste"
        case "first_strike":
            return "First strike"
        case "double_strike":
            return "Double strike"
        case "phasing":
            return "Phasing"
        case "enchant":
            return f"Enchant {p.get('what', 'creature')}"
        case "regenerate":
            return f"{p.get('cost', '{B}')}: Regenerate {name}."
        case "at_beginning_of":
            return _trigger_text(e, name)
        case "whenever":
            return _whenever_text(e, name)
        case "chapter":
            _not_aimed(p)
            return f"{_ROMAN[int(p['chapter'])]} — {_outcome_text(p, name)}."
        case "upkeep_cost":
            return f"At the beginning of your upkeep, sacrifice {name} unless you pay {p['cost']}."
        case "additional_draw":
            return "At the beginning of each player's draw step, that player draws an additional card."
        case "additional_land":
            return "You may play an additional land on each of your turns."
        case "doesnt_untap":
            return f"{name} doesn't untap during your untap step."
        case "may_not_untap":
            return f"You may choose not to untap {name} during your untap step."
        case "untap_limit":
            if int(p.get("count", 1)) != 1:
                raise UnsupportedError("phase.rs adapter: an untap limit other than one land")
            return f"As long as {name} is untapped, players can't untap more than one land during their untap steps."
        case "untap_ability":
            return f"{p.get('cost', '{0}')}: Untap {name}. Activate only during your upkeep."
        case "must_attack":
            return f"{name} attacks each combat if able."
        case "pump":
            until = str(p.get("until", "end_of_turn"))
            if until not in _PUMP_UNTIL:
                # Verified: "until the beginning of the next combat phase" and "until end of your upkeep" parse with
                # no duration at all. "until end of combat" parses (UntilEndOfCombat), but phase.rs reports no event
                # as an effect ends, so the adapter could not say where its end falls against the combat phase's.
                raise UnsupportedError(
                    "phase.rs adapter: a pump lasting other than until end of turn or next upkeep (phase.rs parses "
                    "other durations with none, or, for end of combat, reports no event as the effect ends)"
                )
            return f"Target creature gets +{p.get('power', 0)}/+{p.get('toughness', 0)} {_PUMP_UNTIL[until]}."
        case "damage":
            return f"{name} deals {p['amount']} damage to any target."
        case "draw_cards":
            return f"Draw {_NUMBERS.get(int(p.get('amount', 1)), str(p.get('amount')) + ' cards')}."
        case "gain_control":
            # The catalog's entry has no duration: the control change lasts (CR 611.2a: an indefinite effect).
            return "Gain control of target permanent."
        case "tap":
            return "Tap target permanent."
        case "extra_turn":
            if int(p.get("targets", 0)):
                return "Target player takes an extra turn after this one."
            return "Take an extra turn after this one."
        case "additional_combat":
            return "After this main phase, there is an additional combat phase followed by an additional main phase."
        case "skip_spell":
            what = str(p["what"])
            if what not in _SKIPPABLE:
                raise UnsupportedError(f"phase.rs adapter: skipping {what!r}")
            return f"Target player skips their next {_SKIPPABLE[what]}."
        case "players_skip":
            what = str(p["what"])
            if what not in _SKIPPABLE:
                raise UnsupportedError(f"phase.rs adapter: skipping {what!r}")
            if str(p.get("whose", "your")) == "your":
                return f"Skip your {_SKIPPABLE[what]}."
            return f"Players skip their {_SKIPPABLE[what]}s."
        case "no_maximum_hand_size":
            return "You have no maximum hand size."
        case "cant_block":
            return f"{name} can't block."
        case "must_be_blocked":
            return f"All creatures able to block {name} do so."
        case "cant_attack_or_block_alone":
            return f"{name} can't attack or block alone."
        case "gain_life":
            return f"You gain {int(p.get('amount', 1))} life."
        case "end_the_turn":
            return "End the turn."
        case "end_the_combat":
            return "End the combat phase."
        case "additional_step":
            if str(p.get("step", "upkeep")) != "upkeep":
                raise UnsupportedError(f"phase.rs adapter: no rules text for an additional {p.get('step')!r} step")
            return "At the beginning of your first upkeep each turn, you get an additional upkeep step after this step."
        case "skip_then":
            return f"{_skip_text(str(p['what']))}, then {_outcome_text(p, name)}."
        case "attack_tax":
            return (
                f"Creatures can't attack you unless their controller pays {p['cost']} for each creature they "
                "control that's attacking you."
            )
        case "block_tax":
            return (
                f"Creatures can't block unless their controller pays {p['cost']} for each blocking creature they "
                "control."
            )
        case "cast_only":
            return f"Cast this spell only {_COMBAT_POINTS[str(p['when'])]}."
        case "combat_pump":
            n = int(p.get("amount", 1))
            when = _COMBAT_POINTS[str(p["when"])]
            return f"{p.get('cost', '{0}')}: {name} gets +{n}/+{n} until end of turn. Activate only {when}."
        case "state_trigger":
            if p.get("state") == "no_other_creatures":
                when = "When you control no other creatures"
            else:
                when = f"When you have {int(p['life'])} or less life"
            does = f"sacrifice {name}" if p.get("does") == "sacrifice_this" else _outcome_text(p, name)
            return f"{when}, {does}."
        case "turn_power_bonus":
            return (
                "As long as it's your turn, creatures you control get +2/+0. "
                "As long as it's not your turn, creatures you control get -0/-2."
            )
    raise UnsupportedError(f"phase.rs adapter: catalog effect {e.key!r} is not mapped onto phase.rs")


def _skip_text(what: str) -> str:
    """ "Skip your next turn" or "... upkeep step": phase.rs reads them as its SkipNextTurn and SkipNextStep."""
    if what == "turn":
        return "Skip your next turn"
    if what not in _SKIPPABLE:
        raise UnsupportedError(f"phase.rs adapter: skipping {what!r}")
    return f"Skip your next {_SKIPPABLE[what]}"


def definition(spec: CardSpec) -> dict[str, Any]:
    """The MTGJSON ``AtomicCard``-shaped dict of a card, its rules text written from its catalog effects."""
    if "battle" in spec.types:
        # Verified: Siege Golem, a battle creature put onto the battlefield, went at once to the graveyard (ZoneChanged
        # Battlefield -> Graveyard): the suite's cards carry no defense, and phase.rs's battle then has none.
        raise UnsupportedError(
            f"the suite's battles have no defense: phase.rs puts {spec.name}, with none, into the graveyard"
        )
    types = [t.capitalize() for t in spec.types]
    supertypes = [t.capitalize() for t in spec.supertypes]
    subtypes = list(spec.subtypes)
    lines = [_effect_text(e, spec.name) for e in spec.effects]
    if spec.produces:
        basic = _BASICS.get(spec.produces)
        if basic is not None and spec.name == basic:
            supertypes, subtypes = ["Basic"], [basic]
        lines.insert(0, f"({{T}}: Add {{{spec.produces}}}.)")
    type_line = " ".join([*supertypes, *types])
    if subtypes:
        type_line += " — " + " ".join(subtypes)
    d: dict[str, Any] = {
        "layout": "normal",
        "identifiers": {},
        "legalities": {},
        "printings": [],
        "colors": [],
        "colorIdentity": [],
        "manaValue": 0,
        "supertypes": supertypes,
        "subtypes": subtypes,
        "keywords": [_KEYWORDS[e.key] for e in spec.effects if e.key in _KEYWORDS],
        "name": spec.name,
        "manaCost": spec.cost,
        "types": types,
        "text": "\n".join(lines),
        "type": type_line,
    }
    if spec.power is not None:
        d["power"], d["toughness"] = str(spec.power), str(spec.toughness)
    return d


def _parsed(face: Mapping[str, Any]) -> bool:
    """Whether phase.rs understood the rules text: something parsed, and nothing left unimplemented."""
    text = json.dumps(face)
    if "Unimplemented" in text or "unimplemented" in text:
        return False
    # A trigger whose event phase.rs didn't recognise: {"mode": {"Unknown": "<the words>"}}.
    if any(isinstance(t.get("mode"), dict) and "Unknown" in t["mode"] for t in face.get("triggers") or []):
        return False
    return any(face.get(k) for k in ("abilities", "triggers", "static_abilities", "replacements", "keywords"))


def phase_module() -> Any:
    """The ``phase`` package (the optional extra), imported by name so that type checking and
    everything else work without it; ``None`` when it isn't installed."""
    try:
        return importlib.import_module("phase")
    except ImportError:
        return None


def build_face(spec: CardSpec) -> dict[str, Any]:
    face: dict[str, Any] = phase_module().build_oracle_face(definition(spec), None)
    restricted = any(e.key == "cast_only" for e in spec.effects)
    if ((spec.effects or spec.produces) and not _parsed(face)) or (restricted and not face.get("casting_restrictions")):
        raise UnsupportedError(
            f"phase.rs can't parse the rules text written for {spec.name}: {definition(spec)['text']!r}"
        )
    return face


def _cache_dir() -> Path | None:
    """Where card data is kept between runs; None with ``TURNCHECK_NO_CACHE`` set, as for the suite's
    own cache."""
    if os.environ.get("TURNCHECK_NO_CACHE"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "turncheck-phase"


def card_data_json(specs: Iterable[CardSpec]) -> str:
    """The card-data JSON (lower-case name -> face) of these cards, generated once and cached on disk
    (the cache only saves time: where it can't be read or written, the data is generated)."""
    unique = {s.name: s for s in specs}
    key_src = json.dumps([definition(unique[n]) for n in sorted(unique)], sort_keys=True)
    version = _phase_version()
    digest = hashlib.sha256(f"{version}\n{key_src}".encode()).hexdigest()[:24]
    where = _cache_dir()
    path = None if where is None else where / f"card-data-{digest}.json"
    if path is not None:
        try:
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            pass
    data = {name.lower(): build_face(spec) for name, spec in unique.items()}
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    if path is not None:
        with contextlib.suppress(OSError):
            write_whole(path, text.encode("utf-8"))
    return text


def _phase_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("phase-python")
    except PackageNotFoundError:
        return "unknown"
