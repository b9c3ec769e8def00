"""Numbers of monsters' special qualities that the engine judges by (data-digest §4d):
how a black pudding's hit points divide when it splits, and the Reflex DC to catch a
thrown rock. Pure functions; the engine rolls and applies them (``world.monster_defenses``)."""
from __future__ import annotations

from .sizes import Size

# A pudding with 10 hp or less cannot split (data-digest §4d, "Split").
SPLIT_LIMIT = 10
# Rock catching's DC by the rock's size (data-digest §4d: "DC 15 Small rock, 20 Medium,
# 25 Large").
ROCK_CATCH_DC = {"S": 15, "M": 20, "L": 25}


def split_hit_points(current: int) -> int | None:
    """Each half's hit points when a pudding with ``current`` hp splits: half, rounded
    down ("two with half current hp each (round down)"); None when it cannot split."""
    if current <= SPLIT_LIMIT:
        return None
    return current // 2


def rock_size(thrower: Size) -> str:
    """The size of the rocks a giant of that size throws: a Large giant's 40-50 lb rocks
    are Small objects (SRD giant entry, data-digest §4d "Large giants throw 40-50 lb
    rocks"); each size up throws rocks a size larger, Large at most (the table's end)."""
    index = max(0, min(2, thrower.value.order - Size.L.value.order))
    return ("S", "M", "L")[index]


def rock_catch_dc(rock: str, magic_bonus: int = 0) -> int:
    """The Reflex DC to catch a rock: by its size, plus any magical attack bonus of the
    projectile."""
    return ROCK_CATCH_DC[rock] + magic_bonus
