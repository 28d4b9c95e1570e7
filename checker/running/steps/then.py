"""Then steps: what the game must look like, and what must have happened."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NoReturn

from pytest_bdd import parsers, then

from checker.contract.interface import GameEvent, UnsupportedError
from checker.contract.vocabulary import REFUSAL_REASONS, TurnPart, parse_part
from checker.running.steps.context import ScenarioError, ScenarioGame
from checker.running.steps.language import DECISION_PHRASES, event_kind, mana, names, number
from checker.trace.check import check_trace
from checker.trace.files import open_trace

P = r"(?P<player>[A-Z][a-z]+)"


def expect(condition: bool, expected: str, observed: object) -> None:
    if not condition:
        fail(expected, observed)


def fail(expected: str, observed: object) -> NoReturn:
    """The step fails: what it expected, and what the engine showed. (For a text that costs to write,
    as the events of a step do, the step tests first and writes only when it fails.)"""
    raise ScenarioError(f"expected {expected}, but observed {observed}", expected, str(observed))


@then(parsers.re(rf"it is {P}'s (?P<part>(?!turn$).+)"))
def it_is_part(game: ScenarioGame, player: str, part: str) -> None:
    v = game.view()
    wanted = parse_part(part)
    where = f"{v.active_player}'s turn, phase {v.phase}, step {v.step}"
    expect(v.active_player == player and wanted.matches(v.phase, v.step), f"{player}'s {wanted}", where)


@then(parsers.re(rf"it is {P}'s turn"))
def its_turn(game: ScenarioGame, player: str) -> None:
    v = game.view()
    expect(v.active_player == player, f"{player}'s turn", f"{v.active_player}'s turn")


@then(parsers.re(r"it is turn (?P<n>\d+)"))
def turn_number(game: ScenarioGame, n: str) -> None:
    expect(game.view().turn_number == int(n), f"turn {n}", f"turn {game.view().turn_number}")


@then(parsers.re(rf"{P} has priority"))
def has_priority(game: ScenarioGame, player: str) -> None:
    v = game.view()
    expect(v.priority == player, f"{player} to have priority", _waiting(v.decision))


@then("no player has priority")
def nobody_has_priority(game: ScenarioGame) -> None:
    v = game.view()
    expect(v.priority is None, "no player to have priority", _waiting(v.decision))


@then(parsers.re(rf"the game waits for {P} to (?P<phrase>.+)"))
def waits_for(game: ScenarioGame, player: str, phrase: str) -> None:
    if phrase not in DECISION_PHRASES:
        raise ScenarioError(f"unknown decision {phrase!r}; known: {', '.join(DECISION_PHRASES)}")
    v = game.view()
    d = v.decision
    ok = d is not None and d.player == player and d.kind == DECISION_PHRASES[phrase]
    expect(ok, f"the game to wait for {player} to {phrase}", _waiting(d))


def _waiting(d: object) -> str:
    if d is None:
        return "the game waiting for nobody"
    return f"the game waiting for {d.player} to decide {d.kind}"  # type: ignore[attr-defined]


@then("the game refuses it")
def refused(game: ScenarioGame) -> None:
    expect(game.allowed is False, "the engine to refuse the action", "it was allowed")


@then(parsers.re(r"the game refuses it because (?P<reason>\w+)"))
def refused_because(game: ScenarioGame, reason: str) -> None:
    if reason not in REFUSAL_REASONS:
        raise ScenarioError(f"{reason!r} is not a refusal reason; the reasons: {', '.join(sorted(REFUSAL_REASONS))}")
    refused(game)
    given = game.refusal.reason if game.refusal else None
    if given is None:
        raise UnsupportedError(f"the engine refused the action without a reason; the scenario checks it was {reason}")
    expect(given == reason, f"a refusal because {reason}", f"a refusal because {given}: {game.refusal}")


@then("the game allows it")
def allowed(game: ScenarioGame) -> None:
    expect(game.allowed is True, "the engine to allow the action", f"a refusal: {game.refusal}")


@then(parsers.re(rf"{P} has (?P<n>\w+) cards? in hand"))
def hand_size(game: ScenarioGame, player: str, n: str) -> None:
    hand = game.view().player(player).hand
    expect(len(hand) == number(n), f"{n} cards in {player}'s hand", f"{len(hand)}: {[c.name for c in hand]}")


@then(parsers.re(rf"{P} has (?P<card>(?!\d)[A-Z].*) in hand"))
def card_in_hand(game: ScenarioGame, player: str, card: str) -> None:
    hand = game.view().player(player).hand
    expect(any(card in (c.name, c.id) for c in hand), f"{card} in {player}'s hand", [c.name for c in hand])


@then(parsers.re(rf"{P} has (?P<n>\w+) cards? in (?:her|his|their) library"))
def library_size(game: ScenarioGame, player: str, n: str) -> None:
    library = game.view().player(player).library
    expect(len(library) == number(n), f"{n} cards in {player}'s library", len(library))


@then(parsers.re(rf"{P} has (?P<life>-?\d+) life"))
def life(game: ScenarioGame, player: str, life: str) -> None:
    actual = game.view().player(player).life
    expect(actual == int(life), f"{player} at {life} life", f"{actual} life")


@then(parsers.re(rf"{P}'s mana pool is empty"))
def pool_empty(game: ScenarioGame, player: str) -> None:
    pool = dict(game.view().player(player).mana_pool)
    expect(not any(pool.values()), f"{player}'s mana pool to be empty", pool)


@then(parsers.re(rf"{P} has (?P<symbols>(?:\{{[WUBRGC]\}})+) in (?:her|his|their) mana pool"))
def pool_has(game: ScenarioGame, player: str, symbols: str) -> None:
    pool = {k: v for k, v in game.view().player(player).mana_pool.items() if v}
    expect(pool == mana(symbols), f"{symbols} in {player}'s mana pool", pool or "an empty pool")


@then(
    parsers.re(
        r"(?P<perm>.+?) is (?P<state>tapped|untapped|phased out|phased in|summoning sick|"
        r"not summoning sick|attacking|not attacking|not blocking)"
    )
)
def permanent_state(game: ScenarioGame, perm: str, state: str) -> None:
    p = game.permanent(perm)
    actual = {
        "tapped": p.tapped,
        "untapped": not p.tapped,
        "phased out": p.phased_out,
        "phased in": not p.phased_out,
        "summoning sick": p.summoning_sick,
        "not summoning sick": not p.summoning_sick,
        "attacking": p.attacking,
        "not attacking": not p.attacking,
        "not blocking": p.blocking is None,
    }[state]
    expect(actual, f"{perm} to be {state}", p)


@then(
    parsers.re(
        r"(?P<who>.+?) has (?P<n>no|an?|one|two|three|four|five|\d+) (?P<kind>\+1/\+1|-1/-1|loyalty|lore|poison) "
        r"counters?"
    )
)
def has_counters(game: ScenarioGame, who: str, n: str, kind: str) -> None:
    """Counters on a permanent, or a player's poison counters."""
    found = game.view().player(who).poison if kind == "poison" else game.permanent(who).counters.get(kind, 0)
    expect(found == number(n), f"{who} to have {n} {kind} counters", found)


