"""When steps: players act, and the game moves on.

Every player action is one step, "<Player> <action>", read by :func:`read_action`; the same
action after "tries to" records a refusal instead of failing, for a Then step to check.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pytest_bdd import parsers, when

from checker.contract.interface import (
    Action,
    ActivateAbility,
    ActivateManaAbility,
    CastSpell,
    ChooseDefendingPlayer,
    ChoosePlayOrDraw,
    ChooseSkipTurn,
    ChooseUntap,
    DeclareAttackers,
    DeclareBlockers,
    GameEvent,
    OrderTriggers,
    PassPriority,
    PayUpkeep,
    PlayLand,
)
from checker.contract.interface import ChooseDiscard as Discard
from checker.contract.vocabulary import TURN_TEMPLATES, TurnPart, parse_part
from checker.running.steps.context import ScenarioError, ScenarioGame, whereabouts
from checker.running.steps.language import names

Reader = Callable[[ScenarioGame, str, re.Match[str]], Action]


def _cards_in_hand(game: ScenarioGame, player: str, text: str) -> tuple[str, ...]:
    return tuple(game.card_in_hand(player, n) for n in names(text))


def _permanents(game: ScenarioGame, text: str) -> tuple[str, ...]:
    return tuple(game.permanent(n).id for n in names(text))


def _cast(game: ScenarioGame, player: str, m: re.Match[str]) -> Action:
    targets = tuple(game.target(t) for t in names(m["targets"] or ""))
    return CastSpell(player, game.card_in_hand(player, m["card"]), targets)


def _attack_planeswalker(game: ScenarioGame, player: str, m: re.Match[str]) -> Action:
    """ "attacks Jace Beleren with Grizzly Bears": the attackers attack a planeswalker (CR 508.1b)."""
    attackers = _permanents(game, m["perms"])
    target = game.permanent(m["what"]).id
    return DeclareAttackers(player, attackers, attacked=tuple((a, target) for a in attackers))


def _attack_player_and_planeswalker(game: ScenarioGame, player: str, m: re.Match[str]) -> Action:
    """ "attacks with Grizzly Bears, and Jace Beleren with Savannah Lions": some attackers attack the
    defending player, the others a planeswalker (CR 508.1b)."""
    at_player, at_planeswalker = _permanents(game, m["perms"]), _permanents(game, m["others"])
    target = game.permanent(m["what"]).id
    return DeclareAttackers(player, at_player + at_planeswalker, attacked=tuple((a, target) for a in at_planeswalker))


def _blocks(game: ScenarioGame, player: str, m: re.Match[str]) -> Action:
    pairs = []
    for clause in re.split(r";\s*|,\s*and\s+(?=blocks)", m["blocks"]):
        b = re.fullmatch(r"(?:blocks? )?(?P<attacker>.+?) with (?P<blockers>.+)", clause.strip())
        if b is None:
            raise ScenarioError(f"cannot read the block {clause!r}; write '<attacker> with <blocker>'")
        attacker = game.permanent(b["attacker"]).id
        pairs += [(blocker, attacker) for blocker in _permanents(game, b["blockers"])]
    return DeclareBlockers(player, tuple(pairs))


#: Each action in the third person ("passes") and the infinitive ("pass", after "tries to").
ACTIONS: list[tuple[re.Pattern[str], Reader]] = [
    (re.compile(r"pass(?:es)? priority"), lambda g, p, m: PassPriority(p)),
    (re.compile(r"plays? (?P<card>.+)"), lambda g, p, m: PlayLand(p, g.card_in_hand(p, m["card"]))),
    (re.compile(r"casts? (?P<card>.+?)(?: targeting (?P<targets>.+))?"), _cast),
    (
        re.compile(r"taps? (?P<perm>.+) for mana"),
        lambda g, p, m: ActivateManaAbility(p, g.permanent(m["perm"]).id),
    ),
    (re.compile(r"activates? (?P<perm>.+)"), lambda g, p, m: ActivateAbility(p, g.permanent(m["perm"]).id)),
    (
        re.compile(r"(?:attacks?|declares? an attack) with (?P<perms>.+?), paying the optional costs? of (?P<paid>.+)"),
        lambda g, p, m: DeclareAttackers(p, _permanents(g, m["perms"]), _permanents(g, m["paid"])),
    ),
    (
        re.compile(r"attacks? with (?P<perms>.+?), and (?P<what>[A-Z].+?) with (?P<others>.+)"),
        _attack_player_and_planeswalker,
    ),
    (
        re.compile(r"(?:attacks?|declares? an attack) with (?P<perms>.+)"),
        lambda g, p, m: DeclareAttackers(p, _permanents(g, m["perms"])),
    ),
    (re.compile(r"attacks? (?P<what>(?!with ).+?) with (?P<perms>.+)"), _attack_planeswalker),
    (re.compile(r"declares? no attackers"), lambda g, p, m: DeclareAttackers(p, ())),
    (re.compile(r"declares? no blockers"), lambda g, p, m: DeclareBlockers(p, ())),
    (re.compile(r"(?P<blocks>blocks? .+)"), _blocks),
    (
        re.compile(r"chooses? to untap (?P<perms>.+)"),
        lambda g, p, m: ChooseUntap(p, _permanents(g, m["perms"])),
    ),
    (re.compile(r"discards? (?P<cards>.+)"), lambda g, p, m: Discard(p, _cards_in_hand(g, p, m["cards"]))),
    (re.compile(r"chooses? to play first"), lambda g, p, m: ChoosePlayOrDraw(p, True)),
    (re.compile(r"chooses? to draw first"), lambda g, p, m: ChoosePlayOrDraw(p, False)),
    (re.compile(r"chooses? to skip (?:her|his|their) turn"), lambda g, p, m: ChooseSkipTurn(p, True)),
    (re.compile(r"chooses? to take (?:her|his|their) turn"), lambda g, p, m: ChooseSkipTurn(p, False)),
    (re.compile(r"pays? the upkeep cost"), lambda g, p, m: PayUpkeep(p, True)),
    (re.compile(r"declines? to pay the upkeep cost"), lambda g, p, m: PayUpkeep(p, False)),
    (
        re.compile(r"chooses? (?P<defender>[A-Z][a-z]+) as the defending player"),
        lambda g, p, m: ChooseDefendingPlayer(p, m["defender"]),
    ),
    (
        re.compile(r"orders? (?:her|his|their) abilities to resolve: (?P<names>.+)"),
        lambda g, p, m: OrderTriggers(p, tuple(names(m["names"]))),
    ),
]


def read_action(game: ScenarioGame, player: str, text: str) -> Action:
    for pattern, reader in ACTIONS:
        m = pattern.fullmatch(text)
        if m:
            return reader(game, player, m)
    raise ScenarioError(f"unknown action {text!r} for {player}")


@when(parsers.re(r"(?P<player>[A-Z][a-z]+) (?P<attempt>tries to )?(?P<text>(?!has |is |controls ).+)"))
def player_acts(game: ScenarioGame, player: str, attempt: str | None, text: str) -> None:
    game.player(player)
    game.ensure_started()
    game.perform(read_action(game, player, text), attempt=bool(attempt))


@when(parsers.re(r"(?:both|all) players pass priority(?: in succession)?"))
def all_pass(game: ScenarioGame) -> None:
    """Each player in the game passes priority once, in turn order, starting with the one who has
    it (CR 117.3d, 117.4): after each pass the next player in turn order must hold
    priority. An engine that hands priority back to the same player, or skips one, fails here."""
    seats = [p.name for p in game.view().players if not p.lost]
    passed: list[str] = []
    for _ in seats:
        view = game.view()
        holder = view.priority
        if passed:
            expected = _next_in_turn(seats, passed)
            if holder != expected:
                raise ScenarioError(
                    f"after {' and '.join(passed)} passed priority, {holder or 'nobody'} held priority, not "
                    f"{expected}: each player passes once, in turn (the game: {whereabouts(view)})",
                    f"{expected} to hold priority",
                    f"{holder or 'nobody'} held priority",
                )
        elif holder is None:
            raise ScenarioError(f"nobody has priority to pass (the game: {whereabouts(view)})")
        game.perform(PassPriority(holder))
        passed.append(holder)


def _next_in_turn(seats: list[str], passed: list[str]) -> str:
    """The player after the last one who passed, in turn order, who hasn't passed yet."""
    start = seats.index(passed[-1])
    return next(p for p in seats[start + 1 :] + seats[:start] if p not in passed)


