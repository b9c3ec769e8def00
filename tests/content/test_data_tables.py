"""The content tables in game/data/tables/*.toml: complete, well-formed, and true to the SRD.

The expected weapon ids are the `id` column of the shared data digest (§1, Table: Weapons of
the SRD 3.5), with `unarmed` standing for the digest's `unarmed_strike`.
"""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

DATA = Path(__file__).parents[2] / "game/data/tables"


def load(name: str) -> dict:
    with open(DATA / name, "rb") as f:
        return tomllib.load(f)


WEAPONS = load("weapons.toml")
ARMOR = load("armor.toml")
FEATS = load("feats.toml")
CONDITIONS = load("conditions.toml")

# --------------------------------------------------------------------------- expected ids

SRD_WEAPON_IDS = [
    # simple
    "gauntlet", "unarmed", "dagger", "punching_dagger", "spiked_gauntlet", "light_mace", "sickle",
    "club", "heavy_mace", "morningstar", "shortspear", "longspear", "quarterstaff", "spear",
    "heavy_crossbow", "light_crossbow", "dart", "javelin", "sling",
    # martial
    "throwing_axe", "light_hammer", "handaxe", "kukri", "light_pick", "sap", "light_shield_bash",
    "spiked_armor", "light_spiked_shield", "short_sword", "battleaxe", "flail", "longsword",
    "heavy_pick", "rapier", "scimitar", "heavy_shield_bash", "heavy_spiked_shield", "trident",
    "warhammer", "falchion", "glaive", "greataxe", "greatclub", "heavy_flail", "greatsword",
    "guisarme", "halberd", "lance", "ranseur", "scythe", "longbow", "composite_longbow", "shortbow",
    "composite_shortbow",
    # exotic
    "kama", "nunchaku", "sai", "siangham", "bastard_sword", "dwarven_waraxe", "whip",
    "orc_double_axe", "spiked_chain", "dire_flail", "gnome_hooked_hammer", "two_bladed_sword",
    "dwarven_urgrosh", "bolas", "hand_crossbow", "repeating_heavy_crossbow",
    "repeating_light_crossbow", "net", "shuriken",
]
NATURAL_WEAPON_IDS = ["bite", "claw", "gore", "slam", "sting", "hoof", "talon", "tentacle",
                      "tail_slap", "wing", "rake"]

SRD_ARMOR_IDS = [
    "padded", "leather", "studded_leather", "chain_shirt", "hide", "scale_mail", "chainmail",
    "breastplate", "splint_mail", "banded_mail", "half_plate", "full_plate", "buckler",
    "light_wooden_shield", "light_steel_shield", "heavy_wooden_shield", "heavy_steel_shield",
    "tower_shield",
]

REQUIRED_FEAT_IDS = [
    "blind_fight", "cleave", "great_cleave", "combat_casting", "combat_expertise",
    "combat_reflexes", "dodge", "mobility", "spring_attack", "whirlwind_attack", "endurance",
    "diehard", "exotic_weapon_proficiency", "martial_weapon_proficiency",
    "simple_weapon_proficiency", "armor_proficiency_light", "armor_proficiency_medium",
    "armor_proficiency_heavy", "shield_proficiency", "tower_shield_proficiency", "far_shot",
    "improved_bull_rush", "improved_critical", "improved_disarm", "improved_feint",
    "improved_grapple", "improved_initiative", "improved_overrun", "improved_shield_bash",
    "improved_sunder", "improved_trip", "improved_turning", "extra_turning",
    "improved_unarmed_strike", "deflect_arrows", "snatch_arrows", "stunning_fist", "iron_will",
    "lightning_reflexes", "great_fortitude", "manyshot", "mounted_combat", "mounted_archery",
    "ride_by_attack", "spirited_charge", "trample", "point_blank_shot", "precise_shot",
    "rapid_shot", "improved_precise_shot", "shot_on_the_run", "power_attack", "quick_draw", "run",
    "toughness", "two_weapon_fighting", "improved_two_weapon_fighting",
    "greater_two_weapon_fighting", "two_weapon_defense", "weapon_finesse", "weapon_focus",
    "greater_weapon_focus", "weapon_specialization", "greater_weapon_specialization", "alertness",
    "spell_focus", "quicken_spell", "empower_spell", "maximize_spell", "still_spell",
    "silent_spell", "eschew_materials", "track",
]

