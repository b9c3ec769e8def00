"""Events as readable log lines: every roll with its die, each modifier and its source,
and the number it had to reach."""
from __future__ import annotations

import re

from .. import data
from ..i18n import has_sentence, sentence, side_name, side_sentence, term
from ..world.worn import item_name
from .log_text import Line


def _spell(spell_id: str, lang: str) -> str:
    return data.spells().get(spell_id, {}).get(f"name_{lang}", spell_id)


def _signed(v: int) -> str:
    return f"+{v}" if v >= 0 else str(v)


def _parts(parts, lang: str) -> str:
    """A breakdown as the player reads it: each source by its word, with its value."""
    return ", ".join(f"{term('modifier', src, lang)} {_signed(v)}" for v, _kind, src in parts)


def _reduced(e, lang: str) -> str:
    """The points damage reduction took off a blow, and which reduction ("− 5 DR
    5/bludgeoning"; SRD "Damage Reduction"), or "" when none did. An event from before
    the reduction was recorded (``reduction`` missing) reads as one without it."""
    points = getattr(e, "reduction", 0)
    if not points:
        return ""
    bypass = getattr(e, "dr_bypass", "") or ""
    word = sentence(f"DR_BYPASS_{bypass}", {}, lang) if has_sentence(f"DR_BYPASS_{bypass}") else bypass
    return sentence("LOG_DAMAGE_REDUCED", {"points": points, "dr": getattr(e, "dr", 0) or points, "bypass": word}, lang)


def _action(action: str, lang: str) -> str:
    """An action by its button's name, or the log's word for one with no button."""
    return sentence(f"ACT_{action}", {}, lang) if has_sentence(f"ACT_{action}") else term("action", action, lang)


def _capital(text: str) -> str:
    """A line that begins with a word, not a name ("grapple: …", "critical threat …"),
    begins with a capital as a sentence does (play-test, issue 14)."""
    return text[:1].upper() + text[1:]


def _said(code: str, colour, **values):
    """A story line: ``values`` are made into the sentence's parameters when it is said."""
    def line(e, n, lang):
        return sentence(code, {k: v(e, n, lang) for k, v in values.items()}, lang), colour
    return line


SAID_BY_DEATH = ("dead", "helpless", "unconscious", "dying", "disabled", "stable")
ABILITY_DAMAGE = re.compile(r"(str|dex|con|int|wis|cha)_damage_(\d+)")
_GREY, _GOLD, _BLUE = (200, 200, 200), (220, 190, 120), (170, 190, 230)
# What else happens, one line each (issue 14, item 5: the log tells the story).
STORY = {
    "Stepped": _said("LOG_STEPPED", _BLUE, name=lambda e, n, _l: n(e.who)),
    "ItemDropped": _said("LOG_DROPPED", _GREY, name=lambda e, n, _l: n(e.who), item=lambda e, _n, lang: item_name(e.item, lang)),
    "WeaponDrawn": _said("LOG_DRAWN", _GREY, name=lambda e, n, _l: n(e.who),
                         weapon=lambda e, _n, lang: item_name(e.weapon, lang)),
    "ItemPickedUp": _said("LOG_PICKED_UP", _GREY, name=lambda e, n, _l: n(e.who),
                          item=lambda e, _n, lang: item_name(e.item, lang)),
    "ItemRetrieved": _said("LOG_RETRIEVED", _GREY, name=lambda e, n, _l: n(e.who),
                           item=lambda e, _n, lang: item_name(e.item, lang)),
    "Feinted": _said("LOG_FEINTED", _GOLD, name=lambda e, n, _l: n(e.who), target=lambda e, n, _l: n(e.target)),
    "ConditionEnded": _said("LOG_CONDITION_ENDED", _GREY, name=lambda e, n, _l: n(e.who),
                            condition=lambda e, _n, _l: e.condition),
    "FallSlowed": _said("LOG_FALL_SLOWED", (190, 170, 240), name=lambda e, n, _l: n(e.who), by=lambda e, n, _l: n(e.by)),
    "CreatureSummoned": _said("LOG_SUMMONED", (190, 170, 240), who=lambda e, n, _l: n(e.who),
                              name=lambda e, n, _l: n(e.caster), spell=lambda e, _n, lang: _spell(e.spell, lang),
                              ends=lambda e, _n, _l: e.ends),
    "SummonGone": lambda e, n, lang: (sentence(f"LOG_SUMMON_GONE_{e.reason}", {
        "who": n(e.who) if e.who else "", "name": n(e.caster), "spell": _spell(e.spell, lang)}, lang), (190, 170, 240)),
    "LevelsDrained": _said("LOG_LEVELS_DRAINED", _GOLD, who=lambda e, n, _l: n(e.who), target=lambda e, n, _l: n(e.target),
                           levels=lambda e, _n, _l: e.levels, before=lambda e, _n, _l: e.max_hp_before,
                           after=lambda e, _n, _l: e.max_hp_after),
    "WebBurned": lambda e, n, lang: (sentence("LOG_WEB_BURNED" if e.caught else "LOG_WEB_BURNED_EMPTY", {
        "count": len(e.squares), "dice": "+".join(str(d) for d in e.dice), "amount": e.amount,
        "caught": ", ".join(n(c) for c in e.caught)}, lang), (255, 160, 80)),
    # a dying creature's roll at its turn (decisions §6: 10 % to become stable), shown as
    # every other roll is (play-test: only "is dying (−2 hp)" was said)
    "DyingRolled": lambda e, n, lang: (sentence("LOG_DYING_STABLE" if e.outcome == "stable" else "LOG_DYING_WORSE",
                                                {"name": n(e.who), "d100": e.d100}, lang), (240, 120, 110)),
    "SplashLanded": _said("LOG_SPLASH_LANDED", _GOLD, item=lambda e, _n, lang: item_name(e.item, lang),
                          count=lambda e, _n, _l: len(e.splashed) + (1 if e.direct else 0)),
}


