"""Special attacks through ``act``: trip, bull rush, disarm, sunder, aid another, feint
(French text "attaques spéciales"), with scripted dice."""
from combat_helpers import battle, creature, first, types

from game.world.components import Stats

OPEN = "\n".join("." * 10 for _ in range(6))


def pair(a=None, d=None, grid=OPEN, extra=()):
    a_kw = dict(weapon="longsword", initiative=20, str=14, bab=1, hp=30)
    d_kw = dict(weapon="longsword", initiative=10, str=12, hp=30)
    a_kw.update(a or {})
    d_kw.update(d or {})
    return battle(grid, creature("a", "blue", (2, 2), **a_kw), creature("d", "red", (3, 2), **d_kw), *extra)


def test_unarmed_trip_provokes_touch_attack_then_opposed_strength():
    b = pair()
    # AoO d20 2 (miss), touch attack 15, then opposed: a 12+2 vs d 5+1
    ok, _, ev = b.act("a", "trip", {"target": "d"}, dice=[2, 15, 12, 5])
    assert ok and [type(e).__name__ for e in ev][:2] == ["ActionTaken", "AttackRolled"]
    assert first(ev, "AttackRolled").attacker == "d"                 # the target's attack of opportunity
    check = first(ev, "OpposedCheck")
    assert (check.attacker_total, check.defender_total) == (14, 6) and check.winner == "a"
    assert "prone" in b.board().body("d").conditions


def test_trip_weapon_does_not_provoke_and_the_loser_may_be_tripped_back():
    b = pair(a={"weapon": "guisarme"}, d={"str": 18}, grid=OPEN)
    b.act("a", "five_foot_step", {"to": [1, 2]})
    ok, _, ev = b.act("a", "trip", {"target": "d"}, dice=[15, 3, 15, 15, 3])
    rolls = [e for e in ev if type(e).__name__ == "AttackRolled"]
    assert ok and [r.attacker for r in rolls] == ["a"] and rolls[0].kind == "touch"
    kinds = [e.kind for e in ev if type(e).__name__ == "OpposedCheck"]
    assert kinds == ["trip", "counter_trip"] and "prone" in b.board().body("a").conditions
    c = pair(a={"weapon": "guisarme"}, d={"str": 18})
    c.act("a", "five_foot_step", {"to": [1, 2]})
    ok, _, ev = c.act("a", "trip", {"target": "d", "drop_weapon": True}, dice=[15, 3, 15])
    assert ok and "ItemDropped" in types(ev) and "prone" not in c.board().body("a").conditions


def test_stability_and_size_in_the_trip_check():
    b = pair(d={"size": "L", "weapon": "greatclub"})
    b.comp("d", Stats).values["stable"] = 1
    ok, _, ev = b.act("a", "trip", {"target": "d"}, dice=[2, 15, 10, 10])
    check = first(ev, "OpposedCheck")
    assert (4, "size", "size") in check.defender_breakdown and (4, "untyped", "stability") in check.defender_breakdown
    ok, refusal, _ = pair(d={"size": "H", "weapon": "greatclub"}).act("a", "trip", {"target": "d"})
    assert not ok and refusal.code == "TARGET_TOO_BIG"


def test_bull_rush_pushes_one_square_plus_one_per_five_when_following_french_text():
    b = pair(a={"str": 18, "speed": 9})
    # AoO misses (2); a: 20+4=24 vs d: 5+1=6 -> margin 18: 1 + 3 squares if following
    ok, _, ev = b.act("a", "bull_rush", {"target": "d", "follow": True}, dice=[2, 20, 5])
    pushes = [e for e in ev if type(e).__name__ == "Pushed"]
    assert ok and pushes[0].who == "d" and pushes[0].squares == 4 and b.board().body("d").pos == (7, 2)
    assert pushes[1].who == "a" and b.board().body("a").pos == (6, 2)
    c = pair(a={"str": 18})
    ok, _, ev = c.act("a", "bull_rush", {"target": "d"}, dice=[2, 20, 5])
    assert c.board().body("d").pos == (4, 2) and c.board().body("a").pos == (2, 2)   # no follow: 1.5 m


def test_bull_rush_loser_is_pushed_back_or_falls_if_that_square_is_occupied():
    b = pair(d={"str": 18})
    ok, _, ev = b.act("a", "bull_rush", {"target": "d"}, dice=[2, 2, 18])
    assert ok and b.board().body("a").pos == (1, 2)
    c = pair(d={"str": 18}, extra=[creature("x", "blue", (1, 2), initiative=5)])
    ok, _, ev = c.act("a", "bull_rush", {"target": "d"}, dice=[2, 2, 18])
    assert c.board().body("a").pos == (2, 2) and "prone" in c.board().body("a").conditions


