"""The adapter for phase.rs through its Python bindings, ``phase-python`` (``pip install .[phase]``).

The game is set up in :mod:`checker.adapters.phase_setup`, shown in :mod:`checker.adapters.phase_view` and
recorded in :mod:`checker.adapters.phase_events` (with :mod:`~checker.adapters.phase_game`,
:mod:`~checker.adapters.phase_parts` and :mod:`~checker.adapters.phase_snapshot`); this module performs the
players' actions. Views and events use the suite's ids; phase.rs's object ids stay inside.
"""

from __future__ import annotations

import contextlib
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from checker.adapters import phase_cards
from checker.adapters.phase_game import NO_DEFENDING_PLAYER
from checker.adapters.phase_refusals import refusal_reason
from checker.adapters.phase_setup import PhaseSetup
from checker.contract.interface import (
    Action,
    ActivateAbility,
    ActivateManaAbility,
    Capabilities,
    CastSpell,
    ChooseDefendingPlayer,
    ChooseDiscard,
    ChoosePlayOrDraw,
    ChooseUntap,
    DeclareAttackers,
    DeclareBlockers,
    EngineFailure,
    GameEvent,
    IllegalActionError,
    OrderTriggers,
    PassPriority,
    PayUpkeep,
    PlayLand,
    UnsupportedError,
)

#: phase.rs's answer paying the combat tax it asks for (its ``CombatTaxPayment``).
_PAY_COMBAT_TAX = {"type": "PayCombatTax", "data": {"accept": True}}


