"""What a session keeps in pytest's stash from its start to its end, where the plugin's modules
(:mod:`checker.running.pytest_plugin`, :mod:`checker.running.session_end`) read it."""

from __future__ import annotations

import pytest

from checker.contract.interrupts import Terminations
from checker.running.collector import Collector
from checker.running.conclude import Conclusion
from checker.running.engines import EngineProvider

_GC_THRESHOLD = pytest.StashKey[tuple[int, ...]]()
_PROVIDER = pytest.StashKey[EngineProvider]()
_COLLECTOR = pytest.StashKey[Collector]()
_TERMINATIONS = pytest.StashKey[Terminations]()
_CONCLUSION = pytest.StashKey[Conclusion]()
