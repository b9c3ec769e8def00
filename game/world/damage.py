"""Damage and its consequences: hit points, nonlethal damage, massive damage, falling
unconscious, dying and death (digest §8.2)."""
from __future__ import annotations

from ..rules import health
from ..rules.modifiers import ability_modifier
from .components import Abilities, Conditions, HitPoints, Stats
from .events import ConditionStarted, HealthChanged, SavingThrow
from .worn import worn_bonus


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
            fort = fortitude_bonus(battle, target)
            d20 = battle.dice.roll(20, f"massive damage save {target}")
            ok = d20 != 1 and (d20 == 20 or d20 + fort >= health.MASSIVE_DC)
            events.append(SavingThrow(who=target, kind="fortitude", d20=d20, bonus=fort, dc=health.MASSIVE_DC, success=ok))
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
    from ..content import data
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


FEAR = frozenset({"shaken", "frightened", "panicked"})


def save_bonus(battle, cid: str, save: str) -> int:
    """A saving throw's total bonus: the scenario's (or template's) ``fort``, ``ref`` or
    ``will`` as the stat block prints it (without one, the ability modifier alone), then
    what the creature's state changes (digest §9.3): -2 when shaken, frightened or
    panicked (one fear penalty), -2 when sickened, -1 per negative level; on Reflex, the
    Dexterity it has lost (fatigued, exhausted, entangled) and haste's +1 dodge; the
    resistance bonus of a worn item (a cloak of resistance) while it is worn."""
    values = battle.comp(cid, Stats).values
    scores = battle.comp(cid, Abilities).scores
    ability = {"fort": "con", "ref": "dex", "will": "wis"}[save]
    bonus = values[save] if save in values else ability_modifier(scores[ability])
    conds = battle.comp(cid, Conditions).ids
    if conds & FEAR and "calmed" not in conds:      # calm emotions suppresses fear
        bonus -= 2
    if "sickened" in conds:
        bonus -= 2
    bonus -= values.get("negative_levels", 0)
    bonus += worn_bonus(battle, cid, "resistance")
    if save == "ref":
        bonus += battle.fighter(cid).mod("dex") - ability_modifier(scores["dex"])
        if "hasted" in conds:
            bonus += 1
    return bonus


def fortitude_bonus(battle, cid: str) -> int:
    return save_bonus(battle, cid, "fort")


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
