"""Rules review of the combat engine (issue 3).

Tests named ``test_bug_*`` were written to fail: each showed a place where the engine
was not faithful to the French text (FR), the digest or decisions.md; they pass now that
it is mended. Tests named ``test_verified_*``: tricky cases checked and found right.

Scenarios are kept so that they stay meaningful once creatures are flat-footed until
their first turn (finding 1): an enemy that must take an attack of opportunity has
always had its turn already.
"""
from combat_helpers import battle, creature, first, types

from game.world.components import RunState

OPEN = "\n".join("." * 14 for _ in range(6))


def rolls(events):
    return [e for e in events if type(e).__name__ == "AttackRolled"]


def end_turns(b, *who):
    for cid in who:
        ok, refusal, _ = b.act(cid, "end_turn", dice=[50])
        assert ok, (cid, refusal)


# ---------------------------------------------------------------------------------------
# Findings (these fail today)
# ---------------------------------------------------------------------------------------

def test_verified_a_scenario_is_a_fight_under_way_nobody_flat_footed():
    """Verified against the scenario contract (design/scenario-format.md: "A scenario
    describes a moment in a fight already under way: nobody is flat-footed unless
    `conditions` says so"). Digest §8.3's "flat-footed until its first turn" applies when
    a fight starts: the surprise round (tests/world/test_combat_actions.py). So the orc
    (init 10, Dex 14) keeps its Dex bonus and its attack of opportunity in round 1."""
    b = battle(OPEN, creature("hero", "blue", (2, 2), weapon="longsword", initiative=20),
               creature("orc", "red", (3, 2), weapon="greataxe", initiative=10, dex=14, hp=30))
    ok, _, ev = b.act("hero", "attack", {"target": "orc"}, dice=[10, 3])
    assert ok and (2, "ability", "dex") in rolls(ev)[0].ac_breakdown
    b2 = battle(OPEN, creature("hero", "blue", (2, 2), weapon="longsword", initiative=20),
                creature("orc", "red", (3, 2), weapon="greataxe", initiative=10, hp=30))
    ok, _, ev = b2.act("hero", "move", {"squares": [[2, 3], [2, 4]]}, dice=[2])
    assert ok and [r.attacker for r in rolls(ev)] == ["orc"]


def test_bug_a_creature_dropped_during_its_own_turn_blocks_the_battle():
    """Issue 3, "Done when": a whole battle can be fought through ``act`` alone; digest
    §8.2 (dying: no actions); decisions §6 (it rolls from its *next* turn). The hero is
    dropped to -2 by an attack of opportunity while moving on its own turn. Its turn must
    end (automatically or through ``end_turn``); today ``end_turn`` is refused
    (CANNOT_ACT) and everyone else gets NOT_YOUR_TURN: the battle is stuck."""
    b = battle(OPEN, creature("orc", "red", (3, 2), weapon="greataxe", initiative=30, str=16),
               creature("hero", "blue", (2, 2), initiative=5, hp=3),
               creature("friend", "blue", (12, 5), initiative=1))
    end_turns(b, "orc")
    ok, _, ev = b.act("hero", "move", {"squares": [[2, 3], [2, 4]]}, dice=[18, 1])   # 1 + 4 = 5 damage
    assert ok and "dying" in b.board().body("hero").conditions
    if b.turn == "hero":
        ok, refusal, _ = b.act("hero", "end_turn")
        assert ok, refusal
    assert b.turn == "friend"


def test_bug_fighting_defensively_penalty_applies_to_attacks_of_opportunity():
    """FR "combattre sur la défensive": "le personnage subit un malus de -4 à toutes ses
    attaques du round (attaque d'opportunité comprise)". The hero attacks defensively,
    then takes an attack of opportunity on the orc before its next turn: no -4 today."""
    b = battle(OPEN, creature("hero", "blue", (2, 2), weapon="longsword", initiative=20, hp=30),
               creature("orc", "red", (3, 2), weapon="greataxe", initiative=10, hp=30))
    assert b.act("hero", "attack", {"target": "orc", "defensively": True}, dice=[2])[0]
    end_turns(b, "hero")
    ok, _, ev = b.act("orc", "move", {"squares": [[4, 2]]}, dice=[10])
    aoo = [r for r in rolls(ev) if r.opportunity]
    assert ok and aoo and (-4, "untyped", "fighting_defensively") in aoo[0].bonus_breakdown


