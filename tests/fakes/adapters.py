"""In-process fake engines: the reference engine behind an adapter that breaks one rule of the turn."""

from __future__ import annotations

from dataclasses import replace

from checker.adapters.reference import ReferenceAdapter
from checker.contract.interface import Action, GameView, PassPriority


class ActivePlayerOnlyPriority(ReferenceAdapter):
    """Never gives the non-active player priority: the active player seems to hold it whenever
    anyone does, and each of their passes is taken as the real holder's."""

    def view(self) -> GameView:
        view = super().view()
        d = view.decision
        if d is not None and d.kind == "priority" and d.player != view.active_player:
            return replace(view, decision=replace(d, player=view.active_player))
        return view

    def perform(self, action: Action) -> None:
        real = super().view()
        if isinstance(action, PassPriority) and real.priority is not None and action.player == real.active_player:
            action = PassPriority(real.priority)
        super().perform(action)