@when(parsers.re(r"the game (?:starts|begins)"))
def game_starts(game: ScenarioGame) -> None:
    game.ensure_started()


def _is_part(part: TurnPart, event: GameEvent) -> bool:
    """Whether an event of a phase or step beginning (or being skipped) is of that part of the turn."""
    if event.kind in {"step_began", "step_skipped"}:
        return part.kind != "phase" and part.matches(None, event.subject)
    if event.kind in {"phase_began", "phase_skipped"}:
        return part.kind != "step" and part.matches(event.subject, None)
    return False


def _began(player: str, part_text: str) -> Callable[[list[GameEvent]], bool]:
    if part_text == "turn":
        return lambda events: any(e.kind == "turn_began" and e.player == player for e in events)
    part = parse_part(part_text)

    def reached(events: list[GameEvent]) -> bool:
        for e in events:
            if e.player != player:
                continue
            if e.kind in {"step_began", "phase_began"} and _is_part(part, e):
                return True
            if e.kind == "turn_began" and part.name == "beginning_of_turn":
                return True
        return False

    return reached


def _overrun(edition: str, player: str, part_text: str) -> Callable[[list[GameEvent]], str | None]:
    """How the game went past the player's part of the turn without it beginning or being skipped:
    in a turn of theirs seen from its start, a part that comes later in the turn began first."""
    # The edition's turn in order, each phase's beginning followed by its steps' beginnings.
    order = [
        GameEvent("step_began" if step else "phase_began", 0, subject=step or phase)
        for phase, steps in TURN_TEMPLATES[edition]
        for step in (None, *steps)
    ]
    if part_text == "turn" or (part := parse_part(part_text)).name == "beginning_of_turn":
        return lambda events: None
    where = next((i for i, beginning in enumerate(order) if _is_part(part, beginning)), None)
    if where is None:
        return lambda events: None
    later = {(e.kind, e.subject) for e in order[where + 1 :]} - {(e.kind, e.subject) for e in order[: where + 1]}

    def overran(events: list[GameEvent]) -> str | None:
        in_turn = there = False
        for e in events:
            if e.kind == "turn_began":
                in_turn, there = e.player == player, False
            elif in_turn and _is_part(part, e):
                there = True
            elif in_turn and not there and (e.kind, e.subject) in later:
                began = str(e.subject).replace("_", " ") + (" step" if e.kind == "step_began" else " phase")
                return (
                    f"the game went past {player}'s {part}: in {player}'s turn {e.turn} the {began} began, "
                    f"but {player}'s {part} neither began before it nor was skipped"
                )
        return None

    return overran


