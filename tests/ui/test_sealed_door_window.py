"""A sealed door in the window (French text, "Autres usages de l'énergie positive ou
négative": "une porte magique qui ne s'ouvre que devant un prêtre bon"): the board draws
it with a gold seal, the "More…" menu offers to channel energy at it when ``options``
does, the engine plays it and the log says what the door did in the player's language."""
from __future__ import annotations

import pygame

from tests.ui.test_game_screen import at, click, open_screen

# A level-5 cleric's turning check reaches at least 5 + (1 + 2 - 1) // 3 - 3 = 2 Hit Dice:
# a 1-HD seal answers whatever the die, so the window's own dice decide nothing here.
SHRINE = """
seed = 3
[map]
grid = \"\"\"
#######
#..+..#
#.#.#.#
#.....#
#######
\"\"\"
[[sealed_door]]
at = [3, 1]
hit_dice = 1

[[creature]]
id = "cleric"
name = "Jozan"
side = "blue"
at = [2, 1]
cleric_level = 5
cha = 14
initiative = 20
{evil}

[[creature]]
id = "orc"
name = "Orc"
side = "red"
at = [5, 3]
initiative = 10
"""
SEALED = (3, 1)


def goldish(colour) -> bool:
    r, g, b = colour[:3]
    return r > 180 and g > 130 and b < 110


def _channel_from_the_menu(lang: str, entry: str, evil: bool) -> tuple:
    g = open_screen(SHRINE.replace("{evil}", "evil = 1" if evil else ""), lang)
    try:
        g.handoff = None
        g.refresh()
        g.draw()
        assert g.current == "cleric"
        assert g.view.sealed == {SEALED} and goldish(g.screen.get_at(at(g, SEALED)))     # the seal drawn
        more = next(b for b in g.buttons if b.name == "more")
        click(g, more.rect.center)
        labels = [label for label, _v in g.dialog.choices]
        assert entry in labels, labels
        g.draw()
        click(g, g.dialog.rects[labels.index(entry)].center)
        g.handoff = None
        g.draw()
        last = g.battle.history[-1]
        lines = [text for text, _colour in g.log]
        return last, g.battle.board().terrain.kind(SEALED).id, lines, g.view.sealed, g.screen.get_at(at(g, SEALED))
    finally:
        g.battle.close()
        pygame.quit()


def test_a_good_cleric_opens_the_sealed_door_from_the_more_menu():
    last, kind, lines, sealed, colour = _channel_from_the_menu("en", "Channel energy at the sealed door · to the east",
                                                                evil=False)
    assert last["action"] == "channel_at_door" and last["args"] == {"at": [3, 1]}
    assert kind == "open_door" and sealed == frozenset() and not goldish(colour)
    assert any(line.startswith("Jozan channels positive energy at the sealed door: check")
               and line.endswith("the door opens") for line in lines), lines


def test_an_evil_cleric_shatters_it_and_the_log_says_so_in_french():
    last, kind, lines, sealed, _colour = _channel_from_the_menu("fr", "Canaliser l'énergie sur la porte scellée · à l'est",
                                                                 evil=True)
    assert last["action"] == "channel_at_door" and kind == "floor" and sealed == frozenset()
    assert any(line.startswith("Jozan canalise l'énergie négative sur la porte scellée : test")
               and line.endswith("la porte vole en éclats") for line in lines), lines


def test_the_menu_offers_nothing_to_a_creature_that_cannot_turn():
    g = open_screen(SHRINE.replace("{evil}", "").replace("cleric_level = 5", "cleric_level = 0"), "en")
    try:
        g.handoff = None
        g.refresh()
        g.draw()
        more = next(b for b in g.buttons if b.name == "more")
        click(g, more.rect.center)
        assert g.dialog is None or not any("sealed door" in label for label, _v in g.dialog.choices)
    finally:
        g.battle.close()
        pygame.quit()


def test_a_battle_paused_into_the_sandbox_keeps_the_seals_still_standing():
    """What the seal did goes into the scenario a paused battle becomes."""
    from game.content.scenario import parse_scenario
    from game.engine import Battle
    from game.ui.editor.document import Document
    for evil, opened, row, seals in (("", False, "#..+..#", {SEALED: 1}), ("", True, "#../..#", {}),
                                     ("evil = 1", True, "#.....#", {})):
        b = Battle(parse_scenario(SHRINE.replace("{evil}", evil), "shrine.toml"))
        if opened:
            assert b.act("cleric", "channel_at_door", {"at": list(SEALED)})[0]
        doc = Document.from_battle(b)
        paused = parse_scenario(doc.text(), "paused.toml")
        assert paused.rows[1] == row and paused.sealed_doors == seals
        b.close()
