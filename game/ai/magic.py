"""The tactical player's spells, items and turning (issue 12, item 2; its flasks: ``flasks``).

It weighs only the uses the engine offers (``options``' ``cast`` / ``use_spell_like`` /
``use_item`` domains: each spell or item with the aims that pass; ``turn_undead``), and
it never aims anything that would catch its own side: an area spell whose squares hold
a friend is not tried.
Cures go to the most hurt friend, area spells where the foes bunch.
"""
from __future__ import annotations

from .. import data
from ..data import bestiary
from ..rules import metamagic as meta, spells as spell_rules, turning as turning_rules
from ..rules.modifiers import ability_modifier
from ..rules.geometry import Square, distance
from ..world import commands as C, spell_views, views
from ..world.components import Abilities, Stats
from .candidates import Candidate, Turn, dry_run, move_and_standard
from .scoring import expected
from .sense import ABLE, Situation

# Effects by what they do to whom.
CURES = frozenset({"cure"})
HARMS = frozenset({"missiles", "damage", "damage_per_level", "inflict", "scorching_ray"})
AREA_HARMS = frozenset({"area_damage_per_level", "fireball"})
# Spells that lay a lasting ground (``spell_views.spell_grounds``), and how near a friend
# may stand to one before it is not cast there (``_friends_at_its_edge``).
LASTING_GROUND = frozenset({"web"})
EDGE = 2
CONTROLS = frozenset({"sleep", "color_spray", "hold_person", "web", "grease", "calm_emotions", "cause_fear", "scare"})
BOONS = frozenset({"bless", "shield_of_faith", "magic_weapon", "haste", "spiritual_weapon"})
# What putting one foe out of the fight a while (asleep, held, stuck) is worth, in hit points.
CONTROL_VALUE = 5.0
# A summoned ally, per round it fights: about one blow's damage (SRD Summon Nature's Ally:
# "It attacks your opponents to the best of its ability"), counted for 3 rounds at most.
SUMMON_BLOW = 3.0
SUMMON_ROUNDS = 3
# How near a foe must be for an ally to be worth calling (squares).
SUMMON_REACH = 16
# Turning a nearby undead foe: it flees or is destroyed.
TURN_VALUE = 5.0
TURN_RANGE = 12          # 60 ft (French text, "renvoi des morts-vivants")
# How many more points a burst is aimed at than the options' (the best by foes caught).
CLUSTER_AIMS = 2
# How many squares a caster with no spell reaching a foe weighs moving to.
CASTING_SQUARES = 3
# How many more foes a spell on chosen creatures is aimed at than the options' (the nearest).
FOE_AIMS = 6
MAKERS = {"cast": C.Cast, "use_spell_like": C.UseSpellLike, "use_item": C.UseItem}


def spells(t: Turn) -> list[Candidate]:
    """Every offered use of a spell, a spell-like ability or an item, weighed by its effect."""
    out: list[Candidate] = []
    for action, make in MAKERS.items():
        if not t.offered(action):
            continue
        for source, aims in t.opts[action].domain.get("uses", {}).items():
            spell_id = data.magic_items()[source]["spell"] if action == "use_item" else source
            spell = data.spells().get(spell_id.split(":")[-1])
            if spell is None:
                continue
            fixed = {"item": source} if action == "use_item" else {"spell": source}
            for aim in [*aims, *_foe_aims(t, aims), *_cluster_aims(t, spell_id.split(":")[-1], spell, aims)]:
                found = _weigh(t, spell_id, spell, make, fixed, aim)
                if found is not None:
                    out.append(found)
    return out


