"""Games played side by side: ``turncheck explore -j N`` plays its games in N processes.

A game's outcome depends only on the run's seed, its edition and its index
(:mod:`checker.explore.explorer`), so each game can go to whichever process is free: the report,
which puts the games back in their order, is the one a single process writes. Each process
starts its own engine (and reference engine, for the differential), as a single run does.

The processes are started afresh (``spawn``), not forked, so that they don't share the command's
engine process or its progress bar's thread. They ignore Ctrl-C and a hang-up (the terminal
sends those to every process of the command); the command stops them itself and keeps what they
finished.

Each process is handed one game at a time, so the supervisor always knows which game each is
playing (a pool of workers would not say). A process that dies in a game (an engine in process
that crashes the interpreter, a kill from outside) costs that game only: it becomes an engine
failure naming how the process ended, a new process takes its place, and the run goes on.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import traceback
from collections.abc import Generator
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from types import FrameType

from checker.explore.explorer import Engines, GameOutcome, explore_game, game_seed
from checker.explore.play import Finding
from checker.running.engines import EngineProvider, EngineSpec

#: A game: its edition and its index in the run.
Game = tuple[str, int]
#: Seconds a stopped process has to close its engines before it is killed.
STOP_GRACE = 5.0


class SessionError(RuntimeError):
    """A process failed other than by its engine: an error of the explorer or the rules checker."""


@dataclass(frozen=True)
class Games:
    """What every game of the run is played with: everything a process needs to play one."""

    engine: str
    timeout: float
    against: str | None
    effects: frozenset[str] | None
    seed: int
    kinds: tuple[str, ...]
    max_decisions: int
    shrink_budget: int
    #: How many processes play side by side (their engines' waits depend on it).
    sessions: int = 1

    def play(self, engines: Engines, game: Game) -> GameOutcome:
        edition, index = game
        return explore_game(
            engines, edition, self.seed, index, self.kinds, self.max_decisions, shrink_budget=self.shrink_budget
        )


def side_by_side(games: Games, todo: list[Game], count: int) -> Generator[tuple[Game, GameOutcome], None, None]:
    """Play ``todo`` in ``count`` processes, yielding each game's outcome as it finishes. The
    processes are stopped when the iterator ends, whether it ran out, raised or was closed."""
    context = multiprocessing.get_context("spawn")
    pending = list(reversed(todo))
    running: dict[Connection, tuple[BaseProcess, Game | None]] = {}

    def start() -> None:
        ours, theirs = context.Pipe()
        process = context.Process(target=_session, args=(theirs, games), name="turncheck explore", daemon=True)
        process.start()
        theirs.close()
        running[ours] = (process, None)

    def hand_out(connection: Connection) -> None:
        process, _ = running[connection]
        if pending:
            game = pending.pop()
            connection.send(game)
            running[connection] = (process, game)
        else:
            _stop(connection, process)
            del running[connection]

    try:
        for _ in range(min(count, len(todo))):
            start()
        for connection in list(running):
            hand_out(connection)
        while running:
            sentinels = {process.sentinel: connection for connection, (process, _) in running.items()}
            for ready in wait([*running, *sentinels]):
                connection = ready if isinstance(ready, Connection) else sentinels[ready]  # type: ignore[index]
                if connection not in running:
                    continue  # its connection and its sentinel were both ready: already seen
                process, game = running[connection]
                assert game is not None
                try:
                    answer = connection.recv() if connection.poll() else None
                except (EOFError, OSError):
                    answer = None
                if isinstance(answer, GameOutcome):
                    yield game, answer
                    hand_out(connection)
                    continue
                if isinstance(answer, str):
                    raise SessionError(f"{game[0]} game {game[1]}: {answer}")
                del running[connection]
                _stop(connection, process, at_once=True)
                yield game, _died(games, game, process.exitcode)
                start()
                replacement = next(reversed(running))
                hand_out(replacement)
    finally:
        for connection, (process, _) in running.items():
            _stop(connection, process, at_once=True)


def _died(games: Games, game: Game, exit_code: int | None) -> GameOutcome:
    """The outcome of a game whose process died in it."""
    edition, index = game
    if exit_code is not None and exit_code < 0:
        how = f"killed by {signal.Signals(-exit_code).name}"
    else:
        how = f"exited with code {exit_code}"
    in_process = EngineSpec.parse(games.engine).command is None
    blame = " (the engine runs in that process: it may have crashed it)" if in_process else ""
    finding = Finding("engine failure", "the process playing the game died", f"the process {how}{blame}")
    return GameOutcome(index, game_seed(games.seed, edition, index), plays=1, finding=finding)


def _stop(connection: Connection, process: BaseProcess, at_once: bool = False) -> None:
    """Stop a process: after its game (told there are no more) or at once (its engines closed by
    its SIGTERM handler); killed if it hasn't ended within :data:`STOP_GRACE`. (A process that
    has ended already is only waited for.)"""
    with contextlib.suppress(OSError):
        if at_once:
            process.terminate()
        else:
            connection.send(None)
    process.join(STOP_GRACE)
    if process.exitcode is None:
        process.kill()
        process.join()
    connection.close()


def _session(connection: Connection, games: Games) -> None:
    """One process: plays the games it is handed until it is handed None."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    engine = EngineProvider(games.engine, games.timeout, sessions=games.sessions)
    reference = EngineProvider("reference", games.timeout) if games.against else None

    def close(number: int, frame: FrameType | None) -> None:
        for provider in (engine, reference):
            if provider is not None:
                with contextlib.suppress(Exception):
                    provider.close()
        os._exit(128 + number)

    signal.signal(signal.SIGTERM, close)
    engines = Engines(engine.get, reference.get if reference else None, games.effects)
    try:
        while (game := connection.recv()) is not None:
            try:
                connection.send(games.play(engines, game))
            except Exception as exc:  # the explorer's or the rules checker's: the command reports it
                connection.send(f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}")
                return
    except (EOFError, OSError):
        return  # the command is gone
    finally:
        engine.close()
        if reference is not None:
            reference.close()
