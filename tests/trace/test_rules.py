"""Each check, with a trace that breaks it and one that satisfies it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from checker.contract.interface import DecisionView, GameEvent, PassPriority, PermanentView, StackItemView
from checker.trace.check import CHECKS, check_trace
from checker.trace.files import open_trace
from checker.trace.format import Header, Observation, PlayerObservation, Start
from checker.trace.results import Status, TraceResult
from checker.trace.writer import TraceWriter

# Small traces written tersely, so that a test reads like the rule it checks. A line is a word
# and its arguments: "turn Alice 2", "phase combat", "step upkeep", "end step upkeep", "end turn",
# "pass Alice" (the action and its event), "priority Alice" and "stack 2" (observations), "view"
# and clauses separated by ";" (one observation: "view priority Alice; life Bob 0"), or any event:
# "<kind> <player> <amount> <subject> key=value...", "-" for a field left out ("_" in a value is a space).


def _permanent(name: str, controller: str, **fields: Any) -> PermanentView:
    return replace(PermanentView(name, name, controller, controller, False, 0, False, False, 2, 2), **fields)


def _view(clauses: str, active: str) -> Observation:
    fields: dict[str, object] = {}
    players: dict[str, dict[str, object]] = {}
    battlefield: list[PermanentView] = []
    keywords: dict[str, tuple[str, ...]] = {}
    for clause in clauses.split(";"):
        head, *args = clause.split()
        if head in ("priority", "discard"):
            fields["decision"] = DecisionView(head, args[0], count=int(args[1]) if len(args) > 1 else 0)
        elif head == "stack":
            fields["stack"] = tuple(StackItemView("Shock", active, "spell") for _ in range(int(args[0])))
        elif head in ("life", "poison", "hand_size"):
            players.setdefault(args[0], {})[head] = int(args[1])
        elif head == "pool":
            players.setdefault(args[0], {})["mana_pool"] = {"R": int(args[1])}
        elif head == "permanent":
            battlefield.append(_permanent(args[0], active))
        elif head == "damaged":
            battlefield.append(_permanent(args[0], active, damage=int(args[1])))
        elif head == "attacking":
            battlefield.append(_permanent(args[0], active, attacking=True))
        elif head == "keywords":  # the view says which permanents have first or double strike
            fields["keywords"] = keywords
        elif head in ("first_strike", "double_strike"):
            keywords[args[0]] = (head,)
            fields["keywords"] = keywords
        else:
            raise ValueError(f"unknown view clause {clause!r}")
    if players:
        fields["players"] = tuple(PlayerObservation(name, **seen) for name, seen in players.items())  # type: ignore[arg-type]
    if battlefield:
        fields["battlefield"] = tuple(battlefield)
    return Observation(**fields)  # type: ignore[arg-type]


def _event(head: str, rest: list[str], turn: int) -> GameEvent:
    detail = {k: v.replace("_", " ") for k, _, v in (w.partition("=") for w in rest if "=" in w)}
    words = [None if w == "-" else w for w in rest if "=" not in w] + [None, None, None]
    amount = int(words[1]) if words[1] is not None else None
    return GameEvent(head, turn, words[0], words[2], amount, detail)


def write(path: Path, edition: str, script: list[str], start: Start | None = None) -> Path:
    header = Header.new(edition, ["Alice", "Bob"], "test", "0", starting_player="Alice", start=start)
    turn, active = (start.turn_number, start.active_player) if start else (0, "Alice")
    with TraceWriter(path, header) as trace:
        for line in script:
            head, _, tail = line.partition(" ")
            rest = tail.split()
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
            elif head == "refused-pass":
                trace.action(PassPriority(rest[0]), refused="not now")
            elif head in ("priority", "stack", "view"):
                trace.observation(_view(tail if head == "view" else line, active))
            else:
                trace.event(_event(head, rest, turn))
    return path


def check(tmp_path: Path, edition: str, script: list[str], name: str, start: Start | None = None) -> Status:
    """The status of one check over the trace the script writes."""
    result: TraceResult = check_trace(open_trace(write(tmp_path / "t.jsonl", edition, script, start)))
    return next(r.status for r in result.results if r.check == name)


def passes(*players: str) -> list[str]:
    return [f"pass {p}" for p in players]


UPKEEP = Start(2, "Alice", "beginning", "upkeep")
COMBAT = Start(2, "Alice", "combat")
CLEANUP = Start(2, "Alice", "ending", "cleanup")
ATTACK = ["phase combat", "step declare_attackers", "attackers_declared Alice 1", "end step declare_attackers"]
DAMAGE_STEP = ["step combat_damage", "end step combat_damage"]
END_OF_COMBAT = ["end step combat_damage", "step end_of_combat"]
CLEANUP_PRIORITY = ["step cleanup", "triggered Alice - Hourglass", *passes("Alice", "Bob"), "end step cleanup"]
UNTAP = ["turn Alice 2", "phase beginning", "step untap"]

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
        "priority.passing-is-always-allowed",
        "cr2024",
        ["step upkeep", "priority Alice", *passes("Alice"), "priority Bob", "refused-pass Alice"],
        ["step upkeep", "priority Alice", *passes("Alice"), "priority Bob", "refused-pass Bob"],
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
    (
        "combat.attackers-bring-blockers-and-damage",
        "cr2024",
        [*ATTACK, "step declare_blockers", "end step declare_blockers", "step combat_damage", *END_OF_COMBAT],
        [*ATTACK, *END_OF_COMBAT],
        COMBAT,
    ),
    (
        "combat.declarations-in-their-steps",
        "cr2024",
        ["phase combat", "step declare_attackers", "attackers_declared Alice 1"],
        ["phase combat", "attackers_declared Alice 1"],
        COMBAT,
    ),
    (
        "combat.everything-leaves-combat-as-it-ends",
        "cr2024",
        [*ATTACK, "end phase combat", "view permanent Bears"],
        [*ATTACK, "end phase combat", "view attacking Bears"],
        COMBAT,
    ),
    (
        "combat.damage-on-the-stack-2008-dealt-at-once-2024",
        "cr2008",
        ["step combat_damage", *passes("Alice", "Bob"), "resolved Alice - combat_damage", "damage_dealt Alice 2 Bob"],
        ["step combat_damage", "damage_dealt Alice 2 Bob"],
        Start(2, "Alice", "combat", "combat_damage"),
    ),
    (
        "combat.second-damage-step-exactly-with-first-or-double-strike",
        "cr2024",
        [*ATTACK, "view attacking Knight; first_strike Knight", *DAMAGE_STEP, *DAMAGE_STEP, "step end_of_combat"],
        [*ATTACK, "view attacking Knight; first_strike Knight", *DAMAGE_STEP, "step end_of_combat"],
        COMBAT,
    ),
    (
        "combat.second-damage-step-exactly-with-first-or-double-strike",
        "cr2008",
        [*ATTACK, "view attacking Bears; keywords", *DAMAGE_STEP, "step end_of_combat"],
        [*ATTACK, "view attacking Bears; keywords", *DAMAGE_STEP, *DAMAGE_STEP, "step end_of_combat"],
        COMBAT,
    ),
    (
        "draw.mirage-first-turn-has-its-draw-phase",
        "mirage",
        ["turn Alice 1", "phase draw", "end phase draw", "phase main"],
        ["turn Alice 1", "phase_skipped Alice - draw", "phase main"],
        None,
    ),
    (
        "ending.discard-before-damage-wears-off",
        "cr2024",
        ["step cleanup", "discarded Alice - Island", "damage_removed Alice - Bears"],
        ["step cleanup", "damage_removed Alice - Bears", "discarded Alice - Island"],
        CLEANUP,
    ),
    (
        "ending.only-the-active-player-discards-to-hand-size",
        "cr2024",
        ["step cleanup", "view discard Alice 1; hand_size Alice 8"],
        ["step cleanup", "view discard Bob 1; hand_size Bob 8"],
        CLEANUP,
    ),
    (
        "ending.no-damage-left-after-cleanup",
        "cr2024",
        ["step cleanup", "damage_removed Alice - Bears", "view permanent Bears"],
        ["step cleanup", "damage_removed Alice - Elves", "view damaged Bears 2"],
        CLEANUP,
    ),
    (
        "ending.mirage-discards-once-in-the-discard-phase",
        "mirage",
        ["phase discard", "view discard Alice 1"],
        ["phase discard", "view discard Alice 1", "view discard Alice 1"],
        Start(2, "Alice", "discard"),
    ),
    (
        "five_part_phases.life-check-comes-last",
        "mirage",
        ["phase upkeep", "end phase upkeep", "player_lost Bob reason=0_life"],
        ["phase upkeep", "player_lost Bob reason=0_life"],
        Start(2, "Alice", "upkeep"),
    ),
    (
        "mana.pools-empty-after-each-step-and-phase",
        "cr2024",
        ["step upkeep", "end step upkeep", "mana_added Alice 1", "view pool Alice 1"],
        ["step upkeep", "end step upkeep", "mana_added Alice 1", "view pool Alice 3"],
        UPKEEP,
    ),
    (
        "mana.pools-empty-when-a-phase-ends",
        "cr2008",
        ["step upkeep", "end step upkeep", "view pool Alice 2", "end phase beginning", "view pool Alice 0"],
        ["step upkeep", "end step upkeep", "end phase beginning", "view pool Alice 2"],
        UPKEEP,
    ),
    (
        "phases.step-inside-its-phase",
        "cr2024",
        ["turn Alice 2", "phase beginning", "step untap"],
        ["turn Alice 2", "phase beginning", "step declare_attackers"],
        None,
    ),
    (
        "phases.one-at-a-time",
        "cr2024",
        ["turn Alice 2", "phase beginning", "step untap", "end step untap", "step upkeep"],
        ["turn Alice 2", "phase beginning", "step untap", "step upkeep"],
        None,
    ),
    (
        "priority.active-player-after-resolution",
        "cr2024",
        ["step upkeep", "spell_cast Bob - Shock", "resolved Bob - Shock", "priority Alice"],
        ["step upkeep", "spell_cast Bob - Shock", "resolved Bob - Shock", "priority Bob"],
        UPKEEP,
    ),
    (
        "priority.player-who-acts-keeps-priority",
        "cr2024",
        ["step upkeep", "spell_cast Bob - Shock", "priority Bob"],
        ["step upkeep", "spell_cast Bob - Shock", "priority Alice"],
        UPKEEP,
    ),
    (
        "priority.all-pass-resolves-the-top",
        "cr2024",
        ["step upkeep", "stack 1", *passes("Alice", "Bob"), "resolved Alice - Shock"],
        ["step upkeep", "stack 1", *passes("Alice", "Bob"), "end step upkeep"],
        UPKEEP,
    ),
    (
        "priority.in-cleanup-only-when-needed",
        "cr2024",
        ["step cleanup", "triggered Alice - Hourglass", *passes("Alice")],
        ["step cleanup", *passes("Alice")],
        CLEANUP,
    ),
    (
        "priority.another-cleanup-step-after-priority",
        "cr2024",
        [*CLEANUP_PRIORITY, "step cleanup", "end step cleanup", "end phase ending"],
        [*CLEANUP_PRIORITY, "end phase ending"],
        CLEANUP,
    ),
    (
        "priority.mirage-mana-only-untap-and-cleanup",
        "mirage",
        ["phase cleanup", *passes("Alice")],
        ["phase cleanup", "spell_cast Alice - Shock"],
        Start(2, "Alice", "cleanup"),
    ),
    (
        "state_based.zero-life-loses",
        "cr2024",
        ["step upkeep", "view priority Alice; life Bob 3"],
        ["step upkeep", "view priority Alice; life Bob 0"],
        UPKEEP,
    ),
    (
        "state_based.ten-poison-counters-lose",
        "cr2024",
        ["step upkeep", "view priority Alice; poison Bob 9"],
        ["step upkeep", "view priority Alice; poison Bob 10"],
        UPKEEP,
    ),
    (
        "state_based.mirage-life-checked-as-each-phase-ends",
        "mirage",
        ["phase upkeep", "view life Bob 1", "life_changed Bob -1", "end phase upkeep", "player_lost Bob"],
        ["phase upkeep", "view life Bob 1", "life_changed Bob -1", "end phase upkeep", "phase draw"],
        Start(2, "Alice", "upkeep"),
    ),
    (
        "turn.ends-after-its-last-phase",
        "cr2024",
        ["turn Alice 2", "phase ending", "end phase ending", "end turn"],
        ["turn Alice 2", "phase beginning", "end phase beginning", "end turn"],
        None,
    ),
    (
        "turn.summoning-sickness-ends-as-the-turn-begins",
        "cr2024",
        ["turn Alice 2", "summoning_sickness_ended Alice - Bears", "phase beginning"],
        ["turn Alice 2", "phase beginning", "summoning_sickness_ended Alice - Bears"],
        None,
    ),
    (
        "untap.active-player-untaps",
        "cr2024",
        [*UNTAP, "untapped Alice - Bears"],
        [*UNTAP, "untapped Bob - Bears"],
        None,
    ),
    (
        "untap.phasing-before-untapping",
        "cr2024",
        [*UNTAP, "phased_out Alice - Bears", "untapped Alice - Elves"],
        [*UNTAP, "untapped Alice - Elves", "phased_out Alice - Bears"],
        None,
    ),
    (
        "untap.day-and-night-before-untapping",
        "cr2024",
        [*UNTAP, "day_night_changed - - night", "untapped Alice - Elves"],
        [*UNTAP, "untapped Alice - Elves", "day_night_changed - - night"],
        None,
    ),
    (
        "untap.mirage-untap-is-announced",
        "mirage",
        ["phase untap", "untap_announced Alice", "end phase untap"],
        ["phase untap", "end phase untap"],
        Start(2, "Alice", "untap"),
    ),
]


@pytest.mark.parametrize(("name", "edition", "keeps", "breaks", "start"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_a_check_passes_the_rule_kept_and_names_the_rule_broken(
    tmp_path: Path, name: str, edition: str, keeps: list[str], breaks: list[str], start: Start | None
) -> None:
    assert check(tmp_path, edition, keeps, name, start) is Status.PASSED
    assert check(tmp_path, edition, breaks, name, start) is Status.VIOLATED


def test_every_check_has_a_trace_that_breaks_it() -> None:
    import checker.trace.rules  # noqa: F401

    assert sorted({c[0] for c in CASES}) == sorted(CHECKS)


def test_a_check_without_its_data_is_not_checked(tmp_path: Path) -> None:
    script = ["step upkeep", *passes("Alice", "Bob"), "end step upkeep"]
    assert check(tmp_path, "cr2024", script, "priority.ends-with-empty-stack", UPKEEP) is Status.NOT_CHECKED
    unknown = [*ATTACK, "view attacking Knight", *DAMAGE_STEP, "step end_of_combat"]
    name = "combat.second-damage-step-exactly-with-first-or-double-strike"
    assert check(tmp_path, "cr2024", unknown, name, COMBAT) is Status.NOT_CHECKED


def test_every_check_cites_known_rulings() -> None:
    import checker.trace.rules  # noqa: F401
    from checker.contract.rulings import rulings

    known = set(rulings())
    assert len(CHECKS) >= 40
    for cls in CHECKS.values():
        assert cls.rules and set(cls.rules) <= known, cls.name


@pytest.mark.parametrize("name", ["turn.next-player-in-turn-order", "turn.numbered-one-by-one"])
def test_a_trace_set_up_at_its_turns_untap_step_may_announce_that_turn(tmp_path: Path, name: str) -> None:
    """phase.rs's adapter, set up at Bob's untap step, reports Bob's turn beginning (found by
    turncheck explore): that is the turn the trace starts in, not one after a turn of Bob's."""
    script = ["turn Bob 16", "step untap", "end step untap", "end turn", "turn Alice 17"]
    assert check(tmp_path, "cr2024", script, name, Start(16, "Bob", "beginning", "untap")) is Status.PASSED
    again = ["turn Bob 16", "step untap", "end step untap", "end turn", "turn Bob 17"]
    assert check(
        tmp_path, "cr2024", again, "turn.next-player-in-turn-order", Start(16, "Bob", "beginning", "untap")
    ) is (Status.VIOLATED)


