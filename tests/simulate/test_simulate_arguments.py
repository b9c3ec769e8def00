"""``python -m game simulate``'s bad arguments (issue 12, item 4): each refused in one line
on stderr that names it, exit status 2, nothing played; the scenario's own controls."""
from __future__ import annotations

import dataclasses

import pytest

from game.cli import main
from game.simulate.cli import scenario_controls


def _refused(capsys, argv: list[str]) -> str:
    assert main(["simulate", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    return lines[0]


def test_an_unknown_side_is_named(capsys, skirmish_file):
    line = _refused(capsys, [str(skirmish_file), "--control", "purple=ai"])
    assert "purple" in line and "blue, red" in line and "Traceback" not in line


def test_an_unknown_controller_is_named(capsys, skirmish_file):
    line = _refused(capsys, [str(skirmish_file), "--control", "red=ai:brilliant"])
    assert "ai:brilliant" in line and "scripted" in line


def test_a_control_without_its_equals_sign(capsys, skirmish_file):
    assert "SIDE=CONTROLLER" in _refused(capsys, [str(skirmish_file), "--control", "red"])


def test_a_missing_scenario_file(capsys, tmp_path):
    line = _refused(capsys, [str(tmp_path / "nowhere.toml")])
    assert "nowhere.toml" in line


@pytest.mark.parametrize("argv, named", [(["--battles", "0"], "--battles"), (["--workers", "x"], "--workers"),
                                          (["--max-rounds", "-3"], "--max-rounds"), (["--chart-size", "9"], "--chart-size"),
                                          (["--lang", "de"], "--lang"), (["--frobnicate"], "--frobnicate")])
def test_bad_numbers_and_unknown_arguments_are_refused(capsys, skirmish_file, argv, named):
    with pytest.raises(SystemExit) as stop:
        main(["simulate", str(skirmish_file), *argv])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert named in err.strip().splitlines()[-1]


def test_the_scenarios_own_controls_are_the_default(skirmish):
    assert scenario_controls(skirmish) == {"blue": "ai", "red": "ai"}
    declared = dataclasses.replace(skirmish)
    declared.sides = {"red": {"control": "ai", "level": "hard"}, "blue": {"control": "human"}}
    assert scenario_controls(declared) == {"blue": "ai", "red": "ai:hard"}
    declared.sides = {"red": {"control": "scripted"}}
    assert scenario_controls(declared) == {"blue": "ai", "red": "scripted"}


@pytest.mark.parametrize("argv, named", [(["--battles", "100001"], "100,000"), (["--workers", "257"], "256"),
                                          (["--workers", "0"], "--workers"), (["--scheduler", ""], "address"),
                                          (["--chart", "results.jpg"], ".png"),
                                          (["--chart", "/nowhere/at/all/x.png"], "no folder")])
def test_what_a_run_cannot_do_is_refused_before_any_battle(capsys, skirmish_file, argv, named):
    """Play-test: a chart path nobody can write was found after the whole run, its table
    lost; a billion battles ran out of memory; ``--scheduler ""`` quietly played here."""
    with pytest.raises(SystemExit) as stop:
        main(["simulate", str(skirmish_file), *argv])
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert stop.value.code == 2 and captured.out == "" and len(lines) == 1 and named in lines[0], captured.err


def test_a_scenario_with_one_side_is_refused(capsys, tmp_path):
    one = tmp_path / "one_side.toml"
    one.write_text('seed = 1\n[map]\ngrid = """\n....\n....\n"""\n[[creature]]\nid = "a"\nside = "blue"\nat = [0, 0]\n'
                   '[[creature]]\nid = "b"\nside = "blue"\nat = [3, 1]\n')
    line = _refused(capsys, [str(one), "--battles", "2"])
    assert "one_side.toml" in line and "two sides" in line


def test_an_unknown_argument_of_any_command_is_one_line_naming_it(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["bench", "ai", "--seed", "20"])
    lines = capsys.readouterr().err.strip().splitlines()
    assert stop.value.code == 2 and len(lines) == 1 and "--seed" in lines[0] and "bench --help" in lines[0]
