"""The scenario being edited: a scenario document (the dict a TOML scenario reads to) and
its edits as undoable steps. Every edit is made on a copy, written to TOML and read back
with the project's own parser (``content.scenario.parse_scenario``): an edit the format
refuses is refused with the validator's one line, and the document stays as it was. No
window here, so the model is tested on its own."""
from __future__ import annotations

import copy
import re
from dataclasses import replace
import tomllib
from pathlib import Path
from typing import Any, Callable

from ...content.errors import ContentError
from ...content.scenario import Scenario, load_scenario, parse_scenario
from ...content.scenario_writer import scenario_document, scenario_text, write_atomically
from ...content.tiled import tiled_document
from ...rules.conditions import KNOWN_CONDITIONS
from ...rules.sizes import Size
from ...rules.terrain import LEGEND, OFF_MAP

Change = Callable[[dict[str, Any]], None]
RULE_VALUES = {"charge_lane": ("center", "swept"), "scatter_order": ("seed", "srd"),
               "reach_diagonal_exception": (True, False)}


class Document:
    """``doc`` (the document), ``scenario`` (it, validated), ``path`` (where it saves) and
    the undo and redo stacks. ``revision`` changes with every change the window must draw."""

    def __init__(self, doc: dict[str, Any], path: str | None = None):
        self.path = path
        self.scenario = self._parse(doc)
        self.doc = doc
        self.undo_stack: list[tuple[dict[str, Any], str | None]] = []
        self.redo_stack: list[dict[str, Any]] = []
        self.revision = 0
        self.left_behind: list[str] = []         # a paused battle's state no scenario holds (``from_battle``)

    # --- making one -------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | Path) -> Document:
        """A scenario ``.toml`` or a Tiled ``.tmj``; ContentError (one line) when it is not one."""
        load_scenario(path)                      # the file's own errors, with their line numbers
        text = Path(path).read_text(encoding="utf-8")
        doc = tiled_document(text, str(path)) if str(path).lower().endswith(".tmj") else tomllib.loads(text)
        out = cls(doc, None if str(path).lower().endswith(".tmj") else str(path))
        return out

    @classmethod
    def empty(cls, width: int = 16, height: int = 12) -> Document:
        """A walled room with nobody in it."""
        rows = ["#" * width] + ["#" + "." * (width - 2) + "#" for _ in range(height - 2)] + ["#" * width]
        return cls({"title": "Sandbox", "map": {"grid": "\n".join(rows) + "\n"}, "creature": []})

    @classmethod
    def from_battle(cls, battle) -> Document:
        """The battle as it stands: positions, hit points, conditions, weapons in hand,
        spells, shots and items left, riders in the saddle, creatures that came into play (a split pudding), doors and crates,
        as a scenario (issue 13, item 6: pause a battle into the sandbox). What a scenario
        cannot hold is named in ``left_behind`` (``what_if.not_in_a_scenario``)."""
        from ...rules.terrain import DOOR_CHARS
        from ...world import views, what_if
        sc = battle.scenario
        board = battle.board()
        rows = [list(r) for r in sc.rows]
        for (x, y), is_open in battle.shared_read.doors.items():
            rows[y][x] = DOOR_CHARS["open_door" if is_open else "door"]
        for (x, y), how in battle.shared_read.seals_broken.items():
            if how == "shattered":                   # a sealed door negative energy shattered: floor
                rows[y][x] = "."
        moved = battle.shared_read.heavy_moved           # crates where they were pushed
        for x, y in moved:
            rows[y][x] = "."
        for (x, y), (nx, ny) in moved.items():
            rows[ny][nx] = sc.rows[y][x]
        creatures = []
        for cid in battle.ids:                       # the scenario's, then those spawned in play
            spec, body = battle.spec(cid), board.by_id.get(cid)
            if body is None:
                continue
            hp, _most = views.health(battle, cid)
            weapon = views.wielded(battle, cid)
            conditions = tuple(sorted(c for c in body.conditions if c in KNOWN_CONDITIONS))
            creatures.append(replace(spec, at=body.pos, conditions=conditions, stats={**spec.stats, "hp": hp},
                                     weapon=weapon if weapon else spec.weapon, riding=views.mount_of(battle, cid),
                                     **what_if.as_it_stands(battle, cid)))
        paused = replace(sc, rows=["".join(r) for r in rows], creatures=creatures, variants=battle.variants,
                         sealed_doors=views.sealed_doors(battle))       # the seals still standing
        out = cls(scenario_document(paused), None)
        out.left_behind = what_if.not_in_a_scenario(battle)
        return out

    # --- reading ----------------------------------------------------------------------
    def text(self) -> str:
        return scenario_text(self.doc)

    def rows(self) -> list[str]:
        return _rows(self.doc)

    def creature(self, cid: str) -> dict[str, Any] | None:
        return next((c for c in self.doc.get("creature", []) if c.get("id") == cid), None)

    def _parse(self, doc: dict[str, Any]) -> Scenario:
        return parse_scenario(scenario_text(doc), self.path or "<sandbox>")

    # --- changing ---------------------------------------------------------------------
    def edit(self, change: Change, group: str | None = None) -> str | None:
        """Apply ``change`` to a copy; keep it if the scenario still parses. Returns None, or
        the validator's one-line refusal. Edits with the same ``group`` as the last one
        (the squares of one brush stroke) undo together."""
        new = copy.deepcopy(self.doc)
        try:
            change(new)
            _prune_sides(new)
            scenario = self._parse(new)
        except ContentError as exc:
            return exc.line()
        if new == self.doc:
            return None                  # nothing changed (a square painted as it was): no step to undo
        if not (group is not None and self.undo_stack and self.undo_stack[-1][1] == group):
            self.undo_stack.append((self.doc, group))
        self.doc, self.scenario = new, scenario
        self.redo_stack.clear()
        self.revision += 1
        return None

    def undo(self) -> bool:
        if not self.undo_stack:
            return False
        self.redo_stack.append(self.doc)
        self.doc = self.undo_stack.pop()[0]
        self.scenario = self._parse(self.doc)
        self.revision += 1
        return True

    def redo(self) -> bool:
        if not self.redo_stack:
            return False
        self.undo_stack.append((self.doc, None))
        self.doc = self.redo_stack.pop()
        self.scenario = self._parse(self.doc)
        self.revision += 1
        return True

    def save(self, path: str | Path | None = None) -> str | None:
        """Write the scenario (atomically); None, or the one-line reason it could not be."""
        target = str(path or self.path or "")
        if not target:
            return "no file name"
        if not target.lower().endswith(".toml"):
            return f"{target}: a scenario is saved as .toml"
        try:
            write_atomically(target, self.text())
        except OSError as exc:
            return f"{target}: cannot be written ({exc.strerror or exc.__class__.__name__})"
        self.path = target
        return None

    # --- the edits --------------------------------------------------------------------
    def paint(self, squares, char: str, group: str | None = None) -> str | None:
        return self.edit(lambda d: _paint(d, squares, char), group)

    def rectangle(self, a, b, char: str) -> str | None:
        (x0, x1), (y0, y1) = sorted((a[0], b[0])), sorted((a[1], b[1]))
        return self.paint([(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)], char)

    def resize(self, width: int, height: int) -> str | None:
        if width < 1 or height < 1:
            return f"map: {width}×{height} is not a map size"
        return self.edit(lambda d: _resize(d, width, height))

    def place(self, template: str | None, side: str, at, name: str = "") -> tuple[str | None, str]:
        """A new creature (from a template of the bestiary or the heroes); (refusal, its id)."""
        cid = self.new_id(re.sub(r"_\d+$", "", template or "") or "creature")   # tordek_5 -> tordek_1
        table: dict[str, Any] = {"id": cid, "side": side, "at": list(at)}
        if name:
            table["name"] = f"{name} {cid.rsplit('_', 1)[-1]}" if re.search(r"_\d+$", cid) else name
        if template:
            table["template"] = template
        return self.edit(lambda d: d.setdefault("creature", []).append(table)), cid

    def new_id(self, base: str) -> str:
        taken = {c.get("id") for c in self.doc.get("creature", [])}
        n = 1
        while f"{base}_{n}" in taken:
            n += 1
        return f"{base}_{n}"

    def move(self, cid: str, at) -> str | None:
        """A creature to ``at``; a rider and its mount move together (the rider sits in
        its mount's space: the format's ``riding``)."""
        def change(d):
            tables = d.get("creature", [])
            mount = next((c.get("riding") for c in tables if c.get("id") == cid and c.get("riding")), cid)
            for table in tables:
                if table.get("id") == mount or table.get("riding") == mount:
                    table["at"] = list(at)
        return self.edit(change)

    def ride(self, cid: str, mount: str | None) -> str | None:
        """Into the saddle of ``mount`` (in its space: the format's ``riding``), or out
        of it (``None``: onto the first square beside the mount the validator accepts)."""
        tables = {c.get("id"): c for c in self.doc.get("creature", [])}
        if mount is not None:
            steed = tables.get(mount, {})
            return self.edit(lambda d: _seat(d, cid, mount, steed.get("at")))
        now = tables.get(cid, {}).get("riding")
        if now is None:
            return None
        x, y = tables[now]["at"]
        span = next((Size.from_code(c.size).span for c in self.scenario.creatures if c.id == now), 1)
        around = [(x + dx, y + dy) for dy in range(-1, span + 1) for dx in range(-1, span + 1)
                  if not (0 <= dx < span and 0 <= dy < span)]
        refusal = None
        for square in around:
            refusal = self.edit(lambda d, sq=square: _seat(d, cid, None, list(sq)))
            if refusal is None:
                return None
        return refusal

    def delete(self, cid: str) -> str | None:
        """A creature out of the situation; its rider, if any, stays standing where it was."""
        def change(d):
            d["creature"] = [c for c in d.get("creature", []) if c.get("id") != cid]
            for table in d["creature"]:
                if table.get("riding") == cid:
                    del table["riding"]
        return self.edit(change)

    def set_key(self, cid: str, key: str, value: Any) -> str | None:
        """One key of a creature's table (None, or an empty list where the template's value
        should come back: removes the key)."""
        def change(d):
            table = next(c for c in d.get("creature", []) if c.get("id") == cid)
            if value is None:
                table.pop(key, None)
            else:
                table[key] = value
        return self.edit(change)

    def set_variant(self, key: str, value: Any) -> str | None:
        return self.edit(lambda d: d.setdefault("rules", {}).__setitem__(key, value))

    def set_control(self, side: str, controller: str) -> str | None:
        """Who plays a side, kept in the file's ``[sides]``: "human" or "ai:<level>"."""
        def change(d):
            table = d.setdefault("sides", {}).setdefault(side, {})
            table.pop("level", None)
            control, _, level = controller.partition(":")
            table["control"] = control
            if control == "ai":
                table["level"] = level or "normal"
        return self.edit(change)


