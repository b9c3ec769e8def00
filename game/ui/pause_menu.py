"""The battle's pause menu on Esc (issue 14, item 7): resume, save, load, settings, the key
list, back to the start menu, quit, with a confirmation before leaving the battle or the
game; and the key list on F1 from anywhere in the battle, the pause menu too (F1 or Esc
then brings the pause menu back). While it is open the battle
waits (the window's loops do not run the screen's clock: ``paused``) and every event is
the menu's.

``GameScreen`` keeps one (``pause``): it hands the menu each event first (``handle``: True
when used), opens it when Esc has nothing to cancel, and draws it last. Leaving for the
start menu sets the screen's ``back_to_menu``; quitting posts the window's QUIT, so every
loop (the start menu's, the sandbox's ``Session``) ends as if the window were closed."""
from __future__ import annotations

from html import escape

import pygame
from pygame_gui import elements as E

from ..i18n import sentence
from . import theme
from .computer_turns import HUMAN
from .dialog import NO_KEYS, YES_KEYS, key_hint
from .gui_page import Page
from .key_list import KeyListPage
from .settings import Store, settings_file
from .settings_screen import REBUILD, SettingsPage, apply_change
from .window import set_title

PAUSE_BUTTONS = ("resume", "save", "load", "settings", "keys", "menu", "quit")


def paused(thing) -> bool:
    """A screen whose pause menu (or key list) is open: the window's loop does not run its
    clock (``update``), so the battle waits, the computer's turns and the animations too."""
    menu = getattr(thing, "pause", None)
    return isinstance(menu, PauseMenu) and menu.is_open


class PausePage(Page):
    def __init__(self, size, scale: float, lang: str, saves: bool, note: str):
        super().__init__(size, scale, 440, 410 + (84 if note else 0))
        self.label(sentence("PAUSE_TITLE", {}, lang), 14, "@title", height=36)
        for i, role in enumerate(PAUSE_BUTTONS):
            self.button(role, sentence(f"PAUSE_{role.upper()}", {}, lang), 64 + 48 * i,
                        enabled=saves or role not in ("save", "load"))
        self.note = note
        if note:                                  # the last save's path, or why it failed: a few lines
            self.add("note", E.UITextBox(escape(note), self.cell(64 + 48 * len(PAUSE_BUTTONS), 76),
                                         manager=self.manager, container=self.panel))


class ConfirmPage(Page):
    """Leave the battle (``asking`` "menu") or the game ("quit")? Yes or no: yes first,
    each answer showing its key, as every yes-or-no dialog (``dialog.yes_no_first``)."""

    def __init__(self, size, scale: float, lang: str, asking: str):
        super().__init__(size, scale, 520, 170)
        text = sentence(f"PAUSE_ASK_{asking.upper()}", {}, lang)
        self.add("question", E.UITextBox(text, self.cell(16, 76), manager=self.manager, container=self.panel))
        yes, no = sentence(f"PAUSE_YES_{asking.upper()}", {}, lang), sentence("PAUSE_STAY", {}, lang)
        self.button("yes", f"{yes} ({key_hint('yes', lang)})", 110, width=230)
        self.button("no", f"{no} ({key_hint('no', lang)})", 110, x=270, width=230)


