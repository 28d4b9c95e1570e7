"""Fake in-process adapters: the reference engine with one fault, or breaking one rule of the turn.

Each is named on the command line as ``tests.fakes.adapters:<Class>`` (from the repository's
root). A Python adapter is created afresh for each scenario, so a fault that should happen
once counts performs across the whole process.

The environment variable ``FAKE_ADAPTER_MARKER`` names a file a fault creates when it
happens, so that a test can tell the run has got that far. With it, the fault happens once
in the whole run: in the first of its processes (``turncheck certify -j N``) to create the file.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from dataclasses import replace
from pathlib import Path
from unittest.mock import patch

import pytest

from checker.adapters.reference import ReferenceAdapter
from checker.contract.interface import Action, Capabilities, GameEvent, GameSetup, GameView, PassPriority
from reference_engine import EDITIONS
from reference_engine.editions import CR2024

#: After how many performs (in the whole process) a fault happens.
AFTER = 40
_performed = 0

#: What a hostile engine calls itself and says when it fails: colours, a screen clear, a fake
#: line of output, a NUL and a right-to-left override.
HOSTILE = "evil\x1b[31m\x1b[2J\nPASSED: every scenario\x00\u202egnissap"


def _count() -> bool:
    """Whether this perform is the one at which the fault happens (it then leaves the marker)."""
    global _performed
    _performed += 1
    if _performed != AFTER:
        return False
    marker = os.environ.get("FAKE_ADAPTER_MARKER")
    if marker:
        try:
            os.close(os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:  # another process of the run had the fault
            return False
    return True


class Exiting(ReferenceAdapter):
    """Ends the whole process, with exit code 0, in the middle of the run."""

    def perform(self, action: Action) -> None:
        if _count():
            os._exit(0)
        super().perform(action)


class Killed(ReferenceAdapter):
    """Kills the whole process with SIGKILL in the middle of the run, as the OOM killer would."""

    def perform(self, action: Action) -> None:
        if _count():
            os.kill(os.getpid(), signal.SIGKILL)
        super().perform(action)


class Interrupting(ReferenceAdapter):
    """Raises KeyboardInterrupt in the middle of the run, as a Ctrl-C inside the adapter would."""

    def perform(self, action: Action) -> None:
        if _count():
            raise KeyboardInterrupt
        super().perform(action)


class StopsTheSession(ReferenceAdapter):
    """Calls ``pytest.exit()`` in the middle of the run, saying the exit code 0 is to be the session's."""

    def perform(self, action: Action) -> None:
        if _count():
            pytest.exit("the engine had enough", returncode=0)
        super().perform(action)


class StopsTheSessionPlainly(ReferenceAdapter):
    """Calls ``pytest.exit()`` in the middle of the run, naming no exit code."""

    def perform(self, action: Action) -> None:
        if _count():
            pytest.exit("the engine had enough")
        super().perform(action)


class Stuck(ReferenceAdapter):
    """Stops in the middle of the run (until a signal comes)."""

    def perform(self, action: Action) -> None:
        if _count():
            time.sleep(3600)
        super().perform(action)


class Printing(ReferenceAdapter):
    """Prints as it starts a game, in Python and below it (on file descriptor 1, as C code would)."""

    def start(self, setup: GameSetup) -> None:
        print("starting a game")
        os.write(1, b"starting it in C\n")
        super().start(setup)


class NoEditions(ReferenceAdapter):
    """Supports no edition at all."""

    def capabilities(self) -> Capabilities:
        full = super().capabilities()
        return Capabilities(full.name, full.version, frozenset(), full.effects)


class ExitsWhenAsked(ReferenceAdapter):
    """Ends its process with sys.exit(0) when asked what it supports: a pass, were it believed."""

    def capabilities(self) -> Capabilities:
        raise SystemExit(0)


class EndsWhenAsked(ReferenceAdapter):
    """Ends its process at once, exit code 7, when asked what it supports."""

    def capabilities(self) -> Capabilities:
        os._exit(7)


class FailsWhenAsked(ReferenceAdapter):
    """Raises an error of its own when asked what it supports."""

    def capabilities(self) -> Capabilities:
        raise RuntimeError("no capabilities today")


class AnswersText(ReferenceAdapter):
    """Answers a string when asked what it supports."""

    def capabilities(self) -> Capabilities:
        return "cr2024"  # type: ignore[return-value]


class Hostile(ReferenceAdapter):
    """Names itself, and fails, with text meant to fool a terminal."""

    def capabilities(self) -> Capabilities:
        full = super().capabilities()
        return Capabilities(HOSTILE, HOSTILE, full.editions, full.effects)

    def perform(self, action: Action) -> None:
        raise RuntimeError(HOSTILE)


class ActivePlayerOnlyPriority(ReferenceAdapter):
    """Never gives the non-active player priority: the active player seems to hold it whenever
    anyone does, and each of their passes is taken as the real holder's. It names itself, so that
    its reports are not taken for the reference engine's (as by ``turncheck site`` beside them)."""

    def capabilities(self) -> Capabilities:
        full = super().capabilities()
        return replace(full, name="active-player-only-priority")

    def view(self) -> GameView:
        view = super().view()
        d = view.decision
        if d is not None and d.kind == "priority" and d.player != view.active_player:
            return replace(view, decision=replace(d, player=view.active_player))
        return view

    def perform(self, action: Action) -> None:
        real = super().view()
        if isinstance(action, PassPriority) and real.priority is not None and action.player == real.active_player:
            action = PassPriority(real.priority)
        super().perform(action)


