"""Scare (SRD "Scare", French "Effroi": "This spell functions like cause fear, except that
it causes all targeted creatures of less than 6 HD to become frightened"; "Targets: One
living creature per three levels, no two of which can be more than 30 ft. apart";
"Duration: 1 round/level or 1 round"; Will partial). A frightened creature flees its fear
(French text, "les créatures effrayées ou paniquées fuient")."""
from combat_helpers import creature, prepared_caster

from game.world.components import Monster

GRID = "\n".join("." * 12 for _ in range(8))


def caster(spells, level=6, foes=()):
    return prepared_caster(GRID, "mialee", spells, "wizard", level, foes)


def orc(cid, at, **kw):
    o = dict(initiative=10, hp=30, weapon="greataxe", hd=1, will=0)
    o.update(kw)
    return creature(cid, "red", at, **o)


def test_scare_frightens_each_target_that_fails_for_a_round_a_level_and_shakes_one_that_saves():
    b = caster(["scare"], foes=[orc("a", (6, 4), initiative=12), orc("b", (7, 5))])
    # DC 10 + 2 + Int 3 = 15: a fails on a 2, b saves on a 15
    ok, refusal, ev = b.act("mialee", "cast", {"spell": "scare", "targets": ["a", "b"]}, dice=[2, 15])
    assert ok, refusal
    saves = [e for e in ev if type(e).__name__ == "SavingThrow"]
    assert [(s.who, s.dc, s.success) for s in saves] == [("a", 15, False), ("b", 15, True)]
    assert "frightened" in b.board().body("a").conditions and b.read("a", Monster).afraid_of == "mialee"
    assert "shaken" in b.board().body("b").conditions and "frightened" not in b.board().body("b").conditions
    b.act("mialee", "end_turn")
    ok, refusal, _ = b.act("a", "move", {"squares": [[5, 4]]})            # toward its fear
    assert not ok and refusal.code == "AFRAID_MUST_FLEE"
    # 1 round a level (6), not cause fear's 1d4: still frightened four rounds on
    while b.round < 5:
        assert b.act(b.turn, "end_turn")[0]
    assert b.round == 5 and "frightened" in b.board().body("a").conditions
    assert "shaken" not in b.board().body("b").conditions                # a save: shaken 1 round


def test_scare_takes_one_creature_per_three_levels_no_two_more_than_30_ft_apart():
    three = [orc("a", (6, 4)), orc("b", (7, 5)), orc("c", (6, 6))]
    b = caster(["scare"], foes=three)
    before = b.state()
    ok, refusal, _ = b.act("mialee", "cast", {"spell": "scare", "targets": ["a", "b", "c"]})
    assert not ok and refusal.code == "TOO_MANY_TARGETS" and refusal.params == {"count": 2}
    low = caster(["scare"], level=3, foes=three)
    ok, refusal, _ = low.act("mialee", "cast", {"spell": "scare", "targets": ["a", "b"]})
    assert not ok and refusal.code == "TOO_MANY_TARGETS" and refusal.params == {"count": 1}
    apart = caster(["scare"], foes=[orc("a", (5, 0)), orc("b", (11, 7))])
    ok, refusal, _ = apart.act("mialee", "cast", {"spell": "scare", "targets": ["a", "b"]})
    assert not ok and refusal.code == "TARGETS_TOO_FAR_APART"
    assert b.state() == before


def test_scare_spares_creatures_of_6_hit_dice_and_the_mindless_before_any_die():
    b = caster(["scare"], foes=[orc("a", (6, 4)), orc("big", (7, 5), hd=6)])
    assert b.check("mialee", "cast", {"spell": "scare", "targets": ["a", "big"]}).code == "TOO_MANY_HIT_DICE"
    dead = caster(["scare"], foes=[orc("a", (6, 4), undead=True)])
    assert dead.check("mialee", "cast", {"spell": "scare", "targets": ["a"]}).code == "IMMUNE_TO_FEAR"
    assert b.options("mialee")["cast"].legal                             # "a" alone it may scare
