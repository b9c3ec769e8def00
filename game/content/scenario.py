"""Scenario files (``maps/*.toml``), exactly as design/scenario-format.md says, and Tiled
maps (``maps/*.tmj``, read by ``tiled.py`` into the same checks). A creature may start from
a template of the bestiary or the heroes (``bestiary.py``); its own keys then replace the
template's.

``load_scenario`` returns a validated ``Scenario`` (plain values) or raises
``ContentError`` with one line naming the file, the line or key, and what is wrong.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, replace, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..rules.board import Variants
from ..rules.conditions import HELPLESS, KNOWN_CONDITIONS
from ..rules.geometry import Square, space_squares
from ..rules.metamagic import HIGHEST_LEVEL, SPONTANEOUS_CLASSES, applies, entry_for, heightened_level, parse_entry
from ..rules.sizes import SIZE_CODES, Size
from ..rules.terrain import LEGEND, Terrain
from ..rules.weapons import fits_one_hand
from .. import data
from ..data import bestiary
from ..i18n import side_name
from .errors import ContentError
from .limits import check_values, guard, strip_bom
from .sides import SideSpec, read_sides
from .tiled import tiled_document

TOP_KEYS = {"title", "description", "seed", "rules", "map", "creature", "sides",
            "title_en", "title_fr", "description_en", "description_fr"}   # the texts in each language
RULE_KEYS = {"charge_lane": ("center", "swept"), "scatter_order": ("seed", "srd"), "reach_diagonal_exception": None}
ABILITIES = ("str", "dex", "con", "int", "wis", "cha")
INT_KEYS = ("initiative", "hp", "ac", "bab", "natural_armor", "fort", "ref", "will", "hd", "turn_resistance",
            "cleric_level", "paladin_level", "ride", "bluff", "sense_motive", "escape_artist", "climb", "caster_level",
            "concentration", "monk_level") + ABILITIES
# Yes/no facts the engine reads from the stats (kept there as 1 or 0).
FLAG_KEYS = ("undead", "mindless", "non_humanoid", "stable", "combat_trained", "evil", "locked_gauntlet",
             "rideable", "military_saddle", "shield_spikes")
CREATURE_KEYS = {"id", "name", "side", "at", "template", "size", "reach", "speed", "weapon", "conditions",
                 "feats", "armor", "shield", "inventory", "surprised", "off_hand", "loaded", "spells", "caster_class",
                 "holding", "worn", "feat_choices", "spell_slots", "spell_like", "afraid_of",
                 "riding"} | set(INT_KEYS) | set(FLAG_KEYS)
CASTER_CLASSES = ("wizard", "sorcerer", "bard", "cleric", "druid", "paladin", "ranger")
# Sane bounds (issue 15): a value outside them is a typo or a hostile file, never a creature.
MAX_SIDE = 200                 # squares along either side of the map
MAX_CREATURES = 500
MAX_SPEED_M = 36               # metres (120 ft): twice the fastest mount; "run" (x4) stays bounded in time
INT_BOUNDS = {"hp": (1, 100_000), "hd": (0, 100)} | {a: (0, 99) for a in ABILITIES}
DEFAULT_BOUNDS = (-1000, 1000)


@dataclass
class CreatureSpec:
    id: str
    name: str
    side: str
    at: Square
    size: str = "M"
    reach: str = "tall"
    speed_m: Fraction = Fraction(9)
    weapon: str = "unarmed"
    conditions: tuple[str, ...] = ()
    feats: tuple[str, ...] = ()
    armor: str | None = None
    shield: str | None = None
    inventory: tuple[str, ...] = ()
    surprised: bool = False
    off_hand: str | None = None
    loaded: bool = True
    initiative: int | None = None
    stats: dict[str, int] = field(default_factory=dict)   # hp, ac, bab, str ... as given
    template: str | None = None                           # the template it started from
    special: dict[str, dict] = field(default_factory=dict)  # the template's special attacks and qualities
    spells: tuple[str, ...] = ()                          # spells ready today, one entry per casting
    caster_class: str = ""
    feat_choices: dict[str, str] = field(default_factory=dict)   # weapon_focus = "longsword" ...
    holding: str | None = None                            # an item of the inventory already in hand
    spell_slots: tuple[int, ...] = ()                     # a sorcerer's or bard's spells per day, by level
    spell_like: dict[str, int | None] = field(default_factory=dict)   # spell-like abilities: uses a day
    worn: tuple[str, ...] = ()                            # items worn (worn_items.toml): cloak, amulet, ring
    afraid_of: str | None = None                          # the creature a frightened or panicked one flees
    riding: str | None = None                             # the mount it sits on (its ``at`` is the mount's)

    @property
    def speed_squares(self) -> int:
        return int(self.speed_m / Fraction(3, 2))


@dataclass
class Scenario:
    path: str
    title: str
    description: str
    seed: int
    variants: Variants
    rows: list[str]
    creatures: list[CreatureSpec]
    texts: dict[str, str] = field(default_factory=dict)   # title_fr, description_en ...
    sides: dict[str, SideSpec] = field(default_factory=dict)   # the [sides.X] tables given

    def side_ids(self) -> list[str]:
        """The sides the creatures stand on, in a stable order."""
        return sorted({c.side for c in self.creatures})

    def side_name(self, side: str, lang: str) -> str:
        """A side as players read it: the file's ``name_<lang>``, else the catalogue's."""
        given = self.sides[side].name_in(lang) if side in self.sides else ""
        return given or side_name(side, lang)

    def controllers(self) -> dict[str, str]:
        """Each side's controller as the file sets it ("human" when it says nothing)."""
        return {side: self.sides[side].controller if side in self.sides else "human" for side in self.side_ids()}

    def title_in(self, lang: str) -> str:
        """The title in that language when the file gives one, else ``title``."""
        return self.texts.get(f"title_{lang}") or self.title

    def description_in(self, lang: str) -> str:
        return self.texts.get(f"description_{lang}") or self.description

    def terrain(self) -> Terrain:
        return Terrain(self.rows)


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate a scenario file: TOML, or a Tiled JSON map (``.tmj``)."""
    p = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise ContentError(p, None, "no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentError(p, None, f"cannot be read ({exc.__class__.__name__})") from None
    if p.lower().endswith(".tmj"):
        return parse_tiled(text, p)
    return parse_scenario(text, p)


def parse_tiled(text: str, path: str = "<tiled>") -> Scenario:
    """A Tiled JSON map (``tiled``), validated as a scenario."""
    return _Validator(path, "").scenario(tiled_document(strip_bom(text), path))


def parse_scenario(text: str, path: str = "<scenario>") -> Scenario:
    text = strip_bom(text)
    guard(text, path, "toml")
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = re.search(r"\(at line (\d+), column (\d+)\)", msg)
        if m:
            raise ContentError(path, f"line {m.group(1)}", f"broken TOML: {msg[:m.start()].strip()}") from None
        raise ContentError(path, None, f"broken TOML: {msg}") from None
    except (ValueError, RecursionError) as exc:     # a number or nesting past Python's own limits
        raise ContentError(path, None, f"broken TOML: {exc.__class__.__name__}") from None
    check_values(doc, path)
    return _Validator(path, text).scenario(doc)


def numbered(creatures: list[CreatureSpec]) -> list[CreatureSpec]:
    """Look-alike creatures told apart (issue 14, item 3): a name several creatures share
    becomes "Skeleton 1", "Skeleton 2" … in the file's order, everywhere the players read it."""
    counts: dict[str, int] = {}
    for c in creatures:
        counts[c.name] = counts.get(c.name, 0) + 1
    taken = set(counts)
    seen: dict[str, int] = {}
    out = []
    for c in creatures:
        if counts[c.name] > 1:
            n = seen.get(c.name, 0) + 1
            while f"{c.name} {n}" in taken:          # a name the file already gives ("Orc 2")
                n += 1
            seen[c.name] = n
            taken.add(f"{c.name} {n}")
            c = replace(c, name=f"{c.name} {n}")
        out.append(c)
    return out