def test_mana_burned_in_the_cleanup_belongs_to_its_phase_not_to_the_next_turns_beginning(tmp_path: Path) -> None:
    """Mirage's beginning of the turn is no phase (no phase begins), yet players pass priority in it:
    the cleanup's mana burn, before the turn ended, is not followed by them within its phase."""
    burn_then_next_turn = [
        "phase cleanup",
        *passes("Alice", "Bob"),
        "mana_burned Alice 1",
        "end phase cleanup",
        "end turn",
        "turn Bob 3",
        *passes("Bob", "Alice"),
    ]
    name = "five_part_phases.mana-burn-after-the-main-body"
    assert check(tmp_path, "mirage", burn_then_next_turn, name, Start(2, "Alice", "cleanup")) is Status.PASSED


def test_a_phase_begun_again_before_it_ended_is_named_where_the_trace_starts_at_that_phase(tmp_path: Path) -> None:
    start = Start(2, "Alice", "cleanup")
    name = "phases.one-at-a-time"
    assert check(tmp_path, "mirage", ["phase cleanup", "end phase cleanup"], name, start) is Status.PASSED
    assert check(tmp_path, "mirage", ["phase cleanup", "phase cleanup"], name, start) is Status.VIOLATED


@pytest.mark.parametrize(
    ("name", "edition", "keeps", "breaks"),
    [
        ("draw.starting-player-skips-the-first-draw-step", "cr2024", "step_skipped Alice - draw", "step draw"),
        ("draw.mirage-first-turn-has-its-draw-phase", "mirage", "phase draw", "phase_skipped Alice - draw"),
    ],
)
def test_a_trace_that_begins_in_the_first_turn_is_judged_on_that_turn(
    tmp_path: Path, name: str, edition: str, keeps: str, breaks: str
) -> None:
    """An importer's game dealt in the first turn's upkeep has no turn_began for that turn."""
    beginning = "beginning" if edition != "mirage" else "upkeep"
    first_upkeep = Start(1, "Alice", beginning, "upkeep" if edition != "mirage" else None)
    assert check(tmp_path, edition, [keeps], name, first_upkeep) is Status.PASSED
    assert check(tmp_path, edition, [breaks], name, first_upkeep) is Status.VIOLATED
    # Bob's first turn is not the game's first: nothing there to judge.
    not_first = Start(1, "Bob", beginning, "upkeep" if edition != "mirage" else None)
    assert check(tmp_path, edition, [breaks], name, not_first) is Status.NOT_CHECKED
    # A trace that begins after the draw has no occasion for the rule either.
    after = Start(1, "Alice", "precombat_main" if edition != "mirage" else "main")
    assert check(tmp_path, edition, [breaks], name, after) is Status.NOT_CHECKED


