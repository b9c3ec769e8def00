"""The window warns of the attacks of opportunity an action provokes before it is clicked,
as it does for a move (the second newcomer play-test: a shot beside a gnoll and a charge
out of an ogre's reach said nothing, then the blows came). The warning is the engine's
preview — only foes that can still take one are named."""
from __future__ import annotations

import pytest

from game.i18n import sentence
from tests.boards import open_grid, scenario_text
from tests.ui.test_game_screen import click_button
from tests.ui.test_play_test_findings import hover

ARCHER = scenario_text(
    open_grid(12, 5),
    {"id": "archer", "name": "Corwin", "side": "blue", "at": [3, 2], "weapon": "shortbow", "initiative": 20},
    {"id": "gnoll", "name": "Gnoll", "side": "red", "at": [4, 2], "weapon": "battleaxe", "hp": 20, "initiative": 5},
    {"id": "ogre", "name": "Grakh", "side": "red", "at": [10, 2], "weapon": "club", "hp": 30, "initiative": 4},
    seed=3)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_shot_beside_a_foe_names_the_foe_it_provokes(screens, lang):
    g = screens(ARCHER, lang)
    click_button(g, "attack")
    hover(g, (10, 2))
    warned = sentence("PATH_PROVOKES", {"names": "Gnoll"}, lang)
    assert warned in g.overlay.caption and g.odds_by_pointer("ogre").endswith(warned)
    assert not g.battle.history                                  # only asked, nothing played


def test_no_warning_once_the_foe_has_spent_its_attack(screens):
    """A friend shoots first from beside the gnoll, which strikes at it: its one attack of
    opportunity this round is spent, so the archer's shot is warned of nothing."""
    friend = {"id": "friend", "name": "Brenna", "side": "blue", "at": [3, 1], "weapon": "shortbow", "initiative": 25}
    text = scenario_text(open_grid(12, 5), friend,
                         {"id": "archer", "name": "Corwin", "side": "blue", "at": [3, 2], "weapon": "shortbow",
                          "initiative": 20},
                         {"id": "gnoll", "name": "Gnoll", "side": "red", "at": [4, 2], "weapon": "battleaxe", "hp": 20,
                          "initiative": 5},
                         {"id": "ogre", "name": "Grakh", "side": "red", "at": [10, 2], "weapon": "club", "hp": 30,
                          "initiative": 4}, seed=3)
    g = screens(text)
    assert g.current == "friend"
    ok, refusal, events = g.battle.act("friend", "attack", {"target": "ogre"}, dice=[1, 1])   # the gnoll strikes, misses
    assert ok, refusal
    assert any(type(e).__name__ == "AttackRolled" and e.attacker == "gnoll" for e in events)
    ok, refusal, _ = g.battle.act("friend", "end_turn")
    assert ok, refusal
    g.refresh()
    assert g.current == "archer"
    click_button(g, "attack")
    hover(g, (10, 2))
    assert g.overlay.caption and "Grakh" in g.overlay.caption          # aiming at the ogre, its odds shown
    assert "Gnoll" not in g.overlay.caption and "opportunity" not in g.overlay.caption


CHARGER = scenario_text(
    open_grid(14, 5),
    {"id": "maud", "name": "Maud", "side": "blue", "at": [2, 2], "weapon": "longsword", "initiative": 20},
    {"id": "ogre", "name": "Grakh", "side": "red", "at": [0, 1], "size": "L", "weapon": "greatclub", "hp": 30,
     "initiative": 5},
    {"id": "orc", "name": "Orc", "side": "red", "at": [9, 2], "weapon": "club", "hp": 20, "initiative": 4},
    seed=3)


