"""Saving throws change with the creature's state (digest §9.3): fear and sickness cost 2,
lost Dexterity lowers Reflex, haste adds a dodge +1 to Reflex, negative levels cost 1."""
from combat_helpers import battle, creature

from game.world.components import Conditions, Stats
from game.world.damage import save_bonus

GRID = "\n".join("." * 6 for _ in range(3))


def hero(**kw):
    return battle(GRID, creature("h", "blue", (0, 0), fort=5, ref=3, will=1, dex=14, **kw),
                  creature("o", "red", (4, 2)))


def with_conditions(*conds):
    b = hero()
    b.comp("h", Conditions).ids.update(conds)
    b.changed()
    return b


def test_fear_and_sickness_lower_every_save():
    assert [save_bonus(hero(), "h", s) for s in ("fort", "ref", "will")] == [5, 3, 1]
    b = with_conditions("shaken")
    assert [save_bonus(b, "h", s) for s in ("fort", "ref", "will")] == [3, 1, -1]
    b = with_conditions("frightened", "shaken", "sickened")        # one fear penalty, plus sickness
    assert save_bonus(b, "h", "will") == 1 - 2 - 2


def test_lost_dexterity_and_haste_change_reflex_only():
    assert save_bonus(with_conditions("entangled"), "h", "ref") == 3 - 2      # Dex 14 -> 10
    assert save_bonus(with_conditions("exhausted"), "h", "ref") == 3 - 3      # Dex 14 -> 8
    assert save_bonus(with_conditions("exhausted"), "h", "fort") == 5
    assert save_bonus(with_conditions("hasted"), "h", "ref") == 3 + 1


def test_each_negative_level_costs_one_on_every_save():
    b = hero()
    b.comp("h", Stats).values["negative_levels"] = 2
    assert [save_bonus(b, "h", s) for s in ("fort", "ref", "will")] == [3, 1, -1]
