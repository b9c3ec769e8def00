"""Driving the sandbox editor with posted pygame events (SDL dummy driver): clicks on the
board and on pygame_gui widgets, typing, keys. pygame_gui reads the pointer's position for
hovering, so each click also moves the pointer there (``mouse.set_pos`` works headless)."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame

FORD = Path(__file__).resolve().parents[2] / "maps" / "ford.toml"


@contextmanager
def opened(doc=None, lang: str = "en") -> Iterator:
    """The editor on ``doc`` (the ford by default) in a 1280x800 dummy window, its first
    events handled; closed, with pygame, afterwards."""
    from game.ui.editor.document import Document
    from game.ui.editor.screen import EditorScreen
    pygame.display.init()
    pygame.font.init()
    editor = EditorScreen(doc if doc is not None else Document.open(FORD), pygame.display.set_mode((1280, 800)), lang)
    pygame.event.clear()
    pump(editor)
    try:
        yield editor
    finally:
        editor.close()
        pygame.quit()


def pump(ed, rounds: int = 12) -> None:
    """Hand every queued event to the editor and let pygame_gui post and read its own,
    until the queue is quiet."""
    for _ in range(rounds):
        events = pygame.event.get()
        for event in events:
            ed.handle(event)
        ed.update(50)
        if not events and not pygame.event.peek():
            break
    ed.draw()


def move_to(ed, pos, buttons=(0, 0, 0)) -> None:
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons))
    pump(ed)


def click(ed, pos) -> None:
    move_to(ed, pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pump(ed)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    pump(ed)


def centre(ed, square) -> tuple[int, int]:
    x, y = ed.cam.to_screen(square)
    return x + ed.cam.cell // 2, y + ed.cam.cell // 2


def drag(ed, squares) -> None:
    """Press on the first square, move over the others, release on the last."""
    move_to(ed, centre(ed, squares[0]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=centre(ed, squares[0])))
    pump(ed)
    for sq in squares[1:]:
        move_to(ed, centre(ed, sq), buttons=(1, 0, 0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=centre(ed, squares[-1])))
    pump(ed)


def click_square(ed, square) -> None:
    click(ed, centre(ed, square))


def widget(ed, role: str):
    return ed.panel.w[role]


def press(ed, role: str) -> None:
    click(ed, widget(ed, role).rect.center)


def choose(ed, role: str, option_id: str) -> None:
    """Open a drop-down and click one of its options (it must be in view)."""
    menu = widget(ed, role)
    click(ed, menu.rect.center)
    shown = menu.current_state.options_selection_list
    button = next(i["button_element"] for i in shown.item_list if i["object_id"] == option_id)
    assert button is not None and shown.rect.contains(button.rect), f"{option_id} is not in view"
    click(ed, button.rect.center)


def type_into(ed, role: str, text: str) -> None:
    """Click a text entry, clear it, type, press Return."""
    entry = widget(ed, role)
    click(ed, entry.rect.center)
    for _ in range(len(entry.get_text()) + 2):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0))
    pump(ed)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    pump(ed)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    pump(ed)


def key(ed, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pump(ed)
