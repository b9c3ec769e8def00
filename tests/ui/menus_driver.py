"""Driving the pygame_gui pages (pause menu, settings, key list) with posted events: the
pointer is moved onto a widget first (pygame_gui reads it for hovering; ``mouse.set_pos``
works headless), then pressed and released; the pressed-button event pygame_gui posts
comes back through the queue to the screen, as in the window's loop."""
from __future__ import annotations

import pygame


def pump(thing, rounds: int = 8) -> None:
    """Every queued event to ``thing``, drawing between rounds (a page updates its widgets
    when drawn), until the queue is quiet."""
    for _ in range(rounds):
        events = pygame.event.get()
        for event in events:
            thing.handle(event)
        thing.draw()
        if not events and not pygame.event.peek():
            break


def key(thing, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    pump(thing)


def click_at(thing, pos) -> None:
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pump(thing)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pump(thing)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    pump(thing)


def press(thing, page, role: str) -> None:
    """Click the widget of ``role`` on ``page``."""
    click_at(thing, page.widgets[role].rect.center)
