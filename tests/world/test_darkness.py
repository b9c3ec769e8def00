"""Total darkness on the map (":"): French text, "pas de placement": "Il est impossible
d'effectuer un pas de placement sur un terrain difficile ou dans les ténèbres"; digest
§7.3: total darkness gives total concealment (50% miss chance), none against darkvision;
SRD Darkness: a creature in darkness without darkvision is effectively blinded (it sees
nobody: no attack of opportunity, and its withdraw's first square is safe from nobody)."""
from combat_helpers import battle, creature, first

from game.data import bestiary

# Two dark squares in the middle of a lit floor.
GRID = "\n".join(["......", "..::..", "......"])


def test_no_5_ft_step_into_or_out_of_darkness_without_darkvision():
    b = battle(GRID, creature("hero", "blue", (1, 1), initiative=20),
               creature("orc", "red", (5, 2), initiative=10, darkvision=True))
    ok, refusal, _ = b.act("hero", "five_foot_step", {"to": [2, 1]})
    assert not ok and refusal.code == "FIVE_FOOT_STEP_IN_DARKNESS"
    assert b.act("hero", "move", {"squares": [[2, 1]]})[0]               # walking in is allowed
    assert "in_darkness" in b.board().body("hero").conditions
    assert b.act("hero", "end_turn")[0]
    ok, refusal, _ = b.act("orc", "five_foot_step", {"to": [4, 1]})     # darkvision: steps as it likes
    assert ok, refusal
    ok, refusal, _ = b.act("orc", "five_foot_step", {"to": [3, 1]})
    assert not ok and refusal.code == "FIVE_FOOT_STEP_AFTER_MOVING"
    assert b.act("orc", "end_turn")[0]
    ok, refusal, _ = b.act("hero", "five_foot_step", {"to": [1, 1]})    # nor out of it
    assert not ok and refusal.code == "FIVE_FOOT_STEP_IN_DARKNESS"


def test_a_target_in_darkness_has_total_concealment_from_those_without_darkvision():
    b = battle(GRID, creature("archer", "blue", (0, 0), weapon="shortbow", initiative=20),
               creature("orc", "red", (2, 1), initiative=10, hp=30))
    ok, refusal, ev = b.act("archer", "attack", {"target": "orc"}, dice=[19, 30, 3])
    assert ok, refusal
    roll = first(ev, "MissChanceRolled")
    assert (roll.chance, roll.missed) == (50, True)
    c = battle(GRID, creature("archer", "blue", (0, 0), weapon="shortbow", initiative=20, darkvision=True),
               creature("orc", "red", (2, 1), initiative=10, hp=30))
    ok, refusal, ev = c.act("archer", "attack", {"target": "orc"}, dice=[19, 3])
    assert ok and not [e for e in ev if type(e).__name__ == "MissChanceRolled"]


def test_in_darkness_without_darkvision_it_sees_nobody_and_takes_no_attack_of_opportunity():
    b = battle(GRID, creature("hero", "blue", (2, 1), initiative=20, weapon="longsword"),
               creature("orc", "red", (1, 1), initiative=10, hp=30, darkvision=True))
    assert b.act("hero", "end_turn")[0]
    ok, refusal, ev = b.act("orc", "move", {"squares": [[0, 1], [0, 0]]})     # leaves the hero's reach
    assert ok, refusal
    assert not [e for e in ev if type(e).__name__ == "AttackRolled"]
    lit = battle(GRID.replace(":", "."), creature("hero", "blue", (2, 1), initiative=20, weapon="longsword"),
                 creature("orc", "red", (1, 1), initiative=10, hp=30, darkvision=True))
    assert lit.act("hero", "end_turn")[0]
    ok, refusal, ev = lit.act("orc", "move", {"squares": [[0, 1], [0, 0]]}, dice=[1])
    assert ok and [e.attacker for e in ev if type(e).__name__ == "AttackRolled"] == ["hero"]   # in the light it strikes


def test_darkvision_comes_from_the_template():
    assert bestiary.scenario_keys(bestiary.get("orc"))["darkvision"] is True
    assert bestiary.scenario_keys(bestiary.get("tordek_1"))["darkvision"] is True
    assert "darkvision" not in bestiary.scenario_keys(bestiary.get("lidda_1"))
