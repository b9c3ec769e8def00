"""Pausing a battle the format could not say before (issue 13, items 5-6): a rider in the
saddle is paused with F6 (posted), saved from the sandbox, reloaded, and still rides; a
creature that came into play is carried; what no scenario holds (an item on the ground)
is named on the paused sandbox's first line instead of being dropped silently."""
from __future__ import annotations

import pygame
import pytest

from game.content.scenario import load_scenario, parse_scenario
from game.engine import Battle
from game.ui.editor.flow import Session
from game.ui.editor.screen import EditorScreen
from game.ui.game_screen import GameScreen
from game.world import commands as C, views
from tests.boards import open_grid, scenario_text

FIELD = scenario_text(open_grid(12, 6),
                      {"id": "knight", "side": "blue", "at": [1, 2], "weapon": "lance", "initiative": 20, "hp": 20},
                      {"id": "horse", "side": "blue", "at": [2, 2], "template": "heavy_warhorse", "initiative": 1},
                      {"id": "orc", "side": "red", "at": [10, 4], "weapon": "greataxe", "initiative": 5})


@pytest.fixture
def screen():
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((1280, 800))
    pygame.event.clear()
    yield surface
    pygame.quit()


def paused_sandbox(screen, battle) -> EditorScreen:
    """F6 posted in the battle's window: the sandbox it pauses into."""
    session = Session(screen, "en", lambda b, c: GameScreen(b, screen, "en", control=c), frames=6)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F6, mod=0, unicode="", scancode=0))
    session.battle(GameScreen(battle, screen, "en"))
    paused = session.current
    assert isinstance(paused, EditorScreen) and paused.paused
    return paused


def test_a_mounted_battle_paused_saved_and_reloaded_keeps_the_rider_in_the_saddle(screen, tmp_path):
    battle = Battle(parse_scenario(FIELD, "field.toml"))
    try:
        assert battle.act(C.Mount("knight", mount="horse"))[0]
        paused = paused_sandbox(screen, battle)
        knight = next(c for c in paused.doc.scenario.creatures if c.id == "knight")
        assert knight.riding == "horse" and knight.at == (2, 2)
        target = tmp_path / "mounted.toml"
        paused.save(str(target))
        assert 'riding = "horse"' in target.read_text(encoding="utf-8")
        again = Battle(load_scenario(target))
        try:
            assert views.mount_of(again, "knight") == "horse"
            assert again.board().body("knight").pos == again.board().body("horse").pos == (2, 2)
        finally:
            again.close()
    finally:
        battle.close()


def test_what_a_scenario_cannot_hold_is_named_when_the_battle_pauses(screen):
    battle = Battle(parse_scenario(FIELD, "field.toml"))
    try:
        assert battle.act(C.Drop("knight"))[0]                      # the lance lies on the ground now
        paused = paused_sandbox(screen, battle)
        assert paused.doc.left_behind == ["ground"]
        assert paused.message == ("Paused. Not carried into the sandbox (the battle keeps them): "
                                  "items lying on the ground.")
    finally:
        battle.close()


def test_a_battle_with_nothing_left_behind_pauses_with_the_plain_line(screen):
    battle = Battle(parse_scenario(FIELD, "field.toml"))
    try:
        paused = paused_sandbox(screen, battle)
        assert paused.doc.left_behind == []
        assert paused.message == "The battle is paused here: edit, play from here, or go back to it."
    finally:
        battle.close()


def test_a_creature_spawned_in_play_is_carried_into_the_pause():
    from dataclasses import replace
    from game.ui.editor.document import Document
    battle = Battle(parse_scenario(FIELD, "field.toml"))
    try:
        orc = battle.spec("orc")
        battle.spawn(replace(orc, id="orc_2", name="Orc 2", at=(10, 1)))
        doc = Document.from_battle(battle)
        assert {c.id: c.at for c in doc.scenario.creatures}["orc_2"] == (10, 1)
    finally:
        battle.close()