def test_bug_improved_unarmed_strike_nonlethal_without_penalty():
    """FR "infliger des dégâts létaux": "Un moine ou un autre personnage possédant le don
    Science du combat à mains nues peut infliger des dégâts létaux ou non-létaux à mains
    nues, sans subir de malus sur le jet d'attaque." Asking for nonlethal damage with
    Improved Unarmed Strike costs -4 today."""
    b = battle(OPEN, creature("monk", "blue", (2, 2), initiative=20, feats=["improved_unarmed_strike"]),
               creature("orc", "red", (3, 2), weapon="greataxe", initiative=10, hp=30, ac=5))
    ok, _, ev = b.act("monk", "attack", {"target": "orc", "nonlethal": True}, dice=[15, 2])
    assert ok and first(ev, "DamageDealt").nonlethal
    assert all(m[2] != "nonlethal_switch" for m in rolls(ev)[0].bonus_breakdown)


def test_bug_disabled_creature_taking_a_standard_action_total_defense_takes_1_damage():
    """Digest §8.2: disabled (0 hp) — "A standard action or other strenuous act deals 1
    damage afterwards, which takes you to -1 and dying." Total defense is a standard action
    (FR "défense totale": "Un personnage peut utiliser une action simple ..."); only
    attack and charge apply the damage today."""
    b = battle(OPEN, creature("orc", "red", (3, 2), weapon="greataxe", initiative=20, hp=30, str=16),
               creature("hero", "blue", (2, 2), weapon="longsword", initiative=10, hp=8, ac=5),
               creature("friend", "blue", (12, 5), initiative=1))
    b.act("orc", "attack", {"target": "hero"}, dice=[15, 4])             # 4 + 4 = 8: exactly 0
    assert b.state()["creatures"]["hero"]["hp"] == 0
    end_turns(b, "orc")
    assert b.act("hero", "total_defense")[0]
    assert b.state()["creatures"]["hero"]["hp"] == -1


def test_bug_nonlethal_damage_on_a_disabled_creature_knocks_it_unconscious():
    """Digest §8.2: "Nonlethal > current HP -> unconscious (helpless)". At 0 hp (disabled)
    3 nonlethal damage exceed the current hit points; the engine keeps it merely
    'disabled' (it checks hp == 0 before comparing the nonlethal damage)."""
    b = battle(OPEN, creature("orc", "red", (3, 2), weapon="greataxe", initiative=20, hp=30, str=16),
               creature("gob", "red", (1, 2), weapon="sap", initiative=15, hp=30),
               creature("hero", "blue", (2, 2), weapon="longsword", initiative=10, hp=8, ac=5))
    b.act("orc", "attack", {"target": "hero"}, dice=[15, 4])             # exactly 0: disabled
    end_turns(b, "orc")
    ok, _, ev = b.act("gob", "attack", {"target": "hero"}, dice=[15, 3])  # sap: 3 nonlethal
    assert ok and first(ev, "DamageDealt").nonlethal
    assert "unconscious" in b.board().body("hero").conditions


def test_bug_shooting_into_melee_no_penalty_when_the_target_is_3m_from_every_ally():
    """FR "tir dans la mêlée": "Si la créature ciblée ... est au moins à 3 mètres de l'allié
    le plus proche, le malus de -4 ne s'applique pas, même si la cible est engagé au corps
    à corps grâce à une allonge supérieure." The only ally is a longspear wielder two
    squares (3 m) from the orc; the engine still applies -4."""
    b = battle(OPEN, creature("archer", "blue", (0, 0), weapon="shortbow", initiative=20),
               creature("pike", "blue", (3, 2), weapon="longspear", initiative=15),
               creature("orc", "red", (5, 2), weapon="greataxe", initiative=10, hp=30))
    ok, _, ev = b.act("archer", "attack", {"target": "orc"}, dice=[15, 3])
    assert ok and all(m[2] != "shooting_into_melee" for m in rolls(ev)[0].bonus_breakdown)


def test_bug_sickened_attacker_takes_minus_2_on_weapon_damage():
    """Digest §9.3: "Sickened: -2 on attack rolls, weapon damage, saves, skill checks and
    ability checks." Only the attack penalty is applied: longsword die 5, Str 10 -> 3."""
    b = battle(OPEN, creature("hero", "blue", (2, 2), weapon="longsword", initiative=20, conditions=["sickened"]),
               creature("orc", "red", (3, 2), weapon="greataxe", initiative=10, hp=30, ac=5))
    ok, _, ev = b.act("hero", "attack", {"target": "orc"}, dice=[15, 5])
    assert ok and first(ev, "DamageDealt").amount == 3


