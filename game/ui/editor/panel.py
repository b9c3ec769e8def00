"""The editor's side panel, in pygame_gui widgets (issue 13, item 1): the tools and the
terrain brush, the creature to place, the overlays' switches, the three rule variants, who
plays each side, the map's size, the file, and the selected creature's side, size, reach,
weapons, armour, hit points, conditions and feats. The panel only turns widget events into
the editor's edits (``EditorScreen``); the document refuses what the format refuses."""
from __future__ import annotations

import unicodedata
from collections import Counter

import pygame
import pygame_gui
from pygame_gui import elements as E

from ... import data
from ...content.scenario import cannot_carry
from ...data import bestiary
from ..settings import saves_folder
from ...i18n import sentence, variant_name
from ...rules.conditions import KNOWN_CONDITIONS
from ...rules.sizes import SIZE_CODES
from ...rules.terrain import LEGEND
from ..sandbox_view import MODES
from . import layout

# A new or paused situation is saved in the saves folder, by its whole path (never into the
# project's own folder by accident).
def default_save() -> str:
    """A new situation's path: the player's saves folder (``settings.saves_folder``)."""
    return str(saves_folder(None) / "sandbox.toml")

PANEL_W = 380
ROW = 28
LIST_LIMIT = 300     # pixels: an opened drop-down's list at most (then it scrolls)
TOOLS = ("select", "brush", "rect", "place", "ruler")
CONTROLLERS = ("human", "ai:easy", "ai:normal", "ai:hard")


def template_options(lang: str, search: str = "") -> list[tuple[str, str]]:
    """The templates of the bestiary and the heroes by their names in the player's
    language (the id beside a name two share), those whose name or id holds every word
    of ``search`` (case and accents aside)."""
    entries = [(e.get(f"name_{lang}") or e.get("name_en") or tid, tid) for tid, e in bestiary.templates().items()]
    shared = {n for n, count in Counter(n for n, _t in entries).items() if count > 1}
    words = _folded(search).split()
    return [(f"{name} ({tid})" if name in shared else name, tid) for name, tid in entries
            if all(w in _folded(f"{name} {tid}") for w in words)]


