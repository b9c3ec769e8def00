"""Fire sets a Web spell's strands alight (SRD Web: "The strands of a web spell are
flammable. [...] Any fire — a torch, burning oil, a flaming sword, and so forth — can set
the webs alight and burn away one 5-foot square in 1 round. All creatures within flaming
webs take 2d4 points of fire damage from the flames"; data-digest §5, ``web``).

Played (README, "Rulings", Web):
- What sets the strands alight is fire that reaches their squares: a fire spell's area
  (burning hands' cone, a fireball's spread), a flaming sphere's square each time it
  burns, the space of a creature a scorching ray strikes, the squares a flask of
  alchemist's fire reaches where it lands (``rules.splash.splashed_squares``), and the
  space of a creature burning with it as it burns again (``turns.BURNED``).
- Each web square the fire reaches burns away at once: "one 5-foot square in 1 round" is
  read as the fire's own squares burning in the round it is set, not as a fire that
  spreads to the rest of the strands. Its squares are floor again (no longer hard going).
- One 2d4 of fire, rolled once as a spell's area damage is, for every creature whose space
  is in a burning square (no save: the SRD gives none); out of every web's squares a
  creature is free of the strands (``out_of_the_web``).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..components import Conditions, Effects, Webs
from ..damage import apply_damage
from ..events import ConditionEnded, DamageDealt, Event
from ..turns import BURNED
from .gates import in_spell_web
from .spell_basics import creatures_in

FLAMES = (2, 4)          # the flaming strands' fire damage: 2d4


@dataclass(frozen=True)
class WebBurned(Event):
    """Fire burned a Web spell's strands away from ``squares``: ``amount`` (the 2d4's
    ``dice``) of fire to each of ``caught``."""
    by: str                       # who set them alight: a caster, a thrower, a burning creature
    squares: tuple
    caught: tuple
    dice: tuple
    amount: int


def burn_webs(battle, squares, by: str) -> list:
    """The Web spells' strands in ``squares`` burn away; the creatures in them take the
    flames' 2d4 fire and whoever is out of every web after is free of it."""
    overlays = battle.shared_read.overlays
    terrain = battle.terrain
    # the strands where there is ground for them: a spread's squares beyond the map's edge
    # or inside a wall are in the spell's area, not strands that burn
    reached = {sq for sq in squares if terrain.in_bounds(sq) and not terrain.kind(sq).blocks_move}
    burning = sorted({sq for o in overlays.values() if o.kind == "web" for sq in o.squares if sq in reached})
    if not burning:
        return []
    caught = creatures_in(battle, set(burning))
    # the flames' 2d4 rolled only for someone in them (an empty web burns with no die)
    faces = tuple(battle.dice.roll_dice(*FLAMES, f"burning web {by}")) if caught else ()
    amount = sum(faces)
    gone = set(burning)
    shared = battle.shared.overlays
    for key, overlay in list(shared.items()):
        if overlay.kind != "web":
            continue
        left = tuple(sq for sq in overlay.squares if sq not in gone)
        if left:
            shared[key] = replace(overlay, squares=left)
        else:
            del shared[key]              # every strand burned: the spell's web is gone
    battle.changed()
    events: list = [WebBurned(by=by, squares=tuple(burning), caught=tuple(caught), dice=faces, amount=amount)]
    for cid in caught:
        events.append(DamageDealt(attacker="burning_web", target=cid, dice=faces, bonus=0, amount=amount,
                                  nonlethal=False, multiplier=1))
        events += apply_damage(battle, cid, amount, nonlethal=False, energy="fire")
    for cid in caught:
        if battle.has(cid):
            events += out_of_the_web(battle, cid)
    return events


def burns_space(battle, cid: str, by: str) -> list:
    """Fire on a creature (a scorching ray that strikes it, alchemist's fire burning on
    it) sets alight the strands its space stands in."""
    if not battle.shared_read.overlays or not battle.has(cid):
        return []
    return burn_webs(battle, battle.board().body(cid).squares, by)


@BURNED.register(10)
def _burning_creature(battle, cid: str) -> list:
    return burns_space(battle, cid, cid)


def out_of_the_web(battle, who: str) -> list:
    """Out of every Web spell's strands, it is no longer entangled (nor glued) by them;
    a tanglefoot bag's goo (a timed condition) and a spider's web still hold it."""
    if in_spell_web(battle, who):
        return []
    timed = {e.condition for e in battle.read(who, Effects).timed}
    events: list = []
    conds = battle.comp(who, Conditions).ids
    for cond in ("entangled", "glued"):
        if cond in conds and cond not in timed and not battle.read(who, Webs).caught:
            conds.discard(cond)
            events.append(ConditionEnded(who=who, condition=cond))
    if events:
        battle.changed()
    return events


__all__ = ["WebBurned", "burn_webs", "burns_space", "out_of_the_web"]
