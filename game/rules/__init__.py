"""The 3.5 combat rules as pure functions over plain values.

No pygame, no esper, no files, no `random` here: everything below takes values and
returns values, so the engine, the query tool, the window and the tests share one
source of truth. Distances are counted in squares internally (1 square = 1.5 m);
metres appear only at the edges.
"""
