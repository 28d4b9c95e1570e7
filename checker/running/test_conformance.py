"""The conformance suite as a pytest module: every scenario of the features, per edition.

Run it from an installed package with ``pytest --pyargs checker.running.test_conformance
--engine ENGINE``; in this repository ``tests/test_features.py`` imports it.
"""

from pytest_bdd import scenarios
from pytest_bdd.utils import CONFIG_STACK

from checker.running.collect import feature_files, malformed

for _path in feature_files(CONFIG_STACK[-1] if CONFIG_STACK else None):
    try:
        scenarios(str(_path))
    except Exception as _error:  # any parse failure, reported as a failing test below
        _test = malformed(_path, _error)
        globals()[_test.__name__] = _test
