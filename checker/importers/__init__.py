"""Importers of recorded games for the rules checker: games played elsewhere, as traces.

An importer turns what another program recorded of a game (a phase.rs game played here, MTG
Arena's ``Player.log``) into a trace (:mod:`checker.trace.format`): a header, then the game's
events, the observations made at each decision and the players' actions, in the protocol's
vocabulary. What the source can't show is left out of the trace, never made up, so that the
checker reports it as not checked.

- :mod:`checker.importers.recording`: the recorded game, written as a trace.
- :mod:`checker.importers.phase_games`: plays and records phase.rs games.
- :mod:`checker.importers.arena_log`, :mod:`checker.importers.arena`: reads Arena's log.
- :mod:`checker.importers.command`: ``turncheck import``.

Imports the contract, the adapters (phase.rs's, to play its games) and the trace format.
"""
