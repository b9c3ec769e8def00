"""Spell numbers and areas (data-digest §5; SRD Magic Overview)."""
from game.rules.spells import (burst_squares, concentration_dc, cone_squares, missiles, range_squares, save_dc,
                               sleep_targets)


def test_ranges_dcs_and_missiles():
    assert range_squares("close", 1) == 5 and range_squares("close", 4) == 7
    assert range_squares("medium", 3) == 26 and range_squares("long", 5) == 120
    assert range_squares("touch", 5) is None
    assert save_dc(1, 3) == 14
    assert [missiles(cl) for cl in (1, 2, 3, 5, 7, 9, 12)] == [1, 1, 2, 3, 4, 5, 5]
    assert concentration_dc("damage", 1, damage=6) == 17 and concentration_dc("defensive", 2) == 17
    assert concentration_dc("grapple", 1) == 21


def test_a_10_ft_burst_is_the_4_by_4_block_without_its_corners():
    area = burst_squares((5, 5), 2)
    assert len(area) == 12
    assert (3, 3) not in area and (6, 6) not in area and (4, 3) in area and (3, 4) in area


def test_a_15_ft_cone():
    north = cone_squares((5, 5), (0, -1), 3)
    assert (4, 4) in north and (5, 4) in north and (5, 2) in north
    assert all(y < 5 for _x, y in north)
    diagonal = cone_squares((5, 5), (1, -1), 3)
    assert all(x >= 5 and y < 5 for x, y in diagonal) and (5, 4) in diagonal and (7, 2) not in diagonal


def test_sleep_lowest_hit_dice_first():
    cands = [("ogre", 4, 1), ("kobold", 1, 3), ("goblin", 1, 2), ("orc", 1, 4), ("gnoll", 2, 1)]
    assert sleep_targets(cands) == ["goblin", "kobold", "orc"]
