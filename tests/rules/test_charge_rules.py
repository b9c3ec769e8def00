"""Charge (French text "Charger", digest §5, decisions §3)."""
from dataclasses import replace

from boards import body, make_board, open_grid
from game.rules.charge import charge
from game.rules.lanes import lane_squares


def test_charge_to_the_closest_space_in_a_straight_line():
    m = body("m", "blue", (0, 2), speed=4)
    foe = body("foe", "red", (6, 2))
    res = charge(make_board(open_grid(9, 5), m, foe), m, foe)
    # (5,1) and (5,3) are as close as (5,2) by 1-2-1 counting: the charger chooses.
    assert res.legal and sorted(res.ends) == [(5, 1), (5, 2), (5, 3)] and res.distance == 5


def test_charge_needs_at_least_3_m_and_at_most_twice_speed():
    foe = body("foe", "red", (4, 0))
    near = body("m", "blue", (2, 0), speed=4)     # one square between: closest is 1 away
    res = charge(make_board(open_grid(12, 1), near, foe), near, foe)
    assert not res.legal and res.reason.code == "CHARGE_TOO_CLOSE"
    far = body("m", "blue", (0, 0), speed=1)      # closest space 3 squares away, limit 2
    res = charge(make_board(open_grid(12, 1), far, foe), far, foe)
    assert not res.legal and res.reason.code == "CHARGE_TOO_FAR"
    ok = replace(far, speed_squares=2)
    assert charge(make_board(open_grid(12, 1), ok, foe), ok, foe).legal


def test_restricted_charge_moves_only_speed():
    m = body("m", "blue", (0, 0), speed=2)
    foe = body("foe", "red", (4, 0))
    board = make_board(open_grid(8, 1), m, foe)
    assert charge(board, m, foe).legal                     # 3 squares <= 4
    res = charge(board, m, foe, restricted=True)           # 3 squares > 2
    assert not res.legal and res.reason.code == "CHARGE_TOO_FAR"


def test_allies_block_the_lane_helpless_creatures_do_not():
    m = body("m", "blue", (0, 0))
    foe = body("foe", "red", (5, 0))
    ally = body("ally", "blue", (2, 0))
    res = charge(make_board(open_grid(7, 1), m, foe, ally), m, foe)
    assert not res.legal and res.reason.code == "LANE_BLOCKED_BY_CREATURE"
    assert res.reason.params == {"square": [2, 0], "creature": "ally"}
    sleeper = replace(ally, conditions=frozenset({"unconscious"}))
    assert charge(make_board(open_grid(7, 1), m, foe, sleeper), m, foe).legal


def test_walls_and_difficult_terrain_block_the_lane():
    m = body("m", "blue", (0, 0))
    foe = body("foe", "red", (5, 0))
    assert charge(make_board("..~...", m, foe), m, foe).reason.code == "LANE_DIFFICULT_TERRAIN"
    grid = """
......
..#...
......
"""
    m2 = body("m", "blue", (0, 2))
    foe2 = body("foe", "red", (5, 0))
    res = charge(make_board(grid, m2, foe2), m2, foe2)
    assert not res.legal and res.reason.code in ("LANE_BLOCKED_BY_WALL", "LANE_CUTS_CORNER")


def test_occupied_closest_space_forbids_the_charge_even_if_farther_ones_are_free():
    m = body("m", "blue", (0, 0))
    foe = body("foe", "red", (4, 4))
    friend = body("friend", "red", (3, 3))
    res = charge(make_board(open_grid(7, 7), m, foe, friend), m, foe)
    # (3,3) is the only closest space (4 squares); (3,4) is free but 5 away: no charge.
    assert not res.legal
    assert [o.end for o in res.options] == [(3, 3)]
    assert res.reason.code == "CHARGE_END_OCCUPIED"
    assert charge(make_board(open_grid(7, 7), m, foe), m, foe).ends == [(3, 3)]


def test_tied_closest_spaces_are_the_chargers_choice():
    m = body("m", "blue", (0, 2))
    foe = body("foe", "red", (5, 2))
    # from (0,2): (4,1), (4,2), (4,3) are 4, 4 and 4 squares away
    board = make_board(open_grid(7, 5), m, foe)
    res = charge(board, m, foe)
    assert res.legal and sorted(res.ends) == [(4, 1), (4, 2), (4, 3)]
    blocker = body("blocker", "blue", (3, 2))
    res = charge(make_board(open_grid(7, 5), m, foe, blocker), m, foe)
    assert res.legal and sorted(res.ends) == [(4, 1), (4, 3)]  # the other tied lanes are clear
    wall = body("wall", "blue", (2, 2))   # this one stands in all three lanes
    res = charge(make_board(open_grid(7, 5), m, foe, wall), m, foe)
    assert not res.legal and res.reason.code == "LANE_BLOCKED_BY_CREATURE"


