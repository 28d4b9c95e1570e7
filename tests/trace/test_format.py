"""The trace format's structures keep in step with the interface they mirror."""

from __future__ import annotations

import dataclasses
import json
import re
import sys
import tracemalloc
from pathlib import Path
from typing import Any

import msgspec
import pytest

from checker.adapters.reference import ReferenceAdapter
from checker.contract.interface import DecisionView, GameEvent, PermanentView, StackItemView
from checker.running.plain_game import record_plain_game
from checker.trace.check import check_trace
from checker.trace.files import open_trace
from checker.trace.format import Event, Header, Observation, PlayerObservation, Start
from checker.trace.observed import Change, Decision, Observed, Permanent, StackItem, merged
from checker.trace.problems import TraceError, TraceProblem
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


def test_a_change_has_the_fields_of_an_observation() -> None:
    assert [f.encode_name for f in msgspec.structs.fields(Change)] == [
        f.encode_name for f in msgspec.structs.fields(Observed)
    ]


@pytest.mark.parametrize("given", [f.name for f in msgspec.structs.fields(Change)])
def test_a_change_replaces_the_field_it_gives_and_keeps_the_others(given: str) -> None:
    """Each field alone (structures take any value as they are built: each a value of its own)."""
    names = [f.name for f in msgspec.structs.fields(Observed)]
    before = Observed(**{name: object() for name in names})  # type: ignore[arg-type]
    new: Any = object()
    after = merged(before, Change(**{given: new}))
    for name in names:
        assert getattr(after, name) is (new if name == given else getattr(before, name)), name


def test_observations_written_as_changes_read_back_whole(tmp_path: Path) -> None:
    """The recorder writes changes; the same game with each change merged into the view before it
    by hand (its fields replaced, nulls left out) reads back as the same entries and results."""
    changes = record_plain_game(ReferenceAdapter(), "cr2024", 6, tmp_path / "changes.jsonl")
    header, *lines = changes.read_text().splitlines()
    entries = [json.loads(line) for line in lines]
    assert sum("view" in e for e in entries) == 1 and sum("change" in e for e in entries) > 50
    whole: list[str] = [header]
    view: dict[str, object] = {}
    for entry in entries:
        if "view" in entry or "change" in entry:
            view = {k: v for k, v in {**view, **entry.get("view", entry.get("change"))}.items() if v is not None}
            entry = {"view": view}
        whole.append(json.dumps(entry, separators=(",", ":")))
    (tmp_path / "whole.jsonl").write_text("\n".join(whole) + "\n")
    assert changes.stat().st_size * 2 < (tmp_path / "whole.jsonl").stat().st_size
    for validate in (False, True):
        problems: list[TraceProblem] = []
        assert list(open_trace(changes, validate=validate).entries(problems)) == list(
            open_trace(tmp_path / "whole.jsonl").entries([])
        )
        assert not problems
    assert check_trace(open_trace(changes)).results == check_trace(open_trace(tmp_path / "whole.jsonl")).results


def _trace(tmp_path: Path, *entries: str, start: Start | None = None) -> Path:
    """A trace of a two-player cr2024 game with these entry lines (beginning at ``start``)."""
    path = tmp_path / "t.jsonl"
    header = msgspec.json.encode(Header.new("cr2024", ["Alice", "Bob"], "test", "0", start=start)).decode()
    path.write_text("\n".join([header, *entries]) + "\n")
    return path


def test_a_change_keeps_the_objects_it_leaves_out_and_null_takes_a_field_away(tmp_path: Path) -> None:
    path = _trace(
        tmp_path,
        '{"view": {"step": "upkeep", "players": [{"name": "Alice", "life": 3}], "stack": [], "battlefield": []}}',
        '{"change": {"decision": {"kind": "priority", "player": "Bob"}}}',
        '{"change": {"step": null, "battlefield": null, "players": [{"name": "Alice", "life": 2}]}}',
    )
    first, second, third = (entry for _, entry in open_trace(path).entries([]))
    assert isinstance(first, Observed) and isinstance(second, Observed) and isinstance(third, Observed)
    assert second.players is first.players and second.stack is first.stack and second.step == "upkeep"
    assert second.decision == Decision("priority", "Bob") and first.decision is None
    assert third.players is not second.players and third.players == (PlayerObservation("Alice", 2),)
    assert third.step is None and third.battlefield is None and not third.shows_battlefield
    assert third.decision is second.decision


