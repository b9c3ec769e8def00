"""Turning and rebuking undead (French text "renvoi et intimidation des morts-vivants";
digest §10)."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

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


def turning_broken(before: int, now: int) -> bool:
    """Whether the cleric's coming nearer ends a turning (French text, "renvoi des
    morts-vivants": "il suffit que le prêtre s'approche à moins de 3 mètres d'eux pour
    qu'ils se remettent à agir normalement (si le personnage se trouve déjà à moins de 3
    mètres d'eux, il ne les affecte en rien, mais l'effet du renvoi se dissipe s'il
    s'approche un tant soit peu d'eux)"). ``before`` and ``now``: the distance in squares
    between the cleric and the undead before and after the cleric acted. Undead farther
    than 3 m are freed when the cleric comes within 3 m; undead already within 3 m when
    the cleric comes any closer. Both are "within 3 m now, and closer than before"."""
    return now <= BREAK_DISTANCE and now < before


def is_cornered(gap_now: int, gaps_reachable: list[int]) -> bool:
    """A turned undead's retreat is cut off (French text: "Si toute retraite leur est
    coupée, ils se recroquevillent") when no square it can reach is farther from the
    cleric than where it stands. Unit: squares."""
    return not any(g > gap_now for g in gaps_reachable)


@dataclass(frozen=True)
class TurningPlan:
    """A turning (or rebuking) as it will be rolled (a preview's plan): the level it is
    used at, the Charisma modifier of its check and damage, and the creatures in reach it
    may affect, each as (id, Hit Dice against turning, distance in squares, what befalls
    it if affected: "turned", "destroyed", "rebuked", "commanded", "bolstered")."""
    who: str
    level: int
    cha: int
    candidates: tuple[tuple[str, int, int, str], ...]


@dataclass(frozen=True)
class TurnedOdds:
    """One creature a turning may affect: its Hit Dice against turning, its distance
    (squares), its exact chance to be affected and what befalls it then."""
    who: str
    hit_dice: int
    distance: int
    chance: Fraction
    outcome: str


def affected_odds(plan: TurningPlan) -> tuple[TurnedOdds, ...]:
    """Each candidate's exact chance to be affected, over the turning check's d20 (the most
    Hit Dice, ``max_hit_dice``) and the turning damage's 2d6 (the total, closest first:
    ``choose_affected``), in the order the rules take them: closest first (digest §10.1,
    French text "les morts-vivants les plus proches sont affectés les premiers")."""
    chosen = [(cid, hd, d) for cid, hd, d, _outcome in plan.candidates]
    counts = {cid: 0 for cid, _hd, _d in chosen}
    for d20 in range(1, 21):
        most = max_hit_dice(d20 + plan.cha, plan.level)
        for total in range(2, 13):
            ways = 6 - abs(total - 7)                # 2d6: 1, 2, … 6, … 2, 1 ways
            for cid in choose_affected(chosen, most, total + plan.level + plan.cha):
                counts[cid] += ways
    return tuple(TurnedOdds(cid, hd, d, Fraction(counts[cid], 720), outcome)
                 for cid, hd, d, outcome in sorted(plan.candidates, key=lambda c: (c[2], c[0])))
