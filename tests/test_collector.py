"""A scenario's result crosses from a pytest-xdist worker as plain data and comes back the same."""

from __future__ import annotations

import json

import pytest

from checker.judging.results import FailingStep, ScenarioResult, Status
from checker.running.collector import _result_from_dict, result_to_dict

FAILED = ScenarioResult(
    "untap::s::cr2024", "untap", "Untap", "s", None, "cr2024", ("CR24-502.3",), Status.FAILED, 0.01,
    ("Given it is Alice's turn", "Then Alice has 20 life"),
    FailingStep(
        "Then Alice has 20 life", 7, "expected 20, observed 19", "20", "19", (("player", "life"), ("Alice", "20"))
    ),
    "expected 20, observed 19",
)  # fmt: skip
PASSED = ScenarioResult("untap::s [2]::mirage", "untap", "Untap", "s", "2", "mirage", (), Status.PASSED, 0.02)


@pytest.mark.parametrize("result", [FAILED, PASSED], ids=["failed", "passed"])
def test_a_result_survives_its_journey_as_plain_data(result: ScenarioResult) -> None:
    data = result_to_dict(result)
    assert _result_from_dict(json.loads(json.dumps(data))) == result  # plain data: its tuples may come back lists
    assert _result_from_dict(data) == result
