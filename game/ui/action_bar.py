"""The action bar (issue 14, item 4): the creature's actions grouped by what they cost
(French text, « Types d'actions »: action simple, action de mouvement, action complexe,
action libre; the 5-ft step « ne compte pas comme une action »), each with an icon and,
for the common ones, a number key.

It decides no rule: which button is open, and why not, is what ``options`` says
(``GameScreen.availability``). It only lays the buttons out, and keeps that layout still
through a creature's turn: the groups of the common actions come first and never move;
the actions a creature gains or loses as it goes (climbing where it stands, a touch spell
it now holds, a mount beside it) go to the last group, so nothing above them jumps. An
action a creature has once shown keeps its place, greyed, when it is no longer open.
"""
from __future__ import annotations

from typing import NamedTuple

import pygame

from ..i18n import sentence
from . import action_icons, theme

# What each action costs (French text, « Types d'actions » and each action's own section).
KIND = {
    "move": "move", "stand_up": "move", "door": "move",
    "attack": "standard", "trip": "standard", "bull_rush": "standard", "disarm": "standard",
    "grapple": "standard", "overrun": "standard", "throw_splash": "standard", "total_defense": "standard",
    "ready": "standard", "cast": "standard", "throw_rock": "standard", "web": "standard",
    "turn_undead": "standard", "rebuke_undead": "standard",
    "full_attack": "full_round", "charge": "full_round", "withdraw": "full_round", "run": "full_round",
    "continue_casting": "full_round", "move_through_web": "full_round",
    "five_foot_step": "free", "drop_prone": "free", "delay": "free", "end_turn": "free",
}
GROUPS = ("move", "standard", "full_round", "free", "special")
# The common actions' number keys (1 … 9, then 0), in the order a turn usually goes.
SHORTCUT_ORDER = ("move", "five_foot_step", "attack", "full_attack", "charge", "withdraw", "run", "total_defense",
                  "ready", "delay")
_DIGITS = "1234567890"
SHORTCUTS = {getattr(pygame, f"K_{d}"): name for d, name in zip(_DIGITS, SHORTCUT_ORDER)}
KEY_LABEL = dict(zip(SHORTCUT_ORDER, _DIGITS))

BUTTON_H = 24
GAP = 3
HEADER = 15


class Button(NamedTuple):
    """One drawn button (unpacks as name, rect, enabled, reason)."""
    name: str
    rect: pygame.Rect
    enabled: bool
    reason: str


class ActionBar:
    """The bar's layout for each creature, remembered so it stays still."""

    def __init__(self) -> None:
        self._shown: dict[str, list[str]] = {}

    def shown(self, cid: str) -> tuple[str, ...]:
        """Every action the creature's bar has shown so far, in the order they came."""
        return tuple(self._shown.get(cid, ()))

    def groups(self, cid: str, names: tuple[str, ...]) -> list[tuple[str, list[str]]]:
        """The non-empty groups, in order, with their actions: the creature's actions now
        (``names``) and those it showed before."""
        shown = self._shown.setdefault(cid, [])
        shown.extend(n for n in names if n not in shown)
        grouped: dict[str, list[str]] = {g: [] for g in GROUPS}
        for name in shown:
            grouped[KIND.get(name, "special")].append(name)
        return [(g, grouped[g]) for g in GROUPS if grouped[g]]

    def lay_out(self, cid: str, names: tuple[str, ...], x: int, y: int, width: int,
                columns: int = 2) -> tuple[list[tuple[str, int]], list[tuple[str, pygame.Rect]], int]:
        """Where each group header and button goes: (headers with their y, buttons with
        their rect, the y below the bar)."""
        bw = (width - (columns - 1) * 6) // columns
        headers, placed = [], []
        for group, members in self.groups(cid, names):
            headers.append((group, y))
            y += HEADER
            for i, name in enumerate(members):
                placed.append((name, pygame.Rect(x + (i % columns) * (bw + 6), y + (i // columns) * (BUTTON_H + GAP),
                                                 bw, BUTTON_H)))
            y += (len(members) + columns - 1) // columns * (BUTTON_H + GAP) + 2
        return headers, placed, y


def shortcut(key: int) -> str | None:
    """The action a number key chooses, if any."""
    return SHORTCUTS.get(key)


def draw(screen: pygame.Surface, bar: ActionBar, cid: str, names: tuple[str, ...], avail: dict[str, str | None],
         mode: str | None, lang: str, x: int, y: int, width: int,
         notes: dict[str, str] | None = None) -> tuple[list[Button], int]:
    """Draw the bar; the buttons (for clicks and hovers) and the y below it. An open
    button with a note (``notes``: it first costs another action, it would strike only
    an ally) has an amber corner: hover it before clicking."""
    headers, placed, bottom = bar.lay_out(cid, names, x, y, width)
    for group, hy in headers:
        screen.blit(theme.font(11, True).render(sentence(f"UI_BAR_{group}", {}, lang), True, (150, 156, 176)), (x, hy + 1))
    buttons = []
    for name, r in placed:
        reason = avail.get(name)
        enabled = reason is None
        colour = (70, 90, 130) if mode == name else ((58, 62, 76) if enabled else (44, 46, 52))
        pygame.draw.rect(screen, colour, r, border_radius=4)
        ink = theme.TEXT if enabled else (110, 110, 110)
        action_icons.draw(screen, name, pygame.Rect(r.x + 4, r.y + 4, 16, 16), ink)
        key = KEY_LABEL.get(name)
        room = r.w - 26 - (9 if key else 0)
        size, label = _fit(sentence(f"ACT_{name}", {}, lang), room)
        screen.blit(theme.font(size).render(label, True, ink), (r.x + 23, r.y + (4 if size == 13 else 5)))
        if key:
            screen.blit(theme.font(10).render(key, True, (150, 156, 176)), (r.right - 9, r.y + 2))
        if enabled and notes and notes.get(name):
            pygame.draw.polygon(screen, (230, 170, 60), [(r.right - 7, r.bottom - 1), (r.right - 1, r.bottom - 1),
                                                         (r.right - 1, r.bottom - 7)])
        buttons.append(Button(name, r, enabled, reason or ""))
    return buttons, bottom


def _fit(text: str, room: int) -> tuple[int, str]:
    """The label's font size and text: 13 px, else 12 px, else shortened with an ellipsis
    (the tooltip and the key list keep the whole name)."""
    for size in (13, 12, 11):
        if theme.font(size).size(text)[0] <= room:
            return size, text
    font = theme.font(11)
    while text and font.size(text + "…")[0] > room:
        text = text[:-1]
    return 11, text.rstrip() + "…"
