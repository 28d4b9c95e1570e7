"""MTG Arena's ``Player.log`` as traces: one recorded game per game of the log.

What the log holds, as the open-source readers of it use it (the sources followed here: the
17Lands client ``rconroy293/mtga-log-client``, ``src/python/seventeenlands/mtga_follower.py``;
``mtgatool/mtgatool-desktop``, ``src/background/arena-log-decoder/`` and
``greToClientInterpreter.ts``; ``mtgatracker/mtgatracker``, ``app/parsers.py``):

- ``greToClientEvent.greToClientMessages`` lists the rules engine's messages to the client. A
  ``GREMessageType_GameStateMessage`` has ``systemSeatIds`` (the seats it is sent to: the log's
  owner), a ``gameStateId``, and a ``gameStateMessage`` of type ``GameStateType_Full`` (the whole
  state) or ``GameStateType_Diff`` (only what changed: zones, objects and players by id, and
  ``diffDeletedInstanceIds``; and ``prevGameStateId``, the state it changes).
- A game state's ``gameInfo`` names the match (``matchID``), the game (``gameNumber``) and its
  ``stage``; at ``GameStage_GameOver`` its ``results`` give each scope's ``winningTeamId``.
  Differences mostly have no ``gameInfo`` (the 17Lands client reads it only where there is one).
- ``turnInfo`` has ``turnNumber`` (counting every player's turns), ``phase`` (``Phase_Beginning``,
  ``Phase_Main1``, ``Phase_Combat``, ``Phase_Main2``, ``Phase_Ending``), ``step`` (``Step_Untap``
  ... ``Step_Cleanup``; none in a main phase), ``activePlayer``, ``priorityPlayer`` and
  ``decisionPlayer`` as seat numbers.
- ``players`` have ``systemSeatNumber``, ``teamId`` and ``lifeTotal``; ``zones`` have ``zoneId``,
  ``type`` (``ZoneType_Hand``, ``ZoneType_Library``, ...), ``ownerSeatId`` and
  ``objectInstanceIds``; ``gameObjects`` have ``instanceId``, ``grpId`` (Arena's card id: the log
  has no card names), ``ownerSeatId``, ``controllerSeatId``, ``isTapped``, ``power`` and
  ``toughness`` (``{"value": n}``), ``damage``.
- ``annotations`` say what happened: ``AnnotationType_ZoneTransfer`` with a ``category`` detail
  (``Draw``, ``PlayLand``, ``CastSpell``, ``Discard``), ``AnnotationType_ModifiedLife`` with a
  ``life`` detail; details are lists of ``{"key": ..., "valueInt32"/"valueString": [...]}``.
- ``matchGameRoomStateChangedEvent.gameRoomInfo.gameRoomConfig.reservedPlayers`` gives each seat's
  ``playerName`` (``name#12345``) for a ``matchId``.

The trace maps turn info to the protocol's phases and steps, who is active and who has priority
(a priority decision where ``priorityPlayer`` is the deciding player; no decision where another
player decides, as the log doesn't say which decision it is), life totals, hand and library sizes,
the stack (cards known by ``grpId``), the game's end and its winner, and the events the
annotations spell out. It begins where the log's first turn info does (the header's ``start``).
What the log can't show is left out: mana pools, poison, the battlefield (a trace's permanent
needs its summoning sickness and phasing, which the log doesn't show), day and night, and every
event it doesn't spell out: priority passes (a change of ``priorityPlayer`` only implies one), the
beginnings and ends of turns, phases and steps. Arena plays the current rules: the edition is
``cr2024``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from checker.contract.documents import Problem
from checker.contract.interface import DecisionView, GameEvent, StackItemView
from checker.contract.vocabulary import TURN_TEMPLATES
from checker.importers.arena_log import LogMessage, read_log
from checker.importers.recording import Entry, RecordedGame
from checker.trace.format import Header, Observation, PlayerObservation, Start
from checker.trace.header import header_problem

EDITION = "cr2024"
PHASES = {
    "Phase_Beginning": "beginning",
    "Phase_Main1": "precombat_main",
    "Phase_Combat": "combat",
    "Phase_Main2": "postcombat_main",
    "Phase_Ending": "ending",
}
STEPS = {
    "Step_Untap": "untap",
    "Step_Upkeep": "upkeep",
    "Step_Draw": "draw",
    "Step_BeginCombat": "beginning_of_combat",
    "Step_DeclareAttack": "declare_attackers",
    "Step_DeclareBlock": "declare_blockers",
    "Step_FirstStrikeDamage": "combat_damage",
    "Step_CombatDamage": "combat_damage",
    "Step_EndCombat": "end_of_combat",
    "Step_End": "end",
    "Step_Cleanup": "cleanup",
}
#: Turn info before the game's first turn (mulligans) or between games.
NO_PHASE = {None, "", "Phase_None", "Phase_Unknown"}
NO_STEP = {None, "", "Step_None", "Step_Unknown", "Step_Main"}
#: Each phase's steps, from the edition's turn.
PHASE_STEPS = {phase: set(steps) for phase, steps in TURN_TEMPLATES[EDITION]}
#: The largest turn number read (``turnInfo.turnNumber`` counts every player's turns): far past any
#: game played, as 10,000 turns at a few seconds each take more than a day. A larger number, or one
#: that isn't whole (3.5), is a log gone wrong, not a turn: a trace of it would be checked as a game.
MAX_TURN = 10_000
#: What a problem says of a game that reached its first turn, but whose trace the rules checker would refuse
#: whole (a log that never names its players, or names someone else active): it is not written.
LEFT_OUT = "is left out: what the log shows of it can't make a trace"
#: Zone transfer categories and the events they are.
TRANSFERS = {"Draw": "card_drawn", "PlayLand": "land_played", "CastSpell": "spell_cast", "Discard": "discarded"}


def _details(annotation: dict[str, Any]) -> dict[str, Any]:
    """An annotation's details, by key: the first value of each."""
    out: dict[str, Any] = {}
    for d in annotation.get("details") or ():
        if isinstance(d, dict) and "key" in d:
            values = next((v for k, v in d.items() if k.startswith("value") and isinstance(v, list) and v), None)
            if values:
                out[str(d["key"])] = values[0]
    return out


