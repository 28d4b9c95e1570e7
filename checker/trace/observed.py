"""An observation as the checker reads it, and a change merged into the observation before it.

A reader gets every observation whole: a change is merged into the observation before it as it
is read, the fields it leaves out shared with that observation (the same objects: a check tells
what changed by identity, ``view.players is not before.players``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeAlias

import msgspec
from msgspec import UNSET, UnsetType

from checker.contract.protocol import schema as protocol_schema
from checker.contract.protocol import structure
from checker.trace.format import DecisionKind, Keyword, PhaseName, PlayerObservation, StepName, TurnNumber
from checker.trace.problems import LateTraceProblem, _unreadable

# --------------------------------------------------------------------------- what the checker reads
#
# An observation is read into msgspec structures of its own (msgspec decodes these several
# times faster than the interface's dataclasses), and its permanents, the bulk of a trace's
# bytes, are decoded only when a check asks for them. The structures read (gc=False) are left
# out of the garbage collector's rounds, which a long trace's hundred thousand objects made
# cost a third of the time: they hold no reference cycles. Tests keep the fields of these
# structures in step with the interface's.


# A permanent's counters, as the protocol's schema bounds them (none negative): msgspec refuses others.
if TYPE_CHECKING:
    Counters: TypeAlias = dict[str, int]
else:
    Counters = structure(protocol_schema()["$defs"]["permanent_view"]["properties"]["counters"], "counters")[0]


class Decision(msgspec.Struct, forbid_unknown_fields=True, frozen=True, gc=False):
    """The interface's :class:`~checker.contract.interface.DecisionView`, as read from a trace."""

    kind: DecisionKind
    player: str
    options: tuple[str, ...] = ()
    count: int = 0
    mana_only: bool = False
    mana_abilities: bool = False


class StackItem(msgspec.Struct, forbid_unknown_fields=True, frozen=True, gc=False):
    """The interface's :class:`~checker.contract.interface.StackItemView`, as read from a trace."""

    name: str
    controller: str
    kind: str


class Permanent(msgspec.Struct, forbid_unknown_fields=True, frozen=True, gc=False):
    """The interface's :class:`~checker.contract.interface.PermanentView`, as read from a trace."""

    id: str
    name: str
    controller: str
    owner: str
    tapped: bool
    damage: int
    phased_out: bool
    summoning_sick: bool
    power: int | None
    toughness: int | None
    attacking: bool = False
    blocking: str | None = None
    token: bool = False
    counters: Counters = {}
    attached_to: str | None = None
    attacked: str | None = None


_PERMANENTS = msgspec.json.Decoder(tuple[Permanent, ...] | None)
_ABSENT = msgspec.Raw()


class Observed(msgspec.Struct, forbid_unknown_fields=True, frozen=True, gc=False):
    """An observation as the checker reads it: the fields of :class:`~checker.trace.format.Observation`;
    the permanents are decoded when a check uses them (a malformed list raises
    :class:`~checker.trace.problems.LateTraceProblem`)."""

    turn_number: TurnNumber | None = None
    active_player: str | None = None
    phase: PhaseName | None = None
    step: StepName | None = None
    decision: Decision | None = None
    players: tuple[PlayerObservation, ...] | None = None
    permanents: msgspec.Raw = msgspec.field(name="battlefield", default=_ABSENT)
    stack: tuple[StackItem, ...] | None = None
    game_over: bool | None = None
    winner: str | None = None
    day_night: str | None = None
    keywords: dict[str, tuple[Keyword, ...]] | None = None

    @property
    def shows_battlefield(self) -> bool:
        """Whether the observation shows the permanents (without decoding them)."""
        return bool(self.permanents) and bytes(self.permanents) != b"null"

    @property
    def battlefield(self) -> tuple[Permanent, ...] | None:
        """The permanents, decoded at each use (a few checks ask, a few times a turn)."""
        if not self.permanents:
            return None
        try:
            permanents: tuple[Permanent, ...] | None = _PERMANENTS.decode(self.permanents)
            return permanents
        except (ValueError, RecursionError) as exc:  # msgspec.DecodeError, UnicodeDecodeError
            raise LateTraceProblem(f"view/battlefield: {_unreadable(exc)}") from None


class Change(msgspec.Struct, forbid_unknown_fields=True, frozen=True, gc=False):
    """A change entry as read: the fields of :class:`Observed` it gives (null included); those it
    leaves out are UNSET, as the previous observation showed them."""

    turn_number: TurnNumber | UnsetType | None = UNSET
    active_player: str | UnsetType | None = UNSET
    phase: PhaseName | UnsetType | None = UNSET
    step: StepName | UnsetType | None = UNSET
    decision: Decision | UnsetType | None = UNSET
    players: tuple[PlayerObservation, ...] | UnsetType | None = UNSET
    permanents: msgspec.Raw | UnsetType = msgspec.field(name="battlefield", default=UNSET)
    stack: tuple[StackItem, ...] | UnsetType | None = UNSET
    game_over: bool | UnsetType | None = UNSET
    winner: str | UnsetType | None = UNSET
    day_night: str | UnsetType | None = UNSET
    keywords: dict[str, tuple[Keyword, ...]] | UnsetType | None = UNSET


def _merger() -> Callable[[Observed, Change], Observed]:
    """``merged(previous, change)``: the observation ``change`` makes of ``previous``, the fields it
    gives replaced, the others (the same objects) kept. Written once from the fields, each taken
    from one or the other in a single call (a long trace merges tens of thousands of changes; this
    took a quarter of the time of replacing the fields given by name)."""
    taken = ", ".join(f"p.{name} if c.{name} is UNSET else c.{name}" for name in Observed.__struct_fields__)
    namespace: dict[str, Any] = {"Observed": Observed, "UNSET": UNSET}
    exec(f"def merged(p, c):\n    return Observed({taken})\n", namespace)
    merger: Callable[[Observed, Change], Observed] = namespace["merged"]
    return merger


merged = _merger()
