"""The victory screen (issue 14, item 7): who won, the rounds fought, each creature's
damage dealt and taken as bars with their numbers written beside them, and three buttons:
"Rematch" (the same scenario, the same controllers for each side, a fresh battle),
"Back to the menu" and "Quit".

``GameScreen`` keeps one (``victory``), hands it each event after the pause menu (True:
used) and draws it once the last blow has been seen. "Back to the menu" and "Quit" leave
the way the pause menu's confirmed choices do (``back_to_menu``, the window's QUIT); the
rematch makes the screen again on a new battle, the way a loaded save does, so that the
window's loop, its settings and its saves carry on unchanged."""
from __future__ import annotations

import dataclasses

import pygame

from ..i18n import sentence, side_sentence
from . import theme

BUTTONS = ("rematch", "menu", "quit")
SHOWN = 12            # creatures on the chart, the most damaging first
BAR_W = 300


class Victory:
    def __init__(self, game):
        self.game = game
        self.rects: list[tuple[str, pygame.Rect]] = []
        self.written: list[str] = []      # the texts last drawn, in order (what a player reads)

    def shown(self) -> bool:
        """The battle is won and its last blow has been seen on the board."""
        g = self.game
        return g.battle.winner is not None and not g.motion.busy()

    # --- input ------------------------------------------------------------------------
    def handle(self, event) -> bool:
        """A click while the screen is shown is its (True): a button, or nothing."""
        if not self.shown() or event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        for role, rect in self.rects:
            if rect.collidepoint(event.pos):
                self.choose(role)
        return True

    def choose(self, role: str) -> None:
        g = self.game
        if role == "rematch":
            self.rematch()
        elif role == "menu":
            g.back_to_menu = True
            g.running = False
        elif role == "quit":
            pygame.event.post(pygame.event.Event(pygame.QUIT))
            g.running = False

    def rematch(self) -> None:
        """The same scenario (its variants too) played again from round 1, each side by
        the controller it had; the screen's settings (speed, sound) kept."""
        from ..engine import Battle
        from .settings import apply
        g = self.game
        old, control = g.battle, dict(g.computer.control)
        # New dice: the same seed would play an all-computer rematch blow for blow again
        # (a save keeps the seed it was played with, so it still replays exactly).
        fresh = dataclasses.replace(old.scenario, seed=(old.scenario.seed * 1_000_003 + 7_919) % 2 ** 31)
        g.__init__(Battle(fresh), g.screen, g.lang, g.saves, control=control)
        old.close()
        store = getattr(g, "settings_store", None)
        if store is not None:
            apply(store.current, g)

    # --- drawing ----------------------------------------------------------------------
    def draw(self) -> None:
        g = self.game
        self.written = []
        w, h = g.screen.get_size()
        rows = sorted(g.damage.items(), key=lambda kv: (-kv[1][0], -kv[1][1], kv[0]))
        rows = rows[:max(1, min(SHOWN, (h - 230) // 26))]          # a short window: the chart's head
        panel = pygame.Rect(0, 0, min(640, w - 20), 110 + 26 * len(rows) + 70)
        panel.center = (w // 2, h // 2)
        pygame.draw.rect(g.screen, (30, 32, 40), panel, border_radius=8)
        pygame.draw.rect(g.screen, (255, 215, 0), panel, 2, border_radius=8)
        x, y = panel.x + 20, panel.y + 16
        side = g.battle.winner
        won = side_sentence("UI_VICTORY", side, g.side_label(side), g.lang)
        y += self._line(won, (x, y), 26, theme.side_colour(g.view.sides, side), True)
        y += self._line(sentence("UI_VICTORY_ROUNDS", {"rounds": g.battle.round}, g.lang), (x, y + 4), 15) + 4
        y += self._line(sentence("UI_VICTORY_CHART", {}, g.lang), (x, y + 4), 14) + 10
        top = max([1] + [v for _cid, pair in rows for v in pair])
        for cid, (dealt, taken) in rows:
            colour = theme.side_colour(g.view.sides, g.side_of(cid)) if g.battle.has(cid) else theme.TEXT
            self._line(g.names.get(cid, cid), (x, y + 2), 13, colour)
            for i, (value, bar) in enumerate(((dealt, (90, 180, 100)), (taken, (200, 90, 80)))):
                length = int(BAR_W * value / top)
                by = y + 1 + 11 * i
                pygame.draw.rect(g.screen, bar, (x + 170, by, length, 9))
                self._line(str(value), (x + 176 + length, by - 2), 12, bar)
            y += 26
        self._draw_buttons(panel)

    def _line(self, text: str, pos, size: int, colour=theme.TEXT, bold: bool = False) -> int:
        """One line of text on the window; its height."""
        img = theme.font(size, bold).render(text, True, colour)
        self.game.screen.blit(img, pos)
        self.written.append(text)
        return img.get_height()

    def _draw_buttons(self, panel: pygame.Rect) -> None:
        g = self.game
        self.rects = []
        width = (panel.w - 40 - 20) // len(BUTTONS)
        for i, role in enumerate(BUTTONS):
            r = pygame.Rect(panel.x + 20 + i * (width + 10), panel.bottom - 54, width, 38)
            pygame.draw.rect(g.screen, (60, 120, 80) if role == "rematch" else (70, 90, 130), r, border_radius=6)
            text = sentence(f"UI_VICTORY_{role.upper()}", {}, g.lang)
            size = theme.font(15, True).size(text)
            self._line(text, (r.centerx - size[0] // 2, r.centery - size[1] // 2), 15, theme.TEXT, True)
            self.rects.append((role, r))