@dataclass
class _Game:
    """One game of the log, its state as the messages so far make it, and its trace."""

    path: Path
    match_id: str
    number: int
    names: dict[int, str]
    objects: dict[int, dict[str, Any]] = field(default_factory=dict)
    zones: dict[int, dict[str, Any]] = field(default_factory=dict)
    players: dict[int, dict[str, Any]] = field(default_factory=dict)
    turn: dict[str, Any] = field(default_factory=dict)
    stage: str | None = None
    winner: str | None = None
    starting_player: str | None = None
    state_ids: set[int] = field(default_factory=set)
    latest: int | None = None  # the ``gameStateId`` of the last state read
    annotations: set[int] = field(default_factory=set)
    entries: list[Entry] = field(default_factory=list)
    first: Observation | None = None
    #: The line of the log's entry the first observation is of.
    first_line: int = 0
    last: Observation | None = None
    #: The log has the game whole: its end is read, or the next game of its match began. What the
    #: log says of it after (Arena's states past a game's end) isn't read.
    complete: bool = False

    def name(self, seat: Any) -> str:
        if not isinstance(seat, int):
            return "unknown"
        return self.names.get(seat) or f"Seat {seat}"

    # ------------------------------------------------------------------ state

    def apply(self, gsm: dict[str, Any]) -> None:
        if gsm.get("type") == "GameStateType_Full":
            self.objects, self.zones, self.players = {}, {}, {}
        for zone in gsm.get("zones") or ():
            self.zones[int(zone["zoneId"])] = zone
        for obj in gsm.get("gameObjects") or ():
            self.objects[int(obj["instanceId"])] = obj
        for player in gsm.get("players") or ():
            self.players[int(player["systemSeatNumber"])] = player
        for gone in gsm.get("diffDeletedInstanceIds") or ():
            self.objects.pop(int(gone), None)
        if "turnInfo" in gsm:  # each message's turn info is whole
            self.turn = dict(gsm["turnInfo"] or {})
        info = gsm.get("gameInfo") or {}
        self.stage = info.get("stage", self.stage)
        if self.stage == "GameStage_GameOver" and self.winner is None:
            games = [r for r in info.get("results") or () if r.get("scope") == "MatchScope_Game"]
            team = games[-1].get("winningTeamId") if games else None
            seats = [seat for seat, p in self.players.items() if p.get("teamId") == team]
            if seats:
                self.winner = self.name(seats[0])
                self.entries.append(GameEvent("game_over", int(self.turn.get("turnNumber") or 0), self.winner))

    def happened(self, gsm: dict[str, Any]) -> None:
        """The events the annotations spell out."""
        turn = int(self.turn.get("turnNumber") or 0)
        for annotation in gsm.get("annotations") or ():
            number = annotation.get("id")
            if number in self.annotations:
                continue
            self.annotations.add(number)
            kinds = annotation.get("type") or []
            kinds = [kinds] if isinstance(kinds, str) else kinds
            details = _details(annotation)
            affected = annotation.get("affectedIds") or []
            if "AnnotationType_ZoneTransfer" in kinds and details.get("category") in TRANSFERS and affected:
                card = self.objects.get(int(affected[0]), {})
                source = self.zones.get(int(details.get("zone_src", -1)), {})
                who = card.get("controllerSeatId", source.get("ownerSeatId"))
                self.entries.append(GameEvent(TRANSFERS[details["category"]], turn, self.name(who), str(affected[0])))
            elif "AnnotationType_ModifiedLife" in kinds and "life" in details and affected:
                self.entries.append(GameEvent("life_changed", turn, self.name(affected[0]), None, int(details["life"])))

    # ------------------------------------------------------------------ views

    def _zone(self, kind: str, seat: int) -> list[int] | None:
        """The instance ids in a zone: a player's (``seat``), or the shared one (``seat`` 0)."""
        for zone in self.zones.values():
            if zone.get("type") == kind and zone.get("ownerSeatId", 0) == seat:
                return [int(i) for i in zone.get("objectInstanceIds") or ()]
        return None

    def _size(self, kind: str, seat: int) -> int | None:
        ids = self._zone(kind, seat)
        return None if ids is None else len(ids)

    def _stack_item(self, instance: int) -> StackItemView:
        obj = self.objects.get(instance, {})
        kind = "spell" if obj.get("type") in ("GameObjectType_Card", "GameObjectType_SplitCard") else "ability"
        grp = obj.get("grpId")
        return StackItemView(f"grpId {grp}" if grp else "hidden", self.name(obj.get("controllerSeatId")), kind)

    def observe(self, line: int, problems: list[Problem]) -> None:
        """Add the game as it now stands, if it is in a turn and changed since the last observation."""
        phase_name, step_name = self.turn.get("phase"), self.turn.get("step")
        if phase_name in NO_PHASE or not self.turn.get("turnNumber"):
            return
        phase = PHASES.get(str(phase_name))
        step = STEPS.get(str(step_name)) if step_name not in NO_STEP else None
        if phase is None or (step_name not in NO_STEP and step is None):
            problems.append(Problem(self.path, line, f"unknown part of the turn {phase_name}/{step_name}"))
            return
        if step is not None and step not in PHASE_STEPS[phase]:
            problems.append(Problem(self.path, line, f"the step {step_name} is not a step of {phase_name}"))
            return
        seen = self._observation(phase, step)
        if self.first is None:
            self.first, self.first_line = seen, line
        if self.starting_player is None and seen.turn_number == 1:
            self.starting_player = seen.active_player
        if seen != self.last:
            self.last = seen
            self.entries.append(seen)

    def _observation(self, phase: str, step: str | None) -> Observation:
        """What the log shows; the battlefield is left out, as a trace's permanent needs its summoning
        sickness and phasing, which the log doesn't show."""
        priority, deciding = self.turn.get("priorityPlayer"), self.turn.get("decisionPlayer")
        over = self.stage == "GameStage_GameOver"
        decision = None
        if priority is not None and deciding in (None, priority) and not over:
            decision = DecisionView("priority", self.name(priority))
        stack = self._zone("ZoneType_Stack", 0)
        return Observation(
            turn_number=int(self.turn["turnNumber"]),
            active_player=self.name(self.turn.get("activePlayer")),
            phase=phase,
            step=step,
            decision=decision,
            players=tuple(
                PlayerObservation(
                    self.name(seat),
                    life=p["lifeTotal"] if type(p.get("lifeTotal")) is int else None,  # not true or 20.5
                    hand_size=self._size("ZoneType_Hand", seat),
                    library_size=self._size("ZoneType_Library", seat),
                )
                for seat, p in sorted(self.players.items())
            ),
            stack=None if stack is None else tuple(self._stack_item(i) for i in stack),
            game_over=over,
            winner=self.winner,
        )

    def recorded(self, path: Path) -> RecordedGame:
        first = self.first
        start = (
            None if first is None else Start(first.turn_number or 0, first.active_player or "", first.phase, first.step)
        )
        header = Header.new(
            EDITION,
            tuple(self.name(seat) for seat in sorted(self.players)),
            "MTG Arena",
            "unknown",
            source=f"imported from MTG Arena's log {path}, match {self.match_id} game {self.number}",
            starting_player=self.starting_player,
            start=start,
        )
        return RecordedGame(header, list(self.entries))


