"""Play-test (issue 14): the log said "Wolf 1 is dying (-1 hp)" then "Wolf 1: dying",
"Wolf 1: helpless", "Wolf 1: prone", "Wolf 1: unconscious"; and "grapple: …", "trip: …",
"critical threat …" began with a small letter. Played through the window's buttons."""
from __future__ import annotations

import pygame
import pytest
from test_game_screen import at, click, click_button, open_screen

from game.i18n import sentence

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


def test_a_computer_creatures_action_is_named_once_in_the_log():
    """The play-test's oak clearing, all sides the computer's: each action read three
    times ("Gnoll (computer), Move: …", "Gnoll — Move (move action)", "Gnoll moves 30 ft");
    the reason names the action, so the second line is not said."""
    from pathlib import Path

    from game.content.scenario import load_scenario
    from game.engine import Battle
    from game.ui.game_screen import GameScreen
    path = Path(__file__).resolve().parents[2] / "maps" / "forest_clearing.toml"
    pygame.display.init()
    g = GameScreen(Battle(load_scenario(path)), pygame.display.set_mode((1280, 800)), "en",
                   control={"blue": "ai:normal", "red": "ai:normal", "green": "ai:normal"})
    try:
        g.animation_speed = "off"
        while g.battle.round < 3 and g.battle.winner is None:
            for event in pygame.event.get():
                g.handle(event)
            g.update(50)
            g.draw()
        texts = [text for text, _c in g.log]
        reasons = [i for i, t in enumerate(texts) if " (computer), " in t]
        assert len(reasons) > 8
        for i in reasons:
            who = texts[i].split(" (computer), ")[0]
            assert not (i + 1 < len(texts) and texts[i + 1].startswith(f"{who} — ")), texts[i:i + 2]
        assert any(" moves " in t for t in texts)          # what the action did is still told
    finally:
        g.battle.close()
        pygame.quit()


@pytest.mark.parametrize("status, french", [("dying", "Mialee est à l'agonie (-8 pv)"), ("dead", "Mialee meurt (-12 pv)"),
                                             ("disabled", "Mialee est hors de combat (0 pv)")])
def test_a_french_state_line_needs_no_grammatical_gender(status, french):
    """Play-tests: "Araignée monstrueuse est mourant (-8 pv)", then "Mialee — état : mort":
    the status words are the French 3.5 terms, masculine adjectives, and the data has no
    gender for creatures: the state is said with a verb or a phrase that agrees with no
    one ("meurt", "est à l'agonie"), right for any creature; English as before."""
    from game.ui.combat_log import lines
    from game.world.events import HealthChanged
    hp = {"dying": -8, "dead": -12, "disabled": 0}[status]
    event = [HealthChanged(who="s", hp=hp, nonlethal=0, status=status)]
    said = [text for text, _c in lines(event, {"s": "Mialee"}, "fr")]
    assert said == [french]
    assert not any(word in said[0].split() for word in ("mort", "mourant", "état"))
    assert [text for text, _c in lines(event, {"s": "Mialee"}, "en")] == [f"Mialee is {status} ({hp} hp)"]


def test_a_dying_creatures_roll_says_no_adjective_in_french():
    assert sentence("LOG_DYING_WORSE", {"name": "Lidda", "d100": 57}, "fr").startswith("Lidda, à l'agonie, lance 1d100")


def test_a_dying_creatures_roll_is_said_with_its_die():
    """Play-test: at a dying creature's turn only "Corwin is dying (−2 hp)" was said; its
    d100 (decisions §6: 10 or less, stable; else 1 hit point lost) is said with its die,
    as every other roll is, in both languages."""
    from game.content.scenario import parse_scenario
    from game.engine import Battle
    from game.ui.combat_log import lines
    from game.world.components import HitPoints
    from game.world.damage import sync_health
    for d100, code in ((57, "LOG_DYING_WORSE"), (7, "LOG_DYING_STABLE")):
        # a second orc far off keeps the Reds in the battle while the first lies dying
        text = CLOSE + '[[creature]]\nid = "orc_2"\nside = "red"\nat = [9, 2]\ninitiative = 5\n'
        battle = Battle(parse_scenario(text, "close.toml"))
        try:
            battle.comp("orc", HitPoints).current = -2
            sync_health(battle, "orc")
            ok, refusal, events = battle.act("hero", "end_turn", dice=[d100])     # the orc's turn: its roll
            assert ok, refusal
            for lang in ("en", "fr"):
                said = [text for text, _c in lines(events, {"orc": "Orc", "hero": "Aldric"}, lang)]
                assert sentence(code, {"name": "Orc", "d100": d100}, lang) in said, said
        finally:
            battle.close()