def _story(kind: str, e, n, lang: str):
    """The lines whose sentence depends on the event's own value."""
    if kind == "ActionTaken":
        return sentence("LOG_ACTION", {"name": n(e.who), "action": _action(e.action, lang),
                                       "cost": term("action_kind", e.kind, lang)}, lang), (150, 150, 160)
    if kind == "CriticalConfirmed":
        return _capital(sentence("LOG_CRITICAL" if e.confirmed else "LOG_CRITICAL_NOT",
                                 {"d20": e.d20, "total": e.total}, lang)), \
            ((255, 200, 90) if e.confirmed else _GREY)
    if kind == "MovementStopped":
        code = f"LOG_STOPPED_{e.reason}" if has_sentence(f"LOG_STOPPED_{e.reason}") else "LOG_STOPPED"
        return sentence(code, {"name": n(e.who)}, lang), _BLUE
    if kind == "Tumbled":
        result = sentence("LOG_TUMBLE_MADE" if e.success else "LOG_TUMBLE_FAILED", {}, lang)
        return sentence("LOG_TUMBLE_THROUGH" if e.through else "LOG_TUMBLE_PAST",
                        {"name": n(e.who), "foe": n(e.foe), "total": e.d20 + e.bonus, "dc": e.dc, "result": result},
                        lang), (200, 200, 240) if e.success else _GOLD
    if kind == "GrappleChanged" and has_sentence(f"LOG_GRAPPLE_{e.change}"):
        return sentence(f"LOG_GRAPPLE_{e.change}", {"who": n(e.who), "other": n(e.other)}, lang), _GOLD
    if kind == "MountChanged" and has_sentence(f"LOG_MOUNT_{e.change}"):
        return sentence(f"LOG_MOUNT_{e.change}", {"rider": n(e.rider), "mount": n(e.mount)}, lang), _GOLD
    if kind == "SpecialUsed":
        drained = ABILITY_DAMAGE.fullmatch(e.special)        # poison's ability damage: "str_damage_4"
        if drained:
            return sentence("LOG_ABILITY_DAMAGE", {"name": n(e.target), "amount": drained.group(2),
                                                   "ability": term("modifier", drained.group(1), lang)}, lang), _GOLD
        return sentence("LOG_SPECIAL", {"who": n(e.who), "special": term("special", e.special, lang),
                                        "target": n(e.target)}, lang), _GOLD
    return None


CASTING = ("cast", "use_spell_like", "use_item")


