"""Computer players with creatures held in a Web spell (SRD Web: glued on a failed save,
loose on a made one): every command they submit is one the engine allows (``play_turn``
raises ``IllegalCommand`` otherwise) — a loose creature walks not, a glued one moves not,
and breaking loose or moving through the web is offered only as the engine says."""
from __future__ import annotations

import pytest

from game.ai.controllers import make_controller, play_turn
from game.world import commands as C
from game.world.components import Spellcasting
from tests.ai.harness import battle, creature

GRID = "\n".join("." * 16 for _ in range(8))


def _webbed(saves: list[int], orcs: int = 2):
    """Mialee casts Web on the orcs (the Reflex save d20s ``saves``, one an orc: 1 glues,
    20 leaves it loose) and ends her turn."""
    places = [(9, 4), (10, 5), (11, 3)]
    b = battle(GRID, creature("mialee", "blue", (1, 4), int=16, hp=12, initiative=20, weapon="dagger"),
               *(creature(f"orc{i + 1}", "red", places[i], hp=30, initiative=10 - i, str=16) for i in range(orcs)))
    sc = b.comp("mialee", Spellcasting)
    sc.prepared.append("web")
    sc.caster_level, sc.caster_class = 3, "wizard"
    ok, refusal, _ = b.act("mialee", "cast", {"spell": "web", "point": [10, 4]}, dice=saves)
    assert ok, refusal
    b.act("mialee", "end_turn")
    return b


@pytest.mark.parametrize("name", ["ai", "random", "scripted"])
def test_creatures_in_a_web_play_their_turns_with_no_refused_command(name):
    b = _webbed([1, 20, 1], orcs=3)
    assert {"glued"} <= b.board().body("orc1").conditions and "glued" not in b.board().body("orc2").conditions
    controllers = {"red": make_controller(name, 3), "blue": make_controller(name, 4)}
    played = []
    while b.winner is None and b.round <= 4:
        who = b.turn
        play_turn(b, who, controllers[b.board().body(who).side],
                  on_decision=lambda decision, events: played.append(decision.command.action))
    assert played
    b.close()


def test_a_creature_loose_in_the_web_works_its_way_toward_its_foe():
    # orc2 made its save (loose, entangled); mialee, out of its reach, is the foe it closes in on
    b = _webbed([1, 20])
    b.act("orc1", "end_turn")
    assert b.turn == "orc2" and not b.options("orc2")["move"].legal
    decision = make_controller("ai:normal", 1).decide(b, "orc2")
    assert decision is not None and decision.why == "WHY_THROUGH_WEB"
    assert b.check(decision.command) is None
    end = decision.command.squares[-1]
    assert abs(end[0] - 1) < abs(10 - 1)                   # toward mialee
    assert "works its way through the web toward" in decision.explain("en", {"mialee": "Mialee"})
    b.close()


def _walled_by_web():
    """Mialee's web across the middle of the field but for its top and bottom rows; the
    fighter on her side, the foe beyond it."""
    from game.world.state import Overlay
    grid = "\n".join("." * 14 for _ in range(7))
    b = battle(grid, creature("tordek", "blue", (1, 3), hp=30, initiative=20, str=16),
               creature("mialee", "blue", (0, 0), int=16, hp=12, initiative=15, weapon="dagger"),
               creature("orc", "red", (12, 3), hp=30, initiative=10, str=16))
    area = tuple((x, y) for x in (5, 6) for y in range(1, 6))
    b.shared.overlays[("web", "mialee")] = Overlay("web", "mialee", area, 10 ** 6, 14)
    b.changed()
    return b, set(area)


def test_it_does_not_walk_into_its_own_side_web_when_closing_in():
    b, web = _walled_by_web()
    decision = make_controller("ai:normal", 1).decide(b, "tordek")
    assert decision is not None and b.check(decision.command) is None
    assert isinstance(decision.command, C.Move)
    assert not web & set(decision.command.squares)          # round the web, not into it


def test_the_easy_level_walks_straight_in():
    b, web = _walled_by_web()
    decision = make_controller("ai:easy", 1).decide(b, "tordek")
    assert isinstance(decision.command, C.Move) and web & set(decision.command.squares)


def test_a_glued_creature_with_no_foe_in_reach_tries_to_break_loose():
    b = _webbed([1, 1])
    assert {"glued"} <= b.board().body("orc1").conditions and {"glued"} <= b.board().body("orc2").conditions
    far = make_controller("ai:normal", 1).decide(b, "orc1")          # mialee is 8 squares off
    assert far is not None and far.why == "WHY_BREAK_FREE" and b.check(far.command) is None
    assert "tries to break loose" in far.explain("en")
    b.close()


def _wizard_and_orcs(fighter_at):
    """Mialee with Web ready, two orcs bunched eight squares off, and Tordek at ``fighter_at``."""
    b = battle(GRID, creature("mialee", "blue", (1, 4), int=16, hp=12, initiative=20, weapon="dagger"),
               creature("tordek", "blue", fighter_at, hp=30, initiative=15, str=16),
               creature("orc1", "red", (10, 4), hp=30, initiative=10, str=16),
               creature("orc2", "red", (10, 5), hp=30, initiative=9, str=16))
    sc = b.comp("mialee", Spellcasting)
    sc.prepared[:] = ["web"]
    sc.caster_level, sc.caster_class = 3, "wizard"
    return b


def _casts_web(b) -> bool:
    decision = make_controller("ai:normal", 1).decide(b, "mialee")
    assert decision is None or b.check(decision.command) is None
    return decision is not None and getattr(decision.command, "spell", None) == "web"


def test_the_wizard_webs_the_orcs_coming_but_not_those_its_fighter_is_about_to_strike():
    assert _casts_web(_wizard_and_orcs(fighter_at=(2, 6)))      # the fighter well back: hold them there
    assert not _casts_web(_wizard_and_orcs(fighter_at=(8, 7)))  # at the web's edge: it would strand him
