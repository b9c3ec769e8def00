"""The bestiary, the heroes and the substances (issue 6, items 1-3 and 7): every template
gives, in the engine, the AC, touch and flat-footed AC, hit points, initiative, Fortitude
and attack bonus the SRD prints for it.

The expected numbers below are copied from /work/shared/rules/data-digest.md §4 (SRD 3.5
stat blocks), independently of game/data/tables/bestiary.toml, so a typo in either shows.
Where the engine does not yet apply a rule the SRD number includes (the -5
of secondary natural attacks, natural-weapon damage per creature ...), the gap is listed
here by name: the tests then check the engine against "SRD minus the known gap", and a
strict xfail turns red the day the engine closes it, so this list gets updated.
"""
from __future__ import annotations

from dataclasses import replace

import pytest

from game import data
from game.data import bestiary
from game.content.errors import ContentError
from game.content.scenario import parse_scenario
from game.engine import Battle
from game.rules import attack as rules, monk
from game.rules.attack import AttackSituation
from game.world import saving
from game.world.components import HitPoints, Inventory, Stats
from game.world.turns import initiative_modifier

# id: (hp, ac, touch, flat-footed, main attack bonus, base attack, grapple, init, fort, ref, will)
SRD = {
    "kobold": (4, 15, 12, 14, 1, 1, -4, 1, 2, 1, -1),
    "goblin": (5, 15, 12, 14, 2, 1, -3, 1, 3, 1, -1),
    "orc": (5, 13, 10, 13, 4, 1, 4, 0, 3, 0, -2),
    "hobgoblin": (6, 15, 11, 14, 2, 1, 2, 1, 4, 1, -1),
    "gnoll": (11, 15, 10, 15, 3, 1, 3, 0, 4, 0, 0),
    "bugbear": (16, 17, 11, 16, 5, 2, 4, 1, 2, 4, 1),
    "ogre": (29, 16, 8, 16, 8, 3, 12, -1, 6, 0, 1),
    "troll": (63, 16, 11, 14, 9, 4, 14, 2, 11, 4, 3),
    "hill_giant": (102, 20, 8, 20, 16, 9, 20, -1, 12, 3, 4),
    "wolf": (13, 14, 12, 12, 3, 1, 2, 2, 5, 5, 1),
    # Summon Nature's Ally I's dire rat (SRD "Dire Rat"): bite +4 with Weapon Finesse.
    "dire_rat": (5, 15, 14, 12, 4, 0, -4, 3, 3, 5, 3),
    "dire_wolf": (45, 14, 11, 12, 11, 4, 15, 2, 8, 7, 6),
    "light_horse": (19, 13, 10, 12, -2, 2, 8, 1, 5, 4, 2),
    "light_warhorse": (22, 14, 10, 13, 4, 2, 9, 1, 6, 4, 2),
    "heavy_warhorse": (30, 14, 10, 13, 6, 3, 11, 1, 7, 5, 2),
    "warpony": (13, 13, 11, 12, 3, 1, 3, 1, 5, 4, 0),
    "riding_dog": (13, 16, 12, 14, 3, 1, 3, 2, 5, 5, 1),
    "human_skeleton": (6, 15, 11, 14, 1, 0, 1, 5, 0, 1, 2),
    "human_zombie": (16, 11, 9, 11, 2, 1, 2, -1, 0, -1, 3),
    "ogre_zombie": (55, 15, 7, 15, 9, 4, 14, -2, 2, 0, 6),
    "wight": (26, 15, 11, 14, 3, 2, 3, 1, 1, 2, 5),
    "ghoul": (13, 14, 12, 12, 2, 1, 2, 2, 0, 2, 5),
    # The digest prints touch 12; +3 Dex and no size give 13 (and the flat-footed 14 agrees).
    "ghast": (29, 17, 13, 14, 5, 2, 5, 3, 1, 4, 6),
    "lion": (32, 15, 12, 12, 7, 3, 12, 3, 6, 7, 2),
    "dire_lion": (60, 15, 11, 13, 13, 6, 17, 2, 9, 8, 7),
    "owlbear": (52, 15, 10, 14, 9, 5, 14, 1, 9, 5, 2),
    "monstrous_spider_large": (22, 14, 12, 11, 4, 3, 9, 3, 5, 4, 1),
    "monstrous_centipede_huge": (33, 16, 10, 14, 5, 4, 15, 2, 6, 4, 2),
    "black_pudding": (115, 3, 3, 3, 8, 7, 18, -5, 9, -2, -2),
    # SRD "Elemental", Small Fire and Small Water Elemental (issue 11: domain turning).
    "fire_elemental_small": (9, 15, 12, 14, 3, 1, -3, 5, 0, 4, 0),
    "water_elemental_small": (11, 17, 11, 17, 4, 1, -1, 0, 4, 0, 0),
    # Not an SRD block: data-digest §4f's derived 1st-level human warrior.
    "human_warrior": (5, 15, 10, 15, 2, 1, 2, 0, 3, 0, -1),
}

