"""Templates a scenario creature can start from (``template = "orc"``): the SRD monsters of
``data/bestiary.toml`` and the ready-made heroes of ``data/heroes.toml``; and the special
substances of ``data/substances.toml``.

A template is a plain dict as written in its file (see the schema at the top of
``bestiary.toml``). ``scenario_keys`` turns one into the keys a scenario creature may write,
so that a template and hand-written keys go through the same validation and give the same
``CreatureSpec``.
"""
from __future__ import annotations

from functools import lru_cache

from ..rules.modifiers import ability_modifier
from . import DATA_DIR, read_table, substances as _substances
from .errors import ContentError

TEMPLATE_FILES = ("bestiary.toml", "heroes.toml")
# The special substances (acid, alchemist's fire ...) by id: the same table as data's.
substances = _substances

# Special attacks and qualities a template may list, with their display names. Parameters
# are documented where they are used (bestiary.toml, heroes.toml). The combat engine reads
# none of them yet (see the README's "Templates" section).
SPECIALS: dict[str, tuple[str, str]] = {
    # senses
    "darkvision": ("Darkvision", "Vision dans le noir"),
    "low_light_vision": ("Low-light vision", "Vision nocturne"),
    "scent": ("Scent", "Odorat"),
    "tremorsense": ("Tremorsense", "Perception des vibrations"),
    "blindsight": ("Blindsight", "Perception aveugle"),
    "light_sensitivity": ("Light sensitivity", "Sensibilité à la lumière"),
    # special attacks
    "trip": ("Trip", "Croc-en-jambe"),
    "improved_grab": ("Improved grab", "Étreinte"),
    "paralysis": ("Paralysis", "Paralysie"),
    "rend": ("Rend", "Éventration"),
    "pounce": ("Pounce", "Bond"),
    "rake": ("Rake", "Pattes arrière"),
    "web": ("Web", "Toile"),
    "poison": ("Poison", "Poison"),
    "energy_drain": ("Energy drain", "Absorption d'énergie"),
    "create_spawn": ("Create spawn", "Création de rejetons"),
    "disease": ("Disease", "Maladie"),
    "stench": ("Stench", "Puanteur"),
    "rock_throwing": ("Rock throwing", "Lancer de rochers"),
    "rock_catching": ("Rock catching", "Interception de rochers"),
    "acid": ("Acid", "Acide"),
    "constrict": ("Constrict", "Constriction"),
    # special qualities
    "regeneration": ("Regeneration", "Régénération"),
    "turn_resistance": ("Turn resistance", "Résistance au renvoi"),
    "damage_reduction": ("Damage reduction", "Réduction des dégâts"),
    "immunity": ("Immunity", "Immunité"),
    "single_actions": ("Single actions only", "Actions simples uniquement"),
    "split": ("Split", "Division"),
    "undead_traits": ("Undead traits", "Traits des morts-vivants"),
    "vermin_traits": ("Vermin traits", "Traits des vermines"),
    "ooze_traits": ("Ooze traits", "Traits des vases"),
    "elemental_traits": ("Elemental traits", "Traits des élémentaires"),
    # class and race features of the heroes
    "sneak_attack": ("Sneak attack", "Attaque sournoise"),
    "trapfinding": ("Trapfinding", "Recherche des pièges"),
    "evasion": ("Evasion", "Esquive totale"),
    "trap_sense": ("Trap sense", "Sens des pièges"),
    "uncanny_dodge": ("Uncanny dodge", "Esquive instinctive"),
    "turn_undead": ("Turn undead", "Renvoi des morts-vivants"),
    "spontaneous_casting": ("Spontaneous casting", "Incantation spontanée"),
    "nature_sense": ("Nature sense", "Instinct naturel"),
    "wild_empathy": ("Wild empathy", "Empathie sauvage"),
    "woodland_stride": ("Woodland stride", "Déplacement facilité"),
    "trackless_step": ("Trackless step", "Absence de traces"),
    "aura_of_good": ("Aura of good", "Aura de Bien"),
    "detect_evil": ("Detect evil", "Détection du Mal"),
    "smite_evil": ("Smite evil", "Châtiment du Mal"),
    "divine_grace": ("Divine grace", "Grâce divine"),
    "lay_on_hands": ("Lay on hands", "Imposition des mains"),
    "aura_of_courage": ("Aura of courage", "Aura de bravoure"),
    "divine_health": ("Divine health", "Santé divine"),
    "special_mount": ("Special mount", "Monture"),
    "stonecunning": ("Stonecunning", "Connaissance de la pierre"),
    "stability": ("Stability", "Stabilité"),
    "dwarf_combat_training": ("Dodge bonus against giants", "Bonus d'esquive contre les géants"),
    "dwarf_hatred": ("+1 to hit orcs and goblinoids", "+1 pour toucher les orques et les gobelinoïdes"),
    "dwarf_hardiness": ("+2 on saves against poison, spells and spell-like effects",
                        "+2 aux sauvegardes contre le poison, les sorts et les pouvoirs magiques"),
    "halfling_luck": ("Halfling luck (+1 on all saves)", "Chance des halfelins (+1 aux sauvegardes)"),
    "halfling_courage": ("+2 on saves against fear", "+2 aux sauvegardes contre la terreur"),
    "halfling_throwing": ("+1 to hit with thrown weapons and slings", "+1 pour toucher avec les armes de jet et la fronde"),
    "elf_immunities": ("Immunity to sleep, +2 against enchantments", "Immunité au sommeil, +2 contre les enchantements"),
    "empathic_link": ("Empathic link", "Lien empathique"),
    "improved_evasion": ("Improved evasion", "Esquive surnaturelle"),
    "share_spells": ("Share spells", "Partage des sorts"),
    "share_saving_throws": ("Share saving throws", "Partage des jets de sauvegarde"),
    "flurry_of_blows": ("Flurry of blows", "Déluge de coups"),
    "unarmed_strike": ("Unarmed strike (monk)", "Combat à mains nues (moine)"),
    "monk_ac_bonus": ("AC bonus (Wisdom)", "Bonus à la CA (Sagesse)"),
    "fast_movement": ("Fast movement", "Déplacement accéléré"),
    "still_mind": ("Still mind", "Esprit impassible"),
    "ki_strike": ("Ki strike (magic)", "Frappe ki (magique)"),
    "slow_fall": ("Slow fall", "Chute ralentie"),
    "purity_of_body": ("Purity of body", "Pureté physique"),
}