class PhaseAdapter(PhaseSetup):
    """Drives a phase.rs game through the adapter interface (edition cr2024 only)."""

    # ------------------------------------------------------------------ capabilities

    def capabilities(self) -> Capabilities:
        try:
            v = version("phase-python")
        except PackageNotFoundError:  # pragma: no cover
            v = "unknown"
        return Capabilities("phase.rs (phase-python)", v, frozenset({"cr2024"}), phase_cards.MAPPED_EFFECTS)

    # ------------------------------------------------------------------ actions

    def _find(self, kind: str, **match: Any) -> Any:
        for a in self.game.actions():
            if a.kind != kind:
                continue
            data = a.data or {}
            if all(data.get(k) == v for k, v in match.items()):
                return a
        return None

    def _offered(self, kind: str, card: str, seat: int, **data: Any) -> Any:
        """The action phase.rs offers with this card, or else the same action written out, for phase.rs to
        refuse with its reason (its legal actions are those of the player it waits for)."""
        oid = self._oid(card)
        offered = self._find(kind, object_id=oid)
        if offered is not None:
            return offered
        # Not offered: refused. phase.rs says why when the action is tried, on a copy of the game (it may take
        # an action it doesn't offer, such as a creature card played as a land).
        obj = self.game.object(oid) or {}
        action = {"type": kind, "data": {"object_id": oid, "card_id": obj.get("card_id", oid), **data}}
        refused = f"{self._seats[seat]} can't {'play' if kind == 'PlayLand' else 'cast'} {card} now"
        try:
            self._engine.load_game(self.game.state()).apply(seat, action)
        except ValueError as exc:
            raise IllegalActionError(f"{refused}: {exc}", refusal_reason(str(exc))) from exc
        raise IllegalActionError(f"{refused} (phase.rs doesn't offer it)")

    def _apply(self, seat: int, action: Any, announced: GameEvent | None = None) -> Any:
        """Apply an action as ``seat``; ``announced`` is reported before its events. phase.rs's refusal
        says why (:mod:`checker.adapters.phase_refusals`)."""
        try:
            result = self.game.apply(seat, action)
        except ValueError as exc:
            raise IllegalActionError(str(exc), refusal_reason(str(exc))) from exc
        if announced is not None:
            self._events.append(announced)
        self._record(result.events)
        self._assign_combat_damage()
        return result

    def _assign_combat_damage(self) -> None:
        """phase.rs asks the attacking player to divide an attacker's damage among its blockers (CR 510.1c);
        the suite has no decision for it, so the adapter takes the division phase.rs offers (lethal damage to
        each blocker in order, the rest to the last, as the reference engine does)."""
        for _ in range(16):
            w = self.game.waiting_for() or {}
            if w.get("type") != "AssignCombatDamage":
                return
            offered = [a for a in self.game.actions() if a.kind == "AssignCombatDamage"]
            if not offered:
                raise EngineFailure("phase.rs asks for a combat damage assignment but offers none")
            result = self.game.apply(int(w["data"]["player"]), offered[0])
            self._record(result.events)

    def _seat(self, player: str) -> int:
        try:
            return self._seats.index(player)
        except ValueError:
            raise IllegalActionError(f"no player {player!r}") from None

    def _oid(self, card: str) -> int:
        try:
            return self._oids[card]
        except KeyError:
            raise IllegalActionError(f"no card {card!r}") from None

    def _target(self, t: str) -> dict[str, int]:
        if t in self._seats:
            return {"Player": self._seats.index(t)}
        return {"Object": self._oid(t)}

    def perform(self, action: Action) -> None:
        g = self.game
        w = g.waiting_for()
        match action:
            case PassPriority(player):
                auto_blocks, self._auto_blocks = self._auto_blocks, False
                try:
                    self._apply(
                        self._seat(player), {"type": "PassPriority"}, GameEvent("priority_passed", g.turn, player)
                    )
                except IllegalActionError:
                    self._auto_blocks = auto_blocks
                    raise
            case PlayLand(player, card):
                self._apply(self._seat(player), self._offered("PlayLand", card, self._seat(player)))
            case CastSpell(player, card, targets):
                s = self._seat(player)
                self._apply(s, self._offered("CastSpell", card, s, targets=[]))
                for t in targets:
                    w = self.game.waiting_for()
                    if w.get("type") != "TargetSelection":
                        break
                    choice = self._find("ChooseTarget", target=self._target(t))
                    if choice is None:
                        self._cancel(s)
                        raise IllegalActionError(f"{t} is not a legal target")
                    self._apply(s, choice)
                w = self.game.waiting_for()
                if w.get("type") != "Priority":
                    self._cancel(s)
                    raise IllegalActionError(f"{player} can't cast {card} (the engine waits for {w.get('type')})")
            case ActivateManaAbility(player, permanent):
                self._activate(player, permanent, mana=True)
            case ActivateAbility(player, permanent):
                self._activate(player, permanent, mana=False)
            case DeclareAttackers(player, attackers, optional_costs, attacked):
                if optional_costs:
                    raise UnsupportedError("the phase.rs adapter doesn't map optional costs to attack")
                if len(self._seats) > 2:
                    raise UnsupportedError(NO_DEFENDING_PLAYER)
                if w.get("type") != "DeclareAttackers":
                    raise IllegalActionError(f"the game doesn't wait for {player} to declare attackers")
                defender = {"type": "Player", "data": 1 - self._seat(player)}
                walkers = {a: {"type": "Planeswalker", "data": self._oid(pw)} for a, pw in attacked}
                attacks = [[self._oid(a), walkers.get(a, defender)] for a in attackers]
                self._declare(self._seat(player), {"type": "DeclareAttackers", "data": {"attacks": attacks}})
            case DeclareBlockers(player, blocks):
                if w.get("type") != "DeclareBlockers" and self._blocks_declared_for_none(player):
                    # phase.rs made the only legal declaration itself (no creature could block): accept exactly it.
                    if blocks:
                        raise IllegalActionError(
                            f"none of {player}'s creatures can block (phase.rs offered no blocker)"
                        )
                    self._auto_blocks = False
                    return
                if w.get("type") != "DeclareBlockers":
                    raise IllegalActionError(f"the game doesn't wait for {player} to declare blockers")
                assignments = [[self._oid(b), self._oid(a)] for b, a in blocks]
                self._declare(self._seat(player), {"type": "DeclareBlockers", "data": {"assignments": assignments}})
                self._auto_blocks = False
            case ChooseDiscard(player, cards):
                if w.get("type") != "DiscardToHandSize":
                    raise IllegalActionError(f"the game doesn't wait for {player} to discard")
                self._apply(
                    self._seat(player), {"type": "SelectCards", "data": {"cards": [self._oid(c) for c in cards]}}
                )
            case ChooseUntap(player, permanents):
                s = self._seat(player)
                chosen = {self._oid(c) for c in permanents}
                if w.get("type") == "UntapChoice" and int(w["data"]["player"]) == s:
                    candidates = [int(c) for c in w["data"].get("candidates") or []]
                    if not chosen <= set(candidates):
                        raise IllegalActionError(f"{player} was not offered to untap all of {permanents}")
                    for c in candidates:
                        now = self.game.waiting_for()
                        if now.get("type") != "UntapChoice":
                            break
                        self._apply(s, {"type": "ChooseUntap", "data": {"object_id": c, "untap": c in chosen}})
                elif w.get("type") == "ChooseUntapSubset" and int(w["data"]["player"]) == s:
                    group = {int(c) for c in w["data"].get("group") or []}
                    if not chosen <= group:
                        raise IllegalActionError(f"{player} was not offered to untap all of {permanents}")
                    self._apply(s, {"type": "SelectCards", "data": {"cards": sorted(chosen)}})
                else:
                    raise IllegalActionError(f"the game doesn't wait for {player} to choose what to untap")
            case OrderTriggers(player, order):
                s = self._seat(player)
                if w.get("type") != "OrderTriggers" or int(w["data"]["player"]) != s:
                    raise IllegalActionError(f"the game doesn't wait for {player} to order triggers")
                triggers = list(w["data"].get("triggers") or [])
                names = [self._name(t.get("source_id")) for t in triggers]
                indexes: list[int] = []
                for name in order:
                    matches = [
                        i
                        for i, n in enumerate(names)
                        if i not in indexes and name in (n, triggers[i].get("source_name"))
                    ]
                    if not matches:
                        raise IllegalActionError(f"no trigger of {name!r} to order")
                    indexes.append(matches[0])
                if len(indexes) != len(triggers):
                    raise IllegalActionError("every trigger must be ordered")
                # The suite orders by resolution (first resolves first); phase.rs by putting on the stack.
                self._apply(s, {"type": "OrderTriggers", "data": {"order": list(reversed(indexes))}})
            case ChoosePlayOrDraw(player, play_first):
                s = self._seat(player)
                if w.get("type") != "BetweenGamesChoosePlayDraw" or int(w["data"]["player"]) != s:
                    raise IllegalActionError(f"the game doesn't wait for {player} to choose whether to play first")
                self._choose_play_or_draw(s, play_first)
            case PayUpkeep(player, pay):
                s = self._seat(player)
                if w.get("type") != "UnlessPayment" or int(w["data"]["player"]) != s:
                    raise IllegalActionError(f"the game doesn't wait for {player} to pay an upkeep cost")
                self._apply(s, {"type": "PayUnlessCost", "data": {"pay": pay}})
            case ChooseDefendingPlayer():
                raise UnsupportedError(NO_DEFENDING_PLAYER)
            case _:
                raise UnsupportedError(f"the phase.rs adapter doesn't map {type(action).__name__}")

    def _declare(self, seat: int, declaration: dict[str, Any]) -> None:
        """Declare attackers or blockers, paying what the declaration costs (CR 508.1h, 509.1d: Propaganda's,
        War Cadence's taxes). phase.rs asks for the payment after the declaration (``CombatTaxPayment``), and
        declining it would drop the taxed creatures instead: so the whole declaration, paid, is tried on a copy of
        the game first, and one that can't be paid is refused with phase.rs's reason, the game still waiting for it."""
        trial = self._engine.load_game(self.game.state())
        try:
            trial.apply(seat, declaration)
            if (trial.waiting_for() or {}).get("type") == "CombatTaxPayment":
                trial.apply(seat, _PAY_COMBAT_TAX)
        except ValueError as exc:
            raise IllegalActionError(str(exc), refusal_reason(str(exc))) from exc
        self._apply(seat, declaration)
        if (self.game.waiting_for() or {}).get("type") == "CombatTaxPayment":
            self._apply(seat, _PAY_COMBAT_TAX)

    def _blocks_declared_for_none(self, player: str) -> bool:
        """Whether phase.rs went through the declaring of blockers without asking (nothing could block)."""
        return self._auto_blocks and self._part == "DeclareBlockers" and self._seat(player) != self._active

    def _cancel(self, seat: int) -> None:
        with contextlib.suppress(ValueError):
            self.game.apply(seat, {"type": "CancelCast"})

    def _activate(self, player: str, permanent: str, *, mana: bool) -> None:
        oid = self._oid(permanent)
        obj = self.game.object(oid)
        indexes = [i for i, ab in enumerate(obj.get("abilities") or []) if bool(ab.get("is_mana_ability")) == mana]
        if not indexes:
            raise IllegalActionError(f"{permanent} has no such ability")
        self._apply(
            self._seat(player), {"type": "ActivateAbility", "data": {"source_id": oid, "ability_index": indexes[0]}}
        )
