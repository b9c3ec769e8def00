"""``python -m game check [PATHS...]`` (issue 6, item 7): clean on the project's maps and
data; one ``file: line or key: what is wrong`` line per problem and exit status 1
otherwise."""
from __future__ import annotations

import copy
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game import data
from game.content import check
from game.data import bestiary

ROOT = Path(__file__).resolve().parents[2]
LINE = re.compile(r"^[^:]+: [^:]+: .+$")


def run_check(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["SDL_VIDEODRIVER"] = "dummy"
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "game", "check", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_project_is_clean():
    r = run_check()
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 1
    assert re.fullmatch(r"checked \d+ maps, \d+ templates, \d+ items and their translations: no problems", lines[0])
    assert f"{len(bestiary.templates())} templates" in lines[0]


def test_problems_are_one_line_each_and_exit_1(tmp_path):
    (tmp_path / "lonely.toml").write_text('[map]\ngrid = """\n...\n"""\n\n[[creature]]\nid = "a"\nside = "x"\n'
                                          'at = [0, 0]\ntemplate = "orc"\n', encoding="utf-8")
    (tmp_path / "broken.toml").write_text('[map]\ngrid = """\n.Z.\n"""\n', encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a map", encoding="utf-8")
    r = run_check(str(tmp_path), str(tmp_path / "missing.tmj"))
    assert r.returncode == 1
    lines = r.stdout.strip().splitlines()
    lonely, broken = str(tmp_path / "lonely.toml"), str(tmp_path / "broken.toml")
    assert f"{lonely}: title: missing (every map needs a title)" in lines
    assert f"{lonely}: description: missing (every map needs a description)" in lines
    assert f"{lonely}: creature: 1 side(s) (x); a map needs 2 to 4" in lines
    assert any(line.startswith(f"{broken}: line 3: unknown map character 'Z'") for line in lines)
    assert f"{tmp_path / 'missing.tmj'}: no such file or directory" in lines
    assert all(LINE.match(line) or line.endswith("no such file or directory") for line in lines)
    assert "checked 2 maps" in r.stderr and "5 problem(s)" in r.stderr


def test_a_short_row_is_reported_because_the_format_reads_it_as_wall(tmp_path):
    """Issue 14, item 3: the old mill had one row a square longer than the others, so every
    other row ended in a wall nobody drew; ``check`` now says so."""
    path = tmp_path / "ragged.toml"
    path.write_text('title = "R"\ndescription = "D"\n[map]\ngrid = """\n....\n...\n....\n"""\n'
                    '[[creature]]\nid = "a"\nside = "x"\nat = [0, 0]\n[[creature]]\nid = "b"\nside = "y"\nat = [3, 2]\n',
                    encoding="utf-8")
    assert check.check_map(path) == [
        f"{path}: map.grid: row 1 is 3 squares wide, the widest 4: its last 1 square(s) count as wall "
        "(pad it, or draw # on purpose)"]


def test_every_template_passes_its_own_check():
    assert [p for tid, e in bestiary.templates().items() for p in check.check_template(tid, e)] == []


@pytest.mark.parametrize("change, expected", [
    (lambda e: e.update(ac=14), "orc.ac: 14, but 10 + its parts make 13"),
    (lambda e: e.update(touch=12), "orc.touch: 12, but"),
    (lambda e: e.update(hp=8), "orc.hp: 8, but 1d8+1 gives 5"),
    (lambda e: e.update(grapple=2), "orc.grapple: 2, but base attack + Str + size make 4"),
    (lambda e: e.update(init=2), "orc.init: +2, but"),
    (lambda e: e.update(speed=6), "orc.speed: 6 m does not match 30 ft"),
    (lambda e: e.update(armor="chainmail"), "orc.ac_parts.armor: 3, but the armour 'chainmail' gives 5"),
    (lambda e: e.update(weapon="lightsaber"), "orc.weapon: unknown weapon 'lightsaber'"),
    (lambda e: e.update(feats=["power_nap"]), "orc.feats: unknown feat 'power_nap'"),
    (lambda e: e["special"].update(breath_weapon={}), "orc.special: unknown special ability 'breath_weapon'"),
    (lambda e: e.update(spells=["wish"]), "orc.spells: unknown spell 'wish'"),
    (lambda e: e.update(substances=["holy_hand_grenade"]), "orc.substances: unknown substance"),
    (lambda e: e.update(name_fr=""), "orc.name_fr: empty name"),
    (lambda e: e.update(reach_ft=10), "orc.reach_ft: 10 ft, but a tall M creature reaches 5 ft"),
    (lambda e: e.pop("saves"), "orc.saves: missing"),
    (lambda e: e["full_attack"][0][0].update(weapon="spear"), "orc.weapon: 'falchion' is not the first attack"),
])
def test_a_broken_template_is_reported(change, expected):
    entry = copy.deepcopy(bestiary.get("orc"))
    change(entry)
    problems = check.check_template("orc", entry)
    assert any(expected in p for p in problems), problems
    assert all(p.split(": ", 1)[0].endswith("bestiary.toml") for p in problems)


def test_missing_translations_are_reported(tmp_path, monkeypatch):
    for name in check.ITEM_FILES:
        shutil.copy(data.DATA_DIR / name, tmp_path / name)
    text = (tmp_path / "feats.toml").read_text(encoding="utf-8")
    (tmp_path / "feats.toml").write_text(re.sub(r'(\[dodge\]\nname_en *= *"[^"]*"\n)name_fr *= *"[^"]*"\n', r"\1",
                                                text), encoding="utf-8")
    text = (tmp_path / "substances.toml").read_text(encoding="utf-8")
    (tmp_path / "substances.toml").write_text(text.replace('condition     = "deafened"', 'condition     = "deaf"'),
                                              encoding="utf-8")
    monkeypatch.setattr(data, "DATA_DIR", tmp_path)
    problems, count = check.check_items()
    assert count == sum(len(t) for t in (data.weapons(), data.armor(), data.feats(), data.conditions(),
                                         bestiary.substances(), data.worn_items()))
    assert len(problems) == 2
    assert problems[0].endswith("feats.toml: dodge.name_fr: missing French name")
    assert problems[1].endswith("substances.toml: thunderstone.condition: unknown condition 'deaf'")


def test_a_map_the_engine_cannot_open_is_reported(monkeypatch):
    import game.engine

    class Broken:
        def __init__(self, scenario):
            raise KeyError("boom")

    monkeypatch.setattr(game.engine, "Battle", Broken)
    problems = check.check_map(ROOT / "maps" / "ford.toml")
    assert problems == [f"{ROOT / 'maps' / 'ford.toml'}: battle: the engine cannot open it (KeyError: 'boom')"]
