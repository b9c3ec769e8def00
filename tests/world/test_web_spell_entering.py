"""Walking into a Web spell's area (SRD Web: "Anyone in the effect's area when the spell is
cast must make a Reflex save. If this save succeeds, the creature is entangled, but not
prevented from moving [...]. If the save fails, the creature is entangled and can't move
from its space"; data-digest, ``web``): one that comes into the web later is caught the same
way, and its move ends in the first web square; from there it moves on only "very slowly"
(``move_through_web``, tested in ``test_web_spell_going``)."""
from combat_helpers import creature, first, prepared_caster

from game.world.components import Conditions

GRID = "\n".join("." * 16 for _ in range(8))
INTO = [[4, 4], [5, 4], [6, 4], [7, 4]]          # (6, 4) is the web's first square on the way


def webbed(orc_at=(3, 4), cast_dice=()):
    """Mialee (Int 16, level 3: DC 10 + 2 + 3 = 15) webs the squares around (10, 4), then
    ends her turn: the orc's turn."""
    orc = creature("orc", "red", orc_at, initiative=10, hp=30, weapon="greataxe")
    b = prepared_caster(GRID, "mialee", ["web"], foes=[orc])
    ok, refusal, _ = b.act("mialee", "cast", {"spell": "web", "point": [10, 4]}, dice=list(cast_dice))
    assert ok, refusal
    ok, refusal, _ = b.act("mialee", "end_turn")
    assert ok, refusal
    return b


def saves(events):
    return [e for e in events if type(e).__name__ == "SavingThrow"]


def test_the_web_s_area_is_where_the_test_walks():
    b = webbed()
    area = set(b.shared.overlays[("web", "mialee")].squares)
    assert (6, 4) in area and (5, 4) not in area and (3, 4) not in area


def test_a_creature_that_walks_in_and_saves_is_entangled_and_stops_in_the_first_web_square():
    b = webbed()
    ok, refusal, ev = b.act("orc", "move", {"squares": INTO}, dice=[20])
    assert ok, refusal
    save = saves(ev)[0]
    assert (save.who, save.kind, save.d20, save.dc, save.success) == ("orc", "ref", 20, 15, True)
    assert b.board().body("orc").pos == (6, 4)
    assert first(ev, "Moved").path[-1] == (6, 4)
    conds = b.comp("orc", Conditions).ids
    assert "entangled" in conds and "glued" not in conds


def test_a_creature_that_walks_in_and_fails_is_glued_there():
    b = webbed()
    ok, refusal, ev = b.act("orc", "move", {"squares": INTO}, dice=[1])
    assert ok, refusal
    assert [s.success for s in saves(ev)] == [False]
    assert b.board().body("orc").pos == (6, 4)
    assert {"entangled", "glued"} <= b.comp("orc", Conditions).ids
    ok, _, _ = b.act("orc", "move", {"squares": [[6, 3]]})
    assert not ok                                            # "can't move from its space"


def test_a_creature_already_in_the_web_moves_within_it_without_a_new_save():
    b = webbed(orc_at=(7, 4), cast_dice=[20])                # caught when it was cast, and saved
    assert "entangled" in b.comp("orc", Conditions).ids
    ok, refusal, _ = b.act("orc", "move", {"squares": [[8, 4]]})
    assert (ok, refusal.code) == (False, "IN_WEB_MOVE_THROUGH")     # "very slowly": no walking in it
    ok, refusal, ev = b.act("orc", "move_through_web", {"squares": [[8, 4]], "method": "strength"}, dice=[15])
    assert ok, refusal
    assert saves(ev) == [] and b.board().body("orc").pos == (8, 4)


def test_one_that_walked_in_and_saved_goes_on_within_the_web_next_round_without_a_save():
    b = webbed()
    b.act("orc", "move", {"squares": INTO}, dice=[20])
    b.act("orc", "end_turn")
    b.act("mialee", "end_turn")
    ok, refusal, ev = b.act("orc", "move_through_web", {"squares": [[7, 4]], "method": "strength"}, dice=[15])
    assert ok, refusal
    assert saves(ev) == [] and b.board().body("orc").pos == (7, 4)


def test_a_creature_walking_out_of_the_web_s_way_is_not_asked():
    b = webbed()
    ok, refusal, ev = b.act("orc", "move", {"squares": [[4, 4], [5, 4], [5, 3]]})
    assert ok, refusal
    assert saves(ev) == [] and b.board().body("orc").pos == (5, 3)


def test_preview_and_check_of_a_move_into_the_web_change_nothing():
    b = webbed()
    before = b.state()
    assert b.check("orc", "move", {"squares": INTO}) is None
    seen = b.preview("orc", "move", {"squares": INTO})
    assert seen.legal
    assert b.state() == before
    assert not {"entangled", "glued"} & b.comp("orc", Conditions).ids
    assert b.board().body("orc").pos == (3, 4)


def test_one_whose_first_web_square_is_a_friend_s_space_stops_short_with_no_save():
    # the orc's friend stands in (6, 4), the web's first square on the way: no move ends in
    # another's space (digest §1.4), so the web cannot hold the orc there
    orc = creature("orc", "red", (3, 4), initiative=10, hp=30, weapon="greataxe")
    friend = creature("friend", "red", (6, 4), initiative=5, hp=30, weapon="greataxe")
    b = prepared_caster(GRID, "mialee", ["web"], foes=[orc, friend])
    ok, refusal, _ = b.act("mialee", "cast", {"spell": "web", "point": [10, 4]}, dice=[20])
    assert ok, refusal
    b.act("mialee", "end_turn")
    ok, refusal, ev = b.act("orc", "move", {"squares": INTO})
    assert ok, refusal
    assert saves(ev) == [] and b.board().body("orc").pos == (5, 4)
    assert first(ev, "MovementStopped").reason == "web_spell_ahead"
    assert "entangled" not in b.comp("orc", Conditions).ids
