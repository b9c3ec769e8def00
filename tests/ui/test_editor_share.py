"""Share (issue 13, item 7): a situation built in the sandbox saves to one file that the
sandbox opens again, that ``python -m game query`` answers about and ``render`` draws; the
start menu and ``python -m game edit`` open the sandbox."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pygame
import pytest

from game import cli
from game.engine import Battle
from game.query import run
from game.ui.app import sandbox_document
from game.ui.editor.document import Document
from game.ui.menu import Menu
from game.world import views

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def situation(tmp_path) -> Path:
    doc = Document.empty(10, 8)
    assert doc.paint([(4, 3), (4, 4)], "=") is None
    assert doc.place("ogre", "red", (5, 2), "Ogre")[0] is None
    assert doc.place("tordek_1", "blue", (2, 3), "Tordek")[0] is None
    assert doc.set_variant("reach_diagonal_exception", False) is None
    path = tmp_path / "dispute.toml"
    assert doc.save(path) is None
    return path


def test_the_file_opens_in_the_sandbox_identically(situation):
    saved = Document.open(situation).scenario
    assert [c.id for c in saved.creatures] == ["ogre_1", "tordek_1"]
    assert saved.rows[3][4] == "=" and saved.variants.reach_diagonal_exception is False


def test_query_answers_about_the_saved_situation(situation):
    battle = Battle(Document.open(situation).scenario)
    out = io.StringIO()
    try:
        assert run(battle, io.StringIO('{"q": "threatened", "by": "ogre_1"}\n'), out) == 0
        answer = json.loads(out.getvalue())
        assert {tuple(s) for s in answer["squares"]} == set(views.threatened(battle, "ogre_1"))
        assert answer["squares"]
    finally:
        battle.close()


def test_render_draws_the_saved_situation(situation, tmp_path):
    png = tmp_path / "dispute.png"
    assert cli.main(["render", str(situation), "--out", str(png), "--threat", "ogre_1"]) == 0
    pygame.init()
    assert pygame.image.load(str(png)).get_size()[0] > 0
    pygame.quit()


def test_edit_refuses_a_bad_file_in_one_line(capsys, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[map]\ngrid = """\n..X\n"""\n', encoding="utf-8")
    assert cli.main(["edit", str(bad)]) == 2
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "unknown map character 'X'" in out and str(bad) in out
    with pytest.raises(SystemExit):
        cli.main(["edit", "--nonsense"])


def test_the_start_menu_opens_the_selected_map_in_the_sandbox_with_its_variants():
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    try:
        menu = Menu(screen, "en")
        menu.draw()
        lane = next(r for kind, value, r in menu.rects if kind == "variant" and value == "lane")
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=lane.center))
        for event in pygame.event.get():
            menu.handle(event)
        menu.draw()
        sandbox = next(r for kind, value, r in menu.rects if kind == "sandbox" and value == "map")
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=sandbox.center))
        for event in pygame.event.get():
            menu.handle(event)
        assert menu.chosen and menu.sandbox == menu.entries[menu.selected][0]
        doc = sandbox_document(menu)
        assert doc.scenario.rows == menu.scenario().rows
        assert doc.scenario.variants.charge_lane == "swept" and doc.undo_stack == []
        empty = next(r for kind, value, r in menu.rects if kind == "sandbox" and value == "empty")
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=empty.center))
        for event in pygame.event.get():
            menu.handle(event)
        assert menu.sandbox == "" and sandbox_document(menu).scenario.creatures == []
    finally:
        pygame.quit()
