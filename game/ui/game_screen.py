"""The hot-seat battle screen: the board, the initiative tracker, the selected creature,
the actions it may take now (the others greyed with the engine's reason), the combat log,
and the rules shown before every commitment (path and who it provokes, charge lanes,
reach). The window decides no rule: it asks the engine (``options``, ``check``,
``preview``, the views) and tells it (``act``), like every other client."""
from __future__ import annotations

import dataclasses

import pygame

from ..i18n import LANGUAGES, sentence
from ..world import commands as C, spell_views, views
from . import action_bar, attack_plan, double_move, more_actions, named_subject, overlays, quick_load, sandbox_odds, sound
from . import log_text, plan_maneuvers, run_band, tooltip, turning_preview, web_going
from .animation import Motion
from .board_view import BoardView, Camera, Overlay, pan
from .combat_log import lines as log_lines
from .computer_turns import ComputerTurns
from .dialog import Dialog
from .log_view import LogView
from .names import Names
from .orders import Orders
from .pause_menu import PauseMenu
from .victory import Victory
from .sandbox_view import chances_line
from .stance import Stance
from .screen_acting import RIDDEN, ScreenActing
from .screen_drawing import FOLD_BELOW, FOLD_W, LOG_H, PANEL_W, ScreenDrawing
from .spell_aim import HAND_FREEING, SpellAim

# Refusals the aim's own caption already gives (its cover, its lines of sight).
SAID_BY_THE_AIM = frozenset({"NO_LINE_OF_SIGHT", "TOTAL_COVER"})
TARGETED = ("attack", "full_attack", "charge", "trip", "bull_rush", "disarm", "grapple", "overrun", "web",
            "throw_rock", "mount", "touch")
SQUARED = ("move", "five_foot_step", "withdraw", "run")
UNNAMED = ("NOT_YOUR_TURN",)     # "It is Lidda's turn": no creature is meant
ALLY_NOTED = ("attack", "full_attack", "trip", "disarm", "grapple", "bull_rush", "overrun", "charge")
BUTTONS = ("move", "five_foot_step", "attack", "full_attack", "charge", "withdraw", "run", "total_defense",
           "stand_up", "drop_prone", "trip", "bull_rush", "disarm", "grapple", "overrun", "throw_splash", "door", "ready",
           "delay", "end_turn")


