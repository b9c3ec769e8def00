"""Bad scenario files are refused with one line: `file: line or key: what is wrong`
(design/scenario-format.md, last paragraph; design/query-protocol.md; issue 2, item 8).

Each fixture in tests/scenarios/bad/ breaks exactly one rule. `python -m game query FILE`
must print nothing on stdout, exactly one line on stderr naming the file, where, and what
is wrong, no traceback, and exit with status 2. The loader raises `ContentError` with the
same line. A good scenario (the shared ford example) loads, with its rule variants.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.content.errors import ContentError
from game.content.scenario import load_scenario
from game.rules.board import Variants

ROOT = Path(__file__).resolve().parents[2]
BAD = ROOT / "tests" / "scenarios" / "bad"
FORD = ROOT / "tests" / "scenarios" / "ford.toml"


def line_of(path: Path, exact: str) -> int:
    """1-based number of the file line that reads exactly ``exact`` (stripped)."""
    hits = [n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if line.strip() == exact]
    assert len(hits) == 1, (path, exact, hits)
    return hits[0]


# file -> (alternatives for the "where" part, words the line must contain besides the file)
CASES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "unknown_map_character.toml": ((f"line {line_of(BAD / 'unknown_map_character.toml', '#..~~X.#')}",),
                                   ("unknown", "X", "row 2", "column 5")),
    "unknown_map_character_inline.toml": ((f"line {line_of(BAD / 'unknown_map_character_inline.toml', '#..?.#')}",),
                                          ("unknown", "?", "row 1", "column 3")),
    "overlapping_creatures.toml": (("gnoll", "tordek"), ("overlap", "gnoll", "tordek")),
    "overlapping_large_creature.toml": (("gnoll", "ogre"), ("overlap", "gnoll", "ogre")),
    "creature_outside_map.toml": (("tordek",), ("outside", "[12, 3]")),
    "creature_negative_position.toml": (("tordek",), ("outside",)),
    "large_creature_partly_outside.toml": (("ogre",), ("outside",)),
    "creature_inside_wall.toml": (("tordek",), ("wall",)),
    "large_creature_inside_wall.toml": (("ogre",), ("wall",)),
    "creature_in_deep_water.toml": (("tordek",), ("swim", "[2, 1]", "swim_speed")),
    "creature_in_a_pit.toml": (("tordek",), ("pit", "[2, 1]")),
    "unknown_weapon.toml": (("tordek",), ("unknown", "weapon", "lightsaber")),
    "unknown_size.toml": (("tordek",), ("unknown", "size", "Q")),
    "unknown_condition.toml": (("tordek",), ("unknown", "condition", "sleepy")),
    "unknown_feat.toml": (("tordek",), ("unknown", "feat", "power_nap")),
    "duplicate_id.toml": (("tordek",), ("duplicate",)),
    "broken_toml.toml": ((f"line {line_of(BAD / 'broken_toml.toml', '[[creature]')}",), ("TOML",)),
    "bad_rule_variant.toml": (("charge_lane",), ("diagonal", "center", "swept")),
    "bad_rule_variant_scatter.toml": (("scatter_order",), ("clockwise", "seed", "srd")),
    "bad_rule_variant_bool.toml": (("reach_diagonal_exception",), ("yes", "true", "false")),
    "side_unknown_control.toml": (("sides.red.control",), ("robot", "human", "ai")),
    "side_level_without_ai.toml": (("sides.red.level",), ("control", "ai")),
}


def user_env() -> dict[str, str]:
    """The environment of someone running the command: headless, but without the test
    suite's banner-hiding variables (the protocol's stdout must stay pure)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYGAME_", "PYTHON"))}
    env["SDL_VIDEODRIVER"] = "dummy"
    env["SDL_AUDIODRIVER"] = "dummy"
    return env


def run_query(path: Path | str, stdin: str = '{"q": "state"}\n') -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", "query", str(path)], input=stdin, cwd=ROOT,
                          env=user_env(), capture_output=True, text=True, timeout=60)


def split_line(line: str, path: str) -> tuple[str, str]:
    """`path: where: what` -> (where, what)."""
    assert line.startswith(path + ": "), line
    rest = line[len(path) + 2:]
    m = re.fullmatch(r"([^:]+): (.+)", rest)
    assert m, f"no 'where: what' after the file name in {line!r}"
    return m.group(1), m.group(2)


