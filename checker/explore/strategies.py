"""Hypothesis strategies over games, for ``turncheck explore`` and for an engine's own tests.

- :func:`decks`: a deck for each player, for a game played from its start;
- :func:`positions` / :func:`setups`: where a game starts, from its start or from a set-up in the
  middle of a turn built from the card pool; as a :class:`Position` (which also says itself as
  Given steps) or as the adapter's :class:`GameSetup`;
- :func:`choices`: the choice made at each decision, read against the view by
  :func:`checker.explore.choices.next_action`: a random legal choice from the pending decision's
  options, or a spell, ability, land drop, attack or block drawn from what the view shows;
- :func:`games`: a position with its choices: one whole game.

Everything shrinks towards the simplest: fewer and plainer cards, a shorter game, and at each
decision the default choice (pass priority, no attackers, no blockers).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from hypothesis import strategies as st

from checker.contract.cards import POOL
from checker.contract.interface import GameSetup
from checker.contract.vocabulary import TURN_TEMPLATES
from checker.explore.options import MAX_DECISIONS
from checker.explore.position import PLAYERS, Permanent, Position

#: The cards of a deck: basic lands first (the simplest), then the pool's other cards.
LANDS = ("Island", "Forest", "Mountain", "Plains", "Swamp")


def card_names(effects: Collection[str] | None = None) -> list[str]:
    """The pool's cards an engine supporting ``effects`` (None: every catalog effect) can play,
    lands first; tokens (cards without a cost that aren't lands) left out."""
    names = [n for n in LANDS if n in POOL]
    for name, spec in POOL.items():
        if name in names or (not spec.cost and "land" not in spec.types):
            continue
        if effects is None or all(e.key in effects for e in spec.effects):
            names.append(name)
    return names


#: The card types of permanents: an instant or a sorcery never is one (CR 110.4).
PERMANENT_TYPES = frozenset({"artifact", "battle", "creature", "enchantment", "land", "planeswalker"})


def permanent_names(effects: Collection[str] | None = None) -> list[str]:
    """The cards of :func:`card_names` that can be on the battlefield."""
    return [n for n in card_names(effects) if PERMANENT_TYPES & set(POOL[n].types)]


def _card(effects: Collection[str] | None) -> st.SearchStrategy[str]:
    names = card_names(effects)
    # Half the cards are lands, as in a real deck, so that spells get cast.
    return st.one_of(st.sampled_from(LANDS), st.sampled_from(names))


def decks(
    effects: Collection[str] | None = None, min_size: int = 8, max_size: int = 40
) -> st.SearchStrategy[tuple[tuple[str, ...], ...]]:
    """A library for each player, top card first, of card names from the pool."""
    deck = st.lists(_card(effects), min_size=min_size, max_size=max_size).map(tuple)
    return st.tuples(*(deck for _ in PLAYERS))


def parts(edition: str) -> list[str]:
    """Where a set-up may start a turn, in scenario words: each phase and step of the edition but
    the cleanup and the combat's later steps (which a set-up can't reach without a combat)."""
    found = []
    for phase, steps in TURN_TEMPLATES[edition]:
        for step in steps or (None,):
            name = step or phase
            if name in {"cleanup", "declare_blockers", "combat_damage", "end_of_combat", "beginning_of_turn"}:
                continue
            found.append(name.replace("_", " ") + (" step" if step in {"draw", "end"} else ""))
    return found


def positions(
    edition: str, effects: Collection[str] | None = None, kinds: Iterable[str] = ("setup", "start")
) -> st.SearchStrategy[Position]:
    """Where a game starts: ``start`` is the game's start with generated decks, ``setup`` a set-up
    in the middle of a game (hands, permanents, life, the turn and the part of it)."""
    choices = []
    for kind in kinds:
        if kind == "start":
            choices.append(_from_start(edition, effects))
        elif kind == "setup":
            choices.append(_from_setup(edition, effects))
        else:
            raise ValueError(f"no such kind of position: {kind!r} (start or setup)")
    return st.one_of(*choices)


def _from_start(edition: str, effects: Collection[str] | None) -> st.SearchStrategy[Position]:
    return st.builds(
        Position,
        edition=st.just(edition),
        libraries=decks(effects, min_size=12),
        from_game_start=st.just(True),
        seed=st.integers(0, 2**16),
        # A match's first game (what shrinking comes back to), or a later one, whose chooser some
        # engines (phase.rs) need: they ask who plays first only between a match's games.
        chooser=st.sampled_from((None, *PLAYERS)),
    )


def _from_setup(edition: str, effects: Collection[str] | None) -> st.SearchStrategy[Position]:
    names = permanent_names(effects)
    hand = st.lists(_card(effects), max_size=7).map(tuple)
    permanent = st.builds(
        Permanent,
        controller=st.sampled_from(PLAYERS),
        name=st.sampled_from(names),
        tapped=st.booleans(),
        summoning_sick=st.booleans(),
    )
    return st.builds(
        Position,
        edition=st.just(edition),
        libraries=decks(effects, min_size=0, max_size=20),
        hands=st.tuples(hand, hand),
        life=st.tuples(st.integers(1, 20), st.integers(1, 20)).map(lambda t: (21 - t[0], 21 - t[1])),
        battlefield=st.lists(permanent, max_size=8).map(tuple),
        active_player=st.sampled_from(PLAYERS),
        starting_player=st.sampled_from(PLAYERS),
        turn_number=st.integers(2, 20),
        part=st.none() | st.sampled_from(parts(edition)),
    )


def setups(
    edition: str, effects: Collection[str] | None = None, kinds: Iterable[str] = ("setup", "start")
) -> st.SearchStrategy[GameSetup]:
    """:func:`positions` as the adapter's :class:`~checker.contract.interface.GameSetup`."""
    return positions(edition, effects, kinds).map(Position.setup)


def choices(max_decisions: int = MAX_DECISIONS) -> st.SearchStrategy[tuple[int, ...]]:
    """The choice made at each decision of a game, one number each; the game ends when they run
    out. The game's length is drawn first, so that long games are as likely as short ones."""
    # One byte a decision, drawn at once (hypothesis draws and shrinks a byte string as one choice,
    # where a list of numbers costs a draw per decision).
    return st.integers(0, max_decisions).flatmap(lambda n: st.binary(min_size=n, max_size=n).map(tuple))


def games(
    edition: str,
    effects: Collection[str] | None = None,
    kinds: Iterable[str] = ("setup", "start"),
    max_decisions: int = MAX_DECISIONS,
) -> st.SearchStrategy[tuple[Position, tuple[int, ...]]]:
    """A whole game: where it starts, and the choice at each of its decisions."""
    return st.tuples(positions(edition, effects, tuple(kinds)), choices(max_decisions))
