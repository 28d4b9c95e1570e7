"""python-mtg's game state, read and written in the suite's words (the adapter is
:mod:`checker.adapters.python_mtg`).

python-mtg keeps a game as one dict of relations (sets of tuples, as its Datalog rules read them):
``current_step``, ``active_player``, ``life``, ``in_library`` with ``_lib_order`` (top first), ``in_hand``,
``graveyard``, ``on_battlefield``, ``printed_control``, ``tapped``, ``_sick`` (summoning sickness),
``_land_played``. Its cards are ids such as ``grizzly_bears_6``; the suite's ids stay on this side.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from checker.adapters import install_hint
from checker.contract.interface import EngineFailure

#: python-mtg's steps (its ``step/2`` relation, in order) -> the suite's (phase, step).
STEPS: dict[str, tuple[str, str | None]] = {
    "untap": ("beginning", "untap"),
    "upkeep": ("beginning", "upkeep"),
    "draw": ("beginning", "draw"),
    "precombat_main": ("precombat_main", None),
    "beginning_of_combat": ("combat", "beginning_of_combat"),
    "declare_attackers": ("combat", "declare_attackers"),
    "declare_blockers": ("combat", "declare_blockers"),
    "combat_damage": ("combat", "combat_damage"),
    "end_of_combat": ("combat", "end_of_combat"),
    "postcombat_main": ("postcombat_main", None),
    "end": ("ending", "end"),
    "cleanup": ("ending", "cleanup"),
}
ORDER = list(STEPS)
#: The suite's mana symbols -> python-mtg's colors of mana (its ``floating_mana`` relation: the mana pool, CR 106.4).
COLORS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}
SYMBOLS = {color: symbol for symbol, color in COLORS.items()}


def engine_step(phase: str | None, step: str | None) -> str | None:
    """python-mtg's step at whose beginning the suite's (phase, step) begins, or None if it has none."""
    for name, (p, s) in STEPS.items():
        if p == phase and (s == step or (step is None and s in (None, "untap", "beginning_of_combat", "end"))):
            return name
    return None


def require_mtg() -> tuple[Any, Any]:
    """python-mtg's rules loop (``mtg.driver``) and referee (``mtg.engine.env``), or EngineFailure."""
    try:
        return import_module("mtg.driver"), import_module("mtg.engine.env")
    except ImportError as exc:
        raise EngineFailure(f"python-mtg is not installed or can't be imported ({exc}): {install_hint('mtg')}") from exc


@dataclass(frozen=True)
class Snapshot:
    """What the adapter compares before and after each call into the engine, to report what happened."""

    step: str
    active: str
    life: dict[str, int]
    tapped: frozenset[str]
    zones: dict[str, tuple[str, str]]  # engine card id -> (zone, player)
    attacks: frozenset[str]
    blocks: frozenset[tuple[str, str]]
    loser: str | None
    pools: dict[str, int]  # player -> mana in their pool


def rows(state: dict[str, Any], relation: str) -> Iterable[tuple[Any, ...]]:
    value = state.get(relation) or ()
    return value if isinstance(value, set | frozenset | list | tuple) else ()


def current_step(state: dict[str, Any]) -> str:
    return str(next(iter(state["current_step"]))[0])


def active_player(state: dict[str, Any]) -> str:
    return str(next(iter(state["active_player"]))[0])


def owners(state: dict[str, Any]) -> dict[str, str]:
    """Each card's player, by python-mtg's ``printed_control`` (its graveyard's owner too)."""
    return {str(c): str(p) for (p, c) in rows(state, "printed_control")}


def snapshot(state: dict[str, Any]) -> Snapshot:
    owner = owners(state)
    zones: dict[str, tuple[str, str]] = {}
    for p, c in rows(state, "in_library"):
        zones[c] = ("library", p)
    for p, c in rows(state, "in_hand"):
        zones[c] = ("hand", p)
    for (c,) in rows(state, "graveyard"):
        zones[c] = ("graveyard", owner.get(c, ""))
    for (c,) in rows(state, "exile"):
        zones[c] = ("exile", owner.get(c, ""))
    for (c,) in rows(state, "on_battlefield"):
        zones[c] = ("battlefield", owner.get(c, ""))
    return Snapshot(
        current_step(state),
        active_player(state),
        {str(p): int(n) for (p, n) in rows(state, "life")},
        frozenset(str(c) for (c,) in rows(state, "tapped")),
        zones,
        frozenset(str(a) for (a, _d) in rows(state, "attacks")),
        frozenset((str(b), str(a)) for (b, a) in rows(state, "blocks")),
        state.get("_loser"),
        pools(state),
    )


def pools(state: dict[str, Any]) -> dict[str, int]:
    """How much mana is in each player's pool (python-mtg's ``floating_mana``: mana produced and not yet spent)."""
    amounts: dict[str, int] = {}
    for p, _color, n in rows(state, "floating_mana"):
        amounts[str(p)] = amounts.get(str(p), 0) + int(n)
    return amounts
