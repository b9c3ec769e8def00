"""The battle keeps what ``check`` and ``odds`` answered by its revision (a revision names
one state; a rollback puts its number back), and a movement's domain searches each part
(a move, a double move) only when it is read. Both only spare work: the answers must be
those asked afresh, and a changed battle must never get an answer kept for another state."""
from __future__ import annotations

import pytest

from game.content.scenario import parse_scenario
from game.engine import Battle
from game.rules import movement
from game.world import asking
from game.world.commands import Attack, Move

from test_query_asking import DUEL      # noqa: E402  (the tests folder is on the path)


@pytest.fixture
def duel():
    b = Battle(parse_scenario(DUEL, "duel.toml"))
    yield b
    b.close()


@pytest.fixture
def dry_runs(monkeypatch):
    count = {"n": 0}
    real = asking._dry_run

    def counted(*args, **kwargs):
        count["n"] += 1
        return real(*args, **kwargs)
    monkeypatch.setattr(asking, "_dry_run", counted)
    return count


def test_the_same_question_in_the_same_state_is_answered_without_a_second_dry_run(duel, dry_runs):
    command = Attack("hero", target="orc")
    first = duel.odds(command)
    runs = dry_runs["n"]
    assert duel.odds(command) is first and dry_runs["n"] == runs
    # check of a command whose odds are known: the odds' refusal (none), no dry run
    assert duel.check(command) is None and dry_runs["n"] == runs


def test_a_changed_battle_is_asked_afresh(duel):
    far = Attack("hero", target="archer")
    assert duel.check(far) is not None            # the archer is out of the longsword's reach
    ok, refusal, _events = duel.act(Move("hero", squares=((2, 2), (3, 3), (4, 3), (5, 3), (6, 3))), declined={"orc"})
    assert ok, refusal
    assert duel.check(far) is None                # now beside it: the kept refusal is not given


def test_a_rollback_finds_the_answer_kept_for_the_state_it_puts_back(duel, dry_runs):
    near = Attack("hero", target="orc")
    before = duel.odds(near)
    token = duel.snapshot()
    ok, _refusal, _events = duel.act(Move("hero", squares=((1, 2),)), declined={"orc"})
    assert ok
    assert duel.odds(near) is not before            # another state: asked afresh
    duel.restore(token)
    runs = dry_runs["n"]
    assert duel.odds(near) is before and dry_runs["n"] == runs


def test_reading_a_moves_squares_searches_no_double_move(duel, monkeypatch):
    modes = []
    real = movement.reachable

    def counted(board, body, mode, *args, **kwargs):
        modes.append(mode)
        return real(board, body, mode, *args, **kwargs)
    monkeypatch.setattr(movement, "reachable", counted)
    domain = duel.options("hero")["move"].domain
    assert "double" in domain                     # offered: the key is there before any search
    squares = domain["squares"]
    assert "double" not in modes and squares
    double = domain["double"]
    assert modes.count("double") == 1
    # every square a move reaches is in the double move's, at the same cost
    assert {(x, y): m for x, y, m in squares}.items() <= {(x, y): m for x, y, m in double}.items()


def test_a_change_the_positioning_rules_do_not_see_keeps_the_board_and_one_they_see_makes_a_new_one(duel):
    from game.world.components import Conditions, HitPoints
    board = duel.board()
    duel.comp("orc", HitPoints).current -= 5          # hit points are not on a body
    duel.changed()                                    # as the sandbox says after an edit
    assert duel.board() is board
    ok, _refusal, _events = duel.act(Move("hero", squares=((1, 2),)), declined={"orc"})
    assert ok
    moved = duel.board()
    assert moved is not board and moved.body("hero").pos == (1, 2)
    duel.comp("orc", Conditions).ids.add("prone")     # a condition is: a new board that shows it
    duel.changed()
    assert duel.board() is not moved and "prone" in duel.board().body("orc").conditions


def test_a_preview_then_the_odds_of_the_same_command_play_one_dry_run(duel, dry_runs):
    command = Attack("hero", target="orc")
    seen = duel.preview(command)
    runs = dry_runs["n"]
    odds = duel.odds(command)
    assert dry_runs["n"] == runs                     # the odds read the kept preview
    assert odds.attacks == tuple(p for p in seen.recorder.attacks if p.attacker == "hero" and not p.opportunity)
    assert duel.check(command) is None and dry_runs["n"] == runs
