"""``python -m game check [PATHS...]``: validate maps, templates, items and translations.

Every problem is one line ``file: line or key: what is wrong``. Checked:

- every map (``.toml`` or ``.tmj``) under PATHS (default ``maps/``): it loads, it has a
  title and a description, it has 2 to 4 sides, and the engine can open a battle on it;
- every item (weapons, armour, feats, conditions, substances, worn items): English and
  French names; substances and worn items: their fields;
- every template (bestiary and heroes): names, known ids (weapons, armour, feats,
  specials, spells, substances, mounts), and numbers that agree with the rules (AC = 10 +
  its parts, touch and flat-footed AC, armour and shield bonuses, size modifier, Dex capped
  by the armour, grapple, initiative, hit points from the Hit Dice, speed in metres, space
  and reach), and it builds a scenario creature.
"""
from __future__ import annotations

import sys
import tomllib
from pathlib import Path

from ..rules import monk
from ..rules.grapple import grapple_modifier
from ..rules.modifiers import ability_modifier
from ..rules.sizes import SIZE_CODES, Size
from .. import data
from ..data import bestiary
from .errors import ContentError

MAP_SUFFIXES = (".toml", ".tmj")
ITEM_FILES = ("weapons.toml", "armor.toml", "feats.toml", "conditions.toml", "substances.toml", "worn_items.toml")
TEMPLATE_KEYS = ("name_en", "name_fr", "size", "reach", "hd", "hp", "init", "speed", "speed_ft", "ac", "touch",
                 "flat_footed", "ac_parts", "bab", "grapple", "weapon", "full_attack", "special", "saves",
                 "abilities", "feats")
AC_PARTS = ("dex", "size", "natural", "armor", "shield", "deflection")
SUBSTANCE_FIELDS = {"cost_gp": (int, float), "weight_lb": (int, float), "attack": str, "range_ft": int, "splash": bool,
                    "damage": str, "splash_damage": int, "energy": str, "only_vs": list, "save": str, "save_dc": int,
                    "condition": str, "radius_ft": int, "duration": str, "craft_dc": int, "effect_en": str}
WORN_FIELDS = {"slot": str, "fastening": str, "size": str, "substance": str, "hardness": int, "hp": int,
               "bonus_type": str, "bonus": int, "cost_gp": (int, float)}
WORN_BONUS_TYPES = ("resistance", "deflection", "natural_armor", "")


