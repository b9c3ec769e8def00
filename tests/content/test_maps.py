"""The battle maps of maps/ (issue 6, item 4): eight real tactical situations, each with a
title, a description and 2 to 4 sides, that load, open a battle and play; and the tree
character "T" of the legend (README, "Scenario files")."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.content.scenario import load_scenario, parse_scenario
from game.engine import Battle
from game.rules.sizes import Size
from game.rules.terrain import LEGEND, Terrain
from game.world import systems
from game.world.components import HitPoints, Inventory, Stats

MAPS = Path(__file__).resolve().parents[2] / "maps"
ALL = sorted(p for p in MAPS.iterdir() if p.suffix in (".toml", ".tmj"))
NEW = ["bridge.toml", "crypt.toml", "forest_clearing.toml", "giants_cave.toml", "tavern.toml", "village_square.tmj"]


def open_map(name: str) -> Battle:
    return Battle(load_scenario(MAPS / name))


def until_turn(b: Battle, cid: str) -> None:
    for _ in range(200):
        if b.turn == cid:
            return
        ok, refusal, _ = b.act(b.turn, "end_turn")
        assert ok, refusal
    raise AssertionError(f"{cid} never got a turn")


def test_there_are_eight_maps_including_the_old_ones_and_a_tiled_one():
    names = [p.name for p in ALL]
    assert len(names) >= 8
    assert {"ford.toml", "old_mill.toml", *NEW} <= set(names)
    assert any(n.endswith(".tmj") for n in names)


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_every_map_loads_has_a_title_a_description_and_two_to_four_sides(path):
    scenario = load_scenario(path)
    assert scenario.title.strip() and len(scenario.description) >= 40
    sides = {c.side for c in scenario.creatures}
    assert 2 <= len(sides) <= 4
    b = Battle(scenario)
    try:
        assert b.started and sorted(b.order) == sorted(c.id for c in scenario.creatures)
        # every creature can act: the first one ends its turn and the next one is up
        first = b.turn
        ok, refusal, _ = b.act(first, "end_turn")
        assert ok, refusal
        assert b.turn != first
    finally:
        b.close()


@pytest.mark.parametrize("name", NEW)
def test_new_maps_are_built_from_templates(name):
    scenario = load_scenario(MAPS / name)
    assert all(c.template for c in scenario.creatures)


def test_bridge_two_squares_wide_over_the_river_with_the_ogre_on_it():
    s = load_scenario(MAPS / "bridge.toml")
    t = s.terrain()
    river = range(12, 20)
    for y in range(t.height):
        across = [t.is_difficult((x, y)) for x in river]
        assert all(across) == (y not in (6, 7)) and (any(across) == (y not in (6, 7)))
    ogre = next(c for c in s.creatures if c.id == "ogre")
    assert ogre.size == "L" and ogre.at == (16, 6)          # fills both rows of the bridge
    # side by side on the bridge, water is one push away (bull rush spots)
    assert t.is_difficult((14, 8)) and t.is_difficult((14, 5))
    # the road is one straight lane from bank to bank
    assert all(t.is_enterable((x, y)) and not t.is_difficult((x, y)) for x in range(t.width) for y in (6, 7))


def test_crypt_jozan_turns_the_undead_of_the_crypt():
    b = open_map("crypt.toml")
    try:
        undead = [c for c in b.ids if b.comp(c, Stats).values.get("undead")]
        assert len(undead) == 9
        assert b.comp("ghoul_1", Stats).values["turn_resistance"] == 2
        assert b.comp("jozan", Inventory).items.count("holy_water") == 3
        until_turn(b, "jozan")
        ok, refusal, events = b.act("jozan", "turn_undead")
        assert ok, refusal
        assert any(type(e).__name__ == "TurningAttempted" for e in events)
    finally:
        b.close()


def test_forest_trees_give_cover_and_three_sides_meet():
    b = open_map("forest_clearing.toml")
    try:
        assert {b.board().body(c).side for c in b.ids} == {"blue", "red", "green"}
        rows = b.scenario.rows
        assert sum(r.count("T") for r in rows) >= 40 and sum(r.count("~") for r in rows) >= 20
        assert b.scenario.creatures[-1].template == "owlbear"
    finally:
        b.close()


def test_giants_cave_has_large_and_huge_reach():
    b = open_map("giants_cave.toml")
    try:
        board = b.board()
        giant, centipede = board.body("giant"), board.body("centipede")
        assert (giant.size, centipede.size) == (Size.L, Size.H)
        # tall Large: 3 m reach, the giant threatens two squares out; Huge long: 3 m too
        gx, gy = giant.pos
        threat = systems.threatened_squares(board, "giant")
        assert (gx - 2, gy + 1) in threat and (gx - 3, gy + 1) not in threat
        cx, cy = centipede.pos
        threat = systems.threatened_squares(board, "centipede")
        assert (cx - 2, cy + 1) in threat and (cx - 3, cy + 1) not in threat
    finally:
        b.close()


def test_tavern_brawl_four_sides_fists_saps_and_a_prone_orc():
    b = open_map("tavern.toml")
    try:
        board = b.board()
        assert len({board.body(c).side for c in b.ids}) == 4
        assert board.body("tordek").weapon.id == "unarmed" and board.body("lidda").weapon.nonlethal
        assert "prone" in board.body("orc_2").conditions
        assert all(board.body(c).weapon.id == "sap" for c in ("watch_1", "watch_2"))
    finally:
        b.close()


def test_village_square_alhandra_mounts_and_charges_down_the_street():
    b = open_map("village_square.tmj")
    try:
        until_turn(b, "alhandra")
        ok, refusal, _ = b.act("alhandra", "mount", {"mount": "bayard"})
        assert ok, refusal
        b.act("alhandra", "end_turn")
        until_turn(b, "alhandra")
        args = {"mode": "charge", "target": "gnoll_1"}
        ok, refusal, events = b.act("alhandra", "ride", args)
        if not ok and refusal.code == "CHARGE_CHOOSE_END":
            ok, refusal, events = b.act("alhandra", "ride", {**args, "end": refusal.params["ends"][0]})
        assert ok, refusal
        roll = next(e for e in events if type(e).__name__ == "AttackRolled")
        assert roll.attacker == "alhandra" and (2, "circumstance", "charge") in roll.bonus_breakdown
    finally:
        b.close()


# --------------------------------------------------------------------------- the tree

def test_tree_blocks_movement_sight_and_corners_like_a_wall():
    assert LEGEND["T"].id == "tree"
    t = Terrain(["...", ".T.", "..."])
    assert not t.is_enterable((1, 1)) and t.blocks_sight((1, 1)) and t.blocks_corner((1, 1))
    assert not t.is_difficult((1, 1))


def test_a_tree_between_archer_and_target_gives_cover():
    text = '''[map]
grid = """
.....
..T..
.....
"""
[[creature]]
id = "archer"
side = "a"
at = [0, 1]
weapon = "shortbow"
[[creature]]
id = "behind"
side = "b"
at = [4, 1]
[[creature]]
id = "clear"
side = "b"
at = [4, 0]
'''
    b = Battle(parse_scenario(text, "<trees>"))
    try:
        assert systems.cover(b.board(), "archer", "behind", "ranged") == "cover"
        assert systems.cover(b.board(), "archer", "clear", "ranged") == "none"
    finally:
        b.close()


def test_a_creature_cannot_stand_in_a_tree():
    text = '[map]\ngrid = """\n.T.\n"""\n\n[[creature]]\nid = "x"\nside = "a"\nat = [1, 0]\n'
    with pytest.raises(Exception) as exc:
        parse_scenario(text, "<tree>")
    assert "wall" in str(exc.value)


def test_the_old_maps_keep_their_numbers():
    b = open_map("old_mill.toml")
    try:
        assert b.comp("grakh", HitPoints).maximum == 29
    finally:
        b.close()


def test_every_map_reads_in_french_and_in_english():
    from game.content.scenario import load_scenario
    for path in ALL:
        sc = load_scenario(path)
        assert sc.title_in("fr") and sc.title_in("en") and sc.title_in("fr") != sc.title_in("en"), path.name
        assert sc.description_in("fr") != sc.description_in("en"), path.name
        assert " le " in sc.description_in("fr") or " la " in sc.description_in("fr"), path.name


def test_look_alike_creatures_are_numbered_in_the_files_order():
    """Issue 14, item 3: three "Squelette" of the crypt read "Squelette 1", "Squelette 2"
    and "Squelette 3"; a number the file already gives is not given twice."""
    crypt = load_scenario(MAPS / "crypt.toml")
    skeletons = [c.name for c in crypt.creatures if c.id.startswith("skeleton")]
    assert skeletons == [f"Squelette {i}" for i in range(1, len(skeletons) + 1)] and len(skeletons) >= 2
    text = '[map]\ngrid = """\n.....\n"""\n' + "".join(
        f'[[creature]]\nid = "o{i}"\nname = "{name}"\nside = "{side}"\nat = [{i}, 0]\n'
        for i, (name, side) in enumerate([("Orc", "red"), ("Orc 2", "red"), ("Orc", "red"), ("Hero", "blue")]))
    names = [c.name for c in parse_scenario(text, "t.toml").creatures]
    assert names == ["Orc 1", "Orc 2", "Orc 3", "Hero"]
