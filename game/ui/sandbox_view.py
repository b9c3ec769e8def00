"""What the rules sandbox shows on the board (issue 13): the overlays for the selected
creature and the hovered square, and the lines of text that go with them, all from the
engine's faces (``world.views``, ``options``, ``odds``). The explorer and the editor draw
the same ``SandboxView``; it paints nothing itself (``overlays`` and ``board_view`` do).

Toggles: ``show_threat`` (threatened squares: the selected creature's enemies', or
everyone's), ``show_reach`` (the selected creature's reach), ``charge_mode`` (the lane to a
hovered creature instead of the path to a hovered square), ``mode`` (the movement mode
the path follows)."""
from __future__ import annotations

from ..world import views
from . import overlays
from .board_view import Overlay

MODES = ("double", "move", "withdraw", "5ft")


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

    def overlay(self) -> Overlay:
        """The overlays for the current selection, hover and toggles."""
        battle = self.battle
        board = battle.board()
        ov = Overlay()
        sel = board.by_id.get(self.selected) if self.selected else None
        if self.show_threat:
            ids = [e.id for e in board.enemies_of(sel)] if sel else [b.id for b in board.bodies]
            overlays.threat_overlay(battle, ids, ov)
        if self.show_reach and sel:
            overlays.reach_overlay(battle, sel.id, ov)
        if sel and self.hover and board.terrain.in_bounds(self.hover) and self.hover != sel.pos:
            target = views.creature_at(battle, self.hover)
            if self.charge_mode and target and target != sel.id:
                overlays.charge_overlay(battle, sel.id, target, self.lang, ov)
            elif not self.charge_mode and not target:
                overlays.path_overlay(battle, sel.id, self.hover, self.mode, self.lang, ov, self.names)
        return ov

    def info_lines(self) -> list[str]:
        """Lines of text for the panel beside the overlays (odds, explanations): none yet
        beyond the overlay's own caption."""
        return []
