"""Running the scenarios against an engine: engines found by name, kept alive and restarted,
the wire client and server, the pytest plugin and the step definitions.

May import :mod:`checker.contract`, :mod:`checker.judging`, :mod:`checker.adapters` and
:mod:`checker.trace` (a run records its games as traces, and the rules checker's scenarios
check them). The step definitions speak only to the adapter interface.
"""
