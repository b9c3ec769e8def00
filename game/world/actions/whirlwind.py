"""Whirlwind Attack, the French text's own example of a feat that gives an action ("Certains
dons, tels qu'Attaque en rotation, permettent d'exécuter des actions spécifiques au
combat"); its rule is the SRD's: with the full attack action, the creature gives up its
regular attacks and makes one melee attack at its full base attack bonus against each
opponent within reach, and forfeits any bonus or extra attacks other feats, spells or
abilities give (Cleave, haste's extra attack).
"""
from __future__ import annotations

from .. import specials
from ..attacks import check_attack, fallen, is_ranged_attack
from ..components import Feats
from ..damage import status_of
from ..durations import until_next_turn
from .attacking import one_attack
from .common import refuse, spend, turn_state
from .stances import stance_refusal, take_stances

FEAT = "whirlwind_attack"


def whirlwind_targets(battle, who: str) -> list[str]:
    """Every opponent its melee attack reaches now, nearest first (then by id)."""
    board = battle.board()
    me = board.body(who)
    if me.weapon.is_ranged:
        return []
    foes = [b for b in board.bodies if b.id != who and b.is_enemy_of(me) and "dead" not in b.conditions]
    reached = [b.id for b in foes if check_attack(battle, who, b.id) is None and not is_ranged_attack(battle, who, b.id)]
    gap = {b.id: min(max(abs(a[0] - c[0]), abs(a[1] - c[1])) for a in me.squares for c in b.squares) for b in foes}
    return sorted(reached, key=lambda c: (gap[c], c))


def do_whirlwind_attack(battle, who, args, declined) -> list:
    """Full-round: one attack at the full base attack bonus on each opponent in reach, in
    turn (one that drops is not struck again; the attacker falling ends it); fighting
    defensively, Power Attack and Combat Expertise go with it as with a full attack."""
    if FEAT not in battle.read(who, Feats).ids:
        raise refuse("NO_WHIRLWIND_ATTACK_FEAT")
    if battle.board().body(who).weapon.is_ranged:
        raise refuse("MELEE_ONLY_FEAT")
    if turn_state(battle, who).mount_moved > 1:
        raise refuse("MOUNT_MOVED_ONE_ATTACK")      # a full attack from a moving mount: one attack only
    targets = whirlwind_targets(battle, who)
    if not targets:
        raise refuse("NO_FOE_IN_REACH")
    refusal = stance_refusal(battle, who, args, melee=True)
    if refusal is not None:
        raise refuse(refusal.code, **refusal.params)
    events = spend(battle, who, "full_round", "whirlwind_attack")
    defensively = bool(args.get("defensively"))
    if defensively:
        events += until_next_turn(battle, who, "fighting_defensively")
    take_stances(battle, who, args)
    for target in targets:
        if fallen(battle, who):
            break
        if status_of(battle, target) == "dead" or check_attack(battle, who, target) is not None:
            continue
        events += one_attack(battle, who, target, declined, defensively=defensively,
                             slot=specials.single_attack_slot(battle, who))
    return events
