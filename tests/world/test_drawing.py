"""Drawing weapons (French text, "dégainer ou rengainer" and footnote 4): a move action, free
during a move at base attack +1, free at any time with Quick Draw (SRD); with Two-Weapon
Fighting "deux armes légères ou tenues à une main en autant de temps qu'il lui en faudrait
normalement pour en dégainer une seule"."""
from combat_helpers import battle, creature, first

from game.world.asking import choice_questions
from game.world.commands import Draw
from game.world.components import Hands, TurnState, Wielded

OPEN = "\n".join("." * 10 for _ in range(6))


def drawer(feats=(), inventory=("short_sword", "dagger"), **kw):
    return battle(OPEN, creature("f", "blue", (2, 2), weapon="unarmed", bab=1, initiative=20, feats=list(feats),
                                 inventory=list(inventory), **kw),
                  creature("o", "red", (8, 4), initiative=10))


def test_quick_draw_draws_as_a_free_action():
    b = drawer(["quick_draw"])
    ok, _, ev = b.act("f", "draw", {"weapon": "short_sword"})
    assert ok and first(ev, "ActionTaken").kind == "free" and b.comp("f", TurnState).move
    b = drawer()
    ok, _, ev = b.act("f", "draw", {"weapon": "short_sword"})
    assert ok and first(ev, "ActionTaken").kind == "move" and not b.comp("f", TurnState).move


def test_two_weapon_fighting_draws_two_light_or_one_handed_weapons_in_the_time_of_one():
    b = drawer(["two_weapon_fighting"])
    ok, _, ev = b.act("f", "draw", {"weapon": "short_sword", "off_hand": "dagger"})
    assert ok and [e.weapon for e in ev if type(e).__name__ == "WeaponDrawn"] == ["short_sword", "dagger"]
    assert b.comp("f", Wielded).weapon_id == "short_sword" and b.comp("f", Hands).off_hand == "dagger"
    assert [e.kind for e in ev if type(e).__name__ == "ActionTaken"] == ["move"]        # one move action for both


def test_drawing_two_is_refused_without_the_feat_for_a_two_handed_weapon_or_with_a_shield_and_changes_nothing():
    for b, args, code in (
            (drawer(), {"weapon": "short_sword", "off_hand": "dagger"}, "DRAW_TWO_NEEDS_TWO_WEAPON_FIGHTING"),
            (drawer(["two_weapon_fighting"], inventory=("greatsword", "dagger")),
             {"weapon": "greatsword", "off_hand": "dagger"}, "DRAW_TWO_LIGHT_OR_ONE_HANDED"),
            (drawer(["two_weapon_fighting"]), {"weapon": "short_sword", "off_hand": "longbow"}, "NOT_CARRIED"),
            (drawer(["two_weapon_fighting"], shield="heavy_wooden_shield"),
             {"weapon": "short_sword", "off_hand": "dagger"}, "SHIELD_IN_OTHER_HAND")):
        ok, refusal, _ = b.act("f", "draw", args)
        assert not ok and refusal.code == code, (args, refusal)
        assert b.comp("f", Wielded).weapon_id == "unarmed" and b.comp("f", TurnState).move


def test_the_player_is_asked_which_second_weapon_to_draw_only_with_the_feat():
    asked = choice_questions(drawer(["two_weapon_fighting"]), Draw("f", weapon="short_sword"))
    assert [(q.argument, q.choices) for q in asked] == [("off_hand", (None, "dagger"))]
    assert not choice_questions(drawer(), Draw("f", weapon="short_sword"))
    assert not choice_questions(drawer(["two_weapon_fighting"]), Draw("f", weapon="short_sword", off_hand="dagger"))
