"""Combat turns: initiative, the action economy, attacks, attacks of opportunity,
damage and death, played through ``Battle.act`` (French text "les actions en combat";
digest §4, §8, §9; decisions §6)."""
from combat_helpers import battle, creature, first, types

from game.rules.initiative import InitiativeEntry, order
from game.world.turns import add_timed_condition

OPEN = "\n".join("." * 10 for _ in range(6))


def duel(**extra):
    hero = dict(weapon="longsword", hp=12, bab=1, str=14, initiative=20, speed=6)
    orc = dict(weapon="greataxe", hp=8, bab=1, str=16, initiative=10)
    hero.update(extra.pop("hero", {}))
    orc.update(extra.pop("orc", {}))
    return battle(OPEN, creature("hero", "blue", (2, 2), **hero), creature("orc", "red", (3, 2), **orc), **extra)


def test_initiative_order_ties_by_modifier_then_roll_off_digest_8_3():
    entries = [InitiativeEntry("a", 15, 1), InitiativeEntry("b", 15, 3), InitiativeEntry("c", 18, 0),
               InitiativeEntry("d", 15, 3, (4,)), InitiativeEntry("e", 15, 3, (11,))]
    assert order(entries[:3]) == ["c", "b", "a"]
    assert order(entries[2:]) == ["c", "e", "d"]


def test_fixed_initiative_and_the_first_turn():
    b = duel()
    assert b.order == ["hero", "orc"] and b.turn == "hero" and b.round == 1


def test_durations_end_just_before_the_count_they_began_on_monk_example():
    # The French text: stunned on count 15 for one round, the stun lasts through count 16
    # of the next round and ends before count 15.
    b = battle(OPEN, creature("monk", "blue", (0, 0), initiative=15), creature("a", "red", (5, 0), initiative=16),
               creature("b", "red", (7, 0), initiative=14))
    b.act("a", "end_turn")
    assert b.turn == "monk"
    add_timed_condition(b, "a", "stunned", 1)        # the monk stuns a on count 15
    b.act("monk", "end_turn")
    ok, _, ev = b.act("b", "end_turn")
    names = [(type(e).__name__, getattr(e, "who", None)) for e in ev]
    # round 2: a (count 16) is still stunned and loses its turn; the stun ends just before 15
    assert names[names.index(("RoundStarted", None)) + 1:] == [
        ("TurnSkipped", "a"), ("ConditionEnded", "a"), ("TurnStarted", "monk")]
    assert b.round == 2 and b.turn == "monk" and "stunned" not in b.board().body("a").conditions


def test_a_standard_action_can_become_a_move_action_double_move():
    b = duel()
    ok, _, _ = b.act("hero", "move", {"squares": [[2, 3], [2, 4]]})
    assert ok
    ok, _, _ = b.act("hero", "move", {"squares": [[2, 5]]})
    assert ok
    ok, refusal, _ = b.act("hero", "move", {"squares": [[3, 5]]})
    assert not ok and refusal.code == "NO_MOVE_ACTION_LEFT"


def test_five_foot_step_and_other_movement_exclude_each_other():
    b = duel()
    assert b.act("hero", "five_foot_step", {"to": [1, 2]})[0]
    ok, refusal, _ = b.act("hero", "move", {"squares": [[0, 2]]})
    assert not ok and refusal.code == "NO_MOVE_AFTER_FIVE_FOOT_STEP"
    b2 = duel()
    assert b2.act("hero", "move", {"squares": [[2, 3]]})[0]
    ok, refusal, _ = b2.act("hero", "five_foot_step", {"to": [2, 4]})
    assert not ok and refusal.code == "FIVE_FOOT_STEP_AFTER_MOVING"


def test_tordek_prone_stands_steps_and_attacks_french_text():
    # "si Tordek se trouve au sol, il peut se relever (action de mouvement), avancer de 1,50
    # mètre (son pas de placement) et attaquer (action simple)."
    b = battle(OPEN, creature("tordek", "blue", (1, 2), weapon="dwarven_waraxe", conditions=["prone"], initiative=20,
                              speed=6, hp=12),
               creature("orc", "red", (3, 2), weapon="greataxe", initiative=10, hp=30))
    ok, _, ev = b.act("tordek", "stand_up")
    assert ok and "prone" not in b.board().body("tordek").conditions
    assert b.act("tordek", "five_foot_step", {"to": [2, 2]})[0]
    ok, _, ev = b.act("tordek", "attack", {"target": "orc"}, dice=[12, 5])
    assert ok and first(ev, "AttackRolled").d20 == 12
    ok, refusal, _ = b.act("tordek", "attack", {"target": "orc"})
    assert not ok and refusal.code == "NO_STANDARD_ACTION_LEFT"


