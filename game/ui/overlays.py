"""Turning rules answers into things to draw: the same functions the engine decides with."""
from __future__ import annotations

from ..i18n import sentence
from ..rules import aoo, charge as charge_rules, movement, splash as splash_rules, threat
from ..rules.board import Board
from ..rules.geometry import Square, metres, spaces_adjacent
from ..rules.lanes import lane_squares
from .board_view import Overlay


def threat_overlay(board: Board, ids: list[str], ov: Overlay | None = None) -> Overlay:
    ov = ov or Overlay()
    for cid in ids:
        ov.threat |= threat.threatened_squares(board, board.body(cid))
    return ov


def reach_overlay(board: Board, cid: str, ov: Overlay | None = None) -> Overlay:
    ov = ov or Overlay()
    ov.reach |= threat.attackable_squares(board, board.body(cid))
    return ov


def reachable_overlay(board: Board, cid: str, mode: str, ov: Overlay | None = None) -> Overlay:
    ov = ov or Overlay()
    ov.area = {sq: metres(c) for sq, c in movement.reachable(board, board.body(cid), mode).items()}
    return ov


def path_overlay(board: Board, cid: str, goal: Square, mode: str, lang: str | None = None,
                 ov: Overlay | None = None, names: dict[str, str] | None = None) -> Overlay:
    """The safest path (fewest attacks of opportunity, then cheapest) with its cost, the
    1-2-1 count and every square where it provokes, named."""
    ov = ov or Overlay()
    body = board.body(cid)
    found = aoo.best_path(board, body, goal, mode)
    if found is None:
        check = movement.check_path(board, body, [goal], mode) if max(abs(goal[0] - body.pos[0]), abs(goal[1] - body.pos[1])) == 1 else None
        ov.path, ov.path_ok = [body.pos, goal], False
        reason = sentence(check.reason.code, check.reason.params, lang) if check and check.reason else (
            sentence("PATH_UNREACHABLE", {}, lang))
        ov.caption = reason
        return ov
    path, provoked, cost = found
    ov.path = [body.pos] + path
    for i, pos in enumerate(ov.path[:-1]):
        who = [e for e in provoked if aoo.provokes_leaving(board, board.body(e), body, pos)
               and not (mode == "withdraw" and i == 0)]
        who = [w for w in who if not any(w in v for v in ov.provokes.values())]
        if who:
            ov.provokes[pos] = who
    ov.marks.append((goal, f"{metres(cost):g} m"))
    names = names or {}
    ov.caption = sentence("PATH_CAPTION", {"metres": f"{metres(cost):g}", "squares": cost}, lang)
    if provoked:
        ov.caption += sentence("PATH_PROVOKES", {"names": ", ".join(names.get(p, p) for p in provoked)}, lang)
    return ov


def charge_overlay(board: Board, cid: str, target: str, lang: str | None = None, ov: Overlay | None = None) -> Overlay:
    """The charge lane in green, or in red with the refusal at the blocking square."""
    ov = ov or Overlay()
    body = board.body(cid)
    res = charge_rules.charge(board, body, board.body(target))
    if res.legal:
        end = res.ends[0]
        ov.lane, _ = lane_squares(body.pos, end, body.span, board.variants.charge_lane)
        ov.lane_line = _centre_line(body.pos, end, body.span)
        ov.lane_ok = True
        ov.caption = f"{sentence('CHARGE_OK', {}, lang)} {[list(e) for e in res.ends]}"
        return ov
    ov.lane_ok = False
    ov.caption = sentence(res.reason.code, res.reason.params, lang)
    for opt in res.options:
        if opt.refusal is res.reason:
            ov.lane, _ = lane_squares(body.pos, opt.end, body.span, board.variants.charge_lane)
            ov.lane_line = _centre_line(body.pos, opt.end, body.span)
    square = res.reason.params.get("square")
    if square is not None:
        ov.lane_block = tuple(square)
    return ov


def _centre_line(start: Square, end: Square, span: int):
    half = span / 2
    return (start[0] + half, start[1] + half), (end[0] + half, end[1] + half)


def splash_overlay(board: Board, cid: str, target: str | None = None, intersection: Square | None = None,
                   ov: Overlay | None = None, lang: str | None = None) -> Overlay:
    """The eight landing points of a miss for the current range increment."""
    ov = ov or Overlay()
    body = board.body(cid)
    tgt = board.body(target) if target else None
    for d8 in range(1, 9):
        res = splash_rules.splash(board, body, target=tgt, intersection=intersection, hit=False, d8=d8)
        if not res.legal:
            ov.caption = sentence(res.reason.code, res.reason.params, lang)
            return ov
        if res.lands_square is not None:
            x, y = res.lands_square
            ov.points.append(((x + 0.5, y + 0.5), str(d8)))
        else:
            x, y = res.lands_intersection
            ov.points.append(((x, y), str(d8)))
        ov.caption = sentence("SPLASH_CAPTION", {"n": res.range_increments}, lang)
    return ov


def aim_overlay(board: Board, cid: str, target: str, lang: str | None = None, ov: Overlay | None = None,
                names: dict[str, str] | None = None) -> Overlay:
    """An attack being aimed: the target's cover with the lines of the corner test (green
    clear, red through a wall, amber through a creature), and the allies it is flanked with
    (digest §7.1, §7.2)."""
    from ..rules.flanking import flanking_partners
    from ..rules.sight import cover, cover_lines
    ov = ov or Overlay()
    names = names or {}
    me, foe = board.body(cid), board.body(target)
    kind = "ranged" if me.weapon.is_ranged else "melee"
    cov = cover(board, me, foe, kind)
    if cov != "none" or kind == "ranged" or not spaces_adjacent(me.pos, me.span, foe.pos, foe.span):
        ov.sight_lines = [((a[0] / 2, a[1] / 2), (b[0] / 2, b[1] / 2), k) for a, b, k in cover_lines(board, me, foe, kind)]
    caption = sentence("UI_AIM", {"target": names.get(target, target), "cover": sentence(f"COVER_{cov}", {}, lang)}, lang)
    partners = flanking_partners(board, foe, me)
    if partners:
        caption += " · " + sentence("UI_FLANKING_WITH", {"allies": ", ".join(names.get(p, p) for p in partners)}, lang)
    for p in partners:
        ov.marks.append((board.body(p).pos, "⚔"))
    ov.caption = caption
    return ov

