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

import msgspec
from msgspec import UNSET

from ..rules.board import Variants
from ..rules.conditions import HELPLESS, KNOWN_CONDITIONS
from ..rules.domains import DOMAINS
from ..rules.geometry import Square, space_squares
from ..rules.metamagic import HIGHEST_LEVEL, SPONTANEOUS_CLASSES, applies, entry_for, heightened_level, parse_entry
from ..rules.sizes import Size
from ..rules.terrain import LEGEND, Terrain
from ..rules.weapons import fits_one_hand
from .. import data
from ..data import bestiary
from ..i18n import side_name
from .errors import ContentError
from .limits import guard, strip_bom
from .schema import FLAG_KEYS, MAX_CREATURES, MAX_SIDE, STAT_KEYS, CreatureEntry, ScenarioFile, given
from .schema import value_or as _or
from ..data.strict import convert, dotted
from .sides import SideSpec, read_sides
from .tiled import tiled_document

TEXT_KEYS = ("title_en", "title_fr", "description_en", "description_fr")     # the texts in each language


@dataclass
class CreatureSpec:
    id: str
    name: str
    side: str
    at: Square
    size: str = "M"
    reach: str = "tall"
    speed_m: Fraction = Fraction(9)
    climb_speed_m: Fraction = Fraction(0)                 # a climb speed (0: none)
    swim_speed_m: Fraction = Fraction(0)                  # a swim speed (0: none)
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
    ammunition: int | None = None                         # shots carried for its bow, crossbow or sling; None: not counted
    names: tuple[tuple[str, str], ...] = ()               # (lang, name) given by ``name_en`` / ``name_fr``
    domains: tuple[str, ...] = ()                         # a cleric's domains (rules.domains)

    def name_in(self, lang: str) -> str:
        """The name players read in that language (issue 14, item 8: no French name in the
        English window): the file's ``name_<lang>``; else, for a creature named after its
        template ("Loup", "Loup 2"), the template's ``name_<lang>`` with the same number;
        else ``name`` as given (a proper name reads the same in both), or without one the
        other language's name."""
        given = dict(self.names)
        if lang in given:
            return given[lang]
        entry = bestiary.get(self.template) if self.template else None
        if entry is not None and entry.get(f"name_{lang}"):
            for own in (entry.get("name_en"), entry.get("name_fr")):
                if own and (self.name == own or re.fullmatch(re.escape(own) + r" \d+", self.name)):
                    return entry[f"name_{lang}"] + self.name[len(own):]
        if given and self.name == self.id:            # no ``name``: the other language's stands for it
            return next(iter(given.values()))
        return self.name

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
    sealed_doors: dict[Square, int] = field(default_factory=dict)   # [[sealed_door]]: door square -> Hit Dice
    difficult_look: str = ""          # [map] difficult: what its "~" is, for the eye ("" the plain tile)

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

    def summoned(self, template: str, cid: str, side: str, at: Square, names: dict[str, str]) -> CreatureSpec:
        """A creature a spell brings into the battle (SRD Summon Nature's Ally: "This spell
        summons a natural creature"): its bestiary template's keys, validated as a
        scenario creature's are, named ``names`` (by language). The engine asks for it
        (``world.actions.summoning``); content makes it, as it makes the scenario's."""
        check = _Validator(self.path, "")
        templates: dict[int, dict] = {}
        raw = check.templated(0, {"id": cid, "side": side, "at": list(at), "template": template,
                                  "name": names.get("en", cid),
                                  **{f"name_{lang}": name for lang, name in names.items()}}, templates)
        entry = convert(raw, CreatureEntry, self.path)
        return check.creature(0, entry, templates[0])


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
    # Every number of a scenario is bounded by its schema, and TOML cannot write a lone
    # surrogate: the schema alone judges the values (a Tiled map's JSON is walked first).
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
            c = replace(c, name=f"{c.name} {n}", names=tuple((lang, f"{name} {n}") for lang, name in c.names))
        out.append(c)
    return out