def test_draw_then_5ft_step_then_attack_french_text():
    b = battle(OPEN, creature("hero", "blue", (1, 2), weapon="unarmed", inventory=["longsword"], initiative=20),
               creature("orc", "red", (3, 2), weapon="greataxe", initiative=10, hp=30))
    assert b.act("hero", "draw", {"weapon": "longsword"})[0]
    assert b.board().body("hero").weapon.id == "longsword"
    assert b.act("hero", "five_foot_step", {"to": [2, 2]})[0]
    assert b.act("hero", "attack", {"target": "orc"}, dice=[3])[0]


def test_full_attack_iteratives_and_switch_to_a_move_after_the_first_blow():
    b = duel(hero={"bab": 11}, orc={"hp": 200})
    ok, _, ev = b.act("hero", "full_attack", {"targets": ["orc", "orc", "orc"]}, dice=[10, 1, 10, 1, 10, 1])
    rolls = [e for e in ev if type(e).__name__ == "AttackRolled"]
    assert ok and [r.bonus for r in rolls] == [13, 8, 3]     # +11/+6/+1 with Str +2
    b2 = duel(hero={"bab": 6}, orc={"hp": 200})
    ok, _, ev = b2.act("hero", "full_attack", {"targets": ["orc", {"move": [[1, 2], [0, 2]]}]}, dice=[2])
    assert ok and "Moved" in types(ev) and b2.board().body("hero").pos == (0, 2)
    assert "Provoked" not in types(ev) and any(e.opportunity for e in ev if type(e).__name__ == "AttackRolled")
    b3 = duel(hero={"bab": 6}, orc={"hp": 200})
    ok, refusal, _ = b3.act("hero", "full_attack", {"targets": [{"move": [[1, 2]]}]})
    assert not ok and refusal.code == "FULL_ATTACK_MOVE_BEFORE_ATTACK"


def test_haste_adds_one_attack_at_the_full_base_attack_bonus():
    b = duel(hero={"bab": 6, "conditions": ["hasted"]}, orc={"hp": 200, "ac": 5})
    ok, _, ev = b.act("hero", "full_attack", {"targets": ["orc", "orc", "orc"]}, dice=[10, 1, 10, 1, 10, 1])
    rolls = [e for e in ev if type(e).__name__ == "AttackRolled"]
    assert ok and [next(m[0] for m in r.bonus_breakdown if m[2] == "bab") for r in rolls] == [6, 6, 1]
    assert [r.bonus for r in rolls] == [9, 9, 4]              # +6/+6/+1, Str +2, haste +1
    ok, refusal, _ = duel(hero={"bab": 6, "conditions": ["hasted"]}, orc={"hp": 200}).act(
        "hero", "full_attack", {"targets": ["orc"] * 4}, dice=[10, 1] * 4)
    assert not ok and refusal.code == "NO_ATTACKS_LEFT" and refusal.params["attacks"] == 3


def test_attack_roll_natural_one_and_twenty_and_the_breakdown():
    b = duel(orc={"ac": 30})
    ok, _, ev = b.act("hero", "attack", {"target": "orc"}, dice=[20, 1, 4])
    roll = first(ev, "AttackRolled")
    assert roll.hit and roll.threat and roll.total < roll.ac     # a natural 20 hits
    assert (1, "untyped", "bab") in roll.bonus_breakdown and (2, "ability", "str") in roll.bonus_breakdown
    assert not first(ev, "CriticalConfirmed").confirmed
    b2 = duel(orc={"ac": 1})
    ok, _, ev = b2.act("hero", "attack", {"target": "orc"}, dice=[1])
    assert not first(ev, "AttackRolled").hit                      # a natural 1 misses