def test_a_change_with_no_observation_before_it_is_named_with_its_line(tmp_path: Path) -> None:
    path = _trace(
        tmp_path,
        '{"change": {"step": "upkeep"}}',
        '{"event": {"kind": "turn_began", "turn": 1, "player": "Alice", "amount": 1}}',
    )
    problems: list[TraceProblem] = []
    assert [line for line, _ in open_trace(path).entries(problems)] == [3]
    assert [p.line for p in problems] == [2] and "needs an observation before it" in problems[0].problem


def test_changes_to_an_observation_that_could_not_be_read_are_named_until_the_next_view(tmp_path: Path) -> None:
    path = _trace(
        tmp_path,
        '{"view": {"step": "upkeep"}}',
        '{"view": {"step": "nap_time"}}',
        '{"change": {"decision": {"kind": "priority", "player": "Bob"}}}',
        '{"event": {"kind": "turn_began", "turn": 1, "player": "Alice", "amount": 1}}',
        '{"view": {"step": "draw"}}',
        '{"change": {"decision": {"kind": "priority", "player": "Alice"}}}',
    )
    problems: list[TraceProblem] = []
    read = dict(open_trace(path).entries(problems))
    assert sorted(read) == [2, 5, 6, 7]
    assert [(p.line, p.problem) for p in problems] == [
        (3, "view/step: 'nap_time' is not valid under any of the given schemas"),
        (4, "a change to the observation of line 3, which couldn't be read"),
    ]
    last = read[7]
    assert isinstance(last, Observed) and (last.step, last.decision) == ("draw", Decision("priority", "Alice"))


#: JSON nested deeper than Python's recursion limit lets json or msgspec follow.
DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize("validate", [False, True])
def test_a_line_nested_too_deep_is_named_and_the_lines_after_it_are_read(tmp_path: Path, validate: bool) -> None:
    header = msgspec.json.encode(Header.new("cr2024", ["Alice", "Bob"], "test", "0")).decode()
    turn = '{"event": {"kind": "turn_began", "turn": 1, "player": "Alice", "amount": 1}}'
    lines = [
        header,
        '{"event": ' + DEEP + "}",
        '{"action": {"type": "pass_priority", "player": "Alice", "x": ' + DEEP + '}, "outcome": "accepted"}',
        turn,
    ]
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join(lines) + "\n")
    problems: list[TraceProblem] = []
    entries = list(open_trace(path, validate).entries(problems))
    assert [(p.line, p.problem) for p in problems] == [(n, "its JSON is nested too deep to read") for n in (2, 3)]
    assert [(n, type(e).__name__) for n, e in entries] == [(4, "Event")]


