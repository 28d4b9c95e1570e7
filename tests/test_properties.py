"""Stateful property tests: random play in every edition keeps the invariants of the turn.

Hypothesis builds a small random game, then takes random actions through the adapter
interface (a refused action must change nothing) and, after each, checks what the rules
promise whatever the players do.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import hypothesis.strategies as st
from hypothesis import HealthCheck, settings
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from checker.adapters.reference import ReferenceAdapter
from checker.contract.cards import POOL
from checker.contract.interface import (
    Action,
    ActivateAbility,
    ActivateManaAbility,
    CardSetup,
    CastSpell,
    ChooseDefendingPlayer,
    ChooseDiscard,
    ChoosePlayOrDraw,
    ChooseSkipTurn,
    ChooseUntap,
    DeclareAttackers,
    DeclareBlockers,
    GameEvent,
    GameSetup,
    GameView,
    IllegalActionError,
    OrderTriggers,
    PassPriority,
    PayUpkeep,
    PermanentSetup,
    PlayerSetup,
    PlayLand,
)
from checker.contract.vocabulary import TURN_TEMPLATES

PLAYERS = ("Alice", "Bob")
SPELLS = (
    "Giant Growth",
    "Lightning Bolt",
    "Shock",
    "Time Walk",
    "Time Warp",
    "Relentless Assault",
    "Divination",
    "Fatigue",
    "Moment of Silence",
    "Act of Treason",
    "Twiddle",
    "Ancestral Recall",
    "Time Stop",
    "Mandate of Peace",
)
PERMANENTS = (
    "Forest",
    "Island",
    "Mountain",
    "Grizzly Bears",
    "Hill Giant",
    "White Knight",
    "Fencing Ace",
    "Raging Goblin",
    "Drudge Skeletons",
    "Breezekeeper",
    "Juggernaut",
    "Howling Mine",
    "Winter Orb",
    "Amber Prison",
    "Mana Vault",
    "Exploration",
    "Paradox Haze",
    "Nicol Bolas",
    "Time Vault",
    "Fountain of Renewal",
    "Juzam Djinn",
    "Phyrexian Arena",
    "Vibrating Sphere",
    "Spellbook",
    "Hulking Goblin",
    "Mogg Flunkies",
    "Prized Unicorn",
    "Propaganda",
    "War Cadence",
    "Stasis",
    "Necropotence",
    "Colossus of Sardia",
)
LANDS = ("Forest", "Island", "Mountain", "Plains", "Swamp")


@st.composite
def setups(draw: st.DrawFn, edition: str) -> GameSetup:
    """A small game somewhere in a turn's beginning, with random cards everywhere."""
    counter = iter(range(10_000))

    def cards(names: Sequence[str], n_min: int, n_max: int) -> tuple[CardSetup, ...]:
        chosen = draw(st.lists(st.sampled_from(names), min_size=n_min, max_size=n_max))
        return tuple(CardSetup(f"{name}#{next(counter)}", POOL[name]) for name in chosen)

    players = tuple(
        PlayerSetup(
            name,
            life=draw(st.integers(1, 20)),
            library=cards(SPELLS + LANDS, 0, 8),
            hand=cards(SPELLS + LANDS, 0, 9),
            mana_pool=draw(st.dictionaries(st.sampled_from("WUBRG"), st.integers(1, 4), max_size=3)),
        )
        for name in PLAYERS
    )
    battlefield = tuple(
        PermanentSetup(
            f"{name}#{next(counter)}", POOL[name], draw(st.sampled_from(PLAYERS)), tapped=draw(st.booleans())
        )
        for name in draw(st.lists(st.sampled_from(PERMANENTS), max_size=7))
    )
    return GameSetup(
        edition=edition,
        players=players,
        active_player=draw(st.sampled_from(PLAYERS)),
        battlefield=battlefield,
        turn_number=draw(st.integers(1, 3)),
        day_night=draw(st.sampled_from([None, "day", "night"])) if edition == "cr2024" else None,
        seed=draw(st.integers(0, 1000)),
    )


