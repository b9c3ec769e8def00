"""Worn and carried objects (issue 4): worn items' bonuses, snatching a worn item with a
disarm (French text "désarmement", last paragraphs) and striking a carried or worn object
(French text "destruction d'arme"; data-digest §3), through ``act`` with scripted dice."""
import pytest
from combat_helpers import battle, creature, first, types

from game.content.errors import ContentError
from game.content.scenario import parse_scenario
from game.rules import attack as attack_rules
from game.world.components import Hands, Inventory, Wielded, Worn
from game.world.saving import save_bonus

OPEN = "\n".join("." * 10 for _ in range(6))
ALL = ["cloak_of_resistance_1", "amulet_of_natural_armor_1", "ring_of_protection_1"]


def pair(a=None, d=None, extra=()):
    a_kw = dict(weapon="longsword", initiative=20, str=10, bab=1, hp=30)
    d_kw = dict(weapon="longsword", initiative=10, str=10, hp=30, worn=ALL)
    a_kw.update(a or {})
    d_kw.update(d or {})
    return battle(OPEN, creature("a", "blue", (2, 2), **a_kw), creature("d", "red", (3, 2), **d_kw), *extra)


def ac(b, cid):
    return attack_rules.armor_class(b.fighter(cid), attack_rules.AttackSituation()).value


def checks(ev):
    return [e for e in ev if type(e).__name__ == "OpposedCheck"]


# --- bonuses -----------------------------------------------------------------------------

def test_worn_bonuses_apply_and_vanish_when_the_item_is_gone():
    bare, dressed = pair(d={"worn": []}), pair()
    # ring +1 deflection, amulet +1 natural armour, cloak +1 resistance on every save
    assert ac(dressed, "d") == ac(bare, "d") + 2
    assert all(save_bonus(dressed, "d", s) == save_bonus(bare, "d", s) + 1 for s in ("fort", "ref", "will"))
    assert dressed.state()["creatures"]["d"]["worn"] == ALL and "worn" not in bare.state()["creatures"]["d"]
    # the cloak torn off (AoO misses, 15+1+4 vs 5+0-4): the saves lose the +1
    ok, _, ev = dressed.act("a", "disarm", {"target": "d", "item": "cloak_of_resistance_1"}, dice=[2, 15, 5])
    assert ok and first(ev, "ItemSnatched").item == "cloak_of_resistance_1"
    assert save_bonus(dressed, "d", "will") == save_bonus(bare, "d", "will")
    assert dressed.comp("d", Worn).items == ["amulet_of_natural_armor_1", "ring_of_protection_1"]


def test_a_given_ac_gets_the_worn_bonus_on_top():
    b = pair(d={"ac": 15, "worn": ["ring_of_protection_1"]})
    assert ac(b, "d") == 16


# --- snatching -----------------------------------------------------------------------------

def test_a_loose_item_gives_the_attacker_plus_4_and_falls_when_not_snatched_unarmed():
    b = pair(a={"feats": ["improved_disarm"]})
    ok, _, ev = b.act("a", "disarm", {"target": "d", "item": "cloak_of_resistance_1"}, dice=[10, 10])
    check = first(ev, "OpposedCheck")
    assert (4, "untyped", "loose_item") in check.attacker_breakdown
    assert (-4, "untyped", "not_a_melee_weapon") in check.defender_breakdown
    assert check.kind == "snatch" and check.winner == "a"
    assert b.ground[(3, 2)] == ["cloak_of_resistance_1"] and not first(ev, "ItemSnatched").grabbed
    assert b.comp("a", Hands).holding is None                      # a longsword in hand: it fell
    c = pair(a={"feats": ["improved_disarm"]})                        # a necklace: no +4
    ok, _, ev = c.act("a", "disarm", {"target": "d", "item": "amulet_of_natural_armor_1"}, dice=[10, 10])
    assert not any(src == "loose_item" for _v, _k, src in first(ev, "OpposedCheck").attacker_breakdown)


