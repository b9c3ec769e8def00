"""Tumble (digest §4.6, SRD Tumble): "Trained only. Not usable if your speed is reduced by
armor or load. It is part of a move action, at ½ speed; at full speed it takes −10";
DC 15 to move through threatened squares without provoking, "check per opponent, in the
order you pass them", "+2 per additional enemy beyond the first"; DC 25 to move through
an enemy's square; "DC 25: you stop before entering the enemy's square and provoke from
that enemy"; "with 5+ ranks, fighting defensively gives +3 dodge instead of +2, and total
defense +6 dodge instead of +4". Digest §4.1: "a successful Tumble" does not provoke."""
from combat_helpers import battle, creature, first

OPEN = "\n".join("." * 10 for _ in range(6))


def arena(grid=OPEN, foes=(("gnoll", (3, 2)),), **mine):
    kw = dict(initiative=20, dex=16, hp=30, tumble=4, weapon="short_sword")   # Tumble +4 ranks +3 Dex
    kw.update(mine)
    return battle(grid, creature("lidda", "blue", (2, 2), **kw),
                  *(creature(f, "red", at, weapon="longsword", initiative=10 - i, hp=30)
                    for i, (f, at) in enumerate(foes)))


def tumbles(ev):
    return [e for e in ev if type(e).__name__ == "Tumbled"]


def attacks(ev):
    return [e for e in ev if type(e).__name__ == "AttackRolled" and e.opportunity]


def test_a_made_check_at_dc_15_leaves_the_threatened_squares_without_provoking():
    b = arena()
    ok, refusal, ev = b.act("lidda", "move", {"squares": [[2, 3], [2, 4]], "tumble": "half"}, dice=[8])
    assert ok, refusal
    [check] = tumbles(ev)
    assert (check.foe, check.d20, check.bonus, check.dc, check.success, check.through) == ("gnoll", 8, 7, 15, True, False)
    assert not attacks(ev) and b.board().body("lidda").pos == (2, 4)


def test_a_failed_check_provokes_normally():
    b = arena()
    ok, _, ev = b.act("lidda", "move", {"squares": [[2, 3], [2, 4]], "tumble": "half"}, dice=[7, 1, 1])
    assert ok
    assert not tumbles(ev)[0].success
    [aoo] = attacks(ev)
    assert aoo.attacker == "gnoll" and b.board().body("lidda").pos == (2, 4)


def test_each_enemy_beyond_the_first_adds_2_in_the_order_passed():
    b = arena(foes=(("gnoll", (3, 2)), ("orc", (1, 2))))
    ok, _, ev = b.act("lidda", "move", {"squares": [[2, 3], [2, 4]], "tumble": "half"}, dice=[10, 10])
    assert ok
    assert [(c.foe, c.dc) for c in tumbles(ev)] == [("gnoll", 15), ("orc", 17)]     # initiative order at one square
    assert not attacks(ev)


def test_half_speed_and_full_speed_at_minus_10():
    b = arena()                                  # 9 m = 6 squares: 3 tumbling at half speed
    path = [[2, 3], [2, 4], [2, 5], [3, 5]]
    ok, refusal, _ = b.act("lidda", "move", {"squares": path, "tumble": "half"})
    assert not ok and refusal.code == "TOO_FAR"
    ok, refusal, ev = b.act("lidda", "move", {"squares": path, "tumble": "fast"}, dice=[18])
    assert ok, refusal
    assert tumbles(ev)[0].bonus == 7 - 10 and tumbles(ev)[0].success


def test_through_an_enemys_square_at_dc_25():
    b = arena(foes=(("gnoll", (3, 2)),))
    ok, refusal, ev = b.act("lidda", "move", {"squares": [[3, 2], [4, 2]], "tumble": "half"}, dice=[18])
    assert ok, refusal
    [check] = tumbles(ev)
    assert (check.dc, check.through, check.success) == (25, True, True)
    assert not attacks(ev) and b.board().body("lidda").pos == (4, 2)


def test_failing_dc_25_stops_before_the_enemys_square_and_provokes_from_that_enemy():
    b = arena(foes=(("gnoll", (4, 2)),))
    ok, _, ev = b.act("lidda", "move", {"squares": [[3, 2], [4, 2], [5, 2]], "tumble": "half"}, dice=[17, 1, 1])
    assert ok
    assert not tumbles(ev)[0].success and tumbles(ev)[0].dc == 25
    [aoo] = attacks(ev)
    assert aoo.attacker == "gnoll"
    assert b.board().body("lidda").pos == (3, 2)
    assert first(ev, "MovementStopped").reason == "tumble_failed"
    assert first(ev, "Moved").path == ((2, 2), (3, 2))


