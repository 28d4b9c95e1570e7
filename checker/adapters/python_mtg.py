"""The adapter for python-mtg (PyPI ``python-mtg``, import ``mtg``; ``pip install .[mtg]``).

python-mtg is a rules engine whose rules are Datalog (evaluated in process) driven by a Python turn loop,
``mtg.driver.play_game``; ``mtg.engine.env`` is its referee, which applies a chosen move through that loop's
own functions. The adapter drives the loop one step at a time, as ``play_game`` does: in each step that the
engine's rules grant priority in (``turn_actions.dl``: ``grants_priority``), after the step's declarations,
the active player holds priority (``play_game``'s ``_cast_phase``); a pass lets the engine finish the step
(its turn-based actions and triggers: ``env._advance_one``) and go on to the next. The engine gives priority
to no other player and puts no spell on a stack that waits for passes: the adapter adds neither.

A game is set up by dealing python-mtg decks holding every card of the setup (by name, from its card corpus)
and then putting each card where the setup says, in the engine's own relations. Events are read from the
state before and after each call into the engine (it reports none of its own).
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable, Sequence
from importlib import import_module
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from checker.adapters.python_mtg_events import changes
from checker.adapters.python_mtg_setup import FILLER, FILLERS, MAPPED_EFFECTS, check_cards, place, unsupported_setup
from checker.adapters.python_mtg_state import (
    ORDER,
    STEPS,
    Snapshot,
    active_player,
    current_step,
    engine_step,
    require_mtg,
    rows,
    snapshot,
)
from checker.adapters.python_mtg_view import game_view
from checker.contract.interface import (
    Action,
    ActivateManaAbility,
    Capabilities,
    CardSpec,
    CastSpell,
    ChooseDiscard,
    DecisionView,
    DeclareAttackers,
    DeclareBlockers,
    EngineFailure,
    GameEvent,
    GameSetup,
    GameView,
    IllegalActionError,
    PassPriority,
    PlayLand,
    UnsupportedError,
)

_MAIN = ("precombat_main", "postcombat_main")


def _quiet(fn: Callable[..., Any], *args: Any) -> Any:
    """Call into the engine, whose turn loop narrates on stdout."""
    with contextlib.redirect_stdout(io.StringIO()):
        return fn(*args)


class _Choices(dict[str, Any]):
    """The choices of a move forced on python-mtg's choice seam (``driver._choose``), noting which it asked for."""

    def __init__(self, choices: dict[str, Any]) -> None:
        super().__init__(choices)
        self.asked: set[str] = set()

    def __contains__(self, key: object) -> bool:
        self.asked.add(str(key))
        return super().__contains__(key)


