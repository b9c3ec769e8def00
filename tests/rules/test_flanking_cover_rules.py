"""Flanking and cover (digest §7.1-7.2, decisions §5)."""
from dataclasses import replace

from boards import body, make_board, open_grid
from game.rules.board import Board
from game.rules.flanking import flanking_partners, segment_crosses_opposite_edges
from game.rules.sight import cover, has_line_of_sight
from game.rules.terrain import Terrain


def test_opposite_sides_and_opposite_corners_flank_but_side_and_corner_do_not():
    target = body("t", "red", (2, 2))
    cases = {((1, 2), (3, 2)): True, ((2, 1), (2, 3)): True, ((1, 1), (3, 3)): True,
             ((1, 2), (3, 3)): False, ((1, 1), (3, 1)): False}
    for (a_at, b_at), expected in cases.items():
        a = body("a", "blue", a_at)
        b = body("b", "blue", b_at)
        board = make_board(open_grid(5, 5), target, a, b)
        assert (flanking_partners(board, target, a) == ["b"]) is expected, (a_at, b_at)


def test_touching_one_corner_is_not_crossing_opposite_edges():
    rect = (4, 4, 6, 6)  # square (2,2) in doubled coordinates
    assert not segment_crosses_opposite_edges((3, 3), (7, 3), rect)   # runs outside along the top? no: above
    assert segment_crosses_opposite_edges((3, 3), (7, 7), rect)       # corner to corner
    assert not segment_crosses_opposite_edges((3, 5), (5, 7), rect)   # west edge to south edge


def test_reach_ally_flanks_and_an_ally_that_does_not_threaten_does_not():
    target = body("t", "red", (3, 2))
    a = body("a", "blue", (2, 2))
    pike = body("pike", "blue", (5, 2), weapon="longspear")
    bow = body("bow", "blue", (4, 2), weapon="shortbow")
    board = make_board(open_grid(7, 5), target, a, pike)
    assert flanking_partners(board, target, a) == ["pike"]
    board = make_board(open_grid(7, 5), target, a, bow)
    assert flanking_partners(board, target, a) == []


def test_large_target_is_flanked_across_its_space():
    ogre = body("o", "red", (2, 2), size="L", weapon="greatclub")
    a = body("a", "blue", (1, 2))
    b = body("b", "blue", (4, 3))
    board = make_board(open_grid(7, 7), ogre, a, b)
    assert flanking_partners(board, ogre, a) == ["b"]


def test_cover_from_walls_and_soft_cover_from_creatures():
    grid = """
.......
...#...
.......
"""
    archer = body("a", "blue", (0, 1), weapon="shortbow")
    target = body("t", "red", (6, 1))
    board = make_board(grid, archer, target)
    assert cover(board, archer, target, "ranged") == "cover"
    open_board = make_board(open_grid(7, 3), archer, target, body("x", "red", (3, 1)))
    assert cover(open_board, archer, target, "ranged") == "soft"
    assert cover(open_board, archer, target, "melee") == "none"   # soft cover is against ranged only
    assert cover(make_board(open_grid(7, 3), archer, target), archer, target, "ranged") == "none"


def test_cover_kept_with_the_map_still_weighs_the_creatures_and_the_places_of_each_asking():
    """What the walls say of two spaces is kept with the map; digest §7.2, "Soft cover:
    creatures, even enemies, give +4 AC against ranged attacks": a creature stepping into
    the line later still gives soft cover, stepping out takes it away, and the same two
    creatures elsewhere on that map are judged where they stand."""
    terrain = Terrain(["........", "....#...", "........"])
    archer = body("a", "blue", (0, 1), weapon="shortbow")
    target = body("t", "red", (7, 1))

    def on(*bodies):
        return Board(terrain, tuple(sorted(bodies, key=lambda b: b.id)))
    assert cover(on(archer, target), archer, target, "ranged") == "cover"      # the wall at (4, 1)
    low, far = replace(archer, pos=(0, 0)), replace(target, pos=(7, 0))
    assert cover(on(low, far), low, far, "ranged") == "none"                   # above the wall: clear
    assert cover(on(low, far, body("x", "red", (3, 0))), low, far, "ranged") == "soft"
    assert cover(on(low, far, body("x", "red", (3, 2))), low, far, "ranged") == "none"   # out of the line
    assert cover(on(archer, target), archer, target, "ranged") == "cover"


def test_total_cover_and_line_of_sight():
    grid = """
.......
#######
.......
"""
    a = body("a", "blue", (0, 0), weapon="shortbow")
    t = body("t", "red", (6, 2))
    board = make_board(grid, a, t)
    assert cover(board, a, t, "ranged") == "total"
    assert not has_line_of_sight(board, a, t)


def test_adjacent_melee_cover_only_from_a_wall_corner():
    grid = """
.#
..
"""
    a = body("a", "blue", (0, 0))
    t = body("t", "red", (1, 1))
    assert cover(make_board(grid, a, t), a, t, "melee") == "cover"
    assert cover(make_board(open_grid(2, 2), a, t), a, t, "melee") == "none"


def test_cover_lines_show_which_lines_the_wall_and_the_creature_cut():
    from game.rules.sight import cover_lines
    grid = """
.......
...#...
.......
"""
    archer = body("a", "blue", (0, 1), weapon="shortbow")
    target = body("t", "red", (6, 1))
    lines = cover_lines(make_board(grid, archer, target), archer, target, "ranged")
    kinds = [k for _a, _b, k in lines]
    assert len(lines) == 4 and "wall" in kinds and "clear" in kinds      # cover: some lines, not all
    assert all(b in [(12, 2), (14, 2), (12, 4), (14, 4)] for _a, b, _k in lines)
    crowd = make_board(open_grid(7, 3), archer, target, body("x", "red", (3, 1)))
    assert "creature" in [k for _a, _b, k in cover_lines(crowd, archer, target, "ranged")]
    assert [k for _a, _b, k in cover_lines(crowd, archer, target, "melee")] == ["clear"] * 4
    # total cover: whichever corner the archer picks, every line meets the wall
    high, low = body("a", "blue", (0, 0), weapon="shortbow"), body("t", "red", (6, 2))
    walled = make_board("""
.......
#######
.......
""", high, low)
    assert [k for _a, _b, k in cover_lines(walled, high, low, "ranged")] == ["wall"] * 4
