"""The monk's flurry of blows, a way of making a full attack (SRD, Monk, "Flurry of Blows";
``rules.monk``): "When unarmored, a monk may strike with a flurry of blows at the expense of
accuracy. When doing so, she may make one extra attack in a round at her highest base attack
bonus, but this attack takes a -2 penalty, as does each other attack made that round ... A
monk must use a full attack action to strike with a flurry of blows. When using flurry of
blows, a monk may attack only with unarmed strikes or with special monk weapons".

Our readings: the flurry is made with the weapon in hand (an unarmed strike or a monk
weapon), so no off-hand attack nor shield bash joins it; a monk locked in a grapple makes
the grapple's own attacks (``attacking.grappling_plan``), not a flurry; a monster's routine
of natural attacks is not a flurry. The penalty lasts until the monk's next turn (the
``flurry_of_blows`` condition), "so it also affects attacks of opportunity".
"""
from __future__ import annotations

from ...rules import monk
from ...rules.reasons import Refusal
from .. import specials
from ..components import Grapple, Stats

CONDITION = "flurry_of_blows"


def monk_level(battle, who: str) -> int:
    return battle.read(who, Stats).values.get("monk_level", 0)


def flurry_refusal(battle, who: str, plan, bashing: bool = False) -> Refusal | None:
    """Why this full attack cannot be a flurry of blows, or None."""
    if monk_level(battle, who) <= 0:
        return Refusal("NOT_A_MONK")
    if battle.fighter(who).armoured:
        return Refusal("FLURRY_ARMOURED")                 # "When unarmored"
    weapon = battle.board().body(who).weapon
    if weapon.id != "unarmed" and not weapon.monk:
        return Refusal("FLURRY_WEAPON", {"weapon": weapon.id})
    if bashing or any(isinstance(i, dict) and "off_hand" in i for i in plan or ()):
        return Refusal("FLURRY_NO_OFF_HAND")
    if battle.read(who, Grapple).holding:
        return Refusal("FLURRY_IN_GRAPPLE")
    if specials.routine(battle, who):
        return Refusal("FLURRY_WEAPON", {"weapon": weapon.id})
    return None


def can_flurry(battle, who: str) -> bool:
    """Whether a full attack of this creature may be a flurry now (for the window)."""
    return flurry_refusal(battle, who, ()) is None


def flurry_steps(battle, who: str, steps: list[int]) -> list[int]:
    """The iterative steps of a flurry: the extra attacks at the highest bonus first."""
    return [0] * monk.flurry_extra_attacks(monk_level(battle, who)) + list(steps)