@then(parsers.re(r"(?P<perm>.+?) is attached to (?P<host>.+)"))
def attached(game: ScenarioGame, perm: str, host: str) -> None:
    p, h = game.permanent(perm), game.permanent(host)
    expect(p.attached_to == h.id, f"{perm} attached to {host} ({h.id})", p.attached_to or "attached to nothing")


@then(parsers.re(r"(?P<perm>.+?) is not attached to anything"))
def unattached(game: ScenarioGame, perm: str) -> None:
    p = game.permanent(perm)
    expect(p.attached_to is None, f"{perm} attached to nothing", p.attached_to)


@then(parsers.re(r"(?P<card>.+?) no longer exists"))
def ceased_to_exist(game: ScenarioGame, card: str) -> None:
    """Not on the battlefield (even phased out) and in no player's library, hand, graveyard or exile."""
    view = game.view()
    zones = [("battlefield", view.battlefield)]
    for p in view.players:
        zones += [(f"{p.name}'s {zone}", getattr(p, zone)) for zone in ("library", "hand", "graveyard", "exile")]
    found = [where for where, objects in zones if any(card in (o.id, o.name) for o in objects)]
    expect(not found, f"{card} in no zone", found)


@then(parsers.re(r"(?P<perm>.+?) is attacking (?P<what>.+)"))
def attacking_what(game: ScenarioGame, perm: str, what: str) -> None:
    """What an attacking creature attacks: a player, a planeswalker, or nothing (CR 506.4c)."""
    p = game.permanent(perm)
    wanted = None if what == "nothing" else what if what in game.players else game.permanent(what).id
    expect(p.attacking and p.attacked == wanted, f"{perm} attacking {what}", p)


@then(parsers.re(r"(?P<perm>.+?) is blocking (?P<attacker>.+)"))
def blocking(game: ScenarioGame, perm: str, attacker: str) -> None:
    p, attacked = game.permanent(perm), game.permanent(attacker)
    expect(p.blocking == attacked.id, f"{perm} to be blocking {attacker}", p)