def _folded(text: str) -> str:
    """Lower case without accents: what a search compares."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(ch))


class Panel:
    def __init__(self, editor):
        self.ed = editor
        self.font = editor.manager.get_theme().get_font(["button"])    # the widgets' text, to size them by
        self.search = ""                        # the words the template list is filtered by
        self.static: list = []
        self.creature_widgets: list = []
        self.w: dict[str, object] = {}          # role -> widget
        self.players: dict[object, str] = {}    # button -> side
        self._static_key: tuple = ()
        self._creature_key: tuple = ()
        self._creature_top = 10.0
        self.build()

    # --- building ---------------------------------------------------------------------
    def _t(self, code: str, **params) -> str:
        return sentence(code, params, self.ed.lang)

    def rect(self, row: float, height: float = 1) -> pygame.Rect:
        """The panel's whole width from ``row``, ``height`` rows high (the scrolling lists)."""
        x0 = self.ed.screen.get_width() - PANEL_W + 8
        return pygame.Rect(x0, round(6 + row * ROW), PANEL_W - 16, round(height * ROW) - 4)

    def _row(self, top: float, cells: list[layout.Cell], creature: bool = False) -> float:
        """Cells sized to their texts from row ``top`` (``layout``); the next free row."""
        made, after = layout.place(cells, self.ed.screen.get_width() - PANEL_W + 8, PANEL_W - 16, top, ROW)
        for role, widget in made.items():
            self._add(role, widget, creature)
        return after

    def _button(self, role: str, text: str, grow: bool = True, lit: bool = False) -> layout.Cell:
        def make(rect):
            button = E.UIButton(rect, text, self.ed.manager)
            if lit:
                button.select()
            return button
        return layout.Cell(role, layout.button_need(self.font, text), make, grow)

    def _menu(self, role: str, options: list[tuple[str, str]], value, grow: bool = True) -> layout.Cell:
        return layout.Cell(role, layout.drop_down_need(self.font, [o[0] for o in options], LIST_LIMIT),
                           lambda rect: E.UIDropDownMenu(options, _pick(options, value), rect, self.ed.manager,
                                                         expansion_height_limit=LIST_LIMIT), grow)

    def _label(self, role: str, text: str, grow: bool = False) -> layout.Cell:
        return layout.Cell(role, layout.label_need(self.font, text), lambda rect: E.UILabel(rect, text, self.ed.manager),
                           grow)

    def _entry(self, role: str, text: str, need: int, grow: bool = False, placeholder: str | None = None) -> layout.Cell:
        return layout.Cell(role, need, lambda rect: E.UITextEntryLine(rect, self.ed.manager, initial_text=text,
                                                                      placeholder_text=placeholder), grow)

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
            static = self._keys()[0]              # the search may have chosen the template
        elif creature != self._creature_key:
            for widget in self.creature_widgets:
                widget.kill()
                self.w = {r: w for r, w in self.w.items() if w is not widget}
            self.creature_widgets = []
            self.build_creature(self._creature_top)
        self._static_key, self._creature_key = static, creature

    def _build_static(self) -> None:
        ed = self.ed
        tools = [(self._t(f"EDIT_TOOL_{t}"), t) for t in TOOLS]
        chars = [(self._t(f"EDIT_TERRAIN_{k.id}"), c) for c, k in LEGEND.items()]
        top = self._row(0, [self._menu("tool", tools, ed.tool), self._menu("char", chars, ed.brush)])
        top = self._row(top, [self._entry("search", self.search, 120, grow=True, placeholder=self._t("EDIT_SEARCH")),
                              self._label("place_side_label", self._t("EDIT_PLACE_SIDE_SHORT")),
                              self._entry("place_side", ed.place_side, 64)])
        every = template_options(ed.lang)
        need = layout.drop_down_need(self.font, [name for name, _t in every], LIST_LIMIT)
        top = self._row(top, [layout.Cell("template", need, self._template_menu)])
        top = self.build_switches(top)
        top = self.build_files(top)
        self._creature_top = top
        self.build_creature(top)

    def _template_menu(self, rect: pygame.Rect):
        """The templates the search leaves (one "no match" line when it leaves none); the
        chosen template becomes the first of them when the search leaves it out."""
        options = template_options(self.ed.lang, self.search)
        if options and self.ed.template not in {tid for _n, tid in options}:
            self.ed.template = options[0][1]
        options = options or [(self._t("EDIT_NO_MATCH"), "")]
        return E.UIDropDownMenu(options, _pick(options, self.ed.template), rect, self.ed.manager,
                                expansion_height_limit=LIST_LIMIT)

    def filter_templates(self, text: str) -> None:
        """The template list filtered as the search is typed: only the drop-down is made
        again (the search entry keeps the keyboard)."""
        self.search = text
        old = self.w["template"]
        new = self._template_menu(old.relative_rect.copy())
        old.kill()
        self.static[self.static.index(old)] = new
        self.w["template"] = new
        self._static_key = self._keys()[0]

    def build_switches(self, top: float) -> float:
        """The overlays' switches (lit when on), the movement mode, the three variants and
        the map's size; the next free row."""
        ed = self.ed
        cells = [self._button(f"toggle_{key}", self._t(code), lit=on) for key, code, on in (
            ("threat", "EDIT_THREAT", ed.show_threat), ("reach", "EDIT_REACH_SHOW", ed.show_reach),
            ("charge", "EDIT_CHARGE", ed.charge_mode))]
        cells += [self._button(f"toggle_{attr}", self._t(f"EDIT_{attr.upper()}"), lit=on) for attr, on in ed.extra.items()]
        modes = [(self._t("EDIT_MODE", mode=self._t(f"UI_MODE_{mode}")), mode) for mode in MODES]
        top = self._row(top, cells + [self._menu("mode", modes, ed.mode)])
        v = ed.doc.scenario.variants
        yes, no = self._t("UI_YES"), self._t("UI_NO")
        for key, text in (
                ("charge_lane", self._t("UI_MENU_VARIANT_LANE", value=variant_name(v.charge_lane, ed.lang))),
                ("scatter_order", self._t("UI_MENU_VARIANT_SCATTER", value=variant_name(v.scatter_order, ed.lang))),
                ("reach_diagonal_exception",
                 self._t("UI_MENU_VARIANT_REACH", value=yes if v.reach_diagonal_exception else no))):
            top = self._row(top, [self._button(f"variant_{key}", text)])
        rows = ed.doc.scenario.rows
        return self._row(top, [self._label("size_label", self._t("EDIT_MAP_SIZE")),
                               self._entry("map_w", str(max(len(r) for r in rows)), 48, grow=True),
                               self._entry("map_h", str(len(rows)), 48, grow=True),
                               self._button("resize", self._t("EDIT_RESIZE"), grow=False)])

    def build_files(self, top: float) -> float:
        """The file, undo and redo, play (and back to a paused battle), and who plays each
        side; the next free row."""
        ed = self.ed
        top = self._row(top, [self._entry("path", ed.doc.path or default_save(), 120, grow=True),
                              self._button("save", self._t("EDIT_SAVE"), grow=False),
                              self._button("open", self._t("EDIT_OPEN"), grow=False)])
        back = [self._button("back", self._t("EDIT_BACK"))] if ed.paused else []     # a paused battle waits
        top = self._row(top, [self._button("undo", self._t("EDIT_UNDO")), self._button("redo", self._t("EDIT_REDO")),
                              self._button("play", self._t("EDIT_PLAY")), *back])
        sides = ed.doc.scenario.side_ids()
        controls = ed.doc.scenario.controllers()
        cells = []
        for side in sides:
            who = self._t("EDIT_WHO_" + (controls[side].partition(":")[2] or controls[side]))
            cells.append(self._button(f"player_{side}", self._t("EDIT_PLAYER", side=ed.doc.scenario.side_name(side, ed.lang),
                                                                who=who)))
        top = self._row(top, cells)
        self.players = {self.w[f"player_{side}"]: side for side in sides}
        return top

    def build_creature(self, top: float) -> None:
        """The selected creature's name, side, hit points (the template's or the default
        shown greyed when the file gives none), size, reach, gear, conditions and feats."""
        ed = self.ed
        table = ed.doc.creature(ed.selected) if ed.selected else None
        spec = next((c for c in ed.doc.scenario.creatures if c.id == ed.selected), None)
        if table is None or spec is None:
            self._row(top, [self._label("hint", self._t("EDIT_NO_CREATURE"), grow=True)], creature=True)
            return
        top = self._row(top, [self._label("name", self._t("EDIT_CREATURE", name=spec.name, id=spec.id), grow=True),
                              self._button("delete", self._t("EDIT_DELETE"), grow=False)], creature=True)
        hp = spec.stats.get("hp")
        hp_entry = layout.Cell("hp", 64, lambda rect: E.UITextEntryLine(
            rect, ed.manager, initial_text="" if hp is None else str(hp), placeholder_text=str(ed.hit_points(spec.id))))
        top = self._row(top, [self._label("side_label", self._t("EDIT_SIDE")), self._entry("side", spec.side, 64, grow=True),
                              self._label("hp_label", self._t("EDIT_HP")), hp_entry], creature=True)
        sizes = [(self._t("EDIT_SIZE", size=s), s) for s in SIZE_CODES]
        reaches = [(self._t(f"EDIT_REACH_{r}"), r) for r in ("tall", "long")]
        top = self._row(top, [self._menu("size", sizes, spec.size), self._menu("reach", reaches, spec.reach)],
                        creature=True)
        mounts = self._mounts(spec)
        if mounts or spec.riding:
            options = [(self._t("EDIT_ON_FOOT"), "")] + [(self._t("EDIT_RIDING", name=c.name), c.id) for c in mounts]
            top = self._row(top, [self._menu("riding", options, spec.riding or "")], creature=True)
        top = self.build_gear(spec, top)
        self.build_lists(spec, top)

    def _mounts(self, spec) -> list:
        """The creatures that could carry it (the validator's own test), nobody else on them."""
        creatures = self.ed.doc.scenario.creatures
        ridden = {c.riding: c.id for c in creatures if c.riding}
        return [c for c in creatures if c.id != spec.id and not cannot_carry(c, spec)
                and ridden.get(c.id, spec.id) == spec.id]

    def build_gear(self, spec, top: float) -> float:
        """The weapon, the off-hand weapon and the armour (drop-downs of the game's tables)."""
        ed = self.ed
        none = self._t("EDIT_NOTHING")
        weapons = [(self._t("EDIT_WEAPON", name=data.item_name(w, ed.lang)), w) for w in sorted(data.weapons())]
        off = [(self._t("EDIT_OFF_HAND", name=none), "")] + [
            (self._t("EDIT_OFF_HAND", name=data.item_name(w, ed.lang)), w) for w in sorted(data.weapons())]
        armors = [(self._t("EDIT_ARMOR", name=none), "")] + [
            (self._t("EDIT_ARMOR", name=row.get(f"name_{ed.lang}") or row["name_en"]), a)
            for a, row in data.armor().items() if row.get("category") != "shield"]
        for role, options, value in (("weapon", weapons, spec.weapon), ("off_hand", off, spec.off_hand or ""),
                                     ("armor", armors, spec.armor or "")):
            top = self._row(top, [self._menu(role, options, value)], creature=True)
        return top

    def build_lists(self, spec, y: float) -> None:
        """Conditions and feats: scrolling lists, a click switches one on or off."""
        ed, m = self.ed, self.ed.manager
        conds = sorted(((row.get(f"name_{ed.lang}") or row["name_en"], c) for c, row in data.conditions().items()
                        if c in KNOWN_CONDITIONS))
        y = self._row(y, [self._label("cond_label", self._t("EDIT_CONDITIONS"), grow=True)], creature=True)
        self._add("conditions", E.UISelectionList(self.rect(y, height=3.4), conds, m, allow_multi_select=True,
                                                  default_selection=[o for o in conds if o[1] in spec.conditions]),
                  creature=True)
        feats = sorted(((row.get(f"name_{ed.lang}") or row["name_en"], f) for f, row in data.feats().items()))
        y = self._row(y + 3.4, [self._label("feat_label", self._t("EDIT_FEATS"), grow=True)], creature=True)
        bottom = (self.ed.screen.get_height() - 8) / ROW
        self._add("feats", E.UISelectionList(self.rect(y, height=max(2.0, bottom - y)), feats, m,
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
            self._pressed(role, event.ui_element)
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            value = event.selected_option_id
            if role == "tool":
                ed.tool = value
            elif role == "char":
                ed.brush = value
            elif role == "template" and value:
                ed.template = value              # (not the "no match" line)
            elif role == "mode":
                ed.mode = value
                ed.refresh()
            elif role in ("size", "reach", "weapon"):
                ed.set_key(role, value)
            elif role in ("off_hand", "armor"):
                ed.set_key(role, value or None)
            elif role == "riding":
                ed.ride(value or None)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and role == "search":
            self.filter_templates(event.text)
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

    def _pressed(self, role: str, widget) -> None:
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

