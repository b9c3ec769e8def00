"""Whom a turning may affect, before any die (French text, « renvoi des morts-vivants »:
"Les morts-vivants les plus proches sont affectés les premiers. Le pouvoir a une portée
maximale de 18 mètres [...] une ligne d'effet dégagée doit exister"; the turning check's
table gives the most Hit Dice, the turning damage 2d6 + level + Cha the total): the
preview lists the creatures in reach, closest first, and the odds give each one's exact
chance to be affected and what befalls it."""
from fractions import Fraction

from combat_helpers import battle, creature
from test_turning import GRID, crypt

from game.rules.turning import TurningPlan, affected_odds
from game.world.components import HitPoints, Stats


def test_one_undead_of_the_cleric_s_level_is_turned_on_a_check_of_10_or_more():
    # level 1, Cha +0: the table gives 1 HD from a check of 10 (11 faces in 20); 2d6 + 1 always covers 1 HD
    plan = TurningPlan("cleric", level=1, cha=0, candidates=(("skeleton", 1, 2, "turned"),))
    (one,) = affected_odds(plan)
    assert (one.who, one.hit_dice, one.distance, one.chance, one.outcome) == ("skeleton", 1, 2, Fraction(11, 20), "turned")


def test_the_damage_runs_out_on_the_farther_ones():
    # level 1, Cha +0, two 2-HD undead: each needs a check of 13 (8 in 20); the second also
    # needs damage 2d6 + 1 >= 4, the Hit Dice of both (35 in 36: all but a 2)
    plan = TurningPlan("cleric", 1, 0, (("far", 2, 5, "turned"), ("near", 2, 1, "turned")))
    near, far = affected_odds(plan)
    assert (near.who, near.chance) == ("near", Fraction(8, 20))
    assert (far.who, far.chance) == ("far", Fraction(8, 20) * Fraction(35, 36))


def test_preview_lists_the_undead_in_reach_closest_first_and_changes_nothing():
    b = crypt()
    before = b.state()
    seen = b.preview("jozan", "turn_undead", {})
    assert seen.legal and seen.stops_at == "turning check jozan"
    (plan,) = seen.recorder.turnings
    assert (plan.who, plan.level, plan.cha) == ("jozan", 3, 2)
    odds = b.odds("jozan", "turn_undead", {})
    assert [o.who for o in odds.turning] == [f"zombie{i}" for i in range(7)] + ["wight"]
    # 2 HD: a check of 7 (5+ on the die); damage 2d6 + 5 covers the first three zombies always
    assert [o.chance for o in odds.turning[:3]] == [Fraction(4, 5)] * 3
    # the wight's 4 HD: the damage (17 at most) never gets past the seven zombies' 14
    assert odds.turning[-1].chance == 0
    assert {o.outcome for o in odds.turning} == {"turned"}
    assert b.state() == before


def test_the_chances_match_what_act_does_with_those_dice():
    """Jozan's first round in the French text: check 9 (up to 2 HD), damage 11: five zombies."""
    b = crypt()
    ok, _r, ev = b.act("jozan", "turn_undead", dice=[7, 3, 3])
    turned = sorted(e.who for e in ev if type(e).__name__ == "UndeadAffected")
    assert ok and turned == [f"zombie{i}" for i in range(5)]
    # and the undead it already turned are no longer candidates on its next use
    b.act("jozan", "end_turn")
    while b.turn != "jozan":
        b.act(b.turn, "end_turn")
    assert [o.who for o in b.odds("jozan", "turn_undead", {}).turning] == ["zombie5", "zombie6", "wight"]


def test_out_of_reach_behind_walls_or_dead_it_is_not_listed_and_destroyed_is_said():
    grid = "\n".join(("." * 16, "." * 16, "." * 16, "......###.......", "......#.#.......", "......###.......", "." * 16))
    b = battle(grid, creature("jozan", "blue", (1, 4), initiative=20, cha=10, weapon="heavy_mace"),
               creature("near", "red", (2, 4), initiative=1, weapon="slam"),
               creature("walled", "red", (7, 4), initiative=1, weapon="slam"),      # walled in: no line of effect
               creature("gone", "red", (1, 0), initiative=1, weapon="slam"),
               creature("far", "red", (14, 0), initiative=1, weapon="slam"))        # 22.5 m off
    b.comp("jozan", Stats).values["cleric_level"] = 4
    for cid in ("near", "walled", "gone", "far"):
        b.comp(cid, Stats).values.update(undead=1, hd=2)
    b.comp("gone", HitPoints).current = -10
    b.changed()
    assert [(o.who, o.outcome) for o in b.odds("jozan", "turn_undead", {}).turning] == [("near", "destroyed")]


def test_a_rebuke_names_the_undead_it_would_command():
    b = battle(GRID, creature("priest", "blue", (3, 5), initiative=20, cha=10, weapon="heavy_mace"),
               creature("skeleton", "red", (3, 3), initiative=1, weapon="slam"))
    b.comp("priest", Stats).values.update(cleric_level=2, evil=1)
    b.comp("skeleton", Stats).values.update(undead=1, hd=1)
    b.changed()
    (one,) = b.odds("priest", "rebuke_undead", {}).turning
    assert (one.who, one.outcome) == ("skeleton", "commanded")


def test_the_query_tool_lists_them_with_their_chances():
    import io
    import json

    from game.query import run
    b = crypt()
    out = io.StringIO()
    run(b, io.StringIO(json.dumps({"q": "odds", "who": "jozan", "action": "turn_undead"}) + "\n"), out, lang="en")
    answer = json.loads(out.getvalue())
    assert answer["turning"][0] == {"who": "zombie0", "hit_dice": 2, "distance_m": 4.5, "chance": 0.8,
                                    "outcome": "turned"}
    assert [t["who"] for t in answer["turning"]][-1] == "wight"