def _weigh(t: Turn, spell_id: str, spell: dict, make, fixed: dict, aim: dict) -> Candidate | None:
    effect = spell["effect"]
    args = {**fixed, **{k: tuple(v) if isinstance(v, list) else v for k, v in aim.items()}}
    if t.s.threatened_now and make is not C.UseItem:
        args["defensively"] = True
    command = make(t.who, **args)
    level = max(spell.get("level", {}).values() or [1])
    name = spell_id.split(":")[-1]
    if effect in CURES:
        return _cure(t, command, name, level, aim)
    if effect == "summon":
        return _summon(t, command, name, aim)
    victims = _victims(t, name, spell, aim)
    if victims is None or any(v in t.s.friends for v in victims):
        return None                      # never its own side
    if name in LASTING_GROUND and _friends_at_its_edge(t, name, aim):
        return None                      # nor strands its own fighters' way in
    foes = [v for v in victims if v in t.s.foes]
    if not foes:
        return None if effect not in BOONS else _boon(t, command, name, aim)
    if t.battle.check(command) is not None:
        return None
    if effect in HARMS or effect in AREA_HARMS:
        amount = expected(t.battle.odds(command)) if effect in HARMS else 0.0
        each = amount / len(foes) if amount else 3.0 * (level + 1) * (0.75 if spell.get("save") else 1.0)
        score = sum(t.blow(f, each) for f in foes)
    elif effect in CONTROLS:
        score = CONTROL_VALUE * len(foes)
    else:
        return None
    why = "WHY_AREA_SPELL" if len(foes) > 1 else "WHY_SPELL"
    return Candidate(score + 0.5, command, why, {"spell": name, "target": foes[0], "count": len(foes)})


def _friends_at_its_edge(t: Turn, name: str, aim: dict) -> bool:
    """A friend (the caster aside) stands within ``EDGE`` squares of a lasting area's
    squares (a Web spell, Grease): its fighters at grips with the foes there would have to
    walk in to strike them, and a web holds whoever walks in (SRD Web) — the party's own
    melee stranded in its wizard's web for rounds."""
    if "point" not in aim:
        return False
    area = spell_views.spell_area(t.battle, t.who, name, tuple(aim["point"])) or ()
    near = {(x + dx, y + dy) for x, y in area for dx in range(-EDGE, EDGE + 1) for dy in range(-EDGE, EDGE + 1)}
    return any(sq in near for f in t.s.friends if f != t.who for sq in t.s.board.body(f).squares)


def _foe_aims(t: Turn, aims: list[dict]) -> list[dict]:
    """More aims for a spell on chosen creatures than the domain's (set at the creatures
    nearest the caster, often its own friends in the melee before it): one at each of the
    ``FOE_AIMS`` nearest foes it does not name, in the domain's form (``target`` or
    ``targets``). Each is still passed by the engine's ``check`` before it is weighed
    (``_weigh``): a wizard behind her fighters strikes the orcs beyond them, not nobody."""
    keys = {key for aim in aims for key in aim if key in ("target", "targets")}
    if len(keys) != 1:
        return []
    key = keys.pop()
    named = {c for aim in aims for c in ([aim[key]] if key == "target" else aim[key])}
    foes = [f for f in sorted(t.s.foes, key=lambda f: (t.s.gap(t.who, f), f)) if f not in named][:FOE_AIMS]
    return [{key: f} if key == "target" else {key: (f,)} for f in foes]


def _cluster_aims(t: Turn, name: str, spell: dict, aims: list[dict]) -> list[dict]:
    """More points for a burst or a spread than the domain's (set at the creatures nearest
    the caster): one at each foe, the ``CLUSTER_AIMS`` that would catch the most foes and
    no friend first (Sleep on the orcs' band across the bridge, not on the ogre in front).
    Each is still passed by the engine's ``check`` before it is weighed (``_weigh``)."""
    if spell["shape"] == "cone" or not any("point" in aim for aim in aims):
        return []
    known = {tuple(aim["point"]) for aim in aims if "point" in aim}
    ranked = []
    for foe in t.s.foes:
        point = tuple(t.s.board.body(foe).pos)
        if point in known:
            continue
        known.add(point)
        caught = _victims(t, name, spell, {"point": point})
        if caught and not any(v in t.s.friends for v in caught):
            ranked.append((-sum(v in t.s.foes for v in caught), point))
    return [{"point": point} for _n, point in sorted(ranked)[:CLUSTER_AIMS]]


