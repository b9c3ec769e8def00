"""Play-test findings on reading the board (2026-12-03): a destroyed undead drawn as a
fallen, greyed body, not a live token; a web's and grease's squares drawn and named as the
spell, not as the map's rubble; a click on a square the move reaches moves there with no
action chosen; the side panel's lines all inside the panel with tumble or Turn undead
shown. Real drawing on the SDL dummy driver, real input through posted pygame events."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.content.scenario import parse_scenario
from game.engine import Battle
from game.i18n import sentence, term
from game.ui.game_screen import GameScreen
from game.world import spell_views
from game.world.damage import apply_damage

CRYPT = Path(__file__).resolve().parents[2] / "maps" / "crypt.toml"

FALLEN = """
seed = 3
[map]
grid = \"\"\"
..........
..........
..........
..........
..........
\"\"\"
[[creature]]
id = "ana"
name = "Ana"
side = "blue"
at = [2, 2]
weapon = "longsword"
initiative = 30

[[creature]]
id = "skeleton_1"
template = "human_skeleton"
name = "Skeleton 1"
side = "red"
at = [3, 2]
initiative = 10

[[creature]]
id = "bandit"
name = "Bandit"
side = "red"
at = [6, 2]
weapon = "club"
initiative = 5
hp = 8
"""

WEBBED = """
seed = 3
[map]
difficult = "rubble"
grid = \"\"\"
##################
#................#
#................#
#..~~............#
#................#
#................#
#................#
##################
\"\"\"
[[creature]]
id = "mialee"
name = "Mialee"
side = "blue"
at = [8, 6]
template = "mialee_4"
initiative = 30

[[creature]]
id = "orc"
name = "Orc"
side = "red"
at = [16, 1]
weapon = "greataxe"
initiative = 1
"""


def _open(text: str, size=(1280, 800), lang: str = "en", path: str = "test.toml") -> GameScreen:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    g = GameScreen(Battle(parse_scenario(text, path)), screen, lang)
    g.cam.cell = 40
    g.cam.clamp()
    pygame.event.clear()
    return g


@pytest.fixture
def opened():
    made: list[GameScreen] = []

    def make(*args, **kw) -> GameScreen:
        made.append(_open(*args, **kw))
        return made[-1]
    yield make
    for g in made:
        g.battle.close()
    pygame.quit()


def _post(g: GameScreen, *events) -> None:
    for event in events:
        pygame.event.post(event)
    for event in pygame.event.get():
        g.handle(event)
    g.draw()


def _centre(g: GameScreen, square) -> tuple[int, int]:
    x, y = g.cam.to_screen(square)
    return x + g.cam.cell // 2, y + g.cam.cell // 2


def _box(g: GameScreen, square) -> pygame.Rect:
    x, y = g.cam.to_screen(square)
    return pygame.Rect(x, y, g.cam.cell, g.cam.cell)


def _saturated(g: GameScreen, rect: pygame.Rect) -> int:
    """Pixels in ``rect`` with a strong colour (a side's ring, a green bar)."""
    count = 0
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            r, gr, b, _a = g.screen.get_at((x, y))
            if max(r, gr, b) - min(r, gr, b) > 90:
                count += 1
    return count


# --- 1. the dead ----------------------------------------------------------------------
def test_a_destroyed_undead_is_a_greyed_fallen_body_and_no_obstacle_to_names(opened):
    g = opened(FALLEN)
    g.draw()
    box = _box(g, (3, 2))
    alive = _saturated(g, box)
    assert alive > 60                                      # a red ring, a green bar
    apply_damage(g.battle, "skeleton_1", 50, False)        # undead: destroyed at 0 hp
    g.battle.changed()
    assert "dead" in g.battle.board().body("skeleton_1").conditions
    g.refresh()
    g.draw()
    assert _saturated(g, box) < alive // 4                 # no side ring, no bar: grey
    # a dying creature keeps its side's ring: it is still in the fight, lying down
    apply_damage(g.battle, "bandit", 10, False)            # 8 hp -> -2: dying
    g.battle.changed()
    g.refresh()
    g.draw()
    assert "dying" in g.battle.board().body("bandit").conditions
    assert _saturated(g, _box(g, (6, 2))) > 40
    # the body beside Ana hides no name: hers and the others' show as if it were not there
    shown = g.view.shown_labels(g.board_rect(), g.cam, None, None)
    assert "ana" in shown and "skeleton_1" not in shown
    assert "skeleton_1" in g.view.shown_labels(g.board_rect(), g.cam, None, "skeleton_1")   # hovered: named


# --- 2. web and grease ------------------------------------------------------------------
def _bright(g: GameScreen, rect: pygame.Rect) -> int:
    return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
               if min(g.screen.get_at((x, y))[:3]) > 222)


