"""State-based actions (CR 704, 2008: 420) and Mirage's life check at the end of each phase."""

from __future__ import annotations

from reference_engine.players import Players


class StateBasedActions(Players):
    def _check_life_totals(self) -> None:
        """Mirage: the last part of each phase checks every player's life total (Mirage p. 52)."""
        self._lose({name: "0 or less life" for name in self.apnap() if self.players[name].life <= 0})

    def _state_based_actions_pending(self) -> bool:
        if not self.edition.life_checked_at_end_of_phase and any(self.players[p].life <= 0 for p in self.alive()):
            return True
        if any(self.players[p].drew_from_empty_library for p in self.alive()):
            return True
        return any(self._creature_must_die(p) for p in self.in_play())

    def _state_based_actions(self) -> bool:
        """Perform state-based actions until there are none; say whether any were performed."""
        performed = False
        while self._state_based_actions_pending():
            performed = True
            losers = {}
            for name in self.apnap():
                state = self.players[name]
                if state.drew_from_empty_library:
                    state.drew_from_empty_library = False
                    losers[name] = "drew from an empty library"
                elif state.life <= 0 and not self.edition.life_checked_at_end_of_phase:
                    losers[name] = "0 or less life"
            self._lose(losers)
            for p in [p for p in self.in_play() if self._creature_must_die(p)]:
                if self.toughness(p) > 0 and p.regeneration_shields > 0:
                    self._regenerate(p)
                else:
                    self._destroy(p, "0 or less toughness" if self.toughness(p) <= 0 else "lethal damage")
        return performed
