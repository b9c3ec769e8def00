"""The handlers split into a judging part and a play (``actions.common.JUDGES``, issue 10's
2 ms ``options``): ``options`` asks a judge instead of a dry run, so at seeded random
positions every judge must give ``check``'s and ``act``'s own answer — the same refusal,
or, when it says it is settled, a command ``check`` passes even played on past that
point to its first die, and that ``act`` plays. A judge changes nothing (not even the
revision ``options`` is cached by), and a refused command changes nothing either."""
from __future__ import annotations

import random
from unittest import mock

from combat_helpers import battle, creature
from hypothesis import HealthCheck, given, settings, strategies as st
from test_journal import fingerprint
from test_playouts import WALLS, WEAPONS, candidates, make

from game.rules.geometry import KING_MOVES
from game.world import views
from game.world.actions import common, preconditions
from game.world.actions.common import JUDGES
from game.world.actions.overrun import overrun_squares
from game.world.commands import BadArgument, parse

JUDGED = ("move", "withdraw", "run", "five_foot_step", "minimum_move", "charge", "overrun", "trip", "bull_rush",
          "disarm", "sunder", "aid_another", "feint", "mount", "ready",
          "coup_de_grace", "attack", "full_attack", "move_object")


def test_the_judged_actions_are_those_this_file_proves():
    assert set(JUDGES) == set(JUDGED)


def _commands(b) -> list[tuple[str, str, dict]]:
    """The playouts' commands of the judged actions, and more of each: every neighbouring
    square, paths far and bad, every creature as a charge's, an overrun's, a maneuver's
    target, with its arguments right and wrong."""
    who = b.turn
    board = b.board()
    x, y = board.body(who).pos
    others = [c for c in sorted(b.entities) if c != who]
    out = [c for c in candidates(b) if c[1] in JUDGES]
    for dx, dy in KING_MOVES:
        sq = [x + dx, y + dy]
        out += [(who, "five_foot_step", {"to": sq}), (who, "minimum_move", {"to": sq}),
                (who, "move", {"squares": [sq]}), (who, "run", {"squares": [sq, [x + 2 * dx, y + 2 * dy]]})]
    out += [(who, "ready", {"trigger": "enemy_moves_within_reach"}), (who, "ready", {"trigger": "sometime"}),
            (who, "ready", {"trigger": "reaches_square"}), (who, "ready", {"trigger": "reaches_square", "square": [x, y]}),
            (who, "ready", {"trigger": "reaches_square", "square": [x + 99, y]}),
            (who, "ready", {"trigger": "attacks", "command": {"action": "five_foot_step", "to": [x + 1, y]}}),
            (who, "ready", {"trigger": "attacks", "command": {"action": "end_turn"}}),
            (who, "ready", {"trigger": "attacks", "target": "nobody"})]
    # the crate of the playouts' map (6, 0) to each square around it, and a square that is none
    out += [(who, "move_object", {"at": [6, 0], "to": [6 + dx, dy]}) for dx, dy in KING_MOVES]
    out += [(who, "move_object", {"at": [x, y], "to": [x + 1, y]}), (who, "move_object", {"at": [6, 0], "to": [9, 9]})]
    out += [(who, "move", {"squares": []}), (who, "five_foot_step", {"to": [x + 2, y]}),
            (who, "minimum_move", {"to": [x, y + 3]})]
    for goal in list(views.reachable(b, who, "double"))[:4]:
        for mode, action in (("move", "move"), ("withdraw", "withdraw"), ("run", "run")):
            seen = views.path(b, who, goal, mode)
            out.append((who, action, {"squares": [list(s) for s in seen.squares]}))
    for t in others:
        result = views.charge(b, who, t)
        out += [(who, "charge", {"target": t}), (who, "charge", {"target": t, "power_attack": 9}),
                (who, "charge", {"target": t, "end": [x, y]})]
        out += [(who, "charge", {"target": t, "end": list(e)}) for e in result.ends]
        out += [(who, "charge", {"target": t, "overrun": o}) for o in others if o != t][:2]
        out += [(who, "overrun", {"target": t, "squares": [list(s) for s in overrun_squares(b, who, t)]}),
                (who, "sunder", {"target": t, "item": "shield"}), (who, "disarm", {"target": t, "item": "weapon"}),
                (who, "aid_another", {"ally": t, "enemy": others[0], "help": "defense"}),
                (who, "aid_another", {"ally": t, "enemy": others[-1], "help": "badly"}),
                (who, "mount", {"mount": t}), (who, "mount", {"mount": t, "fast": True}),
                (who, "coup_de_grace", {"target": t}), (who, "attack", {"target": t}),
                (who, "attack", {"target": t, "defensively": True, "power_attack": 1}),
                (who, "attack", {"target": t, "weapon": "dagger"}), (who, "attack", {"target": t, "weapon": "shield"}),
                (who, "attack", {"target": t, "stunning_fist": True}), (who, "attack", {"target": t, "cleave": [others[0]]}),
                (who, "full_attack", {"targets": [t]}), (who, "full_attack", {"targets": [t, t, t]}),
                (who, "full_attack", {"targets": [t, {"off_hand": t}]}), (who, "full_attack", {"targets": [{"off_hand": t}]}),
                (who, "full_attack", {"targets": [t], "weapon": "shield"}), (who, "full_attack", {"targets": []}),
                (who, "full_attack", {"targets": [{"five_foot_step": [x + 1, y]}, t]}),
                (who, "full_attack", {"targets": [t, {"move": [[x, y + 1]]}]}), (who, "full_attack", {"targets": [{"trip": t}]}),
                (who, "full_attack", {"targets": [t], "cleave": ["nobody"]}),
                (who, "full_attack", {"targets": [t], "power_attack": 1, "defensively": True})]
    return out