def test_a_phase_or_step_without_a_name_or_a_step_outside_any_phase_is_said_so(tmp_path: Path) -> None:
    outside = check_trace(open_trace(write(tmp_path / "outside.jsonl", "cr2024", ["turn Alice 1", "step upkeep"])))
    assert "the upkeep step began outside any phase" in [v.shows for v in outside.violations]
    path = write(tmp_path / "t.jsonl", "cr2024", ["turn Alice 1", "phase beginning"])
    with path.open("a") as trace:
        trace.write('{"event": {"kind": "phase_began", "turn": 1, "player": "Alice", "subject": null}}\n')
        trace.write('{"event": {"kind": "step_began", "turn": 1, "player": "Alice", "subject": null}}\n')
    shown = [v.shows for v in check_trace(open_trace(path)).violations]
    assert "a phase without a name began after beginning; next was precombat_main" in shown
    assert "a phase without a name began before the previous phase ended" in shown
    assert "a step without a name began in no phase" in shown
    assert not any("None" in s or "the  " in s for s in shown), shown


def test_the_checks_imported_again_replace_themselves_and_a_second_check_of_a_name_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """pytest's in-process sessions (pytester's, in this suite's tests) take the modules they imported
    out of ``sys.modules`` as they end: the checks' modules, imported again later in the same process,
    declare the same checks once more. That is the same check, not a second one of its name (a test
    of the scenarios once failed so, depending on which tests a worker had run before)."""
    import importlib
    import sys

    from checker.trace.check import Check, every_check

    before = dict(every_check())
    try:
        for name in [m for m in sys.modules if m == "checker.trace.rules" or m.startswith("checker.trace.rules.")]:
            monkeypatch.delitem(sys.modules, name)  # put back as the test ends
        importlib.import_module("checker.trace.rules")
        assert sorted(CHECKS) == sorted(before)
        assert all(CHECKS[name] is not check for name, check in before.items())  # the classes made anew
        with pytest.raises(AssertionError, match=r"two checks named combat\.everything-leaves-combat-as-it-ends"):

            class Impostor(Check):
                name = "combat.everything-leaves-combat-as-it-ends"
                requires = "nothing"
                rules = ()

    finally:
        CHECKS.clear()
        CHECKS.update(before)