ISSUE_CREATURES = ["kobold", "goblin", "orc", "hobgoblin", "gnoll", "bugbear", "ogre", "troll", "hill_giant", "wolf",
                   "dire_wolf", "light_warhorse", "heavy_warhorse", "warpony", "riding_dog", "human_skeleton",
                   "human_zombie", "ogre_zombie", "wight", "ghoul", "ghast", "lion", "owlbear",
                   "monstrous_spider_large", "monstrous_centipede_huge", "human_warrior"]
HEROES = ["tordek", "jozan", "lidda", "mialee", "alhandra"]

# Damage the engine cannot give yet, by (template, weapon): natural weapons take their dice
# from size alone (the SRD varies them per creature); a sole natural attack does not add
# 1 1/2 x Str; secondary natural attacks do not halve Str; Weapon Specialization's +2 is
# not applied; the kobold's sling keeps its Str penalty (the SRD block drops it).
KNOWN_DAMAGE_GAPS = {
    ("kobold", "sling"),                                                      # Str penalty on a sling
    ("hill_giant", "slam"), ("light_warhorse", "hoof"), ("warpony", "hoof"),  # dice per creature
    ("lion", "claw"), ("human_zombie", "slam"), ("ghast", "bite"),
    ("black_pudding", "slam"), ("ogre_zombie", "slam"),                       # dice and 1 1/2 x Str
    ("dire_wolf", "bite"), ("riding_dog", "bite"), ("monstrous_spider_large", "bite"),  # 1 1/2 x Str
    ("monstrous_centipede_huge", "bite"),
    ("fire_elemental_small", "slam"), ("water_elemental_small", "slam"),      # dice per creature (and 1 1/2 x Str)
    ("troll", "bite"), ("light_horse", "hoof"), ("light_warhorse", "bite"),   # secondary attacks
    ("heavy_warhorse", "bite"), ("lion", "bite"), ("dire_lion", "bite"), ("owlbear", "bite"),
    ("ghoul", "claw"), ("ghast", "claw"), ("alhandra_mount", "bite"),
    ("tordek_4", "dwarven_waraxe"), ("tordek_5", "dwarven_waraxe"),           # Weapon Specialization
}


def one_creature(tid: str, **keys) -> Battle:
    extra = "".join(f"{k} = {v!r}\n".replace("'", '"') for k, v in keys.items())
    grid = "\n".join("." * 8 for _ in range(8))
    text = (f'[map]\ngrid = """\n{grid}\n"""\n\n[[creature]]\nid = "c"\nside = "blue"\nat = [2, 2]\n'
            f'template = "{tid}"\n{extra}')
    return Battle(parse_scenario(text, f"<{tid}>"))


def attack_gap(entry: dict, attack: dict) -> int:
    """What the SRD bonus includes and the engine does not apply yet."""
    gap = 0
    if attack.get("secondary"):
        gap -= 2 if "multiattack" in entry["feats"] else 5  # secondary natural attack
    return gap


