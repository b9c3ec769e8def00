"""Issue 14, item 3: a board that reads at a glance. Side colours colour-blind eyes tell
apart, with a shape per side on the tokens and in the initiative list; name labels that
never overlap (the hovered creature's shows); hit-point bars and condition badges big
enough at the usual 40 px. Real drawing on the SDL dummy driver, read back in pixels."""
from __future__ import annotations

import itertools

import pygame
import pytest

from game.content.scenario import parse_scenario
from game.engine import Battle
from game.i18n import has_sentence, sentence
from game.ui import theme
from game.ui.board_view import BADGES, badge, bar_height
from game.ui.game_screen import GameScreen

CROWD = """
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
id = "leader"
name = "Ana"
side = "blue"
at = [8, 4]
weapon = "longsword"
initiative = 30

[[creature]]
id = "left"
name = "Bartholomew the Long-Winded"
side = "red"
at = [2, 1]
weapon = "club"
initiative = 10

[[creature]]
id = "right"
name = "Maximilian Overthewall"
side = "green"
at = [3, 1]
weapon = "club"
initiative = 5
conditions = ["prone"]
hp = 20

[[creature]]
id = "fourth"
name = "Dee"
side = "gold"
at = [8, 3]
weapon = "club"
initiative = 1
"""


def _open(lang: str = "en", text: str = CROWD) -> GameScreen:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    g = GameScreen(Battle(parse_scenario(text, "test.toml")), screen, lang)
    g.cam.cell, g.cam.ox, g.cam.oy = 40, -20, -20        # the usual zoom, the map from (20, 20)
    pygame.event.clear()
    return g


@pytest.fixture
def game():
    g = _open()
    yield g
    g.battle.close()
    pygame.quit()


# --- colours and marks ---------------------------------------------------------------
def _linear(c: int) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(rgb) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