def test_bug_crossbow_damage_ignores_strength():
    """Digest §8.1: Strength goes on damage for melee and thrown weapons (and slings);
    "non-composite bows take Str penalties but never Str bonuses". A crossbow is neither:
    no Strength at all. A Str 6 (-2) crossbowman deals 5 on a 5, not 3."""
    b = battle(OPEN, creature("x", "blue", (0, 2), weapon="light_crossbow", initiative=20, str=6),
               creature("orc", "red", (4, 2), weapon="greataxe", initiative=10, hp=30, ac=5))
    ok, _, ev = b.act("x", "attack", {"target": "orc"}, dice=[15, 5])
    assert ok and first(ev, "DamageDealt").amount == 5


def test_bug_crawl_provokes_from_a_creature_threatening_the_square_crawled_into():
    """FR "ramper": "Un personnage qui rampe s'expose à une attaque d'opportunité de la part
    de tous les adversaires qui le menacent, en tout point de son déplacement." The orc
    threatens only the destination square; the engine looks at the start square only."""
    b = battle(OPEN, creature("orc", "red", (3, 2), weapon="greataxe", initiative=30, hp=30),
               creature("p", "blue", (1, 2), conditions=["prone"], initiative=20))
    end_turns(b, "orc")
    ok, _, ev = b.act("p", "crawl", {"to": [2, 2]}, dice=[2])
    assert ok and [r.attacker for r in rolls(ev)] == ["orc"]


def test_bug_five_foot_step_then_delay_then_a_full_move():
    """FR "pas de placement": "on ne peut pas cumuler un pas de placement et un autre
    mouvement de quelque forme et distance que ce soit dans le même round". Digest §8.3
    (delay: "take no action and act later"). The engine lets a creature step, delay, then
    come back with a fresh budget and move 3 squares in the same round."""
    b = battle(OPEN, creature("a", "blue", (0, 0), initiative=20), creature("b", "red", (12, 5), initiative=15),
               creature("c", "blue", (0, 5), initiative=10))
    assert b.act("a", "five_foot_step", {"to": [1, 0]})[0]
    if b.act("a", "delay")[0]:
        ok, _, _ = b.act("a", "move", {"squares": [[2, 0], [3, 0], [4, 0]]})
        assert not ok


def test_bug_delayed_creature_stepping_in_gives_the_current_creature_a_fresh_turn():
    """Same FR rule (5-ft step excludes any other movement in the round); digest §8.3
    delay. b takes its 5-ft step, the delaying a steps in "before" b, and when a is done
    b's turn starts over with a new budget: b then moves 3 squares."""
    b = battle(OPEN, creature("a", "blue", (0, 0), initiative=20), creature("b", "red", (12, 5), initiative=15),
               creature("c", "blue", (0, 5), initiative=10))
    assert b.act("a", "delay")[0] and b.turn == "b"
    assert b.act("b", "five_foot_step", {"to": [11, 5]})[0]
    if b.act("a", "move", {"squares": [[1, 0]]})[0]:
        end_turns(b, "a")
    assert b.turn == "b"
    ok, _, _ = b.act("b", "move", {"squares": [[10, 5], [9, 5], [8, 5]]})
    assert not ok


def test_bug_completing_a_minimum_move_then_a_five_foot_step():
    """FR "pas de placement" (no 5-ft step in a round with any other movement) and
    "commencer/finir une action complexe". A staggered creature completes the 1.5 m
    full-round move, then is still allowed a 5-ft step: the moved flag of the completed
    action is thrown away."""
    b = battle(OPEN, creature("s", "blue", (0, 0), initiative=20, conditions=["staggered"]),
               creature("o", "red", (12, 5), initiative=1, weapon="club"))
    assert b.act("s", "start_full_round", {"command": {"action": "minimum_move", "to": [1, 0]}})[0]
    end_turns(b, "s", "o")
    assert b.act("s", "complete_full_round")[0] and b.board().body("s").pos == (1, 0)
    ok, _, _ = b.act("s", "five_foot_step", {"to": [2, 0]})
    assert not ok


def test_bug_charge_penalty_ends_at_the_next_turn_even_when_dying():
    """FR "charge": "-2 à la CA jusqu'à son prochain tour de jeu"; decisions §6: a dying
    creature has turns (it rolls at the end of each). The charger is dropped, its next
    turn passes (dying roll), yet attacks on it still count the -2 'charged'."""
    b = battle(OPEN, creature("k", "blue", (0, 2), weapon="longsword", initiative=20, hp=5),
               creature("orc", "red", (5, 2), weapon="greataxe", initiative=10, hp=50, str=16),
               creature("f", "blue", (12, 5), initiative=5))
    assert b.act("k", "charge", {"target": "orc", "end": [4, 2]}, dice=[1])[0]
    end_turns(b, "k")
    b.act("orc", "attack", {"target": "k"}, dice=[15, 3])                 # 3 + 4 = 7: -2, dying
    assert "dying" in b.board().body("k").conditions
    end_turns(b, "orc", "f")                                              # round 2: k's dying turn
    assert b.round == 2 and b.turn == "orc"
    ok, _, ev = b.act("orc", "attack", {"target": "k"}, dice=[15, 1])
    assert ok and (-2, "untyped", "charged") not in rolls(ev)[0].ac_breakdown


