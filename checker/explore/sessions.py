"""Games played in processes of their own: ``turncheck explore -j N`` plays its games in N processes
side by side (one with ``-j 1``: the command supervises it).

A game's outcome depends only on the run's seed, its edition and its index
(:mod:`checker.explore.explorer`), so each game can go to whichever process is free: the report,
which puts the games back in their order, is the one a single process writes. Each process
starts its own engine (and reference engine, for the differential), as a single run does.

Even one process is supervised, as ``certify``'s run is: an engine in process that ends the
process (``os._exit``), or kills it, would otherwise end the command with no report and its exit
code. The processes are started afresh (``spawn``), not forked, so that they don't share the
command's engine process or its progress bar's thread. They ignore Ctrl-C and a hang-up (the terminal
sends those to every process of the command); the command stops them itself and keeps what they
finished.

Before the games, an adapter in process is asked what it supports (:func:`what_it_supports`) in a
process of its own too, forked, as it would be in the command's: an adapter that ends that process
(``sys.exit``, ``os._exit``), raises or answers something that isn't a ``Capabilities`` has failed
to say, an engine failure, and not the command's end.

Each process is handed one game at a time, so the supervisor always knows which game each is
playing (a pool of workers would not say). A process that dies in a game (an engine in process
that crashes the interpreter, a kill from outside) costs that game only: it becomes an engine
failure naming how the process ended, a new process takes its place, and the run goes on. A game
whose finding was being shrunk when its process died keeps that finding, with the smallest game
found until then: the process sends each one up as it is found, and the death is what cut the
shrinking short. So does a run stopped (a Ctrl-C, or a ``KeyboardInterrupt`` out of an engine's
adapter) while findings are shrunk: the supervisor hands them to the command, which keeps them.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
import signal
import traceback
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from types import FrameType

from checker.contract.exits import ended
from checker.contract.interface import Capabilities, EngineFailure
from checker.contract.interrupts import with_its_parent
from checker.explore.explorer import Engines, GameOutcome, explore_game, game_seed
from checker.explore.play import Finding
from checker.running.engines import EngineNotFound, EngineProvider, EngineSpec

#: A game: its edition and its index in the run.
Game = tuple[str, int]
#: Seconds a stopped process has to close its engines before it is killed (and one whose pipe
#: closed has to end by itself).
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

    def play(self, engines: Engines, game: Game, found: Callable[[GameOutcome], None]) -> GameOutcome:
        """Play ``game``; ``found`` as :func:`~checker.explore.explorer.explore_game`'s."""
        edition, index = game
        return explore_game(
            engines,
            edition,
            self.seed,
            index,
            self.kinds,
            self.max_decisions,
            shrink_budget=self.shrink_budget,
            found=found,
        )


@dataclass
class _Session:
    """A process of the run, the game it was handed, and whether it has started (its engines made)."""

    process: BaseProcess
    game: Game | None = None
    started: bool = False


@dataclass(frozen=True)
class _Started:
    """A process's first word: it has made its engines and waits for games."""


@dataclass(frozen=True)
class _Found:
    """A process's word while it shrinks a finding: the game's outcome with the smallest game yet."""

    outcome: GameOutcome


@dataclass(frozen=True)
class _Interrupted:
    """A process's last word: a KeyboardInterrupt came out of its game (raised in the engine's adapter,
    as a Ctrl-C inside it would be): the run stops as on a Ctrl-C, as ``certify``'s does."""


@dataclass(frozen=True)
class _Failed:
    """A process's last word: an error of the explorer or the rules checker, with its traceback."""

    error: str


