"""Saving throws: the bonus and the roll's verdict (SRD "Saving Throws", a section of the
Basics the digest leaves out; the conditions that change the bonus are digest §9.3;
massive damage and coup de grace call for them in digest §8.2 and §9.3).

The engine rolls the d20 and gathers the creature's numbers; these functions judge.
Unit: points on the d20 scale throughout.
"""
from __future__ import annotations

import re
from typing import AbstractSet, Any, Iterable, Mapping

from .fighters import score_under
from .modifiers import Modifier, Total, ability_modifier, total

SAVES = ("fort", "ref", "will")
# The ability each save adds (SRD "Saving Throw Types").
SAVE_ABILITY = {"fort": "con", "ref": "dex", "will": "wis"}
# One fear penalty, whichever the degree (digest §9.3: shaken, frightened, panicked).
FEAR = frozenset({"shaken", "frightened", "panicked"})


def save_succeeds(d20: int, bonus: int, dc: int) -> bool:
    """A saving throw succeeds when d20 + bonus reaches the DC; a natural 1 always fails
    and a natural 20 always succeeds (SRD "Saving Throws: Automatic Failures and
    Successes"). Ability and skill checks (Concentration, Climb, Ride, Strength) have no
    such rule and do not use this."""
    return d20 != 1 and (d20 == 20 or d20 + bonus >= dc)


def save_bonus(save: str, *, scores: Mapping[str, int], conditions: AbstractSet[str], listed: int | None = None,
               negative_levels: int = 0, resistance: int = 0, extra: Iterable[Modifier] = ()) -> Total:
    """A saving throw's total bonus, with what it is made of (digest §9.3; SRD "Saving
    Throws", "Energy Drain and Negative Levels"; data-digest §5 haste and slow).

    ``listed`` is the save as the stat block prints it (base save and ability already
    in); without one, the ability modifier alone. Then: -2 when shaken, frightened or
    panicked (one fear penalty), unless calmed (calm emotions suppresses fear); -2 when
    sickened; -1 per negative level; the ``resistance`` bonus of what is worn; on Reflex,
    the Dexterity modifier lost to conditions (fatigued, exhausted, entangled) and
    haste's +1 dodge or slow's -1; then ``extra`` (a circumstance of the moment). ``scores`` are the
    raw ability scores. Unit: points added to the d20."""
    if save not in SAVE_ABILITY:
        raise ValueError(f"unknown saving throw {save!r} (expected one of {', '.join(SAVES)})")
    ability = SAVE_ABILITY[save]
    if listed is not None:
        mods = [Modifier(listed, "untyped", "listed_save")]
    else:
        mods = [Modifier(ability_modifier(scores.get(ability, 10)), "ability", ability)]
    if not FEAR.isdisjoint(conditions) and "calmed" not in conditions:
        mods.append(Modifier(-2, "morale", "fear"))
    if "sickened" in conditions:
        mods.append(Modifier(-2, "untyped", "sickened"))
    if negative_levels:
        mods.append(Modifier(-negative_levels, "untyped", "negative_levels"))
    if resistance:
        mods.append(Modifier(resistance, "resistance", "resistance"))
    if save == "ref":
        dex = scores.get("dex", 10)
        mods.append(Modifier(ability_modifier(score_under("dex", dex, conditions)) - ability_modifier(dex),
                             "untyped", "dex_lost"))
        if "hasted" in conditions:
            mods.append(Modifier(1, "dodge", "haste"))
        if "slowed" in conditions:
            mods.append(Modifier(-1, "untyped", "slow"))
    mods.extend(extra)
    return total(mods)


# --- what a save is made against, and the racial traits that answer it ------------------
# A save's subject, as tags: ``spell`` (a spell or spell-like effect), its school and
# subschool, its descriptors (``fear``, ``mind-affecting`` …), or ``poison``.
POISON = frozenset({"poison"})
_SCHOOL = re.compile(r"^\s*([a-z]+)(?:\s*\(([^)]*)\))?(?:\s*\[([^\]]*)\])?")


def spell_tags(school: str) -> frozenset[str]:
    """What a save against a spell is made against, from the spells table's ``school``
    ("enchantment (compulsion) [mind-affecting]"): ``spell``, the school, the subschool and
    each descriptor (SRD "Spell Descriptions": school, subschool, descriptor)."""
    tags = {"spell"}
    found = _SCHOOL.match(school or "")
    if found:
        tags.add(found.group(1))
        for part in (found.group(2), found.group(3)):
            tags.update(t.strip() for t in (part or "").split(",") if t.strip())
    return frozenset(tags)


def racial_save_modifiers(special: Mapping[str, Mapping[str, Any]], against: AbstractSet[str]) -> list[Modifier]:
    """The bonuses a creature's race gives on a save made against ``against`` (SRD Races):
    a dwarf +2 racial against poison and +2 racial against spells and spell-like effects
    (``dwarf_hardiness``: one racial bonus, so a poisonous spell gives +2, not +4); an elf
    +2 racial against enchantment spells or effects (``elf_immunities``); a halfling +2
    morale against fear (``halfling_courage``), on top of its luck (+1 on every save, in
    its sheet's saves already)."""
    if not against:
        return []
    mods = []
    hardy = special.get("dwarf_hardiness")
    if hardy is not None:
        if "poison" in against:
            mods.append(Modifier(int(hardy.get("poison", 0)), "racial", "dwarf_hardiness"))
        if "spell" in against:
            mods.append(Modifier(int(hardy.get("spells", 0)), "racial", "dwarf_hardiness"))
    elf = special.get("elf_immunities")
    if elf is not None and "enchantment" in against:
        mods.append(Modifier(int(elf.get("enchantment", 0)), "racial", "elf_immunities"))
    courage = special.get("halfling_courage")
    if courage is not None and "fear" in against:
        mods.append(Modifier(int(courage.get("fear", 0)), "morale", "halfling_courage"))
    return mods


def immune_to_magic_sleep(special: Mapping[str, Mapping[str, Any]]) -> bool:
    """An elf is immune to magic sleep effects (SRD Elves), an elemental to sleep effects
    (its type's traits)."""
    return "elf_immunities" in special or "elemental_traits" in special
