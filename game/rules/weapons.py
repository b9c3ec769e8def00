"""Weapons as the rules see them: how they reach and whether they threaten.

The table of every SRD weapon lives in ``game/data/tables/weapons.toml``; this module
holds the shape of one entry and the reach rules (digest §3, decisions §2).
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Weapon:
    id: str
    use: str = "unarmed"          # unarmed | light | one_handed | two_handed | ranged | natural
    category: str = "simple"      # simple | martial | exotic | natural
    damage_s: str = ""
    damage_m: str = ""
    threat: int = 20
    multiplier: int = 2
    range_ft: int = 0
    types: tuple[str, ...] = ()
    reach: str = "normal"         # normal | reach | chain | whip
    thrown: bool = False
    trip: bool = False
    disarm_bonus: int = 0
    set_vs_charge: bool = False
    nonlethal: bool = False
    double: bool = False
    monk: bool = False            # a special monk weapon (SRD, Monk, "Flurry of Blows")
    damage_s2: str = ""           # the other end of a double weapon
    damage_m2: str = ""
    threat2: int = 20
    multiplier2: int = 2
    ammunition: str = ""          # arrows | bolts | bullets: what a projectile weapon shoots
    names: dict[str, str] = field(default_factory=dict, compare=False, hash=False)

    @property
    def is_ranged(self) -> bool:
        return self.use == "ranged"

    @property
    def is_unarmed(self) -> bool:
        return self.id == "unarmed"

    @property
    def is_natural(self) -> bool:
        return self.use == "natural"

    @property
    def range_increment_squares(self) -> int:
        """Range increment in squares (10 ft = 2 squares)."""
        return self.range_ft // 5


def other_end(weapon: "Weapon") -> "Weapon":
    """A double weapon's second end, as a light off-hand weapon (digest §11.1)."""
    from dataclasses import replace
    return replace(weapon, damage_s=weapon.damage_s2 or weapon.damage_s, damage_m=weapon.damage_m2 or weapon.damage_m,
                   threat=weapon.threat2, multiplier=weapon.multiplier2, use="light")


# Thrown weapons held one in each hand (French text, "combat à deux armes": "Les règles
# sont les mêmes pour un personnage qui utilise une arme de jet dans chaque main. Les dards
# et les shurikens sont alors traités comme des armes légères, tandis que les bolas, le
# filet, la fronde et les javelines sont considérés comme des armes à une main"). The
# sling is left out: it is loaded, and the engine loads the main hand's weapon only.
THROWN_AS_LIGHT = frozenset({"dart", "shuriken"})
THROWN_AS_ONE_HANDED = frozenset({"bolas", "net", "javelin"})


def fits_one_hand(weapon: Weapon) -> bool:
    """Can it be held in the off hand: a light or one-handed weapon, an unarmed strike, a
    crossbow held in one hand, or a thrown weapon (``THROWN_AS_LIGHT``,
    ``THROWN_AS_ONE_HANDED``)."""
    if weapon.use in ("light", "one_handed", "unarmed"):
        return True
    return weapon.id.endswith("crossbow") or weapon.id in THROWN_AS_LIGHT | THROWN_AS_ONE_HANDED


def is_light_off_hand(weapon: Weapon) -> bool:
    """A light weapon for the two-weapon fighting penalties (digest §11.1): light weapons,
    unarmed strikes (French text: "Les attaques à mains nues comptent comme des armes
    légères (pour ce qui est des malus du combat à deux armes"), darts and shuriken."""
    return weapon.use in ("light", "unarmed") or weapon.id in THROWN_AS_LIGHT


# A shield's bash, as a weapon row (data-digest "Shield bash: light shield = light weapon,
# heavy shield = one-handed weapon (martial, bludgeoning)"; shield spikes make it piercing,
# one size-step more damage: light_spiked_shield, heavy_spiked_shield). The buckler and the
# tower shield "cannot bash": they are not here.
SHIELD_BASHES = {"light_wooden_shield": ("light_shield_bash", "light_spiked_shield"),
                 "light_steel_shield": ("light_shield_bash", "light_spiked_shield"),
                 "heavy_wooden_shield": ("heavy_shield_bash", "heavy_spiked_shield"),
                 "heavy_steel_shield": ("heavy_shield_bash", "heavy_spiked_shield")}
BASH_WEAPONS = frozenset(w for pair in SHIELD_BASHES.values() for w in pair)


def shield_bash_weapon(shield: str | None, spiked: bool = False) -> str | None:
    """The weapon row a shield bashes with, or None for a shield that cannot bash."""
    pair = SHIELD_BASHES.get(shield or "")
    return pair[spiked] if pair else None


UNARMED = Weapon(id="unarmed", use="unarmed", damage_s="1d2", damage_m="1d3", types=("B",), nonlethal=True)


@dataclass(frozen=True)
class ReachBand:
    """Squares strictly farther than ``inner`` and no farther than ``outer`` (squares).

    ``outer == 2`` uses the 10-ft diagonal exception when the variant is on.
    """

    inner: int
    outer: int


def melee_band(weapon: Weapon, natural_reach: int) -> ReachBand | None:
    """Where a creature can make melee attacks with ``weapon`` (digest §3, SRD-EQ Reach).

    - normal weapons, unarmed strikes and natural weapons: natural reach;
    - reach weapons (glaive, guisarme, lance, longspear, ranseur): twice natural reach,
      not at natural reach or closer;
    - spiked chain: both;
    - whip: 15 ft (3 squares), adjacent too.
    Ranged weapons and reach 0 give nothing (Tiny creatures must enter the square).
    """
    if weapon.is_ranged or natural_reach <= 0:
        return None
    if weapon.reach == "reach":
        return ReachBand(natural_reach, 2 * natural_reach)
    if weapon.reach == "chain":
        return ReachBand(0, 2 * natural_reach)
    if weapon.reach == "whip":
        return ReachBand(0, 3 * natural_reach)
    return ReachBand(0, natural_reach)


def threat_band(weapon: Weapon, natural_reach: int, armed_unarmed: bool) -> ReachBand | None:
    """Squares threatened (decisions §2): like ``melee_band`` except that the whip
    threatens nothing, and an unarmed strike threatens only when it counts as armed
    (Improved Unarmed Strike, monk; digest §3)."""
    if weapon.reach == "whip":
        return None
    if weapon.is_unarmed and not armed_unarmed:
        return None
    return melee_band(weapon, natural_reach)


def in_band(gx: int, gy: int, band: ReachBand, diagonal_exception: bool) -> bool:
    """Is a square at axis gaps (gx, gy) from the nearest square of the space inside the band?"""
    return _within(gx, gy, band.outer, diagonal_exception) and not _within(gx, gy, band.inner, diagonal_exception)


def _within(gx: int, gy: int, reach: int, diagonal_exception: bool) -> bool:
    if reach <= 0:
        return gx == 0 and gy == 0
    if reach == 2 and diagonal_exception:
        # 10-ft reach reaches two diagonals away (REACH-NOTE, decisions §2).
        return gx <= 2 and gy <= 2
    d = gx + gy // 2 if gx >= gy else gy + gx // 2
    return d <= reach
