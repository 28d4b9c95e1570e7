"""Serve any Python adapter over the wire protocol, on stdin and stdout.

Wrapping a Python engine takes an adapter class and one line::

    python -m checker.running.wire.server --engine mypackage.adapter:MyAdapter

``--engine reference`` serves the reference engine. It exits 0 once the session has ended (bye,
the end of the input, or the suite gone: a closed pipe), 2 when the engine can't be loaded, there
is no standard input or output, or an answer can't be written (a full disk), and 128 + the
signal's number on SIGINT, SIGTERM or SIGHUP (130, 143, 129), as ``turncheck serve --help`` says.

What the adapter prints goes to the standard error, and the answers alone to the standard output
(:func:`_protocol_output`). Whatever the adapter raises is its failure, answered with an
``internal`` error, and the session goes on: a ``KeyboardInterrupt`` too, and ``SystemExit`` or
``GeneratorExit``. A signal to the process is told apart as :func:`main` has it raise a
:class:`~checker.contract.interrupts.Stopped` (a ``KeyboardInterrupt``), which ends the session
wherever it lands, in an adapter's call too.

A :class:`Session` is one conversation: the adapter, and the features agreed in ``hello``
(:data:`FEATURES`). With ``state_in_answers`` the answers to ``start`` and ``perform`` carry the
game's new events and its view, which saves the suite two round trips per action; with
``view_changes`` as well, a view goes as its changes since the last view sent; with ``then_pass``
as well, a perform request may ask for the pass of priority that follows the action, which saves
the suite a round trip where it would make that pass whatever the game then showed.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, BinaryIO, Protocol

import msgspec

from checker.contract.arguments import MAX_MESSAGE_LIMIT, positive_bytes
from checker.contract.codec import (
    DecodeError,
    Texts,
    Written,
    changes,
    decode,
    encode_text,
    raw_reader,
    texts,
    whole,
)
from checker.contract.exits import EXIT_OK, EXIT_USAGE
from checker.contract.interface import (
    Action,
    AdapterError,
    EngineAdapter,
    GameEvent,
    GameSetup,
    GameView,
    IllegalActionError,
    PassPriority,
    UnsupportedError,
)
from checker.contract.interrupts import Stopped, exit_code, stopping
from checker.contract.protocol import (
    MAX_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    error_kind,
    is_request_id,
    problems,
    refusal_reason,
)
from checker.running.garbage import collect_less, collect_when_idle
from checker.running.wire.polling import PollingReader, processor_free

#: The features of the protocol's ``hello`` this server takes up when the suite offers them.
FEATURES = ("state_in_answers", "then_pass", "view_changes")


class Session:
    """One conversation with the suite: the adapter, the features agreed in ``hello``, how many of the
    game's events the answers have carried so far, and the last view sent (as JSON texts) when views
    go as their changes."""

    def __init__(self, adapter: EngineAdapter, features: Sequence[str] = FEATURES) -> None:
        self.adapter = adapter
        self.features = tuple(features)  # those this server may take up
        self.agreed: frozenset[str] = frozenset()
        self.sent = 0
        self.last_view: Texts | None = None

    def view_of(self, view: GameView) -> dict[str, Written]:
        """The fields that carry a view in an answer, written: the whole view, or its changes since the last."""
        now = self.written(view)
        if "view_changes" not in self.agreed:
            return {"view": whole(now)}
        before, self.last_view = self.last_view, now
        return {"view": whole(now)} if before is None else {"view_changes": changes(before, now)}

    def written(self, view: GameView) -> Texts:
        """The view's JSON texts. A view that JSON can't carry is :class:`Unwritable`, and as it isn't
        sent, the next view sent goes whole."""
        try:
            return texts(view)
        except _UNWRITABLE as exc:
            self.last_view = None
            raise Unwritable(exc) from None


class Unwritable(Exception):
    """An answer holds a value that JSON can't carry (an engine's number too long, say)."""

    def __init__(self, why: BaseException) -> None:
        super().__init__(f"the answer can't be written as JSON: {why}")


#: What msgspec raises for a value it can't write.
_UNWRITABLE = (ValueError, TypeError, RecursionError, msgspec.EncodeError)


def _text(value: object) -> msgspec.Raw:
    """A value of the interface as JSON written already."""
    try:
        return msgspec.Raw(encode_text(value))
    except _UNWRITABLE as exc:
        raise Unwritable(exc) from None


Handler = Callable[[Session, dict[str, Any]], dict[str, Any]]
#: The longest error message sent back: an error quotes what was wrong, not all of it.
_MESSAGE_CHARS = 1000


def _field(request: dict[str, Any], field: str) -> Any:
    """A field the request's type must have: without it, the request is invalid, and the answer names it."""
    try:
        return request[field]
    except KeyError:
        raise DecodeError(f"missing field {field!r}") from None


