"""Seeded random playouts through ``act``: whatever is played, the invariants hold
(issue 3 item 9): hit points never above their maximum, never two standing creatures
in one space, no action budget overspent, a refused command changes nothing, and the
same seed with the same commands gives the same events."""
from __future__ import annotations

import json

from combat_helpers import battle, creature
from hypothesis import HealthCheck, given, settings, strategies as st

from game.query import _event_json
from game.rules.aoo import best_path
from game.rules.charge import charge
from game.world.attacks import aoo_limit
from game.world.components import AttacksOfOpportunity, HitPoints
from game.world.invariants import broken

GRID = "\n".join(["......b.", "...~~...", "........", "..#+....", "........", "........"])
WALLS = {(2, 3), (3, 3), (6, 0)}  # a wall, a closed door and a crate: nobody starts there
WEAPONS = ["longsword", "greataxe", "longspear", "shortbow", "dagger", "spiked_chain", "unarmed"]


# Magic for the first creatures: a sorcerer with metamagic and a spell-like ability, a
# cleric with a concentration spell and a spell for several creatures touched.
MAGIC = [dict(caster_class="sorcerer", caster_level=5, cha=16, spell_slots=[0, 3, 2, 1],
              spells=["magic_missile", "grease", "scorching_ray"], feats=["empower_spell", "still_spell"],
              worn=["cloak_of_resistance_1"]),
         dict(caster_class="cleric", caster_level=3, wis=16, spells=["calm_emotions", "hide_from_undead", "bless"],
              worn=["ring_of_protection_1"])]
SPELL_LIKE = '\nspell_like = { ray_of_frost = "at_will", magic_missile = 1 }'


def make(seed: int, layout: list[tuple[int, int, str]]):
    cs = []
    for i, (x, y, w) in enumerate(layout):
        magic = dict(MAGIC[i]) if i < len(MAGIC) else {}
        feats = (["combat_reflexes"] if i == 1 else []) + magic.pop("feats", [])
        cs.append(creature(f"c{i}", "blue" if i % 2 == 0 else "red", (x, y), weapon=w, hp=6 + 3 * i,
                           bab=1 + 3 * (i % 3), feats=feats, dex=14, **magic) + (SPELL_LIKE if i == 0 else ""))
    return battle(GRID, *cs, seed=seed)


def candidates(b) -> list[tuple[str, str, dict]]:
    """Commands worth trying now: legal or not, the engine decides."""
    who = b.turn
    board = b.board()
    others = [c for c in sorted(b.entities) if c != who]
    out: list[tuple[str, str, dict]] = [(who, "end_turn", {}), (who, "total_defense", {}),
                                        (who, "drop_prone", {}), (who, "stand_up", {}), (who, "delay", {})]
    x, y = board.body(who).pos
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)):
        out.append((who, "five_foot_step", {"to": [x + dx, y + dy]}))
        out.append((who, "move", {"squares": [[x + dx, y + dy], [x + 2 * dx, y + 2 * dy]]}))
        out.append((who, "withdraw", {"squares": [[x + dx, y + dy]]}))
    for t in others:
        out += [(who, "attack", {"target": t}), (who, "full_attack", {"targets": [t, t]}),
                (who, "charge", {"target": t}), (who, "coup_de_grace", {"target": t})]
        out.append((t, "attack", {"target": who}))       # not its turn: refused
    # the special attacks and the other actions, with the choices the rules give
    for t in others:
        tx, ty = board.body(t).pos
        beyond = [tx + (tx > x) - (tx < x), ty + (ty > y) - (ty < y)]
        out += [(who, "trip", {"target": t, "counter": True}), (who, "bull_rush", {"target": t, "follow": True}),
                (who, "disarm", {"target": t}), (who, "grapple", {"target": t}), (who, "feint", {"target": t}),
                (who, "sunder", {"target": t, "item": "weapon"}),
                (who, "overrun", {"target": t, "squares": [[tx, ty], beyond], "defender": "block"}),
                (who, "aid_another", {"ally": t, "enemy": t, "help": "attack"})]
    out += [(who, "open_door", {"at": [3, 3]}), (who, "close_door", {"at": [3, 3]}), (who, "break_free", {}),
            (who, "escape", {}), (who, "grapple_damage", {"target": others[0]} if others else {})]
    # magic: metamagic, spontaneous slots, spell-like abilities, concentration, touches
    for t in others:
        tx, ty = board.body(t).pos
        out += [(who, "cast", {"spell": "magic_missile", "targets": [t], "metamagic": ["empower_spell"]}),
                (who, "cast", {"spell": "scorching_ray", "target": t, "metamagic": ["still_spell"]}),
                (who, "use_spell_like", {"spell": "ray_of_frost", "target": t}),
                (who, "use_spell_like", {"spell": "magic_missile", "targets": [t], "defensively": True}),
                (who, "touch", {"targets": [t, who]}),
                (who, "disarm", {"target": t, "item": "cloak_of_resistance_1"}),
                (who, "sunder", {"target": t, "item": "ring_of_protection_1"}),
                (who, "cast", {"spell": "calm_emotions", "point": [tx, ty]}),
                (who, "cast", {"spell": "grease", "point": [tx, ty], "metamagic": ["still_spell"]})]
    out += [(who, "cast", {"spell": "hide_from_undead", "target": who}), (who, "concentrate", {}),
            (who, "retrieve_component", {"spell": "grease"}), (who, "cast", {"spell": "bless"}),
            (who, "cast", {"spell": "magic_missile", "metamagic": "oops"})]
    out += [(d, "step_in", {}) for d in sorted(b.delayed)]
    out.append((who, "ready", {"trigger": "enemy_moves_within_reach"}))
    out.append((who, "move", {"squares": [[x + 9, y]]}))  # malformed path: refused
    return out


