"""Saving throws change with the creature's state (digest §9.3): fear and sickness cost 2,
lost Dexterity lowers Reflex, haste adds a dodge +1 to Reflex, negative levels cost 1."""
from combat_helpers import battle, creature

from game.world.components import Conditions, Stats
from game.world.events import SavingThrow
from game.world.saving import save_bonus

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


def test_one_helper_rolls_every_save_and_reports_it():
    from game.world.saving import roll_save
    b = hero()
    b.dice.script([1, 20, 12])
    ok, ev = roll_save(b, "h", "fort", 2)                       # natural 1: fails whatever the bonus
    assert not ok and ev == [SavingThrow(who="h", kind="fort", d20=1, bonus=5, dc=2, success=False)]
    ok, ev = roll_save(b, "h", "will", 40, purpose="stench h")  # natural 20: succeeds whatever the DC
    assert ok and ev[0].success and ev[0].bonus == 1
    ok, ev = roll_save(b, "h", "fort", 17, kind="fortitude")
    assert ok and ev == [SavingThrow(who="h", kind="fortitude", d20=12, bonus=5, dc=17, success=True)]
    assert [r.purpose for r in b.dice.history[-3:]] == ["fort save h", "stench h", "fort save h"]


def test_rolling_on_the_ground_adds_two_to_putting_out_the_fire():
    saves = []
    for conds in (("burning", "prone"), ("burning",)):
        b = with_conditions(*conds)
        b.act(b.turn, "end_turn")
        ok, _, ev = b.act("h", "extinguish", dice=[10])
        assert ok
        saves.append(next(e for e in ev if isinstance(e, SavingThrow)))
    prone, standing = saves
    assert (prone.kind, prone.bonus, prone.dc, prone.success) == ("ref", 3 + 2, 15, True)      # 10 + 5 = 15
    assert (standing.bonus, standing.success) == (3, False)
