"""Mobility (SRD, Feats): +4 dodge to AC against the attacks of opportunity the creature's
own moving out of or within a threatened area provokes — not those another act provokes,
and lost with its Dexterity bonus like every dodge bonus."""
from combat_helpers import battle, creature, first

OPEN = "\n".join("." * 10 for _ in range(6))


def walker(feats=("mobility",), **mine):
    return battle(OPEN, creature("m", "blue", (2, 2), weapon="longsword", initiative=20, dex=10, feats=list(feats),
                                 inventory=["potion_cure_light_wounds"], **mine),
                  creature("o", "red", (3, 2), weapon="longsword", initiative=10, hp=30))


def aoo_ac(b, action, args):
    ok, _, ev = b.act("m", action, args, dice=[1, 1, 1])
    roll = first(ev, "AttackRolled")
    assert ok and roll.opportunity and roll.attacker == "o"
    return roll.ac, roll.ac_breakdown


def test_mobility_adds_four_dodge_against_the_attacks_its_moving_provokes():
    ac, parts = aoo_ac(walker(), "move", {"squares": [[1, 1], [0, 1]]})
    plain, _ = aoo_ac(walker(feats=()), "move", {"squares": [[1, 1], [0, 1]]})
    assert (4, "dodge", "mobility") in parts and ac == plain + 4


def test_mobility_does_not_help_against_an_attack_another_act_provokes():
    _ac, parts = aoo_ac(walker(), "retrieve", {"item": "potion_cure_light_wounds"})
    assert not any(src == "mobility" for _v, _k, src in parts)


def test_mobility_is_lost_with_the_dex_bonus():
    _ac, parts = aoo_ac(walker(conditions=["blinded"]), "move", {"squares": [[1, 1], [0, 1]]})
    assert not any(src == "mobility" for _v, _k, src in parts)
