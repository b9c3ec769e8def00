"""Shared test set-up: headless SDL, a fresh esper world per test, small builders."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The player's data folder (saves, settings: game.ui.settings) is a fresh temporary one, so
# that no test reads or writes the real one; a test that needs its own uses monkeypatch.
os.environ["CARREAU_DATA_DIR"] = tempfile.mkdtemp(prefix="carreau-tests-")

import esper  # noqa: E402
import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def fresh_esper_world():
    """Each test starts in its own empty esper world and leaves nothing behind."""
    name = f"test-{os.getpid()}-{id(object())}"
    esper.switch_world(name)
    yield
    esper.switch_world("default")
    for world in list(esper.list_worlds()):
        if world != "default":
            esper.delete_world(world)
    esper.clear_database()
