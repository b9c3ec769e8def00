"""What an action needs before any of its arguments matter: a prone creature to stand up,
a weapon to sheathe, a grapple to grapple in, a held charge to deliver … (each rule is
cited by the handler it guards). ``play`` asks an action's gate before its handler, so a
gate's refusal is ``act``'s own; ``options`` asks the gates alone — no dry run — for the
many actions a creature cannot take at all, which is most of its answer's cost.

A gate only reads. ``SETTLED`` names the actions whose gate is all that can refuse them
(their handler refuses nothing else before a die), so ``options`` offers them on the
gate's word. The weapon tables the gates read (``LOADING``, ``GARROTES``) are here, below
the actions that use them.
"""
from __future__ import annotations

from ... import data
from ...rules import domains
from ...rules.geometry import Square
from ...rules.maneuvers import can_sunder_with
from ...rules.reasons import Refusal
from ...rules.terrain import MOVABLE
from ...rules.turning import turning_level
from .. import budget
from ..components import (Conditions, Defense, Feats, Grapple, Hands, Inventory, Loaded, Quiver, Riding, Spellcasting,
                          Speed, SpellEffects, SpellLike, Stats, Timing, TurnState, TurnUses, Webs, Wielded)


# How long loading takes (data-digest §1): a move action, or a full-round action, and the
# shots loaded.
LOADING = {"hand_crossbow": ("move", 1), "light_crossbow": ("move", 1), "sling": ("move", 1),
           "heavy_crossbow": ("full_round", 1), "repeating_light_crossbow": ("full_round", 5),
           "repeating_heavy_crossbow": ("full_round", 5)}
# The garrotes (French text, "le garrot").
GARROTES = ("garrote_cord", "garrote_wire", "garrote_locking")
LOCKING_GARROTES = frozenset({"garrote_locking"})
# A rock face, the one terrain climbed (README, "Rulings": one-storey faces).
FACE = "cliff"
WATER = "deep_water"
DOORS = frozenset({"door", "open_door"})
WEB_SHEETS = frozenset({"web_sheet"})
FACES = frozenset({FACE})
WATERS = frozenset({WATER})


def _needs(kind: str):
    def gate(battle, who: str) -> Refusal | None:
        return budget.refusal(battle.read(who, TurnState), kind)
    return gate


def _prone(battle, who: str) -> Refusal | None:
    return None if "prone" in battle.read(who, Conditions).ids else Refusal("NOT_PRONE")


def stand_up(battle, who: str) -> Refusal | None:
    return _prone(battle, who) or budget.refusal(battle.read(who, TurnState), "move")


def drop_prone(battle, who: str) -> Refusal | None:
    return Refusal("ALREADY_PRONE") if "prone" in battle.read(who, Conditions).ids else None


def _locked(battle, who: str) -> bool:
    return bool(battle.read(who, Stats).values.get("locked_gauntlet"))


def drop(battle, who: str) -> Refusal | None:
    held = battle.read(who, Wielded).weapon_id
    if held == "unarmed":
        return Refusal("HAND_EMPTY")
    return Refusal("WEAPON_LOCKED", {"weapon": held}) if _locked(battle, who) else None


def sheathe(battle, who: str) -> Refusal | None:
    return drop(battle, who) or budget.refusal(battle.read(who, TurnState), "move")


def load(battle, who: str) -> Refusal | None:
    weapon = battle.read(who, Wielded).weapon_id
    if weapon not in LOADING:
        return Refusal("NOTHING_TO_LOAD", {"weapon": weapon})
    if battle.read(who, Loaded).shots >= LOADING[weapon][1]:
        return Refusal("ALREADY_LOADED", {"weapon": weapon})
    return out_of_ammunition(battle, who, weapon)


def out_of_ammunition(battle, who: str, weapon: str) -> Refusal | None:
    """Nothing left to shoot from the quiver or the pouch (``Quiver``; a quiver not counted
    never runs out)."""
    left = battle.read(who, Quiver).left
    return Refusal("OUT_OF_AMMUNITION", {"weapon": weapon}) if left is not None and left <= 0 else None


