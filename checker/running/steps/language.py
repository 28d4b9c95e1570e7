"""Reading game language in step text: lists, counts, mana, decisions."""

from __future__ import annotations

import re

NUMBERS = {"no": 0, "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}

#: How scenarios name what the game waits for, and the decision kind it is.
DECISION_PHRASES = {
    "act": "priority",
    "choose whether to play first": "play_or_draw",
    "choose whether to skip a turn": "skip_turn",
    "choose what to untap": "untap",
    "declare attackers": "declare_attackers",
    "declare blockers": "declare_blockers",
    "discard": "discard",
    "pay the upkeep cost": "upkeep_payment",
    "order her abilities": "order_triggers",
    "choose the defending player": "choose_defender",
    "order his abilities": "order_triggers",
}


def number(text: str) -> int:
    text = text.strip().lower()
    return NUMBERS[text] if text in NUMBERS else int(text)


def names(text: str) -> list[str]:
    """Split "Forest, Island and Grizzly Bears" into its names."""
    text = text.strip()
    if text.lower() in {"nothing", "none", "no creatures"}:
        return []
    parts = re.split(r",\s*|\s+and\s+", text)
    return [re.sub(r"^(?:then\s+)?(?:an?|the)?\s*", "", p.strip()) for p in parts if p.strip()]


_COUNTER = re.compile(r"(?P<n>an?|one|two|three|four|five|no|\d+) (?P<kind>\+1/\+1|-1/-1|loyalty|lore) counters?")


def counters(text: str) -> dict[str, int]:
    """Read "two +1/+1 counters and a -1/-1 counter" into {"+1/+1": 2, "-1/-1": 1}."""
    found: dict[str, int] = {}
    for part in re.split(r",\s*|\s+and\s+", text.strip()):
        m = _COUNTER.fullmatch(part.strip())
        if m is None:
            raise ValueError(
                f'cannot read the counters {part!r}; say e.g. "two +1/+1 counters" or "3 loyalty counters"'
            )
        found[m["kind"]] = found.get(m["kind"], 0) + number(m["n"])
    return found


def mana(text: str) -> dict[str, int]:
    """Read "{G}{G}{R}" into {"G": 2, "R": 1}."""
    symbols = re.findall(r"\{([WUBRGC])\}", text)
    if not symbols or "".join(f"{{{s}}}" for s in symbols) != text.strip():
        raise ValueError(f"cannot read mana {text!r}; write it as symbols like {{G}}{{G}}")
    pool: dict[str, int] = {}
    for s in symbols:
        pool[s] = pool.get(s, 0) + 1
    return pool


def event_kind(text: str) -> str:
    from checker.contract.vocabulary import EVENTS

    kind = text.strip().lower().replace(" ", "_").replace("-", "_")
    if kind not in EVENTS:
        raise ValueError(f"unknown event {text!r}; events are: {', '.join(sorted(EVENTS))}")
    return kind