def test_every_fixture_has_a_case():
    assert sorted(p.name for p in BAD.glob("*.toml")) == sorted(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_query_refuses_a_bad_scenario_with_one_line(name):
    path = BAD / name
    before = sorted((p.name, p.stat().st_mtime_ns, p.read_bytes()) for p in BAD.iterdir())
    proc = run_query(path)
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and proc.stderr.endswith("\n"), proc.stderr
    where_options, words = CASES[name]
    where, what = split_line(lines[0], str(path))
    assert any(w in where for w in where_options), (where, where_options)
    for word in words:
        assert word.lower() in f"{where}: {what}".lower(), (word, lines[0])
    after = sorted((p.name, p.stat().st_mtime_ns, p.read_bytes()) for p in BAD.iterdir())
    assert after == before, "refusing a scenario must touch nothing on disk"


@pytest.mark.parametrize("name", sorted(CASES))
def test_loader_raises_content_error_with_the_same_line(name):
    path = BAD / name
    with pytest.raises(ContentError) as info:
        load_scenario(path)
    err = info.value
    assert str(err) == err.line()
    assert "\n" not in err.line()
    assert err.line().startswith(str(path) + ": ")
    assert err.where, "the error must say where: a line or a key"
    assert any(w in err.where for w in CASES[name][0]), err.where


def test_a_relative_path_is_named_as_given():
    rel = os.path.relpath(BAD / "duplicate_id.toml", ROOT)
    proc = run_query(rel)
    assert proc.returncode == 2
    assert proc.stderr.startswith(rel + ": "), proc.stderr


def test_the_unknown_character_line_is_the_real_file_line():
    """The reported line shows the offending row when read back from the file."""
    for name, char in (("unknown_map_character.toml", "X"), ("unknown_map_character_inline.toml", "?")):
        path = BAD / name
        err = pytest.raises(ContentError, load_scenario, path).value
        n = int(re.fullmatch(r"line (\d+)", err.where).group(1))
        row = path.read_text(encoding="utf-8").splitlines()[n - 1]
        assert char in row and row.strip().startswith("#"), (n, row)


# --------------------------------------------------------------------------- a good file

def test_the_ford_example_loads_with_default_variants():
    scenario = load_scenario(FORD)
    assert scenario.variants == Variants()
    assert (scenario.variants.charge_lane, scenario.variants.scatter_order,
            scenario.variants.reach_diagonal_exception) == ("center", "seed", True)
    assert [c.id for c in scenario.creatures] == ["tordek", "mialee", "gnoll", "ogre", "archer"]
    ogre = next(c for c in scenario.creatures if c.id == "ogre")
    assert (ogre.size, ogre.at, ogre.weapon) == ("L", (12, 0), "greatclub")
    tordek = scenario.creatures[0]
    assert tordek.speed_squares == 4 and tordek.name == "Tordek" and tordek.conditions == ()
    gnoll = next(c for c in scenario.creatures if c.id == "gnoll")
    assert gnoll.name == "gnoll" and gnoll.speed_squares == 6, "name defaults to id, speed to 9 m"
    assert len(scenario.rows) == 7 and all(len(r) == 16 for r in scenario.rows)


def test_the_three_rule_variants_are_read(tmp_path):
    text = FORD.read_text(encoding="utf-8").replace(
        "[map]", '[rules]\ncharge_lane = "swept"\nscatter_order = "srd"\nreach_diagonal_exception = false\n\n[map]', 1)
    path = tmp_path / "ford-variants.toml"
    path.write_text(text, encoding="utf-8")
    scenario = load_scenario(path)
    assert scenario.variants == Variants(charge_lane="swept", scatter_order="srd", reach_diagonal_exception=False)
    proc = run_query(path)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr


def test_a_good_scenario_with_windows_line_endings_loads(tmp_path):
    """Hand-written files may come with CRLF line ends; the grid must not gain '\\r'."""
    path = tmp_path / "ford-crlf.toml"
    path.write_bytes(FORD.read_text(encoding="utf-8").replace("\n", "\r\n").encode("utf-8"))
    scenario = load_scenario(path)
    assert scenario.rows == load_scenario(FORD).rows
