"""The hot-seat battle screen: the board, the initiative tracker, the selected creature,
the actions it may take now (the others greyed with the reason), the combat log, and
the rules shown before every commitment (path and who it provokes, charge lanes, reach).
Actions go through ``Battle.act`` like every other client: one source of truth."""
from __future__ import annotations

from dataclasses import replace

import pygame

from ..i18n import sentence
from ..rules import aoo as aoo_rules, charge as charge_rules, threat
from ..rules.board import Board
from ..rules.geometry import space_squares
from ..world.components import Hands, HitPoints, Offense, Riding, Spellcasting, Stats, TurnState
from ..world.events import AttackRolled
from . import overlays
from .board_view import BoardView, Camera, Overlay, pan
from .combat_log import lines as log_lines
from . import more_actions
from .screen_drawing import LOG_H, PANEL_W, ScreenDrawing, iteratives
from .spell_aim import SpellAim

TARGETED = ("attack", "full_attack", "charge", "trip", "bull_rush", "disarm", "grapple", "overrun", "web",
            "throw_rock", "mount", "touch")
SQUARED = ("move", "five_foot_step", "withdraw", "run")
BUTTONS = ("move", "five_foot_step", "attack", "full_attack", "charge", "withdraw", "run", "total_defense",
           "stand_up", "drop_prone", "trip", "bull_rush", "disarm", "grapple", "overrun", "throw_splash", "door", "ready",
           "delay", "end_turn")


class Dialog:
    def __init__(self, text: str, choices: list[tuple[str, object]], on_choose, cancellable: bool = False):
        self.text = text
        self.choices = choices
        self.on_choose = on_choose
        self.cancellable = cancellable      # Escape closes it (a choice of one's own, not the rules')
        self.rects: list[pygame.Rect] = []