class PythonMtgAdapter:
    """Drives a python-mtg game through the adapter interface (edition cr2024 only)."""

    def __init__(self) -> None:
        self._driver, self._env = require_mtg()
        # python-mtg reads its card database and oracle corpus once a process (some seconds): here, before the
        # first game, whose set-up has a deadline. Both are cached by the engine itself.
        import_module("mtg.sim").load_db()
        import_module("mtg._corpus").load_cards()
        self._state: dict[str, Any] = {}
        self._ids: dict[str, str] = {}  # engine card id -> suite id
        self._eids: dict[str, str] = {}  # suite id -> engine card id
        self._names: dict[str, str] = {}  # engine card id -> the suite's card name
        self._lands: frozenset[str] = frozenset()
        self._events: list[GameEvent] = []
        self._turn = 0
        self._seats: list[str] = []
        #: Whether the current step's declaration (of attackers, or blockers) has been made.
        self._declared: bool = False
        #: The step whose declaration the engine made itself, of nothing, as nobody could attack (or block).
        self._declared_for_none: str | None = None
        self._forced: dict[str, Any] = {}

    # ------------------------------------------------------------------ capabilities

    def capabilities(self) -> Capabilities:
        try:
            v = version("python-mtg")
        except PackageNotFoundError:  # pragma: no cover
            v = "unknown"
        return Capabilities("python-mtg", v, frozenset({"cr2024"}), MAPPED_EFFECTS)

    # ------------------------------------------------------------------ setup

    def start(self, setup: GameSetup) -> None:
        self._state = {}
        self._events = []
        why = unsupported_setup(setup)
        if why is not None:
            raise UnsupportedError(why)
        start_step = "untap" if setup.phase is None else engine_step(setup.phase, setup.step)
        if start_step is None:
            raise UnsupportedError(f"python-mtg has no part of the turn {setup.phase}/{setup.step}")
        self._seats = [p.name for p in setup.players]
        cards: dict[str, list[tuple[str, CardSpec]]] = {p.name: [] for p in setup.players}
        for pl in setup.players:
            for c in (*pl.library, *pl.hand, *pl.graveyard):
                cards[pl.name].append((c.id, c.card))
        for perm in setup.battlefield:
            cards[perm.controller].append((perm.id, perm.card))
        decks = {p: [spec.name for _, spec in owned] + [FILLER] * FILLERS for p, owned in cards.items()}
        try:
            state = _quiet(import_module("mtg.engine.game").new_game, decks, "two-player", setup.seed)
        except Exception as exc:  # the engine's own failure, whatever it raises
            raise EngineFailure(f"python-mtg could not deal decks of the setup's cards: {exc!r}") from exc
        check_cards(state, [spec for owned in cards.values() for _, spec in owned])
        placed = place(self._driver, state, setup, cards, start_step)
        self._ids, self._eids, self._names = placed.ids, placed.eids, placed.names
        self._lands = frozenset(placed.lands)
        self._state = state
        self._turn = setup.turn_number
        self._declared, self._declared_for_none = False, None
        self._forced = {}
        ap = setup.active_player
        if setup.phase is None:
            self._events.append(GameEvent("turn_began", self._turn, ap, None, self._turn))
        ph, st = STEPS[start_step]
        if setup.phase is None or st is None or st == ORDER[0] or start_step in ("beginning_of_combat", "end"):
            self._events.append(GameEvent("phase_began", self._turn, ap, ph))
        if st is not None:
            self._events.append(GameEvent("step_began", self._turn, ap, st))
        # What python-mtg does as a step begins (``env._develop_if_main``): a main phase fills the mana pool from the
        # untapped sources (and the other steps, with priority outside the main phases on, too).
        before = snapshot(self._state)
        _quiet(self._env._develop_if_main, self._state)
        self._record(before, snapshot(self._state))
        self._settle()

    # ------------------------------------------------------------------ the turn loop

    def _decision(self) -> DecisionView | None:
        s = self._state
        if not s or s.get("_loser"):
            return None
        step, ap = current_step(s), active_player(s)
        declaration = self._declaration(step)
        if declaration is not None:
            return declaration
        if step == "cleanup":
            limit = self._driver._max_hand_size(s, ap)
            hand = sorted(c for (p, c) in rows(s, "in_hand") if p == ap)
            if limit is not None and len(hand) > limit:
                return DecisionView("discard", ap, tuple(self._ids.get(c, c) for c in hand), len(hand) - limit)
        if step in self._driver.GRANTS_PRIORITY:
            return DecisionView("priority", ap)
        return None

    def _declaration(self, step: str) -> DecisionView | None:
        """The declaration of attackers (or blockers) the step waits for, if a player can make one."""
        s = self._state
        if self._declared:
            return None
        if step == "declare_attackers":
            options = self._attack_options()
            if options:
                return DecisionView("declare_attackers", active_player(s), tuple(self._ids.get(c, c) for c in options))
        if step == "declare_blockers" and s.get("attacks"):
            defender = self._defender()
            blockers = sorted({b for (b, _a) in self._env._legal_block_pairs(s, defender)})
            if blockers:
                return DecisionView("declare_blockers", defender, tuple(self._ids.get(c, c) for c in blockers))
        return None

    def _attack_options(self) -> list[str]:
        options: list[frozenset[str]] = self._env._attack_options(self._state, active_player(self._state))
        return sorted({c for o in options for c in o})

    def _defender(self) -> str:
        ap = active_player(self._state)
        return next(p for p in self._seats if p != ap)

    def _settle(self) -> None:
        """Let the engine go through the steps that wait for nobody, to the next decision (or the game's end).

        A step's declarations that nobody can make (no creature can attack, or block) are the engine's."""
        for _ in range(200):
            if self._state.get("_loser"):
                return
            step = current_step(self._state)
            if not self._declared and step in ("declare_attackers", "declare_blockers") and not self._declaration(step):
                self._declare(step, frozenset())
                self._declared_for_none = step
                continue
            if self._decision() is not None:
                return
            self._advance()
        raise EngineFailure("python-mtg went through 200 steps without a decision")

    def _declare(self, step: str, chosen: frozenset[Any]) -> None:
        key = "attackers" if step == "declare_attackers" else "blocks"
        self._forced = {key: chosen}
        before = snapshot(self._state)
        self._state["_forced"] = dict(self._forced)
        fn = self._driver.declare_attackers if key == "attackers" else self._driver.declare_blockers
        _quiet(fn, self._state, active_player(self._state))
        self._state["_forced"] = {}
        self._declared = True
        self._record(before, snapshot(self._state))
        if key == "blocks" and not self._state.get("attacks"):
            return  # no attackers: nothing to block, no declaration (python-mtg still goes through the step)
        declared = sorted(self._ids.get(c, c) for c in (chosen if key == "attackers" else {b for b, _a in chosen}))
        kind = "attackers_declared" if key == "attackers" else "blockers_declared"
        player = active_player(self._state) if key == "attackers" else self._defender()
        self._events.append(GameEvent(kind, self._turn, player, ",".join(declared), len(declared)))

    def _advance(self, policy: Callable[..., Any] | None = None) -> None:
        """The engine finishes the current step (its turn-based actions, its triggers) and begins the next."""
        before = snapshot(self._state)
        dealt = self._combat_damage() if before.step == "combat_damage" else []
        self._state["_forced"] = dict(self._forced)
        if policy is not None:
            self._state["_policy"] = policy
        try:
            _quiet(self._env._advance_one, self._state)
        except Exception as exc:  # the engine's own failure, whatever it raises
            raise EngineFailure(f"python-mtg failed in the {before.step} step: {exc!r}") from exc
        finally:
            self._state["_forced"] = {}
            self._state.pop("_policy", None)
        self._forced = {}
        self._declared = False
        self._declared_for_none = None
        self._events.extend(dealt)
        self._record(before, snapshot(self._state))

    def _combat_damage(self) -> list[GameEvent]:
        """The combat damage to players python-mtg deals as its combat damage step ends (its ``player_damage``
        output), as events. Damage to creatures it derives inside the step without putting it out: none is reported."""
        dealt = self._driver.run(self._state, ["player_damage"])["player_damage"]
        return [GameEvent("damage_dealt", self._turn, p, p, int(n)) for (p, n) in sorted(dealt) if p in self._seats]

    # ------------------------------------------------------------------ actions

    def perform(self, action: Action) -> None:
        if self._declares_nothing_again(action):
            return
        d = self._decision()
        if d is None:
            raise IllegalActionError("the game waits for no decision")
        match action:
            case PassPriority(player):
                if d.kind != "priority" or d.player != player:
                    raise IllegalActionError(f"{player} doesn't have priority", "not_your_priority")
                self._events.append(GameEvent("priority_passed", self._turn, player))
                self._advance()
            case DeclareAttackers(player, attackers, optional_costs, attacked):
                if optional_costs or attacked:
                    raise UnsupportedError("python-mtg has no optional attack costs and no planeswalkers to attack")
                if d.kind != "declare_attackers" or d.player != player:
                    raise IllegalActionError(f"the game doesn't wait for {player} to declare attackers")
                attack = frozenset(self._eid(a) for a in attackers)
                if attack not in self._env._attack_options(self._state, player):
                    raise IllegalActionError(
                        f"{player} can't attack with {', '.join(attackers) or 'nothing'}", "combat_restriction"
                    )
                self._declare("declare_attackers", attack)
            case DeclareBlockers(player, blocks):
                if d.kind != "declare_blockers" or d.player != player:
                    raise IllegalActionError(f"the game doesn't wait for {player} to declare blockers")
                pairs = self._env._legal_block_pairs(self._state, player)
                block = frozenset((self._eid(b), self._eid(a)) for b, a in blocks)
                if not block <= set(pairs) or len({b for b, _a in block}) != len(block):
                    raise IllegalActionError(f"{player} can't block so", "combat_restriction")
                if not self._env._required_blocks_ok(self._state, player, block, pairs):
                    raise IllegalActionError(f"{player}'s blocks break a blocking requirement", "combat_restriction")
                self._declare("declare_blockers", block)
            case ChooseDiscard(player, cards):
                if d.kind != "discard" or d.player != player:
                    raise IllegalActionError(f"the game doesn't wait for {player} to discard")
                discarded = [self._eid(c) for c in cards]
                if len(discarded) != d.count or len(set(discarded)) != len(discarded):
                    raise IllegalActionError(f"{player} must discard exactly {d.count} card(s)", "invalid_choice")
                queue = list(discarded)

                def discard(state: dict[str, Any], key: str, options: Any, default: Any) -> Any:
                    return queue.pop(0) if key == "cleanup_discard" and queue and queue[0] in options else default

                self._advance(discard)
            case PlayLand(player, card):
                self._require_priority(d, player)
                eid = self._eid(card)
                if current_step(self._state) not in _MAIN:
                    raise IllegalActionError(f"{player} can't play a land outside a main phase", "timing")
                if eid not in self._env._playable_lands(self._state, player):
                    reason = "limit_reached" if self._driver._land_drops_remaining(self._state, player) < 1 else None
                    raise IllegalActionError(f"{player} can't play {card} now", reason)
                self._call(self._driver._play_land, player, eid)
            case CastSpell(player, card, targets):
                self._require_priority(d, player)
                self._cast(player, card, targets)
            case ActivateManaAbility():
                raise UnsupportedError(
                    "python-mtg has no mana ability of one permanent: it taps its sources as it pays, or all at once"
                )
            case _:
                raise UnsupportedError(f"the python-mtg adapter doesn't map {type(action).__name__}")
        self._settle()

    def _declares_nothing_again(self, action: Action) -> bool:
        """Whether the action is the declaration of no attackers (or blockers) that the engine made itself in this
        step, nobody being able to attack (or block): accepted as made, since it is the only one allowed."""
        step = self._declared_for_none
        if step is None or not self._state or current_step(self._state) != step:
            return False
        match action:
            case DeclareAttackers(player, ()):
                return step == "declare_attackers" and player == active_player(self._state)
            case DeclareBlockers(player, ()):
                return step == "declare_blockers" and player == self._defender()
        return False

    def _require_priority(self, d: DecisionView, player: str) -> None:
        if d.kind != "priority" or d.player != player:
            raise IllegalActionError(f"{player} doesn't have priority", "not_your_priority")

    def _cast(self, player: str, card: str, targets: Sequence[str]) -> None:
        """Cast a spell by the engine's move for it. python-mtg's moves name a target only for some spells; for
        the others the engine chooses the target as the spell resolves, through its choice seam (``_choose``),
        which takes the player's target when it is legal: an illegal one is refused, the game put back. Where the
        engine picks the target without asking (a player, or the creature its damage kills), the player's target
        can't be given: unsupported, the game put back."""
        eid = self._eid(card)
        if any(t in self._seats for t in targets):
            raise UnsupportedError(f"python-mtg chooses the player {card} targets itself; a player can't choose one")
        wanted = [self._eid(t) for t in targets]
        for move in self._env._priority_actions(self._state, player):
            choices = dict(move[3]) if move[0] == "cast" and move[2] == eid else None
            if choices is None or (wanted and choices.get("target", wanted[0]) != wanted[0]):
                continue
            if wanted:
                choices["target"] = wanted[0]
            forced = _Choices(choices)
            saved = self._driver.clone_state(self._state)

            def refuse(state: dict[str, Any], key: str, options: Any, default: Any) -> Any:
                if key == "target":
                    raise IllegalActionError(f"{targets[0]} is not a legal target of {card}", "illegal_target")
                return default

            self._events.append(GameEvent("spell_cast", self._turn, player, card))
            self._state["_forced"], self._state["_policy"] = forced, refuse
            try:
                self._call(self._driver._cast_spell, player, eid, sorted(self._seats))
                if wanted and "target" not in forced.asked:
                    raise UnsupportedError(f"python-mtg chooses the target of {card} itself; a player can't choose it")
            except (IllegalActionError, UnsupportedError):
                self._state = saved
                del self._events[self._events.index(GameEvent("spell_cast", self._turn, player, card)) :]
                raise
            finally:
                self._state["_forced"] = {}
                self._state.pop("_policy", None)
            return
        raise IllegalActionError(
            f"{player} can't cast {card} now" + (f" targeting {targets[0]}" if targets else ""),
            "timing" if self._castable_in_a_main_phase(player, eid) else None,
        )

    def _castable_in_a_main_phase(self, player: str, eid: str) -> bool:
        """Whether python-mtg would offer the cast in a main phase, the game otherwise as it is: then it is refused
        here for its timing (the engine's ``can_cast`` allows sorcery speed only in a main phase)."""
        if current_step(self._state) in _MAIN:
            return False
        probe = self._driver.clone_state(self._state)
        probe["current_step"] = {("precombat_main",)}
        moves = self._env._priority_actions(probe, player)
        return any(m[0] == "cast" and m[2] == eid for m in moves)

    def _call(self, fn: Callable[..., Any], *args: Any) -> None:
        before = snapshot(self._state)
        try:
            _quiet(fn, self._state, *args)
        except IllegalActionError:
            raise
        except Exception as exc:  # the engine's own failure, whatever it raises
            raise EngineFailure(f"python-mtg failed: {exc!r}") from exc
        self._record(before, snapshot(self._state))

    def _eid(self, card: str) -> str:
        try:
            return self._eids[card]
        except KeyError:
            raise IllegalActionError(f"no card {card!r}") from None

    # ------------------------------------------------------------------ events

    def _record(self, before: Snapshot, after: Snapshot) -> None:
        """What changed between two snapshots of the state, as the suite's events."""
        self._turn, events = changes(before, after, self._turn, self._ids, self._lands)
        self._events.extend(events)

    def events(self) -> Sequence[GameEvent]:
        return list(self._events)

    # ------------------------------------------------------------------ view

    def view(self) -> GameView:
        if not self._state:
            raise UnsupportedError("no game has been started")
        return game_view(self._driver, self._state, self._seats, self._ids, self._names, self._turn, self._decision())