def test_bug_a_thrown_weapon_leaves_the_hand():
    """FR "armes de jet" / issue 3 ("a thrown weapon in each hand"): a thrown weapon is
    thrown. After throwing its javelin the thrower still holds it and can throw it again
    every round."""
    b = battle(OPEN, creature("t", "blue", (0, 2), weapon="javelin", initiative=20),
               creature("orc", "red", (4, 2), weapon="greataxe", initiative=10, hp=50, ac=5))
    ok, _, ev = b.act("t", "attack", {"target": "orc"}, dice=[15, 3])
    assert ok and rolls(ev)[0].kind == "ranged"
    assert b.board().body("t").weapon.id != "javelin"


def test_bug_invisible_defender_and_blinded_attacker_have_a_50_percent_miss_chance():
    """Digest §9.3 / §7.3: invisible as defender: total concealment (50%); blinded: every
    foe has total concealment (50%). No miss-chance roll is made: a hit always lands."""
    b = battle(OPEN, creature("g", "blue", (1, 2), weapon="longsword", initiative=20),
               creature("orc", "red", (2, 2), weapon="greataxe", initiative=10, hp=50, ac=5,
                        conditions=["invisible"]))
    ok, _, _ = b.act("g", "attack", {"target": "orc"}, dice=[15, 3])
    assert ok and any(r.sides == 100 for r in b.dice.history)
    b = battle(OPEN, creature("g", "blue", (1, 2), weapon="longsword", initiative=20, conditions=["blinded"]),
               creature("orc", "red", (2, 2), weapon="greataxe", initiative=10, hp=50, ac=5))
    ok, _, _ = b.act("g", "attack", {"target": "orc"}, dice=[15, 3])
    assert ok and any(r.sides == 100 for r in b.dice.history)


def test_no_attack_of_opportunity_against_total_concealment():
    """Digest §4.3: no AoO against an opponent with total concealment; §7.3: every
    opponent has it against a blinded creature. Walking away from a blinded guard, or
    invisibly away from one who sees, provokes nothing; from a guard who sees, it does."""
    for guard, mover, provokes in (([], [], True), (["blinded"], [], False), ([], ["invisible"], False)):
        b = battle(OPEN, creature("m", "blue", (1, 2), initiative=20, conditions=mover),
                   creature("guard", "red", (2, 2), weapon="longsword", initiative=10, hp=50, conditions=guard))
        ok, refusal, ev = b.act("m", "move", {"squares": [[0, 2], [0, 1]]}, dice=[1])
        assert ok, refusal
        assert any(type(e).__name__ == "AttackRolled" and e.opportunity for e in ev) == provokes, (guard, mover)


def test_bug_an_unconscious_or_helpless_creature_from_the_scenario_takes_turns():
    """Digest §9.3 / §8.2: unconscious = helpless, no actions. A scenario may name the
    conditions 'unconscious' or 'helpless' (a sleeping or bound guard), but the turn order
    reads only hit points: the guard gets the first turn and attacks."""
    for cond in ("unconscious", "helpless"):
        b = battle(OPEN, creature("guard", "blue", (1, 2), weapon="longsword", initiative=20, conditions=[cond]),
                   creature("f", "blue", (12, 5), initiative=1),
                   creature("orc", "red", (2, 2), weapon="greataxe", initiative=10, hp=50))
        assert b.turn != "guard", cond


def test_bug_a_resting_runner_cannot_charge():
    """FR "courir" + decisions §1: after a failed Con check the runner rests a minute and
    moves no faster than one move action. A charge (twice its speed) is still allowed."""
    b = battle(OPEN, creature("r", "blue", (0, 0), weapon="longsword", initiative=20, con=1),
               creature("orc", "red", (8, 0), weapon="greataxe", initiative=10, hp=50))
    assert b.act("r", "run", {"squares": [[1, 0]]})[0]                    # round 1: Con 1 round free
    end_turns(b, "r", "orc")
    ok, _, ev = b.act("r", "run", {"squares": [[2, 0]]}, dice=[2])       # Con check 2 - 5 < 10: rest
    assert ok and b.comp("r", RunState).rest_until >= b.round + 1
    end_turns(b, "r", "orc")
    ok, _, _ = b.act("r", "charge", {"target": "orc", "end": [7, 0]}, dice=[10, 3])
    assert not ok


