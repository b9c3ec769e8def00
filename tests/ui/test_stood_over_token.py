"""A creature may end its move in a helpless creature's square (digest §1.5). The newcomer
play-test found the dying wolf under a gnoll drawn nowhere: both tokens filled the same
square, the standing one on top. The one stood over is drawn small in the square's lower
right corner, over the other, so the two read apart."""
from __future__ import annotations

from dataclasses import replace

import pygame

from game.ui.board_view import underfoot
from game.world.components import HitPoints
from game.world.damage import sync_health

TEXT = """
seed = 2
[map]
grid = \"\"\"
......
......
......
\"\"\"
[[creature]]
id = "gnoll"
name_en = "Gnoll"
side = "red"
at = [1, 1]
template = "gnoll"
initiative = 20

[[creature]]
id = "wolf"
name_en = "Wolf"
side = "red"
at = [2, 1]
template = "wolf"
initiative = 10

[[creature]]
id = "hero"
name_en = "Hero"
side = "blue"
at = [4, 1]
initiative = 5
"""


def corner(g, square) -> pygame.Rect:
    x, y = g.cam.to_screen(square)
    c = g.cam.cell
    return pygame.Rect(x + c // 2, y + c // 2, c // 2, c // 2)


def test_a_dying_wolf_a_gnoll_stands_over_is_drawn_in_the_corner(screens):
    g = screens(TEXT)
    b = g.battle
    b.comp("wolf", HitPoints).current = -2
    sync_health(b, "wolf")
    b.changed()
    ok, refusal, _ = b.act("gnoll", "move", {"squares": [[2, 1]]})
    assert ok, refusal                                  # a helpless creature's square: it may end there
    g.refresh()
    assert underfoot(b.board()) == {"wolf"}
    g.draw()
    area = corner(g, (2, 1))
    shown = pygame.display.get_surface().subsurface(area).copy()
    board = b.board()
    g.view.set_board(replace(board, bodies=tuple(x for x in board.bodies if x.id != "wolf")))
    g.draw()
    without = pygame.display.get_surface().subsurface(area).copy()
    changed = sum(shown.get_at((i, j)) != without.get_at((i, j))
                  for i in range(area.w) for j in range(area.h))
    assert changed > area.w * area.h // 4             # the wolf shows in that corner
    assert underfoot(replace(board, bodies=tuple(x for x in board.bodies if x.id != "gnoll"))) == frozenset()
