"""The tactical player over whole battles (issue 12, item 7): on every shipped map it
submits no refused command (``play_turn`` raises ``IllegalCommand`` otherwise; a short
seeded sample here, the long run is the simulate CLI's), it beats the yardsticks in
mirrored battles (sides swapped), and it answers the rules' questions sensibly."""
from __future__ import annotations

import dataclasses
from itertools import cycle
from pathlib import Path

import pytest
from harness import battle, creature, match, play

from game.ai.controllers import make_controller
from game.content.scenario import load_scenario
from game.engine import Battle
from game.world import asking, commands as C

MAPS = sorted(p for p in (Path(__file__).resolve().parents[2] / "maps").iterdir() if p.suffix in (".toml", ".tmj"))


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_no_refused_command_on_any_shipped_map(path):
    scenario = load_scenario(path)
    b = Battle(scenario)
    sides = sorted({c.side for c in scenario.creatures})
    levels = cycle(["ai:hard", "ai:normal", "ai:easy"])
    controllers = {side: make_controller(next(levels), 7) for side in sides}
    start = {cid: b.state()["creatures"][cid]["hp"] for cid in b.ids}
    play(b, controllers, max_rounds=4)          # raises IllegalCommand on any refusal
    after = b.state()["creatures"]
    assert b.winner is not None or any(after[cid]["hp"] < hp for cid, hp in start.items() if cid in after)


def skirmish(hp: int = 24) -> str:
    grid = "\n".join(["." * 14] * 2 + ["......#......."] + ["." * 14] + [".......#......"] + ["." * 14] * 2)
    weapons = ("longsword", "longspear", "greataxe")
    made = [creature(f"{side[0]}{i}", side, (x, 1 + 2 * i), weapon=w, hp=hp, bab=3, str=14, dex=12, ac=15)
            for side, x in (("blue", 1), ("red", 12)) for i, w in enumerate(weapons)]
    return 'seed = 1\n[map]\ngrid = """\n' + grid + '\n"""\n' + "\n".join(f"[[creature]]\n{c}\n" for c in made)


def test_normal_beats_random_nine_times_in_ten():
    tally = match(skirmish(hp=16), "ai:normal", "random", range(4))
    assert tally["ai:normal"] >= 0.9 * sum(tally.values())


def test_normal_beats_scripted_two_times_in_three():
    tally = match(skirmish(), "ai:normal", "scripted", range(6))
    assert tally["ai:normal"] >= 0.65 * sum(tally.values()), tally


def test_hard_beats_easy():
    tally = match(skirmish(), "ai:hard", "ai:easy", range(6))
    assert tally["ai:hard"] > tally["ai:easy"], tally


def test_answers_take_opportunities_and_trip_back():
    b = battle("\n".join(["......"] * 3), creature("a", "blue", (1, 1), initiative=20, str=18),
               creature("b", "red", (2, 1)))
    player = make_controller("ai:normal")
    trip = C.Trip("a", target="b")
    questions = {q.argument: q for q in asking.choice_questions(b, trip)}
    assert player.answer(b, questions["counter"], trip) is True
    opportunity = asking.Question("b", "UI_AOO_ASK", None, (True, False), "a")
    assert player.answer(b, opportunity, trip) is True


def test_an_overrun_is_blocked_only_when_the_attacker_is_likely_to_fail():
    grid = "\n".join(["........"] * 3)
    for strong, expected in ((30, "avoid"), (3, "block")):
        b = battle(grid, creature("a", "blue", (1, 1), initiative=20, str=strong, hp=20),
                   creature("b", "red", (3, 1), str=10, hp=20))
        opts = b.options("a")
        assert opts["overrun"].legal
        command = opts["overrun"].commands()[0]
        question = next(q for q in asking.choice_questions(b, command) if q.argument == "defender")
        assert make_controller("ai:hard").answer(b, question, command) == expected


def test_a_cleric_cures_by_converting_a_prepared_spell_only_as_the_engine_offers_it():
    """The tavern's cleric prepares no cure: a cure is a conversion (``spontaneous_from``),
    which the engine's ``cast`` domain carries and the AI keeps (a seeded battle that once
    ended in a refused cure, SPELL_NOT_READY). Sixteen rounds: the brawl's four sides
    let one another fight first. Whether a cleric runs out of its prepared cures before
    the brawl ends depends on the dice (and on how well the sides fight: a party that
    drops its foes first is seldom hurt enough to be cured): the scenario's seed and up to
    fifteen next ones are played until a conversion comes (none may end in a refused cure)."""
    scenario = load_scenario(Path(__file__).resolve().parents[2] / "maps" / "tavern.toml")
    sides = sorted({c.side for c in scenario.creatures})
    cured: list = []
    for offset in range(16):
        b = Battle(dataclasses.replace(scenario, seed=scenario.seed + offset))
        controllers = {side: make_controller("ai:normal", 0) for side in sides}
        play(b, controllers, max_rounds=16, on_decision=lambda d, _ev: cured.append(d.command)
             if isinstance(d.command, C.Cast) and d.command.spell.startswith("cure") else None)
        b.close()
        if any(c.spontaneous_from for c in cured):
            break
    assert cured and any(c.spontaneous_from for c in cured)          # no refused cure on the way (IllegalCommand)
