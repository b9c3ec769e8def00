"""Disease (SRD "Disease"; data-digest §4d, ghoul fever: "Disease via bite: Fort DC 12,
incubation 1 day, 1d3 Con + 1d3 Dex"): the Fortitude save is rolled on the bite that
hits; a failure leaves the creature infected, which has no effect within the battle (the
incubation is a day, rules-coverage "Maladie"); a creature immune to disease is never
infected."""
from types import SimpleNamespace

from combat_helpers import battle, creature, first

from game.ui import combat_log, tooltip
from game.world.components import Abilities, Conditions

GRID = "\n".join("." * 8 for _ in range(4))


def bitten(template="ghoul", **hero):
    h = dict(initiative=1, hp=60, weapon="longsword", ac=10, con=10)
    h.update(hero)
    return battle(GRID, creature("m", "red", (3, 1), template=template, initiative=20),
                  creature("hero", "blue", (2, 1), **h))


def saves(events):
    return [(e.kind, e.dc, e.success) for e in events if type(e).__name__ == "SavingThrow"]


def test_a_failed_fortitude_save_on_the_bite_leaves_the_creature_infected_and_nothing_else():
    b = bitten()
    scores = dict(b.comp("hero", Abilities).scores)
    # bite 15 hits AC 10; damage 3; paralysis save 18 (saved); ghoul fever save 2 (fails DC 12)
    ok, _, ev = b.act("m", "attack", {"target": "hero"}, dice=[15, 3, 18, 2])
    assert ok and saves(ev) == [("fort", 12, True), ("fort", 12, False)]
    assert "infected" in b.board().body("hero").conditions
    assert first(ev, "SpecialUsed").special in ("paralysis", "ghoul_fever")
    assert any(e.special == "ghoul_fever" for e in ev if type(e).__name__ == "SpecialUsed")
    assert b.comp("hero", Abilities).scores == scores          # incubation 1 day: no Con or Dex lost now
    # the log says it in both languages, the tooltip shows it
    names = {"m": "Ghoul", "hero": "Hero"}
    en = " ".join(text for text, *_ in combat_log.lines(ev, names, "en"))
    fr = " ".join(text for text, *_ in combat_log.lines(ev, names, "fr"))
    assert "ghoul fever" in en and "infected" in en.lower()
    assert "fièvre des goules" in fr and "infecté" in fr.lower()
    screen = SimpleNamespace(battle=b, hover=(2, 1), names=names, lang="fr", creature_at=lambda sq: "hero")
    assert "infecté" in tooltip.lines(screen)[-1]


def test_a_successful_save_or_a_claw_leaves_no_infection_and_the_ghast_is_dc_15():
    b = bitten("ghast")
    ok, _, ev = b.act("m", "attack", {"target": "hero"}, dice=[15, 3, 19, 19])     # fever save 19 vs DC 15
    assert ok and saves(ev)[1] == ("fort", 15, True)          # (the stench save comes after)
    assert "infected" not in b.board().body("hero").conditions
    c = bitten()
    # full attack: the bite misses (1), a claw hits (15, 2; paralysis saved 18), a claw misses
    ok, _, ev = c.act("m", "full_attack", {"targets": ["hero", "hero", "hero"]}, dice=[1, 15, 2, 18, 1])
    assert ok and len(saves(ev)) == 1 and "infected" not in c.board().body("hero").conditions   # the fever is the bite's


def test_a_creature_immune_to_disease_is_never_infected():
    undead = bitten(undead=True)
    ok, _, ev = undead.act("m", "attack", {"target": "hero"}, dice=[15, 3, 2])
    assert ok and saves(ev) == [] and "infected" not in undead.board().body("hero").conditions
    # a paladin's divine health (SRD paladin 3: "immunity to all diseases")
    paladin = battle(GRID, creature("m", "red", (3, 1), template="ghoul", initiative=20),
                     creature("hero", "blue", (2, 1), template="alhandra_3", initiative=1, hp=60, ac=10))
    ok, _, ev = paladin.act("m", "attack", {"target": "hero"}, dice=[19, 3, 18])
    assert ok and len(saves(ev)) == 1 and "infected" not in paladin.board().body("hero").conditions


def test_an_infected_creature_is_not_infected_twice():
    b = bitten()
    b.comp("hero", Conditions).ids.add("infected")
    ok, _, ev = b.act("m", "attack", {"target": "hero"}, dice=[15, 3, 18])
    assert ok and len(saves(ev)) == 1                                   # only the paralysis save
