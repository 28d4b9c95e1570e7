"""How the phase.rs adapter sets up a game (the adapter is :mod:`checker.adapters.phase_rs`).

A game is set up by starting a phase.rs game with decks holding every card of the setup, keeping both
opening hands, then editing the exported state (zones, life, permanents, whose turn, the turn
number) and loading it again. To start at the beginning of a part of the turn, the game is put (with
the engine's debug ``SetPhase``) at the part just before it, and both players pass priority, so that
phase.rs itself begins the part with its turn-based actions and triggers; what happened before that
is not reported.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from checker.adapters import phase_cards
from checker.adapters.phase_game import _COLORS, NO_DEFENDING_PLAYER, _require_phase
from checker.adapters.phase_parts import _ORDER, _PARTS
from checker.adapters.phase_start import PhaseStart, keep_opening_hands
from checker.contract.interface import (
    CardSetup,
    CardSpec,
    EngineFailure,
    GameEvent,
    GameSetup,
    UnsupportedError,
)

_FILLER = "Island"
_FILLERS_PER_PLAYER = 8
#: What a "skip your next ..." effect skips -> the parts phase.rs counts in its steps_to_skip (a combat phase is all
#: its steps, as phase.rs records it when such a spell resolves; a turn is counted in turns_to_skip instead).
_SKIPPED = {
    "turn": (),
    "untap": ("Untap",),
    "upkeep": ("Upkeep",),
    "draw": ("Draw",),
    "combat": ("BeginCombat", "DeclareAttackers", "DeclareBlockers", "CombatDamage", "EndCombat"),
}
#: The suite's counter kinds -> phase.rs's (it reads "+1/+1" and "-1/-1" as its P1P1 and M1M1).
_COUNTERS = {"+1/+1": "P1P1", "-1/-1": "M1M1", "loyalty": "loyalty", "lore": "lore"}
#: phase.rs's record of a spell cast, standing for one the set-up says the previous turn's active player cast.
_SPELL_CAST_LAST_TURN = {
    "cast_variant": "Normal",
    "colors": [],
    "core_types": ["Instant"],
    "from_zone": "Hand",
    "keywords": [],
    "mana_value": 0,
    "name": "a spell cast last turn",
    "spell_object_id": 0,
    "subtypes": [],
    "supertypes": [],
}


def _engine_part(phase_name: str | None, step: str | None) -> str:
    for name, (p, s) in _PARTS.items():
        if p == phase_name and s == step and name != "FirstStrikeDamage":
            return name
    raise UnsupportedError(f"phase.rs has no part of the turn {phase_name}/{step}")


def _skipper_of_start(setup: GameSetup) -> str | None:
    """What, in the set-up, skips the part of the turn the game is set up at (Necropotence's "skip your draw step" at
    the beginning of its controller's draw step, say), or None. The untap step isn't one: a game set up at a turn's
    beginning starts before it, and phase.rs skipping it is what such a set-up means."""
    start = {setup.phase, setup.step} - {None, "untap"}
    active = next(p for p in setup.players if p.name == setup.active_player)
    skipped = [("a skip effect", e.params) for e in active.effects if e.key == "skip_next"]
    for perm in setup.battlefield:
        for e in perm.card.effects:
            if e.key == "players_skip" and (e.params.get("whose") != "your" or perm.controller == setup.active_player):
                skipped.append((perm.card.name, e.params))
    return next((source for source, p in skipped if str(p.get("what")) in start), None)


class PhaseSetup(PhaseStart):
    """Sets up the game, as the suite's set-ups describe it or dealt from its beginning."""

    def start(self, setup: GameSetup) -> None:
        ph = _require_phase()
        self._game = None
        self._lost, self._over, self._winner = set(), False, None
        self._left_at_end = {}
        self._day_night = setup.day_night
        self._turns_to_skip = []
        self._between_games = False
        self._added_steps, self._set_aside = [], set()
        if setup.edition != "cr2024":
            raise UnsupportedError(f"phase.rs plays the current rules, not edition {setup.edition!r}")
        if len(setup.players) > 2 and setup.phase == "combat":
            # Such a set-up starts at or after the beginning of combat, where one opponent is chosen (CR 507.1).
            raise UnsupportedError(NO_DEFENDING_PLAYER)
        if setup.from_game_start:
            if len(setup.players) != 2:
                raise UnsupportedError("phase.rs plays matches, whose games it asks to play or draw, of two players")
            self._start_from_choice(setup)
            return
        for pl in setup.players:
            for effect in pl.effects:
                if effect.key != "skip_next" or str(effect.params.get("what")) not in _SKIPPED:
                    raise UnsupportedError(f"the phase.rs adapter doesn't set up {effect.key} {dict(effect.params)}")
        if any(p.holds is not None for p in setup.battlefield):
            raise UnsupportedError("phase.rs has no card held by a permanent (Tawnos's Coffin)")
        for perm in setup.battlefield:
            for e in perm.card.effects:
                if e.params.get("does") == "delayed_gain_life" and e.params.get("player") != perm.controller:
                    raise UnsupportedError("the phase.rs adapter writes a delayed life gain for its controller only")
        skipping = _skipper_of_start(setup)
        if skipping is not None:
            raise UnsupportedError(
                f"the set-up starts at a part of the turn that {skipping} skips: phase.rs skips it, and the game "
                "would start in the next part instead"
            )
        if any(kind not in _COUNTERS for p in setup.battlefield for kind in p.counters):
            raise UnsupportedError("the phase.rs adapter sets up +1/+1, -1/-1, loyalty and lore counters only")
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
        previous = (active - 1) % len(self._seats)  # the player before in turn order
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
        engine = self._engine = ph.Engine.from_json(phase_cards.card_data_json(specs))
        decks = [[s.name for _, s in cards] + [_FILLER] * _FILLERS_PER_PLAYER for cards in owned]
        try:
            game = engine.new_game(
                player=decks[0],
                opponent=decks[1],
                extra_players=decks[2:],
                seed=setup.seed or 1,
                first_player=active,
                # Free-for-all (CR 806): phase.rs's Standard seats two players only.
                format="Standard" if len(decks) == 2 else "FreeForAll",
            )
            keep_opening_hands(game)
        except (ValueError, RuntimeError) as exc:
            raise EngineFailure(f"phase.rs could not start a game: {exc}") from exc

        exported = game.state()
        st = exported["state"]
        objs: dict[str, Any] = st["objects"]
        self._names = {int(oid): str(o.get("name")) for oid, o in objs.items()}
        self._zones = {}
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
            p["poison_counters"] = pl.poison
            # Skip effects already in play, kept as phase.rs keeps those of a resolved "skip your next ..." spell.
            for effect in pl.effects:
                what, count = str(effect.params["what"]), int(effect.params.get("count", 1))
                if what == "turn":
                    st["turns_to_skip"][i] += count
                for part in _SKIPPED[what]:
                    st["steps_to_skip"][i][part] = st["steps_to_skip"][i].get(part, 0) + count
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
            o["counters"] = {_COUNTERS[kind]: n for kind, n in perm.counters.items() if n or kind == "loyalty"}
            if "loyalty" in perm.counters:
                o["loyalty"] = perm.counters["loyalty"]
            if perm.token:
                o["is_token"] = True
            battlefield.append(oid)
        for perm in setup.battlefield:
            if perm.attached_to is not None:
                attached, host = self._oids[perm.id], self._oids[perm.attached_to]
                objs[str(attached)]["attached_to"] = {"type": "Object", "data": host}
                objs[str(host)]["attachments"] = [*objs[str(host)].get("attachments", []), attached]
        st["battlefield"] = battlefield
        set_up = {oid: copy.deepcopy(objs[str(oid)]) for oid in battlefield}
        # The rest (fillers, opening hands' leftovers) goes to exile, out of the game's way.
        leftovers = [oid for pool in pools for ids in pool.values() for oid in ids]
        for oid in leftovers:
            objs[str(oid)]["zone"] = "Exile"
        st["exile"] = list(st.get("exile", [])) + leftovers
        self._set_aside = set(leftovers)
        st["debug_mode"] = True
        # The dealing's record of this turn's zone changes: the set-up's game has none (and phase.rs refuses a record
        # of a turn later than the one it is loaded at).
        st["zone_changes_this_turn"] = []
        self._turns_to_skip = [int(n) for n in st["turns_to_skip"]]
        if setup.day_night is not None:
            # Day and night (CR 730): phase.rs's own check, at the turn's beginning, reads the spells cast
            # in the previous turn, which it counts as that turn's spells when it ends.
            st["day_night"] = setup.day_night.capitalize()
            st["spells_cast_last_turn"] = setup.spells_cast_last_turn
            if at_turn_start:
                # phase.rs counts the spells of the turn's active player from its record of each spell cast.
                n = setup.spells_cast_last_turn
                st["spells_cast_this_turn"] = n
                st["spells_cast_this_turn_by_player"] = {str(previous): [_SPELL_CAST_LAST_TURN] * n}
        st["turn_number"] = target_turn - 1 if at_turn_start else target_turn
        # Whose turn: at a turn's beginning the game starts in the previous player's cleanup step, so that player is
        # active (as SetPhase makes it); otherwise the active player.
        st["active_player"] = previous if at_turn_start else active
        try:
            game = engine.load_game(exported)
        except (ValueError, RuntimeError) as exc:
            raise EngineFailure(f"phase.rs refused the edited state: {exc}") from exc

        # Put the game just before the part to start at, and let phase.rs begin that part.
        if at_turn_start:
            before, before_active = "Cleanup", previous
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
        last = len(self._seats) - 1  # each player passes in turn: the last pass ends the part before
        for n in range(last + 1):
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
            if n == last:
                # The earlier passes gave priority in the part before, with a state-based check the game started
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
            if n == last:
                # The events of the part the game starts at are the game's first ones.
                self._events = []
                self._part = None
                self._record(result.events)
                self._phase_under_way(before, target)
            else:
                self._turn = int(game.turn)
        # Mana in pools: put in once the game waits in the part it starts at.
        pools_setup = {seat[pl.name]: pl.mana_pool for pl in setup.players if pl.mana_pool}
        if pools_setup:
            if game.phase != target:
                raise UnsupportedError("the phase.rs adapter can put mana in a pool only where priority is given")
            self._set_mana(engine, pools_setup)

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
        engine = self._engine = ph.Engine.from_json(phase_cards.card_data_json(specs))
        names = [[spec.name for spec in deck] for deck in decks]
        try:
            game = engine.new_game(player=names[0], opponent=names[1], seed=seed, first_player=first)
            keeps = keep_opening_hands(game)
        except (ValueError, RuntimeError) as exc:
            raise EngineFailure(f"phase.rs could not start a game: {exc}") from exc
        self._seats = list(players)
        self._lost, self._over, self._winner = set(), False, None
        self._left_at_end, self._auto_blocks, self._day_night, self._turns_to_skip = {}, False, None, []
        self._set_aside = set()
        objects = game.state()["state"]["objects"]
        self._names = {int(oid): str(o.get("name")) for oid, o in objects.items()}
        self._zones = {}
        self._ids = {int(oid): f"{o['name']} {oid}" for oid, o in objects.items()}
        self._oids = {card: oid for oid, card in self._ids.items()}
        self._follow(game, None, first)
        self._last = self._snapshot()
        self._record(keeps)

    def _phase_under_way(self, before: str, target: str) -> None:
        """A game set up at a later step of a phase (the upkeep, the declare attackers step) starts inside
        that phase, already under way, as the suite's set-ups mean it (the trace's start too): only the step
        begins. The adapter began the phase as well, having no part before the set-up's last pass."""
        phase = _PARTS[target][0]
        if _PARTS.get(before, ("",))[0] != phase:
            return
        for i, e in enumerate(self._events):
            if e.kind == "phase_began" and e.subject == phase:
                del self._events[i]
                return

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
