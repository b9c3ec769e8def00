"""The red charge lanes' refusals on the board (issue 13, newcomer play-test: they ran
off the board and over one another): in a crowded situation every label lies inside the
board's rect and no two overlap; one that finds no room is shown while its square is
hovered."""
from __future__ import annotations

import itertools

import pygame
import pytest

from game.content.scenario import parse_scenario
from game.engine import Battle
from game.ui.board_view import BoardView, Camera
from game.ui.sandbox_labels import layout
from game.ui.sandbox_view import SandboxView
from tests.boards import scenario_text

# Difficult ground between the hero in a corner and eight enemies along the top edge:
# every lane is refused, each at its own square, the reasons long sentences.
GRID = "\n".join(["..........", "..........", "..........", "~~~~~~~~~~", "..........", ".........."])
FOES = [{"id": f"orc{i}", "side": "red", "at": [i, 0 if i % 2 else 1], "weapon": "greataxe"} for i in range(2, 10)]
CROWD = scenario_text(GRID, {"id": "hero", "side": "blue", "at": [0, 5], "weapon": "longsword"}, *FOES)


@pytest.fixture
def crowd():
    pygame.display.init()
    pygame.font.init()
    battle = Battle(parse_scenario(CROWD, "crowd.toml"))
    yield battle
    battle.close()
    pygame.quit()


def labels(battle, lang: str, hover=None):
    view = SandboxView(battle, lang, {})
    view.selected, view.show_lanes, view.hover = "hero", True, hover
    ov = view.overlay()
    board = BoardView(battle.board())
    cam = Camera(32, -16, -16)                        # the map from (16, 16), on a surface 16 px wider each side
    area = pygame.Rect(0, 0, 10 * 32 + 32, 6 * 32 + 32)
    inside = pygame.Rect(16, 16, 10 * 32, 6 * 32)
    return ov, board.lane_labels(area, cam, ov), inside


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_crowded_refusals_stay_on_the_board_and_apart(crowd, lang):
    ov, placed, board = labels(crowd, lang)
    reasons = {(lane.at, lane.reason) for lane in ov.lanes if lane.reason}
    assert len(reasons) >= 5 and not any(lane.ok for lane in ov.lanes)      # crowded indeed
    assert placed
    for _lines, rect in placed:
        assert board.contains(rect), rect
    for (_a, one), (_b, other) in itertools.combinations(placed, 2):
        assert not one.colliderect(other), (one, other)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_refusal_left_out_for_room_shows_when_its_square_is_hovered(crowd, lang):
    ov, placed, _board = labels(crowd, lang)
    shown = {" ".join(lines) for lines, _rect in placed}
    for lane in ov.lanes:
        if lane.reason and lane.reason not in shown:
            _ov, again, _b = labels(crowd, lang, hover=lane.at)
            assert lane.reason in {" ".join(lines) for lines, _rect in again}


def test_a_label_is_moved_inside_the_board_and_off_its_neighbours():
    bounds = pygame.Rect(0, 0, 200, 100)
    square = pygame.Rect(180, 80, 20, 20)              # the bottom-right corner square
    rects = layout([(square, (120, 20)), (square, (120, 20)), (square, (120, 20))], bounds)
    assert all(r is not None and bounds.contains(r) for r in rects)
    assert not any(a.colliderect(b) for a, b in itertools.combinations(rects, 2))
    assert layout([(square, (300, 20))], bounds) == [None]          # wider than the board: left for the hover
