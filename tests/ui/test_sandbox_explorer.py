"""The sandbox in the explorer window, driven by posted pygame events, and in
``python -m game render`` (issue 13)."""
from __future__ import annotations

import argparse
import re
from pathlib import Path

import pygame
import pytest

from game.content.scenario import load_scenario
from game.engine import Battle
from game.i18n import sentence
from game.query import QuerySession
from game.ui import render as render_module
from game.ui.app import Explorer

ROOT = Path(__file__).resolve().parents[2]
MILL = ROOT / "maps" / "old_mill.toml"


@pytest.fixture
def app():
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    battle = Battle(load_scenario(MILL))
    explorer = Explorer(battle, screen, "en")
    pygame.event.clear()
    yield explorer
    battle.close()
    pygame.quit()


def pump(app: Explorer) -> None:
    for event in pygame.event.get():
        app.handle(event)
    app.draw()


def centre(app: Explorer, square) -> tuple[int, int]:
    x, y = app.cam.to_screen(square)
    return x + app.cam.cell // 2, y + app.cam.cell // 2


def key(k) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k))


def click(app, square) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=centre(app, square)))


def hover(app, square) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre(app, square), rel=(0, 0), buttons=(0, 0, 0)))


def test_keys_show_bands_lanes_and_a_variant_switched_redraws_them(app):
    click(app, (14, 2))                       # the ogre
    key(pygame.K_a)
    key(pygame.K_l)
    pump(app)
    assert app.selected == "grakh" and app.overlay.bands and app.overlay.lanes
    session = QuerySession(app.battle)
    legal = {f: session.answer({"q": "charge", "who": "grakh", "target": f})["legal"]
             for f in ("aldric", "brenna", "corwin", "sister_maud")}
    before = [lane.ok for lane in app.overlay.lanes]
    assert sum(before) >= sum(legal.values())
    assert sentence("SBX_VARIANT_charge_lane_center", {}, "en") in app.info
    key(pygame.K_1)
    pump(app)
    assert app.battle.variants.charge_lane == "swept" and app.battle.scenario.variants.charge_lane == "swept"
    assert sentence("SBX_VARIANT_charge_lane_swept", {}, "en") in app.info
    swept = {f: session.answer({"q": "charge", "who": "grakh", "target": f})["legal"] for f in legal}
    assert swept != legal                      # on the old mill the swept reading forbids more charges
    assert sum(lane.ok for lane in app.overlay.lanes) < sum(before)


def test_hovering_an_enemy_shows_the_odds_and_a_click_explains_a_square(app):
    click(app, (13, 10))                      # Aldric
    hover(app, (9, 5))                        # the gnoll
    pump(app)
    assert any(line.startswith("Attack: ") for line in app.info)
    assert any(line.startswith("Trip: ") for line in app.info)
    hover(app, (9, 4))
    pump(app)
    assert any("Attacks of opportunity on this path: Gnoll" in line for line in app.info)
    click(app, (9, 4))                        # an empty square: why
    pump(app)
    assert app.selected == "aldric"
    rules = [e.rule for e in app.sandbox.explained]
    assert rules[:2] == ["move_121", "aoo_movement"]
    assert any(line.startswith("[move_121 · ") for line in app.panel_lines())
    key(pygame.K_BACKSPACE)
    pump(app)
    assert app.sandbox.explained == []


