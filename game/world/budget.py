"""The action economy of one turn (French text: "les différents types d'actions").

A standard action can always become a move action; a full-round action needs the whole
turn; a creature restricted to one action (surprise round, disabled, staggered, slowed,
nauseated) gets one standard *or* one move action.
"""
from __future__ import annotations

from ..rules.reasons import Refusal
from .components import TurnState


def refusal(ts: TurnState, kind: str) -> Refusal | None:
    if kind == "standard":
        if ts.move_only:
            return Refusal("NAUSEATED_MOVE_ONLY")
        if not ts.standard or (ts.restricted and not ts.move):
            return Refusal("NO_STANDARD_ACTION_LEFT")
    elif kind == "move":
        if not ts.move and not ts.standard:
            return Refusal("NO_MOVE_ACTION_LEFT")
        if ts.restricted and not (ts.move and ts.standard):
            return Refusal("NO_MOVE_ACTION_LEFT")
    elif kind == "full_round":
        if ts.move_only:
            return Refusal("NAUSEATED_MOVE_ONLY")
        if ts.restricted:
            return Refusal("RESTRICTED_NO_FULL_ROUND")
        if not (ts.standard and ts.move):
            return Refusal("NO_FULL_ROUND_LEFT")
    elif kind == "swift":
        if not ts.swift:
            return Refusal("NO_SWIFT_ACTION_LEFT")
    return None


def spend(ts: TurnState, kind: str) -> None:
    """Spend an action the caller has checked with ``refusal``."""
    if kind == "standard":
        ts.standard = False
        if ts.restricted:
            ts.move = False
    elif kind == "move":
        if ts.move:
            ts.move = False
        else:
            ts.standard = False   # the standard action becomes a move action
        if ts.restricted:
            ts.standard = ts.move = False
    elif kind == "full_round":
        ts.standard = ts.move = False
    elif kind == "swift":
        ts.swift = False
    if kind != "free":
        ts.acted = True


def left(ts: TurnState) -> dict:
    """What remains, for ``state`` and the window."""
    return {"standard": refusal(ts, "standard") is None, "move": refusal(ts, "move") is None,
            "full_round": refusal(ts, "full_round") is None, "five_foot_step": ts.five_foot and not ts.moved,
            "swift": ts.swift, "restricted": ts.restricted}


def immediate_refusal(ts: TurnState | None, *, on_own_turn: bool, flat_footed: bool, owed: bool) -> Refusal | None:
    """An immediate action (French text, "actions immédiates"): like a swift action on the
    creature's own turn; off its turn it spends the next turn's swift action; none while
    flat-footed, and only one swift or immediate action a turn."""
    if flat_footed:
        return Refusal("FLAT_FOOTED_NO_IMMEDIATE")
    if on_own_turn:
        return refusal(ts, "swift") if ts is not None else None
    if owed:
        return Refusal("NO_SWIFT_ACTION_LEFT")
    return None