class _Validator:
    def __init__(self, path: str, text: str):
        self.path = path
        self.text = text

    def fail(self, where: str | None, what: str):
        raise ContentError(self.path, where, what)

    def scenario(self, doc: dict[str, Any]) -> Scenario:
        for key in sorted(doc):
            if key not in TOP_KEYS:
                self.fail(f"key {key!r}", "unknown top-level key")
        title = self._string(doc, "title", "title", "")
        description = self._string(doc, "description", "description", "")
        seed = doc.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            self.fail("seed", f"must be a whole number, not {seed!r}")
        variants = self.variants(doc.get("rules", {}))
        rows = self.grid(doc.get("map"))
        terrain = Terrain(rows)
        raw = doc.get("creature", [])
        if not isinstance(raw, list):
            self.fail("creature", "must be an array of tables ([[creature]])")
        if len(raw) > MAX_CREATURES:
            self.fail("creature", f"{len(raw)} creatures; a battle holds at most {MAX_CREATURES}")
        creatures = numbered([self.creature(i, c, terrain) for i, c in enumerate(raw)])
        self.riders(creatures)
        self.placement(creatures, terrain)
        ids = {c.id for c in creatures}
        for c in creatures:
            if c.afraid_of is not None and (c.afraid_of not in ids or c.afraid_of == c.id):
                self.fail(f'creature "{c.id}"', f"afraid_of {c.afraid_of!r} must name another creature")
        texts = {key: self._string(doc, key, key, "") for key in ("title_en", "title_fr", "description_en", "description_fr")
                 if key in doc}
        sides = read_sides(doc.get("sides", {}), {c.side for c in creatures}, self.fail)
        return Scenario(self.path, title, description, seed, variants, rows, creatures, texts, sides)

    def _string(self, table: dict, key: str, where: str, default: str) -> str:
        value = table.get(key, default)
        if not isinstance(value, str):
            self.fail(where, f"must be a string, not {value!r}")
        return value

    def variants(self, rules: Any) -> Variants:
        if not isinstance(rules, dict):
            self.fail("rules", "must be a table")
        for key in sorted(rules):
            if key not in RULE_KEYS:
                self.fail(f"rules.{key}", f"unknown rule variant (known: {', '.join(RULE_KEYS)})")
        values = {}
        for key, allowed in RULE_KEYS.items():
            if key not in rules:
                continue
            value = rules[key]
            if allowed is None:
                if not isinstance(value, bool):
                    self.fail(f"rules.{key}", f"must be true or false, not {value!r}")
            elif value not in allowed:
                self.fail(f"rules.{key}", f"must be one of {', '.join(repr(a) for a in allowed)}, not {value!r}")
            values[key] = value
        return Variants(**values)

    def grid(self, table: Any) -> list[str]:
        if not isinstance(table, dict) or "grid" not in table:
            self.fail("map.grid", "missing: the [map] table needs a grid string")
        for key in sorted(table):
            if key != "grid":
                self.fail(f"map.{key}", "unknown key in [map]")
        grid = table["grid"]
        if not isinstance(grid, str):
            self.fail("map.grid", "must be a string")
        rows = grid.split("\n")
        while rows and rows[-1].strip() == "":
            rows.pop()
        if not rows or not any(rows):
            self.fail("map.grid", "the grid is empty")
        if len(rows) > MAX_SIDE or max(len(r) for r in rows) > MAX_SIDE:
            self.fail("map.grid", f"is {max(len(r) for r in rows)}×{len(rows)} squares; a side is at most {MAX_SIDE}")
        first_line = self._grid_first_line()
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                if ch not in LEGEND:
                    where = f"line {first_line + y}" if first_line else "map.grid"
                    self.fail(where, f"unknown map character {ch!r} at row {y}, column {x} "
                                     f"(known: {' '.join(repr(c) for c in LEGEND)})")
        return rows

    def _grid_first_line(self) -> int | None:
        """File line of the grid's first row, when written as a multi-line string."""
        for n, line in enumerate(self.text.splitlines(), start=1):
            m = re.match(r'\s*grid\s*=\s*("""|\'\'\')(.*)$', line)
            if m:
                return n + 1 if m.group(2) == "" else n
        return None

    def creature(self, index: int, raw: Any, terrain: Terrain) -> CreatureSpec:
        if not isinstance(raw, dict):
            self.fail(f"creature #{index + 1}", "must be a table")
        cid = raw.get("id")
        if not isinstance(cid, str) or not cid:
            self.fail(f"creature #{index + 1}", "needs an id (a non-empty string)")
        if not cid.isprintable():
            self.fail(f"creature #{index + 1}", f"id {cid!r} holds control characters")
        where = f'creature "{cid}"'
        for key in sorted(raw):
            if key not in CREATURE_KEYS:
                self.fail(where, f"unknown key {key!r}")
        template, special, entry = None, {}, None
        if "template" in raw:
            template = raw["template"]
            entry = bestiary.get(template) if isinstance(template, str) else None
            if entry is None:
                self.fail(where, f'unknown template "{template}"')
            # The template's keys first, then the creature's own keys over them.
            raw = {**bestiary.scenario_keys(entry), **raw}
            special = dict(entry.get("special", {}))
        side = raw.get("side")
        if not isinstance(side, str) or not side:
            self.fail(where, "needs a side (a non-empty string)")
        if not side.isprintable():
            self.fail(where, f"side {side!r} holds control characters")
        at = raw.get("at")
        if (not isinstance(at, list) or len(at) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in at)):
            self.fail(where, f"at must be [x, y] with two whole numbers, not {at!r}")
        name = self._string(raw, "name", f"{where}: name", cid)
        size = raw.get("size", "M")
        if size not in SIZE_CODES:
            self.fail(where, f"unknown size {size!r} (expected one of {' '.join(SIZE_CODES)})")
        reach = raw.get("reach", "tall")
        if reach not in ("tall", "long"):
            self.fail(where, f"reach must be \"tall\" or \"long\", not {reach!r}")
        speed = raw.get("speed", 9)
        if isinstance(speed, bool) or not isinstance(speed, (int, float)):
            self.fail(where, f"speed must be a number of metres, not {speed!r}")
        if not 0 <= speed <= MAX_SPEED_M:      # also refuses inf and nan, which compare false
            self.fail(where, f"speed {speed!r} m is out of bounds (0 to {MAX_SPEED_M} m)")
        speed_m = Fraction(str(speed))
        if speed_m < 0 or (speed_m / Fraction(3, 2)).denominator != 1:
            self.fail(where, f"speed {speed} m is not a multiple of 1.5 m")
        weapon = raw.get("weapon", "unarmed")
        if not isinstance(weapon, str) or weapon not in data.weapons():
            self.fail(where, f"unknown weapon {weapon!r}")
        conditions = self._ids(raw, "conditions", where, KNOWN_CONDITIONS, "condition")
        feats = self._ids(raw, "feats", where, set(data.feats()), "feat")
        armor = raw.get("armor")
        armors = data.armor()
        if armor is not None and (not isinstance(armor, str) or armors.get(armor, {}).get("category") in (None, "shield")):
            self.fail(where, f"unknown armor {armor!r}")
        shield = raw.get("shield")
        if shield is not None and (not isinstance(shield, str) or armors.get(shield, {}).get("category") != "shield"):
            self.fail(where, f"unknown shield {shield!r}")
        inventory = self._ids(raw, "inventory", where,
                              set(data.weapons()) | set(bestiary.substances()) | set(data.magic_items()),
                              "weapon, substance or magic item", unique=False)
        spell_slots = raw.get("spell_slots", [])
        if not isinstance(spell_slots, list) or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0
                                                         for n in spell_slots):
            self.fail(where, "spell_slots must be a list of spells per day by spell level, from level 0")
        spell_like = raw.get("spell_like", {})
        if not isinstance(spell_like, dict):
            self.fail(where, "spell_like must be a table of spell = uses per day (or \"at_will\")")
        for sid, uses in spell_like.items():
            if sid not in data.spells():
                self.fail(f"{where}.spell_like", f"unknown spell {sid!r}")
            if uses != "at_will" and (not isinstance(uses, int) or isinstance(uses, bool) or uses < 1):
                self.fail(f"{where}.spell_like.{sid}", f"uses per day must be a whole number from 1 or \"at_will\", not {uses!r}")
        caster_class = raw.get("caster_class", "")
        if not isinstance(caster_class, str) or (caster_class and caster_class not in CASTER_CLASSES):
            self.fail(where, f"unknown caster_class {caster_class!r} (expected one of {', '.join(CASTER_CLASSES)})")
        spells = self._spells(raw, where, caster_class)
        feat_choices = raw.get("feat_choices", {})
        if not isinstance(feat_choices, dict) or not all(isinstance(v, str) for v in feat_choices.values()):
            self.fail(where, "feat_choices must be a table of feat = weapon id")
        for feat, weapon_id in feat_choices.items():
            if feat not in data.feats():
                self.fail(f"{where}.feat_choices", f"unknown feat {feat!r}")
            if weapon_id not in data.weapons():
                self.fail(f"{where}.feat_choices.{feat}", f"unknown weapon {weapon_id!r}")
        surprised = raw.get("surprised", False)
        if not isinstance(surprised, bool):
            self.fail(where, f"surprised must be true or false, not {surprised!r}")
        loaded = raw.get("loaded", True)
        if not isinstance(loaded, bool):
            self.fail(where, f"loaded must be true or false, not {loaded!r}")
        off_hand = raw.get("off_hand")
        if off_hand is not None:
            row = data.weapons().get(off_hand) if isinstance(off_hand, str) else None
            if row is None:
                self.fail(where, f"unknown off_hand weapon {off_hand!r}")
            if not fits_one_hand(row):
                self.fail(where, f"off_hand {off_hand!r} cannot be held in one hand")
        holding = raw.get("holding")
        if holding is not None and (not isinstance(holding, str) or holding not in inventory
                                    or holding in data.weapons()):
            self.fail(where, f"holding {holding!r} must be an item of its inventory (not a weapon: draw those)")
        stats = {}
        for key in INT_KEYS:
            if key in raw:
                value = raw[key]
                if not isinstance(value, int) or isinstance(value, bool):
                    self.fail(where, f"{key} must be a whole number, not {value!r}")
                low, high = INT_BOUNDS.get(key, DEFAULT_BOUNDS)
                if not low <= value <= high:
                    self.fail(where, f"{key} {value} is out of bounds ({low} to {high})")
                stats[key] = value
        for key in FLAG_KEYS:
            if key in raw:
                value = raw[key]
                if isinstance(value, float) or value not in (True, False, 0, 1):
                    self.fail(where, f"{key} must be true or false, not {value!r}")
                stats[key] = int(value)
        if template is not None:
            feats = feats + tuple(f for f in bestiary.feats_from_special(entry) if f not in feats)
        initiative = stats.pop("initiative", None)
        worn = self._ids(raw, "worn", where, set(data.worn_items()), "worn item")
        spec = CreatureSpec(cid, name, side, (at[0], at[1]), size, reach, speed_m, weapon,
                            conditions, feats, armor, shield, inventory, surprised, off_hand, loaded, initiative, stats,
                            template, special, spells, caster_class, dict(feat_choices), holding,
                            tuple(spell_slots), {k: (None if v == "at_will" else v) for k, v in spell_like.items()})
        spec.worn = worn
        afraid_of = raw.get("afraid_of")
        if afraid_of is not None and not isinstance(afraid_of, str):
            self.fail(where, f"afraid_of must be a creature's id, not {afraid_of!r}")
        spec.afraid_of = afraid_of
        riding = raw.get("riding")
        if riding is not None and (not isinstance(riding, str) or not riding):
            self.fail(where, f"riding must be a mount's id, not {riding!r}")
        spec.riding = riding
        return spec

    def _spells(self, raw: dict, where: str, caster_class: str) -> tuple[str, ...]:
        """Spells ready today (metamagic prepared as ``stilled:sleep``, see rules.metamagic);
        a sorcerer's or bard's spells known, plain, with its ``spell_slots``."""
        value = raw.get("spells", [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.fail(where, "spells must be a list of spell ids")
        spontaneous = caster_class in SPONTANEOUS_CLASSES
        for entry in value:
            try:
                spell, feats = parse_entry(entry)
            except ValueError as why:
                self.fail(where, f"spell {entry!r}: {why}")
            if spell not in data.spells():
                self.fail(where, f"unknown spell {entry!r}")
            if feats and spontaneous:
                self.fail(where, f"spell {entry!r}: a {caster_class} chooses metamagic when casting; list the plain spell")
            for feat in feats:
                if not applies(feat, data.spells()[spell]):
                    self.fail(where, f"spell {entry!r}: {feat} changes nothing in {spell}")
            raised = heightened_level(entry)
            if ("heighten_spell" in feats) != (raised is not None):
                self.fail(where, f"spell {entry!r}: a heightened spell names its level (heightened3:{spell})")
            levels = data.spells()[spell]["level"]
            if raised is not None and not levels.get(caster_class, min(levels.values())) < raised <= HIGHEST_LEVEL:
                self.fail(where, f"spell {entry!r}: heightened to a level above its own, at most {HIGHEST_LEVEL}")
            if entry != entry_for(spell, feats, raised):
                self.fail(where, f"spell {entry!r}: write its metamagic in this order: {entry_for(spell, feats, raised)!r}")
        if spontaneous and value and not raw.get("spell_slots"):
            self.fail(where, f"a {caster_class} with spells needs spell_slots (spells per day by level)")
        return tuple(value)

    def _ids(self, raw: dict, key: str, where: str, known, what: str, unique: bool = True) -> tuple[str, ...]:
        values = raw.get(key, [])
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            self.fail(where, f"{key} must be a list of ids")
        for v in values:
            if v not in known:
                self.fail(where, f"unknown {what} {v!r}")
        return tuple(dict.fromkeys(values)) if unique else tuple(values)

    def riders(self, creatures: list[CreatureSpec]) -> None:
        """A rider in the saddle (``riding = "<mount id>"``) sits on a mount that can carry
        it, as the ``mount`` action requires (French text, "combat monté"): a creature fit
        to be ridden (``rideable``), of its side, at least one size larger, carrying nobody
        else and riding nothing itself; the rider's ``at`` is the mount's."""
        by_id = {c.id: c for c in creatures}
        carried: dict[str, str] = {}
        for c in creatures:
            if c.riding is None:
                continue
            where, mount = f'creature "{c.id}"', by_id.get(c.riding)
            if c.riding == c.id:
                self.fail(where, "riding names itself; it must name its mount")
            if mount is None:
                self.fail(where, f"riding {c.riding!r} names no creature of this scenario")
            why = cannot_carry(mount, c)
            if why:
                self.fail(where, f'riding "{mount.id}": {why}')
            if mount.id in carried:
                self.fail(where, f'riding "{mount.id}": it already carries "{carried[mount.id]}"')
            carried[mount.id] = c.id
            if c.at != mount.at:
                self.fail(where, f'riding "{mount.id}": at {list(c.at)} must be its mount\'s at {list(mount.at)}')

    def placement(self, creatures: list[CreatureSpec], terrain: Terrain) -> None:
        seen: dict[str, CreatureSpec] = {}
        taken: dict[Square, CreatureSpec] = {}
        for c in creatures:
            where = f'creature "{c.id}"'
            if c.id in seen:
                self.fail(where, "duplicate id")
            seen[c.id] = c
            span = Size.from_code(c.size).span
            for sq in space_squares(c.at, span):
                if not terrain.in_bounds(sq):
                    self.fail(where, f"at {list(c.at)} is outside the {terrain.width}×{terrain.height} map")
                if not terrain.is_enterable(sq):
                    self.fail(where, f"at {list(c.at)} puts it inside a wall at {list(sq)}")
            for sq in space_squares(c.at, span):
                other = taken.get(sq)
                if other is not None and not _may_share(c, other):
                    self.fail(where, f'overlaps creature "{other.id}" at {list(sq)}')
            for sq in space_squares(c.at, span):
                taken.setdefault(sq, c)


def cannot_carry(mount: CreatureSpec, rider: CreatureSpec) -> str:
    """Why ``mount`` cannot carry ``rider`` ("" when it can): the mount action's own tests
    (``actions.mounted.can_carry``) on a scenario's creatures."""
    if not mount.stats.get("rideable"):
        return "it is not a mount (no rideable)"
    if mount.side != rider.side:
        return f'it is of side "{mount.side}", not "{rider.side}"'
    if Size.from_code(mount.size).order < Size.from_code(rider.size).order + 1:
        return f"size {mount.size} cannot carry a rider of size {rider.size} (one size larger at least)"
    if mount.riding is not None:
        return "it rides a mount itself"
    return ""


def _may_share(a: CreatureSpec, b: CreatureSpec) -> bool:
    """Helpless creatures can be stood over; Tiny and smaller share squares (digest §1.5,
    §2.3); a rider sits in its mount's space."""
    if a.riding == b.id or b.riding == a.id:
        return True
    if not HELPLESS.isdisjoint(a.conditions) or not HELPLESS.isdisjoint(b.conditions):
        return True
    return Size.from_code(a.size).shares_square or Size.from_code(b.size).shares_square