def test_critical_hit_rolls_the_damage_again():
    b = duel(hero={"weapon": "longsword"}, orc={"ac": 5, "hp": 100})
    ok, _, ev = b.act("hero", "attack", {"target": "orc"}, dice=[19, 10, 3, 5])
    dmg = first(ev, "DamageDealt")
    assert first(ev, "CriticalConfirmed").confirmed and dmg.multiplier == 2
    assert dmg.dice == (3, 5) and dmg.amount == 3 + 5 + 2 * 2


def test_two_handed_strength_and_minimum_one_damage():
    b = duel(orc={"weapon": "greataxe", "str": 16}, hero={"ac": 5, "initiative": 1})
    ok, _, ev = b.act("orc", "attack", {"target": "hero"}, dice=[15, 7])
    assert first(ev, "DamageDealt").amount == 7 + 4          # 1.5 x Str +3
    weak = duel(hero={"str": 3, "ac": 5}, orc={"ac": 5, "hp": 50})
    ok, _, ev = weak.act("hero", "attack", {"target": "orc"}, dice=[15, 1])
    assert first(ev, "DamageDealt").amount == 1              # 1 - 4, at least 1


def test_unarmed_strike_is_nonlethal_and_provokes_from_an_armed_target():
    b = duel(hero={"weapon": "unarmed"}, orc={"hp": 20})
    ok, _, ev = b.act("hero", "attack", {"target": "orc"}, dice=[2, 15, 3])
    opp = first(ev, "AttackRolled")
    assert opp.attacker == "orc" and opp.opportunity
    dmg = first(ev, "DamageDealt")
    assert dmg.attacker == "hero" and dmg.nonlethal


def test_flanking_and_charge_modifiers():
    b = battle(OPEN, creature("a", "blue", (2, 2), weapon="longsword", initiative=20),
               creature("b", "blue", (4, 2), weapon="longsword", initiative=19),
               creature("orc", "red", (3, 2), weapon="greataxe", initiative=10, hp=50))
    ok, _, ev = b.act("a", "attack", {"target": "orc"}, dice=[5])
    assert (2, "flanking", "flanking") in first(ev, "AttackRolled").bonus_breakdown
    c = battle(OPEN, creature("knight", "blue", (0, 2), weapon="longsword", initiative=20),
               creature("orc", "red", (5, 2), weapon="greataxe", initiative=10, hp=50))
    ok, refusal, _ = c.act("knight", "charge", {"target": "orc"})
    assert not ok and refusal.code == "CHARGE_CHOOSE_END"
    ok, _, ev = c.act("knight", "charge", {"target": "orc", "end": [4, 2]}, dice=[5])
    assert ok and (2, "circumstance", "charge") in first(ev, "AttackRolled").bonus_breakdown
    assert "charging" in c.board().body("knight").conditions
    c.act("knight", "end_turn")
    ok, _, ev = c.act("orc", "attack", {"target": "knight"}, dice=[5])
    assert (-2, "untyped", "charged") in first(ev, "AttackRolled").ac_breakdown


def test_a_trips_touch_attack_gets_the_flanking_bonus_too():
    """Flanking is "+2 on melee attacks" (digest §7.1): the melee touch attack of a trip is
    one (found by a newcomer play-test of the sandbox's trip odds)."""
    b = battle(OPEN, creature("a", "blue", (2, 2), weapon="longsword", initiative=20, feats=["improved_trip"]),
               creature("b", "blue", (4, 2), weapon="longsword", initiative=19),
               creature("orc", "red", (3, 2), weapon="greataxe", initiative=10, hp=50))
    ok, _, ev = b.act("a", "trip", {"target": "orc"}, dice=[5, 10, 10])
    touch = first(ev, "AttackRolled")
    assert ok and touch.kind == "touch" and (2, "flanking", "flanking") in touch.bonus_breakdown


def test_leaving_a_threatened_square_provokes_and_a_mover_who_falls_stops():
    b = duel(hero={"hp": 3})
    ok, _, ev = b.act("hero", "move", {"squares": [[2, 3], [2, 4], [2, 5]]}, dice=[18, 1])   # 1 + 4: hp -2
    assert ok and types(ev)[:3] == ["ActionTaken", "AttackRolled", "DamageDealt"]
    assert first(ev, "MovementStopped").at == (2, 2)
    assert b.board().body("hero").pos == (2, 2) and "dying" in b.board().body("hero").conditions


