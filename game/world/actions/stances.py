"""Power Attack and Combat Expertise, chosen with an attack (``rules.combat_feats``).

The attacker picks the numbers on its own action, before any roll: with ``attack``,
``full_attack`` (both feats) and ``charge`` (Power Attack only: a charge is not the attack
action Combat Expertise needs). They last until its next turn, so its attacks of
opportunity meanwhile carry them too, and its Expertise dodge bonus stays up (SRD, Feats).
"""
from __future__ import annotations

from ...rules.combat_feats import COMBAT_EXPERTISE, POWER_ATTACK, choice_refusal
from ...rules.reasons import Refusal
from ..components import Effects, Feats, Offense

ARGUMENTS = {POWER_ATTACK: "power_attack", COMBAT_EXPERTISE: "combat_expertise"}


def stance_refusal(battle, who: str, args: dict, *, melee: bool, expertise: bool = True) -> Refusal | None:
    """Why the numbers ``args`` names cannot be chosen for this attack, or None."""
    feats = frozenset(battle.read(who, Feats).ids)
    bab = battle.read(who, Offense).bab
    for feat, key in ARGUMENTS.items():
        if feat == COMBAT_EXPERTISE and not expertise:
            continue
        refusal = choice_refusal(feat, args.get(key, 0), feats, bab, melee)
        if refusal is not None:
            return refusal
    return None


def take_stances(battle, who: str, args: dict) -> None:
    """Keep the numbers chosen (checked by ``stance_refusal``) until the creature's next
    turn, when ``durations.end_until_next_turn`` clears them."""
    power, expertise = args.get("power_attack", 0), args.get("combat_expertise", 0)
    lasting = battle.read(who, Effects)
    if (power, expertise) != (lasting.power_attack, lasting.expertise):
        effects = battle.comp(who, Effects)
        effects.power_attack, effects.expertise = power, expertise
