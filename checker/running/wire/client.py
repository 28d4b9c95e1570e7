"""Drive an engine in another process over the wire protocol, as an adapter.

Modelled on python-chess's engine module: the engine is a subprocess, every request has a
deadline, and every way an engine can fail (it dies, hangs, writes garbage, answers the
wrong request, lies in its handshake) becomes a precise exception that carries the tail
of what the engine wrote on stderr.

The client offers the protocol's features (:data:`FEATURES`) in ``hello``. An engine that takes
up ``state_in_answers`` answers each ``start`` and ``perform`` with the game's new events and its
view, which the client keeps until the next action: a scenario then costs one round trip per
action instead of three. With ``view_changes`` as well, the view comes as what changed since the
last one, and only that is decoded. An engine that doesn't (or that leaves them out of an answer) is asked
with ``view`` and ``events`` requests, as in protocol 1's plain form. With ``then_pass`` as well, a
perform request may ask for the pass of priority that follows the action
(:meth:`WireEngine.perform_then_pass`), where the suite would make it whatever the game then
showed, but for events of the kinds it names: the answer says who passed, and after which of its
events, and the client checks that none before the pass is of those kinds, and that the event after
them, where it is a pass of priority, is that player's.

An answer to an action is read straight from its text into the interface's types where it is in
order in every respect; any other answer is read as JSON first, which says what is wrong with it.
A field the protocol doesn't define in an answer, in an error answer's ``error``, or at any level
of the view, its changes and the events an answer carries, is a protocol error naming it (by its
path, ``$.view.players[1].manapool``) and the closest field there is, as a name outside the
vocabulary is: left unread, a misspelt optional field (``evnts``, ``manapool``) would be lost
without a word, and the suite would judge a game the engine didn't describe.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Sequence
from typing import Any

import msgspec

from checker.contract.codec import (
    Changes,
    DecodeError,
    Reader,
    apply_changes,
    decode,
    decode_changes,
    encode,
    encode_text,
    message_reader,
)
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
    fields_of,
    names,
    problems,
    quoted,
    raise_error,
    unknown_field,
    well_formed,
)
from checker.running.wire.process import EngineCrashed, EngineProcess

__all__ = ["DEFAULT_TIMEOUT", "FEATURES", "STARTUP_TIMEOUT", "EngineCrashed", "WireEngine"]

#: Seconds an engine may take to answer one request, unless told otherwise.
DEFAULT_TIMEOUT = 10.0
#: The least time the handshake gets, whatever the per-request timeout: the engine starts up during it.
STARTUP_TIMEOUT = 10.0
#: Seconds an engine that answered bye has to exit by itself before it is stopped.
EXIT_AFTER_BYE = 0.5
#: The features the client offers in hello: every one the protocol's schema names.
FEATURES = tuple(sorted(names("feature")))
#: The type of the answer to each request (any request may be answered with an error instead).
ANSWERS = {"hello": "hello", "start": "ok", "perform": "ok", "bye": "ok", "view": "view", "events": "events"}


def _error_of(answer: dict[str, Any]) -> dict[str, Any] | None:
    """The error object of an error answer, with the string ``message`` every one has (a protocol
    error says what is missing); None for an answer that isn't an error. Its kind is
    :func:`~checker.contract.protocol.raise_error`'s to check."""
    if answer.get("type") != "error":
        return None
    error = answer.get("error")
    if not isinstance(error, dict) or not isinstance(error.get("message"), str):
        raise ProtocolError(f"an error answer needs an object 'error' with a string 'message', got {quoted(error)}")
    if (unknown := unknown_field(fields_of("response_error", "error"), error)) is not None:
        raise ProtocolError(f"the engine's error answer has in its 'error' the field {unknown}")
    return error


@functools.cache
def _state_answer() -> Reader:
    """What the client reads of an answer to an action straight from its text, where it can. Made
    on first use (about 6 ms): every command imports this module, most never read an answer."""
    return message_reader(
        {
            "id": Any,
            "type": Any,
            "events": tuple[GameEvent, ...],
            "view": GameView,
            "view_changes": Changes(GameView),
            "passed": Any,
        }
    )


#: What a reader of an answer to an action gives: its events, the view, and the pass made after
#: the action (``then_pass``) as the answer has it, unchecked.
State = tuple[tuple[GameEvent, ...], GameView, Any]


