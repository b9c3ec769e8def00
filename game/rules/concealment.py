"""Concealment: who has it against whom, and the miss chance it gives (digest §7.3;
§9.3 "Blinded" and "Invisible"; SRD-C2 Concealment, SRD-AC). Unit: percent.

The game knows total concealment only from conditions (an invisible target, a blinded
attacker, and the darkness a body stands in, ``in_darkness``, against one without
``darkvision``: both put on the rules body from the map, ``world.systems``);
concealment from terrain or spells (20%) comes in as ``concealment``.
"""
from __future__ import annotations

from typing import AbstractSet

CONCEALMENT = 20            # fog, dim light, a blur: 20% miss chance
TOTAL_CONCEALMENT = 50      # invisible, total darkness, a blinded attacker: 50%


def has_total_concealment(attacker_conditions: AbstractSet[str], target_conditions: AbstractSet[str]) -> bool:
    """Does the target have total concealment against this attacker? An invisible target
    has it against everyone, and every opponent has it against a blinded attacker
    (digest §7.3, §9.3). Line of effect without line of sight. Total darkness: a target in
    it against an attacker without darkvision, and every target against an attacker in it
    without darkvision (SRD Darkness: "creatures in darkness without darkvision are
    effectively blinded"; digest §7.3 "total darkness: 50%")."""
    blind = "blinded" in attacker_conditions or ("in_darkness" in attacker_conditions
                                                 and "darkvision" not in attacker_conditions)
    return "invisible" in target_conditions or blind or ("in_darkness" in target_conditions
                                                         and "darkvision" not in attacker_conditions)


def miss_chance(attacker_conditions: AbstractSet[str], target_conditions: AbstractSet[str],
                concealment: int = 0) -> int:
    """The percentage of hits that miss all the same, rolled after a hit: 50 for total
    concealment, else ``concealment`` (20 for ordinary concealment, 0 for none); several
    sources do not stack, the highest counts (digest §7.3). Unit: percent."""
    if has_total_concealment(attacker_conditions, target_conditions):
        return max(TOTAL_CONCEALMENT, concealment)
    return concealment


def missed_by_concealment(d100: int, chance: int) -> bool:
    """A hit is lost to concealment when the d% roll is ``chance`` or less (digest §7.3:
    "roll after a hit"; 01-50 misses at 50%). Unit: the d100's face, percent."""
    return d100 <= chance
