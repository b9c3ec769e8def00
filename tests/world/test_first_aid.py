"""First aid (digest §8.2: a dying creature, "Heal DC 15 or any healing stabilizes";
digest §4.2, "Stabilize a dying friend (Heal)": it provokes; SRD Heal, "First aid": a
standard action)."""
from combat_helpers import battle, creature, first, types

from game.world.components import HitPoints
from game.world.damage import sync_health

GRID = "\n".join("." * 8 for _ in range(4))


def field(**healer):
    h = dict(initiative=20, hp=10, wis=12, weapon="heavy_mace", heal=4)
    h.update(healer)
    b = battle(GRID, creature("jozan", "blue", (2, 1), **h),
               creature("tordek", "blue", (3, 1), initiative=5, hp=10, weapon="battleaxe"),
               creature("orc", "red", (6, 3), initiative=1, hp=10, weapon="greataxe"))
    b.comp("tordek", HitPoints).current = -3
    sync_health(b, "tordek")
    return b


def test_heal_dc_15_makes_a_dying_friend_stable_and_it_loses_no_more_hit_points():
    b = field()                                                  # Wis 12 (+1) + 4 ranks
    assert b.board().body("tordek").conditions >= {"dying"}
    ok, _, ev = b.act("jozan", "first_aid", {"target": "tordek"}, dice=[10])
    check = first(ev, "SavingThrow")
    assert ok and (check.kind, check.d20 + check.bonus, check.dc, check.success) == ("heal", 15, 15, True)
    assert "stable" in b.board().body("tordek").conditions and first(ev, "ActionTaken").kind == "standard"
    b.act("jozan", "end_turn")
    b.act("tordek", "end_turn")
    assert b.comp("tordek", HitPoints).current == -3              # a stable creature loses nothing


def test_a_failed_check_changes_nothing_but_the_action():
    b = field()
    ok, _, ev = b.act("jozan", "first_aid", {"target": "tordek"}, dice=[9])
    assert ok and not first(ev, "SavingThrow").success
    assert "dying" in b.board().body("tordek").conditions


def test_first_aid_provokes_from_a_threatening_foe():
    b2 = battle(GRID, creature("jozan", "blue", (2, 1), initiative=20, hp=10, wis=12, weapon="heavy_mace", heal=4),
                creature("tordek", "blue", (3, 1), initiative=5, hp=10, weapon="battleaxe"),
                creature("orc", "red", (2, 2), initiative=1, hp=10, weapon="greataxe"))
    b2.comp("tordek", HitPoints).current = -3
    sync_health(b2, "tordek")
    ok, _, ev = b2.act("jozan", "first_aid", {"target": "tordek"}, dice=[1, 12])
    assert ok and [e.opportunity for e in ev if type(e).__name__ == "AttackRolled"] == [True]
    assert types(ev).index("AttackRolled") < types(ev).index("SavingThrow")


def test_only_a_dying_creature_next_to_it_refused_otherwise_with_nothing_changed():
    b = field()
    before = b.state()
    ok, refusal, _ = b.act("jozan", "first_aid", {"target": "orc"})
    assert not ok and refusal.code == "NOT_DYING" and b.state() == before
    far = battle(GRID, creature("jozan", "blue", (0, 0), initiative=20, hp=10, weapon="heavy_mace"),
                 creature("tordek", "blue", (3, 1), initiative=5, hp=10, weapon="battleaxe"),
                 creature("orc", "red", (6, 3), initiative=1, hp=10, weapon="greataxe"))
    far.comp("tordek", HitPoints).current = -3
    sync_health(far, "tordek")
    ok, refusal, _ = far.act("jozan", "first_aid", {"target": "tordek"})
    assert not ok and refusal.code == "FIRST_AID_NOT_ADJACENT"
    assert b.options("jozan")["first_aid"].domain["targets"] == ["tordek"]
    healthy = battle(GRID, creature("jozan", "blue", (2, 1), initiative=20, hp=10, weapon="heavy_mace"),
                     creature("orc", "red", (6, 3), initiative=1, hp=10, weapon="greataxe"))
    assert healthy.options("jozan")["first_aid"].refusal.code == "NOBODY_DYING"
