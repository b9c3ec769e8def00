"""Two previews in the window, driven by posted pygame events: moving through a Web spell
(SRD Web: the squares the best check reaches, the chance for the hovered one, the
method asked with the better one first, the engine's command played) and whom a turning
may affect, listed as its button is hovered (French text, « renvoi des morts-vivants »:
the closest first, within 18 m), each with its chance."""
from __future__ import annotations

import pygame
import pytest
from test_game_screen import at, click, click_button, open_screen, pump

from game.i18n import sentence
from game.world.components import Spellcasting, Stats

GRID = "\n".join("." * 16 for _ in range(8))


def scenario(*creatures: str) -> str:
    return f'seed = 5\n[map]\ngrid = """\n{GRID}\n"""\n' + "\n".join(f"[[creature]]\n{c}\n" for c in creatures)


WIZARD = 'id = "mialee"\nside = "blue"\nat = [1, 4]\nint = 16\nhp = 12\ninitiative = 20\n'
ORC = 'id = "orc"\nside = "red"\nat = [7, 4]\nhp = 30\nstr = 16\ndex = 12\nweapon = "greataxe"\ninitiative = 10\n'


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.quit()


def webbed(lang="en"):
    """Mialee's web is cast around the orc, which saves (a natural 20); the orc's turn."""
    g = open_screen(scenario(WIZARD, ORC), lang)
    g.handoff = None
    sc = g.battle.comp("mialee", Spellcasting)
    sc.prepared.append("web")
    sc.caster_level, sc.caster_class = 3, "wizard"
    for command in (("cast", {"spell": "web", "point": [10, 4]}, [20]), ("end_turn", {}, [])):
        ok, refusal, events = g.battle.act("mialee", command[0], command[1], dice=command[2])
        assert ok, refusal
        g._after_events(events)
    g.handoff = None
    g.refresh()
    return g


def hover(g, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_moving_through_the_web_shows_the_reach_and_the_chance_then_asks_the_method(lang):
    g = webbed(lang)
    assert g.current == "orc" and "move_through_web" in g.buttons_for("orc")
    click_button(g, "move_through_web")
    assert g.mode == "move_through_web"
    domain = g.battle.options("orc")["move_through_web"].domain
    assert set(g.overlay.area) == {tuple(s) for s in domain["squares"]}       # the engine's squares
    hover(g, at(g, (5, 4)))                                                    # the first square out
    # Strength +3: 12+ on the die for 5 ft (45 %), 17+ for 10 ft (20 %)
    assert dict(g.overlay.marks)[(6, 4)] == "45%" and dict(g.overlay.marks)[(5, 4)] == "20%"
    assert g.overlay.caption == sentence("UI_WEB_GOING", {"kind": "strength", "bonus": "+3", "chance": 20,
                                                          "square": [5, 4]}, lang, here=True)
    assert "[5, 4]" not in g.overlay.caption                  # the board labels no square
    click(g, at(g, (5, 4)))
    assert g.dialog is not None and [v for _l, v in g.dialog.choices] == ["strength", "escape_artist"]
    click(g, g.dialog.rects[0].center)
    played = g.battle.history[-1]
    assert (played["action"], played["args"]["squares"], played["args"]["method"]) == \
        ("move_through_web", [[6, 4], [5, 4]], "strength")
    rolled = played["rolled"][0] + 3
    expected = {0: (7, 4), 1: (6, 4)}.get(max(0, (rolled - 10) // 5), (5, 4))
    assert g.battle.board().body("orc").pos == expected


def test_the_move_button_says_why_a_loose_creature_does_not_walk_in_the_web():
    g = webbed()
    g.draw()
    move = next(b for b in g.buttons if b.name == "move")
    assert not move.enabled and move.reason == g.say(g.battle.options("orc")["move"].refusal)
    assert g.battle.options("orc")["move"].refusal.code == "IN_WEB_MOVE_THROUGH"


CLERIC = 'id = "jozan"\nside = "blue"\nat = [3, 5]\ncha = 14\nweapon = "heavy_mace"\ninitiative = 20\n'


def crypt(lang="en"):
    zombies = [f'id = "zombie{i}"\nside = "red"\nat = [{3 + i}, 2]\nweapon = "slam"\ninitiative = 1\n' for i in range(3)]
    wight = 'id = "wight"\nside = "red"\nat = [12, 0]\nweapon = "slam"\ninitiative = 2\n'
    far = 'id = "far"\nside = "red"\nat = [15, 7]\nweapon = "slam"\ninitiative = 2\n'       # 19.5 m away
    g = open_screen(scenario(CLERIC, wight, far, *zombies), lang)
    g.handoff = None
    g.battle.comp("jozan", Stats).values["cleric_level"] = 3
    for i in range(3):
        g.battle.comp(f"zombie{i}", Stats).values.update(undead=1, hd=2)
    g.battle.comp("wight", Stats).values.update(undead=1, hd=4)
    g.battle.comp("far", Stats).values.update(undead=1, hd=2)
    g.battle.changed()
    g.refresh()
    return g


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hovering_turn_undead_lists_whom_it_may_turn_closest_first_with_their_chances(lang):
    g = crypt(lang)
    g.draw()
    button = next(b for b in g.buttons if b.name == "turn_undead")
    assert button.enabled
    hover(g, button.rect.center)
    odds = g.battle.odds(g.battle.command("jozan", "turn_undead", {}))
    assert [o.who for o in odds.turning] == ["zombie0", "zombie1", "zombie2", "wight"]     # closest first, not beyond 18 m
    marks = dict(g.overlay.marks)
    # 2 HD: a check of 7 (5+ on the die, Cha +2), 80 %; the wight's 4 HD: 13 (11+, 50 %) and
    # 10 HD of damage past the zombies' 6 (2d6 + 3 + 2: 5+ on 2d6, 30 in 36)
    assert marks[(3, 2)] == "80%" and marks[(12, 0)] == "42%"
    names = [sentence("UI_TURNING_ONE", {"name": o.who, "hd": o.hit_dice, "chance": round(100 * float(o.chance)),
                                         "outcome": sentence("UI_TURNING_turned", {}, lang)}, lang) for o in odds.turning]
    assert g.overlay.caption == sentence("UI_TURNING_MAY", {"names": " · ".join(names)}, lang)
    hover(g, at(g, (10, 6)))                                  # off the button: the list goes
    assert (3, 2) not in dict(g.overlay.marks)
