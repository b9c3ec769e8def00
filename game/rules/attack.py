"""Attack rolls, armour class, critical hits and damage (digest §8.1, §9.1, §9.2;
French text: "attaque", "attaque à outrance", "combat sur la défensive", "défense totale").

Everything here takes die results as arguments: the engine rolls, the rules judge.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from . import monk, tumble
from .fighters import Fighter
from .modifiers import Modifier, Total, total
from .sizes import Size
from .weapons import Weapon

# Conditions that cost the defender its Dexterity bonus to AC (digest §9.2, §9.3).
# Off balance: a swimmer flailing about after a failed Swim check (SRD "Underwater Combat":
# "An off-balance creature loses its Dexterity bonus to Armor Class, and opponents gain a
# +2 bonus on attacks against it", played as -2 to its AC).
LOSES_DEX = frozenset({"flat_footed", "blinded", "cowering", "stunned", "running", "feinted", "climbing",
                       "off_balance"})
DEX_ZERO = frozenset({"helpless", "paralyzed", "unconscious", "dying", "dead", "stable", "asleep"})


@dataclass(frozen=True)
class AttackSituation:
    """Everything about one attack that is not a creature's own numbers."""

    ranged: bool = False
    touch: bool = False
    charging: bool = False
    flanking: bool = False
    range_increments: int = 1
    into_melee: bool = False          # ranged attack at a foe engaged with the attacker's ally
    cover: str = "none"               # none | soft | cover | improved (total: no attack)
    racial: int = 0                   # a racial bonus on this attack (``racial_attack_bonus``, a giant's rocks)
    racial_source: str = "racial"     # the trait it comes of, as the breakdown names it
    defensively: bool = False         # fighting defensively this round
    off_hand: bool = False
    two_handed: bool = False
    nonlethal_switch: bool = False    # lethal weapon used for nonlethal damage, or the reverse
    attacker_invisible: bool = False
    iterative: int = 0                # 0 for the first attack, 1 for -5, 2 for -10 ...
    twf_penalty: int = 0
    grapple_penalty: int = 0          # striking another grappler: -4 (French text, "lutte")
    aid_bonus: int = 0                # aid another on this attack (+2 per aider)
    aid_ac: int = 0                   # aid another on the defender's AC against this attacker
    higher_ground: int = 0            # +1 mounted against a foe on foot of size M or smaller
    secondary: bool = False           # a secondary natural attack: -5 (-2 with Multiattack)
    mounted_ranged: int = 0           # -4 / -8 shooting from a mount that double moves / runs
    against_movement: bool = False    # an attack of opportunity the defender's own movement provoked
    point_blank: bool = False         # a ranged attack at a target within 30 ft (6 squares)
    in_water: bool = False            # a melee blow struck from deep water, hampered by it (``hampered_in_water``)
    flurry: int = 0                   # the flurry of blows' penalty this round (``monk.flurry_penalty``)
    dodge_against: int = 0            # a dodge bonus the defender has against this attacker (a dwarf's against giants)


POINT_BLANK_SQUARES = 6  # 30 ft (SRD, Point Blank Shot)


def hampered_in_water(weapon: Weapon, swim_speed: bool) -> bool:
    """Is a melee blow struck from the water -2 to hit and half damage? (SRD "Underwater
    Combat", Table: Combat Adjustments Underwater, which applies "whenever a character is
    swimming": slashing or bludgeoning weapons -2 / half for all; claw or tail attacks
    normal with a swim speed, -2 / half without.) A manufactured weapon that can pierce
    strikes as a piercing one, normally; a creature's natural weapons count as its claws
    and tail, save a purely piercing one (a gore), which strikes normally (README ruling)."""
    if weapon.use == "natural":
        return not swim_speed and set(weapon.types) != {"P"}
    if "P" in weapon.types:
        return False
    return bool({"S", "B"} & set(weapon.types))