def test_snatched_unarmed_the_item_is_in_hand_and_gives_the_snatcher_no_bonus():
    b = pair(a={"weapon": "unarmed", "feats": ["improved_disarm", "improved_unarmed_strike"]})
    before = save_bonus(b, "a", "will")
    ok, _, ev = b.act("a", "disarm", {"target": "d", "item": "cloak_of_resistance_1"}, dice=[15, 2])
    assert ok and first(ev, "ItemSnatched").grabbed and not b.ground
    assert b.comp("a", Hands).holding == "cloak_of_resistance_1"
    assert "cloak_of_resistance_1" in b.comp("a", Inventory).items
    assert save_bonus(b, "a", "will") == before and b.comp("a", Worn).items == []


def test_a_failed_snatch_gives_no_counter_disarm():
    b = pair(a={"feats": ["improved_disarm"]})
    ok, _, ev = b.act("a", "disarm", {"target": "d", "item": "amulet_of_natural_armor_1", "counter": True},
                      dice=[2, 19])
    assert ok and [c.kind for c in checks(ev)] == ["snatch"] and checks(ev)[0].winner == "d"
    assert "Disarmed" not in types(ev) and b.comp("a", Wielded).weapon_id == "longsword"
    assert "amulet_of_natural_armor_1" in b.comp("d", Worn).items


def test_an_attack_of_opportunity_that_hurts_stops_the_snatch():
    b = pair()
    ok, _, ev = b.act("a", "disarm", {"target": "d", "item": "cloak_of_resistance_1"}, dice=[15, 3])
    assert ok and first(ev, "ManeuverFailed").reason == "damaged_by_opportunity" and not checks(ev)
    assert "cloak_of_resistance_1" in b.comp("d", Worn).items


def test_a_secure_item_only_from_a_wearer_one_has_pinned_and_the_wearer_gets_plus_4():
    from test_grapple import two
    # base attack +6: a pin lasts 1 round (French text, "pendant 1 round"), so the pin and
    # the snatch it opens are two attacks of one full attack (the pin used to last)
    b = two(a={"feats": ["improved_disarm"], "bab": 6}, d={"worn": ["ring_of_protection_1"]})
    ok, refusal, _ = b.act("a", "disarm", {"target": "d", "item": "ring_of_protection_1"})
    assert not ok and refusal.code == "SNATCH_SECURE_NOT_PINNED"
    b.act("a", "grapple", {"target": "d"}, dice=[2, 15, 15, 5, 2])
    b.act("a", "end_turn")
    b.act("d", "end_turn")
    state, rolled = b.state(), len(b.dice.history)
    ok, refusal, _ = b.act("a", "disarm", {"target": "d", "item": "ring_of_protection_1"}, dice=[20, 1])
    assert not ok and refusal.code == "SNATCH_SECURE_NOT_PINNED"       # grappled is not pinned
    assert b.state() == state and len(b.dice.history) == rolled      # a refusal changes nothing
    ok, _, ev = b.act("a", "full_attack", {"targets": [{"pin": "d"}, {"disarm": "d", "item": "ring_of_protection_1"}]},
                      dice=[15, 3, 15, 5])
    assert ok and "pinned" in b.board().body("d").conditions
    check = [e for e in ev if type(e).__name__ == "OpposedCheck"][1]
    assert ok and (4, "untyped", "secure_item") in check.defender_breakdown
    assert b.comp("d", Worn).items == [] and first(ev, "ItemSnatched").item == "ring_of_protection_1"


def test_snatch_refusals_change_nothing():
    b = pair()
    state = b.state()
    for args, code in (({"item": "brooch"}, "NOT_WORN"), ({"item": "longsword"}, "NOT_WORN"),
                       ({"item": 3}, "BAD_ARGUMENT")):
        ok, refusal, _ = b.act("a", "disarm", {"target": "d", **args})
        assert not ok and refusal.code == code
    assert b.state() == state and b.comp("d", Worn).items == ALL


