"""How much a creature can push or drag (SRD "Carrying Capacity", Table: Carrying
Capacity, and "Lifting and Dragging"), for moving a heavy object on the map (French text,
"déplacer ou manipuler un objet": "déplacer un objet lourd" is a move action). Weights in
pounds, as the SRD gives them. Pure numbers, no world."""
from __future__ import annotations

from fractions import Fraction

from .sizes import Size

# The top of the heavy-load column (the "maximum load") for Strength 1 to 29 (SRD Table:
# Carrying Capacity); above 29, "Tremendous Strength": the row with the same last digit
# among 20-29, times 4 for every 10 points above it.
MAXIMUM_LOAD = (10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 115, 130, 150, 175, 200, 230, 260, 300, 350, 400,
                460, 520, 600, 700, 800, 920, 1040, 1200, 1400)

# "Bigger and Smaller Creatures": the figures are for Medium bipeds; a bipedal creature of
# another size carries this many times as much (quadrupeds carry more; not played: the
# bestiary does not say which creature walks on four legs).
SIZE_FACTOR = {Size.F: Fraction(1, 8), Size.D: Fraction(1, 4), Size.T: Fraction(1, 2), Size.S: Fraction(3, 4),
               Size.M: Fraction(1), Size.L: Fraction(2), Size.H: Fraction(4), Size.G: Fraction(8), Size.C: Fraction(16)}

# "A character can generally push or drag along the ground as much as five times his
# maximum load."
PUSH_DRAG_FACTOR = 5


def maximum_load(strength: int) -> int:
    """The heaviest load (lb) a Medium biped of that Strength carries (the heavy-load
    column's top, SRD Table: Carrying Capacity); Strength 0 carries nothing."""
    if strength <= 0:
        return 0
    if strength <= len(MAXIMUM_LOAD):
        return MAXIMUM_LOAD[strength - 1]
    tens, digit = divmod(strength - 20, 10)
    return int(MAXIMUM_LOAD[19 + digit] * 4 ** tens)


def push_drag_limit(strength: int, size: Size) -> int:
    """The weight (lb, rounded down) a bipedal creature of that Strength and size can push
    or drag along the ground: five times its maximum load (SRD "Lifting and Dragging")."""
    return int(maximum_load(strength) * SIZE_FACTOR[size] * PUSH_DRAG_FACTOR)


def can_push(strength: int, size: Size, weight: int) -> bool:
    """Whether a creature can push or drag an object of ``weight`` pounds."""
    return weight <= push_drag_limit(strength, size)
