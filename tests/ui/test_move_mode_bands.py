"""Move mode's far bands, driven with posted pygame events (SDL dummy driver): a rider's
violet band is the ride option's "double" domain (the mount's double move, French text
« combat monté »), and a click on the grey band plays a run (French text « courir »: a
full-round action in a straight line, the runner losing its Dexterity bonus to AC)."""
from __future__ import annotations

import pygame
import pytest

from game.i18n import sentence
from game.ui.game_screen import GameScreen
from game.world import views
from screen_driver import Screens, at, click, hover, pump

SADDLE = """
seed = 4
[map]
grid = \"\"\"
..............
..............
..............
..............
..............
\"\"\"
[[creature]]
id = "knight"
name = "Chevalier"
name_en = "Knight"
side = "blue"
at = [0, 2]
weapon = "longsword"
ride = 6
initiative = 20

[[creature]]
id = "horse"
name = "Destrier"
name_en = "Warhorse"
side = "blue"
at = [1, 2]
template = "heavy_warhorse"
initiative = 15

[[creature]]
id = "orc"
name = "Orque"
name_en = "Orc"
side = "red"
at = [12, 4]
hp = 40
initiative = 10
"""

# a long hall: one move is 6 squares, a double 12, a run 24 in a straight line
HALL = """
seed = 3
[map]
grid = \"\"\"
..............................
..............................
..............................
\"\"\"
[[creature]]
id = "hero"
name = "Héros"
name_en = "Hero"
side = "blue"
at = [1, 1]
weapon = "longsword"
dex = 14
initiative = 20

[[creature]]
id = "orc"
name = "Orque"
name_en = "Orc"
side = "red"
at = [29, 2]
weapon = "club"
initiative = 10
"""


@pytest.fixture
def window():
    screens = Screens()
    yield screens.make
    screens.close()


def key(g: GameScreen, k: int, char: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=char, scancode=0))
    pump(g)


def click_button(g: GameScreen, name: str) -> None:
    g.draw()
    click(g, next(b.rect for b in g.buttons if b.name == name).center)


def answer(g: GameScreen, value) -> None:
    """Through the hand-off, if any, then the dialog's answer with this value."""
    for _ in range(4):
        if g.handoff is not None:
            key(g, pygame.K_SPACE, " ")
        elif g.dialog is not None:
            values = [v for _l, v in g.dialog.choices]
            click(g, g.dialog.rects[values.index(value)].center)
            return
    raise AssertionError("no dialog came")


def in_the_saddle(window, lang: str) -> GameScreen:
    """The knight mounted through the window (a move action), its next turn begun."""
    g = window(SADDLE, lang)
    click_button(g, "mount")
    click(g, at(g, (1, 2)))                                  # the horse's space
    answer(g, False)                                         # mount normally (a move action)
    for _ in range(3):
        key(g, pygame.K_e, "e")
        g.handoff = None
        if g.current == "knight":
            break
    assert g.current == "knight" and g.mount_of("knight") == "horse"
    return g


def bands_of(g: GameScreen, band: str) -> set:
    return {sq for sq, b in g.overlay.bands.items() if b == band}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_riders_violet_band_is_the_ride_options_double_domain(window, lang):
    """In the saddle the violet band is read from ``options``' ride domain "double" (less
    the move band), no ``check`` of the window's own: every square of it, none other; once the mount has moved (one move
    action), the engine's double part is empty and so is the band."""
    g = in_the_saddle(window, lang)
    asked = []
    real_check = g.battle.check

    def check(command, *args, **kw):
        asked.append(command)
        return real_check(command, *args, **kw)
    g.battle.check = check
    click_button(g, "move")
    # the window reads the band; it probes no ridden double move of its own
    assert not [c for c in asked if c.action == "ride" and c.mode == "double"]
    ride = g.battle.options("knight")["ride"]
    moves = {(x, y) for x, y, _m in ride.domain["squares"]}
    double = {(x, y) for x, y, _m in ride.domain["double"]}
    assert moves and double - moves
    assert bands_of(g, "move") == moves and bands_of(g, "double") == double - moves
    near = min(moves, key=lambda sq: (abs(sq[0] - 1) + abs(sq[1] - 2), sq))
    click(g, at(g, near))                                    # the horse's first move action
    while g.dialog is not None:
        click(g, g.dialog.rects[0].center)
    assert g.battle.board().body("horse").pos == near
    assert g.mode == "move"                                  # its second move action is left
    ride = g.battle.options("knight")["ride"]
    assert ride.legal and ride.domain["double"] == []
    assert bands_of(g, "move") == {(x, y) for x, y, _m in ride.domain["squares"]}
    assert not bands_of(g, "double")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_click_on_the_grey_band_runs_there_along_the_engines_lane(window, lang):
    """The run band is clicked once: the hover draws the run's straight lane (``views.path``
    mode "run") and says it is a run; the click plays one ``Run``, the hero ends there
    running (its Dexterity bonus lost until its next turn), the run is logged, the
    full-round action spent; ``U`` takes it back."""
    g = window(HALL, lang)
    click_button(g, "move")
    goal = (21, 1)                                           # 20 squares: past a double move of 12
    assert g.overlay.bands.get(goal) == "run"
    hover(g, at(g, goal))
    lane = views.path(g.battle, "hero", goal, "run")
    assert lane.legal
    assert g.overlay.path_ok and g.overlay.path == [(1, 1), *lane.squares]
    assert sentence("PATH_RUN", {}, lang) in g.overlay.caption
    lines = len(g.log)
    click(g, at(g, goal))
    hero = g.battle.board().body("hero")
    assert hero.pos == goal and "running" in hero.conditions
    last = g.battle.history[-1]
    assert last["action"] == "run" and [tuple(s) for s in last["args"]["squares"]] == list(lane.squares)
    logged = [str(t) for t, _c in g.log[lines:]]
    assert any(sentence("ACT_run", {}, lang) in t for t in logged), logged
    assert not g.battle.actions_left()["full_round"]
    key(g, pygame.K_u, "u")                                  # one click, one undo (no die rolled)
    hero = g.battle.board().body("hero")
    assert hero.pos == (1, 1) and "running" not in hero.conditions
    assert g.battle.actions_left()["full_round"]