def test_a_fallen_worn_item_is_picked_up_into_the_free_hand():
    b = pair(a={"feats": ["improved_disarm"]})
    b.act("a", "disarm", {"target": "d", "item": "cloak_of_resistance_1"}, dice=[10, 10])
    b.act("a", "end_turn")
    b.act("d", "end_turn")
    ok, _, _ = b.act("a", "pick_up", {"item": "cloak_of_resistance_1"}, dice=[2])
    assert ok and b.comp("a", Hands).holding == "cloak_of_resistance_1" and not b.ground
    assert b.comp("a", Wielded).weapon_id == "longsword"


def test_a_snatch_in_place_of_an_attack_of_a_full_attack():
    b = pair(a={"bab": 6, "feats": ["improved_disarm"]})
    ok, _, ev = b.act("a", "full_attack", {"targets": [{"disarm": "d", "item": "cloak_of_resistance_1"}]},
                      dice=[10, 10])
    assert ok and first(ev, "ItemSnatched").item == "cloak_of_resistance_1"


# --- striking an object --------------------------------------------------------------------

def test_object_ac_is_10_plus_size_plus_the_carriers_dex():
    b = pair(a={"weapon": "greataxe", "feats": ["improved_sunder"]}, d={"dex": 14})
    ok, _, ev = b.act("a", "sunder", {"target": "d", "item": "ring_of_protection_1"}, dice=[1])
    roll = first(ev, "AttackRolled")
    # a ring is Fine (+8), the wearer's Dex +2: AC 20; Improved Sunder +4 on the roll
    assert ok and roll.ac == 20 and roll.kind == "object" and not roll.hit
    assert (8, "size", "object_size") in roll.ac_breakdown and (2, "ability", "carrier_dex") in roll.ac_breakdown
    assert (4, "untyped", "improved_sunder") in roll.bonus_breakdown
    c = pair(a={"weapon": "greataxe", "feats": ["improved_sunder"]}, d={"dex": 14, "conditions": ["helpless"]},
             extra=[creature("x", "red", (8, 5), initiative=5)])
    ok, _, ev = c.act("a", "sunder", {"target": "d", "item": "cloak_of_resistance_1"}, dice=[1])
    assert first(ev, "AttackRolled").ac == 10 + 1 - 5                  # a cloak is Small; helpless: Dex 0


def test_damage_less_hardness_and_destruction_takes_the_bonus_away():
    b = pair(a={"weapon": "greataxe", "str": 10, "feats": ["improved_sunder"]})
    before = ac(b, "d")
    # the ring: hardness 10, 2 hp; greataxe 1d12: 11 - 10 = 1 -> 1 hp left
    ok, _, ev = b.act("a", "sunder", {"target": "d", "item": "ring_of_protection_1"}, dice=[19, 11])
    hit = first(ev, "ItemDamaged")
    assert ok and (hit.damage, hit.hardness, hit.hp_left, hit.destroyed) == (11, 10, 1, False)
    assert ac(b, "d") == before and b.comp("d", Worn).object_hp["ring_of_protection_1"] == 1
    b.act("a", "end_turn")
    b.act("d", "end_turn")
    ok, _, ev = b.act("a", "sunder", {"target": "d", "item": "ring_of_protection_1"}, dice=[19, 12])
    assert first(ev, "ItemDamaged").destroyed and ac(b, "d") == before - 1
    assert "ring_of_protection_1" not in b.comp("d", Worn).items


