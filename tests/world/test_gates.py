"""The gates: what an action needs before any argument matters (``actions.gates``). ``act``
asks them before the handler, ``options`` asks them without a dry run: both must give the
same refusal, with its sentence, and a gate must never refuse what the handler allows."""
from combat_helpers import battle, creature

from game.i18n import sentence
from game.world.components import Hands

OPEN = "\n".join("." * 10 for _ in range(6))


def _refused_alike(b, who: str, action: str, args: dict) -> str:
    """The code ``act`` refuses with, after checking ``options`` says the same."""
    option = b.options(who)[action]
    ok, refusal, _ = b.act(who, action, args)
    assert not ok and not option.legal and option.refusal.code == refusal.code
    assert sentence(refusal.code, refusal.params, "en") != refusal.code       # a sentence, not the bare code
    return refusal.code


def test_retrieve_needs_something_stored_that_is_not_a_weapon():
    b = battle(OPEN, creature("f", "blue", (2, 2), weapon="longsword", inventory=["dagger"], initiative=20),
               creature("o", "red", (8, 4), initiative=10))
    assert _refused_alike(b, "f", "retrieve", {"item": "dagger"}) == "NOTHING_TO_RETRIEVE"
    b = battle(OPEN, creature("f", "blue", (2, 2), weapon="longsword", inventory=["dagger", "alchemists_fire"],
                              initiative=20),
               creature("o", "red", (8, 4), initiative=10))
    option = b.options("f")["retrieve"]
    assert option.legal and option.domain["items"] == ["alchemists_fire"]      # the dagger is drawn, not retrieved
    ok, _, _ = b.act("f", "retrieve", {"item": "alchemists_fire"})
    assert ok and b.comp("f", Hands).holding == "alchemists_fire"


def test_sunder_needs_a_slashing_or_bludgeoning_melee_weapon_but_a_bow_shoots():
    b = battle(OPEN, creature("f", "blue", (2, 2), weapon="rapier", initiative=20),
               creature("o", "red", (3, 2), weapon="longsword", initiative=10))
    assert _refused_alike(b, "f", "sunder", {"target": "o"}) == "SUNDER_NEEDS_SLASHING_OR_BLUDGEONING"
    b = battle(OPEN, creature("f", "blue", (2, 2), weapon="longsword", initiative=20),
               creature("o", "red", (3, 2), weapon="longsword", initiative=10))
    assert b.options("f")["sunder"].legal and b.check("f", "sunder", {"target": "o"}) is None


def test_coup_de_grace_with_nobody_helpless_then_with_a_sleeper():
    b = battle(OPEN, creature("f", "blue", (2, 2), weapon="longsword", initiative=20),
               creature("o", "red", (3, 2), initiative=10))
    assert _refused_alike(b, "f", "coup_de_grace", {"target": "o"}) == "NOBODY_HELPLESS"
    b = battle(OPEN, creature("f", "blue", (2, 2), weapon="longsword", initiative=20),
               creature("o", "red", (3, 2), initiative=10, conditions=["asleep"]),
               creature("p", "red", (8, 4), initiative=5))          # the battle goes on while one foe sleeps
    option = b.options("f")["coup_de_grace"]
    assert option.legal and option.domain["targets"] == ["o"]
