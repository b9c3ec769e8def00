"""Damage and its consequences: hit points, nonlethal damage, massive damage, falling
unconscious, dying and death (digest §8.2)."""
from __future__ import annotations

from ..rules import health
from .components import Abilities, Conditions, HitPoints, Stats
from .events import ConditionStarted, HealthChanged
from .saving import roll_save


def apply_damage(battle, target: str, amount: int, nonlethal: bool, energy: str | None = None) -> list:
    """Deal damage; a single blow of 50 or more that does not kill calls for a DC 15
    Fortitude save or death. A regenerating creature takes nonlethal damage from all but
    its bypass energies."""
    from .specials import converts_to_nonlethal
    hp = battle.comp(target, HitPoints)
    events = []
    if not nonlethal and converts_to_nonlethal(battle, target, energy):
        nonlethal = True
    if nonlethal:
        hp.nonlethal += amount
    else:
        absorbed = min(hp.temporary, amount)       # temporary hit points go first
        hp.temporary -= absorbed
        hp.current -= amount - absorbed
        hp.stable = False
        if amount >= health.MASSIVE_DAMAGE and hp.current > health.DEAD_AT:
            ok, saved = roll_save(battle, target, "fort", health.MASSIVE_DC,
                                  purpose=f"massive damage save {target}", kind="fortitude")
            events += saved
            if not ok:
                hp.current = health.DEAD_AT
    events.extend(sync_health(battle, target))
    events.extend(_disturbed_casting(battle, target, amount))
    from .actions.spellwork import distracted_by_damage
    events.extend(distracted_by_damage(battle, target, amount))
    if amount > 0 and "climbing" in battle.comp(target, Conditions).ids:
        from .actions.climbing import hurt_while_climbing
        events.extend(hurt_while_climbing(battle, target))      # hold on or fall
    return events


def _disturbed_casting(battle, cid: str, amount: int) -> list:
    """Damage while casting a spell of 1 round: Concentration DC 10 + damage + level, or
    the spell is lost (digest §4.5)."""
    from .components import Spellcasting
    sc = battle.comp(cid, Spellcasting)
    if not sc.pending or amount <= 0:
        return []
    from .. import data
    from ..rules.spells import concentration_dc
    from .actions.spell_basics import SpellCast, _concentration, spell_level
    spell = data.spells()[sc.pending["spell"]]
    level = sc.pending.get("level") or spell_level(battle, cid, spell)
    ok, events = _concentration(battle, cid, concentration_dc("damage", level, amount), "damage")
    if not ok:
        events.append(SpellCast(caster=cid, spell=sc.pending["spell"], level=level, outcome="lost"))
        sc.pending = None
        battle.comp(cid, Conditions).ids.discard("casting")
        battle.changed()
    return events


def status_of(battle, cid: str) -> str:
    hp = battle.read(cid, HitPoints)
    if battle.read(cid, Stats).values.get("undead") and hp.current <= 0:
        return "dead"          # undead are destroyed at 0 hit points (they have no Con)
    if hp.stable and hp.current < 0 and hp.current > health.DEAD_AT:
        return "stable"
    return health.status(hp.current, hp.nonlethal, battle.read(cid, Abilities).scores["con"])


def sync_health(battle, cid: str) -> list:
    """Make the conditions match the hit points; report the change."""
    status = status_of(battle, cid)
    conds = battle.comp(cid, Conditions).ids
    before = set(conds)
    conds.difference_update(health.HEALTH_CONDITIONS)
    conds.update(health.STATUS_CONDITIONS[status])
    battle.changed()
    hp = battle.comp(cid, HitPoints)
    events = [HealthChanged(who=cid, hp=hp.current, nonlethal=hp.nonlethal, status=status)]
    for c in sorted(conds - before):
        events.append(ConditionStarted(who=cid, condition=c))
    if status in ("unconscious", "dying", "stable", "dead"):
        from .actions.commanding import commander_down
        events += commander_down(battle, cid)
    return events