def test_a_header_nested_too_deep_is_not_a_trace(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_text('{"format": ' + DEEP + "}\n")
    with pytest.raises(TraceError, match="not a trace header: its JSON is nested too deep to read"):
        open_trace(path)


def test_a_line_that_is_not_utf_8_is_named_and_the_lines_after_it_are_read(tmp_path: Path) -> None:
    header = msgspec.json.encode(Header.new("cr2024", ["Alice", "Bob"], "test", "0", start=Start(2, "Alice", "combat")))
    lines = [
        header,
        b'{"event": {"kind": "turn_began", "turn": 2, "player": "Al\xffce", "amount": 2}}',
        b'{"event": {"kind": "phase_ended", "turn": 2, "player": "Alice", "subject": "combat"}}',
        b'{"view": {"battlefield": [{"id": "\xff"}], "decision": {"kind": "priority", "player": "Alice"}}}',
    ]
    path = tmp_path / "t.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    result = check_trace(open_trace(path))  # once an internal error, "please report it"
    assert result.internal_error is None
    # Each in the decoder's words: Python's codec ("'utf-8' codec can't decode byte 0xff...") or,
    # for the permanents since msgspec 0.23, msgspec's own ("Invalid UTF-8 encoded string").
    assert [(p.line, "utf-8" in p.problem.lower()) for p in result.problems] == [(2, True), (4, True)]
    assert result.events == 1  # the phase's end, after the unreadable line


def test_a_line_of_nuls_or_a_number_too_long_is_said_in_a_traces_own_terms(tmp_path: Path) -> None:
    """Not 'utf-32-be' (json's guess at a line of NULs), nor Python's advice to raise its limit."""
    long_number = '{"event": {"kind": "turn_began", "turn": ' + "9" * 5000 + "}}"
    path = _trace(tmp_path, "\x00" * 20, long_number)
    problems = [p.problem for p in check_trace(open_trace(path)).problems]
    assert problems == [
        "not JSON: Expecting value: line 1 column 1 (char 0)",
        f"not JSON: a number too long to read (over {sys.get_int_max_str_digits():,} digits)",
    ]


def test_a_long_malformed_line_is_said_by_its_first_problems_with_the_value_shortened(tmp_path: Path) -> None:
    """A view of 20,000 malformed stack objects: each kind of entry weighed every object, every
    problem found was an object (a 5 MB line took 30 s and 2 GB), and the message was the whole line's
    value cut at 200 characters before the reason ("(line): {'view': {'turn_number': 2, 'stack': ...")."""
    stack = [{"id": f"x{n}", "name": "y"} for n in range(20_000)]
    lines = [json.dumps({"view": {"turn_number": 2, "stack": stack}}), json.dumps({"view": stack})]
    path = _trace(tmp_path, *lines)
    tracemalloc.start()
    try:
        problems = [p.problem for p in check_trace(open_trace(path)).problems]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert re.fullmatch(r"view/stack/\d: 'controller' is a required property", problems[0]), problems[0]
    shown = "[{'id': 'x0', 'name': 'y'}, {'id': 'x1', 'name': 'y'}, {'id': 'x2', 'name': 'y'}, ...]"
    assert problems[1:] == [f"view: {shown} is not of type 'object'"]
    assert peak < 20 * path.stat().st_size  # the lines' JSON read whole, a few times over: not each problem


def test_a_lone_surrogate_is_said_to_be_one_in_a_line_and_in_a_header(tmp_path: Path) -> None:
    """It was msgspec's 'Input data was truncated' (a high surrogate) or 'invalid utf-16 surrogate pair'."""
    high = '{"event": {"kind": "priority_passed", "turn": 1, "player": "\\ud800"}}'
    low = '{"action": {"type": "pass_priority", "player": "Alice"}, "outcome": "refused", "message": "no \\udc00"}'
    problems = [p.problem for p in check_trace(open_trace(_trace(tmp_path, high, low))).problems]
    lone = "(half of a pair alone, no character): not valid in UTF-8 text"
    assert problems == [
        f"event/player: the lone surrogate \\ud800 {lone}",
        f"message: the lone surrogate \\udc00 {lone}",
    ]
    path = tmp_path / "h.jsonl"
    header = msgspec.json.encode(Header.new("cr2024", ["Alice", "Bob"], "test", "0", source="S"))
    path.write_bytes(header.replace(b'"S"', b'"\\udbff"') + b"\n")
    with pytest.raises(TraceError, match=r"h\.jsonl:1: not a trace header: source: the lone surrogate \\udbff"):
        open_trace(path)


def test_a_trace_that_begins_with_a_byte_order_mark_reads_as_one_without(tmp_path: Path) -> None:
    plain = record_plain_game(ReferenceAdapter(), "cr2024", 2, tmp_path / "plain.jsonl")
    marked = tmp_path / "marked.jsonl"
    marked.write_bytes(b"\xef\xbb\xbf" + plain.read_bytes())  # as some Windows editors save UTF-8
    for validate in (False, True):
        assert open_trace(marked, validate).header == open_trace(plain, validate).header
    assert check_trace(open_trace(marked)).results == check_trace(open_trace(plain)).results


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_a_trace_saved_in_another_unicode_encoding_is_said_to_be_one(tmp_path: Path, encoding: str) -> None:
    """PowerShell's ``>`` writes UTF-16: it was 'not JSON: Expecting property name...', or a codec's error."""
    plain = record_plain_game(ReferenceAdapter(), "cr2024", 2, tmp_path / "plain.jsonl")
    saved = tmp_path / "saved.jsonl"
    saved.write_bytes(plain.read_text(encoding="utf-8").encode(encoding))
    named = encoding.upper()[:6]
    with pytest.raises(TraceError, match=rf"saved\.jsonl:1: not a trace: it looks like {named}, not UTF-8: convert it"):
        open_trace(saved)


@pytest.mark.parametrize(
    ("header", "problem"),
    [
        ({"players": ["Alice", "Alice"]}, "the header names 'Alice' twice"),
        ({"players": ["Alice", ""]}, "a player without a name"),
        ({"starting_player": "Carol"}, "the starting player 'Carol' is not one of the players (Alice, Bob)"),
        ({"start": {"turn_number": 2, "active_player": "Carol"}}, "start: the active player 'Carol' is not one of"),
        ({"start": {"turn_number": -1, "active_player": "Bob"}}, "start: turn -1: a turn's number is 0 or more"),
        ({"start": {"turn_number": 2, "active_player": "Bob", "phase": "discard"}}, "cr2024 has no phase 'discard'"),
        (
            {"start": {"turn_number": 2, "active_player": "Bob", "phase": "combat", "step": "upkeep"}},
            "start: the upkeep step is not a step of the combat phase",
        ),
        (
            {"start": {"turn_number": 2, "active_player": "Bob", "step": "upkeep"}},
            "the upkeep step is not a step of no",
        ),
    ],
)
def test_a_header_that_says_what_cant_be_is_not_read(tmp_path: Path, header: dict[str, object], problem: str) -> None:
    written = {**msgspec.to_builtins(Header.new("cr2024", ["Alice", "Bob"], "test", "0")), **header}
    path = tmp_path / "t.jsonl"
    path.write_text(json.dumps(written) + "\n")
    with pytest.raises(TraceError, match=re.escape(problem)):
        open_trace(path)


@pytest.mark.parametrize(
    ("given", "problem"),
    [
        (
            (b'"edition":"cr2024"', b'"edition":"cr2008","edition":"cr2024"'),
            "the key 'edition' is given more than once",
        ),
        ((b'"name":"test"', b'"name":"x","name":"test"'), "engine: the key 'name' is given more than once"),
    ],
    ids=["header", "engine"],
)
def test_a_header_giving_a_key_twice_is_not_read(tmp_path: Path, given: tuple[bytes, bytes], problem: str) -> None:
    """msgspec took the last value, silently: which one a reader takes is a guess."""
    header = msgspec.json.encode(Header.new("cr2024", ["Alice", "Bob"], "test", "0"))
    path = tmp_path / "t.jsonl"
    path.write_bytes(header.replace(*given) + b"\n")
    with pytest.raises(TraceError, match=rf"t\.jsonl:1: not a trace header: {problem}$"):
        open_trace(path)


def test_a_header_of_a_mirage_game_begun_in_its_untap_phase_is_read(tmp_path: Path) -> None:
    header = Header.new("mirage", ["Alice", "Bob"], "test", "0", start=Start(3, "Bob", "untap"))
    path = tmp_path / "t.jsonl"
    path.write_bytes(msgspec.json.encode(header) + b"\n")
    assert open_trace(path).header.start == Start(3, "Bob", "untap")


def _event(kind: str, turn: int, subject: str | None = None, amount: int | None = None) -> str:
    return json.dumps({"event": {"kind": kind, "turn": turn, "player": "Alice", "subject": subject, "amount": amount}})


def test_an_event_of_a_player_the_header_doesnt_name_is_a_problem_of_its_line(tmp_path: Path) -> None:
    zed = json.dumps({"event": {"kind": "land_played", "turn": 1, "player": "Zed", "subject": "Forest"}})
    path = _trace(tmp_path, _event("turn_began", 1, amount=1), zed, _event("phase_began", 1, "beginning"), zed, zed)
    result = check_trace(open_trace(path))
    assert [(p.line, p.problem) for p in result.problems] == [
        (3, "the land_played event names the player 'Zed', not one of the header's players (Alice, Bob)"),
        (6, "2 more entries name players the header doesn't after line 3, the last on this line"),
    ]
    assert exit_code([result]) == 2


def test_an_observation_of_a_player_the_header_doesnt_name_is_a_problem_of_its_line(tmp_path: Path) -> None:
    """Zed, whom the header doesn't name, shown deciding, in the players or controlling a spell: the
    events' players were compared with the header's, the observations' were not, and such a trace
    passed (exit 0)."""
    shows = [
        {"decision": {"kind": "priority", "player": "Zed"}},
        {"players": [{"name": "Alice", "life": 20}, {"name": "Zed", "life": 3}]},
        {"stack": [{"name": "Shock", "controller": "Zed", "kind": "spell"}]},
    ]
    for shown in shows:
        path = _trace(tmp_path, _event("turn_began", 1, amount=1), json.dumps({"view": shown}))
        result = check_trace(open_trace(path))
        assert [p.line for p in result.problems] == [3], shown
        assert "names the player 'Zed', not one of the header's players (Alice, Bob)" in result.problems[0].problem
        assert exit_code([result]) == 2
    zed = json.dumps({"change": {"decision": {"kind": "priority", "player": "Zed"}}})
    path = _trace(tmp_path, '{"view": {"players": [{"name": "Alice"}]}}', zed, zed, '{"change": {"players": []}}')
    assert [(p.line, p.problem) for p in check_trace(open_trace(path)).problems] == [
        (3, "the observation's decision names the player 'Zed', not one of the header's players (Alice, Bob)"),
        (5, "2 more entries name players the header doesn't after line 3, the last on this line"),
    ]


def test_a_game_that_goes_on_after_its_game_over_is_a_problem_of_its_line(tmp_path: Path) -> None:
    """A game_over, then the game goes on: the checks that stop at the game's end passed the rest
    over, and the trace passed (exit 0). Observations after it are the game as it ended."""
    over = _event("game_over", 1)
    path = _trace(
        tmp_path,
        _event("turn_began", 1, amount=1),
        _event("phase_began", 1, "beginning"),
        over,
        json.dumps({"view": {"turn_number": 1, "game_over": True}}),
        _event("step_began", 1, "untap"),
        _event("step_ended", 1, "untap"),
        _event("step_began", 1, "upkeep"),
        _event("step_ended", 1, "upkeep"),
    )
    result = check_trace(open_trace(path))
    assert [(p.line, p.problem) for p in result.problems] == [
        (6, "the step_began event comes after the game ended (game_over on line 4)"),
        (8, "1 more entry comes after the game ended after line 6, the last on this line"),
    ]
    assert exit_code([result]) == 2
    ended = _trace(tmp_path, _event("turn_began", 1, amount=1), over, json.dumps({"view": {"game_over": True}}))
    assert check_trace(open_trace(ended)).problems == ()


def test_an_event_marked_with_another_turn_than_the_one_under_way_is_a_problem_of_its_line(tmp_path: Path) -> None:
    path = _trace(
        tmp_path,
        _event("turn_began", 1, amount=1),
        _event("phase_began", 1, "beginning"),
        _event("step_began", -7, "untap"),
        _event("step_ended", 1, "untap"),
        _event("step_began", 99999999999999999999, "upkeep"),
        _event("step_ended", 2, "upkeep"),
        '{"event": {"kind": "no_such_kind", "turn": 1}}',
    )
    result = check_trace(open_trace(path))
    assert [(p.line, p.problem) for p in result.problems[:2]] == [
        (4, "the step_began event is marked turn -7, in turn 1 (begun on line 2)"),
        (7, "2 more entries contradict where the events have the game after line 4, the last on this line"),
    ]
    assert [p.line for p in result.problems] == [4, 7, 8]  # in the order of the lines
    assert exit_code([result]) == 2  # never a pass: which turn those events happened in can't be told


def test_a_turn_began_that_begins_another_turn_than_it_is_marked_is_a_problem(tmp_path: Path) -> None:
    path = _trace(tmp_path, _event("turn_began", 1, amount=1), _event("turn_began", 2, amount=3))
    result = check_trace(open_trace(path))
    assert [(p.line, p.problem) for p in result.problems] == [(3, "turn_began begins turn 3 but is marked turn 2")]


def test_events_before_the_first_turn_began_and_between_turns_are_not_compared(tmp_path: Path) -> None:
    """Before its first turn_began a trace doesn't say which turn is under way (a game's shuffles and
    opening hands; an engine reporting what happens as a turn begins before it begins it); between
    two turns, an event is the earlier one's."""
    lines = [
        _event("day_night_changed", 1, "day"),
        _event("turn_began", 2, amount=2),
        _event("turn_ended", 2, amount=2),
        _event("extra_turn_added", 2),
        _event("turn_began", 3, amount=3),
    ]
    result = check_trace(open_trace(_trace(tmp_path, *lines, start=Start(2, "Alice"))))
    assert result.problems == () and result.events == 5
    lines[3] = _event("extra_turn_added", 3)  # the next turn's number before it began
    path = _trace(tmp_path, *lines, start=Start(2, "Alice"))
    assert [p.line for p in check_trace(open_trace(path)).problems] == [5]


def test_an_observation_showing_another_turn_than_the_one_under_way_is_a_problem_of_its_line(tmp_path: Path) -> None:
    path = _trace(
        tmp_path,
        json.dumps({"view": {"turn_number": 7, "active_player": "Alice"}}),  # before any turn_began: not compared
        _event("turn_began", 1, amount=1),
        json.dumps({"change": {"phase": "beginning"}}),  # still turn 7, as the change leaves it
        json.dumps({"change": {"turn_number": 1}}),
    )
    result = check_trace(open_trace(path))
    assert [(p.line, p.problem) for p in result.problems] == [
        (4, "the observation shows turn 7, where the events have turn 1 (begun on line 3)")
    ]


def test_an_observation_elsewhere_than_the_events_have_the_game_is_a_problem_of_its_line(tmp_path: Path) -> None:
    path = _trace(
        tmp_path,
        _event("turn_began", 1, amount=1),
        _event("phase_began", 1, "beginning"),
        _event("step_began", 1, "upkeep"),
        json.dumps({"view": {"turn_number": 1, "active_player": "Alice", "phase": "beginning", "step": "upkeep"}}),
        json.dumps({"change": {"step": "draw"}}),
        _event("step_ended", 1, "upkeep"),
        json.dumps({"change": {"active_player": "Bob"}}),  # between steps only the step goes uncompared
    )
    result = check_trace(open_trace(path))
    assert [(p.line, p.problem) for p in result.problems] == [
        (6, "the observation shows step draw, where the events have step upkeep"),
        (8, "1 more entry contradicts where the events have the game after line 6, the last on this line"),
    ]


@pytest.mark.parametrize(
    ("player", "problem"),
    [
        ({"mana_pool": {"Q": -5}}, "view/players/0/mana_pool: 'Q' is not one of ['W', 'U', 'B', 'R', 'G', 'C']"),
        ({"mana_pool": {"R": -5}}, "view/players/0/mana_pool/R: -5 is less than the minimum of 0"),
        ({"hand_size": -1}, "view/players/0/hand_size: -1 is less than the minimum of 0"),
        ({"library_size": -3}, "view/players/0/library_size: -3 is less than the minimum of 0"),
        ({"poison": -1}, "view/players/0/poison: -1 is less than the minimum of 0"),
    ],
)
def test_an_observation_showing_what_no_game_can_is_a_problem_of_its_line(
    tmp_path: Path, player: dict[str, object], problem: str
) -> None:
    """A count below zero or mana of a symbol that isn't one, which the schema refuses: the decoder took
    them, and the trace passed (exit 0)."""
    shown = json.dumps({"view": {"players": [{"name": "Alice", **player}]}})
    changed = json.dumps({"change": {"players": [{"name": "Alice", **player}]}})
    path = _trace(tmp_path, _event("turn_began", 1, amount=1), shown, '{"view": {}}', changed)
    result = check_trace(open_trace(path))
    assert [(p.line, p.problem) for p in result.problems[:1]] == [(3, problem)]
    field = problem.split(":")[0].split("/")[3]  # the change's problem is said of the same field, maybe otherwise
    assert [(p.line, p.problem.startswith(f"change/players/0/{field}")) for p in result.problems[1:]] == [(5, True)]
    assert exit_code([result]) == 2


def test_a_permanent_with_fewer_than_no_counters_is_a_problem_of_its_line_when_a_check_reads_it(
    tmp_path: Path,
) -> None:
    creature = {"id": "p1", "name": "Grizzly Bears", "controller": "Alice", "owner": "Alice", "tapped": False}
    creature |= {"damage": 0, "phased_out": False, "summoning_sick": False, "power": 2, "toughness": 2}
    path = _trace(
        tmp_path,
        _event("phase_began", 2, "combat"),
        _event("phase_ended", 2, "combat"),
        json.dumps({"view": {"battlefield": [creature | {"counters": {"+1/+1": -1}}]}}),
        start=Start(2, "Alice", "combat"),
    )
    result = check_trace(open_trace(path))
    assert [(p.line, p.problem) for p in result.problems] == [
        (4, "view/battlefield: Expected `int` >= 0 - at `$[0].counters[...]`")
    ]
    assert exit_code([result]) == 2


def test_an_observation_of_a_turn_below_zero_is_a_problem_of_its_line(tmp_path: Path) -> None:
    """Before the first turn_began nothing compares an observation's turn with the events', and turn -4
    was read as any other: the trace passed (exit 0)."""
    path = _trace(tmp_path, '{"view": {"turn_number": -4}}', _event("turn_began", 1, amount=1))
    result = check_trace(open_trace(path))
    assert [(p.line, p.problem) for p in result.problems] == [(2, "view/turn_number: -4 is less than the minimum of 0")]
    assert exit_code([result]) == 2
