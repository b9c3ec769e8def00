"""How the tactical player weighs what it could do (issue 12, item 2), in one unit: hit
points, expected this turn. A blow is worth the damage the engine's ``odds`` expect, and
more when it is likely to drop its foe (focus); an attack of opportunity provoked costs
what the foe's blow is expected to deal; ending a turn where foes threaten costs their
expected full attacks, more the more hurt the creature is. The levels weigh differently
(``Judgement``): the easy player counts only the damage and the attacks it provokes.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..world import views
from .sense import Situation

# What dropping a foe is worth beyond its damage: its blows stop for the rest of the battle
# (10, not 6: focusing harder won 3-4 more of 200 mirrored battles against ``scripted`` on two seed sets).
KILL_BONUS = 10.0
# What a foe's blows a round are worth to take off the field, as a share of them for each
# share of its hit points a blow takes: a blow on the foe that deals most per hit point it
# has left shortens the battle's damage the most (the ogre before the orc of equal health).
MENACE_SHARE = 0.6
# A foe's share of the danger of a square is its expected damage a round, times this (not every foe full attacks).
REPLY_SHARE = 0.8
DICE = re.compile(r"(\d+)d(\d+)")


@dataclass(frozen=True)
class Judgement:
    """Which factors a level counts and how far it looks (never the dice nor what it knows)."""

    focus: bool            # prefers the foe likeliest to drop
    danger: bool           # counts the foes that threaten where it ends
    flanking: bool         # seeks flanking squares
    tactics: bool          # maneuvers, fighting defensively, total defense, retreat
    lookahead: int         # how many move-then-strike squares it plays out in a dry run
    steps: int             # how many 5-ft steps it plays out before a full attack
    paths: int             # how many squares it asks the safest path to
    menace: bool = False   # weighs a blow by the foe's own blows it takes off the field (the most dangerous per hit point first)


LEVELS = {
    "easy": Judgement(focus=False, danger=False, flanking=False, tactics=False, lookahead=0, steps=0, paths=3),
    "normal": Judgement(focus=True, danger=True, flanking=True, tactics=True, lookahead=2, steps=2, paths=4),
    "hard": Judgement(focus=True, danger=True, flanking=True, tactics=True, lookahead=5, steps=5, paths=8,
                      menace=True),
}


def blow_value(s: Situation, judgement: Judgement, target: str, expected: float, menace: float = 0.0) -> float:
    """Expected damage on ``target``, plus a share of ``KILL_BONUS`` as that damage nears
    the hit points it has left (the most hurt foe first); counting menace, plus the share
    of the foe's own blows a round (``menace``) that the damage takes off its hit points."""
    if not judgement.focus:
        return expected
    left = max(s.hp(target)[0], 1)
    share = min(1.0, expected / left)
    value = expected + KILL_BONUS * share ** 2
    if judgement.menace:
        value += MENACE_SHARE * share * menace
    return value


def expected(odds) -> float:
    return float(odds.expected_damage or Fraction(0)) if odds.refusal is None else 0.0


def average_damage(dice: str) -> float:
    """The mean of a damage expression such as ``1d8`` or ``2d4`` (the dice alone)."""
    return sum(int(n) * (int(d) + 1) / 2 for n, d in DICE.findall(dice)) or 1.0