def _in(game: ScenarioGame, player: str, part_text: str) -> bool:
    v = game.view()
    if v.active_player != player or v.decision is None:
        return False
    return part_text == "turn" or parse_part(part_text).matches(v.phase, v.step)


@when(parsers.re(r"the game advances to (?P<player>[A-Z][a-z]+)'s (?P<next>next )?(?P<part>.+)"))
def advance_to(game: ScenarioGame, player: str, next: str | None, part: str) -> None:
    """Players pass and make the default choices until that part of the turn has begun.
    Already in it, the game stays where it is, unless the step says "next". A game that goes
    past it (it began and ended with no decision in it, or a later part of that player's turn
    began first) fails here, naming the part and where the game is."""
    if next:
        game.ensure_started()  # "next" never means the part of the turn the game starts in
    elif game.started and _in(game, player, part):
        return
    what = f"{player}'s {part}"
    game.advance(_began(player, part), what, _overrun(game.edition, player, part))
    view = game.view()
    if not view.game_over and not _in(game, player, part):
        raise ScenarioError(
            f"{what} began and ended without the game stopping in it (no player had a decision there); "
            f"the game is now at {whereabouts(view)}",
            what,
            whereabouts(view),
        )


@when("the game advances until it is over")
def advance_to_end(game: ScenarioGame) -> None:
    game.ensure_started()
    try:
        game.advance(lambda events: False, "the end of the game")
    except ScenarioError:
        if not game.view().game_over:
            raise


@when("from now on")
def from_now_on(game: ScenarioGame) -> None:
    game.ensure_started()
    game.mark_events()