# The spells a hero may prepare: the spell ids of data-digest §5 (the game has no spell
# table yet; these are the ones whose combat numbers the digest gives), and Feather Fall,
# the SRD's example of an immediate action (issue 11).
KNOWN_SPELLS = frozenset({
    "magic_missile", "shocking_grasp", "ray_of_frost", "burning_hands", "sleep", "color_spray", "grease",
    "cure_light_wounds", "inflict_light_wounds", "bless", "magic_weapon", "shield_of_faith",
    "spiritual_weapon", "flaming_sphere", "hold_person", "scorching_ray", "web", "fireball", "haste", "slow",
    "feather_fall", "summon_natures_ally_i", "bless_water",
})

# Skills the engine reads from the stats, without their ability modifier (it adds it).
SKILL_ABILITY = {"ride": "dex", "bluff": "cha", "sense_motive": "wis", "escape_artist": "dex", "climb": "str",
                 "swim": "str", "spot": "wis", "tumble": "dex", "use_magic_device": "cha",
                 "heal": "wis"}
# Special abilities the engine looks for among the feats.
SPECIALS_AS_FEATS = ("improved_grab",)

# Keys of a template copied as they are into a scenario creature.
_COPIED = ("size", "reach", "speed", "weapon", "off_hand", "inventory", "armor", "shield", "feats", "conditions",
           "hp", "bab")
ABILITIES = ("str", "dex", "con", "int", "wis", "cha")
# Each save and its ability.
SAVE_ABILITY = {"fort": "con", "ref": "dex", "will": "wis"}


@lru_cache(maxsize=1)
def bestiary() -> dict[str, dict]:
    """The SRD monsters, by template id."""
    return read_table("bestiary.toml")


@lru_cache(maxsize=1)
def heroes() -> dict[str, dict]:
    """The ready-made heroes (one entry per hero and level), by template id."""
    return read_table("heroes.toml")