def _check_played_on(b, command):
    """``check`` as it was before the judges: a settled play no longer stopping there, but
    going on to its first die (``common.settled`` does nothing)."""
    with mock.patch.object(common, "settled", lambda battle: None):
        return b.check(command)


def _agrees(b, who: str, action: str, args: dict) -> bool:
    """The judge agrees with ``check`` and ``act``; False when the command is not one
    ``act`` could parse (nothing to compare)."""
    try:
        command = parse(who, action, args)
    except BadArgument:
        return False
    before, revision = fingerprint(b), b.revision
    verdict = JUDGES[action](b, who, command.handler_arguments())
    assert fingerprint(b) == before and b.revision == revision, (action, args)    # a judge only reads
    refusal = b.check(command)
    asked_first = preconditions(b, who, action, command.handler_arguments()) if who == b.turn else "other turn"
    if asked_first is None and verdict.refusal is not None:
        assert refusal == verdict.refusal, (action, args, verdict, refusal)
    if asked_first is None and verdict.refusal is None and verdict.settled:
        assert refusal is None, (action, args, refusal)            # the judge passes only what check passes
        assert _check_played_on(b, command) is None, (action, args)
    token = b.snapshot()
    ok, acted, _events = b.act(command)
    if refusal is not None:
        assert not ok and acted == refusal, (action, args, acted, refusal)
        assert fingerprint(b) == before and b.journal.depth == 1      # refused: nothing changed
    elif verdict.settled and verdict.refusal is None:
        assert ok, (action, args, acted)                           # settled: only a die could refuse, and none does
    b.restore(token)
    assert fingerprint(b) == before
    return True


layouts = st.lists(st.tuples(st.integers(0, 7), st.integers(0, 5), st.sampled_from(WEAPONS)), min_size=2, max_size=4,
                   unique_by=lambda t: (t[0], t[1])).filter(lambda placed: all((x, y) not in WALLS for x, y, _ in placed))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), layout=layouts, picks=st.lists(st.integers(0, 10_000), min_size=3, max_size=12))
def test_every_judge_gives_checks_and_acts_own_answer_at_random_positions(seed, layout, picks):
    b = make(seed, layout)
    compared = 0
    for pick in picks:
        if b.winner is not None or b.turn is None:
            break
        for who, action, args in _commands(b):
            compared += _agrees(b, who, action, args)
        options = candidates(b)
        b.act(*options[pick % len(options)])          # on to another position
    b.close()
    assert compared > 0