def _whole_number(request: dict[str, Any], field: str, least: int) -> int:
    """A field that holds a whole number from ``least``; its value quoted as Python writes it, where it
    isn't one (so that the text "1" doesn't read as the number 1)."""
    value = _field(request, field)
    if type(value) is not int or value < least:
        raise DecodeError(f"expected a whole number from {least}, got {repr(value)[:40]}").at(f".{field}")
    return value


def _hello(session: Session, request: dict[str, Any]) -> dict[str, Any]:
    asked = _whole_number(request, "protocol", 1)
    if asked != PROTOCOL_VERSION:
        raise UnsupportedError(f"this engine speaks protocol {PROTOCOL_VERSION} only, not {asked!r}")
    offered = request.get("features", [])
    if not isinstance(offered, list):
        raise DecodeError(f"features: expected a list, got {str(offered)[:40]}")
    c = session.adapter.capabilities()
    hello = {
        "type": "hello",
        "protocol": PROTOCOL_VERSION,
        "name": c.name,
        "version": c.version,
        "editions": sorted(c.editions),
        "effects": sorted(c.effects),
    }
    if "features" not in request:
        return hello
    agreed = [f for f in session.features if f in offered]
    session.agreed = frozenset(agreed)
    return {**hello, "features": agreed}


def _start(session: Session, request: dict[str, Any]) -> dict[str, Any]:
    session.sent, session.last_view = 0, None
    session.adapter.start(decode(GameSetup, _field(request, "setup"), "$.setup"))
    return _with_state(session, {"type": "ok"})


#: The game's events and its view, as the adapter gave them.
_State = tuple[list[GameEvent], GameView]


def _perform(session: Session, request: dict[str, Any]) -> dict[str, Any]:
    action = decode(Action, _field(request, "action"), "$.action")
    stops = _stops(session, request)
    session.adapter.perform(action)
    if stops is None:
        return _with_state(session, {"type": "ok"})
    passed, unchanged = _pass_after(session, stops)
    return _with_state(session, {"type": "ok"}, passed, unchanged)


def _stops(session: Session, request: dict[str, Any]) -> frozenset[str] | None:
    """The event kinds a perform request's ``then_pass`` names, where the feature was agreed (with
    ``state_in_answers``, by which the server knows the action's events); None where there is no pass to make."""
    if "then_pass" not in request or not {"then_pass", "state_in_answers"} <= session.agreed:
        return None
    kinds = request["then_pass"]
    if not isinstance(kinds, list) or not all(isinstance(kind, str) for kind in kinds):
        raise DecodeError(f"then_pass: expected a list of event kinds, got {str(kinds)[:40]}")
    return frozenset(kinds)


def _pass_after(session: Session, stops: frozenset[str]) -> tuple[dict[str, Any] | None, _State | None]:
    """``then_pass``: the pass of priority made after the action (who passed, after how many of the
    events the answer carries), or None where the action's events hold one of the ``stops``, the
    game is over or waits for no priority decision, or the engine can't tell (its events or view
    fail: the answer then goes without them, as any answer whose state fails). The engine refusing
    or failing that pass is its failure, not the action's: an internal error, saying so.

    Where no pass is made, the events and view looked at come back with the None: the game is as
    they show it, and the answer carries them without asking the engine for them again."""
    try:
        state = _every_event(session.adapter), session.adapter.view()
    except Stopped:  # a signal to the process: the session ends (see main)
        raise
    except BaseException:  # the engine's failure, a sys.exit() too: the answer goes without its state
        return None, None
    events, view = state
    decision = view.decision
    if any(e.kind in stops for e in events[session.sent :]) or view.game_over:
        return None, state
    if decision is None or decision.kind != "priority":
        return None, state
    try:
        session.adapter.perform(PassPriority(decision.player))
    except IllegalActionError as exc:
        raise PassFailed(f"the engine refused the pass of {decision.player}, who held priority: {exc}") from None
    except Stopped:
        raise
    except BaseException as exc:  # the engine's own failure, as for any request (a sys.exit() too)
        raise PassFailed(f"{decision.player}'s pass failed: {type(exc).__name__}: {exc}") from None
    return {"player": decision.player, "events": len(events) - session.sent}, None


