"""Breaking loose in a Web spell and moving through it (SRD Web: "can break loose by
spending 1 round and making a DC 20 Strength check or a DC 25 Escape Artist check. Once
loose [...] a creature remains entangled, but may move through the web very slowly. Each
round devoted to moving allows the creature to make a new Strength check or Escape Artist
check. The creature moves 5 feet for each full 5 points by which the check result exceeds
10")."""
from fractions import Fraction

from combat_helpers import creature, first, prepared_caster

from game.rules import web_going
from game.world.asking import choice_questions
from game.world.commands import BreakFree, MoveThroughWeb
from game.world.components import Conditions, TurnState

GRID = "\n".join("." * 16 for _ in range(8))
# Mialee's web fills the 20-ft spread around the intersection (10, 4): (6, 4) is its
# westmost square on row 4, (5, 4) the first square out of it.


def webbed(cast_dice=(20,), orc_at=(7, 4), **orc):
    """The orc (Str 16: +3; Dex 12: +1) caught when the web was cast: saved (20) or glued
    (1); then its turn."""
    kw = dict(initiative=10, hp=30, weapon="greataxe", str=16, dex=12)
    kw.update(orc)
    b = prepared_caster(GRID, "mialee", ["web"], foes=[creature("orc", "red", orc_at, **kw)])
    ok, refusal, _ = b.act("mialee", "cast", {"spell": "web", "point": [10, 4]}, dice=list(cast_dice))
    assert ok, refusal
    ok, refusal, _ = b.act("mialee", "end_turn")
    assert ok, refusal
    return b


def conditions(b):
    return b.comp("orc", Conditions).ids


# --- the numbers -----------------------------------------------------------------------
def test_five_feet_for_each_full_five_points_above_ten():
    assert [web_going.squares_for(t) for t in (9, 10, 14, 15, 19, 20, 25)] == [0, 0, 0, 1, 1, 2, 3]
    assert web_going.needed(2) == 20
    # a check, not a save: a natural 20 is only 20
    assert web_going.chance(3, 1) == Fraction(9, 20) and web_going.chance(-10, 1) == 0


# --- walking is not how it moves in the web ---------------------------------------------
def test_a_loose_creature_does_not_walk_step_or_withdraw_in_the_web():
    b = webbed()
    assert conditions(b) >= {"entangled"} and "glued" not in conditions(b)
    for action, args in (("move", {"squares": [[8, 4]]}), ("five_foot_step", {"to": [8, 4]}),
                         ("withdraw", {"squares": [[8, 4]]})):
        assert b.check("orc", action, args).code == "IN_WEB_MOVE_THROUGH"
    assert b.options("orc")["move"].refusal.code == "IN_WEB_MOVE_THROUGH"


def test_options_offer_the_squares_its_best_check_reaches_and_the_better_method_first():
    b = webbed()
    option = b.options("orc")["move_through_web"]
    assert option.legal
    # Strength +3: a natural 20 makes 23, two squares; the first square out, (5, 4), included
    squares = {tuple(s) for s in option.domain["squares"]}
    assert (5, 4) in squares and (9, 4) in squares and (10, 4) not in squares and (4, 4) not in squares
    assert option.domain["methods"] == ["strength", "escape_artist"]
    handy = webbed(escape_artist=6)                     # Dex +1 and 6 ranks: +7 against +3
    assert handy.options("orc")["move_through_web"].domain["methods"] == ["escape_artist", "strength"]
    assert choice_questions(handy, MoveThroughWeb("orc", squares=((6, 4),)))[0].choices == ("escape_artist", "strength")


