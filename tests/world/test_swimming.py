"""Swimming in deep water (French text, "les actions de mouvement": "la nage (à un quart de
sa vitesse)"; "pas de placement": "seule une créature ayant une vitesse de nage peut faire
un pas de placement en nageant"; SRD Swim: one check a round, DC 10 in calm water, a
quarter of its speed as a move action or half as a full-round action, no progress when
failing by 4 or less, under the water by 5 or more; data-digest §2: the armour check
penalty doubled for Swim; SRD "Underwater Combat": improved cover from foes on land, total
cover once submerged, off balance after a failed check)."""
from combat_helpers import battle, creature, first

from game.rules.attack import AttackSituation, armor_class
from game.world.components import Stats

# A pool three squares wide in the middle of the map ("w": deep water).
GRID = "\n".join([".......", "..www..", "..www..", ".......", "......."])


def pool(**hero):
    kw = dict(initiative=20, str=12, dex=14, hp=30)
    kw.update(hero)
    b = battle(GRID, creature("hero", "blue", (1, 1), **kw),
               creature("archer", "red", (6, 4), weapon="shortbow", initiative=10, hp=20))
    b.comp("hero", Stats).values["swim"] = 4
    return b


def hero(b):
    return b.board().body("hero")


def test_swimming_in_is_a_move_action_at_a_quarter_of_its_speed_with_a_dc_10_check():
    b = pool()
    ok, refusal, _ = b.act("hero", "swim", {"squares": [[2, 1], [3, 1]]})
    assert not ok and refusal.code == "SWIM_TOO_FAR"          # 2 squares cost 8 of its 6
    ok, refusal, ev = b.act("hero", "swim", {"squares": [[2, 1]]}, dice=[5])
    assert ok, refusal
    check = first(ev, "SavingThrow")
    assert (check.kind, check.bonus, check.dc, check.success) == ("swim", 1 + 4, 10, True)
    assert hero(b).pos == (2, 1) and "swimming" in hero(b).conditions
    assert b.state()["actions_left"]["standard"] and not b.state()["actions_left"]["full_round"]
    # a second swim this round: the round's check is made, no other die
    ok, refusal, ev = b.act("hero", "swim", {"squares": [[3, 1]]})
    assert ok, refusal
    assert not [e for e in ev if type(e).__name__ == "SavingThrow"] and hero(b).pos == (3, 1)


def test_a_full_round_swim_goes_half_its_speed_and_swims_out():
    b = pool()
    ok, refusal, ev = b.act("hero", "swim", {"squares": [[2, 1], [3, 1], [4, 1], [5, 1]], "full_round": True})
    assert not ok and refusal.code == "SWIM_TOO_FAR"          # 4 squares cost 8 of its 6
    ok, refusal, ev = b.act("hero", "swim", {"squares": [[2, 1], [3, 1], [4, 1]], "full_round": True}, dice=[9])
    assert ok, refusal
    assert hero(b).pos == (4, 1) and not b.state()["actions_left"]["standard"]
    assert b.act("hero", "end_turn")[0] and b.act("archer", "end_turn")[0]
    ok, refusal, ev = b.act("hero", "swim", {"squares": [[5, 1]]}, dice=[9])    # out onto the bank
    assert ok, refusal
    assert hero(b).pos == (5, 1) and "swimming" not in hero(b).conditions


def test_failing_by_4_makes_no_progress_off_balance_and_by_5_it_goes_under():
    b = pool()
    before = armor_class(b.fighter("hero"), AttackSituation()).value
    ok, _, ev = b.act("hero", "swim", {"squares": [[2, 1]]}, dice=[1])        # 6: fails by 4
    assert ok and hero(b).pos == (1, 1) and "off_balance" in hero(b).conditions
    assert "underwater" not in hero(b).conditions                            # on the bank: nothing to sink in
    # off balance: no Dex bonus (+2) and -2 more for its foes' +2
    assert armor_class(b.fighter("hero"), AttackSituation()).value == before - 2 - 2
    ok, refusal, _ = b.act("hero", "swim", {"squares": [[2, 1]]})
    assert not ok and refusal.code == "SWIM_FAILED_THIS_ROUND"              # one check a round
    c = pool(str=10)
    c.comp("hero", Stats).values["swim"] = 0
    assert c.act("hero", "swim", {"squares": [[2, 1]]}, dice=[12])[0]
    assert c.act("hero", "end_turn")[0] and c.act("archer", "end_turn")[0]
    ok, _, ev = c.act("hero", "swim", {"squares": [[3, 1]]}, dice=[5])       # 5: fails by 5
    assert ok and hero(c).pos == (2, 1)
    assert {"off_balance", "underwater"} <= hero(c).conditions
    assert c.act("hero", "end_turn")[0] and c.act("archer", "end_turn")[0]
    ok, _, ev = c.act("hero", "swim", {"squares": [[3, 1]]}, dice=[15])      # up again, and on
    assert ok and hero(c).pos == (3, 1) and not {"off_balance", "underwater"} & hero(c).conditions


