"""Readying, loosing and dropping a shield (French text, "préparer ou détacher un
bouclier": "S'attacher un bouclier au bras pour qu'il confère un bonus à la CA, ou détacher
et lâcher un bouclier pour avoir une main libre pour autre chose, nécessite une action de
mouvement [...] Lâcher un bouclier qu'on tient à la main (sans qu'il soit attaché) est une
action libre"; SRD: "Dropping a carried (but not worn) shield is a free action")."""
from __future__ import annotations

from combat_helpers import battle, creature, first, types

from game.world.components import Hands
from game.world.worn import armour_check_penalty

OPEN = "\n".join("." * 10 for _ in range(6))


def field():
    return battle(OPEN, creature("f", "blue", (2, 2), weapon="longsword", shield="heavy_steel_shield", initiative=20),
                  creature("o", "red", (3, 2), initiative=10, weapon="club", hp=30))


def test_a_strapped_shield_is_loosed_first_then_dropped_as_a_free_action():
    b = field()
    before = b.state()
    ok, refusal, _ = b.act("f", "drop_shield")
    assert not ok and refusal.code == "SHIELD_STRAPPED_ON" and b.state() == before
    assert b.options("f")["drop_shield"].refusal.code == "SHIELD_STRAPPED_ON"
    assert b.act("f", "loose_shield")[0]                                  # "détacher": a move action
    assert b.options("f")["drop_shield"].legal
    ok, refusal, ev = b.act("f", "drop_shield")
    assert ok, refusal
    assert first(ev, "ActionTaken").kind == "free" and "AttackRolled" not in types(ev)   # free: nothing provoked
    assert b.ground[(2, 2)] == ["heavy_steel_shield"]
    left = b.state()["actions_left"]
    assert left["standard"] and not left["full_round"]                    # only the loosing's move action spent
    assert b.fighter("f").shield_bonus == 0
    ok, refusal, _ = b.act("f", "ready_shield")
    assert not ok and refusal.code == "NO_SHIELD_TO_READY"                # it lies on the ground
    ok, refusal, _ = b.act("f", "drop_shield")
    assert not ok and refusal.code == "NO_SHIELD_TO_READY"


def test_a_dropped_shield_weighs_nothing_on_skills_and_spells():
    b = field()
    assert armour_check_penalty(b, "f") == -2
    assert b.act("f", "loose_shield")[0] and armour_check_penalty(b, "f") == -2     # still carried
    assert b.act("f", "drop_shield", {"to": [1, 2]})[0]
    assert armour_check_penalty(b, "f") == 0 and b.ground[(1, 2)] == ["heavy_steel_shield"]


def test_a_shield_picked_up_is_carried_not_worn_until_readied():
    b = field()
    assert b.act("f", "loose_shield")[0] and b.act("f", "drop_shield")[0]
    b.act("f", "end_turn")
    b.act("o", "end_turn")
    ok, refusal, ev = b.act("f", "pick_up", {"item": "heavy_steel_shield"}, dice=[2])
    assert ok, refusal
    assert first(ev, "AttackRolled").attacker == "o"                      # picking up provokes
    hands = b.comp("f", Hands)
    assert not hands.shield_dropped and not hands.shield_ready and (2, 2) not in b.ground
    assert b.fighter("f").shield_bonus == 0                               # carried, not worn
    assert b.options("f")["drop_shield"].legal                           # carried: dropped for free again
    assert b.act("f", "ready_shield")[0] and b.fighter("f").shield_bonus == 2
