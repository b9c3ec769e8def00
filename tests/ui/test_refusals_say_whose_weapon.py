"""A refusal about reach says whose weapon it is (play-test: "Ogre is out of reach of its
weapon." read as the Ogre's weapon when Tordek could not reach it): the window names the
weapon's owner, the creature acting, in both languages. Driven by posted clicks."""
from __future__ import annotations

import pygame
import pytest
from test_game_screen import MELEE, at, click, click_button, open_screen

REACH = (MELEE.replace('id = "hero"\n', 'id = "hero"\nname = "Tordek"\n')
         .replace('id = "orc_b"\nside = "red"\nat = [1, 2]', 'id = "orc_b"\nname = "Ogre"\nside = "red"\nat = [6, 3]'))


@pytest.mark.parametrize("lang, whose", [("en", "Tordek's weapon does not reach Ogre"),
                                         ("fr", "L'arme de Tordek n'atteint pas Ogre")])
def test_an_attack_out_of_reach_says_whose_weapon_does_not_reach(lang, whose):
    g = open_screen(REACH, lang)
    g.handoff = None
    click_button(g, "attack")
    click(g, at(g, (6, 3)))
    assert not g.battle.history                         # the engine refused it
    said = [str(text) for text, _c in g.log] + [str(g.tip)]
    assert any(whose in line for line in said), said
    g.battle.close()
    pygame.quit()


def test_a_reach_weapon_too_close_says_whose_in_french_after_its_whole_noun():
    from game.i18n import sentence
    from game.ui.named_subject import named
    said = sentence("TOO_CLOSE_FOR_REACH", {"target": "ogre", "weapon": "longspear"}, "fr", names={"ogre": "Ogre"})
    assert named(said, "Tordek", "fr").startswith("L'arme d'allonge de Tordek (")
    said = sentence("TOO_CLOSE_FOR_REACH", {"target": "ogre", "weapon": "longspear"}, "en", names={"ogre": "Ogre"})
    assert named(said, "Tordek", "en").startswith("Tordek's reach weapon (")
