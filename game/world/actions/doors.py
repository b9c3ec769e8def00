"""Opening and closing doors (French text, "les actions en combat": ouvrir ou fermer une
porte is a move action; digest §4.2: it does not provoke attacks of opportunity).

Ruling (README): a creature works a door in a square next to its space; a door cannot be
closed on a creature or on an object lying in the doorway.
"""
from __future__ import annotations

from ..events import DoorChanged
from .common import refuse, spend, square_arg
from .gates import DOORS, standing_seals


def _door(battle, who, args, opening: bool):
    at = square_arg(args.get("at"), "at")
    kind = battle.current_terrain().kind(at).id
    if kind not in DOORS:
        raise refuse("NOT_A_DOOR", at=list(at))
    if opening and kind == "open_door":
        raise refuse("DOOR_ALREADY_OPEN", at=list(at))
    if opening and at in standing_seals(battle):
        # French text, "Autres usages de l'énergie positive ou négative": "une porte magique
        # qui ne s'ouvre que devant un prêtre bon" (``sealed_doors``)
        raise refuse("DOOR_SEALED", at=list(at))
    if not opening and kind == "door":
        raise refuse("DOOR_ALREADY_CLOSED", at=list(at))
    body = battle.board().body(who)
    if not any(max(abs(x - at[0]), abs(y - at[1])) == 1 for x, y in body.squares):
        raise refuse("DOOR_OUT_OF_REACH", at=list(at))
    return at


def do_open_door(battle, who, args, declined) -> list:
    at = _door(battle, who, args, opening=True)
    events = spend(battle, who, "move", "open_door")
    battle.shared.doors[at] = True
    battle.changed()
    return events + [DoorChanged(who=who, at=at, opened=True)]


def do_close_door(battle, who, args, declined) -> list:
    at = _door(battle, who, args, opening=False)
    board = battle.board()
    in_way = next((b.id for b in board.bodies if at in b.squares), None)
    if in_way is not None:
        raise refuse("DOORWAY_OCCUPIED", at=list(at), creature=in_way)
    lying = battle.shared.ground.get(at)
    if lying:
        raise refuse("DOORWAY_OCCUPIED", at=list(at), creature=lying[0])
    events = spend(battle, who, "move", "close_door")
    battle.shared.doors[at] = False
    battle.changed()
    return events + [DoorChanged(who=who, at=at, opened=False)]
