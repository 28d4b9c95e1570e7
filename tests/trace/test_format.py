"""The trace format's structures keep in step with the interface they mirror."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import msgspec

from checker.contract.interface import GameEvent
from checker.trace.check import check_trace
from checker.trace.format import Event, Header, Observed, Start, TraceProblem, open_trace
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


def test_permanents_are_decoded_when_a_check_asks_and_a_malformed_list_is_named(tmp_path: Path) -> None:
    header = Header.new("cr2024", ["Alice", "Bob"], "test", "0", start=Start(2, "Alice", "combat"))
    lines = [
        msgspec.json.encode(header).decode(),
        '{"event": {"kind": "phase_began", "turn": 2, "player": "Alice", "subject": "combat"}}',
        '{"event": {"kind": "phase_ended", "turn": 2, "player": "Alice", "subject": "combat"}}',
        '{"view": {"battlefield": [{"id": 3}]}}',
        '{"view": {"battlefield": []}}',
    ]
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join(lines) + "\n")
    problems: list[TraceProblem] = []
    views = [entry for _, entry in open_trace(path).entries(problems) if isinstance(entry, Observed)]
    assert not problems and views[0].shows_battlefield and views[1].battlefield == ()
    result = check_trace(open_trace(path))
    assert [(p.line, p.problem.split(":")[0]) for p in result.problems] == [(4, "view/battlefield")]
    assert exit_code([result]) == 2


def test_a_trace_with_a_blank_line_keeps_its_line_numbers(tmp_path: Path) -> None:
    header = Header.new("cr2024", ["Alice", "Bob"], "test", "0")
    event = '{"event": {"kind": "turn_began", "turn": 1, "player": "Alice", "amount": 1}}'
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join([msgspec.json.encode(header).decode(), "", event, event]) + "\n")
    assert [line for line, _ in open_trace(path).entries([])] == [3, 4]
