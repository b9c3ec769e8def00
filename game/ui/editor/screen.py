"""The sandbox editor's window (issue 13): the board with the sandbox's live overlays on
the left, the pygame_gui panel on the right, a footer with the overlay's lines and the
last message. The board's tools: select and drag a creature, a terrain brush, a terrain
rectangle, place a creature. Every change goes through the ``Document`` (one validator,
undo and redo); the overlays are made again from a battle of the edited scenario after
each change, and from the same battle when only the hover changes."""
from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from ...content.errors import ContentError
from ...engine import Battle
from ...i18n import sentence
from .. import theme
from ..board_view import ZOOMS, BoardView, Camera, Overlay, pan
from ..sandbox_view import MODES
from .document import RULE_VALUES, Document
from .panel import PANEL_W, Panel
from .rules_view import RulesView
from .tools import BoardTools

FOOTER_H = 160
# The sandbox view's switches beyond threat, reach, charge and mode, with the explorer's keys.
EXTRA_KEYS = {pygame.K_a: "show_area", pygame.K_l: "show_lanes", pygame.K_f: "show_flanking", pygame.K_s: "show_splash"}
VARIANT_KEYS = {pygame.K_1: "charge_lane", pygame.K_2: "scatter_order", pygame.K_3: "reach_diagonal_exception"}
MAX_SIDE = 200        # squares: a larger map would take seconds to draw again after each edit
THEME = Path(__file__).resolve().parents[3] / "assets" / "editor_theme.json"   # pygame_gui's look
INFO_H = 88          # the scrolling box of the overlay's lines, at the top of the footer