class GameScreen(ScreenActing, ScreenDrawing):
    BUTTONS = BUTTONS

    def __init__(self, battle, screen: pygame.Surface, lang: str, saves=None, control: dict[str, str] | None = None,
                 log: list | None = None):
        """``control``: side -> controller name ("human", "ai:easy" …) over the scenario's
        ``[sides]`` defaults (the start menu's choice, or a save's). ``log``: a loaded
        battle's log as its save kept it (``logged``); the log then goes on from there,
        with the round and the turn the battle is at, not its opening."""
        self.battle = battle
        self.screen = screen
        self.lang = lang
        self.saves = saves               # (save, load, autosave) callables, or None
        # the settings' UI scale: the side panel, the log and the board's text drawn that much
        # larger (kept across a load; set through ``ui_scale``, which lays the window out again)
        self._ui_scale: float = getattr(self, "_ui_scale", 1.0)
        self.names = Names(battle, lang)
        self.view = BoardView(battle.board(), self.names, {s.id: getattr(s, "template", None) for s in battle.scenario.creatures},
                              template_of=lambda cid: battle.spec(cid).template if battle.has(cid) else None,
                              sealed_of=lambda: views.sealed_doors(battle),
                              difficult_look=getattr(battle.scenario, "difficult_look", ""),
                              spell_ground_of=lambda: spell_views.spell_grounds(battle))
        self.cam = Camera(40)
        self.view.text_scale = self._ui_scale
        self.cam.fit(battle.terrain.width, battle.terrain.height, self._board_rect().size)
        self.cam.keep_inside(battle.terrain.width, battle.terrain.height, lambda: self._board_rect().size)
        self.mode: str | None = None
        self.hover = None
        self.hover_px = None
        self.hover_button: str | None = None    # the action button under the pointer (a turning's previews)
        self.overlay = Overlay()
        self.log: list[tuple[str, tuple]] = []
        self.log_view = LogView()           # the log's scrolling and its hovered line
        self.log_view.scale = self._ui_scale
        self.dialog: Dialog | None = None
        self.handoff: str | None = None
        self.handoff_for: str | None = None      # the creature whose player a question is for, behind the hand-off
        self.after_handoff = None                # what the hand-off screen opens on (a question's dialog)
        self._band_cache = None                  # (battle revision, creature, mode), bands, provoking squares
        self._odds_cache = None                  # (battle revision, creature, target, mode), the odds line
        self.last_side: str | None = None
        self.undo: list = []
        self.undo_lines: list[int] = []     # for each undoable action, the log's length before it
        self.damage = {cid: [0, 0] for cid in battle.entities}   # dealt, taken
        self.show_threat = False
        self.buttons: list[action_bar.Button] = []
        self.bar = action_bar.ActionBar()   # the bar's layout per creature, kept still through its turns
        self.plan: list = []             # a full attack being put together: a target per attack, its 5-ft step
        self.step_cache: tuple | None = None      # (plan and state, the squares its 5-ft step may take)
        self.inspected: str | None = None   # a creature clicked to read its numbers (else the current one)
        self.aim = SpellAim(self)           # a spell or magic item being chosen and aimed
        self.more: tuple | None = None      # an action of the "More…" menu waiting for a click
        self.squares_asked: tuple | None = None   # (squares, callback): a square to click, asked by the rules
        self.charge_choice: tuple | None = None   # (foe, tied ends, overrun): a charge's spaces shown to click
        self.next_leg: tuple | None = None       # a double move under way: its leg played next (``double_move``)
        self.orders = Orders(self)
        self.pause = PauseMenu(self)             # Esc's menu and F1's key list (issue 14, item 7)
        self.back_to_menu = False                # the pause menu's "back to the menu" was chosen
        self.victory = Victory(self)             # the victory screen: its chart, rematch, menu, quit
        self.tracker_rows: list[tuple[str, pygame.Rect]] = []
        self.tip = ""
        self.notes: dict[str, str] = {}     # an open action that first costs another (a flask in the pack): what it costs
        self._more_cache: tuple | None = None      # (state, the "More…" entries)
        self._throw_cache: tuple | None = None     # (state, whether a flask taken out could still be thrown)
        self.running = True
        self.stance = Stance()              # fight defensively, nonlethal: how the next attack is made
        self.panel_open = False             # a folded panel (a narrow window) opened over the board
        self.panel_scroll = 0               # pixels of a panel taller than the window scrolled past
        self.drag_from = None
        # issue 14: the events played on the board; the settings set the speed and the sound
        self.animation_speed = getattr(self, "animation_speed", "normal")      # a load keeps it
        self.sound = sound.shared()
        self.motion = self.view.motion = Motion(self)
        self.last_command = None         # the command whose events come next (a spell's aim)
        self.computer = ComputerTurns(self, control)
        if log is None:
            self._after_events(battle.opening_events)
        else:
            self.resume_log(log)

    @property
    def ui_scale(self) -> float:
        return self._ui_scale

    @ui_scale.setter
    def ui_scale(self, scale: float) -> None:
        """The settings' UI scale: the panel, the log's lines and the board's labels that
        much larger; the log and the panel then take more room, so the camera fits the
        board's new size again and brings the creature whose turn it is into view (issue
        14 leftover: the log and the labels kept their size, the fit was the old one)."""
        if scale == self._ui_scale:
            return
        self._ui_scale = self.view.text_scale = self.log_view.scale = scale
        t = self.battle.terrain
        self.cam.fit(t.width, t.height, self._board_rect().size)
        if self.current is not None:
            self.cam.show(self.battle.board().body(self.current).squares, self._board_rect().size)
        self.hover = None
        self.refresh()

    # --- what the engine says -----------------------------------------------------------
    @property
    def current(self) -> str | None:
        return self.battle.turn

    def side_of(self, cid: str) -> str:
        return self.battle.board().body(cid).side

    def side_label(self, side: str) -> str:
        """A side as the players read it: the scenario's name for it, else the catalogue's."""
        return self.battle.scenario.side_name(side, self.lang)

    def mount_of(self, cid: str | None) -> str | None:
        return views.mount_of(self.battle, cid) if cid else None

    def buttons_for(self, cid: str) -> tuple[str, ...]:
        """The common actions, and those only this creature has (``views.special_actions``),
        with "More…" when one of the other actions is open to it."""
        extra = list(views.special_actions(self.battle, cid))
        if cid == self.current and self.more_entries(cid):
            insert = len(extra) - sum(1 for e in extra if e in ("climb", "swim", "dismount", "mount"))
            extra.insert(insert, "more")
        return BUTTONS[:-2] + tuple(extra) + BUTTONS[-2:]

    def more_entries(self, cid: str) -> list:
        """The "More…" menu's entries (each one the engine's check), worked out once per
        state of the battle: the bar asks twice a frame, a click once more."""
        key = (self.battle.revision, len(self.battle.history), cid, self.lang)
        if self._more_cache is None or self._more_cache[0] != key:
            self._more_cache = (key, more_actions.entries(self, cid))
        return self._more_cache[1]

    def _throw_after_retrieve(self, cid: str, item: str) -> bool:
        """Whether, the flask taken out, the engine still offers the throw this turn: the
        retrieve played in a frame rolled back (as the computer weighs a move), asked once
        per state of the battle."""
        key = (self.battle.revision, len(self.battle.history), cid, item)
        if self._throw_cache is None or self._throw_cache[0] != key:
            battle = self.battle
            token = battle.snapshot()
            try:
                ok, _refusal, _events = battle.act(C.Retrieve(cid, item=item))
                still = ok and battle.options(cid)["throw_splash"].legal
            finally:
                battle.restore(token)
            self._throw_cache = (key, still)
        return self._throw_cache[1]

    def availability(self, names=None) -> dict[str, str | None]:
        """Each button's refusal sentence (None: open), as ``options`` gives it; ``names``:
        the buttons the bar shows (by default the creature's now)."""
        cid = self.current
        if cid is None:
            return {b: "—" for b in names or BUTTONS}
        names = names or self.buttons_for(cid)
        if self.computer.is_computer(cid):          # nobody gives orders to a computer's creature
            why = sentence("UI_AI_NO_ORDERS", {"name": self.names.get(cid, cid)}, self.lang)
            return {b: why for b in names}
        self.notes = {}
        out = {b: self._refusal(cid, b) for b in names}
        self._only_allies(cid, [b for b in names if b in ALLY_NOTED and out[b] is None])
        return out

    def _only_allies(self, cid: str, open_now: list[str]) -> None:
        """An attack the engine allows only at allies (play-test, issue 14: Attack open for
        Tordek with no foe near — Jozan stood beside him): open, as ``options`` says, and
        its hover says whom it would strike (striking an ally is the player's right)."""
        opts = self.battle.options(cid)
        board = self.battle.board()
        me = board.body(cid)
        for b in open_now:
            targets = opts[b].domain.get("targets") or []
            if targets and not any(board.body(t).is_enemy_of(me) for t in targets if self.battle.has(t)):
                self.notes[b] = sentence("UI_ONLY_ALLIES_IN_REACH", {"names": ", ".join(self.names.get(t, t) for t in targets)},
                                         self.lang)

    def _refusal(self, cid: str, button: str) -> str | None:
        opts = self.battle.options(cid)
        if button in RIDDEN and self.mount_of(cid):
            option = opts["ride"]
        elif button == "door":
            option = opts["open_door"] if opts["open_door"].legal or not opts["close_door"].legal else opts["close_door"]
        elif button == "throw_splash":
            option = opts["throw_splash"]
            if option.refusal is not None and option.refusal.code == "RETRIEVE_FIRST" and opts["retrieve"].legal:
                item = option.refusal.params.get("item", "")
                if not self._throw_after_retrieve(cid, item):
                    # taking it out would spend what the throw needs (play-test: the click took
                    # the flask out with the standard action, and nothing was left to throw it)
                    return sentence("UI_FLASK_NO_ACTION_LEFT", {"item": item}, self.lang)
                self.notes[button] = self.say(option.refusal)   # said on hover, before the move action is spent
                return None                       # out of the pack first: a move action
        elif button == "throw_rock":
            option = opts["attack"]
            if not option.legal:
                return self.say(option.refusal)
            if "rock" not in option.domain.get("weapons", {}):
                # the engine's own reason for a rock at the likeliest foe (out of range, no rock)
                probe = option.probe
                refusal = self.battle.check(C.Attack(cid, target=probe.target, weapon="rock")) if probe else None
                return self.say(refusal) if refusal is not None else sentence("UI_MORE_NONE", {}, self.lang)
        elif button == "cast":
            option = next((opts[a] for a in ("cast", "use_spell_like", "use_item") if opts[a].legal), opts["cast"])
            if not option.legal and opts["retrieve"].legal and self.aim.choices(cid):
                return None                       # a magic item still in the pack
            if not option.legal and option.refusal.code == "RESTRICTED_NO_FULL_ROUND" and any(
                    v[0] != "refused" for _label, v in self.aim.choices(cid)):
                return None                       # a spell of 1 round, begun now (``spell_aim._command``)
            if not option.legal and option.refusal.code == "SPELL_NEEDS_A_FREE_HAND" and any(
                    choice[0] == "do" and choice[1] in HAND_FREEING for _label, choice in self.more_entries(cid)):
                self.notes[button] = self.say(option.refusal)     # the list offers what frees a hand
                return None
        elif button == "more":
            return None if self.more_entries(cid) else sentence("UI_MORE_NONE", {}, self.lang)
        elif button == "attack" and opts["attack"].legal:
            weapons = opts["attack"].domain.get("weapons", {})
            if set(weapons) - {"rock", "shield"}:      # the bash is in "More…"
                return None
            # only a giant's rock reaches: that is its own button; this one is the weapon in hand's
            refusal = self.battle.check(C.Attack(cid, target=opts["attack"].probe.target))
            return self.say(refusal) if refusal is not None else None
        else:
            option = opts[button]
        return None if option.legal else self.say(option.refusal)

    # --- input ------------------------------------------------------------------------
    def handle(self, event) -> None:
        seen = self._camera_now()
        self._handle(event)
        if self._camera_now() != seen:
            self._camera_moved()

    def _camera_now(self) -> tuple[int, int, int]:
        return self.cam.cell, self.cam.ox, self.cam.oy

    def _camera_moved(self) -> None:
        """The board moved under the mouse (a pan, a zoom, the camera following the turn):
        the hovered square and its tooltip are no longer where they were drawn (play-test,
        issue 14): dropped until the mouse moves again."""
        if self.hover is not None:
            self.hover = None
            self.refresh()

    def _handle(self, event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if self.pause.handle(event) or self.victory.handle(event):
            return
        if self.dialog is not None:
            if event.type == pygame.MOUSEMOTION:
                self.hover_px = event.pos
                self.dialog.hovered = next((i for i, r in enumerate(self.dialog.rects) if r.collidepoint(event.pos)), None)
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                for i, (rect, (_label, value)) in enumerate(zip(self.dialog.rects, self.dialog.choices)):
                    if rect.collidepoint(event.pos):
                        if self.dialog.greyed(i):           # greyed: its reason, the dialog stays
                            self.dialog.note = self.dialog.tips[i] or value[1]
                            self.dialog.on_choose(value)
                            return
                        dialog, self.dialog = self.dialog, None
                        dialog.on_choose(value)
                        return
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.dialog.cancellable:
                self.dialog = None
                self.refresh()                  # no caption of an aim the question ended ("Aiming …")
            elif event.type == pygame.KEYDOWN and self.dialog.key_choice(event.key) is not None:
                dialog, self.dialog = self.dialog, None         # yes (Y, O) or no (N), as a click on it
                dialog.on_choose(dialog.choices[dialog.key_choice(event.key)][1])
            return
        if self.handoff is not None:
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
                self.handoff, self.handoff_for = None, None
                then, self.after_handoff = self.after_handoff, None
                if then is not None:
                    then()
            return
        if self.motion.skipped_by(event, self._board_rect()):    # any input skips the animations
            return
        if self.computer.playing() and self.squares_asked is None and self._computer_input(event):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.log_view.clicked(event.pos):
            pass                                  # the log's "newer lines below": down to the newest
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif pan(self, event):
            pass
        elif event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        elif event.type == pygame.MOUSEWHEEL and self._over_panel(self.hover_px):
            self.panel_scroll = max(0, self.panel_scroll - 40 * event.y)   # a panel taller than the window
        elif event.type == pygame.MOUSEWHEEL and self.log_view.rect.collidepoint(self.hover_px or (-1, -1)):
            self.log_view.scroll(event.y, len(self.log))      # the wheel over the log reads back
        elif event.type == pygame.MOUSEWHEEL:
            self.cam.zoom(1 if event.y > 0 else -1, pygame.mouse.get_pos())
        elif event.type == pygame.VIDEORESIZE:
            self.cam.clamp()                      # the view's new size: still on the map

    def _computer_input(self, event) -> bool:
        """While the computer plays: a key or a click plays the rest at once (Escape still
        opens the pause menu); the board may still be panned and zoomed. True: used."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._key(event.key)
            return True
        if event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
            self.computer.skip()
            self.refresh()
            return True
        return False

    def update(self, dt_ms: int) -> None:
        """The window's clock: ``dt_ms`` since the last frame (the animations, then the
        computer's pace, which waits for them)."""
        self.motion.update(dt_ms)
        self.computer.update(dt_ms)

    def save_meta(self) -> dict:
        """What a save keeps besides the battle: who plays each side, the log's last lines
        (issue 14, item 5: the log kept across save and load) and the language the player
        has now (a language changed in the battle's settings, not the window's first)."""
        return {**self.computer.save_meta(), "log": quick_load.kept_log(self.log), "lang": self.lang}

    def resume_log(self, saved) -> None:
        quick_load.resume_log(self, saved)

    def ask_load(self) -> None:
        quick_load.ask_load(self)

    def _key(self, key) -> None:
        if key in (pygame.K_RETURN, pygame.K_SPACE) and self.mode == "cast":
            self.aim.enter()
            return
        if key in (pygame.K_RETURN, pygame.K_SPACE) and self.mode in ("full_attack", "touch") and self.plan:
            self._play_plan()
        elif key == pygame.K_m and self.mode == "full_attack":
            plan_maneuvers.ask(self)              # the next attack a special attack at the hovered creature
        elif key == pygame.K_ESCAPE:
            if self.mode or self.squares_asked:    # an aim or a choice under way: cancelled
                self.mode, self.plan, self.squares_asked = None, [], None
                self.aim.cancel()
                self.refresh()
            else:                                 # nothing to cancel: the pause menu (leaving it asks first)
                self.pause.open()
        elif key == pygame.K_TAB and self.folded():
            self.panel_open = not self.panel_open
        elif action_bar.shortcut(key) and self.current is not None:
            self._press(action_bar.shortcut(key))
        elif key == pygame.K_e and self.current is not None:
            self.submit(C.EndTurn(self.current))
        elif key == pygame.K_u:
            self.undo_last()
        elif key == pygame.K_t:
            self.show_threat = not self.show_threat
            self.refresh()
        elif key == pygame.K_F5 and self.saves:
            path = self.saves[0](self.battle, self.save_meta())
            self.note("UI_SAVED", {"path": path}, (180, 220, 180))
        elif key == pygame.K_F9 and self.saves:
            self.ask_load()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            step = self.cam.cell
            self.cam.ox += {pygame.K_LEFT: -step, pygame.K_RIGHT: step}.get(key, 0)
            self.cam.oy += {pygame.K_UP: -step, pygame.K_DOWN: step}.get(key, 0)

    def _press(self, name: str) -> None:
        """A number key: the action, as a click on its button would choose it (a greyed
        one says why instead)."""
        button = next((b for b in self.buttons if b.name == name), None)
        if button is None:                          # a folded panel: its bar is not drawn
            if name not in self.buttons_for(self.current):
                return
            reason = self.availability((name,)).get(name)
            button = action_bar.Button(name, pygame.Rect(0, 0, 0, 0), reason is None, reason or "")
        if button.enabled:
            self.choose(name)
        else:
            self.tip = button.reason

    def folded(self) -> bool:
        """A window too narrow for the board beside the panel folds the panel into a strip
        at the right edge (issue 15, item 3); ``Tab`` or a click on the strip opens it over
        the board, and again folds it."""
        return self.screen.get_width() < FOLD_BELOW - PANEL_W + self.panel_width()

    def panel_width(self) -> int:
        """The side panel's width at the settings' UI scale."""
        return round(PANEL_W * self.ui_scale)

    def panel_rect(self) -> pygame.Rect:
        """Where the panel is drawn: beside the board, or over it when a folded one is open."""
        w, h = self.screen.get_size()
        pw = self.panel_width()
        return pygame.Rect(max(0, w - pw), 0, min(w, pw), h)

    def log_height(self) -> int:
        """The log's height, as many lines at every UI scale (its text grows with it); three
        lines in a short window, so that the board keeps rows."""
        h = self.screen.get_height()
        tall = round(LOG_H * self._ui_scale)
        return tall if h >= 2 * tall + 140 else max(1, min(tall, max(round(48 * self._ui_scale), h // 5)))

    def _side_width(self) -> int:
        return FOLD_W if self.folded() else self.panel_width()

    def _over_panel(self, pos) -> bool:
        return pos is not None and (not self.folded() or self.panel_open) and self.panel_rect().collidepoint(pos)

    def board_rect(self) -> pygame.Rect:
        """The board's part of the window (for the screens drawn over it)."""
        return self._board_rect()

    def _board_rect(self) -> pygame.Rect:
        """The board's part of the window; never empty, so a window down to 320×240 (or
        less) still draws: the panel folds and the log shrinks (issue 15)."""
        w, h = self.screen.get_size()
        return pygame.Rect(0, 0, max(1, min(w, w - self._side_width())), max(1, min(h, h - self.log_height())))

    def _click(self, pos) -> None:
        w = self.screen.get_width()
        if self.folded() and not self.panel_open and pos[0] >= w - FOLD_W:
            self.panel_open = True                 # the strip: open the folded panel
            return
        if self.folded() and self.panel_open and not self.panel_rect().collidepoint(pos):
            self.panel_open = False                # a click beside the open panel folds it again
            return
        for name, rect, enabled, _reason in self.buttons:
            if rect.collidepoint(pos):
                if name.startswith("stance:") and enabled:
                    self.stance.toggle(name.split(":", 1)[1])
                    self._odds_cache = None
                    self.refresh()
                elif enabled and not name.startswith("stance:"):
                    self.choose(name)
                return
        for cid, rect in self.tracker_rows:
            if rect.collidepoint(pos):
                if cid in self.battle.delayed and not self.computer.is_computer(cid):
                    self.submit(C.StepIn(cid))      # a delaying creature takes its turn now
                else:
                    self.inspected = None if cid == self.current else cid
                return
        if not self._board_rect().collidepoint(pos) or self.current is None:
            return
        square = self.cam.to_square(pos)
        target = self.creature_at(square)
        if self.squares_asked is not None:
            squares, then = self.squares_asked
            if square in squares:
                self.squares_asked = None
                then(square)
            return
        if self.mode == "cast":
            self.aim.click(square, self._corner(pos), target)
        elif self.mode == "more":
            more_actions.click(self, square, target)
        elif self.mode == "direct_spell":
            self._direct_spell(square, target)
        elif self.mode == "climb" and not target:
            self.submit(C.Climb(self.current, squares=tuple(views.lane_to(self.battle, self.current, square))))
        elif self.mode == "swim" and not target:
            self.submit(C.Swim(self.current, squares=tuple(views.lane_to(self.battle, self.current, square))))
        elif self.mode == "move_through_web" and not target:
            web_going.click(self, square)
        elif self.mode == "dismount" and not target:
            self.submit(C.Dismount(self.current, to=square))
        elif self.mode == "door":
            self._toggle_door(square)
        elif self.mode == "throw_splash":
            item = self._splash_item()
            if item is not None:
                self.submit(C.ThrowSplash(self.current, item=item, target=target) if target else
                            C.ThrowSplash(self.current, item=item, intersection=self._corner(pos)))
        elif self.mode == "charge" and not target and attack_plan.charge_to(self, self.current, square):
            pass                                             # one of the tied spaces shown: charged to it
        elif self.mode in TARGETED and target:
            self.act_on(target)
        elif self.mode == "full_attack" and self.plan:
            self.step_in_plan(square)            # the 5-ft step between two attacks
        elif self.mode in SQUARED and not target and self.battle.board().terrain.in_bounds(square):
            self.go_to(square)                   # (beside a small map: no square, nothing to refuse)
        elif self.mode is None and target:
            self.inspected = None if target == self.current else target
            self.refresh()
        elif self.mode is None and self.battle.board().terrain.in_bounds(square):
            self._click_to_move(square)

    def _click_to_move(self, square) -> None:
        """No action chosen: a click on a square the creature's move reaches (the blue band
        of ``options``' move domain) moves it there, as in the genre's games, by the Move
        mode's own click (``go_to``: the path, then ``check`` before ``act``); beyond it,
        or with no move left, one line says to choose Move (play-test: the click did
        nothing, silently). Move stays unchosen after."""
        cid = self.current
        if tuple(square) not in self._click_reach(cid) and self._click_double(square):
            double_move.go(self, cid, tuple(square))   # beyond one move, a double move's reach: two moves
            self.refresh()
            return
        if tuple(square) not in self._click_reach(cid):
            code = "UI_CLICK_CHOOSE_MOVE" if self.battle.options(cid)["move"].legal else "UI_CLICK_NO_MOVE"
            self.note(code)
            return
        self.mode = "move"
        self.go_to(tuple(square))
        if self.mode == "move":
            self.mode = None
        self.refresh()

    def _click_double(self, square) -> bool:
        """No action chosen: whether a click on ``square`` plays a double move — the square
        in the violet band Move mode would shade (second play-test: a click beyond one move
        did nothing but a log line, and the player ended the turn unmoved). Never in the
        saddle nor while the computer plays, as ``_click_reach``."""
        cid = self.current
        if cid is None or self.mount_of(cid) or self.computer.is_computer(cid):
            return False
        chosen, self.mode = self.mode, "move"
        try:
            return double_move.is_double(self, square)
        finally:
            self.mode = chosen

    def _click_reach(self, cid: str) -> frozenset:
        """The squares one move takes ``cid`` to (``options``' move domain), kept for the
        battle's revision; none in the saddle (the mount moves: Move mode's ``ride``) or
        while the computer plays."""
        key = (self.battle.revision, cid)
        kept = getattr(self, "_reach_kept", None)
        if kept is None or kept[0] != key:
            move = self.battle.options(cid)["move"]
            mine = move.legal and not self.mount_of(cid) and not self.computer.is_computer(cid)
            kept = self._reach_kept = (key, frozenset((x, y) for x, y, _m in move.domain.get("squares", [])) if mine
                                       else frozenset())
        return kept[1]

    def _corner(self, pos) -> tuple[int, int]:
        """The grid intersection nearest the mouse."""
        c = self.cam.cell
        return (round((pos[0] + self.cam.ox) / c), round((pos[1] + self.cam.oy) / c))

    def _hover(self, pos) -> None:
        self.hover_px = pos
        self.tip = ""
        over = None
        for name, rect, _enabled, reason in self.buttons:
            if rect.collidepoint(pos):
                self.tip = reason or self.notes.get(name, "")
                over = name
        if (over in turning_preview.POWERS) != (self.hover_button in turning_preview.POWERS):
            self.hover_button = over               # a turning's button: whom it may affect, or no longer
            self.refresh()
        self.hover_button = over
        square = self.cam.to_square(pos) if self._board_rect().collidepoint(pos) else None
        if square is not None and not self.battle.board().terrain.in_bounds(square):
            # the empty band around a small map is no square: no path to "[10, 8]" refused
            # there, no terrain tooltip (play-test, issue 14)
            square = None
        if square != self.hover or self.mode in ("cast", "throw_splash"):
            self.hover = square
            self.refresh()

    def names_in(self, lang: str) -> Names:
        """The creatures' names in ``lang`` (the screen's own when it is its language)."""
        return self.names if self.names.lang == lang else Names(self.battle, lang)

    def line(self, make, detail=None) -> log_text.Line:
        """A log line said in every language (``log_text.said``): ``make(lang, names)``
        its text in a language with the names in it."""
        return log_text.said(lambda lang: make(lang, self.names_in(lang)), self.lang,
                             (lambda lang: detail(lang, self.names_in(lang))) if detail else None)

    def note(self, code: str, params: dict | None = None, colour=(200, 200, 160), here: bool = False) -> None:
        """Log the sentence ``code`` says with ``params`` (creature ids said by their
        names), in every language."""
        self.log.append((self.line(lambda lang, names: sentence(code, params or {}, lang, names, here)), colour))

    def relog(self) -> None:
        """The whole log in the screen's language now (the settings switched it), the
        computer's last reason with it (the banner shows it)."""
        why = self.computer.last_why
        shown = log_text.relog(self.log, self.lang)
        for (old, _c), (new, _n) in zip(self.log, shown):
            if old is why and why:
                self.computer.last_why = new
        self.log = shown

    def said_refusal(self, refusal, who: str | None = None) -> log_text.Line:
        """``say``'s sentence as a log line, in every language."""
        return self.line(lambda lang, _names: self.say(refusal, who, lang))

    def say(self, refusal, who: str | None = None, lang: str | None = None) -> str:
        """A refusal as the player reads it: in its language, creatures by their names —
        the one it is about too, where the sentence begins with a pronoun ("It is not
        prone." reads "Tordek is not prone."; play-test, issue 14), no square by its
        coordinates (``here``: the board labels none). ``who``: the creature whose command
        it is (by default the one whose turn it is)."""
        lang = lang or self.lang
        names = self.names_in(lang)
        text = sentence(refusal.code, refusal.params, lang, names=names, here=True)
        who = who or self.current
        if who is None or refusal.code in UNNAMED:
            return text
        return named_subject.named(text, names.get(who, who), lang)

    def creature_at(self, square):
        return views.creature_at(self.battle, square)

    def make_dialog(self, text: str, choices, on_choose, yes_no: bool = False) -> Dialog:
        """A dialog; ``yes_no``: its first two answers are yes and no (``dialog.yes_no_first``)."""
        made = Dialog(text, choices, on_choose)
        made.yes_no = yes_no
        return made

    def _after_events(self, events) -> None:
        why = self.computer.last_why            # a computer creature's reason, just logged, names the action
        said = bool(self.log) and bool(why) and self.log[-1][0] is why
        undead = frozenset(cid for cid in self.battle.entities if views.is_undead(self.battle, cid))
        scenario = self.battle.scenario
        said_in = {lang: log_lines(events, self.names_in(lang), lang, lambda side, lang=lang: scenario.side_name(side, lang),
                                   action_said=said, undead=undead) for lang in LANGUAGES}
        # each line in every language: the same events say as many lines in each
        for i, (_text, colour) in enumerate(said_in[self.lang]):
            texts = {lang: lines[i][0] if len(lines) == len(said_in[self.lang]) else said_in[self.lang][i][0]
                     for lang, lines in said_in.items()}
            self.log.append((log_text.Line(texts, self.lang), colour))
        self.computer.moved(events)
        for e in events:
            if type(e).__name__ == "DamageDealt":
                if e.attacker in self.damage:
                    self.damage[e.attacker][0] += e.amount
                if e.target in self.damage:
                    self.damage[e.target][1] += e.amount
            if type(e).__name__ == "TurnStarted":
                self.keep_undo()
                self.tip = ""                  # a refusal said last turn is not this turn's (play-test 130)
                self.inspected = None          # a new turn shows its own creature
                self.plan = []
                self.squares_asked = None
        self.motion.add(events, self.view.board, dict(self.view.health), self.last_command)
        self.last_command = None
        self.view.set_board(self.battle.board())
        cur = self.current
        if cur is not None and any(type(e).__name__ == "TurnStarted" for e in events):
            seen = self._camera_now()
            self.cam.show(self.battle.board().body(cur).squares, self._board_rect().size)   # follow the turn
            if self._camera_now() != seen:
                self.hover = None
        if cur is not None and not self.computer.is_computer(cur) and any(type(e).__name__ == "TurnStarted" for e in events):
            self.log_view.follow()          # a player's turn: the log shows what just happened (play-test 81)
        if cur is not None and not self.computer.is_computer(cur):
            side = self.side_of(cur)        # hot seat: hand over between human players only
            if self.last_side is not None and side != self.last_side:
                self.handoff = side
            self.last_side = side

    # --- what to show -----------------------------------------------------------------
    def refresh(self) -> None:
        battle = self.battle
        board = battle.board()
        self.view.set_board(board)
        ov = Overlay()
        self.keep_clear: list = []          # squares the tooltip keeps off (``attack_plan.charge_choices``)
        cid = self.current
        if cid is None:
            self.overlay = ov
            return
        me = board.body(cid)
        if self.show_threat:
            # T: every enemy's threatened squares, or only those of the creature clicked
            ids = [self.inspected] if self.inspected and battle.has(self.inspected) else \
                [e.id for e in board.enemies_of(me)]
            overlays.threat_overlay(battle, ids, ov)
        if self.squares_asked is not None:
            for sq in self.squares_asked[0]:
                ov.marks.append((sq, "?"))
            self.keep_clear = list(self.squares_asked[0])
            self.overlay = ov
            return
        hover = self.hover
        target = self.creature_at(hover) if hover else None
        if self.mode in ("move", "withdraw", "run"):
            self._bands(cid, ov)
        if target and target != cid and self.mode not in TARGETED + ("cast", "throw_splash"):
            overlays.threat_overlay(battle, [target], ov)        # the hovered token's threatened squares
        if self.mode == "move" and hover and not target and double_move.is_double(self, hover):
            double_move.preview(self, cid, hover, ov)        # both move actions' path, as one
        elif self.mode == "move" and hover and not target and run_band.is_run(self, hover):
            run_band.preview(self, cid, hover, ov)           # the run's straight lane
        elif self.mode in ("move", "withdraw") and hover and not target:
            overlays.path_overlay(battle, cid, hover, self.mode, self.lang, ov, self.names, tumble=self.tumbling())
        elif self.mode is None and hover and not target and tuple(hover) in self._click_reach(cid):
            # no action chosen: the path a click there would walk (``_click_to_move``)
            overlays.path_overlay(battle, cid, hover, "move", self.lang, ov, self.names)
        elif self.mode is None and hover and not target and self._click_double(hover):
            double_move.preview(self, cid, hover, ov)        # no action chosen: the double move a click plays
        elif self.mode == "run":
            overlays.reachable_overlay(battle, cid, "run", ov)
        elif self.mode == "five_foot_step":
            overlays.reachable_overlay(battle, cid, "5ft", ov)
        elif self.mode == "charge" and (target is None or target != self.mount_of(cid)) \
                and attack_plan.charge_choices(self, cid, hover, target, ov):
            pass                                             # several closest spaces: each one to click
        elif self.mode == "charge" and target and target not in (cid, self.mount_of(cid)):
            overlays.charge_overlay(battle, cid, target, self.lang, ov)
            line = self._odds_line(cid, target) if ov.lane_ok else ""
            if line:                       # its chances, and the attacks of opportunity on the way
                ov.caption = f"{ov.caption} · {line}" if ov.caption else line
        elif self.mode == "move_through_web":
            web_going.preview(self, cid, hover, ov)
        elif self.mode == "cast":            # off the board too: the caption names the spell aimed
            self.aim.preview(self._corner(self.hover_px) if self.hover_px is not None else None, target, ov)
        elif self.mode == "throw_splash" and hover:
            if target and target != cid:
                overlays.splash_overlay(battle, cid, target=target, ov=ov, lang=self.lang)
            elif self.hover_px is not None:
                overlays.splash_overlay(battle, cid, intersection=self._corner(self.hover_px), ov=ov, lang=self.lang)
        elif self.mode in TARGETED:
            overlays.reach_overlay(battle, cid, ov)
            if self.mode == "full_attack":
                steps = attack_plan.step_squares(self, cid)
                ov.bands.update({sq: "5ft" for sq in steps})     # the 5-ft step band's colour
                if steps:
                    ov.caption = sentence("UI_FULL_ATTACK_STEP_HINT", {}, self.lang)
            if target and target != cid:
                overlays.aim_overlay(battle, cid, target, self.lang, ov, self.names)
                line = self._odds_line(cid, target)
                if line:
                    ov.caption = f"{ov.caption} · {line}" if ov.caption else line
            planned = plan_maneuvers.caption(self)       # a full attack's steps chosen so far, in order
            ov.caption = " · ".join(t for t in (planned, ov.caption) if t)
        if self.hover_button in turning_preview.POWERS:
            turning_preview.preview(self, cid, self.hover_button, ov)     # whom the hovered turning may affect
        self.overlay = ov

    def tumble_offered(self) -> bool:
        """The engine lets the current creature tumble now: its move's domain has the
        tumbling squares (``options``, digest §4.6)."""
        if self.current is None:
            return False
        move = self.battle.options(self.current)["move"]
        return move.legal and bool(move.domain.get("tumble"))

    def tumbling(self) -> str | None:
        """"half" when the Tumble toggle is on in Move mode and the engine offers it."""
        self.stance.follow(self.current)
        return "half" if self.mode == "move" and self.stance.tumble and self.tumble_offered() else None

    def _odds_line(self, cid: str, target: str) -> str:
        """Issue 14, item 2: hovering an enemy with an attack, a full attack, a charge, a trip,
        a bull rush, a grapple or a disarm selected shows its chances, the engine's exact ``odds``."""
        if self.mode not in sandbox_odds.WINDOW_ODDS_ACTIONS or not self.battle.board().body(target).is_enemy_of(
                self.battle.board().body(cid)):
            return ""
        extras = self.stance.extras(self.mode)
        key = (self.battle.revision, cid, target, self.mode, tuple(extras))
        if self._odds_cache is None or self._odds_cache[0] != key:
            command = sandbox_odds.command_for(self.battle, cid, target, self.mode)
            if extras.get("flurry"):        # the flurry's attacks, every one of them
                command = dataclasses.replace(command, targets=views.full_attack(self.battle, cid, target, True))
            command = dataclasses.replace(command, **extras) if extras else command
            odds = self.battle.odds(command)
            name = sentence(f"SBX_ACTION_{self.mode}", {}, self.lang)
            # a refusal said before the click (play-test: a reach weapon's "too close" came only
            # after it), but for total cover and sight, which the aim already says
            refused = odds.refusal is not None and odds.refusal.code not in SAID_BY_THE_AIM
            line = sentence(odds.refusal.code, odds.refusal.params, self.lang, self.names, here=True) if refused \
                else "" if odds.refusal is not None else chances_line(name, odds, self.lang)
            short = "" if odds.refusal is not None else tooltip.odds_short(name, odds, self.lang)
            if odds.refusal is None:
                # what the action provokes, as the engine's preview plans it (play-test: a
                # shot or a charge out of reach warned of nothing, a move did)
                warned = overlays.provokes_note(self.battle, command, self.lang, self.names)
                line, short = line + warned, short + warned
            self._odds_cache = (key, line, short)
        return self._odds_cache[1]

    def odds_by_pointer(self, target: str) -> str:
        """The hovered foe's chances in a few words for the token's tooltip, by the pointer
        where the player looks (play-test: the exact line was only in the panel, far to
        the right); "" without an attack or maneuver chosen."""
        cid = self.current
        if cid is None or target == cid or not self._odds_line(cid, target):
            return ""
        return self._odds_cache[2]

    def band_at(self, square) -> str | None:
        """The band the square is shaded in now (move, double, run, withdraw), or None."""
        cid = self.current
        if cid is None or self.mode not in ("move", "withdraw", "run"):
            return None
        bands = Overlay()
        self._bands(cid, bands)
        return bands.bands.get(tuple(square))

    def _bands(self, cid: str, ov: Overlay) -> None:
        """Where it can go (issue 14, item 2), as the engine offers it (``options``' movement
        domains): shaded by band — move, double move, run (a withdraw, its own) — with the
        squares enemies threaten, whose leaving provokes, tinted red inside them."""
        key = (self.battle.revision, cid, self.mode, self.tumbling())
        if self._band_cache is None or self._band_cache[0] != key:
            opts = self.battle.options(cid)
            bands: dict = {}
            wanted = (("withdraw", "squares", "withdraw"),) if self.mode == "withdraw" else (
                (("move", "tumble", "move"),) if self.tumbling() else
                (("move", "squares", "move"), ("move", "double", "double"), ("run", "squares", "run")))
            if opts["move"].legal and "double" in opts["move"].domain:
                _ = opts["move"].domain["double"]       # read first: one search then serves the move too
            for action, part, band in wanted:
                if opts[action].legal:
                    for x, y, _m in opts[action].domain.get(part, []):
                        bands.setdefault((x, y), band)
            if self.mode == "move" and self.mount_of(cid):
                bands = double_move.ridden_bands(self, cid)    # in the saddle the mount moves: ``ride``
            board = self.battle.board()
            threatened = overlays.threat_overlay(self.battle, [e.id for e in board.enemies_of(board.body(cid))]).threat
            self._band_cache = (key, bands, threatened & set(bands))
        _key, bands, threatened = self._band_cache
        ov.bands.update(bands)
        ov.threat |= threatened
        if bands and not ov.caption:
            ov.caption = sentence("UI_BANDS_LEGEND", {}, self.lang)

    def draw(self) -> None:
        w, h = self.screen.get_size()
        self.cam.clamp()                          # a resized window: the view still on the map
        self.view.health = {cid: views.health(self.battle, cid) for cid in self.battle.entities}
        area = self.screen.subsurface(self._board_rect())
        self.view.lang = self.lang
        self.view.draw(area, self.cam, self.overlay, self.current, self.creature_at(self.hover) if self.hover else None)
        self.motion.draw(area, self.cam)
        log_h = self.log_height()
        self._draw_log(pygame.Rect(0, max(0, h - log_h), max(1, w - self._side_width()), log_h))
        if not self.folded() or self.panel_open:
            self._draw_panel(self.panel_rect())
        else:
            self.buttons, self.tracker_rows = [], []       # nothing to click under a folded panel
            self._draw_fold(pygame.Rect(max(0, w - FOLD_W), 0, FOLD_W, h))
        if self.computer.trail_ms:
            self._draw_trail(area)
        if self.handoff is None and not self.computer.playing():
            if not self.motion.busy():            # not about a token still on its way
                self._draw_tooltip(area)
            if self.dialog is None:
                self.log_view.draw_hovered(self.screen, self.log, self.hover_px)
        if self.computer.playing():
            self._draw_banner(area)
        if self.handoff is not None:
            self._draw_handoff()
        if self.victory.shown():                  # after the last blow is seen
            self.victory.draw()
        if self.dialog is not None:
            self._draw_dialog()
        self.pause.draw()
