"""Carrying capacity for pushing and dragging (SRD "Carrying Capacity", Table: Carrying
Capacity, heavy-load column; "Lifting and Dragging": "push or drag along the ground as much
as five times his maximum load"; "Bigger and Smaller Creatures": Large ×2 … Small ×3/4)."""
from __future__ import annotations

from game.rules.loads import can_push, maximum_load, push_drag_limit
from game.rules.sizes import Size


def test_the_maximum_load_is_the_top_of_the_heavy_load_column():
    assert [maximum_load(s) for s in (1, 10, 11, 14, 18, 20, 29)] == [10, 100, 115, 175, 300, 400, 1400]
    assert maximum_load(0) == 0


def test_tremendous_strength_multiplies_the_row_of_the_same_last_digit_by_four_per_ten():
    assert maximum_load(30) == 400 * 4 and maximum_load(39) == 1400 * 4 and maximum_load(45) == 800 * 16


def test_push_or_drag_five_times_the_maximum_load_scaled_by_size():
    assert push_drag_limit(10, Size.M) == 500
    assert push_drag_limit(10, Size.S) == 375          # Small ×3/4
    assert push_drag_limit(10, Size.L) == 1000         # Large ×2
    assert push_drag_limit(3, Size.T) == 75            # Tiny ×1/2
    assert can_push(6, Size.M, 300) and not can_push(5, Size.M, 300)