def test_withdraw_start_square_does_not_provoke_and_aoo_once_per_round():
    b = duel()
    ok, _, ev = b.act("hero", "withdraw", {"squares": [[1, 2], [0, 2]]})
    assert ok and "AttackRolled" not in types(ev)
    b2 = duel(orc={"weapon": "spiked_chain"})
    ok, _, ev = b2.act("hero", "move", {"squares": [[2, 3], [1, 4], [0, 5]]}, dice=[2])
    assert ok and types(ev).count("AttackRolled") == 1


def test_combat_reflexes_allows_more_attacks_of_opportunity():
    grid = OPEN
    def make(feats):
        return battle(grid, creature("a", "blue", (2, 1), initiative=20), creature("b", "blue", (4, 1), initiative=19),
                      creature("orc", "red", (3, 2), weapon="greataxe", initiative=10, dex=14, feats=feats))
    plain = make([])
    plain.act("a", "move", {"squares": [[2, 0]]}, dice=[2])
    plain.act("a", "end_turn")
    ok, _, ev = plain.act("b", "move", {"squares": [[4, 0]]})
    assert ok and "AttackRolled" not in types(ev)                 # its one attack is spent
    quick = make(["combat_reflexes"])
    quick.act("a", "move", {"squares": [[2, 0]]}, dice=[2])
    quick.act("a", "end_turn")
    ok, _, ev = quick.act("b", "move", {"squares": [[4, 0]]}, dice=[2])
    assert ok and types(ev).count("AttackRolled") == 1


def test_ranged_attack_in_a_threatened_square_provokes_first():
    b = battle(OPEN, creature("archer", "blue", (2, 2), weapon="shortbow", initiative=20),
               creature("orc", "red", (3, 2), weapon="greataxe", initiative=10, hp=40))
    ok, _, ev = b.act("archer", "attack", {"target": "orc"}, dice=[3, 10])
    rolls = [e for e in ev if type(e).__name__ == "AttackRolled"]
    assert rolls[0].attacker == "orc" and rolls[0].opportunity and rolls[1].attacker == "archer"
    b2 = battle(OPEN, creature("archer", "blue", (2, 2), weapon="shortbow", initiative=20),
                creature("orc", "red", (3, 2), weapon="greataxe", initiative=10, hp=40))
    ok, _, ev = b2.act("archer", "attack", {"target": "orc"}, dice=[10], declined={"orc"})
    assert [e.attacker for e in ev if type(e).__name__ == "AttackRolled"] == ["archer"]


def test_total_defense_and_fighting_defensively():
    b = duel(orc={"initiative": 30})
    b.act("orc", "total_defense")
    b.act("orc", "end_turn")
    ok, _, ev = b.act("hero", "move", {"squares": [[2, 3], [2, 4]]})
    assert ok and "AttackRolled" not in types(ev)      # no attacks of opportunity in total defense
    ok, _, ev = b.act("hero", "five_foot_step", {"to": [2, 3]})
    assert not ok
    b2 = duel()
    ok, _, ev = b2.act("hero", "attack", {"target": "orc", "defensively": True}, dice=[10])
    assert (-4, "untyped", "fighting_defensively") in first(ev, "AttackRolled").bonus_breakdown
    b2.act("hero", "end_turn")
    ok, _, ev = b2.act("orc", "attack", {"target": "hero"}, dice=[10])
    assert (2, "dodge", "fighting_defensively") in first(ev, "AttackRolled").ac_breakdown


