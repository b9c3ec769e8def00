"""The window decides no rule (issue 10, item 3): every button is greyed with the very
sentence ``options`` gives, a refused command is refused with the engine's sentence before
any question, and what looked wrong before — a surprise-round charge greyed though legal,
a trip out of reach asking questions first, a fireball whose area looked fine until the
click — now says what the engine says."""
from __future__ import annotations

import pygame
import pytest

from game.i18n import sentence
from tests.boards import open_grid, scenario_text
from tests.ui.test_game_screen import MELEE, at, click, click_button, pump

SURPRISE = scenario_text(
    open_grid(12, 3),
    {"id": "hero", "side": "blue", "at": [0, 1], "weapon": "longsword", "initiative": 20},
    {"id": "orc", "side": "red", "at": [7, 1], "weapon": "club", "hp": 30, "surprised": True, "initiative": 5},
    seed=2)

FIREBALL = scenario_text(
    """
............
............
.....#......
.....#......
............
""",
    {"id": "mage", "side": "blue", "at": [1, 2], "caster_class": "wizard", "caster_level": 5, "spells": ["fireball"],
     "initiative": 20},
    {"id": "orc", "side": "red", "at": [10, 2], "weapon": "club", "initiative": 5},
    seed=4)


def _reasons(g) -> dict[str, str]:
    g.draw()
    return {name: why for name, _rect, _enabled, why in g.buttons}


@pytest.mark.parametrize("text", [MELEE, SURPRISE, FIREBALL])
def test_every_greyed_button_shows_the_engines_own_sentence(screens, text):
    g = screens(text)
    options = g.battle.options(g.current)
    reasons = _reasons(g)
    for name in ("five_foot_step", "attack", "full_attack", "total_defense", "stand_up", "drop_prone", "trip",
                 "bull_rush", "disarm", "grapple", "delay", "end_turn"):
        option = options[name]
        expected = "" if option.legal else sentence(option.refusal.code, option.refusal.params, "en")
        who = g.names[g.current]          # a leading "It" names the creature (play-test, issue 14)
        expected = f"{who}'s {expected[4:]}" if expected.startswith("Its ") else \
            f"{who} {expected[3:]}" if expected.startswith("It ") else expected
        assert reasons[name] == expected, name


def test_a_surprise_round_charge_is_offered_and_played_as_the_engine_allows(screens):
    """In a surprise round one standard action: the engine allows a charge at speed; the
    window used to grey it."""
    g = screens(SURPRISE)
    assert g.battle.surprise_round
    assert g.battle.options("hero")["charge"].legal
    assert _reasons(g)["charge"] == ""
    click_button(g, "charge")
    click(g, at(g, (7, 1)))
    if g.squares_asked:                                          # tied spaces: click one
        click(g, at(g, g.squares_asked[0][0]))
    while g.dialog is not None:
        click(g, g.dialog.rects[0].center)
    assert g.battle.history and g.battle.history[-1]["action"] == "charge", g.log[-3:]


def test_a_trip_out_of_reach_is_refused_before_any_question(screens):
    g = screens(MELEE.replace('at = [2, 1]', 'at = [6, 1]'))      # orc_a far away
    click_button(g, "trip")
    click(g, at(g, (6, 1)))
    assert g.dialog is None                                      # no counter-trip question asked
    assert not g.battle.history
    refusal = g.battle.check(g.battle.command("hero", "trip", {"target": "orc_a"}))
    assert refusal.code == "OUT_OF_REACH"
    assert g.log[-1][0] == g.say(refusal) == "hero's weapon does not reach orc_a: out of reach."   # whose weapon, named


def test_a_fireball_behind_a_wall_says_so_while_aiming(screens):
    g = screens(FIREBALL)
    click_button(g, "cast")
    click(g, g.dialog.rects[0].center)                           # fireball
    assert g.mode == "cast"
    behind = at(g, (8, 3))
    corner = (behind[0] - g.cam.cell // 2, behind[1] - g.cam.cell // 2)   # the intersection at (8, 3)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=corner, rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)
    refusal = g.battle.check(g.battle.command("mage", "cast", {"spell": "fireball", "point": [8, 3]}))
    assert refusal is not None and g.overlay.reach                # the area is drawn, and refused
    # the caption names the spell aimed (play-test 41), then the engine's refusal
    assert g.overlay.caption == "Aiming Fireball · " + sentence(refusal.code, refusal.params, "en")


def test_the_ui_imports_no_rule_of_the_engine():
    """The window reads the engine's faces and views, never its rules or action code."""
    import ast
    from pathlib import Path
    allowed_rules = {"game.rules.board", "game.rules.geometry"}
    # the map editor lists the rules' catalogues (the conditions, sizes and map characters
    # a scenario may name); it decides nothing either
    catalogues = {"game.rules.conditions", "game.rules.sizes", "game.rules.terrain"}
    ui = Path(__file__).resolve().parents[2] / "game" / "ui"
    for path in sorted(ui.glob("*.py")) + sorted((ui / "editor").glob("*.py")):
        editor = path.parent.name == "editor"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                base = {0: "", 1: "game.ui.editor." if editor else "game.ui.", 2: "game.ui." if editor else "game.",
                        3: "game."}[node.level]
                name = base + node.module
                assert not name.startswith("game.world.actions"), (path.name, name)
                assert not name.startswith("game.world.components"), (path.name, name)
                if name.startswith("game.rules"):
                    assert name in allowed_rules | (catalogues if editor else set()), (path.name, name)


THREATENED_MAGE = scenario_text(
    open_grid(10, 3),
    {"id": "mage", "name": "Mialee", "side": "blue", "at": [1, 1], "caster_class": "wizard",
     "caster_level": 3, "int": 16, "spells": ["magic_missile", "shocking_grasp"], "weapon": "longsword",
     "initiative": 20},
    {"id": "orc", "name": "Grosbras", "side": "red", "at": [2, 1], "weapon": "greataxe", "hp": 30, "initiative": 5},
    seed=6)


def _choose(g, predicate):
    g.draw()
    rect = next(r for r, (label, value) in zip(g.dialog.rects, g.dialog.choices) if predicate(label, value))
    click(g, rect.center)


def test_casting_defensively_asks_no_more_about_an_attack_of_opportunity(screens):
    """The questions are asked again after each answer: cast defensively, and the casting
    provokes nothing, so the orc's player is not asked."""
    g = screens(THREATENED_MAGE)
    click_button(g, "cast")
    _choose(g, lambda _label, value: value == ("spell", "magic_missile"))
    click(g, at(g, (2, 1)))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))    # one target is enough
    pump(g)
    assert g.dialog is not None and "defensively" in g.dialog.text
    _choose(g, lambda _label, value: value is True)
    assert g.dialog is None                                      # no attack-of-opportunity question
    assert g.battle.history[-1]["args"]["defensively"] is True


