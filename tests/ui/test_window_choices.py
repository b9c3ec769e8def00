"""The window's choices inside a full attack and a grapple (issue 14, item 4), driven by
posted clicks: the 5-ft step between two attacks of a full attack, Cleave's extra foe
asked before the blow, and in a grapple of several the opponent each option is aimed at."""
from __future__ import annotations

import pygame
import pytest

from game.world.components import Conditions, Grapple
from tests.ui.screen_driver import decline
from tests.ui.test_game_screen import MELEE, at, click, click_button, open_screen, pump

NAMED = MELEE.replace('id = "orc_a"\n', 'id = "orc_a"\nname = "Orc"\n').replace('id = "orc_b"\n',
                                                                               'id = "orc_b"\nname = "Orc"\n')


def screen(text: str):
    g = open_screen(text)
    g.handoff = None
    g.draw()
    return g


@pytest.fixture
def melee():
    g = screen(NAMED)
    yield g
    g.battle.close()
    pygame.quit()


def enter(g):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    pump(g)


def test_a_full_attack_takes_its_5_ft_step_between_two_attacks(melee):
    g = melee
    click_button(g, "full_attack")
    assert not any(m == "5ft" for m in g.overlay.bands.values())     # no step before a foe is chosen
    click(g, at(g, (2, 1)))                                          # attack 1 at Orc 1
    shown = {sq for sq, m in g.overlay.bands.items() if m == "5ft"}
    offered = {(x, y) for x, y, _m in g.battle.options("hero")["five_foot_step"].domain["squares"]}
    assert (0, 0) in shown and shown <= offered                      # the engine's squares, shaded
    click(g, at(g, (6, 3)))                                          # too far: not a step
    assert g.plan == ["orc_a"]
    click(g, at(g, (1, 0)))                                          # the step, before attack 2
    assert len(g.plan) == 2 and not g.battle.history
    assert not any(m == "5ft" for m in g.overlay.bands.values())     # one step a round
    click(g, at(g, (1, 2)))      # Orc 2 is out of reach from (1, 0): the engine says so, not planned
    assert len(g.plan) == 2 and "out of reach" in g.log[-1][0]
    click(g, at(g, (2, 1)))
    enter(g)
    command = g.battle.history[-1]
    assert command["action"] == "full_attack"
    assert command["args"]["targets"] == ["orc_a", {"five_foot_step": [1, 0]}, "orc_a"]
    assert g.battle.board().body("hero").pos == (1, 0)


def test_cleave_asks_which_foe_to_strike_if_the_first_drops():
    g = screen(NAMED.replace("speed = 9\n", 'speed = 9\nfeats = ["cleave"]\n', 1)
               .replace("hp = 200\ninitiative = 10", "hp = 4\ninitiative = 10"))
    click_button(g, "attack")
    click(g, at(g, (2, 1)))
    assert g.dialog is not None and [label for label, _v in g.dialog.choices] == ["No extra attack", "Orc 2"]
    click(g, g.dialog.rects[1].center)
    while g.dialog is not None:                                  # attacks of opportunity, if any: declined
        decline(g)
    command = g.battle.history[-1]
    assert command["action"] == "attack" and command["args"]["cleave"] == ["orc_b"]
    rolled = [line for line, _c in g.log if "→ Orc 2" in line]
    assert rolled                                                # Orc 1 dropped: the extra blow went to Orc 2
    g.battle.close()
    pygame.quit()


def test_a_grappler_holding_two_picks_the_opponent_of_each_option(melee):
    g = melee
    for a, b in (("hero", "orc_a"), ("hero", "orc_b")):
        for cid, other in ((a, b), (b, a)):
            g.battle.comp(cid, Grapple).holding.add(other)
            g.battle.comp(cid, Conditions).ids.add("grappling")
    g.battle.changed()
    click_button(g, "more")
    labels = [label for label, _v in g.dialog.choices]
    assert "Pin · Orc 1" in labels and "Pin · Orc 2" in labels
    assert "Grapple: lethal damage (-4) · Orc 2" in labels
    pin = next(r for r, (label, _v) in zip(g.dialog.rects, g.dialog.choices) if label == "Pin · Orc 2")
    click(g, pin.center)
    while g.dialog is not None:                                  # keep it able to speak: "no" to silencing
        decline(g)
    command = g.battle.history[-1]
    assert command["action"] == "pin" and command["args"]["target"] == "orc_b"


def test_cleave_is_asked_by_the_engine_only_where_reach_is_known_and_great_cleave_chains():
    from game.world import commands as C
    from game.world.asking import questions
    g = screen(NAMED.replace("speed = 9\n", 'speed = 9\nfeats = ["cleave", "great_cleave"]\n', 1))
    b = g.battle

    def asked(command):
        return [q for q in questions(b, b.preview(command)) if q.argument == "cleave"]
    plain = asked(C.Attack("hero", target="orc_a"))
    assert plain and plain[0].choices == ((), ("orc_b",))         # none first: the command unchanged
    both = asked(C.FullAttack("hero", targets=(C.Strike("orc_a"), C.Strike("orc_b"))))
    assert both[0].choices == ((), ("orc_a", "orc_b"), ("orc_b", "orc_a"))   # each first, then the others
    assert not asked(C.FullAttack("hero", targets=(C.Strike("orc_a"), C.StepTo((1, 0)), C.Strike("orc_a"))))
    g.battle.close()
    pygame.quit()
