"""Builders for rule tests: a board from an ASCII map and a few creatures."""
from __future__ import annotations

import json

from game import data
from game.rules.board import Board, Body, Variants
from game.rules.sizes import Size
from game.rules.terrain import Terrain


def make_board(grid: str, *bodies: Body, **variants) -> Board:
    rows = [r for r in grid.strip("\n").split("\n")]
    return Board(Terrain(rows), tuple(sorted(bodies, key=lambda b: b.id)), Variants(**variants))


def body(cid: str, side: str, at, size: str = "M", weapon: str = "longsword", speed: int = 6, **kw) -> Body:
    return Body(id=cid, side=side, pos=tuple(at), size=Size.from_code(size), speed_squares=speed,
                weapon=data.weapons()[weapon], conditions=frozenset(kw.pop("conditions", ())),
                feats=frozenset(kw.pop("feats", ())), **kw)


def open_grid(w: int, h: int) -> str:
    return "\n".join("." * w for _ in range(h))


def _toml(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, str):
        return json.dumps(value)          # a JSON string is a TOML basic string
    return str(value)


def scenario_text(grid: str, *creatures: dict, seed: int = 1) -> str:
    """A scenario file's text (design/scenario-format.md): the map's rows and one
    ``[[creature]]`` table a dict, keys in the order given."""
    tables = ["[[creature]]\n" + "".join(f"{k} = {_toml(v)}\n" for k, v in c.items()) for c in creatures]
    return f'seed = {seed}\n[map]\ngrid = """\n{grid.strip(chr(10))}\n"""\n' + "\n".join(tables)