class EditorScreen(BoardTools):
    def __init__(self, doc: Document, screen: pygame.Surface, lang: str, paused: bool = False):
        self.doc = doc
        self.screen = screen
        self.lang = lang
        self.paused = paused                # a battle waits behind: "back" returns to it
        self.manager = pygame_gui.UIManager(screen.get_size())
        # The shipped DejaVu Sans (theme.ASSETS) for the lines of the rules: it has ≥, ⚔ and the arrows.
        self.manager.add_font_paths("dejavu", str(theme.ASSETS / "fonts" / "DejaVuSans.ttf"),
                                    str(theme.ASSETS / "fonts" / "DejaVuSans-Bold.ttf"))
        self.manager.get_theme().load_theme(str(THEME))
        self.tool, self.brush, self.template, self.place_side = "select", "#", "orc", "red"
        self.selected: str | None = None
        self.hover: tuple[int, int] | None = None
        self.show_threat = self.show_reach = self.charge_mode = False
        self.mode = MODES[0]
        # The sandbox view's further switches, where it has them (bands, lanes, flanks, splash).
        self.extra: dict[str, bool] = {}
        self.message = _paused_message(doc, lang) if paused else ""
        self.want: str | None = None        # "play" | "back", read by ``flow``
        self.running = True
        self.drag_from = None               # the camera's pan (right button)
        self.pressed: tuple[int, int] | None = None   # the square the left button went down on
        self.dragging: str | None = None    # the creature being dragged
        self.reselected = False             # the press was on the creature already selected
        self.strokes = 0
        self.battle: Battle | None = None
        self.overlay = Overlay()
        self.info: list[str] = []
        self.cam = Camera(40)
        self.rules = RulesView(self)
        self._rebuild(centre=True)
        self.extra = self.rules.switches()
        self.panel = Panel(self)

    # --- the document's state on screen ---------------------------------------------------
    def board_size(self) -> tuple[int, int]:
        w, h = self.screen.get_size()
        return max(1, w - PANEL_W), max(1, h - FOOTER_H)

    def _rebuild(self, centre: bool = False) -> None:
        """A battle of the edited scenario, for the board and the overlays."""
        if self.battle is not None:
            self.battle.close()
        sc = self.doc.scenario
        self.battle = Battle(sc)
        names = {s.id: s.name_in(self.lang) for s in sc.creatures}
        self.names = names
        self.view = BoardView(self.battle.board(), names, {s.id: s.template for s in sc.creatures},
                              difficult_look=sc.difficult_look)
        self.rules.new_battle(self.battle)
        if self.selected and self.selected not in names:
            self.selected = None
        if centre:
            self.fit()
        self.refresh()

    def fit(self) -> None:
        """The largest zoom that shows the whole map, centred."""
        width, height = self.battle.terrain.width, self.battle.terrain.height
        bw, bh = self.board_size()
        self.cam.cell = max((z for z in ZOOMS if z * width <= bw and z * height <= bh and z <= 48), default=ZOOMS[0])
        self.cam.centre_on(width, height, (bw, bh))

    def hit_points(self, cid: str) -> int:
        from ...world import views
        return views.health(self.battle, cid)[0]

    def refresh(self) -> None:
        """The sandbox's overlays and lines for the selection, the hover and the switches."""
        self.overlay, self.info = self.rules.update()
        self.show_info()

    def show_info(self) -> None:
        """The overlay's caption and the sandbox's lines in the footer's scrolling box."""
        bw, bh = self.board_size()
        self.rules.show(([self.overlay.caption] if self.overlay.caption else []) + self.info,
                        pygame.Rect(0, bh, bw, INFO_H))

    @property
    def info_box(self):
        return self.rules.box

    def changed(self, refusal: str | None) -> bool:
        """After an edit: the refusal shown in one line, or the board and panel made again
        (the panel's parts whose values changed)."""
        if refusal is not None:
            self.message = refusal
            return False
        self.message = ""
        self._rebuild()
        self.panel.build()
        return True

    # --- edits ------------------------------------------------------------------------
    def set_key(self, key: str, value) -> None:
        if self.selected:
            self.changed(self.doc.set_key(self.selected, key, value))
            if key in ("side", "hp") and self.message:
                self.panel.build(force=True)     # the entry shows the kept value again

    def ride(self, mount: str | None) -> None:
        """The selected creature into a mount's saddle, or out of it."""
        if self.selected:
            self.changed(self.doc.ride(self.selected, mount))

    def set_control(self, side: str, controller: str) -> None:
        self.changed(self.doc.set_control(side, controller))

    def switch_variant(self, key: str) -> None:
        now = getattr(self.doc.scenario.variants, key)
        values = RULE_VALUES[key]
        self.changed(self.doc.set_variant(key, values[(values.index(now) + 1) % len(values)]))

    def delete_selected(self) -> None:
        if self.selected:
            self.changed(self.doc.delete(self.selected))

    def undo(self) -> None:
        if self.doc.undo():
            self.changed(None)
        else:
            self.message = sentence("EDIT_NOTHING_TO_UNDO", {}, self.lang)

    def redo(self) -> None:
        if self.doc.redo():
            self.changed(None)
        else:
            self.message = sentence("EDIT_NOTHING_TO_REDO", {}, self.lang)

    def resize_from_panel(self) -> None:
        w, h = self.panel.map_size()
        if not (w.isdigit() and h.isdigit() and 1 <= int(w) <= MAX_SIDE and 1 <= int(h) <= MAX_SIDE):
            self.message = sentence("EDIT_BAD_SIZE", {"w": w, "h": h, "max": MAX_SIDE}, self.lang)
            return
        if self.changed(self.doc.resize(int(w), int(h))):
            self.fit()
            self.refresh()

    def save(self, path: str) -> None:
        if not path or not path.lower().endswith(".toml"):
            self.message = sentence("EDIT_SAVE_AS_TOML", {"path": path}, self.lang)
            return
        refusal = self.doc.save(path)
        self.message = refusal or sentence("EDIT_SAVED", {"path": path}, self.lang)

    def open(self, path: str) -> None:
        try:
            doc = Document.open(path)
        except ContentError as exc:
            self.message = exc.line()
            return
        self.doc, self.selected = doc, None
        self._rebuild(centre=True)
        self.panel.build()
        self.message = sentence("EDIT_OPENED", {"path": path}, self.lang)

    def toggle(self, what: str) -> None:
        if what == "threat":
            self.show_threat = not self.show_threat
        elif what == "reach":
            self.show_reach = not self.show_reach
        elif what == "charge":
            self.charge_mode = not self.charge_mode
        elif what == "mode":
            self.mode = MODES[(MODES.index(self.mode) + 1) % len(MODES)]
        elif what in self.extra:
            self.extra[what] = not self.extra[what]
        self.panel.build()
        self.refresh()

    def play_scenario(self):
        """The situation to play (``flow``), or None with the reason shown."""
        if len(self.doc.scenario.side_ids()) < 2:
            self.message = sentence("EDIT_NEED_TWO_SIDES", {}, self.lang)
            return None
        return self.doc.scenario

    # --- input ------------------------------------------------------------------------
    def handle(self, event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            self.screen = pygame.display.get_surface()
            self.manager.set_window_resolution(self.screen.get_size())
            self.panel.build()
            self.show_info()
            return
        if self.panel.handle(event) or self.rules.clicked(event):
            if event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED:
                self.refresh()
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed is not None:
            self._release(self.cam.to_square(event.pos))   # a gesture begun on the board ends there
            return
        consumed = self.manager.process_events(event)
        if consumed or event.type >= pygame.USEREVENT:
            return
        if event.type == pygame.KEYDOWN and not self.panel.focused():
            self._key(event)
        elif hasattr(event, "pos") and not self._on_board(event.pos):
            return
        elif pan(self, event):
            pass
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(self.cam.to_square(event.pos))
        elif event.type == pygame.MOUSEMOTION:
            self._motion(self.cam.to_square(event.pos))
        elif event.type == pygame.MOUSEWHEEL and self._on_board(pygame.mouse.get_pos()):
            self.cam.zoom(1 if event.y > 0 else -1, pygame.mouse.get_pos())

    def _on_board(self, pos) -> bool:
        w, h = self.board_size()
        return 0 <= pos[0] < w and 0 <= pos[1] < h

    def _key(self, event) -> None:
        ctrl = event.mod & pygame.KMOD_CTRL
        key = event.key
        if key == pygame.K_ESCAPE and self.rules.clear_ruler():
            self.refresh()                  # Esc puts the ruler away first
        elif key == pygame.K_ESCAPE:
            if self.paused:
                self.want = "back"          # a reflex must not end the paused battle
            else:
                self.running = False
        elif ctrl and key == pygame.K_z:
            self.undo()
        elif ctrl and key == pygame.K_y:
            self.redo()
        elif ctrl and key == pygame.K_s:
            self.save(self.panel.w["path"].get_text().strip())
        elif key == pygame.K_DELETE:
            self.delete_selected()
        elif key == pygame.K_BACKSPACE:
            self.rules.forget()
            self.refresh()
        elif key == pygame.K_e and self.hover is not None:
            self.rules.explain(self.hover)
            self.refresh()
        elif key == pygame.K_u:
            self.rules.ruler(self.hover)
            self.refresh()
        elif key in VARIANT_KEYS:
            self.switch_variant(VARIANT_KEYS[key])
        elif key in (pygame.K_t, pygame.K_r, pygame.K_c, pygame.K_m):
            self.toggle({pygame.K_t: "threat", pygame.K_r: "reach", pygame.K_c: "charge", pygame.K_m: "mode"}[key])
        elif not ctrl and EXTRA_KEYS.get(key) in self.extra:
            self.toggle(EXTRA_KEYS[key])

    def creature_at(self, square) -> str | None:
        from ...world.views import creature_at
        return creature_at(self.battle, square)

    # --- frame ------------------------------------------------------------------------
    def update(self, elapsed_ms: int) -> None:
        self.manager.update(elapsed_ms / 1000)

    def draw(self) -> None:
        w, h = self.screen.get_size()
        bw, bh = self.board_size()
        self.view.draw(self.screen.subsurface((0, 0, bw, bh)), self.cam, self.overlay, self.selected)
        self._draw_gesture()
        self.screen.fill((40, 42, 50), (0, bh, bw, FOOTER_H))
        self.screen.fill((34, 36, 44), (bw, 0, PANEL_W, h))
        f, small = theme.font(14), theme.font(12)
        said = theme.wrap(self.message, f, bw - 20) if self.message else []
        for n, line in enumerate(said):
            self.screen.blit(f.render(line, True, (240, 170, 120)), (10, bh + INFO_H + 2 + 17 * n))
        # The help fills what the message leaves of the footer (a long message comes first).
        room = max(0, (FOOTER_H - INFO_H - 4 - 17 * len(said)) // 16)
        lines = _wrap(sentence("EDIT_HELP", {}, self.lang).split(" · "), small, bw - 20)[:room]
        for n, line in enumerate(lines):
            self.screen.blit(small.render(line, True, (180, 176, 166)), (10, bh + FOOTER_H - 16 * (len(lines) - n) - 2))
        self.manager.draw_ui(self.screen)

    def close(self) -> None:
        if self.battle is not None:
            self.battle.close()
            self.battle = None



def _paused_message(doc: Document, lang: str) -> str:
    """A paused battle's first line: what it left behind when a scenario cannot hold it
    (never dropped silently), else where one is."""
    if not doc.left_behind:
        return sentence("EDIT_PAUSED", {}, lang)
    what = ", ".join(sentence(f"EDIT_LEFT_{kind}", {}, lang) for kind in doc.left_behind)
    return sentence("EDIT_PAUSED_LEFT_BEHIND", {"what": what}, lang)


def _wrap(parts: list[str], font, width: int) -> list[str]:
    """The help's parts joined with " · " into lines no wider than ``width``."""
    lines: list[str] = []
    for part in parts:
        if lines and font.size(f"{lines[-1]} · {part}")[0] <= width:
            lines[-1] = f"{lines[-1]} · {part}"
        else:
            lines.append(part)
    return lines
