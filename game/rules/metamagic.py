"""Metamagic (SRD Metamagic Feats; French text "lancer un sort", lines on spontaneous
casters): what each feat changes and how many spell levels it adds. A prepared spell
is written ``prefix:...:spell`` ("stilled:empowered:magic_missile"), prefixes in the
order of ``METAMAGIC``, so the same casting is always written the same way; a heightened
spell names its new level ("heightened3:sleep")."""
from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any

# feat id -> (prefix of a prepared entry, spell levels added to the slot)
METAMAGIC: dict[str, tuple[str, int]] = {
    "quicken_spell": ("quickened", 4),
    "still_spell": ("stilled", 1),
    "silent_spell": ("silent", 1),
    "empower_spell": ("empowered", 2),
    "maximize_spell": ("maximized", 3),
    "enlarge_spell": ("enlarged", 1),
    "extend_spell": ("extended", 1),
    "widen_spell": ("widened", 3),
    "heighten_spell": ("heightened", 0),      # the slot is the new level itself
}
HIGHEST_LEVEL = 9
FEAT_OF_PREFIX = {prefix: feat for feat, (prefix, _levels) in METAMAGIC.items() if feat != "heighten_spell"}
# Spontaneous casters choose their spell when they cast it (SRD classes).
SPONTANEOUS_CLASSES = ("sorcerer", "bard")


# Spells whose numbers are rolled: what Empower and Maximize Spell change (effects of
# data/spells.toml; sleep's 4 Hit Dice, bless's +1 and the like are fixed numbers).
VARIABLE_EFFECTS = frozenset({"missiles", "damage_per_level", "damage", "area_damage_per_level", "cure", "inflict",
                              "spiritual_weapon", "flaming_sphere", "color_spray", "scorching_ray", "fireball"})


def applies(feat: str, spell: Mapping[str, Any]) -> bool:
    """Whether a metamagic feat changes this spell (SRD feats): Still needs a somatic
    component, Silent a verbal one, Enlarge a close, medium or long range, Extend a
    duration that is neither instantaneous nor concentration, Empower and Maximize rolled
    numbers, Widen a burst or a spread, Quicken a casting time of one standard action."""
    if feat == "still_spell":
        return "S" in spell["components"]
    if feat == "silent_spell":
        return "V" in spell["components"]
    if feat == "enlarge_spell":
        return spell["range"] in ("close", "medium", "long")
    if feat == "extend_spell":
        return spell["duration"] not in ("instantaneous", "concentration")
    if feat == "widen_spell":
        return spell["shape"] in ("burst", "spread")
    if feat in ("empower_spell", "maximize_spell"):
        return spell["effect"] in VARIABLE_EFFECTS
    if feat == "heighten_spell":
        return True                                     # its level, and so its DCs, change
    casting_time: str = spell["casting_time"]
    return casting_time == "standard"                   # quicken_spell


def parse_entry(entry: str) -> tuple[str, tuple[str, ...]]:
    """``"stilled:sleep"`` -> ("sleep", ("still_spell",)). Unknown prefixes raise ValueError."""
    *prefixes, spell = entry.split(":")
    try:
        feats = tuple("heighten_spell" if _heightened(p) else FEAT_OF_PREFIX[p] for p in prefixes)
    except KeyError as missing:
        raise ValueError(f"unknown metamagic {missing.args[0]!r}") from None
    if len(set(feats)) != len(feats):
        raise ValueError("the same metamagic feat twice")      # SRD: never twice on one spell
    return spell, canonical(feats)


def _heightened(prefix: str) -> bool:
    return prefix.startswith("heightened") and prefix[len("heightened"):].isdigit()


def heightened_level(entry: str) -> int | None:
    """The level a prepared entry is heightened to (``heightened3:sleep`` -> 3), if any."""
    return next((int(p[len("heightened"):]) for p in entry.split(":")[:-1] if _heightened(p)), None)


def canonical(feats: Iterable[str]) -> tuple[str, ...]:
    return tuple(f for f in METAMAGIC if f in set(feats))


def entry_for(spell: str, feats: Iterable[str], heighten_to: int | None = None) -> str:
    prefixes = [METAMAGIC[f][0] + (str(heighten_to) if f == "heighten_spell" else "") for f in canonical(feats)]
    return ":".join(prefixes + [spell])


def levels_added(feats: Iterable[str]) -> int:
    return sum(METAMAGIC[f][1] for f in set(feats))


def components(spell_components: Iterable[str], feats: Collection[str]) -> tuple[str, ...]:
    """Still Spell drops the somatic component, Silent Spell the verbal one."""
    drop = {"S"} if "still_spell" in feats else set()
    if "silent_spell" in feats:
        drop.add("V")
    return tuple(c for c in spell_components if c not in drop)


def range_factor(feats: Collection[str]) -> int:
    """Enlarge Spell doubles close, medium and long ranges."""
    return 2 if "enlarge_spell" in feats else 1


def duration_factor(feats: Collection[str]) -> int:
    """Extend Spell doubles a duration."""
    return 2 if "extend_spell" in feats else 1


def area_factor(feats: Collection[str]) -> int:
    """Widen Spell doubles a burst's or a spread's measurements."""
    return 2 if "widen_spell" in feats else 1


def radius_squares(spell: Mapping[str, Any], feats: Collection[str]) -> int:
    """A spell's area radius (or side, or length) in squares, after Widen Spell."""
    radius: int = spell.get("radius_ft", 0) // 5
    return radius * area_factor(feats) if spell["shape"] in ("burst", "spread") else radius


def vary(rolled: int, dice: int, sides: int, plus: int, feats: Collection[str]) -> int:
    """A variable numeric effect of ``dice``d``sides`` + ``plus`` after metamagic: Maximize
    takes the dice at their maximum; Empower adds one-half (rounded down); both together:
    the maximum plus one-half of the normal result (SRD Empower and Maximize Spell)."""
    normal = rolled + plus
    if "maximize_spell" in feats:
        top = dice * sides + plus
        return top + (normal // 2 if "empower_spell" in feats else 0)
    if "empower_spell" in feats:
        return normal + normal // 2
    return normal