def _show(path: Path | str) -> str:
    """A data file's path: relative to the current directory when it is inside it."""
    p = Path(path).resolve()
    try:
        return str(p.relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(p)


def map_files(paths: list[str]) -> tuple[list[Path], list[str]]:
    files, problems = [], []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            files += sorted(f for f in p.rglob("*") if f.suffix.lower() in MAP_SUFFIXES and f.is_file())
        elif p.is_file():
            files.append(p)
        else:
            problems.append(f"{raw}: no such file or directory")
    return files, problems


def check_map(path: Path) -> list[str]:
    from .scenario import load_scenario
    shown = str(path)          # as typed, like the loader's own error lines
    try:
        scenario = load_scenario(path)
    except ContentError as exc:
        return [exc.line()]
    problems = []
    if not scenario.title.strip():
        problems.append(f"{shown}: title: missing (every map needs a title)")
    if not scenario.description.strip():
        problems.append(f"{shown}: description: missing (every map needs a description)")
    widest = max(len(r) for r in scenario.rows)
    for y, row in enumerate(scenario.rows):
        if len(row) < widest:          # the format reads the missing squares as wall (issue 14, item 3)
            problems.append(f"{shown}: map.grid: row {y} is {len(row)} squares wide, the widest {widest}: "
                            f"its last {widest - len(row)} square(s) count as wall (pad it, or draw # on purpose)")
    sides = {c.side for c in scenario.creatures}
    if not 2 <= len(sides) <= 4:
        problems.append(f"{shown}: creature: {len(sides)} side(s) ({', '.join(sorted(sides)) or 'none'}); a map needs 2 to 4")
    try:
        from ..engine import Battle
        battle = Battle(scenario)
        battle.close()
    except Exception as exc:  # noqa: BLE001 - any engine failure is a problem of this map
        problems.append(f"{shown}: battle: the engine cannot open it ({exc.__class__.__name__}: {exc})")
    return problems


def check_items() -> tuple[list[str], int]:
    problems, count = [], 0
    for name in ITEM_FILES:
        path = data.DATA_DIR / name
        shown = _show(path.resolve())
        try:
            with path.open("rb") as fh:
                table = tomllib.load(fh)
        except (OSError, tomllib.TOMLDecodeError) as exc:
            problems.append(f"{shown}: cannot be read ({exc})")
            continue
        for key, row in table.items():
            count += 1
            if not isinstance(row, dict):
                problems.append(f"{shown}: {key}: must be a table")
                continue
            for lang in ("en", "fr"):
                value = row.get(f"name_{lang}")
                if not isinstance(value, str) or not value.strip():
                    problems.append(f"{shown}: {key}.name_{lang}: missing {'English' if lang == 'en' else 'French'} name")
            if name == "substances.toml":
                problems += _check_substance(shown, key, row)
            if name == "worn_items.toml":
                problems += _check_worn(shown, key, row)
    return problems, count


def _check_substance(shown: str, key: str, row: dict) -> list[str]:
    out = []
    for f, kind in SUBSTANCE_FIELDS.items():
        if f not in row:
            out.append(f"{shown}: {key}.{f}: missing")
        elif not isinstance(row[f], kind) or (kind is int and isinstance(row[f], bool)):
            out.append(f"{shown}: {key}.{f}: wrong type {type(row[f]).__name__}")
    if row.get("attack") not in ("ranged_touch", "ranged", "none"):
        out.append(f"{shown}: {key}.attack: must be ranged_touch, ranged or none, not {row.get('attack')!r}")
    if row.get("save") not in ("fort", "ref", "will", ""):
        out.append(f"{shown}: {key}.save: unknown save {row.get('save')!r}")
    if row.get("condition") and row["condition"] not in data.conditions():
        out.append(f"{shown}: {key}.condition: unknown condition {row['condition']!r}")
    return out


def _check_worn(shown: str, key: str, row: dict) -> list[str]:
    """A worn item's fields (game/rules/objects.py reads them)."""
    from ..rules.objects import FASTENINGS
    out = []
    for f, kind in WORN_FIELDS.items():
        if f not in row:
            out.append(f"{shown}: {key}.{f}: missing")
        elif not isinstance(row[f], kind) or (kind is int and isinstance(row[f], bool)):
            out.append(f"{shown}: {key}.{f}: wrong type {type(row[f]).__name__}")
    if row.get("fastening") not in FASTENINGS:
        out.append(f"{shown}: {key}.fastening: must be loose, normal or secure, not {row.get('fastening')!r}")
    if row.get("size") not in SIZE_CODES:
        out.append(f"{shown}: {key}.size: unknown size {row.get('size')!r}")
    if row.get("bonus_type") not in WORN_BONUS_TYPES:
        out.append(f"{shown}: {key}.bonus_type: unknown bonus type {row.get('bonus_type')!r}")
    if isinstance(row.get("hp"), int) and row["hp"] < 1:
        out.append(f"{shown}: {key}.hp: an object has at least 1 hit point")
    return out


def _hp_from_hd(hd: str, hero_level: int | None) -> int:
    """SRD average hit points, rounded down; a hero: maximum at 1st level, then the die's
    average rounded up."""
    count, rest = hd.split("d", 1)
    n = int(count)
    if "+" in rest:
        die, bonus = rest.split("+")
        bonus_v = int(bonus)
    elif "-" in rest:
        die, bonus = rest.split("-")
        bonus_v = -int(bonus)
    else:
        die, bonus_v = rest, 0
    d = int(die)
    if hero_level is not None:
        return d + (n - 1) * (d // 2 + 1) + bonus_v
    return (n * (d + 1) + 2 * bonus_v) // 2


def check_template(tid: str, e: dict) -> list[str]:
    shown = _show((bestiary.DATA_DIR / bestiary.template_file(tid)).resolve())
    out: list[str] = []

    def bad(key: str, what: str):
        out.append(f"{shown}: {tid}.{key}: {what}" if key else f"{shown}: {tid}: {what}")

    missing = [k for k in TEMPLATE_KEYS if k not in e]
    for k in missing:
        bad(k, "missing")
    if missing:
        return out
    weapons, armors, feats = data.weapons(), data.armor(), data.feats()
    for lang in ("en", "fr"):
        if not isinstance(e[f"name_{lang}"], str) or not e[f"name_{lang}"].strip():
            bad(f"name_{lang}", "empty name")
    if e["size"] not in SIZE_CODES:
        bad("size", f"unknown size {e['size']!r}")
        return out
    size = Size.from_code(e["size"])
    if e["reach"] not in ("tall", "long"):
        bad("reach", f"must be tall or long, not {e['reach']!r}")
        return out
    if "space_ft" in e and size.order >= Size.S.order and e["space_ft"] != size.span * 5:
        bad("space_ft", f"{e['space_ft']} ft, but a {size.name} creature takes {size.span * 5} ft")
    if "reach_ft" in e and e["reach_ft"] != size.natural_reach(e["reach"]) * 5:
        bad("reach_ft", f"{e['reach_ft']} ft, but a {e['reach']} {size.name} creature reaches "
                        f"{size.natural_reach(e['reach']) * 5} ft")
    if e["speed"] * 10 != e["speed_ft"] * 3:
        bad("speed", f"{e['speed']} m does not match {e['speed_ft']} ft (ft / 5 x 1.5)")
    # ids
    if e["weapon"] not in weapons:
        bad("weapon", f"unknown weapon {e['weapon']!r}")
    if e.get("off_hand") is not None and e["off_hand"] not in weapons:
        bad("off_hand", f"unknown weapon {e['off_hand']!r}")
    for w in e.get("inventory", []):
        if w not in weapons:
            bad("inventory", f"unknown weapon {w!r}")
    if "armor" in e and armors.get(e["armor"], {}).get("category") in (None, "shield"):
        bad("armor", f"unknown armor {e['armor']!r}")
    if "shield" in e and armors.get(e["shield"], {}).get("category") != "shield":
        bad("shield", f"unknown shield {e['shield']!r}")
    for f in e["feats"]:
        if f not in feats:
            bad("feats", f"unknown feat {f!r}")
    for f, w in e.get("feat_choices", {}).items():
        if f not in e["feats"]:
            bad("feat_choices", f"{f!r} is not among the feats")
        if w not in weapons:
            bad("feat_choices", f"unknown weapon {w!r}")
    for s in e["special"]:
        if s not in bestiary.SPECIALS:
            bad("special", f"unknown special ability {s!r}")
    for s in e.get("spells", []):
        if s not in bestiary.KNOWN_SPELLS:
            bad("spells", f"unknown spell {s!r}")
    for s in e.get("substances", []):
        if s not in bestiary.substances():
            bad("substances", f"unknown substance {s!r}")
    if "mount" in e and bestiary.get(e["mount"]) is None:
        bad("mount", f"unknown template {e['mount']!r}")
    # attacks
    routines = e["full_attack"]
    if not routines or not all(isinstance(r, list) and r for r in routines):
        bad("full_attack", "needs at least one routine with at least one attack")
    else:
        for i, routine in enumerate(routines):
            for a in routine:
                if a.get("weapon") not in weapons:
                    bad(f"full_attack[{i}]", f"unknown weapon {a.get('weapon')!r}")
                b = a.get("bonus")
                if not isinstance(b, list) or not b or not all(isinstance(v, int) for v in b):
                    bad(f"full_attack[{i}]", f"bonus must be a list of whole numbers, not {b!r}")
        if routines[0][0].get("weapon") != e["weapon"]:
            bad("weapon", f"{e['weapon']!r} is not the first attack of the first routine "
                          f"({routines[0][0].get('weapon')!r})")
    # numbers
    parts = e["ac_parts"]
    if sorted(set(parts) - {"monk"}) != sorted(AC_PARTS):
        bad("ac_parts", f"needs exactly {', '.join(AC_PARTS)} (and a monk's ``monk``)")
        return out
    abil = e["abilities"]
    if "monk" in parts or e.get("class") == "monk":
        # SRD, Monk, "AC Bonus": Wisdom bonus, +1 per five levels, when unarmoured
        level = e.get("level", 1) if e.get("class") == "monk" else 0
        armoured = bool(e.get("armor") or e.get("shield"))
        expected = 0 if armoured else monk.ac_bonus(level, ability_modifier(abil.get("wis", 10)))
        if parts.get("monk", 0) != expected:
            bad("ac_parts.monk", f"{parts.get('monk', 0)}, but a monk of level {level} with this Wisdom gives {expected}")
    dex = ability_modifier(abil.get("dex", 10))
    armor_row = armors.get(e.get("armor", ""), {})
    shield_row = armors.get(e.get("shield", ""), {})
    caps = [r.get("max_dex", -1) for r in (armor_row, shield_row) if r.get("max_dex", -1) >= 0]
    dex_ac = min([dex] + caps)
    if parts["dex"] != dex_ac:
        bad("ac_parts.dex", f"{parts['dex']}, but Dex {abil.get('dex', 10)} with this armour gives {dex_ac}")
    if parts["size"] != size.value.attack_mod:
        bad("ac_parts.size", f"{parts['size']}, but {size.name} gives {size.value.attack_mod}")
    if parts["armor"] != armor_row.get("bonus", 0):
        bad("ac_parts.armor", f"{parts['armor']}, but the armour {e.get('armor')!r} gives {armor_row.get('bonus', 0)}")
    if parts["shield"] != shield_row.get("bonus", 0):
        bad("ac_parts.shield", f"{parts['shield']}, but the shield {e.get('shield')!r} gives {shield_row.get('bonus', 0)}")
    if e["ac"] != 10 + sum(parts.values()):
        bad("ac", f"{e['ac']}, but 10 + its parts make {10 + sum(parts.values())}")
    touch = 10 + parts["dex"] + parts["size"] + parts["deflection"] + parts.get("monk", 0)
    if e["touch"] != touch:
        bad("touch", f"{e['touch']}, but 10 + Dex + size + deflection (+ a monk's bonus) make {touch}")
    flat = e["ac"] - max(parts["dex"], 0)
    if e["flat_footed"] != flat:
        bad("flat_footed", f"{e['flat_footed']}, but AC without its Dex bonus is {flat}")
    grapple = grapple_modifier(e["bab"], ability_modifier(abil.get("str", 10)), size).value
    if e["grapple"] != grapple:
        bad("grapple", f"{e['grapple']}, but base attack + Str + size make {grapple}")
    init = dex + (4 if "improved_initiative" in e["feats"] else 0)
    if e["init"] != init:
        bad("init", f"{e['init']:+d}, but Dex (and Improved Initiative) make {init:+d}")
    try:
        hp = _hp_from_hd(str(e["hd"]), e.get("level") if e.get("kind") == "hero" else None)
        if e["hp"] != hp:
            bad("hp", f"{e['hp']}, but {e['hd']} gives {hp}")
    except ValueError:
        bad("hd", f"cannot read {e['hd']!r} (expected like 4d8+11)")
    for save in ("fort", "ref", "will"):
        if not isinstance(e["saves"].get(save), int):
            bad(f"saves.{save}", "missing")
    # and it builds a scenario creature
    if not out:
        out += _builds(shown, tid, size.span)
    return out


def _builds(shown: str, tid: str, span: int) -> list[str]:
    from .scenario import parse_scenario
    side = span + 2
    grid = "\n".join("." * side for _ in range(side))
    text = f'[map]\ngrid = """\n{grid}\n"""\n\n[[creature]]\nid = "x"\nside = "a"\nat = [1, 1]\ntemplate = "{tid}"\n'
    try:
        parse_scenario(text, "<check>")
    except ContentError as exc:
        return [f"{shown}: {tid}: does not build a creature ({exc.what})"]
    return []


def check_templates() -> tuple[list[str], int]:
    try:
        templates = bestiary.templates()
    except ContentError as exc:
        return [exc.line()], 0
    problems = []
    for tid, entry in templates.items():
        problems += check_template(tid, entry)
    return problems, len(templates)


def run(paths: list[str]) -> tuple[list[str], str]:
    files, problems = map_files(paths or ["maps"])
    for f in files:
        problems += check_map(f)
    item_problems, items = check_items()
    template_problems, templates = check_templates()
    problems += item_problems + template_problems
    summary = (f"checked {len(files)} maps, {templates} templates, {items} items and their translations: "
               + (f"{len(problems)} problem(s)" if problems else "no problems"))
    return problems, summary


def check_save(path: Path, replay: bool) -> list[str]:
    """A save loads (by its checkpoint, or with ``replay`` by playing every command again
    and reaching its checkpoint's state exactly)."""
    from . import saves
    try:
        loaded = saves.load_save(path, replay=replay)
    except ContentError as exc:
        return [exc.line()]
    try:
        if replay and "state" in saves.read_document(path):
            fast = saves.load_save(path).battle
            try:
                if fast.state() != loaded.battle.state():
                    return [f"{path}: state: the checkpoint is not where the replay of the commands ends"]
            finally:
                fast.close()
    finally:
        loaded.battle.close()
    return []


def main(paths: list[str], replay: bool = False) -> int:
    """Maps and folders as before; ``.json`` files are saves (``--replay``: proved by replay)."""
    save_files = [Path(p) for p in paths if p.lower().endswith(".json")]
    if save_files:
        problems = [line for f in save_files for line in check_save(f, replay)]
        for line in problems:
            print(line)
        summary = f"checked {len(save_files)} save(s)" + (" by replay" if replay else "") + \
            (f": {len(problems)} problem(s)" if problems else ": no problems")
        print(summary, file=sys.stderr if problems else sys.stdout)
        return 2 if problems else 0
    problems, summary = run(paths)
    for line in problems:
        print(line)
    if problems:
        print(summary, file=sys.stderr)
        return 1
    print(summary)
    return 0