def test_bug_ready_a_shield_as_a_free_action_with_a_move_at_bab_1():
    """FR "préparer ou détacher un bouclier": "Si le personnage a un bonus de base à
    l'attaque de +1 ou plus, il peut préparer ou détacher un bouclier par une action libre
    combinée à un déplacement normal." Move + ready the shield + attack must be legal; the
    engine charges a move action for the shield, so the attack is refused."""
    b = battle(OPEN, creature("s", "blue", (0, 2), weapon="longsword", shield="heavy_wooden_shield", bab=1,
                              initiative=20),
               creature("orc", "red", (5, 2), weapon="greataxe", initiative=10, hp=50))
    assert b.act("s", "loose_shield")[0]
    end_turns(b, "s", "orc")
    assert b.act("s", "move", {"squares": [[1, 2], [2, 2], [3, 2], [4, 2]]})[0]
    assert b.act("s", "ready_shield")[0]
    ok, refusal, _ = b.act("s", "attack", {"target": "orc"}, dice=[5])
    assert ok, refusal


def test_bug_iterative_attacks_stop_at_four():
    """Digest §8.3: "BAB +6 or more gives extra attacks at -5 steps: +6/+1, +11/+6/+1,
    +16/+11/+6/+1" — extra attacks come at +6, +11 and +16 only (issue: "iterative attacks
    from base attack +6/+11/+16"), so at most four. BAB +21 gives five today."""
    b = battle(OPEN, creature("hero", "blue", (2, 2), weapon="longsword", initiative=20, bab=21),
               creature("orc", "red", (3, 2), weapon="greataxe", initiative=10, hp=500))
    ok, refusal, _ = b.act("hero", "full_attack", {"targets": ["orc"] * 5}, dice=[2] * 5)
    assert not ok and refusal.code == "NO_ATTACKS_LEFT"


def test_bug_moved_event_after_a_fall_reports_the_whole_planned_path():
    """Issue 3 §5 "A mover who falls stops". The events say MovementStopped at (2, 2),
    then Moved with the full planned path to (2, 4): the log contradicts the board."""
    b = battle(OPEN, creature("orc", "red", (3, 2), weapon="greataxe", initiative=30, str=16),
               creature("hero", "blue", (2, 2), initiative=5, hp=3),
               creature("friend", "blue", (12, 5), initiative=1))
    end_turns(b, "orc")
    ok, _, ev = b.act("hero", "move", {"squares": [[2, 3], [2, 4]]}, dice=[18, 1])
    assert ok and b.board().body("hero").pos == (2, 2)
    assert all(e.path[-1] == (2, 2) for e in ev if type(e).__name__ == "Moved")


def test_bug_ready_with_a_malformed_target_is_refused_not_a_crash():
    """Issue 3 §8: "A refused action answers legal: false with a reason and changes
    nothing". A list as ``target`` makes ``ready`` raise TypeError (unhashable) instead of
    refusing; through ``query`` it becomes an internal error."""
    b = battle(OPEN, creature("a", "blue", (0, 0), initiative=20), creature("b", "red", (9, 5), initiative=10))
    ok, refusal, ev = b.act("a", "ready", {"trigger": "attacks", "target": ["b"]})
    assert not ok and ev == [] and refusal.code == "BAD_ARGUMENT"


# ---------------------------------------------------------------------------------------
# Verified: tricky cases the engine gets right
# ---------------------------------------------------------------------------------------

def test_verified_flat_footed_loses_dex_and_dodge_bonuses():
    """Verified. Digest §8.1: "Flat-footed AC loses the Dex bonus ... and therefore dodge
    bonuses"; armour, shield and natural armour stay."""
    b = battle(OPEN, creature("hero", "blue", (2, 2), weapon="longsword", initiative=20),
               creature("orc", "red", (3, 2), weapon="greataxe", initiative=10, dex=14, feats=["dodge"],
                        armor="chain_shirt", conditions=["flat_footed"], hp=30))
    ok, _, ev = b.act("hero", "attack", {"target": "orc"}, dice=[2])
    ac = rolls(ev)[0].ac_breakdown
    assert not any(m[1] in ("dodge",) or m[2] == "dex" for m in ac)
    assert any(m[1] == "armor" for m in ac)


