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
from typing import Any, TextIO

from checker.contract.codec import DecodeError, decode, encode
from checker.contract.interface import Action, AdapterError, EngineAdapter, GameSetup
from checker.contract.protocol import PROTOCOL_VERSION, error_kind, problems

Handler = Callable[[EngineAdapter, dict[str, Any]], dict[str, Any]]


def _hello(adapter: EngineAdapter, request: dict[str, Any]) -> dict[str, Any]:
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
    since = request["since"]
    if not isinstance(since, int) or since < 0:
        raise DecodeError("$.since: expected a whole number from 0")
    return {"type": "events", "events": encode(list(adapter.events())[since:])}


HANDLERS: dict[str, Handler] = {
    "hello": _hello,
    "start": _start,
    "perform": _perform,
    "view": _view,
    "events": _events,
    "bye": lambda adapter, request: {"type": "ok"},
}


def answer(adapter: EngineAdapter, line: str, validate: bool = False) -> tuple[dict[str, Any], bool]:
    """The response to one request line, and whether the session goes on."""
    try:
        request = json.loads(line)
    except json.JSONDecodeError as exc:
        return _error(None, "invalid_request", f"not JSON: {exc}"), True
    request_id = request.get("id") if isinstance(request, dict) else None
    if not isinstance(request_id, int) or isinstance(request_id, bool):
        request_id = None
    found = problems("request", request) if validate else []
    handler = HANDLERS.get(str(request.get("type"))) if isinstance(request, dict) else None
    if found or handler is None or request_id is None:
        why = "; ".join(found) or "a request is an object with an integer id and a known type"
        return _error(request_id, "invalid_request", why), True
    try:
        response = handler(adapter, request)
    except (DecodeError, KeyError) as exc:
        return _error(request_id, "invalid_request", str(exc)), True
    except AdapterError as exc:
        return _error(request_id, error_kind(exc), str(exc)), True
    except Exception as exc:  # the engine's own failure goes back as an internal error
        return _error(request_id, "internal", f"{type(exc).__name__}: {exc}"), True
    return {"id": request_id, **response}, request.get("type") != "bye"


def _error(request_id: int | None, kind: str, message: str) -> dict[str, Any]:
    return {"id": request_id, "type": "error", "error": {"kind": kind, "message": message}}


def serve(adapter: EngineAdapter, reader: TextIO, writer: TextIO, validate: bool = False) -> None:
    for line in reader:
        if not line.strip():
            continue
        response, going_on = answer(adapter, line, validate)
        writer.write(json.dumps(response, separators=(",", ":")) + "\n")
        writer.flush()
        if not going_on:
            return


def main(argv: list[str] | None = None) -> int:
    from checker.running.engines import EngineNotFound, load_python_engine

    parser = argparse.ArgumentParser(description="Serve a Python adapter over the wire protocol (stdin/stdout).")
    parser.add_argument("--engine", default="reference", help="'reference' or 'package.module:AdapterClass'")
    parser.add_argument("--validate", action="store_true", help="check every request against the schema")
    args = parser.parse_args(argv)
    try:
        adapter = load_python_engine(args.engine)
    except EngineNotFound as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    serve(adapter, sys.stdin, sys.stdout, args.validate)
    return 0


if __name__ == "__main__":
    sys.exit(main())
