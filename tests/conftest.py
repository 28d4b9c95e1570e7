from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]


@pytest.fixture
def document_file(tmp_path: Path) -> Callable[[object], Path]:
    """Writes a document for a reader to take or refuse and gives its path: bytes as they are,
    text as UTF-8, anything else as JSON."""

    def write(content: object) -> Path:
        path = tmp_path / "document.json"
        if isinstance(content, bytes):
            path.write_bytes(content)
        elif isinstance(content, str):
            path.write_text(content, encoding="utf-8")
        else:
            path.write_text(json.dumps(content), encoding="utf-8")
        return path

    return write
