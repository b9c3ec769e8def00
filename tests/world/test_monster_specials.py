"""Monsters' special attacks and qualities in play (issue 6 item 1; SRD monster entries),
from bestiary templates."""
from combat_helpers import battle, creature, first, types

from game.world.components import Abilities, HitPoints

GRID = "\n".join("." * 10 for _ in range(6))


def vs(template, at=(3, 2), **hero):
    h = dict(initiative=1, hp=60, weapon="longsword", ac=10)
    h.update(hero)
    return battle(GRID, creature("m", "red", at, template=template, initiative=20),
                  creature("hero", "blue", (2, 2), **h))


def test_troll_claw_claw_bite_rend_and_regeneration():
    b = vs("troll", at=(3, 1), bab=3)
    # claw 9 (+15 vs AC 10 hits), claw, bite; damage 1d6 +6, +6, bite 1d6 +3 (secondary: half Str)
    ok, _, ev = b.act("m", "full_attack", {"targets": ["hero", "hero", "hero"]}, dice=[10, 3, 10, 3, 10, 3, 4, 4])
    rolls = [e for e in ev if type(e).__name__ == "AttackRolled"]
    assert ok and [r.bonus for r in rolls] == [9, 9, 4]
    dmg = [e.amount for e in ev if type(e).__name__ == "DamageDealt"]
    assert dmg[:3] == [3 + 6, 3 + 6, 3 + 3] and dmg[3] == 4 + 4 + 9         # rend 2d6+9
    assert any(e.special == "rend" for e in ev if type(e).__name__ == "SpecialUsed")
    # Weapons hurt a troll only with nonlethal damage, which it regenerates; fire does not.
    b.act("m", "end_turn")
    ok, _, ev = b.act("hero", "attack", {"target": "m"}, dice=[15, 8])
    hp = b.comp("m", HitPoints)
    assert hp.nonlethal == 8 and hp.current == hp.maximum
    b.act("hero", "end_turn")
    assert b.comp("m", HitPoints).nonlethal == 3                                 # regeneration 5


def test_wolf_trips_on_a_bite_without_a_touch_attack():
    b = vs("wolf")
    ok, _, ev = b.act("m", "attack", {"target": "hero"}, dice=[15, 4, 18, 2])
    assert ok and any(e.special == "trip" for e in ev if type(e).__name__ == "SpecialUsed")
    assert "prone" in b.board().body("hero").conditions
    assert [e.kind for e in ev if type(e).__name__ == "AttackRolled"] == ["melee"]


def test_ghoul_paralysis_and_undead_destroyed_at_zero():
    b = vs("ghoul")
    ok, _, ev = b.act("m", "attack", {"target": "hero"}, dice=[15, 3, 2, 2])
    assert ok and "paralyzed" in b.board().body("hero").conditions
    c = vs("human_zombie")
    c.comp("m", HitPoints).current = 3
    c.act("m", "end_turn")
    ok, _, ev = c.act("hero", "attack", {"target": "m"}, dice=[15, 8])       # 8 slashing: DR 5/slashing bypassed
    assert "dead" in c.board().body("m").conditions


def test_damage_reduction_and_single_actions():
    b = vs("human_skeleton")
    b.act("m", "end_turn")
    ok, _, ev = b.act("hero", "attack", {"target": "m"}, dice=[15, 7])     # longsword slashing vs DR 5/bludgeoning
    assert first(ev, "DamageDealt").amount == 7 - 5
    z = vs("human_zombie")
    assert z.state()["actions_left"]["restricted"]


def test_spider_poison_initial_and_secondary():
    b = vs("monstrous_spider_large", at=(3, 1))
    before = b.comp("hero", Abilities).scores["str"]
    ok, _, ev = b.act("m", "attack", {"target": "hero"}, dice=[15, 3, 2, 4])
    assert ok and b.comp("hero", Abilities).scores["str"] == before - 4
    assert b.poisons and b.poisons[0]["round"] == b.round + 10


def test_lion_pounces_and_owlbear_grabs():
    b = battle(GRID, creature("m", "red", (0, 2), template="lion", initiative=20),
               creature("hero", "blue", (6, 2), initiative=1, hp=80, ac=10))
    ok, refusal, ev = b.act("m", "charge", {"target": "hero"})
    if not ok and refusal.code == "CHARGE_CHOOSE_END":
        ok, refusal, ev = b.act("m", "charge", {"target": "hero", "end": refusal.params["ends"][0]})
    assert ok and len([e for e in ev if type(e).__name__ == "AttackRolled"]) >= 3     # claw, claw, bite
    o = vs("owlbear", at=(3, 1))
    ok, _, ev = o.act("m", "attack", {"target": "hero"}, dice=[15, 3, 18, 2])
    assert ok and any(e.special == "improved_grab" for e in ev if type(e).__name__ == "SpecialUsed")
    assert "grappling" in o.board().body("hero").conditions


