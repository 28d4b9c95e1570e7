"""What every command's path arguments hold to: a path given empty is a usage error.

``--report-dir "$DIR"`` with ``DIR`` unset in a script passes an empty value, which a path reads
as the current directory (a report written among the user's files) or as no option at all. Each
command's path arguments take :func:`path_text` or :func:`path` as their type, so that argparse
refuses the value however the option is written.
"""

from __future__ import annotations

import argparse
from pathlib import Path

#: Why a path given empty (``--report-dir ""``: an unset variable in a script) is refused.
EMPTY_PATH = "an empty path (an unset variable?) would be the current directory, or nothing: name one"


def path_text(text: str) -> str:
    """A path as given on the command line; an empty one (:data:`EMPTY_PATH`) is a usage error. As an
    argument's type, it holds however the option is written: ``--out ""``, ``--out=``, abbreviated
    (``--report ""`` for ``--report-dir``), and for each value of an option that takes several."""
    if not text.strip():
        raise argparse.ArgumentTypeError(EMPTY_PATH)
    return text


def path(text: str) -> Path:
    """:func:`path_text`, as a path."""
    return Path(path_text(text))