class PauseMenu:
    def __init__(self, game):
        self.game = game
        self.page: Page | None = None
        self.name: str | None = None       # pause | confirm | settings | keys
        self.asking: str | None = None     # what the confirmation is for: menu | quit
        self.from_pause = False            # the page was opened from the pause menu (Esc goes back to it)
        self.note = ""                     # the last save's line, under the buttons

    @property
    def is_open(self) -> bool:
        return self.page is not None

    def store(self) -> Store:
        """The window's settings (``app`` gives the screen its store; a screen made on its
        own reads and writes the player's data folder's)."""
        store = getattr(self.game, "settings_store", None)
        if store is None:
            store = self.game.settings_store = Store(settings_file(None))
        return store

    def open(self, name: str = "pause", asking: str | None = None) -> None:
        self.close()
        size, scale, lang = self.game.screen.get_size(), self.store().current.ui_scale, self.game.lang
        if name == "settings":
            # a person's sides only: the computer answers its own questions (play-test)
            sides = [(side, self.game.side_label(side)) for side in self.game.view.sides
                     if self.game.computer.side_control(side) == HUMAN]
            self.page = SettingsPage(size, self.store(), lang, sides)
        elif name == "keys":
            self.page = KeyListPage(size, scale, lang)
        elif name == "confirm":
            self.page = ConfirmPage(size, scale, lang, asking or "quit")
        else:
            self.page = PausePage(size, scale, lang, bool(self.game.saves), self.note)
        self.name, self.asking = name, asking
        if name == "pause":
            self.from_pause = True

    def close(self) -> None:
        if self.page is not None:
            self.page.close()
        self.page, self.name = None, None

    # --- input ------------------------------------------------------------------------
    def handle(self, event) -> bool:
        """True: the event was the menu's (all of them while it is open)."""
        if self.page is None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
                self.from_pause = False
                self.open("keys")
                return True
            return False
        if event.type == pygame.VIDEORESIZE:          # the window's new size: the page made again
            self.open(self.name or "pause", self.asking)
        elif event.type == pygame.KEYDOWN and (event.key == pygame.K_ESCAPE or
                                               (event.key == pygame.K_F1 and self.name == "keys")):
            self.back()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F1 and self.name == "pause":
            self.open("keys")             # F1 as the Keys button does (play-test: only the button worked)
        elif event.type == pygame.KEYDOWN and self.name == "confirm" and event.key in YES_KEYS + NO_KEYS:
            self._confirmed(event.key in YES_KEYS)       # yes (Y, O) or no (N), as every yes-or-no dialog
        else:
            role = self.page.handle(event)
            if role is not None:
                self.choose(role)
        return True

    def back(self) -> None:
        """Esc: from a page opened from the pause menu back to it; from the pause menu (or
        the key list opened by F1) back to the battle."""
        if self.name != "pause" and self.from_pause:
            self.open("pause")
        else:
            self.close()
            self.from_pause = False

    def choose(self, role: str) -> None:
        if self.name == "settings":
            if role == "back":
                self.back()
                return
            apply_change(role, self.store(), self.game)
            if role in REBUILD:
                self.open("settings")
        elif self.name == "confirm":
            self._confirmed(role == "yes")
        elif self.name == "keys":
            self.back()
        else:
            self._pause_choice(role)

    def _pause_choice(self, role: str) -> None:
        g = self.game
        if role == "resume":
            self.back()
        elif role == "save":
            path = g.saves[0](g.battle, g.save_meta())
            self.note = sentence("UI_SAVED", {"path": path}, g.lang)
            g.log.append((self.note, (180, 220, 180)))
            self.open("pause")
        elif role == "load":                 # asked first, as F9 does: what was played since is lost
            self.close()
            g.ask_load()                  # "Load" makes the screen again on the loaded battle (or says why not)
        elif role in ("settings", "keys"):
            self.open(role)
        elif role in ("menu", "quit"):
            self.open("confirm", role)

    def _confirmed(self, yes: bool) -> None:
        if not yes:
            self.open("pause")
            return
        g = self.game
        if self.asking == "menu":
            g.back_to_menu = True
        else:
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        self.close()
        g.running = False

    # --- drawing ----------------------------------------------------------------------
    def draw(self) -> None:
        """The window's title for the battle or its victory, then the page, if open."""
        g = self.game
        if g.battle.winner is not None:
            set_title("victory", g.lang, side=g.side_label(g.battle.winner))
        else:
            set_title("battle", g.lang, map=g.battle.scenario.title_in(g.lang) or "Carreau")
        if self.page is not None:
            self.page.draw(g.screen)
        elif g.handoff is None:                   # how to find the menu and the keys, top right of the board
            hint = theme.font(12).render(sentence("PAUSE_HINT", {}, g.lang), True, (200, 200, 200))
            right = g.board_rect().right
            _hint_on_board(g.screen, hint, (max(0, right - hint.get_width() - 8), 4))
            if getattr(g, "sandbox_key", False) and not g.victory.shown():
                # F6, which the sandbox's flow offers in a battle: top left, on the same backing
                # (play-test: drawn bare it ran into tokens, over the hand-off and the pause page)
                f6 = theme.font(12).render(sentence("EDIT_BATTLE_PAUSE_HINT", {}, g.lang), True, (200, 200, 200))
                _hint_on_board(g.screen, f6, (8, 4))


def _hint_on_board(screen: pygame.Surface, hint: pygame.Surface, at: tuple[int, int]) -> None:
    backing = pygame.Surface((hint.get_width() + 8, hint.get_height() + 2), pygame.SRCALPHA)
    backing.fill((20, 22, 28, 170))           # readable over any ground (trees, water)
    screen.blit(backing, (at[0] - 4, at[1] - 1))
    screen.blit(hint, at)
