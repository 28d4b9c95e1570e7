"""The conformance suite as a pytest module: every scenario of the features, per edition.

Run it from an installed package with ``pytest --pyargs checker.running.test_conformance
--engine ENGINE``; in this repository ``tests/test_features.py`` imports it.
"""

from pytest_bdd import scenarios
from pytest_bdd.feature import get_feature
from pytest_bdd.utils import CONFIG_STACK

from checker.contract.features import FEATURE_ENCODING
from checker.running.collect import feature_files, malformed

# The suite's fixtures, defined again in the module of its scenarios, where they are the closest:
# a conftest.py of the session (an engine's repository) with a fixture of the same name, such as
# its own ``game``, can't stand in for them, as it can't in ``turncheck certify``.
from checker.running.pytest_plugin import edition, game  # noqa: F401

for _path in feature_files(CONFIG_STACK[-1] if CONFIG_STACK else None):
    try:
        # Parsed first with the encoding: pytest-bdd's scenarios() reads its files as plain UTF-8 (it
        # doesn't pass its encoding on), unless it has them parsed already.
        get_feature(str(_path.parent), _path.name, encoding=FEATURE_ENCODING)
        scenarios(str(_path))
    except Exception as _error:  # any parse failure, reported as a failing test below
        _test = malformed(_path, _error)
        globals()[_test.__name__] = _test