@then(parsers.re(r"(?P<perm>.+?) has (?P<n>\d+) damage"))
def damage(game: ScenarioGame, perm: str, n: str) -> None:
    p = game.permanent(perm)
    expect(p.damage == int(n), f"{perm} to have {n} damage", p.damage)


@then(parsers.re(r"(?P<perm>.+?) is (?P<power>-?\d+)/(?P<toughness>-?\d+)"))
def power_toughness(game: ScenarioGame, perm: str, power: str, toughness: str) -> None:
    p = game.permanent(perm)
    expect(
        (p.power, p.toughness) == (int(power), int(toughness)),
        f"{perm} {power}/{toughness}",
        f"{p.power}/{p.toughness}",
    )


@then(parsers.re(rf"{P} controls (?P<perm>.+)"))
def controls(game: ScenarioGame, player: str, perm: str) -> None:
    p = game.permanent(perm)
    expect(p.controller == player, f"{player} to control {perm}", f"{p.controller} controls it")


@then(parsers.re(r"(?P<perm>.+?) is not on the battlefield"))
def not_on_battlefield(game: ScenarioGame, perm: str) -> None:
    present = [p.id for p in game.view().battlefield if perm in (p.id, p.name)]
    expect(not present, f"no {perm} on the battlefield", present)


@then(parsers.re(rf"(?P<card>.+?) is in {P}'s graveyard"))
def in_graveyard(game: ScenarioGame, card: str, player: str) -> None:
    graveyard = game.view().player(player).graveyard
    expect(
        any(card in (c.name, c.id) for c in graveyard),
        f"{card} in {player}'s graveyard",
        [c.name for c in graveyard],
    )


@then(parsers.re(rf"(?P<card>.+?) is in {P}'s exile"))
def in_exile(game: ScenarioGame, card: str, player: str) -> None:
    exile = game.view().player(player).exile
    expect(any(card in (c.name, c.id) for c in exile), f"{card} in {player}'s exile", [c.name for c in exile])


@then("the stack is empty")
def stack_empty(game: ScenarioGame) -> None:
    stack = game.view().stack
    expect(not stack, "an empty stack", [s.name for s in stack])


@then(parsers.re(r"the stack holds, from the top, (?P<items>.+)"))
def stack_holds(game: ScenarioGame, items: str) -> None:
    stack = [s.name for s in game.view().stack]
    expect(stack == names(items), f"the stack to hold {items}", stack)


@then(parsers.re(rf"{P} has lost the game"))
def has_lost(game: ScenarioGame, player: str) -> None:
    expect(game.view().player(player).lost, f"{player} to have lost", "still in the game")


@then(parsers.re(rf"{P} has not lost the game"))
def has_not_lost(game: ScenarioGame, player: str) -> None:
    expect(not game.view().player(player).lost, f"{player} still in the game", "lost")


@then(parsers.re(rf"{P} has won the game"))
def has_won(game: ScenarioGame, player: str) -> None:
    v = game.view()
    expect(v.game_over and v.winner == player, f"{player} to have won", f"over={v.game_over}, winner={v.winner}")


@then("the game is not over")
def not_over(game: ScenarioGame) -> None:
    expect(not game.view().game_over, "the game to go on", "it is over")


@then(parsers.re(r"it is (?P<designation>day|night|neither day nor night)"))
def day_or_night(game: ScenarioGame, designation: str) -> None:
    actual = game.view().day_night
    wanted = None if designation.startswith("neither") else designation
    expect(actual == wanted, designation, actual or "neither day nor night")


# ----------------------------------------------------------------------------- events


def _matches(e: GameEvent, row: dict[str, str]) -> bool:
    if e.kind != event_kind(row["event"]):
        return False
    if row.get("player") and e.player != row["player"]:
        return False
    subject = row.get("subject")
    if subject and e.subject != subject and e.subject != subject.replace(" ", "_"):
        return False
    amount = row.get("amount")
    if amount and e.amount != int(amount):
        return False
    # Any other column names a detail of the event, e.g. "how" a permanent phased out.
    return all(e.detail.get(key) == value for key, value in row.items() if key not in _COLUMNS and value)


_COLUMNS = {"event", "player", "subject", "amount"}


