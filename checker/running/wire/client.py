"""Drive an engine in another process over the wire protocol, as an adapter.

Modelled on python-chess's engine module: the engine is a subprocess, every request has a
deadline, and every way an engine can fail (it dies, hangs, writes garbage, answers the
wrong request, lies in its handshake) becomes a precise exception that carries the tail
of what the engine wrote on stderr.
"""

from __future__ import annotations

import contextlib
import json
import queue
import subprocess
import threading
import time
from collections import deque
from collections.abc import Sequence
from typing import IO, Any

from checker.contract.codec import DecodeError, decode, encode
from checker.contract.interface import (
    Action,
    Capabilities,
    EngineFailure,
    EngineTimeout,
    GameEvent,
    GameSetup,
    GameView,
)
from checker.contract.protocol import PROTOCOL_VERSION, ProtocolError, names, problems, raise_error, schema

#: Seconds an engine may take to answer one request, unless told otherwise.
DEFAULT_TIMEOUT = 10.0
#: The least time the handshake gets, whatever the per-request timeout: the engine starts up during it.
STARTUP_TIMEOUT = 10.0
_EOF = object()


class EngineCrashed(EngineFailure):
    """The engine process ended (or closed its output) in the middle of a session."""


class WireEngine:
    """An :class:`~checker.contract.interface.EngineAdapter` for an engine that speaks the protocol."""

    def __init__(
        self, command: Sequence[str], timeout: float = DEFAULT_TIMEOUT, validate: bool = False, stderr_lines: int = 30
    ) -> None:
        self.command = list(command)
        self.timeout = timeout
        self.validate = validate
        self._stderr: deque[str] = deque(maxlen=stderr_lines)
        self._lines: queue.Queue[object] = queue.Queue()
        self._next_id = 0
        self._events: list[GameEvent] = []
        self._failure: EngineFailure | None = None
        try:
            self._process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
            )
        except OSError as exc:
            raise EngineCrashed(f"cannot start engine {self.command!r}: {exc}") from exc
        assert self._process.stdout is not None and self._process.stderr is not None
        self._pump(self._process.stdout, self._lines.put, then=lambda: self._lines.put(_EOF))
        self._pump(self._process.stderr, self._stderr.append)
        self._capabilities = self._handshake()

    @staticmethod
    def _pump(stream: IO[str], sink: Any, then: Any = None) -> None:
        def run() -> None:
            for line in stream:
                sink(line.rstrip("\n"))
            if then is not None:
                then()

        threading.Thread(target=run, daemon=True).start()

    # ---------------------------------------------------------------- the adapter interface

    def capabilities(self) -> Capabilities:
        return self._capabilities

    def start(self, setup: GameSetup) -> None:
        self._events = []  # a start replaces the game, whether it succeeds or not
        self._request("start", setup=encode(setup))

    def perform(self, action: Action) -> None:
        self._request("perform", action=encode(action))

    def view(self) -> GameView:
        view: GameView = self._decoded(GameView, self._request("view"), "view")
        return view

    def events(self) -> list[GameEvent]:
        answer = self._request("events", since=len(self._events))
        self._events += self._decoded(tuple[GameEvent, ...], answer, "events")
        return list(self._events)

    # ---------------------------------------------------------------- the session

    @property
    def alive(self) -> bool:
        return self._failure is None and self._process.poll() is None

    def close(self) -> None:
        """Say goodbye and make sure the process is gone."""
        if self.alive:
            with contextlib.suppress(EngineFailure):
                self._request("bye", timeout=min(self.timeout, 2.0))
        self._kill()

    def stderr_tail(self) -> str:
        return "\n".join(self._stderr)

    def _handshake(self) -> Capabilities:
        # The engine's process starts during the handshake (an interpreter, a JVM): the hello request
        # gets at least STARTUP_TIMEOUT, so that a short per-request timeout doesn't fail a slow start.
        hello = self._request("hello", timeout=max(self.timeout, STARTUP_TIMEOUT), protocol=PROTOCOL_VERSION)
        if hello.get("type") != "hello":
            raise self._fail(ProtocolError(f"the handshake was answered with {hello.get('type')!r}, not hello"))
        if hello.get("protocol") != PROTOCOL_VERSION:
            raise self._fail(
                ProtocolError(
                    f"the engine speaks protocol {hello.get('protocol')!r}; this suite speaks {PROTOCOL_VERSION}"
                )
            )
        found = problems("response_hello", hello) if self.validate else []
        editions = set(hello.get("editions") or ())
        unknown = editions - names("edition")
        if found or unknown:
            why = "; ".join(found) or f"unknown editions {sorted(unknown)}"
            raise self._fail(ProtocolError(f"the handshake is malformed: {why}"))
        return Capabilities(str(hello["name"]), str(hello["version"]), frozenset(editions), frozenset(hello["effects"]))

    def _request(self, kind: str, timeout: float | None = None, **fields: Any) -> dict[str, Any]:
        if self._failure is not None:
            raise self._failure
        self._next_id += 1
        request = {"id": self._next_id, "type": kind, **fields}
        if self.validate and (found := problems(_definition("request", request), request)):
            raise ProtocolError(f"the suite built an invalid {kind} request: {'; '.join(found)}")
        try:
            assert self._process.stdin is not None
            self._process.stdin.write(json.dumps(request, separators=(",", ":")) + "\n")
            self._process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError) as exc:
            raise self._fail(EngineCrashed(f"the engine stopped reading its input ({exc}){self._exit_note()}")) from exc
        answer = self._read(kind, self.timeout if timeout is None else timeout)
        if answer.get("type") == "error":
            error = answer.get("error") or {}
            raise_error(str(error.get("kind")), str(error.get("message")))
        return answer

    def _read(self, kind: str, timeout: float) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        try:
            line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise self._fail(
                EngineTimeout(f"no answer to the {kind} request within {timeout:g} s{self._stderr_note()}")
            ) from None
        if line is _EOF:
            time.sleep(0.05)  # let the process finish exiting and stderr drain
            raise self._fail(EngineCrashed(f"the engine closed its output during a {kind} request{self._exit_note()}"))
        try:
            answer = json.loads(str(line))
        except json.JSONDecodeError:
            raise self._fail(
                ProtocolError(
                    f"the engine answered the {kind} request with a line that isn't JSON: {str(line)[:200]!r}"
                )
            ) from None
        if not isinstance(answer, dict):
            raise self._fail(ProtocolError(f"the engine answered the {kind} request with {answer!r}, not an object"))
        if answer.get("id") != self._next_id:
            raise self._fail(
                ProtocolError(
                    f"the engine answered request {answer.get('id')!r} when request {self._next_id} ({kind}) was asked"
                )
            )
        if self.validate and (found := problems(_definition("response", answer), answer)):
            raise self._fail(ProtocolError(f"the engine's answer to {kind} breaks the schema: {'; '.join(found)}"))
        return answer

    def _decoded(self, cls: Any, answer: dict[str, Any], field: str) -> Any:
        try:
            return decode(cls, answer.get(field), f"$.{field}")
        except DecodeError as exc:
            raise self._fail(ProtocolError(f"the engine's {field} answer is malformed: {exc}")) from exc

    def _fail(self, failure: EngineFailure) -> EngineFailure:
        """Remember the failure (the engine is unusable from now on) and stop the process."""
        self._failure = failure
        self._kill()
        return failure

    def _kill(self) -> None:
        if self._process.poll() is None:
            self._process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):  # a process that survives SIGKILL
            self._process.wait(timeout=5)

    def _exit_note(self) -> str:
        code = self._process.poll()
        return (f" (exit code {code})" if code is not None else "") + self._stderr_note()

    def _stderr_note(self) -> str:
        tail = self.stderr_tail()
        return f"\n--- engine stderr (last lines) ---\n{tail}" if tail else ""


def _definition(kind: str, message: dict[str, Any]) -> str:
    """The schema definition a message must meet: the one for its type, when the type is known."""
    specific = f"{kind}_{message.get('type')}"
    return specific if specific in schema()["$defs"] else kind
