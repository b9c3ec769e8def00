"""Casting a spell or using a magic item from the battle screen: pick it in a dialog, then
aim it the way its shape asks (French text, "lancer un sort"; data-digest §5):

- one creature (touch, ray, target; a spiritual weapon's foe): click it;
- several creatures (magic missile, haste): click each, Enter casts early;
- a burst, spread or square (sleep, fireball, web, grease): click a grid intersection;
- a cone (burning hands, color spray): click toward where it goes, from the caster's
  nearest corner; a flaming sphere: click its square;
- bless and potions need no aim.

When a foe threatens the caster, its player chooses to cast defensively (Concentration
DC 15 + level) or to risk the attacks of opportunity.
"""
from __future__ import annotations

from ..content import data
from ..i18n import sentence
from ..rules import spells as spell_rules
from ..world.components import Hands, Inventory, Spellcasting


class SpellAim:
    def __init__(self, screen):
        self.s = screen
        self.spell: str | None = None          # a spell id, or an item's spell
        self.item: str | None = None           # a magic item being used
        self.quickened = False
        self.targets: list[str] = []

    # --- what can be cast -------------------------------------------------------------
    def choices(self, cid: str) -> list[tuple[str, tuple[str, str]]]:
        """(label, (kind, id)) for every spell ready (once each) and every magic item."""
        lang = self.s.lang
        out = []
        for entry in dict.fromkeys(self.s.battle.comp(cid, Spellcasting).prepared):
            spell_id = entry.split(":")[-1]
            name = data.spells()[spell_id].get(f"name_{lang}", spell_id)
            out.append((name + (" ⚡" if entry.startswith("quickened:") else ""), ("spell", entry)))
        items = data.magic_items()
        for item_id in dict.fromkeys(self.s.battle.comp(cid, Inventory).items):
            if item_id in items:
                out.append((items[item_id].get(f"name_{lang}", item_id), ("item", item_id)))
        return out

    def start(self, choice: tuple[str, str]) -> None:
        kind, ident = choice
        self.targets = []
        if kind == "item" and self.s.battle.comp(self.s.current, Hands).holding != ident:
            self.s.perform("retrieve", {"item": ident})       # out of the pack first: a move action
            return
        if kind == "item":
            self.item, self.quickened = ident, False
            self.spell = data.magic_items()[ident]["spell"]
            if data.magic_items()[ident]["kind"] == "potion":
                self._go({})                                   # drunk: the drinker is the target
                return
        else:
            self.item, self.quickened = None, ident.startswith("quickened:")
            self.spell = ident.split(":")[-1]
        if self.shape == "burst" and data.spells()[self.spell]["effect"] == "bless":
            self._go({})                                       # bless needs no aim
            return
        self.s.mode = "cast"

    @property
    def shape(self) -> str:
        return data.spells()[self.spell]["shape"] if self.spell else ""

    def _limit(self) -> int:
        cl = self.s.battle.comp(self.s.current, Spellcasting).caster_level
        if self.item:
            cl = data.magic_items()[self.item]["caster_level"]
        return spell_rules.missiles(cl) if data.spells()[self.spell]["effect"] == "missiles" else max(1, cl)

    # --- aiming -----------------------------------------------------------------------
    def click(self, square, corner, target: str | None) -> None:
        spell = data.spells()[self.spell]
        shape, effect = spell["shape"], spell["effect"]
        if shape == "targets":
            if target is None:
                return
            self.targets.append(target)
            if len(self.targets) >= self._limit():
                self.enter()
            else:
                self.s.log.append((sentence("UI_TARGETS_PLAN", {"done": len(self.targets), "of": self._limit()},
                                            self.s.lang), (200, 200, 160)))
        elif effect == "flaming_sphere":
            if target is None:
                self._go({"point": list(square)})
        elif shape in ("target", "ray", "effect"):
            if target is not None:
                self._go({"target": target})
        elif shape == "cone":
            me = self.s.battle.board().body(self.s.current)
            corners = [(x + i, y + j) for x, y in me.squares for i in (0, 1) for j in (0, 1)]
            start = min(corners, key=lambda c: (c[0] - corner[0]) ** 2 + (c[1] - corner[1]) ** 2)
            d = [(corner[0] > start[0]) - (corner[0] < start[0]), (corner[1] > start[1]) - (corner[1] < start[1])]
            if d != [0, 0]:
                self._go({"point": list(start), "direction": d})
        else:                                                  # burst, spread, square
            self._go({"point": list(corner)})

    def enter(self) -> None:
        """Cast at the creatures chosen so far (several-target spells)."""
        if self.targets:
            targets, self.targets = self.targets, []
            self._go({"targets": targets})

    def area(self, corner) -> set:
        """The squares an area spell would fill from this intersection (for the preview)."""
        if not self.spell:
            return set()
        spell = data.spells()[self.spell]
        radius = spell.get("radius_ft", 0) // 5
        if spell["shape"] in ("burst", "spread") and spell["effect"] != "bless":
            squares = spell_rules.burst_squares(tuple(corner), radius)
        elif spell["shape"] == "square":
            squares = spell_rules.square_area(tuple(corner), radius)
        else:
            return set()
        terrain = self.s.battle.terrain
        return {sq for sq in squares if terrain.in_bounds(sq)}

    def _go(self, aim: dict) -> None:
        s = self.s
        args = dict(aim, item=self.item) if self.item else dict(aim, spell=self.spell, quickened=self.quickened)
        kind = data.magic_items()[self.item]["kind"] if self.item else "spell"
        s.mode = None
        board = s.battle.board()
        me = board.body(s.current)
        threatened = any(_threatens(board, e, me) for e in board.enemies_of(me))
        action = "use_item" if self.item else "cast"
        if threatened and kind in ("spell", "scroll") and not self.quickened:
            s.dialog = s.make_dialog(sentence("UI_DEFENSIVELY", {}, s.lang),
                                     [(sentence("UI_YES", {}, s.lang), True), (sentence("UI_NO", {}, s.lang), False)],
                                     lambda defensive: s.perform(action, dict(args, defensively=defensive)))
        else:
            s.perform(action, args)


def _threatens(board, enemy, body) -> bool:
    from ..rules.threat import threatens
    return any(threatens(board, enemy, sq) for sq in body.squares)
