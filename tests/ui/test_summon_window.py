"""Casting a summoning from the battle screen with posted events (SRD Summon Nature's Ally
I: "It appears where you designate"): the spell list, the creature asked in a list, the
square clicked; the creature's name in the log in the player's language."""
from __future__ import annotations

import pygame

from game.content.scenario import parse_scenario
from game.engine import Battle
from game.ui import tooltip
from game.ui.game_screen import GameScreen

GRID = "\n".join("." * 12 for _ in range(6))
DRUID = '''id = "druid"
name = "Vadania"
side = "blue"
at = [1, 2]
caster_class = "druid"
caster_level = 1
wis = 15
initiative = 20
spells = ["cure_light_wounds"]
'''
ORC = 'id = "orc"\nside = "red"\nat = [10, 4]\nhp = 40\ninitiative = 1\n'


def open_screen(lang: str) -> GameScreen:
    text = f'seed = 5\n[map]\ngrid = """\n{GRID}\n"""\n' + "\n".join(f"[[creature]]\n{c}\n" for c in (DRUID, ORC))
    pygame.display.init()
    pygame.font.init()
    g = GameScreen(Battle(parse_scenario(text, "t.toml")), pygame.display.set_mode((1280, 800)), lang)
    g.animation_speed = "off"
    pygame.event.clear()
    return g


def pump(g: GameScreen) -> None:
    for event in pygame.event.get():
        g.handle(event)
    g.draw()


def click_at(g: GameScreen, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pump(g)


def square_at(g: GameScreen, square) -> tuple[int, int]:
    x, y = g.cam.to_screen(square)
    return x + g.cam.cell // 2, y + g.cam.cell // 2


def choose(g: GameScreen, predicate) -> None:
    g.draw()
    rect = next(r for r, (label, value) in zip(g.dialog.rects, g.dialog.choices) if predicate(label, value))
    click_at(g, rect.center)


def aim_a_wolf(g: GameScreen) -> None:
    """The cast button, the summoning in place of the prepared cure, no metamagic, the wolf."""
    g.draw()
    click_at(g, next(r for n, r, _e, _w in g.buttons if n == "cast").center)
    labels = [label for label, _v in g.dialog.choices]
    assert any(label.startswith("Convocation d'alliés naturels I") for label in labels)
    choose(g, lambda _l, v: v == ("convert", "summon_natures_ally_i"))
    choose(g, lambda _l, v: v == "cure_light_wounds")                  # the prepared spell given up
    creatures = [label for label, _v in g.dialog.choices]
    assert creatures == ["Rat sanguinaire", "Loup"]                    # the spell's list, in French
    choose(g, lambda _l, v: v == "wolf")
    assert g.mode == "cast"


def test_the_druid_summons_a_wolf_in_place_of_a_prepared_spell_by_clicks():
    g = open_screen("fr")
    try:
        aim_a_wolf(g)
        click_at(g, square_at(g, (9, 5)))                                  # out of range: refused, said
        assert g.battle.history == [] and any("Hors de portée" in text for text, _c in g.log)
        aim_a_wolf(g)
        click_at(g, square_at(g, (3, 2)))
        played = g.battle.history[-1]
        assert played["action"] == "cast" and played["args"]["creature"] == "wolf"
        assert played["args"]["point"] == [3, 2] and played["args"]["spontaneous_from"] == "cure_light_wounds"
        g.battle.act("druid", "end_turn", {})
        _ok, _, events = g.battle.act("orc", "end_turn", {})
        g._after_events(events)
        assert g.battle.has("druid_wolf") and g.view.token_of("druid_wolf") == "wolf"      # drawn as a wolf
        assert any("Loup (Vadania) apparaît" in text for text, _colour in g.log)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=square_at(g, (3, 2)), rel=(0, 0),
                                             buttons=(0, 0, 0)))
        pump(g)
        tip = tooltip.lines(g)
        assert tip[0] == "Loup (Vadania)" and "convoqué par Vadania : disparaît à son tour au round 3" in tip
    finally:
        g.battle.close()
        pygame.quit()