def side_by_side(
    games: Games, todo: Iterable[Game], count: int, shrinking: dict[Game, GameOutcome] | None = None
) -> Generator[tuple[Game, GameOutcome], None, None]:
    """Play ``todo`` in ``count`` processes, yielding each game's outcome as it finishes. The
    processes are stopped when the iterator ends, whether it ran out, raised or was closed.
    ``todo`` is taken a game at a time, as the processes are free: it may be endless.

    ``shrinking`` holds each game whose finding is being shrunk, with its outcome as it stood when
    the finding was last found smaller; a game leaves it when its outcome is yielded. Where the
    iterator is stopped before its end (an interrupt), what the processes had sent up by then is
    read first: what it holds are the games whose finding was seen and not yet fully shrunk (or, one
    that ended just then, shrunk: it was not yielded).

    A process that dies before it has started (it couldn't import or make its engines, which then
    would fail every game) stops the run with :class:`SessionError`, as a bug in one does."""
    context = multiprocessing.get_context("spawn")
    pending = iter(todo)
    first = list(itertools.islice(pending, count))  # a process for each, up to count
    pending = itertools.chain(first, pending)
    running: dict[Connection, _Session] = {}
    shrinking = {} if shrinking is None else shrinking

    def start() -> Connection:
        ours, theirs = context.Pipe()
        process = context.Process(
            target=_session, args=(theirs, games, os.getpid()), name="turncheck explore", daemon=True
        )
        process.start()
        theirs.close()
        running[ours] = _Session(process)
        return ours

    def hand_out(connection: Connection) -> None:
        session = running[connection]
        session.game = next(pending, None)
        if session.game is not None:
            connection.send(session.game)
        else:
            del running[connection]
            _stop(connection, session.process)

    try:
        for connection in [start() for _ in first]:
            hand_out(connection)
        while running:
            sentinels = {session.process.sentinel: connection for connection, session in running.items()}
            for ready in wait([*running, *sentinels]):
                connection = ready if isinstance(ready, Connection) else sentinels[ready]  # type: ignore[index]
                session = running.get(connection)
                if session is None:
                    continue  # its connection and its sentinel were both ready: already seen
                game = session.game
                assert game is not None
                try:
                    said = connection.recv() if connection.poll() else None
                except (EOFError, OSError):
                    said = None
                if isinstance(said, _Started):
                    session.started = True
                elif isinstance(said, _Found):
                    shrinking[game] = said.outcome
                elif isinstance(said, GameOutcome):
                    shrinking.pop(game, None)  # before it is yielded: the caller may be stopped there
                    yield game, said
                    hand_out(connection)
                elif isinstance(said, _Failed):
                    raise SessionError(f"{game[0]} game {game[1]}: {said.error}")
                elif isinstance(said, _Interrupted):
                    raise KeyboardInterrupt(f"{game[0]} game {game[1]}: a KeyboardInterrupt came out of the engine")
                else:  # the process died (or is dying: its end of the pipe closed first)
                    del running[connection]
                    session.process.join(STOP_GRACE)  # how it ended is its own, however slowly
                    _stop(connection, session.process, at_once=True)
                    if not session.started:
                        how = ended(session.process.exitcode)
                        raise SessionError(f"a process of the run couldn't start: it {how} (its error is above)")
                    yield game, _died(games, game, session.process.exitcode, shrinking.pop(game, None))
                    hand_out(start())
    finally:
        for connection, session in running.items():
            if session.game is not None:
                _sent_up(connection, session.game, shrinking)
            _stop(connection, session.process, at_once=True)


def _sent_up(connection: Connection, game: Game, shrinking: dict[Game, GameOutcome]) -> None:
    """Read what a process stopped in ``game`` had sent up and the supervisor hadn't read: its finding
    found smaller, or its game's outcome with a finding (the game ended as it was stopped; kept as
    being shrunk, since it is not yielded)."""
    with contextlib.suppress(EOFError, OSError):
        while connection.poll():
            said = connection.recv()
            if isinstance(said, _Found):
                shrinking[game] = said.outcome
            elif isinstance(said, GameOutcome) and said.finding is not None:
                shrinking[game] = said


def _died(games: Games, game: Game, exit_code: int | None, found: GameOutcome | None) -> GameOutcome:
    """The outcome of a game whose process died in it: the death, or the finding ``found`` before
    it, whose shrinking the death cut short."""
    edition, index = game
    in_process = EngineSpec.parse(games.engine).command is None
    blame = " (the engine runs in that process: it may have crashed it)" if in_process else ""
    finding = Finding("engine failure", "the process playing the game died", f"the process {ended(exit_code)}{blame}")
    if found is not None:
        return replace(found, cut_short=finding)
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


