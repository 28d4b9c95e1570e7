"""The phase.rs adapter's record of a game: phase.rs's objects and seats as the suite's ids and
names, and phase.rs's events translated into the suite's (the adapter is :mod:`checker.adapters.phase_rs`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from checker.adapters import phase_cards
from checker.contract.interface import (
    CardView,
    EngineFailure,
    GameEvent,
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
#: What phase.rs adds in its extra_phases (a phase, or a step of a phase it creates) -> the suite's phase.
_ADDED_PHASES = {
    "Combat": "combat",
    "PrecombatMain": "precombat_main",
    "PostcombatMain": "postcombat_main",
    "Untap": "beginning",
    "Upkeep": "beginning",
    "Draw": "beginning",
    "End": "ending",
}
_PHASE_ORDER = ["beginning", "precombat_main", "combat", "postcombat_main", "ending"]
#: phase.rs's counter kinds -> the suite's (the others have the same names).
COUNTER_KINDS = {"P1P1": "+1/+1", "M1M1": "-1/-1"}
_COLORS = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green", "C": "Colorless"}
_SYMBOLS = {v: k for k, v in _COLORS.items()}


def _require_phase() -> Any:
    module = phase_cards.phase_module()
    if module is None:
        raise EngineFailure("phase-python is not installed: install the optional extra with `pip install .[phase]`")
    return module


class PhaseEvents:
    """The game's record: ids, names, seats, and the events in the suite's words."""

    def __init__(self) -> None:
        _require_phase()
        self._game: Any = None
        self._engine: Any = None  # phase.rs's card database the game was started from
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
        self._names: dict[int, str] = {}  # phase object id -> its card's name
        self._zones: dict[tuple[int, str], tuple[list[Any], tuple[CardView, ...]]] = {}
        self._auto_blocks = False
        self._left_at_end: dict[int, str] = {}
        self._day_night: str | None = None
        self._turns_to_skip: list[int] = []  # by seat, as last read from phase.rs's state
        self._added_phase: str | None = None  # the phase phase.rs added that the game is in

    @property
    def game(self) -> Any:
        if self._game is None:
            raise UnsupportedError("no game has been started")
        return self._game

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
        i = j = -1
        if prev_part in _ORDER and part in _ORDER:
            i, j = _ORDER.index(prev_part), _ORDER.index(part)
            if part == "CombatDamage" and prev_part == "FirstStrikeDamage":
                i = j
            elif prev_part == "FirstStrikeDamage":
                i = _ORDER.index("CombatDamage")
        if prev_part is not None and prev[1] is not None:
            self._events.append(GameEvent("step_ended", turn, player, prev[1]))
        added, leaving_added = self._added_phase, self._added_phase is not None and self._added_phase != ph
        if leaving_added and i >= 0:
            # The rest of a phase phase.rs added (its extra_phases: an upkeep step alone, say) never begins: skipped.
            self._skipped([n for n in _ORDER[i + 1 :] if _PARTS[n][0] == added], added, turn, player)
            self._added_phase = None
        if after_step is not None:
            after_step()
        if prev_part is not None and prev[0] != ph:
            self._events.append(GameEvent("phase_ended", turn, player, prev[0]))
        # Parts the engine went past without beginning them: skipped (phase.rs has no event for this).
        if j > i + 1 and not leaving_added:
            self._skipped(_ORDER[i + 1 : j], prev[0], turn, player)
        if prev[0] != ph or prev_part is None:
            self._events.append(GameEvent("phase_began", turn, player, ph))
        if 0 <= j <= i and part != "CombatDamage":
            # Back to an earlier part in the same turn: a phase phase.rs added; its parts before this one are skipped.
            self._added_phase = ph
            self._skipped([n for n in _ORDER[:j] if _PARTS[n][0] == ph], ph, turn, player)
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

    def _snapshot(self, before: dict[str, Any] | None = None, events: Sequence[Any] = ()) -> dict[str, Any]:
        """What the adapter compares before and after an action, for what phase.rs has no event for.

        The combat, the continuous effects and the extra turns are read from the whole exported
        state (tens of milliseconds): only when the last snapshot had some, or an event of the
        action may have brought some. Otherwise they are still none, as they were."""
        stack = list(self.game.stack() or [])
        for entry in stack:
            kind = entry.get("kind")
            self._stack_info[int(entry["id"])] = (
                entry.get("source_id"),
                entry.get("controller"),
                str(kind.get("type")) if isinstance(kind, dict) else "Spell",
            )
        players = [self.game.player(seat) for seat in range(len(self._seats))]
        snapshot: dict[str, Any] = {
            "effects": {},
            "combat": None,
            "attacking": {},  # attacker -> what it attacks (phase.rs's AttackTarget)
            "blocking": {},
            "extra_turns": 0,
            "extra_phases": [],
            "empty_draws": [bool(p.get("drew_from_empty_library")) for p in players],
            "stack": [int(e["id"]) for e in stack],
        }
        if before is not None and not _tracked(before) and all(_leaves_untracked(e) for e in events):
            return snapshot
        st = self.game.state()["state"]
        combat = st.get("combat") or {}
        attacking = {int(a["object_id"]): a.get("attack_target") for a in combat.get("attackers") or []}
        blocking = {int(b): a for b, a in (combat.get("blocker_to_attacker") or {}).items()}
        for eff in st.get("transient_continuous_effects") or []:
            affected = eff.get("affected") or {}
            if isinstance(affected, dict) and affected.get("type") == "SpecificObject":
                snapshot["effects"][int(eff.get("id", 0))] = (affected.get("id"), eff.get("controller"))
        snapshot["combat"] = set(attacking) | set(blocking) if st.get("combat") is not None else None
        snapshot["attacking"], snapshot["blocking"] = attacking, blocking
        snapshot["extra_turns"] = len(st.get("extra_turns") or [])
        snapshot["extra_phases"] = [
            (e.get("id"), (e.get("segment") or {}).get("data")) for e in st.get("extra_phases") or []
        ]
        return snapshot

    def _record(self, events: Sequence[Any]) -> None:
        before = self._last
        after = self._snapshot(before, events)
        self._last = after
        turn = self._turn
        untapped: list[str] = []
        emptied: dict[int, int] = {}
        lost_here = False
        died: set[int] = set()
        gone: list[tuple[str | None, Any, Any]] = []  # tokens put into a graveyard: controller, owner, id
        sacrificed = {
            int(e["data"]["object_id"])
            for e in events
            if e.get("type") == "PermanentSacrificed" and (e.get("data") or {}).get("object_id") is not None
        }
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

        for i, e in enumerate(events):
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
                    self._report_skipped_turns(int(d.get("player_id", self._active)), turn)
                    self._added_phase = None
                    turn = int(d.get("turn_number", turn))
                    self._turn = turn
                    self._active = int(d.get("player_id", self._active))
                    ev = GameEvent("turn_began", turn, self._active_name, None, turn)
                case "PhaseChanged":
                    part = str(d.get("phase"))
                    if part == "Draw" and _next_is_phase_change(events, i):
                        # A draw step phase.rs skips (the first turn's, CR 103.8a; one an effect skips, such as
                        # Necropotence's, CR 500.11): it marks its Draw and goes on at once, with no draw, no "at
                        # the beginning of your draw step" trigger and no priority. Not begun here, it is
                        # reported skipped as the next part begins.
                        continue
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
                    how = {"how": "indirectly" if d.get("indirect") else "directly"} if "indirect" in d else {}
                    ev = GameEvent("phased_out", turn, self._controller(oid), self._name(oid), None, how)
                case "Discarded":
                    ev = GameEvent("discarded", turn, self._player(d.get("player_id")), self._name(d.get("object_id")))
                case "PermanentSacrificed":
                    oid = d.get("object_id")
                    ev = GameEvent("sacrificed", turn, self._player(d.get("player_id")), self._name(oid))
                case "ZoneChanged" if d.get("from") == "Battlefield" and d.get("to") == "Graveyard":
                    # A creature put into a graveyard from the battlefield dies (CR 700.4); phase.rs marks a
                    # destruction with CreatureDestroyed too, but a state-based 0 toughness only with this.
                    # Any permanent put there dies (CR 700.4: an Aura by the state-based action of CR 704.5m too),
                    # but a sacrificed one other than a creature is reported as sacrificed only.
                    oid = d.get("object_id")
                    creature = "Creature" in ((d.get("record") or {}).get("core_types") or [])
                    if oid is not None and (creature or int(oid) not in sacrificed):
                        died.add(int(oid))
                        # The controller it had (a token has ceased to exist by now, CR 704.5d).
                        controller = (d.get("record") or {}).get("controller")
                        who = self._player(controller) if controller is not None else self._controller(oid)
                        ev = GameEvent("died", turn, who, self._name(oid))
                        record = d.get("record") or {}
                        if record.get("is_token") and record.get("owner") is not None:
                            gone.append((who, record["owner"], oid))
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
                case "CounterAdded":
                    oid = d.get("object_id")
                    kind = str(d.get("counter_type"))
                    counter = {"counter": COUNTER_KINDS.get(kind, kind)}
                    ev = GameEvent(
                        "counters_added", turn, self._controller(oid), self._name(oid), _int(d.get("count")), counter
                    )
                case "DayNightChanged":
                    self._day_night = str(d.get("new_state")).lower()
                    ev = GameEvent("day_night_changed", turn, None, self._day_night)
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
        for who, owner, oid in gone:
            # phase.rs has no event for a token ceasing to exist (CR 704.5d): read from its state, where the
            # token is no longer in the graveyard it was put into.
            if int(oid) not in {int(x) for x in self.game.player(int(owner))["graveyard"]}:
                self._events.append(GameEvent("ceased_to_exist", turn, who, self._name(oid)))
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
        added = [data for entry, data in after["extra_phases"] if entry not in {e for e, _ in before["extra_phases"]}]
        for phase in sorted({_ADDED_PHASES[d] for d in added if d in _ADDED_PHASES}, key=_PHASE_ORDER.index):
            # phase.rs records an added phase (extra_phases) with no event: read from its state. The added phases
            # belong to the turn under way.
            self._events.append(GameEvent("phase_added", turn, self._active_name, phase))
        leave_combat()
        pushed = [i for i in after["stack"] if i not in before["stack"]]
        for i in pushed:
            info = self._stack_info.get(i)
            if info is not None and info[2] == "TriggeredAbility" and i not in self._triggered:
                self._triggered.add(i)
                self._events.append(GameEvent("triggered", turn, self._player(info[1]), self._name(info[0])))

    def _report_skipped_turns(self, starting: int, turn: int) -> None:
        """phase.rs has no event for a skipped turn (CR 500.11): as a turn begins, a player whose count of turns to
        skip (its state's turns_to_skip) went down, and who isn't the one beginning it, had a turn skipped."""
        if not any(self._turns_to_skip):
            return
        now = [int(n) for n in self.game.state()["state"].get("turns_to_skip") or []]
        for seat, (was, left) in enumerate(zip(self._turns_to_skip, now, strict=False)):
            if left < was and seat != starting:
                self._events.append(GameEvent("turn_skipped", turn, self._player(seat), "turn"))
                self._turns_to_skip[seat] -= 1

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


#: Events after which the combat, the continuous effects and the extra turns are still none, if
#: they were none before: the passing of priority and the turn's steps, drawing, untapping, mana.
_UNTRACKED = frozenset(
    {
        "PriorityPassed",
        "PhaseChanged",
        "TurnStarted",
        "CardDrawn",
        "PermanentUntapped",
        "ManaPoolEmptied",
        "DamageCleared",
        "PlayerPerformedAction",
        "LifeChanged",
        "Discarded",
    }
)


def _tracked(snapshot: dict[str, Any]) -> bool:
    """Whether the snapshot holds creatures in combat, continuous effects or extra turns."""
    return bool(snapshot["combat"] or snapshot["effects"] or snapshot["extra_turns"] or snapshot["extra_phases"])


def _leaves_untracked(event: Any) -> bool:
    """Whether an event can't bring a combat with creatures, a continuous effect or an extra turn."""
    kind, d = event.get("type"), event.get("data") or {}
    if kind in _UNTRACKED:
        return True
    if kind == "AttackersDeclared":
        return not d.get("attacker_ids")
    if kind == "BlockersDeclared":
        return not d.get("assignments")
    return kind == "ZoneChanged" and "Battlefield" not in (d.get("from"), d.get("to"))


def _next_is_phase_change(events: Sequence[Any], i: int) -> bool:
    """Whether phase.rs's event after the ``i``-th is the next part's beginning (nothing happened in between)."""
    return i + 1 < len(events) and events[i + 1].get("type") == "PhaseChanged"


def _int(v: Any) -> int | None:
    try:
        return None if v is None else int(v)
    except (TypeError, ValueError):
        return None
