"""``python -m game query SCENARIO``: the rules engine's scripting face
(design/query-protocol.md). One JSON request per line in, one JSON answer per line out.
"""
from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import Any, BinaryIO, Callable, TextIO

from .content.errors import ContentError
from .content.limits import check_values, guard, no_constant, strip_bom
from .engine import Battle
from .i18n import sentence
from .rules.area_odds import caught_odds
from .rules.geometry import metres
from .rules.reasons import Refusal
from .rules.turning import affected_odds
from .rules.web_going import needed
from .world import systems, views
from .world.asking import questions
from .world.commands import PlanStep


MAX_LINE = 1_000_000        # characters of one request


class BadRequest(Exception):
    """A request that cannot be answered; its message is the readable sentence."""


class QuerySession:
    def __init__(self, battle: Battle, lang: str | None = None):
        self.battle = battle
        self.lang = lang
        self.handlers: dict[str, Callable[[dict], dict]] = {
            "threatened": self.threatened, "reachable": self.reachable, "path": self.path,
            "charge": self.charge, "splash": self.splash, "flanked": self.flanked,
            "cover": self.cover, "state": self.state, "act": self.act,
            "options": self.options, "check": self.check, "preview": self.preview, "odds": self.odds,
        }

    # --- plumbing ---------------------------------------------------------------------
    def answer_line(self, line: str) -> dict:
        """One request line answered; a line too long, too deep, with a number no
        request needs or with text that is not Unicode is refused at the door (issue 15)."""
        try:
            guard(line, "request", "json", MAX_LINE)
            request = json.loads(line, parse_constant=no_constant)
        except json.JSONDecodeError as exc:
            return {"ok": False, "error": f"Malformed JSON: {exc.msg} at column {exc.colno}."}
        except ContentError as exc:
            return {"ok": False, "error": f"Malformed JSON: {exc.what}."}
        except (ValueError, RecursionError) as exc:
            return {"ok": False, "error": f"Malformed JSON: {exc.__class__.__name__}."}
        try:
            check_values(request, "request")
        except ContentError as exc:
            return {"ok": False, "error": f"Bad request: field {exc.where or '?'} {exc.what}."}
        if not isinstance(request, dict):
            return {"ok": False, "error": "A request must be a JSON object."}
        return self.answer(request)

    def answer(self, request: dict) -> dict:
        q = request.get("q")
        handler = self.handlers.get(q) if isinstance(q, str) else None
        if handler is None:
            known = ", ".join(sorted(self.handlers))
            return {"ok": False, "error": f"Unknown question {q!r} (known: {known})."}
        try:
            return {"ok": True, **handler(request)}
        except BadRequest as exc:
            return {"ok": False, "error": str(exc)}

    def _field(self, req: dict, key: str) -> Any:
        if key not in req:
            raise BadRequest(f"Missing field {key!r}.")
        return req[key]

    def _creature(self, req: dict, key: str) -> str:
        cid = self._field(req, key)
        if not isinstance(cid, str) or not self.battle.has(cid):
            raise BadRequest(f"Unknown creature {cid!r} in field {key!r}.")
        return cid

    def _square(self, value: Any, key: str) -> tuple[int, int]:
        if (not isinstance(value, list) or len(value) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            raise BadRequest(f"Field {key!r} needs squares as [x, y] with whole numbers, not {value!r}.")
        return (value[0], value[1])

    def _mode(self, req: dict, allowed: tuple[str, ...]) -> str:
        mode = self._field(req, "mode")
        if mode not in allowed:
            raise BadRequest(f"Unknown mode {mode!r} (known: {', '.join(allowed)}).")
        return mode

    def _reason(self, refusal) -> dict:
        return {"reason": sentence(refusal.code, refusal.params, self.lang), "reason_code": refusal.code}

    # --- questions --------------------------------------------------------------------
    def threatened(self, req: dict) -> dict:
        board = self.battle.board()
        squares = systems.threatened_squares(board, self._creature(req, "by"))
        return {"squares": [list(s) for s in sorted(squares, key=lambda s: (s[1], s[0]))]}

    def reachable(self, req: dict) -> dict:
        cid = self._creature(req, "who")
        mode = self._mode(req, ("move", "double", "5ft", "withdraw", "run"))
        found = systems.reachable(self.battle.board(), cid, mode)
        return {"squares": [[x, y, metres(c)] for (x, y), c in sorted(found.items(), key=lambda kv: (kv[0][1], kv[0][0]))]}

    def path(self, req: dict) -> dict:
        cid = self._creature(req, "who")
        mode = self._mode(req, ("move", "double", "5ft", "withdraw", "run"))
        raw = self._field(req, "squares")
        if not isinstance(raw, list):
            raise BadRequest("Field 'squares' must be a list of [x, y].")
        squares = [self._square(v, "squares") for v in raw]
        result, provoked = systems.check_path(self.battle.board(), cid, squares, mode)
        if not result.legal:
            return {"legal": False, **self._reason(result.reason)}
        return {"legal": True, "cost_m": metres(result.cost), "provokes": provoked}

    def charge(self, req: dict) -> dict:
        cid = self._creature(req, "who")
        target = self._creature(req, "target")
        restricted = bool(req.get("restricted", False))
        result = systems.charge(self.battle.board(), cid, target, restricted)
        options = [{"end": list(o.end), "legal": o.refusal is None,
                    **({} if o.refusal is None else self._reason(o.refusal))} for o in result.options]
        if not result.legal:
            out = {"legal": False, **self._reason(result.reason)}
            if options:
                out["options"] = options
            return out
        return {"legal": True, "ends": [list(e) for e in result.ends], "options": options}

    def splash(self, req: dict) -> dict:
        cid = self._creature(req, "who")
        hit = self._field(req, "hit")
        if not isinstance(hit, bool):
            raise BadRequest("Field 'hit' must be true or false.")
        d8 = req.get("d8")
        if not hit and (not isinstance(d8, int) or isinstance(d8, bool) or not 1 <= d8 <= 8):
            raise BadRequest("A miss needs field 'd8', a whole number from 1 to 8.")
        if ("target" in req) == ("intersection" in req):
            raise BadRequest("Give exactly one of 'target' or 'intersection'.")
        target = self._creature(req, "target") if "target" in req else None
        point = self._square(req["intersection"], "intersection") if "intersection" in req else None
        result, _events = systems.splash(self.battle.board(), cid, target=target, intersection=point,
                                         hit=hit, d8=d8 if not hit else None)
        if not result.legal:
            raise BadRequest(sentence(result.reason.code, result.reason.params, self.lang))
        out = {"range_increments": result.range_increments, "direct": result.direct, "splashed": result.splashed}
        if not hit:
            out["lands"] = ({"square": list(result.lands_square)} if result.lands_square is not None
                            else {"intersection": list(result.lands_intersection)})
        return out

    def flanked(self, req: dict) -> dict:
        target = self._creature(req, "target")
        by = self._creature(req, "by")
        partners = systems.flanking_partners(self.battle.board(), target, by)
        return {"flanked": bool(partners), "partners": partners}

    def cover(self, req: dict) -> dict:
        src = self._creature(req, "from")
        dst = self._creature(req, "to")
        attack = req.get("attack", "ranged")
        if attack not in ("melee", "ranged"):
            raise BadRequest("Field 'attack' must be \"melee\" or \"ranged\".")
        return {"cover": systems.cover(self.battle.board(), src, dst, attack)}

    def state(self, req: dict) -> dict:
        return self.battle.state()

    def _command(self, req: dict, extra: tuple[str, ...] = ()):
        """The command a request names (its ``who``, ``action`` and arguments), or the
        refusal of a malformed one."""
        who = self._creature(req, "who")
        action = self._field(req, "action")
        if not isinstance(action, str):
            raise BadRequest("Field 'action' must be a string.")
        args = {k: v for k, v in req.items() if k not in ("q", "who", "action", "dice", "decline_aoo", "aoo_maneuvers") + extra}
        return self.battle.command(who, action, args)

    def _declined(self, req: dict) -> set[str]:
        declined = req.get("decline_aoo", [])
        if not isinstance(declined, list) or not all(isinstance(d, str) for d in declined):
            raise BadRequest("Field 'decline_aoo' must be a list of creature ids.")
        return set(declined)

    @staticmethod
    def _instead(req: dict) -> dict[str, str]:
        """``aoo_maneuvers``: {taker: "trip" | "disarm" | "sunder"}, the maneuvers made in
        place of attacks of opportunity (the engine refuses an unknown taker or maneuver)."""
        instead = req.get("aoo_maneuvers", {})
        if not isinstance(instead, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in instead.items()):
            raise BadRequest("Field 'aoo_maneuvers' must be an object of creature ids to maneuver names.")
        return instead

    def options(self, req: dict) -> dict:
        """Every action with its argument domains, or its refusal (README, "Asking")."""
        who = self._creature(req, "who")
        out = {}
        for name, option in self.battle.options(who).items():
            if option.legal:
                out[name] = {"legal": True, **_plain(option.domain),
                             **({"example": option.probe.to_json()} if option.probe else {})}
            else:
                out[name] = {"legal": False, **self._reason(option.refusal),
                             **({"example": option.probe.to_json()} if option.probe else {})}
        return {"who": who, "actions": out}

    def check(self, req: dict) -> dict:
        command = self._command(req)
        refusal = command if isinstance(command, Refusal) else self.battle.check(command, declined=self._declined(req),
                                                                                 instead=self._instead(req))
        return {"legal": True} if refusal is None else {"legal": False, **self._reason(refusal)}

    def preview(self, req: dict) -> dict:
        command = self._command(req)
        seen = command if isinstance(command, Refusal) else self.battle.preview(command, declined=self._declined(req),
                                                                                   instead=self._instead(req))
        if isinstance(seen, Refusal) or not seen.legal:
            return {"legal": False, **self._reason(seen if isinstance(seen, Refusal) else seen.refusal)}
        rec = seen.recorder
        return {"legal": True,
                "walks": [{"who": who, "path": [list(p) for p in path], "mode": mode} for who, path, mode in rec.walks],
                "provokes": [{"by": taker, "at": list(at)} for taker, provoker, at in rec.opportunities
                             if provoker == command.who or provoker == self._mount(command.who)],
                "attacks": [_attack_json(a) for a in rec.attacks],
                "checks": [_check_json(c) for c in rec.checks],
                "tumbles": [_tumble_json(t) for t in rec.tumbles],
                "caught": [_caught_json(caught_odds(p)) for p in rec.caught],
                **({"web_going": [_web_going_json(p) for p in rec.web_goings]} if rec.web_goings else {}),
                **({"turning": [_turned_json(t) for p in rec.turnings[:1] for t in affected_odds(p)]}
                   if rec.turnings else {}),
                **({"strains": sorted(set(rec.strains))} if rec.strains else {}),
                "questions": [{"to": q.to, "about": q.about, "argument": q.argument, "choices": _plain(list(q.choices)),
                               **({"against": q.against} if q.against else {})}
                              for q in questions(self.battle, seen)],
                "stops_at": seen.stops_at}

    def _mount(self, cid: str):
        return views.mount_of(self.battle, cid)

    def odds(self, req: dict) -> dict:
        """Exact chances (design/query-protocol.md, ``odds``); a full attack given one
        ``target`` makes every attack at it."""
        who = self._creature(req, "who")
        if req.get("action") == "full_attack" and "targets" not in req and isinstance(req.get("target"), str):
            if not self.battle.has(req["target"]):
                raise BadRequest(f"Unknown creature {req['target']!r} in field 'target'.")
            req = {**{k: v for k, v in req.items() if k != "target"},
                   "targets": [step.to_json() for step in views.full_attack(self.battle, who, req["target"])]}
        command = self._command(req)
        chances = self.battle.odds(command) if not isinstance(command, Refusal) else None
        refusal = command if isinstance(command, Refusal) else chances.refusal
        if refusal is not None:
            return {"legal": False, **self._reason(refusal)}
        out: dict = {"legal": True}
        for key in ("hit", "crit", "expected_damage", "success"):
            value = getattr(chances, key)
            if value is not None:
                out[key] = float(value)
        if chances.tumbles:
            out["tumbles"] = [_tumble_json(t) for t in chances.tumbles]
        if chances.caught:
            out["caught"] = [_caught_json(c) for c in chances.caught]
        if chances.web_going:
            out["web_going"] = [{"at": list(sq), "chance": float(chance)} for sq, chance in chances.web_going]
        if chances.turning:
            out["turning"] = [_turned_json(t) for t in chances.turning]
        return out

    def act(self, req: dict) -> dict:
        """Play one action (design/query-protocol.md, "Playing actions")."""
        who = self._creature(req, "who")
        action = self._field(req, "action")
        if not isinstance(action, str):
            raise BadRequest("Field 'action' must be a string.")
        dice = req.get("dice", [])
        if not isinstance(dice, list) or not all(isinstance(d, int) and not isinstance(d, bool) for d in dice):
            raise BadRequest("Field 'dice' must be a list of whole numbers (raw die faces).")
        declined = req.get("decline_aoo", [])
        if not isinstance(declined, list) or not all(isinstance(d, str) for d in declined):
            raise BadRequest("Field 'decline_aoo' must be a list of creature ids.")
        args = {k: v for k, v in req.items() if k not in ("q", "who", "action", "dice", "decline_aoo", "aoo_maneuvers")}
        legal, refusal, events = self.battle.act(who, action, args, dice, set(declined), self._instead(req))
        if not legal:
            return {"legal": False, **self._reason(refusal), "events": []}
        return {"legal": True, "events": [_event_json(e) for e in events]}


def _tumble_json(t) -> dict:
    """A Tumble check a preview planned (digest §4.6): the foe, where, its DC and chance."""
    return {"foe": t.foe, "at": list(t.at), "dc": t.dc, "bonus": t.bonus, "through": t.through, "chance": t.chance}


def _web_going_json(p) -> dict:
    """A move through a Web spell (SRD Web): its check's method and bonus, and each square of
    the path with the result that gets it there and the chance of that result."""
    return {"method": p.method, "bonus": p.bonus,
            "path": [{"at": list(sq), "needs": needed(cost), "chance": float(p.chance_to(i))}
                     for i, (sq, cost) in enumerate(p.path)]}


def _turned_json(t) -> dict:
    """A creature a turning may affect (French text, « renvoi »): its Hit Dice against
    turning, its distance in metres, its chance to be affected and what befalls it then."""
    return {"who": t.who, "hit_dice": t.hit_dice, "distance_m": 1.5 * t.distance, "chance": float(t.chance),
            "outcome": t.outcome}


def _caught_json(c) -> dict:
    """A creature an area spell catches (data-digest §5): who, its save (null: none) and DC,
    its chance to make it and its mean damage (null: none)."""
    return {"who": c.plan.who, "save": c.plan.save, "dc": c.plan.dc if c.plan.save else None,
            "save_chance": None if c.save is None else float(c.save),
            "expected_damage": None if c.expected_damage is None else float(c.expected_damage)}


def _plain(value):
    """JSON values: tuples as lists, squares as [x, y]."""
    if isinstance(value, PlanStep):      # a full attack's plan, as its command's JSON writes it
        return value.to_json()
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):       # a dict, or a domain made part by part (``options.LazyParts``)
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def _breakdown(mods) -> list[dict]:
    return [{"value": m.value, "kind": m.kind, "source": m.source} for m in mods]


