"""The start menu's picture of the chosen map and its explained variants (issue 14,
item 7), driven by posted clicks in a dummy window."""
from __future__ import annotations

import pygame
import pytest

from game.i18n import sentence
from game.ui import theme
from game.ui.menu import Menu, preview, variant_explanations


@pytest.fixture
def screen():
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode((1280, 800))
    pygame.quit()


def click(m, kind, value=None):
    m.draw()
    rect = next(r for k, v, r in m.rects if k == kind and (value is None or v == value))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
    for event in pygame.event.get():
        m.handle(event)
    m.draw()


def test_the_chosen_maps_picture_has_its_sides_colours_and_is_made_once(screen):
    m = Menu(screen, "en")
    for i in range(2):
        click(m, "map", i)
    path, sc = m.entries[1]
    picture = preview(path, sc, (460, 260))
    assert preview(path, sc, (460, 260)) is picture           # from the cache: the menu stays fast
    assert preview(m.entries[0][0], m.entries[0][1], (460, 260)) is not picture     # one per map
    t = sc.terrain()
    assert picture.get_width() <= 461 and picture.get_height() <= 261
    cell = (picture.get_width() - 1) // t.width
    colours = {picture.get_at((x, y))[:3] for x in range(0, picture.get_width(), 1)
               for y in range(0, picture.get_height(), 2)}
    sides = sorted({c.side for c in sc.creatures})
    for side in sides:                                        # each side's ring colour is on the picture
        ring = theme.side_colour(sides, side)
        assert any(max(abs(a - b) for a, b in zip(ring, c)) < 30 for c in colours), (side, cell)
    box = next(r for k, _v, r in m.rects if k == "map" and _v == len(m.entries) - 1)
    below = screen.subsurface(pygame.Rect(40, box.bottom + 30, 460, 100))
    assert len({below.get_at((x, y))[:3] for x in range(0, 460, 7) for y in range(0, 100, 7)}) > 3   # drawn there


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_variant_is_explained_and_the_explanation_follows_a_click(screen, lang):
    m = Menu(screen, lang)
    before = variant_explanations(m.scenario().variants, lang)
    assert before["lane"].startswith(sentence("SBX_VARIANT_charge_lane_center", {}, lang).split(" (1)")[0])
    assert all("(1)" not in t and "(2)" not in t and "(3)" not in t for t in before.values())
    for key in ("lane", "scatter", "reach"):
        click(m, "variant", key)
    after = variant_explanations(m.scenario().variants, lang)
    assert all(after[k] != before[k] for k in before)         # each reading switched, and said
    assert m.scenario().variants.charge_lane == "swept"
    assert after["lane"].split(" — ")[1] == sentence("SBX_VARIANT_charge_lane_swept", {}, lang).split(" — ", 1)[1]
