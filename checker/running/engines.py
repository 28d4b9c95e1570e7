"""Finding the engine to certify from a command-line word, and keeping it ready.

An engine is named in one of three ways:

- ``reference``: the reference engine, in this process;
- ``package.module:AdapterClass``: a Python adapter, in this process;
- anything else is a command line (``"./my-engine --serve"``, ``"java -jar engine.jar"``) that
  starts a process speaking the wire protocol on its stdin and stdout.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import re
import shlex
import shutil
from dataclasses import dataclass

from checker.contract.interface import EngineAdapter, EngineFailure, EngineTimeout
from checker.contract.protocol import MAX_MESSAGE_BYTES
from checker.running.deadline import TimedAdapter, within
from checker.running.wire.client import DEFAULT_TIMEOUT, STARTUP_TIMEOUT, WireEngine
from checker.running.wire.polling import PROCESSORS
from checker.running.wire.process import EngineProcess

_IMPORT_PATH = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_]\w*")


class EngineNotFound(ValueError):
    pass


@dataclass(frozen=True)
class EngineSpec:
    text: str
    command: tuple[str, ...] | None  # None: an adapter in this process

    @classmethod
    def parse(cls, text: str) -> EngineSpec:
        if text == "reference" or _IMPORT_PATH.fullmatch(text):
            return cls(text, None)
        try:
            command = tuple(shlex.split(text))
        except ValueError as exc:
            raise EngineNotFound(f"engine {text!r}: cannot read it as a command line: {exc}") from exc
        if not command:
            raise EngineNotFound("engine: an empty command line")
        return cls(text, command)


#: What to do when an adapter's module can't be imported: a console script such as turncheck
#: doesn't look in the current directory.
NOT_IMPORTABLE = (
    "install the adapter's package into the Python environment turncheck runs in (pip install -e . in "
    "its repository), or put the directory that holds the package on PYTHONPATH"
)


def load_python_engine(spec: str, timeout: float = STARTUP_TIMEOUT) -> EngineAdapter:
    """``reference`` for the reference engine, or ``package.module:ClassName`` for an adapter.

    Importing the adapter's module and creating the adapter each get ``timeout`` seconds, as an
    engine process gets for its start-up (:mod:`checker.running.deadline`): an adapter that hangs
    there is one that can't be loaded, said as such, not a run that waits for ever."""
    if spec == "reference":
        from checker.adapters.reference import ReferenceAdapter

        return ReferenceAdapter()
    module_name, _, attr = spec.partition(":")
    if not attr:
        raise EngineNotFound(f"engine {spec!r}: use 'reference' or 'package.module:AdapterClass'")
    try:
        factory = getattr(
            within(timeout, f"importing {module_name} did not end", lambda: importlib.import_module(module_name)), attr
        )
    except EngineTimeout as exc:
        raise EngineNotFound(f"engine {spec!r}: {exc}") from None
    except ModuleNotFoundError as exc:
        # The adapter's package isn't there at all (not a misspelt module in it, nor something it imports).
        hint = f": {NOT_IMPORTABLE}" if exc.name == module_name.partition(".")[0] else ""
        raise EngineNotFound(f"engine {spec!r}: {exc}{hint}") from exc
    except (ImportError, AttributeError) as exc:
        raise EngineNotFound(f"engine {spec!r}: {exc}") from exc
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # the module's own failure as it is imported (a sys.exit too, which would end the run)
        raise EngineNotFound(f"engine {spec!r}: importing {module_name} failed: {_raised(exc)}") from exc
    try:
        engine = within(timeout, f"{attr}() did not return", factory)
    except EngineTimeout as exc:
        raise EngineNotFound(f"engine {spec!r} could not be created: {exc}") from None
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # the adapter's own failure, reported as such
        raise EngineNotFound(f"engine {spec!r} could not be created: {_raised(exc)}") from exc
    if not isinstance(engine, EngineAdapter):
        raise EngineNotFound(f"engine {spec!r} does not implement checker.contract.interface.EngineAdapter")
    return engine


