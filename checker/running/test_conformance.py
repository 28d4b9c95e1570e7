"""The conformance suite as a pytest module: every scenario of the features, per edition.

Run it from an installed package with ``pytest --pyargs checker.running.test_conformance
--engine ENGINE``; in this repository ``tests/test_features.py`` imports it.
"""

from pytest_bdd import scenarios

from checker.contract.features import features_dir
from checker.running.collect import malformed

for _path in sorted(features_dir().rglob("*.feature")):
    try:
        scenarios(str(_path))
    except Exception as _error:  # any parse failure, reported as a failing test below
        _test = malformed(_path, _error)
        globals()[_test.__name__] = _test