def _attack_json(plan) -> dict:
    count, sides = plan.dice
    dice = "" if not count else (str(count) if sides <= 1 else f"{count}d{sides}")
    bonus = f"{plan.damage_bonus:+d}" if plan.damage_bonus else ""
    return {"attacker": plan.attacker, "target": plan.target, "weapon": plan.weapon, "kind": plan.kind,
            "opportunity": plan.opportunity, "bonus": plan.bonus, "bonus_breakdown": _breakdown(plan.bonus_breakdown),
            "ac": plan.ac, "ac_breakdown": _breakdown(plan.ac_breakdown), "needs": plan.needs,
            "threat_from": plan.threat_from, "crit_multiplier": plan.crit_multiplier,
            "damage": (dice + bonus) if plan.deals_damage else None, "damage_multiplier": plan.damage_multiplier,
            "miss_chance": plan.miss_chance, "damage_reduction": plan.damage_reduction}


def _check_json(plan) -> dict:
    return {"kind": plan.kind, "attacker": plan.attacker, "defender": plan.defender,
            "attacker_bonus": plan.attacker_bonus, "defender_bonus": plan.defender_bonus,
            "attacker_breakdown": _breakdown(plan.attacker_breakdown),
            "defender_breakdown": _breakdown(plan.defender_breakdown)}