def stow(battle, who: str) -> Refusal | None:
    return None if battle.read(who, Hands).holding else Refusal("NOTHING_HELD")


def _gauntlet(lock: bool):
    def gate(battle, who: str) -> Refusal | None:
        values = battle.read(who, Stats).values
        if "locked_gauntlet" not in values:
            return Refusal("NO_LOCKED_GAUNTLET")
        if bool(values["locked_gauntlet"]) == lock:
            return Refusal("GAUNTLET_ALREADY_LOCKED" if lock else "GAUNTLET_ALREADY_UNLOCKED")
        return None
    return gate


def extinguish(battle, who: str) -> Refusal | None:
    return None if "burning" in battle.read(who, Conditions).ids else Refusal("NOT_BURNING")


def spell_web_squares(battle) -> frozenset[Square]:
    """The squares the battle's Web spells fill (data-digest §5, ``web``)."""
    return frozenset(tuple(sq) for o in battle.shared_read.overlays.values() if o.kind == "web" for sq in o.squares)


def in_spell_web(battle, who: str) -> bool:
    """Its space is in a Web spell's strands: caught there, entangled (SRD Web)."""
    if not battle.shared_read.overlays:
        return False
    area = spell_web_squares(battle)
    return bool(area) and any(sq in area for sq in battle.board().body(who).squares)


def break_free(battle, who: str) -> Refusal | None:
    """Out of a spider's web, a tanglefoot bag's goo, or a Web spell that glued it. One
    loose in a Web spell is still entangled but frees itself only by going out of it
    (``web_spell``: "Once loose [...] a creature remains entangled, but may move through
    the web very slowly")."""
    conds = battle.read(who, Conditions).ids
    if not battle.read(who, Webs).caught and "glued" not in conds and in_spell_web(battle, who):
        return Refusal("LOOSE_IN_WEB")
    if battle.read(who, Webs).caught or {"glued", "entangled"} & conds:
        return None
    return Refusal("NOT_STUCK")


def move_through_web(battle, who: str) -> Refusal | None:
    """Moving through a Web spell's strands (``web_spell``): in one, loose, with a
    full-round action left ("each round devoted to moving")."""
    if not in_spell_web(battle, who):
        return Refusal("NOT_IN_A_WEB")
    if "glued" in battle.read(who, Conditions).ids:
        return Refusal("GLUED_IN_WEB")
    return budget.refusal(battle.read(who, TurnState), "full_round")


def cease_concentration(battle, who: str) -> Refusal | None:
    return None if battle.read(who, Spellcasting).maintained is not None else Refusal("NOTHING_MAINTAINED")


def concentrate(battle, who: str) -> Refusal | None:
    maintained = battle.read(who, Spellcasting).maintained
    if maintained is None:
        return Refusal("NOTHING_MAINTAINED")
    return Refusal("ALREADY_CONCENTRATED") if maintained["round"] == battle.round else None


def grappling(battle, who: str) -> Refusal | None:
    return None if battle.read(who, Grapple).holding else Refusal("NOT_GRAPPLING")


def garrote(battle, who: str) -> Refusal | None:
    return None if battle.read(who, Wielded).weapon_id in GARROTES else Refusal("NO_GARROTE")


def cut_garrote(battle, who: str) -> Refusal | None:
    """A garrote round its throat, or a locked one round anyone's (a friend cuts it off,
    ``grapple.do_cut_garrote``, which judges the reach)."""
    if any(g.garroting == who or g.locked is not None for _c, g in battle.each(Grapple)):
        return None
    return Refusal("NOT_GARROTED")


