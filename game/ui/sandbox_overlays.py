"""The sandbox's own overlays (issue 13), from the engine's views like ``overlays``:
reachable bands, charge lanes to every enemy, flanking pairs, the splash heat map and the
1-2-1 ruler. This module only paints what the engine answers."""
from __future__ import annotations

from ..i18n import sentence
from ..rules.geometry import Square, distance, metres
from ..world import systems, views
from . import overlays, sandbox_odds
from .board_view import Lane, Overlay

BANDS = ("5ft", "move", "double", "run")


def bands_overlay(battle, cid: str, mode: str, ov: Overlay) -> Overlay:
    """Every square its space can end on, tinted by the cheapest movement that gets there
    (5-ft step, move, double move, run); for a withdraw, the withdraw alone. ``area``
    keeps the costs of ``mode``."""
    for band in (("withdraw",) if mode == "withdraw" else BANDS):
        for sq in views.reachable(battle, cid, band):
            ov.bands.setdefault(sq, band)
    ov.area = {sq: metres(c) for sq, c in views.reachable(battle, cid, mode).items()}
    return ov


def lanes_overlay(battle, cid: str, lang: str | None, ov: Overlay, names: dict[str, str] | None = None) -> dict[str, Overlay]:
    """A charge lane to every enemy (``overlays.charge_overlay`` for each): green, or red
    with the refusal written at the blocking square (at the enemy when nothing in the lane
    blocks: too far, too near, out of sight). Returns each enemy's own overlay."""
    board = battle.board()
    out = {}
    for foe in board.enemies_of(board.body(cid)):
        one = overlays.charge_overlay(battle, cid, foe.id, lang, names=names)
        out[foe.id] = one
        reason = "" if one.lane_ok else one.caption
        ov.lanes.append(Lane(list(one.lane), one.lane_line, one.lane_ok, one.lane_block, reason,
                             one.lane_block if one.lane_block is not None else foe.pos))
    return out


def centre(body) -> tuple[float, float]:
    return body.pos[0] + body.span / 2, body.pos[1] + body.span / 2


def flanking_pairs(battle, cid: str) -> list[tuple[str, str, str]]:
    """(attacker, ally, target) for every flank the selected creature takes part in: it
    with an ally against each enemy, and each enemy with its ally against it (the query's
    ``flanked``: ``systems.flanking_partners``)."""
    board = battle.board()
    me = board.body(cid)
    out = []
    for foe in board.enemies_of(me):
        out += [(cid, p, foe.id) for p in systems.flanking_partners(board, foe.id, cid)]
        out += [(foe.id, p, cid) for p in systems.flanking_partners(board, cid, foe.id)]
    return out


def flanking_overlay(battle, cid: str, ov: Overlay) -> list[tuple[str, str, str]]:
    board = battle.board()
    pairs = flanking_pairs(battle, cid)
    for a, b, _target in pairs:
        ov.flank_lines.append((centre(board.body(a)), centre(board.body(b))))
    return pairs


def splash_heat_overlay(battle, cid: str, ov: Overlay, target: str | None = None,
                        intersection: Square | None = None, lang: str | None = None):
    """The eight scatter points of a miss (``overlays.splash_overlay``) and the chance to
    land on each point and on the aim (``sandbox_odds.splash_heat``). Returns the hit
    chance (None without a flask)."""
    overlays.splash_overlay(battle, cid, target=target, intersection=intersection, ov=ov, lang=lang)
    heat, hit = sandbox_odds.splash_heat(battle, cid, target=target, intersection=intersection)
    ov.heat = {p: float(v) for p, v in heat.items()}
    return hit


def ruler(a: Square, b: Square, lang: str | None = None) -> str:
    """The 1-2-1 distance between two squares, with its arithmetic (digest §1.1)."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    diag, straight = min(dx, dy), abs(dx - dy)
    n = distance(a, b)
    return sentence("SBX_RULER", {"straight": straight, "diag": diag, "diag_cost": diag + diag // 2, "squares": n,
                                  "metres": f"{metres(n):g}"}, lang)
