"""One battle: an esper world built from a scenario, its dice, its turn order.

Each battle has its own esper world (esper >= 3.8 ``switch_world``); the methods that
query or change it switch to it first, so several battles (or tests) never share state.
Components are also kept by creature id for ``comp``, which hands them out without
switching worlds. ``snapshot`` opens a frame of the battle's journal (``world/journal.py``),
``restore`` rolls it back and ``commit`` keeps it: a refused or failed action leaves nothing
changed, dice included, at the cost of what it touched, not of the battle's size.
"""
from __future__ import annotations

import itertools
import operator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Callable, TypeVar

import esper

from . import data
from .dice import Dice
from .rules.board import Board
from .rules.fighters import Fighter
from .rules.metamagic import SPONTANEOUS_CLASSES
from .rules import monk
from .rules.modifiers import ability_modifier
from .rules.reasons import Refusal
from .rules.sizes import Size
from .rules.sealed_doors import SHATTERED
from .rules.terrain import DOOR_CHARS, WEB_SPELL, Terrain
# ``actions`` imports every action module, which register their hooks (damage, turns,
# attacks) as they load: no battle exists before they are all in place.
from .world import actions, asking, options as world_options, processors, systems
from .world.actions.gates import LOADING
from .world.budget import left
from .world.commands import BadArgument, Command, UnknownAction, parse
from .world.components import (Abilities, Armor, AttacksOfOpportunity, AurasMet, Awareness, Body, Charges, Conditions,
                               Defense, Effects, Feats, Feint, Gear, Grapple, Hands, HitPoints, Identity, Initiative,
                               Inventory, Loaded, Monster, Offense, Position, Quiver, Reach, Riding, RunState, Side, Speed,
                               SpellEffects, Spellcasting, SpellLike, Stats, Timing, TurnState, TurnUses, Webs, Wielded,
                               Worn)
from .world.journal import Frame, Journal, Journaled, restore_into
from .world.faces import BattleFaces
from .world.state import BattleState
from .world.turns import start_battle
from .world.worn import worn_bonus

if TYPE_CHECKING:       # the scenario is read by content, above the engine; only its type is named here
    from .content.scenario import Scenario

C = TypeVar("C")        # a component class

_world_ids = itertools.count(1)
KEPT_ANSWERS = 512   # answers of ``check``, ``preview`` and ``odds`` kept by revision (``Battle._kept``)
_UNKNOWN = object()


def _hashable(command) -> bool:
    try:
        hash(command)
    except TypeError:
        return False
    return True


def _items(instead: dict[str, str] | None) -> tuple:
    return tuple(sorted(instead.items())) if instead else ()


DEFAULT_HP = 10   # a creature without ``hp`` (and no template yet) has 10 hit points
COMPONENTS = (Identity, Position, Body, Reach, Speed, Side, Wielded, Conditions, Feats, Armor, Stats, Initiative,
              HitPoints, Abilities, Defense, Offense, Effects, TurnState, AttacksOfOpportunity, Inventory, Awareness,
              RunState, Loaded, Quiver, Hands, Gear, Grapple, TurnUses, Riding, Spellcasting, Worn, SpellLike, Timing,
              Feint, Webs, Charges, AurasMet, SpellEffects, Monster)
# The battle's own journaled fields: the typed battle-wide state (``world.state``) and the
# history (an append-only log the journal keeps by its length).
BATTLE_FIELDS = ("shared", "history")


def _spellcasting(spec) -> Spellcasting:
    """Prepared casters get their spells of the day; sorcerers and bards their spells known
    and spells per day (SRD classes)."""
    level = spec.stats.get("caster_level", 0)
    if spec.caster_class in SPONTANEOUS_CLASSES:
        return Spellcasting([], level, spec.caster_class, known=list(spec.spells), slots=list(spec.spell_slots))
    return Spellcasting(list(spec.spells), level, spec.caster_class)


