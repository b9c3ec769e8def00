"""Why a square is what the sandbox shows (issue 13, "Explain"): for a clicked square,
each rule that decides it — its id, the paragraph of the French text or of the digest in
the player's language (``data.rule_texts``) — and the arithmetic, built from the engine's
own answers (threat maps, paths, lanes, cover, scatter). Nothing here decides a rule."""
from __future__ import annotations

from dataclasses import dataclass

from ..data.rule_texts import rule_texts
from ..i18n import sentence
from ..rules.geometry import Square, gaps_distance, metres, space_offsets
from ..world import systems, views


@dataclass(frozen=True)
class Explanation:
    """One rule behind a square: ``rule`` names a row of ``rule_texts.toml``."""

    rule: str
    arithmetic: str

    def section(self) -> str:
        return rule_texts()[self.rule].section

    def paragraph(self, lang: str | None) -> str:
        return rule_texts()[self.rule].text(lang)


def threat_reasons(battle, square: Square, ids: list[str], lang, names) -> list[Explanation]:
    """Each of ``ids`` that threatens the square, with the distance from its nearest
    square against its reach (digest §3, decisions §2)."""
    board = battle.board()
    out = []
    for cid in ids:
        if square not in views.threatened(battle, cid):
            continue
        body = board.body(cid)
        gx, gy = space_offsets(body.pos, body.span, square)
        band = body.threat_band()
        outer = band.outer if band else 0
        note = sentence("SBX_DIAGONAL_EXCEPTION", {}, lang) if (gx, gy) == (2, 2) and outer == 2 else ""
        out.append(Explanation("threat_reach", sentence("SBX_WHY_THREAT", {
            "name": names.get(cid, cid), "squares": gaps_distance(gx, gy), "metres": f"{metres(gaps_distance(gx, gy)):g}",
            "reach": f"{metres(outer):g}", "shape": sentence(f"SBX_SHAPE_{body.reach_shape}", {}, lang),
            "exception": note}, lang)))
    return out


def path_reasons(battle, cid: str, square: Square, mode: str, lang, names, aoo=None) -> list[Explanation]:
    """The safest path's cost counted 1-2-1 (digest §1.1) and each attack of opportunity
    it provokes (digest §4.1), or the 5-ft step's or the withdraw's own rule."""
    seen = views.path(battle, cid, square, mode)
    rule = {"5ft": "five_foot_step", "withdraw": "withdraw"}.get(mode, "move_121")
    if not seen.legal:
        return [Explanation(rule, sentence(seen.refusal.code, seen.refusal.params, lang, here=True))]
    positions = [seen.start, *seen.squares]
    diag = sum(1 for a, b in zip(positions, positions[1:]) if a[0] != b[0] and a[1] != b[1])
    straight = len(positions) - 1 - diag
    sequence = [1 + k % 2 for k in range(diag)]            # the 1-2-1 count from a fresh turn
    plain = straight + sum(sequence)
    extra = sentence("SBX_TERRAIN_EXTRA", {"metres": f"{metres(seen.cost - plain):g}"}, lang) if seen.cost > plain else ""
    out = [Explanation(rule, sentence("SBX_WHY_PATH", {
        "straight": straight, "straight_m": f"{metres(straight):g}", "diag": diag, "diag_m": f"{metres(sum(sequence)):g}",
        "sequence": "+".join(map(str, sequence)) or "0", "extra": extra, "metres": f"{metres(seen.cost):g}",
        "mode": sentence(f"UI_MODE_{mode}", {}, lang)}, lang))]
    damage = dict(aoo or [])
    for taker, at in seen.provokes:
        out.append(Explanation("aoo_movement", sentence("SBX_WHY_AOO", {
            "name": names.get(taker, taker), "square": list(at),
            "damage": f"{float(damage[taker]):.2f}" if taker in damage else "?"}, lang, here=True)))
    return out