def test_improved_grab_needs_a_smaller_foe():
    o = vs("owlbear", at=(4, 1), size="L")                          # the hero is as large as the owlbear
    ok, _, ev = o.act("m", "attack", {"target": "hero"}, dice=[15, 3, 18, 2])
    assert ok and "DamageDealt" in types(ev)
    assert "OpposedCheck" not in types(ev) and "grappling" not in o.board().body("hero").conditions


def _rolls(ev):
    return [e for e in ev if type(e).__name__ == "AttackRolled"]


def test_lion_pounce_includes_two_rakes_at_plus_7_for_1d4_plus_2():
    # SRD lion: full attack 2 claws +7 (1d4+5), bite +2 (1d8+2); rake +7 (1d4+2); pounce.
    b = battle(GRID, creature("m", "red", (0, 2), template="lion", initiative=20),
               creature("hero", "blue", (6, 2), initiative=1, hp=200, ac=5))
    # claws and bite miss (1s, no grab); each rake hits with an 11 and rolls a 3 on the d4
    ok, refusal, ev = b.act("m", "charge", {"target": "hero", "end": [4, 2]}, dice=[1, 1, 1, 11, 3, 11, 3])
    assert ok, refusal
    rolls = _rolls(ev)
    assert len(rolls) == 5
    assert [r.bonus for r in rolls[3:]] == [7 + 2, 7 + 2]                  # +2 for the charge
    rakes = [e for e in ev if type(e).__name__ == "DamageDealt"]
    assert [(d.dice, d.bonus, d.amount) for d in rakes] == [((3,), 2, 5), ((3,), 2, 5)]


def test_dire_lion_rake_ignores_its_weapon_focus_on_claws():
    # SRD dire lion: claws +13 with Weapon Focus (claw), bite +7; rake +12, 1d6+3.
    b = battle(GRID, creature("m", "red", (0, 2), template="dire_lion", initiative=20),
               creature("hero", "blue", (6, 2), initiative=1, hp=300, ac=5))
    ok, refusal, ev = b.act("m", "charge", {"target": "hero", "end": [4, 2]}, dice=[1, 1, 1, 11, 4, 11, 4])
    assert ok, refusal
    rolls = _rolls(ev)
    assert [r.bonus for r in rolls] == [13 + 2, 13 + 2, 7 + 2, 12 + 2, 12 + 2]
    assert [d.bonus for d in ev if type(d).__name__ == "DamageDealt"] == [3, 3]


def test_rake_against_a_foe_held_since_the_start_of_the_turn_only():
    from game.world.components import Conditions, Grapple
    b = vs("lion", at=(3, 2), hp=200, ac=5)
    for cid, other in (("m", "hero"), ("hero", "m")):           # locked in a grapple already
        b.comp(cid, Grapple).holding.add(other)
        b.comp(cid, Conditions).ids.add("grappling")
    b.changed()
    # the grapple started during this turn: no rake yet
    ok, refusal, ev = b.act("m", "grapple_attack", {"target": "hero"}, dice=[11, 2])
    assert ok, refusal
    assert len(_rolls(ev)) == 1
    assert b.act("m", "end_turn")[0]
    assert b.act("hero", "end_turn")[0]
    # held since the start of its turn: the claw at -4, then two rakes without it
    ok, refusal, ev = b.act("m", "grapple_attack", {"target": "hero"}, dice=[11, 2, 11, 3, 11, 3])
    assert ok, refusal
    rolls = _rolls(ev)
    assert len(rolls) == 3 and [r.bonus for r in rolls] == [7 - 4, 7, 7]


def test_ghast_stench_sickens_who_comes_within_3_m_once():
    # SRD ghast: living creatures within 10 ft, Fort DC 15 or sickened for 1d6+4 minutes;
    # a creature that saves cannot be affected again by the same ghast for 24 hours.
    b = battle(GRID, creature("g", "red", (5, 2), template="ghast", initiative=1),
               creature("hero", "blue", (0, 2), initiative=20, hp=40, fort=2),
               creature("monk", "blue", (0, 4), initiative=15, hp=40, fort=2),
               creature("skel", "red", (7, 2), template="human_skeleton", initiative=5))
    ok, _, ev = b.act("hero", "move", {"squares": [[1, 2], [2, 2]]})
    assert ok and not any(type(e).__name__ == "SavingThrow" for e in ev)   # 15 ft away: outside
    ok, _, ev = b.act("hero", "move", {"squares": [[3, 2]]}, dice=[5, 3])
    save = first(ev, "SavingThrow")
    assert ok and (save.dc, save.bonus, save.success) == (15, 2, False)
    assert "sickened" in b.board().body("hero").conditions
    from game.world.components import Effects
    timed = [e for e in b.comp("hero", Effects).timed if e.condition == "sickened"]
    assert timed and timed[0].until_round == b.round + (3 + 4) * 10
    assert b.act("hero", "end_turn")[0]
    # walking past: the monk saves on the step that brings it within 3 m, and stays safe;
    # the hero, still within 3 m, has no second save against the same ghast
    ok, _, ev = b.act("monk", "move", {"squares": [[1, 3], [2, 3], [3, 3], [3, 4]]}, dice=[18])
    assert ok and [(e.who, e.success) for e in ev if type(e).__name__ == "SavingThrow"] == [("monk", True)]
    assert "sickened" not in b.board().body("monk").conditions
    assert "skel" not in [e.target for e in ev if type(e).__name__ == "SpecialUsed"]   # undead: immune