REQUIRED_CONDITION_IDS = [
    "prone", "flat_footed", "helpless", "stunned", "dazed", "blinded", "entangled", "fatigued",
    "exhausted", "nauseated", "sickened", "shaken", "frightened", "panicked", "cowering",
    "invisible", "deafened", "dazzled", "paralyzed", "unconscious", "disabled", "dying", "dead",
    "stable", "staggered", "grappled", "grappling", "pinned", "total_defense",
    "fighting_defensively", "squeezing", "confused", "charging", "running", "casting",
]

# --------------------------------------------------------------------------- schemas

WEAPON_SCHEMA = {
    "name_en": str, "name_fr": str, "category": str, "use": str, "damage_s": str,
    "damage_m": str, "threat": int, "multiplier": int, "range_ft": int, "types": list,
    "types_mode": str, "reach": str, "thrown": bool, "trip": bool, "disarm_bonus": int,
    "set_vs_charge": bool, "nonlethal": bool, "double": bool, "monk": bool, "finesse": bool,
}
DOUBLE_SCHEMA = {"damage_s2": str, "damage_m2": str, "threat2": int, "multiplier2": int,
                 "types2": list}
ARMOR_SCHEMA = {
    "name_en": str, "category": str, "bonus": int, "max_dex": int, "check_penalty": int,
    "spell_failure": int, "speed_30": int, "speed_20": int, "cost_gp": int, "weight_lb": int,
}
NAMED_SCHEMA = {"name_en": str, "name_fr": str}

DICE = re.compile(r"^\d+d\d+$")
# SRD weapon damage one size step down (Medium -> Small), from the SRD's size tables.
SMALL_OF_MEDIUM = {"1d2": "1", "1d3": "1d2", "1d4": "1d3", "1d6": "1d4", "1d8": "1d6",
                   "1d10": "1d8", "1d12": "1d10", "2d4": "1d6", "2d6": "1d10"}


def exact_type(value, expected: type) -> bool:
    """isinstance, except that a bool is not accepted as an int (TOML true is not 3)."""
    if expected is int:
        return type(value) is int
    return isinstance(value, expected)


def schema_errors(entry: dict, schema: dict) -> list[str]:
    errors = [f"missing {k}" for k in schema if k not in entry]
    errors += [f"{k} is {type(entry[k]).__name__}, want {t.__name__}"
               for k, t in schema.items() if k in entry and not exact_type(entry[k], t)]
    return errors


def with_flag(flag: str) -> set[str]:
    return {wid for wid, w in WEAPONS.items() if w[flag]}


# --------------------------------------------------------------------------- weapons: ids


def test_every_srd_weapon_of_the_digest_is_present():
    missing = [wid for wid in SRD_WEAPON_IDS if wid not in WEAPONS]
    assert missing == []


def test_every_natural_weapon_is_present():
    missing = [wid for wid in NATURAL_WEAPON_IDS if wid not in WEAPONS]
    assert missing == []


# The French text's optional equipment, beyond the SRD table.
FRENCH_TEXT_WEAPON_IDS = ["garrote_cord", "garrote_wire", "garrote_locking"]      # "garrot à verrouillage" too


def test_no_weapon_beyond_the_srd_table_the_natural_weapons_and_the_garrotes():
    assert set(WEAPONS) == set(SRD_WEAPON_IDS) | set(NATURAL_WEAPON_IDS) | set(FRENCH_TEXT_WEAPON_IDS)
    assert len(SRD_WEAPON_IDS) == len(set(SRD_WEAPON_IDS)) == 73


def test_unarmed_strike_uses_the_short_id():
    assert "unarmed" in WEAPONS
    assert "unarmed_strike" not in WEAPONS


def test_ids_are_lower_case_snake_case():
    for table in (WEAPONS, ARMOR, FEATS, CONDITIONS):
        bad = [i for i in table if not re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)*", i)]
        assert bad == []