def target_reasons(battle, cid: str, target: str, lang, names) -> list[Explanation]:
    """Cover and line of sight from the selected creature (digest §7.2) and the allies it
    flanks the target with (digest §7.1)."""
    board = battle.board()
    me = board.body(cid)
    kind = "ranged" if me.weapon.is_ranged else "melee"
    seen = views.aim(battle, cid, target)
    blocked = sum(1 for _a, _b, k in seen.lines if k != "clear")
    out = [Explanation("cover", sentence("SBX_WHY_COVER", {
        "target": names.get(target, target), "kind": sentence(f"SBX_ATTACK_{kind}", {}, lang),
        "cover": sentence(f"COVER_{systems.cover(board, cid, target, kind)}", {}, lang),
        "blocked": blocked, "lines": len(seen.lines)}, lang))]
    if seen.flanking:
        out.append(Explanation("flanking", sentence("SBX_WHY_FLANK", {
            "target": names.get(target, target), "allies": ", ".join(names.get(p, p) for p in seen.flanking)}, lang)))
    return out


def lane_reasons(battle, lanes: dict, square: Square, lang, names) -> list[Explanation]:
    """The charge lanes (``{target: overlay}``) that run through or stop at the square,
    each with its verdict (French text, « passage dégagé »; decisions §3)."""
    out = []
    for target, ov in lanes.items():
        if square in ov.lane or square == ov.lane_block:
            plain = ov.caption == sentence("CHARGE_OK", {}, lang)     # an overrun's caption says more
            verdict = sentence("SBX_LANE_OK", {}, lang) if plain else ov.caption
            out.append(Explanation("charge_lane", sentence("SBX_WHY_LANE", {
                "target": names.get(target, target), "verdict": verdict,
                "variant": sentence(f"SBX_LANE_READING_{battle.variants.charge_lane}", {}, lang)}, lang)))
    return out


def splash_reasons(battle, cid: str, heat: dict, increments: int, point, lang) -> list[Explanation]:
    """The chance a thrown flask lands on this point and the scatter that brings it there
    (French text, « armes à impact »)."""
    if point not in heat:
        return []
    return [Explanation("splash_scatter", sentence("SBX_WHY_SPLASH", {
        "chance": f"{100 * float(heat[point]):.1f}", "n": increments,
        "order": sentence(f"SBX_VARIANT_scatter_order_{battle.variants.scatter_order}", {}, lang)}, lang))]


def _parts(mods) -> str:
    return ", ".join(f"{m.source} {m.value:+d}" for m in mods if m.value) or "—"


def maneuver_reasons(name: str, odds, lang) -> list[Explanation]:
    """The numbers behind a maneuver's chance: the touch attack that comes first (a trip),
    then the opposed check — each side's bonus with what makes it up (French text,
    "croc-en-jambe"; digest, opposed Strength checks)."""
    if odds.refusal is not None or odds.check is None:
        return []
    out = attack_reasons(name, odds, lang) if odds.attacks else []
    plan = odds.check
    out.append(Explanation("opposed_check", sentence("SBX_WHY_OPPOSED", {
        "action": name, "a": f"{plan.attacker_bonus:+d}", "a_parts": _parts(plan.attacker_breakdown),
        "d": f"{plan.defender_bonus:+d}", "d_parts": _parts(plan.defender_breakdown),
        "win": f"{100 * float(odds.success or 0):.1f}"}, lang)))
    return out


def attack_reasons(name: str, odds, lang) -> list[Explanation]:
    """The numbers behind an attack's chance (digest §8.1): its bonus and the armour class
    it rolls against, each with what makes it up, and the natural d20 it needs."""
    if odds.refusal is not None or not odds.attacks:
        return []
    plan = odds.attacks[0]
    return [Explanation("attack_roll", sentence("SBX_WHY_ATTACK", {
        "action": name, "bonus": f"{plan.bonus:+d}", "bonus_parts": _parts(plan.bonus_breakdown), "ac": plan.ac,
        "ac_parts": _parts(plan.ac_breakdown), "needs": plan.needs, "hit": f"{100 * float(odds.hit or 0):.1f}",
        "threat": plan.threat_from}, lang))]