class _Reader:
    """Follows the log's messages, game by game."""

    def __init__(self, path: Path, problems: list[Problem]) -> None:
        self.path = path
        self.problems = problems
        self.names: dict[str, dict[int, str]] = {}  # match id -> seat -> player name
        self.game: _Game | None = None  # the game of the last message read
        self.games: dict[tuple[str, int], _Game] = {}  # by match id and game number, in the log's order
        self.ended: list[_Game] = []  # the games completed since :meth:`completed` was last asked
        self.left_out = 0  # the games that reached their first turn but can't make a trace

    def read(self, message: LogMessage) -> None:
        """Take in one message; one whose shape isn't Arena's is a problem, and the log goes on."""
        try:
            self._players(message.data)
            for gre in (message.data.get("greToClientEvent") or {}).get("greToClientMessages") or ():
                if gre.get("type") == "GREMessageType_GameStateMessage":
                    self._state(gre, message.line)
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as exc:  # 1e400 as a number
            what = f"{type(exc).__name__}: {exc}"
            self.problems.append(Problem(self.path, message.line, f"a game message not shaped as Arena's ({what})"))

    def completed(self, log_ended: bool = False) -> list[ArenaGame]:
        """The games completed since last asked that reached their first turn, as traces; at the
        log's end (``log_ended``), the games it leaves under way too, in the log's order."""
        if log_ended:
            for game in self.games.values():
                self._complete(game)
        ended, self.ended = self.ended, []
        games = []
        for g in ended:
            if g.first is None:
                continue
            recorded = g.recorded(self.path)
            wrong = header_problem(recorded.header)
            if wrong is None:
                games.append(ArenaGame(g.match_id, g.number, recorded))
            else:  # the rules checker would refuse the trace whole: said here, where the log is at fault
                said = f"match {g.match_id} game {g.number} {LEFT_OUT} ({wrong})"
                self.problems.append(Problem(self.path, g.first_line, said))
                self.left_out += 1
        return games

    def _complete(self, game: _Game) -> None:
        if not game.complete:
            game.complete = True
            self.ended.append(game)

    def _players(self, data: dict[str, Any]) -> None:
        room = (data.get("matchGameRoomStateChangedEvent") or {}).get("gameRoomInfo") or {}
        config = room.get("gameRoomConfig") or {}
        named: dict[int, str] = {}
        for player in config.get("reservedPlayers") or ():
            seat, name = player.get("systemSeatId"), str(player.get("playerName") or "")
            if isinstance(seat, int) and name:
                named[seat] = name
        self.names.setdefault(str(config.get("matchId")), {}).update(_shown(named))

    def _state(self, gre: dict[str, Any], line: int) -> None:
        gsm = gre.get("gameStateMessage") or {}
        game = self._game_of(gsm, line)
        if game is None:
            return
        self.game = game
        if game.complete:
            return
        state_id = gre.get("gameStateId", gsm.get("gameStateId"))
        if isinstance(state_id, int):
            if state_id in game.state_ids:
                return  # the same state logged again
            game.state_ids.add(state_id)
            game.latest = state_id
        turn = (gsm.get("turnInfo") or {}).get("turnNumber")
        if turn is not None and not (type(turn) is int and 0 <= turn <= MAX_TURN):  # not true, 3.5 or 1e300
            said = f"the turn number {json.dumps(turn)[:40]} is not a whole number from 0 to {MAX_TURN:,}"
            self.problems.append(Problem(self.path, line, f"{said}: this game state is left out"))
            return
        game.apply(gsm)
        game.happened(gsm)
        game.observe(line, self.problems)
        if game.stage == "GameStage_GameOver":
            self._complete(game)

    def _game_of(self, gsm: dict[str, Any], line: int) -> _Game | None:
        """The game a state is of, by its ``gameInfo``'s ``matchID`` and ``gameNumber``. Messages of two
        games may alternate (two tables open at once): a state without a match id (Arena's differences
        mostly have none) is of the one game under way, of its ``gameNumber`` if it has one; of several,
        the one whose last state its ``prevGameStateId`` names; else it can't be told, and None (a
        problem). With no game under way, it is of the last message's match. Without a ``gameNumber``,
        it is of its match's latest game: not the last message's, which may be another match's."""
        info = gsm.get("gameInfo") or {}
        if not info.get("matchID"):
            said = info.get("gameNumber") or None
            under_way = [g for g in self.games.values() if not g.complete and said in (None, g.number)]
            if len(under_way) > 1:
                under_way = [g for g in under_way if g.latest == gsm.get("prevGameStateId")] or under_way
            if len(under_way) == 1:
                return under_way[0]
            if under_way:
                games = ", ".join(f"match {g.match_id} game {g.number}" for g in under_way)
                self.problems.append(
                    Problem(
                        self.path,
                        line,
                        f"a game state without a match id while {len(under_way)} games are under way ({games}): "
                        "which one it is of can't be told, and it is left out",
                    )
                )
                return None
        match_id = str(info.get("matchID") or (self.game.match_id if self.game else "unknown"))
        number = int(info.get("gameNumber") or self._latest_number(match_id))
        game = self.games.get((match_id, number))
        if game is None:
            for other in self.games.values():  # a match plays its games one after another
                if other.match_id == match_id:
                    self._complete(other)
            game = self.games[match_id, number] = _Game(
                self.path, match_id, number, self.names.setdefault(match_id, {})
            )
        return game

    def _latest_number(self, match_id: str) -> int:
        """The number of a match's latest game (a match plays its games one after another), 1 before its first."""
        return next((g.number for g in reversed(self.games.values()) if g.match_id == match_id), 1)


