"""In the saddle (French text, "combat monté"; digest §11.2): what being mounted does to a
rider and its mount whatever they do — the rider guiding its mount with its knees when its
hands are taken, mount and rider sharing a space, leaving the saddle (and where one lands),
falls when the mount can no longer carry its rider or the rider drops, the motion that
spoils a rider's spell, the higher ground and the ranged penalty of a mounted attacker.
The riding actions (mount, dismount, ride) are ``actions.mounted``."""
from __future__ import annotations

from dataclasses import dataclass

from ..rules.modifiers import ability_modifier
from .components import Abilities, Conditions, Feats, Hands, Position, Riding, Stats, TurnState
from .damage import ABLE, apply_damage, fall_caught, status_of
from .events import Event, SavingThrow
from .skill_aid import take_skill_aid
from .worn import armour_check_penalty

SOFT_FALL_DC, KNEES_DC = 15, 5


@dataclass(frozen=True)
class MountChanged(Event):
    rider: str
    mount: str
    change: str        # mounted, dismounted, fell, stayed


def ride_check(battle, who: str, dc: int, purpose: str, armour: bool = False) -> tuple[bool, list]:
    """A Ride check (Dex, ``ride`` ranks). ``armour``: the armour check penalty applies,
    as it does only to a fast mount or dismount (French text, "combat monté": "un test
    d'Équitation de DD 20 (un éventuel malus d'armure aux tests s'applique alors)"; SRD
    Ride, "Fast Mount or Dismount ... armor check penalty applies")."""
    bonus = battle.comp(who, Stats).values.get("ride", 0) + ability_modifier(battle.comp(who, Abilities).scores["dex"])
    if armour:
        bonus += armour_check_penalty(battle, who)
    bonus += take_skill_aid(battle, who, "ride")          # aid another on this check (``skill_aid``)
    d20 = battle.dice.roll(20, f"ride {purpose} {who}")
    ok = d20 + bonus >= dc
    return ok, [SavingThrow(who=who, kind=f"ride_{purpose}", d20=d20, bonus=bonus, dc=dc, success=ok)]


def needs_both_hands(battle, who: str, weapon=None) -> bool:
    """A two-handed or double weapon (a lance is one-handed in the saddle), or a weapon in
    each hand."""
    w = weapon or battle.board().body(who).weapon
    return (w.use == "two_handed" and w.id != "lance") or w.double or battle.comp(who, Hands).off_hand is not None


def guide_with_knees(battle, who: str) -> list:
    """At the start of its turn a rider who needs both hands guides its mount with its knees
    (Ride DC 5; French text, "combat monté"); on a failure it has one hand this round."""
    ts = battle.comp(who, TurnState)
    if not needs_both_hands(battle, who):
        return []
    ts.knees, events = ride_check(battle, who, KNEES_DC, "knees")
    return events


def mount_of(battle, rider: str) -> str | None:
    return battle.read(rider, Riding).mount


def sync_rider(battle, mount: str) -> None:
    rider = battle.comp(mount, Riding).rider
    if rider:
        mp, rp = battle.comp(mount, Position), battle.comp(rider, Position)
        rp.x, rp.y = mp.x, mp.y
        battle.changed()


