"""The tactical player's domain turning (issue 12, item 2: "turns undead", and what a
cleric's domain turns like undead): a cleric of Fire facing water creatures turns them,
facing fire creatures rebukes them; of Plant, rebukes plants (French text, "renvoi et
intimidation des morts-vivants": "un prêtre ayant choisi le domaine du Feu peut repousser
ou détruire les créatures de l'Eau ... et intimider ou contrôler les créatures du Feu ...
Le test de renvoi est alors joué normalement."; digest §10.3; ``rules.domains``).

Only what the engine offers is tried: the ``turn_creatures`` / ``rebuke_creatures``
options and the kinds their domains pass (none when the day's uses are spent). A power is
weighed as ``magic.turning`` weighs turning undead: each foe of the kind within 60 ft in
line of effect that the turning check's table may reach (the rules' table over the d20,
read off the sheets), closest first within the turning damage's mean; never when a
friend of the kind stands in reach (the power takes every creature of its kind).
"""
from __future__ import annotations

from ..rules import turning as turning_rules
from ..rules.geometry import distance
from ..rules.modifiers import ability_modifier
from ..rules.sight import has_line_of_sight
from ..world import commands as C
from ..world.actions.turning import is_of_kind
from ..world.components import Abilities, Conditions, Stats, TurnUses
from .candidates import Candidate, Turn
from .magic import TURN_VALUE

POWERS = (("turn_creatures", C.TurnCreatures, "WHY_TURN_CREATURES"),
          ("rebuke_creatures", C.RebukeCreatures, "WHY_REBUKE_CREATURES"))
# The turning damage's mean beyond the level and Charisma: 2d6 (French text: "2d6 + niveau + modificateur de Cha").
DAMAGE_DICE_MEAN = 7


def domain_turning(t: Turn) -> list[Candidate]:
    """Each offered domain power on each kind it passes, where foes of that kind stand."""
    if not t.battle.spec(t.who).domains or not t.battle.actions_left().get("standard"):
        return []                     # the usual case: no domain, the options are not asked
    out = []
    for action, make, why in POWERS:
        if not t.offered(action):
            continue
        for kind in t.opts[action].domain.get("kinds", []):
            found = _weigh(t, make(t.who, kind=kind), kind, why)
            if found is not None:
                out.append(found)
    return out


def _in_reach(t: Turn, cid: str) -> bool:
    """Within 60 ft (18 m) with line of effect, as the turning reaches (``actions.turning``)."""
    board = t.s.board
    me, them = t.s.me, board.body(cid)
    gap = min(distance(a, b) for a in me.squares for b in them.squares)
    return gap <= turning_rules.RANGE_SQUARES and has_line_of_sight(board, me, them)


def _weigh(t: Turn, command, kind: str, why: str) -> Candidate | None:
    """Worth ``TURN_VALUE`` for each foe the check's table may reach, times that chance,
    twice for one destroyed (turned at twice its Hit Dice) or commanded (rebuked so); the
    danger of its square less the blows of those likely to flee or cower. None when no
    foe is reachable, or a friend of the kind would be caught."""
    battle, who = t.battle, t.who
    reached = [b.id for b in t.s.board.bodies if b.id != who and is_of_kind(battle, b.id, kind)
               and "dead" not in b.conditions and _in_reach(t, b.id)]
    if any(c in t.s.friends for c in reached):
        return None
    foes = [f for f in sorted(reached, key=lambda f: (t.s.gap(who, f), f)) if f in t.s.foes and not _affected(t, f)]
    if not foes:
        return None
    level = t.s.stats.get("cleric_level", 0)
    cha = ability_modifier(battle.read(who, Abilities).scores.get("cha", 10))
    total = DAMAGE_DICE_MEAN + level + cha              # the Hit Dice the turning damage covers, on average
    worth, count, spared = 0.0, 0, {}
    for foe in foes:
        theirs = battle.read(foe, Stats).values
        hd = max(theirs.get("hd", 1), theirs.get("bolstered_hd", 0)) + theirs.get("turn_resistance", 0)
        if hd > total:
            continue
        total -= hd
        chance = sum(turning_rules.max_hit_dice(d20 + cha, level) >= hd for d20 in range(1, 21)) / 20
        if chance:
            count += 1
            spared[foe] = chance
            worth += TURN_VALUE * chance * (2.0 if turning_rules.destroys(level, theirs.get("hd", 1)) else 1.0)
    if worth < 1.0:
        return None
    # the danger of staying where it stands, but for the blows of those likely to flee or cower
    score = worth + 1.0 - t.danger(t.s.me.pos, spared)
    return Candidate(score, command, why, {"creature_kind": kind, "count": count})


def _affected(t: Turn, foe: str) -> bool:
    """Already turned or cowering, or once affected by this cleric (the engine passes over
    those: "a second use" affects them no more)."""
    return t.battle.read(foe, TurnUses).turned_by == t.who or bool(
        {"turned", "cowering"} & t.battle.read(foe, Conditions).ids)
