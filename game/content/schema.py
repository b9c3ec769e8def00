"""The declared schema of a scenario file (design/scenario-format.md; issue 15, item 1).

Each key a scenario may hold, its type and its sane bounds, as msgspec types that
``strict.convert`` checks a parsed TOML document against: an unknown key, a wrong type
(``true`` is not a number, ``"10"`` is not 10) or a value out of bounds is refused with the
key path. What a type cannot say — that a weapon id names a weapon of the data, that a
creature stands inside the map — ``scenario.py`` checks on the typed result.

A key a creature leaves out is ``UNSET``: its template's value, else the engine's default.
"""
from __future__ import annotations

from typing import Annotated, Literal, Union

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

from ..rules.sizes import SIZE_CODES
from .limits import MAX_WHOLE          # a seed: any whole number a file may hold

# Sane bounds: a value outside them is a typo or a hostile file, never a creature.
MAX_SIDE = 200                 # squares along either side of the map
MAX_CREATURES = 500
MAX_SPEED_M = 36               # metres (120 ft): twice the fastest mount; "run" (x4) stays bounded in time
CASTER_CLASSES = ("wizard", "sorcerer", "bard", "cleric", "druid", "paladin", "ranger")

Stat = Annotated[int, Meta(ge=-1000, le=1000)]        # AC, attack bonus, saves, skills, levels
Ability = Annotated[int, Meta(ge=0, le=99)]           # Str ... Cha (0 for a creature without one)
Flag = Union[bool, Literal[0, 1]]                     # yes/no facts the engine keeps as 1 or 0
Coordinate = Annotated[int, Meta(ge=-MAX_SIDE, le=2 * MAX_SIDE)]     # a square, inside the map or near it
Text = Annotated[str, Meta(max_length=10_000)]
Id = Annotated[str, Meta(min_length=1, max_length=200)]
Ids = Annotated[list[Id], Meta(max_length=1000)]


class _Table(Struct, forbid_unknown_fields=True, kw_only=True, omit_defaults=True):
    """A TOML table whose keys are all declared."""


class Rules(_Table):
    """``[rules]``: the rule variants (game.rules.board.Variants); unset keeps the default."""

    charge_lane: Literal["center", "swept"] | UnsetType = UNSET
    scatter_order: Literal["seed", "srd"] | UnsetType = UNSET
    reach_diagonal_exception: bool | UnsetType = UNSET


# What the map's difficult terrain ("~") is, for the eye only: the rules are the same for all
# (issue 14, item 3: "a distinct tile for each kind of terrain the maps use ... a map says which").
DIFFICULT_LOOKS = ("water", "furniture", "sand", "undergrowth", "rubble")


class MapTable(_Table):
    """``[map]``: the grid, one character a square (game.rules.terrain.LEGEND); ``difficult``:
    what its difficult terrain is, drawn so (``DIFFICULT_LOOKS``; unset: the plain tile)."""

    grid: Annotated[str, Meta(max_length=(MAX_SIDE + 1) * MAX_SIDE + 100)]
    difficult: Literal["water", "furniture", "sand", "undergrowth", "rubble"] | UnsetType = UNSET


class SideEntry(_Table):
    """``[sides.X]`` (issue 12, item 1): who plays the side, and its names."""

    control: Literal["human", "ai"] = "human"
    level: Literal["easy", "normal", "hard"] | None = None
    name_en: Text | UnsetType = UNSET
    name_fr: Text | UnsetType = UNSET


def _named(key: str):
    """A field whose TOML key is a Python word (``str``, ``int``)."""
    return msgspec.field(default=UNSET, name=key)


