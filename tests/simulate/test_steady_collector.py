"""The collector is set once per process for long battles (``game.runtime``): what was
alive when the game was loaded is out of every collection, the young generation larger."""
from __future__ import annotations

import gc
import subprocess
import sys


def test_a_simulation_freezes_the_loaded_objects_and_spaces_the_collections():
    code = ("import gc\n"
            "from game import runtime\n"
            "before = gc.get_threshold()\n"
            "runtime.steady_collector(); runtime.steady_collector()\n"
            "print(before[0], gc.get_threshold()[0], gc.get_freeze_count() > 0)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    default, young, frozen = out.stdout.split()
    assert int(default) == 700 and int(young) == 10_000 and frozen == "True"
    assert gc.isenabled()                 # the collector still runs: only less often
