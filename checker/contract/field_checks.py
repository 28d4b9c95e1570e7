"""Checks of values that msgspec built: whether a value holds what the schema says of it, where
msgspec's types can't say it (bounds, names of the vocabulary, unique items). The codec's typed
reads and the protocol's quick check of the hello make them alike."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from msgspec import UNSET

#: Whether a value built by msgspec holds what the schema says of it (None: nothing to check).
Check = Callable[[Any], bool]


def all_fields(found: Sequence[tuple[Callable[[Any], Any], Check]]) -> Check:
    """A check that each field (taken by its getter) passes its check or is unset (a field of
    changes that didn't change; a dataclass's fields never are): a loop rather than ``all()``
    over a generator, which is twice as slow on the handful of fields of a view."""

    def checked(value: Any) -> bool:
        for field, check in found:
            if (found_value := field(value)) is not UNSET and not check(found_value):
                return False
        return True

    return checked
