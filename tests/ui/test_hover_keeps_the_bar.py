"""Third newcomer play-test (the crypt, Jozan's turn): hovering Turn undead put five lines
of undead under the bar, the initiative list gave up three rows to fit them, every button
rose 48 px and the next click at the same spot chose Full attack. A hovered button's note
(or the caption it brings) now moves nothing: the buttons keep their rects, however long
the note, in both languages, and a click where a button was still presses it. Driven
through the real screen with posted events on the SDL dummy driver."""
from __future__ import annotations

import pygame
import pytest

from game.i18n import sentence

from tests.ui.screen_driver import pump


def crowded(near: int) -> str:
    """Jozan (a cleric who turns undead) and twelve skeletons, ``near`` of them within his
    turning's 60 ft, the others far off: a long initiative list, a note as long as asked."""
    rows = "\n".join("." * 34 for _ in range(12))
    creatures = ['id = "jozan"\nname = "Jozan"\nside = "blue"\nat = [2, 5]\ntemplate = "jozan_4"\ninitiative = 40\n']
    for n in range(12):
        at = [6 + n // 4, 2 + n % 4 * 2] if n < near else [20 + n % 6 * 2, 1 + n // 6 * 8]
        creatures.append(f'id = "skeleton_{n + 1}"\nname = "Squelette {n + 1}"\nname_en = "Skeleton {n + 1}"\n'
                         f'side = "red"\nat = {at}\ntemplate = "human_skeleton"\ninitiative = {30 - n}\n')
    return (f'seed = 7\n[map]\ngrid = """\n{rows}\n"""\n'
            + "\n".join(f"[[creature]]\n{c}" for c in creatures))


def _rects(g) -> dict[str, tuple]:
    return {b.name: tuple(b.rect) for b in g.buttons}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("near", [3, 12])         # a note that fits under the bar, one that does not
def test_hovering_a_button_with_a_long_note_moves_no_button(screens, lang, near):
    g = screens(crowded(near), lang)
    g.motion.instant = True
    g.draw()
    assert g.current == "jozan" and "turn_undead" in _rects(g)
    before, rows = _rects(g), g.tracker_limit
    turning = pygame.Rect(before["turn_undead"])
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=turning.center, rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)
    # the note the hover brings: whom the turning may affect, one entry per skeleton in reach
    listed = sentence("UI_TURNING_MAY", {"names": ""}, lang).strip()
    assert g.overlay.caption.startswith(listed) and g.overlay.caption.count(" · ") == near - 1, g.overlay.caption
    assert _rects(g) == before                      # no button moved, the stance toggles neither
    assert g.tracker_limit == rows
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)                                        # off the button: the note goes, still nothing moves
    assert _rects(g) == before
    played = len(g.battle.history)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=turning.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=turning.center))
    pump(g)
    assert [h["action"] for h in g.battle.history[played:]] == ["turn_undead"]   # not Full attack


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_note_too_long_for_the_panel_is_drawn_beside_it_and_the_hint_stays(screens, lang):
    g = screens(crowded(12), lang)
    g.motion.instant = True
    g.draw()
    turning = next(b.rect for b in g.buttons if b.name == "turn_undead")
    board_before = g.screen.copy()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=turning.center, rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)
    panel = g.panel_rect()
    beside = pygame.Rect(panel.x - 40, panel.bottom - 60, 30, 50)     # just left of the panel, at its foot
    changed = sum(1 for px in range(beside.left, beside.right, 3) for py in range(beside.top, beside.bottom, 3)
                  if g.screen.get_at((px, py)) != board_before.get_at((px, py)))
    assert changed > 20, "the long note is not drawn beside the panel"
    assert g._notes_aside and g._notes_aside[0][0] == g.overlay.caption
    assert any(r.bottom > panel.bottom - 70 for r in g.panel_lines)       # the key hint kept at the panel's foot
