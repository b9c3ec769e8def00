"""Architecture: the rules are pure (issue 2, items 2 and 6; game/rules/__init__.py).

`game.rules` takes values and returns values: no pygame, no esper, no files, no `random`.
"""
from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "game" / "rules"

PROBE = """
import importlib, json, pkgutil, sys
import game.rules
names = sorted(m.name for m in pkgutil.iter_modules(game.rules.__path__, "game.rules."))
for name in names:
    importlib.import_module(name)
print(json.dumps({"modules": names, "pygame": "pygame" in sys.modules,
                  "esper": "esper" in sys.modules, "random": "random" in sys.modules}))
"""


def rule_files() -> list[Path]:
    files = sorted(RULES.rglob("*.py"))
    assert files, "no rule modules found"
    return files


def imported_modules(path: Path) -> set[str]:
    """Top-level names of every module a file imports (absolute imports only; relative
    imports stay inside game.rules by construction and are checked separately)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module.split(".")[0])
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "__import__" and node.args and isinstance(node.args[0], ast.Constant)):
            out.add(str(node.args[0].value).split(".")[0])
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "import_module" and node.args and isinstance(node.args[0], ast.Constant)):
            out.add(str(node.args[0].value).split(".")[0])
    return out


def test_importing_every_rule_module_loads_neither_pygame_nor_esper():
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["SDL_VIDEODRIVER"] = "dummy"
    proc = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    seen = json.loads(proc.stdout.strip().splitlines()[-1])
    expected = sorted(f"game.rules.{p.stem}" for p in RULES.glob("*.py") if p.stem != "__init__")
    assert seen["modules"] == expected
    assert seen["pygame"] is False, "importing game.rules loaded pygame"
    assert seen["esper"] is False, "importing game.rules loaded esper"


def test_no_rule_module_imports_random_pygame_or_esper():
    """`random` may be loaded by the standard library itself, so this is checked in the
    source: dice belong to the engine, which passes their faces to the rules."""
    offenders = {}
    for path in rule_files():
        bad = imported_modules(path) & {"random", "pygame", "esper", "secrets"}
        if bad:
            offenders[path.name] = sorted(bad)
    assert offenders == {}


def test_rule_modules_import_nothing_outside_the_rules_and_the_standard_library():
    """The rules depend on nothing of the game (content, world, engine, ui) and no
    third-party package; files and the network are off limits too."""
    allowed = set(sys.stdlib_module_names) - {"os", "io", "pathlib", "tomllib", "socket", "shutil",
                                              "tempfile", "random", "secrets", "urllib", "http"}
    offenders = {}
    for path in rule_files():
        bad = {m for m in imported_modules(path) if m not in allowed and m != "__future__"}
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level >= 2:
                bad.add("." * node.level + (node.module or ""))  # reaches out of game.rules
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "open":
                bad.add("open()")
        if bad:
            offenders[path.name] = sorted(bad)
    assert offenders == {}


def test_the_ast_check_would_notice_a_forbidden_import(tmp_path):
    """Guard against a check that silently sees nothing."""
    probe = tmp_path / "probe.py"
    probe.write_text("import os.path\nfrom random import randint\nimport esper as e\n"
                     "x = __import__('pygame')\n", encoding="utf-8")
    assert imported_modules(probe) == {"os", "random", "esper", "pygame"}
