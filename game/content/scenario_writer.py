"""Writing scenarios back to TOML (issue 13: the sandbox saves what it edits, and a paused
battle becomes a scenario). The text is the readable format of design/scenario-format.md,
written with tomli-w; ``parse_scenario`` reads it back, so the project keeps one
validator. Files are written atomically: a temporary file in the same folder, then a
rename, so a crash never leaves half a scenario on disk."""
from __future__ import annotations

import os
import re
import tempfile
import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any

import tomli_w

from ..data import bestiary
from .scenario import CreatureSpec, Scenario
from .schema import FLAG_KEYS

# Top-level keys in the order a person reads them; tables follow (tomli-w puts them last).
_TOP_ORDER = ("title", "title_en", "title_fr", "description", "description_en", "description_fr", "seed",
              "rules", "map", "sides", "sealed_door", "creature")
_CREATURE_ORDER = ("id", "name", "side", "at", "riding", "template", "size", "reach", "speed", "climb_speed", "swim_speed",
                   "weapon", "off_hand", "armor",
                   "shield", "conditions", "feats", "hp")
# A multi-line array of plain values (numbers, short strings), as tomli-w writes it.
_ARRAY = re.compile(r"= \[\n((?:    (?:-?\d+|true|false|\"[^\"\n]*\"),\n)+)\]")


def scenario_text(doc: dict[str, Any]) -> str:
    """The document as TOML: keys in reading order, the grid as a multi-line string, short
    arrays on one line (``at = [2, 1]``). The text reads back to the same document."""
    ordered = {k: doc[k] for k in _TOP_ORDER if k in doc}
    ordered.update({k: v for k, v in doc.items() if k not in ordered})
    if "creature" in ordered:
        ordered["creature"] = [_ordered_creature(c) for c in ordered["creature"]]
    text = tomli_w.dumps(ordered, multiline_strings=True)
    compact = _ARRAY.sub(lambda m: "= [" + ", ".join(v.strip().rstrip(",") for v in m.group(1).splitlines()) + "]", text)
    return compact if tomllib.loads(compact) == tomllib.loads(text) else text


def _ordered_creature(table: dict[str, Any]) -> dict[str, Any]:
    out = {k: table[k] for k in _CREATURE_ORDER if k in table}
    out.update({k: v for k, v in table.items() if k not in out})
    return out


def write_atomically(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder and a rename."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)      # the saves folder on a first save
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=str(target.parent or "."))
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _number(value: Fraction | int) -> int | float:
    value = Fraction(value)
    return int(value) if value.denominator == 1 else float(value)


def creature_table(spec: CreatureSpec) -> dict[str, Any]:
    """A ``[[creature]]`` table that parses back to ``spec``: its template, then only the
    keys where it differs from the template (or from the format's defaults)."""
    full: dict[str, Any] = {"id": spec.id, "name": spec.name, "side": spec.side, "at": list(spec.at),
                            "size": spec.size, "reach": spec.reach, "speed": _number(spec.speed_m),
                            "climb_speed": _number(spec.climb_speed_m), "swim_speed": _number(spec.swim_speed_m),
                            "weapon": spec.weapon, "conditions": list(spec.conditions), "feats": list(spec.feats),
                            "inventory": list(spec.inventory), "surprised": spec.surprised, "loaded": spec.loaded,
                            "spells": list(spec.spells), "caster_class": spec.caster_class,
                            "feat_choices": dict(spec.feat_choices), "spell_slots": list(spec.spell_slots),
                            "spell_like": {k: ("at_will" if v is None else v) for k, v in spec.spell_like.items()},
                            "worn": list(spec.worn), "domains": list(spec.domains)}
    for key in ("armor", "shield", "off_hand", "holding", "afraid_of", "initiative", "riding", "ammunition"):
        if getattr(spec, key) is not None:
            full[key] = getattr(spec, key)
    for key, value in spec.stats.items():
        full[key] = bool(value) if key in FLAG_KEYS else value
    full.update({f"name_{lang}": name for lang, name in spec.names})
    defaults: dict[str, Any] = {"name": spec.id, "size": "M", "reach": "tall", "speed": 9, "climb_speed": 0,
                                "swim_speed": 0, "weapon": "unarmed",
                                "conditions": [], "feats": [], "inventory": [], "surprised": False, "loaded": True,
                                "spells": [], "caster_class": "", "feat_choices": {}, "spell_slots": [],
                                "spell_like": {}, "worn": [], "domains": []}
    entry = bestiary.get(spec.template) if spec.template else None
    if entry is not None:
        given = bestiary.scenario_keys(entry)
        defaults.update({k: (bool(v) if k in FLAG_KEYS else v) for k, v in given.items()})
        defaults["feats"] = list(dict.fromkeys([*given.get("feats", []), *bestiary.feats_from_special(entry)]))
    out: dict[str, Any] = {"id": spec.id, "side": spec.side, "at": list(spec.at)}
    if spec.template:
        out["template"] = spec.template
    for key, value in full.items():
        if key not in out and (key not in defaults or _differs(defaults[key], value)):
            out[key] = value
    return out


def _differs(default: Any, value: Any) -> bool:
    if isinstance(default, (list, tuple)) and isinstance(value, (list, tuple)):
        return list(default) != list(value)
    return bool(default != value)


def scenario_document(sc: Scenario) -> dict[str, Any]:
    """A validated scenario as a document ``scenario_text`` writes (the paused battle's
    state goes through here)."""
    doc: dict[str, Any] = {}
    if sc.title:
        doc["title"] = sc.title
    if sc.description:
        doc["description"] = sc.description
    doc.update(sc.texts)
    if sc.seed:
        doc["seed"] = sc.seed
    v = sc.variants
    doc["rules"] = {"charge_lane": v.charge_lane, "scatter_order": v.scatter_order,
                    "reach_diagonal_exception": v.reach_diagonal_exception}
    doc["map"] = {"grid": "\n".join(sc.rows) + "\n"}
    if sc.difficult_look:
        doc["map"]["difficult"] = sc.difficult_look
    sides = {}
    for side, spec in sc.sides.items():
        table: dict[str, Any] = {"control": spec.control}
        if spec.control == "ai" and spec.level:
            table["level"] = spec.level
        table.update({f"name_{lang}": name for lang, name in spec.names})
        sides[side] = table
    if sides:
        doc["sides"] = sides
    if sc.sealed_doors:
        doc["sealed_door"] = [{"at": list(at), "hit_dice": hd} for at, hd in sorted(sc.sealed_doors.items())]
    doc["creature"] = [creature_table(c) for c in sc.creatures]
    return doc
