"""Hit points, dying and nonlethal damage (digest §8.2, decisions §6)."""
from __future__ import annotations

DEAD_AT = -10
MASSIVE_DAMAGE = 50
MASSIVE_DC = 15
STABILISE_PERCENT = 10


def status(hp: int, nonlethal: int, con: int = 10) -> str:
    """normal | staggered | unconscious | disabled | dying | dead."""
    if hp <= DEAD_AT or con <= 0:
        return "dead"
    if hp < 0:
        return "dying"
    if hp == 0:
        return "unconscious" if nonlethal > 0 else "disabled"
    if nonlethal > hp:
        return "unconscious"
    if nonlethal == hp:
        return "staggered"
    return "normal"


# What each status adds to a creature's conditions.
STATUS_CONDITIONS = {
    "normal": frozenset(),
    "staggered": frozenset({"staggered"}),
    "unconscious": frozenset({"unconscious", "helpless", "prone"}),
    "disabled": frozenset({"disabled"}),
    "dying": frozenset({"dying", "unconscious", "helpless", "prone"}),
    "stable": frozenset({"stable", "unconscious", "helpless", "prone"}),
    "dead": frozenset({"dead", "helpless", "prone"}),
}
HEALTH_CONDITIONS = frozenset().union(*STATUS_CONDITIONS.values()) - {"prone"}


def can_act(state: str) -> bool:
    return state in ("normal", "staggered", "disabled")


def dying_roll(d100: int) -> str:
    """End of a dying creature's turn: 10% it becomes stable, otherwise it loses 1 hp."""
    return "stable" if d100 <= STABILISE_PERCENT else "lose_1"
