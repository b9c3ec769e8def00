"""Escaping a garrote or a grapple with each attack of a full attack (the row « Être
garrotté » : escaping several times a round with several attacks; SRD, Grapple, "Escape
from Grapple": "You can escape a grapple by winning an opposed grapple check in place of
making an attack", so a creature with several attacks may try several times, each at that
attack's bonus; "If you escape, you finish the action by moving")."""
from combat_helpers import battle, creature, types

from game.world import views
from game.world.commands import FullAttack
from game.world.components import Grapple

OPEN = "\n".join("." * 10 for _ in range(6))


def garroted(**victim):
    kw = dict(initiative=10, str=10, hp=40, weapon="unarmed", dex=14, bab=6)
    kw.update(victim)
    b = battle(OPEN, creature("a", "blue", (2, 2), initiative=20, str=14, bab=2, hp=30, weapon="garrote_wire"),
               creature("d", "red", (3, 2), **kw))
    assert b.act("a", "garrote", {"target": "d"}, dice=[12, 15, 3, 5])[0]
    b.act("a", "end_turn")
    return b


def test_a_garroted_creature_tries_to_escape_with_each_attack_at_its_bonus():
    b = garroted()
    ok, refusal, ev = b.act("d", "full_attack", {"targets": [{"escape": "a"}, {"escape": "a"}]}, dice=[2, 15, 18, 3])
    assert ok, refusal
    tries = [e for e in ev if type(e).__name__ == "OpposedCheck"]
    assert [t.kind for t in tries] == ["escape", "escape"]
    assert [t.attacker_breakdown[0] for t in tries] == [(6, "untyped", "bab"), (1, "untyped", "bab")]  # +6, then +1
    assert tries[0].winner == "a" and tries[1].winner == "d"
    assert not b.comp("d", Grapple).holding and b.comp("a", Grapple).garroting is None


def test_the_escape_that_frees_it_ends_the_full_attack_and_no_more_tries_than_attacks():
    b = garroted()
    ok, _, ev = b.act("d", "full_attack", {"targets": [{"escape": "a"}, {"escape": "a"}]}, dice=[19, 2])
    assert ok and types(ev).count("OpposedCheck") == 1          # free at the first try: the action ends
    c = garroted()
    ok, refusal, _ = c.act("d", "full_attack", {"targets": [{"escape": "a"}] * 3})
    assert not ok and refusal.code == "NO_ATTACKS_LEFT"         # +6 gives two attacks
    ok, refusal, _ = c.act("d", "full_attack", {"targets": [{"escape": "d"}, {"escape": "a"}]})
    assert not ok and refusal.code == "NOT_GRAPPLING_WITH"      # an escape names one it is held by


def test_the_escape_plan_view_names_one_try_per_attack():
    b = garroted()
    plan = views.escape_plan(b, "d")
    assert len(plan) == 2 and b.check(FullAttack("d", targets=plan)) is None
    assert views.escape_plan(battle(OPEN, creature("x", "blue", (1, 1))), "x") == ()     # held by nobody
