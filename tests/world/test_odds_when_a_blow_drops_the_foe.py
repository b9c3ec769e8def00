"""``odds``' expected damage is the engine's own exact mean, even when an early blow of a
full attack drops the foe: the later blows are made as at a helpless creature (digest
§9.3), or not at all once it is dead. Proved by playing every die face through ``act``
(the audit of issue 10 found 8.94 said against 10.58 played)."""
from __future__ import annotations

from fractions import Fraction

from game.content.scenario import parse_scenario
from game.engine import Battle
from game.world.commands import FullAttack, Strike

from test_query_asking import DUEL      # noqa: E402  (the tests folder is on the path)

WEAK = DUEL.replace('bab = 4', 'bab = 6').replace('hp = 30', 'hp = 4').replace('"longsword"', '"dagger"')


def _played(battle, command, dice):
    token = battle.snapshot()
    try:
        ok, refusal, events = battle.act(command, dice=list(dice) + [1] * 8)
        assert ok, refusal
        return events
    finally:
        battle.restore(token)


def _faces(battle, command, prefix, index):
    """(chance, dice) of every way attack number ``index`` can go after ``prefix``."""
    out = []
    for d20 in range(1, 21):
        rolled = [e for e in _played(battle, command, prefix + [d20]) if type(e).__name__ == "AttackRolled"]
        if len(rolled) <= index or not rolled[index].hit:
            out.append((Fraction(1, 20), [d20]))
            continue
        if not rolled[index].threat:
            out += [(Fraction(1, 20 * 4), [d20, a]) for a in range(1, 5)]
            continue
        for confirm in range(1, 21):
            confirmed = [e for e in _played(battle, command, prefix + [d20, confirm])
                         if type(e).__name__ == "CriticalConfirmed"]
            if confirmed and confirmed[-1].confirmed:
                out += [(Fraction(1, 20 * 20 * 16), [d20, confirm, a, b]) for a in range(1, 5) for b in range(1, 5)]
            else:
                out += [(Fraction(1, 20 * 20 * 4), [d20, confirm, a]) for a in range(1, 5)]
    return out


def _dealt(events) -> int:
    return sum(e.amount for e in events if type(e).__name__ == "DamageDealt")


def test_a_full_attacks_expected_damage_follows_the_foe_dropped_by_its_first_blow():
    b = Battle(parse_scenario(WEAK, "duel.toml"))
    command = FullAttack("hero", targets=(Strike("orc"), Strike("orc")))
    mean = Fraction(0)
    after: dict[int, Fraction] = {}      # the second blow's mean, by the damage the first dealt
    for p1, first in _faces(b, command, [], 0):
        dealt = _dealt(_played(b, command, first + [1]))     # the second one missed: the first's own
        if dealt not in after:
            after[dealt] = sum((p2 * (_dealt(_played(b, command, first + second)) - dealt)
                                for p2, second in _faces(b, command, first, 1)), Fraction(0))
        mean += p1 * (dealt + after[dealt])
    said = b.odds(command).expected_damage
    assert said == mean                                     # exact, not within a margin
    standing = sum(b.odds(FullAttack("hero", targets=(Strike("orc"),))).expected_damage for _ in range(2))
    assert said != standing                                 # the blow at a fallen foe is not the first one again
    b.close()
