"""Scenario tests: each ``X.toml`` here with ``X.expected.jsonl`` (request, expected
answer per line); ``ford`` is a copy of the shared example (``examples/ford``), kept here so
a clone with nothing beside it runs it. Comparison as the shared README says: every key of
``expect`` must match; lists of squares or ids as sets; ``provokes`` in order; metres to
1e-6."""
from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.content.scenario import load_scenario
from game.engine import Battle
from game.query import run

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CASES = sorted(HERE.glob("*.expected.jsonl"))


def _same(expected, actual, key: str) -> bool:
    if isinstance(expected, float) or isinstance(actual, float):
        return isinstance(actual, (int, float)) and abs(expected - actual) <= 1e-6
    if isinstance(expected, list) and key != "provokes":
        if not isinstance(actual, list) or len(expected) != len(actual):
            return False
        norm = lambda items: sorted(json.dumps(i, sort_keys=True) for i in items)  # noqa: E731
        return norm(_round(expected)) == norm(_round(actual))
    if isinstance(expected, dict):
        return isinstance(actual, dict) and expected.keys() == actual.keys() and all(
            _same(v, actual[k], k) for k, v in expected.items())
    return expected == actual


def _round(items):
    return [[round(v, 6) if isinstance(v, float) else v for v in i] if isinstance(i, list) else i for i in items]


def _cases():
    for expected in CASES:
        scenario = expected.with_name(expected.name.replace(".expected.jsonl", ".toml"))
        yield pytest.param(scenario, expected, id=expected.name.replace(".expected.jsonl", ""))


@pytest.mark.parametrize("scenario,expected_file", list(_cases()))
def test_query_answers_match(scenario: Path, expected_file: Path):
    lines = [json.loads(line) for line in expected_file.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert lines, f"{expected_file} has no cases"
    battle = Battle(load_scenario(scenario))
    out = io.StringIO()
    run(battle, io.StringIO("\n".join(json.dumps(line["req"]) for line in lines) + "\n"), out, lang="en")
    battle.close()
    answers = [json.loads(a) for a in out.getvalue().splitlines()]
    assert len(answers) == len(lines)
    for case, answer in zip(lines, answers):
        for key, value in case["expect"].items():
            assert key in answer, f"{case['req']}: no {key!r} in {answer}"
            assert _same(value, answer[key], key), f"{case['req']}: {key} expected {value}, got {answer[key]}"


def test_ford_through_the_real_command_line():
    expected = [json.loads(line) for line in (HERE / "ford.expected.jsonl").read_text().splitlines() if line.strip()]
    proc = subprocess.run([sys.executable, "-m", "game", "query", str(HERE / "ford.toml")],
                          input="\n".join(json.dumps(e["req"]) for e in expected) + "\n",
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == len(expected)
    for case, answer in zip(expected, answers):
        for key, value in case["expect"].items():
            assert _same(value, answer[key], key), f"{case['req']}: {key}"