class WireEngine:
    """An :class:`~checker.contract.interface.EngineAdapter` for an engine that speaks the protocol."""

    def __init__(
        self,
        command: Sequence[str],
        timeout: float = DEFAULT_TIMEOUT,
        validate: bool = False,
        max_message: int = MAX_MESSAGE_BYTES,
        features: Sequence[str] = FEATURES,
        process: EngineProcess | None = None,
        spin: bool = False,
    ) -> None:
        """``process``: the engine's process if it was started already (it is greeted here);
        ``spin``: a processor is free for the engine (see :class:`EngineProcess`)."""
        self.command = list(command)
        self.timeout = timeout
        self.validate = validate
        self._next_id = 0
        self._events: list[GameEvent] = []
        #: The features the engine took up in hello.
        self.features: frozenset[str] = frozenset()
        self._offered = tuple(features)
        # The game as the client last saw it: its view, and whether ``_events`` holds every event.
        self._view: GameView | None = None
        self._events_whole = False
        self._seen: GameView | None = None  # the last view the engine sent, for view_changes
        self._failure: EngineFailure | None = None
        self._process = process or EngineProcess(self.command, max_message, spin)
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
        self._events_whole, self._seen = True, None
        # Written as JSON text at once, unless every request is checked against the schema.
        self._act("start", setup=encode(setup) if self.validate else msgspec.Raw(encode_text(setup)))

    def perform(self, action: Action) -> None:
        self._act("perform", action=encode(action))

    def perform_then_pass(self, action: Action, stops: frozenset[str]) -> str | None:
        """Take the action; then, where the engine took up ``then_pass``, unless one of the action's
        events is of a kind in ``stops``, the game is over or it waits for no priority decision, the
        player then holding priority passes it too, in the same round trip. Who passed, or None
        where nobody did (always, with an engine without the feature: the action alone is taken)."""
        if not {"then_pass", "state_in_answers"} <= self.features:
            self.perform(action)
            return None
        return self._act("perform", stops, action=encode(action), then_pass=sorted(stops))

    def view(self) -> GameView:
        if self._view is None:
            self._view = self._seen = self._decoded(GameView, self._request("view"), "view")
        return self._view

    def events(self) -> list[GameEvent]:
        if not self._events_whole:
            answer = self._request("events", since=len(self._events))
            self._events += self._decoded(tuple[GameEvent, ...], answer, "events")
            self._events_whole = True
        return list(self._events)

    def _act(self, kind: str, stops: frozenset[str] | None = None, **fields: Any) -> str | None:
        """Send an action (``start``, ``perform``), and keep the events and view its answer carries
        (``state_in_answers``) until the next one. Those events are the ones no answer has carried
        yet: they complete the client's list only if it was whole. The view may come as its changes
        since the last view the engine sent (``view_changes``). By the adapter's contract only an
        action changes the game, so until the next one what the client has is the game. ``stops``:
        the kinds of event a pass asked for after the action (``then_pass``) may not follow; who
        passed is given back (None: nobody)."""
        was_whole, self._events_whole, self._view = self._events_whole, False, None
        line = self._ask(kind, None, fields)
        state = self._state_read_typed(line) or self._state_read(kind, line)
        if state is None:
            return None
        events, view, passed = state
        # (passed is a field of a feature: unread where the engine didn't take it up)
        player = (
            None if passed is None or "then_pass" not in self.features else self._pass_checked(passed, stops, events)
        )
        self._view = self._seen = view
        if was_whole:
            self._events += events
            self._events_whole = True
        return player

    def _pass_checked(self, passed: Any, stops: frozenset[str] | None, events: tuple[GameEvent, ...]) -> str:
        """Who passed priority after the action, by the answer's ``passed``: asked for, well formed, and
        after none of the events it was not to follow."""
        if stops is None:
            raise self._fail(ProtocolError("the engine passed priority after an action without being asked (passed)"))
        if not well_formed("passed")(passed) and (found := problems("passed", passed)):
            raise self._fail(ProtocolError(f"the engine's passed is malformed: {'; '.join(found)}"))
        before = int(passed["events"])  # (JSON Schema takes 1.0 for an integer)
        if before > len(events):
            raise self._fail(
                ProtocolError(
                    f"the engine's passed counts {before} events before the pass; its answer has {len(events)}"
                )
            )
        stopped = next((e for e in events[:before] if e.kind in stops), None)
        if stopped is not None:
            raise self._fail(
                ProtocolError(
                    f"the engine had {passed['player']} pass priority after a {stopped.kind} event of the action, "
                    f"where it was to pass only if none was of the kinds {', '.join(sorted(stops))}"
                )
            )
        player: str = passed["player"]
        # The pass's own events come first after those counted before it: where the first is a pass of
        # priority, it is this one. (Counted short, the events of the action, its stops among them,
        # would pass for the pass's and go unchecked.)
        if before < len(events) and (there := events[before]).kind == "priority_passed" and there.player != player:
            raise self._fail(
                ProtocolError(
                    f"the engine's passed says {player} passed priority after {before} of its answer's events, but "
                    f"the event after those is {there.player}'s priority_passed: the pass isn't where passed says"
                )
            )
        return player

    def _state_read(self, kind: str, line: bytes) -> State | None:
        """The events and view an answer to an action carries, read as JSON and then decoded, and the
        pass after the action it tells of; None for an answer without them (protocol 1's plain form).
        Raises the error the answer is, or says what is wrong with it."""
        answer = self._read(kind, line)
        self._raise_if_error(answer)
        if "state_in_answers" in self.features and ("view" in answer or "view_changes" in answer):
            return (
                self._decoded(tuple[GameEvent, ...], answer, "events"),
                self._view_in(kind, answer),
                answer.get("passed"),
            )
        return None

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
        self._process.stop(grace=EXIT_AFTER_BYE if said_bye else 0.0)

    def _handshake(self) -> Capabilities:
        # The engine's process may still be starting (an interpreter, a JVM): the hello request
        # gets at least STARTUP_TIMEOUT, so that a short per-request timeout doesn't fail a slow start.
        wait = max(self.timeout, STARTUP_TIMEOUT)
        offer = {"features": list(self._offered)} if self._offered else {}
        hello = self._exchange("hello", wait, protocol=PROTOCOL_VERSION, **offer)
        if offer and (error := _error_of(hello)) is not None and error.get("kind") == "invalid_request":
            # An engine that holds requests strictly to protocol 1 without features: say hello plainly.
            # Nothing is offered then, so nothing is agreed, whatever its answer lists.
            offer = {}
            hello = self._exchange("hello", wait, protocol=PROTOCOL_VERSION)
        if (error := _error_of(hello)) is not None:  # (an answer of another type was refused as it was read)
            # Whatever its kind, no handshake: a failed start (the engine is given up after a few), never
            # an "unsupported" scenario, which says the engine can't express what that scenario needs.
            kind = error.get("kind")
            raise self._fail(
                EngineFailure(
                    f"the engine refused the handshake with an error of kind {quoted(kind)}: {error['message']}"
                )
            )
        if hello.get("protocol") != PROTOCOL_VERSION:
            raise self._fail(
                ProtocolError(
                    f"the engine speaks protocol {hello.get('protocol')!r}; this suite speaks {PROTOCOL_VERSION}"
                )
            )
        if not well_formed("response_hello")(hello) and (found := problems("response_hello", hello)):
            raise self._fail(ProtocolError(f"the handshake is malformed: {'; '.join(found)}"))
        if not hello["editions"]:
            every = ", ".join(sorted(names("edition")))
            raise self._fail(
                EngineFailure(f"the engine supports none of the editions ({every}): its hello lists no editions")
            )
        self.features = frozenset(hello.get("features", ())) & frozenset(offer.get("features", ()))
        return Capabilities(hello["name"], hello["version"], frozenset(hello["editions"]), frozenset(hello["effects"]))

    def _request(self, kind: str, timeout: float | None = None, **fields: Any) -> dict[str, Any]:
        """The engine's answer to one request; an error answer raised as the adapter's exception."""
        answer = self._exchange(kind, timeout, **fields)
        self._raise_if_error(answer)
        return answer

    def _exchange(self, kind: str, timeout: float | None = None, **fields: Any) -> dict[str, Any]:
        """The engine's answer to one request, whatever it says: well formed and of the right id."""
        return self._read(kind, self._ask(kind, timeout, fields))

    def _ask(self, kind: str, timeout: float | None, fields: dict[str, Any]) -> bytes:
        """Send one request and return the line the engine answered it with."""
        if self._failure is not None:
            raise self._failure
        self._next_id += 1
        request = {"id": self._next_id, "type": kind, **fields}
        if self.validate and (found := problems(definition_of("request", request), request)):
            raise ProtocolError(f"the suite built an invalid {kind} request: {'; '.join(found)}")
        try:
            return self._process.exchange(
                msgspec.json.encode(request) + b"\n", kind, self.timeout if timeout is None else timeout
            )
        except EngineFailure as failure:
            raise self._fail(failure) from None

    def _state_read_typed(self, line: bytes) -> State | None:
        """The events and view an answer to an action carries, read straight from its text
        (:func:`~checker.contract.codec.message_reader`), where the answer is in order in every
        respect: the id asked, not an error, the events and a view (or its changes) there and well
        formed. None otherwise, and for messages checked against the schema: the answer is then
        read as JSON, which says what is wrong, and as the engine may answer in protocol 1's plain form."""
        if self.validate or "state_in_answers" not in self.features or (found := _state_answer()(line)) is None:
            return None
        answer_id, events = found.get("id"), found.get("events")
        if type(answer_id) is not int or answer_id != self._next_id or found.get("type") != "ok" or events is None:
            return None
        passed = found.get("passed")
        if "view" in found:
            return events, found["view"], passed
        if "view_changes" not in found or self._seen is None or "view_changes" not in self.features:
            return None
        try:
            return events, apply_changes(GameView, self._seen, found["view_changes"]), passed
        except DecodeError:
            return None

    @staticmethod
    def _raise_if_error(answer: dict[str, Any]) -> None:
        if (error := _error_of(answer)) is not None:
            raise_error(error.get("kind"), error["message"], error.get("reason"))

    def _read(self, kind: str, line: bytes) -> dict[str, Any]:
        try:
            answer = msgspec.json.decode(line)
        except (ValueError, RecursionError) as exc:  # not JSON, not UTF-8, too deep, a number out of range
            shown = line[:200].decode(errors="replace")
            why = "nested too deep to read" if isinstance(exc, RecursionError) else str(exc)
            raise ProtocolError(
                f"the engine answered the {kind} request with a line that isn't JSON ({why}): {shown!r}"
            ) from None
        if not isinstance(answer, dict):
            raise ProtocolError(f"the engine answered the {kind} request with {quoted(answer)}, not an object")
        if type(answer.get("id")) is not int or answer["id"] != self._next_id:
            raise ProtocolError(
                f"the engine answered request {answer.get('id')!r:.40} when request {self._next_id} ({kind}) was asked"
            )
        given, expected = answer.get("type"), ANSWERS[kind]
        if given not in (expected, "error"):
            said = f"an answer of type {quoted(given)}" if "type" in answer else "an answer without a type"
            raise ProtocolError(f'the engine answered the {kind} request with {said}, not "{expected}" (or an error)')
        if self.validate and (found := problems(definition_of("response", answer), answer)):
            raise ProtocolError(f"the engine's answer to {kind} breaks the schema: {'; '.join(found)}")
        # Always, as names and numbers are: a misspelt optional field ('evnts') would be ignored,
        # silently. (The answers read from their text refuse it as they read: they come here.)
        if (unknown := unknown_field(fields_of(f"response_{given}"), answer)) is not None:
            raise ProtocolError(f"the engine's {given} answer to the {kind} request has the field {unknown}")
        return answer

    def _view_in(self, kind: str, answer: dict[str, Any]) -> GameView:
        """The view an answer carries, whole or as its changes since the view seen last."""
        if "view" in answer:
            view: GameView = self._decoded(GameView, answer, "view")
            return view
        if "view_changes" not in self.features:  # (then it is not read: the answer has no view)
            agreed = ", ".join(sorted(self.features))
            raise self._fail(
                ProtocolError(
                    f"the engine's answer to the {kind} request has view_changes instead of a view, but view_changes "
                    f"was not agreed in hello (the features agreed: {agreed}): the answer has no view"
                )
            )
        if self._seen is None:
            raise self._fail(ProtocolError("the engine sent view_changes before any view of the game"))
        try:
            changed: GameView = decode_changes(GameView, self._seen, answer["view_changes"], "$.view_changes")
        except DecodeError as exc:
            raise self._fail(ProtocolError(f"the engine's view_changes answer is malformed: {exc}")) from exc
        return changed

    def _decoded(self, cls: Any, answer: dict[str, Any], field: str) -> Any:
        if field not in answer:
            others = ", ".join(repr(name)[:40] for name in answer if name not in ("id", "type"))
            said = f" (its fields: {others})" if others else ""
            raise self._fail(ProtocolError(f"the engine's {answer['type']} answer has no {field!r}{said}"))
        try:
            return decode(cls, answer.get(field), f"$.{field}")
        except DecodeError as exc:
            raise self._fail(ProtocolError(f"the engine's {field} answer is malformed: {exc}")) from exc

    def _fail(self, failure: EngineFailure) -> EngineFailure:
        """Remember the failure (the engine is unusable from now on) and stop the process."""
        self._failure = failure
        self._process.stop()
        return failure
