"""Splash weapons thrown for real (French text "armes à impact", digest §6, decisions §4)."""
from combat_helpers import battle, creature, first, types

from game.world.components import Hands, Inventory, Stats

GRID = "\n".join("." * 10 for _ in range(8))


def thrower(*items, foes=(), **kw):
    t_kw = dict(initiative=20, dex=14, weapon="dagger")
    t_kw.update(kw)
    b = battle(GRID, creature("lidda", "blue", (3, 7), **t_kw), *foes)
    b.comp("lidda", Inventory).items.extend(items)
    if items:
        b.comp("lidda", Hands).holding = items[0]       # the first flask already in hand
    return b


def test_direct_hit_splashes_the_others_and_the_flask_is_gone():
    b = thrower("acid_flask", foes=[creature("goblin", "red", (3, 3), initiative=10, hp=10, size="S"),
                                    creature("wolf", "red", (4, 2), initiative=9, hp=10, weapon="bite")])
    ok, _, ev = b.act("lidda", "throw_splash", {"item": "acid_flask", "target": "goblin"}, dice=[15, 4])
    landed = first(ev, "SplashLanded")
    assert ok and landed.direct == "goblin" and landed.splashed == ("wolf",) and landed.range_increments == 2
    dmg = {e.target: e.amount for e in ev if type(e).__name__ == "DamageDealt"}
    assert dmg == {"goblin": 4, "wolf": 1}
    assert "acid_flask" not in b.comp("lidda", Inventory).items
    roll = first(ev, "AttackRolled")
    assert roll.kind == "ranged_touch" and (-2, "untyped", "range") in roll.bonus_breakdown


def test_a_miss_scatters_by_the_d8_french_example():
    b = thrower("acid_flask", foes=[creature("goblin", "red", (3, 3), initiative=10, hp=10, size="S")])
    ok, _, ev = b.act("lidda", "throw_splash", {"item": "acid_flask", "target": "goblin"}, dice=[1, 1])
    landed = first(ev, "SplashLanded")
    assert landed.direct is None and landed.lands == (3, 5)      # two increments, 1 on the d8: 2 squares short


def test_holy_water_hurts_only_undead():
    b = thrower("holy_water", foes=[creature("zombie", "red", (3, 3), initiative=10, hp=16, weapon="slam"),
                                    creature("orc", "red", (3, 2), initiative=9, hp=10)])
    b.comp("zombie", Stats).values["undead"] = 1
    ok, _, ev = b.act("lidda", "throw_splash", {"item": "holy_water", "target": "zombie"}, dice=[15, 3, 2])
    dmg = {e.target: e.amount for e in ev if type(e).__name__ == "DamageDealt"}
    assert dmg == {"zombie": 5}


def test_alchemists_fire_burns_next_turn_unless_put_out():
    b = thrower("alchemists_fire", foes=[creature("orc", "red", (3, 3), initiative=10, hp=20)])
    ok, _, ev = b.act("lidda", "throw_splash", {"item": "alchemists_fire", "target": "orc"}, dice=[15, 2])
    assert "burning" in b.board().body("orc").conditions
    b.act("lidda", "end_turn")
    ok, _, ev = b.act("orc", "end_turn", dice=[5])
    assert first(ev, "DamageDealt").amount == 5 and "burning" not in b.board().body("orc").conditions
    c = thrower("alchemists_fire", foes=[creature("orc", "red", (3, 3), initiative=10, hp=20)])
    c.act("lidda", "throw_splash", {"item": "alchemists_fire", "target": "orc"}, dice=[15, 2])
    c.act("lidda", "end_turn")
    ok, _, ev = c.act("orc", "extinguish", dice=[15])
    assert ok and first(ev, "SavingThrow").success
    ok, _, ev = c.act("orc", "end_turn")
    assert "DamageDealt" not in types(ev)


def test_tanglefoot_bag_entangles_and_may_glue():
    b = thrower("tanglefoot_bag", foes=[creature("orc", "red", (3, 3), initiative=10, hp=20)])
    ok, _, ev = b.act("lidda", "throw_splash", {"item": "tanglefoot_bag", "target": "orc"}, dice=[15, 2, 2, 3])
    conds = b.board().body("orc").conditions
    assert "entangled" in conds and "glued" in conds
    b.act("lidda", "end_turn")
    ok, refusal, _ = b.act("orc", "move", {"squares": [[3, 2]]})
    assert not ok
    ok, _, ev = b.act("orc", "break_free", dice=[17])
    assert ok and "glued" not in b.board().body("orc").conditions