def test_clicking_an_odds_line_explains_its_numbers():
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    from game.content.scenario import parse_scenario
    from tests.ui.test_sandbox_view import ADJACENT
    battle = Battle(parse_scenario(ADJACENT))
    app = Explorer(battle, screen, "en")
    pygame.event.clear()
    click(app, (2, 1))
    hover(app, (3, 1))                       # the orc, next to the hero
    pump(app)
    rect, line = next((r, t) for r, t in app.panel_rows if t.startswith("Attack: hit"))
    plan = battle.odds("hero", "attack", {"target": "orc"}).attacks[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
    pump(app)
    assert app.selected == "hero" and [e.rule for e in app.sandbox.explained] == ["attack_roll"]
    why = app.sandbox.explained[0].arithmetic
    assert f"attack {plan.bonus:+d}" in why and f"against AC {plan.ac}" in why and f"d20 ≥ {plan.needs}" in why
    assert any(text.startswith("[attack_roll · digest §8.1]") for _r, text in app.panel_rows)
    battle.close()
    pygame.quit()


def test_the_ruler_the_flask_and_the_flanks_follow_the_keys(app):
    click(app, (13, 10))
    hover(app, (13, 10))
    key(pygame.K_u)
    hover(app, (16, 12))
    pump(app)
    assert app.overlay.ruler == ((13, 10), (16, 12), "20 ft")
    assert any(line.startswith("Ruler: 1 straight + 2 diagonals counted 1-2-1 (3) = 4 squares = 20 ft") for line in app.info)
    key(pygame.K_s)
    hover(app, (9, 5))
    pump(app)
    assert app.sandbox.show_splash and len(app.overlay.points) == 8 and app.overlay.heat
    key(pygame.K_s)
    key(pygame.K_f)
    pump(app)
    assert app.sandbox.show_flanking and not app.sandbox.show_splash


def test_the_french_panel_reads_french(app):
    app.lang = app.sandbox.lang = "fr"
    click(app, (13, 10))
    hover(app, (9, 5))
    pump(app)
    assert any(line.startswith("Attaque : ") for line in app.info)
    click(app, (12, 9))
    pump(app)
    # one diagonal or more, the word agrees with the count (« 1 diagonale comptée »)
    assert any(re.search(r"diagonales? comptées? 1-2-1", line) for line in app.panel_lines())


def args(*extra: str):
    parser = argparse.ArgumentParser()
    render_module.add_arguments(parser)
    return parser.parse_args([str(MILL), *extra])


def test_render_draws_the_sandbox_with_its_lines(tmp_path):
    plain, shown = tmp_path / "plain.png", tmp_path / "sandbox.png"
    assert render_module.render(args("--out", str(plain), "--cell", "24")) == 0
    assert render_module.render(args("--out", str(shown), "--cell", "24", "--sandbox", "grakh", "--show", "lanes,threat",
                                     "--hover", "13,10", "--explain", "13,9", "--variant", "charge_lane=swept")) == 0
    a, b = pygame.image.load(str(plain)), pygame.image.load(str(shown))
    assert b.get_height() > a.get_height() and b.get_width() == a.get_width()
    x, y = (12 + 1) * 24 + 12, (4 + 1) * 24 + 12          # a square of the lanes toward Aldric
    assert a.get_at((x, y)) != b.get_at((x, y))


def test_render_refuses_an_unknown_overlay_or_variant(tmp_path):
    with pytest.raises(SystemExit, match="--show: unknown overlay 'bogus'"):
        render_module.render(args("--out", str(tmp_path / "x.png"), "--sandbox", "grakh", "--show", "bogus"))
    with pytest.raises(SystemExit, match="--variant: 'charge_lane=wide'"):
        render_module.render(args("--out", str(tmp_path / "x.png"), "--sandbox", "grakh", "--variant", "charge_lane=wide"))


def test_clicking_a_trips_odds_line_explains_its_touch_attack_and_its_opposed_check():
    """Issue 13, item 5 ("clicking any … number shows the rule that decides it"): a
    maneuver's numbers too — the touch attack, then each side's check with its parts."""
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    from game.content.scenario import parse_scenario
    from tests.ui.test_sandbox_view import ADJACENT
    battle = Battle(parse_scenario(ADJACENT))
    app = Explorer(battle, screen, "en")
    pygame.event.clear()
    click(app, (2, 1))
    hover(app, (3, 1))
    pump(app)
    rect, line = next((r, t) for r, t in app.panel_rows if t.startswith("Trip: "))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
    pump(app)
    assert [e.rule for e in app.sandbox.explained] == ["attack_roll", "opposed_check"]
    check = battle.odds("hero", "trip", {"target": "orc"}).check
    why = app.sandbox.explained[1].arithmetic
    assert f"{check.attacker_bonus:+d}" in why and f"against {check.defender_bonus:+d}" in why
    assert any(text.startswith("[opposed_check") for _r, text in app.panel_rows)
    battle.close()
    pygame.quit()


def test_the_explorers_ruler_fixes_its_end_on_a_second_u_and_goes_on_a_third(app):
    hover(app, (13, 10))
    key(pygame.K_u)
    hover(app, (16, 12))
    key(pygame.K_u)                                   # the end fixed where the pointer is
    hover(app, (5, 5))
    pump(app)
    assert app.overlay.ruler == ((13, 10), (16, 12), "20 ft")
    key(pygame.K_u)
    pump(app)
    assert app.overlay.ruler is None
    key(pygame.K_u)
    key(pygame.K_ESCAPE)                              # Esc puts a ruler away before it quits
    pump(app)
    assert app.overlay.ruler is None and app.running