def invariants(b) -> None:
    state = b.state()
    standing: dict[tuple[int, int], str] = {}
    board = b.board()
    for cid in state["creatures"]:
        hp = b.comp(cid, HitPoints)
        assert hp.current <= hp.maximum and hp.nonlethal >= 0
        body = board.body(cid)
        # Grapplers share a space on purpose (SRD grapple: the attacker moves into it).
        if not body.is_helpless and not {"grappling", "grappled", "pinned"} & body.conditions:
            for sq in body.squares:
                assert sq not in standing, f"{cid} and {standing[sq]} share {sq}"
                standing[sq] = cid
        assert 0 <= b.comp(cid, AttacksOfOpportunity).used <= aoo_limit(b, cid)
    assert broken(b) == []              # every space on the map, hit points, dice (issue 15)
    if b.turn is not None:
        left = state["actions_left"]
        assert not (left["full_round"] and not (left["standard"] and left["move"]))


def play(seed, layout, picks) -> tuple[list, list]:
    b = make(seed, layout)
    log, commands = [], []
    for pick in picks:
        if b.winner is not None or b.turn is None:
            break
        options = candidates(b)
        who, action, args = options[pick % len(options)]
        dice_before = b.dice.get_state()[0]
        before = json.dumps(b.state(), sort_keys=True)
        ok, refusal, events = b.act(who, action, args)
        if not ok:
            assert json.dumps(b.state(), sort_keys=True) == before, (action, refusal)
            assert b.dice.get_state()[0] == dice_before
        invariants(b)
        commands.append((who, action, args))
        log.append([ok] + [_event_json(e) for e in events])
    b.close()
    return log, commands


layouts = st.lists(st.tuples(st.integers(0, 7), st.integers(0, 5), st.sampled_from(WEAPONS)), min_size=2, max_size=4,
                   unique_by=lambda t: (t[0], t[1])).filter(lambda placed: all((x, y) not in WALLS for x, y, _ in placed))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), layout=layouts, picks=st.lists(st.integers(0, 10_000), min_size=10, max_size=60))
def test_random_playouts_keep_the_invariants_and_replay_exactly(seed, layout, picks):
    first, _ = play(seed, layout, picks)
    again, _ = play(seed, layout, picks)
    assert first == again


def test_a_whole_battle_to_the_end_through_act_alone():
    b = make(3, [(0, 0, "greataxe"), (7, 5, "longsword")])
    turns = 0
    while b.winner is None and turns < 200:
        who = b.turn
        board = b.board()
        foe = next(e.id for e in board.enemies_of(board.body(who)))
        if b.act(who, "attack", {"target": foe})[0] is False:
            ends = charge(board, board.body(who), board.body(foe)).ends
            if not (ends and b.act(who, "charge", {"target": foe, "end": list(ends[0])})[0]):
                fx, fy = board.body(foe).pos
                options = [best_path(board, board.body(who), (fx + dx, fy + dy), "move")
                           for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
                options = [o for o in options if o]
                if options:
                    step = min(options, key=lambda o: o[2])
                    b.act(who, "move", {"squares": [list(p) for p in step[0]]})
        if b.turn == who and b.winner is None:
            b.act(who, "end_turn")
        turns += 1
    assert b.winner in ("blue", "red")
    assert b.state()["winner"] == b.winner and b.turn is None
