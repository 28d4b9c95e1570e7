"""The contract between an engine and the suite: what both sides agree on, as plain data.

The adapter interface, the turn's vocabulary, the effect catalog and the cards scenarios
name, the wire protocol's schema and codec, the schemas of the suite's own JSON documents,
the ruling ids and where the feature files are, the commands' exit codes (which a CI runner
reads), how a command stops on a signal, and the types of the arguments several commands share
(a path, a size in bytes). It imports nothing else of the checker, so every other job can build
on it.
"""
