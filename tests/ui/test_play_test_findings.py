"""The newcomer's play-test of the oak clearing (issue 14's findings), each driven through
the real battle screen with posted events: names and distances in the player's language,
the menu's wording."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.content.scenario import load_scenario, parse_scenario
from game.content.scenario_writer import creature_table
from game.engine import Battle
from game.i18n import sentence, variant_name
from game.ui.game_screen import GameScreen

ROOT = Path(__file__).resolve().parents[2]
CLEARING = ROOT / "maps" / "forest_clearing.toml"


def open_screen(battle: Battle, lang: str = "en", **kw) -> GameScreen:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    g = GameScreen(battle, screen, lang, **kw)
    g.animation_speed = "off"
    pygame.event.clear()
    return g


def pump(g: GameScreen) -> None:
    for event in pygame.event.get():
        g.handle(event)
    g.draw()


def at(g: GameScreen, square) -> tuple[int, int]:
    x, y = g.cam.to_screen(square)
    return x + g.cam.cell // 2, y + g.cam.cell // 2


def hover(g: GameScreen, square) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at(g, square), rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)


@pytest.fixture
def clearing():
    made: list[GameScreen] = []

    def make(lang: str = "en", **kw) -> GameScreen:
        g = open_screen(Battle(load_scenario(CLEARING)), lang, **kw)
        made.append(g)
        return g
    yield make
    for g in made:
        g.battle.close()
    pygame.quit()


@pytest.mark.parametrize("lang, wolf, owlbear, archer", [("en", "Wolf 1", "Owlbear", "Gnoll archer"),
                                                          ("fr", "Loup 1", "Ours-hibou", "Archer gnoll")])
def test_creatures_named_after_their_kind_read_in_the_players_language(clearing, lang, wolf, owlbear, archer):
    """'Ours-hibou' and 'Loup' in the English window: a creature named after its template
    takes the template's name_en / name_fr (numbered as before); a name given per language
    (name_fr = "Archer gnoll") is read in that language."""
    g = clearing(lang)
    wolf_square = g.battle.board().body("wolf_1").pos
    hover(g, wolf_square)
    assert g.tooltip_lines()[0] == wolf
    hover(g, g.battle.board().body("owlbear").pos)
    assert g.tooltip_lines()[0] == owlbear
    assert g.names["gnoll_3"] == archer
    # the log names it so too
    g.battle.act(g.current, "end_turn", {})
    assert all("Loup" not in text and "Ours-hibou" not in text for text, _c in g.log) or lang == "fr"


def test_the_language_changed_in_play_renames_the_creatures(clearing):
    from game.ui.settings import Store
    from game.ui.settings_screen import apply_change
    g = clearing("en")
    assert g.names["wolf_2"] == "Wolf 2"
    store = Store.__new__(Store)
    g.lang = g.names.lang = "fr"              # what apply_change does for the language
    assert g.names["wolf_2"] == "Loup 2"
    assert callable(apply_change) and store is not None


def test_per_language_names_survive_a_save():
    """A scenario written back (a paused battle, the editor) keeps name_en / name_fr."""
    text = ('seed = 1\n[map]\ngrid = """\n....\n....\n"""\n[[creature]]\nid = "a"\nname = "Garde"\nname_en = "Guard"\n'
            'side = "blue"\nat = [0, 0]\n[[creature]]\nid = "b"\nname = "Garde"\nname_en = "Guard"\nside = "red"\nat = [3, 1]\n')
    sc = parse_scenario(text, "t.toml")
    assert [c.name_in("en") for c in sc.creatures] == ["Guard 1", "Guard 2"]
    assert [c.name_in("fr") for c in sc.creatures] == ["Garde 1", "Garde 2"]
    assert creature_table(sc.creatures[0])["name_en"] == "Guard 1"


@pytest.mark.parametrize("lang, speed, cost", [("en", "20 ft", "entering it costs 5 ft of movement"),
                                               ("fr", "6 m", "y entrer coûte 1,5 m de déplacement")])
def test_distances_in_feet_in_english_and_metres_in_french(clearing, lang, speed, cost):
    """Metres and feet were mixed in English: English reads feet everywhere (5-ft step,
    the panel's speed, a path's cost, a square's cost), French metres."""
    g = clearing(lang)
    assert g.current == "lidda"                  # a halfling: 6 m, 20 ft
    words = []
    orig = g._text

    def spy(text, *a, **kw):
        words.append(text)
        return orig(text, *a, **kw)
    g._text = spy
    g._panel_picture = None
    g.draw()
    assert any(t.startswith(speed + " ·") for t in words), words
    hover(g, (15, 10))
    assert g.tooltip_lines()[1] == cost
    g._text = orig
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1"))   # Move
    pump(g)
    hover(g, (15, 11))
    assert g.overlay.caption.startswith("15 ft · 3 squares" if lang == "en" else "4,5 m · 3 cases"), g.overlay.caption


def test_the_menu_and_the_banner_read_plainly():
    assert sentence("UI_MENU_VARIANT_SCATTER", {"value": variant_name("seed", "en")}, "en") == \
        "Splash scatter order: as in the French rules"
    assert "Esc: pause menu" in sentence("UI_AI_SKIP", {}, "en")


def test_the_oak_clearing_shows_whole_on_start_no_row_cut(clearing):
    """The map was cut at the top (32 px too big by a few pixels, so 40 px and scrolled):
    the camera fits it at the largest size that shows all of it, beside the panel and
    above the log, with no empty band."""
    g = clearing("en")
    g.draw()
    view = g._board_rect()
    t = g.battle.terrain
    assert g.cam.cell * t.width + 1 <= view.w and g.cam.cell * t.height + 1 <= view.h
    assert g.cam.cell >= 28
    assert (g.cam.cell + 1) * t.width + 1 > view.w or (g.cam.cell + 1) * t.height + 1 > view.h    # the largest
    top_left, bottom_right = g.cam.to_screen((0, 0)), g.cam.to_screen((t.width, t.height))
    assert top_left[0] >= 0 and top_left[1] >= 0 and bottom_right[0] <= view.w and bottom_right[1] <= view.h
    # centred: the bands left over are under a square on each side
    assert top_left[0] < g.cam.cell and view.w - bottom_right[0] < g.cam.cell + 1
