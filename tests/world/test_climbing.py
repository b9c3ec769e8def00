"""Climbing a rock face (French text, "les actions de mouvement": a quarter of one's speed,
half at -5 on the Climb check; SRD Climb: no progress when failing by 4 or less, a fall
by 5 or more, the climber loses its Dex bonus and shield, damage calls for a check)."""
from combat_helpers import battle, creature, first

from game.world.components import HitPoints, Stats

GRID = "\n".join([".......", "...^...", ".......", ".......", "......."])


def wall(**hero):
    kw = dict(initiative=20, str=12, dex=14, hp=30)
    kw.update(hero)
    b = battle(GRID, creature("hero", "blue", (2, 1), **kw),
               creature("archer", "red", (6, 4), weapon="shortbow", initiative=10, hp=20))
    b.comp("hero", Stats).values["climb"] = 4
    return b


def test_climbing_onto_the_face_costs_a_move_action_and_a_check_and_loses_dex():
    b = wall()
    ac_before = b.fighter("hero")
    ok, refusal, ev = b.act("hero", "climb", {"squares": [[3, 1]]}, dice=[10])
    check = first(ev, "SavingThrow")
    assert ok, refusal
    assert (check.kind, check.bonus, check.dc, check.success) == ("climb", 1 + 4, 15, True)
    assert b.board().body("hero").pos == (3, 1) and "climbing" in b.board().body("hero").conditions
    assert b.state()["actions_left"]["standard"] and not b.state()["actions_left"]["full_round"]
    from game.rules.attack import AttackSituation, armor_class
    assert armor_class(b.fighter("hero"), AttackSituation()).value == armor_class(ac_before, AttackSituation()).value - 2
    # off the face on the far side: a second move action (the standard one)
    ok, refusal, ev = b.act("hero", "climb", {"squares": [[4, 1]]}, dice=[12])
    assert ok and "climbing" not in b.board().body("hero").conditions


def test_failing_by_4_makes_no_progress_and_by_5_the_climber_falls():
    b = wall()
    ok, _, ev = b.act("hero", "climb", {"squares": [[3, 1]]}, dice=[6])      # 11: fails by 4
    assert ok and b.board().body("hero").pos == (2, 1) and "prone" not in b.board().body("hero").conditions
    c = wall()
    assert c.act("hero", "climb", {"squares": [[3, 1]]}, dice=[10])[0]
    ok, _, ev = c.act("hero", "climb", {"squares": [[4, 1]]}, dice=[2, 5])   # 7: fails by 8, falls 3 m
    assert ok and c.board().body("hero").pos != (3, 1)
    assert "prone" in c.board().body("hero").conditions and "climbing" not in c.board().body("hero").conditions
    assert c.comp("hero", HitPoints).current == 30 - 5


def test_hurrying_goes_twice_as_far_at_minus_5():
    b = wall(speed=6)                                  # 6 m = 4 squares: one climbing, two hurrying
    ok, refusal, _ = b.act("hero", "climb", {"squares": [[3, 1], [4, 1]]})
    assert not ok and refusal.code == "CLIMB_TOO_FAR"
    ok, refusal, ev = b.act("hero", "climb", {"squares": [[3, 1], [4, 1]], "hurry": True}, dice=[15])
    assert ok, refusal
    assert first(ev, "SavingThrow").bonus == 5 - 5 and b.board().body("hero").pos == (4, 1)


def test_a_climber_walks_no_step_and_damage_shakes_it_off():
    b = wall()
    assert b.act("hero", "climb", {"squares": [[3, 1]]}, dice=[10])[0]
    before = b.state()
    ok, refusal, _ = b.act("hero", "move", {"squares": [[3, 2]]})
    assert not ok and refusal.code == "CLIMBING_USE_CLIMB" and b.state() == before
    ok, refusal, _ = b.act("hero", "climb", {"squares": [[1, 1]]})
    assert not ok and refusal.code == "PATH_NOT_ADJACENT"
    assert b.act("hero", "end_turn")[0]
    # the archer's arrow hits: a Climb check against the face's DC, failed by 5 or more
    ok, _, ev = b.act("archer", "attack", {"target": "hero"}, dice=[19, 3, 1, 4])
    assert ok and [e.kind for e in ev if type(e).__name__ == "SavingThrow"] == ["climb"]
    assert "prone" in b.board().body("hero").conditions and b.board().body("hero").pos != (3, 1)


def test_walking_cannot_enter_the_face_and_big_creatures_do_not_climb():
    b = wall()
    ok, refusal, _ = b.act("hero", "move", {"squares": [[3, 1], [4, 1]]})
    assert not ok
    ok, refusal, _ = b.act("hero", "climb", {"squares": [[2, 2]]})
    assert not ok and refusal.code == "NOT_CLIMBING"
    big = battle(GRID, creature("ogre", "red", (0, 0), size="L", initiative=20),
                 creature("hero", "blue", (5, 3), initiative=1))
    ok, refusal, _ = big.act("ogre", "climb", {"squares": [[2, 1]]})
    assert not ok and refusal.code == "TOO_BIG_TO_CLIMB"
