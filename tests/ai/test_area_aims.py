"""Area spells aimed where the foes bunch, beyond the points the options offer (issue 12,
item 2: "area spells where enemies bunch"). The options set a burst's point at the
creatures nearest the caster only; the player tries a point at each foe as well, each
passed by the engine's ``check``, and counts only those the spell would reach (Sleep: the
living, lowest Hit Dice first, up to 4 HD; French text, "sommeil")."""
from __future__ import annotations

from harness import battle, creature

from game.ai.controllers import make_controller
from game.world import commands as C, spell_views
from game.world.components import Spellcasting, Stats

GRID = "\n".join("." * 14 for _ in range(9))


def sleeper(*others):
    b = battle(GRID, creature("ai", "blue", (1, 4), initiative=20, hp=12), *others)
    sc = b.comp("ai", Spellcasting)
    sc.prepared.append("sleep")
    sc.caster_level, sc.caster_class = 5, "wizard"
    return b


# Friends close behind the caster and a lone brute take the options' four nearest points;
# the band of three stands farther off.
NEAR = (creature("f1", "blue", (0, 2), initiative=1, hp=12), creature("f2", "blue", (0, 6), initiative=1, hp=12),
        creature("f3", "blue", (0, 8), initiative=1, hp=12), creature("brute", "red", (5, 4), hp=30))
BAND = tuple(creature(f"band{i}", "red", at, hp=6) for i, at in enumerate([(10, 1), (11, 1), (10, 2)]))


def test_sleep_goes_at_the_band_the_options_do_not_aim_at():
    b = sleeper(*NEAR, *BAND)
    offered = {tuple(a["point"]) for a in b.options("ai")["cast"].domain["uses"]["sleep"]}
    band = {tuple(b.board().body(f"band{i}").pos) for i in range(3)}
    assert offered.isdisjoint(band)             # the band is not among the options' aims
    d = make_controller("ai:normal").decide(b, "ai")
    assert d is not None and b.check(d.command) is None
    assert isinstance(d.command, C.Cast) and d.command.spell == "sleep"
    caught = spell_views.spell_area(b, "ai", "sleep", tuple(d.command.point))
    assert sum(any(sq in caught for sq in b.board().body(f"band{i}").squares) for i in range(3)) >= 2
    assert not any(sq in caught for f in ("ai", "f1", "f2", "f3") for sq in b.board().body(f).squares)


def test_no_sleep_on_a_band_it_cannot_reach():
    # The same band, undead: Sleep does not touch them, so it is no reason to cast it.
    b = sleeper(*NEAR, *BAND)
    b.comp("brute", Stats).values["undead"] = 1
    for i in range(3):
        b.comp(f"band{i}", Stats).values["undead"] = 1
    d = make_controller("ai:normal").decide(b, "ai")
    assert d is None or not (isinstance(d.command, C.Cast) and d.command.spell == "sleep")


def test_sleep_counts_only_the_hit_dice_it_reaches():
    # Two 3-HD foes side by side: Sleep's 4 HD reach one of them, not both, so a band of
    # three 1-HD foes elsewhere is the better aim.
    pair = (creature("big0", "red", (10, 6), hp=20), creature("big1", "red", (11, 6), hp=20))
    b = sleeper(*NEAR, *BAND, *pair)
    for cid in ("big0", "big1"):
        b.comp(cid, Stats).values["hd"] = 3
    d = make_controller("ai:normal").decide(b, "ai")
    assert d is not None and isinstance(d.command, C.Cast) and d.command.spell == "sleep"
    assert d.params["count"] >= 2
    caught = spell_views.spell_area(b, "ai", "sleep", tuple(d.command.point))
    assert any(sq in caught for i in range(3) for sq in b.board().body(f"band{i}").squares)
