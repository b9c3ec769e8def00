"""Monsters' special attacks and qualities the combat rules support (the bestiary's
``special`` tables; SRD monster entries, data-digest §4d): natural attack routines
(primary and secondary attacks), trip on a bite, improved grab, paralysis, poison, rend,
pounce and rake, energy drain, regeneration, damage reduction, single actions, and undead
destroyed at 0 hp."""
from __future__ import annotations

from .. import data
from ..data import bestiary
from ..rules import health
from ..rules.attack import parse_dice
from .components import Abilities, Conditions, HitPoints, Stats
from .damage import status_of
from .durations import add_timed_condition
from .events import DamageDealt, Event
from .saving import roll_save
from .state import Poison

from dataclasses import dataclass


@dataclass(frozen=True)
class SpecialUsed(Event):
    who: str
    special: str
    target: str


def specials(battle, cid: str) -> dict:
    return battle.spec(cid).special


def routine(battle, cid: str) -> list[dict] | None:
    """The template's first full-attack routine, when the creature still wields its main
    attack and the routine has natural weapons (a claw/claw/bite and the like)."""
    spec = battle.spec(cid)
    entry = bestiary.get(spec.template) if spec.template else None
    if not entry or not entry.get("full_attack"):
        return None
    first = entry["full_attack"][0]
    if first[0]["weapon"] != battle.board().body(cid).weapon.id:
        return None
    if not any(data.weapons()[a["weapon"]].is_natural for a in first):
        return None
    return first


def routine_slots(attacks: list[dict]) -> list[dict]:
    """Each attack of a routine, counted out: ``count`` times, each iterative bonus."""
    out = []
    for a in attacks:
        for _ in range(a.get("count", 1)):
            for k, _bonus in enumerate(a.get("bonus", [0])):
                out.append({"weapon": a["weapon"], "iterative": k, "secondary": bool(a.get("secondary")),
                            "dice": a.get("damage", "").split("+")[0].split("-")[0], "sole": False})
    if len(out) == 1 and data.weapons()[out[0]["weapon"]].is_natural:
        out[0]["sole"] = True          # a sole natural attack adds 1.5 x Str
    return out


def rake_slots(battle, cid: str) -> list[dict]:
    """The rake's extra claws (SRD "Rake"; lion, dire lion): at the listed bonus, which is
    the creature's base attack, Strength and size without its Weapon Focus on claws, and
    half its Strength to damage; used on a pounce or against a foe held since the start of
    the turn (``grapple_attack``)."""
    rake = specials(battle, cid).get("rake")
    if not rake:
        return []
    dice = rake["damage"].split("+")[0].split("-")[0]
    return [{"weapon": "rake", "iterative": 0, "secondary": False, "half_strength": True, "dice": dice,
             "sole": False} for _ in range(rake.get("count", 2))]


def rock_weapon(battle, cid: str):
    """A giant's thrown rock (SRD "Rock Throwing"; hill giant: +8 ranged, 2d6+7, 36 m
    increments, five at most): a thrown weapon that deals the Medium 1d8 scaled to the
    giant's size (2d6 for Large) with full Strength; a supply of rocks is assumed."""
    from ..rules.weapons import Weapon
    rt = specials(battle, cid).get("rock_throwing")
    if rt is None:
        return None
    return Weapon(id="rock", use="ranged", category="natural", damage_s="1d6", damage_m="1d8",
                  range_ft=rt["range_ft"], types=("B",), thrown=True, names={"en": "Rock", "fr": "Rocher"})


def rock_racial_bonus(battle, cid: str) -> int:
    return specials(battle, cid).get("rock_throwing", {}).get("racial_bonus", 0)


def single_attack_slot(battle, cid: str) -> dict | None:
    r = routine(battle, cid)
    return routine_slots(r)[0] if r else None


