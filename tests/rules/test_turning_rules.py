"""Turning undead numbers (digest §10, French text "renvoi des morts-vivants")."""
from game.rules.turning import choose_affected, destroys, max_hit_dice, turning_level


def test_turning_check_table():
    assert [max_hit_dice(c, 3) for c in (0, 1, 3, 4, 7, 9, 10, 12, 13, 16, 19, 21, 22, 30)] == \
           [-1, 0, 0, 1, 2, 2, 3, 3, 4, 5, 6, 6, 7, 7]


def test_jozan_example_choice_closest_first():
    zombies = [(f"z{i}", 2, i + 1) for i in range(7)]
    wight = ("wight", 4, 9)   # behind its zombies
    assert choose_affected(zombies + [wight], max_hd=2, total_hd=11) == ["z0", "z1", "z2", "z3", "z4"]
    assert choose_affected(zombies[5:] + [wight], max_hd=6, total_hd=7) == ["z5", "z6"]


def test_destroy_at_twice_the_hit_dice_and_paladins():
    assert destroys(4, 2) and not destroys(3, 2)
    assert turning_level(0, 3) == 1 and turning_level(0, 2) == 0 and turning_level(3, 4) == 5
