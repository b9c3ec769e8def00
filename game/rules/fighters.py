"""A creature's combat numbers as the attack rules need them (digest §8.1), plain values."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import AbstractSet

from .modifiers import ability_modifier
from .sizes import Size
from .weapons import UNARMED, Weapon


def score_under(ability: str, score: int, conditions: AbstractSet[str]) -> int:
    """An ability score as the creature's conditions leave it (digest §9.3): exhausted
    -6 Str and Dex, fatigued -2 Str and Dex (the worse of the two only), entangled -4
    Dex. Unit: ability points."""
    if ability in ("str", "dex"):
        if "exhausted" in conditions:
            score -= 6
        elif "fatigued" in conditions:
            score -= 2
    if ability == "dex" and "entangled" in conditions:
        score -= 4
    return score


@dataclass(frozen=True)
class Fighter:
    id: str
    side: str
    size: Size = Size.M
    bab: int = 0
    abilities: dict[str, int] = field(default_factory=lambda: dict.fromkeys(("str", "dex", "con", "int", "wis", "cha"), 10))
    weapon: Weapon = UNARMED
    armor_bonus: int = 0
    shield_bonus: int = 0
    max_dex: int | None = None       # from armour; None = no cap
    natural_armor: int = 0
    deflection: int = 0
    ac_misc: int = 0                 # what a scenario's ``ac`` adds beyond its known parts
    feats: frozenset[str] = frozenset()
    conditions: frozenset[str] = frozenset()
    weapon_focus: frozenset[str] = frozenset()   # weapon ids of its Weapon Focus feats
    negative_levels: int = 0         # energy drain: -1 on attack rolls each
    power_attack: int = 0            # points chosen this round (combat_feats): -attack, +damage in melee
    expertise: int = 0               # Combat Expertise points: -attack in melee, +dodge AC
    monk_level: int = 0              # the monk's class features (``rules.monk``)
    armoured: bool = False           # wears armour or carries a shield: no monk AC bonus nor flurry
    tumble_ranks: int = 0            # 5 or more: better dodge bonuses when defending (``rules.tumble``)

    def mod(self, ability: str) -> int:
        """Ability modifier, with the conditions that change the score (digest §9.3)."""
        return ability_modifier(score_under(ability, self.abilities.get(ability, 10), self.conditions))

    @property
    def armed_unarmed(self) -> bool:
        return "improved_unarmed_strike" in self.feats
