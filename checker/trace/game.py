"""The position in the game, tracked once from a trace's events for every check.

A :class:`Game` follows the turn structure as the events tell it (turn, phase and step began
and ended) and keeps what several checks share: who is active, the players in turn order,
how many players have passed in succession, the latest observation.
"""

from __future__ import annotations

from checker.contract.vocabulary import TURN_TEMPLATES
from checker.trace.format import ActionTaken, Event, Header
from checker.trace.observed import Observed

#: Event kinds after which no player has passed "in succession" any more (CR 117.4).
ACTING = frozenset({"spell_cast", "ability_activated", "land_played", "resolved"})
#: Event kinds that show the game going on: after its game_over, the trace contradicts itself.
GOING_ON = frozenset(
    {
        "turn_began",
        "phase_began",
        "step_began",
        "priority_passed",
        "spell_cast",
        "ability_activated",
        "land_played",
        "attackers_declared",
        "blockers_declared",
    }
)


class Game:
    """Where the game is. Checks read it; only the dispatcher changes it."""

    def __init__(self, header: Header, path: str, edition: str | None = None) -> None:
        """``edition``: the rules the trace is followed by, where not its header's (``--edition``)."""
        self.path = path
        self.edition = edition or header.edition
        self.players = header.players
        self._next = {p: header.players[(i + 1) % len(header.players)] for i, p in enumerate(header.players)}
        self.starting_player = header.starting_player
        self.template = TURN_TEMPLATES[self.edition]
        self._steps = dict(self.template)
        #: The phases that have steps (the checks' conditions ask it of every phase's end without a call).
        self.stepped = frozenset(phase for phase, steps in self.template if steps)
        start = header.start
        self.turn = start.turn_number if start else 0
        self.active = start.active_player if start else None
        #: The current phase and step (None between them), and whether a turn is under way.
        self.phase: str | None = start.phase if start else None
        self.step: str | None = None
        self.in_turn = start is not None and not start.from_game_start
        #: Where the trace begins mid-turn, the steps of the starting phase before its starting step are over.
        self.start = start
        self.line = 1
        #: The line of the latest observation.
        self.view_line = 0
        #: The line of the latest turn_began (0 before the first): from it on, each event is of ``turn``.
        self.turn_line = 0
        self.passes = 0
        self.view: Observed | None = None
        #: How many observations so far showed a player to receive priority (the checks' dispatcher counts them).
        self.priorities = 0
        self.lost: set[str] = set()
        #: How many players are still in the game.
        self.playing = len(self.players)
        self.over = False
        #: The line of the game_over event (0 before it).
        self.over_line = 0

    # ----------------------------------------------------------------- what checks ask

    def position(self) -> str:
        where = [f"turn {self.turn}"] if self.turn else []
        if self.active:
            where[-1:] = [f"{where[-1] if where else 'turn ?'} ({self.active})"]
        if self.phase:
            where.append(f"{self.phase.replace('_', ' ')} phase")
        if self.step:
            where.append(f"{self.step.replace('_', ' ')} step")
        return ", ".join(where) or "before the first turn"

    @property
    def segment(self) -> str | None:
        """The innermost part of the turn: the step, else the phase."""
        return self.step or self.phase

    def in_part(self, name: str) -> bool:
        """Whether the game is in the step ``name``, or (Mirage, whose phases have no steps) the phase."""
        return self.segment == name

    def is_first_turn(self) -> bool:
        """Whether this is the game's first turn, the starting player's."""
        return self.turn == 1 and self.active == self.starting_player

    def next_player(self, player: str) -> str:
        if not self.lost:
            return self._next.get(player, player)
        order = self.players
        if player not in order:
            return player
        i = order.index(player)
        for k in range(1, len(order) + 1):
            candidate = order[(i + k) % len(order)]
            if candidate not in self.lost:
                return candidate
        return player

    def steps_of(self, phase: str) -> tuple[str, ...]:
        return self._steps.get(phase, ())

    # ----------------------------------------------------------------- following the events

    @staticmethod
    def follows(kind: str) -> str | None:
        """The name of the method by which the position follows an event of ``kind``; None if it
        doesn't change it. (One small method per kind: the dispatcher calls it without a chain of
        tests, for every event.)"""
        name = "on_acted" if kind in ACTING else f"on_{kind}"
        return name if hasattr(Game, name) else None

    def follow(self, e: Event) -> None:
        """The position after ``e``, for a reader going through a trace entry by entry (the site's
        timelines); the checks' dispatcher calls the method of each kind itself."""
        name = self.follows(e.kind)
        if name is not None:
            getattr(self, name)(e)

    def on_priority_passed(self, e: Event) -> None:
        self.passes += 1

    def on_acted(self, e: Event) -> None:
        self.passes = 0

    def on_step_began(self, e: Event) -> None:
        self.step, self.passes = e.subject, 0

    def on_step_ended(self, e: Event) -> None:
        self.step = None

    def on_phase_began(self, e: Event) -> None:
        self.phase, self.step, self.passes = e.subject, None, 0

    def on_phase_ended(self, e: Event) -> None:
        self.phase, self.step = None, None

    def on_turn_began(self, e: Event) -> None:
        self.turn = e.amount if e.amount is not None else e.turn
        self.turn_line = self.line
        self.active = e.player or self.active
        self.in_turn, self.phase, self.step, self.passes = True, None, None, 0

    def on_turn_ended(self, e: Event) -> None:
        self.in_turn, self.phase, self.step = False, None, None

    def on_player_lost(self, e: Event) -> None:
        if e.player in self.players and e.player not in self.lost:
            self.lost.add(e.player)
            self.playing -= 1

    def on_game_over(self, e: Event) -> None:
        self.over, self.over_line = True, self.over_line or self.line

    def on_play_or_draw_chosen(self, e: Event) -> None:
        self.starting_player = e.detail.get("starting", self.starting_player)

    def act(self, action: ActionTaken) -> None:
        """Any action but a pass breaks a succession of passes (CR 117.4); a pass changes nothing here,
        and the checks' dispatcher doesn't call this for one (passes are most actions)."""
        if action.outcome == "accepted" and action.type != "pass_priority":
            self.passes = 0
