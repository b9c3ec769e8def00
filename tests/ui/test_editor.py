"""The sandbox editor (issue 13, item 1), driven by posted pygame events: paint, place,
drag, delete, the side panel, undo and redo, save, reload, open a Tiled map."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.content.scenario import load_scenario
from game.engine import Battle
from game.ui.editor.document import Document
from game.ui.editor.screen import EditorScreen
from game.ui.sandbox_view import SandboxView

from tests.ui.editor_driver import choose, click_square, drag, key, opened, press, pump, type_into, widget

ROOT = Path(__file__).resolve().parents[2]
FORD = ROOT / "maps" / "ford.toml"


@pytest.fixture
def ed():
    with opened(lang="en") as editor:
        yield editor


def choose_another(ed, role: str) -> str:
    """Open a drop-down and click the first option in view that is not the chosen one."""
    from tests.ui.editor_driver import click
    menu = widget(ed, role)
    click(ed, menu.rect.center)
    shown = menu.current_state.options_selection_list
    item = next(i for i in shown.item_list if i["button_element"] is not None
                and shown.rect.contains(i["button_element"].rect) and i["object_id"] != menu.selected_option[1])
    click(ed, item["button_element"].rect.center)
    return item["object_id"]


def spec(ed, cid):
    return next(c for c in ed.doc.scenario.creatures if c.id == cid)


def test_a_brush_stroke_paints_and_undoes_as_one_edit(ed):
    choose(ed, "tool", "brush")
    choose(ed, "char", "#")
    assert (ed.tool, ed.brush) == ("brush", "#")
    drag(ed, [(5, 5), (6, 5), (7, 5)])
    assert ed.doc.rows()[5][5:8] == "###"
    assert ed.battle.board().terrain.kind((6, 5)).id == "wall"       # the board is the edited map
    key(ed, pygame.K_z, pygame.KMOD_CTRL)
    assert ed.doc.rows()[5][5:8] == "..."
    key(ed, pygame.K_y, pygame.KMOD_CTRL)
    assert ed.doc.rows()[5][5:8] == "###"


def test_a_quick_stroke_paints_the_squares_between_two_motions(ed):
    choose(ed, "tool", "brush")
    choose(ed, "char", "~")
    drag(ed, [(2, 2), (9, 2)])                       # one motion event seven squares away
    assert ed.doc.rows()[2][2:10] == "~" * 8


def test_a_rectangle_of_every_character_of_the_format(ed):
    choose(ed, "tool", "rect")
    for char, (a, b) in zip("~T+/=^.", [((10, 5), (12, 6)), ((0, 2), (0, 2)), ((1, 2), (1, 2)), ((2, 2), (2, 2)),
                                         ((3, 2), (4, 2)), ((5, 2), (5, 2)), ((11, 5), (11, 5))]):
        choose(ed, "char", char)
        drag(ed, [a, b])
    rows = ed.doc.rows()
    assert rows[5][10:13] == "~.~" and rows[6][10:13] == "~~~"
    assert rows[2][:6] == "T+/==^"


def test_place_a_template_on_a_side_typed_in_the_panel(ed):
    choose(ed, "tool", "place")
    type_into(ed, "place_side", "green")
    click_square(ed, (14, 5))
    placed = spec(ed, "orc_1")
    assert (placed.side, placed.at, placed.template) == ("green", (14, 5), "orc")
    assert ed.selected == "orc_1" and "orc_1" in ed.battle.board().by_id


def test_drag_moves_a_creature_and_a_wall_refuses_it_in_one_line(ed):
    drag(ed, [(2, 6), (3, 5)])
    assert spec(ed, "tordek").at == (3, 5)
    drag(ed, [(3, 5), (4, 2), (4, 1)])           # (4, 1) is a wall
    assert spec(ed, "tordek").at == (3, 5)
    assert ed.message == 'maps/ford.toml: creature "tordek": at [4, 1] puts it inside a wall at [4, 1]'.replace(
        "maps/ford.toml", str(FORD))


def test_delete_the_selected_creature(ed):
    click_square(ed, (4, 6))
    assert ed.selected == "mialee"
    key(ed, pygame.K_DELETE)
    assert "mialee" not in {c.id for c in ed.doc.scenario.creatures}
    assert ed.selected is None


def test_the_panel_changes_size_side_hp_weapon_conditions_and_feats(ed):
    click_square(ed, (12, 0))
    assert ed.selected == "ogre"
    choose(ed, "size", "H")
    type_into(ed, "side", "blue")
    type_into(ed, "hp", "7")
    choose(ed, "reach", "long")
    first_weapon = choose_another(ed, "weapon")
    ogre = spec(ed, "ogre")
    assert (ogre.size, ogre.side, ogre.stats["hp"], ogre.reach, ogre.weapon) == ("H", "blue", 7, "long", first_weapon)
    assert ed.battle.board().by_id["ogre"].span == 3
    conds = widget(ed, "conditions")
    from tests.ui.editor_driver import click
    click(ed, conds.item_list[0]["button_element"].rect.center)
    assert spec(ed, "ogre").conditions == (conds.item_list[0]["object_id"],)
    feats = widget(ed, "feats")
    click(ed, feats.item_list[0]["button_element"].rect.center)
    assert feats.item_list[0]["object_id"] in spec(ed, "ogre").feats


def test_a_bad_hit_point_value_is_refused_with_the_validators_line(ed):
    click_square(ed, (2, 6))
    before = ed.doc.text()
    type_into(ed, "hp", "lots")
    assert ed.message.endswith('hp: must be a whole number from 1 to 100000, not "lots"') and "\n" not in ed.message
    assert ed.doc.text() == before


def test_variants_switch_redraw_and_save_with_the_situation(ed, tmp_path):
    press(ed, "variant_charge_lane")
    press(ed, "variant_reach_diagonal_exception")
    assert ed.battle.variants.charge_lane == "swept" and not ed.battle.variants.reach_diagonal_exception
    drag(ed, [(2, 6), (3, 5)])
    target = tmp_path / "situation.toml"
    type_into(ed, "path", str(target))
    assert ed.message == f"Saved: {target}"
    text = target.read_text(encoding="utf-8")
    assert 'charge_lane = "swept"' in text and "reach_diagonal_exception = false" in text and "at = [3, 5]" in text
    again = load_scenario(target)
    assert again.creatures == ed.doc.scenario.creatures
    assert again.rows == ed.doc.scenario.rows and again.variants == ed.doc.scenario.variants
    drag(ed, [(3, 5), (2, 6)])                       # changed after the save, then reopened
    press(ed, "open")
    assert ed.message == f"Opened: {target}" and ed.doc.text() == text and ed.doc.undo_stack == []
    assert spec(ed, "tordek").at == (3, 5) and ed.battle.variants.charge_lane == "swept"


def test_resize_and_open_a_tiled_map(ed):
    type_into(ed, "map_w", "12")
    assert "ogre" in ed.message and "outside" in ed.message        # the ogre stands at x 12
    type_into(ed, "map_w", "20")
    press(ed, "resize")
    assert len(ed.doc.rows()[0]) == 20 and ed.battle.terrain.width == 20
    type_into(ed, "path", str(ROOT / "maps" / "village_square.tmj"))
    press(ed, "open")
    assert ed.doc.scenario.rows == load_scenario(ROOT / "maps" / "village_square.tmj").rows


def test_overlays_follow_the_edits(ed):
    click_square(ed, (2, 6))
    key(ed, pygame.K_t)
    key(ed, pygame.K_r)
    assert ed.show_threat and ed.show_reach

    def expected():
        view = SandboxView(Battle(ed.doc.scenario), "en")
        view.selected, view.show_threat, view.show_reach, view.hover = ed.selected, True, True, ed.hover
        return view.overlay()
    before = ed.overlay.threat
    assert before == expected().threat and ed.overlay.reach == expected().reach
    drag(ed, [(8, 2), (8, 4)])                       # the gnoll comes closer
    assert spec(ed, "gnoll").at == (8, 4)
    assert ed.overlay.threat == expected().threat != before


def test_a_variant_switched_redraws_the_reach_at_once(ed):
    click_square(ed, (12, 0))
    key(ed, pygame.K_r)
    before = set(ed.overlay.reach)
    press(ed, "variant_reach_diagonal_exception")
    view = SandboxView(Battle(ed.doc.scenario), "en")
    view.selected, view.show_reach = "ogre", True
    assert ed.overlay.reach == view.overlay().reach != before
    assert widget(ed, "variant_reach_diagonal_exception").text == "10-ft reach on diagonals: no"


def test_a_stroke_released_over_the_panel_ends_there(ed):
    from tests.ui.editor_driver import centre, move_to
    choose(ed, "tool", "brush")
    move_to(ed, centre(ed, (5, 5)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=centre(ed, (5, 5))))
    pump(ed)
    over_panel = widget(ed, "undo").rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=over_panel))
    pump(ed)
    assert ed.pressed is None and ed.doc.undo_stack and ed.doc.text().count("#") > 0
    painted = ed.doc.text()
    move_to(ed, centre(ed, (9, 5)))                  # the button is up: nothing more is painted
    assert ed.doc.text() == painted and ed.doc.rows()[5][9] == "."


def test_the_footer_box_shows_the_overlays_caption_and_the_sandboxs_lines(ed):
    import html

    from tests.ui.editor_driver import centre, move_to
    click_square(ed, (2, 6))
    move_to(ed, centre(ed, (6, 6)))
    view = SandboxView(Battle(ed.doc.scenario), "en", ed.names)
    view.selected, view.hover = "tordek", (6, 6)
    expected = [view.overlay().caption, *view.info_lines()]
    assert expected[0] and ed.info_box.html_text == "<br>".join(html.escape(line) for line in expected)


def test_a_bad_map_size_or_file_name_is_refused_in_the_players_language(ed, tmp_path):
    ed.lang = "fr"
    type_into(ed, "map_w", "0")
    assert ed.message == "Taille de carte : 0 × 7 n'est pas une taille (nombres entiers de cases, de 1 à 200)."
    type_into(ed, "path", str(tmp_path / "situation.json"))
    assert ed.message.startswith(f"{tmp_path / 'situation.json'} : une situation s'enregistre dans un fichier .toml")
    assert list(tmp_path.iterdir()) == [] and len(ed.doc.rows()[0]) == 16


def test_painting_a_square_as_it_was_leaves_nothing_to_undo(ed):
    choose(ed, "tool", "brush")
    choose(ed, "char", ".")
    drag(ed, [(5, 5), (6, 5)])
    assert ed.doc.undo_stack == []


def test_the_sandbox_views_further_switches_get_buttons_and_keys(monkeypatch):
    """The sandbox view's bands, lanes, flanks and splash: a button each, the explorer's
    keys, and the view drawn with them."""
    from game.ui import sandbox_view
    from tests.ui.editor_driver import pump as pump_
    seen = []
    real_overlay = sandbox_view.SandboxView.overlay

    def overlay(view):
        seen.append((view.show_area, view.show_lanes, view.show_flanking, view.show_splash))
        return real_overlay(view)
    monkeypatch.setattr(sandbox_view.SandboxView, "overlay", overlay)
    pygame.display.init()
    pygame.font.init()
    editor = EditorScreen(Document.open(FORD), pygame.display.set_mode((1280, 800)), "en")
    try:
        pump_(editor)
        switches = ["show_area", "show_lanes", "show_flanking", "show_splash"]
        assert list(editor.extra) == switches and all(f"toggle_{s}" in editor.panel.w for s in switches)
        click_square(editor, (2, 6))
        key(editor, pygame.K_l)
        key(editor, pygame.K_a)
        assert seen[-1] == (True, True, False, False)
        press(editor, "toggle_show_lanes")
        press(editor, "toggle_show_flanking")
        assert seen[-1] == (True, False, True, False)
        assert editor.overlay.area                   # the selected creature's movement bands
    finally:
        editor.close()
        pygame.quit()


def test_clicks_and_keys_ask_the_sandbox_its_rules_ruler_and_variants(ed):
    from tests.ui.editor_driver import centre, move_to
    click_square(ed, (2, 6))
    key(ed, pygame.K_t)
    click_square(ed, (9, 1))                          # a square threatened by the gnoll: its rule
    assert ed.selected == "tordek" and ed.rules.view.explained
    assert ed.info[:len(ed.rules.view.explanation_lines())] == ed.rules.view.explanation_lines()
    key(ed, pygame.K_BACKSPACE)
    assert not ed.rules.view.explained
    key(ed, pygame.K_u)                               # the ruler from (9, 1) ...
    move_to(ed, centre(ed, (12, 4)))
    assert ed.overlay.ruler[:2] == ((9, 1), (12, 4))
    key(ed, pygame.K_u)
    key(ed, pygame.K_1)                               # a variant, through the document (saved, undoable)
    assert ed.doc.scenario.variants.charge_lane == "swept" and ed.battle.variants.charge_lane == "swept"
    click_square(ed, (2, 6))                          # the selected creature clicked again: let go
    assert ed.selected is None


def test_a_line_of_numbers_is_a_link_that_explains_them(ed):
    import pygame_gui

    from tests.ui.editor_driver import centre, move_to
    drag(ed, [(8, 2), (3, 5)])                        # the gnoll next to Tordek
    click_square(ed, (2, 6))
    move_to(ed, centre(ed, (3, 5)))
    assert ed.rules.links, ed.info
    target, line = next(iter(ed.rules.links.items()))
    assert f'<a href="{target}">' in ed.info_box.html_text
    pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_BOX_LINK_CLICKED, link_target=target,
                                         ui_element=ed.info_box, ui_object_id="text_box"))
    pump(ed)
    assert ed.rules.view.explained == ed.rules.view.numbers[line]


def test_a_new_situation_saves_into_the_player_s_saves_folder_by_default():
    import os
    with opened(Document.empty()) as editor:
        expected = Path(os.environ["CARREAU_DATA_DIR"]) / "saves" / "sandbox.toml"
        assert Path(widget(editor, "path").get_text()) == expected