class GameScreen(ScreenDrawing):
    BUTTONS = BUTTONS
    def __init__(self, battle, screen: pygame.Surface, lang: str, saves=None):
        self.battle = battle
        self.screen = screen
        self.lang = lang
        self.saves = saves               # (save, load) callables, or None
        self.names = {s.id: s.name for s in battle.scenario.creatures}
        self.view = BoardView(battle.board(), self.names, {s.id: getattr(s, "template", None) for s in battle.scenario.creatures})
        self.cam = Camera(40)
        w, h = screen.get_size()
        self.cam.centre_on(battle.terrain.width, battle.terrain.height, (w - PANEL_W, h - LOG_H))
        self.mode: str | None = None
        self.hover = None
        self.overlay = Overlay()
        self.log: list[tuple[str, tuple]] = []
        self.dialog: Dialog | None = None
        self.handoff: str | None = None
        self.last_side: str | None = None
        self.undo: list = []
        self.damage = {cid: [0, 0] for cid in battle.entities}   # dealt, taken
        self.show_threat = False
        self.buttons: list[tuple[str, pygame.Rect, bool, str]] = []
        self.plan: list[str] = []        # a full attack being put together, a target per attack
        self.inspected: str | None = None   # a creature clicked to read its numbers (else the current one)
        self.aim = SpellAim(self)           # a spell or magic item being chosen and aimed
        self.more: tuple | None = None      # an action of the "More…" menu waiting for a click
        self.tracker_rows: list[tuple[str, pygame.Rect]] = []
        self.tip = ""
        self.running = True
        self.drag_from = None
        self._after_events(battle.opening_events)

    # --- helpers ----------------------------------------------------------------------
    @property
    def current(self) -> str | None:
        return self.battle.turn

    def side_of(self, cid: str) -> str:
        return self.battle.board().body(cid).side

    def buttons_for(self, cid: str) -> tuple[str, ...]:
        """The common actions, and those only this creature has now: a spider's web,
        breaking free when caught."""
        extra = []
        if "web" in self.battle.spec(cid).special:
            extra.append("web")
        if "rock_throwing" in self.battle.spec(cid).special:
            extra.append("throw_rock")
        if {"entangled", "glued"} & self.battle.board().body(cid).conditions:
            extra.append("break_free")
        if self.aim.choices(cid):
            extra.append("cast")
        if more_actions.entries(self, cid):
            extra.append("more")
        stats = self.battle.comp(cid, Stats).values
        if stats.get("cleric_level") or stats.get("paladin_level", 0) >= 3:
            extra.append("rebuke_undead" if stats.get("evil") else "turn_undead")
        if self.battle.comp(cid, Spellcasting).held_charge:
            extra.append("touch")
        if self.battle.comp(cid, Spellcasting).maintained:
            extra.append("concentrate")
        if f"spiritual:{cid}" in self.battle.spell_effects or f"sphere:{cid}" in self.battle.spell_effects:
            extra.append("direct_spell")
        if self.faces_near(cid):
            extra.append("climb")
        if self.mount_of(cid):
            extra.append("dismount")
        elif self.mounts_near(cid):
            extra.append("mount")
        return BUTTONS[:-2] + tuple(extra) + BUTTONS[-2:]

    def availability(self) -> dict[str, str | None]:
        """Each button's refusal reason (None: available), from the engine's own rules."""
        cid = self.current
        out: dict[str, str | None] = {}
        if cid is None:
            return {b: "—" for b in BUTTONS}
        left = self.battle.actions_left()
        body = self.battle.board().body(cid)
        for b in self.buttons_for(cid):
            reason = None
            if b in ("move", "stand_up", "door", "mount", "dismount", "climb", "direct_spell") and not left["move"]:
                reason = sentence("NO_MOVE_ACTION_LEFT", {}, self.lang)
            elif b in ("attack", "total_defense", "trip", "bull_rush", "disarm", "grapple", "ready", "overrun", "web",
                       "throw_rock", "turn_undead", "rebuke_undead", "concentrate") \
                    and not left["standard"]:
                reason = sentence("NO_STANDARD_ACTION_LEFT", {}, self.lang)
            elif b in ("full_attack", "charge", "withdraw", "run") and not left["full_round"]:
                reason = sentence("NO_FULL_ROUND_LEFT" if not left["restricted"] else "RESTRICTED_NO_FULL_ROUND", {}, self.lang)
            elif b == "five_foot_step" and not left["five_foot_step"]:
                reason = sentence("FIVE_FOOT_STEP_AFTER_MOVING", {}, self.lang)
            if b == "stand_up" and "prone" not in body.conditions:
                reason = sentence("NOT_PRONE", {}, self.lang)
            if b == "drop_prone" and "prone" in body.conditions:
                reason = sentence("ALREADY_PRONE", {}, self.lang)
            if b in ("move", "withdraw", "run", "charge") and "prone" in body.conditions:
                reason = sentence("PRONE_MUST_STAND", {}, self.lang)
            if b == "delay" and self.battle.comp(cid, TurnState).acted:
                reason = sentence("DELAY_AFTER_ACTING", {}, self.lang)
            if b in ("five_foot_step", "withdraw") and self.mount_of(cid):
                reason = sentence("RIDE_TO_MOVE", {}, self.lang)
            if b == "door" and reason is None and not self.doors_near(body):
                reason = sentence("NO_DOOR_NEAR", {}, self.lang)
            if b == "throw_splash" and reason is None and self.splash_item() is None:
                reason = sentence("NOT_CARRIED", {"weapon": "—"}, self.lang)
            out[b] = reason
        return out

    # --- input ------------------------------------------------------------------------
    def handle(self, event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if self.dialog is not None:
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                for rect, (_label, value) in zip(self.dialog.rects, self.dialog.choices):
                    if rect.collidepoint(event.pos):
                        dialog, self.dialog = self.dialog, None
                        dialog.on_choose(value)
                        return
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.dialog.cancellable:
                self.dialog = None
            return
        if self.handoff is not None:
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
                self.handoff = None
            return
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif pan(self, event):
            pass
        elif event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.cam.zoom(1 if event.y > 0 else -1, pygame.mouse.get_pos())

    def _key(self, key) -> None:
        if key in (pygame.K_RETURN, pygame.K_SPACE) and self.mode == "cast":
            self.aim.enter()
            return
        if key in (pygame.K_RETURN, pygame.K_SPACE) and self.mode in ("full_attack", "touch") and self.plan:
            plan, self.plan = self.plan, []
            self.perform(self.mode, {"targets": plan})
        elif key == pygame.K_ESCAPE:
            if self.mode:
                self.mode = None
                self.plan = []
                self.refresh()
            else:
                self.running = False
        elif key == pygame.K_e:
            self.perform("end_turn", {})
        elif key == pygame.K_u:
            self.undo_last()
        elif key == pygame.K_t:
            self.show_threat = not self.show_threat
            self.refresh()
        elif key == pygame.K_F5 and self.saves:
            path = self.saves[0](self.battle)
            self.log.append((sentence("UI_SAVED", {"path": path}, self.lang), (180, 220, 180)))
        elif key == pygame.K_F9 and self.saves:
            self.saves[1](self)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            step = self.cam.cell
            self.cam.ox += {pygame.K_LEFT: -step, pygame.K_RIGHT: step}.get(key, 0)
            self.cam.oy += {pygame.K_UP: -step, pygame.K_DOWN: step}.get(key, 0)

    def _board_rect(self) -> pygame.Rect:
        w, h = self.screen.get_size()
        return pygame.Rect(0, 0, w - PANEL_W, h - LOG_H)

    def _click(self, pos) -> None:
        for name, rect, enabled, _reason in self.buttons:
            if rect.collidepoint(pos):
                if enabled:
                    self.choose(name)
                return
        for cid, rect in self.tracker_rows:
            if rect.collidepoint(pos):
                if cid in self.battle.delayed:
                    self.perform("step_in", {}, who=cid)      # a delaying creature takes its turn now
                else:
                    self.inspected = None if cid == self.current else cid
                return
        if not self._board_rect().collidepoint(pos) or self.current is None:
            return
        square = self.cam.to_square(pos)
        target = self.creature_at(square)
        if self.mode == "cast":
            self.aim.click(square, self._corner(pos), target)
            return
        if self.mode == "more":
            more_actions.click(self, square, target)
            return
        if self.mode == "direct_spell":
            self.direct_spell(square, target)
            return
        if self.mode == "climb" and not target:
            self.climb_to(square)
            return
        if self.mode == "dismount" and not target:
            self._fast_or_not("UI_DISMOUNT_HOW", lambda fast: self.perform("dismount", {"to": list(square), "fast": fast}))
            return
        if self.mode == "door":
            if square in self.doors_near(self.battle.board().body(self.current)):
                self.toggle_door(square)
        elif self.mode == "throw_splash":
            item = self.splash_item()
            if target:
                self.perform("throw_splash", {"item": item, "target": target})
            else:
                self.perform("throw_splash", {"item": item, "intersection": list(self._corner(pos))})
        elif self.mode in TARGETED and target:
            self.act_on(target)
        elif self.mode in SQUARED and not target:
            self.go_to(square)
        elif self.mode is None and target:
            self.inspected = None if target == self.current else target
            self.refresh()

    def _corner(self, pos) -> tuple[int, int]:
        """The grid intersection nearest the mouse."""
        c = self.cam.cell
        return (round((pos[0] + self.cam.ox) / c), round((pos[1] + self.cam.oy) / c))

    def _hover(self, pos) -> None:
        self.hover_px = pos
        self.tip = ""
        for name, rect, enabled, reason in self.buttons:
            if rect.collidepoint(pos):
                self.tip = reason or ""
        square = self.cam.to_square(pos) if self._board_rect().collidepoint(pos) else None
        if square != self.hover:
            self.hover = square
            self.refresh()

    def splash_item(self) -> str | None:
        """The first splash weapon the current creature carries."""
        from ..content import data
        from ..world.components import Inventory
        if self.current is None:
            return None
        subs = data.substances()
        return next((i for i in self.battle.comp(self.current, Inventory).items
                     if i in subs and subs[i].get("range_ft")), None)

    def doors_near(self, body) -> list[tuple[int, int]]:
        """Door squares (open or closed) next to the creature's space."""
        terrain = self.battle.current_terrain()
        mine = set(body.squares)
        near = {(x + dx, y + dy) for x, y in mine for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - mine
        return sorted(sq for sq in near if terrain.kind(sq).id in ("door", "open_door"))

    def direct_spell(self, square, target) -> None:
        """A move action: point the spiritual weapon at a foe, or roll the flaming sphere
        in a straight line to a square."""
        cid = self.current
        if f"spiritual:{cid}" in self.battle.spell_effects and target:
            self.perform("direct_spell", {"target": target})
        elif f"sphere:{cid}" in self.battle.spell_effects:
            from ..rules.lanes import lane_path
            start = tuple(self.battle.spell_effects[f"sphere:{cid}"]["at"])
            self.perform("direct_spell", {"squares": [list(p) for p in lane_path(start, square)[1:]]})

    def faces_near(self, cid: str) -> bool:
        """On a rock face, or next to one."""
        terrain = self.battle.current_terrain()
        x, y = self.battle.board().body(cid).pos
        return any(terrain.kind((x + dx, y + dy)).id == "cliff" for dx in (-1, 0, 1) for dy in (-1, 0, 1))

    def climb_to(self, square) -> None:
        """Climb in a straight line toward the square; the climber chooses its pace."""
        from ..rules.lanes import lane_path
        path = [list(p) for p in lane_path(self.battle.board().body(self.current).pos, square)[1:]]
        self.dialog = Dialog(sentence("UI_CLIMB_HOW", {}, self.lang),
                             [(sentence("UI_CLIMB_SLOW", {}, self.lang), False),
                              (sentence("UI_CLIMB_HURRY", {}, self.lang), True)],
                             lambda hurry: self.perform("climb", {"squares": path, "hurry": hurry}))

    def toggle_door(self, square) -> None:
        opened = self.battle.current_terrain().kind(square).id == "open_door"
        self.perform("close_door" if opened else "open_door", {"at": list(square)})

    def creature_at(self, square):
        for b in self.battle.board().occupants.get(square, ()):
            return b.id
        return None

    # --- acting -----------------------------------------------------------------------
    def choose(self, name: str) -> None:
        if name in ("total_defense", "stand_up", "drop_prone", "delay", "end_turn", "break_free", "turn_undead",
                    "rebuke_undead", "concentrate"):
            self.perform(name, {})
        elif name == "ready":
            self.perform("ready", {"trigger": "enemy_moves_within_reach"})
        elif name == "throw_splash" and self.battle.comp(self.current, Hands).holding != self.splash_item():
            self.perform("retrieve", {"item": self.splash_item()})      # out of the pack first: a move action
        elif name == "more":
            self.dialog = Dialog(sentence("UI_MORE_WHICH", {}, self.lang), more_actions.entries(self, self.current),
                                 lambda choice: more_actions.start(self, choice), cancellable=True)
        elif name == "cast":
            self.dialog = Dialog(sentence("UI_CAST_WHICH", {}, self.lang), self.aim.choices(self.current), self.aim.start,
                                 cancellable=True)
        elif name == "door" and len(self.doors_near(self.battle.board().body(self.current))) == 1:
            self.toggle_door(self.doors_near(self.battle.board().body(self.current))[0])
        else:
            self.mode = name
        self.refresh()

    def go_to(self, square) -> None:
        cid = self.current
        board, mover = self.mover_board()
        mode = {"five_foot_step": "5ft"}.get(self.mode, self.mode)
        if self.mode == "five_foot_step":
            self.perform("five_foot_step", {"to": list(square)})
            return
        me = board.body(mover)
        if mover != cid and mode in ("move", "run"):
            # In the saddle the mount moves: a move of the mount, or its run.
            self._ride_to(board, me, square, mode)
            return
        if mode == "run":
            from ..rules.lanes import lane_path
            path = lane_path(me.pos, square)[1:]
            provoked = aoo_rules.provocations(board, me, [me.pos] + path, "run")
        else:
            found = aoo_rules.best_path(board, me, square, mode)
            if found is None:
                return
            path, provoked, _cost = found
        self.ask_opportunities(provoked, "UI_AOO_WHY_MOVE",
                               lambda declined: self.perform(self.mode, {"squares": [list(p) for p in path]}, declined,
                                                             asked=set(provoked)))

    def _ride_to(self, board, mount_body, square, mode: str) -> None:
        if mode == "run":
            from ..rules.lanes import lane_path
            path = lane_path(mount_body.pos, square)[1:]
            provoked = aoo_rules.provocations(board, mount_body, [mount_body.pos] + path, "run")
        else:
            found = aoo_rules.best_path(board, mount_body, square, "move")
            if found is None:
                return
            path, provoked, _cost = found
        self.ask_opportunities(provoked, "UI_AOO_WHY_MOVE",
                               lambda declined: self.perform("ride", {"mode": mode, "squares": [list(p) for p in path]},
                                                             declined, asked=set(provoked)))

    def mount_of(self, cid: str | None) -> str | None:
        return self.battle.comp(cid, Riding).mount if cid else None

    def mover_board(self):
        """(board, id of what moves): a rider moves its mount, which its rider never blocks
        and which reaches with the rider's weapon for a charge (the engine's ``ride``)."""
        board = self.battle.board()
        cid = self.current
        mount = self.mount_of(cid)
        if not mount:
            return board, cid
        weapon = board.body(cid).weapon
        bodies = tuple(replace(b, weapon=weapon) if b.id == mount else b for b in board.bodies if b.id != cid)
        return Board(board.terrain, bodies, board.variants), mount

    def mounts_near(self, cid: str) -> list[str]:
        """Allies next to it that are at least one size larger, with nobody on them."""
        board = self.battle.board()
        me = board.body(cid)
        out = []
        for b in board.allies_of(me):
            if b.size.order >= me.size.order + 1 and not self.battle.comp(b.id, Riding).rider \
                    and not self.battle.comp(b.id, Riding).mount \
                    and any(max(abs(x - u), abs(y - v)) <= 1 for x, y in me.squares for u, v in b.squares):
                out.append(b.id)
        return out

    def _plan_one(self, target: str, n: int, progress: str) -> None:
        """Add a target to the plan being put together; with ``n`` of them, play the mode
        (Enter plays it early)."""
        self.plan.append(target)
        if len(self.plan) >= n:
            plan, self.plan = self.plan, []
            self.perform(self.mode, {"targets": plan})
        else:
            self.log.append((sentence(progress, {"done": len(self.plan), "of": n}, self.lang), (200, 200, 160)))

    def act_on(self, target: str) -> None:
        cid = self.current
        if self.mode == "mount":
            self._fast_or_not("UI_MOUNT_HOW", lambda fast: self.perform("mount", {"mount": target, "fast": fast}))
            return
        if self.mode == "charge" and self.mount_of(cid):
            board, mount = self.mover_board()
            res = charge_rules.charge(board, board.body(mount), board.body(target))
            go = lambda end=None: self.perform("ride", {"mode": "charge", "target": target,  # noqa: E731
                                                        **({"end": list(end)} if end else {})})
            if res.legal and len(res.ends) > 1:
                self.dialog = Dialog(sentence("UI_CHOOSE_END", {}, self.lang), [(f"{list(e)}", e) for e in res.ends], go)
            else:
                go()
            return
        if self.mode == "charge":
            res = charge_rules.charge(self.battle.board(), self.battle.board().body(cid), self.battle.board().body(target))
            if res.legal and len(res.ends) > 1:
                self.dialog = Dialog(sentence("UI_CHOOSE_END", {}, self.lang),
                                     [(f"{list(e)}", e) for e in res.ends],
                                     lambda end: self.perform("charge", {"target": target, "end": list(end)}))
                return
            self.perform("charge", {"target": target})
        elif self.mode == "full_attack":
            # The player picks a target for each attack in turn (French text: a target per attack).
            self._plan_one(target, len(iteratives(self.battle.comp(cid, Offense).bab)), "UI_FULL_ATTACK_PLAN")
        elif self.mode == "touch" and self.battle.comp(cid, Spellcasting).held_touches > 0:
            # A charge for several creatures: one friend a standard action, up to six a full round.
            if target not in self.plan:
                self._plan_one(target, min(6, self.battle.comp(cid, Spellcasting).held_touches), "UI_TOUCH_PLAN")
        elif self.mode == "overrun":
            self._overrun(target)
        elif self.mode == "throw_rock":
            self.perform("attack", {"target": target, "weapon": "rock"})
        elif self.mode in ("trip", "disarm"):
            # The defender's player decides whether to strike back if the attempt fails.
            def with_counter(counter, drop=False):
                self.perform(self.mode, {"target": target, "counter": counter, "drop_weapon": drop})
            ask_drop = self.mode == "trip" and self.battle.board().body(cid).weapon.trip
            self.dialog = Dialog(sentence("UI_COUNTER", {"defender": self.names.get(target, target)}, self.lang),
                                 [(sentence("UI_YES", {}, self.lang), True), (sentence("UI_NO", {}, self.lang), False)],
                                 (lambda c: self._then_drop(c, with_counter)) if ask_drop else with_counter)
        elif self.mode == "bull_rush":
            # The attacker's choice: follow the foe to push it farther.
            self.dialog = Dialog(sentence("UI_FOLLOW", {}, self.lang),
                                 [(sentence("UI_YES", {}, self.lang), True), (sentence("UI_NO", {}, self.lang), False)],
                                 lambda follow: self.perform("bull_rush", {"target": target, "follow": follow}))
        else:
            self.perform(self.mode, {"target": target})

    def make_dialog(self, text: str, choices, on_choose) -> Dialog:
        return Dialog(text, choices, on_choose)

    def _fast_or_not(self, question: str, go) -> None:
        """The rider chooses: a move action, or a fast (free) one with Ride DC 20."""
        self.dialog = Dialog(sentence(question, {}, self.lang),
                             [(sentence("UI_NORMAL", {}, self.lang), False), (sentence("UI_FAST", {}, self.lang), True)], go)

    def _then_drop(self, counter: bool, go) -> None:
        self.dialog = Dialog(sentence("UI_DROP_IF_COUNTERED", {}, self.lang),
                             [(sentence("UI_YES", {}, self.lang), True), (sentence("UI_NO", {}, self.lang), False)],
                             lambda drop: go(counter, drop))

    def _overrun(self, target: str) -> None:
        """Overrun: straight through the foe's space to the square beyond; its player
        chooses to avoid or to block (not against Improved Overrun)."""
        board, mover = self.mover_board()
        me, foe = board.body(mover), board.body(target)
        dx = (foe.pos[0] > me.pos[0]) - (foe.pos[0] < me.pos[0])
        dy = (foe.pos[1] > me.pos[1]) - (foe.pos[1] < me.pos[1])
        squares, here = [], me.pos
        while True:
            here = (here[0] + dx, here[1] + dy)
            squares.append(list(here))
            covers = set(space_squares(here, me.span))
            if len(squares) > 1 and not covers & set(foe.squares) and \
                    set(space_squares(tuple(squares[-2]), me.span)) & set(foe.squares):
                break                                   # the first space past the defender
            if len(squares) > 8:
                break
        riding = mover != self.current

        def go(choice):
            args = {"target": target, "squares": squares, "defender": choice}
            self.perform("ride" if riding else "overrun", {"mode": "overrun", **args} if riding else args)
        self.dialog = Dialog(sentence("UI_OVERRUN_DEFENDER", {"defender": self.names.get(target, target)}, self.lang),
                             [(sentence("UI_AVOID", {}, self.lang), "avoid"), (sentence("UI_BLOCK", {}, self.lang), "block")],
                             go)

    def ask_opportunities(self, takers: list[str], why: str, then) -> None:
        """The player of each creature that may take an attack of opportunity decides."""
        declined: set[str] = set()
        queue = [t for t in takers]

        def next_one(_answer=None):
            if queue:
                taker = queue.pop(0)
                text = sentence("UI_AOO_ASK", {"taker": self.names.get(taker, taker),
                                               "target": self.names.get(self.current, self.current),
                                               "why": sentence(why, {}, self.lang)}, self.lang)

                def answer(take, taker=taker):
                    if not take:
                        declined.add(taker)
                    next_one()
                self.dialog = Dialog(text, [(sentence("UI_YES", {}, self.lang), True),
                                            (sentence("UI_NO", {}, self.lang), False)], answer)
            else:
                then(declined)
        next_one()

    def perform(self, action: str, args: dict, declined: set[str] | None = None,
                asked: set[str] | None = None, who: str | None = None) -> bool:
        """Play one action. Before it happens, the player of every creature it would give an
        attack of opportunity decides whether to take it (digest: AoOs are optional); True when
        the action was played or waits on those answers."""
        cid = who or self.current
        if cid is None:
            return False
        declined, asked = set(declined or ()), set(asked or ()) | set(declined or ())
        takers = [t for t in self._opportunity_takers(cid, action, args, declined) if t not in asked]
        if takers:
            self.ask_opportunities(takers, "UI_AOO_WHY_ACT",
                                   lambda more: self.perform(action, args, declined | more, asked | set(takers), who))
            return True
        snap = self.battle.snapshot()
        rolled_before = len(self.battle.dice.history)
        ok, refusal, events = self.battle.act(cid, action, args, declined=declined)
        if not ok:
            self.battle.restore(snap)
            self.log.append((sentence(refusal.code, refusal.params, self.lang), (240, 160, 120)))
            return False
        if len(self.battle.dice.history) == rolled_before:
            self.undo.append(snap)          # undoable: the frame stays open until undone or kept
        else:
            self.battle.commit(snap)        # a die was rolled: nothing before it can be undone
            self.keep_undo()
        self._after_events(events)
        if action not in ("move", "five_foot_step") or self.mode not in ("move",):
            self.mode = None
        if self.saves:
            self.saves[2](self.battle)      # autosave after every action
        self.refresh()
        return True

    def _opportunity_takers(self, cid: str, action: str, args: dict, declined: set[str]) -> list[str]:
        """Who would strike `cid` in reply to this action: played on a snapshot, then undone.
        A taker who drops the actor can hide later ones; they are asked on the next pass."""
        snap = self.battle.snapshot()
        try:
            ok, _refusal, events = self.battle.act(cid, action, args, declined=declined)
        finally:
            self.battle.restore(snap)
        if not ok:
            return []
        takers = []
        for e in events:
            if isinstance(e, AttackRolled) and e.opportunity and e.target == cid and e.attacker not in takers:
                takers.append(e.attacker)
        return takers

    def keep_undo(self) -> None:
        """Keep every undoable action so far: they can no longer be undone."""
        while self.undo:
            self.battle.commit(self.undo.pop())

    def undo_last(self) -> None:
        snap = self.undo.pop() if self.undo else None
        if snap is None:
            self.log.append((sentence("UI_CANNOT_UNDO", {}, self.lang), (200, 200, 200)))
            return
        self.battle.restore(snap)
        self.log.append((sentence("UI_UNDONE", {}, self.lang), (200, 200, 200)))
        self.refresh()

    def _after_events(self, events) -> None:
        self.log.extend(log_lines(events, self.names, self.lang))
        for e in events:
            if type(e).__name__ == "DamageDealt":
                if e.attacker in self.damage:
                    self.damage[e.attacker][0] += e.amount
                if e.target in self.damage:
                    self.damage[e.target][1] += e.amount
            if type(e).__name__ == "TurnStarted":
                self.keep_undo()
                self.inspected = None          # a new turn shows its own creature
                self.plan = []
        self.view.set_board(self.battle.board())
        cur = self.current
        if cur is not None and any(type(e).__name__ == "TurnStarted" for e in events):
            self.cam.show(self.battle.board().body(cur).squares, self._board_rect().size)   # follow the turn
        if cur is not None:
            side = self.side_of(cur)
            if self.last_side is not None and side != self.last_side:
                self.handoff = side
            self.last_side = side

    # --- what to show -----------------------------------------------------------------
    def refresh(self) -> None:
        board = self.battle.board()
        self.view.set_board(board)
        ov = Overlay()
        cid = self.current
        if cid is None:
            self.overlay = ov
            return
        me = board.body(cid)
        if self.show_threat:
            # T: every enemy's threatened squares, or only those of the creature clicked
            ids = [self.inspected] if self.inspected and self.battle.has(self.inspected) else \
                [e.id for e in board.enemies_of(me)]
            overlays.threat_overlay(board, ids, ov)
        hover = self.hover
        target = self.creature_at(hover) if hover else None
        moving_board, mover = self.mover_board()       # a rider's previews are its mount's
        if self.mode in ("move", "withdraw") and hover and not target:
            overlays.path_overlay(moving_board, mover, hover, self.mode, self.lang, ov, self.names)
        elif self.mode == "run":
            overlays.reachable_overlay(moving_board, mover, "run", ov)
        elif self.mode == "five_foot_step":
            overlays.reachable_overlay(board, cid, "5ft", ov)
        elif self.mode == "charge" and target and target not in (cid, mover):
            overlays.charge_overlay(moving_board, mover, target, self.lang, ov)
        elif self.mode == "cast" and getattr(self, "hover_px", None) is not None:
            ov.reach = self.aim.area(self._corner(self.hover_px))     # the area the spell would fill
        elif self.mode == "throw_splash" and hover:
            # Aiming: the eight landing points of a miss at this range increment.
            aim = getattr(self, "hover_px", None)
            if target and target != cid:
                overlays.splash_overlay(board, cid, target=target, ov=ov, lang=self.lang)
            elif aim is not None:
                overlays.splash_overlay(board, cid, intersection=self._corner(aim), ov=ov, lang=self.lang)
        elif self.mode in TARGETED:
            overlays.reach_overlay(board, cid, ov)
            if target and target != cid:
                overlays.aim_overlay(board, cid, target, self.lang, ov, self.names)
        self.overlay = ov

    def draw(self) -> None:
        w, h = self.screen.get_size()
        self.view.health = {cid: (self.battle.comp(cid, HitPoints).current, self.battle.comp(cid, HitPoints).maximum)
                            for cid in self.battle.entities}
        area = self.screen.subsurface(self._board_rect())
        self.view.draw(area, self.cam, self.overlay, self.current)
        self._draw_panel(pygame.Rect(w - PANEL_W, 0, PANEL_W, h))
        self._draw_log(pygame.Rect(0, h - LOG_H, w - PANEL_W, LOG_H))
        if self.handoff is not None:
            self._draw_handoff()
        if self.battle.winner is not None:
            self._draw_victory()
        if self.dialog is not None:
            self._draw_dialog()


__all__ = ["GameScreen", "threat"]
