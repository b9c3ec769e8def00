"""Turning undead through ``act``: the French text's example with Jozan, seven human
zombies and a wight, roll for roll."""
from combat_helpers import battle, creature, first

from game.world.components import Stats

GRID = "\n".join("." * 16 for _ in range(8))


def crypt():
    zombies = [creature(f"zombie{i}", "red", (3 + i, 2), initiative=1, weapon="slam") for i in range(7)]
    b = battle(GRID, creature("jozan", "blue", (3, 5), initiative=20, cha=14, weapon="heavy_mace"),
               creature("wight", "red", (12, 0), initiative=2, weapon="slam"), *zombies)
    b.comp("jozan", Stats).values["cleric_level"] = 3
    for i in range(7):
        b.comp(f"zombie{i}", Stats).values.update(undead=1, hd=2)
    b.comp("wight", Stats).values.update(undead=1, hd=4)
    return b


def turned(b):
    return sorted(c for c in b.entities if "turned" in b.board().body(c).conditions)


def test_jozan_turns_five_zombies_then_two_french_text():
    b = crypt()
    # Round 1: check 7 + 2 = 9 (up to 2 HD); damage 2d6 (3+3) + 3 + 2 = 11: the five closest zombies.
    ok, _, ev = b.act("jozan", "turn_undead", dice=[7, 3, 3])
    attempt = first(ev, "TurningAttempted")
    assert ok and (attempt.check, attempt.max_hd, attempt.damage) == (9, 2, 11)
    assert turned(b) == ["zombie0", "zombie1", "zombie2", "zombie3", "zombie4"]
    b.act("jozan", "end_turn")
    while b.turn != "jozan":
        b.act(b.turn, "end_turn")
    # Round 2: check 19 + 2 = 21 (up to 6 HD) but damage only 7: the last two zombies, not the wight.
    ok, _, ev = b.act("jozan", "turn_undead", dice=[19, 1, 1])
    attempt = first(ev, "TurningAttempted")
    assert (attempt.check, attempt.max_hd, attempt.damage) == (21, 6, 7)
    assert "wight" not in turned(b) and "zombie5" in turned(b) and "zombie6" in turned(b)


def test_destroy_at_twice_the_hd_and_turned_undead_must_flee():
    b = crypt()
    b.comp("jozan", Stats).values["cleric_level"] = 4          # twice a zombie's 2 HD
    ok, _, ev = b.act("jozan", "turn_undead", dice=[10, 6, 6])
    results = {e.who: e.result for e in ev if type(e).__name__ == "UndeadAffected"}
    assert results["zombie0"] == "destroyed" and "dead" in b.board().body("zombie0").conditions
    c = crypt()
    c.act("jozan", "turn_undead", dice=[7, 3, 3])
    c.act("jozan", "end_turn")
    while c.turn != "zombie0":
        c.act(c.turn, "end_turn")
    ok, refusal, _ = c.act("zombie0", "move", {"squares": [[3, 3]]})     # toward the cleric
    assert not ok and refusal.code == "TURNED_MUST_FLEE"
    assert c.act("zombie0", "move", {"squares": [[3, 1]]})[0]          # away


def test_turning_ends_when_the_cleric_comes_within_3_m_and_uses_per_day():
    b = crypt()
    b.act("jozan", "turn_undead", dice=[7, 3, 3])
    b.act("jozan", "end_turn")
    while b.turn != "jozan":
        b.act(b.turn, "end_turn")
    b.act("jozan", "move", {"squares": [[3, 4]]})
    assert "turned" not in b.board().body("zombie0").conditions      # within 3 m now
    uses = 3 + 2
    b2 = crypt()
    for _ in range(uses):
        assert b2.act("jozan", "turn_undead", dice=[1, 1, 1])[0]
        b2.act("jozan", "end_turn")
        while b2.turn != "jozan":
            b2.act(b2.turn, "end_turn")
    ok, refusal, _ = b2.act("jozan", "turn_undead")
    assert not ok and refusal.code == "NO_TURNING_LEFT"


def test_an_evil_cleric_dispels_the_turning():
    b2 = battle(GRID, creature("jozan", "blue", (3, 5), initiative=20, cha=14, weapon="heavy_mace"),
                creature("priest", "red", (12, 5), initiative=15, cha=12),
                *[creature(f"zombie{i}", "red", (3 + i, 2), initiative=1, weapon="slam") for i in range(2)])
    b2.comp("jozan", Stats).values["cleric_level"] = 3
    b2.comp("priest", Stats).values.update(cleric_level=3, evil=1)
    for i in range(2):
        b2.comp(f"zombie{i}", Stats).values.update(undead=1, hd=2)
    b2.act("jozan", "turn_undead", dice=[7, 3, 3])
    assert "turned" in b2.board().body("zombie0").conditions
    b2.act("jozan", "end_turn")
    ok, _, ev = b2.act("priest", "dispel_turning", dice=[10, 2, 2])     # 10 + 1 >= 9
    freed = [e.who for e in ev if type(e).__name__ == "UndeadAffected" and e.result == "freed"]
    assert ok and sorted(freed) == ["zombie0", "zombie1"] and freed[0] == "zombie1"   # closest to the priest first


def test_an_evil_cleric_bolsters_undead_so_a_weak_turning_passes_them_over():
    # French text "augmenter le moral": a normal rebuke check; the table's Hit Dice become
    # the undead's effective Hit Dice against turning (if higher), for 10 rounds.
    def scene():
        b = battle(GRID, creature("jozan", "blue", (3, 5), initiative=20, weapon="heavy_mace"),
                   creature("priest", "red", (3, 0), initiative=10, weapon="heavy_mace"),
                   creature("zombie", "red", (4, 2), initiative=1, weapon="slam"))
        b.comp("jozan", Stats).values["cleric_level"] = 3
        b.comp("priest", Stats).values.update(cleric_level=3, evil=1)
        b.comp("zombie", Stats).values.update(undead=1, hd=2)
        assert b.act("jozan", "end_turn")[0]
        return b
    b = scene()
    # check 11 (Cha 10): level 3 + 0 = 3 Hit Dice; damage 2d6 (4, 4) + 3 = 11
    ok, refusal, ev = b.act("priest", "bolster_undead", {}, dice=[11, 4, 4])
    assert ok, refusal
    assert [e.result for e in ev if type(e).__name__ == "UndeadAffected"] == ["bolstered"]
    assert "bolstered" in b.board().body("zombie").conditions
    assert b.act("priest", "end_turn")[0] and b.act("zombie", "end_turn")[0]
    # Jozan's check 8: at most 2 Hit Dice; the bolstered zombie counts as 3
    ok, _r, ev = b.act("jozan", "turn_undead", {}, dice=[8, 3, 3])
    assert ok and not any(type(e).__name__ == "UndeadAffected" for e in ev)
    # without the bolstering the same rolls turn it
    plain = scene()
    assert plain.act("priest", "end_turn")[0] and plain.act("zombie", "end_turn")[0]
    ok, _r, ev = plain.act("jozan", "turn_undead", {}, dice=[8, 3, 3])
    assert ok and [e.result for e in ev if type(e).__name__ == "UndeadAffected"] == ["turned"]
    # a good cleric cannot bolster
    good = scene()
    good.comp("priest", Stats).values["evil"] = 0
    ok, refusal, _ = good.act("priest", "bolster_undead", {})
    assert not ok and refusal.code == "WRONG_ENERGY"
