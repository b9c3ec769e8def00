"""A square as the window names it: the board labels no square, so no coordinates
("[2, 1]") reach the player (play-test); an entry that must tell squares apart (a door,
a web, a crate next to the creature, a 5-ft step) names the square by its direction from
the creature, as a player sees it on the board: north is up the screen (rows count down
from the top)."""
from __future__ import annotations

from ..i18n import sentence

# (sign of dx, sign of dy) -> the direction's code; (0, 0): the creature's own square
_DIRECTIONS = {(0, -1): "N", (1, -1): "NE", (1, 0): "E", (1, 1): "SE", (0, 1): "S", (-1, 1): "SW",
               (-1, 0): "W", (-1, -1): "NW", (0, 0): "HERE"}


def _sign(v: float) -> int:
    return (v > 0) - (v < 0)


def direction(squares, square, lang: str) -> str:
    """Which way ``square`` lies from a creature's space (``squares``: the squares it
    covers), measured from the space's centre: "north", "south-east" ("au nord", « au
    sud-est »)."""
    squares = [tuple(s) for s in squares]
    cx = sum(x for x, _y in squares) / len(squares)
    cy = sum(y for _x, y in squares) / len(squares)
    dx, dy = square[0] - cx, square[1] - cy
    return sentence(f"UI_DIR_{_DIRECTIONS[(_sign(dx), _sign(dy))]}", {}, lang)