def _event_text(
    kind: str, player: str | None, subject: str | None, amount: int | str | None, detail: Mapping[str, str]
) -> str:
    """An event on one line, by the protocol's name of its kind (``mana_emptied Alice 2``): what a
    table's row wants and what the engine told are written alike, so that they can be compared."""
    details = (f"{key}={value}" for key, value in detail.items() if value)
    return " ".join(str(value) for value in (kind, player, subject, amount, *details) if value not in (None, ""))


def _wanted(row: dict[str, str]) -> str:
    """A table's row, or a step's event, as :func:`_event_text` writes the events."""
    detail = {key: value for key, value in row.items() if key not in _COLUMNS}
    return _event_text(event_kind(row["event"]), row.get("player"), row.get("subject"), row.get("amount"), detail)


def _show(events: list[GameEvent]) -> str:
    """The events, one a line: ``events:`` and an indented line for each, or ``no events``."""
    if not events:
        return "no events"
    lines = (_event_text(e.kind, e.player, e.subject, e.amount, e.detail) for e in events)
    return "events:\n  " + "\n  ".join(lines)


@then("these events happen in this order:")
def events_in_order(game: ScenarioGame, datatable: list[list[str]]) -> None:
    """Each row must match a later event than the row before (other events may come between)."""
    rows = _table(datatable)
    events = game.recent_events()
    i = 0
    for row in rows:
        while i < len(events) and not _matches(events[i], row):
            i += 1
        if i == len(events):
            fail(f"the event {_wanted(row)}, after the rows before it", _show(events))
        i += 1


def _table(datatable: list[list[str]]) -> list[dict[str, str]]:
    header, *body = datatable
    return [dict(zip(header, row, strict=True)) for row in body]


@then(
    parsers.re(
        r"(?:a|an) \"(?P<kind>[a-z _]+)\" event (?:happened|happens)(?: for (?P<player>[A-Z][a-z]+))?"
        r"(?: with amount (?P<amount>\d+))?(?: about (?P<subject>.+))?"
    )
)
def event_happened(game: ScenarioGame, kind: str, player: str | None, amount: str | None, subject: str | None) -> None:
    row = {"event": kind, "player": player or "", "amount": amount or "", "subject": subject or ""}
    events = game.recent_events()
    if not any(_matches(e, row) for e in events):
        fail(f"an event {_wanted(row)}", _show(events))


@then(
    parsers.re(
        r"no \"(?P<kind>[a-z _]+)\" event (?:happened|happens)(?: for (?P<player>[A-Z][a-z]+))?"
        r"(?: about (?P<subject>.+))?"
    )
)
def no_event(game: ScenarioGame, kind: str, player: str | None, subject: str | None) -> None:
    row = {"event": kind, "player": player or "", "subject": subject or ""}
    found = [e for e in game.recent_events() if _matches(e, row)]
    if found:
        fail(f"no event {_wanted(row)}", _show(found))


@then(parsers.re(rf"{P} has drawn (?P<n>\w+) cards?"))
def drew(game: ScenarioGame, player: str, n: str) -> None:
    drawn = [e for e in game.recent_events() if e.kind == "card_drawn" and e.player == player]
    expect(len(drawn) == number(n), f"{player} to have drawn {n}", len(drawn))


@then("the parts of the turn so far were, in order:")
def parts_in_order(game: ScenarioGame, datatable: list[list[str]]) -> None:
    """The phases and steps that began, in order, compared with the table's ``part`` column."""
    wanted = [parse_part(row["part"]) for row in _table(datatable)]
    began = [(e.kind, e.subject or "") for e in game.recent_events() if e.kind in {"phase_began", "step_began"}]
    observed = [str(TurnPart(s, "phase" if k == "phase_began" else "step")) for k, s in began]
    ok = len(began) == len(wanted) and all(
        w.matches(s if k == "phase_began" else None, s if k == "step_began" else None)
        and (w.kind is None or w.kind == ("phase" if k == "phase_began" else "step"))
        for w, (k, s) in zip(wanted, began, strict=False)
    )
    expect(ok, ", ".join(str(w) for w in wanted), observed)


@then("the rules checker finds no violation in the game")
def no_violation(game: ScenarioGame) -> None:
    """Every turn-structure rule the rules checker knows holds in the game so far."""
    if game.recorder is None:
        raise ScenarioError('"the rules checker watches the game" must come before the game starts')
    game.ensure_started()
    game.recorder.close()
    result = check_trace(open_trace(game.recorder.path))
    problems = [f"line {p.line}: {p.problem}" for p in result.problems]
    broken = [f"{v.check} ({v.position}): {v.shows}; the rule: {v.requires}" for v in result.violations]
    expect(not broken and not problems, "no violation", "; ".join(problems + broken))
