"""Third newcomer play-test (the gorge bridge): Mialee's Magic Missile took the Ogre behind
a wall as a target ("1 of 2 targets chosen"), only Enter said "No line of sight to the
target.", the panel still read "Aiming Magic Missile" and Esc opened the pause menu. A
click on an aim the engine refuses (its ``check`` of the cast) is now refused at once with
the engine's reason, nothing chosen, the aim kept; Esc while aiming cancels the aim, a
second Esc opens the pause menu. The same for the spells aimed at one creature (a ray, a
touch, a target) and at an intersection. Driven through the real screen with posted events."""
from __future__ import annotations

import pygame
import pytest

from game.i18n import sentence
from tests.ui.screen_driver import at, click, pump

GRID = "\n".join(["." * 14] + ["......#......."] * 5 + ["." * 14] * 2)     # a wall between Mialee and the Ogre
WIZARD = '''id = "wiz"
name = "Mialee"
side = "blue"
at = [1, 3]
caster_class = "wizard"
caster_level = 5
int = 16
initiative = 20
spells = ["magic_missile", "scorching_ray", "hold_person", "shocking_grasp", "grease"]
'''
FOE = '''id = "{id}"
name = "{name}"
side = "red"
at = [{x}, {y}]
hp = 60
initiative = 10
'''
OGRE, ORC = (9, 3), (3, 7)          # behind the wall; in sight, 20 ft away


def scenario() -> str:
    foes = [FOE.format(id="ogre", name="Ogre", x=OGRE[0], y=OGRE[1]), FOE.format(id="orc", name="Orc", x=ORC[0], y=ORC[1])]
    return f'seed = 5\n[map]\ngrid = """\n{GRID}\n"""\n' + "\n".join(f"[[creature]]\n{c}" for c in [WIZARD, *foes])


def key(g, k) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pump(g)


def aim(g, spell: str) -> None:
    """Spell or item, then ``spell`` in the list: aiming it."""
    g.draw()
    click(g, next(b.rect.center for b in g.buttons if b.name == "cast"))
    row = next(i for i, (_label, v) in enumerate(g.dialog.choices) if v == ("spell", spell))
    click(g, g.dialog.rects[row].center)
    assert g.mode == "cast" and g.aim.spell == spell


def refused(g, spell: str, **args) -> str:
    """The engine's own refusal of this cast, as the screen says it."""
    refusal = g.battle.check(g.battle.command("wiz", "cast", {"spell": spell, **args}))
    assert refusal is not None
    return g.say(refusal)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_missile_at_a_creature_out_of_sight_is_refused_at_once_and_nothing_chosen(screens, lang):
    g = screens(scenario(), lang)
    aim(g, "magic_missile")
    why = refused(g, "magic_missile", targets=["ogre"])
    click(g, at(g, OGRE))
    assert g.aim.targets == [] and g.mode == "cast"          # nothing chosen, still aiming
    assert str(g.log[-1][0]) == why, g.log[-1][0]
    assert why == sentence("NO_LINE_OF_SIGHT", {"target": "ogre"}, lang, names=g.names, here=True)
    click(g, at(g, ORC))                                     # one it can take: chosen
    assert g.aim.targets == ["orc"] and g.mode == "cast"
    assert str(g.log[-1][0]) == sentence("UI_TARGETS_PLAN", {"done": 1, "of": 3}, lang)
    assert all(h["action"] != "cast" for h in g.battle.history)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_esc_while_aiming_cancels_the_aim_then_opens_the_pause_menu(screens, lang):
    g = screens(scenario(), lang)
    aim(g, "magic_missile")
    click(g, at(g, OGRE))                  # the play-test's steps: the hidden Ogre, Enter, Esc
    key(g, pygame.K_RETURN)
    assert g.mode == "cast" and g.pause.name is None
    assert all(h["action"] != "cast" for h in g.battle.history)
    key(g, pygame.K_ESCAPE)
    assert g.pause.name is None and g.mode is None and g.aim.targets == []
    aiming = sentence("UI_AIMING", {"spell": ""}, lang).strip()
    assert not g.overlay.caption.startswith(aiming), g.overlay.caption     # the creature's own panel again
    assert not any(b.name == "cast" and g.mode == b.name for b in g.buttons)
    key(g, pygame.K_ESCAPE)
    assert g.pause.name == "pause"


@pytest.mark.parametrize("spell,args", [
    ("hold_person", {"target": "ogre"}),        # a target: no line of sight
    ("scorching_ray", {"target": "ogre"}),      # a ray: out of range
    ("shocking_grasp", {"target": "ogre"}),     # a touch: out of reach
])
def test_a_one_creature_spell_at_a_creature_it_cannot_take_is_refused_and_the_aim_kept(screens, spell, args):
    g = screens(scenario())
    aim(g, spell)
    why = refused(g, spell, **args)
    click(g, at(g, OGRE))
    assert g.mode == "cast" and g.aim.spell == spell and str(g.log[-1][0]) == why
    assert all(h["action"] != "cast" for h in g.battle.history)
    key(g, pygame.K_ESCAPE)
    assert g.mode is None and g.pause.name is None


def test_a_ray_refused_at_one_creature_is_then_cast_at_another(screens):
    g = screens(scenario())
    aim(g, "scorching_ray")
    click(g, at(g, OGRE))
    assert g.mode == "cast"
    click(g, at(g, ORC))
    assert g.battle.history[-1]["action"] == "cast" and g.mode is None


def test_an_area_spell_aimed_out_of_range_is_refused_and_the_aim_kept(screens):
    g = screens(scenario())
    aim(g, "grease")
    why = refused(g, "grease", point=[12, 7])
    x, y = g.cam.to_screen((12, 7))                 # the intersection at the square's top left corner
    click(g, (x + 1, y + 1))
    assert g.mode == "cast" and str(g.log[-1][0]) == why
    assert all(h["action"] != "cast" for h in g.battle.history)