def test_the_armour_check_penalty_counts_twice():
    b = pool(armor="chain_shirt")                                           # -2 to Climb, -4 to Swim
    ok, refusal, ev = b.act("hero", "swim", {"squares": [[2, 1]]}, dice=[10])
    assert ok, refusal
    assert first(ev, "SavingThrow").bonus == 1 + 4 - 4


def test_the_water_is_not_walked_nor_stepped_and_a_swimmer_walks_not():
    b = pool()
    before = b.state()
    ok, refusal, _ = b.act("hero", "move", {"squares": [[2, 1]]})
    assert not ok and refusal.code == "MUST_SWIM_THERE" and b.state() == before
    ok, refusal, _ = b.act("hero", "five_foot_step", {"to": [2, 1]})
    assert not ok and refusal.code == "MUST_SWIM_THERE"
    ok, refusal, _ = b.act("hero", "swim", {"squares": [[1, 2]]})
    assert not ok and refusal.code == "NOT_SWIMMING"
    assert b.act("hero", "swim", {"squares": [[2, 1]]}, dice=[10])[0]
    before = b.state()
    for action, args in (("move", {"squares": [[2, 0]]}), ("five_foot_step", {"to": [3, 1]}),
                         ("withdraw", {"squares": [[2, 0]]})):
        ok, refusal, _ = b.act("hero", action, args)
        assert not ok and refusal.code == "SWIMMING_USE_SWIM" and b.state() == before
    assert "swim" in b.options("hero") and b.options("hero")["swim"].refusal is None


def test_a_swimmer_has_improved_cover_from_the_bank_and_total_cover_under_the_water():
    b = pool()
    assert b.act("hero", "swim", {"squares": [[2, 1]]}, dice=[10])[0]
    assert b.act("hero", "end_turn")[0]
    ok, refusal, ev = b.act("archer", "attack", {"target": "hero"}, dice=[10, 1])
    assert ok, refusal
    shot = first(ev, "AttackRolled")
    assert ("cover", "improved_cover", 8) in [(k, s, v) for v, k, s in shot.ac_breakdown]
    c = pool(str=10)
    c.comp("hero", Stats).values["swim"] = 0
    assert c.act("hero", "swim", {"squares": [[2, 1]]}, dice=[12])[0]
    assert c.act("hero", "end_turn")[0] and c.act("archer", "end_turn")[0]
    assert c.act("hero", "swim", {"squares": [[3, 1]]}, dice=[1])[0]         # under
    assert c.act("hero", "end_turn")[0]
    before = c.state()
    ok, refusal, _ = c.act("archer", "attack", {"target": "hero"})
    assert not ok and refusal.code == "NO_LINE_OF_SIGHT" and c.state() == before


def test_a_creature_with_a_swim_speed_moves_steps_and_withdraws_in_the_water():
    b = battle(GRID, creature("eel", "blue", (1, 1), initiative=20, swim_speed=6),   # 4 squares swimming
               creature("archer", "red", (6, 4), weapon="shortbow", initiative=10, hp=20))
    ok, refusal, ev = b.act("eel", "five_foot_step", {"to": [2, 1]})
    assert ok, refusal
    assert b.board().body("eel").pos == (2, 1) and "swimming" not in b.board().body("eel").conditions
    assert not [e for e in ev if type(e).__name__ == "SavingThrow"]        # no check with a swim speed
    ok, refusal, _ = b.act("eel", "swim", {"squares": [[3, 1]]})
    assert not ok and refusal.code == "SWIMS_AT_ITS_SPEED"
    c = battle(GRID, creature("eel", "blue", (0, 1), initiative=20, swim_speed=6),
               creature("archer", "red", (6, 4), weapon="shortbow", initiative=10, hp=20))
    # through the water its swim speed caps the movement: 4 squares, not its 6 on land
    ok, refusal, _ = c.act("eel", "move", {"squares": [[1, 1], [2, 1], [3, 1], [4, 1], [5, 1]]})
    assert not ok and refusal.code == "TOO_FAR"
    ok, refusal, _ = c.act("eel", "move", {"squares": [[1, 1], [2, 1], [3, 1], [4, 1]]})
    assert ok, refusal
    assert c.board().body("eel").pos == (4, 1)