def _rows(doc: dict[str, Any]) -> list[str]:
    rows = str(doc.get("map", {}).get("grid", "")).split("\n")
    while rows and rows[-1].strip() == "":
        rows.pop()
    return rows


def _set_rows(doc: dict[str, Any], rows: list[str]) -> None:
    doc.setdefault("map", {})["grid"] = "\n".join(rows) + "\n"


def _paint(doc: dict[str, Any], squares, char: str) -> None:
    if char not in LEGEND:
        raise ContentError("<sandbox>", "map.grid", f"unknown map character {char!r}")
    rows = [list(r) for r in _rows(doc)]
    for x, y in squares:
        if 0 <= y < len(rows) and x >= 0:
            row = rows[y]
            width = max(len(r) for r in rows)
            if x < width:
                row.extend(OFF_MAP.char * (x + 1 - len(row)))     # a ragged row's missing cells were walls
                row[x] = char
    _set_rows(doc, ["".join(r) for r in rows])


def _resize(doc: dict[str, Any], width: int, height: int) -> None:
    """Cut or extend to the right and at the bottom; new squares are open floor."""
    rows = [r.ljust(width, ".")[:width] for r in _rows(doc)][:height]
    rows += ["." * width] * (height - len(rows))
    _set_rows(doc, rows)


def _seat(doc: dict[str, Any], cid: str, mount: str | None, at) -> None:
    """The creature's ``riding`` set (or taken away) and its ``at`` with it."""
    table = next(c for c in doc.get("creature", []) if c.get("id") == cid)
    if mount is None:
        table.pop("riding", None)
    else:
        table["riding"] = mount
    if at is not None:
        table["at"] = list(at)


def _prune_sides(doc: dict[str, Any]) -> None:
    """A ``[sides.X]`` table goes with the last creature of its side (the format refuses one
    that names nobody)."""
    standing = {c.get("side") for c in doc.get("creature", [])}
    sides = doc.get("sides")
    if isinstance(sides, dict):
        for side in [s for s in sides if s not in standing]:
            del sides[side]
        if not sides:
            del doc["sides"]