def candidates(view: GameView) -> Sequence[Action]:
    """Actions worth trying now; the engine decides which are legal."""
    d = view.decision
    if d is None:
        return []
    p = d.player
    mine = [x for x in view.battlefield if x.controller == p]
    if d.kind == "priority":
        hand = view.player(p).hand
        targets = [x.id for x in view.battlefield] + list(PLAYERS)
        actions: list[Action] = [PassPriority(p)] * 4
        actions += [PlayLand(p, c.id) for c in hand]
        actions += [CastSpell(p, c.id, ()) for c in hand] + [CastSpell(p, c.id, (t,)) for c in hand for t in targets]
        actions += [ActivateManaAbility(p, x.id) for x in mine] + [ActivateAbility(p, x.id) for x in mine]
        actions += [DeclareAttackers(p, (x.id,)) for x in mine] + [DeclareAttackers(p, tuple(x.id for x in mine))]
        return actions
    mana: list[Action] = [ActivateManaAbility(p, x.id) for x in mine] if d.mana_abilities else []
    subsets = [tuple(d.options[i:j]) for i in range(len(d.options) + 1) for j in range(i, len(d.options) + 1)]
    match d.kind:
        case "declare_attackers":
            return [*(DeclareAttackers(p, s) for s in subsets), *mana]
        case "declare_blockers":
            attackers = [x.id for x in view.battlefield if x.attacking]
            everyone = [DeclareBlockers(p, tuple((b, a) for b in d.options)) for a in attackers]  # Prized Unicorn
            singles = [DeclareBlockers(p, ((b, a),)) for b in d.options for a in attackers]
            return [DeclareBlockers(p, ()), *singles, *everyone, *mana]
        case "untap":
            return [ChooseUntap(p, s) for s in subsets]
        case "discard":
            return [ChooseDiscard(p, s) for s in subsets if len(s) == d.count]
        case "play_or_draw":
            return [ChoosePlayOrDraw(p, True), ChoosePlayOrDraw(p, False)]
        case "skip_turn":
            return [ChooseSkipTurn(p, True), ChooseSkipTurn(p, False), *mana]
        case "upkeep_payment":
            return [PayUpkeep(p, True), PayUpkeep(p, False), *mana]
        case "choose_defender":
            return [ChooseDefendingPlayer(p, o) for o in d.options]
        case "order_triggers":
            return [OrderTriggers(p, order) for order in itertools.islice(itertools.permutations(d.options), 6)]
    raise AssertionError(f"unknown decision {d.kind}")


