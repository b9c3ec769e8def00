"""Stunning Fist, the seed's example ("un moine agit avec une initiative de 15. Il donne un
coup étourdissant qui affecte son adversaire pendant 1 round … Dès que l'initiative repasse
à 15 lors du round suivant, l'étourdissement cesse"), with the SRD feat's rule."""
from combat_helpers import battle, creature, first

from game.world.asking import choice_questions
from game.world.commands import Attack
from game.world.components import Conditions

OPEN = "\n".join("." * 10 for _ in range(6))


def monk_and_foe(**foe):
    return battle(OPEN, creature("monk", "blue", (2, 2), weapon="unarmed", bab=0, str=10, wis=14, hd=1, monk_level=1,
                                 initiative=15, feats=["stunning_fist", "improved_unarmed_strike"]),
                  creature("orc", "red", (3, 2), initiative=10, hp=30, ac=5, fort=0, con=10, **foe),
                  creature("other", "red", (8, 5), initiative=16, hp=30))


def test_the_monks_example_a_failed_save_stuns_until_its_initiative_comes_round_again():
    b = monk_and_foe()
    b.act("other", "end_turn")
    assert b.turn == "monk"
    ok, _, ev = b.act("monk", "attack", {"target": "orc", "stunning_fist": True}, dice=[15, 2, 3])
    save = first(ev, "SavingThrow")
    assert ok and save.kind == "stunning_fist" and save.dc == 10 + 0 + 2 and not save.success
    assert "stunned" in b.comp("orc", Conditions).ids
    b.act("monk", "end_turn")                  # the orc's stunned turn is skipped, round 2 begins
    assert "stunned" in b.comp("orc", Conditions).ids
    b.act("other", "end_turn")                 # count 16 passes; at the monk's 15 the stun has ended
    assert b.turn == "monk" and "stunned" not in b.comp("orc", Conditions).ids


def test_a_miss_wastes_the_use_and_there_is_one_a_day_at_first_level():
    b = monk_and_foe()
    b.act("other", "end_turn")
    ok, _, ev = b.act("monk", "attack", {"target": "orc", "stunning_fist": True}, dice=[1])
    assert ok and not any(type(e).__name__ == "SavingThrow" for e in ev)
    for cid in ("monk", "orc", "other"):
        b.act(cid, "end_turn")
    assert b.turn == "monk"
    ok, refusal, _ = b.act("monk", "attack", {"target": "orc", "stunning_fist": True})
    assert not ok and refusal.code == "STUNNING_FIST_NONE_LEFT"


def test_undead_cannot_be_stunned_and_a_weapon_cannot_stun():
    b = monk_and_foe(undead=True)
    b.act("other", "end_turn")
    ok, refusal, _ = b.act("monk", "attack", {"target": "orc", "stunning_fist": True})
    assert not ok and refusal.code == "CANNOT_BE_STUNNED"
    armed = battle(OPEN, creature("f", "blue", (2, 2), weapon="longsword", hd=8, initiative=20, feats=["stunning_fist"]),
                   creature("orc", "red", (3, 2), initiative=10))
    ok, refusal, _ = armed.act("f", "attack", {"target": "orc", "stunning_fist": True})
    assert not ok and refusal.code == "STUNNING_FIST_UNARMED_ONLY"


def test_the_monks_player_is_asked_whether_to_declare_it():
    b = monk_and_foe()
    b.act("other", "end_turn")
    asked = {q.argument: q for q in choice_questions(b, Attack("monk", target="orc"))}
    assert asked["stunning_fist"].choices == (False, True) and asked["stunning_fist"].to == "monk"