class _Validator:
    """The checks a declared type cannot make (``schema.py`` makes the others): ids that
    name the data's weapons, feats and spells, a grid of known characters, creatures inside
    the map and not in one another, riders on mounts that can carry them."""

    def __init__(self, path: str, text: str):
        self.path = path
        self.text = text

    def fail(self, where: str | None, what: str):
        raise ContentError(self.path, where, what)

    def scenario(self, doc: dict[str, Any]) -> Scenario:
        templates: dict[int, dict] = {}
        raw = doc.get("creature")
        if isinstance(raw, list) and len(raw) <= MAX_CREATURES:
            doc = {**doc, "creature": [self.templated(i, c, templates) for i, c in enumerate(raw)]}
        entry = convert(doc, ScenarioFile, self.path, lambda steps: _where(steps, doc))
        variants = Variants(**{k: v for k, v in msgspec.structs.asdict(entry.rules).items() if v is not UNSET})
        rows = self.grid(entry.map.grid)
        terrain = Terrain(rows)
        creatures = numbered([self.creature(i, c, templates.get(i)) for i, c in enumerate(entry.creature)])
        self.riders(creatures)
        self.placement(creatures, terrain)
        ids = {c.id for c in creatures}
        for c in creatures:
            if c.afraid_of is not None and (c.afraid_of not in ids or c.afraid_of == c.id):
                self.fail(f'creature "{c.id}"', f"afraid_of {c.afraid_of!r} must name another creature")
        texts = {key: getattr(entry, key) for key in TEXT_KEYS if getattr(entry, key) is not UNSET}
        sides = read_sides(entry.sides, {c.side for c in creatures}, self.fail)
        sealed = self.sealed_doors(entry.sealed_door, terrain)
        look = "" if entry.map.difficult is UNSET else entry.map.difficult
        return Scenario(self.path, entry.title, entry.description, entry.seed, variants, rows, creatures, texts, sides,
                        sealed, difficult_look=look)

    def sealed_doors(self, entries: list, terrain: Terrain) -> dict[Square, int]:
        """``[[sealed_door]]`` (``rules.sealed_doors``): each on a closed door ``+`` of the
        map, one seal a door."""
        out: dict[Square, int] = {}
        for i, e in enumerate(entries):
            where = f"sealed_door[{i}].at"
            if not terrain.in_bounds(e.at) or terrain.kind(e.at).id != "door":
                self.fail(where, f"{list(e.at)} is not a closed door '+' of the map")
            if e.at in out:
                self.fail(where, f"{list(e.at)} is sealed twice")
            out[e.at] = e.hit_dice
        return out

    def templated(self, index: int, raw: Any, templates: dict[int, dict]) -> Any:
        """A creature table with its template's keys under its own (``bestiary.py``)."""
        if not isinstance(raw, dict) or "template" not in raw:
            return raw
        template = raw["template"]
        entry = bestiary.get(template) if isinstance(template, str) else None
        if entry is None:
            self.fail(_label(index, raw), f'unknown template "{template}"')
        templates[index] = entry
        return {**bestiary.scenario_keys(entry), **raw}

    def grid(self, grid: str) -> list[str]:
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

    def creature(self, index: int, e: CreatureEntry, template: dict | None) -> CreatureSpec:
        for key, value in (("id", e.id), ("side", e.side)):
            if not value.isprintable():
                self.fail(_label(index, {}), f"{key} {value!r} holds control characters")
        where = f'creature "{e.id}"'
        speed_m = Fraction(9) if e.speed is UNSET else Fraction(str(e.speed))
        if (speed_m / Fraction(3, 2)).denominator != 1:
            self.fail(f"{where}.speed", f"{e.speed} m is not a multiple of 1.5 m")
        other_speeds = {}
        for key in ("climb_speed", "swim_speed"):
            value = getattr(e, key)
            other_speeds[key] = Fraction(0) if value is UNSET else Fraction(str(value))
            if (other_speeds[key] / Fraction(3, 2)).denominator != 1:
                self.fail(f"{where}.{key}", f"{value} m is not a multiple of 1.5 m")
        weapon = _or(e.weapon, "unarmed")
        inventory = tuple(_or(e.inventory, []))
        for key, values, known, what in (
                ("weapon", [weapon], data.weapons(), "weapon"),
                ("conditions", _or(e.conditions, []), KNOWN_CONDITIONS, "condition"),
                ("feats", _or(e.feats, []), data.feats(), "feat"),
                ("inventory", inventory, {**data.weapons(), **bestiary.substances(), **data.magic_items()},
                 "weapon, substance or magic item"),
                ("worn", _or(e.worn, []), data.worn_items(), "worn item"),
                ("spell_like", _or(e.spell_like, {}), data.spells(), "spell"),
                ("feat_choices", _or(e.feat_choices, {}), data.feats(), "feat"),
                ("feat_choices", _or(e.feat_choices, {}).values(), data.weapons(), "weapon")):
            for value in values:
                if value not in known:
                    self.fail(f"{where}.{key}", f"unknown {what} {value!r}")
        armors = data.armor()
        if e.armor is not UNSET and armors.get(e.armor, {}).get("category") in (None, "shield"):
            self.fail(f"{where}.armor", f"unknown armor {e.armor!r}")
        if e.shield is not UNSET and armors.get(e.shield, {}).get("category") != "shield":
            self.fail(f"{where}.shield", f"unknown shield {e.shield!r}")
        if e.off_hand is not UNSET:
            row = data.weapons().get(e.off_hand)
            if row is None:
                self.fail(f"{where}.off_hand", f"unknown off_hand weapon {e.off_hand!r}")
            if not fits_one_hand(row):
                self.fail(f"{where}.off_hand", f"{e.off_hand!r} cannot be held in one hand")
        if e.holding is not UNSET and (e.holding not in inventory or e.holding in data.weapons()):
            self.fail(f"{where}.holding", f"{e.holding!r} must be an item of its inventory (not a weapon: draw those)")
        caster_class = _or(e.caster_class, "")
        spells = self._spells(where, _or(e.spells, []), caster_class, bool(_or(e.spell_slots, [])))
        stats = {key: given(e, key) for key in STAT_KEYS if given(e, key) is not UNSET}
        stats |= {key: int(given(e, key)) for key in FLAG_KEYS if given(e, key) is not UNSET}
        feats = tuple(dict.fromkeys(_or(e.feats, [])))
        if template is not None:
            feats += tuple(f for f in bestiary.feats_from_special(template) if f not in feats)
        return CreatureSpec(
            e.id, _or(e.name, e.id), e.side, e.at, size=_or(e.size, "M"), reach=_or(e.reach, "tall"), speed_m=speed_m,
            climb_speed_m=other_speeds["climb_speed"], swim_speed_m=other_speeds["swim_speed"],
            weapon=weapon, conditions=tuple(dict.fromkeys(_or(e.conditions, []))), feats=feats,
            armor=_or(e.armor, None), shield=_or(e.shield, None), inventory=inventory,
            surprised=_or(e.surprised, False), off_hand=_or(e.off_hand, None), loaded=_or(e.loaded, True),
            initiative=stats.pop("initiative", None), stats=stats, template=_or(e.template, None),
            special=dict(template.get("special", {})) if template else {}, spells=spells, caster_class=caster_class,
            feat_choices=dict(_or(e.feat_choices, {})), holding=_or(e.holding, None),
            spell_slots=tuple(_or(e.spell_slots, [])),
            spell_like={k: (None if v == "at_will" else v) for k, v in _or(e.spell_like, {}).items()},
            worn=tuple(dict.fromkeys(_or(e.worn, []))), afraid_of=_or(e.afraid_of, None), riding=_or(e.riding, None),
            ammunition=self._ammunition(where, e, weapon, inventory), domains=self._domains(where, e),
            names=tuple((key[-2:], getattr(e, key)) for key in ("name_en", "name_fr") if getattr(e, key) is not UNSET))

    def _domains(self, where: str, e: CreatureEntry) -> tuple[str, ...]:
        """A cleric's domains: those the game plays (``rules.domains``), on a cleric."""
        domains = tuple(dict.fromkeys(_or(e.domains, [])))
        for domain in domains:
            if domain not in DOMAINS:
                self.fail(f"{where}.domains", f"unknown domain {domain!r} (known: {', '.join(DOMAINS)})")
        if domains and not (given(e, "cleric_level") or 0) > 0:
            self.fail(f"{where}.domains", "only a cleric (cleric_level 1 or more) has domains")
        return domains

    def _ammunition(self, where: str, e: CreatureEntry, weapon: str, inventory: tuple[str, ...]) -> int | None:
        """Shots carried (README, "Ammunition"): only for a creature with a weapon that shoots some."""
        if e.ammunition is UNSET:
            return None
        shooters = [w for w in (weapon, *inventory) if w in data.weapons() and data.weapons()[w].ammunition]
        if not shooters:
            self.fail(f"{where}.ammunition", "it has no bow, crossbow or sling to shoot it with")
        return e.ammunition

    def _spells(self, where: str, value: list[str], caster_class: str, has_slots: bool) -> tuple[str, ...]:
        """Spells ready today (metamagic prepared as ``stilled:sleep``, see rules.metamagic);
        a sorcerer's or bard's spells known, plain, with its ``spell_slots``."""
        where = f"{where}.spells"
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
        if spontaneous and value and not has_slots:
            self.fail(where, f"a {caster_class} with spells needs spell_slots (spells per day by level)")
        return tuple(value)

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
                medium = terrain.medium(sq) if terrain.in_bounds(sq) else ""
                if medium and not (c.climb_speed_m if medium == "climb" else c.swim_speed_m):
                    self.fail(where, f"at {list(c.at)} puts it in a square it must {medium} into at {list(sq)} "
                                     f"(only a creature with a {medium}_speed starts there)")
                elif not medium and not terrain.is_enterable(sq):
                    inside = "a pit" if terrain.kind(sq).id == "pit" else "a wall"
                    self.fail(where, f"at {list(c.at)} puts it inside {inside} at {list(sq)}")
            for sq in space_squares(c.at, span):
                other = taken.get(sq)
                if other is not None and not _may_share(c, other):
                    self.fail(where, f'overlaps creature "{other.id}" at {list(sq)}')
            for sq in space_squares(c.at, span):
                taken.setdefault(sq, c)


def _label(index: int, raw: Any) -> str:
    """A creature as the refusal names it: by its id when it has a printable one."""
    cid = raw.get("id") if isinstance(raw, dict) else None
    return f'creature "{cid}"' if isinstance(cid, str) and cid and cid.isprintable() else f"creature #{index + 1}"


def _where(steps: list, doc: dict) -> str:
    """A key path as the file's readers say it: ``creature "tordek".speed``."""
    if len(steps) > 1 and steps[0] == "creature" and isinstance(steps[1], int):
        rest = dotted(steps[2:])
        head = _label(steps[1], doc["creature"][steps[1]])
        return head + ("" if not rest else rest if rest.startswith("[") else "." + rest)
    return dotted(steps)


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