def test_hit_points_disabled_dying_stable_dead_and_massive_damage():
    b = duel(hero={"hp": 8, "ac": 5, "initiative": 1}, orc={"initiative": 30})
    ok, _, ev = b.act("orc", "attack", {"target": "hero"}, dice=[15, 4])    # 4 + 4 (1.5 x Str) = 8: exactly 0
    assert first(ev, "HealthChanged").status == "disabled"
    b = battle(OPEN, creature("hero", "blue", (2, 2), hp=8, ac=5, initiative=1),
               creature("friend", "blue", (9, 5), initiative=2),
               creature("orc", "red", (3, 2), weapon="greataxe", str=16, initiative=30))
    b.act("orc", "attack", {"target": "hero"}, dice=[15, 5])                 # -1: dying
    assert "dying" in b.board().body("hero").conditions
    b.act("orc", "end_turn")
    ok, _, ev = b.act("friend", "end_turn", dice=[50])                        # hero's turn: loses 1
    assert first(ev, "DyingRolled").outcome == "lose_1" and b.state()["creatures"]["hero"]["hp"] == -2
    assert b.turn == "orc" and b.round == 2
    b.act("orc", "end_turn")
    ok, _, ev = b.act("friend", "end_turn", dice=[7])                         # 10%: stable
    assert first(ev, "DyingRolled").outcome == "stable" and "stable" in b.board().body("hero").conditions
    assert b.state()["creatures"]["hero"]["hp"] == -2
    b = duel(hero={"hp": 8, "ac": 5, "initiative": 1}, orc={"initiative": 30, "str": 60})
    ok, _, ev = b.act("orc", "attack", {"target": "hero"}, dice=[15, 12])     # 12 + 37 = 49: no save
    assert "SavingThrow" not in types(ev) and "dead" in b.board().body("hero").conditions
    b2 = duel(hero={"hp": 80, "ac": 5, "initiative": 1}, orc={"initiative": 30, "str": 62})
    ok, _, ev = b2.act("orc", "attack", {"target": "hero"}, dice=[15, 12, 3])  # 12 + 39 = 51: Fort DC 15
    save = first(ev, "SavingThrow")
    assert not save.success and "dead" in b2.board().body("hero").conditions


def test_a_side_with_nobody_able_to_act_has_lost():
    b = duel(hero={"initiative": 30, "str": 30}, orc={"hp": 3})
    ok, _, ev = b.act("hero", "attack", {"target": "orc"}, dice=[15, 8])
    b.act("hero", "end_turn", dice=[50])
    assert b.winner == "blue" and b.state()["winner"] == "blue" and b.turn is None
    ok, refusal, _ = b.act("hero", "move", {"squares": [[2, 3]]})
    assert not ok and refusal.code == "BATTLE_OVER"


def test_restricted_activity_one_action_and_restricted_charge():
    b = battle(OPEN, creature("s", "blue", (0, 2), initiative=20, conditions=["staggered"], speed=6),
               creature("orc", "red", (5, 2), weapon="greataxe", initiative=10, hp=50))
    assert b.act("s", "move", {"squares": [[1, 2], [2, 2], [3, 2], [4, 2]]}, dice=[1])[0]
    ok, refusal, _ = b.act("s", "attack", {"target": "orc"})
    assert not ok and refusal.code == "NO_STANDARD_ACTION_LEFT"
    b2 = battle(OPEN, creature("s", "blue", (0, 2), initiative=20, conditions=["staggered"], speed=6),
                creature("orc", "red", (5, 2), weapon="greataxe", initiative=10, hp=50))
    ok, refusal, _ = b2.act("s", "full_attack", {"targets": ["orc"]})
    assert not ok and refusal.code == "RESTRICTED_NO_FULL_ROUND"
    ok, refusal, _ = b2.act("s", "charge", {"target": "orc", "end": [4, 2]}, dice=[5])
    assert ok                     # 4 squares = its speed: the restricted charge


def test_delay_and_ready():
    b = battle(OPEN, creature("a", "blue", (0, 0), initiative=20), creature("b", "red", (6, 0), initiative=15),
               creature("c", "blue", (0, 5), initiative=10))
    ok, _, ev = b.act("a", "delay")
    assert ok and b.turn == "b" and "a" in b.state()["delayed"]
    ok, _, ev = b.act("a", "move", {"squares": [[1, 0]]})   # steps in before b acts
    assert ok and b.turn == "a" and b.order.index("a") < b.order.index("b")
    r = battle(OPEN, creature("pike", "blue", (0, 0), weapon="longspear", initiative=20),
               creature("orc", "red", (6, 0), weapon="greataxe", initiative=15, hp=30))
    assert r.act("pike", "ready", {"trigger": "enemy_moves_within_reach", "command": {"action": "attack"}})[0]
    r.act("pike", "end_turn")
    ok, _, ev = r.act("orc", "move", {"squares": [[5, 0], [4, 0], [3, 0], [2, 0]]}, dice=[10, 4])
    assert ok and first(ev, "ReadiedActionTriggered").who == "pike"
    assert first(ev, "AttackRolled").attacker == "pike"
    assert r.order == ["pike", "orc"] or r.order.index("pike") < r.order.index("orc")


