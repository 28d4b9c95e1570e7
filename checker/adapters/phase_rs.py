"""The adapter for phase.rs through its Python bindings, ``phase-python`` (``pip install .[phase]``).

A game is set up by starting a phase.rs game with decks holding every card of the setup, keeping both
opening hands, then editing the exported state (zones, life, permanents, whose turn, the turn
number) and loading it again. To start at the beginning of a part of the turn, the game is put (with
the engine's debug ``SetPhase``) at the part just before it, and both players pass priority, so that
phase.rs itself begins the part with its turn-based actions and triggers; what happened before that
is not reported. Views and events use the suite's ids; phase.rs's object ids stay inside.
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Callable, Sequence
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from checker.adapters import phase_cards
from checker.contract.interface import (
    Action,
    ActivateAbility,
    ActivateManaAbility,
    Capabilities,
    CardSetup,
    CardSpec,
    CardView,
    CastSpell,
    ChooseDiscard,
    ChooseUntap,
    DecisionView,
    DeclareAttackers,
    DeclareBlockers,
    EngineFailure,
    GameEvent,
    GameSetup,
    GameView,
    IllegalActionError,
    OrderTriggers,
    PassPriority,
    PayUpkeep,
    PermanentView,
    PlayerView,
    PlayLand,
    StackItemView,
    UnsupportedError,
)

#: phase.rs's names of the parts of the turn -> the suite's (phase, step).
_PARTS: dict[str, tuple[str, str | None]] = {
    "Untap": ("beginning", "untap"),
    "Upkeep": ("beginning", "upkeep"),
    "Draw": ("beginning", "draw"),
    "PreCombatMain": ("precombat_main", None),
    "BeginCombat": ("combat", "beginning_of_combat"),
    "DeclareAttackers": ("combat", "declare_attackers"),
    "DeclareBlockers": ("combat", "declare_blockers"),
    "CombatDamage": ("combat", "combat_damage"),
    "FirstStrikeDamage": ("combat", "combat_damage"),
    "EndCombat": ("combat", "end_of_combat"),
    "PostCombatMain": ("postcombat_main", None),
    "End": ("ending", "end"),
    "Cleanup": ("ending", "cleanup"),
}
_ORDER = [
    "Untap",
    "Upkeep",
    "Draw",
    "PreCombatMain",
    "BeginCombat",
    "DeclareAttackers",
    "DeclareBlockers",
    "CombatDamage",
    "EndCombat",
    "PostCombatMain",
    "End",
    "Cleanup",
]
_COLORS = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green", "C": "Colorless"}
_SYMBOLS = {v: k for k, v in _COLORS.items()}
_DECISIONS = {
    "Priority": "priority",
    "DeclareAttackers": "declare_attackers",
    "DeclareBlockers": "declare_blockers",
    "DiscardToHandSize": "discard",
    "UntapChoice": "untap",
    "ChooseUntapSubset": "untap",
    "OrderTriggers": "order_triggers",
    "UnlessPayment": "upkeep_payment",
}
_FILLER = "Island"
_FILLERS_PER_PLAYER = 8


def _require_phase() -> Any:
    module = phase_cards.phase_module()
    if module is None:
        raise EngineFailure("phase-python is not installed: install the optional extra with `pip install .[phase]`")
    return module


def _engine_part(phase_name: str | None, step: str | None) -> str:
    for name, (p, s) in _PARTS.items():
        if p == phase_name and s == step and name != "FirstStrikeDamage":
            return name
    raise UnsupportedError(f"phase.rs has no part of the turn {phase_name}/{step}")


def _keep_opening_hands(game: Any) -> list[Any]:
    """Both players keep their opening hands; phase.rs's events of the keeps."""
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


