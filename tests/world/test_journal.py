"""The battle's journal (issue 10, item 4): rolling back restores every component and
battle field, the dice included, without copying the battle or its history; frames nest."""
from __future__ import annotations

import dataclasses

from combat_helpers import battle, creature
from hypothesis import HealthCheck, given, settings, strategies as st
from test_playouts import WALLS, WEAPONS, candidates, make

from game.engine import BATTLE_FIELDS, COMPONENTS
from game.world.components import Conditions, HitPoints, Position, TurnState
from game.world.journal import duplicate


def _plain(value):
    """A comparable picture of a value: sets sorted, dataclasses as dicts."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (set, frozenset)):
        return sorted(map(repr, value))
    if isinstance(value, dict):
        return sorted((repr(k), _plain(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def fingerprint(b) -> tuple:
    """Everything the battle holds: each component of each creature, each battle field,
    the history and where the dice stand."""
    comps = {cid: [_plain(b.read(cid, kind)) for kind in COMPONENTS] for cid in sorted(b.entities)}
    fields = {name: _plain(b.__dict__[name]) for name in BATTLE_FIELDS if name != "history"}
    return comps, fields, len(b.history), b.dice.get_state()


layouts = st.lists(st.tuples(st.integers(0, 7), st.integers(0, 5), st.sampled_from(WEAPONS)), min_size=2, max_size=4,
                   unique_by=lambda t: (t[0], t[1])).filter(lambda placed: all((x, y) not in WALLS for x, y, _ in placed))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), layout=layouts, picks=st.lists(st.integers(0, 10_000), min_size=5, max_size=40))
def test_rolling_back_any_action_restores_everything(seed, layout, picks):
    b = make(seed, layout)
    for pick in picks:
        if b.winner is not None or b.turn is None:
            break
        options = candidates(b)
        who, action, args = options[pick % len(options)]
        before = fingerprint(b)
        token = b.snapshot()
        b.act(who, action, args)
        b.restore(token)
        assert fingerprint(b) == before, (who, action, args)
        assert b.journal.depth == 0
        cached = b.board().bodies
        b.changed()
        assert b.board().bodies == cached       # the rules' board is that of the restored battle
        b.act(who, action, args)          # and now for real
        cached = b.board().bodies
        b.changed()
        assert b.board().bodies == cached       # bodies rebuilt one by one match a whole rebuild
    b.close()


def test_a_refused_action_leaves_no_frame_open_and_changes_nothing():
    b = battle("......", creature("a", "blue", (0, 0), weapon="longsword", initiative=20),
               creature("b", "red", (5, 0), weapon="longsword", initiative=1))
    before = fingerprint(b)
    ok, refusal, _ = b.act("a", "attack", {"target": "b"})
    assert not ok and refusal.code == "OUT_OF_REACH"
    assert fingerprint(b) == before and b.journal.depth == 0


def test_nested_frames_an_outer_rollback_undoes_what_an_inner_commit_kept():
    b = battle("......", creature("a", "blue", (0, 0), weapon="longsword", initiative=20),
               creature("b", "red", (5, 0), weapon="longsword", initiative=1))
    start = fingerprint(b)
    outer = b.snapshot()
    assert b.act("a", "move", {"squares": [[1, 0]]})[0]
    after_move = fingerprint(b)
    inner = b.snapshot()
    assert b.act("a", "total_defense")[0]
    b.commit(inner)
    assert "total_defense" in b.read("a", Conditions).ids
    b.restore(outer)
    assert fingerprint(b) == start
    assert after_move != start


def test_an_inner_rollback_keeps_what_the_outer_frame_did():
    b = battle("......", creature("a", "blue", (0, 0), weapon="longsword", initiative=20),
               creature("b", "red", (5, 0), weapon="longsword", initiative=1))
    outer = b.snapshot()
    assert b.act("a", "move", {"squares": [[1, 0]]})[0]
    kept = fingerprint(b)
    inner = b.snapshot()
    assert b.act("a", "total_defense")[0]
    b.restore(inner)
    assert fingerprint(b) == kept and b.journal.depth == 1
    b.commit(outer)
    assert b.read("a", Position).square == (1, 0) and b.journal.depth == 0


def test_rolling_back_restores_in_place_and_puts_back_replaced_components():
    b = battle("......", creature("a", "blue", (0, 0), weapon="longsword", initiative=20),
               creature("b", "red", (5, 0), weapon="longsword", initiative=1))
    hp = b.comp("a", HitPoints)
    ts = b.comp("a", TurnState)
    token = b.snapshot()
    b.comp("a", HitPoints).current = -3
    b.put("a", TurnState(standard=False))
    assert b.comp("a", TurnState) is not ts
    b.restore(token)
    assert b.comp("a", HitPoints) is hp and hp.current == hp.maximum    # the same object, its old value
    assert b.comp("a", TurnState) is ts and ts.standard


def test_a_frame_saves_only_what_was_touched_never_the_history():
    b = battle("......", creature("a", "blue", (0, 0), weapon="longsword", initiative=20),
               creature("b", "red", (5, 0), weapon="longsword", initiative=1))
    for _ in range(30):
        b.act(b.turn, "total_defense")
        b.act(b.turn, "end_turn")
    assert len(b.history) == 60
    token = b.snapshot()
    frame = b.journal.frames[-1]
    assert frame.components == {} and frame.values == {} and frame.rng is None
    b.restore(token)
    assert len(b.history) == 60


def test_the_dice_roll_the_same_faces_after_a_rollback():
    b = battle("......", creature("a", "blue", (0, 0), weapon="longsword", initiative=20),
               creature("b", "red", (1, 0), weapon="longsword", initiative=1))
    token = b.snapshot()
    _, _, first = b.act("a", "attack", {"target": "b"})
    b.restore(token)
    _, _, again = b.act("a", "attack", {"target": "b"})
    assert first == again


def test_duplicate_shares_no_mutable_part():
    value = {"a": [1, {2, 3}], "b": (frozenset({1}), [4])}
    copy = duplicate(value)
    assert copy == value
    copy["a"][1].add(9)
    copy["b"][1].append(5)
    assert value == {"a": [1, {2, 3}], "b": (frozenset({1}), [4])}


def test_what_was_asked_before_an_undo_is_not_taken_for_another_action_s_answers():
    """An undo puts the revision of the undone state back; the next change must not reuse
    the number the undone action had, or ``options`` answers for a state that is gone."""
    from game.world.options import options as fresh_options
    b = battle("........\n........\n........", creature("hero", "blue", (0, 1), initiative=20),
               creature("orc", "red", (7, 1)))
    token = b.snapshot()
    assert b.act("hero", "move", {"squares": [[1, 1]]})[0]
    after_a = b.revision
    assert b.options("hero")["move"].domain
    b.restore(token)
    assert b.act("hero", "move", {"squares": [[1, 2]]})[0]
    assert b.revision != after_a
    assert b.options("hero")["move"].domain == fresh_options(b, "hero")["move"].domain
    b.close()