def _event_json(event) -> dict:
    def plain(v):
        if isinstance(v, tuple):
            return [plain(x) for x in v]
        return v
    return {k: plain(v) for k, v in event.as_dict().items()}


def run(battle: Battle, source: TextIO | BinaryIO | None = None, sink: TextIO = sys.stdout,
        lang: str | None = None) -> int:
    """Answer every line of ``source`` (standard input's bytes by default); exit status 0
    at end of input. A line that is not UTF-8 is refused, and the next one read."""
    session = QuerySession(battle, lang)
    for number, raw in enumerate(source if source is not None else sys.stdin.buffer, start=1):
        line = _decoded(raw)
        if line is None:
            answer = {"ok": False, "error": f"Malformed request: line {number} is not valid UTF-8 text."}
        elif not line.strip():
            continue
        else:
            try:
                answer = session.answer_line(strip_bom(line) if number == 1 else line)
            except Exception as exc:  # noqa: BLE001 - the protocol never stops early
                answer = {"ok": False, "error": f"Internal error while answering: {exc.__class__.__name__}"}
        sink.write(_dumped(answer) + "\n")
        sink.flush()
    return 0


def _decoded(raw: str | bytes) -> str | None:
    if isinstance(raw, str):
        return raw
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _dumped(answer: dict) -> str:
    """The answer as one JSON line; escaped to ASCII if it holds text no encoder writes."""
    text = json.dumps(answer, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(answer)
    return text
