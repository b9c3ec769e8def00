"""An attack of opportunity is "une attaque au corps à corps unique" (French text, "attaques
d'opportunité"): a natural weapon's hit carries what the hit itself does — a ghoul's
paralysis and fever, a spider's poison (SRD monster entries) — as on the monster's own
turn; a paralysed provoker stops where it was struck. The free trip and the free grapple
the SRD gives "as a free action" wait for the monster's own turn (our ruling)."""
from combat_helpers import battle, creature

from game.world.components import Conditions

GRID = "\n".join("." * 10 for _ in range(6))


def provoked_by(template, monster_at=(3, 1), hero_at=(2, 1)):
    """The monster's turn ends; the hero, next to it, then walks away and provokes."""
    b = battle(GRID, creature("m", "red", monster_at, template=template, initiative=20),
               creature("hero", "blue", hero_at, initiative=1, hp=60, weapon="longsword", ac=10, con=10))
    b.act("m", "end_turn")
    return b


def saves(events):
    return [(e.kind, e.dc, e.success) for e in events if type(e).__name__ == "SavingThrow"]


def test_a_ghouls_bite_of_opportunity_paralyses_and_infects_and_the_paralysed_walker_stops():
    b = provoked_by("ghoul")
    # the bite 15 hits AC 10, 3 damage; paralysis (Fort 12) fails on 2, its 1d4+2 rounds 2;
    # ghoul fever (Fort 12) made on 18
    ok, _, ev = b.act("hero", "move", {"squares": [[1, 1], [0, 1]]}, dice=[15, 3, 2, 2, 18])
    assert ok and [e.opportunity for e in ev if type(e).__name__ == "AttackRolled"] == [True]
    assert saves(ev) == [("fort", 12, False), ("fort", 12, True)]
    assert "paralyzed" in b.read("hero", Conditions).ids
    assert b.board().body("hero").pos == (2, 1)                     # it went no farther
    c = provoked_by("ghoul")
    ok, _, ev = c.act("hero", "move", {"squares": [[1, 1], [0, 1]]}, dice=[15, 3, 18, 2])
    assert ok and "infected" in c.read("hero", Conditions).ids and c.board().body("hero").pos == (0, 1)


def test_a_spiders_bite_of_opportunity_poisons():
    b = provoked_by("monstrous_spider_large", monster_at=(3, 1), hero_at=(5, 1))
    ok, _, ev = b.act("hero", "move", {"squares": [[6, 1], [7, 1]]}, dice=[15, 3, 2, 2, 2])
    assert ok and ("fort", 13, False) in saves(ev)
    assert "poison_initial" in [e.special for e in ev if type(e).__name__ == "SpecialUsed"]


def test_a_wolfs_bite_of_opportunity_does_not_trip_the_free_trip_waits_for_its_turn():
    b = provoked_by("wolf")
    ok, _, ev = b.act("hero", "move", {"squares": [[1, 1], [0, 1]]}, dice=[15, 4, 18, 2])
    assert ok and [e.hit for e in ev if type(e).__name__ == "AttackRolled"] == [True]
    assert "trip" not in [e.special for e in ev if type(e).__name__ == "SpecialUsed"]
    assert "prone" not in b.read("hero", Conditions).ids and b.board().body("hero").pos == (0, 1)
