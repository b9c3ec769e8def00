"""Other actions of the combat table: total defense, standing up, dropping prone, drawing,
sheathing, dropping and picking up weapons, loading a crossbow or sling, readying or
loosing a shield (French text "les actions en combat"; digest §4.2)."""
from __future__ import annotations

from ... import data
from ...rules.geometry import Square, space_squares
from ..attacks import take_opportunities, threatening_enemies
from ..components import (Conditions, Defense, Feats, Hands, Inventory, Loaded, Offense, Position, Quiver, Stats, Wielded,
                          Worn)
from ..damage import status_of
from ..durations import until_next_turn
from ..events import ActionTaken, ConditionStarted, ItemDropped, Spoke, ItemPickedUp, ItemRetrieved, WeaponDrawn, WeaponLoaded
from .common import ABLE, refuse, settled, spend, square_arg, turn_state
from .gates import LOADING, cannot_speak



def _provoke(battle, who, declined) -> tuple[list, bool]:
    return take_opportunities(battle, who, threatening_enemies(battle, who), declined)


def do_retrieve(battle, who, args, declined) -> list:
    """Move action: take a stored item out (a flask, a potion, a scroll), which provokes;
    a wand is drawn like a weapon and does not (French text, "dégainer"; digest §4.2).
    The item needs a hand: not with a two-handed weapon or a weapon in each hand, nor
    while another item is held (``stow`` it first)."""
    item = args.get("item")
    inv = battle.comp(who, Inventory)
    if not isinstance(item, str) or item not in inv.items:
        raise refuse("NOT_CARRIED", weapon=item)
    if item in data.weapons():
        raise refuse("DRAW_WEAPONS", weapon=item)
    hands = battle.comp(who, Hands)
    if hands.holding == item:
        raise refuse("ALREADY_HOLDING", item=item)
    if hands.holding is not None:
        raise refuse("HAND_FULL", weapon=hands.holding)
    held = battle.board().body(who).weapon
    if held.use == "two_handed" or hands.off_hand is not None:
        raise refuse("HAND_FULL", weapon=held.id)
    events = spend(battle, who, "move", "retrieve")
    magic = data.magic_items().get(item)
    if not (magic and magic["kind"] == "wand"):
        ev, fell = _provoke(battle, who, declined)
        events += ev
        if fell:
            return events
    hands.holding = item
    battle.changed()
    return events + [ItemRetrieved(who=who, item=item)]


def do_stow(battle, who, args, declined) -> list:
    """Move action: put the held item back (it provokes, like retrieving)."""
    hands = battle.comp(who, Hands)
    if hands.holding is None:
        raise refuse("NOTHING_HELD")
    events = spend(battle, who, "move", "stow")
    ev, _fell = _provoke(battle, who, declined)
    hands.holding = None
    battle.changed()
    return events + ev


def held_item(battle, who: str, item: str) -> None:
    """An item is used from the hand: refuse when it is still in the pack."""
    if battle.comp(who, Hands).holding != item:
        raise refuse("RETRIEVE_FIRST", item=item)


def used_up(battle, who: str, item: str) -> None:
    """The held item is gone (thrown, drunk, read, its last charge spent)."""
    hands = battle.comp(who, Hands)
    if hands.holding == item:
        hands.holding = None
        battle.changed()


def _gauntlet(battle, who: str, lock: bool, declined) -> list:
    """Lock or unlock the weapon in a locked gauntlet: a full-round action that provokes
    (digest §4.2 table). Locked, the weapon gets +10 against disarm (``maneuvers``) and
    the hand holds nothing else."""
    values = battle.comp(who, Stats).values
    if "locked_gauntlet" not in values:
        raise refuse("NO_LOCKED_GAUNTLET")
    if bool(values["locked_gauntlet"]) == lock:
        raise refuse("GAUNTLET_ALREADY_LOCKED" if lock else "GAUNTLET_ALREADY_UNLOCKED")
    if lock and battle.comp(who, Wielded).weapon_id == "unarmed":
        raise refuse("HAND_EMPTY")
    events = spend(battle, who, "full_round", "lock_gauntlet" if lock else "unlock_gauntlet")
    ev, fell = _provoke(battle, who, declined)
    events += ev
    if not fell:
        values["locked_gauntlet"] = 1 if lock else 0
        battle.changed()
    return events