@lru_cache(maxsize=1)
def templates() -> dict[str, dict]:
    """Every template: the bestiary's, then the heroes'. An id in both files is an error."""
    out = dict(bestiary())
    for tid, entry in heroes().items():
        if tid in out:
            raise ContentError(DATA_DIR / "heroes.toml", tid, "template id already used in bestiary.toml")
        out[tid] = entry
    return out


def template_file(tid: str) -> str:
    return "heroes.toml" if tid in heroes() else "bestiary.toml"


def get(tid: str) -> dict | None:
    return templates().get(tid)


def main_attack(entry: dict) -> dict:
    """The first attack of the first full-attack routine: what ``weapon`` stands for."""
    return entry["full_attack"][0][0]


def scenario_keys(entry: dict) -> dict:
    """The scenario creature keys a template stands for (before the creature's own keys).

    ``ac`` is NOT given: the engine computes it from armour, shield, Dex, size and
    ``natural_armor``, which reproduce the SRD total (tests check it), so a creature that
    changes its armour or Dex in a scenario gets the right AC.
    """
    keys: dict = {k: entry[k] for k in _COPIED if k in entry}
    if entry.get("substances"):
        # Flasks and stones are carried like weapons, to throw (``throw_splash``).
        keys["inventory"] = list(entry.get("inventory", [])) + list(entry["substances"])
    abilities = entry.get("abilities", {})
    for ability, score in abilities.items():
        keys[ability] = score
    for mode in ("climb", "swim"):
        feet = entry.get("other_speeds", {}).get(f"{mode}_ft", 0)
        if feet:
            keys[f"{mode}_speed"] = feet * 3 / 10      # 5 ft a square, 1.5 m (like ``speed``)
    natural = entry.get("ac_parts", {}).get("natural", 0)
    if natural:
        keys["natural_armor"] = natural
    for save in SAVE_ABILITY:       # the totals, as the stat block prints them
        if save in entry.get("saves", {}):
            keys[save] = entry["saves"][save]
    # What the combat engine reads from a creature's stats (turning, trip, feint, mounts).
    special = entry.get("special", {})
    keys["hd"] = hit_dice(entry)
    if entry.get("type") == "undead":
        keys["undead"] = True
    if "int" not in abilities:
        keys["mindless"] = True
    if entry.get("type", "humanoid") != "humanoid":
        keys["non_humanoid"] = True
    if entry.get("type") == "giant":
        keys["giant"] = True             # a dwarf's combat training dodges its blows (``attacks``)
    for subtype in ("orc", "goblinoid"):
        if subtype in entry.get("subtypes", []):
            keys[subtype] = True         # a dwarf's hatred: +1 to hit it (``racial``)
    if entry.get("stable") or "stability" in special:
        keys["stable"] = True
    if entry.get("combat_trained"):
        keys["combat_trained"] = True
    if "darkvision" in special:
        keys["darkvision"] = True        # sees in the map's darkness (``rules.concealment``)
    if entry.get("rideable"):
        keys["rideable"] = True          # a mount: what ``mount`` may ride (French text, "combat monté")
    if "turn_resistance" in special:
        keys["turn_resistance"] = special["turn_resistance"]["value"]
    if entry.get("class") in ("cleric", "paladin", "monk"):
        keys[f"{entry['class']}_level"] = entry["level"]
    if entry.get("spells"):
        keys["spells"] = list(entry["spells"])
        keys["caster_class"] = entry.get("class", "")
        keys["caster_level"] = entry.get("level", 1)
    if entry.get("spell_slots"):
        keys["spell_slots"] = list(entry["spell_slots"])
    if entry.get("feat_choices"):
        keys["feat_choices"] = dict(entry["feat_choices"])
    for skill, ability in SKILL_ABILITY.items():
        if skill in entry.get("skills", {}):
            keys[skill] = entry["skills"][skill] - ability_modifier(abilities.get(ability, 10))
    return keys


def hit_dice(entry: dict) -> int:
    """The number of Hit Dice: "4d8+11" -> 4."""
    return int(str(entry["hd"]).split("d", 1)[0])


def feats_from_special(entry: dict) -> tuple[str, ...]:
    """Special abilities the engine reads as feats (improved grab: grab without provoking)."""
    return tuple(s for s in SPECIALS_AS_FEATS if s in entry.get("special", {}))
