"""Recording a scenario run as a trace (``turncheck certify --record-traces DIR``).

A :class:`RecordingAdapter` stands between a scenario and its engine: it passes every call on,
and writes what the game did into a trace (:mod:`checker.trace.format`): the events, the
observation at each decision, and each action with its outcome. The game is wrapped only when
recording, so a run that doesn't record pays nothing.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

from checker.contract.documents import unique
from checker.contract.interface import (
    Action,
    Capabilities,
    EngineAdapter,
    GameEvent,
    GameSetup,
    GameView,
    IllegalActionError,
)
from checker.trace.files import UNFINISHED
from checker.trace.format import KEYWORDS, Header, Observation, Start
from checker.trace.writer import TraceWriter

#: The longest name :func:`trace_name` gives, in characters (ASCII: bytes), room left for ``-2``...,
#: ``.trace.jsonl`` and :data:`UNFINISHED` within the 255 bytes most file systems allow a file's name.
TRACE_NAME_LIMIT = 200


def trace_name(scenario_id: str) -> str:
    """The name of one scenario run's trace file (without ``.trace.jsonl``): its stable id, made safe
    as a file name. An id too long for a file's name (a long scenario name, an outline's long values)
    is cut, and ends with a digest of the whole id, so that ids alike in their first 200 characters
    keep names of their own."""
    name = re.sub(r"[^A-Za-z0-9._-]+", "_", scenario_id).strip("_")
    if len(name) <= TRACE_NAME_LIMIT:
        return name
    digest = hashlib.sha256(scenario_id.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return f"{name[: TRACE_NAME_LIMIT - len(digest) - 1]}_{digest}"


def trace_names(scenario_ids: Iterable[str]) -> dict[str, str]:
    """The names of the trace files of a session's scenario runs, each its own. Two ids that differ
    only in what a file name doesn't keep ("Alice's" and "Alice s", an example's "+1" and "1") would
    share one, the second trace written over the first: the later id, in their order, gets ``-2``
    (``-3``...), the same in every session that collects them (each pytest-xdist worker, the next run)."""
    taken: set[str] = set()
    return {run: unique(trace_name(run), taken) for run in sorted(set(scenario_ids))}


def trace_path(directory: Path, scenario_id: str, names: Mapping[str, str] | None = None) -> Path:
    """The file of one scenario run, named from its stable id (:func:`trace_name`), or as ``names``
    (:func:`trace_names`) has it."""
    name = names.get(scenario_id) if names is not None else None
    return directory / f"{name or trace_name(scenario_id)}.trace.jsonl"


def unfinished(path: Path) -> Path:
    """Where a scenario run's trace is written until the run has come to its result: its file's
    name and :data:`UNFINISHED`, which no pattern of a directory's traces matches."""
    return path.with_name(path.name + UNFINISHED)


def keywords_of(setup: GameSetup) -> dict[str, tuple[str, ...]]:
    """The combat keyword abilities of every card and permanent of the set-up, by id, from its
    card spec: what an observation's ``keywords`` shows (the interface's views don't say). The
    effect catalog grants no keyword, so a card's spec is all it ever has."""
    cards = [(p.id, p.card) for p in setup.battlefield]
    for player in setup.players:
        cards += [(c.id, c.card) for zone in (player.library, player.hand, player.graveyard) for c in zone]
    found = {id_: tuple(sorted(e.key for e in card.effects if e.key in KEYWORDS)) for id_, card in cards}
    return {id_: keywords for id_, keywords in found.items() if keywords}


