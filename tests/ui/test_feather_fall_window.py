"""Feather Fall in the window (issue 11): French text, "Action immédiate", « une action
immédiate peut être entreprise à tout moment (même hors du tour de jeu du personnage) ».
The caster's player is asked before a command that may make a creature fall — behind a
hand-off when the command is another player's — and the answer plays with the command;
on the caster's own turn the spell shows in its list, greyed with the engine's reason."""
from __future__ import annotations

import pygame

from game.world.commands import Attack
from game.world.components import HitPoints, Spellcasting, Stats
from tests.ui.test_game_screen import click, open_screen, ready

CLIFF = """
seed = 3
[map]
grid = \"\"\"
.......
...^...
.......
.......
.......
\"\"\"
[[creature]]
id = "hero"
name = "Tordek"
side = "blue"
at = [2, 1]
hp = 30
initiative = 20

[[creature]]
id = "wiz"
name = "Mialee"
side = "blue"
at = [1, 4]
hp = 10
int = 16
initiative = 15

[[creature]]
id = "archer"
name = "Archer"
side = "red"
at = [6, 4]
weapon = "shortbow"
bab = 20
initiative = 10
"""


def cliff():
    g = open_screen(CLIFF)
    b = g.battle
    sc = b.comp("wiz", Spellcasting)
    sc.prepared.append("feather_fall")
    sc.caster_level, sc.caster_class = 3, "wizard"
    assert b.act("hero", "climb", {"squares": [[3, 1]]}, dice=[20])[0]
    b.comp("hero", Stats).values["climb"] = -30          # any Climb check now fails by 5 or more
    return g


def test_the_casters_player_is_asked_behind_a_hand_off_and_the_fall_does_no_damage():
    g = cliff()
    b = g.battle
    try:
        assert b.act("hero", "end_turn")[0] and b.act("wiz", "end_turn")[0] and b.turn == "archer"
        g.handoff = None
        g.draw()
        assert g.submit(Attack("archer", target="hero"))
        # hot seat keeps secrets: the wizard's player (blue) takes the screen for the question
        assert g.handoff == "blue" and g.handoff_for == "wiz" and g.dialog is None and len(b.history) == 3
        ready(g)
        assert g.dialog is not None and [label for label, _v in g.dialog.choices] == ["yes", "no"]
        assert g.dialog.yes_no                            # yes first, as every yes-or-no question
        assert "Mialee" in g.dialog.text and "Tordek" in g.dialog.text and "Feather Fall" in g.dialog.text
        yes = next(r for r, (label, _v) in zip(g.dialog.rects, g.dialog.choices) if label == "yes")
        click(g, yes.center)
        assert g.handoff == "red"                          # handed back before the shot plays
        ready(g)
        played = b.history[-1]
        assert played["action"] == "attack" and played["args"]["feather_fall"] == [["wiz", "hero"]]
        logged = " / ".join(line for line, _c in g.log)
        assert "Mialee casts Feather Fall" in logged and "no damage from the fall" in logged
        assert "feather_fall" not in b.read("wiz", Spellcasting).prepared
        assert "prone" not in b.board().body("hero").conditions
        hp = b.read("hero", HitPoints)
        assert hp.current >= 30 - 6                        # at most the arrow's 1d6
    finally:
        b.close()
        pygame.quit()


def test_on_its_own_turn_the_spell_list_shows_it_greyed_with_the_engines_reason():
    g = cliff()
    b = g.battle
    try:
        assert b.act("hero", "end_turn")[0] and b.turn == "wiz"
        g.handoff = None
        g.draw()
        entries = {label: value for label, value, _tip in g.aim.entries("wiz")}
        greyed = [(label, value) for label, value in entries.items() if label.startswith("Feather Fall")]
        assert greyed and greyed[0][0] == "Feather Fall (1st, 1 left) — as a creature falls"
        assert greyed[0][1][0] == "refused" and "its caster is asked then" in greyed[0][1][1]
    finally:
        b.close()
        pygame.quit()
