"""The words the interface uses for the parts of the turn, decisions and events.

Engines report phases, steps, decisions and events with these lower-case names.
Scenarios speak of them in game language ("Alice's draw step", "the cleanup phase");
:func:`parse_part` turns that language into a :class:`TurnPart`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from checker.contract.protocol import names, schema

#: The names are the protocol schema's (``checker/contract/schemas/protocol.schema.json``).
EDITIONS: tuple[str, ...] = tuple(schema()["$defs"]["edition"]["enum"])
#: Phases: Mirage's six plus its "beginning of turn", and the Comprehensive Rules' five.
PHASES = names("phase")
STEPS = names("step")
DECISIONS = names("decision")
EVENTS = names("event_kind")
#: Why an engine refuses an action (the optional ``reason`` of an ``illegal_action`` error).
REFUSAL_REASONS = names("refusal_reason")
#: The detail keys each event kind may carry, with what each means (``$defs/event_details``): the
#: one declaration that the schema's validation of an event and ``docs/protocol.md`` both read.
EVENT_DETAILS: dict[str, dict[str, str]] = {
    kind: {key: spec["description"] for key, spec in node["properties"].items()}
    for kind, node in schema()["$defs"]["event_details"]["properties"].items()
}

#: What ``player``, ``subject`` and ``amount`` hold in each kind of event (``$defs/event_fields``);
#: a field a kind doesn't list is null in its events. Declared for engine authors (``docs/protocol.md``),
#: and the reference engine's events are tested against it.
EVENT_FIELDS: dict[str, dict[str, str]] = {
    kind: {field: spec["description"] for field, spec in node["properties"].items()}
    for kind, node in schema()["$defs"]["event_fields"]["properties"].items()
}

_ALIASES = {
    "end phase": "ending",
    "end of turn step": "end step",
    "first main phase": "precombat main phase",
    "second main phase": "postcombat main phase",
    "combat": "combat phase",
}


@dataclass(frozen=True)
class TurnPart:
    """A part of the turn named in a scenario: a phase, a step, or a name that is either."""

    name: str
    kind: str | None  # "phase", "step", or None when the scenario didn't say

    def matches(self, phase: str | None, step: str | None) -> bool:
        if self.kind == "step":
            return step == self.name
        if self.kind == "phase":
            return phase == self.name and (step is None or self.name in PHASES)
        return self.name in (step, phase) or (self.name == "main" and phase in {"precombat_main", "postcombat_main"})

    def __str__(self) -> str:
        return self.name.replace("_", " ") + (f" {self.kind}" if self.kind else "")


def parse_part(text: str) -> TurnPart:
    """Read "upkeep", "draw step", "precombat main phase", "end of combat step", "cleanup phase"..."""
    words = " ".join(text.lower().replace("-", " ").split())
    words = _ALIASES.get(words, words)
    words = re.sub(r"^the ", "", words)
    kind = None
    m = re.fullmatch(r"(.+?) (step|phase)", words)
    if m and words not in {"ending phase"}:
        words, kind = m.group(1), m.group(2)
    elif words == "ending phase":
        words, kind = "ending", "phase"
    name = words.replace(" ", "_")
    if name == "end" and kind == "phase":
        name = "ending"
    if kind == "phase" and name == "main":
        kind = None
    if name not in PHASES | STEPS:
        raise ValueError(f"{text!r} is not a phase or step this suite knows")
    return TurnPart(name, kind)


#: Each edition's turn: its phases in order, each with its steps (CR 500.1, 2008 300.1, Mirage p. 42).
TURN_TEMPLATES: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "mirage": tuple((p, ()) for p in ("beginning_of_turn", "untap", "upkeep", "draw", "main", "discard", "cleanup")),
    "cr2008": (
        ("beginning", ("untap", "upkeep", "draw")),
        ("precombat_main", ()),
        (
            "combat",
            (
                "beginning_of_combat",
                "declare_attackers",
                "declare_blockers",
                "combat_damage",
                "end_of_combat",
            ),
        ),
        ("postcombat_main", ()),
        ("ending", ("end", "cleanup")),
    ),
}
TURN_TEMPLATES["cr2024"] = TURN_TEMPLATES["cr2008"]


def locate(edition: str, part: TurnPart) -> tuple[str, str | None]:
    """The (phase, step) at whose beginning a part of the turn starts, in an edition."""
    for phase, steps in TURN_TEMPLATES[edition]:
        if part.matches(phase, None) and part.kind != "step":
            return phase, (steps[0] if steps else None)
        for step in steps:
            if part.matches(phase, step):
                return phase, step
    raise ValueError(f"the {edition} turn has no {part}")