COMBAT_WITHOUT_ATTACKERS = [
    "phase combat",
    "step beginning_of_combat",
    "end step beginning_of_combat",
    "step declare_attackers",
    "attackers_declared Alice 0",
    "step_skipped Alice - declare_blockers",
    "step_skipped Alice - combat_damage",
    "end step declare_attackers",
    "step end_of_combat",
    "end step end_of_combat",
    "end phase combat",
]


@pytest.mark.parametrize(
    "script",
    [
        # The upkeep neither begins nor is skipped: the draw step's skip passed over it.
        ["turn Alice 2", "phase beginning", "step untap", "end step untap", "step_skipped Alice - draw"],
        # The beginning phase ends after its untap step, its upkeep and draw never heard of.
        ["turn Alice 2", "phase beginning", "step untap", "end step untap", "end phase beginning"],
        # Combat ends without its end of combat step.
        [*COMBAT_WITHOUT_ATTACKERS[:-3], "end phase combat"],
    ],
    ids=["a-skip-passes-over-a-step", "a-phase-ends-before-its-last-steps", "combat-without-its-end"],
)
def test_a_step_that_neither_begins_nor_is_skipped_breaks_the_order_of_steps(tmp_path: Path, script: list[str]) -> None:
    """A phase's steps all happen, or are skipped with an event saying so (CR 501.1, 506.1, 512.1);
    a trace that left one out passed every check."""
    assert check(tmp_path, "cr2024", script, "phases.steps-in-order") is Status.VIOLATED
    assert check(tmp_path, "cr2024", COMBAT_WITHOUT_ATTACKERS, "phases.steps-in-order", COMBAT) is Status.PASSED


