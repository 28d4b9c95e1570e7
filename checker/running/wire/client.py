"""Drive an engine in another process over the wire protocol, as an adapter.

Modelled on python-chess's engine module: the engine is a subprocess, every request has a
deadline, and every way an engine can fail (it dies, hangs, writes garbage, answers the
wrong request, lies in its handshake) becomes a precise exception that carries the tail
of what the engine wrote on stderr.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Sequence
from typing import Any

from checker.contract.codec import DecodeError, decode, encode
from checker.contract.interface import (
    Action,
    AdapterError,
    Capabilities,
    EngineFailure,
    GameEvent,
    GameSetup,
    GameView,
)
from checker.contract.protocol import (
    MAX_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    ProtocolError,
    definition_of,
    names,
    problems,
    raise_error,
)
from checker.running.wire.process import EngineCrashed, EngineProcess

__all__ = ["DEFAULT_TIMEOUT", "STARTUP_TIMEOUT", "EngineCrashed", "WireEngine"]

#: Seconds an engine may take to answer one request, unless told otherwise.
DEFAULT_TIMEOUT = 10.0
#: The least time the handshake gets, whatever the per-request timeout: the engine starts up during it.
STARTUP_TIMEOUT = 10.0


class WireEngine:
    """An :class:`~checker.contract.interface.EngineAdapter` for an engine that speaks the protocol."""

    def __init__(
        self,
        command: Sequence[str],
        timeout: float = DEFAULT_TIMEOUT,
        validate: bool = False,
        max_message: int = MAX_MESSAGE_BYTES,
    ) -> None:
        self.command = list(command)
        self.timeout = timeout
        self.validate = validate
        self._next_id = 0
        self._events: list[GameEvent] = []
        self._failure: EngineFailure | None = None
        self._process = EngineProcess(self.command, max_message)
        try:
            self._capabilities = self._handshake()
        except BaseException:  # whatever went wrong, a failed handshake leaves no process behind
            self._process.stop()
            raise

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
        return self._failure is None and self._process.exit_code is None

    def close(self) -> None:
        """Say goodbye and make sure the process and its children are gone. Never raises: an
        engine that answers bye with an error (or not at all) is stopped all the same."""
        said_bye = False
        if self.alive:
            with contextlib.suppress(AdapterError):
                self._request("bye", timeout=min(self.timeout, 2.0))
                said_bye = True
        self._process.stop(grace=0.5 if said_bye else 0.0)

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
        if found := problems("response_hello", hello):
            raise self._fail(ProtocolError(f"the handshake is malformed: {'; '.join(found)}"))
        if not hello["editions"]:
            every = ", ".join(sorted(names("edition")))
            raise self._fail(
                EngineFailure(f"the engine supports none of the editions ({every}): its hello lists no editions")
            )
        return Capabilities(hello["name"], hello["version"], frozenset(hello["editions"]), frozenset(hello["effects"]))

    def _request(self, kind: str, timeout: float | None = None, **fields: Any) -> dict[str, Any]:
        if self._failure is not None:
            raise self._failure
        self._next_id += 1
        request = {"id": self._next_id, "type": kind, **fields}
        if self.validate and (found := problems(definition_of("request", request), request)):
            raise ProtocolError(f"the suite built an invalid {kind} request: {'; '.join(found)}")
        line = json.dumps(request, separators=(",", ":")).encode() + b"\n"
        try:
            answer = self._read(kind, self._process.exchange(line, kind, self.timeout if timeout is None else timeout))
        except EngineFailure as failure:
            raise self._fail(failure) from None
        if answer.get("type") == "error":
            error = answer.get("error") or {}
            raise_error(str(error.get("kind")), str(error.get("message")), error.get("reason"))
        return answer

    def _read(self, kind: str, line: bytes) -> dict[str, Any]:
        try:
            answer = json.loads(line)
        except (ValueError, RecursionError):  # not JSON, not UTF-8, too deep, a number too long
            shown = line[:200].decode(errors="replace")
            raise ProtocolError(
                f"the engine answered the {kind} request with a line that isn't JSON: {shown!r}"
            ) from None
        if not isinstance(answer, dict):
            raise ProtocolError(f"the engine answered the {kind} request with {str(answer)[:200]}, not an object")
        if type(answer.get("id")) is not int or answer["id"] != self._next_id:
            raise ProtocolError(
                f"the engine answered request {answer.get('id')!r:.40} when request {self._next_id} ({kind}) was asked"
            )
        if self.validate and (found := problems(definition_of("response", answer), answer)):
            raise ProtocolError(f"the engine's answer to {kind} breaks the schema: {'; '.join(found)}")
        return answer

    def _decoded(self, cls: Any, answer: dict[str, Any], field: str) -> Any:
        try:
            return decode(cls, answer.get(field), f"$.{field}")
        except DecodeError as exc:
            raise self._fail(ProtocolError(f"the engine's {field} answer is malformed: {exc}")) from exc

    def _fail(self, failure: EngineFailure) -> EngineFailure:
        """Remember the failure (the engine is unusable from now on) and stop the process."""
        self._failure = failure
        self._process.stop()
        return failure