def on_hit(battle, attacker: str, target: str, weapon_id: str, declined) -> list:
    """What a hit with a natural weapon brings with it."""
    sp = specials(battle, attacker)
    events: list = []
    if "dead" in battle.board().body(target).conditions:
        return events
    trip = sp.get("trip")
    if trip and trip.get("on") == weapon_id:
        events += _free_trip(battle, attacker, target, trip.get("modifier", 0))
    grab = sp.get("improved_grab")
    if grab and grab.get("on") == weapon_id and not battle.comp(attacker, _grapple_comp()).holding:
        from .actions.grapple import grapple
        events.append(SpecialUsed(who=attacker, special="improved_grab", target=target))
        events += grapple(battle, attacker, target, declined, {"free": True}, improved_grab=True)
    para = sp.get("paralysis")
    if para and weapon_id in (para.get("on") if isinstance(para.get("on"), list) else [para.get("on")]):
        events += _paralysis(battle, attacker, target, para)
    poison = sp.get("poison")
    if poison and poison.get("on") == weapon_id:
        events += _poison(battle, attacker, target, poison, "initial")
    drain = sp.get("energy_drain")
    if drain and drain.get("on") == weapon_id:
        events += energy_drain(battle, attacker, target, drain)
    return events


def energy_drain(battle, who: str, target: str, drain: dict) -> list:
    """Negative levels (SRD "Energy Drain and Negative Levels"; wight): a living creature
    hit gains them: -1 on attack rolls and saves each (``save_bonus``, the Fighter's
    ``negative_levels``), 5 hit points fewer each, a prepared spell of the highest level
    and a caster level lost each; as many as its Hit Dice kill it. The drainer gains 5
    temporary hit points per level. (The Fortitude save that removes them comes a day
    later, after any battle.)"""
    from .components import Offense, Spellcasting
    from .damage import sync_health
    values = battle.comp(target, Stats).values
    if values.get("undead") or "undead_traits" in specials(battle, target) or status_of(battle, target) == "dead":
        return []
    levels = drain.get("levels", 1)
    values["negative_levels"] = values.get("negative_levels", 0) + levels
    hp = battle.comp(target, HitPoints)
    hp.maximum = max(1, hp.maximum - 5 * levels)
    hp.current -= 5 * levels
    sc = battle.comp(target, Spellcasting)
    for _ in range(levels):
        _lose_highest_spell(battle, target, sc)
        sc.caster_level = max(0, sc.caster_level - 1) if sc.caster_level else 0
    battle.comp(who, HitPoints).temporary += drain.get("temporary_hp", 5) * levels
    events: list = [SpecialUsed(who=who, special="energy_drain", target=target)]
    hit_dice = values.get("hd") or max(1, battle.comp(target, Offense).bab)
    if values["negative_levels"] >= hit_dice:
        hp.current = min(hp.current, health.DEAD_AT)           # drained of every level: dead
    battle.changed()
    return events + sync_health(battle, target)


def _lose_highest_spell(battle, cid: str, sc) -> None:
    """A negative level costs a prepared spell, or a spell slot, of the highest level."""
    for level in range(len(sc.slots) - 1, -1, -1):
        if sc.slots[level] > 0:
            sc.slots[level] -= 1
            return
    if not sc.prepared:
        return
    from .actions.spell_sources import entry_level
    sc.prepared.remove(max(sc.prepared, key=lambda entry: entry_level(battle, cid, entry)))


def _grapple_comp():
    from .components import Grapple
    return Grapple


def _free_trip(battle, who: str, target: str, modifier: int) -> list:
    """A free trip after the bite: no touch attack, no attack of opportunity, and the foe
    cannot trip back (SRD wolf)."""
    from ..rules import maneuvers as rules
    from ..rules.modifiers import Modifier, total
    from .actions.maneuvers import _knock_prone, _stable, opposed
    if "prone" in battle.comp(target, Conditions).ids:
        return []
    mine = total([Modifier(modifier, "untyped", "trip_modifier")])
    theirs = rules.resist_check(battle.fighter(target), stable=_stable(battle, target), dex_allowed=True)
    wins, _m, events = opposed(battle, "trip", who, target, mine, theirs)
    events = [SpecialUsed(who=who, special="trip", target=target)] + events
    if wins:
        events += _knock_prone(battle, target, who)
    return events


