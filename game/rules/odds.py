"""Exact chances and mean damage of an attack, and of an opposed check (digest §8.1, §4.7;
French text "attaque", "jet en opposition"). Computed from the numbers an attack will be
rolled with, never sampled: ``Fraction`` throughout, a float only at the edge.

An attack roll hits on a natural 20, misses on a natural 1, else when d20 + bonus reaches
the AC; a hit within the threat range is a critical if the confirmation roll (the same
test) hits too. A concealment miss chance is rolled after a hit. Damage is rolled once per
multiplier (SRD: several multipliers add, each over the original: x3 and x2 roll four
times), at least 1 point in all, then damage reduction comes off.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import gcd
from typing import Iterable

from .attack import combined_multiplier, halved_in_water
from .modifiers import Modifier

ONE = Fraction(1)


@dataclass(frozen=True)
class AttackPlan:
    """One attack as it will be rolled: its numbers and where they come from."""

    attacker: str
    target: str
    weapon: str
    kind: str                              # "melee" | "ranged"
    bonus: int
    ac: int
    bonus_breakdown: tuple[Modifier, ...] = ()
    ac_breakdown: tuple[Modifier, ...] = ()
    touch: bool = False
    opportunity: bool = False
    threat_from: int = 20                  # the lowest natural roll that threatens
    crit_multiplier: int = 2
    dice: tuple[int, int] = (0, 0)         # (count, sides); sides 1 is a flat number
    damage_bonus: int = 0                  # added to each roll of the dice
    damage_multiplier: int = 1             # other than a critical: a lance charge
    nonlethal: bool = False
    miss_chance: int = 0                   # percent, rolled after a hit (concealment)
    damage_reduction: int = 0
    automatic_critical: bool = False       # a coup de grace
    halved: bool = False                   # half damage, struck from the water (``attack.halved_in_water``)
    deals_damage: bool = True              # a touch attack for a maneuver deals none
    notes: tuple[str, ...] = field(default=())

    @property
    def needs(self) -> int:
        """The natural d20 it needs (2 to 20: a 1 always misses, a 20 always hits)."""
        return min(20, max(2, self.ac - self.bonus))


def hit_chance(bonus: int, ac: int) -> Fraction:
    """Probability that d20 + bonus hits ``ac`` (natural 1 misses, natural 20 hits)."""
    faces = sum(1 for d20 in range(1, 21) if d20 == 20 or (d20 != 1 and d20 + bonus >= ac))
    return Fraction(faces, 20)


def threat_chance(bonus: int, ac: int, threat_from: int) -> Fraction:
    """Probability that the roll both hits and threatens."""
    faces = sum(1 for d20 in range(max(threat_from, 1), 21) if d20 == 20 or (d20 != 1 and d20 + bonus >= ac))
    return Fraction(faces, 20)


@lru_cache(maxsize=512)
def _sum_of_dice(count: int, sides: int) -> tuple[tuple[int, Fraction], ...]:
    dist = {0: ONE}
    for _ in range(count):
        nxt: dict[int, Fraction] = {}
        for total, p in dist.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0) + p / sides
        dist = nxt
    return tuple(sorted(dist.items()))


def damage_distribution(count: int, sides: int, bonus: int, rolls: int, minimum: int = 1) -> dict[int, Fraction]:
    """The damage of ``rolls`` rolls of count d sides + bonus, at least ``minimum``.
    A flat number (sides 1) is ``count`` each time. Worked out once for each set of
    numbers (a fresh dict each call: callers may keep it)."""
    return dict(_distribution(count, sides, bonus, rolls, minimum))


@lru_cache(maxsize=4096)
def _distribution(count: int, sides: int, bonus: int, rolls: int, minimum: int) -> tuple[tuple[int, Fraction], ...]:
    dice: tuple[tuple[int, Fraction], ...]
    if sides <= 1:
        dice = ((count, ONE),)
    else:
        dice = _sum_of_dice(count, sides)
    dist: dict[int, Fraction] = {0: ONE}
    for _ in range(rolls):
        nxt: dict[int, Fraction] = {}
        for total, p in dist.items():
            for value, q in dice:
                key = total + value + bonus
                nxt[key] = nxt.get(key, 0) + p * q
        dist = nxt
    out: dict[int, Fraction] = {}
    for value, p in dist.items():
        value = max(minimum, value)
        out[value] = out.get(value, 0) + p
    return tuple(out.items())


def _halved(dist: dict[int, Fraction], halved: bool) -> dict[int, Fraction]:
    """The damage halved, as ``attack.halved_in_water`` halves it, when ``halved``."""
    if not halved:
        return dist
    out: dict[int, Fraction] = {}
    for value, p in dist.items():
        half = halved_in_water(value)
        out[half] = out.get(half, 0) + p
    return out


def mean_after_reduction(dist: dict[int, Fraction], reduction: int) -> Fraction:
    return sum((max(0, v - reduction) * p for v, p in dist.items()), Fraction(0))


@dataclass(frozen=True)
class AttackOdds:
    hit: Fraction              # the attack lands (after any miss chance)
    crit: Fraction             # a confirmed critical that lands
    expected_damage: Fraction


@lru_cache(maxsize=4096)
def attack_odds(plan: AttackPlan) -> AttackOdds:
    """The exact chances of one planned attack (digest §8.1, §7.3). A plan is a frozen
    value, so the same plan (asked by the options, the odds and a computer player's
    look-ahead) is worked out once."""
    if plan.automatic_critical:
        hit, threat, confirm = ONE, ONE, ONE
    else:
        hit = hit_chance(plan.bonus, plan.ac)
        threat = threat_chance(plan.bonus, plan.ac, plan.threat_from)
        confirm = hit_chance(plan.bonus, plan.ac)
    lands = ONE - Fraction(plan.miss_chance, 100)
    crit = threat * confirm * lands
    if not plan.deals_damage:
        return AttackOdds(hit * lands, crit, Fraction(0))
    count, sides = plan.dice
    normal = mean_after_reduction(_halved(damage_distribution(count, sides, plan.damage_bonus,
                                                              combined_multiplier(plan.damage_multiplier)), plan.halved),
                                  plan.damage_reduction)
    critical = mean_after_reduction(_halved(damage_distribution(count, sides, plan.damage_bonus,
                                                                combined_multiplier(plan.crit_multiplier,
                                                                                    plan.damage_multiplier)), plan.halved),
                                    plan.damage_reduction)
    expected = (hit * lands - crit) * normal + crit * critical
    return AttackOdds(hit * lands, crit, expected)


@lru_cache(maxsize=4096)
def _outcomes(plan: AttackPlan) -> tuple[tuple[int, Fraction], ...]:
    """Each damage the attack may deal, 0 on a miss, with its chance (its mean is
    ``attack_odds``'s ``expected_damage``)."""
    if not plan.deals_damage:
        return ((0, ONE),)
    odds = attack_odds(plan)
    out: dict[int, Fraction] = {0: ONE - odds.hit}
    count, sides = plan.dice
    for chance, multiplier in ((odds.hit - odds.crit, combined_multiplier(plan.damage_multiplier)),
                               (odds.crit, combined_multiplier(plan.crit_multiplier, plan.damage_multiplier))):
        if not chance:
            continue
        for value, p in _halved(damage_distribution(count, sides, plan.damage_bonus, multiplier), plan.halved).items():
            dealt = max(0, value - plan.damage_reduction)
            out[dealt] = out.get(dealt, 0) + chance * p
    return tuple(out.items())


def _most(plan: AttackPlan) -> int:
    """The most damage the attack can deal."""
    return max(value for value, _p in _outcomes(plan))


def drop_chance(plans: Iterable[AttackPlan], hit_points: int) -> Fraction:
    """The exact chance that these attacks together deal at least ``hit_points`` (the
    attacks of opportunity a move provokes: the chance its mover falls on the way)."""
    if hit_points <= 0:
        return ONE
    totals: dict[int, Fraction] = {0: ONE}
    for plan in plans:
        after: dict[int, Fraction] = {}
        for total, p in totals.items():
            for dealt, q in _outcomes(plan):
                reached = min(total + dealt, hit_points)       # enough is enough: the table stays small
                after[reached] = after.get(reached, Fraction(0)) + p * q
        totals = after
    return totals.get(hit_points, Fraction(0))


@dataclass(frozen=True)
class Blow:
    """One attack of an action against ``target``: as planned now (``standing``), and as it
    would be once the target is down and helpless (``down``, None when it cannot be)."""

    target: str
    standing: AttackPlan
    down: AttackPlan | None = None


def blows_expected_damage(blows: list[Blow], hit_points: dict[str, int], dies_at: dict[str, int]) -> Fraction:
    """The exact mean damage of attacks made one after another, each target's hit points
    followed through them: an attack at a target below 0 is made as it is made at a
    helpless one (``down``: no Dex, +4 in melee — digest §9.3), one at a dead target (at or
    below ``dies_at``) deals nothing (it is given up). Nonlethal damage is counted but
    leaves the hit points as they were. A target that can no longer drop whatever the
    blows left deal is one state (``SAFE``), and when none can drop at all the means add."""
    if not may_drop(blows, hit_points):
        return sum((attack_odds(b.standing).expected_damage for b in blows), Fraction(0))
    # the most the blows from each index on can deal to each target
    ahead: list[dict[str, int]] = [{} for _ in range(len(blows) + 1)]
    for i in range(len(blows) - 1, -1, -1):
        ahead[i] = dict(ahead[i + 1])
        t = blows[i].target
        ahead[i][t] = ahead[i].get(t, 0) + _most(blows[i].standing)
    followed = sorted({b.target for b in blows})

    def settled(target: str, hp: int, i: int) -> int:
        return SAFE if hp > ahead[i].get(target, 0) else hp

    # Whole numbers over one denominator (exact, and far quicker than fractions): each
    # blow's chances over a common scale of its plans (``_whole_outcomes``), a state's
    # chance over the product of the scales so far.
    states: dict[tuple[int, ...], int] = {tuple(settled(t, hit_points[t], 0) for t in followed): 1}
    dealt_sum = 0
    denominator = 1
    for i, blow in enumerate(blows):
        k = followed.index(blow.target)
        standing = _whole_outcomes(blow.standing)
        down = _whole_outcomes(blow.down) if blow.down is not None else standing
        step = standing[0] * down[0] // gcd(standing[0], down[0])
        plans = {False: (blow.standing, step // standing[0], standing[1]),
                 True: ((blow.down or blow.standing), step // down[0], down[1])}
        nxt: dict[tuple[int, ...], int] = {}
        dealt_sum *= step
        for state, p in states.items():
            now = state[k]
            if now <= dies_at[blow.target]:
                nxt[state] = nxt.get(state, 0) + p * step
                continue
            plan, factor, outcomes = plans[now < 0]
            if now == SAFE or plan.nonlethal:
                dealt_sum += p * factor * sum(value * q for value, q in outcomes)
                nxt[state] = nxt.get(state, 0) + p * step
                continue
            for value, q in outcomes:
                weight = p * q * factor
                dealt_sum += weight * value
                after = settled(blow.target, max(now - value, dies_at[blow.target]), i + 1)
                key = state[:k] + (after,) + state[k + 1:]
                nxt[key] = nxt.get(key, 0) + weight
        denominator *= step
        states = nxt
    return Fraction(dealt_sum, denominator)


@lru_cache(maxsize=4096)
def _whole_outcomes(plan: AttackPlan) -> tuple[int, tuple[tuple[int, int], ...]]:
    """``_outcomes`` as whole chances over one denominator (the scale, first)."""
    outcomes = _outcomes(plan)
    scale = 1
    for _value, p in outcomes:
        scale = scale * p.denominator // gcd(scale, p.denominator)
    return scale, tuple((value, p.numerator * (scale // p.denominator)) for value, p in outcomes)


# A target's hit points once no blow left can bring it to 0: all such states are one.
SAFE = 10 ** 9


def may_drop(blows: list[Blow], hit_points: dict[str, int]) -> bool:
    """Whether some blow may come after its target fell to 0 or below (an undead is
    destroyed at 0): the most the earlier blows at it can deal reaches its hit points.
    Else every blow is made as planned now and their means simply add."""
    most: dict[str, int] = {}
    for blow in blows:
        if most.get(blow.target, 0) >= hit_points[blow.target]:
            return True
        most[blow.target] = most.get(blow.target, 0) + _most(blow.standing)
    return False


@dataclass(frozen=True)
class OpposedPlan:
    """An opposed check as it will be rolled (trip, bull rush, grapple …)."""

    kind: str
    attacker: str
    defender: str
    attacker_bonus: int
    defender_bonus: int
    attacker_breakdown: tuple[Modifier, ...] = ()
    defender_breakdown: tuple[Modifier, ...] = ()
    strict: bool = False                   # the attacker must roll higher: a tie fails (a feint)


def opposed_win_chance(attacker_bonus: int, defender_bonus: int, strict: bool = False) -> Fraction:
    """Both roll d20 + bonus; the higher wins; a tie goes to the higher bonus, and with equal
    bonuses both roll again (SRD "Opposed Checks"). ``strict``: the attacker wins only with
    the higher result, a tie fails at once (the feint: "supérieur", French text "feinter")."""
    win = tie = 0
    for a in range(1, 21):
        for b in range(1, 21):
            x, y = a + attacker_bonus, b + defender_bonus
            if x > y or (not strict and x == y and attacker_bonus > defender_bonus):
                win += 1
            elif not strict and x == y and attacker_bonus == defender_bonus:
                tie += 1
    return Fraction(win, 400 - tie)
