"""Play-test (issue 14): the log said "Wolf 1 is dying (-1 hp)" then "Wolf 1: dying",
"Wolf 1: helpless", "Wolf 1: prone", "Wolf 1: unconscious"; and "grapple: …", "trip: …",
"critical threat …" began with a small letter. Played through the window's buttons."""
from __future__ import annotations

import pygame
from test_game_screen import at, click, click_button, open_screen

CLOSE = """
seed = 3
[map]
grid = \"\"\"
..........
..........
..........
\"\"\"
[[creature]]
id = "hero"
name = "Aldric"
side = "blue"
at = [1, 1]
weapon = "longsword"
initiative = 20

[[creature]]
id = "orc"
name = "Orc"
side = "red"
at = [2, 1]
weapon = "club"
hp = 2
initiative = 10
"""


def test_a_creature_falling_dying_is_said_dying_once():
    """Seeds until the blow drops the orc dying (the window's dice are its own)."""
    for seed in range(1, 40):
        g = open_screen(CLOSE.replace("seed = 3", f"seed = {seed}"))
        try:
            g.handoff = None
            g.animation_speed = "off"
            click_button(g, "attack")
            click(g, at(g, (2, 1)))
            texts = [text for text, _c in g.log]
            assert not [t for t in texts if t.startswith("Orc: ")], texts       # no "Orc: helpless", "Orc: prone" …
            if g.battle.board().body("orc").conditions >= {"prone", "dying"}:
                assert len([t for t in texts if t.startswith("Orc is dying")]) == 1, texts
                return
        finally:
            g.battle.close()
            pygame.quit()
    raise AssertionError("no seed dropped the orc dying")


def test_a_trip_and_a_critical_begin_with_a_capital():
    from game.ui import combat_log
    from game.world.events import CriticalConfirmed, OpposedCheck
    names = {"hero": "Aldric", "orc": "Orc"}
    for lang in ("en", "fr"):
        trip = OpposedCheck(kind="trip", attacker="hero", defender="orc", attacker_d20=10, attacker_total=13,
                            defender_d20=4, defender_total=6, winner="hero")
        crit = CriticalConfirmed(attacker="hero", target="orc", d20=18, total=23, confirmed=True)
        for text, _colour in combat_log.lines([trip, crit], names, lang):
            assert text[:1].isupper(), (lang, text)


def test_a_french_condition_that_ends_reads_whatever_its_word():
    """« Gobelin 1 : n'est plus charge » (a noun after « n'est plus »): the end of any
    condition, a noun or an adjective, reads « Gobelin 1 : charge (fin) »."""
    from game.ui import combat_log
    from game.world.events import ConditionEnded
    names = {"goblin": "Gobelin 1"}
    said = [text for text, _c in combat_log.lines([ConditionEnded(who="goblin", condition="charging"),
                                                   ConditionEnded(who="goblin", condition="prone")], names, "fr")]
    assert said == ["Gobelin 1 : charge (fin)", "Gobelin 1 : à terre (fin)"]
