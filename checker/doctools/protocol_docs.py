"""Keep ``docs/protocol.md`` in step with the protocol's schema and the engine's real answers.

The document's prose is written by hand; the blocks between ``<!-- BEGIN name -->`` and
``<!-- END name -->`` are generated here from ``schemas/protocol.schema.json``, the effect
catalog, and a session actually played against the reference engine's server.

    python -m checker.doctools.protocol_docs docs/protocol.md           # rewrite the generated blocks
    python -m checker.doctools.protocol_docs docs/protocol.md --check   # exit 1 if they are out of date
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from checker.adapters.reference import ReferenceAdapter
from checker.contract.catalog import ENTRIES
from checker.contract.protocol import schema
from checker.contract.vocabulary import EVENT_DETAILS, EVENTS
from checker.running.wire.server import answer

_BLOCK = re.compile(r"(<!-- BEGIN (?P<name>[\w-]+) -->\n)(?P<body>.*?)(<!-- END (?P=name) -->)", re.S)


def _type(node: dict[str, Any]) -> str:
    if "$ref" in node:
        return f"`{node['$ref'].rsplit('/', 1)[1]}`"
    if "const" in node:
        return f'`"{node["const"]}"`' if isinstance(node["const"], str) else f"`{node['const']}`"
    if "enum" in node:
        return " \\| ".join("`null`" if v is None else f'`"{v}"`' for v in node["enum"])
    if "oneOf" in node:
        return " or ".join(_type(n) for n in node["oneOf"])
    kind = node.get("type", "any")
    if kind == "array":
        items = node.get("items") or {}
        return f"array of {_type(items)}" if items else "array"
    if isinstance(kind, list):
        return " or ".join(f"`{k}`" for k in kind)
    values = node.get("additionalProperties")
    if kind == "object" and isinstance(values, dict) and values:
        return f"object of {_type(values)}"
    return f"`{kind}`"


def _fields(name: str) -> str:
    node = schema()["$defs"][name]
    lines = []
    if node.get("description"):
        lines.append(node["description"] + "\n")
    lines += ["| field | type | required | meaning |", "| --- | --- | --- | --- |"]
    required = set(node.get("required", ()))
    for field, spec in node.get("properties", {}).items():
        meaning = spec.get("description", "") or schema()["$defs"].get(_ref_name(spec), {}).get("description", "")
        lines.append(f"| `{field}` | {_type(spec)} | {'yes' if field in required else 'no'} | {meaning} |")
    return "\n".join(lines)


def _ref_name(spec: dict[str, Any]) -> str:
    return str(spec.get("$ref", "")).rsplit("/", 1)[-1]


def _messages() -> str:
    defs = schema()["$defs"]
    parts = []
    for prefix, title in (("request_", "Requests (suite to engine)"), ("response_", "Responses (engine to suite)")):
        parts.append(f"### {title}\n")
        for name in defs:
            if name.startswith(prefix):
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
            extra = [f"`{f}`: {_type(s)}" for f, s in node["properties"].items() if f not in {"type", "player"}]
            parts.append(f"| `{name.removeprefix('action_')}` | {', '.join(extra) or '(none)'} |")
    return "\n".join(parts) + "\n"


def _vocabulary() -> str:
    defs = schema()["$defs"]
    lines = []
    for name in ("edition", "phase", "step", "decision", "event_kind"):
        values = ", ".join(f"`{v}`" for v in defs[name]["enum"])
        lines.append(f"- **{name}**: {defs[name]['description']} {values}")
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
    "event-details": _event_details,
    "catalog": _catalog,
    "example": _example,
}


def render(text: str) -> str:
    def replace(m: re.Match[str]) -> str:
        generator = GENERATORS.get(m["name"])
        if generator is None:
            raise ValueError(f"no generator for the block {m['name']!r}")
        return m.group(1) + generator() + m.group(4)

    return _BLOCK.sub(replace, text)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print("usage: python -m checker.doctools.protocol_docs PATH [--check]", file=sys.stderr)
        return 2
    path = Path(args[0])
    text = path.read_text(encoding="utf-8")
    rendered = render(text)
    if "--check" in args:
        if rendered != text:
            print(f"{path} is out of date: run python -m checker.doctools.protocol_docs {path}")
            return 1
        return 0
    path.write_text(rendered, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
