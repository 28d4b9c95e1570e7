"""Writing a trace (an importer, a recorder): :class:`TraceWriter`.

with TraceWriter(path, Header.new("cr2024", ["Alice", "Bob"], "my-engine", "1.0")) as trace:
    trace.event(GameEvent("turn_began", 1, "Alice", amount=1))
    trace.observation(Observation(decision=DecisionView("priority", "Alice"), stack=()))
    trace.action(PassPriority("Alice"))
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from types import TracebackType
from typing import IO, Any, Final

import msgspec

from checker.contract.codec import encode
from checker.contract.documents import create_afresh
from checker.contract.interface import Action, GameEvent, PermanentView
from checker.trace.format import Header, Observation

_ENCODER = msgspec.json.Encoder()


class TraceWriter:
    """Writes a trace: the header first, then entries in the order they happened.

    Each observation after the first is written as a change, the fields that differ from the
    previous one's (a recorded game's permanents, the bulk of its bytes, change a few times a
    turn); ``changes=False`` writes every observation whole."""

    def __init__(self, path: Path | str, header: Header, *, changes: bool = True) -> None:
        self.path = Path(path)
        self._file: IO[bytes] = create_afresh(self.path)  # a link there is replaced, not written through
        self._changes = changes
        self._observed: Observation | None = None
        self._line(_ENCODER.encode(header))

    def _line(self, data: bytes) -> None:
        self._file.write(data + b"\n")

    def event(self, event: GameEvent) -> None:
        self._line(_ENCODER.encode({"event": _event_json(event)}))

    def observation(self, observation: Observation) -> None:
        before, self._observed = self._observed, observation
        names = Observation.__struct_fields__
        if before is not None and self._changes:
            kind = "change"
            fields = {name: value for name in names if (value := getattr(observation, name)) != getattr(before, name)}
        else:
            kind = "view"
            fields = {name: value for name in names if (value := getattr(observation, name)) is not None}
        if fields.get("battlefield") is not None:
            fields["battlefield"] = [_permanent_json(p) for p in observation.battlefield or ()]
        self._line(_ENCODER.encode({kind: fields}))

    def action(self, action: Action, refused: str | None = None) -> None:
        """An action the engine accepted, or refused (``refused``: the engine's reason)."""
        entry: dict[str, Any] = {"action": encode(action), "outcome": "refused" if refused is not None else "accepted"}
        if refused is not None:
            entry["message"] = refused
        self._line(_ENCODER.encode(entry))

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> TraceWriter:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


#: The fields of a permanent that may be left out, with the values they then have.
_PERMANENT_DEFAULTS: Final = {
    f.name: f.default if f.default_factory is dataclasses.MISSING else f.default_factory()
    for f in dataclasses.fields(PermanentView)
    if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
}
_REQUIRED: Final = object()


def _permanent_json(permanent: PermanentView) -> dict[str, Any]:
    """A permanent as a trace writes it: the fields it may leave out only where they differ from
    their defaults (a third fewer bytes in the list a trace's observations repeat most)."""
    data = {f: getattr(permanent, f) for f in _PERMANENT_FIELDS}
    data["counters"] = dict(permanent.counters)
    return {name: value for name, value in data.items() if _PERMANENT_DEFAULTS.get(name, _REQUIRED) != value}


_PERMANENT_FIELDS: Final = tuple(f.name for f in dataclasses.fields(PermanentView))


def _event_json(event: GameEvent) -> dict[str, Any]:
    """The event as the protocol writes it, without the fields it leaves at their defaults."""
    data: dict[str, Any] = {"kind": event.kind, "turn": event.turn}
    if event.player is not None:
        data["player"] = event.player
    if event.subject is not None:
        data["subject"] = event.subject
    if event.amount is not None:
        data["amount"] = event.amount
    if event.detail:
        data["detail"] = dict(event.detail)
    return data