def test_on_the_bench_map_options_decided_by_the_judges_are_checks_answers():
    """The 20-against-20 battle ``bench engine`` times, a few turns in: each judged
    action's option, offered or refused, is ``check``'s answer for its probe."""
    from game.ai import scripted
    from game.bench_engine import scenario_text
    from game.content.scenario import parse_scenario
    from game.engine import Battle
    b = Battle(parse_scenario(scenario_text(), "bench-20v20.toml"))
    rng = random.Random(10)
    offered = refused = 0
    for turn in range(30):
        who = b.turn
        opts = b.options(who)
        for action in JUDGES:
            option = opts[action]
            assert b.check(option.probe) == option.refusal, (who, action, option.probe)
            offered += option.legal
            refused += not option.legal
        if turn % 6 == 5:
            made = _commands(b)
            for who_, action, args in rng.sample(made, min(10, len(made))):
                _agrees(b, who_, action, args)
        for _ in range(6):
            command = scripted.choose(b, who)
            if command is None or not b.act(command)[0] or b.turn != who:
                break
        if b.turn == who:
            b.act(who, "end_turn")
    b.close()
    assert offered > 30 and refused > 30


def test_a_settled_move_is_decided_without_a_dry_run_and_played_as_judged():
    """A legal move: ``options`` offers it on its judge's word, with no frame opened, and
    ``act`` plays that very path; a refused one is refused alike by all three."""
    b = battle("\n".join("." * 8 for _ in range(5)), creature("f", "blue", (1, 1), weapon="longsword", initiative=20),
               creature("o", "red", (6, 3), weapon="longsword", initiative=5))
    opened = []
    real = b.snapshot
    with mock.patch.object(b, "snapshot", lambda: opened.append(1) or real()):
        option = b.options("f")["move"]
        assert option.legal
    assert opened == []
    ok, _refusal, events = b.act(option.probe)
    assert ok and b.board().body("f").pos == option.probe.squares[-1]
    assert any(type(e).__name__ == "Moved" for e in events)
    verdict = JUDGES["five_foot_step"](b, "f", {"to": [3, 3]})        # moved already: no 5-ft step
    assert verdict.refusal.code == "FIVE_FOOT_STEP_AFTER_MOVING"
    assert b.check("f", "five_foot_step", {"to": [3, 3]}) == verdict.refusal
    assert b.options("f")["five_foot_step"].refusal == verdict.refusal


def test_mounting_and_readying_are_judged_as_check_and_act_judge_them():
    """A rider next to its horse: the mount's judge passes what ``act`` plays, and refuses
    a horse out of reach, an ally too small to carry it and a second mount as ``check``
    does; readying is judged whole (no die), refused once the standard action is spent."""
    from test_mounted import field
    b = field()
    for args in ({"mount": "horse"}, {"mount": "horse", "fast": True}, {"mount": "orc"}, {"mount": "knight"}):
        assert _agrees(b, "knight", "mount", args)
    assert JUDGES["mount"](b, "knight", {"mount": "horse"}).settled
    assert b.options("knight")["mount"].legal
    b.act("knight", "move", {"squares": [[0, 1]]})
    b.act("knight", "move", {"squares": [[0, 0]]})
    verdict = JUDGES["mount"](b, "knight", {"mount": "horse"})
    assert verdict.refusal is not None and b.check("knight", "mount", {"mount": "horse"}) == verdict.refusal
    assert b.options("knight")["mount"].refusal == b.check(b.options("knight")["mount"].probe)
    ready = {"trigger": "enemy_moves_within_reach"}
    assert _agrees(b, "knight", "ready", ready)
    assert JUDGES["ready"](b, "knight", ready).refusal.code == "NO_STANDARD_ACTION_LEFT"
    c = field()
    assert JUDGES["ready"](c, "knight", ready).settled and c.options("knight")["ready"].legal
    ok, _refusal, events = c.act("knight", "ready", ready)
    assert ok and any(type(e).__name__ == "Readied" for e in events)


def test_a_coup_de_grace_is_judged_whole_before_its_attacks_of_opportunity_and_roll():
    """A paralysed foe next to the fighter, another far off, a bow-armed archer: the judge
    settles what ``act`` plays, and refuses a foe out of reach, a foe not helpless and a
    bow not next to its victim as ``check`` does (digest §9.3)."""
    grid = "\n".join("." * 10 for _ in range(6))
    b = battle(grid, creature("f", "blue", (2, 2), weapon="longsword", initiative=20),
               creature("s", "red", (3, 2), initiative=10, hp=20, conditions=["paralyzed"]),
               creature("z", "red", (8, 4), initiative=5, conditions=["paralyzed"]),
               creature("o", "red", (8, 0), initiative=4))
    for target in ("s", "z", "o", "f"):
        assert _agrees(b, "f", "coup_de_grace", {"target": target})
    assert JUDGES["coup_de_grace"](b, "f", {"target": "s"}).settled
    assert JUDGES["coup_de_grace"](b, "f", {"target": "z"}).refusal.code == "OUT_OF_REACH"
    assert JUDGES["coup_de_grace"](b, "f", {"target": "o"}).refusal.code == "NOT_HELPLESS"
    assert b.options("f")["coup_de_grace"].legal
    archer = battle(grid, creature("a", "blue", (2, 2), weapon="longbow", initiative=20),
                    creature("z", "red", (6, 4), initiative=5, conditions=["paralyzed"]))
    assert JUDGES["coup_de_grace"](archer, "a", {"target": "z"}).refusal.code == "OUT_OF_REACH"
    assert _agrees(archer, "a", "coup_de_grace", {"target": "z"})
    ok, _refusal, events = b.act("f", "coup_de_grace", {"target": "s"}, dice=[3, 4, 12])
    assert ok and any(type(e).__name__ == "SavingThrow" for e in events)


