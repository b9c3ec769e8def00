"""Deep water and pits in the window: the Swim button the engine offers beside the water,
its question (a quarter of its speed as a move action, or half as a full-round action:
SRD Swim), and the board drawing the new ground with its own tiles."""
from __future__ import annotations

import pygame
from test_game_screen import DUEL, at, click, click_button, open_screen

from game.world.components import Stats

WATER = DUEL.replace("..........\n..........\n..........\n..........",
                     "..........\n..ww......\n..ww.O....\n..........", 1)


def test_swimming_from_its_button_asks_how_and_plays_the_engines_swim():
    g = open_screen(WATER)
    try:
        g.handoff = None
        g.battle.comp("hero", Stats).values["swim"] = 2
        assert "swim" in g.buttons_for("hero")              # the water is next to it
        assert "swim" not in g.buttons_for("orc")           # none next to the orc
        click_button(g, "swim")
        click(g, at(g, (2, 1)))
        assert g.dialog is not None and [v for _l, v in g.dialog.choices] == [False, True]
        click(g, g.dialog.rects[1].center)                  # half its speed, a full-round action
        command = g.battle.history[-1]
        played = g.battle.command(command["who"], command["action"], command["args"])
        assert played.action == "swim" and played.squares == ((2, 1),) and played.full_round is True
        assert g.battle.board().body("hero").pos == (2, 1)      # Str 30 and 2 ranks: DC 10 on any die
        assert "swimming" in g.battle.board().body("hero").conditions
    finally:
        g.battle.close()
        pygame.quit()


def test_the_board_draws_deep_water_and_pits_with_their_tiles():
    g = open_screen(WATER)
    try:
        g.handoff = None
        g.draw()
        shade = {}
        for name, square in (("floor", (6, 2)), ("water", (3, 2)), ("pit", (5, 2))):
            shade[name] = g.screen.get_at(at(g, square))[:3]
        assert shade["pit"] != shade["floor"] and sum(shade["pit"]) < 120         # a dark hole
        r, gr, b = shade["water"]
        assert b > r and shade["water"] != shade["floor"]                          # blue water
    finally:
        g.battle.close()
        pygame.quit()


def test_hovering_the_new_grounds_says_how_to_cross_them_in_both_languages():
    """Play-test (issue 14): deep water said only "nothing walks here", though the Swim
    button crosses it; a rock face the same; darkness only its cost. Each now says what
    to do, under the pointer, in the player's language."""
    from game.i18n import sentence
    grounds = DUEL.replace("..........\n..........\n..........\n..........",
                           "..........\n..ww.^....\n..ww.O.:..\n..........", 1)
    for lang in ("en", "fr"):
        g = open_screen(grounds, lang)
        try:
            g.handoff = None
            for square, note in (((3, 2), "UI_TIP_SWIM"), ((5, 1), "UI_TIP_CLIMB"), ((7, 2), "UI_TIP_DARK"),
                                 ((5, 2), "UI_TIP_PIT")):
                pos = at(g, square)
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
                for event in pygame.event.get():
                    g.handle(event)
                g.draw()
                assert g.tooltip_lines()[-1] == sentence(note, {}, lang), (lang, square)
                assert g.tooltip_rect is not None and g.tooltip_rect.w > 0          # drawn beside the pointer
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at(g, (8, 3)), rel=(0, 0), buttons=(0, 0, 0)))
            for event in pygame.event.get():
                g.handle(event)
            assert len(g.tooltip_lines()) == 2                      # open ground: its name and its cost only
        finally:
            g.battle.close()
            pygame.quit()


def test_the_shipped_grotto_shows_water_a_pit_and_darkness_apart_from_walls_and_holes():
    """A shipped map with the new grounds (play-test, issue 14): the spiders' grotto. Its
    dark squares read as ground one cannot see into (veiled, with wisps), not as the
    black of a pit nor the grey of a wall; hovering one says what darkness does."""
    from pathlib import Path

    from game.content.scenario import load_scenario
    from game.engine import Battle
    from game.i18n import sentence
    from game.ui.game_screen import GameScreen
    path = Path(__file__).resolve().parents[2] / "maps" / "spiders_grotto.toml"
    pygame.display.init()
    g = GameScreen(Battle(load_scenario(path)), pygame.display.set_mode((1280, 800)), "en")
    try:
        g.handoff = None
        terrain = g.battle.board().terrain
        kinds = {terrain.kind((x, y)).id for x in range(terrain.width) for y in range(terrain.height)}
        assert {"deep_water", "pit", "darkness", "cliff"} <= kinds
        g.draw()
        dark, pit, wall = (g.screen.get_at(at(g, sq))[:3] for sq in ((17, 2), (13, 6), (0, 0)))
        assert dark != pit and dark != wall
        assert dark[2] > dark[0]                     # a blue-violet veil, not a grey wall or a black hole
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at(g, (17, 2)), rel=(0, 0), buttons=(0, 0, 0)))
        for event in pygame.event.get():
            g.handle(event)
        assert g.tooltip_lines()[-1] == sentence("UI_TIP_DARK", {}, "en")
    finally:
        g.battle.close()
        pygame.quit()


def test_aiming_at_a_creature_in_darkness_says_its_miss_chance():
    """Play-test (issue 14): aiming the scout's bow at the spider in the dark said "hit
    17.5% (d20 ≥ 14 …)", half of what the d20 gives, without saying why: the 50% miss
    chance of its total concealment is said (digest §7.3)."""
    from pathlib import Path

    from game.i18n import sentence
    text = (Path(__file__).resolve().parents[1] / "scenarios" / "water_and_pits.toml").read_text(encoding="utf-8")
    g = open_screen(text)
    try:
        g.handoff = None
        g.animation_speed = "off"
        for cid in ("hero", "pike", "otter", "spider"):
            assert g.current == cid
            g.perform("end_turn", {}, who=cid)
            g.handoff = None
        click_button(g, "attack")
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at(g, (8, 3)), rel=(0, 0), buttons=(0, 0, 0)))
        for event in pygame.event.get():
            g.handle(event)
        g.draw()
        said = sentence("SBX_ODDS_MISS_CHANCE", {"percent": 50}, "en")
        assert said in g.overlay.caption and "hit 17.5%" in g.overlay.caption, g.overlay.caption
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at(g, (1, 1)), rel=(0, 0), buttons=(0, 0, 0)))
        for event in pygame.event.get():
            g.handle(event)
        assert "hit " in g.overlay.caption and "miss chance" not in g.overlay.caption, g.overlay.caption  # the pike: none
    finally:
        g.battle.close()
        pygame.quit()


def test_a_path_to_far_deep_water_says_swim_there_as_a_step_into_it_does():
    """The play-test's finding: Move mode said "out of reach" for a deep-water square not
    next to the hero, though a step into one says "swim there" (MUST_SWIM_THERE)."""
    from pathlib import Path

    from game.content.scenario import load_scenario
    from game.engine import Battle
    from game.world import views
    b = Battle(load_scenario(Path(__file__).parents[1] / "scenarios" / "water_and_pits.toml"))
    assert views.path(b, "hero", (1, 2), "move").refusal.code == "MUST_SWIM_THERE"
    assert views.path(b, "hero", (2, 1), "move").refusal.code == "MUST_SWIM_THERE"
    b.close()
