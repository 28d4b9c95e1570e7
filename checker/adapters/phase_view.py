"""The phase.rs adapter's view of a game, in the suite's words (the adapter is
:mod:`checker.adapters.phase_rs`)."""

from __future__ import annotations

from typing import Any

from checker.adapters.phase_events import PhaseEvents
from checker.adapters.phase_game import _SYMBOLS, COUNTER_KINDS, _int
from checker.adapters.phase_parts import _PARTS
from checker.contract.interface import (
    CardView,
    DecisionView,
    GameView,
    PermanentView,
    PlayerView,
    StackItemView,
)

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
#: phase.rs's names of the keyword abilities the combat's steps depend on, in the trace format's words.
_COMBAT_KEYWORDS = {"FirstStrike": "first_strike", "DoubleStrike": "double_strike"}


class PhaseView(PhaseEvents):
    """What the game looks like: the view the suite asks for after each action."""

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

    def _attacked(self, target: Any) -> str | None:
        """What an attacker attacks: a player, or a planeswalker while it is on the battlefield; one that has left
        it is gone (a new object, CR 400.7), so the creature attacks nothing (CR 506.4c)."""
        target = target or {}
        if target.get("type") == "Player":
            return self._player(target.get("data"))
        walker = self.game.object(int(target.get("data", -1))) if target.get("type") == "Planeswalker" else None
        return self._name(walker["id"]) if walker and walker.get("zone") == "Battlefield" else None

    def _card_name(self, oid: Any) -> str:
        """The name of an object's card (looked up in phase.rs once: a card's name doesn't change)."""
        key = int(oid)
        name = self._names.get(key)
        if name is None:
            o = self.game.object(key)
            name = self._names[key] = str(o.get("name") if o else oid)
        return name

    def _cards(self, zone: tuple[int, str], ids: list[Any]) -> tuple[CardView, ...]:
        """A zone's cards as views: those of the last view if it holds the same cards."""
        seen = self._zones.get(zone)
        if seen is not None and seen[0] == ids:
            return seen[1]
        views = tuple(CardView(self._name(oid) or str(oid), self._card_name(oid)) for oid in ids)
        self._zones[zone] = (ids, views)
        return views

    def view(self) -> GameView:
        g = self.game
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
            defender = self._opponent(self._active)
            if w_player == self._active and defender is not None:
                decision = DecisionView("declare_blockers", defender)
        part = _PARTS.get(str(g.phase), (None, None))
        # Objects phase.rs moved to exile after a player lost: shown where they were when the game ended.
        restored: dict[tuple[int, str], list[int]] = {}
        for oid, zone in self._left_at_end.items():
            o = g.object(oid)
            if o is not None:
                restored.setdefault((int(o.get("owner", 0)), zone), []).append(oid)
        # Exile, but for the cards the set-up put there out of the game's way and a loser's objects shown above.
        exiled: dict[int, list[int]] = {}
        for o in g.exile() or []:
            oid = int(o["id"])
            if oid not in self._set_aside and oid not in self._left_at_end:
                exiled.setdefault(int(o.get("owner", 0)), []).append(oid)
        players = []
        for i, name in enumerate(self._seats):
            p = g.player(i)
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
                    self._cards((i, "library"), [*p["library"], *restored.get((i, "Library"), [])]),
                    self._cards((i, "hand"), [*p["hand"], *restored.get((i, "Hand"), [])]),
                    self._cards((i, "graveyard"), [*p["graveyard"], *restored.get((i, "Graveyard"), [])]),
                    lost,
                    int(p.get("lands_played_this_turn", 0)),
                    exile=self._cards((i, "exile"), exiled.get(i, [])),
                    poison=int(p.get("poison_counters") or 0),
                )
            )
        last = self._last or {}
        attacking: dict[int, Any] = last.get("attacking") or {}
        blocking: dict[int, Any] = last.get("blocking") or {}
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
                    token=bool(o.get("is_token")),
                    counters={COUNTER_KINDS.get(k, k): int(n) for k, n in (o.get("counters") or {}).items() if n},
                    attached_to=self._name((o.get("attached_to") or {}).get("data")),
                    attacked=self._attacked(attacking[int(o["id"])]) if int(o["id"]) in attacking else None,
                )
            )
        stack = []
        for entry in reversed(list(g.stack() or [])):
            src = entry.get("source_id", entry.get("object_id"))
            kind = str(
                (entry.get("kind") or {}).get("type", "spell") if isinstance(entry.get("kind"), dict) else "spell"
            )
            stack.append(
                StackItemView(
                    self._card_name(src) if src is not None else "?",
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
            active_player=self._seats[self._active],
            phase=part[0],
            step=part[1],
            decision=decision,
            players=tuple(players),
            battlefield=tuple(battlefield),
            stack=tuple(stack),
            game_over=over,
            winner=winner,
            day_night=self._day_night,
        )

    def combat_keywords(self) -> dict[str, tuple[str, ...]]:
        """The first strike and double strike of the permanents on the battlefield that have
        either, by their ids in :meth:`view`: phase.rs's own keywords of each object (those its
        layers computed, so granted ones count too). The interface's view doesn't say; a trace's
        observations do (the check of the second combat damage step needs them)."""
        found: dict[str, tuple[str, ...]] = {}
        for o in self.game.battlefield():
            # A keyword with a parameter (protection, ...) is an object, not a name: never a combat one.
            named = (k for k in o.get("keywords") or () if isinstance(k, str))
            keywords = sorted(_COMBAT_KEYWORDS[k] for k in named if k in _COMBAT_KEYWORDS)
            if keywords:
                found[self._name(o["id"]) or str(o["id"])] = tuple(keywords)
        return found