def test_a_spell_the_engine_would_refuse_is_listed_with_its_reason_and_not_aimed(screens):
    """A wizard with a sword in one hand and a heavy shield on the other arm has no hand
    free for the gestures: a stilled spell can be cast, the other is listed with the reason
    (the click would be refused); with no spell at all castable the button still opens the
    list, which offers what frees a hand (play-test, issue 14), and says why on hover."""
    hands_full = THREATENED_MAGE.replace('weapon = "longsword"', 'weapon = "longsword"\nshield = "heavy_steel_shield"')
    g = screens(hands_full)
    assert _reasons(g)["cast"] == "" and "free hand" in g.notes["cast"]
    click_button(g, "cast")
    assert any(value[0] == "fix" for _label, value in g.dialog.choices)
    g.dialog = None
    g = screens(hands_full.replace('spells = ["magic_missile", "shocking_grasp"]',
                                   'spells = ["stilled:magic_missile", "shocking_grasp"]\nfeats = ["still_spell"]'))
    click_button(g, "cast")
    labels = [label for label, _value in g.dialog.choices]
    refused = [value for _label, value in g.dialog.choices if value[0] == "refused"]
    assert refused and all(" — " in label for label, value in g.dialog.choices if value[0] == "refused")
    _choose(g, lambda _label, value: value[0] == "refused")
    assert g.mode != "cast" and g.log[-1][0] == refused[0][1] and labels


def test_refusals_name_creatures_as_the_players_know_them(screens):
    g = screens(THREATENED_MAGE.replace('at = [2, 1]', 'at = [8, 2]'))
    reasons = _reasons(g)
    assert "Grosbras" in reasons["attack"] and "orc" not in reasons["attack"]       # greyed, by name


def test_escape_with_nothing_chosen_asks_before_leaving(screens):
    """Esc with nothing to cancel opens the pause menu (issue 14); leaving from it is asked."""
    from tests.ui.menus_driver import press
    g = screens(MELEE)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    pump(g)
    assert g.running and g.pause.name == "pause"
    press(g, g.pause.page, "quit")
    assert g.running and g.pause.name == "confirm"
    press(g, g.pause.page, "yes")
    assert not g.running


def _aoo_question(g) -> str:
    """The attack-of-opportunity question put to the orc's player (past the hand-off)."""
    if g.handoff is not None:
        click(g, (10, 10))
        g.draw()
    assert g.dialog is not None
    return g.dialog.text


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_attack_of_opportunity_question_says_what_provoked_it(screens, lang):
    """Play-test: a move away from a foe was asked about as "a distracting action". The
    question names what provoked: leaving a threatened square, casting a spell."""
    g = screens(THREATENED_MAGE, lang)
    click_button(g, "move")
    click(g, at(g, (0, 1)))
    why = sentence("UI_AOO_WHY_MOVE", {}, lang)
    assert why in _aoo_question(g) and "Grosbras" in g.dialog.text and not g.battle.history
    g = screens(THREATENED_MAGE, lang)
    click_button(g, "cast")
    _choose(g, lambda _label, value: value == ("spell", "magic_missile"))
    click(g, at(g, (2, 1)))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    pump(g)
    _choose(g, lambda _label, value: value is False)            # not defensively: it provokes
    assert sentence("UI_AOO_WHY_CAST", {}, lang) in _aoo_question(g)


def test_a_dagger_thrown_from_beside_a_foe_is_said_thrown():
    """Review: a thrown melee weapon's attack of opportunity read "a distracting action"."""
    from game.content.scenario import parse_scenario
    from game.engine import Battle
    from game.ui.orders import aoo_why
    from game.world import commands as C
    text = scenario_text(open_grid(10, 3),
                         {"id": "lidda", "side": "blue", "at": [1, 1], "weapon": "dagger", "initiative": 20},
                         {"id": "orc", "side": "red", "at": [2, 1], "weapon": "greataxe", "initiative": 5},
                         {"id": "far", "side": "red", "at": [7, 1], "weapon": "club", "initiative": 4}, seed=2)
    b = Battle(parse_scenario(text, "thrown.toml"))
    try:
        assert aoo_why(b, C.Attack("lidda", target="far"), "lidda") == "UI_AOO_WHY_THROW"
        assert aoo_why(b, C.Move("lidda", squares=((0, 1),)), "lidda") == "UI_AOO_WHY_MOVE"
        seen = b.preview(C.Attack("lidda", target="far"))
        assert seen.legal and [t for t, _p, _a in seen.recorder.opportunities] == ["orc"]     # it does provoke
    finally:
        b.close()