def test_verified_combat_reflexes_allows_aoo_while_flat_footed():
    """Verified. Digest §4.3: Combat Reflexes "also allows AoOs while flat-footed"."""
    b = battle(OPEN, creature("hero", "blue", (2, 2), weapon="longsword", initiative=20),
               creature("orc", "red", (3, 2), weapon="greataxe", initiative=10, hp=30,
                        feats=["combat_reflexes"], conditions=["flat_footed"]))
    ok, _, ev = b.act("hero", "move", {"squares": [[2, 3], [2, 4]]}, dice=[2])
    assert ok and [r.attacker for r in rolls(ev)] == ["orc"]


def test_verified_total_defense_counts_against_aoo_during_the_same_turn():
    """Verified. FR "défense totale": "Sa CA s'améliore dès le début de son action, il
    profite donc du bonus contre les attaques d'opportunité qu'il pourrait encourir
    pendant son tour de jeu.\""""
    b = battle(OPEN, creature("orc", "red", (3, 2), weapon="greataxe", initiative=30),
               creature("hero", "blue", (2, 2), weapon="longsword", initiative=20))
    end_turns(b, "orc")
    assert b.act("hero", "total_defense")[0]
    ok, _, ev = b.act("hero", "move", {"squares": [[1, 2], [0, 2]]}, dice=[2])
    assert ok and (4, "dodge", "total_defense") in rolls(ev)[0].ac_breakdown


def test_verified_charge_penalty_applies_to_aoo_provoked_during_the_charge():
    """Verified. FR "charge": "-2 à la CA jusqu'à son prochain tour de jeu" — the
    charger leaves a goblin's threatened square on the lane and the AoO sees the -2."""
    b = battle(OPEN, creature("gob", "red", (2, 1), weapon="club", initiative=30),
               creature("knight", "blue", (0, 2), weapon="longsword", initiative=20),
               creature("orc", "red", (6, 2), weapon="greataxe", initiative=10, hp=50))
    end_turns(b, "gob")
    ok, refusal, ev = b.act("knight", "charge", {"target": "orc", "end": [5, 2]}, dice=[2, 2])
    assert ok, refusal
    aoo = [r for r in rolls(ev) if r.opportunity]
    assert aoo and aoo[0].attacker == "gob" and (-2, "untyped", "charged") in aoo[0].ac_breakdown


def test_verified_flanking_bonus_is_for_melee_only():
    """Verified. Digest §7.1 / §9.1: flanking +2 on melee attacks only (ranged "—")."""
    b = battle(OPEN, creature("archer", "blue", (2, 2), weapon="shortbow", initiative=20),
               creature("ally", "blue", (4, 2), weapon="longsword", initiative=19),
               creature("orc", "red", (3, 2), weapon="greataxe", initiative=10, hp=50))
    ok, _, ev = b.act("archer", "attack", {"target": "orc"}, dice=[10], declined={"orc"})
    assert ok and all(m[2] != "flanking" for m in rolls(ev)[0].bonus_breakdown)


def test_verified_critical_confirmation_uses_the_same_modifiers():
    """Verified. Digest §8.1: confirm "with a second attack roll with the same
    modifiers" (flanking and charge included); a threat needs the roll to hit."""
    b = battle(OPEN, creature("a", "blue", (2, 2), weapon="longsword", initiative=20, bab=3, str=14),
               creature("b", "blue", (4, 2), weapon="longsword", initiative=19),
               creature("orc", "red", (3, 2), weapon="greataxe", initiative=10, hp=80, ac=20))
    ok, _, ev = b.act("a", "attack", {"target": "orc"}, dice=[19, 13, 4, 4])
    roll, conf = rolls(ev)[0], first(ev, "CriticalConfirmed")
    assert roll.bonus == 3 + 2 + 2 and conf.total == 13 + roll.bonus and conf.confirmed   # 20 vs AC 20
    b2 = battle(OPEN, creature("a", "blue", (2, 2), weapon="longsword", initiative=20),
                creature("orc", "red", (3, 2), weapon="greataxe", initiative=10, hp=80, ac=25))
    ok, _, ev = b2.act("a", "attack", {"target": "orc"}, dice=[19])
    assert not rolls(ev)[0].hit and "CriticalConfirmed" not in types(ev)   # 19 in range but a miss


