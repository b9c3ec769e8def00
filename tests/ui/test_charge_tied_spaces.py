"""A charge whose closest spaces tie (play-test 11, 12a, 91: one lane drawn, then "Several
spaces are as close" with the "?" squares under the tooltip): hovering the foe shows every
space the engine's charge option lists, numbered, each with its lane; the tooltip keeps off
them; the pointer on one shows its lane, and a click there charges to it with no question
after. Driven by posted pygame events."""
from __future__ import annotations

import pygame
import pytest
from test_game_screen import at, click, click_button, open_screen, pump

GRID = "\n".join("." * 12 for _ in range(9))


def scenario(gnoll_at) -> str:
    return (f'seed = 5\n[map]\ngrid = """\n{GRID}\n"""\n'
            f'[[creature]]\nid = "gnoll"\nside = "red"\nat = [{gnoll_at[0]}, {gnoll_at[1]}]\ninitiative = 20\nhp = 30\n'
            '[[creature]]\nid = "dwarf"\nname = "Tordek"\nside = "blue"\nat = [5, 1]\ninitiative = 5\nhp = 30\n')


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.quit()


def hover(g, square) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at(g, square), rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)


def cell_rect(g, square) -> pygame.Rect:
    x, y = g.cam.to_screen(square)
    return pygame.Rect(x, y, g.cam.cell, g.cam.cell)


def test_tied_spaces_are_all_shown_numbered_and_a_click_on_one_charges_to_it():
    g = open_screen(scenario((5, 6)))
    g.handoff = None
    ends = [tuple(e) for e in g.battle.options("gnoll")["charge"].domain["targets"]["dwarf"]]
    assert len(ends) == 3                                   # the engine's three closest spaces
    click_button(g, "charge")
    hover(g, (5, 1))
    ov = g.overlay
    assert not ov.lane and len(ov.lanes) == 3               # no single lane standing in for the choice
    assert sorted(ov.marks) == sorted((e, str(n)) for n, e in enumerate(ends, 1))
    assert "3 spaces are as close" in ov.caption and "Tordek" in ov.caption
    assert g.tooltip_rect is not None                       # the foe's tooltip, beside it ...
    assert not any(g.tooltip_rect.colliderect(cell_rect(g, e)) for e in ends)    # ... off the spaces
    hover(g, ends[2])
    assert len(g.overlay.lanes) == 1 and g.overlay.lanes[0].squares[-1:] != []
    assert g.overlay.caption.startswith("Charge Tordek to this space")
    click(g, at(g, ends[2]))
    assert g.squares_asked is None and g.dialog is None     # no question after the click
    last = g.battle.history[-1]
    assert last["action"] == "charge" and tuple(last["args"]["end"]) == ends[2], last
    assert g.battle.board().body("gnoll").pos == ends[2]


def test_one_closest_space_keeps_its_single_lane_and_a_square_click_does_nothing():
    g = open_screen(scenario((7, 6)))
    g.handoff = None
    click_button(g, "charge")
    hover(g, (5, 1))
    assert g.overlay.lane and not g.overlay.lanes           # the one lane, as before
    before = len(g.battle.history)
    click(g, at(g, (6, 2)))                                 # its end square: not a choice, nothing played
    assert len(g.battle.history) == before
