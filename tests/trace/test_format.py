"""The trace format's structures keep in step with the interface they mirror."""

from __future__ import annotations

import dataclasses

import msgspec

from checker.contract.interface import GameEvent
from checker.trace.format import Event


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