def engine_bonus(battle: Battle, attack: dict, iterative: int = 0) -> int:
    f = replace(battle.fighter("c"), weapon=data.weapons()[attack["weapon"]])
    return rules.attack_bonus(f, AttackSituation(ranged=bool(attack.get("ranged")), iterative=iterative)).value


# --------------------------------------------------------------------------- coverage

def test_every_creature_of_the_issue_is_a_template():
    missing = [c for c in ISSUE_CREATURES if bestiary.get(c) is None]
    assert missing == []
    assert set(SRD) <= set(bestiary.bestiary())


def test_heroes_come_at_levels_one_to_five_and_the_paladin_has_a_warhorse():
    for hero in HEROES:
        for level in range(1, 6):
            entry = bestiary.get(f"{hero}_{level}")
            assert entry is not None and entry["level"] == level and entry["kind"] == "hero"
    assert {bestiary.get(f"alhandra_{n}")["mount"] for n in range(1, 6)} == {"light_warhorse", "alhandra_mount"}
    assert bestiary.get("alhandra_mount")["ac"] == 18


def test_bestiary_and_heroes_share_no_id():
    assert set(bestiary.bestiary()).isdisjoint(bestiary.heroes())


# --------------------------------------------------------------------------- SRD numbers in the engine

@pytest.mark.parametrize("tid", sorted(SRD))
def test_template_gives_the_srd_numbers_in_the_engine(tid):
    hp, ac, touch, flat, main, bab, grapple, init, fort, ref, will = SRD[tid]
    entry = bestiary.get(tid)
    b = one_creature(tid)
    try:
        f = b.fighter("c")
        s = AttackSituation()
        assert rules.armor_class(f, s).value == ac
        assert rules.armor_class(f, AttackSituation(touch=True)).value == touch
        assert rules.armor_class(f, s, flat_footed=True).value == flat
        assert b.comp("c", HitPoints).maximum == hp
        assert f.bab == bab
        assert initiative_modifier(b, "c") == init
        assert saving.fortitude_bonus(b, "c") == fort
        assert (saving.save_bonus(b, "c", "ref"), saving.save_bonus(b, "c", "will")) == (ref, will)
        # The main attack is what the creature wields; its bonus is the SRD's minus the known gaps.
        first = bestiary.main_attack(entry)
        assert f.weapon.id == first["weapon"] == entry["weapon"]
        assert first["bonus"][0] == main
        assert rules.attack_bonus(f, s).value == main - attack_gap(entry, first)
        # The file agrees with the digest too.
        numbers = (entry["hp"], entry["ac"], entry["touch"], entry["flat_footed"], entry["grapple"])
        assert numbers == (hp, ac, touch, flat, grapple)
        assert entry["saves"] == {"fort": fort, "ref": ref, "will": will}
    finally:
        b.close()


WEAPON_FOCUS = sorted(t for t in SRD if "weapon_focus" in bestiary.get(t)["feats"])


@pytest.mark.parametrize("tid", WEAPON_FOCUS)
def test_weapon_focus_reaches_the_srd_attack_bonus(tid):
    b = one_creature(tid)
    try:
        assert rules.attack_bonus(b.fighter("c"), AttackSituation()).value == SRD[tid][4]
    finally:
        b.close()


def test_weapon_focus_gap_list_is_the_one_expected():
    assert WEAPON_FOCUS == ["bugbear", "dire_lion", "dire_wolf", "hill_giant", "ogre", "wolf"]


@pytest.mark.parametrize("tid", sorted(bestiary.templates()))
def test_every_attack_of_every_routine_matches_its_stat_block(tid):
    """Every attack option and full-attack routine, iteratives included (rock throwing is a
    special ability, not a weapon)."""
    entry = bestiary.get(tid)
    b = one_creature(tid)
    try:
        for routine in entry["full_attack"]:
            for attack in routine:
                for k, bonus in enumerate(attack["bonus"]):
                    assert engine_bonus(b, attack, iterative=k) == bonus - attack_gap(entry, attack), (attack, k)
    finally:
        b.close()


