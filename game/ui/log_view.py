"""The combat log's window (issue 14, item 5): it scrolls with the wheel over it, keeps
its place when new lines arrive while the player reads back, and a hovered line shows
whole, wrapped, with every number of its breakdown (a line said in words, a computer's
reason, shows the numbers behind it: ``why_words.Said``); a line wider than the log wraps
onto more rows. It only shows what ``combat_log`` wrote."""
from __future__ import annotations

import pygame

from ..i18n import sentence
from . import theme

LINE_SIZE = 13


class LogView:
    def __init__(self) -> None:
        self.offset = 0                 # lines scrolled back from the newest
        self.seen = 0                   # lines the log had when last drawn
        self.rows: list[tuple[int, pygame.Rect]] = []     # (line index, rect) drawn last frame
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._picture: tuple | None = None      # (what was drawn, its picture)
        self.scale = 1.0                # the settings' UI scale: the log's text that much larger
        self.notice = pygame.Rect(0, 0, 0, 0)     # "n newer lines below" as drawn: a click on it goes down

    def follow(self) -> None:
        """Back to the newest line (play-test 81: after a scroll up the computer's turns
        stayed hidden under "13 newer lines below")."""
        self.offset = 0

    def clicked(self, pos) -> bool:
        """A click on the "newer lines below" notice jumps to the newest; True when it was."""
        if self.offset and self.notice.collidepoint(pos):
            self.follow()
            return True
        return False

    def font(self, size: int):
        """The log's font of ``size`` points at 100 %, at the settings' UI scale (issue 14
        leftover: the log kept its size when the panel grew)."""
        return theme.font(round(size * self.scale))

    def scroll(self, steps: int, total: int) -> None:
        """``steps`` > 0 reads back (older lines), < 0 toward the newest."""
        self.offset = max(0, min(max(0, total - 1), self.offset + steps))

    def draw(self, screen: pygame.Surface, rect: pygame.Rect, log: list, lang: str) -> None:
        if self.offset and len(log) > self.seen:
            self.offset += len(log) - self.seen     # reading back: the lines stay where they are
        self.seen = len(log)
        self.rect = pygame.Rect(rect)
        key = (len(log), log[-1] if log else None, self.offset, tuple(rect), lang, self.scale)
        if self._picture is not None and self._picture[0] == key:
            screen.blit(self._picture[1], rect)        # nothing new: last frame's picture
            return
        self._paint(screen, rect, log, lang)
        self._picture = (key, screen.subsurface(rect.clip(screen.get_rect())).copy())

    def _paint(self, screen: pygame.Surface, rect: pygame.Rect, log: list, lang: str) -> None:
        """The newest lines at the bottom; a line wider than the log wraps onto more rows
        (play-test, issue 14: lines were cut at the log's edge)."""
        screen.fill((26, 27, 33), rect)
        self.rows = []
        font = self.font(LINE_SIZE)
        y = rect.bottom - 6
        last = len(log) - 1 - self.offset
        index = last
        width = max(40, rect.w - 24)
        full = False
        while index >= 0 and not full:
            text, colour = log[index]
            for part in reversed(_wrap(text, font, width) or [""]):
                img = font.render(part, True, colour)
                y -= img.get_height() + 1
                if y < rect.y + 4:
                    full = True
                    break
                screen.blit(img, (rect.x + 10, y), area=pygame.Rect(0, 0, width, img.get_height()))
                self.rows.append((index, pygame.Rect(rect.x + 10, y, width, img.get_height())))
            if not full:
                index -= 1
        if index >= 0 or self.offset:
            self._scrollbar(screen, rect, len(log), index + 1, last)
        self.notice = pygame.Rect(0, 0, 0, 0)
        if self.offset:
            note = self.font(11).render(sentence("UI_LOG_BACK", {"count": self.offset}, lang), True, (235, 215, 150))
            at = (rect.right - note.get_width() - 16, rect.y + 4)
            self.notice = note.get_rect(topleft=at).inflate(8, 4)
            pygame.draw.rect(screen, (44, 46, 58), self.notice, border_radius=3)     # a button to click
            screen.blit(note, at)

    def _scrollbar(self, screen, rect: pygame.Rect, total: int, first: int, last: int) -> None:
        track = pygame.Rect(rect.right - 8, rect.y + 4, 4, rect.h - 8)
        pygame.draw.rect(screen, (44, 46, 56), track)
        top = track.y + track.h * first // max(1, total)
        bottom = track.y + track.h * (last + 1) // max(1, total)
        pygame.draw.rect(screen, (120, 124, 140), pygame.Rect(track.x, top, track.w, max(6, bottom - top)))

    def line_at(self, pos) -> int | None:
        for index, r in self.rows:
            if r.collidepoint(pos):
                return index
        return None

    def hovered_lines(self, log: list, pos) -> list[str]:
        """The box's lines for the hovered line: it whole, wrapped, then the numbers behind
        a line said in words (``why_words.Said.detail``)."""
        index = self.line_at(pos) if pos is not None else None
        if index is None:
            return []
        text = log[index][0]
        font, width = self.font(12), min(self.rect.w - 20, round(640 * self.scale))
        wrapped = _wrap(text, font, width - 16)
        detail = getattr(text, "detail", "")
        if detail and detail != text:
            wrapped += _wrap(detail, font, width - 16)
        return wrapped

    def draw_hovered(self, screen: pygame.Surface, log: list, pos) -> None:
        """The hovered line whole, wrapped in a box above the log."""
        index = self.line_at(pos) if pos is not None else None
        if index is None:
            return
        text, colour = log[index]
        rows = [r for i, r in self.rows if i == index]
        pygame.draw.rect(screen, (90, 94, 110), rows[0].unionall(rows[1:]).inflate(6, 0), 1, border_radius=3)
        font = self.font(12)
        width = min(self.rect.w - 20, round(640 * self.scale))
        wrapped = self.hovered_lines(log, pos)
        h = len(wrapped) * font.get_height() + 10
        box = pygame.Rect(self.rect.x + 10, max(0, self.rect.y - h - 4), width, h)
        pygame.draw.rect(screen, (24, 26, 32), box, border_radius=4)
        pygame.draw.rect(screen, (120, 124, 140), box, 1, border_radius=4)
        y = box.y + 5
        for line in wrapped:
            screen.blit(font.render(line, True, colour), (box.x + 8, y))
            y += font.get_height()


def _wrap(text: str, font, width: int) -> list[str]:
    out, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if font.size(trial)[0] > width and line:
            out.append(line)
            line = word
        else:
            line = trial
    return out + ([line] if line else [])