def _session(connection: Connection, games: Games, command: int) -> None:
    """One process: plays the games it is handed until it is handed None. Where the command's process
    (``command``, its id) is killed outright, it is stopped as the command stops it (SIGTERM), not
    left to finish its game for nobody."""
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
    if (orphaned := with_its_parent(signal.SIGTERM, command)) is not None:
        orphaned()
    engines = Engines(engine.get, reference.get if reference else None, games.effects)
    try:
        connection.send(_Started())
        while (game := connection.recv()) is not None:
            try:
                connection.send(games.play(engines, game, lambda outcome: connection.send(_Found(outcome))))
            except Exception as exc:  # the explorer's or the rules checker's: the command reports it
                connection.send(_Failed(f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}"))
                return
            except KeyboardInterrupt:  # not a Ctrl-C, which this process ignores: the engine's
                connection.send(_Interrupted())
                return
    except (EOFError, OSError):
        return  # the command is gone
    finally:
        engine.close()
        if reference is not None:
            reference.close()


@dataclass(frozen=True)
class _Unsaid:
    """The asking process's word when the adapter couldn't say what it supports: why (``not_found``:
    the adapter couldn't be loaded at all, a usage error)."""

    why: str
    not_found: bool = False


def what_it_supports(engine: str, timeout: float, sessions: int) -> Capabilities:
    """The engine's capabilities, from its handshake (an engine process) or from the adapter in a
    forked process (an adapter in process, which could end the command's process otherwise).
    Raises :class:`EngineNotFound` for an engine that can't be found, :class:`EngineFailure`
    (for an adapter in process; an engine process's own failure for one) when it couldn't say."""
    provider = EngineProvider(engine, timeout, sessions=sessions)
    if provider.spec.command is not None:
        try:
            provider.check()
            return provider.get().capabilities()
        finally:
            provider.close()
    context = multiprocessing.get_context("fork")  # nothing to share yet: no engine process, no thread
    ours, theirs = context.Pipe()
    process = context.Process(target=_ask, args=(theirs, engine, timeout), name="turncheck explore", daemon=True)
    process.start()
    theirs.close()
    try:
        said = ours.recv()
    except EOFError:  # it ended without a word
        said = None
    except BaseException:  # a Ctrl-C while it answers: it is stopped at once
        _stop(ours, process, at_once=True)
        raise
    _stop(ours, process)
    if isinstance(said, Capabilities):
        return said
    if isinstance(said, _Unsaid):
        raise EngineNotFound(said.why) if said.not_found else EngineFailure(said.why)
    raise EngineFailure(f"the process asking it {ended(process.exitcode)}")


def _ask(connection: Connection, engine: str, timeout: float) -> None:
    """The asking process: loads the adapter and sends up what it supports, or why it couldn't say."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the command stops it on a Ctrl-C
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    said: Capabilities | _Unsaid
    try:
        said = _answer(EngineProvider(engine, timeout).get().capabilities())
    except EngineNotFound as exc:
        said = _Unsaid(str(exc), not_found=True)
    except EngineFailure as exc:  # said as the engine's failure already (a sys.exit, capabilities that aren't)
        said = _Unsaid(str(exc))
    except BaseException as exc:  # whatever the adapter does, a sys.exit or a KeyboardInterrupt too
        said = _Unsaid(f"{type(exc).__name__}: {exc}")
    with contextlib.suppress(OSError):
        connection.send(said)


def _answer(found: Capabilities) -> Capabilities:
    """The adapter's answer (checked as a hello is by the provider's adapter,
    :class:`~checker.running.deadline.TimedAdapter`), rebuilt as the suite's own Capabilities: a
    class of the adapter's, were it one, could be read only by importing the adapter's module."""
    return Capabilities(found.name, found.version, frozenset(found.editions), frozenset(found.effects))