def _raised(exc: BaseException) -> str:
    """An exception as a message says it: its type, and what it says if anything (``SystemExit: 0``)."""
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


class EngineUnavailable(EngineFailure):
    """The engine's command failed to start too many times in a row: it is not started again."""


#: Failed starts in a row (no handshake completed) after which an engine command is given up.
START_ATTEMPTS = 3


class EngineProvider:
    """Hands each scenario a ready adapter.

    A Python adapter is created afresh for each scenario, and each of its calls gets the
    per-request timeout (:mod:`checker.running.deadline`). An engine process is kept across
    scenarios (each starts a new game) and replaced once it has failed, so that a crash or a
    hang costs only the scenario at hand; after START_ATTEMPTS starts in a row that never
    complete a handshake, it is given up and every further scenario errs at once with why.
    """

    def __init__(
        self,
        text: str,
        timeout: float = DEFAULT_TIMEOUT,
        validate: bool = False,
        max_message: int = MAX_MESSAGE_BYTES,
        sessions: int = 1,
    ) -> None:
        """``sessions``: how many sessions of the run (``-j``) each drive an engine side by side."""
        self.spec = EngineSpec.parse(text)
        #: Whether a processor is free for each engine while its session waits for it.
        self.spin = 2 * sessions <= PROCESSORS
        self.timeout = timeout
        self.validate = validate
        self.max_message = max_message
        self._process: WireEngine | None = None
        self._early: EngineProcess | None = None  # started ahead of the first scenario, not yet greeted
        self._failed_starts = 0
        self._given_up: str | None = None  # why the engine's command is not started again

    def check(self) -> None:
        """Fail early on an engine that can't be found at all."""
        if self.spec.command is None:
            load_python_engine(self.spec.text, self._startup())
        elif shutil.which(program := self.spec.command[0]) is None:
            if os.sep in program and os.path.isfile(program):  # there, but it can't be run
                raise EngineNotFound(f"engine {self.spec.text!r}: {program!r} is not executable (chmod +x it)")
            raise EngineNotFound(f"engine {self.spec.text!r}: no program {program!r} found")

    def _startup(self) -> float:
        """The seconds an in-process adapter gets to be imported, and to be created: as an engine
        process gets for its handshake, at least :data:`STARTUP_TIMEOUT` whatever ``--timeout``."""
        return max(self.timeout, STARTUP_TIMEOUT)

    def start_early(self) -> None:
        """Start the engine's process now, before the scenarios are collected, so that its start-up
        (an interpreter's imports, a JVM's) runs alongside the collection; the handshake waits for the
        first scenario. A process that can't be started is left to that first start, which reports it."""
        if self.spec.command is not None and self._early is None and self._process is None:
            with contextlib.suppress(EngineFailure):
                self._early = EngineProcess(self.spec.command, self.max_message, self.spin)

    def get(self) -> EngineAdapter:
        if self.spec.command is None:
            return TimedAdapter(load_python_engine(self.spec.text, self._startup()), self.timeout)
        if self._given_up is not None:
            raise EngineUnavailable(self._given_up)  # a new exception each time, with its own traceback
        if self._process is None or not self._process.alive:
            if self._process is not None:  # it failed: a new one replaces it
                self._process.close()
                self._process = None
            self._process = self._start(self.spec.command)
        return self._process

    def _start(self, command: tuple[str, ...]) -> WireEngine:
        try:
            early, self._early = self._early, None
            engine = WireEngine(command, self.timeout, self.validate, self.max_message, process=early, spin=self.spin)
        except EngineFailure as failure:
            self._failed_starts += 1
            if self._failed_starts >= START_ATTEMPTS:
                self._given_up = (
                    f"engine {self.spec.text!r} is not started again: its last {START_ATTEMPTS} starts failed "
                    f"before completing a handshake; the last one: {failure}"
                )
            raise
        self._failed_starts = 0
        return engine

    def close(self) -> None:
        if self._early is not None:
            self._early.stop()
            self._early = None
        if self._process is not None:
            self._process.close()
            self._process = None