def _cast_spell(events, index: int) -> str | None:
    """The spell an action of casting (a spell, a spell-like ability, a wand or a scroll)
    cast, from the ``SpellCast`` it led to: the log names it ("Jozan — Bless (standard
    action)"), not the button's "Spell or item" (play-test, issue 14)."""
    taken = events[index]
    if taken.action not in CASTING:
        return None
    for e in events[index + 1:]:
        if type(e).__name__ == "ActionTaken":
            return None
        if type(e).__name__ == "SpellCast" and e.caster == taken.who:
            return e.spell
    return None


def _stopped_moves(events) -> dict[int, int]:
    """{the index of the event a movement's line is said before: the index of its
    ``Moved``} for each movement that was stopped on the way (an attack of opportunity
    that drops the mover, a web, a lost overrun). The engine tells such a walk's
    ``Moved`` last, after the blows that stopped it; the log says it where it happened:
    the mover walked that far, then the first attack of opportunity struck it on the
    way, then it stopped (play-test: "Orc 1 is dying", "falls and stops there", then
    "Orc 1 moves 30 ft"). A movement that was not stopped keeps its place."""
    early: dict[int, int] = {}
    for m, moved in enumerate(events):
        if type(moved).__name__ != "Moved":
            continue
        stop = None
        for k in range(m - 1, -1, -1):           # back to its own start: its action, an earlier move
            e = events[k]
            kind = type(e).__name__
            if kind == "MovementStopped" and e.who == moved.who:
                stop = k
                break
            if kind in ("Moved", "ActionTaken", "TurnStarted") and getattr(e, "who", None) == moved.who:
                break
        if stop is None:
            continue
        first = stop
        for k in range(stop - 1, -1, -1):
            e = events[k]
            kind = type(e).__name__
            if kind in ("Moved", "ActionTaken", "TurnStarted") and getattr(e, "who", None) == moved.who:
                break
            if kind == "AttackRolled" and e.opportunity and e.target == moved.who:
                first = k
        early[first] = m
    return early


TURN_BOUNDS = ("TurnStarted", "TurnEnded", "TurnSkipped", "RoundStarted", "ActionTaken")


def _order(events) -> list[int]:
    """The events' indices in the order the log says them: what a creature's turn ends of
    its own as it begins (its charge, its total defense: the engine ends them just before
    its ``TurnStarted``) is said after "Round 5: Ogre's turn", not before it, as the last
    thing of the turn before (play-test: "Ogre: no longer charging", then its turn)."""
    order = list(range(len(events)))
    for t, started in enumerate(events):
        if type(started).__name__ != "TurnStarted":
            continue
        k = t - 1
        while k >= 0 and type(events[k]).__name__ not in TURN_BOUNDS:
            k -= 1
        ended = [i for i in range(k + 1, t) if type(events[i]).__name__ == "ConditionEnded"
                 and events[i].who == started.who]
        if ended:
            rest = [i for i in order if i not in ended]
            at = rest.index(t) + 1
            order = rest[:at] + ended + rest[at:]
    return order