class RecordingAdapter:
    """An adapter that records the game it plays into ``path``; it satisfies EngineAdapter."""

    def __init__(self, engine: EngineAdapter, path: Path, scenario: str | None = None) -> None:
        self.engine = engine
        self.path = path
        self.scenario = scenario
        self._writer: TraceWriter | None = None
        self._written = 0
        self._keywords: dict[str, tuple[str, ...]] = {}

    def capabilities(self) -> Capabilities:
        return self.engine.capabilities()

    def start(self, setup: GameSetup) -> None:
        caps = self.engine.capabilities()
        start = Start(setup.turn_number, setup.active_player, setup.phase, setup.step, setup.from_game_start)
        header = Header.new(
            setup.edition,
            [p.name for p in setup.players],
            caps.name,
            caps.version,
            starting_player=setup.starting_player or (None if setup.from_game_start else setup.active_player),
            start=start,
            scenario=self.scenario,
        )
        self.close()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._writer = TraceWriter(self.path, header)
        except OSError as exc:
            self._unwritable(exc)
        self._written = 0
        self._keywords = keywords_of(setup)
        try:
            self.engine.start(setup)
        except BaseException:
            # No game began (an unsupported set-up, a crash): no trace, and the engine's own error
            # goes up as it was, not one from asking a game that never began for its events.
            self._discard()
            raise
        self._record()

    def perform(self, action: Action) -> None:
        try:
            self.engine.perform(action)
        except IllegalActionError as exc:
            reason = str(exc)
            self._write(lambda writer: writer.action(action, refused=reason))
            raise
        self._write(lambda writer: writer.action(action))
        self._record()

    def view(self) -> GameView:
        return self.engine.view()

    def events(self) -> Sequence[GameEvent]:
        return self.engine.events()

    def _record(self) -> None:
        """The events since the last record, then the game as it now is."""
        if self._writer is None:
            return
        events = self.engine.events()
        new = events[self._written :]
        self._written = len(events)
        observation = Observation.of(self.engine.view(), self._keywords)

        def write(writer: TraceWriter) -> None:
            for event in new:
                writer.event(event)
            writer.observation(observation)

        self._write(write)

    def _write(self, write: Callable[[TraceWriter], None]) -> None:
        if self._writer is not None:
            try:
                write(self._writer)
            except OSError as exc:
                self._unwritable(exc)

    def _unwritable(self, exc: OSError) -> None:
        """The trace can't be written (a full disk, a directory taken away): the caller is told."""
        raise exc

    def _discard(self) -> None:
        """No trace: the file closed (its buffer may not be writable either) and removed."""
        writer, self._writer = self._writer, None
        with contextlib.suppress(OSError):
            if writer is not None:
                writer.close()
        with contextlib.suppress(OSError):
            self.path.unlink(missing_ok=True)

    def close(self) -> None:
        writer, self._writer = self._writer, None
        if writer is not None:
            try:
                writer.close()
            except OSError as exc:
                self._unwritable(exc)


class RecordingAlongside(RecordingAdapter):
    """The recording of ``--record-traces``, alongside a scenario that judges the engine: a trace
    that can't be written stops being written and is removed, and the game goes on, so that the
    scenario's result is the engine's, never the recording's. :attr:`failure` says why.

    The trace is written under its unfinished name (:data:`UNFINISHED`) and takes its own only when
    the scenario run has come to its result (:meth:`finish`): a game cut short (the run interrupted,
    the engine's process ended with the session's) is left under the unfinished name, which
    ``turncheck trace DIR`` doesn't read, not as a trace that would pass for a whole game."""

    def __init__(self, engine: EngineAdapter, path: Path, scenario: str | None = None) -> None:
        super().__init__(engine, unfinished(path), scenario)
        self.final = path
        self.failure: str | None = None
        self._began = False

    def start(self, setup: GameSetup) -> None:
        self._began = True
        self._forget()
        super().start(setup)

    def close(self) -> None:
        """The trace ended, whole or not (see :meth:`finish`). A scenario run that began no game
        (unsupported before its set-up: an edition or an effect the engine doesn't have) has no trace,
        and leaves none at its name either: a trace an earlier run left there (another engine's, in a
        directory used again) would pass for this run's."""
        if self._began:
            super().close()
        else:
            self._discard()
            self._forget()

    def finish(self) -> bool:
        """The scenario run came to its result: the trace, closed, takes its name. Whether there is one."""
        written = self._writer is not None
        self.close()
        if not written or self.failure is not None:
            return False
        try:
            os.replace(self.path, self.final)
        except OSError as exc:
            self._unwritable(exc)
            return False
        return True

    def _forget(self) -> None:
        """The trace an earlier run left at this one's name taken away: it would pass for this run's."""
        with contextlib.suppress(OSError):
            self.final.unlink(missing_ok=True)

    def _unwritable(self, exc: OSError) -> None:
        if self.failure is None:
            self.failure = f"{self.final}: {exc.strerror or exc}"
        self._discard()
