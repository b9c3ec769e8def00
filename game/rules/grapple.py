"""Grapple numbers (French text "lutte" and "le garrot"; digest §9.3 "Grappling" and
"Pinned"; data-digest §4d improved grab). The engine rolls the opposed checks; these
functions give the modifiers, the size limits and the damage. Unit: points on the d20
scale for checks and AC, hit points for damage, grappler "weights" for crowding.
"""
from __future__ import annotations

from typing import Iterable

from .fighters import Fighter
from .modifiers import Modifier, Total, total
from .reasons import Refusal
from .sizes import Size
from .weapons import Weapon

LETHAL_PENALTY = -4        # dealing lethal damage with a grapple check (French text)
IMPROVED_GRAPPLE = 4       # Improved Grapple feat on grapple checks (SRD-FT)
PINNED_FOE_BONUS = 4       # moving a lone pinned foe (French text, "se déplacer")
WEAPON_PENALTY = -4        # attacking while grappling, with a light weapon or the opponent's
MAX_GRAPPLERS = 4          # weight of grapplers on one foe (French text)

# Cutting a garrote (French text, "couper le garrot"): a small weapon's AC 11 with +10 cover
# in the throat; -4 on the attack so as not to cut one's own throat.
GARROTE_CUT_AC = 21
GARROTE_CUT_PENALTY = -4


def grapple_modifier(bab: int, str_mod: int, size: Size) -> Total:
    """The grapple modifier: base attack bonus + Strength modifier + special size modifier
    (French text, "lutte": Colossal +16 ... Medium 0 ... Fine -16; digest §9.3)."""
    return total([Modifier(bab, "untyped", "bab"), Modifier(str_mod, "ability", "str"),
                  Modifier(size.value.grapple_mod, "size", "special_size")])


def grapple_check(f: Fighter, *, lethal: bool = False, improved: bool = False,
                  moving_pinned_foe: bool = False, iterative: int = 0) -> Total:
    """A creature's grapple check bonus: its grapple modifier (with Strength as its
    conditions leave it), -4 to deal lethal damage, +4 with Improved Grapple, +4 to move a
    lone pinned foe (French text, "lutte").

    ``iterative``: the check is made "en remplacement d'une attaque", the n-th of a full
    attack (0 for the first): its base attack bonus is that attack's, 5 less per step, as
    for an attack roll ("avec un bonus de base réduit normalement pour chaque attaque
    supplémentaire")."""
    mods = [Modifier(f.bab - 5 * iterative, "untyped", "bab"), Modifier(f.mod("str"), "ability", "str"),
            Modifier(f.size.value.grapple_mod, "size", "special_size")]
    if lethal:
        mods.append(Modifier(LETHAL_PENALTY, "untyped", "lethal"))
    if moving_pinned_foe:
        mods.append(Modifier(PINNED_FOE_BONUS, "untyped", "pinned_foe"))
    if improved:
        mods.append(Modifier(IMPROVED_GRAPPLE, "untyped", "improved_grapple"))
    return total(mods)


def can_hold(grappler: Size, target: Size) -> bool:
    """A grab fails to hold a target two or more size categories larger (French text,
    "lutte"; digest §9.3)."""
    return target.order < grappler.order + 2


def can_improved_grab(grabber: Size, target: Size) -> bool:
    """Improved grab works only on a foe at least one size category smaller than the
    grabber (data-digest §4d, "Improved grab (general)"; SRD "Improved Grab": "unless
    otherwise noted", and no creature of the bestiary notes otherwise)."""
    return target.order < grabber.order


def grappler_weight(grappler: Size, target: Size) -> float:
    """How much a grappler counts towards the four on one foe (French text, "lutte"): a
    smaller one 1/2, the same size 1, one size larger 2, two or more larger 4."""
    diff = grappler.order - target.order
    return 0.5 if diff < 0 else 1 if diff == 0 else 2 if diff == 1 else 4


def has_room_to_join(holders: Iterable[Size], joiner: Size, target: Size) -> bool:
    """Can one more grappler of size ``joiner`` join those already holding ``target``?
    At most four, counted by ``grappler_weight`` (French text, "lutte")."""
    weights = sum(grappler_weight(h, target) for h in holders)
    return weights + grappler_weight(joiner, target) <= MAX_GRAPPLERS


def unarmed_grapple_damage(dice_total: int, str_mod: int) -> int:
    """Damage from a won grapple check: an unarmed strike's dice + Strength modifier, at
    least 1 (French text, "lutte": 1d3 for Medium, 1d2 for Small, + Str; digest §8.1)."""
    return max(1, dice_total + str_mod)


def garrote_reaches(garroter: Size, target: Size, target_down: bool) -> bool:
    """The garrote must go over the head: not on a target more than two sizes larger,
    unless it is lying down (French text, "le garrot")."""
    return target.order <= garroter.order + 2 or target_down


def garrote_ac(target: Size) -> Total:
    """The touch AC against a garrote: 10 + the target's size modifier (French text, "le
    garrot": size and any special neck armour, which the game does not model)."""
    return total([Modifier(target.value.attack_mod, "size", "size")], base=10)


def garrote_strength(str_mod: int) -> int:
    """Strength on garrote damage: one and a half times a bonus, both hands used; a
    penalty counts whole (French text, "le garrot")."""
    return str_mod * 3 // 2 if str_mod > 0 else str_mod


def attack_in_grapple_refusal(weapon: Weapon, *, ranged: bool, at_grappler: bool, pinned: bool,
                              pinning: bool) -> Refusal | None:
    """What refuses an attack by a creature locked in a grapple (French text, "lutte"), or
    None: it may then strike another grappler, at -4 (``WEAPON_PENALTY``).

    - "Un combattant en situation de lutte n'intervient plus sur le reste du combat": no
      bow, crossbow or sling, nothing thrown (``ranged``: the attack would be a ranged one),
      nobody outside the grapple;
    - "Le personnage peut attaquer un autre lutteur à mains nues ou à l'aide d'une arme
      naturelle ou d'une arme manufacturée légère. Il subit un malus de -4 sur son jet
      d'attaque.";
    - pinned, it may only try to escape (the engine's reading of "Lors de son tour de jeu,
      le personnage peut tenter de se dégager");
    - pinning a foe: "Il est impossible de dégainer ou d'utiliser une arme (contre
      quiconque) [...] tant qu'on immobilise une créature", and the pinner "dispose des
      options précédentes : infliger des dégâts, retourner son arme contre lui et se
      déplacer" — attacking is not among them, unarmed or not: it deals its damage with a
      grapple check (``grapple_damage``) or turns the foe's weapon on it."""
    if pinned:
        return Refusal("PINNED_ONLY_ESCAPE")
    if weapon.is_ranged or ranged:
        return Refusal("GRAPPLED_NO_RANGED", {"weapon": weapon.id})
    if not at_grappler:
        return Refusal("GRAPPLED_ONLY_GRAPPLERS")
    if not (weapon.is_unarmed or weapon.is_natural or weapon.use == "light"):
        return Refusal("GRAPPLE_LIGHT_WEAPON_ONLY", {"weapon": weapon.id})
    if pinning:
        return Refusal("PINNING_NO_WEAPON", {"weapon": weapon.id})
    return None