def test_in_the_sandbox_a_rider_and_its_mount_move_together_and_a_deleted_mount_leaves_it_standing():
    import tomllib
    from game.ui.editor.document import Document
    mounted = FIELD.replace('id = "knight"\nside = "blue"\nat = [1, 2]', 'id = "knight"\nside = "blue"\nat = [2, 2]\n'
                                                                         'riding = "horse"')
    doc = Document(tomllib.loads(mounted), None)
    assert doc.move("horse", (5, 1)) is None
    assert {c.id: c.at for c in doc.scenario.creatures} == {"knight": (5, 1), "horse": (5, 1), "orc": (10, 4)}
    assert doc.move("knight", (6, 2)) is None                    # dragging the rider takes its mount along
    assert {c.id: c.at for c in doc.scenario.creatures}["horse"] == (6, 2)
    assert doc.delete("horse") is None
    knight = doc.scenario.creatures[0]
    assert (knight.id, knight.riding, knight.at) == ("knight", None, (6, 2))


SPENDING = scenario_text(open_grid(12, 6),
                         {"id": "mialee", "side": "blue", "at": [1, 1], "caster_class": "wizard", "caster_level": 3,
                          "spells": ["magic_missile", "magic_missile", "sleep"], "inventory": ["alchemists_fire"],
                          "initiative": 20, "hp": 12},
                         {"id": "bowman", "side": "blue", "at": [1, 4], "weapon": "light_crossbow", "initiative": 15},
                         {"id": "orc", "side": "red", "at": [8, 3], "weapon": "greataxe", "initiative": 5, "hp": 40})


def test_a_pause_keeps_what_was_spent_spells_shots_and_the_item_in_hand():
    from game.ui.editor.document import Document
    battle = Battle(parse_scenario(SPENDING, "spending.toml"))
    try:
        assert battle.act("mialee", "cast", {"spell": "magic_missile", "targets": ["orc", "orc"]}, dice=[3, 4])[0]
        assert battle.act(C.Retrieve("mialee", item="alchemists_fire"))[0]
        assert battle.act(C.EndTurn("mialee"))[0]
        assert battle.act("bowman", "attack", {"target": "orc"}, dice=[15, 3])[0]
        creatures = {c.id: c for c in Document.from_battle(battle).scenario.creatures}
        assert sorted(creatures["mialee"].spells) == ["magic_missile", "sleep"]     # one missile spent
        assert creatures["mialee"].holding == "alchemists_fire"                     # the flask in hand
        assert creatures["bowman"].loaded is False                                  # the bolt is shot
        assert creatures["orc"].stats["hp"] < 40
    finally:
        battle.close()


def test_in_the_sandbox_a_rider_is_put_in_the_saddle_and_taken_out_by_the_panel(screen):
    import tomllib
    from game.ui.editor.document import Document
    from tests.ui.editor_driver import choose, click_square, pump, widget
    ed = EditorScreen(Document(tomllib.loads(FIELD), None), screen, "en")
    try:
        pump(ed)
        click_square(ed, (10, 4))
        assert ed.selected == "orc" and "riding" not in ed.panel.w        # nothing could carry the orc
        click_square(ed, (1, 2))
        assert ed.selected == "knight"
        assert [text for text, _id in widget(ed, "riding").options_list] == ["On foot", "Riding horse"]
        choose(ed, "riding", "horse")
        knight = next(c for c in ed.doc.scenario.creatures if c.id == "knight")
        assert (knight.riding, knight.at) == ("horse", (2, 2))
        assert views.mount_of(ed.battle, "knight") == "horse"            # the sandbox's board seats it
        choose(ed, "riding", "")
        knight = next(c for c in ed.doc.scenario.creatures if c.id == "knight")
        assert knight.riding is None and knight.at not in {(2, 2), (3, 2), (2, 3), (3, 3)}
        assert max(abs(knight.at[0] - 2.5), abs(knight.at[1] - 2.5)) <= 1.5    # beside the horse
    finally:
        ed.close()