class CreatureEntry(_Table):
    """``[[creature]]``: one creature, its template's keys already under its own."""

    id: Id
    side: Id
    at: tuple[Coordinate, Coordinate]
    name: Text | UnsetType = UNSET
    name_en: Text | UnsetType = UNSET                                  # the name in each language, over ``name``
    name_fr: Text | UnsetType = UNSET
    template: Id | UnsetType = UNSET
    size: Literal[SIZE_CODES] | UnsetType = UNSET                      # type: ignore[valid-type]
    reach: Literal["tall", "long"] | UnsetType = UNSET
    speed: Annotated[float, Meta(ge=0, le=MAX_SPEED_M)] | UnsetType = UNSET   # metres, a multiple of 1.5
    climb_speed: Annotated[float, Meta(ge=0, le=MAX_SPEED_M)] | UnsetType = UNSET   # metres, as speed
    swim_speed: Annotated[float, Meta(ge=0, le=MAX_SPEED_M)] | UnsetType = UNSET    # metres, as speed
    weapon: Id | UnsetType = UNSET
    off_hand: Id | UnsetType = UNSET
    armor: Id | UnsetType = UNSET
    shield: Id | UnsetType = UNSET
    conditions: Ids | UnsetType = UNSET
    feats: Ids | UnsetType = UNSET
    feat_choices: dict[Id, Id] | UnsetType = UNSET                     # weapon_focus = "longsword"
    inventory: Ids | UnsetType = UNSET
    holding: Id | UnsetType = UNSET                                    # an item of the inventory in hand
    worn: Ids | UnsetType = UNSET
    loaded: bool | UnsetType = UNSET
    ammunition: Annotated[int, Meta(ge=0, le=1000)] | UnsetType = UNSET    # arrows, bolts or bullets carried
    surprised: bool | UnsetType = UNSET
    spells: Ids | UnsetType = UNSET
    caster_class: Literal[("",) + CASTER_CLASSES] | UnsetType = UNSET   # type: ignore[valid-type]
    spell_slots: Annotated[list[Annotated[int, Meta(ge=0, le=99)]], Meta(max_length=10)] | UnsetType = UNSET
    spell_like: dict[Id, Union[Annotated[int, Meta(ge=1, le=1000)], Literal["at_will"]]] | UnsetType = UNSET
    afraid_of: Id | UnsetType = UNSET
    riding: Id | UnsetType = UNSET
    domains: Annotated[list[Id], Meta(max_length=2)] | UnsetType = UNSET    # a cleric's two domains
    # the stats, kept as given (CreatureSpec.stats)
    initiative: Stat | UnsetType = UNSET
    hp: Annotated[int, Meta(ge=1, le=100_000)] | UnsetType = UNSET
    hd: Annotated[int, Meta(ge=0, le=100)] | UnsetType = UNSET
    ac: Stat | UnsetType = UNSET
    bab: Stat | UnsetType = UNSET
    natural_armor: Stat | UnsetType = UNSET
    fort: Stat | UnsetType = UNSET
    ref: Stat | UnsetType = UNSET
    will: Stat | UnsetType = UNSET
    turn_resistance: Stat | UnsetType = UNSET
    cleric_level: Stat | UnsetType = UNSET
    paladin_level: Stat | UnsetType = UNSET
    monk_level: Stat | UnsetType = UNSET
    caster_level: Stat | UnsetType = UNSET
    ride: Stat | UnsetType = UNSET
    bluff: Stat | UnsetType = UNSET
    sense_motive: Stat | UnsetType = UNSET
    escape_artist: Stat | UnsetType = UNSET
    spot: Stat | UnsetType = UNSET
    climb: Stat | UnsetType = UNSET
    tumble: Stat | UnsetType = UNSET
    swim: Stat | UnsetType = UNSET
    concentration: Stat | UnsetType = UNSET
    use_magic_device: Stat | UnsetType = UNSET
    heal: Stat | UnsetType = UNSET
    str_: Ability | UnsetType = _named("str")
    dex: Ability | UnsetType = UNSET
    con: Ability | UnsetType = UNSET
    int_: Ability | UnsetType = _named("int")
    wis: Ability | UnsetType = UNSET
    cha: Ability | UnsetType = UNSET
    # yes/no facts
    undead: Flag | UnsetType = UNSET
    mindless: Flag | UnsetType = UNSET
    non_humanoid: Flag | UnsetType = UNSET
    giant: Flag | UnsetType = UNSET        # of the giant type (a dwarf dodges its blows)
    orc: Flag | UnsetType = UNSET          # of the orc subtype (a dwarf's +1 to hit it)
    goblinoid: Flag | UnsetType = UNSET    # of the goblinoid subtype (goblins, hobgoblins, bugbears: the same)
    stable: Flag | UnsetType = UNSET
    combat_trained: Flag | UnsetType = UNSET
    evil: Flag | UnsetType = UNSET
    locked_gauntlet: Flag | UnsetType = UNSET
    rideable: Flag | UnsetType = UNSET
    military_saddle: Flag | UnsetType = UNSET
    shield_spikes: Flag | UnsetType = UNSET
    darkvision: Flag | UnsetType = UNSET


class SealedDoorEntry(_Table):
    """``[[sealed_door]]`` (issue 11): a door a sacred site keeps shut, that only channelled
    energy opens or shatters (``rules.sealed_doors``); ``at`` must be a closed door ``+``."""

    at: tuple[Coordinate, Coordinate]
    hit_dice: Annotated[int, Meta(ge=1, le=100)] = 3       # the undead's Hit Dice the check must reach


class ScenarioFile(_Table):
    """A whole scenario file."""

    map: MapTable
    title: Text = ""
    description: Text = ""
    title_en: Text | UnsetType = UNSET
    title_fr: Text | UnsetType = UNSET
    description_en: Text | UnsetType = UNSET
    description_fr: Text | UnsetType = UNSET
    seed: Annotated[int, Meta(ge=-MAX_WHOLE, le=MAX_WHOLE)] = 0
    rules: Rules = msgspec.field(default_factory=Rules)
    creature: Annotated[list[CreatureEntry], Meta(max_length=MAX_CREATURES)] = []
    sides: dict[Id, SideEntry] = {}
    sealed_door: Annotated[list[SealedDoorEntry], Meta(max_length=MAX_SIDE * MAX_SIDE)] = []


STAT_KEYS = ("initiative", "hp", "hd", "ac", "bab", "natural_armor", "fort", "ref", "will", "turn_resistance",
             "cleric_level", "paladin_level", "monk_level", "caster_level", "ride", "bluff", "sense_motive",
             "escape_artist", "spot", "climb", "tumble", "swim", "concentration", "use_magic_device", "heal", "str",
             "dex", "con", "int", "wis", "cha")
FLAG_KEYS = ("undead", "mindless", "non_humanoid", "giant", "orc", "goblinoid", "stable", "combat_trained", "evil",
             "locked_gauntlet", "rideable", "military_saddle", "shield_spikes", "darkvision")


def value_or(value, default):
    """A key's value, or ``default`` when the file (and a creature's template) leave it out."""
    return default if value is UNSET else value


def given(entry: Struct, key: str):
    """The value of a file key (``str`` for the field ``str_``), ``UNSET`` when left out."""
    return getattr(entry, key + "_" if key in ("str", "int") else key)


def keys_of(table: type) -> set[str]:
    """The keys a table of that type may hold, as the file writes them."""
    return {f.encode_name for f in msgspec.structs.fields(table)}


CREATURE_KEYS = keys_of(CreatureEntry)
TOP_KEYS = keys_of(ScenarioFile)
