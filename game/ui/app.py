"""The window: the start menu, the battle screen, and the rules explorer on a battle map
(``python -m game play MAP --explore``).

The explorer lets a player pick a creature and *see* the positioning rules before
committing to anything (issue 13's sandbox, ``sandbox_view``): the safest path to the
hovered square with its cost and who it provokes and how hard, threatened squares and who
threatens a square, weapon reach, where it can go by each movement, charge lanes to every
enemy, flanking pairs, cover, a flask's scatter and heat map, a 1-2-1 ruler, the odds
against a hovered enemy, the three rule variants switched live, and, for a clicked
square, the rule that decides it with the arithmetic.
"""
from __future__ import annotations

import sys
import traceback
from pathlib import Path

from ..i18n import default_language, sentence
from ..runtime import steady_collector
from . import theme
from .sandbox_view import MODES
from .settings import Store, apply, saves_folder, settings_file
from .window import SIZE, set_title

DEFAULT_MAP = Path(__file__).resolve().parents[2] / "maps" / "old_mill.toml"
PANEL_H = 64


class Explorer:
    """State and input handling, separate from the loop so tests can drive it. What it
    shows is a ``SandboxView`` (``sandbox_view``), which it keeps; its toggles are the
    view's."""

    def __init__(self, battle, screen, lang: str | None = None):
        import pygame  # noqa: F401  (imported by the caller already)
        from .board_view import BoardView, Camera
        from .sandbox_view import SandboxView
        self.battle = battle
        self.screen = screen
        self.lang = lang or default_language()
        self.names = {s.id: s.name_in(self.lang) for s in battle.scenario.creatures}
        tokens = {s.id: getattr(s, "template", None) for s in battle.scenario.creatures}
        from ..world import spell_views, views
        self.view = BoardView(battle.board(), self.names, tokens, sealed_of=lambda: views.sealed_doors(battle),
                              difficult_look=battle.scenario.difficult_look,
                              spell_ground_of=lambda: spell_views.spell_grounds(battle))
        self.sandbox = SandboxView(battle, self.lang, self.names)
        self.cam = Camera(40)
        w, h = screen.get_size()
        self.cam.centre_on(battle.terrain.width, battle.terrain.height, (w, h - PANEL_H))
        self.running = True
        self.drag_from: tuple[int, int] | None = None
        self.overlay = None
        self.info: list[str] = []
        self.panel_rows: list = []            # (rect, panel line) as last drawn, for clicks on numbers
        self.refresh()

    # the sandbox's state, as the explorer's own (tests and the loop read them here)
    selected = property(lambda self: self.sandbox.selected, lambda self, v: setattr(self.sandbox, "selected", v))
    hover = property(lambda self: self.sandbox.hover, lambda self, v: setattr(self.sandbox, "hover", v))
    show_threat = property(lambda self: self.sandbox.show_threat,
                           lambda self, v: setattr(self.sandbox, "show_threat", v))
    show_reach = property(lambda self: self.sandbox.show_reach, lambda self, v: setattr(self.sandbox, "show_reach", v))
    charge_mode = property(lambda self: self.sandbox.charge_mode,
                           lambda self, v: setattr(self.sandbox, "charge_mode", v))
    mode = property(lambda self: self.sandbox.mode, lambda self, v: setattr(self.sandbox, "mode", v))

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
        sb = self.sandbox
        toggles = {pygame.K_t: "show_threat", pygame.K_r: "show_reach", pygame.K_c: "charge_mode",
                   pygame.K_a: "show_area", pygame.K_l: "show_lanes", pygame.K_f: "show_flanking",
                   pygame.K_s: "show_splash"}
        variants = {pygame.K_1: "charge_lane", pygame.K_2: "scatter_order", pygame.K_3: "reach_diagonal_exception"}
        moves = {pygame.K_LEFT: (-step, 0), pygame.K_RIGHT: (step, 0), pygame.K_UP: (0, -step), pygame.K_DOWN: (0, step)}
        if key == pygame.K_ESCAPE and sb.clear_ruler():
            pass                                  # Esc puts the ruler away first
        elif key == pygame.K_ESCAPE:
            self.running = False
        elif key in toggles:
            setattr(sb, toggles[key], not getattr(sb, toggles[key]))
            sb.splash_aim = None
        elif key in variants:
            sb.cycle_variant(variants[key])
            self.view.set_board(self.battle.board())
        elif key == pygame.K_m:
            self.mode = MODES[(MODES.index(self.mode) + 1) % len(MODES)]
        elif key == pygame.K_u:
            if self.hover is not None:
                sb.ruler_step(self.hover)         # start, fixed end, put away
        elif key == pygame.K_e and self.hover is not None:
            sb.explain(self.hover)
        elif key == pygame.K_BACKSPACE:
            sb.explained, sb.splash_aim = [], None
        elif key in moves:
            self.cam.ox += moves[key][0]
            self.cam.oy += moves[key][1]
        elif key in (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS):
            self.cam.zoom(1, (self.screen.get_width() // 2, self.screen.get_height() // 2))
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.cam.zoom(-1, (self.screen.get_width() // 2, self.screen.get_height() // 2))
        self.refresh()

    def _click(self, pos) -> None:
        """A creature: select it (again: let it go). Any other square, or anything while a
        flask is aimed, with a creature selected: the rules that decide it. A line of
        numbers in the panel (an attack's chance): how they add up."""
        line = next((text for rect, text in self.panel_rows if rect.collidepoint(pos)), None)
        if line is not None:                  # a line of the panel: the numbers' rule, if it has one
            self.sandbox.explain_line(line)
            self.refresh()
            return
        square = self.cam.to_square(pos)
        who = self.creature_at(square)
        if who == self.selected and who is not None:
            self.selected = None
        elif who is not None and not (self.sandbox.show_splash and self.selected):
            self.selected = who
            self.sandbox.explained, self.sandbox.splash_aim = [], None
        elif self.battle.terrain.in_bounds(square):
            self.sandbox.explain(square)
        self.refresh()

    def creature_at(self, square) -> str | None:
        from ..world.views import creature_at
        return creature_at(self.battle, square)

    # --- what to draw -----------------------------------------------------------------
    def refresh(self) -> None:
        """The sandbox's overlays and panel lines for what is selected, hovered and on."""
        self.overlay = self.sandbox.overlay()
        self.info = self.sandbox.info_lines()

    def panel_lines(self) -> list[str]:
        """The panel's text: the selection and mode with the overlay's caption, then the
        sandbox's lines (odds, costs, variants, explanations)."""
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
        return [f"{line1}   ·   {mode}   {caption}", *self.info]

    def draw(self) -> None:
        import pygame
        w, h = self.screen.get_size()
        small = theme.font(12)
        rows = [(line, ln) for line in self.panel_lines() for ln in theme.wrap(line, small, w - 24)]
        fixed = 6 + 18 + 3 * 15 + 4                            # the first line and the three lines of help
        room = max(1, (h * 3 // 5 - fixed) // 15 + 1)
        if len(rows) > room:
            rows = rows[:room - 1] + [("", "…")]
        panel_h = fixed + 15 * max(0, len(rows) - 1)
        board_area = self.screen.subsurface((0, 0, w, max(1, h - panel_h)))
        self.view.draw(board_area, self.cam, self.overlay, self.selected)
        panel = pygame.Rect(0, h - panel_h, w, panel_h)
        self.screen.fill((40, 42, 50), panel)
        y = h - panel_h + 6
        self.panel_rows = []
        for i, (line, piece) in enumerate(rows):
            img = (theme.font(15) if i == 0 else small).render(piece, True, theme.TEXT)
            self.screen.blit(img, (12, y))
            self.panel_rows.append((pygame.Rect(12, y, img.get_width(), img.get_height()), line))
            y += 18 if i == 0 else 15
        for code, colour in (("SBX_HELP", (190, 186, 176)), ("SBX_HELP_VARIANTS", (190, 186, 176)),
                             ("SBX_NOTE", (150, 146, 136))):
            if y > h - 14:
                break
            self.screen.blit(small.render(sentence(code, {}, self.lang), True, colour), (12, y))
            y += 15


def main(scenario: str | None = None, lang: str | None = None, frames: int | None = None,
         explore: bool = False, save_dir: str | None = None, control: list[str] | None = None,
         edit: bool = False, resume: bool = False) -> int:
    """``make play``: the start menu, then the battle; with a scenario, straight into its
    battle (``control``: ``SIDE=PLAYER`` over its ``[sides]``); ``explore``: the rules
    explorer on it; ``edit``: the sandbox editor on it (or on an empty map). In a battle,
    F6 pauses into the sandbox (``editor.flow``), and the pause menu's "back to the menu"
    returns to the start menu. Saves and settings go to the player's data folder, or to
    ``save_dir`` (``settings``); ``lang`` over the settings' language. ``resume``
    (``--continue``): straight into the autosaved battle, as the menu's Continue does
    (refused in one line when there is none or it does not open)."""
    from . import __name__ as _ui  # noqa: F401  (hides pygame's banner)
    import pygame

    from ..engine import Battle
    from .menu import Menu
    if not getattr(pygame, "IS_CE", False):
        print("Carreau needs pygame-ce, not pygame: pip uninstall -y pygame pygame-ce && pip install pygame-ce")
        return 2
    from .pause_menu import paused         # pygame_gui, which needs pygame-ce
    store = _settings_store(save_dir, lang)
    lang = lang or store.current.language
    if control and not scenario:
        print("--control: needs a scenario (the start menu sets who plays otherwise)", file=sys.stderr)
        return 2
    if edit:
        return _edit(scenario, lang, frames, save_dir, store)
    chosen, players, refused = _from_arguments(scenario, control or [])
    resumed = None
    if resume and not refused:
        resumed, refused = _from_autosave(save_dir, lang, scenario, explore)
    if refused:
        print(refused, file=sys.stderr)
        return 2
    screen = _open_window(store)
    clock = pygame.time.Clock()
    drawn = 0

    guard = CrashGuard(saves_folder(save_dir), lang)

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
            if hasattr(thing, "update") and not paused(thing):
                with guard.around(thing):
                    thing.update(elapsed)     # the computer's pace follows the window's clock (held while paused)
        return False

    while True:
        if chosen is None and resumed is None:
            menu = Menu(pygame.display.get_surface(), lang, store, autosave=_autosave_path(save_dir))
            if not loop(menu):
                break
            chosen, lang = menu.chosen
            players = menu.controls()
            resumed = menu.resumed
            if menu.sandbox is not None:
                doc = sandbox_document(menu)
                _session(menu.screen, lang, frames, save_dir, guard, store).edit(doc)
                break
        if resumed is not None:                 # Continue: the autosave's battle, its players and its log
            battle, players = resumed.battle, resumed.control
        else:
            battle = Battle(chosen)
        if explore:
            set_title("explorer", lang)
            loop(Explorer(battle, screen, lang))
            battle.close()
            break
        session = _session(pygame.display.get_surface(), lang, frames, save_dir, guard, store)
        back, lang = _play(session, battle, players, resumed)
        battle.close()
        if not back:
            break
        drawn = max(drawn, session.drawn)
        chosen, players, resumed = None, None, None     # the start menu again, in the language now chosen
    pygame.quit()
    return 0


def _from_arguments(scenario: str | None, control: list[str]):
    """The scenario named on the command line and who plays its sides (``--control``),
    or the one-line refusal; (None, None, "") without a scenario (the start menu)."""
    from ..content.errors import ContentError
    from ..content.scenario import load_scenario
    if not scenario:
        return None, None, ""
    try:
        chosen = load_scenario(scenario)
    except ContentError as exc:
        return None, None, exc.line()
    players, bad = parse_control(control, chosen.side_ids())
    return (None, None, f"--control: {bad}") if bad else (chosen, players, "")


def _autosave_path(save_dir: str | None) -> Path:
    from ..content.saves import AUTOSAVE_NAME
    return saves_folder(save_dir) / AUTOSAVE_NAME


def _from_autosave(save_dir: str | None, lang: str, scenario: str | None, explore: bool):
    """``--continue``: the autosave opened (``quick_load.open_save``), or the one-line
    refusal: no autosave, one that does not open, or a scenario or ``--explore`` with it."""
    from .quick_load import Opened, open_save
    if scenario or explore:
        return None, sentence("UI_CONTINUE_ALONE", {}, lang)
    path = _autosave_path(save_dir)
    if not path.exists():
        return None, sentence("UI_CONTINUE_NONE", {"path": str(path.parent)}, lang)
    opened = open_save(path, lang)
    if not isinstance(opened, Opened):
        return None, sentence("UI_CONTINUE_REFUSED", {"line": opened.line}, lang)
    return opened, ""


def _play(session, battle, players, resumed=None) -> tuple[bool, str]:
    """One battle in the window: (back to the start menu?, the language it ended in).
    ``resumed``: the autosave it continues (its log goes on, saying where it was loaded
    from)."""
    steady_collector()           # once per process, the game loaded (``runtime``)
    if resumed is None:
        game = session.make_game(battle, players)
    else:
        game = session.make_game(battle, players, log=resumed.log)
        loaded = game.line(lambda lang, _n: sentence("UI_LOADED", {"path": resumed.path}, lang))
        game.log.insert(max(0, len(game.log) - 1), (loaded, (180, 220, 180)))
    session.battle(game)
    if game.battle is not battle:
        game.battle.close()         # the battle on screen: the loaded one after an F9
    return game.back_to_menu and not session.quit and not session.out_of_frames(), game.lang


def _settings_store(save_dir: str | None, lang: str | None) -> Store:
    """The window's settings; a refused file is named in one line on standard error (and
    kept until the player changes a setting)."""
    store = Store(settings_file(save_dir))
    if store.error:
        shown = lang or default_language()
        print(sentence("SET_REFUSED_LINE", {"line": store.error.line(shown)}, shown), file=sys.stderr)
    return store


def _open_window(store: Store):
    """The window, full screen if the settings say so."""
    import pygame
    pygame.display.init()
    pygame.font.init()
    if store.current.fullscreen:
        try:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        except pygame.error:
            pass
    return pygame.display.set_mode(SIZE, pygame.RESIZABLE)


def _session(screen, lang: str, frames: int | None, save_dir: str | None, guard=None, store: Store | None = None):
    """The window's loop over sandboxes and battles (``editor.flow``), each frame inside
    the crash guard (``CrashGuard``); each battle screen with the window's settings."""
    from .editor.flow import Session
    from .game_screen import GameScreen
    store = store or Store(settings_file(save_dir))

    def make_game(battle, control, log: list | None = None):
        game = GameScreen(battle, session.screen, lang, saves=_save_hooks(save_dir, lang), control=control, log=log)
        game.settings_store = store
        apply(store.current, game)
        return game
    session = Session(screen, lang, make_game, frames, guard or CrashGuard(saves_folder(save_dir), lang))
    return session


def sandbox_document(menu):
    """The start menu's map (with the variants chosen there) as a sandbox document, or an
    empty map."""
    from .editor.document import Document
    if not menu.sandbox:
        return Document.empty()
    doc = Document.open(menu.sandbox)
    v = menu.scenario().variants
    for key in ("charge_lane", "scatter_order", "reach_diagonal_exception"):
        if getattr(doc.scenario.variants, key) != getattr(v, key):
            doc.set_variant(key, getattr(v, key))
    doc.undo_stack.clear()
    return doc


def _edit(scenario: str | None, lang: str, frames: int | None, save_dir: str | None, store: Store) -> int:
    """``python -m game edit [SCENARIO]``: the sandbox editor, on the file or an empty map."""
    import pygame

    from ..content.errors import ContentError
    from .editor.document import Document
    try:
        doc = Document.open(scenario) if scenario else Document.empty()
    except ContentError as exc:
        print(exc.line())
        return 2
    screen = _open_window(store)
    set_title("editor", lang)
    _session(screen, lang, frames, save_dir, store=store).edit(doc)
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
    """(save, load, autosave, describe) for the window, writing under ``save_dir`` (default:
    the player's data folder's ``saves``).
    A save keeps, besides the language, the screen's ``extra`` meta (who plays each side:
    ``control``), so a reloaded battle keeps its computer sides. A failing save or load is
    reported in the log; the current game is kept. ``save`` returns what the "Saved to …"
    line shows: the path, and which battle it replaced when the quick save held another
    map's (play-test: one slot, silently overwritten); ``describe``: what the quick save
    holds now (``saves.SaveSummary``, or None)."""
    from ..content import saves
    from ..content.errors import ContentError
    from .quick_load import battle_line, describe, open_save
    folder = saves_folder(save_dir)
    path = folder / "quicksave.json"

    def save(battle, extra: dict | None = None):
        before = describe(path)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            saves.save_battle(battle, path, meta={"lang": lang, **(extra or {})})
        except (ContentError, OSError) as exc:
            return exc.line() if hasattr(exc, "line") else str(exc)
        if before is not None and Path(before.scenario_path).name != Path(str(battle.scenario.path)).name:
            return sentence("UI_SAVED_REPLACES", {"path": str(path), "battle": battle_line(before, lang)}, lang)
        return str(path)

    def refuse(screen, text: str) -> None:
        """A save it cannot open: said in a dialog (and kept in the log); the battle on
        screen goes on (issue 15, item 3)."""
        screen.log.append((text, (240, 160, 120)))
        screen.dialog = screen.make_dialog(text, [(sentence("UI_OK", {}, screen.lang), None)], lambda _choice: None)
        screen.dialog.cancellable = True

    def load(screen):
        """F9 and the pause menu's Load. The battle comes back in the player's language now
        (the settings', play-test: it came back in the save's), and the autosave is
        rewritten with it, so the start menu's Continue resumes the battle on screen, not
        the one the load discarded (play-test)."""
        opened = open_save(path, screen.lang)
        if not hasattr(opened, "battle"):
            refuse(screen, sentence(opened.code, opened.values, screen.lang))
            return
        old, kept = screen.battle, dict(screen.__dict__)
        try:
            screen.__init__(opened.battle, screen.screen, screen.lang, screen.saves, control=opened.control,
                            log=opened.log)
        except Exception as exc:  # noqa: BLE001 - the screen as it was, with its battle
            screen.__dict__.clear()
            screen.__dict__.update(kept)
            opened.battle.close()
            refuse(screen, sentence("UI_LOAD_REFUSED", {"line": f"{path}: {exc.__class__.__name__}"}, screen.lang))
            return
        old.close()
        if getattr(screen, "settings_store", None) is not None:
            apply(screen.settings_store.current, screen)       # the new screen's speed and sound
        # "Loaded …", then the round and the turn the battle is at (the log's last line)
        loaded = screen.line(lambda lang, _n: sentence("UI_LOADED", {"path": str(path)}, lang))
        screen.log.insert(max(0, len(screen.log) - 1), (loaded, (180, 220, 180)))
        autosave(screen.battle, screen.save_meta())

    def autosave(battle, extra: dict | None = None):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            saves.autosave(battle, folder, meta={"lang": lang, **(extra or {})})
        except (ContentError, OSError):
            pass          # the game goes on; the next action tries again

    return save, load, autosave, lambda: describe(path)


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
