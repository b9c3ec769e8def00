"""Commanding undead (French text, "renvoi et intimidation des morts-vivants"): an evil
cleric's rebuke that would destroy commands instead; orders are a standard action; the
Hit Dice commanded at once are at most the cleric's level, and it may release some."""
from combat_helpers import battle, creature, types

from game.world.components import Side, Stats, TurnUses

GRID = "\n".join("." * 10 for _ in range(6))


def scene():
    zombies = [creature(f"z{i}", "blue", (2 + 2 * i, 3), initiative=5 - i, weapon="slam") for i in range(3)]
    b = battle(GRID, creature("priest", "red", (3, 0), initiative=10, weapon="heavy_mace"), *zombies)
    b.comp("priest", Stats).values.update(cleric_level=5, evil=1)
    for i in range(3):
        b.comp(f"z{i}", Stats).values.update(undead=1, hd=2, mindless=1)
    return b


def test_a_rebuke_commands_within_the_clerics_level_and_rebukes_the_rest():
    b = scene()
    # Check 15 (Cha 10): undead of up to level + 1 = 6 HD; turning damage 2d6 (6, 6) + 5 = 17 HD in all.
    ok, refusal, ev = b.act("priest", "rebuke_undead", {}, dice=[15, 6, 6])
    assert ok, refusal
    results = {e.who: e.result for e in ev if type(e).__name__ == "UndeadAffected"}
    # level 5 is twice the zombies' 2 HD: destroyed by a good cleric, commanded by an evil one,
    # but only 4 of the 5 HD fit: the third zombie is only rebuked (cowers).
    assert sorted(results.values()) == ["commanded", "commanded", "rebuked"]
    for cid, result in results.items():
        assert (b.comp(cid, Side).name == "red") == (result == "commanded")


def test_a_commanded_undead_waits_for_orders_given_with_a_standard_action():
    b = scene()
    b.act("priest", "rebuke_undead", {}, dice=[15, 6, 6])
    first = next(c for c in ("z0", "z1", "z2") if b.comp(c, TurnUses).commanded_by == "priest")
    ok, refusal, ev = b.act("priest", "command_undead", {"undead": first})
    assert not ok and refusal.code == "NO_STANDARD_ACTION_LEFT"       # the rebuke took it
    b.act("priest", "end_turn")
    while b.turn != first:
        b.act(b.turn, "end_turn")
    ok, refusal, _ = b.act(first, "move", {"squares": [[b.board().body(first).pos[0], 4]]})
    assert not ok and refusal.code == "AWAITS_ORDERS"
    while b.turn != "priest":
        b.act(b.turn, "end_turn")
    ok, _, ev = b.act("priest", "command_undead", {"undead": first})
    assert ok and "ActionTaken" in types(ev) and "AttackRolled" not in types(ev)
    assert b.comp(first, TurnUses).ordered
    ok, refusal, _ = b.act("priest", "command_undead", {"undead": "priest"})
    assert not ok and refusal.code == "NOT_COMMANDED"


def test_releasing_one_makes_room_to_command_another():
    b = scene()
    b.act("priest", "rebuke_undead", {}, dice=[15, 6, 6])
    held = [c for c in ("z0", "z1", "z2") if b.comp(c, TurnUses).commanded_by == "priest"]
    ok, _, ev = b.act("priest", "release_undead", {"undead": held[0]})
    assert ok and b.comp(held[0], Side).name == "blue" and b.comp(held[0], TurnUses).commanded_by is None
    while b.turn != "priest" or b.round == 1:
        b.act(b.turn, "end_turn")
    ok, _, ev = b.act("priest", "rebuke_undead", {}, dice=[15, 6, 6])
    results = {e.who: e.result for e in ev if type(e).__name__ == "UndeadAffected"}
    assert ok and results == {held[0]: "commanded"}           # the others are already affected


def test_command_ends_when_the_cleric_falls_and_another_cleric_can_turn_them():
    b = scene()
    b.act("priest", "rebuke_undead", {}, dice=[15, 6, 6])
    held = [c for c in ("z0", "z1", "z2") if b.comp(c, TurnUses).commanded_by == "priest"]
    from game.world.damage import apply_damage
    apply_damage(b, "priest", 30, nonlethal=False)
    assert all(b.comp(c, TurnUses).commanded_by is None and b.comp(c, Side).name == "blue" for c in held)


def test_a_good_cleric_destroys_undead_another_cleric_commands():
    good = battle(GRID, creature("jozan", "blue", (1, 5), initiative=20, weapon="heavy_mace"),
                  creature("priest", "red", (3, 0), initiative=10, weapon="heavy_mace"),
                  creature("z0", "blue", (2, 3), initiative=5, weapon="slam"))
    good.comp("jozan", Stats).values["cleric_level"] = 5
    good.comp("priest", Stats).values.update(cleric_level=5, evil=1)
    good.comp("z0", Stats).values.update(undead=1, hd=2, mindless=1)
    good.act("jozan", "end_turn")
    good.act("priest", "rebuke_undead", {}, dice=[15, 6, 6])
    assert good.comp("z0", TurnUses).commanded_by == "priest"
    good.act("priest", "end_turn")
    good.act("z0", "end_turn")
    ok, _, ev = good.act("jozan", "turn_undead", {}, dice=[15, 6, 6])
    results = [e.result for e in ev if type(e).__name__ == "UndeadAffected"]
    assert ok and results == ["released", "destroyed"]