def test_carried_potions_scrolls_and_wands_break():
    inv = ["potion_cure_light_wounds", "potion_cure_light_wounds", "wand_magic_missile", "acid_flask"]
    b = pair(a={"weapon": "greataxe", "feats": ["improved_sunder"]},
             d={"worn": [], "inventory": inv, "holding": "potion_cure_light_wounds"})
    # a vial: hardness 1, 1 hp; one of the two breaks, the other stays in hand
    ok, _, ev = b.act("a", "sunder", {"target": "d", "item": "potion_cure_light_wounds"}, dice=[19, 3])
    assert ok and first(ev, "ItemDamaged").destroyed
    assert b.comp("d", Inventory).items.count("potion_cure_light_wounds") == 1
    assert b.comp("d", Hands).holding == "potion_cure_light_wounds"
    b.act("a", "end_turn")
    b.act("d", "end_turn")
    # a wand: hardness 5, 5 hp; 8 - 5 = 3 -> 2 hp left
    ok, _, ev = b.act("a", "sunder", {"target": "d", "item": "wand_magic_missile"}, dice=[19, 8])
    assert first(ev, "ItemDamaged").hp_left == 2 and "wand_magic_missile" in b.comp("d", Inventory).items


def test_armour_and_what_is_not_there_cannot_be_struck_and_a_piercing_weapon_cannot():
    b = pair(d={"armor": "chain_shirt"})
    state = b.state()
    for item, code in (("armor", "CANNOT_SUNDER"), ("chain_shirt", "CANNOT_SUNDER"),
                       ("potion_cure_light_wounds", "NO_SUCH_ITEM")):
        ok, refusal, _ = b.act("a", "sunder", {"target": "d", "item": item})
        assert not ok and refusal.code == code
    ok, refusal, _ = pair(a={"weapon": "rapier"}).act("a", "sunder", {"target": "d", "item": "ring_of_protection_1"})
    assert not ok and refusal.code == "SUNDER_NEEDS_SLASHING_OR_BLUDGEONING"
    assert b.state() == state


def test_striking_an_object_provokes_without_improved_sunder():
    b = pair(a={"weapon": "greataxe"})
    ok, _, ev = b.act("a", "sunder", {"target": "d", "item": "cloak_of_resistance_1"}, dice=[2, 15, 4])
    rolls = [e for e in ev if type(e).__name__ == "AttackRolled"]
    assert ok and rolls[0].opportunity and rolls[0].attacker == "d" and rolls[1].kind == "object"
    assert first(ev, "ItemDamaged").destroyed                          # cloth: hardness 0, 2 hp


# --- the scenario key ------------------------------------------------------------------------

def test_an_unknown_worn_item_is_refused_in_one_line():
    text = ('[map]\ngrid = """\n....\n"""\n[[creature]]\nid = "tordek"\nside = "blue"\nat = [0, 0]\n'
            'worn = ["cape_of_doom"]\n')
    with pytest.raises(ContentError) as exc:
        parse_scenario(text, "maps/x.toml")
    assert exc.value.line() == "maps/x.toml: creature \"tordek\".worn: unknown worn item 'cape_of_doom'"
    with pytest.raises(ContentError) as exc:
        parse_scenario(text.replace('["cape_of_doom"]', '"brooch"'), "maps/x.toml")
    assert "worn: must be a list of non-empty strings" in exc.value.line()


def test_a_damaged_item_that_falls_stays_damaged_when_picked_up():
    b = pair(a={"weapon": "greataxe", "feats": ["improved_sunder", "improved_disarm"]})
    # the cloak: hardness 0, 2 hp; greataxe 1d12 = 1: 1 hp left
    ok, _, ev = b.act("a", "sunder", {"target": "d", "item": "cloak_of_resistance_1"}, dice=[19, 1])
    assert ok and first(ev, "ItemDamaged").hp_left == 1
    b.act("a", "end_turn")
    b.act("d", "end_turn")
    ok, _, ev = b.act("a", "disarm", {"target": "d", "item": "cloak_of_resistance_1"}, dice=[10, 10])
    assert ok and first(ev, "ItemSnatched").at is not None                # armed: it falls
    assert "cloak_of_resistance_1" not in b.comp("d", Worn).object_hp
    b.act("a", "end_turn")
    b.act("d", "end_turn")
    b.act("a", "drop", {})
    ok, _, _ev = b.act("a", "pick_up", {"item": "cloak_of_resistance_1"}, dice=[2])
    assert ok and b.comp("a", Worn).object_hp["cloak_of_resistance_1"] == 1


