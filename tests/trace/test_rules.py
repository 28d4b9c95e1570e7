"""Each check, with a trace that breaks it and one that satisfies it."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.contract.interface import DecisionView, GameEvent, PassPriority, StackItemView
from checker.trace.check import CHECKS, Status, TraceResult, check_trace
from checker.trace.format import Header, Observation, Start, TraceWriter, open_trace

# Small traces written tersely: Writing small traces tersely, so that a test reads like the rule it checks.


def write(path: Path, edition: str, script: list[str], start: Start | None = None) -> Path:
    header = Header.new(edition, ["Alice", "Bob"], "test", "0", starting_player="Alice", start=start)
    turn, active = (start.turn_number, start.active_player) if start else (0, "Alice")
    with TraceWriter(path, header) as trace:
        for line in script:
            words = line.split()
            head, rest = words[0], words[1:]
            if head == "turn":
                active, turn = rest[0], int(rest[1])
                trace.event(GameEvent("turn_began", turn, active, amount=turn))
            elif head in ("phase", "step"):
                trace.event(GameEvent(f"{head}_began", turn, active, rest[0]))
            elif head == "end":
                what = rest[0]
                trace.event(GameEvent(f"{what}_ended", turn, active, rest[1] if len(rest) > 1 else None, turn))
            elif head == "pass":
                trace.action(PassPriority(rest[0]))
                trace.event(GameEvent("priority_passed", turn, rest[0]))
            elif head == "priority":
                trace.observation(Observation(decision=DecisionView("priority", rest[0])))
            elif head == "stack":
                items = tuple(StackItemView("Shock", active, "spell") for _ in range(int(rest[0])))
                trace.observation(Observation(stack=items))
            else:
                amount = int(rest[1]) if len(rest) > 1 and rest[1].lstrip("-").isdigit() else None
                subject = rest[2] if len(rest) > 2 else None
                trace.event(GameEvent(head, turn, rest[0] if rest else None, subject, amount))
    return path


def check(tmp_path: Path, edition: str, script: list[str], name: str, start: Start | None = None) -> Status:
    """The status of one check over the trace the script writes."""
    result: TraceResult = check_trace(open_trace(write(tmp_path / "t.jsonl", edition, script, start)))
    return next(r.status for r in result.results if r.check == name)


def passes(*players: str) -> list[str]:
    return [f"pass {p}" for p in players]


UPKEEP = Start(2, "Alice", "beginning", "upkeep")

# name, edition, a trace that satisfies the rule, one that breaks it, where the trace starts
CASES = [
    (
        "priority.ends-when-all-pass",
        "cr2024",
        ["step upkeep", *passes("Alice", "Bob"), "end step upkeep"],
        ["step upkeep", *passes("Alice"), "end step upkeep"],
        UPKEEP,
    ),
    (
        "priority.active-player-first",
        "cr2024",
        ["step upkeep", "priority Alice", *passes("Alice", "Bob"), "end step upkeep"],
        ["step upkeep", "priority Bob", *passes("Bob", "Alice"), "end step upkeep"],
        UPKEEP,
    ),
    (
        "priority.next-player-after-a-pass",
        "cr2024",
        ["step upkeep", *passes("Alice"), "priority Bob"],
        ["step upkeep", *passes("Alice"), "priority Alice"],
        UPKEEP,
    ),
    (
        "priority.ends-with-empty-stack",
        "cr2024",
        ["step upkeep", "stack 0", *passes("Alice", "Bob"), "end step upkeep"],
        ["step upkeep", "stack 1", *passes("Alice", "Bob"), "end step upkeep"],
        UPKEEP,
    ),
    (
        "priority.none-in-the-untap-step",
        "cr2024",
        ["turn Alice 2", "phase beginning", "step untap", "untapped Alice 1", "end step untap"],
        ["turn Alice 2", "phase beginning", "step untap", *passes("Alice"), "end step untap"],
        None,
    ),
    (
        "turn.numbered-one-by-one",
        "cr2024",
        ["turn Alice 2", "end turn", "turn Bob 3"],
        ["turn Alice 2", "end turn", "turn Bob 5"],
        None,
    ),
    (
        "turn.next-player-in-turn-order",
        "cr2024",
        ["turn Alice 2", "end turn", "turn Bob 3"],
        ["turn Alice 2", "end turn", "turn Alice 3"],
        None,
    ),
    (
        "turn.extra-turns-most-recent-first",
        "cr2024",
        ["turn Alice 2", "extra_turn_added Bob", "extra_turn_added Alice", "end turn", "turn Alice 3"],
        ["turn Alice 2", "extra_turn_added Bob", "extra_turn_added Alice", "end turn", "turn Bob 3"],
        None,
    ),
    (
        "phases.in-order",
        "cr2024",
        ["turn Alice 2", "phase beginning", "end phase beginning", "phase precombat_main"],
        ["turn Alice 2", "phase beginning", "end phase beginning", "phase combat"],
        None,
    ),
    (
        "phases.steps-in-order",
        "cr2024",
        ["turn Alice 2", "phase beginning", "step untap", "end step untap", "step upkeep"],
        ["turn Alice 2", "phase beginning", "step untap", "end step untap", "step draw"],
        None,
    ),
    (
        "draw.starting-player-skips-the-first-draw-step",
        "cr2024",
        ["turn Alice 1", "phase beginning", "step_skipped Alice 0 draw"],
        ["turn Alice 1", "phase beginning", "step draw"],
        None,
    ),
    (
        "draw.active-player-draws-before-priority",
        "cr2024",
        ["turn Alice 3", "phase beginning", "step draw", "card_drawn Alice", "priority Alice"],
        ["turn Alice 3", "phase beginning", "step draw", "priority Alice"],
        None,
    ),
    (
        "mana.no-burn-2024",
        "cr2024",
        ["step upkeep", "mana_emptied Alice 2"],
        ["step upkeep", "mana_emptied Alice 2", "mana_burned Alice 2"],
        UPKEEP,
    ),
    (
        "mana.burn",
        "cr2008",
        ["step upkeep", "mana_emptied Alice 2", "mana_burned Alice 2", "end phase beginning"],
        ["step upkeep", "mana_emptied Alice 2", "end phase beginning", "phase precombat_main"],
        UPKEEP,
    ),
    (
        "mana.kept-between-steps-2008",
        "cr2008",
        ["step upkeep", "end step upkeep", "step draw", "end step draw", "mana_emptied Alice 1", "end phase beginning"],
        ["step upkeep", "mana_emptied Alice 1", "end step upkeep"],
        UPKEEP,
    ),
    (
        "state_based.drawing-from-an-empty-library-loses",
        "cr2024",
        ["step upkeep", "draw_from_empty_library Alice", "player_lost Alice", "game_over Bob"],
        ["step upkeep", "draw_from_empty_library Alice", "priority Alice"],
        UPKEEP,
    ),
    (
        "combat.no-attackers-skips-blockers-and-damage",
        "cr2024",
        ["phase combat", "step declare_attackers", "attackers_declared Alice 0", "step end_of_combat"],
        ["phase combat", "step declare_attackers", "attackers_declared Alice 0", "step declare_blockers"],
        Start(2, "Alice", "combat"),
    ),
    (
        "ending.damage-wears-off-in-cleanup",
        "cr2024",
        ["phase ending", "step cleanup", "damage_removed Alice 2 Bears"],
        ["phase ending", "step end", "damage_removed Alice 2 Bears"],
        Start(2, "Alice", "ending"),
    ),
    (
        "five_part_phases.mana-burn-after-the-main-body",
        "mirage",
        ["phase upkeep", *passes("Alice", "Bob"), "mana_burned Alice 1", "end phase upkeep"],
        ["phase upkeep", "mana_burned Alice 1", *passes("Alice", "Bob"), "end phase upkeep"],
        Start(2, "Alice", "upkeep"),
    ),
]


@pytest.mark.parametrize(("name", "edition", "keeps", "breaks", "start"), CASES, ids=[c[0] for c in CASES])
def test_a_check_passes_the_rule_kept_and_names_the_rule_broken(
    tmp_path: Path, name: str, edition: str, keeps: list[str], breaks: list[str], start: Start | None
) -> None:
    assert check(tmp_path, edition, keeps, name, start) is Status.PASSED
    assert check(tmp_path, edition, breaks, name, start) is Status.VIOLATED


def test_a_check_without_its_data_is_not_checked(tmp_path: Path) -> None:
    script = ["step upkeep", *passes("Alice", "Bob"), "end step upkeep"]
    assert check(tmp_path, "cr2024", script, "priority.ends-with-empty-stack", UPKEEP) is Status.NOT_CHECKED


def test_every_check_cites_known_rulings() -> None:
    import checker.trace.rules  # noqa: F401
    from checker.contract.rulings import rulings

    known = set(rulings())
    assert len(CHECKS) >= 40
    for cls in CHECKS.values():
        assert cls.rules and set(cls.rules) <= known, cls.name
