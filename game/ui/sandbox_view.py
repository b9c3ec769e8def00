"""What the rules sandbox shows on the board (issue 13): the overlays for the selected
creature and the hovered square, and the lines of text that go with them, all from the
engine's faces (``world.views``, ``options``, ``odds``, ``preview``). The explorer and the
editor draw the same ``SandboxView``; it paints nothing itself (``overlays``,
``sandbox_overlays`` and ``board_view`` do).

Toggles: ``show_threat`` (threatened squares: the selected creature's enemies', or
everyone's), ``show_reach`` (the selected creature's reach), ``charge_mode`` (the lane to a
hovered creature instead of the path to a hovered square), ``mode`` (the movement mode
the path follows), ``show_area`` (reachable squares in bands: 5-ft step, move, double
move, run), ``show_lanes`` (charge lanes to every enemy), ``show_flanking`` (flanking
pairs), ``show_splash`` (a flask thrown at the hovered creature or corner: scatter points
and heat map), ``ruler_from`` and ``ruler_to`` (the ends of the 1-2-1 ruler; while
``ruler_to`` is None the hover is the other end: ``ruler_step``).
Hovering an enemy shows cover and line of sight to it, and the odds from here.
``set_variant`` switches a rule variant of the battle; ``explain`` says which rule decides
a clicked square, and how the numbers add up."""
from __future__ import annotations

from dataclasses import replace

from ..i18n import distance as say_distance, sentence
from ..rules.geometry import distance, metres
from ..world import views
from . import overlays, sandbox_explain as why, sandbox_odds, sandbox_overlays as extra
from .board_view import Overlay

MODES = ("double", "move", "withdraw", "5ft", "run")
# The three rule variants (decisions §2-§4) and the readings each may take.
VARIANTS = {"charge_lane": ("center", "swept"), "scatter_order": ("seed", "srd"),
            "reach_diagonal_exception": (True, False)}


def percent(value) -> str:
    """An exact chance as a percentage for the board (one decimal)."""
    return f"{100 * float(value):.1f}%"


def attack_line(name: str, odds, lang: str) -> str:
    """An attack's chances with the arithmetic of its first roll (the natural d20 it needs:
    its bonus against the armour class, digest §8.1)."""
    first = odds.attacks[0]
    line = sentence("SBX_ODDS_ATTACK", {
        "action": name, "hit": percent(odds.hit or 0), "crit": percent(odds.crit or 0), "needs": first.needs,
        "bonus": f"{first.bonus:+d}", "ac": first.ac, "damage": f"{float(odds.expected_damage or 0):.2f}"}, lang)
    # a concealed target (darkness, invisibility: digest §7.3): the hit chance is after its
    # miss chance, which is said, or "d20 ≥ 14" and "hit 17.5%" disagree (play-test, issue 14)
    miss = getattr(first, "miss_chance", 0)
    return line + sentence("SBX_ODDS_MISS_CHANCE", {"percent": miss}, lang) if miss else line


def maneuver_line(name: str, odds, lang: str) -> str:
    """A maneuver's chances: its opposed check, and when a touch attack comes first (a
    trip), that attack's chance and the two together (the engine's ``odds``: ``hit`` the
    touch attack, ``success`` the check)."""
    if odds.hit is None:
        return sentence("SBX_ODDS_MANEUVER", {"action": name, "success": percent(odds.success)}, lang)
    return sentence("SBX_ODDS_MANEUVER_TOUCH", {"action": name, "touch": percent(odds.hit), "check": percent(odds.success),
                                                "overall": percent(odds.hit * odds.success)}, lang)


def chances_line(name: str, odds, lang: str) -> str:
    """An action's chances in one line: a maneuver's check (with its touch attack), else
    an attack's roll; "" when the engine planned neither."""
    if odds.success is not None:
        return maneuver_line(name, odds, lang)
    return attack_line(name, odds, lang) if odds.attacks else ""