class PhaseAdapter:
    """Drives a phase.rs game through the adapter interface (edition cr2024 only)."""

    def __init__(self) -> None:
        _require_phase()
        self._game: Any = None
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
        self._auto_blocks = False
        self._left_at_end: dict[int, str] = {}

    # ------------------------------------------------------------------ capabilities

    def capabilities(self) -> Capabilities:
        try:
            v = version("phase-python")
        except PackageNotFoundError:  # pragma: no cover
            v = "unknown"
        return Capabilities("phase.rs (phase-python)", v, frozenset({"cr2024"}), phase_cards.MAPPED_EFFECTS)

    @property
    def game(self) -> Any:
        if self._game is None:
            raise UnsupportedError("no game has been started")
        return self._game

    # ------------------------------------------------------------------ setup

    def start(self, setup: GameSetup) -> None:
        ph = _require_phase()
        self._game = None
        self._lost, self._over, self._winner = set(), False, None
        self._left_at_end = {}
        if setup.edition != "cr2024":
            raise UnsupportedError(f"phase.rs plays the current rules, not edition {setup.edition!r}")
        if len(setup.players) != 2:
            raise UnsupportedError("the phase.rs adapter sets up two-player games only")
        if setup.from_game_start:
            raise UnsupportedError("the phase.rs adapter can't set up the start of a game (play-or-draw choice)")
        if setup.day_night is not None:
            raise UnsupportedError("the phase.rs adapter doesn't set up day and night")
        for pl in setup.players:
            if pl.effects:
                raise UnsupportedError("the phase.rs adapter doesn't set up skip effects already in play")
        if any(p.holds is not None for p in setup.battlefield):
            raise UnsupportedError("phase.rs has no card held by a permanent (Tawnos's Coffin)")
        if any(p.token or p.counters or p.attached_to for p in setup.battlefield):
            raise UnsupportedError("the phase.rs adapter doesn't set up tokens, counters or attached permanents")
        if any(pl.poison for pl in setup.players):
            raise UnsupportedError("the phase.rs adapter doesn't set up poison counters")
        if any(pl.scheme_deck for pl in setup.players):
            raise UnsupportedError("the phase.rs adapter doesn't set up Archenemy games (scheme decks)")
        if (setup.phase is None or (setup.phase == "beginning" and setup.step in (None, "untap"))) and any(
            p.damage for p in setup.battlefield
        ):
            # The set-up goes through the previous player's cleanup step, whose damage removal (CR 514.2) takes
            # the damage away before the turn begins; put in later, it would skip the untap step's phasing.
            raise UnsupportedError("the phase.rs adapter can't start a turn with damage marked on a permanent")
        self._seats = [p.name for p in setup.players]
        seat = {name: i for i, name in enumerate(self._seats)}
        active = seat[setup.active_player]

        # Every card of the setup, by owner.
        owned: list[list[tuple[str, CardSpec]]] = [[] for _ in self._seats]
        for pl in setup.players:
            for c in (*pl.library, *pl.hand, *pl.graveyard):
                owned[seat[pl.name]].append((c.id, c.card))
        for perm in setup.battlefield:
            owned[seat[perm.owner or perm.controller]].append((perm.id, perm.card))
        specs = [s for cards in owned for _, s in cards]
        from checker.contract.cards import POOL

        specs.append(POOL[_FILLER])
        engine = ph.Engine.from_json(phase_cards.card_data_json(specs))
        decks = [[s.name for _, s in cards] + [_FILLER] * _FILLERS_PER_PLAYER for cards in owned]
        try:
            game = engine.new_game(player=decks[0], opponent=decks[1], seed=setup.seed or 1, first_player=active)
            _keep_opening_hands(game)
        except (ValueError, RuntimeError) as exc:
            raise EngineFailure(f"phase.rs could not start a game: {exc}") from exc

        exported = game.state()
        st = exported["state"]
        objs: dict[str, Any] = st["objects"]
        # Pool each seat's objects by name.
        pools: list[dict[str, list[int]]] = [{} for _ in self._seats]
        for i, p in enumerate(st["players"]):
            for oid in [*p["library"], *p["hand"], *p["graveyard"]]:
                pools[i].setdefault(objs[str(oid)]["name"], []).append(int(oid))
        self._ids, self._oids = {}, {}

        def take(owner: int, card_id: str, spec: CardSpec) -> int:
            oid = pools[owner][spec.name].pop(0)
            self._ids[oid] = card_id
            self._oids[card_id] = oid
            return oid

        target_turn = setup.turn_number
        at_turn_start = setup.phase is None or (setup.phase == "beginning" and setup.step in (None, "untap"))
        for pl in setup.players:
            i = seat[pl.name]
            p = st["players"][i]
            for zone in ("library", "hand", "graveyard"):
                cards: tuple[CardSetup, ...] = getattr(pl, zone)
                ids = [take(i, c.id, c.card) for c in cards]
                p[zone] = ids
                for oid in ids:
                    objs[str(oid)]["zone"] = zone.capitalize()
            # A life total of 0 or less would end the game at the first state-based check of the set-up
            # passes, before the part the game starts at: it is put in just before the last pass (below).
            p["life"] = max(pl.life, 1)
            p["lands_played_this_turn"] = pl.lands_played
            p["has_drawn_this_turn"] = False
            p["cards_drawn_this_turn"] = 0
            p["cards_drawn_this_step"] = 0
            p["mana_pool"] = {"mana": []}
        st["lands_played_this_turn"] = sum(pl.lands_played for pl in setup.players if pl.name == setup.active_player)
        battlefield: list[int] = []
        for perm in setup.battlefield:
            owner = seat[perm.owner or perm.controller]
            oid = take(owner, perm.id, perm.card)
            o = objs[str(oid)]
            o["zone"] = "Battlefield"
            o["controller"] = seat[perm.controller]
            o["tapped"] = perm.tapped
            o["damage_marked"] = perm.damage
            o["entered_battlefield_turn"] = target_turn if perm.summoning_sick else max(0, target_turn - 1)
            if perm.summoning_sick:
                o["summoning_sick"] = True
            else:
                o.pop("summoning_sick", None)
            if perm.phased_out:
                o["phase_status"] = {"status": "PhasedOut", "cause": "Directly"}
            battlefield.append(oid)
        st["battlefield"] = battlefield
        set_up = {oid: copy.deepcopy(objs[str(oid)]) for oid in battlefield}
        # The rest (fillers, opening hands' leftovers) goes to exile, out of the game's way.
        leftovers = [oid for pool in pools for ids in pool.values() for oid in ids]
        for oid in leftovers:
            objs[str(oid)]["zone"] = "Exile"
        st["exile"] = list(st.get("exile", [])) + leftovers
        st["debug_mode"] = True
        st["turn_number"] = target_turn - 1 if at_turn_start else target_turn
        # Whose turn: at a turn's beginning the game starts in the previous player's cleanup step, so that player is
        # active (as SetPhase makes it); otherwise the active player.
        st["active_player"] = 1 - active if at_turn_start else active
        try:
            game = engine.load_game(exported)
        except (ValueError, RuntimeError) as exc:
            raise EngineFailure(f"phase.rs refused the edited state: {exc}") from exc

        # Put the game just before the part to start at, and let phase.rs begin that part.
        if at_turn_start:
            before, before_active = "Cleanup", 1 - active
            target = "Untap"
        else:
            target = _engine_part(setup.phase, setup.step)
            before, before_active = _ORDER[_ORDER.index(target) - 1], active
            if target in ("DeclareBlockers", "CombatDamage", "EndCombat"):
                raise UnsupportedError("the phase.rs adapter can't start a game inside a combat")
        try:
            game.apply(
                0,
                {
                    "type": "Debug",
                    "data": {"type": "SetPhase", "data": {"phase": before, "active_player": before_active}},
                },
            )
        except (ValueError, RuntimeError) as exc:
            raise EngineFailure(f"phase.rs refused to set the phase: {exc}") from exc
        self._follow(game, before, before_active)
        self._last = None
        for n in range(2):
            w = game.waiting_for()
            if w.get("type") == "GameOver":
                # The game ended while being set up (state-based actions): what ended it is the game's record.
                self._part = None
                self._over = True
                self._winner = self._player((w.get("data") or {}).get("winner"))
                for n_seat, p in enumerate(game.state()["state"]["players"]):
                    if p.get("is_eliminated"):
                        self._lost.add(self._seats[n_seat])
                        self._events.append(GameEvent("player_lost", self._turn, self._seats[n_seat]))
                self._events.append(GameEvent("game_over", self._turn, self._winner))
                return
            if w.get("type") != "Priority":
                raise EngineFailure(f"phase.rs waits for {w.get('type')} while setting up")
            if n == 1:
                # The first pass gave priority in the part before, with a state-based check the game started
                # later would not have had (a life of 0, a creature with no toughness in the previous player's
                # turn): that life is put in, and such permanents are put back, before the last pass, so that
                # the first check with them is the one phase.rs makes in the part the game starts at.
                low_life = {seat[pl.name]: pl.life for pl in setup.players if pl.life < 1}
                now = game.state()
                gone = [oid for oid in battlefield if oid not in set(now["state"]["battlefield"])]
                if low_life or gone:
                    for i, life in low_life.items():
                        now["state"]["players"][i]["life"] = life
                    for oid in gone:
                        for p in now["state"]["players"]:
                            for zone in ("library", "hand", "graveyard"):
                                p[zone] = [x for x in p[zone] if int(x) != oid]
                        now["state"]["exile"] = [x for x in now["state"].get("exile") or [] if int(x) != oid]
                        now["state"]["objects"][str(oid)] = set_up[oid]
                        now["state"]["battlefield"].append(oid)
                    game = self._game = engine.load_game(now)
                self._last = self._snapshot()
            result = game.apply(int(w["data"]["player"]), {"type": "PassPriority"})
            if n == 1:
                # The events of the part the game starts at are the game's first ones.
                self._events = []
                self._part = None
                self._record(result.events)
            else:
                self._turn = int(game.turn)
        # Mana in pools: put in once the game waits in the part it starts at.
        pools_setup = {seat[pl.name]: pl.mana_pool for pl in setup.players if pl.mana_pool}
        if pools_setup:
            if game.phase != target:
                raise UnsupportedError("the phase.rs adapter can put mana in a pool only where priority is given")
            self._set_mana(engine, pools_setup)

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

    def deal(self, players: Sequence[str], decks: Sequence[Sequence[CardSpec]], *, seed: int, first: int) -> None:
        """Start a game from its very beginning, as phase.rs deals it, with both opening hands kept.

        :meth:`start` sets up the states the scenarios describe; this is the other way in, for recording
        whole games (``turncheck import phase``): phase.rs shuffles the decks with ``seed``, ``first``
        (a seat) takes the first turn, and each card is known by its name and phase.rs's object id
        ("Forest 12"). Events are phase.rs's from the first keep on.
        """
        ph = _require_phase()
        if len(players) != 2 or len(decks) != 2:
            raise UnsupportedError("the phase.rs adapter deals two-player games only")
        specs = list({spec.name: spec for deck in decks for spec in deck}.values())
        engine = ph.Engine.from_json(phase_cards.card_data_json(specs))
        names = [[spec.name for spec in deck] for deck in decks]
        try:
            game = engine.new_game(player=names[0], opponent=names[1], seed=seed, first_player=first)
            keeps = _keep_opening_hands(game)
        except (ValueError, RuntimeError) as exc:
            raise EngineFailure(f"phase.rs could not start a game: {exc}") from exc
        self._seats = list(players)
        self._lost, self._over, self._winner = set(), False, None
        self._left_at_end, self._auto_blocks = {}, False
        objects = game.state()["state"]["objects"]
        self._ids = {int(oid): f"{o['name']} {oid}" for oid, o in objects.items()}
        self._oids = {card: oid for oid, card in self._ids.items()}
        self._follow(game, None, first)
        self._last = self._snapshot()
        self._record(keeps)

    def _set_mana(self, engine: Any, pools: dict[int, Any]) -> None:
        exported = self.game.state()
        st = exported["state"]
        pip = int(st.get("next_pip_id", 1))
        for i, pool in pools.items():
            units = []
            for sym, n in pool.items():
                for _ in range(int(n)):
                    units.append(
                        {"color": _COLORS[sym], "pip_id": pip, "restrictions": [], "snow": False, "source_id": 0}
                    )
                    pip += 1
            st["players"][i]["mana_pool"] = {"mana": units}
        st["next_pip_id"] = pip
        self._game = engine.load_game(exported)

    def _end_part(self, turn: int, player: str) -> None:
        """The part the game is in ends (phase.rs marks only beginnings: a part ends as the next begins)."""
        if self._part is None or self._part not in _PARTS:
            self._part = None
            return
        ph, step = _PARTS[self._part]
        if step is not None:
            self._events.append(GameEvent("step_ended", turn, player, step))
        self._events.append(GameEvent("phase_ended", turn, player, ph))
        self._part = None

    def _begin_part(self, part: str, turn: int, player: str, after_step: Callable[[], None] | None = None) -> None:
        ph, step = _PARTS[part]
        prev_part = self._part
        prev: tuple[str | None, str | None] = (None, None)
        if prev_part is not None and prev_part in _PARTS:
            prev = _PARTS[prev_part]
        if prev_part is not None and prev[1] is not None:
            self._events.append(GameEvent("step_ended", turn, player, prev[1]))
        if after_step is not None:
            after_step()
        if prev_part is not None and prev[0] != ph:
            self._events.append(GameEvent("phase_ended", turn, player, prev[0]))
        # Parts the engine went past without beginning them: skipped (phase.rs has no event for this).
        if prev_part in _ORDER and part in _ORDER:
            i, j = _ORDER.index(prev_part), _ORDER.index(part)
            if part == "CombatDamage" and prev_part == "FirstStrikeDamage":
                i = j
            elif prev_part == "FirstStrikeDamage":
                i = _ORDER.index("CombatDamage")
            if j > i + 1:
                self._skipped(_ORDER[i + 1 : j], prev[0], turn, player)
        if prev[0] != ph or prev_part is None:
            self._events.append(GameEvent("phase_began", turn, player, ph))
        if step is not None:
            self._events.append(GameEvent("step_began", turn, player, step))
        self._part = part
        self._auto_blocks = part == "DeclareBlockers"

    def _skipped(self, parts: list[str], current: str | None, turn: int, player: str) -> None:
        seen: set[str] = set()
        for name in parts:
            ph, step = _PARTS[name]
            whole = all(_PARTS[n][0] != ph for n in _ORDER if n not in parts and n != "FirstStrikeDamage")
            if whole and ph != current:
                if ph not in seen:
                    seen.add(ph)
                    self._events.append(GameEvent("phase_skipped", turn, player, ph))
            elif step is not None:
                self._events.append(GameEvent("step_skipped", turn, player, step))

    # ------------------------------------------------------------------ actions

    def _find(self, kind: str, **match: Any) -> Any:
        for a in self.game.actions():
            if a.kind != kind:
                continue
            data = a.data or {}
            if all(data.get(k) == v for k, v in match.items()):
                return a
        return None

    def _apply(self, seat: int, action: Any) -> Any:
        try:
            result = self.game.apply(seat, action)
        except ValueError as exc:
            raise IllegalActionError(str(exc)) from exc
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
                s = self._seat(player)
                if w.get("type") != "Priority" or int(w["data"]["player"]) != s:
                    raise IllegalActionError(f"{player} doesn't have priority")
                self._auto_blocks = False
                self._events.append(GameEvent("priority_passed", g.turn, player))
                self._apply(s, {"type": "PassPriority"})
            case PlayLand(player, card):
                a = self._find("PlayLand", object_id=self._oid(card))
                if a is None:
                    raise IllegalActionError(f"{player} can't play {card} now")
                self._apply(self._seat(player), a)
            case CastSpell(player, card, targets):
                s = self._seat(player)
                a = self._find("CastSpell", object_id=self._oid(card))
                if a is None:
                    raise IllegalActionError(f"{player} can't cast {card} now")
                self._apply(s, a)
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
                if attacked:
                    raise UnsupportedError("the phase.rs adapter doesn't map attacks on planeswalkers")
                if w.get("type") != "DeclareAttackers":
                    raise IllegalActionError(f"the game doesn't wait for {player} to declare attackers")
                defender = 1 - self._seat(player)
                attacks = [[self._oid(a), {"type": "Player", "data": defender}] for a in attackers]
                self._apply(self._seat(player), {"type": "DeclareAttackers", "data": {"attacks": attacks}})
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
                self._apply(self._seat(player), {"type": "DeclareBlockers", "data": {"assignments": assignments}})
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
            case PayUpkeep(player, pay):
                s = self._seat(player)
                if w.get("type") != "UnlessPayment" or int(w["data"]["player"]) != s:
                    raise IllegalActionError(f"the game doesn't wait for {player} to pay an upkeep cost")
                self._apply(s, {"type": "PayUnlessCost", "data": {"pay": pay}})
            case _:
                raise UnsupportedError(f"the phase.rs adapter doesn't map {type(action).__name__}")

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

    # ------------------------------------------------------------------ events

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
        """The other player of a two-player game."""
        me = self._player(seat)
        return next((name for name in self._seats if name != me), None) if me is not None else None

    def _snapshot(self) -> dict[str, Any]:
        """What the adapter compares before and after an action, for what phase.rs has no event for."""
        st = self.game.state()["state"]
        combat = st.get("combat") or {}
        in_combat = {int(a["object_id"]) for a in combat.get("attackers") or []}
        in_combat |= {int(b) for b in (combat.get("blocker_to_attacker") or {})}
        for entry in self.game.stack() or []:
            kind = entry.get("kind")
            self._stack_info[int(entry["id"])] = (
                entry.get("source_id"),
                entry.get("controller"),
                str(kind.get("type")) if isinstance(kind, dict) else "Spell",
            )
        effects = {}
        for eff in st.get("transient_continuous_effects") or []:
            affected = eff.get("affected") or {}
            if isinstance(affected, dict) and affected.get("type") == "SpecificObject":
                effects[int(eff.get("id", 0))] = (affected.get("id"), eff.get("controller"))
        return {
            "effects": effects,
            "combat": in_combat if st.get("combat") is not None else None,
            "extra_turns": len(st.get("extra_turns") or []),
            "empty_draws": [bool(p.get("drew_from_empty_library")) for p in st["players"]],
            "stack": [int(e["id"]) for e in self.game.stack() or []],
        }

    def _record(self, events: Sequence[Any]) -> None:
        before = self._last
        after = self._snapshot()
        self._last = after
        turn = self._turn
        untapped: list[str] = []
        emptied: dict[int, int] = {}
        lost_here = False
        died: set[int] = set()
        # Ends phase.rs has no event for, reported where they happen: effects at the cleanup step's
        # damage removal (CR 514.2) or else as the turn ends; creatures leave combat as it ends (CR 511.3).
        ended = [] if before is None else [v for k, v in before["effects"].items() if k not in after["effects"]]
        left_combat: list[int] = []
        if before is not None and before["combat"]:
            left_combat = sorted(before["combat"] - (after["combat"] or set()))

        def end_effects() -> None:
            for oid, controller in ended:
                self._events.append(GameEvent("effect_ended", self._turn, self._player(controller), self._name(oid)))
            ended.clear()

        def leave_combat() -> None:
            for oid in left_combat:
                self._events.append(GameEvent("removed_from_combat", turn, self._controller(oid), self._name(oid)))
            left_combat.clear()

        def flush() -> None:
            nonlocal untapped, emptied
            if untapped:
                self._events.append(GameEvent("untapped", turn, self._active_name, ",".join(untapped), len(untapped)))
                untapped = []
            for seat, n in emptied.items():
                self._events.append(GameEvent("mana_emptied", turn, self._player(seat), None, n))
            emptied = {}

        for e in events:
            kind, d = e.get("type"), e.get("data") or {}
            ev: GameEvent | None = None
            if kind != "PermanentUntapped" and untapped:
                flush()
            if kind != "ManaPoolEmptied" and emptied:
                flush()
            match kind:
                case "TurnStarted":
                    end_effects()
                    if self._part is not None:
                        self._end_part(turn, self._active_name or "")
                        self._events.append(GameEvent("turn_ended", turn, self._active_name, None, turn))
                    turn = int(d.get("turn_number", turn))
                    self._turn = turn
                    self._active = int(d.get("player_id", self._active))
                    ev = GameEvent("turn_began", turn, self._active_name, None, turn)
                case "PhaseChanged":
                    part = str(d.get("phase"))
                    # phase.rs's combat record is gone once the next phase has begun: reported where CR 511.3
                    # puts the removal from combat, as the end of combat step ends (the state can't tell more).
                    leaving = after["combat"] is None and _PARTS.get(part, ("",))[0] != "combat"
                    if part in _PARTS:
                        self._begin_part(part, turn, self._active_name or "", leave_combat if leaving else None)
                    elif leaving:
                        leave_combat()
                case "CardDrawn":
                    ev = GameEvent("card_drawn", turn, self._player(d.get("player_id")), self._name(d.get("object_id")))
                case "PermanentUntapped":
                    name = self._name(d.get("object_id"))
                    if name is not None:
                        untapped.append(name)
                case "PermanentTapped":
                    oid = d.get("object_id")
                    ev = GameEvent("tapped", turn, self._controller(oid), self._name(oid))
                case "ManaAdded":
                    ev = GameEvent(
                        "mana_added",
                        turn,
                        self._player(d.get("player_id")),
                        self._name(d.get("source_id")),
                        1,
                        {"color": _SYMBOLS.get(str(d.get("mana_type")), str(d.get("mana_type")))},
                    )
                case "ManaPoolEmptied":
                    seat = int(d.get("player_id", 0))
                    emptied[seat] = emptied.get(seat, 0) + 1
                case "LandPlayed":
                    ev = GameEvent(
                        "land_played", turn, self._player(d.get("player_id")), self._name(d.get("object_id"))
                    )
                case "SpellCast":
                    ev = GameEvent(
                        "spell_cast", turn, self._player(d.get("controller")), self._name(d.get("object_id"))
                    )
                case "StackPushed":
                    info = self._stack_info.get(int(d.get("object_id", -1)))
                    if info is not None and info[2] == "TriggeredAbility":
                        self._triggered.add(int(d.get("object_id", -1)))
                        ev = GameEvent("triggered", turn, self._player(info[1]), self._name(info[0]))
                case "StackResolved":
                    info = self._stack_info.get(int(d.get("object_id", -1)))
                    if info is not None:
                        ev = GameEvent("resolved", turn, self._player(info[1]), self._name(info[0]))
                case "AbilityActivated":
                    ev = GameEvent(
                        "ability_activated", turn, self._player(d.get("player_id")), self._name(d.get("source_id"))
                    )
                case "LifeChanged":
                    ev = GameEvent("life_changed", turn, self._player(d.get("player_id")), None, _int(d.get("amount")))
                case "DamageDealt":
                    target = d.get("target") or {}
                    if "Player" in target:
                        who = self._player(target["Player"])
                        ev = GameEvent("damage_dealt", turn, who, who, _int(d.get("amount")))
                    elif "Object" in target:
                        oid = target["Object"]
                        self._damage[int(oid)] = self._damage.get(int(oid), 0) + (_int(d.get("amount")) or 0)
                        ev = GameEvent(
                            "damage_dealt", turn, self._controller(oid), self._name(oid), _int(d.get("amount"))
                        )
                case "DamageCleared":
                    oid = d.get("object_id")
                    amount = self._damage.pop(int(oid), None) if oid is not None else None
                    self._events.append(
                        GameEvent("damage_removed", turn, self._controller(oid), self._name(oid), amount)
                    )
                    end_effects()
                case "PermanentPhasedIn":
                    oid = d.get("object_id")
                    ev = GameEvent("phased_in", turn, self._controller(oid), self._name(oid))
                case "PermanentPhasedOut" | "PhasedOut":
                    oid = d.get("object_id")
                    ev = GameEvent("phased_out", turn, self._controller(oid), self._name(oid))
                case "Discarded":
                    ev = GameEvent("discarded", turn, self._player(d.get("player_id")), self._name(d.get("object_id")))
                case "PermanentSacrificed":
                    oid = d.get("object_id")
                    ev = GameEvent("sacrificed", turn, self._player(d.get("player_id")), self._name(oid))
                case "ZoneChanged" if d.get("from") == "Battlefield" and d.get("to") == "Graveyard":
                    # A creature put into a graveyard from the battlefield dies (CR 700.4); phase.rs marks a
                    # destruction with CreatureDestroyed too, but a state-based 0 toughness only with this.
                    oid = d.get("object_id")
                    if "Creature" in ((d.get("record") or {}).get("core_types") or []) and oid is not None:
                        died.add(int(oid))
                        ev = GameEvent("died", turn, self._controller(oid), self._name(oid))
                case "CreatureDestroyed":
                    oid = d.get("object_id")
                    if oid is not None and int(oid) not in died:
                        died.add(int(oid))
                        ev = GameEvent("died", turn, self._controller(oid), self._name(oid))
                case "AttackersDeclared":
                    ids = [self._name(a) or "" for a in d.get("attacker_ids") or []]
                    ev = GameEvent("attackers_declared", turn, self._active_name, ",".join(ids), len(ids))
                case "BlockersDeclared":
                    blocks = d.get("assignments") or []
                    # An empty declaration phase.rs makes by itself when no creature can block.
                    self._auto_blocks = not blocks
                    ev = GameEvent(
                        "blockers_declared",
                        turn,
                        self._player(1 - self._active),
                        ",".join(f"{self._name(b)}>{self._name(a)}" for b, a in blocks),
                        len(blocks),
                    )
                case "Regenerated":
                    oid = d.get("object_id")
                    ev = GameEvent("regenerated", turn, self._controller(oid), self._name(oid))
                case "EffectResolved" if d.get("kind") == "Draw" and before is not None:
                    # A draw from an empty library happens inside the draw effect (no event of its own): report
                    # it there, before the spell or ability finishes resolving.
                    for seat, (was, now) in enumerate(zip(before["empty_draws"], after["empty_draws"], strict=True)):
                        if now and not was:
                            self._events.append(GameEvent("draw_from_empty_library", turn, self._player(seat)))
                            before["empty_draws"][seat] = True
                case "ZoneChanged" if lost_here and d.get("to") == "Exile" and d.get("from") != "Exile":
                    # phase.rs removes a loser's objects from the game after PlayerLost (its multiplayer
                    # handling); in a two-player game the game is over at that point (CR 104.2a), so the
                    # view keeps showing the zones as they stood when the game ended.
                    self._left_at_end[int(d.get("object_id", -1))] = str(d.get("from"))
                case "PlayerLost":
                    lost_here = True
                    p = self._player(d.get("player_id"))
                    seat = int(d.get("player_id", -1))
                    known = before is not None and 0 <= seat < len(after["empty_draws"])
                    if known and before and after["empty_draws"][seat] and not before["empty_draws"][seat]:
                        self._events.append(GameEvent("draw_from_empty_library", turn, p))
                        before["empty_draws"][seat] = True
                    if p:
                        self._lost.add(p)
                    ev = GameEvent("player_lost", turn, p)
                case "GameOver":
                    self._over = True
                    self._winner = self._player(d.get("winner"))
                    ev = GameEvent("game_over", turn, self._winner)
            if ev is not None:
                self._events.append(ev)
        flush()
        if before is None:
            return
        # What phase.rs changes without an event: read from its state before and after.
        for seat, (was, now) in enumerate(zip(before["empty_draws"], after["empty_draws"], strict=True)):
            if now and not was:
                self._events.append(GameEvent("draw_from_empty_library", turn, self._player(seat)))
        end_effects()
        if after["extra_turns"] > before["extra_turns"]:
            st = self.game.state()["state"]
            for entry in (st.get("extra_turns") or [])[before["extra_turns"] :]:
                who = entry.get("player") if isinstance(entry, dict) else entry
                self._events.append(GameEvent("extra_turn_added", turn, self._player(who)))
        leave_combat()
        pushed = [i for i in after["stack"] if i not in before["stack"]]
        for i in pushed:
            info = self._stack_info.get(i)
            if info is not None and info[2] == "TriggeredAbility" and i not in self._triggered:
                self._triggered.add(i)
                self._events.append(GameEvent("triggered", turn, self._player(info[1]), self._name(info[0])))

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

    # ------------------------------------------------------------------ view

    def _decision(self, wtype: str, wdata: dict[str, Any]) -> DecisionView:
        player = self._seats[int(wdata["player"])]
        kind = _DECISIONS[wtype]
        match wtype:
            case "DeclareAttackers":
                ids = wdata.get("valid_attacker_ids") or []
                return DecisionView(kind, player, tuple(self._name(i) or "" for i in ids))
            case "DeclareBlockers":
                ids = wdata.get("valid_blocker_ids") or []
                return DecisionView(kind, player, tuple(self._name(i) or "" for i in ids))
            case "UntapChoice":
                ids = wdata.get("candidates") or []
                return DecisionView(kind, player, tuple(self._name(i) or "" for i in ids), len(ids))
            case "ChooseUntapSubset":
                ids = wdata.get("group") or []
                return DecisionView(kind, player, tuple(self._name(i) or "" for i in ids), _int(wdata.get("max")) or 0)
            case "OrderTriggers":
                names = tuple(self._name(t.get("source_id")) or "" for t in wdata.get("triggers") or [])
                return DecisionView(kind, player, names)
            case "DiscardToHandSize":
                ids = wdata.get("cards") or []
                count = _int(wdata.get("count")) or 0
                return DecisionView(kind, player, tuple(self._name(i) or "" for i in ids), count)
            case "UnlessPayment":
                return DecisionView(kind, player, mana_abilities=True)
            case "Priority":
                return DecisionView(kind, player, mana_abilities=True)
        return DecisionView(kind, player, count=_int(wdata.get("count")) or 0)

    def _cards(self, ids: Sequence[Any]) -> tuple[CardView, ...]:
        g = self.game
        out = []
        for oid in ids:
            o = g.object(int(oid))
            out.append(CardView(self._name(oid) or str(oid), str(o.get("name") if o else oid)))
        return tuple(out)

    def view(self) -> GameView:
        g = self.game
        st = g.state()["state"]
        w = g.waiting_for() or {}
        wtype = str(w.get("type"))
        wdata = w.get("data") or {}
        decision: DecisionView | None = None
        if wtype in _DECISIONS and isinstance(wdata, dict) and "player" in wdata:
            decision = self._decision(wtype, wdata)
        elif wtype == "GameOver":
            self._over = True
        if self._auto_blocks and wtype == "Priority" and self._part == "DeclareBlockers" and self._game is not None:
            w_player = int(wdata.get("player", -1)) if isinstance(wdata, dict) else -1
            if w_player == self._active:
                decision = DecisionView("declare_blockers", self._seats[1 - self._active])
        part = _PARTS.get(str(g.phase), (None, None))
        # Objects phase.rs moved to exile after a player lost: shown where they were when the game ended.
        restored: dict[tuple[int, str], list[int]] = {}
        for oid, zone in self._left_at_end.items():
            o = g.object(oid)
            if o is not None:
                restored.setdefault((int(o.get("owner", 0)), zone), []).append(oid)
        players = []
        for i, name in enumerate(self._seats):
            p = st["players"][i]
            pool: dict[str, int] = {}
            for unit in (p.get("mana_pool") or {}).get("mana", []):
                sym = _SYMBOLS.get(str(unit.get("color")), str(unit.get("color")))
                pool[sym] = pool.get(sym, 0) + 1
            lost = name in self._lost or bool(p.get("is_eliminated"))
            players.append(
                PlayerView(
                    name,
                    int(p["life"]),
                    pool,
                    self._cards([*p["library"], *restored.get((i, "Library"), [])]),
                    self._cards([*p["hand"], *restored.get((i, "Hand"), [])]),
                    self._cards([*p["graveyard"], *restored.get((i, "Graveyard"), [])]),
                    lost,
                    int(p.get("lands_played_this_turn", 0)),
                )
            )
        combat = st.get("combat") or {}
        attacking = {int(a["object_id"]) for a in combat.get("attackers") or []}
        blocking: dict[int, Any] = {int(b): a for b, a in (combat.get("blocker_to_attacker") or {}).items()}
        battlefield = []
        on_battlefield = list(g.battlefield())
        on_battlefield += [g.object(oid) for oid, zone in self._left_at_end.items() if zone == "Battlefield"]
        for o in on_battlefield:
            creature = "Creature" in ((o.get("card_types") or {}).get("core_types") or [])
            status = o.get("phase_status") or {}
            battlefield.append(
                PermanentView(
                    self._name(o["id"]) or str(o["id"]),
                    str(o["name"]),
                    self._player(o["controller"]) or "",
                    self._player(o["owner"]) or "",
                    bool(o.get("tapped")),
                    int(o.get("damage_marked") or 0),
                    status.get("status") == "PhasedOut",
                    bool(o.get("summoning_sick", o.get("has_summoning_sickness", False))),
                    _int(o.get("power")) if creature else None,
                    _int(o.get("toughness")) if creature else None,
                    int(o["id"]) in attacking,
                    self._blocked(blocking.get(int(o["id"]))),
                    # Two-player games only, and no attacks on planeswalkers: an attacker attacks the opponent.
                    attacked=self._opponent(o["controller"]) if int(o["id"]) in attacking else None,
                )
            )
        stack = []
        for entry in reversed(list(g.stack() or [])):
            src = entry.get("source_id", entry.get("object_id"))
            o = g.object(int(src)) if src is not None else None
            kind = str(
                (entry.get("kind") or {}).get("type", "spell") if isinstance(entry.get("kind"), dict) else "spell"
            )
            stack.append(
                StackItemView(
                    str(o.get("name")) if o else "?",
                    self._player(entry.get("controller")) or "",
                    "spell" if kind.lower() == "spell" else ("trigger" if "trigger" in kind.lower() else "ability"),
                )
            )
        over = self._over or wtype == "GameOver"
        winner = self._winner
        if wtype == "GameOver" and winner is None:
            winner = self._player(wdata.get("winner"))
        return GameView(
            edition="cr2024",
            turn_number=int(g.turn),
            active_player=self._seats[int(st["active_player"])],
            phase=part[0],
            step=part[1],
            decision=decision,
            players=tuple(players),
            battlefield=tuple(battlefield),
            stack=tuple(stack),
            game_over=over,
            winner=winner,
        )


def _int(v: Any) -> int | None:
    try:
        return None if v is None else int(v)
    except (TypeError, ValueError):
        return None
