"""Python's cyclic garbage collector, set for long battles (issue 12, item 6: the rate of
creature-turns a second). Measured in ``bench ai``'s battle: a tenth of the play went to
the collector, most of it to full collections that walk every object the process holds —
the modules, the data tables, the geometry kept for the map, none of which is ever
garbage. ``steady_collector`` moves what is alive once the game is loaded out of every
collection (``gc.freeze``) and lets the young generation grow to ``YOUNG`` objects before
a collection (an action makes and drops thousands of small objects — commands, events,
copies — which reference counting frees at once; only cycles wait for the collector,
and they are few). Once per process: the window, a simulation's worker, the benchmark."""
from __future__ import annotations

import gc

YOUNG = 10_000          # objects allocated (less freed) before a young collection (CPython: 700)
OLDER = 10              # young collections before a middle one, middle before a full one (CPython: 10, 10)

_set = False


def steady_collector() -> None:
    """Freeze what is alive now and space the collections out; later calls do nothing."""
    global _set
    if _set:
        return
    _set = True
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, OLDER, OLDER)


def machine_pace(loops: int = 2_000_000) -> float:
    """Seconds this machine's interpreter takes over a fixed loop of additions (best of
    three): printed beside a benchmark's figures, so that figures taken on machines (or in
    minutes) of different speed can be told apart — the sandboxes this is measured on have
    differed by twice from one day to the next."""
    import time
    best = float("inf")
    for _ in range(3):
        start, total = time.perf_counter(), 0
        for i in range(loops):
            total += i
        best = min(best, time.perf_counter() - start)
    return round(best, 3)