def do_lock_gauntlet(battle, who, args, declined) -> list:
    return _gauntlet(battle, who, True, declined)


def do_unlock_gauntlet(battle, who, args, declined) -> list:
    return _gauntlet(battle, who, False, declined)


def do_total_defense(battle, who, args, declined) -> list:
    """Standard action: +4 dodge AC until its next turn, no attacks of opportunity."""
    events = spend(battle, who, "standard", "total_defense")
    settled(battle)
    return events + until_next_turn(battle, who, "total_defense")


def do_stand_up(battle, who, args, declined) -> list:
    """Move action that provokes (digest §9.3)."""
    if "prone" not in battle.read(who, Conditions).ids:
        raise refuse("NOT_PRONE")
    events = spend(battle, who, "move", "stand_up")
    ev, _fell = _provoke(battle, who, declined)
    events += ev
    if status_of(battle, who) in ABLE:
        battle.comp(who, Conditions).ids.discard("prone")
        battle.changed()
    return events


def do_drop_prone(battle, who, args, declined) -> list:
    """Free action."""
    if "prone" in battle.read(who, Conditions).ids:
        raise refuse("ALREADY_PRONE")
    battle.comp(who, Conditions).ids.add("prone")
    battle.changed()
    return [ActionTaken(who=who, action="drop_prone", kind="free"), ConditionStarted(who=who, condition="prone")]


def _locked(battle, who) -> bool:
    return bool(battle.comp(who, Stats).values.get("locked_gauntlet"))


def drop_held(battle, who, at=None) -> list:
    """The weapon in hand falls in the creature's square, or on ``at`` (refused when
    locked in a gauntlet)."""
    held = battle.comp(who, Wielded)
    if held.weapon_id == "unarmed":
        return []
    if _locked(battle, who):
        raise refuse("WEAPON_LOCKED", weapon=held.weapon_id)
    at = tuple(at) if at is not None else battle.board().body(who).pos
    battle.shared.ground.setdefault(at, []).append(held.weapon_id)
    item = held.weapon_id
    held.weapon_id = "unarmed"
    battle.changed()
    return [ActionTaken(who=who, action="drop", kind="free"), ItemDropped(who=who, item=item, at=at)]


SPEECH_LIMIT = 200        # characters: a few words called out, not a speech


def do_speak(battle, who, args, declined) -> list:
    """A free action (French text, "actions libres": "appeler ses amis à l'aide"): a few
    words to the table, shown in the log; not when silenced, gagged or hushed by a pinner."""
    text = args.get("text")
    if not isinstance(text, str) or not text.strip():
        raise refuse("BAD_ARGUMENT", key="text")
    if len(text) > SPEECH_LIMIT:
        raise refuse("SPEECH_TOO_LONG", limit=SPEECH_LIMIT)
    if cannot_speak(battle, who):
        raise refuse("CANNOT_SPEAK")
    return [ActionTaken(who=who, action="speak", kind="free"), Spoke(who=who, text=text.strip())]


def do_drop(battle, who, args, declined) -> list:
    """Free action: let the weapon in hand fall "sur sa case ou sur une case adjacente"
    (French text, "lâcher un objet")."""
    if battle.read(who, Wielded).weapon_id == "unarmed":
        raise refuse("HAND_EMPTY")
    to = args.get("to")
    if to is not None:
        to = square_arg(to, "to")
        if to not in drop_squares(battle, who):
            raise refuse("NOT_ADJACENT", square=list(to))
    return drop_held(battle, who, to)