class PassFailed(Exception):
    """The pass asked for with ``then_pass`` failed, after the action was done."""

    def __init__(self, why: str) -> None:
        super().__init__(f"the action was done, then {why}")


def _with_state(
    session: Session, ok: dict[str, Any], passed: dict[str, Any] | None = None, fetched: _State | None = None
) -> dict[str, Any]:
    """With ``state_in_answers``, the answer carries the events not yet sent and the view (and the pass
    made after the action, with ``then_pass``): those ``fetched`` where the game hasn't changed since,
    else the adapter's. An adapter whose events or view fail (whatever they raise: a ``sys.exit()``
    too, which is the engine's failure as in process) leaves them out: the suite then asks for them,
    and gets the failure as the answer to that request, as without the feature."""
    if "state_in_answers" not in session.agreed:
        return ok
    try:
        events, view = fetched or (_every_event(session.adapter), session.adapter.view())
        state = {"events": _text(events[session.sent :]), **session.view_of(view)}
    except Stopped:  # a signal to the process: the session ends (see main)
        raise
    except BaseException:
        return ok
    session.sent = len(events)
    return {**ok, **state} if passed is None else {**ok, **state, "passed": passed}


def _every_event(adapter: EngineAdapter) -> list[GameEvent]:
    """The game's events so far, as a list: an adapter may give them as any sequence (the
    reference engine's gives a new list each time, which is then not copied again)."""
    events = adapter.events()
    return events if type(events) is list else list(events)


def _view(session: Session, request: dict[str, Any]) -> dict[str, Any]:
    now = session.written(session.adapter.view())
    if "view_changes" in session.agreed:
        session.last_view = now
    return {"type": "view", "view": whole(now)}


def _events(session: Session, request: dict[str, Any]) -> dict[str, Any]:
    since = _whole_number(request, "since", 0)
    events = _every_event(session.adapter)
    session.sent = len(events)
    return {"type": "events", "events": _text(events[since:])}


HANDLERS: dict[str, Handler] = {
    "hello": _hello,
    "start": _start,
    "perform": _perform,
    "view": _view,
    "events": _events,
    "bye": lambda session, request: {"type": "ok"},
}


def answer(session: Session | EngineAdapter, line: bytes | str, validate: bool = False) -> tuple[dict[str, Any], bool]:
    """The response to one request line, as JSON values, and whether the session goes on. Never
    raises: whatever the line holds (not UTF-8, not JSON, too deep, numbers too long) is answered
    with an error. A bare adapter is answered as a server that takes up no feature would."""
    if not isinstance(session, Session):
        session = Session(session, features=())
    response, going_on = _respond(session, line, validate)
    decoded: dict[str, Any] = msgspec.json.decode(_line(response, session))
    return decoded, going_on


def _respond(session: Session, line: bytes | str, validate: bool) -> tuple[dict[str, Any], bool]:
    """The response to one request line, its events and view written already (``msgspec.Raw``)."""
    try:
        return _answer(session, line, validate)
    except Exception as exc:  # a failure of the server itself is still answered
        return _error(None, "internal", f"the server failed: {type(exc).__name__}: {exc}"), True


#: A start request read from its text, its set-up's lists of cards left as their text (the codec
#: decodes each text once: a certification's set-ups repeat a few libraries).
_START_REQUEST = raw_reader({"id": Any, "type": Any, "setup": GameSetup})


