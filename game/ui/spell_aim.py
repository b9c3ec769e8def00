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
from ..rules import metamagic, spells as spell_rules
from ..world.actions.spell_basics import spell_level
from ..world.actions.spell_sources import entry_level, spontaneous_kind
from ..world.components import Feats, Hands, Inventory, Spellcasting, SpellLike


class SpellAim:
    def __init__(self, screen):
        self.s = screen
        self.spell: str | None = None          # a spell id, or an item's spell
        self.item: str | None = None           # a magic item being used
        self.metamagic: list[str] = []         # metamagic feats applied to the spell
        self.heighten_to: int | None = None    # Heighten Spell's new level
        self.extra: dict = {}                  # spontaneous_from: the prepared spell given up
        self.action = "cast"                   # cast, use_spell_like or use_item
        self.targets: list[str] = []

    # --- what can be cast -------------------------------------------------------------
    def choices(self, cid: str) -> list[tuple[str, tuple[str, str]]]:
        """(label, (kind, id)) for every spell ready (once each): prepared ones with their
        metamagic, a sorcerer's spells known while a slot is left, a cleric's cure (or
        inflict) spells in place of a prepared spell, spell-like abilities with uses left;
        and every magic item."""
        b, lang = self.s.battle, self.s.lang
        sc = b.comp(cid, Spellcasting)
        spells = data.spells()
        out = []
        for entry in dict.fromkeys(sc.prepared):
            spell_id, feats = metamagic.parse_entry(entry)
            out.append((_spell_label(spell_id, feats, lang, metamagic.heightened_level(entry)), ("spell", entry)))
        for spell_id in sc.known:
            level = spell_level(b, cid, spells[spell_id])
            if any(n > 0 for n in sc.slots[level:]):
                out.append((_spell_label(spell_id, (), lang), ("known", spell_id)))
        kind = spontaneous_kind(b, cid)
        if kind and sc.prepared:
            best = max(entry_level(b, cid, e) for e in sc.prepared)
            for spell_id, spell in spells.items():
                if spell["effect"] == kind and "cleric" in spell["level"] and spell["level"]["cleric"] <= best:
                    out.append((sentence("UI_IN_PLACE", {"spell": _spell_label(spell_id, (), lang)}, lang),
                                ("convert", spell_id)))
        for spell_id, uses in b.comp(cid, SpellLike).uses.items():
            if uses != 0:
                left = sentence("UI_AT_WILL" if uses is None else "UI_USES_LEFT", {"n": uses}, lang)
                out.append((sentence("UI_SPELL_LIKE", {"spell": _spell_label(spell_id, (), lang), "left": left}, lang),
                            ("spell_like", spell_id)))
        items = data.magic_items()
        for item_id in dict.fromkeys(b.comp(cid, Inventory).items):
            if item_id in items:
                out.append((items[item_id].get(f"name_{lang}", item_id), ("item", item_id)))
        return out

    def start(self, choice: tuple[str, str]) -> None:
        kind, ident = choice
        self.targets, self.item, self.metamagic, self.extra, self.action = [], None, [], {}, "cast"
        self.heighten_to = None
        if kind == "item" and self.s.battle.comp(self.s.current, Hands).holding != ident:
            self.s.perform("retrieve", {"item": ident})       # out of the pack first: a move action
            return
        if kind == "item":
            self.item, self.action = ident, "use_item"
            self.spell = data.magic_items()[ident]["spell"]
            if data.magic_items()[ident]["kind"] == "potion":
                self._go({})                                   # drunk: the drinker is the target
                return
            self._aim()
        elif kind == "spell":
            self.spell, feats = metamagic.parse_entry(ident)
            self.metamagic, self.heighten_to = list(feats), metamagic.heightened_level(ident)
            self._aim()
        elif kind == "spell_like":
            self.spell, self.action = ident, "use_spell_like"
            self._aim()
        elif kind == "known":
            self.spell = ident
            self._ask_metamagic()
        else:                                                  # convert: which prepared spell goes
            self.spell = ident
            self._ask_given_up()

    def _ask_given_up(self) -> None:
        b, cid, lang = self.s.battle, self.s.current, self.s.lang
        need = spell_level(b, cid, data.spells()[self.spell])
        entries = [e for e in dict.fromkeys(b.comp(cid, Spellcasting).prepared) if entry_level(b, cid, e) >= need]
        labels = [(_spell_label(*metamagic.parse_entry(e), lang), e) for e in entries]

        def given_up(entry):
            self.extra = {"spontaneous_from": entry}
            self._ask_metamagic()
        self.s.dialog = self.s.make_dialog(sentence("UI_GIVE_UP_WHICH", {}, lang), labels, given_up)
        self.s.dialog.cancellable = True

    def _ask_metamagic(self) -> None:
        """A spontaneous casting may take the caster's metamagic feats now (a full-round
        action): each choice ticks or unticks a feat, the last one casts."""
        b, cid, lang = self.s.battle, self.s.current, self.s.lang
        spell = data.spells()[self.spell]
        feats = [f for f in metamagic.METAMAGIC if f in b.comp(cid, Feats).ids and f != "quicken_spell"
                 and metamagic.applies(f, spell)]
        if not feats:
            self._aim()
            return
        names = data.feats()
        labels = [(("☑ " if f in self.metamagic else "☐ ") + names[f].get(f"name_{lang}", f), f) for f in feats]
        labels.append((sentence("UI_CAST_NOW", {}, lang), None))

        def toggle(feat):
            if feat is None:
                self._ask_heighten() if "heighten_spell" in self.metamagic else self._aim()
                return
            self.metamagic = [f for f in self.metamagic if f != feat] if feat in self.metamagic \
                else self.metamagic + [feat]
            self._ask_metamagic()
        self.s.dialog = self.s.make_dialog(sentence("UI_METAMAGIC_WHICH", {}, lang), labels, toggle)
        self.s.dialog.cancellable = True

    def _ask_heighten(self) -> None:
        """Heighten Spell: the level the spell is cast at (above its own, 9th at most)."""
        b, cid, lang = self.s.battle, self.s.current, self.s.lang
        low = spell_level(b, cid, data.spells()[self.spell]) + 1

        def chosen(level):
            self.heighten_to = level
            self._aim()
        self.s.dialog = self.s.make_dialog(sentence("UI_HEIGHTEN_TO", {}, lang),
                                           [(str(lv), lv) for lv in range(low, metamagic.HIGHEST_LEVEL + 1)], chosen)
        self.s.dialog.cancellable = True

    def _aim(self) -> None:
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
        elif self.action == "use_spell_like":
            cl = self.s.battle.comp(self.s.current, SpellLike).caster_level
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
        elif shape == "touched":
            if target is not None:
                self._go({"target": target})                   # the first friend touched at once
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
        """Cast at the creatures chosen so far (several-target spells); a spell for creatures
        touched is cast with no touch yet: the charge is held."""
        if self.spell and self.shape == "touched" and not self.targets:
            self._go({})
        elif self.targets:
            targets, self.targets = self.targets, []
            self._go({"targets": targets})

    def area(self, corner) -> set:
        """The squares an area spell would fill from this intersection (for the preview)."""
        if not self.spell:
            return set()
        spell = data.spells()[self.spell]
        radius = metamagic.radius_squares(spell, self.metamagic)
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
        if self.item:
            args = dict(aim, item=self.item)
        else:
            args = dict(aim, spell=self.spell, **self.extra)
            if self.metamagic:
                args["metamagic"] = list(self.metamagic)
            if self.heighten_to:
                args["heighten_to"] = self.heighten_to
        kind = data.magic_items()[self.item]["kind"] if self.item else "spell"
        s.mode = None
        board = s.battle.board()
        me = board.body(s.current)
        threatened = any(_threatens(board, e, me) for e in board.enemies_of(me))
        action = self.action
        if threatened and kind in ("spell", "scroll") and "quicken_spell" not in self.metamagic:
            s.dialog = s.make_dialog(sentence("UI_DEFENSIVELY", {}, s.lang),
                                     [(sentence("UI_YES", {}, s.lang), True), (sentence("UI_NO", {}, s.lang), False)],
                                     lambda defensive: s.perform(action, dict(args, defensively=defensive)))
        else:
            s.perform(action, args)


def _spell_label(spell_id: str, feats, lang: str, heightened: int | None = None) -> str:
    """A spell's name, ⚡ when quickened, and its other metamagic feats in brackets (a
    heightened spell with its new level)."""
    name = data.spells()[spell_id].get(f"name_{lang}", spell_id)
    others = [data.feats()[f].get(f"name_{lang}", f) + (f" {heightened}" if f == "heighten_spell" else "")
              for f in feats if f != "quicken_spell"]
    return name + (" ⚡" if "quicken_spell" in feats else "") + (f" [{', '.join(others)}]" if others else "")


def _threatens(board, enemy, body) -> bool:
    from ..rules.threat import threatens
    return any(threatens(board, enemy, sq) for sq in body.squares)
