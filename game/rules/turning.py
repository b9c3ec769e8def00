"""Turning and rebuking undead (French text "renvoi et intimidation des morts-vivants";
digest §10)."""
from __future__ import annotations

RANGE_SQUARES = 12          # 18 m
DURATION_ROUNDS = 10
BREAK_DISTANCE = 2          # the cleric coming within 3 m ends a turning


def max_hit_dice(check: int, level: int) -> int:
    """The turning check table: the most Hit Dice affected."""
    if check <= 0:
        return level - 4
    if check >= 22:
        return level + 4
    return level + (check - 1) // 3 - 3


def turning_level(cleric_level: int, paladin_level: int) -> int:
    """Paladins turn from level 3 as a cleric two levels lower (French text; decisions §6)."""
    paladin = paladin_level - 2 if paladin_level >= 3 else 0
    return cleric_level + paladin if cleric_level and paladin > 0 else max(cleric_level, paladin)


def uses_per_day(cha_mod: int, extra_turning: int = 0) -> int:
    return 3 + cha_mod + 4 * extra_turning


def choose_affected(candidates: list[tuple[str, int, int]], max_hd: int, total_hd: int) -> list[str]:
    """``candidates``: (id, effective HD, distance) of undead in range with line of effect,
    not already turned. Closest first; each at most ``max_hd``; as long as the turning
    damage covers it (the French text's Jozan example)."""
    out = []
    left = total_hd
    for cid, hd, _d in sorted(candidates, key=lambda c: (c[2], c[0])):
        if hd > max_hd or hd > left:
            continue
        out.append(cid)
        left -= hd
    return out


def destroys(level: int, hd: int) -> bool:
    """A cleric of at least twice the undead's HD destroys (or, if evil, commands) it."""
    return level >= 2 * hd