def test_centre_lane_versus_swept_lane():
    start, end = (0, 0), (4, 2)
    centre, _ = lane_squares(start, end, 1, "center")
    swept, _ = lane_squares(start, end, 1, "swept")
    assert set(centre) == {(1, 0), (1, 1), (2, 1), (3, 1), (3, 2), (4, 2)}
    assert (0, 1) in swept and (0, 1) not in centre
    m = body("m", "blue", start)
    foe = body("foe", "red", (5, 2))
    ally = body("ally", "blue", (0, 1))
    assert charge(make_board(open_grid(7, 4), m, foe, ally), m, foe).legal
    res = charge(make_board(open_grid(7, 4), m, foe, ally, charge_lane="swept"), m, foe)
    assert not res.legal and res.reason.params.get("creature") == "ally"


def test_charge_needs_line_of_sight_a_melee_weapon_and_no_forbidding_condition():
    grid = """
.....
####.
.....
"""
    m = body("m", "blue", (0, 2))
    foe = body("foe", "red", (0, 0))
    assert charge(make_board(grid, m, foe), m, foe).reason.code == "NO_LINE_OF_SIGHT"
    archer = body("a", "blue", (0, 0), weapon="shortbow")
    foe2 = body("foe", "red", (4, 0))
    assert charge(make_board(open_grid(6, 1), archer, foe2), archer, foe2).reason.code == "NO_MELEE_WEAPON"
    tired = body("t", "blue", (0, 0), conditions={"fatigued"})
    assert charge(make_board(open_grid(6, 1), tired, foe2), tired, foe2).reason.code == "CONDITION_FORBIDS_CHARGE"


def test_reach_weapon_charges_to_two_squares_away():
    m = body("m", "blue", (0, 0), weapon="longspear")
    foe = body("foe", "red", (6, 0))
    res = charge(make_board(open_grid(8, 1), m, foe), m, foe)
    assert res.legal and res.ends == [(4, 0)]


def test_large_charger_sweeps_its_whole_space():
    ogre = body("ogre", "red", (0, 0), size="L", weapon="greatclub")
    foe = body("foe", "blue", (8, 0))
    res = charge(make_board(open_grid(10, 3), ogre, foe), ogre, foe)
    assert res.legal and sorted(res.ends) == [(5, 0), (5, 1)]
    post = body("post", "red", (3, 1))   # in the lane of the ogre's lower squares
    res = charge(make_board(open_grid(10, 3), ogre, foe, post), ogre, foe)
    assert not res.legal and res.reason.params["creature"] == "post"


def test_attack_positions_worked_out_once_per_shape_are_those_found_square_by_square():
    """``attack_positions`` translates the positions found once around a target at the
    origin: for every span, reach weapon and target size, where the target stands and
    with the 10-ft diagonal variant on or off, they are those found by trying each
    position around the target itself (decisions §3), in the same order."""
    from game.rules.charge import attack_positions
    from game.rules.geometry import spaces_gaps, spaces_overlap
    from game.rules.weapons import in_band
    for size in ("S", "M", "L", "H"):
        for weapon in ("longsword", "longspear", "spiked_chain", "unarmed", "glaive"):
            for tsize, at in (("M", (9, 9)), ("L", (4, 11)), ("T", (12, 6)), ("H", (8, 8))):
                for exc in (True, False):
                    me, foe = body("m", "blue", (1, 1), size=size, weapon=weapon), body("t", "red", at, size=tsize)
                    board = make_board(open_grid(20, 20), me, foe, reach_diagonal_exception=exc)
                    band, span = me.melee_band(), me.span
                    expected = [] if band is None else [
                        (x, y) for y in range(at[1] - band.outer - span + 1, at[1] + foe.span + band.outer)
                        for x in range(at[0] - band.outer - span + 1, at[0] + foe.span + band.outer)
                        if not spaces_overlap((x, y), span, foe.pos, foe.span)
                        and any(in_band(*spaces_gaps((x, y), span, t, 1), band, exc) for t in foe.squares)]
                    if band is not None:
                        assert attack_positions(board, me, foe) == expected, (size, weapon, tsize, exc)
                        assert expected
