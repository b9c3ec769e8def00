"""The start menu: pick a map, the language and the rule variants, and who plays each
side: a person (hot-seat) or the computer at a level (easy, normal, hard), the scenario's
``[sides]`` giving the defaults; the settings screen (``settings_screen``) over it. The
chosen map is shown in small, drawn by the board's own code with each side's colour
(``preview``, kept per map and size so the menu stays fast), and each rule variant with
the sandbox's sentence saying what its reading means.

When the saves folder holds an autosave of a battle not over, the menu's first entry
continues it (``continue_line``; opened by ``quick_load.open_save``, the pause menu's
loader), and the last map and who plays each side are kept in the settings (``remember``),
so the menu comes back from a battle, and a new launch opens, as the player left it."""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ..i18n import sentence, variant_name
from . import theme
from .quick_load import Opened, battle_line, open_save
from .settings import Store
from .window import set_title

if TYPE_CHECKING:        # pygame_gui is imported once the window knows it runs on pygame-ce (app.main)
    from .settings_screen import SettingsPage

MAPS = Path(__file__).resolve().parents[2] / "maps"
LEVELS = ("easy", "normal", "hard")
_PREVIEWS: dict[tuple[str, int, int], pygame.Surface] = {}    # (map file, width, height) -> its picture


def preview(path: Path, scenario, size: tuple[int, int]) -> pygame.Surface:
    """The map at a few pixels a square, as large as fits ``size``: its ground and its
    creatures' tokens in their sides' colours, drawn by ``BoardView`` on a fresh battle
    (closed at once). Made once per map and size: the menu draws every frame."""
    key = (str(path), *size)
    if key not in _PREVIEWS:
        from ..engine import Battle
        from .board_view import BoardView, Camera
        battle = Battle(scenario)
        try:
            board = battle.board()
            t = board.terrain
            cell = max(2, min(24, size[0] // max(1, t.width), size[1] // max(1, t.height)))
            picture = pygame.Surface((t.width * cell + 1, t.height * cell + 1))
            tokens = {c.id: getattr(c, "template", None) for c in scenario.creatures}
            BoardView(board, {c.id: c.name for c in scenario.creatures}, tokens,
                      difficult_look=scenario.difficult_look).draw(picture, Camera(cell))
        finally:
            battle.close()
        _PREVIEWS[key] = picture
    return _PREVIEWS[key]


def variant_explanations(variants, lang: str) -> dict[str, str]:
    """Each variant's reading now, in the sandbox's own sentences (without the sandbox's
    key number, which the menu has no use for): lane, scatter, reach."""
    values = {"lane": ("charge_lane", variants.charge_lane), "scatter": ("scatter_order", variants.scatter_order),
              "reach": ("reach_diagonal_exception", variants.reach_diagonal_exception)}
    return {key: re.sub(r" \(\d\)", "", sentence(f"SBX_VARIANT_{field}_{value}", {}, lang))
            for key, (field, value) in values.items()}


def map_files() -> list[Path]:
    return sorted(list(MAPS.glob("*.toml")) + list(MAPS.glob("*.tmj")))


class Menu:
    def __init__(self, screen: pygame.Surface, lang: str, store: Store | None = None, autosave: Path | None = None):
        """``store``: the window's settings (None: the language, the map and the sides are
        not remembered and the settings button is not shown). ``autosave``: the file the
        battle screen autosaves to (None: no Continue)."""
        from ..content.scenario import load_scenario
        self.screen = screen
        self.lang = lang
        self.store = store
        self.settings_page: SettingsPage | None = None
        self.entries = []
        for path in map_files():
            try:
                self.entries.append((path, load_scenario(path)))
            except Exception as exc:   # noqa: BLE001 - a broken map is listed as such, not fatal
                self.entries.append((path, exc))
        self.selected = 0
        self.variants = None
        self.control: dict[str, str] = {}      # side name -> "human" | "ai:<level>": the player's choices, on any map
        self.rects: list[tuple[str, object, pygame.Rect]] = []
        self.chosen = None          # (scenario, lang) once started
        self.sandbox: Path | str | None = None   # the map to open in the sandbox ("" : an empty one)
        self.running = True
        self.autosave = autosave
        self.held = None                 # what the autosave holds (saves.SaveSummary), when it can be continued
        self.continue_error = ""         # why it cannot (one line; the entry is then greyed)
        self.continue_shown: list[str] = []     # the Continue entry's lines, as drawn
        self.resumed: Opened | None = None      # the autosave's battle, once Continue opened it
        self._read_autosave()
        self._recall()

    # --- Continue and the remembered menu ---------------------------------------------------
    def _read_autosave(self) -> None:
        """The autosave described, if there is one: a battle not over is offered back; one
        that does not read is named in one line, its entry greyed, the file left alone."""
        from ..content import saves
        from ..content.errors import ContentError
        if self.autosave is None or not Path(self.autosave).exists():
            return
        try:
            held = saves.summary(self.autosave)
        except (ContentError, OSError) as exc:
            self.continue_error = sentence("UI_CONTINUE_REFUSED", {"line": _one_line(exc)}, self.lang)
            return
        if held.winner is None:                 # a battle won is not continued
            self.held = held

    def continue_line(self) -> str:
        """The Continue entry's text: the map and the round it is at (empty: no entry)."""
        if self.held is None and not self.continue_error:
            return ""
        if self.held is None:
            return sentence("UI_MENU_CONTINUE", {"battle": "—"}, self.lang)
        return sentence("UI_MENU_CONTINUE", {"battle": battle_line(self.held, self.lang)}, self.lang)

    def resume(self) -> None:
        """Continue: the autosave opened by the pause menu's loader; refused, the line says
        why and the entry is greyed (nothing else changes)."""
        if self.autosave is None or self.continue_error or self.held is None:
            return
        opened = open_save(Path(self.autosave), self.lang)
        if not isinstance(opened, Opened):
            self.continue_error = sentence("UI_CONTINUE_REFUSED", {"line": opened.line}, self.lang)
            return
        self.resumed = opened
        self.chosen = (opened.battle.scenario, self.lang)

    def _recall(self) -> None:
        """The map and the sides' players the settings kept (a map gone, or a player this
        menu does not offer, is left out)."""
        if self.store is None:
            return
        kept = self.store.current
        self.selected = next((i for i, (path, _sc) in enumerate(self.entries) if path.name == kept.menu_map),
                             self.selected)
        for item in kept.menu_control:
            side, _eq, player = item.partition("=")
            if player == "human" or (player.startswith("ai:") and player[3:] in LEVELS):
                self.control[side] = player

    def remember(self) -> None:
        """Keep the map and the sides' players for the next time the menu opens."""
        if self.store is None:
            return
        control = tuple(f"{side}={player}" for side, player in sorted(self.control.items()))
        name = self.entries[self.selected][0].name
        if (self.store.current.menu_map, self.store.current.menu_control) != (name, control):
            self.store.change(menu_map=name, menu_control=control)

    def scenario(self):
        path, sc = self.entries[self.selected]
        if isinstance(sc, Exception):
            return None
        if self.variants is not None:
            sc = replace(sc, variants=self.variants)
        return sc

    def controls(self) -> dict[str, str]:
        """Who plays each side of the chosen map: the player's choice for a side of that
        name, made on this map or another one (kept across maps), else the scenario's
        ``[sides]`` default."""
        sc = self.scenario()
        if sc is None:
            return {}
        return {side: self.control.get(side, default) for side, default in sc.controllers().items()}

    def select(self, index: int) -> None:
        """Choose another map, with its own rule variants. Who plays each side is not reset
        (play-test, issue 14: choosing a map made every side the map's default again): the
        player's choices are kept by side name (``controls``)."""
        self.selected = index
        self.variants = None

    def handle(self, event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
        elif self.settings_page is not None:
            self._settings_event(event)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.running = False
            elif event.key in (pygame.K_DOWN, pygame.K_UP):
                self.select((self.selected + (1 if event.key == pygame.K_DOWN else -1)) % len(self.entries))
            elif event.key == pygame.K_RETURN and self.scenario() is not None:
                self.remember()
                self.chosen = (self.scenario(), self.lang)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for kind, value, rect in self.rects:
                if rect.collidepoint(event.pos):
                    self._press(kind, value)
                    return

    def _settings_event(self, event) -> None:
        """The settings page open: every event is its (Esc or its button: back to the menu)."""
        from .settings_screen import REBUILD, apply_change
        page = self.settings_page
        assert page is not None
        if event.type == pygame.VIDEORESIZE or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.open_settings(event.type == pygame.VIDEORESIZE)
            return
        role = page.handle(event)
        if role == "back":
            self.open_settings(False)
        elif role is not None and self.store is not None:
            apply_change(role, self.store, self)
            if role in REBUILD:
                self.open_settings(True)

    def open_settings(self, on: bool = True) -> None:
        from .settings_screen import SettingsPage
        if self.settings_page is not None:
            self.settings_page.close()
            self.settings_page = None
        if on and self.store is not None:
            self.settings_page = SettingsPage(self.screen.get_size(), self.store, self.lang)

    def _press(self, kind, value) -> None:
        sc = self.scenario()
        if kind == "map":
            self.select(value)
        elif kind == "lang":
            self.lang = "en" if self.lang == "fr" else "fr"
            if self.store is not None:
                self.store.change(language=self.lang)
        elif kind == "settings":
            self.open_settings()
        elif kind == "continue":
            self.resume()
        elif kind == "start" and sc is not None:
            self.remember()
            self.chosen = (sc, self.lang)
        elif kind == "sandbox":
            self.remember()
            self.sandbox = self.entries[self.selected][0] if value == "map" else ""
            self.chosen = (sc, self.lang)
        elif kind == "control" and sc is not None:
            given = sc.sides.get(value)
            back = f"ai:{given.level}" if given is not None and given.level else "ai:normal"
            self.control[value] = "human" if self.controls()[value] != "human" else back
        elif kind == "level" and sc is not None and self.controls()[value] != "human":
            level = self.controls()[value].partition(":")[2]
            self.control[value] = f"ai:{LEVELS[(LEVELS.index(level) + 1) % len(LEVELS)]}" if level in LEVELS \
                else "ai:normal"
        elif kind == "variant" and sc is not None:
            v = sc.variants
            if value == "lane":
                v = replace(v, charge_lane="swept" if v.charge_lane == "center" else "center")
            elif value == "scatter":
                v = replace(v, scatter_order="srd" if v.scatter_order == "seed" else "seed")
            else:
                v = replace(v, reach_diagonal_exception=not v.reach_diagonal_exception)
            self.variants = v

    def draw(self) -> None:
        self._draw_menu()
        set_title("menu", self.lang)
        if self.settings_page is not None:
            self.settings_page.draw(self.screen)

    def _draw_menu(self) -> None:
        w, h = self.screen.get_size()
        self.screen.fill(theme.BACKGROUND)
        self.rects = []
        f_title, f, small = theme.font(34, True), theme.font(16), theme.font(13)
        self.screen.blit(f_title.render("Carreau", True, (235, 215, 150)), (40, 28))
        self.screen.blit(f.render(sentence("UI_MENU_PICK", {}, self.lang), True, theme.TEXT), (40, 86))
        y = self._draw_continue(118, f, small)
        for i, (path, sc) in enumerate(self.entries):
            r = pygame.Rect(40, y, 460, 30)
            pygame.draw.rect(self.screen, (70, 90, 130) if i == self.selected else (44, 46, 56), r, border_radius=4)
            title = sc.title_in(self.lang) if not isinstance(sc, Exception) else f"{path.name}: {sc}"
            self.screen.blit(f.render(title or path.name, True, theme.TEXT), (r.x + 10, r.y + 6))
            self.rects.append(("map", i, r))
            y += 36
        sc = self.scenario()
        x = 540
        if sc is not None:
            yy = 118
            words, line = (sc.description_in(self.lang) or "").split(), ""
            for word in words:
                if small.size(f"{line} {word}")[0] > w - x - 40:
                    self.screen.blit(small.render(line, True, (200, 200, 200)), (x, yy))
                    yy += 18
                    line = word
                else:
                    line = f"{line} {word}".strip()
            self.screen.blit(small.render(line, True, (200, 200, 200)), (x, yy))
            yy += 30
            yy = self._draw_sides(sc, x, yy)
            yy = self._draw_variants(sc, x, yy, w - x - 40)
            self._draw_start(x, yy)
        self._draw_preview(sc, pygame.Rect(40, y + 12, 460, max(0, h - 90 - y - 12)))
        self._draw_footer(h, f)

    def _draw_continue(self, y: int, f, small) -> int:
        """The Continue entry above the maps (greyed, with the reason under it, when the
        autosave does not open); returns where the map list starts."""
        text = self.continue_line()
        if not text:
            return y
        # on as many lines as it takes, the entry as tall as they are (play-test: "Continuer :
        # Le pont de la Gorge, round 7, enregistrée à" cut off, its hour lost)
        self.continue_shown = theme.wrap(text, f, 440)
        step = f.get_linesize()
        r = pygame.Rect(40, y, 460, max(34, 16 + step * len(self.continue_shown)))
        usable = not self.continue_error
        pygame.draw.rect(self.screen, (60, 120, 80) if usable else (48, 50, 56), r, border_radius=5)
        for i, shown in enumerate(self.continue_shown):
            self.screen.blit(f.render(shown, True, theme.TEXT if usable else (120, 120, 120)),
                             (r.x + 10, r.y + 8 + step * i))
        if usable:
            self.rects.append(("continue", None, r))
            return r.bottom + 10
        lines = theme.wrap(self.continue_error, small, r.w)[:2]
        for i, line in enumerate(lines):
            self.screen.blit(small.render(line, True, (240, 160, 120)), (r.x, r.bottom + 4 + 16 * i))
        return r.bottom + 10 + 16 * len(lines)

    def _draw_variants(self, sc, x: int, y: int, width: int) -> int:
        """The three rule variants as buttons (a click switches the reading), each with
        the sentence saying what the reading now means."""
        f, small = theme.font(16), theme.font(12)
        self.screen.blit(f.render(sentence("UI_MENU_VARIANTS", {}, self.lang), True, theme.TEXT), (x, y))
        y += 26
        explained = variant_explanations(sc.variants, self.lang)
        yes, no = sentence("UI_YES", {}, self.lang), sentence("UI_NO", {}, self.lang)
        lane = variant_name(sc.variants.charge_lane, self.lang)
        scatter = variant_name(sc.variants.scatter_order, self.lang)
        for key, text in (("lane", sentence("UI_MENU_VARIANT_LANE", {"value": lane}, self.lang)),
                          ("scatter", sentence("UI_MENU_VARIANT_SCATTER", {"value": scatter}, self.lang)),
                          ("reach", sentence("UI_MENU_VARIANT_REACH",
                                             {"value": yes if sc.variants.reach_diagonal_exception else no}, self.lang))):
            r = pygame.Rect(x, y, 420, 30)
            pygame.draw.rect(self.screen, (52, 56, 68), r, border_radius=4)
            self.screen.blit(f.render(text, True, theme.TEXT), (r.x + 10, r.y + 6))
            self.rects.append(("variant", key, r))
            y += 33
            for line in theme.wrap(explained[key], small, width):
                self.screen.blit(small.render(line, True, (175, 180, 195)), (x + 10, y))
                y += 15
            y += 7
        return y

    def _draw_start(self, x: int, yy: int) -> None:
        """Start the battle, or open the map in the sandbox."""
        r = pygame.Rect(x, yy + 10, 260, 40)
        pygame.draw.rect(self.screen, (60, 120, 80), r, border_radius=6)
        self.screen.blit(theme.font(18, True).render(sentence("UI_MENU_START", {}, self.lang), True, theme.TEXT),
                         (r.x + 14, r.y + 9))
        self.rects.append(("start", None, r))
        r = pygame.Rect(x + 280, yy + 10, 260, 40)
        pygame.draw.rect(self.screen, (70, 90, 130), r, border_radius=6)
        self.screen.blit(theme.font(16, True).render(sentence("EDIT_MENU_SANDBOX", {}, self.lang), True, theme.TEXT),
                         (r.x + 14, r.y + 10))
        self.rects.append(("sandbox", "map", r))

    def _draw_preview(self, sc, box: pygame.Rect) -> None:
        """The chosen map in small under the list, centred in ``box``."""
        if sc is None or box.h < 60:
            return
        caption = theme.font(13).render(sentence("UI_MENU_PREVIEW", {}, self.lang), True, (170, 170, 170))
        self.screen.blit(caption, box.topleft)
        room = box.inflate(0, -22).move(0, 11)
        picture = preview(self.entries[self.selected][0], sc, room.size)
        self.screen.blit(picture, picture.get_rect(midtop=(room.centerx, room.y)))

    def _draw_footer(self, h: int, f) -> None:
        r = pygame.Rect(40, h - 60, 260, 32)
        pygame.draw.rect(self.screen, (52, 56, 68), r, border_radius=4)
        self.screen.blit(f.render(sentence("UI_MENU_LANG", {}, self.lang), True, theme.TEXT), (r.x + 10, r.y + 6))
        self.rects.append(("lang", None, r))
        r = pygame.Rect(320, h - 60, 260, 32)
        pygame.draw.rect(self.screen, (52, 56, 68), r, border_radius=4)
        self.screen.blit(f.render(sentence("EDIT_MENU_EMPTY", {}, self.lang), True, theme.TEXT), (r.x + 10, r.y + 6))
        self.rects.append(("sandbox", "empty", r))
        if self.store is not None:
            r = pygame.Rect(600, h - 60, 200, 32)
            pygame.draw.rect(self.screen, (52, 56, 68), r, border_radius=4)
            self.screen.blit(f.render(sentence("UI_MENU_SETTINGS", {}, self.lang), True, theme.TEXT), (r.x + 10, r.y + 6))
            self.rects.append(("settings", None, r))

    def _draw_sides(self, sc, x: int, y: int) -> int:
        """A line per side: its name, who plays it (click: a person or the computer) and the
        computer's level (click: easy, normal, hard)."""
        f, small = theme.font(16), theme.font(13)
        self.screen.blit(f.render(sentence("UI_MENU_WHO_PLAYS", {}, self.lang), True, theme.TEXT), (x, y))
        y += 28
        sides = list(self.controls())
        for side, control in self.controls().items():
            self.screen.blit(f.render(sc.side_name(side, self.lang), True, theme.side_colour(sides, side)), (x, y + 6))
            human = control == "human"
            r = pygame.Rect(x + 170, y, 150, 30)
            pygame.draw.rect(self.screen, (52, 56, 68) if human else (70, 90, 130), r, border_radius=4)
            self.screen.blit(f.render(sentence("UI_MENU_HUMAN" if human else "UI_MENU_COMPUTER", {}, self.lang), True,
                                      theme.TEXT), (r.x + 10, r.y + 6))
            self.rects.append(("control", side, r))
            r = pygame.Rect(x + 330, y, 150, 30)
            pygame.draw.rect(self.screen, (44, 46, 56) if human else (52, 56, 68), r, border_radius=4)
            level = "—" if human else sentence(f"UI_LEVEL_{control.partition(':')[2] or 'normal'}", {}, self.lang)
            self.screen.blit(f.render(level, True, (110, 110, 110) if human else theme.TEXT), (r.x + 10, r.y + 6))
            if not human:
                self.rects.append(("level", side, r))
            y += 36
        self.screen.blit(small.render(sentence("UI_MENU_SIDES_HELP", {}, self.lang), True, (170, 170, 170)), (x, y))
        return y + 30


def _one_line(exc: Exception) -> str:
    line = getattr(exc, "line", None)
    return line() if callable(line) else f"{exc.__class__.__name__}: {exc}"
