"""What the battle screen does with a chosen action: the command each mode and click
means, built as a typed command and handed to the engine through ``Orders`` (check, the
preview's questions, act), the plan of a full attack, undo. A mixin of ``GameScreen``, kept
apart so that each file stays readable; it decides no rule."""
from __future__ import annotations

from ..i18n import has_sentence, sentence
from ..world import commands as C, spell_views, views
from . import attack_plan, combat_log, double_move, more_actions, overlays, run_band

PLAIN = ("total_defense", "stand_up", "drop_prone", "delay", "end_turn", "break_free", "turn_undead",
         "rebuke_undead", "concentrate", "continue_casting")
# In the saddle the mount moves: these buttons play ``ride`` with that mode.
RIDDEN = {"move": "move", "run": "run", "charge": "charge", "overrun": "overrun"}


class ScreenActing:
    """The acting half of the battle screen (its state lives in ``GameScreen``)."""

    def choose_square(self, squares: list, text: str, then) -> None:
        """The rules leave a square to the player (a charge's tied ends): click one.
        ``text``: the question (a ``log_text.Line`` is logged in every language)."""
        self.squares_asked = (tuple(tuple(s) for s in squares), lambda sq: then(tuple(sq)))
        self.log.append((text, (200, 200, 160)))
        self.refresh()

    def choose(self, name: str) -> None:
        cid = self.current
        if name in PLAIN:
            self.perform(name, {})
        elif name == "ready":
            self.submit(C.Ready(cid, trigger="enemy_moves_within_reach"))
        elif name == "throw_splash" and self._splash_item() and views.in_hand(self.battle, cid) != self._splash_item():
            self.submit(C.Retrieve(cid, item=self._splash_item()))      # out of the pack first: a move action
        elif name == "more":
            entries = self.more_entries(cid)
            self.dialog = self.make_dialog(sentence("UI_MORE_WHICH", {}, self.lang), entries,
                                           lambda choice: more_actions.start(self, choice))
            self.dialog.tips = [sentence(f"TIP_{choice[1]}", {}, self.lang) if has_sentence(f"TIP_{choice[1]}") else None
                                for _label, choice in entries]      # what an entry does, on hover
            self.dialog.cancellable = True
        elif name == "cast":
            entries = self.aim.entries(cid)
            slots = views.sheet(self.battle, cid).slots       # a spontaneous caster's spells per day left
            text = sentence("UI_CAST_WHICH_SLOTS", {"slots": " · ".join(f"{lv}: {n}" for lv, n in slots) or "—"},
                            self.lang) if slots is not None else sentence("UI_CAST_WHICH", {}, self.lang)
            self.dialog = self.make_dialog(text, [(label, value) for label, value, _tip in entries], self.aim.start)
            self.dialog.tips = [tip for _label, _value, tip in entries]
            self.dialog.stacked = True          # a list whose places do not move as spells are spent
            self.dialog.cancellable = True
        elif name == "door" and len(self._doors()) == 1:
            self._toggle_door(self._doors()[0])
        else:
            self.mode = name
        self.refresh()

    def _doors(self) -> list:
        opts = self.battle.options(self.current)
        return sorted({tuple(sq) for a in ("open_door", "close_door") if opts[a].legal
                       for sq in opts[a].domain.get("squares", [])})

    def _toggle_door(self, square) -> None:
        opts = self.battle.options(self.current)
        action = "open_door" if any(tuple(s) == tuple(square) for s in opts["open_door"].domain.get("squares", [])
                                    if opts["open_door"].legal) else "close_door"
        self.submit((C.OpenDoor if action == "open_door" else C.CloseDoor)(self.current, at=tuple(square)))

    def _splash_item(self) -> str | None:
        """The splash weapon the current creature would throw (the engine's first one)."""
        option = self.battle.options(self.current)["throw_splash"]
        if option.legal:
            return option.domain["items"][0]
        probe = option.probe
        return probe.item if probe is not None and option.refusal.code == "RETRIEVE_FIRST" else None

    def go_to(self, square) -> None:
        cid = self.current
        self.next_leg = None                 # a new click: no double move half played waits on
        if self.mode == "five_foot_step":
            self.submit(C.FiveFootStep(cid, to=square))
            return
        tumble = self.tumbling()
        seen = views.path(self.battle, cid, square, self.mode, tumble=tumble)
        if not seen.legal and double_move.is_double(self, square):
            double_move.go(self, cid, square)    # beyond one move, in the violet band: two move actions
            return
        if not seen.legal and run_band.is_run(self, square):
            run_band.go(self, cid, square)       # beyond a double move, in the grey band: a run
            return
        if not seen.legal:
            self.log.append((self.said_refusal(seen.refusal), (240, 160, 120)))
            return
        if tumble is not None:           # the Tumble toggle: half speed, a check per foe passed
            self.submit(C.Move(cid, squares=seen.squares, tumble=tumble))
        elif self.mount_of(cid):
            self.submit(C.Ride(cid, mode=RIDDEN.get(self.mode, self.mode), squares=seen.squares))
        else:
            self.submit(overlays.WALKS[self.mode](cid, squares=seen.squares))

    def _direct_spell(self, square, target) -> None:
        """A move action: point the spiritual weapon at a foe, or roll the flaming sphere in
        a straight line to a square."""
        directed = spell_views.directed_spell(self.battle, self.current)
        if directed is None:
            return
        kind, at = directed
        if kind == "spiritual" and target:
            self.submit(C.DirectSpell(self.current, target=target))
        elif kind == "sphere":
            self.submit(C.DirectSpell(self.current, squares=tuple(views.lane_to(self.battle, at, square))))

    def act_on(self, target: str) -> None:
        cid = self.current
        mount = self.mount_of(cid)
        if self.mode == "mount":
            self.submit(C.Mount(cid, mount=target))
        elif self.mode == "charge":
            # Tied closest spaces: the first stands in until the charger answers which one.
            ends = views.charge(self.battle, cid, target).ends
            end = ends[0] if ends else None
            through = None if mount or ends else overlays.overrun_on_the_way(self.battle, cid, target)
            if through is not None:          # a foe in the lane, overrun on the way
                self.submit(C.Charge(cid, target=target, end=tuple(through[1][0]), overrun=through[0]))
                return
            self.submit(C.Ride(cid, mode="charge", target=target, end=end) if mount else C.Charge(cid, target=target, end=end))
        elif self.mode == "full_attack":
            # The player picks a target for each attack in turn (French text: a target per attack).
            main = self.plan_attacks(target)
            if attack_plan.stepped(self.plan):
                # after the step, the engine judges the reach from the new square
                seen = self.battle.preview(attack_plan.command(self, cid, self.plan + [target],
                                                               self.stance.extras("full_attack"), off_hand=False))
                if not seen.legal:
                    self.log.append((self.said_refusal(seen.refusal), (240, 160, 120)))
                    return
            self._plan_one(target, main, "UI_FULL_ATTACK_PLAN")
        elif self.mode == "touch" and spell_views.touches_left(self.battle, cid) > 0:
            # A charge for several creatures: one friend a standard action, up to six a full round.
            if target not in self.plan:
                self._plan_one(target, min(6, spell_views.touches_left(self.battle, cid)), "UI_TOUCH_PLAN")
        elif self.mode == "overrun":
            through = tuple(views.overrun_squares(self.battle, cid, target))
            self.submit(C.Ride(cid, mode="overrun", target=target, squares=through) if mount else
                        C.Overrun(cid, target=target, squares=through))
        elif self.mode == "throw_rock":
            self.submit(C.Attack(cid, target=target, weapon="rock"))
        else:
            self.perform(self.mode, {"target": target, **self.stance.extras(self.mode)})

    def plan_attacks(self, target: str) -> int:
        """How many attacks the full attack being planned has (the engine's plan of a full
        attack at its first foe, ``views.full_attack``): the plan plays once each has its foe."""
        chosen = attack_plan.foes(self.plan)
        steps = views.full_attack(self.battle, self.current, chosen[0] if chosen else target, self.stance.flurry)
        return sum(1 for s in steps if isinstance(s, C.Strike))

    def plan_special(self, step: C.ManeuverStep) -> None:
        """A special attack in place of the next attack of the full attack being planned
        (``plan_maneuvers``, French text note 7): one of its attacks, like a foe clicked."""
        self._plan_one(step, self.plan_attacks(step.target), "UI_FULL_ATTACK_PLAN")

    def _plan_one(self, target, n: int, progress: str) -> None:
        """Add a target (or a special attack's step) to the plan being put together; with
        ``n`` of them, play the mode (Enter plays it early)."""
        self.plan.append(target)
        done = len(attack_plan.foes(self.plan))
        if done >= n:
            self._play_plan()
        else:
            self.note(progress, {"done": done, "of": n})
            self.refresh()                  # the plan's next choices (its 5-ft step squares) drawn

    def step_in_plan(self, square) -> None:
        """A square clicked while a full attack is planned: the 5-ft step there comes
        before the next attack, if the engine offers that square (``attack_plan``)."""
        if tuple(square) not in attack_plan.step_squares(self, self.current):
            return
        self.plan.append(C.StepTo(tuple(square)))
        nxt = len(attack_plan.foes(self.plan)) + 1
        self.note("UI_FULL_ATTACK_STEPPED", {"next": nxt})
        self.refresh()

    def _play_plan(self) -> None:
        plan, self.plan = self.plan, []
        if self.mode == "full_attack":
            self.submit(attack_plan.command(self, self.current, plan, self.stance.extras("full_attack")))
        else:
            self.perform(self.mode, {"targets": plan})

    def perform(self, action: str, args: dict, who: str | None = None, asked: frozenset[str] = frozenset()) -> bool:
        """Submit the command the mode names with these arguments (the menus build their
        entries this way); see ``submit``."""
        cid = who or self.current
        if cid is None:
            return False
        command = self.battle.command(cid, action, args)
        if not isinstance(command, C.Command):
            self.note(command.code, command.params, (240, 160, 120), here=True)
            return False
        return self.submit(command, asked)

    def submit(self, command: C.Command, asked: frozenset[str] = frozenset()) -> bool:
        """A command: refused with the engine's sentence, or asked about and played. True
        when it was played or waits on a player's answer."""
        return self.orders.submit(command, asked)

    def play(self, command, declined: set[str], instead: dict[str, str] | None = None) -> None:
        """Tell the engine: the command, the attacks of opportunity declined and the
        maneuvers made in place of some."""
        snap = self.battle.snapshot()
        self.last_command = command          # its events are animated from its aim (a spell's area)
        rolled_before = len(self.battle.dice.history)
        ok, refusal, events = self.battle.act(command, declined=declined, instead=instead)
        if not ok:
            self.battle.restore(snap)
            self.log.append((self.said_refusal(refusal, command.who), (240, 160, 120)))
            return
        if len(self.battle.dice.history) == rolled_before:
            self.undo.append(snap)          # undoable: the frame stays open until undone or kept
            self.undo_lines.append(len(self.log))     # its lines, marked undone if it is
        else:
            self.battle.commit(snap)        # a die was rolled: nothing before it can be undone
            self.keep_undo()
        self._after_events(events)
        # a move keeps Move chosen for a second one, while the engine still offers one
        if command.action not in ("move", "ride") or self.mode != "move" or self.current is None \
                or not self.battle.options(self.current)[command.action].legal:
            self.mode = None
        if self.saves:
            self.saves[2](self.battle, self.save_meta())      # autosave after every action
        self.refresh()
        double_move.second_leg(self, command)     # the first move of a double move: the second now

    def keep_undo(self) -> None:
        """Keep every undoable action so far: they can no longer be undone."""
        while self.undo:
            self.battle.commit(self.undo.pop())
        self.undo_lines.clear()

    def undo_last(self) -> None:
        snap = self.undo.pop() if self.undo else None
        if snap is None:
            self.note("UI_CANNOT_UNDO", {}, (200, 200, 200))
            return
        self.battle.restore(snap)
        if self.undo_lines:                 # what it logged now reads "undone: …" (play-test 101)
            combat_log.mark_undone(self.log, self.undo_lines.pop(), self.lang)
        self.note("UI_UNDONE", {}, (200, 200, 200))
        self.refresh()
