"""The ride option's "double" part (French text, « combat monté »; digest §1.2, "Double
move: two move actions, up to 2× speed"): the squares of the mount's double move, each one
a ``Ride`` in mode "double" that ``check`` passes, made only when read."""
from combat_helpers import battle, creature

from game.world import commands as C, options as options_module, views
from game.world.components import Stats

# walls and hard going, so that the double move's search has corners to turn
GRID = "\n".join([
    "..............",
    "....#.........",
    "....#..~~.....",
    "....#..~~.....",
    "..............",
    "..............",
    "..............",
])


def mounted():
    """The knight in the saddle of a combat-trained horse of speed 6 m (4 squares: 8 on a
    double move), its next turn begun so the horse has all its actions."""
    b = battle(GRID, creature("knight", "blue", (0, 2), weapon="longsword", initiative=20, hp=20),
               creature("horse", "blue", (1, 2), size="L", reach="long", speed=6, weapon="hoof", initiative=1,
                        hp=30, rideable=True),
               creature("orc", "red", (13, 6), weapon="club", initiative=10, hp=40))
    b.comp("horse", Stats).values["combat_trained"] = 1
    ok, refusal, _ = b.act("knight", "mount", {"mount": "horse"})
    assert ok, refusal
    b.act("knight", "end_turn")
    b.act("orc", "end_turn")
    assert b.turn == "knight"
    return b


def ride_double(b, square):
    """What ``check`` says of the mount's double move to ``square`` along the engine's path."""
    seen = views.path(b, "knight", square, "double")
    if not seen.legal:
        return seen.refusal
    return b.check(C.Ride("knight", mode="double", squares=seen.squares))


def test_the_double_part_lists_every_square_a_ridden_double_move_passes_check_to():
    b = mounted()
    ride = b.options("knight")["ride"]
    assert ride.legal
    moves = {(x, y) for x, y, _m in ride.domain["squares"]}
    double = {(x, y): m for x, y, m in ride.domain["double"]}
    beyond = sorted(set(double) - moves)
    assert moves < set(double) and beyond             # it reaches farther than one move
    # its squares and costs are the mount's double-move search
    assert double == {sq: c * 1.5 for sq, c in views.reachable(b, "knight", "double").items()}
    for sq in beyond[::3] + sorted(moves)[::7]:
        assert ride_double(b, sq) is None, sq
    # a square past the double move's reach (the far corner, 11 squares away) is not in
    # it, and a ridden double move there is refused
    assert (13, 6) not in double and (12, 0) not in double
    assert ride_double(b, (12, 0)) is not None


def test_the_double_part_is_empty_once_the_mount_has_moved():
    """The mount's double move is its full-round action: after one ride of a move action
    the part is empty, and ``check`` refuses a ridden double move to a square it listed."""
    b = mounted()
    ride = b.options("knight")["ride"]
    before = {(x, y) for x, y, _m in ride.domain["double"]}
    x, y, _m = ride.domain["squares"][0]
    seen = views.path(b, "knight", (x, y), "move")
    ok, refusal, _ = b.act(C.Ride("knight", squares=seen.squares))
    assert ok, refusal
    after = b.options("knight")["ride"]
    assert after.legal and after.domain["squares"]        # its second move action is left
    assert after.domain["double"] == []
    far = max(before, key=lambda sq: sq[0])
    assert ride_double(b, far) is not None


def test_the_double_part_is_searched_only_when_read(monkeypatch):
    """Reading the ride's move squares (or asking whether it has a double part) makes no
    double-move search: the part is made when it is read, as the move option's are."""
    b = mounted()
    asked: list[str] = []
    real = views.path

    def path(battle, cid, goal, mode, tumble=None):
        asked.append(mode)
        return real(battle, cid, goal, mode, tumble=tumble)
    monkeypatch.setattr(options_module.views, "path", path)
    ride = b.options("knight")["ride"]
    assert ride.domain["squares"] and "double" in ride.domain
    assert "double" not in asked
    assert ride.domain["double"]
    assert asked.count("double") == 1