class Battle(BattleFaces):
    """The live state of one scenario."""

    # The battle's own state, saved by the journal the first time a frame touches it.
    shared = Journaled()              # BattleState: the clock, the map's items, doors and overlays ...

    def __init__(self, scenario: Scenario):
        self.journal = Journal()
        self.recorder = None      # set while a preview plans an action instead of playing it
        self.aoo_instead: dict[str, str] = {}   # while a command plays: takers' maneuvers in place of an AoO
        self.fall_catches: tuple[tuple[str, str], ...] = ()   # while a command plays: its ``feather_fall``
        self.scenario = scenario
        self.terrain = scenario.terrain()
        self.variants = scenario.variants
        self.dice = Dice(scenario.seed)
        self.dice.journal = self.journal
        self.shared = BattleState()
        self.history: list[dict] = []              # every command played, for saves and replays
        self.world = f"battle-{next(_world_ids)}"
        self._board: Board | None = None
        self._last_board: Board | None = None     # the board last made (``board``: kept when nothing it holds changed)
        self._bodies: dict = {}                  # id -> its rules body, rebuilt when dirty
        self._dirty: set[str] = set()           # creatures whose body must be rebuilt
        self.revision = 0                        # changes whenever the battle may have changed
        self._stamp = 0                          # the last revision handed out (``_new_revision``)
        self._options: tuple[int, dict] = (-1, {})
        self._answers: dict[tuple, Any] = {}      # ``check``, ``preview`` and ``odds`` by revision (``_kept``)
        self.ids: list[str] = []
        self.entities: dict[str, int] = {}
        self._comps: dict[str, dict[type, Any]] = {}
        self._each: dict[type, list] = {}          # ``each``'s rows by kind
        self._specs = {spec.id: spec for spec in scenario.creatures}
        self.gone: dict = {}                     # id -> spec of the creatures taken out in play (``dismiss``)
        self._requests = processors.Requests()
        with self.active():
            processors.install()
            esper.create_entity(self._requests)
            for spec in scenario.creatures:
                parts = self._components(spec)
                self.entities[spec.id] = esper.create_entity(*parts, processors.ThreatMap())
                self._comps[spec.id] = {type(c): c for c in parts}
                self.ids.append(spec.id)
            for spec in scenario.creatures:
                if spec.riding:
                    self._seat(spec.id, spec.riding)
        self._sorted_ids = sorted(self.ids)
        self._rows = [(cid, self._comps[cid]) for cid in self._sorted_ids]     # for ``each``
        self._each = {}
        self._dirty = set(self.ids)
        self.opening_events: list = []
        if len({s.side for s in scenario.creatures}) >= 2:
            self.opening_events = start_battle(self)

    def _components(self, spec) -> list:
        armors = data.armor()
        armor_row = armors.get(spec.armor or "", {})
        shield_row = armors.get(spec.shield or "", {})
        scores = {k: spec.stats.get(k, 10) for k in ("str", "dex", "con", "int", "wis", "cha")}
        size = Size.from_code(spec.size)
        max_dex = [v for v in (armor_row.get("max_dex", -1), shield_row.get("max_dex", -1)) if v is not None and v >= 0]
        defense = Defense(armor_bonus=armor_row.get("bonus", 0), shield_bonus=shield_row.get("bonus", 0),
                          max_dex=min(max_dex) if max_dex else None, natural=spec.stats.get("natural_armor", 0))
        if "ac" in spec.stats:
            # A given AC keeps its total; what the known parts do not explain counts as armour-like.
            dex = ability_modifier(scores["dex"])
            if defense.max_dex is not None:
                dex = min(dex, defense.max_dex)
            known = 10 + defense.armor_bonus + defense.shield_bonus + dex + size.value.attack_mod + defense.natural
            defense.misc = spec.stats["ac"] - known
        hp = spec.stats.get("hp", DEFAULT_HP)
        conditions = set(spec.conditions)
        return [Identity(spec.id, spec.name), Position(*spec.at), Body(size), Reach(spec.reach),
                Speed(spec.speed_m, spec.climb_speed_m, spec.swim_speed_m),
                Side(spec.side), Wielded(spec.weapon), Conditions(conditions),
                # a monk's Improved Unarmed Strike, its bonus feat at 1st level (SRD, Monk, ``rules.monk``)
                Feats(frozenset(spec.feats) | frozenset(monk.bonus_feats(spec.stats.get("monk_level", 0)))),
                Armor(spec.armor, armor_row.get("category") == "heavy"), Stats(dict(spec.stats)),
                Initiative(spec.initiative), HitPoints(hp, hp), Abilities(scores), Defense(**vars(defense)),
                Offense(spec.stats.get("bab", 0)), Effects(), TurnState(), AttacksOfOpportunity(),
                Inventory(list(spec.inventory)), _awareness(spec), RunState(),
                Loaded(_shots(spec)), Quiver(spec.ammunition), Hands(spec.off_hand, holding=spec.holding), Gear(), Grapple(),
                TurnUses(), Riding(),
                _spellcasting(spec),
                SpellLike(dict(spec.spell_like), spec.stats.get("caster_level") or spec.stats.get("hd", 1)),
                Worn(list(spec.worn)),
                Timing(), Feint(), Webs(), Charges(), AurasMet(), SpellEffects(), Monster(afraid_of=spec.afraid_of)]

    def _seat(self, rider: str, mount: str) -> None:
        """A scenario's rider already in the saddle (its ``riding`` key, checked by the
        scenario's validator as the ``mount`` action would): the seat and the saddle as
        ``actions.mounted.do_mount`` leaves them."""
        seat, steed = self._comps[rider][Riding], self._comps[mount][Riding]
        seat.mount, steed.rider = mount, rider
        seat.military_saddle = bool(self._comps[mount][Stats].values.get("military_saddle"))

    def spawn(self, spec) -> None:
        """Bring a creature into the battle in play (a black pudding splits in two): its
        components made from ``spec`` as the scenario's are. Within an open frame it is
        noted there, and rolling the frame back takes it out again."""
        parts = self._components(spec)
        with self.active():
            self.entities[spec.id] = esper.create_entity(*parts, processors.ThreatMap())
        self._comps[spec.id] = {type(c): c for c in parts}
        self._specs[spec.id] = spec
        self.ids.append(spec.id)
        self._roster_changed()
        self._dirty.add(spec.id)
        if self.journal.frames:
            self.journal.frames[-1].spawned.append(spec.id)
        self.changed()

    def dismiss(self, cid: str) -> None:
        """Take a creature out of the battle in play (a summoned creature goes away: SRD
        Summon Nature's Ally): off the board, out of the roster. Its description stays
        known (``gone``) for the names of what it did. Within an open frame it is noted
        there, and rolling the frame back brings it back, components and all."""
        comps = self._comps.pop(cid)
        index = self.ids.index(cid)
        with self.active():
            esper.delete_entity(self.entities.pop(cid), immediate=True)
        self.ids.remove(cid)
        self._bodies.pop(cid, None)
        self._dirty.discard(cid)
        self._requests.stale.discard(cid)
        self.gone[cid] = self._specs[cid]
        self._roster_changed()
        if self.journal.frames:
            self.journal.frames[-1].dismissed.append((cid, comps, index))
        self.changed()

    def _recall(self, cid: str, comps: dict, index: int) -> None:
        """Bring a dismissed creature back (its frame was rolled back)."""
        with self.active():
            self.entities[cid] = esper.create_entity(*comps.values(), processors.ThreatMap())
        self._comps[cid] = comps
        self.ids.insert(index, cid)
        self.gone.pop(cid, None)
        self._dirty.add(cid)
        self._roster_changed()

    def _forget(self, cid: str) -> None:
        """Take a spawned creature out again (its frame was rolled back)."""
        with self.active():
            esper.delete_entity(self.entities.pop(cid), immediate=True)
        del self._comps[cid]
        del self._specs[cid]
        self._bodies.pop(cid, None)
        self._dirty.discard(cid)
        self._requests.stale.discard(cid)
        self.ids.remove(cid)
        self._roster_changed()

    def component_rows(self) -> list[tuple[str, list]]:
        """Every creature's components, in the roster's order (a save's checkpoint)."""
        return [(cid, list(self._comps[cid].values())) for cid in self.ids]

    def component_types(self, cid: str) -> list[type]:
        return list(self._comps[cid])

    def restore_components(self, cid: str, parts: list) -> None:
        """Put ``parts`` in place of the creature's components of the same kinds (loading
        a save's checkpoint, outside any frame); every body is made again."""
        if self.journal.frames:
            raise RuntimeError("components are restored outside any open frame")
        with self.active():
            for part in parts:
                if type(part) not in self._comps[cid]:
                    raise KeyError(f"{cid} has no {type(part).__name__} component")
                self._comps[cid][type(part)] = part
                esper.add_component(self.entities[cid], part)
        self._roster_changed()
        self.changed()

    def _roster_changed(self) -> None:
        self._sorted_ids = sorted(self.ids)
        self._rows = [(cid, self._comps[cid]) for cid in self._sorted_ids]
        self._each = {}
        self._options = (-1, {})
        self._answers = {}

    @contextmanager
    def active(self):
        """Make this battle's world the current esper world for the block."""
        previous = esper.current_world
        esper.switch_world(self.world)
        try:
            yield
        finally:
            esper.clear_dead_entities()
            esper.switch_world(previous)

    def close(self) -> None:
        if esper.current_world == self.world:
            esper.switch_world("default")
        if self.world in esper.list_worlds():
            esper.delete_world(self.world)

    # --- component access -----------------------------------------------------------
    def comp(self, cid: str, kind):
        """The creature's component of that kind (the live object: changes to it count)."""
        obj = self._comps[cid][kind]
        if self.journal.frames:
            self.journal.note_component((cid, kind), obj)
        else:
            self._new_revision()         # handed out for change outside any action
        if kind in systems.BODY_COMPONENTS:
            self._dirty.add(cid)
        return obj

    def read(self, cid: str, kind):
        """The creature's component of that kind, for reading only: the journal does not
        save it, so it must not be changed (use ``comp`` for that)."""
        return self._comps[cid][kind]

    def each(self, kind: type[C]) -> list[tuple[str, C]]:
        """Every creature's component of that kind, by sorted id, for reading only (as
        ``read``): what looks for the creatures in some state scans this."""
        rows = self._each.get(kind)
        if rows is None:
            # kept until a component of the roster is replaced (``put``, a rollback) or the
            # roster changes: what a component holds changes in place, and each row holds
            # the component itself (the scans after every action and step read this)
            rows = self._each[kind] = [(cid, comps[kind]) for cid, comps in self._rows]
        return rows

    # --- the systems ----------------------------------------------------------------------
    def run(self, cid: str, intent):
        """Post an intent for the creature and run the battle's processors; what the
        processor of that intent judged."""
        slot = self._requests
        slot.who, slot.pending = cid, intent
        with self.active():
            esper.process(self)
        judged, slot.judged = slot.judged, None
        return judged

    def threat(self, cid: str) -> frozenset:
        """The squares ``cid`` threatens now: its ``ThreatMap``, which the threat processor
        keeps current (brought up to date here if its body changed since)."""
        with self.active():
            known = esper.component_for_entity(self.entities[cid], processors.ThreatMap)
        return processors.ThreatProcessor.refresh(self.board(), cid, known)

    def put(self, cid: str, component) -> None:
        """Replace the creature's component of that kind."""
        kind = type(component)
        if self.journal.frames:
            self.journal.note_component((cid, kind), self._comps[cid][kind])
        if kind in systems.BODY_COMPONENTS:
            self._dirty.add(cid)
        self._comps[cid][kind] = component
        self._each.pop(kind, None)
        with self.active():
            esper.add_component(self.entities[cid], component)

    def board(self) -> Board:
        """The rules snapshot, rebuilt after a change: only the bodies of creatures whose
        components may have changed are made again."""
        if self._board is None:
            terrain = self.current_terrain()
            last = self._last_board
            if last is not None and (last.terrain is not terrain or last.variants is not self.variants):
                last = None               # other ground or rules: what was worked out on it is not for this
            for cid in self._dirty:
                body = systems.build_body(self, cid)
                known = last.by_id.get(cid) if last is not None else None
                # the same body as the last board's (an action spent, hit points lost):
                # kept, so that what was worked out for it still holds
                self._bodies[cid] = known if known == body else body
            self._requests.stale |= self._dirty      # their threat maps are made again
            self._dirty.clear()
            bodies = tuple(map(self._bodies.__getitem__, self._sorted_ids))
            if last is not None and len(last.bodies) == len(bodies) and all(map(operator.is_, last.bodies, bodies)):
                # Nothing the positioning rules see changed (a board is a function of its
                # terrain, bodies and variants): the last board, with its worked-out tables.
                self._board = last
            else:
                self._board = Board.in_id_order(terrain, bodies, self.variants, self._sorted_ids)
            self._last_board = self._board
        return self._board

    def current_terrain(self):
        """The map as it stands now: doors opened or closed in play, heavy objects moved,
        web-sheet sections cut away, and the squares spells made hard going (grease, web)
        as difficult — a Web spell's as its strands (``WEB_SPELL``: cover too)."""
        shared = self.shared_read
        squares = frozenset(sq for o in shared.overlays.values() for sq in o.squares)
        if not squares and not shared.doors and not shared.heavy_moved and not shared.web_hp and not shared.seals_broken:
            return self.terrain
        cut = frozenset(sq for sq, hp in shared.web_hp.items() if hp <= 0)
        # a door shattered by negative energy (``actions.sealed_doors``) leaves floor
        cut |= frozenset(sq for sq, how in shared.seals_broken.items() if how == SHATTERED)
        webs = frozenset(sq for o in shared.overlays.values() if o.kind == "web" for sq in o.squares)
        key = (squares, webs, frozenset(shared.doors.items()), frozenset(shared.heavy_moved.items()), cut)
        cached = getattr(self, "_overlay_cache", None)
        if cached and cached[0] == key:
            return cached[1]
        rows = [list(r) for r in self.scenario.rows]
        for (x, y), is_open in shared.doors.items():
            rows[y][x] = DOOR_CHARS["open_door" if is_open else "door"]
        # Heavy objects pushed or dragged (``actions.heavy``): each leaves floor where it stood.
        moved = [(start, now, self.scenario.rows[start[1]][start[0]]) for start, now in shared.heavy_moved.items()]
        for (x, y), _now, _char in moved:
            rows[y][x] = "."
        for _start, (x, y), char in moved:
            rows[y][x] = char
        for x, y in cut:                      # web-sheet sections cut away (``actions.web_sheets``), doors shattered
            rows[y][x] = "."
        for x, y in squares:
            if not (0 <= y < len(rows) and 0 <= x < len(rows[y])):
                continue
            if (x, y) in webs and rows[y][x] in (".", "~"):
                rows[y][x] = WEB_SPELL.char          # the strands, over floor or hard going alike
            elif rows[y][x] == ".":
                rows[y][x] = "~"
        legend = {**self.terrain.legend, WEB_SPELL.char: WEB_SPELL} if webs else self.terrain.legend
        terrain = Terrain(["".join(r) for r in rows], legend)
        self._overlay_cache = (key, terrain)
        return terrain

    def changed(self) -> None:
        """Something changed: the board is made again, with the bodies of the creatures
        the open frames handed out for change (all of them outside any frame)."""
        self._board = None
        self._new_revision()
        if self.journal.frames:
            for frame in self.journal.frames:
                self._dirty.update(cid for cid, kind in frame.components if kind in systems.BODY_COMPONENTS)
        else:
            self._dirty.update(self.ids)

    @property
    def sorted_ids(self) -> list[str]:
        """Every creature's id, sorted (only a split brings one in during a battle: ``spawn``)."""
        return self._sorted_ids

    def has(self, cid) -> bool:
        return isinstance(cid, str) and cid in self.entities

    def fighter(self, cid: str) -> Fighter:
        """The combat numbers of a creature, for the attack rules."""
        body = self.board().body(cid)
        d = self.read(cid, Defense)
        lasting = self.read(cid, Effects)
        # a shield that bashed gives no AC until the bearer's next turn (``conditions`` shield_bashed)
        shield = d.shield_bonus if self.read(cid, Hands).shield_ready \
            and not {"climbing", "shield_bashed"} & body.conditions else 0
        return Fighter(id=cid, side=body.side, size=body.size, bab=self.read(cid, Offense).bab,
                       abilities=dict(self.read(cid, Abilities).scores), weapon=body.weapon,
                       armor_bonus=d.armor_bonus, shield_bonus=shield, max_dex=d.max_dex,
                       natural_armor=d.natural + worn_bonus(self, cid, "natural_armor"),
                       deflection=max(d.deflection, worn_bonus(self, cid, "deflection")), ac_misc=d.misc,
                       feats=body.feats, conditions=body.conditions,
                       weapon_focus=frozenset(v for k, v in self.spec(cid).feat_choices.items()
                                              if k == "weapon_focus" and k in body.feats),
                       negative_levels=self.read(cid, Stats).values.get("negative_levels", 0),
                       power_attack=lasting.power_attack, expertise=lasting.expertise,
                       monk_level=self.read(cid, Stats).values.get("monk_level", 0),
                       tumble_ranks=self.read(cid, Stats).values.get("tumble", 0),
                       armoured=bool(d.armor_bonus or d.shield_bonus or self.read(cid, Armor).armor_id))

    def spec(self, cid: str):
        """The creature as the scenario describes it (never changed in play)."""
        return self._specs[cid]

    def name(self, cid: str) -> str:
        return self.comp(cid, Identity).name

    # --- all-or-nothing actions -----------------------------------------------------
    def snapshot(self) -> int:
        """Open a frame: everything from now on can be rolled back (``restore``) or kept
        (``commit``). Returns the frame's token; frames nest."""
        rolls, script = self.dice.mark()
        frame = Frame(rolls=rolls, script=script, history=len(self.history),
                      caches={"_board": self._board, "revision": self.revision})
        return self.journal.open(frame)

    def restore(self, token: int) -> None:
        """Roll back to where frame ``token`` opened, closing it (and any opened after it)."""
        while self.journal.depth >= token:
            frame = self.journal.pop(self.journal.depth)
            for cid, comps, index in reversed(frame.dismissed):
                self._recall(cid, comps, index)
            for (cid, kind), (obj, saved) in frame.components.items():
                if kind in systems.BODY_COMPONENTS:
                    self._dirty.add(cid)
                restore_into(obj, saved)
                if self._comps[cid][kind] is not obj:
                    self._comps[cid][kind] = obj
                    self._each.pop(kind, None)
                    with self.active():
                        esper.add_component(self.entities[cid], obj)
            for name, value in frame.values.items():
                self.__dict__[name] = value
            for cid in reversed(frame.spawned):
                self._forget(cid)
            self.dice.rewind(frame.rolls, frame.script, frame.rng)
            del self.history[frame.history:]
            self._board = frame.caches["_board"]
            if self._board is not None:
                self._last_board = self._board
            self.revision = frame.caches["revision"]

    def _new_revision(self) -> None:
        """A number no state of this battle had before: a rollback puts an earlier one back
        (the state is the one it named, so what was worked out for it still holds), and the
        next change never reuses a number a rolled-back state had."""
        self._stamp = max(self._stamp, self.revision) + 1
        self.revision = self._stamp

    def commit(self, token: int) -> None:
        """Keep what frame ``token`` did (an outer frame can still roll it back)."""
        self.journal.commit(token)
        self._new_revision()

    # --- geometry-only actions (also used by the combat actions) --------------------
    def move(self, cid: str, squares, mode: str):
        refusal, events = systems.move(self.board(), cid, squares, mode)
        if refusal is None:
            pos = self.comp(cid, Position)
            pos.x, pos.y = events[-1].path[-1]
            self.changed()
        return refusal, events

    def five_foot_step(self, cid: str, to):
        refusal, events = systems.five_foot_step(self.board(), cid, to)
        if refusal is None:
            pos = self.comp(cid, Position)
            pos.x, pos.y = to
            self.changed()
        return refusal, events

    def state(self) -> dict:
        board = self.board()
        out = {}
        for cid in sorted(self.entities):
            body = board.body(cid)
            hp = self.read(cid, HitPoints)
            out[cid] = {"at": list(body.pos), "hp": hp.current, "max_hp": hp.maximum, "nonlethal": hp.nonlethal,
                        "conditions": sorted(body.conditions), "side": body.side}
            if hp.temporary:
                out[cid]["temporary_hp"] = hp.temporary
            drained = self.read(cid, Stats).values.get("negative_levels", 0)
            if drained:
                out[cid]["negative_levels"] = drained
            worn = self.read(cid, Worn).items
            if worn:
                out[cid]["worn"] = list(worn)
            ammunition = self.read(cid, Quiver).left
            if ammunition is not None:
                out[cid]["ammunition"] = ammunition
            out[cid].update(_magic_state(self.read(cid, Spellcasting), self.read(cid, SpellLike)))
        result = {"round": self.round, "turn": self.turn, "order": list(self.order), "creatures": out}
        if self.turn is not None:
            result["actions_left"] = self.actions_left()
        timing = self.each(Timing)
        delayed = [cid for cid, t in timing if t.delaying]
        if delayed:
            result["delayed"] = delayed
        readied = {cid: t.readied for cid, t in timing if t.readied is not None}
        if readied:
            result["readied"] = {cid: {"action": r.action, "trigger": r.trigger, "target": r.target,
                                       **({"command": r.command.to_json()} if r.command else {})}
                                 for cid, r in readied.items()}
        if self.shared.doors:
            result["doors"] = [{"at": list(at), "open": is_open} for at, is_open in sorted(self.shared.doors.items())]
        if self.shared.seals_broken:
            result["seals_broken"] = [{"at": list(at), "how": how} for at, how in sorted(self.shared.seals_broken.items())]
        if self.shared.heavy_moved:
            result["heavy_objects"] = [{"from": list(start), "at": list(now)}
                                       for start, now in sorted(self.shared.heavy_moved.items())]
        if self.winner is not None:
            result["winner"] = self.winner
        return result

    def actions_left(self) -> dict:
        """What the current creature may still do this turn (``state``'s ``actions_left``)."""
        return left(self.read(self.turn, TurnState))

    def act(self, command, action: str | None = None, args: dict | None = None, dice: list[int] | None = None,
            declined: set[str] | None = None, instead: dict[str, str] | None = None):
        """Play one action: (legal, refusal, events). A refusal changes nothing.

        ``command`` is a typed command (``world.commands``), or the id of the creature
        acting with ``action`` and its JSON ``args``, which are parsed first (an unknown
        or malformed argument is refused with ``BAD_ARGUMENT``). ``declined``: the
        creatures whose players decline their attacks of opportunity; ``instead``: those
        who make a trip, disarm or sunder in place of one (French text, note 7)."""
        parsed = self.command(command, action, args)
        if isinstance(parsed, Refusal):
            return False, parsed, []
        return actions.act(self, parsed, dice, declined, instead)

    def options(self, who: str) -> dict:
        """Every action ``who`` may take now with its argument domains, and every other with
        its refusal (``world.options``); kept until the battle changes."""
        revision, cached = self._options
        if revision != self.revision:
            cached = {}
            self._options = (self.revision, cached)
        if who not in cached:
            before = self.revision
            cached[who] = world_options.options(self, who)
            self.revision = before          # asking changed nothing
            self._options = (self.revision, cached)
        return cached[who]

    def check(self, command, action: str | None = None, args: dict | None = None,
              declined: set[str] | frozenset[str] = frozenset(), instead: dict[str, str] | None = None) -> Refusal | None:
        """The refusal ``act`` would give before any die, or None; nothing changes, no die
        is rolled (design/architecture.md, "The engine's faces")."""
        parsed = self.command(command, action, args)
        if isinstance(parsed, Refusal):
            return parsed
        if _hashable(parsed):                   # its preview (or odds) already asked refuses as it would
            seen = self._answers.get(("preview", self.revision, parsed, frozenset(declined), _items(instead)))
            if seen is not None:
                return seen.refusal
            known = self._answers.get(("odds", self.revision, parsed)) if not declined and not instead else None
            if known is not None:
                return known.refusal
        return self._kept("check", (parsed, frozenset(declined), _items(instead)),
                          lambda: asking.check(self, parsed, declined, instead))

    def preview(self, command, action: str | None = None, args: dict | None = None,
                declined: set[str] | frozenset[str] = frozenset(), instead: dict[str, str] | None = None):
        """What the command will do before any die (``world.asking.Preview``); a malformed
        command gives its ``Refusal``."""
        parsed = self.command(command, action, args)
        if isinstance(parsed, Refusal):
            return parsed
        return self._kept("preview", (parsed, frozenset(declined), _items(instead)),
                          lambda: asking.preview(self, parsed, declined, instead))

    def odds(self, command, action: str | None = None, args: dict | None = None):
        """Exact chances of the command (``world.asking.Odds``)."""
        parsed = self.command(command, action, args)
        if isinstance(parsed, Refusal):
            return asking.Odds(refusal=parsed)
        return self._kept("odds", (parsed,), lambda: asking.odds(self, parsed))

    def _kept(self, face: str, key: tuple, ask: Callable[[], Any]):
        """The answer of an asking face, kept by the battle's revision: a revision names one
        state (``_new_revision``), a rollback puts its number back, so an answer worked out
        for it holds whenever the battle is at that revision again (a computer player asks
        of the same command in ``preview`` and then in ``odds``, and of its state again
        after each dry run). At most ``KEPT_ANSWERS`` are kept, the oldest dropped first; a
        command that cannot be a key (a list among its arguments) is asked afresh."""
        try:
            full = (face, self.revision, *key)
            known = self._answers.get(full, _UNKNOWN)
        except TypeError:
            return ask()
        if known is _UNKNOWN:
            before = self.revision
            known = ask()
            self.revision = before            # asking changed nothing
            if len(self._answers) >= KEPT_ANSWERS:
                del self._answers[next(iter(self._answers))]
            self._answers[full] = known
        return known

    def command(self, who_or_command, action: str | None = None, args: dict | None = None):
        """The typed command for ``who`` doing ``action`` with JSON ``args`` (or the
        command given), or the ``Refusal`` of a malformed one."""
        if isinstance(who_or_command, Command):
            return who_or_command
        try:
            return parse(who_or_command, action, args or {})
        except (BadArgument, UnknownAction) as exc:
            return exc.refusal


def _magic_state(sc: Spellcasting, sla: SpellLike) -> dict:
    """A caster's spells for ``state`` (only what it has): spells prepared, or known with
    slots left by level; a held charge; a spell kept up; spell-like uses (null: at will)."""
    out: dict = {}
    if sc.prepared:
        out["spells"] = list(sc.prepared)
    if sc.known:
        out["spells_known"], out["spell_slots"] = list(sc.known), list(sc.slots)
    if sc.held_charge:
        out["held_charge"] = sc.held_charge
        if sc.held_touches:
            out["held_touches"] = sc.held_touches
    if sc.maintained:
        out["concentrating_on"] = sc.maintained["spell"]
    if sla.uses:
        out["spell_like"] = dict(sla.uses)
    return out


def _awareness(spec) -> Awareness:
    return Awareness(spec.surprised)


def _shots(spec) -> int:
    """Crossbows and slings start loaded unless the scenario says ``loaded = false``."""
    if not spec.loaded:
        return 0
    return LOADING.get(spec.weapon, ("", 1))[1]
