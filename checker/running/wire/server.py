"""Serve any Python adapter over the wire protocol, on stdin and stdout.

Wrapping a Python engine takes an adapter class and one line::

    python -m checker.running.wire.server --engine mypackage.adapter:MyAdapter

``--engine reference`` serves the reference engine.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any, BinaryIO

from checker.contract.codec import DecodeError, decode, encode
from checker.contract.interface import Action, AdapterError, EngineAdapter, GameSetup, UnsupportedError
from checker.contract.protocol import (
    MAX_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    error_kind,
    is_request_id,
    problems,
    refusal_reason,
)

Handler = Callable[[EngineAdapter, dict[str, Any]], dict[str, Any]]
#: The longest error message sent back: an error quotes what was wrong, not all of it.
_MESSAGE_CHARS = 1000


def _whole_number(request: dict[str, Any], field: str, least: int) -> int:
    value = request[field]
    if type(value) is not int or value < least:
        raise DecodeError(f"expected a whole number from {least}, got {str(value)[:40]}")
    return value


def _hello(adapter: EngineAdapter, request: dict[str, Any]) -> dict[str, Any]:
    asked = request["protocol"]
    if type(asked) is not int or asked != PROTOCOL_VERSION:
        raise UnsupportedError(f"this engine speaks protocol {PROTOCOL_VERSION} only, not {str(asked)[:40]}")
    c = adapter.capabilities()
    return {
        "type": "hello",
        "protocol": PROTOCOL_VERSION,
        "name": c.name,
        "version": c.version,
        "editions": sorted(c.editions),
        "effects": sorted(c.effects),
    }


def _start(adapter: EngineAdapter, request: dict[str, Any]) -> dict[str, Any]:
    adapter.start(decode(GameSetup, request["setup"], "$.setup"))
    return {"type": "ok"}


def _perform(adapter: EngineAdapter, request: dict[str, Any]) -> dict[str, Any]:
    adapter.perform(decode(Action, request["action"], "$.action"))
    return {"type": "ok"}


def _view(adapter: EngineAdapter, request: dict[str, Any]) -> dict[str, Any]:
    return {"type": "view", "view": encode(adapter.view())}


def _events(adapter: EngineAdapter, request: dict[str, Any]) -> dict[str, Any]:
    since = _whole_number(request, "since", 0)
    return {"type": "events", "events": encode(list(adapter.events())[since:])}


HANDLERS: dict[str, Handler] = {
    "hello": _hello,
    "start": _start,
    "perform": _perform,
    "view": _view,
    "events": _events,
    "bye": lambda adapter, request: {"type": "ok"},
}


def answer(adapter: EngineAdapter, line: bytes | str, validate: bool = False) -> tuple[dict[str, Any], bool]:
    """The response to one request line, and whether the session goes on. Never raises: whatever
    the line holds (not UTF-8, not JSON, too deep, numbers too long) is answered with an error."""
    try:
        return _answer(adapter, line, validate)
    except Exception as exc:  # a failure of the server itself is still answered
        return _error(None, "internal", f"the server failed: {type(exc).__name__}: {exc}"), True


def _answer(adapter: EngineAdapter, line: bytes | str, validate: bool) -> tuple[dict[str, Any], bool]:
    try:
        request = json.loads(line.decode("utf-8") if isinstance(line, bytes) else line)
    except (ValueError, RecursionError) as exc:  # not UTF-8, not JSON, too deep, an integer too long
        return _error(None, "invalid_request", f"not a JSON message in UTF-8: {exc}"), True
    request_id = request.get("id") if isinstance(request, dict) else None
    if not is_request_id(request_id):
        request_id = None
    try:
        found = problems("request", request) if validate else []
    except RecursionError:
        found = ["the message is nested too deep to check"]
    kind = request.get("type") if isinstance(request, dict) else None
    handler = HANDLERS.get(kind) if isinstance(kind, str) else None
    if found or handler is None or request_id is None:
        why = "; ".join(found) or "a request is an object with a positive integer id and a known type"
        return _error(request_id, "invalid_request", why), True
    try:
        response = handler(adapter, request)
    except (DecodeError, KeyError) as exc:
        return _error(request_id, "invalid_request", str(exc)), True
    except AdapterError as exc:
        return _error(request_id, error_kind(exc), str(exc), refusal_reason(exc)), True
    except Exception as exc:  # the engine's own failure (running out of memory too) goes back as internal
        return _error(request_id, "internal", f"{type(exc).__name__}: {exc}"), True
    return {"id": request_id, **response}, kind != "bye"


def _error(request_id: int | None, kind: str, message: str, reason: str | None = None) -> dict[str, Any]:
    if len(message) > _MESSAGE_CHARS:
        message = message[:_MESSAGE_CHARS] + f" [... {len(message) - _MESSAGE_CHARS:,} more characters cut]"
    error = {"kind": kind, "message": message} | ({} if reason is None else {"reason": reason})
    return {"id": request_id, "type": "error", "error": error}


def _line(response: dict[str, Any]) -> bytes:
    """The response as one line; one that can't be written (an engine's number too long for JSON,
    say) becomes an internal error."""
    try:
        return json.dumps(response, separators=(",", ":")).encode() + b"\n"
    except (ValueError, TypeError, RecursionError) as exc:
        return _line(_error(response.get("id"), "internal", f"the answer can't be written as JSON: {exc}"))


def serve(
    adapter: EngineAdapter, reader: BinaryIO, writer: BinaryIO, validate: bool = False, limit: int = MAX_MESSAGE_BYTES
) -> None:
    """Answer each request line of ``reader`` on ``writer`` until bye or the end of the input."""
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
            response, going_on = answer(adapter, line, validate)
        writer.write(_line(response))
        writer.flush()
        if not going_on:
            return


def _skip_line(reader: BinaryIO, limit: int) -> int:
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
        type=int,
        default=MAX_MESSAGE_BYTES,
        metavar="BYTES",
        help=f"the longest request line read (default: {MAX_MESSAGE_BYTES:,})",
    )
    args = parser.parse_args(argv)
    try:
        adapter = load_python_engine(args.engine)
    except EngineNotFound as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        serve(adapter, sys.stdin.buffer, sys.stdout.buffer, args.validate, args.max_message_bytes)
    except (BrokenPipeError, KeyboardInterrupt):  # the suite went away, or was interrupted
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
