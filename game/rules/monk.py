"""The monk's combat features, as the SRD 3.5 gives them (SRD, Classes, "Monk"; the French
text's own example of a duration is a monk's stunning blow). Plain numbers: the engine
reads the creature's ``monk_level`` and asks here.

- Unarmed strike: Improved Unarmed Strike as a bonus feat at 1st level (the strike counts
  as armed and deals lethal or nonlethal damage at no penalty); the damage by monk level,
  1d6 at 1st for a Medium monk (Table: The Monk, "Unarmed Damage"; Table: Small or Large
  Monk Unarmed Damage).
- Bonus feats (1st level: Improved Grapple or Stunning Fist) are the monk's choice: a
  scenario or a template lists the one taken among its feats.
- Flurry of blows, "when unarmored": a full attack with one extra attack at the highest
  base attack bonus (a second one at 11th), every attack of the round at -2, -1 from 5th,
  none from 9th; "only with unarmed strikes or with special monk weapons".
- AC bonus, "when unarmored and unencumbered": the Wisdom bonus (if any), +1 at 5th and
  every five monk levels; "even against touch attacks or when the monk is flat-footed";
  lost "when she is immobilized or helpless, when she wears any armor, when she carries a
  shield".
"""
from __future__ import annotations

from typing import Callable

from .sizes import Size

# Monk level 1-3, 4-7, 8-11, 12-15, 16-19, 20 (Table: The Monk; the Small column of
# Table: Small or Large Monk Unarmed Damage). A Large monk's column is the Medium one a
# size larger by the weapons' own table (1d8, 2d6, 2d8, 3d6, 3d8, 4d8), as the SRD's is.
MEDIUM_DAMAGE = ("1d6", "1d8", "1d10", "2d6", "2d8", "2d10")
SMALL_DAMAGE = ("1d4", "1d6", "1d8", "1d10", "2d6", "2d8")
BONUS_FEATS = ("improved_unarmed_strike",)     # every monk's, at 1st level


def damage_step(level: int) -> int:
    """Which line of the unarmed damage table a monk of ``level`` reads (0 for 1st-3rd)."""
    return 0 if level < 4 else min(5, level // 4)


def unarmed_dice(level: int, size: Size, scale: Callable[[str, str, Size], str]) -> str:
    """A monk's unarmed strike damage dice (SRD, Monk, "Unarmed Strike"); ``scale`` is the
    weapons' size rule (``attack.damage_dice``) for sizes other than Small and Medium."""
    step = damage_step(level)
    return scale(SMALL_DAMAGE[step], MEDIUM_DAMAGE[step], size)


def bonus_feats(level: int) -> tuple[str, ...]:
    """The feat every monk has from 1st level (SRD, Monk, "Unarmed Strike": "At 1st level, a
    monk gains Improved Unarmed Strike as a bonus feat")."""
    return BONUS_FEATS if level >= 1 else ()


def flurry_penalty(level: int) -> int:
    """The flurry's penalty on every attack of the round: -2, -1 from 5th, 0 from 9th."""
    return -2 if level < 5 else -1 if level < 9 else 0


def flurry_extra_attacks(level: int) -> int:
    """Extra attacks at the highest base attack bonus: one, two from 11th (greater flurry)."""
    return 2 if level >= 11 else 1


def ac_bonus(level: int, wis_mod: int) -> int:
    """The monk's AC bonus when unarmoured: the Wisdom bonus if any, +1 per five levels."""
    return max(0, wis_mod) + level // 5
