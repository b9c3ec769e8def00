"""Casting a spell or using a magic item from the battle screen: pick it in a dialog, then
aim it the way its shape asks (French text, "lancer un sort"; data-digest §5):

- one creature (touch, ray, target; a spiritual weapon's foe): click it;
- several creatures (magic missile, haste): click each, Enter casts early;
- a burst, spread or square (sleep, fireball, web, grease): click a grid intersection;
- a cone (burning hands, color spray): click toward where it goes, from the caster's
  nearest corner; a flaming sphere: click its square;
- a summoning (summon nature's ally): choose the creature in a list, then click the
  square where it appears;
- bless and potions need no aim.

What can be cast, the metamagic that applies, the area an aim fills and whether the aim
is allowed are the engine's answers (``world.views``, ``world.spell_views``, ``check``); the choices the rules
give (casting defensively when threatened) are the engine's questions.
"""
from __future__ import annotations

from .. import data
from ..data import bestiary
from ..i18n import has_sentence, sentence
from ..world import commands as C, spell_views, views
from ..world.options import spell_refusals
from . import more_actions, overlays, spell_words

# The "More…" entries that free a hand for a spell's gestures (French text, « Composantes
# gestuelles »: a hand free): loosening the shield, sheathing or dropping what is held.
HAND_FREEING = ("loose_shield", "sheathe", "drop")
# The shapes aimed at an area: their preview names whom the area catches.
AREAS = ("burst", "spread", "square", "cone")


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
        self._shown: dict[str, list[tuple[str, str]]] = {}    # per caster: the list's keys, in the order first shown
        self._names: dict[tuple, tuple[str, str]] = {}        # (caster, key): its name and level when last shown

    # --- what can be cast -------------------------------------------------------------
    def choices(self, cid: str) -> list[tuple[str, tuple[str, str]]]:
        """(label, (kind, id)) for every spell the engine says is ready (once each), with
        its level and the castings of it left today (``spell_views.spell_castings``: prepared
        copies, slots of its level or higher, uses, charges; play-test, issue 14). A spell
        the engine would refuse now (a free hand, a slot, range) gets a short reason in its
        label, the engine's sentence on hover (``tips``), and is not aimed when chosen; a
        spell cast to the last keeps its place, greyed, so the list never shifts under the
        cursor (play-test, issue 14). When a hand is what is missing, what frees one
        ("Loosen the shield", sheathe, drop: the "More…" menu's entries the engine
        allows) is offered here too."""
        return [(label, value) for label, value, _tip in self.entries(cid)]

    def entries(self, cid: str) -> list[tuple[str, tuple, str | None]]:
        """The dialog's choices as (label, value, hover text): see ``choices``."""
        lang = self.s.lang
        refused = spell_refusals(self.s.battle, cid) if cid == self.s.current else {}
        now = {key: label for label, key in self._labels(cid)}
        shown = self._shown.setdefault(cid, [])
        if not shown:                                       # the day's list first: a spent one keeps its row
            shown.extend(self._day_keys(cid))
        shown.extend(key for key in now if key not in shown)
        out: list[tuple[str, tuple, str | None]] = []
        needs_hand = False
        for key in shown:
            if key not in now:                              # cast to the last today: greyed, in place
                name, level = self._names.get((cid, key), (key[1], ""))
                why = sentence("UI_SPELL_SPENT_WHY", {"spell": name}, lang)
                out.append((sentence("UI_SPELL_SPENT_LABEL", {"spell": name, "level": level}, lang), ("refused", why), why))
                continue
            label = now[key]
            line = self._line(cid, key)
            refusal = refused.get(("prepared" if key[0] == "spell" else key[0], key[1]))
            if refusal is None:
                out.append((label, key, line))
                continue
            if refusal.code == "RESTRICTED_NO_FULL_ROUND" and self._may_begin(cid):
                # a spell of 1 round, begun this round and finished the next (``_command``)
                out.append((f"{label} — {sentence('UI_SPELL_OVER_TWO_ROUNDS', {}, lang)}", key, line))
                continue
            needs_hand = needs_hand or refusal.code == "SPELL_NEEDS_A_FREE_HAND"
            short = sentence(f"SHORT_{refusal.code}", {}, lang) if has_sentence(f"SHORT_{refusal.code}") else \
                sentence("UI_SPELL_NOT_NOW", {}, lang)
            out.append((f"{label} — {short}", ("refused", self.s.say(refusal)), self.s.say(refusal)))
        if needs_hand and cid == self.s.current:
            for label, choice in self.s.more_entries(cid):
                if choice[0] == "do" and choice[1] in HAND_FREEING:
                    out.append((sentence("UI_FIX_FREE_HAND", {"action": label}, lang), ("fix", choice), None))
        return out

    def _day_keys(self, cid: str) -> list[tuple[str, str]]:
        """The list's keys for the castings the creature began the battle with
        (``spell_views.day_entries``), each named and levelled for when it is spent: the
        rows stay where they were even after a load, whose screen remembers nothing
        (play-test 111-113: Flaming Sphere clicked for Web)."""
        lang, keys = self.s.lang, []
        for kind, ident, spell, level in spell_views.day_entries(self.s.battle, cid):
            key = ("spell" if kind == "prepared" else kind, ident)
            if kind == "prepared":
                name_of, feats, heightened = spell_views.entry_parts(ident)
                name = _spell_label(name_of, feats, lang, heightened)
            elif kind == "item":
                name = data.magic_items()[ident].get(f"name_{lang}", ident)
            else:
                name = _spell_label(spell, (), lang)
            self._names.setdefault((cid, key), (name, _level_word(level, lang)))
            keys.append(key)
        return keys

    def _line(self, cid: str, key: tuple[str, str]) -> str | None:
        """What the spell does, its range, area and save, on hover (``spell_words``)."""
        kind, ident = key
        if kind == "item":
            return spell_words.spell_line(self.s.battle, cid, data.magic_items()[ident]["spell"], self.s.lang, item=ident)
        spell = spell_views.entry_parts(ident)[0] if kind == "spell" else ident
        return spell_words.spell_line(self.s.battle, cid, spell, self.s.lang, spell_like=kind == "spell_like")

    def _may_begin(self, cid: str) -> bool:
        """The engine's gate of ``start_full_round`` passes this creature (it is held to one
        action a round); the begun cast itself is checked when aimed."""
        option = self.s.battle.options(cid)["start_full_round"]
        return option.legal or option.refusal.code != "NOT_RESTRICTED"

    def _labels(self, cid: str) -> list[tuple[str, tuple[str, str]]]:
        """Each way to cast, labelled with its level and castings left as the engine counts
        them; the name and level are kept to label the entry once it is spent."""
        lang = self.s.lang
        castings = spell_views.spell_castings(self.s.battle, cid)
        out = []
        for c in spell_views.spell_choices(self.s.battle, cid):
            counted = castings[(c.kind, c.ident)]
            level = _level_word(counted.level, lang)
            if c.kind == "prepared":
                spell, feats, heightened = spell_views.entry_parts(c.ident)
                name, key = _spell_label(spell, feats, lang, heightened), ("spell", c.ident)
                label = sentence("UI_CASTINGS_LEFT", {"spell": name, "level": level, "n": counted.left}, lang)
            elif c.kind == "known":
                name, key = _spell_label(c.spell, (), lang), ("known", c.spell)
                label = sentence("UI_CASTINGS_LEFT", {"spell": name, "level": level, "n": counted.left}, lang)
            elif c.kind == "convert":
                name, key = _spell_label(c.spell, (), lang), ("convert", c.spell)
                label = sentence("UI_IN_PLACE", {"spell": name, "level": level, "n": counted.left}, lang)
            elif c.kind == "spell_like":
                name, key = _spell_label(c.spell, (), lang), ("spell_like", c.spell)
                left = sentence("UI_AT_WILL" if counted.left is None else "UI_USES_LEFT", {"n": counted.left}, lang)
                label = sentence("UI_SPELL_LIKE", {"spell": name, "level": level, "left": left}, lang)
            else:
                name, key = data.magic_items()[c.ident].get(f"name_{lang}", c.ident), ("item", c.ident)
                wand = data.magic_items()[c.ident]["kind"] == "wand"
                label = sentence("UI_CHARGES_LEFT" if wand else "UI_CASTINGS_LEFT",
                                 {"spell": name, "level": level, "n": counted.left}, lang)
            self._names[(cid, key)] = (name, level)
            out.append((label, key))
        return out

    def start(self, choice: tuple[str, str]) -> None:
        kind, ident = choice
        if kind == "refused":                                   # greyed: the engine's reason, nothing aimed
            self.s.log.append((ident, (240, 160, 120)))
            return
        if kind == "fix":                                       # free a hand, then the list again
            before = len(self.s.battle.history)
            more_actions.start(self.s, ident)
            if len(self.s.battle.history) > before and self.s.dialog is None and self.s.current is not None:
                self.s.choose("cast")
            return
        self.targets, self.item, self.metamagic, self.extra, self.action = [], None, [], {}, "cast"
        self.heighten_to = None
        if kind == "item" and views.in_hand(self.s.battle, self.s.current) != ident:
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
            self.spell, feats, self.heighten_to = spell_views.entry_parts(ident)
            self.metamagic = list(feats)
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
        labels = []
        for entry in spell_views.prepared_at_least(b, cid, self.spell):
            spell, feats, level = spell_views.entry_parts(entry)
            labels.append((_spell_label(spell, feats, lang, level), entry))

        def given_up(entry):
            self.extra = {"spontaneous_from": entry}
            self._ask_metamagic()
        self.s.dialog = self.s.make_dialog(sentence("UI_GIVE_UP_WHICH", {}, lang), labels, given_up)
        self.s.dialog.cancellable = True

    def _ask_metamagic(self) -> None:
        """A spontaneous casting may take the caster's metamagic feats now (a full-round
        action): each choice ticks or unticks a feat, the last one casts."""
        b, cid, lang = self.s.battle, self.s.current, self.s.lang
        feats = spell_views.metamagic_choices(b, cid, self.spell)
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
        lang = self.s.lang

        def chosen(level):
            self.heighten_to = level
            self._aim()
        levels = spell_views.heighten_levels(self.s.battle, self.s.current, self.spell)
        self.s.dialog = self.s.make_dialog(sentence("UI_HEIGHTEN_TO", {}, lang), [(str(lv), lv) for lv in levels], chosen)
        self.s.dialog.cancellable = True

    def _ask_creature(self) -> None:
        """A summoning: which creature of its list comes (SRD Summon Nature's Ally: "one
        creature" of the list); then the square where it appears."""
        lang = self.s.lang

        def chosen(template):
            self.extra = dict(self.extra, creature=template)
            self._aim()
        labels = [((bestiary.get(t) or {}).get(f"name_{lang}", t), t) for t in data.spells()[self.spell]["summons"]]
        self.s.dialog = self.s.make_dialog(sentence("UI_SUMMON_WHICH", {}, lang), labels, chosen)
        self.s.dialog.cancellable = True

    def _aim(self) -> None:
        if self.shape == "summon" and "creature" not in self.extra:
            self._ask_creature()
            return
        if self.shape == "burst" and data.spells()[self.spell]["effect"] == "bless" or self.shape == "object":
            self._go({})                                       # bless, and bless water's flask carried, need no aim
            return
        self.s.mode = "cast"

    @property
    def shape(self) -> str:
        return data.spells()[self.spell]["shape"] if self.spell else ""

    def _limit(self) -> int:
        return spell_views.spell_target_limit(self.s.battle, self.s.current, self.spell, item=self.item,
                                        spell_like=self.action == "use_spell_like")

    # --- aiming -----------------------------------------------------------------------
    def _aim_at(self, square, corner, target: str | None) -> dict | None:
        """The aim a click means for this spell's shape, or None when it means nothing."""
        spell = data.spells()[self.spell]
        shape, effect = spell["shape"], spell["effect"]
        if shape in ("target", "ray", "touched") or (shape == "effect" and effect != "flaming_sphere"):
            return {"target": target} if target is not None else None
        if effect == "flaming_sphere" or shape == "summon":
            return {"point": list(square)} if target is None and square is not None else None
        if shape == "cone":
            me = self.s.battle.board().body(self.s.current)
            corners = [(x + i, y + j) for x, y in me.squares for i in (0, 1) for j in (0, 1)]
            start = min(corners, key=lambda c: (c[0] - corner[0]) ** 2 + (c[1] - corner[1]) ** 2)
            d = [(corner[0] > start[0]) - (corner[0] < start[0]), (corner[1] > start[1]) - (corner[1] < start[1])]
            return {"point": list(start), "direction": d} if d != [0, 0] else None
        if shape == "targets":
            return None
        return {"point": list(corner)}                         # burst, spread, square

    def click(self, square, corner, target: str | None) -> None:
        """A click while aiming: a creature chosen (several-target spells) or the spell
        cast. An aim the engine refuses (``check``: no line of sight, out of range, a
        creature it cannot take) is refused at once with the engine's reason, nothing chosen,
        and the aim stays for another click (third play-test: a missile's target behind a
        wall was taken, and only Enter said "No line of sight")."""
        if self.shape == "targets":
            if target is None:
                return
            refusal = self._refusal({"targets": [*self.targets, target]})
            if refusal is not None:
                self._refuse(refusal)
                return
            self.targets.append(target)
            if len(self.targets) >= self._limit():
                self.enter()
            else:
                self.s.note("UI_TARGETS_PLAN", {"done": len(self.targets), "of": self._limit()})
            return
        aim = self._aim_at(square, corner, target)
        if aim is not None:
            self._go(aim)

    def enter(self) -> None:
        """Cast at the creatures chosen so far (several-target spells); a spell for creatures
        touched is cast with no touch yet: the charge is held."""
        if self.spell and self.shape == "touched" and not self.targets:
            self._go({})
        elif self.targets and self._go({"targets": list(self.targets)}):
            self.targets = []

    def preview(self, corner, target: str | None, ov) -> None:
        """While aiming: the area the spell would fill from this intersection, and the
        engine's refusal of the aim when it would refuse it (line of effect, range …);
        the caption names the spell aimed and each creature already chosen for a
        several-target spell is marked with its missile's (or ray's) number (play-test 65)."""
        if not self.spell:
            return
        self._preview(corner, target, ov)
        self._mark_chosen(ov)
        aiming = sentence("UI_AIMING", {"spell": _spell_label(self.spell, self.metamagic, self.s.lang,
                                                              self.heighten_to)}, self.s.lang)
        ov.caption = f"{aiming} · {ov.caption}" if ov.caption else aiming

    def _mark_chosen(self, ov) -> None:
        """Each chosen target's square marked "1", "2" … (a creature chosen twice "1·3")."""
        board, order = self.s.battle.board(), {}
        for n, who in enumerate(self.targets, 1):
            order.setdefault(who, []).append(str(n))
        for who, numbers in order.items():
            if self.s.battle.has(who):
                ov.marks.append((board.body(who).pos, "·".join(numbers)))

    def _preview(self, corner, target: str | None, ov) -> None:
        if corner is None:                                     # the pointer off the board
            return
        ov.reach = spell_views.spell_area(self.s.battle, self.s.current, self.spell, corner, tuple(self.metamagic))
        if self.shape == "targets":            # with those chosen: the refusal a click would meet
            aim = {"targets": [*self.targets, target]} if target is not None else None
        elif self.shape in ("burst", "spread", "square"):
            aim = self._aim_at(None, corner, target)
        elif self.shape == "cone":
            # the cone the click would cast, from the caster's corner nearest the pointer
            aim = self._aim_at(None, corner, None)
            if aim is not None:
                ov.reach = spell_views.spell_area(self.s.battle, self.s.current, self.spell, tuple(aim["point"]),
                                            tuple(self.metamagic), tuple(aim["direction"]))
        else:
            aim = self._aim_at(None, corner, target) if target is not None else None
        if aim is None:
            return
        command = self._command(aim)
        if not isinstance(command, C.Command):
            ov.caption = self.s.say(command)
        elif self.shape in AREAS:
            self._caught(self.s.battle.odds(command), ov)
        else:
            refusal = self.s.battle.check(command)
            if refusal is not None:
                ov.caption = self.s.say(refusal)
        if isinstance(command, C.Command):
            # who would strike as it casts (unless it casts defensively, which it is asked then)
            ov.caption = (ov.caption or "") + overlays.provokes_note(self.s.battle, command, self.s.lang, self.s.names)

    def _caught(self, odds, ov) -> None:
        """An area spell's aim: the engine's refusal, or the creatures its preview says
        the area catches (``Odds.caught``, never the window's own count), each by its
        name, an ally marked, with its chance to make the save and its mean damage; each
        one's square marked with its save chance (issue 14 play-test)."""
        if odds.refusal is not None:
            ov.caption = self.s.say(odds.refusal)
            return
        lang, board = self.s.lang, self.s.battle.board()
        me = board.body(self.s.current)
        parts = []
        for one in odds.caught:
            who = one.plan.who
            name = self.s.names.get(who, who)
            if who == self.s.current:
                name = sentence("UI_CAUGHT_SELF", {"name": name}, lang)
            elif not board.body(who).is_enemy_of(me):
                name = sentence("UI_CAUGHT_ALLY", {"name": name}, lang)
            said = []
            if one.save is not None:
                chance = round(100 * float(one.save))
                said.append(sentence("UI_CAUGHT_SAVE", {"kind": one.plan.save, "chance": chance}, lang))
                ov.marks.append((board.body(who).pos, f"{chance}%"))
            if one.expected_damage is not None:
                said.append(sentence("UI_CAUGHT_DAMAGE", {"damage": f"{float(one.expected_damage):.1f}"}, lang))
            parts.append(f"{name} ({', '.join(said)})" if said else name)
        ov.caption = sentence("UI_CAUGHT", {"names": " · ".join(parts)}, lang) if parts else \
            sentence("UI_CAUGHT_NOBODY", {}, lang)

    def _args(self, aim: dict) -> dict:
        if self.item:
            return dict(aim, item=self.item)
        args = dict(aim, spell=self.spell, **self.extra)
        if self.action == "cast":
            if self.metamagic:
                args["metamagic"] = list(self.metamagic)
            if self.heighten_to:
                args["heighten_to"] = self.heighten_to
        return args

    def _command(self, aim: dict):
        """The command this aim means: the cast; or, for a creature held to one action a
        round whose cast the engine refuses as a full-round action, the same cast begun
        with ``start_full_round`` (French text, "Commencer ou finir une action complexe":
        "pour lancer un sort dont le temps d'incantation est de 1 round entier, on peut
        commencer l'incantation pendant un round et la finir dans le round suivant")."""
        b, cid = self.s.battle, self.s.current
        command = b.command(cid, self.action, self._args(aim))
        if self.action == "cast" and isinstance(command, C.Command):
            refusal = b.check(command)
            if refusal is not None and refusal.code == "RESTRICTED_NO_FULL_ROUND":
                return b.command(cid, "start_full_round", {"command": {"action": "cast", **self._args(aim)}})
        return command

    def cancel(self) -> None:
        """Esc while aiming: the creatures chosen so far are forgotten."""
        self.targets = []

    def _refusal(self, aim: dict):
        """The engine's refusal of the cast this aim means (malformed, or ``check``), or None."""
        command = self._command(aim)
        return self.s.battle.check(command) if isinstance(command, C.Command) else command

    def _refuse(self, refusal) -> None:
        """An aim refused: the engine's sentence in the log, the aim kept (Esc cancels it)."""
        self.s.log.append((self.s.said_refusal(refusal, self.s.current), (240, 160, 120)))
        self.s.refresh()

    def _go(self, aim: dict) -> bool:
        """Cast with this aim; False when the engine refuses it while aiming: refused at
        once, still aiming, rather than leaving the aim with the panel still reading
        "Aiming …" (the play-test's Esc then opened the pause menu)."""
        if self.s.mode == "cast":
            refusal = self._refusal(aim)
            if refusal is not None:
                self._refuse(refusal)
                return False
        self.s.mode = None
        command = self._command(aim)
        if isinstance(command, C.Command):
            self.s.submit(command)
        else:
            self.s.perform(self.action, self._args(aim))          # says why it is malformed
        return True


def _spell_label(spell_id: str, feats, lang: str, heightened: int | None = None) -> str:
    """A spell's name, ⚡ when quickened, and its other metamagic feats in brackets (a
    heightened spell with its new level)."""
    name = data.spells()[spell_id].get(f"name_{lang}", spell_id)
    others = [data.feats()[f].get(f"name_{lang}", f) + (f" {heightened}" if f == "heighten_spell" else "")
              for f in feats if f != "quicken_spell"]
    return name + (" ⚡" if "quicken_spell" in feats else "") + (f" [{', '.join(others)}]" if others else "")


def _level_word(level: int, lang: str) -> str:
    """A spell level as the list says it: "1st", "2nd" … in English, "niv. 1" in French."""
    code = f"UI_SPELL_LEVEL_{level}"
    return sentence(code, {}, lang) if has_sentence(code) else sentence("UI_SPELL_LEVEL_N", {"n": level}, lang)
