"""Driving the battle screen with posted events (SDL dummy driver): a screen opened on a
scenario's text, the queue handed to it and a frame drawn, the pixel at a square's centre,
a hover and a click there. Shared by the window-flow tests, which had each their copy."""
from __future__ import annotations

import pygame

from game.content.scenario import parse_scenario
from game.engine import Battle
from game.ui.game_screen import GameScreen


def open_screen(text: str, lang: str = "en", size: tuple[int, int] = (1280, 800)) -> GameScreen:
    """The battle screen on ``text`` at ``size``: no hand-off, animations instant."""
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    g = GameScreen(Battle(parse_scenario(text, "test.toml")), screen, lang)
    g.handoff = None
    g.motion.instant = True
    pygame.event.clear()
    return g


class Screens:
    """The screens a test opens (``make``), closed with their battles after it (``close``)."""

    def __init__(self):
        self.opened: list[GameScreen] = []

    def make(self, text: str, lang: str = "en") -> GameScreen:
        self.opened.append(open_screen(text, lang))
        return self.opened[-1]

    def close(self) -> None:
        for g in self.opened:
            g.battle.close()
        pygame.quit()


def pump(g: GameScreen) -> None:
    for event in pygame.event.get():
        g.handle(event)
    g.draw()


def at(g: GameScreen, square) -> tuple[int, int]:
    x, y = g.cam.to_screen(square)
    return x + g.cam.cell // 2, y + g.cam.cell // 2


def click(g: GameScreen, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pump(g)


def hover(g: GameScreen, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)


def answer(g: GameScreen, value) -> None:
    """Click the open dialog's answer whose value is ``value`` (found by its answer, not
    its place: yes-or-no answers come yes first, whatever order the engine lists them)."""
    g.draw()
    rect = next(r for r, (_label, v) in zip(g.dialog.rects, g.dialog.choices) if v == value)
    click(g, rect.center)


def decline(g: GameScreen) -> None:
    """Answer the open dialog "no" when it is a yes-or-no question (an attack of
    opportunity not taken), else by its last answer."""
    g.draw()
    click(g, g.dialog.rects[1 if g.dialog.yes_no else -1].center)
