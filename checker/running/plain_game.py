"""A plain game played through any adapter: each player plays a land a turn and casts Grizzly
Bears when two Forests allow, never attacks, and passes otherwise.

It makes real recorded games of any length (``record_plain_game``) for the trace checker's
benchmark and for the complete example of ``docs/trace.md``.
"""

from __future__ import annotations

from pathlib import Path

from checker.contract.interface import (
    Action,
    ActivateManaAbility,
    CardSetup,
    CardSpec,
    CastSpell,
    ChooseDiscard,
    DeclareAttackers,
    DeclareBlockers,
    EngineAdapter,
    GameSetup,
    GameView,
    PassPriority,
    PlayerSetup,
    PlayLand,
)
from checker.running.recording import RecordingAdapter

FOREST = CardSpec("Forest", ("land",), produces="G")
GRIZZLY_BEARS = CardSpec("Grizzly Bears", ("creature",), cost="{1}{G}", power=2, toughness=2)
PLAYERS = ("Alice", "Bob")


def _library(player: str, size: int) -> tuple[CardSetup, ...]:
    return tuple(CardSetup(f"{player[0].lower()}{i}", FOREST if i % 2 else GRIZZLY_BEARS) for i in range(size))


def plain_setup(edition: str, turns: int) -> GameSetup:
    """The first turn of a game whose libraries last ``turns`` turns (Alice starts), each player
    holding a Forest."""
    players = tuple(
        PlayerSetup(name, library=_library(name, turns // 2 + 2), hand=(CardSetup(f"{name[0].lower()}-hand", FOREST),))
        for name in PLAYERS
    )
    return GameSetup(edition, players, "Alice", turn_number=1, starting_player="Alice")


def _main_phase_play(view: GameView, player: str) -> Action:
    me = next(p for p in view.players if p.name == player)
    pool = sum(me.mana_pool.values())
    lands = [c.id for c in me.hand if c.name == FOREST.name]
    bears = [c.id for c in me.hand if c.name == GRIZZLY_BEARS.name]
    untapped = [p.id for p in view.battlefield if p.controller == player and p.name == FOREST.name and not p.tapped]
    if lands and me.lands_played == 0:
        return PlayLand(player, lands[0])
    if bears and pool >= 2:
        return CastSpell(player, bears[0])
    if bears and untapped and pool + len(untapped) >= 2:
        return ActivateManaAbility(player, untapped[0])
    return PassPriority(player)


def next_action(view: GameView) -> Action:
    """The plain game's action at the decision ``view`` shows."""
    decision = view.decision
    if decision is None:
        raise ValueError("the game waits for no decision")
    player = decision.player
    if decision.kind == "declare_attackers":
        return DeclareAttackers(player, ())
    if decision.kind == "declare_blockers":
        return DeclareBlockers(player, ())
    if decision.kind == "discard":
        hand = next(p.hand for p in view.players if p.name == player)
        return ChooseDiscard(player, tuple(c.id for c in hand[: decision.count]))
    if decision.kind != "priority":
        raise ValueError(f"the plain game has no answer to a {decision.kind} decision")
    main = view.phase in ("precombat_main", "main")
    if player == view.active_player and main and not view.stack:
        return _main_phase_play(view, player)
    return PassPriority(player)


def record_plain_game(engine: EngineAdapter, edition: str, turns: int, path: Path) -> Path:
    """Play ``turns`` turns of the plain game on ``engine`` and record them as a trace at ``path``."""
    game = RecordingAdapter(engine, path)
    game.start(plain_setup(edition, turns))
    try:
        while True:
            view = game.view()
            if view.game_over or view.turn_number > turns:
                return path
            game.perform(next_action(view))
    finally:
        game.close()
