"""The tooling that keeps the documentation true: the feature-tag linter, the coverage page
(``docs/coverage.md``) and the protocol document's generated blocks (``docs/protocol.md``).

May import any other job of the checker.
"""
