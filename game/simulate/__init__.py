"""Battles simulated by the hundred (issue 12, items 4-5): ``python -m game simulate``.
``play`` plays one seeded battle with a controller per side, ``run`` plays many (in this
process, in worker processes or on a Dask cluster), ``summary`` totals them, ``report``
and ``chart`` show the totals, ``cli`` reads the arguments. ``game.bench_ai`` (above the
engine bench, whose generated map it plays) times the tactical player with ``play``."""