# --------------------------------------------------------------------------- weapons: schema


@pytest.mark.parametrize("wid", sorted(WEAPONS))
def test_weapon_has_every_schema_key_with_the_right_type(wid):
    w = WEAPONS[wid]
    assert schema_errors(w, WEAPON_SCHEMA) == []
    if w["double"]:
        assert schema_errors(w, DOUBLE_SCHEMA) == []
    else:
        assert [k for k in DOUBLE_SCHEMA if k in w] == []
    # what a projectile weapon shoots (README, "Ammunition"): every one says, and only they
    assert ("ammunition" in w) == (w["use"] == "ranged" and not w["thrown"])
    if "ammunition" in w:
        assert w["ammunition"] == ("bolts" if "crossbow" in wid else "arrows" if wid.endswith("bow") else "bullets")
    unknown = set(w) - set(WEAPON_SCHEMA) - set(DOUBLE_SCHEMA) - {"ammunition"}
    assert unknown == set()


@pytest.mark.parametrize("wid", sorted(WEAPONS))
def test_weapon_enumerations(wid):
    w = WEAPONS[wid]
    assert w["category"] in {"simple", "martial", "exotic", "natural"}
    assert w["use"] in {"unarmed", "light", "one_handed", "two_handed", "ranged", "natural"}
    assert w["reach"] in {"normal", "reach", "chain", "whip"}
    assert w["types_mode"] in {"one", "and", "or"}
    assert (w["category"] == "natural") == (w["use"] == "natural")


@pytest.mark.parametrize("wid", sorted(WEAPONS))
def test_weapon_damage_types(wid):
    w = WEAPONS[wid]
    for key in ("types", "types2"):
        if key in w:
            assert set(w[key]) <= {"B", "P", "S"}
            assert len(w[key]) == len(set(w[key]))
    if w["types_mode"] == "one":
        # only the net deals no damage and so has no damage type
        assert len(w["types"]) == (0 if wid == "net" else 1)
    else:
        assert len(w["types"]) >= 2


@pytest.mark.parametrize("wid", sorted(WEAPONS))
def test_weapon_damage_and_critical_formats(wid):
    w = WEAPONS[wid]
    for key in ("damage_s", "damage_m", "damage_s2", "damage_m2"):
        if key in w:
            value = w[key]
            if wid == "net":
                assert value == ""
            else:
                assert DICE.match(value) or value == "1", f"{key} = {value!r}"
    for t, m in (("threat", "multiplier"), ("threat2", "multiplier2")):
        if t in w:
            assert w[t] in {18, 19, 20}
            if wid == "net":
                assert (w[t], w[m]) == (20, 1)   # SRD "—": no critical
            else:
                assert w[m] in {2, 3, 4}
                # no SRD weapon has both an expanded threat range and a multiplier above x2
                assert w[t] == 20 or w[m] == 2


@pytest.mark.parametrize("wid", sorted(set(WEAPONS) - {"net"}))
def test_small_damage_is_one_size_step_below_medium(wid):
    w = WEAPONS[wid]
    assert w["damage_s"] == SMALL_OF_MEDIUM[w["damage_m"]]
    if w["double"]:
        assert w["damage_s2"] == SMALL_OF_MEDIUM[w["damage_m2"]]


# --------------------------------------------------------------------------- weapons: rules


def test_ranged_and_thrown_weapons_have_a_range_increment_and_others_none():
    for wid, w in WEAPONS.items():
        if w["use"] == "ranged" or w["thrown"]:
            assert w["range_ft"] > 0, wid
            assert w["range_ft"] % 10 == 0, wid
        else:
            assert w["range_ft"] == 0, wid


def test_thrown_weapons():
    assert with_flag("thrown") == {
        "dagger", "club", "javelin", "dart", "shuriken", "trident", "spear", "shortspear",
        "throwing_axe", "light_hammer", "sai", "bolas", "net",
    }


def test_reach_weapons():
    by_reach = {kind: {wid for wid, w in WEAPONS.items() if w["reach"] == kind}
                for kind in ("reach", "chain", "whip")}
    assert by_reach["reach"] == {"glaive", "guisarme", "lance", "longspear", "ranseur"}
    assert by_reach["chain"] == {"spiked_chain"}
    assert by_reach["whip"] == {"whip"}


