"""What a pin and a garrote change (French text, "Lutte" and "Garrot"): how long a pin
lasts, what the pinner may no longer do, what the garroted creature may not do, the
squares an escaper may end on and its stepping out there. The grapple options
(``grapple``), the casting (``casting``) and the asking faces (the escaper's question)
call it; it knows only the components, the board and the turn hooks."""
from __future__ import annotations

from dataclasses import dataclass

from ...rules.geometry import Square, distance, space_squares, spaces_adjacent
from ...rules.reasons import Refusal
from ..components import Conditions, Grapple, Position
from ..events import Event, Moved
from ..turns import AT_TURN_START, TURN_PASSED


@dataclass(frozen=True)
class GrappleChanged(Event):
    who: str
    other: str
    change: str           # grabbed, joined, held, pinned, unpinned, pin_ended, escaped, released, freed, garrote_locked ...


# "Il est impossible de dégainer ou d'utiliser une arme (contre quiconque), de libérer un
# allié immobilisé, de récupérer une composante matérielle, d'immobiliser un autre ennemi
# ou d'échapper à un autre adversaire tant qu'on immobilise une créature." What stays open
# is what the text lists: "infliger des dégâts, retourner son arme contre lui et se
# déplacer", disarming the pinned foe, releasing it. Striking with a weapon in hand is
# judged with the other attacks in a grapple (``rules.grapple.attack_in_grapple_refusal``,
# which lets an unarmed strike or a natural weapon strike); a garrote is a weapon.
PINNER_BARRED = {"grapple_draw": "PINNING_NO_DRAW", "garrote": "PINNING_NO_WEAPON",
                 "free_ally": "PINNING_NO_FREEING", "retrieve_component": "PINNING_NO_COMPONENT"}
# Against the pinned foe only: a new pin check on it renews the pin; "retourner son arme
# contre lui" is its weapon, not another grappler's.
ONLY_THE_PINNED = {"pin": "PINNING_NO_OTHER_PIN", "use_opponent_weapon": "PINNING_ONLY_THE_PINNED"}


def pinner_refusal(battle, who: str, action: str, target: str | None = None) -> Refusal | None:
    """What the French text forbids a creature holding a pin ("tant qu'on immobilise une
    créature"), or None."""
    g = battle.read(who, Grapple)
    pinned = g.pinning
    if pinned is None:
        return None
    if action in PINNER_BARRED:
        return Refusal(PINNER_BARRED[action], {"pinned": pinned, "weapon": battle.board().body(who).weapon.id})
    if action in ONLY_THE_PINNED and target is not None and target != pinned:
        return Refusal(ONLY_THE_PINNED[action], {"pinned": pinned, "target": target})
    if action == "escape" and g.holding - {pinned}:
        return Refusal("PINNING_NO_ESCAPE", {"pinned": pinned})    # "échapper à un autre adversaire"
    return None


def end_pin(battle, pinner: str) -> list:
    """The pinner's pin ends; both stay grappled."""
    pinned = battle.read(pinner, Grapple).pinning
    if pinned is None:
        return []
    battle.comp(pinner, Grapple).pinning = None
    if battle.has(pinned) and battle.read(pinned, Grapple).pinned_by == pinner:
        battle.comp(pinned, Grapple).pinned_by = None
        battle.comp(pinned, Conditions).ids.discard("pinned")
    battle.changed()
    return [GrappleChanged(who=pinned, other=pinner, change="pin_ended")]


@AT_TURN_START.register(20)
def pin_runs_out(battle, cid: str) -> list:
    """"Le personnage peut immobiliser son adversaire pendant 1 round en remportant un test
    opposé de lutte": a pin made on the pinner's turn ends just before its next one
    (decisions §6, durations in rounds); the pinner renews it with a new pin check, which
    may fail. Meanwhile the pinned creature may try to escape on its own turn."""
    return end_pin(battle, cid)


@TURN_PASSED.register(20)
def pin_runs_out_unplayed(battle, cid: str) -> list:
    """The round is over for a pinner whose turn passes without it acting (dying, stunned)."""
    return end_pin(battle, cid)


def garroter_of(battle, who: str) -> str | None:
    """The creature whose garrote is round ``who``'s throat (French text, "le garrot")."""
    return next((c for c in sorted(battle.read(who, Grapple).holding)
                 if battle.read(c, Grapple).garroting == who), None)


def garroted_refusal(battle, who: str, action: str, args: dict) -> Refusal | None:
    """"Vous ne pouvez pas utiliser l'action de désarmement contre un adversaire avec un
    garrot enroulé autour de votre cou": no disarm (nor snatch) against the garroter."""
    garroter = garroter_of(battle, who)
    if garroter is None:
        return None
    in_plan = action == "full_attack" and any(isinstance(step, dict) and step.get("disarm") == garroter
                                              for step in args.get("targets") or [])
    if in_plan or (action == "disarm" and args.get("target") == garroter):
        return Refusal("GARROTED_NO_DISARM", {"target": garroter})
    return None


def escape_squares(battle, who: str) -> list[Square]:
    """Where an escape may end: "il achève son action en se déplaçant sur n'importe quelle
    case adjacente à son adversaire" — every position whose space touches one of its
    grapplers' spaces without overlapping it, fits the terrain and holds nobody else.
    None out of a pin: the escaper "reste agrippé en situation de lutte"."""
    g = battle.read(who, Grapple)
    if not g.holding or g.pinned_by:
        return []
    board = battle.board()
    me = board.body(who)
    out: list[Square] = []
    for other in sorted(g.holding):
        foe = board.body(other)
        fx, fy = foe.pos
        for y in range(fy - me.span, fy + foe.span + 1):
            for x in range(fx - me.span, fx + foe.span + 1):
                pos = (x, y)
                if pos in out or not spaces_adjacent(pos, me.span, foe.pos, foe.span):
                    continue
                if board.terrain.space_fits(pos, me.span) and not any(
                        o.id != who for sq in space_squares(pos, me.span) for o in board.occupants.get(sq, ())):
                    out.append(pos)
    return sorted(out, key=lambda p: (p[1], p[0]))


def step_out(battle, who: str, to: Square | None = None) -> list:
    """An escaped creature moves to ``to``, its choice among the free squares next to its
    opponent; without one, sharing a space, to the first free square next to it."""
    board = battle.board()
    me = board.body(who)
    if to is not None:
        pos = battle.comp(who, Position)
        start = (pos.x, pos.y)
        pos.x, pos.y = to
        battle.changed()
        return [Moved(who=who, path=(start, tuple(to)), mode="escape", cost_m=1.5 * distance(start, tuple(to)))]
    others = [b for b in board.bodies if b.id != who and not b.is_helpless and set(b.squares) & set(me.squares)]
    if not others:
        return []
    x, y = me.pos
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (-1, -1), (1, -1)):
        nxt = (x + dx, y + dy)
        if board.terrain.space_fits(nxt, me.span) and not any(
                o for sq in space_squares(nxt, me.span) for o in board.occupants.get(sq, ()) if o.id != who):
            pos = battle.comp(who, Position)
            pos.x, pos.y = nxt
            battle.changed()
            return [Moved(who=who, path=((x, y), nxt), mode="escape", cost_m=1.5)]
    return []