def test_a_charge_out_of_a_reach_names_the_foe_it_provokes(screens):
    g = screens(CHARGER)
    warned = sentence("PATH_PROVOKES", {"names": "Grakh"}, "en")
    click_button(g, "charge")
    hover(g, (9, 2))                       # three spaces beside the orc are as close: each is shown
    ends = [sq for sq, label in g.overlay.marks if label.isdigit()]
    assert len(ends) == 3 and warned not in g.overlay.caption
    hover(g, ends[1])                      # the one pointed at: its lane, and who it provokes
    assert warned in g.overlay.caption
    lone = screens(CHARGER.replace("at = [9, 2]", "at = [9, 4]"))     # one closest space, one lane
    click_button(lone, "charge")
    hover(lone, (9, 4))
    assert lone.overlay.lane_ok and warned in lone.overlay.caption


MAGE = scenario_text(
    open_grid(10, 3),
    {"id": "mage", "name": "Mialee", "side": "blue", "at": [1, 1], "caster_class": "wizard", "caster_level": 3,
     "int": 16, "spells": ["magic_missile"], "initiative": 20},
    {"id": "orc", "name": "Grosbras", "side": "red", "at": [2, 1], "weapon": "greataxe", "hp": 30, "initiative": 5},
    seed=6)


def test_a_spell_aimed_beside_a_foe_names_the_foe_it_provokes(screens):
    g = screens(MAGE)
    click_button(g, "cast")
    g.draw()
    rect = next(r for r, (_label, value) in zip(g.dialog.rects, g.dialog.choices) if value == ("spell", "magic_missile"))
    from tests.ui.test_game_screen import click
    click(g, rect.center)
    hover(g, (2, 1))
    assert sentence("PATH_PROVOKES", {"names": "Grosbras"}, "en") in g.overlay.caption


PAST_TWO = scenario_text(
    """
..........
..........
..........
##########
""",
    {"id": "mover", "name": "Aldric", "side": "blue", "at": [3, 2], "weapon": "longsword", "initiative": 20},
    {"id": "gnoll", "name": "Gnoll the tall", "side": "red", "at": [4, 1], "weapon": "battleaxe", "hp": 20,
     "initiative": 5},
    {"id": "ogre", "name": "Grakh the ogre", "side": "red", "at": [6, 1], "weapon": "club", "hp": 30, "initiative": 4},
    seed=3)


def test_the_names_of_two_foes_provoked_along_a_path_never_overlap(screens, monkeypatch):
    """Play-test: "GnollGrakh1 the ogre" — two foes' labels drawn over each other."""
    from game.ui import theme
    from game.ui.board_view import BoardView
    g = screens(PAST_TWO)
    drawn = []
    real = BoardView._label

    def recording(self, surface, fnt, text, at, colour, centre=False):
        if colour == theme.PROVOKE:
            drawn.append(self._label_images(fnt, text, colour)[0].get_rect(midbottom=at))
        return real(self, surface, fnt, text, at, colour, centre)
    monkeypatch.setattr(BoardView, "_label", recording)
    click_button(g, "move")
    hover(g, (9, 2))
    assert len(g.overlay.provokes) == 2
    drawn.clear()
    g.draw()
    assert len(drawn) == 2 and not drawn[0].colliderect(drawn[1])


def test_a_reach_weapon_hovering_a_foe_beside_it_says_too_close_before_the_click(screens):
    """Play-test: the longspear's "too close" came only once the adjacent foe was clicked."""
    text = scenario_text(open_grid(8, 3),
                         {"id": "brenna", "name": "Brenna", "side": "blue", "at": [2, 1], "weapon": "longspear",
                          "initiative": 20},
                         {"id": "gnoll", "name": "Gnoll", "side": "red", "at": [3, 1], "weapon": "battleaxe",
                          "initiative": 5},
                         {"id": "orc", "name": "Orc", "side": "red", "at": [4, 2], "weapon": "club", "initiative": 4},
                         seed=3)
    g = screens(text)                       # the orc two squares off: the attack is offered
    click_button(g, "attack")
    hover(g, (3, 1))
    said = sentence("TOO_CLOSE_FOR_REACH", {"target": "Gnoll", "weapon": "longspear"}, "en", here=True)
    assert said.split("(")[0] in g.overlay.caption and not g.battle.history
