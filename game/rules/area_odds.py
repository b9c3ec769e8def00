"""Exact chances for the creatures an area spell catches (data-digest §5; SRD "Saving
Throws"): each one's chance to make its save, and the mean damage it takes when the spell
deals damage (a Reflex save for half: half the rolled damage, rounded down). Computed
from the numbers the saves will be rolled with, never sampled; ``Fraction`` throughout.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .metamagic import vary
from .odds import damage_distribution
from .saves import save_succeeds


@dataclass(frozen=True)
class CaughtPlan:
    """One creature an area spell affects, as its save will be rolled: ``save`` None when
    it has none (bless); ``dice`` (count, sides, plus) of the damage, count 0 for none;
    ``half_on_save``: a made save halves the damage (else it negates the effect)."""

    spell: str
    caster: str
    who: str
    save: str | None = None
    bonus: int = 0
    dc: int = 0
    dice: tuple[int, int, int] = (0, 0, 0)
    metamagic: tuple[str, ...] = ()
    half_on_save: bool = False


def save_chance(bonus: int, dc: int) -> Fraction:
    """The chance that d20 + ``bonus`` makes ``dc`` (a natural 1 fails, a natural 20
    succeeds: ``saves.save_succeeds``)."""
    return Fraction(sum(1 for d20 in range(1, 21) if save_succeeds(d20, bonus, dc)), 20)


def expected_damage(plan: CaughtPlan) -> Fraction | None:
    """The mean damage ``plan``'s creature takes: the dice after metamagic (Empower,
    Maximize: ``metamagic.vary``) in full on a failed save, halved (rounded down) on a
    made one when the save is for half, nothing when it negates; None for no damage."""
    count, sides, plus = plan.dice
    if count <= 0:
        return None
    made = save_chance(plan.bonus, plan.dc) if plan.save else Fraction(0)
    full = half = Fraction(0)
    for rolled, p in damage_distribution(count, sides, 0, 1, minimum=0).items():
        amount = vary(rolled, count, sides, plus, plan.metamagic)
        full += amount * p
        half += (amount // 2) * p
    return (1 - made) * full + made * (half if plan.half_on_save else 0)


@dataclass(frozen=True)
class CaughtOdds:
    """A caught creature's chances: ``save`` its chance to make the save (None: none
    allowed), ``expected_damage`` its mean damage (None: the spell deals none)."""

    plan: CaughtPlan
    save: Fraction | None
    expected_damage: Fraction | None


def caught_odds(plan: CaughtPlan) -> CaughtOdds:
    return CaughtOdds(plan, save_chance(plan.bonus, plan.dc) if plan.save else None, expected_damage(plan))
