"""The rules checker: reading a recorded game (a trace) and naming the turn-structure rules it breaks.

Imports the contract (the vocabulary, the interface's data, the schemas) and judging (nothing
of it yet but what reports share); never running, adapters or doctools, so that an importer
or an explorer of engines can use it without the scenario machinery.

- :mod:`checker.trace.format`: the trace format's structures: its header, the observations a
  recorder or importer writes, the events and actions; its schema.
- :mod:`checker.trace.observed`: an observation as the checker reads it (the permanents decoded
  when asked for), and a change merged into the observation before it.
- :mod:`checker.trace.header`: a trace's header read and checked: format, version, edition, players, start.
- :mod:`checker.trace.reading`: a trace's entries, decoded a chunk at a time or line by line
  (validated, the changes merged), with their line numbers.
- :mod:`checker.trace.problems`: what can't be read, said: errors and problems naming file and line,
  a line's JSON and what the schema says of it.
- :mod:`checker.trace.files`: opening traces: a file, a directory's, standard input; gzip or plain.
- :mod:`checker.trace.chunks`: reading a trace a chunk at a time, in whole lines, in bounded memory.
- :mod:`checker.trace.writer`: writing a trace (:class:`~checker.trace.writer.TraceWriter`).
- :mod:`checker.trace.game`: the position in the game, tracked once for every check.
- :mod:`checker.trace.check`: what a check is, the dispatcher that feeds checks the
  event kinds they subscribe to, and the choice of checks by name, part or ruling.
- :mod:`checker.trace.rules`: the checks, one module per part of the turn.
- :mod:`checker.trace.verdict`: a run's results and their reports.
"""
