"""Moving a heavy object (French text, "déplacer ou manipuler un objet": "déplacer ou
manipuler un objet est une action de mouvement. Cette action permet [...] de déplacer un
objet lourd"; SRD actions table: "Move a heavy object" — move action, provokes; SRD
"Lifting and Dragging": "A character can generally push or drag along the ground as much
as five times his maximum load")."""
from __future__ import annotations

from game.content.scenario import parse_scenario
from game.engine import Battle
from game.rules.sight import cover
from game.world import views

WAREHOUSE = """
seed = 3
[map]
grid = \"\"\"
..........
..b.......
..........
#.........
\"\"\"
[[creature]]
id = "hero"
side = "blue"
at = [1, 1]
weapon = "longsword"
str = 14
initiative = 20

[[creature]]
id = "orc"
side = "red"
at = [0, 2]
weapon = "greataxe"
initiative = 10

[[creature]]
id = "archer"
side = "red"
at = [8, 1]
weapon = "longbow"
initiative = 5
"""


def battle(text: str = WAREHOUSE) -> Battle:
    return Battle(parse_scenario(text, "warehouse.toml"))


def types(events) -> list[str]:
    return [type(e).__name__ for e in events]


def test_pushing_a_crate_is_a_move_action_that_provokes_and_changes_what_the_board_blocks():
    b = battle()
    assert not b.board().terrain.is_enterable((2, 1))          # nobody walks into the crate's square
    assert b.board().terrain.is_enterable((3, 1))
    ok, refusal, events = b.act("hero", "move_object", {"at": [2, 1], "to": [3, 1]}, dice=[2])
    assert ok, refusal
    # "déplacer un objet lourd" provokes: the orc next to the hero swings (and misses on a 2)
    assert [e.attacker for e in events if type(e).__name__ == "AttackRolled"] == ["orc"]
    moved = [e for e in events if type(e).__name__ == "ObjectMoved"]
    assert [(m.at, m.to) for m in moved] == [((2, 1), (3, 1))]
    left = b.state()["actions_left"]
    assert left["standard"] and not left["full_round"]           # "une action de mouvement"
    terrain = b.board().terrain
    assert terrain.is_enterable((2, 1)) and not terrain.is_enterable((3, 1))
    assert terrain.kind((3, 1)).id == "crate" and terrain.kind((2, 1)).id == "floor"
    assert b.state()["heavy_objects"] == [{"from": [2, 1], "at": [3, 1]}]
    assert (2, 1) in views.reachable(b, "hero", "move") and (3, 1) not in views.reachable(b, "hero", "move")


def test_the_crate_gives_cover_where_it_stands_and_none_once_pushed_aside():
    b = battle()
    board = b.board()
    # the crate one square in front of the hero, on the archer's line: a low obstacle's cover
    assert cover(board, board.body("archer"), board.body("hero"), "ranged") == "cover"
    assert b.act("hero", "move_object", {"at": [2, 1], "to": [2, 0]}, declined={"orc"})[0]
    board = b.board()
    assert cover(board, board.body("archer"), board.body("hero"), "ranged") == "none"


def test_a_weak_creature_cannot_push_what_weighs_more_than_five_times_its_maximum_load():
    weak = WAREHOUSE.replace("str = 14", "str = 5")          # maximum load 50 lb: 250 lb pushed at most
    b = battle(weak)
    before = b.state()
    ok, refusal, _ = b.act("hero", "move_object", {"at": [2, 1], "to": [3, 1]})
    assert not ok and refusal.code == "TOO_HEAVY_TO_MOVE"
    assert refusal.params == {"weight": 300, "limit": 250}
    assert b.state() == before
    assert battle(WAREHOUSE.replace("str = 14", "str = 6")).act(
        "hero", "move_object", {"at": [2, 1], "to": [3, 1]}, declined={"orc"})[0]     # 60 lb × 5 = 300 lb


def test_refusals_name_why_and_change_nothing():
    b = battle()
    before = b.state()
    cases = [({"at": [3, 1], "to": [4, 1]}, "NOT_A_HEAVY_OBJECT"),
             ({"at": [2, 1], "to": [4, 1]}, "OBJECT_MOVES_ONE_SQUARE"),
             ({"at": [2, 1], "to": [1, 1]}, "OBJECT_SQUARE_TAKEN"),
             ({"at": [2, 1], "to": "east"}, "BAD_ARGUMENT")]
    for args, code in cases:
        ok, refusal, _ = b.act("hero", "move_object", args)
        assert not ok and refusal.code == code, (args, refusal)
    assert b.state() == before
    far = battle(WAREHOUSE.replace('at = [1, 1]', 'at = [5, 3]'))
    ok, refusal, _ = far.act("hero", "move_object", {"at": [2, 1], "to": [3, 1]})
    assert not ok and refusal.code == "NO_HEAVY_OBJECT_NEAR"
    assert far.options("hero")["move_object"].refusal.code == "NO_HEAVY_OBJECT_NEAR"


def test_a_crate_goes_only_onto_open_floor_and_cuts_no_wall_corner():
    text = WAREHOUSE.replace("..b.......\n..........\n#.........", "..b.......\n.b........\n#.........")
    b = battle(text.replace('at = [0, 2]', 'at = [6, 3]'))
    ok, refusal, _ = b.act("hero", "move_object", {"at": [2, 1], "to": [1, 2]})
    assert not ok and refusal.code == "OBJECT_SQUARE_BLOCKED"           # another crate stands there
    ok, refusal, _ = b.act("hero", "move_object", {"at": [1, 2], "to": [0, 3]})
    assert not ok and refusal.code == "OBJECT_SQUARE_BLOCKED"           # a wall
    assert b.board().terrain.blocks_corner((0, 3))
    ok, refusal, _ = b.act("hero", "move_object", {"at": [1, 2], "to": [0, 2]}, dice=[])
    assert ok, refusal
    nook = WAREHOUSE.replace("..........\n..b.......\n..........\n#.........", "....\n#b..\n.#..\n....")
    nook = nook.replace('at = [1, 1]', 'at = [2, 2]').replace('at = [0, 2]', 'at = [3, 3]').replace('at = [8, 1]', 'at = [3, 0]')
    ok, refusal, _ = battle(nook).act("hero", "move_object", {"at": [1, 1], "to": [0, 2]})
    assert not ok and refusal.code == "CORNER"                   # between two walls' corners


def test_options_offer_each_free_square_around_each_crate_next_to_it():
    b = battle()
    option = b.options("hero")["move_object"]
    assert option.legal
    moves = option.domain["moves"]
    assert [[2, 1], [3, 1]] in moves and [[2, 1], [1, 1]] not in moves   # not into the hero's own square
    assert {tuple(at) for at, _to in moves} == {(2, 1)}
    for at, to in moves:
        assert b.check(b.command("hero", "move_object", {"at": at, "to": to})) is None


def test_a_crate_moved_twice_is_where_it_was_pushed_last():
    b = battle()
    assert b.act("hero", "move_object", {"at": [2, 1], "to": [3, 1]}, declined={"orc"})[0]
    assert b.act("hero", "move", {"squares": [[2, 1]]}, declined={"orc"})[0]
    b.act("hero", "end_turn", {})
    for cid in ("orc", "archer"):
        b.act(cid, "end_turn", {})
    assert b.act("hero", "move_object", {"at": [3, 1], "to": [4, 1]})[0]
    assert b.state()["heavy_objects"] == [{"from": [2, 1], "at": [4, 1]}]
    terrain = b.board().terrain
    assert [terrain.kind((x, 1)).id for x in range(2, 5)] == ["floor", "floor", "crate"]
