"""The import contracts (pyproject.toml, ``[tool.importlinter]``; design/architecture.md,
"Layers"): every layer of the game, of ``game.world`` and of ``game.world.actions`` imports
only the layers below it; the rules use no window, no esper and no dice of their own.
``make test`` runs them through this test."""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT = ("import sys; from importlinter.cli import lint_imports; "
        "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True, no_logo=True))")


@pytest.mark.skipif(importlib.util.find_spec("importlinter") is None, reason="import-linter is not installed")
def test_every_import_contract_is_kept():
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(ROOT)              # this tree's game, whatever is installed
    proc = subprocess.run([sys.executable, "-c", LINT], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