class TurnInvariants(RuleBasedStateMachine):
    edition = "cr2024"

    def __init__(self) -> None:
        super().__init__()
        self.engine = ReferenceAdapter()
        self.life: dict[str, int] = {}

    @initialize(setup=st.data())
    def start(self, setup: st.DataObject) -> None:
        game = setup.draw(setups(self.edition))
        self.life = {p.name: p.life for p in game.players}
        self.engine.start(game)

    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        before = self.engine.view()
        options = candidates(before)
        if not options:
            return
        action = data.draw(st.sampled_from(options))
        events_before = len(self.engine.events())
        try:
            self.engine.perform(action)
        except IllegalActionError:
            assert self.engine.view() == before, "a refused action changed the game"
            assert len(self.engine.events()) == events_before, "a refused action left events"

    @property
    def log(self) -> list[GameEvent]:
        return list(self.engine.events())

    @invariant()
    def parts_of_the_turn_come_in_order(self) -> None:
        template = TURN_TEMPLATES[self.edition]
        phase_index = {phase: i for i, (phase, _) in enumerate(template)}
        step_index = {step: i for _, steps in template for i, step in enumerate(steps)}
        last_phase, last_step, added = -1, -1, False
        for e in self.log:
            if e.kind == "turn_began":
                last_phase, last_step, added = -1, -1, False
            elif e.kind in {"phase_added", "step_added"}:
                added = True
            elif e.kind == "phase_began" and e.subject in phase_index:
                index = phase_index[e.subject]
                assert added or index > last_phase, f"phase {e.subject} out of order in turn {e.turn}"
                last_phase, last_step = index, -1
            elif e.kind == "step_began":
                index = step_index[e.subject or ""]
                repeat = e.subject in {"cleanup", "combat_damage"}  # another cleanup; first strike
                assert added or repeat or index > last_step, f"step {e.subject} out of order in turn {e.turn}"
                last_step = index

    @invariant()
    def nobody_has_priority_in_the_untap_step(self) -> None:
        v = self.engine.view()
        if v.decision is None or v.decision.kind != "priority":
            return
        if self.edition == "mirage":
            if v.phase in {"untap", "cleanup", "beginning_of_turn"}:
                assert v.decision.mana_only, "a spell could be cast where Mirage allows only mana sources"
        else:
            assert v.step != "untap", "a player has priority in the untap step"

    @invariant()
    def pools_empty_when_the_edition_says(self) -> None:
        log = self.log
        burns = self.edition != "cr2024"
        for i, e in enumerate(log):
            if e.kind == "mana_burned":
                assert burns, "mana burn in an edition without it"
            if e.kind != "mana_emptied":
                continue
            following = next(
                (f.kind for f in log[i + 1 :] if f.kind not in {"mana_emptied", "mana_burned", "life_changed"}),
                None,
            )
            allowed = {"phase_ended", "step_ended"} if self.edition == "cr2024" else {"phase_ended"}
            assert following in allowed | {None, "player_lost", "game_over"}, f"mana emptied before {following}"
            if burns:
                assert any(b.kind == "mana_burned" and b.amount == e.amount for b in log[i + 1 : i + 3])

    @invariant()
    def extra_turns_are_taken_most_recent_first(self) -> None:
        queue: list[str] = []
        for e in self.log:
            if e.kind == "extra_turn_added" and e.player:
                queue.insert(0, e.player)
            elif e.kind in {"turn_began", "turn_skipped"} and e.subject in (None, "turn") and queue:
                expected = queue.pop(0)
                assert e.player == expected, f"turn for {e.player}, but {expected}'s extra turn was next"

    @invariant()
    def the_game_ends_exactly_when_a_player_must_lose(self) -> None:
        v = self.engine.view()
        life = dict(self.life)
        drew_from_empty: set[str] = set()
        lost: set[str] = set()
        log = self.log
        for i, e in enumerate(log):
            if e.kind == "life_changed" and e.player and e.amount is not None:
                life[e.player] += e.amount
            elif e.kind == "draw_from_empty_library" and e.player:
                drew_from_empty.add(e.player)
            elif e.kind == "player_lost" and e.player:
                assert life[e.player] <= 0 or e.player in drew_from_empty, f"{e.player} lost without cause"
                lost.add(e.player)
            elif e.kind == "phase_ended" and self.edition == "mirage":
                # Mirage p. 52: the life check is the last part of every phase.
                dying = {n for n in PLAYERS if n not in lost and life[n] <= 0}
                after = {f.player for f in log[i + 1 : i + 1 + len(dying)] if f.kind == "player_lost"}
                assert dying <= after or len(log) <= i + len(dying), f"{dying} at 0 life survived a phase's end"
        if v.decision is not None and v.decision.kind == "priority" and self.edition != "mirage":
            for name in PLAYERS:
                if name not in lost:
                    assert life[name] > 0, f"{name} at {life[name]} life has priority to play on"
                    assert name not in drew_from_empty, f"{name} drew from an empty library and plays on"
        assert v.game_over == (len(lost) >= len(PLAYERS) - 1)
        for p in v.players:
            assert p.life == life[p.name], "life total differs from the life changes reported"


_SETTINGS = settings(
    max_examples=60, stateful_step_count=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


class MirageGame(TurnInvariants):
    edition = "mirage"


class CR2008Game(TurnInvariants):
    edition = "cr2008"


class CR2024Game(TurnInvariants):
    edition = "cr2024"


TestMirage = MirageGame.TestCase
TestCR2008 = CR2008Game.TestCase
TestCR2024 = CR2024Game.TestCase
TestMirage.settings = TestCR2008.settings = TestCR2024.settings = _SETTINGS
