"""Moving a heavy object (French text, "déplacer ou manipuler un objet": "Dans la plupart
des cas, déplacer ou manipuler un objet est une action de mouvement. Cette action permet
[...] de déplacer un objet lourd"; SRD actions table: "Move a heavy object", a move action
that provokes attacks of opportunity).

Rulings (README, "Rulings", heavy objects): a creature next to a heavy object on the map (a
crate, ``rules.terrain``) pushes or drags it one square, into a free square next to where
it stood (no creature, nothing that blocks, not a doorway, no corner cut past), and stays
where it is; it can if the object weighs no more than it can push or drag along the ground
(SRD "Lifting and Dragging": five times its maximum load, ``rules.loads``). The map then
blocks movement and gives cover where the object now stands (``Battle.current_terrain``).
"""
from __future__ import annotations

from ...rules.geometry import Square
from ...rules.loads import can_push, push_drag_limit
from ...rules.terrain import MOVABLE
from ..attacks import take_opportunities, threatening_enemies
from ..components import Abilities
from ..damage import status_of
from ..events import ObjectMoved
from .common import ABLE, Verdict, affordable, judged, judging, refuse, spend, square_arg
from .gates import heavy_objects_next_to


def destinations(battle, at: Square) -> list[Square]:
    """The squares next to a heavy object's, where it might go: the candidates ``options``
    asks the engine about (the handler judges each)."""
    x, y = at
    terrain = battle.current_terrain()
    return [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
            if (dx or dy) and terrain.in_bounds((x + dx, y + dy))]


@judging
def judge_move_object(battle, who: str, args: dict) -> Verdict:
    """Refuse, only reading, what keeps the object from going: not a heavy object, out of
    reach, not one square, the square taken or blocked, a corner in the way, too heavy, no
    move action left. Past these only the attacks of opportunity's dice remain."""
    at = square_arg(args.get("at"), "at")
    to = square_arg(args.get("to"), "to")
    terrain = battle.current_terrain()
    kind = terrain.kind(at)
    if kind.id not in MOVABLE:
        raise refuse("NOT_A_HEAVY_OBJECT", at=list(at))
    if at not in heavy_objects_next_to(battle, who):
        raise refuse("HEAVY_OBJECT_OUT_OF_REACH", at=list(at))
    if max(abs(to[0] - at[0]), abs(to[1] - at[1])) != 1:
        raise refuse("OBJECT_MOVES_ONE_SQUARE", square=list(to))
    board = battle.board()
    taken = next((b.id for b in board.bodies if to in b.squares), None)
    if taken is not None:
        raise refuse("OBJECT_SQUARE_TAKEN", square=list(to), creature=taken)
    if not terrain.is_enterable(to) or terrain.medium(to) or terrain.kind(to).id == "open_door":
        raise refuse("OBJECT_SQUARE_BLOCKED", square=list(to))
    if to[0] != at[0] and to[1] != at[1] and any(terrain.blocks_corner(c) for c in ((to[0], at[1]), (at[0], to[1]))):
        raise refuse("CORNER", square=list(to))
    strength = battle.read(who, Abilities).scores["str"]
    size = board.body(who).size
    if not can_push(strength, size, kind.weight):
        raise refuse("TOO_HEAVY_TO_MOVE", weight=kind.weight, limit=push_drag_limit(strength, size))
    affordable(battle, who, "move")
    return Verdict(settled=True, plan=(at, to))


def do_move_object(battle, who, args, declined) -> list:
    """A move action that provokes: the object goes one square, unless the mover drops to
    an attack of opportunity first."""
    at, to = judged(battle, judge_move_object(battle, who, args))
    events = spend(battle, who, "move", "move_object")
    ev, _fell = take_opportunities(battle, who, threatening_enemies(battle, who), declined)
    events += ev
    if status_of(battle, who) not in ABLE:
        return events
    moved = battle.shared.heavy_moved
    start = next((s for s, now in moved.items() if now == at), at)
    moved[start] = to
    battle.changed()
    return events + [ObjectMoved(who=who, at=at, to=to)]