def _request(line: bytes | str, validate: bool) -> Any:
    """A request line read as JSON values; raises ``ValueError`` or ``RecursionError`` for one that isn't
    JSON in UTF-8. A start request not checked against the schema (which needs its values whole)
    may keep its set-up's cards as their text."""
    if not validate and isinstance(line, bytes) and b'"setup"' in line:
        found = _START_REQUEST(line)
        if found is not None:
            return found
    return msgspec.json.decode(line)


def _answer(session: Session, line: bytes | str, validate: bool) -> tuple[dict[str, Any], bool]:
    try:
        request = _request(line, validate)
    except (ValueError, RecursionError) as exc:  # not UTF-8, not JSON, too deep, a number out of range
        return _error(None, "invalid_request", f"not a JSON message in UTF-8: {exc}"), True
    request_id = request.get("id") if isinstance(request, dict) else None
    if not is_request_id(request_id):
        request_id = None
    kind = request.get("type") if isinstance(request, dict) else None
    handler = HANDLERS.get(kind) if isinstance(kind, str) else None
    try:
        # Checked against its type's definition where it has a known one: against them all (the
        # schema's oneOf), what is wrong would be said as "not valid under any of the given schemas".
        found = problems(f"request_{kind}" if handler is not None else "request", request) if validate else []
    except RecursionError:
        found = ["the message is nested too deep to check"]
    if found or handler is None or request_id is None:
        why = "; ".join(found) or "a request is an object with a positive integer id and a known type"
        return _error(request_id, "invalid_request", why), True
    try:
        response = handler(session, request)
    except DecodeError as exc:
        return _error(request_id, "invalid_request", str(exc)), True
    except AdapterError as exc:
        return _error(request_id, error_kind(exc), str(exc), refusal_reason(exc)), True
    except (Unwritable, PassFailed) as exc:
        return _error(request_id, "internal", str(exc)), True
    except Stopped:  # a signal to the process, raised where it landed: the session ends (see main)
        raise
    except BaseException as exc:  # the engine's own failure (out of memory, sys.exit(), its own KeyboardInterrupt)
        return _error(request_id, "internal", f"{type(exc).__name__}: {exc}"), True
    return {"id": request_id, **response}, kind != "bye"


def _error(request_id: int | None, kind: str, message: str, reason: str | None = None) -> dict[str, Any]:
    if len(message) > _MESSAGE_CHARS:
        message = message[:_MESSAGE_CHARS] + f" [... {len(message) - _MESSAGE_CHARS:,} more characters cut]"
    error = {"kind": kind, "message": message} | ({} if reason is None else {"reason": reason})
    return {"id": request_id, "type": "error", "error": error}


def _line(response: dict[str, Any], session: Session | None = None) -> bytes:
    """The response as one line; one that can't be written (an engine's name that isn't a string,
    say) becomes an internal error, and as no view went with it, the next view sent goes whole.
    (Events and views are written earlier, as they are put in the answer: one that can't be is
    left out of an ok answer, see :func:`_with_state`, and is the error that answers a request
    for it.)"""
    try:
        return msgspec.json.encode(response) + b"\n"
    except _UNWRITABLE as exc:
        if session is not None:
            session.last_view = None
        return _line(_error(response.get("id"), "internal", str(Unwritable(exc))))


class Lines(Protocol):
    """Where requests are read from: a binary file, or a :class:`~checker.running.wire.polling.PollingReader`."""

    def readline(self, limit: int = -1, /) -> bytes: ...


def serve(
    adapter: EngineAdapter, reader: Lines, writer: BinaryIO, validate: bool = False, limit: int = MAX_MESSAGE_BYTES
) -> None:
    """Answer each request line of ``reader`` on ``writer`` until bye or the end of the input. A signal
    ends it as a :class:`~checker.contract.interrupts.Stopped`, within ``stopping()`` (as :func:`main`
    serves); a bare ``KeyboardInterrupt`` in the adapter's call is the adapter's, and answered."""
    session = Session(adapter)
    while line := reader.readline(limit + 1):
        if len(line) > limit and not line.endswith(b"\n"):
            size = len(line) + _skip_line(reader, limit)
            response, going_on = (
                _error(None, "invalid_request", f"a message of {size:,} bytes, over the limit of {limit:,}"),
                True,
            )
        elif not line.strip():
            continue
        else:
            response, going_on = _respond(session, line, validate)
        _send(writer, _line(response, session))
        if not going_on:
            return


