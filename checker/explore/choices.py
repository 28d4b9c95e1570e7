"""A choice at each decision, read against what the view shows.

:func:`next_action` turns one number (from :func:`checker.explore.strategies.choices`) into the
action of the player the game waits for. 0 is always the plainest answer (pass priority, attack
and block with nothing, untap what may be untapped, pay); other numbers pick among the decision's
options or, at priority, among the land drops, spells, mana abilities and activated abilities of
the cards the view shows. These are the actions a player could try: the engine may refuse one
(not enough mana, a land already played), and the refusal is part of the game's record.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from checker.contract.interface import (
    Action,
    ActivateAbility,
    ActivateManaAbility,
    CardSpec,
    CastSpell,
    ChooseDefendingPlayer,
    ChooseDiscard,
    ChoosePlayOrDraw,
    ChooseSkipTurn,
    ChooseUntap,
    DecisionView,
    DeclareAttackers,
    DeclareBlockers,
    GameView,
    OrderTriggers,
    PassPriority,
    PayUpkeep,
    PlayLand,
)

#: Catalog effects whose spell takes targets, and how many.
TARGETS = {"pump": 1, "damage": 1, "gain_control": 1, "tap": 1, "skip_spell": 1, "reselect_attacked": 2}
#: Catalog effects that give a permanent an ability its controller activates.
ACTIVATED = frozenset({"regenerate", "untap_ability", "combat_pump"})
_MAIN = frozenset({"main", "precombat_main", "postcombat_main"})


def targets_of(spec: CardSpec) -> int:
    """How many targets a spell of this card takes."""
    count = sum(TARGETS.get(e.key, 0) for e in spec.effects)
    return count + sum(int(e.params.get("targets", 0)) for e in spec.effects if e.key == "extra_turn")


def next_action(view: GameView, choice: int, cards: Mapping[str, CardSpec]) -> Action:
    """The action ``choice`` stands for at the decision ``view`` shows; ``cards``: the card of each
    id the game knows (its set-up's), for what a card in hand or a permanent can do."""
    decision = view.decision
    if decision is None:
        raise ValueError("the game waits for no decision")
    player, options = decision.player, decision.options
    pick = random.Random(choice)  # a choice's own shuffle of the options: the same each time
    match decision.kind:
        case "priority":
            if choice % 2 == 0:
                return PassPriority(player)
            possible = _possible(view, decision, cards, pick)
            return possible[(choice // 2) % len(possible)] if possible else PassPriority(player)
        case "declare_attackers":
            if choice == 0:  # those that must attack
                return DeclareAttackers(player, tuple(o for o in options if _has(cards, o, "must_attack")))
            return DeclareAttackers(player, tuple(o for o in options if pick.random() < 0.5))
        case "declare_blockers":
            attackers = [p.id for p in view.battlefield if p.attacking]
            if choice == 0:  # those that must be blocked are, by every creature able to block them
                lure = next((a for a in attackers if _has(cards, a, "must_be_blocked")), None)
                return DeclareBlockers(player, tuple((b, lure) for b in options) if lure else ())
            blocks = tuple((b, pick.choice(attackers)) for b in options if attackers and pick.random() < 0.5)
            return DeclareBlockers(player, blocks)
        case "untap" | "discard":
            chosen = (
                options[: decision.count] if choice == 0 else pick.sample(options, min(len(options), decision.count))
            )
            kind = ChooseUntap if decision.kind == "untap" else ChooseDiscard
            return kind(player, tuple(chosen))
        case "play_or_draw":
            return ChoosePlayOrDraw(player, choice % 2 == 0)
        case "skip_turn":
            return ChooseSkipTurn(player, choice % 2 == 1)
        case "upkeep_payment":
            return PayUpkeep(player, choice % 2 == 0)
        case "order_triggers":
            order = list(options)
            if choice:
                pick.shuffle(order)
            return OrderTriggers(player, tuple(order))
        case "choose_defender":
            return ChooseDefendingPlayer(player, options[choice % len(options)])
    raise ValueError(f"a decision the explorer doesn't know: {decision.kind!r}")


def _possible(
    view: GameView, decision: DecisionView, cards: Mapping[str, CardSpec], pick: random.Random
) -> list[Action]:
    """What the player could do at priority, from the cards the view shows."""
    player = decision.player
    mine = [p for p in view.battlefield if p.controller == player and not p.phased_out]
    possible: list[Action] = [
        ActivateManaAbility(player, p.id) for p in mine if not p.tapped and _spec(cards, p.id, p.name).produces
    ]
    if decision.mana_only:
        return possible
    possible += [
        ActivateAbility(player, p.id)
        for p in mine
        if any(e.key in ACTIVATED for e in _spec(cards, p.id, p.name).effects)
    ]
    sorcery_time = player == view.active_player and view.phase in _MAIN and not view.stack
    targets = [p.name for p in view.players] + [p.id for p in view.battlefield if not p.phased_out]
    for c in view.player(player).hand:
        spec = _spec(cards, c.id, c.name)
        if "land" in spec.types:
            if sorcery_time:
                possible.append(PlayLand(player, c.id))
        elif spec.cost and (sorcery_time or "instant" in spec.types):
            wanted = targets_of(spec)
            possible.append(CastSpell(player, c.id, tuple(pick.choice(targets) for _ in range(wanted))))
    return possible


def _has(cards: Mapping[str, CardSpec], id_: str, effect: str) -> bool:
    spec = cards.get(id_)
    return spec is not None and any(e.key == effect for e in spec.effects)


def _spec(cards: Mapping[str, CardSpec], id_: str, name: str) -> CardSpec:
    """The card of an id the set-up gave, else one of no abilities (a token, a card the engine
    made): the explorer only tries what it knows a card can do."""
    return cards.get(id_) or CardSpec(name, ())