def test_a_swimmer_that_does_not_swim_makes_the_rounds_check_as_its_turn_ends():
    b = pool()
    assert b.act("hero", "swim", {"squares": [[2, 1]]}, dice=[10])[0]
    ok, _, ev = b.act("hero", "end_turn")
    assert ok and not [e for e in ev if type(e).__name__ == "SavingThrow"]     # it swam: no second check
    assert b.act("archer", "end_turn")[0]
    ok, refusal, ev = b.act("hero", "end_turn", dice=[1])         # treading water: 6, fails by 4
    assert ok, refusal
    check = first(ev, "SavingThrow")
    assert (check.kind, check.dc, check.success) == ("swim", 10, False)
    assert "off_balance" in hero(b).conditions and hero(b).pos == (2, 1)


def test_a_slashing_or_bludgeoning_blow_from_the_water_is_minus_2_and_half_damage():
    """SRD "Underwater Combat", Table: Combat Adjustments Underwater ("whenever a character
    is swimming"): slashing or bludgeoning -2 / half; piercing normal; claws and tails
    normal with a swim speed."""
    grid = "\n".join(["......", ".w....", "......"])

    def duel(weapon, **kw):
        b = battle(grid, creature("hero", "blue", (0, 1), initiative=20, str=12, weapon=weapon, bab=2, **kw),
                   creature("orc", "red", (2, 1), initiative=10, hp=40))
        b.comp("hero", Stats).values["swim"] = 4
        assert b.act("hero", "swim", {"squares": [[1, 1]]}, dice=[10])[0]
        return b

    b = duel("longsword")
    odds = b.odds("hero", "attack", {"target": "orc"})
    ok, refusal, ev = b.act("hero", "attack", {"target": "orc"}, dice=[15, 7])      # 1d8+1: 8, halved 4
    assert ok, refusal
    hit = first(ev, "AttackRolled")
    assert (-2, "untyped", "in_water") in hit.bonus_breakdown and hit.bonus == 2 + 1 - 2
    assert first(ev, "DamageDealt").amount == 4
    dry = battle(grid.replace("w", "."), creature("hero", "blue", (1, 1), initiative=20, str=12, weapon="longsword",
                                                   bab=2), creature("orc", "red", (2, 1), initiative=10, hp=40))
    assert odds.expected_damage < dry.odds("hero", "attack", {"target": "orc"}).expected_damage
    ok, refusal, ev = duel("shortspear").act("hero", "attack", {"target": "orc"}, dice=[15, 5])   # piercing: 1d6+1
    assert ok and first(ev, "AttackRolled").bonus == 3 and first(ev, "DamageDealt").amount == 6


def test_a_swimmer_has_no_hand_free_for_a_somatic_component():
    """French text, "composante gestuelle": not "quand on a les mains prises ou utilisées
    pour autre chose (comme quand on nage ...)"."""
    from combat_helpers import prepared_caster
    grid = "\n".join([".......", ".......", ".......", ".......", "..ww...", "......."])
    b = prepared_caster(grid, "mialee", ["magic_missile"], str=10,
                        foes=[creature("orc", "red", (5, 4), initiative=1, hp=20)])
    assert b.check("mialee", "cast", {"spell": "magic_missile", "targets": ["orc"]}) is None
    assert b.act("mialee", "swim", {"squares": [[2, 4]]}, dice=[15])[0]
    ok, refusal, _ = b.act("mialee", "cast", {"spell": "magic_missile", "targets": ["orc"]})
    assert not ok and refusal.code == "SPELL_NEEDS_A_FREE_HAND"


def test_a_swim_is_saved_and_replayed_exactly(tmp_path):
    from combat_helpers import battle_text

    from game.content.saves import load_battle, save_battle
    from game.content.scenario import parse_scenario
    from game.engine import Battle
    text = battle_text(GRID, creature("hero", "blue", (1, 1), initiative=20, str=12, dex=14, hp=30, swim=4),
                       creature("archer", "red", (6, 4), weapon="shortbow", initiative=10, hp=20))
    b = Battle(parse_scenario(text, "test.toml"))
    ok, _, ev = b.act("hero", "swim", {"squares": [[2, 1]]}, dice=[10])
    assert ok and first(ev, "SavingThrow").bonus == 1 + 4                   # the scenario's swim ranks
    assert b.act("hero", "end_turn")[0] and b.act("archer", "end_turn")[0]
    assert b.act("hero", "swim", {"squares": [[3, 1]]}, dice=[1])[0]          # fails: off balance
    path = save_battle(b, tmp_path / "swim.json", scenario_text=text)
    again = load_battle(path)
    assert again.state() == b.state()
    assert {"swimming", "off_balance"} <= again.board().body("hero").conditions