def test_damage_matches_the_stat_blocks_except_the_known_engine_gaps():
    mismatches = set()
    for tid, entry in bestiary.templates().items():
        b = one_creature(tid)
        f = b.fighter("c")
        for routine in entry["full_attack"]:
            for attack in routine:
                w = data.weapons()[attack["weapon"]]
                g = replace(f, weapon=w)
                ranged = bool(attack.get("ranged"))
                dice = rules.damage_dice(w.damage_s, w.damage_m, g.size)
                if w.id == "unarmed" and f.monk_level:       # the monk's unarmed damage (SRD, Monk)
                    dice = monk.unarmed_dice(f.monk_level, g.size, rules.damage_dice)
                strength = rules.strength_to_damage(g, ranged=ranged and not w.thrown, thrown=ranged and w.thrown,
                                                    two_handed=w.use == "two_handed", off_hand=False)
                if dice + (f"{strength:+d}" if strength else "") != attack["damage"]:
                    mismatches.add((tid, attack["weapon"]))
        b.close()
    assert mismatches == KNOWN_DAMAGE_GAPS


# --------------------------------------------------------------------------- heroes by the class rules

def _mod(score: int) -> int:
    return (score - 10) // 2


@pytest.mark.parametrize("tid", sorted(bestiary.heroes()))
def test_heroes_follow_the_class_and_race_rules(tid):
    e = bestiary.get(tid)
    if "level" not in e:                      # the paladin's special mount
        assert e["derived"] and e["hp"] == 45
        return
    level, cls, ab = e["level"], e["class"], e["abilities"]
    die = {"fighter": 10, "paladin": 10, "cleric": 8, "druid": 8, "monk": 8, "rogue": 6, "wizard": 4, "sorcerer": 4}[cls]
    bab = {"fighter": level, "paladin": level, "cleric": level * 3 // 4, "druid": level * 3 // 4, "monk": level * 3 // 4,
           "rogue": level * 3 // 4, "wizard": level // 2, "sorcerer": level // 2}[cls]
    good = {"fighter": "fort", "paladin": "fort", "cleric": "fort will", "druid": "fort will", "monk": "fort ref will",
            "rogue": "ref", "wizard": "will", "sorcerer": "will"}[cls].split()
    racial = 1 if e["race"] == "halfling" else 0
    grace = _mod(ab["cha"]) if cls == "paladin" and level >= 2 else 0
    assert e["bab"] == bab
    assert e["hp"] == die + _mod(ab["con"]) + (level - 1) * (die // 2 + 1 + _mod(ab["con"]))
    for save, ability in (("fort", "con"), ("ref", "dex"), ("will", "wis")):
        base = 2 + level // 2 if save in good else level // 3
        assert e["saves"][save] == base + _mod(ab[ability]) + racial + grace, save
    b = one_creature(tid)
    try:
        f = b.fighter("c")
        assert rules.armor_class(f, AttackSituation()).value == e["ac"]
        assert rules.armor_class(f, AttackSituation(touch=True)).value == e["touch"]
        assert rules.armor_class(f, AttackSituation(), flat_footed=True).value == e["flat_footed"]
        assert b.comp("c", HitPoints).maximum == e["hp"]
        assert saving.fortitude_bonus(b, "c") == e["saves"]["fort"]
        main = bestiary.main_attack(e)
        assert rules.attack_bonus(f, AttackSituation()).value == main["bonus"][0] - attack_gap(e, main)
        # Spells and substances are known ids; flasks go to the inventory, ready to throw.
        assert set(e["spells"]) <= bestiary.KNOWN_SPELLS
        assert list(b.comp("c", Inventory).items) == e.get("inventory", []) + e["substances"]
    finally:
        b.close()


# --------------------------------------------------------------------------- templates in scenarios

def test_a_creature_key_overrides_its_template():
    b = one_creature("orc", armor="chainmail", hp=9, weapon="greataxe", feats=["power_attack"])
    try:
        f = b.fighter("c")
        assert rules.armor_class(f, AttackSituation()).value == 15      # 10 + chainmail 5, the orc's Dex +0
        assert b.comp("c", HitPoints).maximum == 9
        assert f.weapon.id == "greataxe" and f.feats == frozenset({"power_attack"})
        assert f.abilities["str"] == 17                                  # the rest is the orc's
    finally:
        b.close()


def test_unknown_template_is_refused_with_file_creature_and_name():
    text = '[map]\ngrid = """\n...\n"""\n\n[[creature]]\nid = "x"\nside = "a"\nat = [0, 0]\ntemplate = "dragon"\n'
    with pytest.raises(ContentError) as exc:
        parse_scenario(text, "maps/lair.toml")
    assert exc.value.line() == 'maps/lair.toml: creature "x": unknown template "dragon"'


def test_template_gives_the_engine_its_special_numbers():
    ghoul = one_creature("ghoul")
    jozan = one_creature("jozan_3")
    lion = one_creature("lion")
    horse = one_creature("heavy_warhorse")
    tordek = one_creature("tordek_1")
    try:
        g = ghoul.comp("c", Stats).values
        assert (g["undead"], g["hd"], g["turn_resistance"]) == (1, 2, 2)
        assert jozan.comp("c", Stats).values["cleric_level"] == 3
        assert "improved_grab" in lion.fighter("c").feats                 # grapple.py grabs without provoking
        assert lion.scenario.creatures[0].special["pounce"] == {}
        h = horse.comp("c", Stats).values
        assert (h["combat_trained"], h["stable"], h["non_humanoid"]) == (1, 1, 1)
        assert tordek.comp("c", Stats).values["stable"] == 1               # dwarf stability
        assert "mindless" in one_creature("human_zombie").comp("c", Stats).values
    finally:
        for b in (ghoul, jozan, lion, horse, tordek):
            b.close()


def test_reach_and_space_of_big_templates():
    for tid, size, reach in (("ogre", "L", "tall"), ("dire_wolf", "L", "long"), ("monstrous_centipede_huge", "H", "long")):
        spec = one_creature(tid).scenario.creatures[0]
        assert (spec.size, spec.reach) == (size, reach)


# --------------------------------------------------------------------------- substances

# id: (French name, cost gp, attack, range ft, direct damage, splash, save DC, condition)
SUBSTANCES = {
    "acid_flask": ("Acide (flasque)", 10, "ranged_touch", 10, "1d6", 1, 0, ""),
    "alchemists_fire": ("Feu grégeois (flasque)", 20, "ranged_touch", 10, "1d6", 1, 15, ""),
    "holy_water": ("Eau bénite (flasque)", 25, "ranged_touch", 10, "2d4", 1, 0, ""),
    "tanglefoot_bag": ("Sacoche immobilisante", 50, "ranged_touch", 10, "", 0, 15, "entangled"),
    "thunderstone": ("Pierre à tonnerre", 30, "ranged", 20, "", 0, 15, "deafened"),
    "smokestick": ("Bâton fumigène", 20, "none", 0, "", 0, 0, ""),
    "sunrod": ("Bâton éclairant", 2, "none", 0, "", 0, 0, ""),
    "flask_of_water": ("Flasque d'eau", 0, "none", 0, "", 0, 0, ""),     # SRD: a flask, 3 cp (bless water's)
}


@pytest.mark.parametrize("sid", sorted(SUBSTANCES))
def test_substances_have_the_digest_numbers(sid):
    row = bestiary.substances()[sid]
    got = (row["name_fr"], row["cost_gp"], row["attack"], row["range_ft"], row["damage"], row["splash_damage"],
           row["save_dc"], row["condition"])
    assert got == SUBSTANCES[sid]
    assert row["name_en"]
    assert row["condition"] == "" or row["condition"] in data.conditions()


def test_holy_water_only_hurts_undead_and_evil_outsiders():
    assert bestiary.substances()["holy_water"]["only_vs"] == ["undead", "evil_outsider"]
    assert set(bestiary.substances()) == set(SUBSTANCES)