def test_two_readied_actions_fire_off_one_trigger_each_in_turn():
    """Two spears readied against the same orc both strike as it comes; each readier's
    initiative moves just before the orc's (French text, "préparer une action")."""
    b = battle(OPEN, creature("p1", "blue", (0, 0), weapon="longspear", initiative=20),
               creature("p2", "blue", (0, 2), weapon="longspear", initiative=19),
               creature("orc", "red", (6, 1), weapon="greataxe", initiative=15, hp=30))
    for spear in ("p1", "p2"):
        assert b.act(spear, "ready", {"trigger": "enemy_moves_within_reach", "command": {"action": "attack"}})[0]
        b.act(spear, "end_turn")
    ok, _, ev = b.act("orc", "move", {"squares": [[5, 1], [4, 1], [3, 1], [2, 1]]}, dice=[18, 4, 18, 4])
    assert ok
    assert [e.who for e in ev if type(e).__name__ == "ReadiedActionTriggered"] == ["p1", "p2"]
    assert [e.attacker for e in ev if type(e).__name__ == "AttackRolled"] == ["p1", "p2"]
    assert b.order.index("p1") < b.order.index("orc") and b.order.index("p2") < b.order.index("orc")
    assert b.state()["creatures"]["orc"]["hp"] < 30


def test_a_refused_action_changes_nothing_not_even_the_dice():
    b = duel()
    before = (b.state(), b.dice.get_state()[0])
    ok, refusal, ev = b.act("hero", "attack", {"target": "hero"}, dice=[20])
    assert not ok and ev == [] and (b.state(), b.dice.get_state()[0]) == before
    ok, refusal, _ = b.act("hero", "full_attack", {"targets": ["orc", "orc"]}, dice=[10, 5])  # bab 1: one attack
    assert not ok and refusal.code == "NO_ATTACKS_LEFT"
    assert (b.state(), b.dice.get_state()[0]) == before
    ok, refusal, _ = b.act("hero", "attack", {"target": "orc"}, dice=[25])
    assert not ok and refusal.code == "BAD_DICE" and (b.state(), b.dice.get_state()[0]) == before


def test_swift_and_immediate_actions_share_one_per_turn():
    from game.world import budget
    from game.world.components import TurnState
    ts = TurnState()
    assert budget.immediate_refusal(ts, on_own_turn=True, flat_footed=False, owed=False) is None
    budget.spend(ts, "swift")
    assert budget.refusal(ts, "swift").code == "NO_SWIFT_ACTION_LEFT"
    assert budget.immediate_refusal(ts, on_own_turn=True, flat_footed=False, owed=False).code == "NO_SWIFT_ACTION_LEFT"
    assert budget.immediate_refusal(None, on_own_turn=False, flat_footed=True, owed=False).code == "FLAT_FOOTED_NO_IMMEDIATE"
    assert budget.immediate_refusal(None, on_own_turn=False, flat_footed=False, owed=True).code == "NO_SWIFT_ACTION_LEFT"
    # an immediate action off-turn spends the next turn's swift action
    b = duel()
    b.swift_owed.add("orc")
    b.act("hero", "end_turn")
    assert b.turn == "orc" and b.state()["actions_left"]["swift"] is False


def test_a_delaying_creature_steps_in_before_the_current_one_through_act():
    """French text, "retarder son action": a creature that delayed may act before another's
    turn; the one whose turn it is cannot "step in" (NOT_DELAYING), and options says so."""
    from combat_helpers import battle, creature
    b = battle("\n".join("." * 8 for _ in range(4)), creature("a", "blue", (0, 0), initiative=20),
               creature("b", "red", (7, 3), initiative=10), creature("c", "red", (7, 0), initiative=5))
    assert b.act("a", "delay")[0] and b.turn == "b"
    assert b.options("b")["step_in"].refusal.code == "NOT_DELAYING"
    assert b.check("b", "step_in") == b.options("b")["step_in"].refusal
    ok, refusal, _ = b.act("a", "step_in")
    assert ok, refusal
    assert b.turn == "a"