def test_the_check_moves_it_as_far_as_the_result_carries_it_a_full_round_action():
    b = webbed()
    ok, refusal, ev = b.act("orc", "move_through_web", {"squares": [[8, 4], [9, 4]], "method": "strength"}, dice=[12])
    assert ok, refusal
    worked = first(ev, "WebWorked")
    assert (worked.method, worked.d20, worked.bonus, worked.total, worked.squares) == ("strength", 12, 3, 15, 1)
    assert b.board().body("orc").pos == (8, 4)                      # 15: 5 ft, not the 10 asked
    assert first(ev, "Moved").path == ((7, 4), (8, 4))
    assert first(ev, "ActionTaken").kind == "full_round"
    assert "entangled" in conditions(b)                             # still in the web
    assert b.read("orc", TurnState).moved


def test_a_low_result_leaves_it_where_it_is():
    b = webbed()
    ok, refusal, ev = b.act("orc", "move_through_web", {"squares": [[8, 4]], "method": "strength"}, dice=[6])
    assert ok, refusal
    assert first(ev, "WebWorked").squares == 0 and b.board().body("orc").pos == (7, 4)
    assert not [e for e in ev if type(e).__name__ == "Moved"]


def test_out_of_the_web_it_is_free_of_it():
    b = webbed()
    ok, refusal, ev = b.act("orc", "move_through_web", {"squares": [[6, 4], [5, 4]], "method": "strength"}, dice=[17])
    assert ok, refusal
    assert b.board().body("orc").pos == (5, 4)
    assert "entangled" not in conditions(b)
    assert ("ConditionEnded", "entangled") in [(type(e).__name__, getattr(e, "condition", None)) for e in ev]


def test_refusals_change_nothing_and_say_why():
    b = webbed()
    before = b.state()
    cases = {
        "WEB_PATH_OUT": {"squares": [[6, 4], [5, 4], [4, 4]]},       # on out of the web: that is walking
        "WEB_TOO_FAR": {"squares": [[8, 4], [9, 4], [10, 4]]},       # 3 squares: 23 makes 2 at best
        "PATH_NOT_ADJACENT": {"squares": [[9, 4]]},
        "BAD_ARGUMENT": {"squares": [[8, 4]], "method": "jumping"},
    }
    for code, args in cases.items():
        ok, refusal, ev = b.act("orc", "move_through_web", args, dice=[20])
        assert (ok, refusal.code, ev) == (False, code, [])
        assert b.state() == before
    outside = webbed(cast_dice=(), orc_at=(3, 6))
    assert outside.check("orc", "move_through_web", {"squares": [[3, 5]]}).code == "NOT_IN_A_WEB"


def test_preview_takes_the_check_at_its_best_and_odds_give_each_square_s_chance():
    b = webbed()
    before = b.state()
    command = {"squares": [[6, 4], [5, 4]], "method": "strength"}
    assert b.check("orc", "move_through_web", command) is None
    seen = b.preview("orc", "move_through_web", command)
    assert seen.legal and seen.recorder.walks[0][1] == ((7, 4), (6, 4), (5, 4))
    odds = b.odds("orc", "move_through_web", command)
    # +3: 15 or more (12+ on the die) for 5 ft, 20 or more (17+) for 10 ft
    assert odds.web_going == (((6, 4), Fraction(9, 20)), ((5, 4), Fraction(4, 20)))
    assert b.state() == before


def test_leaving_a_threatened_square_through_the_web_provokes():
    guard = creature("guard", "blue", (5, 3), initiative=5, hp=20, weapon="longsword")   # just out of the web
    b = prepared_caster(GRID, "mialee", ["web"], foes=[creature("orc", "red", (7, 4), initiative=10, hp=30,
                                                                  weapon="greataxe", str=16), guard])
    b.act("mialee", "cast", {"spell": "web", "point": [10, 4]}, dice=[20])
    b.act("mialee", "end_turn")
    seen = b.preview("orc", "move_through_web", {"squares": [[6, 4], [5, 4]], "method": "strength"})
    assert seen.legal
    assert [(t, p) for t, p, _at in seen.recorder.opportunities] == [("guard", "orc")]    # leaving (6, 4)