class Threats:
    """Each foe's expected damage a round against one creature, from its sheet (attack
    bonuses and weapon) and the creature's AC: what its blows and attacks of opportunity
    are worth. Kept for the round (sheets change little within one)."""

    def __init__(self) -> None:
        self.known: dict[tuple, Any] = {}

    def forget_old(self, battle) -> None:
        """Drop what was worked out in earlier rounds (or other battles)."""
        now = (battle.world, battle.round)
        if self.known.get(("now",)) != now:
            self.known = {("now",): now}

    def per_round(self, s: Situation, foe: str) -> float:
        return self._round(s, foe, s.who)

    def round_against(self, s: Situation, target: str) -> float:
        """The creature's own full round on ``target``, by the sheets (no cover, no range)."""
        return self._round(s, s.who, target)

    def blow_against(self, s: Situation, target: str) -> float:
        """The creature's own blow on ``target``, by the same sheet estimate."""
        return self._round(s, s.who, target) / max(len(self._sheet(s, s.who).attacks), 1)

    def peek_round(self, s: Situation, attacker: str, defender: str) -> float:
        """``_round`` as it would answer now, nothing kept that was not: a bound worked out
        ahead (``maneuvers``) leaves the round's estimates to be made where they are asked
        (an estimate is kept from the state it was first asked in)."""
        return self._round(s, attacker, defender, keep=False)

    def peek_blow(self, s: Situation, target: str) -> float:
        """``blow_against`` as it would answer now, nothing kept (``peek_round``)."""
        return self.peek_round(s, s.who, target) / max(len(self._sheet(s, s.who, keep=False).attacks), 1)

    def _sheet(self, s: Situation, cid: str, keep: bool = True):
        key = ("sheet", s.battle.world, s.battle.round, cid)
        known = self.known.get(key)
        if known is None:
            known = views.sheet(s.battle, cid)
            if keep:
                self.known[key] = known
        return known

    def _round(self, s: Situation, attacker: str, defender: str, keep: bool = True) -> float:
        key = (s.battle.world, s.battle.round, attacker, defender)
        known = self.known.get(key)
        if known is None:
            ac = self._sheet(s, defender, keep).ac
            body = s.board.body(attacker)
            damage = average_damage(body.weapon.damage_m or body.weapon.damage_s) + 1.0
            hits = sum(min(0.95, max(0.05, (21 - (ac - bonus)) / 20)) for bonus in self._sheet(s, attacker, keep).attacks)
            known = hits * damage
            if keep:
                self.known[key] = known
        return known

    def menace(self, s: Situation, foe: str) -> float:
        """What ``foe`` deals a round at best against the creature's side (its full round on
        the friend it would hurt most, by the sheets): what dropping it saves."""
        return max((self._round(s, foe, f) for f in s.friends), default=0.0)

    def per_blow(self, s: Situation, foe: str) -> float:
        attacks = max(len(self._sheet(s, foe).attacks), 1)
        return self.per_round(s, foe) / attacks


def danger_cost(s: Situation, judgement: Judgement, threats: Threats, square, spared: dict | None = None) -> float:
    """What ending the turn at ``square`` is expected to cost next round: the foes that
    threaten it, each a share of its full attack, weighed up as the creature is hurt. A
    foe that also threatens some of its friends strikes one of them: its blows are shared
    out (what makes ganging up on a foe beside a friend worth the risk). ``spared``: the
    chance that a foe is dropped before it strikes (by the blows this danger follows): a
    foe cut down strikes nobody, so a blow that is likely to drop the one foe beside it
    is not weighed as if it would answer in full (two hurt fighters: strike, do not cower)."""
    if not judgement.danger:
        return 0.0
    weight = REPLY_SHARE * (1.0 + 2.0 * s.hurt(s.who))
    spared = spared or {}
    if not judgement.flanking:      # the easy player does not share the blows out among its side
        return weight * sum(threats.per_round(s, foe) for foe in s.threatening(square))
    return weight * sum(threats.per_round(s, foe) * (1.0 - spared.get(foe, 0.0)) / (1 + s.engaged.get(foe, 0))
                        for foe in s.threatening(square))


def kill_chance(odds, left: int) -> float:
    """The chance that the blows of ``odds`` drop a foe with ``left`` hit points, from the
    engine's numbers: the hit chance of its first attack for each of its attacks, each hit
    worth the mean damage of a hit (``expected_damage`` over the expected hits); enough hits
    among them (binomial). Critical hits and the spread of the dice are left aside."""
    if odds.refusal is not None or not odds.expected_damage or not odds.hit:
        return 0.0
    n = max(len(odds.attacks), 1)
    p = float(odds.hit)
    per_hit = float(odds.expected_damage) / (p * n)
    need = max(1, math.ceil(max(left, 1) / per_hit))
    if need > n:
        return 0.0
    return sum(math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(need, n + 1))


def followed_cost(s: Situation, judgement: Judgement, threats: Threats, square) -> float:
    """What ending the turn at ``square``, out of every foe's threat, still costs next
    round: each foe that could come at it there (a move or a charge away: twice its speed)
    or shoot it lands one blow, not a full attack. A retreat that any foe can catch only
    trades a full attack for a single blow."""
    if not judgement.danger:
        return 0.0
    weight = REPLY_SHARE * (1.0 + 2.0 * s.hurt(s.who))
    total = 0.0
    for foe in s.foes:
        body = s.board.body(foe)
        if body.weapon.is_ranged or s.gap_from(square, foe) <= 2 * body.speed_squares + 1:
            total += threats.per_blow(s, foe)
    return weight * total


def provoked_cost(s: Situation, threats: Threats, takers) -> float:
    """The attacks of opportunity a path or an action provokes, each one blow of its taker,
    weighed up as the creature is hurt (a blow may drop it)."""
    weight = 1.0 + 3.0 * s.hurt(s.who)
    return weight * sum(threats.per_blow(s, taker) for taker in takers if taker in s.foes) + 0.5 * len(takers)
