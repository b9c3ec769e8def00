"""Objects a creature wears or carries, as targets: snatching a worn item with a disarm,
and striking a carried or worn object (French text "désarmement" and "destruction
d'arme", last paragraphs; data-digest §3 "Carried/worn (not held) object"; SRD Magic
Items, physical descriptions). Pure numbers, no world."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .modifiers import Modifier, Total, total
from .sizes import Size

FASTENINGS = ("loose", "normal", "secure")
SNATCH_LOOSE_BONUS = 4      # a badly fastened cloak, a brooch on a tunic: +4 to the attacker
SNATCH_SECURE_BONUS = 4     # a ring, a bracelet, only from a pinned wearer: +4 to the defender

# Objects carried in a pack, by kind: (object size code, hardness, hit points). SRD Magic
# Items: a potion's vial AC 13, hardness 1, 1 hp; a scroll AC 9, hardness 0, 1 hp; a wand
# AC 7, hardness 5, 5 hp (their unattended ACs, 10 - 5 + size, give Fine, Diminutive and
# Tiny). A flask of a special substance is our ruling: glass (hardness 1, 1 hp per inch,
# data-digest §3), Diminutive.
CARRIED_OBJECTS = {"potion": ("F", 1, 1), "scroll": ("D", 0, 1), "wand": ("T", 5, 5), "flask": ("D", 1, 1)}


def object_ac(size: Size, carrier_dex: int) -> Total:
    """A carried or worn object's AC: 10 + the object's size modifier (Fine +8 ... Colossal
    -8) + its carrier's Dexterity modifier (French text, "destruction d'arme")."""
    return total([Modifier(10, "untyped", "base"), Modifier(size.value.attack_mod, "size", "object_size"),
                  Modifier(carrier_dex, "ability", "carrier_dex")])


def snatch_modifiers(fastening: str) -> tuple[list[Modifier], list[Modifier]]:
    """(attacker's, defender's) extra modifiers on the opposed attack rolls of a snatch
    (French text, "désarmement"): +4 to the attacker for a loosely fastened item; +4 to the
    defender for a secure one (which can only be snatched from a pinned wearer); the item is
    not a melee weapon, so the defender takes -4 as in any disarm of such an item."""
    mine = [Modifier(SNATCH_LOOSE_BONUS, "untyped", "loose_item")] if fastening == "loose" else []
    theirs = [Modifier(-4, "untyped", "not_a_melee_weapon")]
    if fastening == "secure":
        theirs.append(Modifier(SNATCH_SECURE_BONUS, "untyped", "secure_item"))
    return mine, theirs


def damage_object(hp_left: int, damage: int, hardness: int) -> tuple[int, bool]:
    """Damage less hardness comes off the object's hit points; at 0 it is destroyed
    (data-digest §3, sunder). Returns (hit points left, destroyed)."""
    left = max(0, hp_left - max(0, damage - hardness))
    return left, left == 0


def best_bonuses(rows: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    """The bonuses of worn items by type: bonuses of the same type do not stack, the best
    counts (digest §8.1, typed modifiers)."""
    out: dict[str, int] = {}
    for row in rows:
        kind: str = row.get("bonus_type", "")
        if kind:
            out[kind] = max(out.get(kind, 0), int(row.get("bonus", 0)))
    return out
