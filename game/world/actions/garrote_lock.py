"""The locking garrote (French text, "le garrot": "Sauf si vous utilisez un garrot à
verrouillage pour faire votre attaque, vous devez rentrer en contact au plus près de votre
adversaire pour maintenir votre étranglement"; "À moins que vous n'utilisiez un garrot à
verrouillage, vous et votre adversaire êtes considérés en situation de lutte tout le temps
que vous maintenez votre attaque au garrot"; "les garrots à verrouillage sont excellents
pour détourner notablement l'attention, puisque les amis et la victime arrêtent
généralement toute poursuite de l'agresseur pour délivrer leur compagnon du garrot").

Played as the text says: the attack is a garrote's (attack of opportunity, touch, grapple
check, the first damage with 1.5 × Strength), then the garrote locks round the throat: the
garroter lets go of it (its hands are empty), moves into no contact, and the two are in no
grapple. Where the text is silent, rulings (README, "Rulings", the locking garrote): the
locked garrote strangles its victim at the start of each of its turns for the garrote's
dice, with no Strength (nobody pulls on it); the victim cannot speak (no verbal spell); it
comes off only when cut, as the text's "couper le garrot" (AC 21, −4, a light slashing
blade; a wire's hardness 10 and 2 hit points): there is no grapple to escape from.
"""
from __future__ import annotations

from dataclasses import replace

from ...rules import attack as attack_rules
from ...rules.objects import damage_object
from ..components import Grapple, LockedGarrote, Wielded
from ..damage import apply_damage, status_of
from ..events import DamageDealt, ItemDamaged
from ..turns import AT_TURN_START
from .grapple_limits import GrappleChanged

# A locking garrote as an object to cut: a wire's (README, "Rulings": a wire garrote is a
# thin metal strand, hardness 10, 2 hit points).
LOCK_OBJECT = {"garrote_locking": (10, 2)}


def lock(battle, who: str, target: str) -> list:
    """The garrote in place shuts round ``target``'s throat: it leaves ``who``'s hands."""
    f = battle.fighter(who)
    dice = attack_rules.damage_dice(f.weapon.damage_s, f.weapon.damage_m, f.size)
    garrote = f.weapon.id
    battle.comp(target, Grapple).locked = LockedGarrote(garrote=garrote, by=who, damage=dice,
                                                        hp=LOCK_OBJECT[garrote][1])
    battle.comp(who, Wielded).weapon_id = "unarmed"
    battle.changed()
    return [GrappleChanged(who=who, other=target, change="garrote_locked")]


@AT_TURN_START.register(25)
def strangle(battle, cid: str) -> list:
    """The locked garrote tightens at the start of its victim's turn: its dice, no
    Strength (ruling, module docstring)."""
    locked = battle.read(cid, Grapple).locked
    if locked is None or status_of(battle, cid) == "dead":
        return []
    n, sides = attack_rules.parse_dice(locked.damage)
    faces = battle.dice.roll_dice(n, sides, f"locked garrote {cid}")
    amount = max(1, sum(faces))
    return [DamageDealt(attacker=locked.by, target=cid, dice=tuple(faces), bonus=0, amount=amount, nonlethal=False,
                        multiplier=1)] + apply_damage(battle, cid, amount, nonlethal=False)


def cut(battle, who: str, damage: int) -> list:
    """A blow that hit the locked garrote: damage past its hardness comes off its hit
    points; at 0 it is cut and falls off the throat."""
    g = battle.comp(who, Grapple)
    locked = g.locked
    assert locked is not None
    hardness, _hp = LOCK_OBJECT[locked.garrote]
    left, destroyed = damage_object(locked.hp, damage, hardness)
    events: list = [ItemDamaged(owner=who, item=locked.garrote, damage=damage, hardness=hardness, hp_left=left,
                                destroyed=destroyed)]
    g.locked = None if destroyed else replace(locked, hp=left)
    if destroyed:
        events.append(GrappleChanged(who=who, other=locked.by, change="garrote_cut"))
    battle.changed()
    return events

