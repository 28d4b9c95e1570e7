"""Generated blocks in hand-written documents, and the schema tables they are made of.

A document's prose is written by hand; the blocks between ``<!-- BEGIN name -->`` and
``<!-- END name -->`` are generated, each by the function of its name. :func:`main` rewrites a
document's blocks, or with ``--check`` exits 1 if they are out of date.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from checker.contract.exits import EXIT_FAILED, EXIT_OK, EXIT_USAGE

_BLOCK = re.compile(r"(<!-- BEGIN (?P<name>[\w-]+) -->\n)(?P<body>.*?)(<!-- END (?P=name) -->)", re.S)


def schema_type(node: dict[str, Any]) -> str:
    """A schema node's type, as a document's table writes it."""
    if "$ref" in node:
        return f"`{node['$ref'].rsplit('/', 1)[1]}`"
    if "const" in node:
        return f'`"{node["const"]}"`' if isinstance(node["const"], str) else f"`{node['const']}`"
    if "enum" in node:
        return " \\| ".join("`null`" if v is None else f'`"{v}"`' for v in node["enum"])
    if "oneOf" in node:
        return " or ".join(schema_type(n) for n in node["oneOf"])
    kind = node.get("type", "any")
    if kind == "array":
        items = node.get("items") or {}
        return f"array of {schema_type(items)}" if items else "array"
    if isinstance(kind, list):
        return " or ".join(f"`{k}`" for k in kind)
    values = node.get("additionalProperties")
    if kind == "object" and isinstance(values, dict) and values:
        return f"object of {schema_type(values)}"
    return f"`{kind}`"


def _ref_name(spec: dict[str, Any]) -> str:
    return str(spec.get("$ref", "")).rsplit("/", 1)[-1]


def fields_table(schema: dict[str, Any], name: str) -> str:
    """The definition ``name`` of ``schema``: its description, then a table of its fields."""
    node = schema["$defs"][name]
    lines = []
    if node.get("description"):
        lines.append(node["description"] + "\n")
    lines += ["| field | type | required | meaning |", "| --- | --- | --- | --- |"]
    required = set(node.get("required", ()))
    for field, spec in node.get("properties", {}).items():
        meaning = spec.get("description", "") or schema["$defs"].get(_ref_name(spec), {}).get("description", "")
        if "default" in spec:  # what an absent field is taken to be
            meaning = f"{meaning} Default: `{json.dumps(spec['default'])}`.".lstrip()
        lines.append(f"| `{field}` | {schema_type(spec)} | {'yes' if field in required else 'no'} | {meaning} |")
    inline = [(f, s) for f, s in node.get("properties", {}).items() if s.get("type") == "object" and "properties" in s]
    for field, spec in inline:  # an object of the message's own (an error's), not a definition of its own
        lines += ["", f"Its `{field}`:", ""]
        lines += fields_table({"$defs": {**schema["$defs"], field: spec}}, field).split("\n")
    return "\n".join(lines)


def render(text: str, generators: Mapping[str, Callable[[], str]]) -> str:
    def replace(m: re.Match[str]) -> str:
        generator = generators.get(m["name"])
        if generator is None:
            raise ValueError(f"no generator for the block {m['name']!r}")
        return m.group(1) + generator() + m.group(4)

    return _BLOCK.sub(replace, text)


def main(argv: list[str] | None, generators: Mapping[str, Callable[[], str]], module: str) -> int:
    """``python -m <module> PATH [--check]``: rewrite PATH's generated blocks, or check them (exit 1
    when out of date). A file that can't be read or written, or a wrong argument, exits 2."""
    parser = argparse.ArgumentParser(prog=f"python -m {module}", description=main.__doc__)
    parser.add_argument("path", type=Path, metavar="PATH", help="the Markdown file whose generated blocks to rewrite")
    parser.add_argument("--check", action="store_true", help="only check that they are up to date")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse has said what is wrong
        return EXIT_USAGE if exc.code else EXIT_OK
    path: Path = args.path
    try:
        text = path.read_text(encoding="utf-8")
        rendered = render(text, generators)
        if args.check:
            if rendered != text:
                print(f"{path} is out of date: run python -m {module} {path}")
                return EXIT_FAILED
            return EXIT_OK
        path.write_text(rendered, encoding="utf-8")
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK
