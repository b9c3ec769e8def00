"""The editor's side panel, in pygame_gui widgets (issue 13, item 1): the tools and the
terrain brush, the creature to place, the overlays' switches, the three rule variants, who
plays each side, the map's size, the file, and the selected creature's side, size, reach,
weapons, armour, hit points, conditions and feats. The panel only turns widget events into
the editor's edits (``EditorScreen``); the document refuses what the format refuses."""
from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
from pygame_gui import elements as E

from ... import data
from ...data import bestiary
from ...i18n import sentence, variant_name
from ...rules.conditions import KNOWN_CONDITIONS
from ...rules.sizes import SIZE_CODES
from ...rules.terrain import LEGEND
from ..sandbox_view import MODES

# A new or paused situation is saved in the saves folder, by its whole path (never into the
# project's own folder by accident).
DEFAULT_SAVE = str(Path("saves").resolve() / "sandbox.toml")

PANEL_W = 380
ROW = 30
TOOLS = ("select", "brush", "rect", "place", "ruler")
CONTROLLERS = ("human", "ai:easy", "ai:normal", "ai:hard")


def template_options(lang: str) -> list[tuple[str, str]]:
    """Every template of the bestiary and the heroes, by its name in the player's language."""
    return [(f"{e.get(f'name_{lang}') or e.get('name_en') or tid} · {tid}", tid)
            for tid, e in bestiary.templates().items()]


