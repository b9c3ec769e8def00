"""Cleric domains whose granted power is a turning (French text, "renvoi et intimidation
des morts-vivants": "Certains prêtres ont le pouvoir de repousser d'autres créatures que
les morts-vivants. Par exemple, un prêtre ayant choisi le domaine du Feu peut repousser ou
détruire les créatures de l'Eau (comme s'il était un prêtre bon affectant les
morts-vivants) et intimider ou contrôler les créatures du Feu (comme s'il était un prêtre
mauvais affectant les morts-vivants). Le test de renvoi est alors joué normalement.";
digest §10.3: "Domain turning (e.g. Fire turns Water creatures) uses the same check").

The SRD domains' granted powers:
- Air: turn or destroy earth creatures; rebuke, command or bolster air creatures.
- Earth: turn or destroy air creatures; rebuke, command or bolster earth creatures.
- Fire: turn or destroy water creatures; rebuke, command or bolster fire creatures.
- Water: turn or destroy fire creatures; rebuke, command or bolster water creatures.
  Each of these four: "Use these abilities a total number of times per day equal to 3 +
  your Charisma modifier" — a count of its own, apart from turning undead.
- Plant: rebuke or command plant creatures, 3 + Charisma modifier times a day.
- Sun: "Once per day, you can perform a greater turning against undead in place of a
  regular turning. The greater turning is like a normal turning except that the undead
  creatures that would be turned are destroyed instead." It is one of the cleric's uses
  of turn undead.
"""
from __future__ import annotations

from collections.abc import Iterable

# The domains the game plays (a scenario naming another is refused).
DOMAINS = ("air", "earth", "fire", "plant", "sun", "water")
# The kinds of creature a domain power affects: the elemental subtypes and the plant type.
KINDS = ("air", "earth", "fire", "water", "plant")
TURNS = {"air": "earth", "earth": "air", "fire": "water", "water": "fire"}
REBUKES = {"air": "air", "earth": "earth", "fire": "fire", "water": "water", "plant": "plant"}
BOLSTERS = {"air": "air", "earth": "earth", "fire": "fire", "water": "water"}
POWERS = {"turn": TURNS, "rebuke": REBUKES, "bolster": BOLSTERS}


def granting(domains: Iterable[str], kind: str, mode: str) -> str | None:
    """The cleric's domain whose power does ``mode`` (turn, rebuke, bolster) to creatures of
    ``kind``, or None."""
    table = POWERS[mode]
    return next((d for d in domains if table.get(d) == kind), None)


def kinds_open(domains: Iterable[str], mode: str) -> list[str]:
    """The kinds of creature the cleric's domains let it ``mode``, in the domains' order."""
    table = POWERS[mode]
    return list(dict.fromkeys(table[d] for d in domains if d in table))


def creature_kinds(creature_type: str, subtypes: Iterable[str]) -> frozenset[str]:
    """The kinds a creature is of for a domain power: its elemental subtypes (an elemental
    or any creature of the fire, water, air or earth subtype), and plant for the plant type."""
    out = {s for s in subtypes if s in ("air", "earth", "fire", "water")}
    if creature_type == "plant":
        out.add("plant")
    return frozenset(out)