class NeverStopsIn(ReferenceAdapter):
    """Never stops in one step: whenever a player would get priority there, everyone passes at once.
    With ``hidden``, the step's beginning and end are left out of the events as well."""

    def __init__(self, step: str, hidden: bool = False) -> None:
        super().__init__()
        self.step, self.hidden = step, hidden

    def _pass_through(self) -> None:
        view = super().view()
        while view.priority is not None and view.step == self.step:
            super().perform(PassPriority(view.priority))
            view = super().view()

    def start(self, setup: GameSetup) -> None:
        super().start(setup)
        self._pass_through()

    def perform(self, action: Action) -> None:
        super().perform(action)
        self._pass_through()

    def events(self) -> list[GameEvent]:
        hide = {"step_began", "step_ended"} if self.hidden else set()
        return [e for e in super().events() if not (e.kind in hide and e.subject == self.step)]


class _UpkeepWithoutPriority(CR2024):
    """The 2024 rules with one broken: nobody receives priority in the upkeep (CR 503.1)."""

    no_priority = CR2024.no_priority | {"upkeep"}


class NoUpkeepPriority(ReferenceAdapter):
    """The reference engine with one turn-structure rule broken: in cr2024 the upkeep passes
    without any player receiving priority (a planted deviation for ``turncheck explore``)."""

    def start(self, setup: GameSetup) -> None:
        with patch.dict(EDITIONS, {"cr2024": _UpkeepWithoutPriority}):
            super().start(setup)


#: Games :class:`NoUpkeepPriorityThenDies` plays (in the whole process) before it dies.
LIVES = 4
_started = 0


def _lived() -> bool:
    """Whether the game starting now is past the :data:`LIVES` games of the process."""
    global _started
    _started += 1
    return _started > LIVES


class NoUpkeepPriorityThenDies(NoUpkeepPriority):
    """Breaks the rule as :class:`NoUpkeepPriority` does, then, past :data:`LIVES` games in the
    process, kills the process it runs in as it starts a game: a finding's shrinking meets an
    engine in process that crashes the interpreter."""

    def start(self, setup: GameSetup) -> None:
        if _lived():
            os.kill(os.getpid(), signal.SIGKILL)
        super().start(setup)


class NoUpkeepPriorityThenStalls(NoUpkeepPriority):
    """Breaks the rule as :class:`NoUpkeepPriority` does, then, past :data:`LIVES` games in the
    process, leaves the marker ``FAKE_ADAPTER_MARKER`` and sleeps as it starts a game (for longer than
    a test waits): a finding's shrinking under way, for a test to interrupt the run."""

    def start(self, setup: GameSetup) -> None:
        if _lived():
            Path(os.environ["FAKE_ADAPTER_MARKER"]).touch()
            time.sleep(3600)
        super().start(setup)


class NoUpkeepPriorityThenInterrupted(NoUpkeepPriority):
    """Breaks the rule as :class:`NoUpkeepPriority` does, then, past :data:`LIVES` games in the
    process, raises KeyboardInterrupt as it starts a game, as a Ctrl-C inside the adapter would."""

    def start(self, setup: GameSetup) -> None:
        if _lived():
            raise KeyboardInterrupt
        super().start(setup)


class DiesInSetUps(ReferenceAdapter):
    """The reference engine, but a game started from a set-up (not from the game's start) kills
    the process it runs in, as an engine in process that crashes the interpreter would. Only for
    ``turncheck explore -j N``, whose games run in processes of their own."""

    def start(self, setup: GameSetup) -> None:
        if not setup.from_game_start:
            os.kill(os.getpid(), signal.SIGKILL)
        super().start(setup)


class UnknownEffect(ReferenceAdapter):
    """The reference engine, saying in its handshake it supports an effect the catalog doesn't have."""

    def capabilities(self) -> Capabilities:
        found = super().capabilities()
        return replace(found, effects=found.effects | {"bogus_effect"})


class ExitsAsItIsMade(ReferenceAdapter):
    """Calls ``sys.exit`` as it is created."""

    def __init__(self) -> None:
        sys.exit(0)


class HangsAsItIsMade(ReferenceAdapter):
    """Never returns from being created."""

    def __init__(self) -> None:
        while True:
            time.sleep(0.05)


class VersionAsANumber(ReferenceAdapter):
    """Gives its version as a number, which no ``hello`` over the wire could."""

    def capabilities(self) -> Capabilities:
        return replace(super().capabilities(), version=123)  # type: ignore[arg-type]


_made = 0


class FailsToBeMadeAgain(ReferenceAdapter):
    """Is created once in a process, and fails to be created the next time (a licence server that went
    away, say): a failure of the engine in the middle of a run, not of the adapter's loading."""

    def __init__(self) -> None:
        global _made
        _made += 1
        if _made > 1:
            raise RuntimeError("no second engine today")
        super().__init__()


class NamedAnew(ReferenceAdapter):
    """Gives another version each time it is made, as an engine process restarted as another would."""

    made = 0  # in this process

    def __init__(self) -> None:
        super().__init__()
        NamedAnew.made += 1
        self.version = f"0.{NamedAnew.made}"

    def capabilities(self) -> Capabilities:
        return replace(super().capabilities(), version=self.version)
