"""The tactical player's third pass of judgement (issue 12, item 2), each in a small
scenario where the sensible choice is clear and every choice is one the engine passes:
a melee weapon is not hurled for a scratch, a wizard aims past her own fighters, steps
aside to a square her spells reach from, a cleric with no free hand is no caster that
keeps its distance, and a blow likely to drop the foe beside it is not weighed as if that
foe would answer in full."""
from __future__ import annotations

from harness import battle, creature

from game.ai.controllers import make_controller
from game.ai.sense import Situation
from game.world import commands as C
from game.world.components import HitPoints, Spellcasting

OPEN = "\n".join("." * 16 for _ in range(9))


def decide(b, who, level="normal"):
    decision = make_controller(f"ai:{level}").decide(b, who)
    if decision is not None:
        assert b.check(decision.command) is None          # only what the engine offers
    return decision


def wizard(b, cid="ai", spells=("magic_missile", "magic_missile")):
    sc = b.comp(cid, Spellcasting)
    sc.prepared.extend(spells)
    sc.caster_level, sc.caster_class = 3, "wizard"


def test_a_gladiator_does_not_hurl_his_only_trident_at_a_far_foe():
    # The trident can be thrown (the engine offers the throw as a full attack), but a
    # trident hurled at a foe seven squares off leaves him empty-handed: he goes in.
    b = battle(OPEN, creature("ai", "blue", (1, 4), initiative=20, hp=20, bab=2, str=14, weapon="trident"),
               creature("foe", "red", (8, 4), hp=20))
    assert b.options("ai")["full_attack"].legal              # the throw is offered: judgement declines it
    d = decide(b, "ai")
    assert isinstance(d.command, (C.Charge, C.Move)), d


def test_a_wizard_aims_past_the_friends_around_her():
    # Four friends nearer than the foe: the engine's own aims are all at them; she still
    # finds the foe beyond and strikes it.
    b = battle(OPEN, creature("ai", "blue", (1, 4), initiative=20, int=16, hp=8, weapon="quarterstaff"),
               *(creature(f"f{i}", "blue", (2, 2 + i), hp=10) for i in range(4)),
               creature("foe", "red", (12, 4), hp=20))
    wizard(b)
    aims = b.options("ai")["cast"].domain["uses"]["magic_missile"]
    assert all("foe" not in aim["targets"] for aim in aims)
    d = decide(b, "ai")
    assert isinstance(d.command, C.Cast) and d.command.targets == ("foe",), d


WALL = """
................
................
.....#..........
.....#..........
.....#..........
.....#..........
.....#..........
................
................
"""


def test_a_wizard_with_no_line_steps_to_a_square_her_spell_reaches_from():
    b = battle(WALL, creature("ai", "blue", (4, 4), initiative=20, int=16, hp=8, weapon="quarterstaff"),
               creature("foe", "red", (15, 4), hp=20))
    wizard(b)
    assert b.check(C.Cast("ai", spell="magic_missile", targets=("foe",))) is not None     # the wall
    d = decide(b, "ai")
    assert isinstance(d.command, C.Move) and d.why == "WHY_CASTING_SQUARE", d
    b.act(d.command)
    assert b.check(C.Cast("ai", spell="magic_missile", targets=("foe",))) is None
    then = decide(b, "ai")
    assert isinstance(then.command, C.Cast), then
    assert "Magic Missile reaches foe" in d.explain("en") and "atteigne" in d.explain("fr")


def test_a_cleric_with_no_free_hand_does_not_keep_its_distance():
    b = battle(OPEN, creature("ai", "blue", (1, 4), initiative=20, wis=16, hp=12, weapon="heavy_mace",
                              shield="heavy_steel_shield"),
               creature("foe", "red", (12, 4), hp=20))
    sc = b.comp("ai", Spellcasting)
    sc.prepared.extend(["hold_person"])
    sc.caster_level, sc.caster_class = 3, "cleric"
    cast = b.options("ai")["cast"]
    assert not cast.legal and cast.refusal.code == "SPELL_NEEDS_A_FREE_HAND"
    assert not Situation(b, "ai").keeps_distance
    b.comp("ai", Spellcasting).prepared.clear()
    b2 = battle(OPEN, creature("ai", "blue", (1, 4), initiative=20, int=16, hp=8, weapon="quarterstaff"),
                creature("foe", "red", (12, 4), hp=20))
    wizard(b2)
    assert Situation(b2, "ai").keeps_distance             # a wizard with a hand free still does


def test_a_hurt_fighter_strikes_the_nearly_dead_foe_rather_than_cower():
    # Both badly hurt, side by side; its full attack is likely to drop the foe, who then
    # strikes nobody: fighting defensively or total defense only put off the end.
    b = battle(OPEN, creature("ai", "blue", (5, 4), initiative=20, hp=20, bab=6, str=16),
               creature("foe", "red", (6, 4), hp=20, bab=6, str=16),
               creature("foe2", "red", (5, 5), hp=20, bab=1))
    b.comp("ai", HitPoints).current = 4
    b.comp("foe", HitPoints).current = 2
    for _turn in range(3):
        b.act(b.turn, "end_turn")
    assert b.turn == "ai"
    d = decide(b, "ai")
    assert isinstance(d.command, (C.FullAttack, C.Attack)) and not d.command.defensively, d
    assert d.params["target"] == "foe"