# --- breaking loose -------------------------------------------------------------------------
def test_a_glued_creature_breaks_loose_with_strength_dc_20_and_stays_entangled():
    b = webbed(cast_dice=(1,))
    assert {"entangled", "glued"} <= conditions(b)
    assert b.check("orc", "move_through_web", {"squares": [[8, 4]]}).code == "GLUED_IN_WEB"
    ok, refusal, ev = b.act("orc", "break_free", {"method": "strength"}, dice=[16])      # 19 < 20
    assert ok, refusal
    save = first(ev, "SavingThrow")
    assert (save.kind, save.bonus, save.dc, save.success) == ("strength", 3, 20, False)
    assert first(ev, "ActionTaken").kind == "full_round"                                 # "spending 1 round"
    assert "glued" in conditions(b)
    b.act("orc", "end_turn")
    b.act("mialee", "end_turn")
    ok, refusal, ev = b.act("orc", "break_free", {"method": "strength"}, dice=[17])      # 20
    assert ok, refusal
    assert first(ev, "SavingThrow").success
    assert "glued" not in conditions(b) and "entangled" in conditions(b)                 # loose, still entangled
    assert b.options("orc")["break_free"].refusal.code == "LOOSE_IN_WEB"


def test_escape_artist_breaks_loose_against_dc_25_and_the_window_asks_which():
    b = webbed(cast_dice=(1,), escape_artist=10)                # +11 against DC 25, +3 against DC 20
    question = choice_questions(b, BreakFree("orc"))[0]
    assert (question.about, question.choices) == ("UI_WEB_BREAK_HOW", ("escape_artist", "strength"))
    ok, refusal, ev = b.act("orc", "break_free", {}, dice=[14])
    assert ok, refusal
    save = first(ev, "SavingThrow")
    assert (save.kind, save.dc, save.success) == ("escape_artist", 25, True)


def test_the_query_tool_says_the_path_s_needs_and_chances():
    import io
    import json

    from game.query import run
    b = webbed()
    out = io.StringIO()
    requests = [{"q": "preview", "who": "orc", "action": "move_through_web", "squares": [[6, 4], [5, 4]]},
                {"q": "odds", "who": "orc", "action": "move_through_web", "squares": [[6, 4], [5, 4]]}]
    run(b, io.StringIO("\n".join(json.dumps(r) for r in requests) + "\n"), out, lang="en")
    preview, odds = [json.loads(line) for line in out.getvalue().splitlines()]
    assert preview["web_going"] == [{"method": "strength", "bonus": 3,
                                     "path": [{"at": [6, 4], "needs": 15, "chance": 0.45},
                                              {"at": [5, 4], "needs": 20, "chance": 0.2}]}]
    assert preview["questions"][0]["about"] == "UI_WEB_HOW"
    assert odds["web_going"] == [{"at": [6, 4], "chance": 0.45}, {"at": [5, 4], "chance": 0.2}]


def test_a_check_that_runs_out_in_a_friend_s_space_stops_it_before_it():
    # the orc's friend stands loose in the web at (8, 4): a result of 15 carries the orc
    # 5 ft, into that space, where no move ends (digest §1.4): it stays where it is
    kw = dict(initiative=10, hp=30, weapon="greataxe", str=16, dex=12)
    b = prepared_caster(GRID, "mialee", ["web"], foes=[creature("orc", "red", (7, 4), **kw),
                                                       creature("friend", "red", (8, 4), **{**kw, "initiative": 5})])
    ok, refusal, _ = b.act("mialee", "cast", {"spell": "web", "point": [10, 4]}, dice=[20, 20])
    assert ok, refusal
    b.act("mialee", "end_turn")
    ok, refusal, ev = b.act("orc", "move_through_web", {"squares": [[8, 4], [9, 4]], "method": "strength"}, dice=[12])
    assert ok, refusal
    assert first(ev, "WebWorked").squares == 1
    assert b.board().body("orc").pos == (7, 4) and b.board().body("friend").pos == (8, 4)
    assert not [e for e in ev if type(e).__name__ == "Moved"]
