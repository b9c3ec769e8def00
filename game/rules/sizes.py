"""Creature sizes: space, natural reach and size modifiers (digest §2.1-2.3)."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


@dataclass(frozen=True)
class SizeInfo:
    code: str
    order: int          # Fine = 0 ... Colossal = 8; Medium = 4
    span: int           # side of the space in squares; Tiny and smaller use 1 but share it
    reach_tall: int     # natural reach in squares
    reach_long: int
    attack_mod: int     # size modifier to attack rolls and AC
    grapple_mod: int    # special size modifier for grapple checks
    shares_square: bool  # Fine, Diminutive, Tiny: several fit in one square


class Size(Enum):
    """The nine 3.5 sizes with their digest §2.1 numbers."""

    F = SizeInfo("F", 0, 1, 0, 0, 8, -16, True)
    D = SizeInfo("D", 1, 1, 0, 0, 4, -12, True)
    T = SizeInfo("T", 2, 1, 0, 0, 2, -8, True)
    S = SizeInfo("S", 3, 1, 1, 1, 1, -4, False)
    M = SizeInfo("M", 4, 1, 1, 1, 0, 0, False)
    L = SizeInfo("L", 5, 2, 2, 1, -1, 4, False)
    H = SizeInfo("H", 6, 3, 3, 2, -2, 8, False)
    G = SizeInfo("G", 7, 4, 4, 3, -4, 12, False)
    C = SizeInfo("C", 8, 6, 6, 4, -8, 16, False)

    @property
    def span(self) -> int:
        return self.value.span

    @property
    def order(self) -> int:
        return self.value.order

    @property
    def shares_square(self) -> bool:
        return self.value.shares_square

    def natural_reach(self, shape: str = "tall") -> int:
        """Natural reach in squares for a tall or long creature (digest §2.1)."""
        if shape not in ("tall", "long"):
            raise ValueError(f"reach shape must be 'tall' or 'long', not {shape!r}")
        return self.value.reach_tall if shape == "tall" else self.value.reach_long

    def opposed_check_mod(self) -> int:
        """+4 per category above Medium, -4 per category below (bull rush, trip, overrun)."""
        return 4 * (self.order - Size.M.order)

    @classmethod
    def from_code(cls, code: str) -> "Size":
        try:
            return cls[code]
        except KeyError:
            raise ValueError(f"unknown size {code!r} (expected one of F D T S M L H G C)") from None


SIZE_CODES = tuple(s.name for s in Size)


def can_pass_by_size(mover: Size, other: Size) -> bool:
    """Three size categories of difference let a creature move through another's squares
    (digest §1.5)."""
    # ``_value_`` rather than ``order``: two property look-ups fewer on a path the
    # pathfinder asks for every creature of every board
    return abs(mover._value_.order - other._value_.order) >= 3
