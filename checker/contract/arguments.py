"""Types of the arguments that several commands share, the engine's server too: a path, which
given empty is a usage error, and a size in bytes.

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


#: The highest message size limit ``--max-message-bytes`` takes: 1 GiB, far past any message of the
#: protocol, and a size a read can be asked for (the server asked for a line of 10**23 bytes and crashed).
MAX_MESSAGE_LIMIT = 1024**3


def positive_bytes(text: str) -> int:
    """A number of bytes for ``--max-message-bytes``: a whole number from 1 to :data:`MAX_MESSAGE_LIMIT`."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of bytes") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: a message size limit must be at least 1 byte")
    if value > MAX_MESSAGE_LIMIT:
        raise argparse.ArgumentTypeError(
            f"{text[:40]!r}: a message size limit must be at most {MAX_MESSAGE_LIMIT:,} bytes (1 GiB)"
        )
    return value
