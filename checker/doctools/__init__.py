"""The tooling that keeps the documentation true: the feature-tag linter, the coverage page
(``docs/coverage.md``), the protocol document's generated blocks (``docs/protocol.md``) and
the README's table of certified engines.

May import any other job of the checker.
"""