def test_thunderstone_at_an_intersection_deafens_around():
    b = thrower("thunderstone", foes=[creature("orc", "red", (3, 3), initiative=10, hp=20),
                                      creature("far", "red", (9, 0), initiative=9)])
    ok, _, ev = b.act("lidda", "throw_splash", {"item": "thunderstone", "intersection": [4, 4]}, dice=[10, 3])
    saves = {e.who: e.success for e in ev if type(e).__name__ == "SavingThrow"}
    assert ok and saves == {"orc": False} and "deafened" in b.board().body("orc").conditions


def test_throwing_provokes_and_aiming_inside_a_large_creature_is_refused():
    b = thrower("acid_flask", foes=[creature("ogre", "red", (3, 5), initiative=10, hp=30, size="L", weapon="greatclub")])
    ok, refusal, _ = b.act("lidda", "throw_splash", {"item": "acid_flask", "intersection": [4, 6]})
    assert not ok and refusal.code == "INTERSECTION_INSIDE_CREATURE"
    ok, _, ev = b.act("lidda", "throw_splash", {"item": "acid_flask", "target": "ogre"}, dice=[2, 15, 3])
    assert ok and first(ev, "AttackRolled").attacker == "ogre"      # the attack of opportunity comes first


def test_a_flask_is_retrieved_first_a_move_action_that_provokes():
    orc = creature("orc", "red", (3, 6), initiative=10, hp=30, weapon="greataxe")
    b = thrower(foes=[orc])
    b.comp("lidda", Inventory).items.append("acid_flask")
    before = b.state()
    ok, refusal, _ = b.act("lidda", "throw_splash", {"item": "acid_flask", "target": "orc"})
    assert not ok and refusal.code == "RETRIEVE_FIRST" and b.state() == before
    ok, refusal, ev = b.act("lidda", "retrieve", {"item": "acid_flask"}, dice=[2])
    assert ok, refusal
    assert first(ev, "AttackRolled").attacker == "orc"                    # out of the pack: it provokes
    assert b.comp("lidda", Hands).holding == "acid_flask"
    assert not b.state()["actions_left"]["full_round"] and b.state()["actions_left"]["standard"]
    ok, refusal, _ = b.act("lidda", "retrieve", {"item": "acid_flask"})
    assert not ok and refusal.code == "ALREADY_HOLDING"
    ok, refusal, _ = b.act("lidda", "retrieve", {"item": "dagger"})
    assert not ok                                                         # weapons are drawn


def test_a_wand_is_drawn_without_provoking_and_two_hands_on_a_weapon_hold_nothing():
    orc = creature("orc", "red", (3, 6), initiative=10, hp=30, weapon="greataxe")
    b = thrower(foes=[orc])
    b.comp("lidda", Inventory).items.append("wand_magic_missile")
    ok, _, ev = b.act("lidda", "retrieve", {"item": "wand_magic_missile"})
    assert ok and "AttackRolled" not in types(ev)
    ok, _, ev = b.act("lidda", "stow", {}, dice=[2])
    assert ok and b.comp("lidda", Hands).holding is None and first(ev, "AttackRolled").attacker == "orc"
    big = thrower(foes=[orc], weapon="greatsword")
    big.comp("lidda", Inventory).items.append("acid_flask")
    ok, refusal, _ = big.act("lidda", "retrieve", {"item": "acid_flask"})
    assert not ok and refusal.code == "HAND_FULL"


def test_a_flask_thrown_at_a_foe_in_melee_with_an_ally_takes_minus_4_unless_precise_shot():
    """French text, "Tir ou lancer dans une mêlée": "Quand on utilise une arme de jet ou à
    projectiles sur un adversaire en train de combattre au corps à corps avec un compagnon,
    on subit un malus de -4" — a splash weapon is thrown; Precise Shot takes the -4 away."""
    def scene(**kw):
        return thrower("acid_flask", foes=[creature("orc", "red", (3, 4), initiative=10, hp=20, weapon="greataxe"),
                                           creature("tordek", "blue", (3, 3), initiative=5, weapon="battleaxe")], **kw)
    b = scene()
    ok, _, ev = b.act("lidda", "throw_splash", {"item": "acid_flask", "target": "orc"}, dice=[15, 3])
    assert ok and (-4, "untyped", "shooting_into_melee") in first(ev, "AttackRolled").bonus_breakdown
    c = scene(feats=["point_blank_shot", "precise_shot"])
    ok, _, ev = c.act("lidda", "throw_splash", {"item": "acid_flask", "target": "orc"}, dice=[15, 3])
    assert ok and not any(src == "shooting_into_melee" for _v, _k, src in first(ev, "AttackRolled").bonus_breakdown)
