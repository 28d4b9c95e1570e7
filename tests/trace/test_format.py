"""The trace format's structures keep in step with the interface they mirror."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import msgspec
import pytest

from checker.contract.interface import DecisionView, GameEvent, PermanentView, StackItemView
from checker.trace.check import check_trace
from checker.trace.format import (
    Decision,
    Event,
    Header,
    Observation,
    Observed,
    Permanent,
    StackItem,
    Start,
    TraceProblem,
    open_trace,
)
from checker.trace.verdict import exit_code


def test_the_trace_event_has_the_fields_of_the_interface_game_event() -> None:
    interface = dataclasses.fields(GameEvent)
    trace = msgspec.structs.fields(Event)
    assert [f.name for f in trace] == [f.name for f in interface]
    required = [f.name for f in interface if f.default is f.default_factory is dataclasses.MISSING]
    assert [f.name for f in trace if f.required] == required
    defaults = {f.name: f.default for f in dataclasses.fields(GameEvent) if f.default is not dataclasses.MISSING}
    for f in msgspec.structs.fields(Event):
        if f.name in defaults:
            assert f.default == defaults[f.name], f.name


def test_permanents_are_decoded_when_a_check_asks_and_a_malformed_list_is_named_once(tmp_path: Path) -> None:
    header = Header.new("cr2024", ["Alice", "Bob"], "test", "0", start=Start(2, "Alice", "combat"))
    lines = [
        msgspec.json.encode(header).decode(),
        '{"event": {"kind": "phase_began", "turn": 2, "player": "Alice", "subject": "combat"}}',
        '{"event": {"kind": "phase_ended", "turn": 2, "player": "Alice", "subject": "combat"}}',
        '{"view": {"battlefield": [{"id": 3}], "decision": {"kind": "priority", "player": "Alice"}, '
        '"players": [{"name": "Bob", "life": 0}]}}',
        '{"view": {"battlefield": []}}',
    ]
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join(lines) + "\n")
    problems: list[TraceProblem] = []
    views = [entry for _, entry in open_trace(path).entries(problems) if isinstance(entry, Observed)]
    assert not problems and views[0].shows_battlefield and views[1].battlefield == ()
    result = check_trace(open_trace(path))
    assert [(p.line, p.problem.split(":")[0]) for p in result.problems] == [(4, "view/battlefield")]
    statuses = {r.check: r.status for r in result.results}
    assert statuses["state_based.zero-life-loses"] == "violated"  # the other checks of that line still ran
    assert exit_code([result]) == 2


def test_a_trace_with_a_blank_line_keeps_its_line_numbers(tmp_path: Path) -> None:
    header = Header.new("cr2024", ["Alice", "Bob"], "test", "0")
    event = '{"event": {"kind": "turn_began", "turn": 1, "player": "Alice", "amount": 1}}'
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join([msgspec.json.encode(header).decode(), "", event, event]) + "\n")
    assert [line for line, _ in open_trace(path).entries([])] == [3, 4]


@pytest.mark.parametrize(
    ("read", "written"),
    [(Decision, DecisionView), (StackItem, StackItemView), (Permanent, PermanentView)],
    ids=["decision", "stack item", "permanent"],
)
def test_what_the_checker_reads_has_the_fields_of_the_interface_view(read: type, written: type) -> None:
    fields = msgspec.structs.fields(read)
    assert [f.name for f in fields] == [f.name for f in dataclasses.fields(written)]
    required = [f.name for f in dataclasses.fields(written) if f.default is f.default_factory is dataclasses.MISSING]
    assert [f.name for f in fields if f.required] == required


def test_an_observation_is_read_with_the_fields_it_is_written_with() -> None:
    assert [f.encode_name for f in msgspec.structs.fields(Observed)] == [
        f.encode_name for f in msgspec.structs.fields(Observation)
    ]