def drop_squares(battle, who: str) -> list[Square]:
    """Where a dropped item may fall: the creature's own square(s) and those next to its
    space that are on the map and not walls."""
    board = battle.board()
    body = board.body(who)
    terrain = board.terrain
    own = set(body.squares)
    near = {(x + dx, y + dy) for x, y in own for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    return [body.pos] + sorted((sq for sq in near - own if terrain.in_bounds(sq) and terrain.space_fits(sq, 1)),
                               key=lambda sq: (sq[1], sq[0]))


def do_draw(battle, who, args, declined) -> list:
    """Draw a carried weapon: a move action, or free during a move with BAB +1 or more
    (French text, footnote 4); free at any time with Quick Draw (SRD, Quick Draw: "draw a
    weapon as a free action instead of as a move action"). The hand must be free
    (``drop_held`` drops what it holds). With Two-Weapon Fighting a second light or
    one-handed weapon, ``off_hand``, comes out in the same time (French text, footnote 4:
    "S'il a le don Combat à deux armes, il peut dégainer deux armes légères ou tenues à une
    main en autant de temps qu'il lui en faudrait normalement pour en dégainer une seule")."""
    weapon = args.get("weapon")
    inv = battle.comp(who, Inventory)
    if weapon not in inv.items or weapon not in data.weapons():
        raise refuse("NOT_CARRIED", weapon=weapon)
    second = args.get("off_hand")
    if second is not None:
        _check_second_draw(battle, who, weapon, second, inv.items)
    events: list = []
    if battle.comp(who, Wielded).weapon_id != "unarmed":
        if not args.get("drop_held"):
            raise refuse("HAND_FULL", weapon=battle.comp(who, Wielded).weapon_id)
        events += drop_held(battle, who)
    if "quick_draw" in battle.read(who, Feats).ids:
        events.append(ActionTaken(who=who, action="draw", kind="free"))
    else:
        events += _free_with_move_or_spend(battle, who, "draw")
    inv.items.remove(weapon)
    battle.comp(who, Wielded).weapon_id = weapon
    battle.comp(who, Loaded).shots = 0 if weapon in LOADING else 1
    drawn = [WeaponDrawn(who=who, weapon=weapon)]
    if second is not None:
        inv.items.remove(second)
        battle.comp(who, Hands).off_hand = second
        drawn.append(WeaponDrawn(who=who, weapon=second))
    battle.changed()
    return events + drawn


def _check_second_draw(battle, who: str, weapon: str, second: str, carried: list[str]) -> None:
    """A second weapon for the other hand: Two-Weapon Fighting, both light or one-handed,
    both carried, and the other hand free (no shield ready, no weapon, no item)."""
    weapons = data.weapons()
    if "two_weapon_fighting" not in battle.read(who, Feats).ids:
        raise refuse("DRAW_TWO_NEEDS_TWO_WEAPON_FIGHTING")
    if second not in weapons or carried.count(second) < (2 if second == weapon else 1):
        raise refuse("NOT_CARRIED", weapon=second)
    for w in (weapon, second):
        if weapons[w].use not in ("light", "one_handed"):
            raise refuse("DRAW_TWO_LIGHT_OR_ONE_HANDED", weapon=w)
    hands = battle.read(who, Hands)
    if hands.off_hand is not None or hands.holding is not None:
        raise refuse("HAND_FULL", weapon=hands.off_hand or hands.holding)
    if hands.shield_ready and battle.read(who, Defense).shield_bonus > 0:
        raise refuse("SHIELD_IN_OTHER_HAND")


def _free_with_move_or_spend(battle, who: str, action: str) -> list:
    """Drawing a weapon or readying a shield goes with a move action's movement for free
    at base attack +1 (French text, footnote 4: "Si le personnage a un bonus de base à
    l'attaque de +1 ou plus, il peut combiner cette action avec un déplacement normal");
    otherwise it is a move action. Combined with the move, it may come after the
    movement (free then) or before it: it then takes the move action, whose movement
    is still to be made (``move_after_draw``, used by ``moving.move_common``) — so that
    with no move after it, it was a move action, as it is without the combination."""
    ts = turn_state(battle, who)
    if battle.comp(who, Offense).bab >= 1 and not ts.drew_free:
        if ts.move_action_moved:
            ts.drew_free = True
            return [ActionTaken(who=who, action=action, kind="free")]
        if ts.move and not ts.restricted and not ts.stepped:
            events = spend(battle, who, "move", action)
            ts.drew_free = ts.move_after_draw = True
            return events
    return spend(battle, who, "move", action)


def do_sheathe(battle, who, args, declined) -> list:
    """Move action that provokes: the weapon goes back to its sheath."""
    held = battle.comp(who, Wielded)
    if held.weapon_id == "unarmed":
        raise refuse("HAND_EMPTY")
    if _locked(battle, who):
        raise refuse("WEAPON_LOCKED", weapon=held.weapon_id)
    events = spend(battle, who, "move", "sheathe")
    ev, fell = _provoke(battle, who, declined)
    events += ev
    battle.comp(who, Inventory).items.append(held.weapon_id)
    held.weapon_id = "unarmed"
    battle.changed()
    return events


def do_pick_up(battle, who, args, declined) -> list:
    """Move action that provokes: a weapon lying in its space or next to it, taken in the
    weapon hand; another object (a snatched cloak) is held like a retrieved item."""
    item = args.get("item")
    body = battle.board().body(who)
    near = {(x + dx, y + dy) for x, y in body.squares for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    where = next((sq for sq in sorted(near) if item in battle.shared.ground.get(sq, [])), None)
    if where is None:
        raise refuse("NOTHING_TO_PICK_UP", item=item)
    hands = battle.read(who, Hands)
    if hands.shield_dropped and item == battle.spec(who).shield:
        return _pick_up_own_shield(battle, who, item, where, declined)
    if item not in data.weapons():
        return _pick_up_object(battle, who, item, where, declined)
    if battle.comp(who, Wielded).weapon_id != "unarmed":
        raise refuse("HAND_FULL", weapon=battle.comp(who, Wielded).weapon_id)
    events, lifted = _lift(battle, who, item, where, declined)
    if lifted:
        battle.comp(who, Wielded).weapon_id = item
        battle.comp(who, Loaded).shots = 0 if item in LOADING else 1
        battle.changed()
    return events


def _lift(battle, who: str, item: str, where, declined) -> tuple[list, bool]:
    """Picking an item up: a move action that provokes; a creature still able after the
    attacks of opportunity takes it off the ground. Returns (events, taken)."""
    events = spend(battle, who, "move", "pick_up")
    ev, _fell = _provoke(battle, who, declined)
    events += ev
    if status_of(battle, who) not in ABLE:
        return events, False
    ground = battle.shared.ground
    ground[where].remove(item)
    if not ground[where]:
        del ground[where]
    battle.changed()
    return events + [ItemPickedUp(who=who, item=item)], True


def _pick_up_own_shield(battle, who: str, item: str, where, declined) -> list:
    """Its own shield taken off the ground (a move action that provokes, as any pick-up):
    carried, not worn, until readied ("S'attacher un bouclier au bras pour qu'il confère un
    bonus à la CA [...] nécessite une action de mouvement"). The shield's hand must be free
    of an off-hand weapon."""
    hands = battle.comp(who, Hands)
    if hands.off_hand is not None:
        raise refuse("HAND_FULL", weapon=hands.off_hand)
    events, lifted = _lift(battle, who, item, where, declined)
    if lifted:
        hands.shield_dropped = False
        hands.shield_ready = False
        battle.changed()
    return events


def _pick_up_object(battle, who: str, item: str, where, declined) -> list:
    """Pick up an object that is not a weapon: it needs a free hand, as retrieving does."""
    hands = battle.comp(who, Hands)
    held = battle.board().body(who).weapon
    if hands.holding is not None:
        raise refuse("HAND_FULL", weapon=hands.holding)
    if held.use == "two_handed" or hands.off_hand is not None:
        raise refuse("HAND_FULL", weapon=held.id)
    events, lifted = _lift(battle, who, item, where, declined)
    if lifted:
        battle.comp(who, Inventory).items.append(item)
        hands.holding = item
        damaged = battle.shared.ground_damage.get(where, {})
        if item in damaged and item not in battle.shared.ground.get(where, []):
            battle.comp(who, Worn).object_hp[item] = damaged.pop(item)    # it stays damaged
            if not damaged:
                del battle.shared.ground_damage[where]
        battle.changed()
    return events


def do_load(battle, who, args, declined) -> list:
    """Load a crossbow or sling: a move action (hand and light crossbows, slings) or a
    full-round action (heavy crossbows, a repeating crossbow's new case); it provokes."""
    weapon = battle.comp(who, Wielded).weapon_id
    if weapon not in LOADING:
        raise refuse("NOTHING_TO_LOAD", weapon=weapon)
    loaded = battle.comp(who, Loaded)
    kind, shots = LOADING[weapon]
    if loaded.shots >= shots:
        raise refuse("ALREADY_LOADED", weapon=weapon)
    events = spend(battle, who, kind, "load")
    ev, fell = _provoke(battle, who, declined)
    events += ev
    if status_of(battle, who) in ABLE:
        quiver = battle.comp(who, Quiver)
        if quiver.left is not None:             # the bolts or bullets come out of the case or pouch
            taken = min(shots - loaded.shots, quiver.left)
            quiver.left -= taken
            shots = loaded.shots + taken
        loaded.shots = shots
        events.append(WeaponLoaded(who=who, weapon=weapon, shots=shots))
    return events


def do_ready_shield(battle, who, args, declined) -> list:
    """Move action, no attack of opportunity: the shield's bonus counts again."""
    hands = battle.comp(who, Hands)
    if hands.shield_ready or not _has_shield(battle, who):
        raise refuse("NO_SHIELD_TO_READY")
    events = _free_with_move_or_spend(battle, who, "ready_shield")
    hands.shield_ready = True
    battle.changed()
    return events


def do_loose_shield(battle, who, args, declined) -> list:
    """Move action, no attack of opportunity: the hand is free, the shield bonus lost
    (French text, "détacher [...] un bouclier pour avoir une main libre"). Ruling (README):
    the shield is still carried, not worn, loosely in that hand, which can hold things as a
    shield's hand does; ``drop_shield`` lets it fall, a free action."""
    hands = battle.comp(who, Hands)
    if not hands.shield_ready or not _has_shield(battle, who):
        raise refuse("NO_SHIELD_TO_READY")
    events = _free_with_move_or_spend(battle, who, "loose_shield")
    hands.shield_ready = False
    battle.changed()
    return events


def do_drop_shield(battle, who, args, declined) -> list:
    """Free action: "Lâcher un bouclier qu'on tient à la main (sans qu'il soit attaché) est
    une action libre" (French text, "préparer ou détacher un bouclier"; SRD: "Dropping a
    carried (but not worn) shield is a free action"). It falls in the creature's square or
    an adjacent one, as a dropped weapon does ("lâcher un objet"); picked up again it is
    carried, not worn, until readied."""
    hands = battle.comp(who, Hands)
    if not _has_shield(battle, who):
        raise refuse("NO_SHIELD_TO_READY")
    if hands.shield_ready:
        raise refuse("SHIELD_STRAPPED_ON")
    to = args.get("to")
    at = square_arg(to, "to") if to is not None else battle.board().body(who).pos
    if to is not None and at not in drop_squares(battle, who):
        raise refuse("NOT_ADJACENT", square=list(at))
    shield = battle.spec(who).shield
    battle.shared.ground.setdefault(at, []).append(shield)
    hands.shield_dropped = True
    battle.changed()
    return [ActionTaken(who=who, action="drop_shield", kind="free"), ItemDropped(who=who, item=shield, at=at)]


def _has_shield(battle, who) -> bool:
    return battle.comp(who, Defense).shield_bonus > 0 and not battle.comp(who, Hands).shield_dropped


__all__ = ["square_arg", "space_squares", "Position"]
