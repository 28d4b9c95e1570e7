"""The files a build of the site wrote, listed in its directory, so that the next build into it
takes away those it doesn't write again: the timeline of a run that no longer fails, or that the
build wasn't given traces for, a part or ruling the suite no longer has. Left there, a page of an
older build would still open, and pass for this build's.

The list (:data:`LIST`) marks the directory as a site's; a file it doesn't name (a user's, an
older version's) is never taken away, nor one that is no longer a regular file (a link put there).
A build cut short (a full disk, an interrupt) lists what the previous build listed as well as what
it wrote, so that the next takes away what neither writes.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from pathlib import Path, PurePosixPath
from typing import Final

from checker.contract.documents import write_in

#: The list of the files the last build wrote, in the site's directory.
LIST: Final = ".turncheck-site.json"
_FORMAT: Final = "turncheck-site-files"


class Written:
    """The files a build writes into ``out``, and those the previous build there listed."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.before = _listed(out)
        self.names: list[str] = []

    def write(self, name: str, data: bytes) -> None:
        """Write the file ``name`` (a relative path: ``parts/untap.html``) into the site, as :func:`write_in`."""
        self.names.append(name)
        write_in(self.out, name, data)

    def take_away_the_rest(self) -> int:
        """Take away the files the previous build listed and this one didn't write (and the folders
        they leave empty); list this build's files. How many were taken away. Raises OSError."""
        written = set(self.names)
        removed = sum(_remove(self.out, name) for name in sorted(self.before - written))
        self._list(written)
        return removed

    def cut_short(self) -> None:
        """The build stopped partway: what both builds wrote is listed, for the next to take away."""
        with contextlib.suppress(OSError):
            self._list(self.before | set(self.names))

    def _list(self, names: set[str]) -> None:
        data = {"format": _FORMAT, "files": sorted(names)}
        write_in(self.out, LIST, (json.dumps(data, indent=1) + "\n").encode("utf-8"))


def _listed(out: Path) -> set[str]:
    """The files the list in ``out`` names, each a relative path inside it; none without a list, or
    with one that can't be read as a site's (nothing is taken away on its word)."""
    try:
        data = json.loads((out / LIST).read_bytes())
    except (OSError, ValueError):
        return set()
    if not isinstance(data, dict) or data.get("format") != _FORMAT or not isinstance(data.get("files"), list):
        return set()
    return {name for name in data["files"] if isinstance(name, str) and _inside(name)}


def _inside(name: str) -> bool:
    """Whether ``name`` is a relative path down into the site (no ``..``, not absolute, not the list)."""
    path = PurePosixPath(name)
    return bool(name) and not path.is_absolute() and ".." not in path.parts and "\\" not in name and name != LIST


def _remove(out: Path, name: str) -> bool:
    """The file ``name`` of the site taken away if it is still a regular file in folders of the site
    (none of them a link, which would lead out of it), with the folders it leaves empty. Whether it was."""
    path = out / name
    folders = [folder for folder in path.parents if out in folder.parents]
    try:
        if any(folder.is_symlink() for folder in folders) or not stat.S_ISREG(os.lstat(path).st_mode):
            return False
    except (OSError, ValueError):  # taken away since, its folder replaced by a file, a name no file can have
        return False
    try:
        path.unlink()
    except (FileNotFoundError, NotADirectoryError):  # taken away since, or its folder replaced by a file
        return False
    for folder in folders:
        try:
            folder.rmdir()
        except OSError:  # not empty (or not ours to remove)
            break
    return True
