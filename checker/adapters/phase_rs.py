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
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from checker.adapters import phase_cards
from checker.interface import (
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
    PassPriority,
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
        from checker.cards import POOL

        specs.append(POOL[_FILLER])
        engine = ph.Engine.from_json(phase_cards.card_data_json(specs))
        decks = [[s.name for _, s in cards] + [_FILLER] * _FILLERS_PER_PLAYER for cards in owned]
        try:
            game = engine.new_game(player=decks[0], opponent=decks[1], seed=setup.seed or 1, first_player=active)
            for _ in range(4):
                w = game.waiting_for()
                if w.get("type") != "MulliganDecision":
                    break
                for a in game.actions():
                    if a.kind == "MulliganDecision" and a.data["choice"]["type"] == "Keep":
                        game.apply(int(w["data"]["pending"][0]["player"]), a)
                        break
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
            p["life"] = pl.life
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
        # The rest (fillers, opening hands' leftovers) goes to exile, out of the game's way.
        leftovers = [oid for pool in pools for ids in pool.values() for oid in ids]
        for oid in leftovers:
            objs[str(oid)]["zone"] = "Exile"
        st["exile"] = list(st.get("exile", [])) + leftovers
        st["debug_mode"] = True
        st["turn_number"] = target_turn - 1 if at_turn_start else target_turn
        st["active_player"] = active
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
        self._game = game
        self._events = []
        self._part = before
        self._turn_active = before_active
        for n in range(2):
            w = game.waiting_for()
            if w.get("type") != "Priority":
                raise EngineFailure(f"phase.rs waits for {w.get('type')} while setting up")
            result = game.apply(int(w["data"]["player"]), {"type": "PassPriority"})
            if n == 1:
                # The events of the part the game starts at are the game's first ones.
                self._events = []
                self._part = None
                self._record(result.events)
        # Mana in pools: put in once the game waits in the part it starts at.
        pools_setup = {seat[pl.name]: pl.mana_pool for pl in setup.players if pl.mana_pool}
        if pools_setup:
            if game.phase != target:
                raise UnsupportedError("the phase.rs adapter can put mana in a pool only where priority is given")
            self._set_mana(engine, pools_setup)

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

    def _begin_part(self, part: str, turn: int, player: str) -> None:
        ph, step = _PARTS[part]
        prev: tuple[str | None, str | None] = (None, None)
        if self._part is not None and self._part in _PARTS:
            prev = _PARTS[self._part]
        if self._part is not None and prev[1] is not None:
            self._events.append(GameEvent("step_ended", turn, player, prev[1]))
        if self._part is not None and prev[0] != ph:
            self._events.append(GameEvent("phase_ended", turn, player, prev[0]))
        if prev[0] != ph or self._part is None:
            self._events.append(GameEvent("phase_began", turn, player, ph))
        if step is not None:
            self._events.append(GameEvent("step_began", turn, player, step))
        self._part = part

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
        return result

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
            case DeclareAttackers(player, attackers):
                if w.get("type") != "DeclareAttackers":
                    raise IllegalActionError(f"the game doesn't wait for {player} to declare attackers")
                defender = 1 - self._seat(player)
                attacks = [[self._oid(a), {"type": "Player", "data": defender}] for a in attackers]
                self._apply(self._seat(player), {"type": "DeclareAttackers", "data": {"attacks": attacks}})
            case DeclareBlockers(player, blocks):
                if w.get("type") != "DeclareBlockers":
                    raise IllegalActionError(f"the game doesn't wait for {player} to declare blockers")
                assignments = [[self._oid(b), self._oid(a)] for b, a in blocks]
                self._apply(self._seat(player), {"type": "DeclareBlockers", "data": {"assignments": assignments}})
            case ChooseDiscard(player, cards):
                if w.get("type") != "DiscardToHandSize":
                    raise IllegalActionError(f"the game doesn't wait for {player} to discard")
                self._apply(
                    self._seat(player), {"type": "SelectCards", "data": {"cards": [self._oid(c) for c in cards]}}
                )
            case ChooseUntap():
                raise UnsupportedError("the phase.rs adapter doesn't map the choice of what to untap")
            case _:
                raise UnsupportedError(f"the phase.rs adapter doesn't map {type(action).__name__}")

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

    def _record(self, events: Sequence[Any]) -> None:
        g = self.game
        turn = int(g.turn)
        active = self._player(g.state()["state"]["active_player"]) if events else None
        untapped: list[str] = []
        for e in events:
            kind, d = e.get("type"), e.get("data") or {}
            ev: GameEvent | None = None
            if kind != "PermanentUntapped" and untapped:
                self._events.append(GameEvent("untapped", turn, active, ",".join(untapped), len(untapped)))
                untapped = []
            match kind:
                case "TurnStarted":
                    turn = int(d.get("turn_number", turn))
                    ev = GameEvent("turn_began", turn, self._player(d.get("player_id")), None, turn)
                    self._turn_active = int(d.get("player_id", 0))
                    active = self._player(d.get("player_id"))
                case "PhaseChanged":
                    part = str(d.get("phase"))
                    if part in _PARTS:
                        self._begin_part(part, turn, active or "")
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
                case "LandPlayed":
                    ev = GameEvent(
                        "land_played", turn, self._player(d.get("player_id")), self._name(d.get("object_id"))
                    )
                case "SpellCast":
                    ev = GameEvent(
                        "spell_cast", turn, self._player(d.get("controller")), self._name(d.get("object_id"))
                    )
                case "AbilityActivated":
                    ev = GameEvent(
                        "ability_activated", turn, self._player(d.get("player_id")), self._name(d.get("source_id"))
                    )
                case "LifeChanged":
                    ev = GameEvent("life_changed", turn, self._player(d.get("player_id")), None, _int(d.get("amount")))
                case "Discarded":
                    ev = GameEvent("discarded", turn, self._player(d.get("player_id")), self._name(d.get("object_id")))
                case "CreatureDestroyed":
                    oid = d.get("object_id")
                    ev = GameEvent("died", turn, self._controller(oid), self._name(oid))
                case "AttackersDeclared":
                    ids = [self._name(a) or "" for a in d.get("attacker_ids") or []]
                    ev = GameEvent("attackers_declared", turn, active, ",".join(ids), len(ids))
                case "BlockersDeclared":
                    ev = GameEvent("blockers_declared", turn, self._player(1 - self._turn_active))
                case "Regenerated":
                    oid = d.get("object_id")
                    ev = GameEvent("regenerated", turn, self._controller(oid), self._name(oid))
                case "PlayerLost":
                    p = self._player(d.get("player_id"))
                    if p:
                        self._lost.add(p)
                    ev = GameEvent("player_lost", turn, p)
                case "GameOver":
                    self._over = True
                    self._winner = self._player(d.get("winner"))
                    ev = GameEvent("game_over", turn, self._winner)
                case "TriggerFired" | "StackResolved" | "DamageDealt" | "ManaPoolEmptied" | "PhasedOut":
                    ev = self._generic(kind, d, turn)
            if ev is not None:
                self._events.append(ev)
        if untapped:
            self._events.append(GameEvent("untapped", turn, active, ",".join(untapped), len(untapped)))

    def _generic(self, kind: str, d: Any, turn: int) -> GameEvent | None:
        names = {
            "TriggerFired": "triggered",
            "StackResolved": "resolved",
            "DamageDealt": "damage_dealt",
            "ManaPoolEmptied": "mana_emptied",
            "PhasedOut": "phased_out",
        }
        oid = d.get("object_id", d.get("source_id", d.get("target_id")))
        player = self._player(d.get("player_id", d.get("controller")))
        return GameEvent(names[kind], turn, player, self._name(oid), _int(d.get("amount")))

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
            decision = DecisionView(
                _DECISIONS[wtype], self._seats[int(wdata["player"])], count=_int(wdata.get("count")) or 0
            )
        elif wtype == "GameOver":
            self._over = True
        part = _PARTS.get(str(g.phase), (None, None))
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
                    self._cards(p["library"]),
                    self._cards(p["hand"]),
                    self._cards(p["graveyard"]),
                    lost,
                    int(p.get("lands_played_this_turn", 0)),
                )
            )
        battlefield = []
        for o in g.battlefield():
            creature = "Creature" in ((o.get("card_types") or {}).get("core_types") or [])
            status = o.get("phase_status") or {}
            cs = o.get("combat_status") or {}
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
                    bool(cs.get("attacking")),
                    None,
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