class Panel:
    def __init__(self, editor):
        self.ed = editor
        self.static: list = []
        self.creature_widgets: list = []
        self.w: dict[str, object] = {}          # role -> widget
        self.players: dict[object, str] = {}    # button -> side
        self._static_key: tuple = ()
        self._creature_key: tuple = ()
        self._creature_top = 10
        self.build()

    # --- building ---------------------------------------------------------------------
    def _t(self, code: str, **params) -> str:
        return sentence(code, params, self.ed.lang)

    def rect(self, row: float, col: float = 0, cols: float = 1, of: int = 1, height: float = 1) -> pygame.Rect:
        """A cell of the panel's grid: ``row`` from the top, ``cols`` of ``of`` columns."""
        x0 = self.ed.screen.get_width() - PANEL_W + 8
        width = (PANEL_W - 16) / of
        return pygame.Rect(round(x0 + col * width), round(6 + row * ROW), round(cols * width) - 4,
                           round(height * ROW) - 4)

    def _keys(self) -> tuple[tuple, tuple]:
        """What each part of the panel shows: a part is made again only when its key
        changes (making the lists of conditions and feats takes tens of milliseconds)."""
        ed, sc = self.ed, self.ed.doc.scenario
        static = (ed.lang, ed.paused, ed.tool, ed.brush, ed.template, ed.place_side, ed.show_threat, ed.show_reach,
                  ed.charge_mode, ed.mode, tuple(ed.extra.items()), sc.variants, tuple(sorted(sc.controllers().items())),
                  len(sc.rows), max(len(r) for r in sc.rows), ed.doc.path, ed.screen.get_size())
        spec = next((c for c in sc.creatures if c.id == ed.selected), None)
        return static, (ed.selected, repr(spec))

    def build(self, force: bool = False) -> None:
        """The panel, made again where what it shows changed (``force``: all of it, to put
        back the values of entries whose edit was refused)."""
        static, creature = self._keys()
        if force or static != self._static_key:
            for widget in self.static + self.creature_widgets:
                widget.kill()
            self.static, self.creature_widgets, self.w, self.players = [], [], {}, {}
            self._build_static()
        elif creature != self._creature_key:
            for widget in self.creature_widgets:
                widget.kill()
                self.w = {r: w for r, w in self.w.items() if w is not widget}
            self.creature_widgets = []
            self.build_creature(self._creature_top)
        self._static_key, self._creature_key = static, creature

    def _build_static(self) -> None:
        ed, m = self.ed, self.ed.manager
        tools = [(self._t(f"EDIT_TOOL_{t}"), t) for t in TOOLS]
        self._add("tool", E.UIDropDownMenu(tools, _pick(tools, ed.tool), self.rect(0, 0, 1, 2), m))
        chars = [(self._t(f"EDIT_TERRAIN_{k.id}"), c) for c, k in LEGEND.items()]
        self._add("char", E.UIDropDownMenu(chars, _pick(chars, ed.brush), self.rect(0, 1, 1, 2), m))
        templates = template_options(ed.lang)
        self._add("template", E.UIDropDownMenu(templates, _pick(templates, ed.template), self.rect(1, 0, 2, 3), m,
                                               expansion_height_limit=360))
        self._add("place_side", E.UITextEntryLine(self.rect(1, 2, 1, 3), m, initial_text=ed.place_side))
        extra = 1 if ed.extra else 0
        self.build_switches(2, extra)
        self.build_files(7 + extra)
        top = 10 + extra
        if ed.paused:
            self._add("back", E.UIButton(self.rect(top), self._t("EDIT_BACK"), m))
            top += 1
        self._creature_top = top
        self.build_creature(top)

    def build_switches(self, top: int, extra: int) -> None:
        """The overlays' switches (lit when on; a second row for the sandbox view's further
        ones), the movement mode, the three variants and the map's size."""
        ed, m = self.ed, self.ed.manager
        for i, (attr, on) in enumerate(ed.extra.items()):
            button = E.UIButton(self.rect(top + 1, i, 1, len(ed.extra)), self._t(f"EDIT_{attr.upper()}"), m)
            if on:
                button.select()
            self._add(f"toggle_{attr}", button)
        for i, (key, on) in enumerate((("threat", ed.show_threat), ("reach", ed.show_reach),
                                       ("charge", ed.charge_mode))):
            code = {"threat": "EDIT_THREAT", "reach": "EDIT_REACH_SHOW", "charge": "EDIT_CHARGE"}[key]
            button = E.UIButton(self.rect(top, i, 1, 5), self._t(code), m)
            if on:
                button.select()
            self._add(f"toggle_{key}", button)
        modes = [(self._t("EDIT_MODE", mode=self._t(f"UI_MODE_{mode}")), mode) for mode in MODES]
        self._add("mode", E.UIDropDownMenu(modes, _pick(modes, ed.mode), self.rect(top, 3, 2, 5), m))
        v = ed.doc.scenario.variants
        yes, no = self._t("UI_YES"), self._t("UI_NO")
        for i, (key, text) in enumerate((
                ("charge_lane", self._t("UI_MENU_VARIANT_LANE", value=variant_name(v.charge_lane, ed.lang))),
                ("scatter_order", self._t("UI_MENU_VARIANT_SCATTER", value=variant_name(v.scatter_order, ed.lang))),
                ("reach_diagonal_exception",
                 self._t("UI_MENU_VARIANT_REACH", value=yes if v.reach_diagonal_exception else no)))):
            self._add(f"variant_{key}", E.UIButton(self.rect(top + 1 + extra + i), text, m))
        rows = ed.doc.scenario.rows
        y = top + 4 + extra
        self._add("size_label", E.UILabel(self.rect(y, 0, 2, 5), self._t("EDIT_MAP_SIZE"), m))
        self._add("map_w", E.UITextEntryLine(self.rect(y, 2, 1, 5), m, initial_text=str(max(len(r) for r in rows))))
        self._add("map_h", E.UITextEntryLine(self.rect(y, 3, 1, 5), m, initial_text=str(len(rows))))
        self._add("resize", E.UIButton(self.rect(y, 4, 1, 5), self._t("EDIT_RESIZE"), m))

    def build_files(self, top: int) -> None:
        """The file, undo and redo, play, and who plays each side."""
        ed, m = self.ed, self.ed.manager
        self._add("path", E.UITextEntryLine(self.rect(top, 0, 2, 4), m, initial_text=ed.doc.path or DEFAULT_SAVE))
        self._add("save", E.UIButton(self.rect(top, 2, 1, 4), self._t("EDIT_SAVE"), m))
        self._add("open", E.UIButton(self.rect(top, 3, 1, 4), self._t("EDIT_OPEN"), m))
        self._add("undo", E.UIButton(self.rect(top + 1, 0, 1, 4), self._t("EDIT_UNDO"), m))
        self._add("redo", E.UIButton(self.rect(top + 1, 1, 1, 4), self._t("EDIT_REDO"), m))
        self._add("play", E.UIButton(self.rect(top + 1, 2, 2, 4), self._t("EDIT_PLAY"), m))
        sides = ed.doc.scenario.side_ids()
        controls = ed.doc.scenario.controllers()
        for i, side in enumerate(sides[:3]):
            who = controls[side]
            label = self._t("UI_MENU_HUMAN") if who == "human" else self._t(f"UI_LEVEL_{who.partition(':')[2]}")
            button = E.UIButton(self.rect(top + 2, i, 1, min(3, len(sides))),
                                self._t("EDIT_PLAYER", side=ed.doc.scenario.side_name(side, ed.lang), who=label), m)
            self._add(f"player_{side}", button)
            self.players[button] = side

    def build_creature(self, top: int) -> None:
        """The selected creature's name, side, hit points (the template's or the default
        shown greyed when the file gives none), size, reach, gear, conditions and feats."""
        ed, m = self.ed, self.ed.manager
        table = ed.doc.creature(ed.selected) if ed.selected else None
        spec = next((c for c in ed.doc.scenario.creatures if c.id == ed.selected), None)
        if table is None or spec is None:
            self._add("hint", E.UILabel(self.rect(top), self._t("EDIT_NO_CREATURE"), m), creature=True)
            return
        self._add("name", E.UILabel(self.rect(top, 0, 3, 4), self._t("EDIT_CREATURE", name=spec.name, id=spec.id), m),
                  creature=True)
        self._add("delete", E.UIButton(self.rect(top, 3, 1, 4), self._t("EDIT_DELETE"), m), creature=True)
        self._add("side_label", E.UILabel(self.rect(top + 1, 0, 1, 4), self._t("EDIT_SIDE"), m), creature=True)
        self._add("side", E.UITextEntryLine(self.rect(top + 1, 1, 1, 4), m, initial_text=spec.side), creature=True)
        self._add("hp_label", E.UILabel(self.rect(top + 1, 2, 1, 4), self._t("EDIT_HP"), m), creature=True)
        hp = spec.stats.get("hp")
        entry = E.UITextEntryLine(self.rect(top + 1, 3, 1, 4), m, initial_text="" if hp is None else str(hp),
                                  placeholder_text=str(ed.hit_points(spec.id)))
        self._add("hp", entry, creature=True)
        sizes = [(self._t("EDIT_SIZE", size=s), s) for s in SIZE_CODES]
        self._add("size", E.UIDropDownMenu(sizes, _pick(sizes, spec.size), self.rect(top + 2, 0, 1, 2), m), creature=True)
        reaches = [(self._t(f"EDIT_REACH_{r}"), r) for r in ("tall", "long")]
        self._add("reach", E.UIDropDownMenu(reaches, _pick(reaches, spec.reach), self.rect(top + 2, 1, 1, 2), m),
                  creature=True)
        self.build_gear(spec, top + 3)
        self.build_lists(spec, top + 6)

    def build_gear(self, spec, top: int) -> None:
        """The weapon, the off-hand weapon and the armour (drop-downs of the game's tables)."""
        ed, m = self.ed, self.ed.manager
        none = self._t("EDIT_NOTHING")
        weapons = [(self._t("EDIT_WEAPON", name=data.item_name(w, ed.lang)), w) for w in sorted(data.weapons())]
        self._add("weapon", E.UIDropDownMenu(weapons, _pick(weapons, spec.weapon), self.rect(top), m,
                                             expansion_height_limit=300), creature=True)
        off = [(self._t("EDIT_OFF_HAND", name=none), "")] + [
            (self._t("EDIT_OFF_HAND", name=data.item_name(w, ed.lang)), w) for w in sorted(data.weapons())]
        self._add("off_hand", E.UIDropDownMenu(off, _pick(off, spec.off_hand or ""), self.rect(top + 1), m,
                                               expansion_height_limit=300), creature=True)
        armors = [(self._t("EDIT_ARMOR", name=none), "")] + [
            (self._t("EDIT_ARMOR", name=row.get(f"name_{ed.lang}") or row["name_en"]), a)
            for a, row in data.armor().items() if row.get("category") != "shield"]
        self._add("armor", E.UIDropDownMenu(armors, _pick(armors, spec.armor or ""), self.rect(top + 2), m),
                  creature=True)

    def build_lists(self, spec, y: int) -> None:
        """Conditions and feats: scrolling lists, a click switches one on or off."""
        ed, m = self.ed, self.ed.manager
        conds = sorted(((row.get(f"name_{ed.lang}") or row["name_en"], c) for c, row in data.conditions().items()
                        if c in KNOWN_CONDITIONS))
        self._add("cond_label", E.UILabel(self.rect(y), self._t("EDIT_CONDITIONS"), m), creature=True)
        self._add("conditions", E.UISelectionList(self.rect(y + 1, height=4.2), conds, m, allow_multi_select=True,
                                                  default_selection=[o for o in conds if o[1] in spec.conditions]),
                  creature=True)
        feats = sorted(((row.get(f"name_{ed.lang}") or row["name_en"], f) for f, row in data.feats().items()))
        self._add("feat_label", E.UILabel(self.rect(y + 5.2), self._t("EDIT_FEATS"), m), creature=True)
        bottom = (self.ed.screen.get_height() - 8) / ROW
        self._add("feats", E.UISelectionList(self.rect(y + 6.2, height=max(2.0, bottom - y - 6.2)), feats, m,
                                             allow_multi_select=True,
                                             default_selection=[o for o in feats if o[1] in spec.feats]), creature=True)

    def _add(self, role: str, widget, creature: bool = False) -> None:
        (self.creature_widgets if creature else self.static).append(widget)
        self.w[role] = widget

    def role(self, widget) -> str | None:
        return next((r for r, w in self.w.items() if w is widget), None)

    # --- reacting ---------------------------------------------------------------------
    def handle(self, event) -> bool:
        """A pygame_gui event turned into the editor's action; True when it was one of ours."""
        role = self.role(getattr(event, "ui_element", None))
        if role is None:
            return False
        ed = self.ed
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(role, event.ui_element)
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            value = event.selected_option_id
            if role == "tool":
                ed.tool = value
            elif role == "char":
                ed.brush = value
            elif role == "template":
                ed.template = value
            elif role == "mode":
                ed.mode = value
                ed.refresh()
            elif role in ("size", "reach", "weapon"):
                ed.set_key(role, value)
            elif role in ("off_hand", "armor"):
                ed.set_key(role, value or None)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            text = event.text.strip()
            if role == "place_side":
                ed.place_side = text or ed.place_side
            elif role == "side":
                ed.set_key("side", text)
            elif role == "hp":
                ed.set_key("hp", int(text) if _whole(text) else (None if not text else text))
            elif role in ("map_w", "map_h"):
                ed.resize_from_panel()
            elif role == "path":
                ed.save(text)
        elif event.type in (pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION):
            chosen = [i for _t, i in event.ui_element.get_multi_selection(include_object_id=True)]
            ed.set_key(role, chosen)
        else:
            return False
        return True

    def _button(self, role: str, widget) -> None:
        ed = self.ed
        if role.startswith("toggle_"):
            ed.toggle(role.removeprefix("toggle_"))
        elif role.startswith("variant_"):
            ed.switch_variant(role.removeprefix("variant_"))
        elif role.startswith("player_"):
            side = self.players[widget]
            now = ed.doc.scenario.controllers()[side]
            ed.set_control(side, CONTROLLERS[(CONTROLLERS.index(now) + 1) % len(CONTROLLERS)])
        elif role == "resize":
            ed.resize_from_panel()
        elif role == "save":
            ed.save(self.w["path"].get_text().strip())
        elif role == "open":
            ed.open(self.w["path"].get_text().strip())
        elif role in ("undo", "redo"):
            ed.undo() if role == "undo" else ed.redo()
        elif role == "delete":
            ed.delete_selected()
        elif role in ("play", "back"):
            ed.want = role

    def map_size(self) -> tuple[str, str]:
        return self.w["map_w"].get_text().strip(), self.w["map_h"].get_text().strip()

    def focused(self) -> bool:
        """A text entry has the keyboard (letters are typed, not shortcuts)."""
        return any(isinstance(w, E.UITextEntryLine) and w.is_focused for w in self.w.values())


def _pick(options: list[tuple[str, str]], value) -> tuple[str, str]:
    return next((o for o in options if o[1] == value), options[0])


def _whole(text: str) -> bool:
    return text.lstrip("-").isdigit()