class SandboxView:
    def __init__(self, battle, lang: str, names: dict[str, str] | None = None):
        self.battle = battle
        self.lang = lang
        self.names = names or {}
        self.selected: str | None = None
        self.hover: tuple[int, int] | None = None
        self.show_threat = False
        self.show_reach = False
        self.charge_mode = False
        self.mode = MODES[0]
        self.show_area = False
        self.show_lanes = False
        self.show_flanking = False
        self.show_splash = False
        self.ruler_from: tuple[int, int] | None = None
        self.ruler_to: tuple[int, int] | None = None       # the end fixed by a second click (None: the hover)
        self.splash_aim: tuple[int, int] | None = None     # locked aim of the flask (None: the hover)
        self.explained: list[why.Explanation] = []
        self.numbers: dict[str, list[why.Explanation]] = {}     # a panel line with numbers -> its explanation
        self._lanes: dict = {}

    # --- what is hovered ----------------------------------------------------------------
    def _sel(self):
        board = self.battle.board()
        return board.by_id.get(self.selected) if self.selected else None

    def hovered(self) -> str | None:
        """The creature under the hover (not the selected one), if any."""
        if self.hover is None or not self.battle.board().terrain.in_bounds(self.hover):
            return None
        who = views.creature_at(self.battle, self.hover)
        return who if who != self.selected else None

    def splash_target(self) -> tuple[str | None, tuple[int, int] | None] | None:
        """(target creature, intersection) of the flask: the locked aim, else the hover —
        a creature other than the thrower, or the corner at the top-left of a free square."""
        square = self.splash_aim or self.hover
        if square is None or not self.battle.board().terrain.in_bounds(square):
            return None
        who = views.creature_at(self.battle, square)
        if who == self.selected:
            return None
        return (who, None) if who else (None, square)

    def threat_ids(self) -> list[str]:
        board = self.battle.board()
        sel = self._sel()
        return [e.id for e in board.enemies_of(sel)] if sel else [b.id for b in board.bodies]

    # --- the overlays -------------------------------------------------------------------
    def overlay(self) -> Overlay:
        """The overlays for the current selection, hover and toggles."""
        battle = self.battle
        ov = Overlay()
        sel = self._sel()
        if self.show_threat:
            overlays.threat_overlay(battle, self.threat_ids(), ov)
        if self.show_reach and sel:
            overlays.reach_overlay(battle, sel.id, ov)
        self._lanes = {}
        if sel and self.show_area:
            extra.bands_overlay(battle, sel.id, self.mode, ov)
        if sel and self.show_lanes:
            self._lanes = extra.lanes_overlay(battle, sel.id, self.lang, ov, self.names)
        if sel and self.show_flanking:
            extra.flanking_overlay(battle, sel.id, ov)
        if sel and self.hover and battle.board().terrain.in_bounds(self.hover) and self.hover != sel.pos:
            self._hover_overlay(sel.id, ov)
        ov.focus = self.hover
        end = self.ruler_end()
        if self.ruler_from is not None and end is not None:
            ov.ruler = (self.ruler_from, end, say_distance(metres(distance(self.ruler_from, end)), self.lang))
        return ov

    # --- the ruler ------------------------------------------------------------------------
    def ruler_end(self) -> tuple[int, int] | None:
        """The ruler's other end: the one fixed, else the hover."""
        return self.ruler_to if self.ruler_to is not None else self.hover

    def ruler_step(self, square) -> None:
        """A click of the ruler (or U) on ``square``: the first sets the start, the
        second fixes the end (it stays when the pointer moves on), the third puts the
        ruler away."""
        if self.ruler_from is None:
            self.ruler_from, self.ruler_to = square, None
        elif self.ruler_to is None:
            self.ruler_to = square
        else:
            self.clear_ruler()

    def clear_ruler(self) -> bool:
        """The ruler put away; True when there was one (Esc clears it before anything)."""
        had = self.ruler_from is not None
        self.ruler_from = self.ruler_to = None
        return had

    def _hover_overlay(self, cid: str, ov: Overlay) -> None:
        battle = self.battle
        target = self.hovered()
        if self.show_splash:
            aim = self.splash_target()
            if aim is not None:
                extra.splash_heat_overlay(battle, cid, ov, target=aim[0], intersection=aim[1], lang=self.lang)
        elif self.charge_mode and target:
            overlays.charge_overlay(battle, cid, target, self.lang, ov, self.names)
        elif target:
            overlays.aim_overlay(battle, cid, target, self.lang, ov, self.names)
        elif not self.charge_mode and views.creature_at(battle, self.hover) is None:
            overlays.path_overlay(battle, cid, self.hover, self.mode, self.lang, ov, self.names)

    # --- the panel's lines ----------------------------------------------------------------
    def info_lines(self) -> list[str]:
        """Lines of text for the panel beside the overlays: who threatens the hovered
        square, what each movement costs to get there, the odds against a hovered enemy,
        the expected damage of a path's attacks of opportunity, a flask's chances, the
        ruler, the variants in force and the last explanation asked for."""
        lines: list[str] = []
        sel = self._sel()
        if self.hover is not None and self.battle.board().terrain.in_bounds(self.hover):
            lines += self._square_lines(sel)
        if sel and self.hover is not None:
            lines += self._odds_lines(sel.id)
        if self.ruler_from is not None and self.ruler_end() is not None:
            lines.append(extra.ruler(self.ruler_from, self.ruler_end(), self.lang))
        lines += self.variant_lines()
        return lines + self.explanation_lines()

    def explanation_lines(self) -> list[str]:
        """The last explanation asked for, by rule: ``[rule · section]``, the arithmetic of
        each thing it decides, then the rule's paragraph once."""
        lines: list[str] = []
        for rule in dict.fromkeys(e.rule for e in self.explained):
            these = [e for e in self.explained if e.rule == rule]
            lines.append(f"[{rule} · {these[0].section()}] {these[0].arithmetic}")
            lines += [e.arithmetic for e in these[1:]]
            lines.append(these[0].paragraph(self.lang))
        return lines

    def _square_lines(self, sel) -> list[str]:
        out = []
        by = [cid for cid in self.threat_ids() if self.hover in views.threatened(self.battle, cid)]
        if by:
            out.append(sentence("SBX_THREATENED_BY", {"square": list(self.hover),
                                                       "names": ", ".join(self.names.get(c, c) for c in by)}, self.lang,
                                here=True))
        if sel and self.show_area:
            costs = [(m, views.reachable(self.battle, sel.id, m).get(self.hover)) for m in (*extra.BANDS, "withdraw")]
            parts = [f"{sentence(f'UI_MODE_{m}', {}, self.lang)} {say_distance(metres(c), self.lang)}"
                     for m, c in costs if c is not None]
            if parts:
                out.append(sentence("SBX_COSTS", {"costs": " · ".join(parts)}, self.lang))
        return out

    def _odds_lines(self, cid: str) -> list[str]:
        target = self.hovered()
        battle = self.battle
        if self.show_splash:
            aim = self.splash_target()
            if aim is None:
                return []
            _heat, hit = sandbox_odds.splash_heat(battle, cid, target=aim[0], intersection=aim[1])
            item = sandbox_odds.splash_item(battle, cid)
            return [sentence("SBX_SPLASH_HIT", {"item": item, "hit": percent(hit)}, self.lang) if hit is not None
                    else sentence("SBX_SPLASH_NO_FLASK", {}, self.lang)]
        if target and target in {b.id for b in battle.board().enemies_of(battle.board().body(cid))}:
            return self.odds_lines(cid, target)
        if target is None and not self.charge_mode:
            seen = views.path(battle, cid, self.hover, self.mode)
            provoked = sandbox_odds.path_aoo_damage(battle, cid, seen, self.mode)
            if provoked:
                total = sum(d for _t, d in provoked)
                each = ", ".join(f"{self.names.get(t, t)} {float(d):.2f}" for t, d in provoked)
                return [sentence("SBX_AOO_DAMAGE", {"each": each, "total": f"{float(total):.2f}"}, self.lang)]
        return []

    def odds_lines(self, cid: str, target: str) -> list[str]:
        """One line per action at ``target`` from here: its chances (``battle.odds``) or
        why it cannot be taken."""
        out = []
        self.numbers = {}
        for action, odds in sandbox_odds.target_odds(self.battle, cid, target).items():
            name = sentence(f"SBX_ACTION_{action}", {}, self.lang)
            if odds.refusal is not None:
                out.append(sentence("SBX_ODDS_REFUSED", {"action": name, "reason": sentence(
                    odds.refusal.code, odds.refusal.params, self.lang, self.names, here=True)}, self.lang))
            elif odds.success is not None or odds.attacks:
                out.append(chances_line(name, odds, self.lang))
                reasons = why.maneuver_reasons if odds.success is not None else why.attack_reasons
                self.numbers[out[-1]] = reasons(name, odds, self.lang)
        return out

    # --- rule variants ----------------------------------------------------------------------
    def set_variant(self, key: str, value) -> None:
        """Read the rules another way: the battle's variants (which its board, threat maps,
        lanes and scatter all read) rebuilt with ``key`` = ``value``, and the scenario's
        with them (a saved situation keeps its variant)."""
        if key not in VARIANTS or value not in VARIANTS[key]:
            raise ValueError(f"unknown rule variant {key}={value!r}")
        battle = self.battle
        battle.variants = replace(battle.variants, **{key: value})
        battle.scenario.variants = battle.variants
        battle.changed()

    def cycle_variant(self, key: str) -> None:
        readings = VARIANTS[key]
        now = getattr(self.battle.variants, key)
        self.set_variant(key, readings[(readings.index(now) + 1) % len(readings)])

    def variant_lines(self) -> list[str]:
        """Each variant in force with the one-line reading it follows."""
        v = self.battle.variants
        return [sentence(f"SBX_VARIANT_{key}_{getattr(v, key)}", {}, self.lang) for key in VARIANTS]

    # --- explain ----------------------------------------------------------------------------
    def explain(self, square) -> list[why.Explanation]:
        """The rules that decide ``square`` as the sandbox shows it now (kept in
        ``explained`` for the panel)."""
        sel = self._sel()
        battle = self.battle
        found: list[why.Explanation] = []
        if self.show_threat or sel is None:
            found += why.threat_reasons(battle, square, self.threat_ids(), self.lang, self.names)
        if sel is not None:
            self.overlay()                               # the lanes as drawn now
            found += why.lane_reasons(battle, self._lanes, square, self.lang, self.names)
            who = views.creature_at(battle, square)
            if self.show_splash:
                found += self._splash_reasons(sel.id, square)
            elif who and who != sel.id:
                found += why.target_reasons(battle, sel.id, who, self.lang, self.names)
            elif who is None and square != sel.pos:
                aoo = sandbox_odds.path_aoo_damage(battle, sel.id, views.path(battle, sel.id, square, self.mode),
                                                   self.mode)
                found += why.path_reasons(battle, sel.id, square, self.mode, self.lang, self.names, aoo)
            if not self.show_threat:
                found += why.threat_reasons(battle, square, self.threat_ids(), self.lang, self.names)
        self.explained = found
        return found

    def explain_line(self, line: str) -> list[why.Explanation]:
        """The rule behind a line of numbers of the panel (an attack's chance: its bonus
        and the AC it rolls against); [] for a line without one."""
        found = self.numbers.get(line, [])
        if found:
            self.explained = list(found)
        return found

    def _splash_reasons(self, cid: str, square) -> list[why.Explanation]:
        """A first click locks the flask's aim on the square; later clicks explain the
        chance of landing on the point in (or at the corner of) the clicked square."""
        if self.splash_aim is None:
            self.splash_aim = square
        aim = self.splash_target()
        if aim is None:
            return []
        heat, _hit = sandbox_odds.splash_heat(self.battle, cid, target=aim[0], intersection=aim[1])
        increments = views.scatter(self.battle, cid, target=aim[0], intersection=aim[1]).range_increments
        for point in ((square[0] + 0.5, square[1] + 0.5), (float(square[0]), float(square[1]))):
            if point in heat:
                return why.splash_reasons(self.battle, cid, heat, increments, point, self.lang)
        return []