def test_wight_slam_drains_a_level_and_gains_5_temporary_hit_points():
    from game.world.components import Spellcasting, Stats
    b = vs("wight", at=(3, 2), hp=30, ac=5, bab=3, spells=["cure_light_wounds", "bless", "shield_of_faith"],
           caster_class="cleric", caster_level=3, hd=3)
    ok, refusal, ev = b.act("m", "attack", {"target": "hero"}, dice=[15, 2])
    assert ok, refusal
    dmg = first(ev, "DamageDealt").amount
    assert any(e.special == "energy_drain" for e in ev if type(e).__name__ == "SpecialUsed")
    hp = b.comp("hero", HitPoints)
    assert hp.maximum == 30 - 5 and hp.current == 30 - dmg - 5
    assert b.comp("hero", Stats).values["negative_levels"] == 1
    assert b.comp("m", HitPoints).temporary == 5
    assert len(b.comp("hero", Spellcasting).prepared) == 2 and b.comp("hero", Spellcasting).caster_level == 2
    b.act("m", "end_turn")
    # -1 on its attacks; the wight's temporary hit points go first
    ok, _r, ev = b.act("hero", "attack", {"target": "m"}, dice=[19, 4])
    roll = first(ev, "AttackRolled")
    assert (-1, "untyped", "negative_levels") in roll.bonus_breakdown
    wight = b.comp("m", HitPoints)
    dealt = first(ev, "DamageDealt").amount
    assert wight.temporary == max(0, 5 - dealt) and wight.current == wight.maximum - max(0, dealt - 5)
    assert b.state()["creatures"]["hero"]["negative_levels"] == 1


def test_negative_levels_equal_to_hit_dice_kill_and_undead_are_not_drained():
    b = vs("wight", at=(3, 2), hp=30, ac=5, hd=1)
    ok, _r, ev = b.act("m", "attack", {"target": "hero"}, dice=[15, 1])
    assert ok and "dead" in b.board().body("hero").conditions
    z = battle(GRID, creature("m", "red", (3, 2), template="wight", initiative=20),
               creature("hero", "blue", (2, 2), template="human_zombie", initiative=1))
    ok, _r, ev = z.act("m", "attack", {"target": "hero"}, dice=[19, 1])
    assert ok and not any(type(e).__name__ == "SpecialUsed" for e in ev)
    assert "negative_levels" not in z.state()["creatures"]["hero"]


def test_hill_giant_throws_rocks_at_plus_8_for_2d6_plus_7():
    # SRD hill giant: rock +8/+3 ranged (2d6+7), range increment 120 ft (36 m).
    grid = "\n".join("." * 40 for _ in range(4))
    b = battle(grid, creature("g", "red", (0, 0), template="hill_giant", initiative=20),
               creature("hero", "blue", (30, 1), initiative=1, hp=200, ac=5))
    ok, refusal, ev = b.act("g", "attack", {"target": "hero", "weapon": "rock"}, dice=[12, 3, 4])
    assert ok, refusal
    roll = first(ev, "AttackRolled")
    assert roll.kind == "ranged" and roll.bonus == 8 - 2                  # 29 squares: 2nd increment, -2
    assert (1, "racial", "racial") in roll.bonus_breakdown
    dmg = first(ev, "DamageDealt")
    assert dmg.dice == (3, 4) and dmg.bonus == 7 and dmg.amount == 14
    assert b.board().body("g").weapon.id == "greatclub"                  # the club stays in hand
    # a full attack of rocks: +8 and +3, iteratives of base attack +9
    b.act("g", "end_turn")
    b.act("hero", "end_turn")
    ok, refusal, ev = b.act("g", "full_attack", {"targets": ["hero", "hero"], "weapon": "rock"},
                            dice=[12, 1, 1, 12, 1, 1])
    assert ok, refusal
    assert [r.bonus for r in ev if type(r).__name__ == "AttackRolled"] == [6, 1]


def test_only_a_rock_thrower_has_rocks():
    b = vs("ogre", at=(3, 2))
    ok, refusal, _ = b.act("m", "attack", {"target": "hero", "weapon": "rock"})
    assert not ok and refusal.code == "NOT_IN_HAND"
