"""Spell numbers: ranges, save DCs, Concentration DCs, areas on the grid (French text
"lancer un sort", digest §4.5, data-digest §5; SRD Magic Overview: areas count from
grid intersections, a square is in the area when its far edge is)."""
from __future__ import annotations

from .geometry import Square, gaps_distance

ABILITY_OF_CLASS = {"wizard": "int", "sorcerer": "cha", "bard": "cha", "cleric": "wis", "druid": "wis",
                    "paladin": "wis", "ranger": "wis"}


def range_squares(rng: str | int, caster_level: int) -> int | None:
    """Range in squares; None for touch and personal."""
    if rng == "close":
        return (25 + 5 * (caster_level // 2)) // 5
    if rng == "medium":
        return (100 + 10 * caster_level) // 5
    if rng == "long":
        return (400 + 40 * caster_level) // 5
    if isinstance(rng, int):
        return rng // 5
    return None


def save_dc(spell_level: int, ability_mod: int) -> int:
    return 10 + spell_level + ability_mod


def missiles(caster_level: int) -> int:
    """Magic missile: 1, +1 per two levels beyond 1st, at most 5."""
    return min(5, 1 + max(0, caster_level - 1) // 2)


def scare_targets(caster_level: int) -> int:
    """Scare (SRD): "One living creature per three levels" — at least one."""
    return max(1, caster_level // 3)


def concentration_dc(reason: str, spell_level: int, damage: int = 0) -> int:
    """Concentration DCs (digest §4.5): damage 10 + damage + level; casting defensively
    15 + level; grappled or pinned 20 + level; entangled 15 + level; a moving mount 10 (or
    15 running) + level."""
    base = {"damage": 10 + damage, "defensive": 15, "grapple": 20, "entangled": 15,
            "vigorous_motion": 10, "violent_motion": 15}[reason]
    return base + spell_level


def _far_edge(sq: Square, point: Square) -> tuple[int, int]:
    """Squares counted from an intersection to the far edge of ``sq``."""
    x, y = sq
    ix, iy = point
    dx = x - ix + 1 if x >= ix else ix - x
    dy = y - iy + 1 if y >= iy else iy - y
    return dx, dy


def burst_squares(point: Square, radius: int) -> set[Square]:
    """A burst or spread of ``radius`` squares centred on a grid intersection."""
    out = set()
    ix, iy = point
    for y in range(iy - radius, iy + radius):
        for x in range(ix - radius, ix + radius):
            if gaps_distance(*_far_edge((x, y), point)) <= radius:
                out.add((x, y))
    return out


def cone_squares(point: Square, direction: tuple[int, int], radius: int) -> set[Square]:
    """A cone (a quarter circle) from a grid intersection toward one of eight directions:
    orthogonal ones spread 45° each side, diagonal ones fill the quadrant."""
    dx, dy = direction
    out = set()
    for sq in burst_squares(point, radius):
        cx = 2 * (sq[0] - point[0]) + 1     # square centre, doubled, from the intersection
        cy = 2 * (sq[1] - point[1]) + 1
        if dx and dy:
            inside = cx * dx > 0 and cy * dy > 0
        elif dx:
            inside = cx * dx > 0 and abs(cy) <= abs(cx)
        else:
            inside = cy * dy > 0 and abs(cx) <= abs(cy)
        if inside:
            out.add(sq)
    return out


def square_area(point: Square, side: int) -> set[Square]:
    """A square area whose top-left corner is the intersection ``point``."""
    return {(point[0] + i, point[1] + j) for i in range(side) for j in range(side)}


def sleep_targets(candidates: list[tuple[str, int, int]], total_hd: int = 4) -> list[str]:
    """Sleep: lowest Hit Dice first, ties the nearest to the point; leftovers are wasted.
    ``candidates``: (id, HD, distance)."""
    out = []
    left = total_hd
    for cid, hd, _d in sorted(candidates, key=lambda c: (c[1], c[2], c[0])):
        if hd > left:
            break
        out.append(cid)
        left -= hd
    return out
