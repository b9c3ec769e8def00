"""The racial traits of the heroes' races that the engine plays in a battle (SRD Races:
Dwarves, Elves, Halflings), read from the creature's sheet (its template's ``special``)
and judged by ``rules.attack`` and ``rules.saves``:

- a dwarf: +4 dodge to AC against giants (``dwarf_combat_training``), +1 racial on attack
  rolls against orcs and goblinoids (``dwarf_hatred``), +2 racial on saves against poison
  and against spells and spell-like effects (``dwarf_hardiness``);
- an elf: immune to magic sleep, +2 racial on saves against enchantments (``elf_immunities``);
- a halfling: +1 racial on attack rolls with thrown weapons and slings
  (``halfling_throwing``), +2 morale on saves against fear (``halfling_courage``); its +1
  on every save is in its sheet's saves.
"""
from __future__ import annotations

from .. import data
from ..rules import attack as attack_rules, saves as save_rules
from ..rules.weapons import Weapon
from .components import Stats


def dodge_against(battle, defender: str, attacker: str) -> int:
    """A dodge bonus ``defender`` has against ``attacker`` alone: a dwarf's combat training
    against a giant (SRD Dwarf; the bestiary's ``dwarf_combat_training``)."""
    training = battle.spec(defender).special.get("dwarf_combat_training") if battle.has(defender) else None
    if not training or not battle.read(attacker, Stats).values.get("giant"):
        return 0
    return int(training.get("dodge_vs_giants", 0))


def attack_bonus(battle, attacker: str, target: str | None, weapon: Weapon, ranged: bool) -> tuple[int, str]:
    """The racial bonus on ``attacker``'s attack at ``target`` with ``weapon`` and the trait
    it comes of: a dwarf's against orcs and goblinoids, a halfling's with a weapon thrown
    or a sling (``rules.attack.racial_attack_bonus``), a giant's with its rocks (the
    bestiary's ``rock_throwing``); the higher, as racial bonuses do not stack. ``target``
    None: a grid intersection (a flask's aim)."""
    special = battle.spec(attacker).special
    flags = battle.read(target, Stats).values if target is not None and battle.has(target) else {}
    found = attack_rules.racial_attack_bonus(special, flags, thrown=ranged and weapon.thrown,
                                             sling=ranged and weapon.id == "sling")
    if weapon.id == "rock":
        rock = int(special.get("rock_throwing", {}).get("racial_bonus", 0))
        found = max(found, (rock, "racial"), key=lambda f: f[0])
    return found


def against_spell(spell_id: str) -> frozenset[str]:
    """What a save against the spell is made against: ``spell``, its school and its
    descriptors (``rules.saves.spell_tags``, from the spells table)."""
    entry = data.spells().get(spell_id)
    return save_rules.spell_tags(entry.get("school", "")) if entry else frozenset({"spell"})


def immune_to_magic_sleep(battle, cid: str) -> bool:
    """An elf (or an elemental) that a sleep spell passes over."""
    return save_rules.immune_to_magic_sleep(battle.spec(cid).special)