def halved_in_water(damage: int) -> int:
    """Half damage (round down), a hit still dealing at least 1 (SRD "Underwater Combat")."""
    return max(1, damage // 2)


def point_blank_damage(feats: frozenset[str], ranged: bool, point_blank: bool) -> int:
    """Point Blank Shot (SRD, Feats): +1 on the damage of a ranged attack within 30 ft."""
    return 1 if ranged and point_blank and "point_blank_shot" in feats else 0


MAX_ITERATIVES = 4       # +16/+11/+6/+1 at most (digest §8.3)


def iterative_bonuses(bab: int) -> list[int]:
    """The base attack bonus of each iterative attack, best first: +6/+1, +11/+6/+1,
    +16/+11/+6/+1; a BAB below +6 gives one attack (digest §8.3, "Iterative attacks").
    Unit: points of base attack bonus."""
    out = [bab]
    while out[-1] - 5 >= 1 and len(out) < MAX_ITERATIVES:
        out.append(out[-1] - 5)
    return out


def full_attack_bonuses(bab: int, hasted: bool = False) -> list[int]:
    """The base attack bonus of each attack of a full attack, in the order they are made
    (digest §8.3): the iteratives, and with haste one more attack at the full bonus
    (data-digest §5, haste: "+1 extra attack at full BAB when making a full attack"),
    so BAB +6 hasted attacks at +6/+6/+1. Unit: points of base attack bonus."""
    bonuses = iterative_bonuses(bab)
    return [bonuses[0]] + bonuses if hasted else bonuses


def full_attack_steps(bab: int, hasted: bool = False) -> list[int]:
    """``full_attack_bonuses`` as the -5 steps ``AttackSituation.iterative`` takes:
    0 for an attack at the full bonus, 1 for -5, 2 for -10 ... (digest §8.3)."""
    return [(bab - b) // 5 for b in full_attack_bonuses(bab, hasted)]


def attack_bonus(attacker: Fighter, s: AttackSituation) -> Total:
    """BAB + ability + size + every modifier of digest §9.1 that applies."""
    w = attacker.weapon
    mods = [Modifier(attacker.bab - 5 * s.iterative, "untyped", "bab")]
    if s.ranged:
        mods.append(Modifier(attacker.mod("dex"), "ability", "dex"))
    elif "weapon_finesse" in attacker.feats and (w.use in ("light", "unarmed", "natural") or w.reach in ("chain", "whip")
                                                   or w.id == "rapier"):
        mods.append(Modifier(max(attacker.mod("dex"), attacker.mod("str")), "ability", "dex_finesse"))
    else:
        mods.append(Modifier(attacker.mod("str"), "ability", "str"))
    mods.append(Modifier(attacker.size.value.attack_mod, "size", "size"))
    c = attacker.conditions
    if s.ranged:
        mods.append(Modifier(-2 * max(0, s.range_increments - 1), "untyped", "range"))
        if s.point_blank and "point_blank_shot" in attacker.feats:
            mods.append(Modifier(1, "untyped", "point_blank_shot"))    # SRD, Point Blank Shot: +1 within 30 ft
        if s.into_melee and "precise_shot" not in attacker.feats:
            mods.append(Modifier(-4, "untyped", "shooting_into_melee"))
    else:
        if s.flanking:
            mods.append(Modifier(2, "flanking", "flanking"))
        if s.charging:
            mods.append(Modifier(2, "circumstance", "charge"))
        if s.in_water:
            mods.append(Modifier(-2, "untyped", "in_water"))
        if "prone" in c:
            mods.append(Modifier(-4, "untyped", "prone"))
        # Power Attack and Combat Expertise: the number chosen comes off every melee attack
        # until the creature's next turn, attacks of opportunity included (SRD, Feats).
        if attacker.power_attack:
            mods.append(Modifier(-attacker.power_attack, "untyped", "power_attack"))
        if attacker.expertise:
            mods.append(Modifier(-attacker.expertise, "untyped", "combat_expertise"))
    if "dazzled" in c:
        mods.append(Modifier(-1, "untyped", "dazzled"))
    if "entangled" in c:
        mods.append(Modifier(-2, "untyped", "entangled"))
    if ("shaken" in c or "frightened" in c) and "calmed" not in c:      # calm emotions suppresses fear
        mods.append(Modifier(-2, "morale", "fear"))
    if "sickened" in c:
        mods.append(Modifier(-2, "untyped", "sickened"))
    if "squeezing" in c:
        mods.append(Modifier(-4, "untyped", "squeezing"))
    if s.attacker_invisible or "invisible" in c:
        mods.append(Modifier(2, "untyped", "invisible"))
    if s.defensively:
        mods.append(Modifier(-4, "untyped", "fighting_defensively"))
    if s.nonlethal_switch:
        mods.append(Modifier(-4, "untyped", "nonlethal_switch"))
    if s.twf_penalty:
        mods.append(Modifier(s.twf_penalty, "untyped", "two_weapon_fighting"))
    if s.grapple_penalty:
        # French text, "lutte": "Il subit un malus de -4 sur son jet d'attaque" -- its own
        # source: two-weapon fighting is impossible in a grapple.
        mods.append(Modifier(s.grapple_penalty, "untyped", "grappling_attack"))
    if s.flurry:
        mods.append(Modifier(s.flurry, "untyped", "flurry_of_blows"))
    if s.aid_bonus:
        mods.append(Modifier(s.aid_bonus, "circumstance", "aid_another"))
    if "blessed" in c and "calmed" not in c:      # calm emotions suppresses morale bonuses
        mods.append(Modifier(1, "morale", "bless"))
    if "hasted" in c:
        mods.append(Modifier(1, "untyped", "haste"))
    if "slowed" in c:
        mods.append(Modifier(-1, "untyped", "slow"))          # data-digest §5, slow
    if "magic_weapon" in c:
        mods.append(Modifier(1, "enhancement", "magic_weapon"))
    if attacker.weapon.id in attacker.weapon_focus:
        mods.append(Modifier(1, "untyped", "weapon_focus"))
    if s.racial:
        mods.append(Modifier(s.racial, "racial", s.racial_source))
    if attacker.negative_levels:
        mods.append(Modifier(-attacker.negative_levels, "untyped", "negative_levels"))
    if s.secondary:
        mods.append(Modifier(-2 if "multiattack" in attacker.feats else -5, "untyped", "secondary_attack"))
    if s.higher_ground and not s.ranged:
        mods.append(Modifier(s.higher_ground, "untyped", "higher_ground"))
    if s.mounted_ranged and s.ranged:
        mods.append(Modifier(s.mounted_ranged, "untyped", "mount_moving"))
    return total(mods)


def armor_class(defender: Fighter, s: AttackSituation, attacker_conditions: frozenset[str] = frozenset(),
                flat_footed: bool = False, outside_grapple: bool = True, by_pinner: bool = False) -> Total:
    """The AC this attack must reach: full, touch or flat-footed (digest §8.1, §9.2).
    A grappler loses its Dex bonus against attackers outside the grapple; a pinned one
    also takes -4 against all but its pinner (decisions §6)."""
    c = defender.conditions
    melee = not s.ranged
    mods: list[Modifier] = []
    dex = defender.mod("dex")
    if defender.max_dex is not None:
        dex = min(dex, defender.max_dex)
    if not DEX_ZERO.isdisjoint(c):
        mods.append(Modifier(-5, "ability", "dex_zero"))      # Dex treated as 0
        keep_dex = False
    else:
        # Losing the Dex bonus loses dodge bonuses too; a Dex penalty is never lost.
        keep_dex = not (flat_footed or not LOSES_DEX.isdisjoint(c) or s.attacker_invisible
                        or "invisible" in attacker_conditions
                        or (("grappling" in c or "pinned" in c) and outside_grapple))
        if keep_dex or dex < 0:
            mods.append(Modifier(dex, "ability", "dex"))
    mods.append(Modifier(defender.size.value.attack_mod, "size", "size"))
    if "slowed" in c:
        mods.append(Modifier(-1, "untyped", "slow"))          # a penalty: kept even without Dex
    if not s.touch:
        mods.append(Modifier(defender.armor_bonus, "armor", "armor"))
        mods.append(Modifier(defender.shield_bonus, "shield", "shield"))
        mods.append(Modifier(defender.natural_armor, "natural", "natural"))
        mods.append(Modifier(defender.ac_misc, "untyped", "misc"))
    mods.append(Modifier(defender.deflection, "deflection", "deflection"))
    if defender.monk_level and not defender.armoured and DEX_ZERO.isdisjoint(c) and "pinned" not in c:
        # SRD, Monk, "AC Bonus": "These bonuses to AC apply even against touch attacks or
        # when the monk is flat-footed. She loses these bonuses when she is immobilized or
        # helpless, when she wears any armor, when she carries a shield".
        mods.append(Modifier(monk.ac_bonus(defender.monk_level, defender.mod("wis")), "untyped", "monk"))
    if "shield_of_faith" in c:
        mods.append(Modifier(2, "deflection", "shield_of_faith"))
    if keep_dex:
        if "hasted" in c:
            mods.append(Modifier(1, "dodge", "haste"))
        # +4 and +2 dodge, +6 and +3 with 5 or more Tumble ranks (digest §4.6, §8.1)
        if "total_defense" in c:
            mods.append(Modifier(tumble.dodge_bonus(defender.tumble_ranks, "total_defense"), "dodge", "total_defense"))
        if "fighting_defensively" in c:
            mods.append(Modifier(tumble.dodge_bonus(defender.tumble_ranks, "defensively"), "dodge",
                                 "fighting_defensively"))
        if defender.expertise:
            # A dodge bonus: it stacks with fighting defensively's (French text, "Ce bonus
            # se cumule avec celui du don Expertise du combat") and goes with the Dex bonus.
            mods.append(Modifier(defender.expertise, "dodge", "combat_expertise"))
        if "dodge" in defender.feats:
            mods.append(Modifier(1, "dodge", "dodge"))
        if s.dodge_against:
            # SRD Dwarf: "+4 dodge bonus to Armor Class against monsters of the giant type";
            # a dodge bonus, lost with the Dex bonus
            mods.append(Modifier(s.dodge_against, "dodge", "dwarf_combat_training"))
        if s.against_movement and "mobility" in defender.feats:
            # Mobility (SRD, Feats): +4 dodge against the attacks of opportunity its moving
            # out of or within a threatened area provokes; lost with the Dex bonus.
            mods.append(Modifier(4, "dodge", "mobility"))
    if "charging" in c:
        mods.append(Modifier(-2, "untyped", "charged"))
    if s.cover == "improved":
        # Swimming on the surface against a foe on land (SRD "Underwater Combat", "Attacks
        # from Land": "improved cover (+8 bonus to AC ...)").
        mods.append(Modifier(8, "cover", "improved_cover"))
    elif s.cover == "cover":
        mods.append(Modifier(4, "cover", "cover"))
    elif s.cover == "soft" and s.ranged:
        mods.append(Modifier(4, "cover", "soft_cover"))
    if "prone" in c and DEX_ZERO.isdisjoint(c):
        # A helpless creature lying down: its helpless line already counts as prone
        # ("equivalent to attacking a prone target", SRD Helpless).
        mods.append(Modifier(-4 if melee else 4, "untyped", "prone"))
    if not DEX_ZERO.isdisjoint(c) and melee:
        mods.append(Modifier(-4, "untyped", "helpless"))
    elif "pinned" in c and not by_pinner:
        mods.append(Modifier(-4, "untyped", "pinned"))
    for cond in ("blinded", "cowering", "stunned", "off_balance"):
        if cond in c:
            mods.append(Modifier(-2, "untyped", cond))
    if "squeezing" in c:
        mods.append(Modifier(-4, "untyped", "squeezing"))
    if "kneeling" in c or "sitting" in c:
        mods.append(Modifier(-2 if melee else 2, "untyped", "kneeling"))
    if s.aid_ac:
        mods.append(Modifier(s.aid_ac, "circumstance", "aid_another"))
    return total(mods, base=10)


@dataclass(frozen=True)
class RollOutcome:
    hit: bool
    threat: bool
    natural: int
    result: int


def judge_attack(d20: int, bonus: int, ac: int, threat_from: int) -> RollOutcome:
    """Natural 1 misses, natural 20 hits; a threat needs the roll to hit (digest §8.1)."""
    result = d20 + bonus
    hit = d20 == 20 or (d20 != 1 and result >= ac)
    return RollOutcome(hit, hit and d20 >= threat_from, d20, result)


def confirms(d20: int, bonus: int, ac: int) -> bool:
    """The confirmation roll crits when it would hit (a natural 1 misses)."""
    return d20 == 20 or (d20 != 1 and d20 + bonus >= ac)


def combined_multiplier(*multipliers: int) -> int:
    """How many times the damage is rolled when it is multiplied several times (a
    critical, a lance charge from a mount, a set weapon): each multiplier works off the
    original damage, so they add (digest §8.1, "Several multipliers add, each using the
    base damage: x2 and x2 -> x3"; SRD "Multiplying Damage"): a x3 critical on a x2
    lance charge is x4. A multiplier of 1 or less adds nothing. Unit: rolls of the
    damage."""
    return 1 + sum(m - 1 for m in multipliers if m > 1)


# Damage dice by wielder size, from the Medium dice (data-digest §1 "Tiny and Large").
_LARGER = {"1d2": "1d3", "1d3": "1d4", "1d4": "1d6", "1d6": "1d8", "1d8": "2d6", "1d10": "2d8", "1d12": "3d6",
           "2d4": "2d6", "2d6": "3d6", "2d8": "3d8", "2d10": "4d8", "3d6": "4d6", "3d8": "4d8", "4d6": "6d6",
           "4d8": "6d8", "6d6": "8d6", "6d8": "8d8"}
_TINY = {"1d2": "1", "1d3": "1", "1d4": "1d2", "1d6": "1d3", "1d8": "1d4", "1d10": "1d6", "1d12": "1d8",
         "2d4": "1d4", "2d6": "1d8", "2d8": "1d10", "2d10": "2d6"}


def damage_dice(damage_s: str, damage_m: str, size: Size) -> str:
    """The weapon's dice for a wielder of ``size``; "" for none, "1" for a flat point."""
    if size is Size.S:
        return damage_s
    if size is Size.M or not damage_m:
        return damage_m
    if size.order < Size.M.order:
        step = _TINY.get(damage_m, damage_m)
        return step if size is Size.T else "1"
    dice = damage_m
    for _ in range(size.order - Size.M.order):
        dice = _LARGER.get(dice, dice)
    return dice


def parse_dice(dice: str) -> tuple[int, int]:
    """'2d6' -> (2, 6); '1' -> (1, 1)."""
    if not dice:
        return (0, 0)
    if "d" not in dice:
        return (int(dice), 1)
    n, s = dice.split("d")
    return int(n), int(s)


def strength_to_damage(attacker: Fighter, *, ranged: bool, thrown: bool, two_handed: bool, off_hand: bool) -> int:
    """Strength on damage (digest §8.1): x1, x1/2 off hand, x1 1/2 two-handed; bows take
    penalties only; thrown weapons and slings add it; splash weapons do not."""
    s = attacker.mod("str")
    w = attacker.weapon
    if ranged and not thrown:
        if w.id == "sling":
            return s
        if "bow" in w.id and "crossbow" not in w.id:
            return min(0, s)       # bows take a Strength penalty, never a bonus
        return 0                   # crossbows and other projectiles: no Strength at all
    if off_hand and s > 0:
        return s // 2
    if two_handed and s > 0 and w.use not in ("light", "unarmed"):
        return s * 3 // 2
    return s


def weapon_is_two_handed(weapon: Weapon) -> bool:
    return weapon.use == "two_handed"


def racial_attack_bonus(special: Mapping[str, Mapping[str, Any]], target_flags: Mapping[str, object], *,
                        thrown: bool, sling: bool) -> tuple[int, str]:
    """The racial bonus a creature's race gives on this attack, with the trait it comes of
    (SRD Races): a dwarf +1 against orcs and goblinoids (``dwarf_hatred``), a halfling +1
    with thrown weapons and slings (``halfling_throwing``). Racial bonuses do not stack:
    the higher applies. (0, "racial") when none does."""
    found = [(0, "racial")]
    hatred = special.get("dwarf_hatred")
    if hatred is not None and (target_flags.get("orc") or target_flags.get("goblinoid")):
        found.append((int(hatred.get("attack", 0)), "dwarf_hatred"))
    throwing = special.get("halfling_throwing")
    if throwing is not None and (thrown or sling):
        found.append((int(throwing.get("attack", 0)), "halfling_throwing"))
    return max(found, key=lambda f: f[0])
