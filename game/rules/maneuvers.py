"""Special attacks' numbers: opposed checks, size and stability, pushes and sunder
tables (French text "attaques spéciales": bousculade, croc-en-jambe, désarmement,
destruction d'arme, renversement; digest §2.1, §4.7; data-digest §3). The grapple's
numbers are in ``grapple``."""
from __future__ import annotations

from .fighters import Fighter
from .modifiers import Modifier, Total, total
from .sizes import Size
from .weapons import Weapon

STABILITY = 4


def size_mod(size: Size) -> int:
    """+4 per category above Medium, -4 per category below (opposed Strength checks)."""
    return 4 * (size.order - Size.M.order)


def may_target_size(attacker: Size, target: Size) -> bool:
    """Bull rush, trip and overrun: the target at most one size category larger."""
    return target.order <= attacker.order + 1


def strength_check(f: Fighter, *, charging: bool = False, improved: bool = False) -> Total:
    """The attacker's Strength check (bull rush, overrun, trip)."""
    mods = [Modifier(f.mod("str"), "ability", "str"), Modifier(size_mod(f.size), "size", "size")]
    if charging:
        mods.append(Modifier(2, "untyped", "charge"))
    if improved:
        mods.append(Modifier(4, "untyped", "improved"))
    return total(mods)


def resist_check(f: Fighter, *, stable: bool, dex_allowed: bool) -> Total:
    """The defender's Strength (or Dexterity, if better and allowed) check, with size and
    the +4 stability bonus of creatures with more than two legs or hard to move."""
    ability = "dex" if dex_allowed and f.mod("dex") > f.mod("str") else "str"
    mods = [Modifier(f.mod(ability), "ability", ability), Modifier(size_mod(f.size), "size", "size")]
    if stable:
        mods.append(Modifier(STABILITY, "untyped", "stability"))
    return total(mods)


def opposed_weapon_mods(f: Fighter, other: Fighter, weapon: Weapon, *, improved: bool = False,
                        not_melee_item: bool = False) -> list[Modifier]:
    """Disarm and sunder opposed attack rolls: two-handed +4, light -4 (unarmed is light),
    +4 per size category for the larger, a weapon's disarm bonus (disarm only, passed as
    ``weapon.disarm_bonus``), Improved feats +4, -4 for a non-melee item."""
    mods = []
    if weapon.use == "two_handed":
        mods.append(Modifier(4, "untyped", "two_handed"))
    elif weapon.use in ("light", "unarmed") or weapon.is_unarmed:
        mods.append(Modifier(-4, "untyped", "light_weapon"))
    diff = f.size.order - other.size.order
    if diff > 0:
        mods.append(Modifier(4 * diff, "untyped", "larger"))
    if improved:
        mods.append(Modifier(4, "untyped", "improved"))
    if not_melee_item:
        mods.append(Modifier(-4, "untyped", "not_a_melee_weapon"))
    return mods


def push_squares(margin: int, follow: bool) -> int:
    """Bull rush: 1.5 m, plus 1.5 m per 5 points over the defender's check when the
    attacker follows (French text, "bousculade")."""
    return 1 + (margin // 5 if follow else 0)


# Sunder: hardness and hit points of Medium items (data-digest §3; the weapon rows are
# that digest's suggested mapping).
SUNDER_ROWS = {
    "light_blade": (10, 2), "one_handed_blade": (10, 5), "two_handed_blade": (10, 10),
    "light_metal_hafted": (10, 10), "one_handed_metal_hafted": (10, 20), "light_hafted": (5, 2),
    "one_handed_hafted": (5, 5), "two_handed_hafted": (5, 10), "projectile_weapon": (5, 5),
    "buckler": (10, 5), "light_wooden_shield": (5, 7), "heavy_wooden_shield": (5, 15),
    "light_steel_shield": (10, 10), "heavy_steel_shield": (10, 20), "tower_shield": (5, 20),
}
_WEAPON_ROW = {}
for _row, _ids in {
    "light_blade": "dagger punching_dagger kukri short_sword sickle kama siangham",
    "one_handed_blade": "longsword scimitar rapier bastard_sword",
    "two_handed_blade": "greatsword falchion two_bladed_sword scythe",
    "light_metal_hafted": "light_mace light_hammer light_pick handaxe throwing_axe sai spiked_gauntlet gauntlet",
    "one_handed_metal_hafted": "heavy_mace morningstar flail warhammer heavy_pick battleaxe dwarven_waraxe",
    "light_hafted": "nunchaku sap",
    "one_handed_hafted": "club shortspear trident whip javelin",
    "two_handed_hafted": ("quarterstaff spear longspear greatclub glaive guisarme halberd lance ranseur greataxe "
                          "heavy_flail dire_flail orc_double_axe dwarven_urgrosh gnome_hooked_hammer spiked_chain"),
    "projectile_weapon": ("shortbow longbow composite_shortbow composite_longbow light_crossbow heavy_crossbow "
                          "hand_crossbow repeating_light_crossbow repeating_heavy_crossbow sling"),
}.items():
    for _id in _ids.split():
        _WEAPON_ROW[_id] = _row


def sunder_numbers(item_id: str, size: Size) -> tuple[int, int] | None:
    """(hardness, hit points) of a held weapon or shield of a wielder's size; None when it
    cannot be sundered (natural weapons, unarmed strikes)."""
    row = _WEAPON_ROW.get(item_id) or (item_id if item_id in SUNDER_ROWS else None)
    if row is None:
        return None
    hardness, hp = SUNDER_ROWS[row]
    steps = size.order - Size.M.order
    hp = hp * (2 ** steps) if steps >= 0 else max(1, hp // (2 ** -steps))
    return hardness, hp


def can_sunder_with(weapon: Weapon) -> bool:
    """Only a slashing or bludgeoning melee weapon sunders (French text, "destruction")."""
    return not weapon.is_ranged and bool({"S", "B"} & set(weapon.types)) and not weapon.is_unarmed