def _turning(rebuke: bool | None):
    def gate(battle, who: str) -> Refusal | None:
        stats = battle.read(who, Stats).values
        if turning_level(stats.get("cleric_level", 0), stats.get("paladin_level", 0)) <= 0:
            return Refusal("CANNOT_TURN")
        if rebuke is None:                                  # dispelling and bolstering: evil clerics
            return None if stats.get("evil") else Refusal("CANNOT_TURN")
        if bool(stats.get("evil")) != rebuke:
            return Refusal("WRONG_ENERGY", {"action": "rebuke_undead" if rebuke else "turn_undead"})
        return None
    return gate


def _domain_power(mode: str, action: str):
    """A domain's turning power: a cleric with a domain that grants it (``rules.domains``)."""
    def gate(battle, who: str) -> Refusal | None:
        if battle.read(who, Stats).values.get("cleric_level", 0) <= 0:
            return Refusal("CANNOT_TURN")
        if not domains.kinds_open(battle.spec(who).domains, mode):
            return Refusal("NO_DOMAIN_POWER", {"kind": "—", "action": action})
        return None
    return gate


def mounted(battle, who: str) -> Refusal | None:
    return None if battle.read(who, Riding).mount else Refusal("NOT_MOUNTED")


def web(battle, who: str) -> Refusal | None:
    spider = battle.spec(who).special.get("web")
    if spider is None:
        return Refusal("NO_WEB")
    if battle.read(who, Webs).thrown >= spider["per_day"]:
        return Refusal("WEB_USED_UP", {"per_day": spider["per_day"]})
    return None


def touch(battle, who: str) -> Refusal | None:
    return None if battle.read(who, Spellcasting).held_charge else Refusal("NO_CHARGE_HELD")


def direct_spell(battle, who: str) -> Refusal | None:
    effects = battle.read(who, SpellEffects)
    if effects.spiritual or effects.sphere:
        return None
    return Refusal("NOTHING_TO_DIRECT")


def commanded(battle, who: str) -> Refusal | None:
    if any(uses.commanded_by == who for _c, uses in battle.each(TurnUses)):
        return None
    return Refusal("NOT_COMMANDED", {"undead": "—"})


def use_spell_like(battle, who: str) -> Refusal | None:
    return None if battle.read(who, SpellLike).uses else Refusal("NO_SPELL_LIKE", {"spell": "—"})


def delay(battle, who: str) -> Refusal | None:
    ts = battle.read(who, TurnState)
    return Refusal("DELAY_AFTER_ACTING") if ts.acted or ts.moved or ts.stepped else None


def complete_full_round(battle, who: str) -> Refusal | None:
    started = battle.read(who, Timing).full_round
    if started is None or started.round != battle.round - 1:
        return Refusal("NOTHING_TO_COMPLETE")
    return None


def continue_casting(battle, who: str) -> Refusal | None:
    pending = battle.read(who, Spellcasting).pending
    if not (pending and pending.get("minute")) or pending["continued"] == battle.round:
        return Refusal("NOTHING_TO_CONTINUE")
    return None


def start_full_round(battle, who: str) -> Refusal | None:
    return None if battle.read(who, TurnState).restricted else Refusal("NOT_RESTRICTED")


def crawl(battle, who: str) -> Refusal | None:
    return _prone(battle, who)


def _has_shield(battle, who: str) -> bool:
    """A shield not broken and not lying on the ground."""
    return battle.read(who, Defense).shield_bonus > 0 and not battle.read(who, Hands).shield_dropped


def ready_shield(battle, who: str) -> Refusal | None:
    if battle.read(who, Hands).shield_ready or not _has_shield(battle, who):
        return Refusal("NO_SHIELD_TO_READY")
    return None


def loose_shield(battle, who: str) -> Refusal | None:
    if not battle.read(who, Hands).shield_ready or not _has_shield(battle, who):
        return Refusal("NO_SHIELD_TO_READY")
    return None


def drop_shield(battle, who: str) -> Refusal | None:
    """Only a shield carried but not worn is dropped for free (French text, "préparer ou
    détacher un bouclier": "Lâcher un bouclier qu'on tient à la main (sans qu'il soit
    attaché) est une action libre"); a strapped one is loosed first."""
    if not _has_shield(battle, who):
        return Refusal("NO_SHIELD_TO_READY")
    return Refusal("SHIELD_STRAPPED_ON") if battle.read(who, Hands).shield_ready else None


