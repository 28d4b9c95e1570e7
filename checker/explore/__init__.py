"""Exploring engines by random play: games generated and shrunk by hypothesis, every one recorded
as a trace and judged by the rules checker, optionally side by side with the reference engine.

- :mod:`checker.explore.position`: where a generated game starts, as a set-up and as Given steps;
- :mod:`checker.explore.strategies`: the hypothesis strategies engine authors can reuse;
- :mod:`checker.explore.choices`: a choice at each decision, read against what the view shows;
- :mod:`checker.explore.play`: one game played, recorded and checked;
- :mod:`checker.explore.gherkin`: a game written as a runnable scenario;
- :mod:`checker.explore.explorer`: many games, their findings shrunk, sharded by game;
- :mod:`checker.explore.sessions`: games played in processes side by side (``-j N``);
- :mod:`checker.explore.report`: the JSON report, its schema, and merging shard reports;
- :mod:`checker.explore.command`: ``turncheck explore``.

Imports the contract, judging, adapters, trace and running (it runs engines as the scenarios do).
"""