def test_a_pass_by_another_player_than_the_one_shown_receiving_priority_after_a_pass_breaks_the_rule(
    tmp_path: Path,
) -> None:
    """Bob is shown receiving priority after Alice's pass, then Alice passes again and the upkeep ends:
    a round of passes Bob never took part in. The observation met the expectation, and the pass
    after it was not compared with it: the trace passed every check."""
    name = "priority.next-player-after-a-pass"
    shown = ["step upkeep", "priority Alice", "pass Alice", "priority Bob"]
    assert check(tmp_path, "cr2024", [*shown, "pass Bob", "end step upkeep"], name, UPKEEP) is Status.PASSED
    assert check(tmp_path, "cr2024", [*shown, "pass Alice", "end step upkeep"], name, UPKEEP) is Status.VIOLATED
    left = [*shown, "player_lost Bob", "pass Alice"]  # a player who leaves the game no longer holds priority
    assert check(tmp_path, "cr2024", left, name, UPKEEP) is Status.PASSED


def test_an_observation_of_the_player_expected_after_a_pass_is_one_occasion_however_the_step_goes_on(
    tmp_path: Path,
) -> None:
    """The check isn't called for an observation that shows the player expected receiving priority
    (the commonest, on the way to their pass): that observation is still its occasion, counted at their
    pass or at the step's end, once; and another player's pass after it, past an observation that shows
    no one, is still named as one where the player shown had received priority."""
    name = "priority.next-player-after-a-pass"
    shown = ["step upkeep", "priority Alice", "pass Alice", "priority Bob"]

    def occasions_and_violations(script: list[str]) -> tuple[int, list[str]]:
        result = check_trace(open_trace(write(tmp_path / "t.jsonl", "cr2024", script, UPKEEP)))
        found = next(r for r in result.results if r.check == name)
        return found.occasions, [v.shows for v in found.violations]

    assert occasions_and_violations(shown) == (1, [])
    assert occasions_and_violations([*shown, "priority Bob", "pass Bob", "end step upkeep"]) == (1, [])
    assert occasions_and_violations([*shown, "end step upkeep"]) == (1, [])
    assert occasions_and_violations([*shown, "stack 0", "pass Alice"]) == (
        1,
        ["Alice passed where Bob had received priority after a pass"],
    )