def _hover_lines(g: GameScreen, square) -> list[str]:
    pos = _centre(g, square)
    _post(g, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    return g.tooltip_lines()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_web_and_grease_squares_have_their_own_look_and_name(opened, lang):
    g = opened(WEBBED, lang=lang)
    g.draw()
    floor, rubble, greased = (5, 4), (3, 3), (13, 4)
    before = {sq: (_bright(g, _box(g, sq)), g.screen.subsurface(_box(g, sq)).copy()) for sq in (floor, rubble, greased)}
    rubble_name = _hover_lines(g, rubble)[0]
    assert rubble_name == term("terrain_look", "rubble", lang)      # the map's rubble, before the web
    ok, refusal, _ = g.battle.act("mialee", "cast", {"spell": "web", "point": [4, 4]}, dice=[15] * 20)
    assert ok, refusal
    g.battle.act("mialee", "end_turn", {})
    g.battle.act("orc", "end_turn", {})
    ok, refusal, _ = g.battle.act("mialee", "cast", {"spell": "grease", "point": [13, 4]}, dice=[15] * 20)
    assert ok, refusal
    grounds = spell_views.spell_grounds(g.battle)
    assert grounds[floor].kind == grounds[rubble].kind == "web" and grounds[greased].kind == "grease"
    assert grounds[rubble].under == "difficult" and grounds[floor].under == "floor"
    _post(g, pygame.event.Event(pygame.MOUSEMOTION, pos=(g.screen.get_width() - 20, 5), rel=(0, 0),
                                buttons=(0, 0, 0)))            # the pointer off the board: no tooltip over it
    # the web's strands: light lines over the floor, and over the rubble it covers
    assert _bright(g, _box(g, floor)) > before[floor][0] + 40
    assert _bright(g, _box(g, rubble)) > before[rubble][0] + 40
    # the floor under the web is not drawn with the map's rubble
    web_floor = g.screen.subsurface(_box(g, floor))
    rubble_dark = sum(1 for x in range(40) for y in range(40) if max(before[rubble][1].get_at((x, y))[:3]) < 110)
    floor_dark = sum(1 for x in range(40) for y in range(40) if max(web_floor.get_at((x, y))[:3]) < 110)
    assert rubble_dark > 40 and floor_dark < rubble_dark // 3
    # grease: its own dark sheen
    mean = pygame.transform.average_color(g.screen.subsurface(_box(g, greased)))
    was = pygame.transform.average_color(before[greased][1])
    assert sum(mean[:3]) < sum(was[:3]) - 60
    # named as the spell, with the engine's DC, not as rubble
    web_tip = _hover_lines(g, rubble)
    assert web_tip[0] == sentence("UI_TIP_SPELL_web", {"dc": grounds[rubble].dc}, lang) != rubble_name
    assert str(grounds[rubble].dc) in web_tip[0] and ("web" in web_tip[0].lower() or "toile" in web_tip[0].lower())
    assert _hover_lines(g, greased)[0] == sentence("UI_TIP_SPELL_grease", {"dc": grounds[greased].dc}, lang)
    assert len(web_tip) >= 2 and web_tip[1] == sentence("UI_TIP_COST", {"metres": "3"}, lang)


# --- 3. a click with no action chosen ----------------------------------------------------
def _click(g: GameScreen, square) -> None:
    pos = _centre(g, square)
    _post(g, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
          pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
          pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    for _ in range(40):                # the token's walk played out, as the window's frames would
        g.update(100)
    assert not g.motion.busy()


def test_a_click_on_a_square_the_move_reaches_moves_there_with_no_action_chosen(opened):
    g = opened(FALLEN.replace("at = [2, 2]", "at = [1, 4]"))      # out of the skeleton's reach
    g.draw()
    assert g.current == "ana" and g.mode is None
    move = g.battle.options("ana")["move"]
    reach = {(x, y) for x, y, _m in move.domain["squares"]}
    assert (1, 1) in reach and (9, 0) not in reach
    revision = g.battle.revision
    _post(g, pygame.event.Event(pygame.MOUSEMOTION, pos=_centre(g, (1, 1)), rel=(0, 0), buttons=(0, 0, 0)))
    assert g.overlay.path[0] == (1, 4) and g.overlay.path[-1] == (1, 1)   # the walk a click there makes
    _click(g, (1, 1))
    assert g.battle.board().body("ana").pos == (1, 1) and g.battle.revision != revision   # moved, by the engine
    assert g.mode is None and g.battle.actions_left()["move"]   # the standard action may move her again
    revision = g.battle.revision
    _post(g, pygame.event.Event(pygame.MOUSEMOTION, pos=_centre(g, (9, 0)), rel=(0, 0), buttons=(0, 0, 0)))
    assert g.overlay.path == []
    _click(g, (9, 0))                 # beyond the one move left (no double move after a move): a hint
    assert g.battle.board().body("ana").pos == (1, 1) and g.battle.revision == revision
    assert g.log[-1][0] == sentence("UI_CLICK_CHOOSE_MOVE", {}, "en")
    _click(g, (0, 0))
    assert g.battle.board().body("ana").pos == (0, 0)
    assert not g.battle.actions_left()["move"] and not g.battle.actions_left()["standard"]
    _click(g, (0, 2))                                           # no move left: says so, stays
    assert g.battle.board().body("ana").pos == (0, 0)
    assert g.log[-1][0] == sentence("UI_CLICK_NO_MOVE", {}, "en")


def test_a_click_beyond_one_move_with_no_action_chosen_plays_the_double_move(opened):
    # Second play-test: a click beyond one move did nothing but a log line, and the player
    # ended the turn unmoved. In the violet band Move mode shades, it plays the double move.
    g = opened(FALLEN.replace("at = [2, 2]", "at = [1, 4]"))
    g.draw()
    assert g.current == "ana" and g.mode is None
    move = g.battle.options("ana")["move"]
    assert (9, 0) in {(x, y) for x, y, _m in move.domain["double"]} - {(x, y) for x, y, _m in move.domain["squares"]}
    _post(g, pygame.event.Event(pygame.MOUSEMOTION, pos=_centre(g, (9, 0)), rel=(0, 0), buttons=(0, 0, 0)))
    assert g.overlay.path[0] == (1, 4) and g.overlay.path[-1] == (9, 0) and g.overlay.path_ok   # both legs shown
    _click(g, (9, 0))
    assert g.battle.board().body("ana").pos == (9, 0) and g.mode is None
    assert [h["action"] for h in g.battle.history][-2:] == ["move", "move"]      # two move actions
    assert not g.battle.actions_left()["move"] and not g.battle.actions_left()["standard"]


def test_a_click_on_a_creature_with_no_action_chosen_still_inspects_it(opened):
    g = opened(FALLEN)
    g.draw()
    _click(g, (6, 2))
    assert g.inspected == "bandit" and g.battle.board().body("ana").pos == (2, 2)


# --- 4. the panel's lines fit -----------------------------------------------------------
def _lines_inside(g: GameScreen) -> None:
    own = pygame.Rect(0, 0, 340, -(-g.screen.get_height() * 100 // round(g.ui_scale * 100)))
    assert g.panel_lines, "the panel wrote nothing"
    outside = [r for r in g.panel_lines if not own.contains(r)]
    assert outside == [], outside
    help_text = sentence("UI_GAME_HELP", {}, g.lang)
    assert any(r.bottom > own.bottom - 70 for r in g.panel_lines) and help_text   # the key hint at the foot


@pytest.mark.parametrize("size", [(1280, 800), (1600, 900)])
def test_the_panel_keeps_every_line_inside_with_tumble_and_a_caption(opened, size):
    g = opened(CRYPT.read_text(encoding="utf-8"), size=size, path=str(CRYPT))
    g.draw()
    assert g.current == "lidda"
    _post(g, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0))
    assert g.mode == "move" and g.tumble_offered()
    g.stance.tumble = True
    body = g.battle.board().body("lidda")
    pos = _centre(g, (body.pos[0], body.pos[1] - 3))
    _post(g, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert g.overlay.caption
    _lines_inside(g)


@pytest.mark.parametrize("size", [(1280, 800), (1600, 900)])
def test_the_panel_keeps_every_line_inside_with_turn_undead_and_odds(opened, size):
    g = opened(CRYPT.read_text(encoding="utf-8"), size=size, path=str(CRYPT))
    while g.current != "jozan":
        ok, refusal, _ = g.battle.act(g.current, "end_turn", {})
        assert ok, refusal
    g.refresh()
    g.draw()
    assert "turn_undead" in g.buttons_for("jozan")
    _post(g, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_3, mod=0, unicode="3", scancode=0))
    assert g.mode == "attack"
    foe = next(b for b in g.battle.board().bodies if b.side != "blue")
    _post(g, pygame.event.Event(pygame.MOUSEMOTION, pos=_centre(g, foe.pos), rel=(0, 0), buttons=(0, 0, 0)))
    assert g.overlay.caption
    _lines_inside(g)


def test_the_sandbox_draws_a_spells_web_with_its_own_look_too():
    from game.ui.app import Explorer
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    battle = Battle(parse_scenario(WEBBED, "test.toml"))
    app = Explorer(battle, screen, "en")
    floor = (5, 4)

    def strands() -> int:
        app.draw()
        x, y = app.cam.to_screen(floor)
        rect = pygame.Rect(x, y, app.cam.cell, app.cam.cell)
        return sum(1 for px in range(rect.left, rect.right) for py in range(rect.top, rect.bottom)
                   if min(screen.get_at((px, py))[:3]) > 222)
    before = strands()
    ok, refusal, _ = battle.act("mialee", "cast", {"spell": "web", "point": [4, 4]}, dice=[15] * 20)
    assert ok, refusal
    assert app.view.spell_ground_of() == spell_views.spell_grounds(battle) and floor in app.view.spell_ground_of()
    app.view.set_board(battle.board())         # as the sandbox says after a change it makes
    assert strands() > before + 40
    battle.close()
    pygame.quit()


def test_the_initiative_rows_given_up_stay_given_up_from_turn_to_turn(opened):
    # Second play-test: the action bar stood 58 px lower on the next creature's turn, the
    # list having given up rows for one creature and taken them back for the next.
    g = opened(CRYPT.read_text(encoding="utf-8"), size=(1280, 800), path=str(CRYPT))
    g.draw()
    first = g.tracker_limit
    seen = {first}
    for _ in range(13):                       # past Jozan, whose Turn undead makes the panel longer
        ok, refusal, _ = g.battle.act(g.current, "end_turn", {})
        assert ok, refusal
        g.refresh()
        g.draw()
        _lines_inside(g)
        seen.add(g.tracker_limit)
    assert len(seen) <= 2 and min(seen) == g.tracker_limit      # given up once at most, never taken back