def _victims(t: Turn, name: str, spell: dict, aim: dict) -> list[str] | None:
    """The creatures a use would catch: those named, or those in its area (None when
    the area cannot be told)."""
    if "target" in aim:
        return [aim["target"]]
    if "targets" in aim:
        return list(aim["targets"])
    if "point" not in aim:
        return []
    point = tuple(aim["point"])
    if spell["shape"] == "cone":
        if "direction" not in aim:
            return None
        area = spell_rules.cone_squares(point, tuple(aim["direction"]), meta.radius_squares(spell, ()))
    else:
        area = spell_views.spell_area(t.battle, t.who, name, point)
    if not area:
        return None
    caught = [b.id for b in t.s.board.bodies if any(sq in area for sq in b.squares)
              and views.status(t.battle, b.id) != "dead"]
    return _sleepers(t, point, caught) if spell["effect"] == "sleep" else caught


def _sleepers(t: Turn, point: Square, caught: list[str]) -> list[str]:
    """Those Sleep would reach of the creatures in its burst (French text, "sommeil"; the
    rules' ``sleep_targets``): the living, not already asleep, lowest Hit Dice first up to
    4 HD, as the caster reads them off the sheets. A friend in the burst still counts
    (``_weigh`` never aims at its own side)."""
    board = t.s.board
    cands = []
    for cid in caught:
        values = t.battle.read(cid, Stats).values
        if values.get("undead") or values.get("construct") or views.status(t.battle, cid) not in ABLE \
                or views.immune_to_sleep(t.battle, cid):
            continue
        gap = min(distance(sq, point) for sq in board.body(cid).squares)
        cands.append((cid, max(1, values.get("hd", 1)), gap))
    reached = spell_rules.sleep_targets(cands)
    return [cid for cid in caught if cid in reached or cid in t.s.friends]


def _cure(t: Turn, command, name: str, level: int, aim: dict) -> Candidate | None:
    """A cure on a friend that has lost at least a third of its hit points: worth the hit
    points it gives back, up to what was lost."""
    target = aim.get("target")
    if target not in t.s.friends or t.s.hurt(target) < 0.34 or t.battle.check(command) is not None:
        return None
    now, most = t.s.hp(target)
    healed = min(most - now, 5.5 * level + 1)
    score = healed * (1.0 + t.s.hurt(target)) - (0.0 if target == t.who else 1.0)
    return Candidate(score, command, "WHY_CURE", {"spell": name, "target": target, "hp": now})


def _summon(t: Turn, command, name: str, aim: dict) -> Candidate | None:
    """An ally summoned where the domain (or ``check``) allows, while a foe is near:
    worth half its hit points (a body between the foes and its side) and a blow a round
    for the rounds it stays, the first few; the sturdier creature of the list wins."""
    if not any(t.s.gap(t.who, f) <= SUMMON_REACH for f in t.s.foes) or t.battle.check(command) is not None:
        return None
    entry = bestiary.get(aim.get("creature") or "") or {}
    rounds = spell_views.caster_level(t.battle, t.who)
    score = entry.get("hp", 1) / 2 + SUMMON_BLOW * min(rounds, SUMMON_ROUNDS)
    return Candidate(score, command, "WHY_SUMMON", {"spell": name, "creature": aim.get("creature"), "rounds": rounds})


def _boon(t: Turn, command, name: str, aim: dict) -> Candidate | None:
    """A blessing before the blows: only while no foe is within reach yet."""
    if t.s.threatened_now or any(t.s.gap(t.who, f) <= 2 for f in t.s.foes):
        return None
    if t.battle.check(command) is not None:
        return None
    return Candidate(1.0, command, "WHY_BOON", {"spell": name, "target": aim.get("target", t.who)})