def test_verified_two_handed_strength_on_every_iterative_and_bow_strength():
    """Verified. Digest §8.1: two-handed 1.5 x Str bonus (each blow of a full attack);
    bows take Str penalties but never bonuses."""
    b = battle(OPEN, creature("f", "blue", (2, 2), weapon="greatsword", initiative=20, bab=6, str=16),
               creature("orc", "red", (3, 2), weapon="greataxe", initiative=10, hp=200, ac=5))
    ok, _, ev = b.act("f", "full_attack", {"targets": ["orc", "orc"]}, dice=[15, 3, 3, 15, 2, 2])
    assert [d.amount for d in ev if type(d).__name__ == "DamageDealt"] == [6 + 4, 4 + 4]
    for strength, expected in ((14, 5), (6, 3)):
        b = battle(OPEN, creature("x", "blue", (0, 2), weapon="shortbow", initiative=20, str=strength),
                   creature("orc", "red", (4, 2), weapon="greataxe", initiative=10, hp=30, ac=5))
        ok, _, ev = b.act("x", "attack", {"target": "orc"}, dice=[15, 5])
        assert first(ev, "DamageDealt").amount == expected


def test_verified_double_move_continues_the_1_2_1_count():
    """Verified. Decisions §1: the 1-2-1 count "runs over all the movement of one turn (a
    double move ... continue[s] it)". Speed 4 squares: one diagonal (1), then the second
    move's diagonals cost 2, 1, 2 -> the third one does not fit (it would with a reset)."""
    b = battle(OPEN, creature("h", "blue", (0, 0), initiative=20, speed=6),
               creature("orc", "red", (12, 5), weapon="greataxe", initiative=10))
    assert b.act("h", "move", {"squares": [[1, 1]]})[0]
    ok, refusal, _ = b.act("h", "move", {"squares": [[2, 2], [3, 3], [4, 4]]})
    assert not ok and refusal.code == "TOO_FAR"
    assert b.act("h", "move", {"squares": [[2, 2], [3, 3]]})[0]


def test_verified_withdraw_start_square_safe_but_a_second_threatened_square_provokes():
    """Verified. FR "retraite": the start square is not threatened by visible foes; "Si,
    dans la suite de sa retraite, le personnage pénètre dans une autre case contrôlée, il
    provoque normalement en la quittant"."""
    b = battle(OPEN, creature("orc", "red", (3, 2), weapon="greataxe", initiative=30, hp=30),
               creature("hero", "blue", (2, 2), initiative=20, hp=30))
    end_turns(b, "orc")
    ok, _, ev = b.act("hero", "withdraw", {"squares": [[2, 3], [2, 4]]}, dice=[2])
    assert ok and [r.attacker for r in rolls(ev)] == ["orc"]
    ok, refusal, _ = b.act("hero", "five_foot_step", {"to": [2, 5]})
    assert not ok


def test_verified_aoo_allowance_resets_at_the_takers_own_turn():
    """Verified. Digest §4.3: one AoO a round (per the taker, from its turn to its next).
    The orc spends it on a, has none left for c, and gets it back at its next turn."""
    b = battle(OPEN, creature("orc", "red", (3, 2), weapon="greataxe", initiative=30, hp=80),
               creature("a", "blue", (2, 1), initiative=20, hp=30),
               creature("c", "blue", (4, 1), initiative=10, hp=30))
    end_turns(b, "orc")
    ok, _, ev = b.act("a", "move", {"squares": [[2, 0]]}, dice=[2])
    assert [r.attacker for r in rolls(ev)] == ["orc"]
    end_turns(b, "a")
    ok, _, ev = b.act("c", "move", {"squares": [[4, 0]]})
    assert ok and rolls(ev) == []
    end_turns(b, "c", "orc")                              # round 2: the orc's turn resets it
    ok, _, ev = b.act("a", "move", {"squares": [[2, 1], [2, 0]]}, dice=[2])
    assert ok and [r.attacker for r in rolls(ev)] == ["orc"]


def test_verified_aoo_is_at_full_base_attack():
    """Verified. Digest §4.3: an AoO is "one melee attack at your full normal attack
    bonus, even if you already attacked this round"."""
    b = battle(OPEN, creature("orc", "red", (3, 2), weapon="greataxe", initiative=30, bab=6, str=12, hp=80),
               creature("hero", "blue", (2, 2), initiative=20, hp=80, ac=5))
    ok, _, ev = b.act("orc", "full_attack", {"targets": ["hero", "hero"]}, dice=[2, 2])
    assert [r.bonus for r in rolls(ev)] == [7, 2]
    end_turns(b, "orc")
    ok, _, ev = b.act("hero", "move", {"squares": [[1, 2]]}, dice=[2])
    assert rolls(ev)[0].bonus == 7


