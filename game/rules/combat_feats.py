"""Power Attack and Combat Expertise: numbers a fighter trades between attack and damage or
attack and Armour Class, chosen on its own action (SRD, Feats; the French text names
Expertise du combat beside fighting defensively: "Ce bonus se cumule avec celui du don
Expertise du combat", and beside total defense, which cannot be combined with it).

Pure arithmetic: the engine stores the numbers chosen, ``attack.attack_bonus``,
``attack.armor_class`` and the damage read them.
"""
from __future__ import annotations

from .reasons import Refusal

POWER_ATTACK = "power_attack"
COMBAT_EXPERTISE = "combat_expertise"
# Combat Expertise trades at most 5 points (SRD: "a number not exceeding your base attack
# bonus, up to -5").
EXPERTISE_CAP = 5


def power_attack_limit(bab: int) -> int:
    """Power Attack: up to the base attack bonus (SRD)."""
    return max(0, bab)


def expertise_limit(bab: int) -> int:
    """Combat Expertise: up to the base attack bonus, and never more than 5 (SRD)."""
    return max(0, min(EXPERTISE_CAP, bab))


def power_attack_damage(points: int, weapon_use: str, two_handed: bool) -> int:
    """The damage Power Attack adds to a melee hit (SRD): the number chosen; twice it with
    a two-handed weapon or a one-handed one held in two hands; nothing with a light
    weapon (the penalty on the attack still applies). An unarmed strike is a light weapon."""
    if points <= 0 or weapon_use in ("light", "unarmed"):
        return 0
    return 2 * points if two_handed else points


def choice_refusal(feat: str, points: object, feats: frozenset[str], bab: int, melee: bool) -> Refusal | None:
    """Why ``points`` of ``feat`` cannot be chosen for this attack, or None: the feat is
    needed, the number is a whole number from 0 to the feat's limit, and both feats work
    with melee attacks only (SRD: "melee attack rolls"; "in melee")."""
    if not isinstance(points, int) or isinstance(points, bool) or points < 0:
        return Refusal("BAD_ARGUMENT", {"key": feat})
    if points == 0:
        return None
    if feat not in feats:
        return Refusal("NO_POWER_ATTACK_FEAT" if feat == POWER_ATTACK else "NO_COMBAT_EXPERTISE_FEAT")
    if not melee:
        return Refusal("MELEE_ONLY_FEAT")
    limit = power_attack_limit(bab) if feat == POWER_ATTACK else expertise_limit(bab)
    if points > limit:
        return Refusal("TOO_MANY_POINTS", {"feat": feat, "limit": limit})
    return None
