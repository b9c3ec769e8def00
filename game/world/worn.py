"""Worn items and the objects a creature carries: the bonuses of what it wears, and the
numbers of an object as a target (French text "désarmement" and "destruction d'arme";
data-digest §3; SRD Magic Items)."""
from __future__ import annotations

from .. import data
from ..rules.objects import CARRIED_OBJECTS, best_bonuses
from .components import Hands, Worn


def worn_bonus(battle, cid: str, kind: str) -> int:
    """The best bonus of that type (``resistance`` on saves, ``deflection`` to AC,
    ``natural_armor`` enhancement) among the items the creature wears now; an item
    snatched or destroyed no longer counts, nor one merely held."""
    table = data.worn_items()
    return best_bonuses([table[i] for i in battle.read(cid, Worn).items if i in table]).get(kind, 0)


def armour_check_penalty(battle, cid: str) -> int:
    """The armour check penalty of the armour and shield the creature wears (SRD Table:
    Armor and Shields, ``check_penalty``; 0 or negative), for the skills it applies to:
    Climb, and the Ride check of a fast mount or dismount."""
    spec = battle.spec(cid)
    shield = None if battle.read(cid, Hands).shield_dropped else spec.shield       # one lying on the ground weighs nothing
    return sum(data.armor()[a].get("check_penalty", 0) for a in (spec.armor, shield) if a)


def object_numbers(item: str) -> tuple[str, int, int] | None:
    """(size code, hardness, hit points) of an item as an object to strike: a worn item
    from its table, a potion, scroll or wand from its kind, a flask of a substance; None
    for what is not such an object (weapons, armour)."""
    worn = data.worn_items().get(item)
    if worn is not None:
        return worn["size"], worn["hardness"], worn["hp"]
    magic = data.magic_items().get(item)
    if magic is not None:
        return CARRIED_OBJECTS.get(magic["kind"])
    if item in data.substances():
        return CARRIED_OBJECTS["flask"]
    return None


def item_name(item: str, lang: str) -> str:
    """An item's name in that language (worn items, magic items, substances, weapons)."""
    for table in (data.worn_items(), data.magic_items(), data.substances(), data.armor()):
        if item in table:
            return table[item].get(f"name_{lang}") or table[item].get("name_en") or item
    weapon = data.weapons().get(item)
    return weapon.names.get(lang, item) if weapon else item