def test_verified_nonlethal_equal_to_hp_staggers_and_restricts():
    """Verified. Digest §8.2: nonlethal = current HP -> staggered (one move or standard
    action); FR "activité restreinte"."""
    b = battle(OPEN, creature("g", "red", (2, 2), weapon="sap", initiative=20, hp=50),
               creature("h", "blue", (1, 2), weapon="longsword", initiative=10, hp=5, ac=5))
    b.act("g", "attack", {"target": "h"}, dice=[15, 5])
    assert "staggered" in b.board().body("h").conditions
    end_turns(b, "g")
    left = b.state()["actions_left"]
    assert left["restricted"] and not left["full_round"]
    assert b.act("h", "attack", {"target": "g"}, dice=[2])[0]
    ok, refusal, _ = b.act("h", "move", {"squares": [[0, 2]]})
    assert not ok and refusal.code == "NO_MOVE_ACTION_LEFT"


def test_verified_unarmed_damage_by_size_and_range_increments():
    """Verified. FR "dégâts des attaques à mains nues": 1d2 (P), 1d3 (M), 1d4 (G); FR
    "armes de jet": maximum range five increments, digest §8.1 -2 per full increment."""
    from game.rules.attack import damage_dice
    for size, dice in (("S", "1d2"), ("M", "1d3"), ("L", "1d4")):
        b = battle(OPEN, creature("t", "blue", (0, 2), initiative=20, size=size),
                   creature("o", "red", (8, 2), initiative=10))
        body = b.board().body("t")
        assert damage_dice(body.weapon.damage_s, body.weapon.damage_m, body.size) == dice
    b = battle(OPEN, creature("t", "blue", (0, 0), weapon="dagger", initiative=20),
               creature("near", "red", (10, 0), initiative=10, hp=30),
               creature("far", "red", (11, 5), initiative=9, hp=30))
    ok, _, ev = b.act("t", "attack", {"target": "near"}, dice=[10])          # 50 ft: 5th increment
    assert ok and (-8, "untyped", "range") in rolls(ev)[0].bonus_breakdown
    b = battle(OPEN, creature("t", "blue", (0, 0), weapon="dagger", initiative=20),
               creature("far", "red", (11, 5), initiative=9, hp=30))
    ok, refusal, _ = b.act("t", "attack", {"target": "far"})
    assert not ok and refusal.code == "OUT_OF_RANGE"


def test_verified_refused_full_attack_after_a_step_and_a_blow_changes_nothing():
    """Verified. Issue 3 §8: a refused action "changes nothing — not the board, not the
    dice"; the full attack steps, hits, then names a third attack BAB +6 does not have."""
    b = battle(OPEN, creature("f", "blue", (1, 2), weapon="longsword", initiative=20, bab=6),
               creature("orc", "red", (3, 2), weapon="greataxe", initiative=10, hp=30, ac=5))
    before = (b.state(), b.dice.get_state()[0], len(b.dice.history))
    ok, refusal, ev = b.act("f", "full_attack", {"targets": [{"five_foot_step": [2, 2]}, "orc", "orc", "orc"]},
                            dice=[15, 8, 15, 8])
    assert not ok and refusal.code == "NO_ATTACKS_LEFT" and ev == []
    assert (b.state(), b.dice.get_state()[0], len(b.dice.history)) == before


def test_verified_a_stable_creature_hit_again_is_dying_again():
    """Verified. Digest §8.2 / decisions §6: a dying creature rolls at its turn (10%:
    stable); stable creatures do not roll; lethal damage makes them dying again."""
    b = battle(OPEN, creature("orc", "red", (3, 2), weapon="greataxe", initiative=30, str=16),
               creature("hero", "blue", (2, 2), initiative=20, hp=5, ac=5),
               creature("friend", "blue", (12, 5), initiative=1))
    b.act("orc", "attack", {"target": "hero"}, dice=[15, 2])               # 2 + 4 = 6: -1, dying
    ok, _, ev = b.act("orc", "end_turn", dice=[5])                          # hero's turn: 5 -> stable
    assert first(ev, "DyingRolled").outcome == "stable" and "stable" in b.board().body("hero").conditions
    ok, _, ev = b.act("friend", "end_turn")
    assert "DyingRolled" not in types(ev) and b.turn == "orc"
    b.act("orc", "attack", {"target": "hero"}, dice=[15, 1])               # 1 + 4: -6
    assert "dying" in b.board().body("hero").conditions and "stable" not in b.board().body("hero").conditions
    ok, _, ev = b.act("orc", "end_turn", dice=[50])
    assert first(ev, "DyingRolled").outcome == "lose_1" and b.state()["creatures"]["hero"]["hp"] == -7