def lines(events, names: dict[str, str], lang: str, sides=None,
          action_said: bool = False, undead: frozenset[str] = frozenset()) -> list[tuple[str, tuple[int, int, int]]]:
    """(text, colour) for each event worth reading. ``sides``: a side id as the players
    read it (the scenario's names), else the catalogue's. ``action_said``: the log has
    just named the action (a computer creature's "Orc (computer), Move: …"), so its
    "Orc — Move (move action)" line is not said again (play-test, issue 14). ``undead``:
    the undead among them, destroyed at 0 hit points (digest §8.2), said "is destroyed"
    rather than "is dead" when a blow drops one."""
    n = lambda cid: names.get(cid, cid)  # noqa: E731
    out = []
    acting = None                      # the action whose events these are (a coup de grace's blow)
    # a creature that dies here is said dead once ("Orc is dead"), not also "Orc: dead, helpless";
    # one that falls dying or disabled likewise ("Wolf is dying (-1 hp)", not then "Wolf: dying,
    # helpless, prone, unconscious": digest §8.2, a dying creature is unconscious and falls prone)
    said = {e.who: e.status for e in events if type(e).__name__ == "HealthChanged"
            and e.status in ("dead", "dying", "disabled")}
    # an undead its turning destroys is said destroyed, and only that: not first "is dead",
    # "prone" (play-test: "Skeleton is dead / prone / is destroyed")
    destroyed = {e.who for e in events if type(e).__name__ == "UndeadAffected" and e.result == "destroyed"}
    early = _stopped_moves(events)
    for index in _order(events):
        e = events[index]
        kind = type(e).__name__
        went = events[early[index]] if index in early else None
        if went is not None and len(went.path) > 1:     # a stopped movement, said before what stopped it
            out.append((sentence("LOG_MOVED", {"name": n(went.who), "metres": f"{went.cost_m:g}"}, lang), _BLUE))
        if kind == "Moved" and index in early.values():
            continue
        if getattr(e, "who", None) in destroyed and (
                (kind == "HealthChanged" and e.status == "dead") or kind in ("ConditionStarted", "FellProne")):
            continue
        if kind == "SpecialUsed" and e.special == "energy_drain" and index + 1 < len(events) \
                and type(events[index + 1]).__name__ == "LevelsDrained":
            continue                      # the next line says the drain with what it took
        if kind == "ActionTaken":
            acting = e.action
            if action_said:
                action_said = False
                continue
        if kind in ("ConditionStarted", "FellProne") and e.who in said and (
                getattr(e, "condition", "prone") in SAID_BY_DEATH
                or (getattr(e, "condition", "prone") == "prone" and said[e.who] == "dying")):
            continue
        if kind == "TurnStarted":
            out.append((sentence("LOG_TURN", {"round": e.round, "name": n(e.who)}, lang), (235, 215, 150)))
        elif kind == "AttackRolled":
            bonus = f"{_signed(e.bonus)} ({_parts(e.bonus_breakdown, lang)})" if e.bonus_breakdown else _signed(e.bonus)
            result = sentence("LOG_HIT" if e.hit else "LOG_MISS", {}, lang)
            # an attack of opportunity is named so: the player sees why a foe struck out of turn
            code = "LOG_ATTACK_OPPORTUNITY" if getattr(e, "opportunity", False) else "LOG_ATTACK"
            out.append((sentence(code, {"attacker": n(e.attacker), "target": n(e.target), "d20": e.d20,
                                               "bonus": bonus, "total": e.total, "ac": e.ac,
                                               "ac_parts": _parts(e.ac_breakdown, lang) or "10", "result": result}, lang),
                        (150, 210, 150) if e.hit else (200, 200, 200)))
        elif kind == "DamageDealt":
            dice = "+".join(str(d) for d in e.dice) or "0"
            extra = " nonlethal" if e.nonlethal and lang == "en" else (" non létaux" if e.nonlethal else "")
            if getattr(e, "multiplier", 1) > 1:
                # a critical's multiplied damage, said so; a coup de grace's is automatic
                # (digest §9.3, helpless: "coup de grace ... automatic hit and critical")
                code = "LOG_DAMAGE_COUP_DE_GRACE" if acting == "coup_de_grace" else "LOG_DAMAGE_CRITICAL"
                extra += sentence(code, {"times": e.multiplier}, lang)
            reduced = _reduced(e, lang)
            if getattr(e, "halved", None):
                # the roll halved (a save for half, a blow from the water): said as a halving,
                # not as a negative bonus (issue 14 play-test: "−11"); damage reduction comes
                # off after the halving, so it is said after it
                extra += sentence(f"LOG_DAMAGE_HALVED_{e.halved}", {}, lang) + reduced
                reduced = ""
            out.append((sentence("LOG_DAMAGE", {"target": n(e.target), "amount": e.amount, "dice": dice,
                                               "bonus": _signed(e.bonus), "reduced": reduced, "kind": extra}, lang),
                        (235, 140, 120)))
        elif kind == "Moved":
            out.append((sentence("LOG_MOVED", {"name": n(e.who), "metres": f"{e.cost_m:g}"}, lang), _BLUE))
        elif kind in ("ConditionStarted", "FellProne"):
            cond = getattr(e, "condition", "prone")
            out.append((sentence("LOG_CONDITION", {"name": n(e.who), "condition": cond}, lang), (220, 190, 120)))
        elif kind == "HealthChanged" and e.status == "dead" and e.who in undead:
            out.append((sentence("LOG_UNDEAD_DESTROYED", {"name": n(e.who)}, lang), (240, 120, 110)))
        elif kind == "HealthChanged" and e.status != "normal":
            code = f"LOG_STATUS_{e.status}" if has_sentence(f"LOG_STATUS_{e.status}") else "LOG_STATUS"
            out.append((sentence(code, {"name": n(e.who), "status": e.status, "hp": e.hp}, lang), (240, 120, 110)))
        elif kind == "OpposedCheck":
            winner = n(e.winner)
            out.append((_capital(sentence("LOG_OPPOSED", {"kind": e.kind, "attacker": n(e.attacker), "a": e.attacker_total,
                                                "defender": n(e.defender), "d": e.defender_total, "winner": winner},
                                         lang)), (200, 200, 240)))
        elif kind == "SavingThrow":
            result = sentence("LOG_SAVED" if e.success else "LOG_NOT_SAVED", {}, lang)
            out.append((sentence("LOG_SAVE", {"name": n(e.who), "kind": e.kind, "d20": e.d20, "bonus": _signed(e.bonus),
                                             "dc": e.dc, "result": result}, lang), (200, 200, 240)))
        elif kind == "DoorChanged":
            out.append((sentence("LOG_DOOR" if e.opened else "LOG_DOOR_CLOSED",
                                 {"name": n(e.who), "at": list(e.at)}, lang, here=True), (190, 170, 140)))
        elif kind == "DoorChannelled":
            out.append((sentence(f"LOG_SEAL_{e.result.upper()}", {"name": n(e.who), "at": list(e.at), "check": e.check,
                                                                  "hd": e.max_hd, "seal": e.seal_hd}, lang, here=True),
                        (235, 215, 150)))
        elif kind == "WebWorked":          # a move through a Web spell: its check and how far it carries it
            out.append((sentence("LOG_WEB_WORKED", {"name": n(e.who), "kind": e.method, "d20": e.d20,
                                                   "bonus": _signed(e.bonus), "total": e.total,
                                                   "metres": f"{1.5 * e.squares:g}"}, lang), (200, 200, 240)))
        elif kind == "WebStruck":
            code = "LOG_WEB_MISSED" if not e.hit else ("LOG_WEB_CUT" if e.hp_left <= 0 else "LOG_WEB_STRUCK")
            out.append((sentence(code, {"name": n(e.who), "at": list(e.at), "d20": e.d20, "bonus": _signed(e.bonus),
                                        "ac": e.ac, "damage": e.damage, "dr": e.reduction, "left": e.hp_left}, lang, here=True),
                        (220, 190, 120)))
        elif kind == "ObjectMoved":
            out.append((sentence("LOG_OBJECT_MOVED", {"name": n(e.who), "at": list(e.at), "to": list(e.to)}, lang, here=True),
                        (190, 170, 140)))
        elif kind == "ItemSnatched":
            out.append((sentence("LOG_SNATCHED" if e.grabbed else "LOG_SNATCHED_FELL",
                                 {"by": n(e.by), "who": n(e.who), "item": item_name(e.item, lang)}, lang), (220, 190, 120)))
        elif kind == "ItemDamaged":
            values = {"item": item_name(e.item, lang), "owner": n(e.owner), "damage": e.damage,
                      "hardness": e.hardness, "left": e.hp_left}
            out.append((sentence("LOG_ITEM_DESTROYED" if e.destroyed else "LOG_ITEM_DAMAGED", values, lang),
                        (220, 190, 120)))
        elif kind == "SpellCast" and e.outcome in ("cast", "lost", "failed", "held", "pending", "minute", "begun", "completed"):
            out.append((sentence(f"LOG_SPELL_{e.outcome.upper()}", {"name": n(e.caster), "spell": _spell(e.spell, lang)},
                                 lang), (190, 170, 240)))
        elif kind == "Spoke":
            said = sentence(e.text, {}, lang) if has_sentence(e.text) else e.text     # a stock call, or free words
            out.append((sentence("LOG_SPOKE", {"name": n(e.who), "text": said}, lang), (230, 230, 200)))
        elif kind == "CastingContinued":
            code = "LOG_CASTING_CONTINUED" if e.rounds_left else "LOG_CASTING_LAST_ROUND"
            out.append((sentence(code, {"name": n(e.caster), "spell": _spell(e.spell, lang), "rounds": e.rounds_left},
                                 lang), (150, 150, 160)))
        elif kind == "WaterBlessed":
            out.append((sentence("LOG_WATER_BLESSED", {"name": n(e.caster)}, lang), (190, 170, 240)))
        elif kind == "SpellEnded":
            out.append((sentence("LOG_SPELL_ENDED", {"name": n(e.caster), "spell": _spell(e.spell, lang)}, lang),
                        (190, 170, 240)))
        elif kind == "Healed":
            out.append((sentence("LOG_HEALED", {"name": n(e.who), "amount": e.amount, "hp": e.hp}, lang), (150, 220, 170)))
        elif kind == "TurningAttempted":
            out.append((sentence("LOG_REBUKE" if e.rebuke else "LOG_TURNING",
                                 {"name": n(e.who), "check": e.check, "hd": e.max_hd, "total": e.damage}, lang),
                        (235, 215, 150)))
        elif kind == "UndeadAffected" and has_sentence(f"LOG_UNDEAD_{e.result.upper()}"):
            out.append((sentence(f"LOG_UNDEAD_{e.result.upper()}", {"name": n(e.who), "by": n(e.by)}, lang),
                        (235, 215, 150)))
        elif kind == "SpecialUsed" and has_sentence(f"LOG_SPECIAL_{e.special.upper()}"):
            out.append((sentence(f"LOG_SPECIAL_{e.special.upper()}", {"who": n(e.who), "target": n(e.target)}, lang),
                        (220, 190, 120)))
        elif kind == "Pushed":
            out.append((sentence("LOG_PUSHED", {"name": n(e.who), "by": n(e.by), "metres": f"{e.squares * 1.5:g}"}, lang),
                        (200, 200, 240)))
        elif kind == "AttackRedirected":       # the bull rush's stray blows (French text, "bousculade")
            out.append((sentence("LOG_ATTACK_STRAYED", {"attacker": n(e.attacker), "meant_for": n(e.meant_for),
                                                       "hits": n(e.hits), "d100": e.d100}, lang), (220, 190, 120)))
        elif kind == "Disarmed":
            out.append((sentence("LOG_DISARMED", {"name": n(e.who), "by": n(e.by)}, lang), (220, 190, 120)))
        elif kind == "AttackForfeited":
            why = sentence(e.reason, {**dict(e.detail), **({"target": n(e.target)} if e.target else {})}, lang)
            out.append((sentence("LOG_ATTACK_FORFEITED", {"name": n(e.who), "reason": why}, lang),
                        (200, 200, 200)))
        elif kind == "ManeuverFailed":
            out.append((sentence("LOG_MANEUVER_FAILED", {"name": n(e.who), "maneuver": e.maneuver}, lang),
                        (200, 200, 200)))
        elif kind in STORY:
            out.append(STORY[kind](e, n, lang))
        elif kind in ("ActionTaken", "CriticalConfirmed", "MovementStopped", "GrappleChanged", "MountChanged",
                      "SpecialUsed", "Tumbled") and not (kind == "ActionTaken" and e.action == "speak"):
            cast = _cast_spell(events, index) if kind == "ActionTaken" else None
            line = (sentence("LOG_ACTION", {"name": n(e.who), "action": _spell(cast, lang),
                                            "cost": term("action_kind", e.kind, lang)}, lang), (150, 150, 160)) \
                if cast else _story(kind, e, n, lang)
            if line is not None:
                out.append(line)
        elif kind == "BattleWon":
            label = sides(e.side) if sides else side_name(e.side, lang)
            out.append((side_sentence("LOG_WON", e.side, label, lang), (255, 215, 0)))
    return out


UNDONE_COLOUR = (120, 120, 128)


def mark_undone(log: list, start: int, lang: str) -> None:
    """The lines an undone action wrote, from ``start`` on, read "undone: …" in grey: they
    stay in the log, so the player still sees what was tried, but no longer as played
    (play-test 101). A line already marked is left as it is. Each is said in every
    language its line has (``log_text.Line``)."""
    for i in range(start, len(log)):
        text, _colour = log[i]
        if getattr(text, "undone", False):
            continue
        texts = text.texts if isinstance(text, Line) else {lang: str(text)}
        log[i] = (Undone({other: sentence("LOG_UNDONE_LINE", {"line": line}, other) for other, line in texts.items()},
                         lang), UNDONE_COLOUR)


class Undone(Line):
    """A log line of an undone action (``mark_undone``)."""

    undone = True
