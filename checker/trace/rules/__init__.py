"""The checks, one module per part of the turn; importing this package declares them all."""

from checker.trace.rules import (  # noqa: F401
    combat,
    draw,
    ending,
    five_part_phases,
    mana,
    phases,
    priority,
    state_based,
    turn,
    untap,
)