def _paralysis(battle, who: str, target: str, para: dict) -> list:
    """Ghoul paralysis: Fortitude or paralyzed 1d4+1 rounds; elves are immune."""
    spec = battle.spec(target)
    entry = bestiary.get(spec.template) if spec.template else {}
    if para.get("elves_immune") and (entry or {}).get("race") == "elf":
        return []
    if battle.spec(target).stats.get("undead"):
        return []
    ok, events = roll_save(battle, target, "fort", para["dc"], purpose=f"paralysis {target}")
    if not ok:
        n, sides = parse_dice(para.get("duration", "1d4+1").split("+")[0])
        rounds = sum(battle.dice.roll_dice(n, sides, "paralysis")) + 1
        add_timed_condition(battle, target, "paralyzed", rounds)
    return [SpecialUsed(who=who, special="paralysis", target=target)] + events


def _poison(battle, who: str, target: str, poison: dict, stage: str) -> list:
    """Poison: Fortitude or the initial ability damage; the secondary damage a minute later
    (10 rounds) calls for a second save."""
    ok, events = roll_save(battle, target, "fort", poison["dc"], purpose=f"poison {stage} {target}")
    events = [SpecialUsed(who=who, special=f"poison_{stage}", target=target)] + events
    if not ok:
        dice, ability = poison[stage].split()
        n, sides = parse_dice(dice)
        amount = sum(battle.dice.roll_dice(n, sides, "poison"))
        scores = battle.comp(target, Abilities).scores
        scores[ability] = max(0, scores[ability] - amount)
        battle.changed()
        events.append(SpecialUsed(who=target, special=f"{ability}_damage_{amount}", target=target))
    if stage == "initial":
        battle.shared.poisons.append(Poison(who=who, target=target, poison=dict(poison), round=battle.round + 10))
    return events


def poisons_due(battle) -> list:
    events: list = []
    keep = []
    shared = battle.shared
    for p in shared.poisons:
        if p.round <= battle.round and "dead" not in battle.comp(p.target, Conditions).ids:
            events += _poison(battle, p.who, p.target, p.poison, "secondary")
        elif p.round > battle.round:
            keep.append(p)
    shared.poisons = keep
    return events


def rend(battle, who: str, target: str, hits: list[str]) -> list:
    """Rend: both claws hit the same foe in a round: extra damage (SRD troll)."""
    r = specials(battle, who).get("rend")
    if not r or hits.count("claw") < 2 or "dead" in battle.board().body(target).conditions:
        return []
    from .damage import apply_damage
    dice, _plus, bonus = r["damage"].partition("+")
    n, sides = parse_dice(dice)
    faces = tuple(battle.dice.roll_dice(n, sides, "rend"))
    amount = sum(faces) + int(bonus or 0)
    return [SpecialUsed(who=who, special="rend", target=target),
            DamageDealt(attacker=who, target=target, dice=faces, bonus=int(bonus or 0), amount=amount, nonlethal=False,
                        multiplier=1)] + apply_damage(battle, target, amount, nonlethal=False)


def regenerate(battle, cid: str) -> list:
    """Regeneration heals its amount every round, nonlethal damage first (SRD troll)."""
    reg = specials(battle, cid).get("regeneration")
    if not reg:
        return []
    hp = battle.comp(cid, HitPoints)
    if hp.nonlethal <= 0:
        return []
    from .damage import sync_health
    hp.nonlethal = max(0, hp.nonlethal - reg["amount"])
    return [SpecialUsed(who=cid, special="regeneration", target=cid)] + sync_health(battle, cid)


def reduction_against(battle, cid: str, weapon_types: tuple[str, ...]) -> int:
    """Damage reduction (SRD): what comes off each blow, unless the weapon has the
    bypassing type (bludgeoning for a skeleton, slashing for a zombie)."""
    dr = specials(battle, cid).get("damage_reduction")
    if not dr:
        return 0
    bypass = {"bludgeoning": "B", "slashing": "S", "piercing": "P"}.get(dr.get("bypass"), "")
    if bypass and bypass in weapon_types:
        return 0
    return dr["amount"]


def damage_reduction(battle, cid: str, weapon_types: tuple[str, ...], amount: int) -> int:
    """The damage left of a blow once damage reduction comes off."""
    return max(0, amount - reduction_against(battle, cid, weapon_types))