def test_bull_rush_third_party_aoo_may_strike_the_target_instead():
    b = pair(extra=[creature("o", "red", (2, 3), initiative=5, weapon="longsword")], a={"feats": ["improved_bull_rush"]})
    ok, _, ev = b.act("a", "bull_rush", {"target": "d"}, dice=[18, 10, 4, 10, 10])
    stray = first(ev, "AttackRedirected")
    assert ok and stray.attacker == "o" and stray.hits == "d"
    assert first(ev, "DamageDealt").target == "d"


def test_disarm_opposed_attack_rolls_two_handed_and_unarmed_grab():
    b = pair(a={"weapon": "greatsword", "feats": ["improved_disarm"]}, d={"weapon": "dagger"})
    ok, _, ev = b.act("a", "disarm", {"target": "d"}, dice=[10, 10])
    check = first(ev, "OpposedCheck")
    assert (4, "untyped", "two_handed") in check.attacker_breakdown
    assert (-4, "untyped", "light_weapon") in check.defender_breakdown
    assert first(ev, "Disarmed").weapon == "dagger" and b.ground[(3, 2)] == ["dagger"]
    c = pair(a={"weapon": "unarmed", "feats": ["improved_disarm", "improved_unarmed_strike"]}, d={"weapon": "longsword"})
    ok, _, ev = c.act("a", "disarm", {"target": "d"}, dice=[18, 2])
    assert first(ev, "Disarmed").grabbed and c.board().body("a").weapon.id == "longsword"


def test_disarm_fails_when_the_attack_of_opportunity_hurts_and_the_counter_disarm():
    b = pair()
    ok, _, ev = b.act("a", "disarm", {"target": "d"}, dice=[15, 3])
    assert ok and first(ev, "ManeuverFailed").reason == "damaged_by_opportunity"
    c = pair(a={"feats": ["improved_disarm"]})
    ok, _, ev = c.act("a", "disarm", {"target": "d"}, dice=[2, 18, 18, 2])
    assert [e.kind for e in ev if type(e).__name__ == "OpposedCheck"] == ["disarm", "counter_disarm"]
    assert first(ev, "Disarmed").who == "a"
    ok, refusal, _ = pair(d={"weapon": "bite"}).act("a", "disarm", {"target": "d"})
    assert not ok and refusal.code == "NOTHING_TO_DISARM"


def test_a_locked_gauntlet_gives_plus_10_to_keep_the_weapon():
    b = pair(a={"weapon": "greatsword", "feats": ["improved_disarm"]}, d={"weapon": "longsword", "locked_gauntlet": True})
    # attacker 10 + 11 = 21; defender 15 + 1 + 10 = 26 with the gauntlet, 16 without
    ok, _, ev = b.act("a", "disarm", {"target": "d"}, dice=[10, 15])
    check = first(ev, "OpposedCheck")
    assert (10, "untyped", "locked_gauntlet") in check.defender_breakdown
    assert check.winner == "d" and b.board().body("d").weapon.id == "longsword"
    free = pair(a={"weapon": "greatsword", "feats": ["improved_disarm"]}, d={"weapon": "longsword"})
    ok, _, ev = free.act("a", "disarm", {"target": "d"}, dice=[10, 15])
    assert first(ev, "OpposedCheck").winner == "a"                    # the same rolls without it


def test_sunder_hardness_and_hit_points():
    b = pair(a={"weapon": "greataxe", "str": 18, "feats": ["improved_sunder"]}, d={"weapon": "longsword"})
    ok, _, ev = b.act("a", "sunder", {"target": "d"}, dice=[15, 5, 12])
    hit = first(ev, "ItemDamaged")
    # 12 + 6 (1.5 x Str +4) = 18 - hardness 10 = 8 > 5 hp: the longsword breaks
    assert hit.damage == 18 and hit.hardness == 10 and hit.destroyed and b.board().body("d").weapon.id == "unarmed"
    ok, refusal, _ = pair(a={"weapon": "rapier"}).act("a", "sunder", {"target": "d"})
    assert not ok and refusal.code == "SUNDER_NEEDS_SLASHING_OR_BLUDGEONING"


