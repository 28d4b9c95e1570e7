"""The phase.rs adapter's record of a game: phase.rs's objects and seats as the suite's ids and names (the
adapter is :mod:`checker.adapters.phase_rs`; the events are translated in :mod:`checker.adapters.phase_events`).
"""

from __future__ import annotations

from typing import Any

from checker.adapters import install_hint, phase_cards
from checker.contract.interface import (
    CardView,
    EngineFailure,
    GameEvent,
    UnsupportedError,
)

#: phase.rs's counter kinds -> the suite's (the others have the same names).
COUNTER_KINDS = {"P1P1": "+1/+1", "M1M1": "-1/-1"}
_COLORS = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green", "C": "Colorless"}
_SYMBOLS = {v: k for k, v in _COLORS.items()}

#: Verified: in a game of three, phase.rs's DeclareAttackers offers every opponent as an attack target
#: (valid_attack_targets) and asks no one to choose a defending player at the beginning of combat.
NO_DEFENDING_PLAYER = (
    "phase.rs plays games of more than two players with the attack multiple players option (CR 802): every opponent "
    "is a defending player, and no defending player is chosen (CR 506.2a, 507.1)"
)


def _require_phase() -> Any:
    module = phase_cards.phase_module()
    if module is None:
        raise EngineFailure(f"phase-python is not installed: {install_hint('phase')}")
    return module


class PhaseGame:
    """The game's record: ids, names, seats, and the events in the suite's words."""

    def __init__(self) -> None:
        _require_phase()
        self._game: Any = None
        self._engine: Any = None  # phase.rs's card database the game was started from
        self._seats: list[str] = []
        self._ids: dict[int, str] = {}  # phase object id -> suite id
        self._oids: dict[str, int] = {}  # suite id -> phase object id
        self._events: list[GameEvent] = []
        self._lost: set[str] = set()
        self._winner: str | None = None
        self._over = False
        self._part: str | None = None
        self._turn = 0
        self._active = 0
        self._stack_info: dict[int, tuple[Any, Any, str]] = {}
        self._triggered: set[int] = set()
        self._damage: dict[int, int] = {}
        self._last: dict[str, Any] | None = None
        self._names: dict[int, str] = {}  # phase object id -> its card's name
        self._zones: dict[tuple[int, str], tuple[list[Any], tuple[CardView, ...]]] = {}
        self._auto_blocks = False
        self._left_at_end: dict[int, str] = {}
        self._day_night: str | None = None
        self._turns_to_skip: list[int] = []  # by seat, as last read from phase.rs's state
        self._added_phase: str | None = None  # the phase phase.rs added that the game is in
        self._added_steps: list[str] = []  # steps phase.rs added in the phase under way, not yet begun
        self._set_aside: set[int] = set()  # the cards the set-up exiled out of the game's way (never shown)
        self._between_games = False  # phase.rs waits between a match's games for the play-or-draw choice
        self._library_cards: list[list[tuple[str, str]]] = []  # (id, name) of each library card of such a game

    def _follow(self, game: Any, part: str | None, active: int) -> None:
        """Report the game from here on: no events yet, in ``part`` of ``active``'s turn."""
        self._game = game
        self._events = []
        self._part = part
        self._turn = int(game.turn)
        self._active = active
        self._stack_info = {}
        self._triggered = set()
        self._damage = {}

    @property
    def game(self) -> Any:
        if self._game is None:
            raise UnsupportedError("no game has been started")
        return self._game

    def _name(self, oid: Any) -> str | None:
        if oid is None:
            return None
        return self._ids.get(int(oid), str(oid))

    def _player(self, seat: Any) -> str | None:
        if seat is None:
            return None
        i = int(seat)
        return self._seats[i] if 0 <= i < len(self._seats) else None

    def _opponent(self, seat: Any) -> str | None:
        """The other player of a two-player game; None in a game of more (each opponent may be attacked)."""
        me = self._player(seat)
        if me is None or len(self._seats) != 2:
            return None
        return next((name for name in self._seats if name != me), None)

    @property
    def _active_name(self) -> str | None:
        return self._player(self._active)

    def _blocked(self, attackers: Any) -> str | None:
        if attackers is None:
            return None
        if isinstance(attackers, list):
            return self._name(attackers[0]) if attackers else None
        return self._name(attackers)

    def _controller(self, oid: Any) -> str | None:
        if oid is None:
            return None
        try:
            obj = self.game.object(int(oid))
        except (ValueError, KeyError):
            return None
        return None if obj is None else self._player(obj.get("controller"))

    def events(self) -> list[GameEvent]:
        return list(self._events)


def _int(v: Any) -> int | None:
    try:
        return None if v is None else int(v)
    except (TypeError, ValueError):
        return None
