"""A full disk, for the tests of output that can't be written: put :func:`full` in place of a writer."""

from __future__ import annotations

import errno
from typing import NoReturn


def full(*args: object, **kwargs: object) -> NoReturn:
    raise OSError(errno.ENOSPC, "No space left on device")
