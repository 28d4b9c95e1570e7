"""Mana: colors, costs and the pool each player keeps."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum


class Color(StrEnum):
    WHITE = "W"
    BLUE = "U"
    BLACK = "B"
    RED = "R"
    GREEN = "G"
    COLORLESS = "C"


_SYMBOL = re.compile(r"\{([^}]+)\}")


@dataclass(frozen=True)
class ManaCost:
    generic: int = 0
    colored: tuple[tuple[Color, int], ...] = ()

    def __add__(self, other: ManaCost) -> ManaCost:
        colored: Counter[Color] = Counter(dict(self.colored))
        colored.update(dict(other.colored))
        return ManaCost(self.generic + other.generic, tuple(sorted(colored.items())))

    def __str__(self) -> str:
        symbols = "".join(f"{{{c}}}" * n for c, n in self.colored)
        return (f"{{{self.generic}}}" if self.generic or not symbols else "") + symbols

    @classmethod
    def parse(cls, text: str) -> ManaCost:
        """Read a cost written like ``{2}{G}{G}``; an empty string is a cost of zero."""
        generic = 0
        colored: Counter[Color] = Counter()
        rest = _SYMBOL.sub("", text).strip()
        if rest:
            raise ValueError(f"cannot read mana cost {text!r}")
        for symbol in _SYMBOL.findall(text):
            if symbol.isdigit():
                generic += int(symbol)
            else:
                colored[Color(symbol)] += 1
        return cls(generic, tuple(sorted(colored.items())))


@dataclass
class ManaPool:
    amounts: Counter[Color] = field(default_factory=Counter)

    def add(self, color: Color, amount: int = 1) -> None:
        self.amounts[color] += amount

    @property
    def total(self) -> int:
        return sum(self.amounts.values())

    def can_pay(self, cost: ManaCost) -> bool:
        left = Counter(self.amounts)
        for color, n in cost.colored:
            if left[color] < n:
                return False
            left[color] -= n
        return sum(left.values()) >= cost.generic

    def pay(self, cost: ManaCost) -> None:
        if not self.can_pay(cost):
            raise ValueError("not enough mana")
        for color, n in cost.colored:
            self.amounts[color] -= n
        generic = cost.generic
        # Spend colorless first, then the colors the pool has most of.
        for color in sorted(self.amounts, key=lambda c: (c is not Color.COLORLESS, -self.amounts[c])):
            spent = min(generic, self.amounts[color])
            self.amounts[color] -= spent
            generic -= spent
        self.amounts = +self.amounts

    def empty(self) -> int:
        """Empty the pool and say how much mana was lost."""
        lost = self.total
        self.amounts.clear()
        return lost

    def as_dict(self) -> dict[str, int]:
        return {str(c): n for c, n in sorted(self.amounts.items()) if n}
