"""How the phase.rs adapter starts a game from its very start: the play-or-draw choice and the opening hands (the
adapter is :mod:`checker.adapters.phase_rs`).

phase.rs asks who plays first only between the games of a match (its ``BetweenGamesChoosePlayDraw``, answered with
``ChoosePlayDraw``): it asks the loser of the previous game, or after a drawn game the player who chose in it. In a
match's first game it picks the starting player itself and deals the opening hands at once. So a game whose
chooser the set-up names is set up as the second game of a best-of-three match whose first game the chooser lost
(by conceding, phase.rs's ``Concede``), both players keeping their decks (``SubmitSideboard`` as offered): phase.rs
itself then asks the chooser, starts the game from the choice and deals the opening hands.
"""

from __future__ import annotations

from typing import Any

from checker.adapters import phase_cards
from checker.adapters.phase_game import _require_phase
from checker.adapters.phase_refusals import refusal_reason
from checker.adapters.phase_view import PhaseView
from checker.contract.interface import (
    CardSpec,
    DecisionView,
    EngineFailure,
    GameEvent,
    GameSetup,
    GameView,
    IllegalActionError,
    PlayerView,
    UnsupportedError,
)


def keep_opening_hands(game: Any) -> list[Any]:
    """Both players keep their opening hands (the suite has no mulligan decision); phase.rs's events of the keeps."""
    events: list[Any] = []
    for _ in range(4):
        w = game.waiting_for()
        if w.get("type") != "MulliganDecision":
            break
        for a in game.actions():
            if a.kind == "MulliganDecision" and a.data["choice"]["type"] == "Keep":
                events += game.apply(int(w["data"]["pending"][0]["player"]), a).events
                break
    return events


class PhaseStart(PhaseView):
    """A game from its start: the chooser's play-or-draw choice, asked by phase.rs between a match's games."""

    def _start_from_choice(self, setup: GameSetup) -> None:
        ph = _require_phase()
        if setup.chooser is None:
            raise UnsupportedError(
                "phase.rs asks who plays first only between a match's games: in a match's first game it picks "
                "the starting player itself and deals the opening hands at once"
            )
        if setup.battlefield or any(p.hand or p.graveyard or p.effects or p.mana_pool for p in setup.players):
            raise UnsupportedError("the phase.rs adapter starts a game from its start with libraries only")
        self._seats = [p.name for p in setup.players]
        chooser = self._seats.index(setup.chooser)
        specs: dict[str, CardSpec] = {c.card.name: c.card for p in setup.players for c in p.library}
        engine = self._engine = ph.Engine.from_json(phase_cards.card_data_json(specs.values()))
        decks = [[c.card.name for c in p.library] for p in setup.players]
        try:
            game = engine.new_game(
                player=decks[0], opponent=decks[1], seed=setup.seed or 1, match_config={"match_type": "Bo3"}
            )
            keep_opening_hands(game)
            # The previous game: the chooser loses it.
            game.apply(chooser, {"type": "Concede", "data": {"player_id": chooser}})
            for _ in self._seats:
                w = game.waiting_for() or {}
                if w.get("type") != "BetweenGamesSideboard":
                    break
                game.apply(int(w["data"]["player"]), game.actions()[0])
        except (ValueError, RuntimeError, IndexError) as exc:
            raise EngineFailure(f"phase.rs could not set up the match's next game: {exc}") from exc
        w = game.waiting_for() or {}
        if w.get("type") != "BetweenGamesChoosePlayDraw" or int(w["data"]["player"]) != chooser:
            raise EngineFailure(f"phase.rs doesn't ask {setup.chooser} to play or draw: it waits for {w}")
        self._follow(game, None, chooser)
        self._between_games = True
        self._turn = setup.turn_number
        self._library_cards = [[(c.id, c.card.name) for c in p.library] for p in setup.players]
        self._names, self._zones, self._ids, self._oids = {}, {}, {}, {}
        self._last = None

    def _choose_play_or_draw(self, seat: int, play_first: bool) -> None:
        """The chooser's choice: phase.rs starts the game from it and deals the opening hands, which both keep."""
        try:
            result = self.game.apply(seat, {"type": "ChoosePlayDraw", "data": {"play_first": play_first}})
        except ValueError as exc:
            raise IllegalActionError(str(exc), refusal_reason(str(exc))) from exc
        self._between_games = False
        # The game's cards are phase.rs's new objects: each named after a card of its owner's library of that name.
        objects = self.game.state()["state"]["objects"]
        by_name: list[dict[str, list[str]]] = [{} for _ in self._seats]
        for i, cards in enumerate(self._library_cards):
            for card_id, name in cards:
                by_name[i].setdefault(name, []).append(card_id)
        for oid, o in sorted(objects.items(), key=lambda kv: int(kv[0])):
            pool = by_name[int(o["owner"])].get(str(o["name"])) or []
            if pool:
                card_id = pool.pop(0)
                self._ids[int(oid)], self._oids[card_id] = card_id, int(oid)
        self._names = {int(oid): str(o.get("name")) for oid, o in objects.items()}
        self._last = self._snapshot()
        first = seat if play_first else 1 - seat
        self._events.append(
            GameEvent(
                "play_or_draw_chosen",
                self._turn,
                self._seats[seat],
                "play" if play_first else "draw",
                detail={"starting": self._seats[first]},
            )
        )
        events = list(result.events)
        if self.game.phase == "Untap":
            # phase.rs puts the game in the first turn's untap step as the turn starts, with no event (its state's
            # phase): the step begins there.
            at = next((i + 1 for i, e in enumerate(events) if e.get("type") == "TurnStarted"), len(events))
            events.insert(at, {"type": "PhaseChanged", "data": {"phase": "Untap"}})
        self._record([*events, *keep_opening_hands(self.game)])

    def view(self) -> GameView:
        """Between the match's games, the game waits for the chooser (phase.rs's ``BetweenGamesChoosePlayDraw``).
        phase.rs keeps the next game's decks outside its zones until the choice: the view shows no cards yet, and
        each player's starting life (its format's)."""
        if not self._between_games:
            return super().view()
        st = self.game.state()["state"]
        life = int((st.get("format_config") or {}).get("starting_life") or 20)
        w = self.game.waiting_for() or {}
        return GameView(
            edition="cr2024",
            turn_number=self._turn,
            active_player=self._seats[self._active],
            phase=None,
            step=None,
            decision=DecisionView("play_or_draw", self._seats[int(w["data"]["player"])], ("play", "draw")),
            players=tuple(PlayerView(name, life, {}, (), (), ()) for name in self._seats),
            battlefield=(),
            stack=(),
        )