def test_double_weapons():
    assert with_flag("double") == {"quarterstaff", "orc_double_axe", "dire_flail",
                                   "gnome_hooked_hammer", "two_bladed_sword", "dwarven_urgrosh"}
    for wid in with_flag("double"):
        assert WEAPONS[wid]["use"] == "two_handed"


def test_special_monk_weapons():
    assert with_flag("monk") == {"kama", "nunchaku", "quarterstaff", "sai", "shuriken", "siangham"}


def test_finesse_flag_marks_the_non_light_finesse_weapons():
    assert with_flag("finesse") == {"rapier", "whip", "spiked_chain"}


def test_nonlethal_weapons():
    assert with_flag("nonlethal") == {"unarmed", "sap", "whip", "bolas"}


def test_set_against_a_charge():
    assert with_flag("set_vs_charge") == {"longspear", "spear", "trident", "halberd",
                                          "dwarven_urgrosh"}


def test_trip_weapons():
    assert with_flag("trip") == {"sickle", "flail", "heavy_flail", "guisarme", "halberd",
                                 "scythe", "kama", "whip", "spiked_chain", "dire_flail",
                                 "gnome_hooked_hammer", "bolas"}


def test_disarm_bonuses():
    bonuses = {wid: w["disarm_bonus"] for wid, w in WEAPONS.items() if w["disarm_bonus"]}
    assert bonuses == {"flail": 2, "heavy_flail": 2, "ranseur": 2, "nunchaku": 2, "sai": 4,
                       "whip": 2, "spiked_chain": 2, "dire_flail": 2}


def test_categories_follow_the_srd_table():
    simple = set(SRD_WEAPON_IDS[:SRD_WEAPON_IDS.index("throwing_axe")])
    exotic = set(SRD_WEAPON_IDS[SRD_WEAPON_IDS.index("kama"):])
    martial = set(SRD_WEAPON_IDS) - simple - exotic
    for ids, cat in ((simple, "simple"), (martial, "martial"), (exotic, "exotic"),
                     (set(NATURAL_WEAPON_IDS), "natural")):
        assert {wid for wid in ids if WEAPONS[wid]["category"] != cat} == set()


@pytest.mark.parametrize("wid, fields", [
    ("greatsword", {"damage_m": "2d6", "damage_s": "1d10", "threat": 19, "multiplier": 2,
                    "use": "two_handed"}),
    ("scythe", {"damage_m": "2d4", "threat": 20, "multiplier": 4, "types": ["P", "S"],
                "types_mode": "or", "trip": True}),
    ("longbow", {"range_ft": 100, "multiplier": 3, "use": "ranged"}),
    ("composite_longbow", {"range_ft": 110}),
    ("kukri", {"damage_m": "1d4", "threat": 18, "multiplier": 2, "use": "light"}),
    ("falchion", {"damage_m": "2d4", "damage_s": "1d6", "threat": 18, "multiplier": 2}),
    ("rapier", {"damage_m": "1d6", "threat": 18, "use": "one_handed", "finesse": True}),
    ("heavy_crossbow", {"damage_m": "1d10", "threat": 19, "range_ft": 120}),
    ("morningstar", {"types": ["B", "P"], "types_mode": "and"}),
    ("dagger", {"damage_m": "1d4", "threat": 19, "range_ft": 10, "types_mode": "or",
                "thrown": True, "use": "light"}),
    ("whip", {"damage_m": "1d3", "nonlethal": True, "reach": "whip", "range_ft": 0}),
    ("net", {"range_ft": 10, "damage_m": "", "damage_s": "", "types": []}),
    ("shuriken", {"damage_m": "1d2", "damage_s": "1", "range_ft": 10, "monk": True}),
    ("gnome_hooked_hammer", {"damage_m": "1d8", "damage_m2": "1d6", "multiplier": 3,
                             "multiplier2": 4, "types": ["B"], "types2": ["P"]}),
    ("unarmed", {"damage_m": "1d3", "damage_s": "1d2", "use": "unarmed", "nonlethal": True}),
    ("gauntlet", {"damage_m": "1d3", "use": "unarmed", "nonlethal": False}),
    ("heavy_spiked_shield", {"damage_m": "1d6", "types": ["P"], "use": "one_handed"}),
    ("greataxe", {"damage_m": "1d12", "multiplier": 3}),
    ("light_pick", {"multiplier": 4}),
    ("bite", {"damage_m": "1d6", "category": "natural", "threat": 20, "multiplier": 2}),
    ("claw", {"damage_m": "1d4", "types": ["P", "S"], "types_mode": "and"}),
    ("slam", {"damage_m": "1d4", "types": ["B"]}),
])
def test_srd_spot_checks(wid, fields):
    w = WEAPONS[wid]
    got = {k: (sorted(w[k]) if isinstance(w[k], list) else w[k]) for k in fields}
    assert got == fields


