"""Stunning Fist, the seed's own example of a duration ("un moine … donne un coup étourdissant
qui affecte son adversaire pendant 1 round … Dès que l'initiative repasse à 15 lors du round
suivant, l'étourdissement cesse"); the feat's rule is the SRD's.

Declared before the attack roll, with an unarmed attack: a miss wastes the use. A foe the
attack damages makes a Fortitude save (DC 10 + half the attacker's level + its Wisdom
modifier) or is stunned for 1 round, until just before the attacker's next turn. Once a
round; a day's uses are the monk levels plus one per four other levels (``monk_level``,
``hd``). Undead, oozes, constructs, plants and creatures immune to critical hits cannot
be stunned.
"""
from __future__ import annotations

from ...rules.modifiers import ability_modifier
from ...rules.reasons import Refusal
from .. import specials
from ..components import Abilities, Feats, Stats
from ..damage import status_of
from ..durations import add_timed_condition
from ..events import ConditionStarted
from ..saving import roll_save

FEAT = "stunning_fist"
# The creature kinds the SRD names as never stunned by it.
NOT_STUNNED = ("undead_traits", "ooze_traits", "construct_traits", "plant_traits", "elemental_traits",
               "immune_to_criticals")


def uses_per_day(battle, who: str) -> int:
    """Monk levels, plus one use per four levels in other classes (SRD, Stunning Fist)."""
    values = battle.read(who, Stats).values
    monk, level = values.get("monk_level", 0), values.get("hd", 1)
    return monk + max(0, level - monk) // 4


def stun_refusal(battle, who: str, target: str, unarmed: bool) -> Refusal | None:
    """Why a stunning attack cannot be declared on this attack, or None."""
    if FEAT not in battle.read(who, Feats).ids:
        return Refusal("NO_STUNNING_FIST_FEAT")
    if not unarmed:
        return Refusal("STUNNING_FIST_UNARMED_ONLY")
    values = battle.read(who, Stats).values
    if values.get("stunning_fist_round") == battle.round:
        return Refusal("STUNNING_FIST_ONCE_A_ROUND")
    if values.get("stunning_fist_used", 0) >= uses_per_day(battle, who):
        return Refusal("STUNNING_FIST_NONE_LEFT", {"uses": uses_per_day(battle, who)})
    kinds = specials.specials(battle, target)
    if battle.read(target, Stats).values.get("undead") or any(k in kinds for k in NOT_STUNNED):
        return Refusal("CANNOT_BE_STUNNED", {"target": target})
    return None


def declare(battle, who: str) -> None:
    """The use is spent when declared, hit or miss."""
    values = battle.comp(who, Stats).values
    values["stunning_fist_used"] = values.get("stunning_fist_used", 0) + 1
    values["stunning_fist_round"] = battle.round


def after_attack(battle, who: str, target: str, strike: list) -> list:
    """The save of a foe the declared attack damaged, and the stun if it fails."""
    damaged = any(type(e).__name__ == "DamageDealt" and e.target == target and e.amount > 0 for e in strike)
    if not damaged or status_of(battle, target) == "dead":
        return []
    values = battle.read(who, Stats).values
    dc = 10 + values.get("hd", 1) // 2 + ability_modifier(battle.read(who, Abilities).scores.get("wis", 10))
    ok, events = roll_save(battle, target, "fort", dc, purpose=f"stunning fist {who} -> {target}", kind="stunning_fist")
    if not ok:
        add_timed_condition(battle, target, "stunned", 1)
        events.append(ConditionStarted(who=target, condition="stunned"))
    return events


def full_attack_target(battle, who: str, plan: list, args, grappling: bool) -> tuple[str | None, Refusal | None]:
    """A full attack's stunning blow (``stunning_fist``): declared on its first attack
    with the weapon in hand, judged before any die as the attack action's is (SRD,
    Stunning Fist: "declared before making the attack roll"); not played in a grapple.
    Returns the foe it is declared at and the refusal, if any."""
    if not args.get("stunning_fist"):
        return None, None
    first = next((i for i in plan if isinstance(i, str)), None)
    if first is None or not battle.has(first):
        return None, Refusal("BAD_ARGUMENT", {"key": "stunning_fist"})
    if grappling:
        return None, Refusal("STUNNING_FIST_NOT_IN_GRAPPLE")
    weapon = battle.board().body(who).weapon
    return first, stun_refusal(battle, who, first, unarmed=weapon.is_unarmed and args.get("weapon") in (None, weapon.id))


def stunning_blow(battle, who: str, target: str, blow) -> list:
    """The use is spent as it is declared, hit or miss; a foe the blow damages saves."""
    declare(battle, who)
    strike = blow()
    return strike + after_attack(battle, who, target, strike)