# Viénot, Brettel and Mollon (1999): what protanopes and deuteranopes see, in linear RGB.
DEFICIENCIES = {"protanopia": ((0.11238, 0.88762, 0), (0.11238, 0.88762, 0), (0.00401, -0.00401, 1)),
                "deuteranopia": ((0.29275, 0.70725, 0), (0.29275, 0.70725, 0), (-0.02234, 0.02234, 1)),
                "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1))}


def _seen(rgb, matrix) -> tuple[float, float, float]:
    lin = [_linear(v) for v in rgb]
    return tuple(max(0.0, min(1.0, sum(m * v for m, v in zip(row, lin)))) for row in matrix)


def test_every_pair_of_side_colours_stays_apart_for_protanopes_and_deuteranopes():
    for name, matrix in DEFICIENCIES.items():
        for a, b in itertools.combinations(theme.SIDE_COLOURS, 2):
            gap = sum((p - q) ** 2 for p, q in zip(_lab(_seen(a, matrix)), _lab(_seen(b, matrix)))) ** 0.5
            assert gap >= 18, (name, a, b, round(gap, 1))        # the old red/green pair was 7 for protanopes


def test_each_side_has_its_own_colour_and_its_own_shape():
    sides = ["blue", "gold", "green", "purple", "red", "teal"]
    assert len({theme.side_colour(sides, s) for s in sides}) == 6
    assert len({theme.side_mark(sides, s) for s in sides}) == 6
    assert theme.side_mark(sides, "blue") == "circle" and theme.side_mark(sides, "red") == "triangle"


def _mark_mask(surface: pygame.Surface, box: pygame.Rect) -> pygame.mask.Mask:
    """The light edge of a side mark inside ``box``, as a mask."""
    part = surface.subsurface(box)
    return pygame.mask.from_threshold(part, theme.MARK_EDGE, (1, 1, 1, 255))


def test_the_marks_differ_in_shape_not_only_in_colour():
    masks = []
    for mark in theme.SIDE_MARKS:
        surf = pygame.Surface((40, 40))
        surf.fill((0, 0, 0))
        theme.draw_mark(surf, mark, (20, 20), 8, (128, 128, 128))       # one colour for all
        masks.append(_mark_mask(surf, surf.get_rect()))
    for a, b in itertools.combinations(masks, 2):
        assert a.count() and b.count()
        assert a.overlap_area(b, (0, 0)) < 0.8 * max(a.count(), b.count())


def _token_box(g: GameScreen, cid: str) -> pygame.Rect:
    x, y = g.cam.to_screen(g.battle.board().body(cid).pos)
    return pygame.Rect(x, y, g.cam.cell, g.cam.cell)


def test_tokens_and_the_initiative_list_carry_each_sides_shape(game):
    game.draw()
    screen = game.screen
    on_tokens = {}
    for cid in ("leader", "left", "fourth"):
        box = _token_box(game, cid)
        quarter = pygame.Rect(box.x, box.centery, box.w // 2, box.h // 2)     # the ring's lower left
        on_tokens[cid] = _mark_mask(screen, quarter)
    in_list = {}
    for cid, rect in game.tracker_rows:
        in_list[cid] = _mark_mask(screen, pygame.Rect(rect.x, rect.y, 16, 16))
    assert set(in_list) == {"leader", "left", "right", "fourth"}
    for masks in (on_tokens, in_list):
        for a, b in itertools.combinations(masks.values(), 2):
            assert a.count() > 4 and b.count() > 4
            assert a.overlap_area(b, (0, 0)) < 0.8 * max(a.count(), b.count())    # not the same shape


# --- labels ----------------------------------------------------------------------------
def _text_box(g: GameScreen, cids, until: int | None = None) -> pygame.Rect | None:
    """The dark text drawn in the strip just under the given tokens' row (their labels),
    on the map, left of ``until`` (where the hover's tooltip begins)."""
    boxes = [_token_box(g, cid) for cid in cids]
    top = boxes[0].bottom + 3
    left, _ = g.cam.to_screen((0, 0))
    right = min(left + g.battle.terrain.width * g.cam.cell - 1, until or 10 ** 6)
    strip = pygame.Rect(left + 1, top, right - left - 1, g.cam.cell // 2)
    part = g.screen.subsurface(strip)
    mask = pygame.mask.from_threshold(part, theme.TEXT_DARK, (40, 40, 40, 255))
    rects = mask.get_bounding_rects()
    if not rects:
        return None
    return rects[0].unionall(rects[1:]).move(strip.x, top)


def _text_above(g: GameScreen, cid: str) -> pygame.Rect | None:
    """The dark text drawn in the strip just above a token (a label moved above it)."""
    box = _token_box(g, cid)
    strip = pygame.Rect(box.x - g.cam.cell, box.top - g.cam.cell // 2, 3 * g.cam.cell, g.cam.cell // 2 - 2)
    mask = pygame.mask.from_threshold(g.screen.subsurface(strip), theme.TEXT_DARK, (40, 40, 40, 255))
    rects = mask.get_bounding_rects()
    return rects[0].unionall(rects[1:]).move(strip.topleft) if rects else None


def test_two_crowded_labels_both_show_one_above_and_hovering_one_puts_it_under(game):
    """Play-test (Tordek and Lidda side by side): of two tokens whose names would collide
    under them, one name goes under its token and the other above its own; neither
    touches the other nor another token. Hovering one puts its name at its own place."""
    game.draw()
    assert game.current == "leader"
    area = game._board_rect()
    rects = game.view.label_rects(area, game.cam)
    assert rects["left"].colliderect(rects["right"])                 # the long names do collide
    shown = game.view.shown_labels(area, game.cam, game.current)
    placed = game.view.placed_labels()
    assert {"left", "right", "leader"} <= shown
    assert not placed["left"].colliderect(placed["right"])
    tokens = {cid: _token_box(game, cid) for cid in ("left", "right", "leader", "fourth")}
    for cid in ("left", "right"):
        assert [o for o, t in tokens.items() if o != cid and placed[cid].colliderect(t)] == []
    under, above = sorted(("left", "right"), key=lambda c: -placed[c].top)
    assert placed[under].top >= tokens[under].bottom and placed[above].bottom <= tokens[above].top
    drawn_under, drawn_above = _text_box(game, [under]), _text_above(game, above)
    assert drawn_under is not None and abs(drawn_under.centerx - placed[under].centerx) <= 3   # written there
    assert drawn_above is not None and abs(drawn_above.centerx - placed[above].centerx) <= 3
    centre = tokens[above].center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
    for event in pygame.event.get():
        game.handle(event)
    game.draw()
    now = game.view.placed_labels()
    assert now[above] == rects[above]                    # the hovered one at its own place, under its token
    assert not now[under].colliderect(now[above])        # and its neighbour's moved out of its way


def test_the_selected_creatures_label_always_shows(game):
    """Crowded or not, the creature whose turn it is (or selected) is named on the board."""
    view, area = game.view, game._board_rect()
    for cell in (32, 40, 48):
        game.cam.cell = cell
        for selected in ("left", "right", "leader", "fourth"):
            for hovered in (None, "left", "right"):
                assert selected in view.shown_labels(area, game.cam, selected, hovered), (cell, selected, hovered)


def test_shown_labels_never_overlap_and_the_hovered_comes_first(game):
    view, area = game.view, game._board_rect()
    for cell in (32, 40, 48, 64):
        game.cam.cell = cell
        for selected, hovered in ((None, None), ("right", None), ("left", "right"), ("right", "right")):
            shown = view.shown_labels(area, game.cam, selected, hovered)
            rects = view.placed_labels()
            assert set(rects) == shown
            for a, b in itertools.combinations(sorted(shown), 2):
                assert not rects[a].colliderect(rects[b]), (cell, a, b)
            assert (hovered or selected) in shown if (hovered or selected) else True
    game.cam.cell = 40
    # Dee's name would sit on Ana's token and hit-point bar, under Dee: it goes above Dee
    assert {"leader", "fourth"} <= view.shown_labels(area, game.cam)
    rects = view.placed_labels()
    dee, ana = (pygame.Rect(*game.cam.to_screen(game.battle.board().body(c).pos), 40, 40) for c in ("fourth", "leader"))
    assert rects["fourth"].bottom <= dee.top and not rects["fourth"].colliderect(ana)
    assert {"leader", "fourth"} <= view.shown_labels(area, game.cam, "leader", "fourth")   # hovered: it shows


# --- bars and badges -------------------------------------------------------------------
def test_the_hit_point_bar_is_tall_and_outlined_at_40_px(game):
    game.draw()
    box = _token_box(game, "left")
    column = [game.screen.get_at((box.x + 8, box.y + dy))[:3] for dy in range(box.h // 2)]
    green = [dy for dy, rgb in enumerate(column) if rgb == (80, 190, 90)]
    assert bar_height(40) >= 6 and len(green) >= 6                  # full health: a 6 px green bar
    assert column[green[0] - 1] == theme.TOKEN_EDGE == column[green[-1] + 1]   # inside a dark outline


def _badge_box(g: GameScreen, cid: str) -> pygame.Rect:
    box = _token_box(g, cid)
    part = g.screen.subsurface(pygame.Rect(box.centerx, box.y, box.w // 2 + 4, box.h))
    mask = pygame.mask.from_threshold(part, (120, 46, 46), (2, 2, 2, 255))
    rects = mask.get_bounding_rects()
    assert rects, "no badge drawn"
    return rects[0].unionall(rects[1:])


def test_condition_badges_are_large_and_speak_the_players_language():
    shots = {}
    for lang in ("en", "fr"):
        g = _open(lang)
        try:
            g.draw()
            found = _badge_box(g, "right")
            assert found.h >= 12 and found.w >= 10                  # readable at 40 px
            shots[lang] = pygame.image.tobytes(g.screen.subsurface(found.move(_token_box(g, "right").centerx,
                                                                             _token_box(g, "right").y)), "RGB")
        finally:
            g.battle.close()
            pygame.quit()
    assert badge("prone", "en") != badge("prone", "fr") and shots["en"] != shots["fr"]


def test_every_badge_has_a_short_word_in_both_languages():
    for cond in BADGES:
        assert has_sentence(f"BADGE_{cond}"), cond
        for lang in ("en", "fr"):
            assert 1 <= len(sentence(f"BADGE_{cond}", {}, lang)) <= 2
