"""A played game written as a scenario in the suite's step vocabulary (``docs/steps.md``).

The scenario starts from the game's position (its Given steps give every card the id it had),
takes the game's actions one When step each ("Alice tries to ..." for one the engine refused),
and ends with the rules checker's verdict on the game: run with ``turncheck certify`` or pytest
against an engine, it fails where the engine breaks a rule. Where the vocabulary can't say an
action, :func:`scenario` returns None, and the set-up and action list stand for the game.
"""

from __future__ import annotations

from collections.abc import Sequence

from checker.contract.interface import (
    Action,
    ActivateAbility,
    ActivateManaAbility,
    CastSpell,
    ChooseDiscard,
    ChoosePlayOrDraw,
    ChooseSkipTurn,
    ChooseUntap,
    DeclareAttackers,
    DeclareBlockers,
    OrderTriggers,
    PassPriority,
    PayUpkeep,
    PlayLand,
)
from checker.explore.position import Position

WATCH = "the rules checker watches the game"
VERDICT = "the rules checker finds no violation in the game"


def _list(names: Sequence[str]) -> str | None:
    """Names as a step lists them, or None if one of them can't be read back as a name."""
    if any("," in n or " and " in n or not n for n in names):
        return None
    return ", ".join(names) if names else "nothing"


def _blocks(blocks: Sequence[tuple[str, str]]) -> str | None:
    by_attacker: dict[str, list[str]] = {}
    for blocker, attacker in blocks:
        by_attacker.setdefault(attacker, []).append(blocker)
    clauses = []
    for attacker, blockers in by_attacker.items():
        listed = _list(blockers)
        if listed is None or _list([attacker]) is None or ";" in attacker:
            return None
        clauses.append(f"{attacker} with {listed}")
    return "; ".join(clauses)


def _said(action: Action) -> tuple[str, str] | None:
    """What the player does, in the third person and after "tries to"; None if unsayable."""
    match action:
        case PassPriority():
            return "passes priority", "pass priority"
        case PlayLand(card=card):
            return f"plays {card}", f"play {card}"
        case CastSpell(card=card, targets=targets):
            aim = f" targeting {' and '.join(targets)}" if targets else ""
            return f"casts {card}{aim}", f"cast {card}{aim}"
        case ActivateManaAbility(permanent=p):
            return f"taps {p} for mana", f"tap {p} for mana"
        case ActivateAbility(permanent=p):
            return f"activates {p}", f"activate {p}"
        case DeclareAttackers(attackers=attackers, optional_costs=(), attacked=()):
            if not attackers:
                return "declares no attackers", "declare no attackers"
            listed = _list(attackers)
            return None if listed is None else (f"attacks with {listed}", f"attack with {listed}")
        case DeclareBlockers(blocks=blocks):
            if not blocks:
                return "declares no blockers", "declare no blockers"
            said = _blocks(blocks)
            return None if said is None else (f"blocks {said}", f"block {said}")
        case ChooseUntap(permanents=perms):
            listed = _list(perms)
            return None if listed is None else (f"chooses to untap {listed}", f"choose to untap {listed}")
        case ChooseDiscard(cards=cards):
            listed = _list(cards)
            return None if listed is None else (f"discards {listed}", f"discard {listed}")
        case ChoosePlayOrDraw(play_first=first):
            which = "play first" if first else "draw first"
            return f"chooses to {which}", f"choose to {which}"
        case ChooseSkipTurn(skip=skip):
            which = "skip their turn" if skip else "take their turn"
            return f"chooses to {which}", f"choose to {which}"
        case PayUpkeep(pay=pay):
            return (
                ("pays the upkeep cost", "pay the upkeep cost")
                if pay
                else (
                    "declines to pay the upkeep cost",
                    "decline to pay the upkeep cost",
                )
            )
        case OrderTriggers(order=order):
            listed = _list(order)
            return None if listed is None else (f"orders their abilities to resolve: {listed}",) * 2
    return None


def when_step(action: Action, refused: bool) -> str | None:
    said = _said(action)
    if said is None:
        return None
    return f"{action.player} tries to {said[1]}" if refused else f"{action.player} {said[0]}"


def scenario(position: Position, actions: Sequence[tuple[Action, bool]], title: str) -> str | None:
    """The game as a feature file's text; ``actions``: each action and whether it was refused."""
    whens = [when_step(a, refused) for a, refused in actions]
    if any(w is None for w in whens):
        return None
    givens = [WATCH, *position.given()]
    lines = [f"@edition:{position.edition}", "Feature: Found by turncheck explore", "", f"  Scenario: {title}"]
    lines += [f"    {'Given' if i == 0 else 'And'} {g}" for i, g in enumerate(givens)]
    lines += [f"    {'When' if i == 0 else 'And'} {w}" for i, w in enumerate(whens)]
    lines.append(f"    Then {VERDICT}")
    return "\n".join(lines) + "\n"
