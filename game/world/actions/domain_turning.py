"""A cleric's domain powers that turn or rebuke creatures other than undead (French text,
"renvoi et intimidation des morts-vivants": "un prêtre ayant choisi le domaine du Feu peut
repousser ou détruire les créatures de l'Eau (comme s'il était un prêtre bon affectant les
morts-vivants) et intimider ou contrôler les créatures du Feu (comme s'il était un prêtre
mauvais affectant les morts-vivants). Le test de renvoi est alors joué normalement.";
digest §10.3; the SRD domains, ``rules.domains``).

Each is a use of the turning of ``turning.channel``: the same standard action, check,
table, damage, range and line of effect; turned creatures flee as turned undead do (and
cower when cornered), rebuked ones cower, those at twice the Hit Dice are destroyed or
commanded (``command_undead`` gives them orders). Whatever the cleric's alignment, a
domain turns one kind and rebukes another. Each domain counts its own uses a day."""
from __future__ import annotations

from ...rules import domains
from .common import refuse
from .turning import Power, bolster, channel


def _power(battle, who: str, args: dict, mode: str, action: str) -> Power:
    """The domain power ``mode`` against ``args["kind"]``: refused when no domain of the
    cleric grants it."""
    kind = args.get("kind")
    domain = domains.granting(battle.spec(who).domains, kind, mode) if isinstance(kind, str) else None
    if domain is None:
        raise refuse("NO_DOMAIN_POWER", kind=str(kind), action=action)
    return Power(action, rebuke=mode != "turn", kind=kind, domain=domain)


def do_turn_creatures(battle, who, args, declined) -> list:
    """Turn or destroy the creatures a domain turns (Fire: water creatures ...)."""
    return channel(battle, who, _power(battle, who, args, "turn", "turn_creatures"))


def do_rebuke_creatures(battle, who, args, declined) -> list:
    """Rebuke or command the creatures a domain rebukes (Fire: fire creatures; Plant: plants)."""
    return channel(battle, who, _power(battle, who, args, "rebuke", "rebuke_creatures"))


def do_bolster_creatures(battle, who, args, declined) -> list:
    """Bolster the creatures a domain rebukes against turning (the four elements; the Plant
    domain rebukes or commands only)."""
    return bolster(battle, who, _power(battle, who, args, "bolster", "bolster_creatures"))

