"""Where a generated game starts, said twice: as the adapter's :class:`GameSetup`, and as the Given
steps of a scenario that build the very same set-up (the same cards with the same ids).

Ids follow the scenarios' rule (:meth:`ScenarioGame.new_id`): a card's name, then "Forest 2",
"Forest 3"... in the order the Given steps name them, so that a reproduction's When steps can
name each card and permanent by its id.
"""

from __future__ import annotations

from dataclasses import dataclass

from checker.contract.cards import card
from checker.contract.interface import CardSetup, GameSetup, PermanentSetup, PlayerSetup
from checker.contract.vocabulary import locate, parse_part

PLAYERS = ("Alice", "Bob")


@dataclass(frozen=True)
class Permanent:
    controller: str
    name: str
    tapped: bool = False
    summoning_sick: bool = False


@dataclass(frozen=True)
class Position:
    """A game's start: from the game's very start (decks shuffled, opening hands, who plays
    first), or from a set-up in the middle of a game. Cards are named from the card pool
    (:data:`checker.contract.cards.POOL`)."""

    edition: str
    libraries: tuple[tuple[str, ...], ...]  # per player of PLAYERS, top card first
    hands: tuple[tuple[str, ...], ...] = ((), ())
    life: tuple[int, ...] = (20, 20)
    battlefield: tuple[Permanent, ...] = ()
    from_game_start: bool = False
    seed: int = 0  # the engine's shuffles, from the game's start
    #: From the game's start, who chooses to play or draw: the loser of the match's previous game
    #: (CR 2025 section 103); None: the players' first game, where a random player chooses.
    chooser: str | None = None
    active_player: str = "Alice"
    starting_player: str = "Alice"
    turn_number: int = 2
    part: str | None = None  # where the turn starts, in scenario words ("upkeep"); None: its beginning

    def setup(self) -> GameSetup:
        ids = _Ids()
        players = []
        for name, library, hand, life in zip(PLAYERS, self.libraries, self.hands, self.life, strict=True):
            players.append(
                PlayerSetup(
                    name,
                    life,
                    library=tuple(CardSetup(ids.new(n), card(n)) for n in library),
                    hand=tuple(CardSetup(ids.new(n), card(n)) for n in hand),
                )
            )
        battlefield = tuple(
            PermanentSetup(
                ids.new(p.name), card(p.name), p.controller, tapped=p.tapped, summoning_sick=p.summoning_sick
            )
            for p in self.battlefield
        )
        if self.from_game_start:
            return GameSetup(
                self.edition,
                tuple(players),
                PLAYERS[0],
                turn_number=1,
                from_game_start=True,
                seed=self.seed,
                chooser=self.chooser,
            )
        phase, step = (None, None) if self.part is None else locate(self.edition, parse_part(self.part))
        return GameSetup(
            self.edition,
            tuple(players),
            self.active_player,
            battlefield,
            turn_number=self.turn_number,
            starting_player=self.starting_player,
            phase=phase,
            step=step,
        )

    def given(self) -> list[str]:
        """The Given steps that build :meth:`setup`, in the order that gives the same ids."""
        steps = []
        if self.from_game_start:
            steps.append(f"the game is about to begin with seed {self.seed}")
            steps.append(
                "this is the players' first game" if self.chooser is None else f"{self.chooser} lost the previous game"
            )
        else:
            where = f"it is {self.active_player}'s turn"
            if self.part is not None:
                where = f"the game is at the beginning of {self.active_player}'s {self.part}"
            steps += [
                where,
                f"it is turn {self.turn_number}",
                f"{self.starting_player} took the first turn of the game",
            ]
        for name, library, hand, life in zip(PLAYERS, self.libraries, self.hands, self.life, strict=True):
            if life != 20:
                steps.append(f"{name} has {life} life")
            steps.append(
                f"{name}'s library holds, from the top, {', '.join(library)}"
                if library
                else f"{name}'s library is empty"
            )
            if hand:
                steps.append(f"{name} has {', '.join(hand)} in hand")
        for p in self.battlefield:
            state = ", ".join(s for s, on in (("tapped", p.tapped), ("summoning-sick", p.summoning_sick)) if on)
            steps.append(f"{p.controller} controls {state + ' ' if state else ''}{p.name}")
        return steps


class _Ids:
    """New ids as the scenarios give them: a card's name, then "name 2", "name 3"..."""

    def __init__(self) -> None:
        self._count: dict[str, int] = {}

    def new(self, name: str) -> str:
        n = self._count.get(name, 0) + 1
        self._count[name] = n
        return name if n == 1 else f"{name} {n}"
