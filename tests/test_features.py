"""Every scenario of features/, run against the engine chosen with --engine, per edition."""

from pytest_bdd import scenarios

from checker.collect import malformed
from checker.features import features_dir

for _path in sorted(features_dir().rglob("*.feature")):
    try:
        scenarios(str(_path))
    except Exception as _error:  # any parse failure, reported as a failing test below
        _test = malformed(_path, _error)
        globals()[_test.__name__] = _test