# --- a square to cast from ---------------------------------------------------------------------
def casting_square(t: Turn, best_here: float) -> list[Candidate]:
    """No spell of its reaches a foe from where it stands (a pillar, a wall, its own
    fighters in the way: the engine's ``check`` refuses every aim): a move to one of a few
    squares no foe threatens nor could walk up to and strike next round, nearest the foes first,
    each played out in a dry run and weighed by the best spell from there (the engine's
    ``options`` asked afresh). A wizard who stands behind a pillar while a giant kills her
    friends has wasted her turn; one who steps aside and casts has not. ``best_here``:
    the best spell from where it stands (none: 0)."""
    if not (t.judgement.tactics and best_here <= 0 and t.s.foes and t.offered("move") and t.offered("cast")
            and move_and_standard(t.battle)):
        return []
    span = t.s.me.span
    near = {(x + dx - i, y + dy - j) for f in t.s.foes for x, y in t.s.board.body(f).squares
            for dx in range(-2, 3) for dy in range(-2, 3) for i in range(span) for j in range(span)}
    ranked = sorted((t.s.least_gap_from((x, y), t.s.foes), (x, y))
                    for x, y, _c in t.opts["move"].domain["squares"]
                    if (x, y) not in near and t.out_of_reach((x, y)))
    picked: list[Square] = []
    for _gap, square in ranked:
        if all(max(abs(square[0] - p[0]), abs(square[1] - p[1])) > 1 for p in picked):
            picked.append(square)
        if len(picked) >= CASTING_SQUARES:
            break
    out = []
    for square in picked:
        seen = views.path(t.battle, t.who, square, "move")
        if not seen.legal or seen.provokes:
            continue
        move = C.Move(t.who, squares=seen.squares)

        def from_there() -> Candidate | None:
            there = Turn(Situation(t.battle, t.who), t.battle.options(t.who), t.judgement, t.threats, t.bold)
            found = [c for c in spells(there) if c.why in ("WHY_SPELL", "WHY_AREA_SPELL")]
            return max(found, key=lambda c: c.score) if found else None
        best = dry_run(t.battle, move, from_there)
        if best is None:
            continue
        score = best.score - 0.5
        out.append(Candidate(score, move, "WHY_CASTING_SQUARE", {"spell": best.params["spell"],
                                                                "target": best.params["target"]}))
    return out


# --- turning undead ---------------------------------------------------------------------------------
def turning(t: Turn) -> list[Candidate]:
    """A cleric facing undead foes within 60 ft turns them: each worth ``TURN_VALUE`` times
    the chance that the turning check's table reaches its Hit Dice (the rules' table over
    the d20, as the player reads it off the sheets), none for those it already turned —
    an undead beyond its power is no reason to spend the action."""
    if not t.offered("turn_undead"):
        return []
    undead = [f for f in t.s.foes if t.s.is_undead(f) and t.s.gap(t.who, f) <= TURN_RANGE
              and views.turned_by(t.battle, f) is None]
    if not undead:
        return []
    me = t.s.stats
    level = turning_rules.turning_level(me.get("cleric_level", 0), me.get("paladin_level", 0))
    cha = ability_modifier(t.battle.read(t.who, Abilities).scores.get("cha", 10))
    worth, count = 0.0, 0
    for foe in undead:
        theirs = t.battle.read(foe, Stats).values
        hd = theirs.get("hd", 1) + theirs.get("turn_resistance", 0)
        chance = sum(turning_rules.max_hit_dice(d20 + cha, level) >= hd for d20 in range(1, 21)) / 20
        if chance:
            count += 1
            worth += TURN_VALUE * chance * (2.0 if turning_rules.destroys(level, theirs.get("hd", 1)) else 1.0)
    if worth < 1.0:
        return []
    return [Candidate(worth + 1.0, C.TurnUndead(t.who), "WHY_TURN_UNDEAD", {"count": count})]