def test_without_tumble_an_enemys_square_is_still_in_the_way():
    b = arena()
    ok, refusal, _ = b.act("lidda", "move", {"squares": [[3, 2], [4, 2]]})
    assert not ok and refusal.code == "ENEMY_IN_THE_WAY"


def test_untrained_or_slowed_by_armour_it_is_refused_and_nothing_changes():
    b = arena(tumble=0)
    before = b.state()
    ok, refusal, _ = b.act("lidda", "move", {"squares": [[2, 3]], "tumble": "half"})
    assert not ok and refusal.code == "NOT_TRAINED_IN_TUMBLE" and b.state() == before
    c = arena(armor="chainmail")
    before = c.state()
    ok, refusal, _ = c.act("lidda", "move", {"squares": [[2, 3]], "tumble": "half"})
    assert not ok and refusal.code == "TUMBLE_SPEED_REDUCED_BY_ARMOUR" and c.state() == before


def test_a_misspelt_speed_is_refused_by_the_parser():
    b = arena()
    ok, refusal, _ = b.act("lidda", "move", {"squares": [[2, 3]], "tumble": "slow"})
    assert not ok and refusal.params.get("problem") == "not_a_choice"


def test_the_armour_check_penalty_applies_to_the_check():
    b = arena(armor="studded_leather")            # light armour, check penalty -1, speed kept
    ok, refusal, ev = b.act("lidda", "move", {"squares": [[2, 3], [2, 4]], "tumble": "half"}, dice=[15])
    assert ok, refusal
    assert tumbles(ev)[0].bonus == 7 - 1


def test_difficult_terrain_is_a_light_obstruction_plus_2():
    grid = "\n".join(["..........", "..........", "..........", "..~.......", "..........", ".........."])
    b = arena(grid=grid)
    ok, _, ev = b.act("lidda", "move", {"squares": [[2, 3]], "tumble": "half"}, dice=[15])
    assert ok and tumbles(ev)[0].dc == 17


def dodge(b):
    from game.rules.attack import AttackSituation, armor_class
    ac = armor_class(b.fighter("lidda"), AttackSituation())
    return {m.source: m.value for m in ac.applied if m.kind == "dodge"}


def test_five_ranks_make_fighting_defensively_plus_3_and_total_defense_plus_6():
    from game.world.components import Conditions
    for ranks, defensively, total in ((4, 2, 4), (5, 3, 6)):
        b = arena(tumble=ranks)
        b.comp("lidda", Conditions).ids.add("fighting_defensively")
        assert dodge(b)["fighting_defensively"] == defensively
        c = arena(tumble=ranks)
        ok, refusal, _ = c.act("lidda", "total_defense", {})
        assert ok, refusal
        assert dodge(c)["total_defense"] == total


def test_preview_and_odds_name_each_foe_tested_with_its_chance():
    from game.world.commands import parse
    b = arena(foes=(("gnoll", (3, 2)), ("orc", (1, 2))))
    before = b.state()
    command = parse("lidda", "move", {"squares": [[2, 3], [2, 4]], "tumble": "half"})
    seen = b.preview(command)
    assert seen.legal
    assert [(t.foe, t.dc, t.chance) for t in seen.recorder.tumbles] == [("gnoll", 15, 13 / 20), ("orc", 17, 11 / 20)]
    assert not seen.recorder.opportunities                  # each taken as made: no attack listed
    assert [t.chance for t in b.odds(command).tumbles] == [13 / 20, 11 / 20]
    assert b.state() == before


def test_options_offer_the_tumbling_squares_at_half_speed_through_foes():
    b = arena()
    domain = b.options("lidda")["move"].domain
    tumbling = {(x, y): m for x, y, m in domain["tumble"]}
    assert (4, 2) in tumbling and (3, 2) not in tumbling             # through the gnoll, never ending on it
    assert max(tumbling.values()) == 4.5                              # 9 m at half speed
    assert (4, 2) in {(x, y) for x, y, _ in domain["squares"]}
    assert "tumble" not in arena(tumble=0).options("lidda")["move"].domain
