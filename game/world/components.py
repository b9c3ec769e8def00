"""Components: small dataclasses, one fact each (design/architecture.md)."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..rules.sizes import Size


@dataclass
class Identity:
    id: str
    name: str


@dataclass
class Position:
    x: int
    y: int

    @property
    def square(self) -> tuple[int, int]:
        return (self.x, self.y)


@dataclass
class Body:
    size: Size


@dataclass
class Reach:
    shape: str = "tall"   # "tall" | "long"


@dataclass
class Speed:
    metres: Fraction = Fraction(9)

    @property
    def squares(self) -> int:
        return int(self.metres / Fraction(3, 2))


@dataclass
class Side:
    name: str


@dataclass
class Wielded:
    weapon_id: str = "unarmed"


@dataclass
class Conditions:
    ids: set[str] = field(default_factory=set)


@dataclass
class Feats:
    ids: frozenset[str] = frozenset()


@dataclass
class Armor:
    armor_id: str | None = None
    heavy: bool = False


@dataclass
class Stats:
    """Numbers a scenario may override (hp, ac, bab, abilities); combat turns use them."""
    values: dict[str, int] = field(default_factory=dict)


@dataclass
class Initiative:
    fixed: int | None = None
