"""A disabled creature (0 hit points) may take one move or one standard action a turn; a
standard action costs it 1 hit point after it (digest §8.2), and it is dying. The newcomer
play-test's Lidda withdrew at 0 — a withdraw is a standard action to a creature held to
one — and was dying with no word before the click. The engine's preview notes the strain
(``Recorder.strains``); the window says it as the path or the blow is hovered."""
from __future__ import annotations

import pytest

from game.i18n import sentence
from game.world import commands as C
from game.world.components import HitPoints
from screen_driver import at, click, hover

HALL = """
seed = 2
[map]
grid = \"\"\"
..........
..........
..........
..........
\"\"\"
[[creature]]
id = "lidda"
name_en = "Lidda"
side = "blue"
at = [4, 1]
template = "lidda_1"
initiative = 20

[[creature]]
id = "orc"
name_en = "Orc"
side = "red"
at = [5, 1]
template = "orc"
initiative = 10
"""


def disabled(g):
    g.battle.comp("lidda", HitPoints).current = 0
    g.battle.changed()


def test_the_engine_notes_a_standard_action_at_0_and_not_a_move(screens):
    g = screens(HALL)
    disabled(g)
    b = g.battle
    assert "lidda" in b.preview(C.Withdraw("lidda", squares=((3, 1), (2, 1)))).recorder.strains
    assert "lidda" in b.preview(C.Attack("lidda", target="orc")).recorder.strains
    assert b.preview(C.Move("lidda", squares=((4, 2),))).recorder.strains == []
    b.comp("lidda", HitPoints).current = 5
    b.changed()
    assert b.preview(C.Attack("lidda", target="orc")).recorder.strains == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hovering_a_withdraw_at_0_says_it_costs_a_hit_point(screens, lang):
    g = screens(HALL, lang)
    disabled(g)
    g.draw()
    click(g, next(b.rect for b in g.buttons if b.name == "withdraw").center)
    hover(g, at(g, (2, 1)))
    said = sentence("PATH_STRAINS", {}, lang).strip(" ·")
    assert said in (g.overlay.caption or "")
    before = g.battle.read("lidda", HitPoints).current
    assert before == 0                      # hovering spent nothing
    g.battle.comp("lidda", HitPoints).current = 3
    g.battle.changed()
    hover(g, at(g, (1, 1)))
    hover(g, at(g, (2, 1)))
    assert said not in (g.overlay.caption or "")


def test_the_query_tool_lists_the_strain_in_a_preview(screens):
    import io
    import json

    from game.query import run
    g = screens(HALL)
    disabled(g)
    out = io.StringIO()
    lines = [{"q": "preview", "who": "lidda", "action": "attack", "target": "orc"},
             {"q": "preview", "who": "lidda", "action": "move", "squares": [[4, 2]]}]
    run(g.battle, io.StringIO("\n".join(json.dumps(r) for r in lines) + "\n"), out, lang="en")
    attack, move = (json.loads(line) for line in out.getvalue().splitlines())
    assert attack["strains"] == ["lidda"] and "strains" not in move
