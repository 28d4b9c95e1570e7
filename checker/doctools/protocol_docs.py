"""Keep ``docs/protocol.md`` in step with the protocol's schema and the engine's real answers.

The document's prose is written by hand; the blocks between ``<!-- BEGIN name -->`` and
``<!-- END name -->`` are generated here from ``schemas/protocol.schema.json``, the effect
catalog, and a session actually played against the reference engine's server.

    python -m checker.doctools.protocol_docs docs/protocol.md           # rewrite the generated blocks
    python -m checker.doctools.protocol_docs docs/protocol.md --check   # exit 1 if they are out of date
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from checker.adapters.reference import ReferenceAdapter
from checker.contract.catalog import ENTRIES
from checker.contract.protocol import schema
from checker.contract.vocabulary import EVENT_DETAILS, EVENT_FIELDS, EVENTS, TURN_TEMPLATES
from checker.doctools.blocks import fields_table, schema_type
from checker.doctools.blocks import main as blocks_main
from checker.running.wire.server import answer


def _fields(name: str) -> str:
    return fields_table(schema(), name)


def _messages() -> str:
    defs = schema()["$defs"]
    parts = []
    for prefix, title in (("request_", "Requests (suite to engine)"), ("response_", "Responses (engine to suite)")):
        parts.append(f"### {title}\n")
        for name in defs:
            if name.startswith(prefix) and "type" in defs[name].get("properties", {}):  # a message, not request_id
                parts.append(f"#### `{name.removeprefix(prefix)}`\n\n{_fields(name)}\n")
    parts.append("### The objects they carry\n")
    for name in (
        "game_setup",
        "player_setup",
        "card_setup",
        "card_spec",
        "effect_spec",
        "permanent_setup",
        "game_view",
        "view_changes",
        "passed",
        "decision_view",
        "player_view",
        "card_view",
        "permanent_view",
        "stack_item_view",
        "game_event",
    ):
        parts.append(f"#### `{name}`\n\n{_fields(name)}\n")
    parts.append("#### `action`\n\nOne of these, told apart by `type`; every action has a `player`.\n")
    parts.append("| type | fields |\n| --- | --- |")
    for name, node in defs.items():
        if name.startswith("action_"):
            extra = [f"`{f}`: {schema_type(s)}" for f, s in node["properties"].items() if f not in {"type", "player"}]
            parts.append(f"| `{name.removeprefix('action_')}` | {', '.join(extra) or '(none)'} |")
    return "\n".join(parts) + "\n"


def _vocabulary() -> str:
    defs = schema()["$defs"]
    lines = []
    for name in ("edition", "phase", "step", "decision", "event_kind"):
        values = ", ".join(f"`{v}`" for v in defs[name]["enum"])
        lines.append(f"- **{name}**: {defs[name]['description']} {values}")
    return "\n".join(lines) + "\n"


def _turns() -> str:
    lines = []
    for edition, template in TURN_TEMPLATES.items():
        phases = [
            f"`{phase}`" + (f" ({', '.join(f'`{s}`' for s in steps)})" if steps else "") for phase, steps in template
        ]
        lines.append(f"- **{edition}**: {', '.join(phases)}")
    return "\n".join(lines) + "\n"


def _event_fields() -> str:
    lines = ["| event kind | player | subject | amount |", "| --- | --- | --- | --- |"]
    for kind in sorted(EVENTS):
        said = EVENT_FIELDS[kind]
        lines.append(f"| `{kind}` | " + " | ".join(said.get(f, "—") for f in ("player", "subject", "amount")) + " |")
    return "\n".join(lines) + "\n"


def _event_details() -> str:
    lines = ["| event kind | detail key | what it holds |", "| --- | --- | --- |"]
    for kind in sorted(EVENTS):
        details = EVENT_DETAILS.get(kind, {})
        if not details:
            lines.append(f"| `{kind}` | (none) | |")
        for key, meaning in details.items():
            lines.append(f"| `{kind}` | `{key}` | {meaning} |")
    return "\n".join(lines) + "\n"


def _catalog() -> str:
    lines = ["| key | kind | what it does | parameters | real cards with it |", "| --- | --- | --- | --- | --- |"]
    for e in ENTRIES:
        params = ", ".join(f"`{p}`" for p in e.params) or ""
        lines.append(f"| `{e.key}` | {e.kind} | {e.summary} | {params} | {'; '.join(e.examples)} |")
    return "\n".join(lines) + "\n"


EXAMPLE_SESSION: list[dict[str, Any]] = [
    {"id": 1, "type": "hello", "protocol": 1},
    {
        "id": 2,
        "type": "start",
        "setup": {
            "edition": "cr2024",
            "players": [
                {"name": "Alice", "library": [{"id": "c1", "card": {"name": "Island", "types": ["land"]}}]},
                {"name": "Bob"},
            ],
            "active_player": "Alice",
            "phase": "beginning",
            "step": "upkeep",
        },
    },
    {"id": 3, "type": "view"},
    {"id": 4, "type": "perform", "action": {"type": "pass_priority", "player": "Alice"}},
    {"id": 5, "type": "perform", "action": {"type": "pass_priority", "player": "Alice"}},
    {"id": 6, "type": "perform", "action": {"type": "pass_priority", "player": "Bob"}},
    {"id": 7, "type": "events", "since": 0},
    {"id": 8, "type": "bye"},
]


def _example() -> str:
    adapter = ReferenceAdapter()
    lines = ["```"]
    for request in EXAMPLE_SESSION:
        response, _ = answer(adapter, json.dumps(request), validate=True)
        lines.append("→ " + json.dumps(request, separators=(",", ":")))
        lines.append("← " + json.dumps(response, separators=(",", ":")))
    lines.append("```")
    return "\n".join(lines) + "\n"


GENERATORS: dict[str, Callable[[], str]] = {
    "messages": _messages,
    "vocabulary": _vocabulary,
    "turns": _turns,
    "event-fields": _event_fields,
    "event-details": _event_details,
    "catalog": _catalog,
    "example": _example,
}


def main(argv: list[str] | None = None) -> int:
    return blocks_main(argv, GENERATORS, "checker.doctools.protocol_docs")


if __name__ == "__main__":
    sys.exit(main())
