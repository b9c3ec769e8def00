"""Slow (French text, "Activité restreinte": « victime d'un sort de lenteur »; data-digest
§5, slow): one creature a caster level, no two more than 30 ft apart, Will negates; a
slowed creature takes one move or one standard action a turn, -1 on attacks, AC and
Reflex, half speed; haste and slow cancel each other."""
from fractions import Fraction

from combat_helpers import battle, creature, first, prepared_caster, types

from game.rules.saves import save_bonus as rules_save_bonus
from game.world import views

GRID = "\n".join("." * 16 for _ in range(10))


def caster(spells, level=5, foes=(), **kw):
    return prepared_caster(GRID, "mialee", spells, "wizard", level, foes, **kw)


def orc(cid="orc", at=(6, 4), **kw):
    o = dict(initiative=10, hp=30, weapon="greataxe", speed=9)
    o.update(kw)
    return creature(cid, "red", at, **o)


def slowed_orc(**kw):
    """A battle where the orc failed its save against slow (a natural 1)."""
    b = caster(["slow"], foes=[orc(**kw)])
    ok, refusal, ev = b.act("mialee", "cast", {"spell": "slow", "targets": ["orc"]}, dice=[1])
    assert ok, refusal
    return b, ev


def test_a_failed_will_save_slows_and_a_passed_one_does_nothing():
    b, ev = slowed_orc()
    save = first(ev, "SavingThrow")
    assert save.kind == "will" and save.dc == 10 + 3 + 3          # a 3rd-level spell, Int 16
    assert "slowed" in b.board().body("orc").conditions and "ConditionStarted" in types(ev)
    c = caster(["slow"], foes=[orc()])
    ok, _, ev = c.act("mialee", "cast", {"spell": "slow", "targets": ["orc"]}, dice=[20])
    assert ok and "slowed" not in c.board().body("orc").conditions


def test_a_slowed_creature_gets_one_move_or_one_standard_action_and_half_speed():
    b, _ = slowed_orc(at=(3, 4))
    b.act("mialee", "end_turn")
    assert b.turn == "orc" and b.actions_left()["restricted"] is True
    reach = views.reachable(b, "orc", "move")
    assert max(reach.values()) == 3           # 9 m (6 squares) halved: 4.5 m
    assert b.check("orc", "full_attack", {"targets": ["mialee"]}).code == "RESTRICTED_NO_FULL_ROUND"
    ok, refusal, _ = b.act("orc", "move", {"squares": [[2, 4]]})
    assert ok, refusal
    ok, refusal, _ = b.act("orc", "attack", {"target": "mialee"})
    assert not ok and refusal.code == "NO_STANDARD_ACTION_LEFT"


def test_slow_costs_one_on_attacks_ac_and_reflex():
    def duel(orc_conditions):
        return battle(GRID, creature("hero", "blue", (3, 4), initiative=20, hp=20, weapon="longsword", bab=2),
                      orc(at=(4, 4), conditions=orc_conditions, ac=14))
    slowed, plain = duel(["slowed"]), duel([])
    assert slowed.odds("hero", "attack", {"target": "orc"}).hit == plain.odds("hero", "attack", {"target": "orc"}).hit \
        + Fraction(1, 20)                                               # its AC is 1 lower
    for b in (slowed, plain):
        b.act("hero", "end_turn")
    assert slowed.odds("orc", "attack", {"target": "hero"}).hit == plain.odds("orc", "attack", {"target": "hero"}).hit \
        - Fraction(1, 20)                                               # it attacks at -1
    sources = [m.source for m in slowed.preview("orc", "attack", {"target": "hero"}).recorder.attacks[0].bonus_breakdown]
    assert "slow" in sources
    ref = rules_save_bonus("ref", scores={"dex": 10}, conditions={"slowed"}, listed=3)
    assert ref.value == 2 and rules_save_bonus("will", scores={}, conditions={"slowed"}, listed=3).value == 3


def test_one_creature_a_level_and_no_two_more_than_9_m_apart():
    near = [orc("o1", (6, 4)), orc("o2", (7, 4), initiative=9), orc("o3", (1, 9), initiative=8)]
    b = caster(["slow"], level=5, foes=near)
    ok, refusal, _ = b.act("mialee", "cast", {"spell": "slow", "targets": ["o1", "o3"]})     # 7.5 m, 10.5 m apart
    assert not ok and refusal.code == "TARGETS_TOO_FAR_APART"
    c = caster(["slow"], level=1, foes=near)
    ok, refusal, _ = c.act("mialee", "cast", {"spell": "slow", "targets": ["o1", "o2"]})
    assert not ok and refusal.code == "TOO_MANY_TARGETS"
    ok, refusal, ev = b.act("mialee", "cast", {"spell": "slow", "targets": ["o1", "o2"]}, dice=[1, 1])
    assert ok and all("slowed" in b.board().body(o).conditions for o in ("o1", "o2"))


def test_haste_and_slow_cancel_each_other():
    b = caster(["slow"], foes=[orc(conditions=["hasted"])])
    ok, _, ev = b.act("mialee", "cast", {"spell": "slow", "targets": ["orc"]}, dice=[1])
    conds = b.board().body("orc").conditions
    assert ok and "hasted" not in conds and "slowed" not in conds
    assert first(ev, "ConditionEnded").condition == "hasted"
    h = prepared_caster(GRID, "mialee", ["haste"], "wizard", 5, [orc()], conditions=["slowed"])
    ok, refusal, ev = h.act("mialee", "cast", {"spell": "haste", "targets": ["mialee"]})
    conds = h.board().body("mialee").conditions
    assert ok, refusal
    assert "slowed" not in conds and "hasted" not in conds


def test_slow_lasts_a_round_a_level():
    b = caster(["slow"], level=1, foes=[orc()])
    ok, _, _ = b.act("mialee", "cast", {"spell": "slow", "targets": ["orc"]}, dice=[1])
    assert ok and "slowed" in b.board().body("orc").conditions
    for _ in range(2):
        b.act(b.turn, "end_turn")
    assert "slowed" not in b.board().body("orc").conditions