class OutputFailed(Exception):
    """An answer can't be written on the protocol's output (a full disk, ``/dev/full``): the session
    can't go on. (A closed pipe, the suite gone, stays a ``BrokenPipeError``.)"""

    def __init__(self, why: OSError) -> None:
        super().__init__(f"the standard output can't be written: {why.strerror or why}")


def _send(writer: BinaryIO, line: bytes) -> None:
    """Write an answer and flush it, as the suite waits for it."""
    try:
        writer.write(line)
        writer.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise OutputFailed(exc) from exc


def _skip_line(reader: Lines, limit: int) -> int:
    """Read past the rest of a line too long to keep; how many bytes it had (its line end not counted)."""
    skipped = 0
    while chunk := reader.readline(limit):
        skipped += len(chunk.removesuffix(b"\n"))
        if chunk.endswith(b"\n"):
            break
    return skipped


def main(argv: list[str] | None = None) -> int:
    from checker.running.engines import EngineNotFound, load_python_engine

    parser = argparse.ArgumentParser(description="Serve a Python adapter over the wire protocol (stdin/stdout).")
    parser.add_argument("--engine", default="reference", help="'reference' or 'package.module:AdapterClass'")
    parser.add_argument("--validate", action="store_true", help="check every request against the schema")
    parser.add_argument(
        "--max-message-bytes",
        type=positive_bytes,
        default=MAX_MESSAGE_BYTES,
        metavar="BYTES",
        help=f"the longest request line read (default: {MAX_MESSAGE_BYTES:,}; at most {MAX_MESSAGE_LIMIT:,})",
    )
    args = parser.parse_args(argv)
    if sys.stdin is None or sys.stdout is None:  # started with either closed (<&-, >&-)
        missing = "input" if sys.stdin is None else "output"
        print(f"error: there is no standard {missing} to serve the protocol on", file=sys.stderr)
        return EXIT_USAGE
    try:
        adapter = load_python_engine(args.engine)
    except EngineNotFound as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    # What the server and its engine imported lives as long as the process, as a session's
    # scenarios do. Side by side, the server spent about 3% less time answering a certification.
    collect_less()
    # Where the suite says a processor is free for this server, each request is waited for by reading
    # at once first; the garbage is collected while the suite works between two scenarios.
    requests = PollingReader(sys.stdin.fileno(), collect_when_idle()) if processor_free() else sys.stdin.buffer
    try:
        with stopping(), _protocol_output() as answers:
            serve(adapter, requests, answers, args.validate, args.max_message_bytes)
    except BrokenPipeError:  # the suite went away
        return EXIT_OK
    except KeyboardInterrupt as exc:  # SIGINT, SIGTERM or SIGHUP: 128 + its number, as every command
        code = exit_code(exc)
        print(f"interrupted by {signal.Signals(code - 128).name}", file=sys.stderr)
        return code
    except OutputFailed as exc:  # as with no standard output at all
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:  # reading the requests failed (an I/O error on a terminal, say)
        print(f"error: the standard input can't be read: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK


@contextlib.contextmanager
def _protocol_output() -> Iterator[BinaryIO]:
    """The standard output, for the answers alone (a duplicate of its file descriptor). Meanwhile the
    adapter's prints (``sys.stdout``) and what its C code writes on that descriptor go to the standard
    error (nowhere if it is closed): a line printed among the answers would be read as one, and break
    the session."""
    sys.stdout.flush()
    fd, before = sys.stdout.fileno(), sys.stdout
    answers = os.fdopen(os.dup(fd), "wb")
    prints = os.open(os.devnull, os.O_WRONLY) if sys.stderr is None else os.dup(sys.stderr.fileno())
    os.dup2(prints, fd)
    os.close(prints)
    sys.stdout = sys.stderr
    try:
        yield answers
    finally:
        sys.stdout = before
        os.dup2(answers.fileno(), fd)
        with contextlib.suppress(OSError):  # an answer that couldn't be written is still in its buffer
            answers.close()


if __name__ == "__main__":
    sys.exit(main())