def landings(battle, rider: str, mount: str) -> list:
    """The free squares next to the mount where a rider leaving the saddle may land, by
    row then column."""
    board = battle.board()
    steed = board.body(mount)
    around = [(x + dx, y + dy) for x, y in steed.squares for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    return [p for p in sorted(set(around) - set(steed.squares), key=lambda p: (p[1], p[0]))
            if board.terrain.space_fits(p, 1) and not [o for o in board.occupants.get(p, ()) if o.id != rider]]


def leave_saddle(battle, rider: str, mount: str, to=None, change: str = "dismounted") -> list:
    """Out of the saddle, onto ``to`` (a landing the caller has checked) or the first free
    one (the mount's own square when there is none)."""
    free = landings(battle, rider, mount)
    dest = tuple(to) if to is not None else (free[0] if free else battle.board().body(mount).pos)
    battle.comp(rider, Riding).mount = None
    battle.comp(mount, Riding).rider = None
    battle.comp(mount, Riding).lost_rider = True       # nobody directs it now (``actions.mounted``)
    pos = battle.comp(rider, Position)
    pos.x, pos.y = dest
    battle.changed()
    return [MountChanged(rider=rider, mount=mount, change=change)]


def mounted_falls(battle) -> list:
    """After any action: a mount that can no longer carry its rider throws it (Ride DC 15
    or 1d6); an unconscious rider stays in the saddle on 50% (75% military saddle), rolled
    once on a d100 (French text, "combat monté": "Si le personnage perd connaissance, il a
    50% de chances de rester en selle (75 % s'il utilise une selle de guerre). Dans le cas
    contraire, il tombe et subit 1d6 points de dégâts"). A rider about to take that 1d6
    may be caught by a Feather Fall (``damage.fall_caught``): no damage, and a conscious
    rider lands on its feet."""
    events: list = []
    for cid, seat in battle.each(Riding):
        if not seat.mount:
            continue
        riding = battle.comp(cid, Riding)
        mount = riding.mount
        mount_down = status_of(battle, mount) not in ABLE or "prone" in battle.read(mount, Conditions).ids
        rider_down = status_of(battle, cid) not in ABLE
        if mount_down:
            ok, ev = ride_check(battle, cid, SOFT_FALL_DC, "soft_fall")
            caught_ev, caught = ([], False) if ok else fall_caught(battle, cid)     # a soft fall needs no spell
            events += ev + caught_ev + leave_saddle(battle, cid, mount, None, "fell")
            if not ok and not caught:
                events += apply_damage(battle, cid, battle.dice.roll(6, f"fall {cid}"), nonlethal=False)
            if not caught:
                battle.comp(cid, Conditions).ids.add("prone")
        elif rider_down and not riding.stayed_unconscious:
            chance = 75 if riding.military_saddle else 50
            d100 = battle.dice.roll(100, f"stay in the saddle {cid}")
            if d100 <= chance:
                events.append(MountChanged(rider=cid, mount=mount, change="stayed"))
                riding.stayed_unconscious = True
            else:
                caught_ev, caught = fall_caught(battle, cid)
                events += caught_ev + leave_saddle(battle, cid, mount, None, "fell")
                if not caught:
                    events += apply_damage(battle, cid, battle.dice.roll(6, f"fall {cid}"), nonlethal=False)
                battle.comp(cid, Conditions).ids.add("prone")     # unconscious: it lies where it lands
        elif not rider_down and riding.stayed_unconscious:
            riding.stayed_unconscious = False      # conscious again: its next faint rolls anew
    battle.changed()
    return events


def rider_motion(battle, who: str, ride_on: bool = False) -> str | None:
    """Casting in the saddle (French text, "Lancer des sorts en selle"): "Le personnage
    lance ses sorts normalement si sa monture se déplace au maximum d'une distance
    correspondant à sa vitesse de déplacement, soit avant, soit après l'incantation" — no
    check; "s'il la fait avancer avant l'incantation, puis après, il doit réussir un test de
    Concentration (DD 10 + niveau du sort)" — vigorous motion, when the rider says the mount
    rides on after the spell (``ride_on``) having moved before it; "Si le cheval court [...]
    (DD 15 + niveau du sort)" — violent motion. Our ruling: a mount that moved more than its
    speed before the casting is moving while it is cast (vigorous motion), since only a
    move within its speed lets the rider cast "normalement"."""
    mount = battle.comp(who, Riding).mount
    if not mount:
        return None
    ts = battle.comp(who, TurnState)
    if ts.mount_mode == "run":
        return "violent_motion"
    if ts.mount_moved > battle.board().body(mount).speed_squares or (ride_on and ts.mount_moved > 0):
        return "vigorous_motion"
    return None


def note_casting_in_saddle(battle, who: str, motion: str | None) -> None:
    """A spell cast without a motion check after the mount moved: the mount may not move
    again this turn, which would make the casting one "avant l'incantation, puis après"
    (French text, "Lancer des sorts en selle") after its check was passed over. To move it
    both before and after, the rider casts with ``ride_on`` and makes the check."""
    if motion is None and battle.read(who, Riding).mount and battle.read(who, TurnState).mount_moved > 0:
        battle.comp(who, TurnState).cast_after_riding = True


def rider_attack_penalties(battle, attacker: str, target: str, ranged: bool) -> tuple[int, int]:
    """(higher ground bonus, ranged penalty) for a mounted attacker: -4 shooting while
    the mount double-moves, -8 while it runs, halved with Mounted Archery (French text,
    "combat monté"; digest, mounted combat)."""
    if not battle.read(attacker, Riding).mount:
        return 0, 0
    if ranged:
        mode = battle.comp(attacker, TurnState).mount_mode
        penalty = -8 if mode == "run" else -4 if mode == "double" else 0
        return 0, penalty // 2 if "mounted_archery" in battle.read(attacker, Feats).ids else penalty
    foe = battle.board().body(target)
    on_foot = not battle.comp(target, Riding).mount
    return (1 if on_foot and foe.size.order <= 4 else 0), 0


