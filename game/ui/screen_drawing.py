"""Drawing the battle screen around the board: the side panel (initiative tracker, the
creature's numbers, the action bar), the combat log, the hand-off screen and the dialogs
(the victory screen is ``victory``). A mixin of ``GameScreen``, kept apart so that each file stays readable."""
from __future__ import annotations

import pygame

from .. import data
from ..i18n import distance, sentence, side_sentence, term
from ..world import views
from ..world.worn import item_name
from . import action_bar, theme, tooltip
from .dialog import key_hint
from .stance import FORGET, MONK_TOGGLES, MOVE_TOGGLES, TOGGLES

PANEL_W = 340
LOG_H = 170
FOLD_BELOW = 720           # window width under which the panel folds into a strip
FOLD_W = 30
TRACKER_ROWS = 12          # initiative lines shown; the rest are counted
MIN_TRACKER_ROWS = 4       # as few as a crowded panel shows, to keep its foot in sight
NOTE_LINES = 4             # the lines kept under the bar for a hovered button's note and the caption
TIP_INK = (240, 180, 140)
CAPTION_INK = (180, 210, 240)
BANNER_TOP = 28            # the computer's banner: below the key hints along the board's top edge (y 3 to 21)


class ScreenDrawing:
    """The drawing half of the battle screen (its state lives in ``GameScreen``)."""

    def _text(self, text, pos, size=14, colour=theme.TEXT, bold=False, width=None):
        """Write ``text`` at ``pos``, wrapped to ``width`` if given; the height it took.
        While the panel is painted, each line's rect is kept (``panel_lines``)."""
        f = theme.font(size, bold)
        kept = getattr(self, "_lines_painted", None)

        def put(line: str, y: int) -> None:
            img = f.render(line, True, colour)
            self.screen.blit(img, (pos[0], y))
            if kept is not None:
                kept.append(img.get_rect(topleft=(pos[0], y)))
        if width is None:
            put(text, pos[1])
            return f.get_height()
        words, line, y = text.split(), "", pos[1]
        for word in words:
            trial = f"{line} {word}".strip()
            if f.size(trial)[0] > width and line:
                put(line, y)
                y += f.get_height()
                line = word
            else:
                line = trial
        if line:
            put(line, y)
            y += f.get_height()
        return y - pos[1]

    def _draw_panel(self, rect: pygame.Rect) -> None:
        """The panel, drawn again only when what it shows may have changed: the battle (its
        revision and its last command, which an undo then another action change even where
        the revision comes back), the mode, the creature shown, the hints, the language.
        Otherwise last frame's picture is put back, with the same buttons."""
        history = self.battle.history
        key = (self.battle.revision, len(history), repr(history[-1]) if history else None, self.mode, self.current,
               self.inspected, self.tip, self.overlay.caption, self.lang, tuple(rect), self.computer.playing(),
               tuple(self.plan), self.bar.shown(self.current or ""),
               (self.stance.defensively, self.stance.nonlethal, self.stance.flurry, tuple(self.stance.kept.items())),
               self.ui_scale)
        cached = getattr(self, "_panel_picture", None)
        if cached is None or cached[0] != key:
            own_h = -(-rect.h * 100 // round(self.ui_scale * 100))     # the window's height at the panel's own size
            cached = self._panel_picture = (key, *self._scaled(*self._panel_canvas(own_h)), self._notes_aside)
        _key, canvas, height, buttons, rows, aside = cached
        # Taller than the window (a short one, a long bar): the wheel over it scrolls it.
        self.panel_scroll = max(0, min(self.panel_scroll, height - rect.h))
        top = self.panel_scroll
        self.screen.blit(canvas, rect, pygame.Rect(0, top, rect.w, rect.h))
        visible = rect.clip(self.screen.get_rect())
        self.buttons = [b._replace(rect=r) for b in buttons
                        if visible.contains(r := b.rect.move(rect.x, rect.y - top))]
        self.tracker_rows = [(cid, r) for cid, row in rows if visible.contains(r := row.move(rect.x, rect.y - top))]
        if height > rect.h:
            track = pygame.Rect(rect.right - 5, rect.y + 2, 3, rect.h - 4)
            pygame.draw.rect(self.screen, (52, 56, 70), track)
            thumb = max(12, track.h * rect.h // height)
            pygame.draw.rect(self.screen, (130, 134, 150),
                             pygame.Rect(track.x, track.y + (track.h - thumb) * top // max(1, height - rect.h), 3, thumb))
        if aside:
            self._draw_notes_aside(rect, aside)

    def _scaled(self, canvas: pygame.Surface, height: int, buttons: list, rows: list):
        """The panel painted at its own size, then drawn at the settings' UI scale (125 %,
        150 %): its picture, height, buttons and initiative rows all that much larger, so
        the clicks land where the buttons are drawn."""
        s = self.ui_scale
        if s == 1.0:
            return canvas, height, buttons, rows

        def grown(r: pygame.Rect) -> pygame.Rect:
            return pygame.Rect(round(r.x * s), round(r.y * s), round(r.w * s), round(r.h * s))
        used = canvas.subsurface(pygame.Rect(0, 0, canvas.get_width(), min(canvas.get_height(), height)))
        canvas = pygame.transform.smoothscale(used, (round(used.get_width() * s), round(used.get_height() * s)))
        return (canvas, round(height * s), [b._replace(rect=grown(b.rect)) for b in buttons],
                [(cid, grown(r)) for cid, r in rows])

    def _panel_canvas(self, visible_h: int):
        """The whole panel painted on its own canvas: (canvas, content height, buttons and
        initiative rows in the canvas's coordinates)."""
        screen, canvas = self.screen, pygame.Surface((PANEL_W, max(visible_h, 1600)))
        self.screen = canvas
        try:
            # Taller than the window (a long caption, tumble or Turn undead in the bar): the
            # initiative list gives up rows, down to a few, so that the odds line and the
            # key hint stay in sight (play-test: they were cut off at 1280×800). The rows
            # given up stay given up for the battle at this window height (whatever creature
            # acts, whatever mode is chosen), so that the action bar does not jump from turn
            # to turn (second play-test: Full attack 58 px lower on the next creature's turn)
            # and the panel is not painted twice a frame (bench ui's click_40 had gone to 18 ms).
            context = (visible_h, self.lang)
            kept = getattr(self, "_tracker_fit", None)
            rows = kept[1] if kept is not None and kept[0] == context else TRACKER_ROWS
            while True:
                self._lines_painted = []
                self.tracker_limit = rows
                bottom = self._paint_panel(pygame.Rect(0, 0, PANEL_W, visible_h))
                if bottom <= visible_h or rows <= MIN_TRACKER_ROWS:
                    break
                row_h = theme.font(13).get_height()          # an initiative row's height
                rows = max(MIN_TRACKER_ROWS, rows - -(-(bottom - visible_h) // row_h))
            self._tracker_fit = (context, rows)
        finally:
            self.screen = screen
            self.panel_lines, self._lines_painted = self._lines_painted or [], None
        return canvas, max(visible_h, bottom), list(self.buttons), list(self.tracker_rows)

    def _paint_panel(self, rect: pygame.Rect) -> int:
        """Paint the panel from the top of ``rect`` (as tall as the window); the y below
        its last line (the help at the window's foot, or after the content if it is longer)."""
        self.screen.fill((34, 36, 44))
        x, y = rect.x + 12, rect.y + 10
        y += self._text(self.battle.scenario.title_in(self.lang) or "Carreau", (x, y), 16, bold=True,
                        width=PANEL_W - 24) + 6
        # the initiative tracker: a click on a delaying creature has it step in
        self.tracker_rows = []
        for cid in self._tracker_window():
            body = self.battle.board().body(cid)
            hp, most = views.health(self.battle, cid)
            mark = "▶ " if cid == self.current else ("… " if cid in self.battle.delayed else "   ")
            colour = theme.side_colour(self.view.sides, body.side)
            status = views.status(self.battle, cid)
            tail = f"  {hp}/{most}"
            if status != "normal":
                tail += f" ({term('status', status, self.lang)})"
            if cid in self.battle.readied:
                tail += " ⏳"
            # a long name is shortened so that its hit points and status always show
            room = PANEL_W - 36 - theme.font(13).size(mark + tail)[0]
            label = mark + _shorten(theme.font(13), self.names.get(cid, cid), room) + tail
            if cid == self.inspected:
                pygame.draw.rect(self.screen, (52, 56, 70), pygame.Rect(x - 4, y, PANEL_W - 18, 16))
            shade = colour if status != "dead" else (110, 110, 110)
            # the side's shape before the name: the list reads without telling colours apart
            theme.draw_mark(self.screen, theme.side_mark(self.view.sides, body.side), (x + 4, y + 8), 4, shade)
            step = self._text(label, (x + 12, y), 13, shade)
            self.tracker_rows.append((cid, pygame.Rect(x - 4, y, PANEL_W - 18, step)))
            y += step
        listed = {cid for cid, _r in self.tracker_rows}
        unlisted = [c for c in self.battle.order if c not in listed]
        hidden = sum(1 for c in unlisted if not self._fallen(c))
        fallen = len(unlisted) - hidden
        if unlisted:       # one line, whatever it counts: a death mid-turn moves no button
            code = "UI_TRACKER_MORE_FALLEN" if hidden and fallen else "UI_TRACKER_MORE" if hidden else "UI_TRACKER_FALLEN"
            y += self._text(sentence(code, {"count": hidden or fallen, "fallen": fallen}, self.lang), (x, y), 11,
                            (150, 150, 150))
        if self.battle.delayed:
            y += self._text(sentence("UI_STEP_IN", {}, self.lang), (x, y), 11, (150, 150, 150))
        y += 8
        shown = self.inspected if self.inspected and self.battle.has(self.inspected) else self.current
        if shown is not None:
            y = self._draw_creature(shown, x, y)
        # the action bar: grouped by cost, greyed with the engine's reason when not possible now
        names = self.buttons_for(self.current) if self.current else self.BUTTONS
        shown = tuple(n for _group, members in self.bar.groups(self.current or "", names) for n in members)
        avail = self.availability(shown)
        self.buttons, y = action_bar.draw(self.screen, self.bar, self.current or "", names, avail,
                                          self.mode, self.lang, x, y, PANEL_W - 24, self.notes)
        y = self._draw_stance(x, y + 2) + 4
        return self._paint_foot(x, y, rect)

    def _paint_foot(self, x: int, y: int, rect: pygame.Rect) -> int:
        """Under the bar, from ``y``: the notes (the hovered button's note or refusal,
        ``tip``; the mode's caption), then the key hint at the window's foot; the y below.
        The room is the same whatever the notes say (``NOTE_LINES`` lines, or the hint if
        taller), so that the initiative list's fit never counts them: a note shown on hover
        moves no button (third play-test: hovering Turn undead listed five lines of undead,
        the list gave up three rows, every button rose 48 px and the next click chose Full
        attack). The hint gives way to notes longer than its share; notes longer than the
        whole room are drawn beside the panel instead (``_notes_aside``)."""
        width = PANEL_W - 24
        notes = [(text, ink) for text, ink in ((self.tip, TIP_INK), (self.overlay.caption, CAPTION_INK)) if text]
        help_text = sentence("UI_GAME_HELP", {}, self.lang)
        help_h = self._wrapped_height(help_text, 11, width)
        foot = max(y + 8 + max(NOTE_LINES * theme.font(12).get_height(), help_h), rect.bottom - 8)
        help_y = foot - help_h
        needed = sum(self._wrapped_height(text, 12, width) for text, _ink in notes)
        self._notes_aside = notes if needed > foot - y else []
        if notes and not self._notes_aside:
            for text, ink in notes:
                y += self._text(text, (x, y), 12, ink, width=width)
        if not notes or self._notes_aside or y + 6 <= help_y:
            self._text(help_text, (x, help_y), 11, (150, 150, 150), width=width)
        return foot + 8

    def _draw_notes_aside(self, panel: pygame.Rect, notes: list[tuple[str, tuple]]) -> None:
        """Notes too long for the panel's foot, in a box over the board beside the panel,
        down to the window's foot: drawn over what is there, they push nothing."""
        s = self.ui_scale
        font, width, pad = theme.font(round(12 * s)), round((PANEL_W - 24) * s), round(6 * s)
        lines = [(line, ink) for text, ink in notes for line in theme.wrap(text, font, width)]
        box = pygame.Rect(0, 0, width + 2 * pad, len(lines) * font.get_height() + 2 * pad)
        box.bottomright = (panel.x - 4, self.screen.get_height() - 4)
        box.topleft = (max(0, box.x), max(0, box.y))
        pygame.draw.rect(self.screen, (34, 36, 44), box, border_radius=4)
        pygame.draw.rect(self.screen, (90, 96, 120), box, 1, border_radius=4)
        for i, (line, ink) in enumerate(lines):
            self.screen.blit(font.render(line, True, ink), (box.x + pad, box.y + pad + i * font.get_height()))

    def _tracker_window(self, rows: int | None = None) -> list[str]:
        """The initiative order from the creature whose turn it is on, as many as fit (the
        delaying ones always shown, since a click lets them step in)."""
        rows = rows or getattr(self, "tracker_limit", TRACKER_ROWS)
        order = list(self.battle.order)
        if len(order) <= rows:
            return order
        start = order.index(self.current) if self.current in order else 0
        turned = order[start:] + order[:start]
        # the dead last: a row is for who still acts (play-test 3: three of five rows dead)
        turned = [c for c in turned if not self._fallen(c)] + [c for c in turned if self._fallen(c)]
        shown = turned[:rows]
        for cid in turned[rows:]:
            if cid in self.battle.delayed or cid == self.inspected:
                shown.append(cid)
        return shown

    def _fallen(self, cid: str) -> bool:
        return views.status(self.battle, cid) == "dead"

    def _draw_creature(self, cid: str, x: int, y: int) -> int:
        """The numbers of one creature (the engine's ``views.sheet``): attacks with their
        iterative bonuses, AC, speed, conditions, the items it wears, a caster's slots and
        charge, and for the current creature the actions left this turn."""
        sheet = views.sheet(self.battle, cid)
        weapon = data.weapons()[sheet.weapon]
        bonuses = "/".join(f"{b:+d}" for b in sheet.attacks)
        header = sentence("UI_SHEET_ATTACKS", {"name": self.names.get(cid, cid), "bonuses": bonuses,
                                               "weapon": weapon.names.get(self.lang, weapon.id)}, self.lang)
        y += self._text(header, (x, y), 14, bold=True, width=PANEL_W - 24)
        y += self._text(sentence("UI_DEFENCE", {"ac": sheet.ac, "touch": sheet.touch, "flat": sheet.flat_footed},
                                 self.lang), (x, y), 13, width=PANEL_W - 24)
        conditions = ", ".join(term("condition", c, self.lang) for c in tooltip.conditions_shown(self.battle, cid))
        # its speed, then its conditions when it has any (play-test: "9 m · —" puzzled a newcomer)
        speed = distance(sheet.speed_m, self.lang)
        y += self._text(f"{speed} · {conditions}" if conditions else speed, (x, y), 13, width=PANEL_W - 24)
        if sheet.worn:
            y += self._text(sentence("UI_WORN", {"items": ", ".join(item_name(i, self.lang) for i in sheet.worn)},
                                     self.lang), (x, y), 13, width=PANEL_W - 24)
        if sheet.flurry:
            y += self._text(sentence("UI_FLURRY_BONUSES", {"bonuses": "/".join(f"{b:+d}" for b in sheet.flurry)},
                                     self.lang), (x, y), 13)
        if sheet.ammunition is not None:
            y += self._text(sentence("UI_AMMUNITION", {"count": sheet.ammunition}, self.lang), (x, y), 13)
        magic = self._magic_line(sheet)
        if magic:
            y += self._text(magic, (x, y), 13, (190, 170, 240), width=PANEL_W - 24)
        if cid == self.current:
            left = self.battle.actions_left()
            names = [sentence(f"LEFT_{k}", {}, self.lang) for k in ("standard", "move", "five_foot_step", "swift")
                     if left.get(k)]
            y += self._text(sentence("UI_ACTIONS_LEFT", {"left": ", ".join(names) or "—"}, self.lang), (x, y), 13,
                            (200, 200, 160), width=PANEL_W - 24)
        return y + 6

    def _magic_line(self, sheet) -> str:
        """A caster's spells per day left by level, the charge it holds and the spell it
        keeps up."""
        parts = []
        if sheet.slots is not None:
            parts.append(sentence("UI_SLOTS", {"slots": " · ".join(f"{lv}: {n}" for lv, n in sheet.slots) or "—"},
                                  self.lang))
        for key, spell in (("UI_HOLDING_CHARGE", sheet.held_charge), ("UI_CONCENTRATING", sheet.concentrating_on)):
            if spell:
                parts.append(sentence(key, {"spell": data.spells()[spell].get(f"name_{self.lang}", spell)}, self.lang))
        return " · ".join(parts)

    def _draw_stance(self, x: int, y: int) -> int:
        """The choices of how the next attack is made, as toggles under the bar (``stance``);
        they join the bar's buttons, named ``stance:…``."""
        self.stance.follow(self.current)
        if self.current is None:
            return y
        font = theme.font(12)
        label = font.render(sentence("UI_STANCE", {}, self.lang), True, (150, 156, 176))
        self.screen.blit(label, (x, y + 4))
        left = x + label.get_width() + 8
        toggles = [(name, sentence(f"UI_STANCE_{name}", {}, self.lang), sentence(f"UI_STANCE_{name}_TIP", {}, self.lang))
                   for name in TOGGLES]
        # an answer kept for the battle (Power Attack 2): ticked, a click forgets it
        toggles += [(f"{FORGET}{argument}", sentence("UI_STANCE_KEPT", {"feat": argument, "value": value}, self.lang),
                     sentence("UI_STANCE_KEPT_TIP", {}, self.lang)) for argument, value in self.stance.kept_by(self.current)]
        # a computer's creature takes no orders: its toggles are greyed with the reason (play-test 3:
        # they looked open while every button was greyed)
        computer = self.computer.is_computer(self.current)
        refused = sentence("UI_AI_NO_ORDERS", {"name": self.names.get(self.current, self.current)}, self.lang)
        for name, words, tip in toggles:
            if name in MONK_TOGGLES and not views.can_flurry(self.battle, self.current):
                continue
            held = name in MOVE_TOGGLES and self.mode != "move"
            if name in MOVE_TOGGLES and not self.tumble_offered():
                continue
            on = name.startswith(FORGET) or getattr(self.stance, name)
            text = ("☑ " if on else "☐ ") + words
            img = font.render(text, True, (120, 122, 132) if computer else theme.TEXT if on else (200, 200, 205))
            if left + img.get_width() + 12 > x + PANEL_W - 24 and left > x:
                left, y = x, y + 24                # the row is full: the next toggle under it
            r = pygame.Rect(left, y, img.get_width() + 12, 22)
            left = r.right + 6
            if held:
                # Tumble shows in Move mode only, but its place is kept whenever the engine
                # offers tumbling, so that choosing Move moves no button (play-test 3, French)
                continue
            pygame.draw.rect(self.screen, (40, 42, 50) if computer else (70, 90, 130) if on else (48, 52, 64), r,
                             border_radius=4)
            self.screen.blit(img, (r.x + 6, r.y + 4))
            self.buttons.append(action_bar.Button(f"stance:{name}", r, not computer, refused if computer else tip))
        return y + 24

    def _draw_fold(self, rect: pygame.Rect) -> None:
        """The folded panel: a strip with the current creature's side colour and the key
        that opens it."""
        self.screen.fill((34, 36, 44), rect)
        if self.current is not None:
            colour = theme.side_colour(self.view.sides, self.battle.board().body(self.current).side)
            pygame.draw.rect(self.screen, colour, pygame.Rect(rect.x + 4, rect.y + 8, rect.w - 8, 6), border_radius=3)
        for i, line in enumerate(("≡", "Tab")):
            img = theme.font(14 if i == 0 else 10, bold=i == 0).render(line, True, (200, 200, 210))
            self.screen.blit(img, (rect.centerx - img.get_width() // 2, rect.y + 22 + i * 20))
        label = theme.font(12).render(sentence("UI_FOLD_OPEN", {}, self.lang), True, (170, 170, 180))
        turned = pygame.transform.rotate(label, 90)
        self.screen.blit(turned, (rect.centerx - turned.get_width() // 2, rect.y + 70))

    def _draw_log(self, rect: pygame.Rect) -> None:
        self.log_view.draw(self.screen, rect, self.log, self.lang)

    def _draw_handoff(self) -> None:
        w, h = self.screen.get_size()
        self.screen.fill((20, 20, 26))
        side = self.handoff
        cur = self.current
        asked = getattr(self, "handoff_for", None)
        code, who = ("UI_HANDOFF_ANSWER", asked) if asked else ("UI_HANDOFF", cur)
        title = side_sentence(code, side, self.side_label(side), self.lang, {"name": self.names.get(who, who)})
        then = sentence("UI_HANDOFF_CLICK", {"side": self.side_label(side)}, self.lang)
        left = max(10, (w - max(theme.font(30, True).size(title)[0], theme.font(16).size(then)[0])) // 2)   # centred
        self._text(title, (left, h // 2 - 30), 30, theme.side_colour(self.view.sides, side), bold=True)
        self._text(then, (left, h // 2 + 20), 16)

    def _draw_banner(self, area: pygame.Surface) -> None:
        """Who the computer is playing, across the top of the board, in its side's colour,
        with its last reason; the acting creature's square is ringed too."""
        side = self.side_of(self.current)
        colour = theme.side_colour(self.view.sides, side)
        lines = [self.computer.banner(), sentence("UI_AI_SKIP", {}, self.lang)]
        if self.computer.reason_now():
            lines.insert(1, self.computer.reason_now())
        f = theme.font(15, True)
        width = min(area.get_width() - 20, max(f.size(t)[0] for t in lines) + 28)
        # below the strip of key hints across the board's top (play-test: its title ran under them)
        panel = pygame.Rect((area.get_width() - width) // 2, BANNER_TOP, width, 14 + 20 * len(lines))
        pygame.draw.rect(area, (24, 26, 34), panel, border_radius=6)
        pygame.draw.rect(area, colour, panel, 2, border_radius=6)
        for i, text in enumerate(lines):
            img = theme.font(15 if i == 0 else 13, i == 0).render(text, True, colour if i == 0 else theme.TEXT)
            area.blit(img, (panel.x + 14, panel.y + 7 + 20 * i))
        body = self.battle.board().body(self.current)
        x, y = self.cam.to_screen(min(body.squares))
        right, bottom = self.cam.to_screen(max(body.squares))
        ring = pygame.Rect(x, y, right - x + self.cam.cell, bottom - y + self.cam.cell)
        moving = self.motion.pose(self.current)
        if moving is not None and moving.pos is not None:       # ringed where it is drawn, walking
            ring.move_ip(round((moving.pos[0] - body.pos[0]) * self.cam.cell),
                         round((moving.pos[1] - body.pos[1]) * self.cam.cell))
        pygame.draw.rect(area, (255, 235, 120), ring, 3)

    def _draw_trail(self, area: pygame.Surface) -> None:
        """The squares a computer creature just moved through, joined by a line."""
        half = self.cam.cell // 2
        points = [(x + half, y + half) for x, y in (self.cam.to_screen(sq) for sq in self.computer.trail)]
        if len(points) >= 2:
            pygame.draw.lines(area, (255, 235, 120), False, points, 3)
        for p in points:
            pygame.draw.circle(area, (255, 235, 120), p, max(3, half // 4))

    def tooltip_lines(self) -> list[str]:
        return tooltip.lines(self)

    def _draw_tooltip(self, area) -> None:
        tooltip.draw(self, area)

    def _draw_dialog(self) -> None:
        """The question and its answers as buttons, in as many rows as they need; a label
        longer than the dialog is shortened (whole on hover, under the answers); a greyed
        answer (``Dialog.greyed``) is drawn dim; the hovered answer's tip, or the reason of
        the greyed one last clicked, is written under the answers, wrapped."""
        w, h = self.screen.get_size()
        d = self.dialog
        width = max(200, min(560, w - 20))
        room = width - 32
        font = theme.font(14)
        shown = [label for label, _v in d.choices]
        if d.yes_no:                                # yes and no show the keys that choose them
            for i, kind in enumerate(("yes", "no")[:len(shown)]):
                shown[i] = f"{shown[i]} ({key_hint(kind, self.lang)})"
        labels = [_shorten(font, label, room - 24) for label in shown]
        sizes = [min(room, max(80, font.size(label)[0] + 24)) for label in labels]
        rows, row, used = [], [], 0
        for i, bw in enumerate(sizes):
            if row and (used + bw > room or d.stacked):
                rows.append(row)
                row, used = [], 0
            row.append(i)
            used += bw + 10
        rows.append(row)
        if d.stacked:                               # a list: every answer as wide as the dialog
            sizes = [room] * len(sizes)
        tips = [t for t in d.tips if t] + ([d.note] if d.note else [])
        for i, label in enumerate(labels):          # a shortened label: its whole text on hover
            if label != shown[i] and not d.tips[i]:
                d.tips[i] = shown[i]
                tips.append(shown[i])
        tip_h = max((self._wrapped_height(t, 13, room) for t in tips), default=0)
        if d.stacked:                               # room kept for a two-line reason: the list never moves
            tip_h = max(tip_h, 2 * theme.font(13).get_height())
        text_h = self._wrapped_height(d.text, 15, room)
        top = 16 + text_h + 14
        panel = pygame.Rect(w // 2 - width // 2, 0, width, top + 44 * len(rows) + (tip_h + 8 if tip_h else 0) + 8)
        panel.centery = h // 2
        if d.stacked:                               # its top fixed, so answers keep their places
            panel.top = min(h // 8, max(0, h - panel.h))
        panel.top = max(0, panel.top)
        pygame.draw.rect(self.screen, (40, 42, 52), panel, border_radius=8)
        pygame.draw.rect(self.screen, (200, 200, 220), panel, 2, border_radius=8)
        self._text(d.text, (panel.x + 16, panel.y + 16), 15, width=room)
        d.rects = [pygame.Rect(0, 0, 0, 0)] * len(d.choices)
        for n, indices in enumerate(rows):
            bx, by = panel.x + 16, panel.y + top + 44 * n
            for i in indices:
                r = pygame.Rect(bx, by, sizes[i], 34)
                greyed = d.greyed(i)
                colour = (52, 54, 62) if greyed else (70, 90, 130)
                if i == d.hovered:
                    colour = (62, 64, 74) if greyed else (88, 112, 160)
                pygame.draw.rect(self.screen, colour, r, border_radius=5)
                self._text(labels[i], (r.x + 12, r.y + 8), 14, (135, 135, 140) if greyed else theme.TEXT)
                d.rects[i] = r
                bx = r.right + 10
        tip = d.tip()
        if tip:
            self._text(tip, (panel.x + 16, panel.y + top + 44 * len(rows) + 2), 13, (240, 190, 150), width=room)

    def _wrapped_height(self, text: str, size: int, width: int) -> int:
        """The height ``_text`` would take for ``text`` wrapped to ``width``."""
        f = theme.font(size)
        lines, line = 0, ""
        for word in text.split():
            trial = f"{line} {word}".strip()
            if f.size(trial)[0] > width and line:
                lines += 1
                line = word
            else:
                line = trial
        return (lines + (1 if line else 0)) * f.get_height()


def _shorten(font, text: str, room: int) -> str:
    """``text`` as it fits ``room`` pixels, cut with an ellipsis if it must be."""
    if font.size(text)[0] <= room:
        return text
    while text and font.size(text + "…")[0] > room:
        text = text[:-1]
    return text.rstrip() + "…"