def _around(battle, who: str) -> set[Square]:
    """The squares next to the creature's space (its own left out)."""
    mine = set(battle.board().body(who).squares)
    return {(x + dx, y + dy) for x, y in mine for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - mine


def doors_next_to(battle, who: str) -> list[Square]:
    """Door squares, open or closed, next to the creature's space: the only doors it can
    work (README ruling, "doors")."""
    doors = battle.current_terrain().squares_of(DOORS)
    return sorted(_around(battle, who) & doors) if doors else []


def standing_seals(battle) -> dict[Square, int]:
    """The scenario's sealed doors (``[[sealed_door]]``) no channelled energy has opened or
    shattered yet: door square -> the Hit Dice the turning check must reach."""
    broken = battle.shared_read.seals_broken
    return {at: hd for at, hd in battle.scenario.sealed_doors.items() if at not in broken}


def sealed_doors_next_to(battle, who: str) -> list[Square]:
    """The standing sealed doors next to the creature's space: those it may channel at
    (our ruling, "devant un prêtre": the channeller stands before the door)."""
    seals = standing_seals(battle)
    return sorted(_around(battle, who) & set(seals)) if seals else []


def faces_next_to(battle, who: str) -> list[Square]:
    """Where a climb may go: the rock-face squares next to it, or every square around
    when it is on a face (it may climb off)."""
    return _medium_next_to(battle, who, FACES)


def _medium_next_to(battle, who: str, kinds: frozenset[str]) -> list[Square]:
    """The squares of those kinds (a rock face, deep water) next to the creature, or every
    square around when it is in one (it may climb or swim out); none on most maps."""
    terrain = battle.current_terrain()
    found = terrain.squares_of(kinds)
    if not found:
        return []
    x, y = battle.board().body(who).pos
    around = [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]
    if (x, y) in found:
        return [sq for sq in around if terrain.in_bounds(sq)]
    return [sq for sq in around if sq in found]


def heavy_objects_next_to(battle, who: str) -> list[Square]:
    """The movable heavy objects (crates) next to the creature's space: the only ones it
    can push or drag (``actions.heavy``); none on most maps."""
    found = battle.current_terrain().squares_of(MOVABLE)
    return sorted(_around(battle, who) & found) if found else []


def cut_web(battle, who: str) -> Refusal | None:
    """Cutting a web sheet (``web_sheets``) is a standard action, with a section in reach:
    in the creature's space or next to it."""
    webs = battle.current_terrain().squares_of(WEB_SHEETS)
    if not webs or not (_around(battle, who) | set(battle.board().body(who).squares)) & webs:
        return Refusal("NO_WEB_SHEET_NEAR")
    return budget.refusal(battle.read(who, TurnState), "standard")


def move_object(battle, who: str) -> Refusal | None:
    """Moving a heavy object is a move action, with one next to the creature."""
    if not heavy_objects_next_to(battle, who):
        return Refusal("NO_HEAVY_OBJECT_NEAR")
    return budget.refusal(battle.read(who, TurnState), "move")


def door(battle, who: str) -> Refusal | None:
    return None if doors_next_to(battle, who) else Refusal("NO_DOOR_NEAR")


def channel_at_door(battle, who: str) -> Refusal | None:
    """A cleric or paladin who turns or rebukes undead, standing before a sealed door."""
    stats = battle.read(who, Stats).values
    if turning_level(stats.get("cleric_level", 0), stats.get("paladin_level", 0)) <= 0:
        return Refusal("CANNOT_TURN")
    return None if sealed_doors_next_to(battle, who) else Refusal("NO_SEALED_DOOR_NEAR")


def climb(battle, who: str) -> Refusal | None:
    """Small and Medium creatures climb one-storey faces (README, "Rulings"); one with a
    climb speed walks them (``climbing``)."""
    if battle.read(who, Speed).climb:
        return Refusal("CLIMBS_AT_ITS_SPEED")
    if battle.board().body(who).span != 1:
        return Refusal("TOO_BIG_TO_CLIMB")
    return None if faces_next_to(battle, who) else Refusal("NOTHING_TO_CLIMB")


def water_next_to(battle, who: str) -> list[Square]:
    """Where a swim may go: the deep-water squares next to it, or every square around
    when it is in the water (it may swim out)."""
    return _medium_next_to(battle, who, WATERS)


def swim(battle, who: str) -> Refusal | None:
    """Small and Medium creatures swim (README, "Rulings"); one with a swim speed moves in
    the water (``swimming``)."""
    if battle.read(who, Speed).swim:
        return Refusal("SWIMS_AT_ITS_SPEED")
    if battle.board().body(who).span != 1:
        return Refusal("TOO_BIG_TO_SWIM")
    return None if water_next_to(battle, who) else Refusal("NO_WATER_NEAR")


def draw(battle, who: str) -> Refusal | None:
    weapons = data.weapons()
    return None if any(i in weapons for i in battle.read(who, Inventory).items) else Refusal("NOTHING_TO_DRAW")


def use_item(battle, who: str) -> Refusal | None:
    items = data.magic_items()
    return None if any(i in items for i in battle.read(who, Inventory).items) else Refusal("NO_MAGIC_ITEM")


def throw_splash(battle, who: str) -> Refusal | None:
    subs = data.substances()
    if any(i in subs and subs[i].get("range_ft") for i in battle.read(who, Inventory).items):
        return None
    return Refusal("NO_SPLASH_WEAPON")


def pick_up(battle, who: str) -> Refusal | None:
    ground = battle.shared_read.ground
    if any(ground.get(sq) for sq in _around(battle, who) | set(battle.board().body(who).squares)):
        return None
    return Refusal("NOTHING_LYING_NEAR")


def cast(battle, who: str) -> Refusal | None:
    """A spell prepared, or spells known (French text, "lancer un sort"): which spell and
    which slot is the handler's to say."""
    sc = battle.read(who, Spellcasting)
    if sc.prepared or sc.known:
        return None
    return Refusal("NO_SPELL_READY") if sc.caster_class or sc.caster_level else Refusal("NOT_A_CASTER")


def retrieve(battle, who: str) -> Refusal | None:
    """Something stored to take out: weapons are drawn, not retrieved (``do_retrieve``)."""
    weapons = data.weapons()
    if any(i not in weapons for i in battle.read(who, Inventory).items):
        return None
    return Refusal("NOTHING_TO_RETRIEVE")


def sunder(battle, who: str) -> Refusal | None:
    """A melee sunder needs a slashing or bludgeoning weapon (French text, "destruction
    d'arme"); a ranged weapon shoots at objects instead (``objects.strike_object``)."""
    weapon = battle.board().body(who).weapon
    if weapon.is_ranged or can_sunder_with(weapon):
        return None
    return Refusal("SUNDER_NEEDS_SLASHING_OR_BLUDGEONING", {"weapon": weapon.id})


def first_aid(battle, who: str) -> Refusal | None:
    """First aid needs a dying creature on the field (``actions.first_aid`` judges whose)."""
    if any("dying" in b.conditions for b in battle.board().bodies if b.id != who):
        return None
    return Refusal("NOBODY_DYING")


def coup_de_grace(battle, who: str) -> Refusal | None:
    """A coup de grace needs a helpless foe (digest §9.3): with none on the board, none."""
    if any(b.is_helpless and "dead" not in b.conditions for b in battle.board().bodies if b.id != who):
        return None
    return Refusal("NOBODY_HELPLESS")


def whirlwind_attack(battle, who: str) -> Refusal | None:
    """Whirlwind Attack needs its feat (``actions.whirlwind``)."""
    return None if "whirlwind_attack" in battle.read(who, Feats).ids else Refusal("NO_WHIRLWIND_ATTACK_FEAT")


def spring_attack(battle, who: str) -> Refusal | None:
    """Spring Attack or Shot on the Run, whichever the weapon in hand calls for."""
    ranged = battle.board().body(who).weapon.is_ranged
    feat = "shot_on_the_run" if ranged else "spring_attack"
    if feat in battle.read(who, Feats).ids:
        return None
    return Refusal("NO_SHOT_ON_THE_RUN_FEAT" if ranged else "NO_SPRING_ATTACK_FEAT")


def cannot_speak(battle, cid: str) -> bool:
    """Silenced, gagged, or pinned by a foe that keeps it from speaking (French text,
    "lutte": the pinner "peut aussi l'empêcher de parler s'il le désire")."""
    if {"silenced", "gagged"} & battle.read(cid, Conditions).ids or battle.read(cid, Grapple).locked is not None:
        return True                                 # a locked garrote strangles it (``garrote_lock``)
    pinner = battle.read(cid, Grapple).pinned_by
    return bool(pinner and battle.has(pinner) and battle.read(pinner, Grapple).pinning == cid
                and battle.read(pinner, Grapple).hushing)


def speak(battle, who: str) -> Refusal | None:
    return Refusal("CANNOT_SPEAK") if cannot_speak(battle, who) else None


def charge(battle, who: str) -> Refusal | None:
    """A charge is the creature's only movement this round (French text, "charger")."""
    ts = battle.read(who, TurnState)
    return Refusal("CHARGE_AFTER_MOVING") if ts.moved or ts.stepped else None


GATES = {
    "total_defense": _needs("standard"), "stand_up": stand_up, "drop_prone": drop_prone, "drop": drop,
    "sheathe": sheathe, "load": load, "stow": stow, "lock_gauntlet": _gauntlet(True),
    "unlock_gauntlet": _gauntlet(False), "extinguish": extinguish, "break_free": break_free,
    "move_through_web": move_through_web,
    "concentrate": concentrate, "cease_concentration": cease_concentration, "garrote": garrote, "cut_garrote": cut_garrote,
    "turn_undead": _turning(False), "rebuke_undead": _turning(True), "dispel_turning": _turning(None),
    "bolster_undead": _turning(True), "turn_creatures": _domain_power("turn", "turn_creatures"),
    "rebuke_creatures": _domain_power("rebuke", "rebuke_creatures"),
    "bolster_creatures": _domain_power("bolster", "bolster_creatures"), "dismount": mounted, "ride": mounted,
    "web": web, "touch": touch,
    "direct_spell": direct_spell, "command_undead": commanded, "release_undead": commanded,
    "use_spell_like": use_spell_like, "delay": delay, "complete_full_round": complete_full_round,
    "continue_casting": continue_casting, "first_aid": first_aid,
    "start_full_round": start_full_round, "crawl": crawl, "ready_shield": ready_shield, "loose_shield": loose_shield,
    "drop_shield": drop_shield,
    "end_turn": lambda battle, who: None,
    "open_door": door, "close_door": door, "channel_at_door": channel_at_door, "move_object": move_object, "cut_web": cut_web,
    "climb": climb, "swim": swim, "draw": draw, "use_item": use_item,
    "throw_splash": throw_splash, "pick_up": pick_up, "cast": cast, "retrieve_component": cast,
    "charge": charge, "speak": speak, "whirlwind_attack": whirlwind_attack, "spring_attack": spring_attack, "retrieve": retrieve,
    "sunder": sunder, "coup_de_grace": coup_de_grace,
    **{name: grappling for name in ("grapple_damage", "grapple_attack", "pin", "escape", "free_ally",
                                    "use_opponent_weapon", "grapple_move", "grapple_draw", "release")},
}

# Actions nothing but their gate can refuse before a die: offered on the gate's word.
SETTLED = frozenset({"total_defense", "drop_prone", "end_turn", "delay", "drop", "sheathe", "cease_concentration",
                     "speak"})