def test_a_wand_in_hand_is_disarmed_at_minus_4_without_a_counter_disarm():
    # French text, "désarmement": a wand or a bow is not a melee weapon: the holder rolls
    # at -4 and cannot disarm back.
    b = pair(a={"weapon": "unarmed", "feats": ["improved_disarm"]},
             d={"worn": [], "inventory": ["wand_magic_missile"], "holding": "wand_magic_missile"})
    ok, _, ev = b.act("a", "disarm", {"target": "d", "item": "wand_magic_missile"}, dice=[10, 12])
    check = first(ev, "OpposedCheck")
    assert ok and (-4, "untyped", "not_a_melee_weapon") in check.defender_breakdown
    assert first(ev, "ItemSnatched").grabbed and b.comp("a", Hands).holding == "wand_magic_missile"
    assert b.comp("d", Hands).holding is None and "wand_magic_missile" not in b.comp("d", Inventory).items
    c = pair(a={"feats": ["improved_disarm"]},
             d={"worn": [], "inventory": ["wand_magic_missile"], "holding": "wand_magic_missile"})
    ok, _, ev = c.act("a", "disarm", {"target": "d", "item": "wand_magic_missile"}, dice=[1, 20])
    assert ok and len(checks(ev)) == 1 and c.comp("d", Hands).holding == "wand_magic_missile"


def test_a_bare_hand_holding_a_touch_charge_sets_it_off_on_the_wearer():
    from game.world.components import Spellcasting
    b = pair(a={"weapon": "unarmed", "feats": ["improved_disarm"], "caster_class": "wizard", "caster_level": 3,
                "spells": ["shocking_grasp"], "concentration": 30})
    b.act("a", "cast", {"spell": "shocking_grasp", "defensively": True}, dice=[10])
    assert b.comp("a", Spellcasting).held_charge == "shocking_grasp"
    b.act("a", "end_turn")
    b.act("d", "end_turn")
    ok, _, ev = b.act("a", "disarm", {"target": "d", "item": "cloak_of_resistance_1"}, dice=[15, 2, 3, 3, 3])
    assert ok and first(ev, "ItemSnatched").grabbed
    assert first(ev, "DamageDealt").amount == 9 and b.comp("a", Spellcasting).held_charge is None


def test_an_arrow_at_a_carried_potion_provokes_in_melee_and_deals_half_damage():
    b = pair(a={"weapon": "longbow", "dex": 14}, d={"worn": [], "inventory": ["potion_cure_light_wounds"], "dex": 10})
    ok, _, ev = b.act("a", "sunder", {"target": "d", "item": "potion_cure_light_wounds"}, dice=[1, 19, 6])
    rolls = [e for e in ev if type(e).__name__ == "AttackRolled"]
    assert ok and rolls[0].attacker == "d"                               # shooting next to a foe provokes
    shot = rolls[1]
    assert shot.kind == "object" and (2, "ability", "dex") in shot.bonus_breakdown
    assert (-4, "untyped", "shooting_into_melee") not in shot.bonus_breakdown   # no ally of the archer in melee
    hit = first(ev, "ItemDamaged")
    assert (hit.damage, hit.hardness, hit.destroyed) == (3, 1, True)     # 6 halved, less hardness 1
    assert "potion_cure_light_wounds" not in b.comp("d", Inventory).items
    empty = pair(a={"weapon": "light_crossbow", "loaded": False})
    ok, refusal, _ = empty.act("a", "sunder", {"target": "d", "item": "cloak_of_resistance_1"})
    assert not ok and refusal.code == "NOT_LOADED"