def test_aid_another_gives_plus_two_on_the_allys_next_attack():
    b = battle(OPEN, creature("h", "blue", (2, 1), initiative=20, weapon="club"),
               creature("f", "blue", (2, 3), initiative=15, weapon="club"),
               creature("o", "red", (3, 2), initiative=10, weapon="greataxe", hp=40))
    ok, _, ev = b.act("h", "aid_another", {"ally": "f", "enemy": "o", "help": "attack"}, dice=[12])
    assert ok and first(ev, "AidGiven").kind == "attack"
    b.act("h", "end_turn")
    ok, _, ev = b.act("f", "attack", {"target": "o"}, dice=[5])
    assert (2, "circumstance", "aid_another") in first(ev, "AttackRolled").bonus_breakdown
    assert b.aids == []


def test_feint_costs_the_target_its_dex_bonus_against_the_next_melee_attack():
    b = pair(d={"dex": 16})
    ok, _, ev = b.act("a", "feint", {"target": "d"}, dice=[15, 3])
    assert ok and first(ev, "Feinted").target == "d"
    b.act("a", "end_turn")
    b.act("d", "end_turn")
    ok, _, ev = b.act("a", "attack", {"target": "d"}, dice=[10])
    assert not any(src == "dex" for _v, _k, src in first(ev, "AttackRolled").ac_breakdown)
    c = pair(d={"int": 2})
    ok, _, ev = c.act("a", "feint", {"target": "d"}, dice=[15, 3])
    assert (-8, "untyped", "animal") in first(ev, "OpposedCheck").attacker_breakdown


def test_special_attacks_replace_attacks_in_a_full_attack_and_a_charge():
    b = pair(a={"bab": 6})
    ok, _, ev = b.act("a", "full_attack", {"targets": [{"trip": "d"}, "d"]}, dice=[2, 15, 12, 5, 10])
    assert ok and "prone" in b.board().body("d").conditions
    c = battle(OPEN, creature("k", "blue", (0, 2), str=16, initiative=20),
               creature("d", "red", (5, 2), initiative=10))
    ok, _, ev = c.act("k", "charge", {"target": "d", "end": [4, 2], "maneuver": "bull_rush"}, dice=[2, 10, 10])
    assert ok and (2, "untyped", "charge") in first(ev, "OpposedCheck").attacker_breakdown


def test_overrun_avoided_blocked_won_and_lost():
    def make(**d):
        kw = dict(initiative=10, str=10)
        kw.update(d)
        return battle(OPEN, creature("a", "blue", (0, 2), initiative=20, str=16, speed=9),
                      creature("d", "red", (2, 2), **kw))
    path = {"target": "d", "squares": [[1, 2], [2, 2], [3, 2], [4, 2]]}
    b = make()
    ok, _, ev = b.act("a", "overrun", {**path, "defender": "avoid"}, dice=[2])
    assert ok and b.board().body("a").pos == (4, 2) and "OpposedCheck" not in types(ev)
    b = make()
    ok, _, ev = b.act("a", "overrun", path, dice=[15, 5])       # an unarmed defender takes no AoO
    assert ok and "prone" in b.board().body("d").conditions and b.board().body("a").pos == (4, 2)
    b = make(str=20)
    ok, _, ev = b.act("a", "overrun", path, dice=[3, 15, 15, 3])
    assert ok and b.board().body("a").pos == (1, 2) and "prone" in b.board().body("a").conditions
    ok, refusal, _ = b.act("a", "overrun", path)
    assert not ok
    c = battle(OPEN, creature("a", "blue", (0, 2), initiative=20, str=16, feats=["improved_overrun"]),
               creature("d", "red", (2, 2), initiative=10))
    ok, _, ev = c.act("a", "overrun", {**path, "defender": "avoid"}, dice=[10, 10])
    check = first(ev, "OpposedCheck")      # it cannot be avoided; +4 for the feat
    assert (4, "untyped", "improved") in check.attacker_breakdown


def test_locking_and_unlocking_the_gauntlet_is_a_full_round_action_that_provokes():
    b = pair(a={"weapon": "longsword", "locked_gauntlet": True}, d={"weapon": "greataxe"})
    ok, refusal, _ = b.act("a", "drop", {})
    assert not ok and refusal.code == "WEAPON_LOCKED"
    ok, refusal, _ = b.act("a", "lock_gauntlet", {})
    assert not ok and refusal.code == "GAUNTLET_ALREADY_LOCKED"
    ok, refusal, ev = b.act("a", "unlock_gauntlet", {}, dice=[2])
    assert ok, refusal
    assert first(ev, "AttackRolled").attacker == "d"                       # it provokes
    assert not b.state()["actions_left"]["standard"] and not b.state()["actions_left"]["move"]
    assert b.act("a", "drop", {})[0]                                          # free to let go now
    ok, refusal, _ = pair().act("a", "unlock_gauntlet", {})
    assert not ok and refusal.code == "NO_LOCKED_GAUNTLET"
