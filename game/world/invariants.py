"""Rule invariants checked in play (issue 15, item 5): after every command of a test or a
seeded playout, ``broken(battle)`` lists what the rules never allow, so a long battle
that drifts (a Large grappler half off the map) fails where it drifts, not rounds later.

- every creature's whole space lies on the map and on squares it may stand on (a rider
  is judged by its mount's space);
- no two bodies share a square, except where the rules allow it: a helpless creature
  stood over, Tiny and smaller creatures, riders on their mounts, grapplers in one space;
- hit points within bounds: current at most the maximum, non-lethal damage not below 0;
- the dice consistent: no scripted face left over between commands, and at least as many
  rolls as the commands say they rolled.
"""
from __future__ import annotations

from ..rules.terrain import ALL_MEDIA
from .components import HitPoints, Riding

SHARING = frozenset({"grappling", "grappled", "pinned"})


def broken(battle) -> list[str]:
    """What is wrong with the battle now, one sentence each (empty when all holds)."""
    board = battle.board()
    problems: list[str] = []
    taken: dict[tuple[int, int], str] = {}
    for body in board.bodies:
        cid = body.id
        if not board.terrain.space_fits(body.pos, body.span, ALL_MEDIA) and "dead" not in body.conditions:
            problems.append(f"{cid}'s space at {list(body.pos)} (span {body.span}) leaves the map or stands in a wall")
        hp = battle.read(cid, HitPoints)
        if hp.current > hp.maximum or hp.nonlethal < 0:
            problems.append(f"{cid} has {hp.current}/{hp.maximum} hit points and {hp.nonlethal} non-lethal")
        riding = battle.read(cid, Riding)
        if body.is_helpless or body.size.shares_square or SHARING & body.conditions or riding.mount \
                or "dead" in body.conditions:
            continue
        for sq in body.squares:
            other = taken.get(sq)
            if other is not None and battle.read(other, Riding).mount != cid:
                problems.append(f"{cid} and {other} both stand on {list(sq)}")
            taken[sq] = cid
    _rng, script, rolls = battle.dice.get_state()
    if script:
        problems.append(f"{len(script)} scripted dice are left over after the command")
    recorded = sum(len(c.get("rolled", [])) for c in battle.history)
    if rolls < recorded:
        problems.append(f"the dice rolled {rolls} times, the commands say {recorded}")
    return problems