# --------------------------------------------------------------------------- armour


def test_every_srd_armor_and_shield_is_present():
    assert set(ARMOR) == set(SRD_ARMOR_IDS)


@pytest.mark.parametrize("aid", sorted(ARMOR))
def test_armor_schema(aid):
    a = ARMOR[aid]
    assert schema_errors(a, ARMOR_SCHEMA) == []
    assert set(a) - set(ARMOR_SCHEMA) <= {"name_fr"}
    if "name_fr" in a:
        assert isinstance(a["name_fr"], str) and a["name_fr"].strip()
    assert a["category"] in {"light", "medium", "heavy", "shield"}
    assert a["bonus"] >= 1
    assert a["max_dex"] == -1 or a["max_dex"] >= 0
    assert a["check_penalty"] <= 0
    assert 0 <= a["spell_failure"] <= 50 and a["spell_failure"] % 5 == 0
    assert a["cost_gp"] > 0 and a["weight_lb"] > 0


def test_armor_speeds_by_category():
    expected = {"light": (30, 20), "medium": (20, 15), "heavy": (20, 15), "shield": (30, 20)}
    for aid, a in ARMOR.items():
        assert (a["speed_30"], a["speed_20"]) == expected[a["category"]], aid


def test_only_the_tower_shield_limits_dexterity_among_shields():
    limited = {aid for aid, a in ARMOR.items() if a["category"] == "shield" and a["max_dex"] != -1}
    assert limited == {"tower_shield"}
    assert all(a["max_dex"] >= 0 for a in ARMOR.values() if a["category"] != "shield")


@pytest.mark.parametrize("aid, fields", [
    ("full_plate", {"category": "heavy", "bonus": 8, "max_dex": 1, "check_penalty": -6,
                    "spell_failure": 35, "cost_gp": 1500, "weight_lb": 50}),
    ("chain_shirt", {"category": "light", "bonus": 4, "max_dex": 4, "check_penalty": -2,
                     "spell_failure": 20, "cost_gp": 100}),
    ("tower_shield", {"category": "shield", "bonus": 4, "max_dex": 2, "check_penalty": -10,
                      "spell_failure": 50, "weight_lb": 45}),
    ("padded", {"bonus": 1, "max_dex": 8, "check_penalty": 0, "spell_failure": 5}),
    ("breastplate", {"category": "medium", "bonus": 5, "max_dex": 3, "check_penalty": -4,
                     "spell_failure": 25, "cost_gp": 200}),
    ("splint_mail", {"bonus": 6, "max_dex": 0, "check_penalty": -7, "spell_failure": 40}),
    ("buckler", {"bonus": 1, "max_dex": -1, "check_penalty": -1, "spell_failure": 5}),
    ("heavy_steel_shield", {"bonus": 2, "check_penalty": -2, "spell_failure": 15,
                            "cost_gp": 20, "weight_lb": 15}),
])
def test_armor_spot_checks(aid, fields):
    a = ARMOR[aid]
    assert {k: a[k] for k in fields} == fields


