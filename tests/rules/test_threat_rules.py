"""Threatened squares (digest §3, decisions §2, scenario format)."""
from boards import body, make_board, open_grid
from game.rules.threat import attackable_squares, threatened_squares


def ring(cx, cy, r):
    return {(x, y) for x in range(cx - r, cx + r + 1) for y in range(cy - r, cy + r + 1)
            if max(abs(x - cx), abs(y - cy)) == r}


def test_medium_with_a_sword_threatens_the_eight_neighbours():
    m = body("m", "blue", (5, 5))
    assert threatened_squares(make_board(open_grid(11, 11), m), m) == ring(5, 5, 1)


def test_reach_weapon_threatens_two_away_with_the_diagonal_exception_not_adjacent():
    m = body("m", "blue", (5, 5), weapon="longspear")
    assert threatened_squares(make_board(open_grid(11, 11), m), m) == ring(5, 5, 2)
    no_exc = threatened_squares(make_board(open_grid(11, 11), m, reach_diagonal_exception=False), m)
    assert no_exc == ring(5, 5, 2) - {(3, 3), (7, 3), (3, 7), (7, 7)}


def test_spiked_chain_threatens_both_and_whip_nothing():
    chain = body("c", "blue", (5, 5), weapon="spiked_chain")
    assert threatened_squares(make_board(open_grid(11, 11), chain), chain) == ring(5, 5, 1) | ring(5, 5, 2)
    whip = body("w", "blue", (5, 5), weapon="whip")
    board = make_board(open_grid(11, 11), whip)
    assert threatened_squares(board, whip) == set()
    # ...though it attacks out to 4.5 m, adjacent included.
    assert (8, 5) in attackable_squares(board, whip) and (6, 5) in attackable_squares(board, whip)


def test_unarmed_threatens_nothing_unless_improved_unarmed_strike():
    bare = body("b", "blue", (2, 2), weapon="unarmed")
    assert threatened_squares(make_board(open_grid(5, 5), bare), bare) == set()
    monk = body("k", "blue", (2, 2), weapon="unarmed", feats={"improved_unarmed_strike"})
    assert len(threatened_squares(make_board(open_grid(5, 5), monk), monk)) == 8


def test_natural_weapons_and_ranged_weapons():
    wolf = body("wolf", "red", (2, 2), weapon="bite")
    assert len(threatened_squares(make_board(open_grid(5, 5), wolf), wolf)) == 8
    archer = body("a", "red", (2, 2), weapon="shortbow")
    assert threatened_squares(make_board(open_grid(5, 5), archer), archer) == set()


def test_large_tall_and_long_reach():
    tall = body("ogre", "red", (4, 4), size="L", weapon="greatclub")
    sq = threatened_squares(make_board(open_grid(10, 10), tall), tall)
    block = {(x, y) for x in range(2, 8) for y in range(2, 8)}
    assert sq == block - {(4, 4), (5, 4), (4, 5), (5, 5)}  # 10-ft reach, corners included
    long_ = body("horse", "red", (4, 4), size="L", weapon="hoof", reach_shape="long")
    assert len(threatened_squares(make_board(open_grid(10, 10), long_), long_)) == 12


def test_large_with_a_reach_weapon_not_at_natural_reach_digest_2_2():
    ogre = body("ogre", "red", (6, 6), size="L", weapon="longspear")
    sq = threatened_squares(make_board(open_grid(14, 14), ogre), ogre)
    assert (6, 4) not in sq and (4, 4) not in sq       # 10 ft: natural reach
    assert (6, 3) in sq and (6, 2) in sq               # 15 and 20 ft
    assert (2, 2) not in sq                            # 4 diagonals = 6 squares > 4
    assert (3, 3) in sq                                # 3 diagonals = 4 squares


def test_huge_tall_reach_uses_plain_1_2_1_beyond_10_ft():
    giant = body("g", "red", (5, 5), size="H", weapon="greatclub")
    sq = threatened_squares(make_board(open_grid(13, 13), giant), giant)
    assert (2, 5) in sq and (4, 2) in sq
    assert (2, 2) not in sq   # three diagonals away = 4 squares > 3


def test_tiny_helpless_grappling_threaten_nothing():
    for kw in ({"size": "T", "weapon": "claw"}, {"conditions": {"unconscious"}}, {"conditions": {"grappling"}}):
        b = body("x", "red", (2, 2), **kw)
        assert threatened_squares(make_board(open_grid(5, 5), b), b) == set()


def test_flat_footed_still_threatens_but_takes_no_aoo_without_combat_reflexes():
    ff = body("x", "red", (2, 2), conditions={"flat_footed"})
    assert len(threatened_squares(make_board(open_grid(5, 5), ff), ff)) == 8
    assert not ff.can_make_aoo()
    reflexes = body("y", "red", (2, 2), conditions={"flat_footed"}, feats={"combat_reflexes"})
    assert reflexes.can_make_aoo()


def test_walls_are_not_threatened_and_reach_does_not_pass_through_walls():
    grid = """
.......
.......
.#####.
.......
.......
"""
    pike = body("p", "blue", (3, 4), weapon="longspear")
    sq = threatened_squares(make_board(grid, pike), pike)
    assert (3, 2) not in sq          # a wall square
    assert (1, 2) not in sq and (5, 4) in sq
    sword = body("s", "blue", (3, 3))
    near = threatened_squares(make_board(grid, sword), sword)
    assert near == {(2, 3), (4, 3), (2, 4), (3, 4), (4, 4)}
