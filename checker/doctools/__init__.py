"""The tooling that keeps the documentation true: the feature-tag linter, the coverage page
(``docs/coverage.md``), the protocol document's generated blocks (``docs/protocol.md``) and
the README's table of certified engines.

May import the contract, judging, the adapters, running and the trace checker, whose documents
it keeps; never the site (which builds on it), exploration or the importers.
"""