def test_armor_french_names_where_known():
    assert ARMOR["leather"]["name_fr"] == "Armure de cuir"
    assert ARMOR["chainmail"]["name_fr"] == "Cotte de mailles"
    assert ARMOR["full_plate"]["name_fr"] == "Harnois"
    assert ARMOR["tower_shield"]["name_fr"] == "Pavois"


# --------------------------------------------------------------------------- feats


def test_required_feats_are_present():
    assert [f for f in REQUIRED_FEAT_IDS if f not in FEATS] == []


@pytest.mark.parametrize("fid", sorted(FEATS))
def test_feat_schema(fid):
    f = FEATS[fid]
    assert schema_errors(f, {**NAMED_SCHEMA, "summary_en": str}) == []
    assert set(f) == {"name_en", "name_fr", "summary_en"}
    assert f["summary_en"].strip() and "\n" not in f["summary_en"]


@pytest.mark.parametrize("fid, name_fr", [
    ("combat_reflexes", "Attaques réflexes"),
    ("improved_bull_rush", "Science de la bousculade"),
    ("improved_feint", "Science de la feinte"),
    ("run", "Course"),
    ("power_attack", "Attaque en puissance"),
    ("cleave", "Enchaînement"),
    ("great_cleave", "Succession d'enchaînements"),
    ("improved_trip", "Science du croc-en-jambe"),
    ("combat_expertise", "Expertise du combat"),
    ("whirlwind_attack", "Attaque en rotation"),
    ("trample", "Piétinement"),
    ("precise_shot", "Tir de précision"),
])
def test_feat_french_names(fid, name_fr):
    assert FEATS[fid]["name_fr"] == name_fr


# --------------------------------------------------------------------------- conditions


def test_required_conditions_are_present():
    assert [c for c in REQUIRED_CONDITION_IDS if c not in CONDITIONS] == []


def test_every_condition_a_scenario_may_name_has_its_names_in_both_languages():
    """The badges, the log and the tooltips name every condition (issue 14: no id shown to
    the player): each one a scenario or a spell can give has an English and a French name."""
    from game.rules.conditions import KNOWN_CONDITIONS
    missing = [c for c in sorted(KNOWN_CONDITIONS)
               if not CONDITIONS.get(c, {}).get("name_en") or not CONDITIONS.get(c, {}).get("name_fr")]
    assert missing == []


@pytest.mark.parametrize("cid", sorted(CONDITIONS))
def test_condition_schema(cid):
    c = CONDITIONS[cid]
    assert schema_errors(c, NAMED_SCHEMA) == []
    assert set(c) <= {"name_en", "name_fr", "summary_en"}


@pytest.mark.parametrize("cid, name_fr", [
    ("flat_footed", "Pris au dépourvu"),
    ("prone", "À terre"),
    ("helpless", "Sans défense"),
    ("pinned", "Immobilisé"),
    ("total_defense", "Défense totale"),
])
def test_condition_french_names(cid, name_fr):
    assert CONDITIONS[cid]["name_fr"] == name_fr


# --------------------------------------------------------------------------- names


@pytest.mark.parametrize("table_name, table", [
    ("weapons", WEAPONS), ("feats", FEATS), ("conditions", CONDITIONS), ("armor", ARMOR),
])
def test_every_entry_has_an_english_name(table_name, table):
    assert [i for i, e in table.items() if not e.get("name_en", "").strip()] == []


@pytest.mark.parametrize("table_name, table", [
    ("weapons", WEAPONS), ("feats", FEATS), ("conditions", CONDITIONS),
])
def test_every_french_name_is_filled(table_name, table):
    assert [i for i, e in table.items() if not e.get("name_fr", "").strip()] == []


@pytest.mark.parametrize("table_name, table", [
    ("weapons", WEAPONS), ("feats", FEATS), ("conditions", CONDITIONS), ("armor", ARMOR),
])
def test_names_are_unique(table_name, table):
    for lang in ("name_en", "name_fr"):
        names = [e[lang] for e in table.values() if lang in e]
        dupes = sorted({n for n in names if names.count(n) > 1})
        if table_name == "weapons" and lang == "name_fr":
            # The French 3.5 names reuse "Dard" for the dart and the sting.
            dupes = [n for n in dupes if n != "Dard"]
        assert dupes == []
