"""The phase.rs adapter's events: phase.rs's events translated into the suite's (the adapter is
:mod:`checker.adapters.phase_rs`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from checker.adapters.phase_game import _SYMBOLS, COUNTER_KINDS, _int
from checker.adapters.phase_parts import _ADDED_PHASES, _PARTS, _PHASE_ORDER
from checker.adapters.phase_snapshot import PhaseSnapshot
from checker.contract.interface import GameEvent


class PhaseEvents(PhaseSnapshot):
    """phase.rs's events in the suite's words."""

    def _record(self, events: Sequence[Any]) -> None:
        before = self._last
        after = self._snapshot(before, events)
        self._last = after
        turn = self._turn
        untapped: list[str] = []
        emptied: dict[int, int] = {}
        lost_here = False
        died: set[int] = set()
        early: set[int] = set()  # the events of phase.rs's effects ending the turn or combat already reported
        dealt: list[Any] = []  # cards moved from a library to a hand since the last draw phase.rs reported
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
                    self._added_steps.clear()
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
                    ending = _ending_ahead(events, i)
                    if ending is not None and ending not in early:
                        # An effect ending the turn or the combat phase (CR 723) moves on to the cleanup step or out
                        # of combat, and phase.rs reports it resolved (EffectResolved) only after: reported here.
                        early.add(ending)
                        source = (events[ending].get("data") or {}).get("source_id")
                        what = _ENDINGS[events[ending]["data"]["kind"]]
                        effect = {"effect": self._names.get(int(source), "")} if source is not None else {}
                        self._events.append(GameEvent("ending_early", turn, self._active_name, what, None, effect))
                    if part in _PARTS:
                        self._begin_part(part, turn, self._active_name or "", leave_combat if leaving else None)
                    elif leaving:
                        leave_combat()
                case "CardDrawn":
                    dealt.clear()
                    ev = GameEvent("card_drawn", turn, self._player(d.get("player_id")), self._name(d.get("object_id")))
                case "ZoneChanged" if d.get("from") == "Library" and d.get("to") == "Hand":
                    dealt.append(d.get("object_id"))
                case "CardsDrawn":
                    # The opening hands: phase.rs moves each card to the hand, then says how many the player drew.
                    who = self._player(d.get("player_id"))
                    for oid in dealt:
                        self._events.append(GameEvent("card_drawn", turn, who, self._name(oid)))
                    dealt.clear()
                case "GameStarted":
                    ev = GameEvent("game_started", turn)
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
                        self._opponent(self._active),
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
                case "ZoneChanged" if (
                    lost_here and len(self._seats) == 2 and d.get("to") == "Exile" and d.get("from") != "Exile"
                ):
                    # phase.rs removes a loser's objects from the game after PlayerLost (its multiplayer
                    # handling, CR 800.4a); in a two-player game the game is over at that point (CR 104.2a), so the
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
        seen = {entry for entry, _, _ in before["extra_phases"]}
        added = [data for entry, data, step in after["extra_phases"] if entry not in seen and not step]
        for entry, data, step in after["extra_phases"]:
            if step and entry not in seen:
                # A step added after the step under way, in the same phase (CR 500.10): its own beginning comes next.
                self._added_steps.append(data)
                self._events.append(GameEvent("step_added", turn, self._active_name, _PARTS[data][1]))
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


#: phase.rs's effects that end the turn or the combat phase (CR 723) -> what they end, in the suite's words.
_ENDINGS = {"EndTheTurn": "turn", "EndCombatPhase": "combat"}


def _ending_ahead(events: Sequence[Any], i: int) -> int | None:
    """The index of phase.rs's report of an effect ending the turn or the combat phase later in the same resolution
    as its ``i``-th event (before anyone gets priority), or None."""
    for k in range(i + 1, len(events)):
        kind, d = events[k].get("type"), events[k].get("data") or {}
        if kind == "EffectResolved" and d.get("kind") in _ENDINGS:
            return k
        if kind == "PriorityPassed":
            return None
    return None


def _next_is_phase_change(events: Sequence[Any], i: int) -> bool:
    """Whether phase.rs's event after the ``i``-th is the next part's beginning (nothing happened in between)."""
    return i + 1 < len(events) and events[i + 1].get("type") == "PhaseChanged"
