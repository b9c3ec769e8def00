"""What a monster's body does to a blow that hits it (data-digest §4d): a black pudding
splits under a slashing or piercing weapon instead of taking its damage, and a hill giant
catches a thrown rock. ``attacks`` asks these after a hit, before the damage."""
from __future__ import annotations

from dataclasses import replace

from ..rules import health, monsters as rules
from ..rules.attack import LOSES_DEX
from ..rules.geometry import Square, space_squares, spaces_adjacent
from .components import Conditions, HitPoints, Monster
from .damage import ABLE, status_of, sync_health
from .saving import roll_save
from .specials import SpecialUsed, specials

# A creature that cannot act, or is caught unaware, catches nothing ("Must be aware and ready").
_UNREADY = frozenset({"stunned", "dazed", "cowering", "paralyzed", "helpless", "unconscious", "asleep", "pinned"})


def catches_rock(battle, thrower: str, target: str, weapon) -> tuple[bool, list]:
    """Rock catching (data-digest §4d, hill giant: "Once per round, when it would be hit by
    a rock (or similar projectile), a free-action Reflex save catches it: DC 15 Small
    rock, 20 Medium, 25 Large (+ any magical attack bonus of the projectile). Must be
    aware and ready"). The only such projectiles in the game are the giants' rocks; the
    attempt, caught or not, is its one of the round; a flat-footed giant, or one that has
    lost its Dexterity bonus or cannot act, is not ready. (True when caught, events.)"""
    if weapon.id != "rock" or "rock_catching" not in specials(battle, target):
        return False, []
    if battle.read(target, Monster).rock_caught_round == battle.round or status_of(battle, target) not in ABLE:
        return False, []
    conditions = battle.read(target, Conditions).ids
    if conditions & (LOSES_DEX | _UNREADY):
        return False, []
    battle.comp(target, Monster).rock_caught_round = battle.round
    dc = rules.rock_catch_dc(rules.rock_size(battle.board().body(thrower).size))
    caught, events = roll_save(battle, target, "ref", dc, purpose=f"rock catching {target}", kind="rock_catching")
    if caught:
        events.append(SpecialUsed(who=target, special="rock_catching", target=thrower))
    return caught, events


def splits(battle, target: str, weapon_types: tuple[str, ...]) -> bool:
    """A black pudding hit by a slashing or piercing weapon (one with either type) splits
    instead of taking the damage, while it has more than 10 hp (data-digest §4d, "Split":
    "Slashing and piercing weapons deal no damage; instead it splits [...]. A pudding with
    10 hp or less cannot split and dies at 0 hp"). Ruling: a pudding that can no longer
    split takes the blow's damage, since the blow has nothing to do instead (else swords
    could never finish it, and "dies at 0 hp" would be idle)."""
    if "split" not in specials(battle, target) or not {"S", "P"} & set(weapon_types):
        return False
    return rules.split_hit_points(battle.read(target, HitPoints).current) is not None


def split(battle, cid: str) -> list:
    """The pudding splits: it keeps half its current hit points (round down) and an
    identical pudding with the other half appears in the first free space next to it
    (reading order), on its side, with the id ``<id>_2`` (``_3`` ... when taken), acting
    right after it in the initiative order. Not grappling what the first one holds. With
    no free space next to it, it does not split, and the blow still deals no damage."""
    hp = battle.comp(cid, HitPoints)
    half = rules.split_hit_points(hp.current)
    at = _free_space(battle, cid)
    if half is None or at is None:
        return [SpecialUsed(who=cid, special="split_no_room", target=cid)]
    new = _new_id(battle, cid)
    spec = battle.spec(cid)
    kept = battle.read(cid, Conditions).ids - health.HEALTH_CONDITIONS - {"grappling", "pinned"}
    count = battle.shared_read.counts.get(cid)
    battle.spawn(replace(spec, id=new, name=f"{battle.name(cid)} ({new.rsplit('_', 1)[-1]})", at=at,
                         stats={**spec.stats, "hp": hp.maximum}, conditions=tuple(sorted(kept)), surprised=False,
                         initiative=count[0] if count else spec.initiative, afraid_of=None))
    hp.current = half
    twin = battle.comp(new, HitPoints)
    twin.current, twin.maximum = half, hp.maximum
    order = battle.order
    order.insert(order.index(cid) + 1 if cid in order else len(order), new)
    if count is not None:
        battle.shared.counts[new] = count
    battle.changed()
    return [SpecialUsed(who=cid, special="split", target=new)] + sync_health(battle, cid) + sync_health(battle, new)


def _new_id(battle, cid: str) -> str:
    k = 2
    while battle.has(f"{cid}_{k}"):
        k += 1
    return f"{cid}_{k}"


def _free_space(battle, cid: str) -> Square | None:
    """The first space (reading order) touching the pudding's, within the map's floor and
    holding nobody."""
    board = battle.board()
    me = board.body(cid)
    (px, py), span = me.pos, me.span
    for y in range(py - span, py + span + 1):
        for x in range(px - span, px + span + 1):
            pos = (x, y)
            if not spaces_adjacent(pos, span, me.pos, span) or not board.terrain.space_fits(pos, span):
                continue
            if not any(board.occupants.get(sq) for sq in space_squares(pos, span)):
                return pos
    return None
