"""Adapters of the engines the project certifies itself, one module (or a few, split by
concern) per engine.

May import :mod:`checker.contract` and their own engine; never the suite's runner, so that
an adapter is written exactly as a third party would write one.
"""

from __future__ import annotations

import re

from checker.contract.features import DISTRIBUTION


def install_hint(extra: str) -> str:
    """How to install the engine of one of the suite's optional extras, wherever the suite came from:
    the requirement the installed suite pins for it (``pip install .[phase]`` is right only in a clone
    of the suite; in an engine's repository it would install that repository's own package)."""
    from importlib import metadata  # (here, as in checker.contract.features.suite_version)

    try:
        requirements = metadata.requires(DISTRIBUTION) or []
    except metadata.PackageNotFoundError:  # a checkout that isn't installed
        requirements = []
    marker = re.compile(rf"""extra\s*==\s*["']{re.escape(extra)}["']""")
    pinned = [r.partition(";")[0].strip() for r in requirements if marker.search(r.partition(";")[2])]
    clone = f"in a clone of the suite: `pip install '.[{extra}]'`"
    if not pinned:
        return f"install the suite's optional extra {extra} ({clone})"
    packages = " ".join(f"'{requirement}'" for requirement in pinned)
    return f"install the suite's optional extra {extra}, `pip install {packages}` (or, {clone})"
