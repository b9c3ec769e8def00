"""The window: a rules explorer on a real battle map (``make play``).

What it does now: shows the board, lets a player pick a creature and *see* the
positioning rules before committing to anything: the safest path to the hovered square
with its cost and who it provokes, threatened squares, weapon reach, charge lanes.
Turns and actions come with the combat engine; the window says so.
"""
from __future__ import annotations

import sys
import traceback
from pathlib import Path

from ..i18n import default_language, sentence
from . import theme
from .sandbox_view import MODES

DEFAULT_MAP = Path(__file__).resolve().parents[2] / "maps" / "old_mill.toml"
PANEL_H = 64


class Explorer:
    """State and input handling, separate from the loop so tests can drive it."""

    def __init__(self, battle, screen, lang: str | None = None):
        import pygame  # noqa: F401  (imported by the caller already)
        from .board_view import BoardView, Camera
        self.battle = battle
        self.screen = screen
        self.lang = lang or default_language()
        self.names = {s.id: s.name for s in battle.scenario.creatures}
        tokens = {s.id: getattr(s, "template", None) for s in battle.scenario.creatures}
        self.view = BoardView(battle.board(), self.names, tokens)
        self.cam = Camera(40)
        w, h = screen.get_size()
        self.cam.centre_on(battle.terrain.width, battle.terrain.height, (w, h - PANEL_H))
        self.selected: str | None = None
        self.hover: tuple[int, int] | None = None
        self.show_threat = False
        self.show_reach = False
        self.charge_mode = False
        self.mode = MODES[0]
        self.running = True
        self.drag_from: tuple[int, int] | None = None
        self.overlay = None
        self.refresh()

    # --- input ------------------------------------------------------------------------
    def handle(self, event) -> None:
        import pygame

        from .board_view import pan
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.VIDEORESIZE:
            self.screen = pygame.display.get_surface()
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif pan(self, event):
            pass
        elif event.type == pygame.MOUSEMOTION:
            square = self.cam.to_square(event.pos)
            if square != self.hover:
                self.hover = square
                self.refresh()
        elif event.type == pygame.MOUSEWHEEL:
            anchor = pygame.mouse.get_pos()
            self.cam.zoom(1 if event.y > 0 else -1, anchor)

    def _key(self, key: int) -> None:
        import pygame
        step = max(8, self.cam.cell)
        if key == pygame.K_ESCAPE:
            self.running = False
        elif key == pygame.K_t:
            self.show_threat = not self.show_threat
        elif key == pygame.K_r:
            self.show_reach = not self.show_reach
        elif key == pygame.K_c:
            self.charge_mode = not self.charge_mode
        elif key == pygame.K_m:
            self.mode = MODES[(MODES.index(self.mode) + 1) % len(MODES)]
        elif key == pygame.K_LEFT:
            self.cam.ox -= step
        elif key == pygame.K_RIGHT:
            self.cam.ox += step
        elif key == pygame.K_UP:
            self.cam.oy -= step
        elif key == pygame.K_DOWN:
            self.cam.oy += step
        elif key in (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS):
            self.cam.zoom(1, (self.screen.get_width() // 2, self.screen.get_height() // 2))
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.cam.zoom(-1, (self.screen.get_width() // 2, self.screen.get_height() // 2))
        self.refresh()

    def _click(self, pos) -> None:
        square = self.cam.to_square(pos)
        who = self.creature_at(square)
        self.selected = who if who != self.selected else None
        self.refresh()

    def creature_at(self, square) -> str | None:
        from ..world.views import creature_at
        return creature_at(self.battle, square)

    # --- what to draw -----------------------------------------------------------------
    def refresh(self) -> None:
        """The sandbox's overlays (``sandbox_view``) for what is selected, hovered and on."""
        from .sandbox_view import SandboxView
        view = SandboxView(self.battle, self.lang, self.names)
        view.selected, view.hover, view.mode = self.selected, self.hover, self.mode
        view.show_threat, view.show_reach, view.charge_mode = self.show_threat, self.show_reach, self.charge_mode
        self.overlay = view.overlay()

    def draw(self) -> None:
        import pygame
        w, h = self.screen.get_size()
        board_area = self.screen.subsurface((0, 0, w, max(1, h - PANEL_H)))
        self.view.draw(board_area, self.cam, self.overlay, self.selected)
        panel = pygame.Rect(0, h - PANEL_H, w, PANEL_H)
        self.screen.fill((40, 42, 50), panel)
        f = theme.font(15)
        board = self.battle.board()
        if self.selected:
            b = board.body(self.selected)
            side = self.battle.scenario.side_name(b.side, self.lang)
            line1 = sentence("UI_SELECTED", {"name": self.names.get(b.id, b.id), "side": side,
                                             "weapon": b.weapon.names.get(self.lang, b.weapon.id),
                                             "speed": f"{b.speed_squares * 1.5:g}"}, self.lang)
        else:
            line1 = sentence("UI_NONE_SELECTED", {}, self.lang)
        mode = sentence("UI_CHARGE_ON", {}, self.lang) if self.charge_mode else sentence(
            "UI_MODE", {"mode": sentence(f"UI_MODE_{self.mode}", {}, self.lang)}, self.lang)
        caption = self.overlay.caption if self.overlay and self.overlay.caption else ""
        self.screen.blit(f.render(f"{line1}   ·   {mode}   {caption}", True, theme.TEXT), (12, h - PANEL_H + 8))
        small = theme.font(12)
        self.screen.blit(small.render(sentence("UI_HELP", {}, self.lang), True, (190, 186, 176)), (12, h - PANEL_H + 30))
        self.screen.blit(small.render(sentence("UI_PREVIEW_NOTE", {}, self.lang), True, (150, 146, 136)),
                         (12, h - PANEL_H + 46))


def main(scenario: str | None = None, lang: str | None = None, frames: int | None = None,
         explore: bool = False, save_dir: str | None = None, control: list[str] | None = None) -> int:
    """``make play``: the start menu, then the battle; with a scenario, straight into its
    battle (``control``: ``SIDE=PLAYER`` over its ``[sides]``); ``explore``: the rules
    explorer on it."""
    from . import __name__ as _ui  # noqa: F401  (hides pygame's banner)
    import pygame

    from ..content.errors import ContentError
    from ..content.scenario import load_scenario
    from ..engine import Battle
    from .game_screen import GameScreen
    from .menu import Menu
    if not getattr(pygame, "IS_CE", False):
        print("Carreau needs pygame-ce, not pygame: pip uninstall -y pygame pygame-ce && pip install pygame-ce")
        return 2
    lang = lang or default_language()
    chosen = None
    players: dict[str, str] | None = None
    if control and not scenario:
        print("--control: needs a scenario (the start menu sets who plays otherwise)", file=sys.stderr)
        return 2
    if scenario:
        try:
            chosen = load_scenario(scenario)
        except ContentError as exc:
            print(exc.line(), file=sys.stderr)
            return 2
        players, bad = parse_control(control or [], chosen.side_ids())
        if bad:
            print(f"--control: {bad}", file=sys.stderr)
            return 2
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800), pygame.RESIZABLE)
    pygame.display.set_caption(sentence("UI_TITLE", {}, lang))
    clock = pygame.time.Clock()
    drawn = 0

    guard = CrashGuard(Path(save_dir or "saves"), lang)

    def loop(thing) -> bool:
        nonlocal drawn
        while thing.running and (frames is None or drawn < frames):
            with guard.around(thing):
                for event in pygame.event.get():
                    if event.type == pygame.VIDEORESIZE:
                        thing.screen = pygame.display.get_surface()
                    thing.handle(event)
                    if getattr(thing, "chosen", None):
                        return True
                thing.draw()
                pygame.display.flip()
            drawn += 1
            elapsed = clock.tick(60)
            if hasattr(thing, "update"):
                with guard.around(thing):
                    thing.update(elapsed)     # the computer's pace follows the window's clock
        return False

    if chosen is None:
        menu = Menu(screen, lang)
        if not loop(menu):
            pygame.quit()
            return 0
        chosen, lang = menu.chosen
        players = menu.controls()
    battle = Battle(chosen)
    if explore:
        app = Explorer(battle, screen, lang)
    else:
        app = GameScreen(battle, screen, lang, saves=_save_hooks(save_dir, lang), control=players)
    loop(app)
    app.battle.close()              # the battle on screen: the loaded one after an F9
    if app.battle is not battle:
        battle.close()              # already closed by the load; closing twice is harmless
    pygame.quit()
    return 0


class CrashGuard:
    """The top of the window's loop (issue 15): an unexpected exception in a screen is
    written with its traceback to ``<saves>/crash.log``, the battle on screen is autosaved
    (the last autosave is kept if that fails too), and the player reads where in the log
    and on standard error; the loop goes on. Three failures in a row end it, so a screen
    that fails on every frame cannot hold the player in a loop of errors."""

    LIMIT = 3

    def __init__(self, folder: Path, lang: str):
        self.folder = folder
        self.lang = lang
        self.failures = 0

    def around(self, thing):
        from contextlib import contextmanager

        @contextmanager
        def guarded():
            try:
                yield
            except Exception as exc:  # noqa: BLE001 - the window never loses a game
                self.caught(thing, exc)
            else:
                self.failures = 0
        return guarded()

    def caught(self, thing, exc: Exception) -> None:
        from ..content import saves
        self.failures += 1
        path = self.folder / "crash.log"
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            with open(path, "a", encoding="utf-8", errors="backslashreplace") as log:
                log.write("".join(traceback.format_exception(exc)) + "\n")
        except OSError:
            path = Path("(no log: the saves folder cannot be written)")
        battle = getattr(thing, "battle", None)
        if battle is not None:
            try:
                saves.autosave(battle, self.folder, meta={"lang": getattr(thing, "lang", self.lang),
                                                         **(thing.save_meta() if hasattr(thing, "save_meta") else {})})
            except Exception:  # noqa: BLE001 - the previous autosave stays
                pass
        text = sentence("UI_CRASH_LOGGED", {"error": exc.__class__.__name__, "path": str(path)},
                        getattr(thing, "lang", self.lang))
        print(text, file=sys.stderr)
        if isinstance(getattr(thing, "log", None), list):
            thing.log.append((text, (240, 160, 120)))
        if self.failures >= self.LIMIT:
            thing.running = False


def _save_hooks(save_dir: str | None, lang: str):
    """(save, load, autosave) for the window, writing under ``save_dir`` (default ./saves).
    A save keeps, besides the language, the screen's ``extra`` meta (who plays each side:
    ``control``), so a reloaded battle keeps its computer sides. A failing save or load is
    reported in the log; the current game is kept."""
    from ..content import saves
    from ..content.errors import ContentError
    folder = Path(save_dir or "saves")

    def save(battle, extra: dict | None = None):
        path = folder / "quicksave.json"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            saves.save_battle(battle, path, meta={"lang": lang, **(extra or {})})
        except (ContentError, OSError) as exc:
            return exc.line() if hasattr(exc, "line") else str(exc)
        return str(path)

    def refuse(screen, text: str) -> None:
        screen.log.append((text, (240, 160, 120)))

    def load(screen):
        path = folder / "quicksave.json"
        try:
            loaded = saves.load_save(path)
        except ContentError as exc:
            refuse(screen, sentence("UI_LOAD_REFUSED", {"line": exc.line()}, screen.lang))
            return
        except Exception as exc:  # noqa: BLE001 - a save that breaks the loader never costs the game
            refuse(screen, sentence("UI_LOAD_REFUSED", {"line": f"{path}: {exc.__class__.__name__}"}, screen.lang))
            return
        meta = loaded.meta if isinstance(loaded.meta, dict) else {}
        control, bad = _saved_control(meta)
        lang_saved = meta.get("lang", screen.lang)
        if bad or lang_saved not in ("en", "fr"):
            refuse(screen, sentence("UI_LOAD_BAD_CONTROL", {"path": str(path), "value": bad}, screen.lang) if bad
                   else sentence("UI_LOAD_BAD_LANG", {"path": str(path), "value": repr(lang_saved)[:40]}, screen.lang))
            loaded.battle.close()
            return
        old, kept = screen.battle, dict(screen.__dict__)
        try:
            screen.__init__(loaded.battle, screen.screen, lang_saved, screen.saves, control=control)
        except Exception as exc:  # noqa: BLE001 - the screen as it was, with its battle
            screen.__dict__.clear()
            screen.__dict__.update(kept)
            loaded.battle.close()
            refuse(screen, sentence("UI_LOAD_REFUSED", {"line": f"{path}: {exc.__class__.__name__}"}, screen.lang))
            return
        old.close()
        screen.log.append((sentence("UI_LOADED", {"path": str(path)}, screen.lang), (180, 220, 180)))

    def autosave(battle, extra: dict | None = None):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            saves.autosave(battle, folder, meta={"lang": lang, **(extra or {})})
        except (ContentError, OSError):
            pass          # the game goes on; the next action tries again

    return save, load, autosave


def _saved_control(meta: dict) -> tuple[dict[str, str] | None, str]:
    """Who plays each side, as a save's ``meta.control`` keeps it (an older save has none:
    the scenario's ``[sides]`` then say). Returns (control, "") or (None, the bad value)."""
    from ..ai.controllers import NAMES
    control = meta.get("control")
    if control is None:
        return None, ""
    if not isinstance(control, dict):
        return None, repr(control)[:40]
    for side, name in control.items():
        if not isinstance(side, str) or (name != "human" and name not in NAMES):
            return None, f"{side}={name!r}"[:40]
    return dict(control), ""


def parse_control(items: list[str], sides: list[str]) -> tuple[dict[str, str], str]:
    """``SIDE=PLAYER`` arguments as {side: player}; ({}, what is wrong) when one is not."""
    from ..ai.controllers import NAMES
    out: dict[str, str] = {}
    for item in items:
        side, eq, name = item.partition("=")
        if not eq or side not in sides:
            return {}, f"{item!r}: expected SIDE=PLAYER with SIDE one of {', '.join(sides)}"
        if name != "human" and name not in NAMES:
            return {}, f"{item!r}: unknown player {name!r} (human, {', '.join(NAMES)})"
        out[side] = name
    return out, ""