def test_a_creature_no_condition_concerns_has_its_gates_for_preconditions():
    """``actions.unconditioned`` lets ``options`` ask the gate alone: wherever it says no
    condition concerns the creature, the whole of ``preconditions`` (every condition asked)
    gives the gate's answer for every action — on the playouts' random positions and on a
    map with deep water, a rock face and a mount."""
    from game.world.actions import dispatch
    from game.world.actions.gates import GATES
    from test_mounted import field

    def compare(b, who) -> int:
        if not dispatch.unconditioned(b, who):
            return 0
        with mock.patch.object(dispatch, "unconditioned", lambda battle, cid: False):
            for action in GATES:
                gate = GATES[action](b, who)
                assert preconditions(b, who, action, {}) == gate, (who, action)
        return 1

    seen = 0
    for seed in range(6):
        b = make(seed, [(1, 1, WEAPONS[0]), (5, 3, WEAPONS[1]), (3, 4, WEAPONS[-1])])
        for pick in range(4):
            if b.winner is not None or b.turn is None:
                break
            seen += compare(b, b.turn)
            options = candidates(b)
            b.act(*options[(seed + pick) % len(options)])
        b.close()
    wet = battle("ww....\nww....\n^^....", creature("s", "blue", (2, 0), initiative=20),
                 creature("f", "red", (5, 2), initiative=5))
    assert dispatch.unconditioned(wet, "s")
    ok, refusal, _ = wet.act("s", "swim", {"squares": [[1, 0]]}, dice=[15])
    assert ok, refusal
    assert not dispatch.unconditioned(wet, "s") and preconditions(wet, "s", "move", {}).code == "SWIMMING_USE_SWIM"
    rider = field()
    rider.act("knight", "mount", {"mount": "horse"})
    assert not dispatch.unconditioned(rider, "knight")
    assert preconditions(rider, "knight", "move", {}).code == "RIDE_TO_MOVE"
    assert seen > 0


def test_a_full_attacks_plan_is_refused_before_any_die_when_it_cannot_be_played_whole():
    """Too many blows for the base attack bonus, a move after the blows that runs into a
    foe, a move after a 5-ft step: each is refused by ``check`` and ``act`` before any die
    (they were refused after the first blow's dice, and every blow undone); a plain plan
    is settled by the judge, no frame opened."""
    grid = "\n".join("." * 10 for _ in range(6))
    b = battle(grid, creature("f", "blue", (2, 2), weapon="longsword", bab=1, initiative=20),
               creature("a", "red", (3, 2), initiative=10, hp=30), creature("g", "red", (2, 3), initiative=9, hp=30))
    rolled = len(b.dice.history)
    for plan, code in (((["a", "a"]), "NO_ATTACKS_LEFT"), (["a", {"move": [[2, 3]]}], "ENEMY_IN_THE_WAY"),
                       ([{"five_foot_step": [1, 2]}, "a", {"move": [[1, 1]]}], "NO_MOVE_AFTER_FIVE_FOOT_STEP")):
        assert b.check("f", "full_attack", {"targets": plan}).code == code, plan
        ok, refusal, _ = b.act("f", "full_attack", {"targets": plan})
        assert not ok and refusal.code == code and len(b.dice.history) == rolled
    assert JUDGES["full_attack"](b, "f", {"targets": ["a"]}).settled
    assert b.options("f")["full_attack"].legal
    ok, _refusal, events = b.act("f", "full_attack", {"targets": ["a", {"move": [[2, 1]]}]}, dice=[3, 4])
    assert ok and b.board().body("f").pos == (2, 1)