def _shown(named: dict[int, str]) -> dict[int, str]:
    """Each seat's player by name, without the ``#number`` of an Arena name (``Alice#12345``) where
    that leaves it one player's: two players of one name would be one player to the rules checker
    (a trace's header names each once), so each keeps the whole of theirs, and their seat if that too
    is the other's."""
    short = {seat: name.split("#")[0] for seat, name in named.items()}
    shown = {seat: name if list(short.values()).count(name) == 1 else named[seat] for seat, name in short.items()}
    return {
        seat: name if list(shown.values()).count(name) == 1 else f"{name} (seat {seat})" for seat, name in shown.items()
    }


@dataclass(frozen=True)
class ArenaGame:
    """A game of the log: its match, its number in the match, and its trace."""

    match_id: str
    number: int
    game: RecordedGame


class ArenaLog:
    """The games of an Arena log that reached their first turn, each as soon as the log has it whole
    (its end, or the next game of its match, is read; the games the log leaves under way at its
    end), so that a caller keeps those read when it is interrupted; problems go to ``problems``.
    Iterated once; :attr:`left_out` counts the games that reached their first turn but were left
    out (each named in ``problems``), so that a caller can tell a log with no game from one whose
    games were all left out.

    Raises :class:`OSError`, when the first game is asked for, if the file can't be read at all.
    """

    def __init__(self, path: Path, problems: list[Problem]) -> None:
        self._reader = _Reader(path, problems)

    @property
    def left_out(self) -> int:
        """The games left out so far: those of the log's end once the last game has been given."""
        return self._reader.left_out

    def __iter__(self) -> Iterator[ArenaGame]:
        reader = self._reader
        for message in read_log(reader.path, reader.problems):
            reader.read(message)
            yield from reader.completed()
        yield from reader.completed(log_ended=True)


def import_log(path: Path, problems: list[Problem]) -> ArenaLog:
    """The games of the Arena log at ``path``: see :class:`ArenaLog`."""
    return ArenaLog(path, problems)
