"""Which conditions change positioning rules (digest §3, §4.3, §9; decisions §2).

Only the geometric consequences live here; numeric modifiers come with the combat turns.
"""
from __future__ import annotations

from typing import AbstractSet

# Conditions a scenario may name (scenario format: lower-case English ids).
KNOWN_CONDITIONS = frozenset({
    "prone", "flat_footed", "helpless", "stunned", "dazed", "blinded", "entangled",
    "fatigued", "exhausted", "nauseated", "sickened", "shaken", "frightened", "panicked",
    "cowering", "invisible", "deafened", "dazzled", "paralyzed", "unconscious", "disabled",
    "dying", "dead", "stable", "staggered", "grappled", "grappling", "pinned",
    "total_defense", "fighting_defensively", "squeezing", "confused", "casting", "asleep", "turned", "burning", "glued",
    "blessed", "silenced", "gagged", "hasted", "slowed", "magic_weapon", "shield_of_faith", "kneeling", "sitting",
    "bolstered", "climbing", "calmed", "hidden_from_undead", "shield_bashed", "flurry_of_blows",
    "swimming", "off_balance", "underwater", "infected",
})

# Helpless creatures can be moved through, do not block charges and threaten nothing.
HELPLESS = frozenset({"helpless", "paralyzed", "unconscious", "dying", "dead", "stable", "asleep"})
# These threaten nothing (decisions §2): besides the helpless, grapplers and casters of
# spells of 1 round or more (digest §3).
NO_THREAT = HELPLESS | {"grappled", "grappling", "pinned", "casting"}
# These still threaten (and so count for flanking) but cannot make attacks of opportunity.
NO_AOO = frozenset({"total_defense", "stunned", "dazed", "cowering", "nauseated", "confused"})
# No movement at all through a move action.
CANNOT_MOVE = HELPLESS | {"stunned", "dazed", "cowering", "grappled", "grappling", "pinned", "glued"}
# No charge: digest §5.1 and conditions (entangled, fatigued, exhausted); prone must stand.
CANNOT_CHARGE = CANNOT_MOVE | {"entangled", "fatigued", "exhausted", "prone", "nauseated"}
# No run (digest §1.2).
CANNOT_RUN = CANNOT_MOVE | {"entangled", "fatigued", "exhausted", "prone", "blinded"}


def is_helpless(conditions: AbstractSet[str]) -> bool:
    return not HELPLESS.isdisjoint(conditions)


def blocking_reason(conditions: AbstractSet[str], forbidden: AbstractSet[str]) -> str | None:
    """The first forbidding condition in a stable order, or None."""
    hit = sorted(forbidden & conditions)
    return hit[0] if hit else None
