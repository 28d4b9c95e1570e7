"""What an adapter in this process says it supports, checked as an engine's ``hello`` is over the wire.

The protocol's schema holds an engine's answer to ``hello`` to its shape: a name and a version
that are text, editions of the suite, effects named by text. An adapter in this process hands
over a :class:`~checker.contract.interface.Capabilities` that nothing checked: a version given as
a number made up an engine's identity in every report, and editions given as one string were
matched by substring (``"cr2024" in "cr2024"`` and ``"cr20" in "cr2024"`` alike).
"""

from __future__ import annotations

from checker.contract.interface import Capabilities
from checker.contract.vocabulary import EDITIONS


def capabilities_problem(found: object) -> str | None:
    """What is wrong with an adapter's answer to ``capabilities()``; None where nothing is."""
    if not isinstance(found, Capabilities):
        return f"capabilities() returned {_shown(found)}, not a Capabilities"
    for field in ("name", "version"):
        value = getattr(found, field)
        if not isinstance(value, str):
            return f"capabilities() gave the {field} {_shown(value)}, not text"
    for field in ("editions", "effects"):
        value = getattr(found, field)
        if not isinstance(value, set | frozenset) or not all(isinstance(each, str) for each in value):
            return f"capabilities() gave the {field} {_shown(value)}, not a set of names"
    unknown = sorted(found.editions - set(EDITIONS))
    if unknown:
        named = ", ".join(map(repr, unknown))
        return f"capabilities() gave editions the suite doesn't have: {named} (it has {', '.join(EDITIONS)})"
    return None


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 80 else f"{text[:77]}..."
