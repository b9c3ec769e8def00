"""Monsters' special attacks and qualities the combat rules support (the bestiary's
``special`` tables; SRD monster entries, data-digest §4d): natural attack routines
(primary and secondary attacks), poison, rend, constriction, pounce and rake, a giant's
rocks, regeneration, damage reduction, single actions, and undead destroyed at 0 hp. What a
natural weapon's hit brings with it (a trip, improved grab, paralysis, energy drain) is
``actions.natural_hits``."""
from __future__ import annotations

from dataclasses import dataclass

from .. import data
from ..data import bestiary
from ..rules.attack import parse_dice
from ..rules.saves import POISON
from ..rules.weapons import Weapon
from .components import Abilities, Conditions, HitPoints
from .damage import apply_damage, sync_health
from .events import DamageDealt, Event
from .saving import roll_save
from .state import Poison


@dataclass(frozen=True)
class SpecialUsed(Event):
    who: str
    special: str
    target: str


@dataclass(frozen=True)
class LevelsDrained(Event):
    """What an energy drain took (SRD "Energy Drain and Negative Levels"): ``levels``
    gained by ``target`` this hit, its maximum hit points before and after (5 fewer each),
    and the negative levels it now has in all. Follows the ``SpecialUsed`` that names it."""
    who: str
    target: str
    levels: int
    max_hp_before: int
    max_hp_after: int
    negative_levels: int


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
    rt = specials(battle, cid).get("rock_throwing")
    if rt is None:
        return None
    return Weapon(id="rock", use="ranged", category="natural", damage_s="1d6", damage_m="1d8",
                  range_ft=rt["range_ft"], types=("B",), thrown=True, names={"en": "Rock", "fr": "Rocher"})


def single_attack_slot(battle, cid: str) -> dict | None:
    r = routine(battle, cid)
    return routine_slots(r)[0] if r else None


def poison_check(battle, who: str, target: str, poison: dict, stage: str) -> list:
    """Poison (SRD "Poison"): Fortitude or the ``stage``'s ability damage, initial on the
    hit, secondary a minute (10 rounds) later, which calls for a second save."""
    ok, events = roll_save(battle, target, "fort", poison["dc"], purpose=f"poison {stage} {target}",
                           against=POISON)
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
        if p.round <= battle.round and "dead" not in battle.read(p.target, Conditions).ids:
            events += poison_check(battle, p.who, p.target, p.poison, "secondary")
        elif p.round > battle.round:
            keep.append(p)
    shared.poisons = keep
    return events


def rend(battle, who: str, target: str, hits: list[str]) -> list:
    """Rend: both claws hit the same foe in a round: extra damage (SRD troll)."""
    r = specials(battle, who).get("rend")
    if not r or hits.count("claw") < 2 or "dead" in battle.board().body(target).conditions:
        return []
    dice, _plus, bonus = r["damage"].partition("+")
    n, sides = parse_dice(dice)
    faces = tuple(battle.dice.roll_dice(n, sides, "rend"))
    amount = sum(faces) + int(bonus or 0)
    return [SpecialUsed(who=who, special="rend", target=target),
            DamageDealt(attacker=who, target=target, dice=faces, bonus=int(bonus or 0), amount=amount, nonlethal=False,
                        multiplier=1)] + apply_damage(battle, target, amount, nonlethal=False)


def constrict(battle, who: str, target: str) -> list:
    """Constrict (data-digest §4d, "Constrict: listed damage on each successful grapple
    check"; black pudding: 2d6+4 plus 2d6 acid): the grapple calls this after each check
    ``who`` wins against ``target``. The acid is acid energy (a troll's regeneration does
    not soak it)."""
    c = specials(battle, who).get("constrict")
    if not c or "dead" in battle.read(target, Conditions).ids:
        return []
    parts: list[tuple[str, str | None]] = [(c["damage"], None)]
    if c.get("plus"):
        dice, energy = c["plus"].split()
        parts.append((dice, energy))
    events: list = [SpecialUsed(who=who, special="constrict", target=target)]
    for part, energy in parts:
        dice, _plus, bonus = part.partition("+")
        n, sides = parse_dice(dice)
        faces = tuple(battle.dice.roll_dice(n, sides, f"constrict {who} -> {target}"))
        amount = max(1, sum(faces) + int(bonus or 0))
        events.append(DamageDealt(attacker=who, target=target, dice=faces, bonus=int(bonus or 0), amount=amount,
                                  nonlethal=False, multiplier=1))
        events += apply_damage(battle, target, amount, nonlethal=False, energy=energy)
    return events


def regenerate(battle, cid: str) -> list:
    """Regeneration heals its amount every round, nonlethal damage first (SRD troll)."""
    reg = specials(battle, cid).get("regeneration")
    if not reg:
        return []
    hp = battle.comp(cid, HitPoints)
    if hp.nonlethal <= 0:
        return []
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


def reduction_bypass(battle, cid: str) -> str:
    """What overcomes the creature's damage reduction, as the bestiary names it
    ("bludgeoning" for a skeleton's DR 5/bludgeoning); "" when nothing does (DR 5/—) or it
    has none. The log says it after the points it took (SRD notation "DR 5/bludgeoning")."""
    dr = specials(battle, cid).get("damage_reduction") or {}
    return str(dr.get("bypass") or "")


def damage_reduction(battle, cid: str, weapon_types: tuple[str, ...], amount: int) -> int:
    """The damage left of a blow once damage reduction comes off."""
    return max(0, amount - reduction_against(battle, cid, weapon_types))
