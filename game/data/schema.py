"""The declared schema of each data table (``tables/*.toml``; issue 15, item 1): one row
type a table, every key typed, no key the code does not read. ``read_table`` checks a
table against it when it is first read, so a typo in a hand-edited table (``thret = 19``,
``multiplier = "x3"``) is refused in one line naming the file and the key rather than read
as a default. The rows stay plain tables for the code that reads them.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

import msgspec
from msgspec import Meta, Struct

Small = Annotated[int, Meta(ge=-1000, le=1000)]
Count = Annotated[int, Meta(ge=0, le=1_000_000)]
Feet = Annotated[int, Meta(ge=0, le=10_000)]
Dice = Annotated[str, Meta(max_length=40)]           # "1d8", "2d6+3", "" (none)
Table = dict[str, Small]


class _Row(Struct, forbid_unknown_fields=True, kw_only=True):
    """A row of a data table: its names in both languages."""

    name_en: str = ""
    name_fr: str = ""


class WeaponRow(_Row, kw_only=True):
    use: Literal["unarmed", "light", "one_handed", "two_handed", "ranged", "natural"]
    category: Literal["simple", "martial", "exotic", "natural"]
    damage_s: Dice = ""
    damage_m: Dice = ""
    threat: Annotated[int, Meta(ge=2, le=20)] = 20
    multiplier: Annotated[int, Meta(ge=1, le=6)] = 2
    range_ft: Feet = 0
    types: list[Literal["B", "P", "S"]] = []
    types_mode: Literal["one", "or", "and"] = "one"      # how a weapon of two types deals them
    reach: Literal["normal", "reach", "whip", "chain"] = "normal"
    thrown: bool = False
    trip: bool = False
    disarm_bonus: Small = 0
    set_vs_charge: bool = False
    nonlethal: bool = False
    finesse: bool = False
    monk: bool = False
    double: bool = False
    damage_s2: Dice = ""
    damage_m2: Dice = ""
    threat2: Annotated[int, Meta(ge=2, le=20)] = 20
    multiplier2: Annotated[int, Meta(ge=2, le=6)] = 2
    types2: list[Literal["B", "P", "S"]] = []
    ammunition: Literal["arrows", "bolts", "bullets"] | None = None


class ArmorRow(_Row, kw_only=True):
    category: Literal["light", "medium", "heavy", "shield"]
    bonus: Small
    max_dex: Small | None = None
    check_penalty: Small = 0
    spell_failure: Count = 0
    speed_30: Feet = 30
    speed_20: Feet = 20
    cost_gp: Count = 0
    weight_lb: Count = 0


class TextRow(_Row, kw_only=True):
    """A feat or a condition: its names and what it does."""

    summary_en: str = ""


class SpellRow(_Row, kw_only=True):
    level: dict[str, Annotated[int, Meta(ge=0, le=9)]]
    school: str
    components: list[str]
    casting_time: str
    range: Union[Feet, str]
    shape: str
    radius_ft: Feet = 0
    save: str = ""
    spell_resistance: bool = False
    attack: str = ""
    duration: str
    effect: str
    summons: list[str] = []        # a summoning's creatures (bestiary templates)


class SubstanceRow(_Row, kw_only=True):
    attack: str = ""
    condition: str = ""
    cost_gp: Count = 0
    craft_dc: Count = 0
    damage: Dice = ""
    duration: str = ""
    effect_en: str = ""
    energy: str = ""
    only_vs: list[str] = []
    radius_ft: Feet = 0
    range_ft: Feet = 0
    save: str = ""
    save_dc: Count = 0
    splash: bool = False
    splash_damage: Count = 0
    weight_lb: float = 0


class MagicItemRow(_Row, kw_only=True):
    kind: Literal["potion", "scroll", "wand"]
    spell: str
    caster_level: Annotated[int, Meta(ge=1, le=20)]
    charges: Count = 0


class WornItemRow(_Row, kw_only=True):
    slot: str
    bonus: Small = 0
    bonus_type: str = ""
    cost_gp: Count = 0
    fastening: str = ""
    hardness: Count = 0
    hp: Count = 0
    size: str = ""
    substance: str = ""


class RuleTextRow(Struct, forbid_unknown_fields=True):
    section: str
    text_en: str
    text_fr: str


class Term(Struct, forbid_unknown_fields=True):
    en: str
    fr: str


class Attack(Struct, forbid_unknown_fields=True):
    """One attack of a stat block's full attack."""

    weapon: str
    bonus: list[Small]
    damage: Dice
    crit: str = ""
    ranged: bool = False
    secondary: bool = False
    count: Count = 1
    plus: str = ""


class StatBlock(_Row, kw_only=True):
    """A template of the bestiary or the heroes: an SRD stat block."""

    size: str
    type: str
    hd: str
    hp: Count
    init: Small
    speed: Feet = 0
    speed_ft: Feet = 0
    ac: Small
    touch: Small
    flat_footed: Small
    ac_parts: Table = {}
    bab: Small
    grapple: Small
    full_attack: list[list[Attack]] = []
    space_ft: Feet = 5
    reach_ft: Feet = 5
    reach: str = ""
    saves: Table
    abilities: Table
    skills: Table = {}
    feats: list[str] = []
    feat_choices: dict[str, str] = {}
    special: dict[str, dict[str, Any]] = {}
    other_speeds: Table = {}
    subtypes: list[str] = []
    weapon: str = ""
    armor: str = ""
    shield: str = ""
    inventory: list[str] = []
    substances: list[str] = []
    spells: list[str] = []
    spell_slots: list[Count] = []
    cr: str = ""
    source: str = ""
    derived: bool = False
    stable: bool = False
    rideable: bool = False
    combat_trained: bool = False
    # the heroes' own
    class_: str = msgspec.field(default="", name="class")
    kind: str = ""
    race: str = ""
    level: Annotated[int, Meta(ge=1, le=20)] = 1
    mount: str = ""


ROWS: dict[str, type] = {
    "weapons.toml": dict[str, WeaponRow], "armor.toml": dict[str, ArmorRow], "feats.toml": dict[str, TextRow],
    "conditions.toml": dict[str, TextRow], "spells.toml": dict[str, SpellRow],
    "substances.toml": dict[str, SubstanceRow], "magic_items.toml": dict[str, MagicItemRow],
    "worn_items.toml": dict[str, WornItemRow], "rule_texts.toml": dict[str, RuleTextRow],
    "terms.toml": dict[str, dict[str, Term]], "bestiary.toml": dict[str, StatBlock],
    "heroes.toml": dict[str, StatBlock],
}
