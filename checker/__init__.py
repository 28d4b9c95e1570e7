"""The conformance suite and rules checker for the turn structure of Magic: The Gathering.

One subpackage per job, each importing only the jobs beneath it (``tests/test_layout.py``
checks this):

- :mod:`checker.contract`: what an engine and the suite agree on: the adapter interface, the
  vocabulary of the turn, the effect catalog and card pool, the wire protocol's schema and
  codec, the ruling ids, the scenarios' location. Imports nothing else of the checker.
- :mod:`checker.judging`: results of a run and what is made of them: reports, the
  expectations gate, the diff of two runs, engines compared side by side. Imports the contract.
- :mod:`checker.adapters`: the adapters of the engines the project certifies itself.
  Imports the contract (and each its own engine).
- :mod:`checker.trace`: the rules checker: the trace format (a recorded game), the checks of the
  turn-structure rules, their verdict and reports. Imports the contract and judging.
- :mod:`checker.running`: running the scenarios against an engine: finding and restarting
  engines, the wire client and server, the pytest plugin, the step definitions, recording games
  as traces. Imports the contract, judging, adapters and trace.
- :mod:`checker.doctools`: the tooling that keeps the documentation true: the feature-tag
  linter, the coverage page, the protocol document's generated blocks. Imports any of the above.
- :mod:`checker.importers`: recorded games from elsewhere (phase.rs games played here, MTG
  Arena's log) as traces for the rules checker. Imports the contract, adapters and trace.
- :mod:`checker.explore`: exploring engines by random play: hypothesis strategies over games,
  every game checked by the rules checker (or compared with the reference engine), findings
  shrunk to a scenario. Imports the contract, judging, adapters, trace and running.
- :mod:`checker.site`: the living documentation: the rulings as a static site, engines' reports
  side by side, failing runs' traces as timelines. Imports the contract, judging, trace (the
  rules checker, over recorded games) and the doctools' coverage.
- :mod:`checker.cli`: the ``turncheck`` command, over all of them.
"""
