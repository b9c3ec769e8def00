"""Rules fidelity (issue 11): five places where the engine read the French text wrongly,
played through ``Battle.act`` with scripted dice. Each test quotes the phrase it holds
the engine to."""
from combat_helpers import battle, creature, first, types

from game.world.components import Grapple, Stats

OPEN = "\n".join("." * 10 for _ in range(6))


def _rush(a=None, d=None, extra=()):
    a_kw = dict(weapon="longsword", initiative=20, str=14, bab=1, hp=30, feats=["improved_bull_rush"])
    d_kw = dict(weapon="longsword", initiative=10, str=12, hp=30)
    a_kw.update(a or {})
    d_kw.update(d or {})
    return battle(OPEN, creature("a", "blue", (2, 2), **a_kw), creature("d", "red", (3, 2), **d_kw), *extra)


def _redirected(ev):
    return [e for e in ev if type(e).__name__ == "AttackRedirected"]


# --- 1. bull rush: the stray attacks of opportunity ------------------------------------

def test_bull_rush_an_allys_aoo_on_the_pushed_target_may_strike_the_bull_rusher():
    """French text, "bousculade": "toute attaque d'opportunité visant la cible et tentée
    par un compagnon du personnage a 25% de chances de toucher celui-ci". The ally ``f``
    threatens the square the target is pushed out of: its attack of opportunity that
    hits rolls d100, and 1-25 strikes the bull-rusher instead."""
    b = _rush(extra=[creature("f", "blue", (4, 3), initiative=5, weapon="longsword")])
    # opposed Strength a 20+2+4 vs d 5+1 (pushed 1.5 m); f's AoO on d: 15 hits; d100 5: it strays; damage 4
    ok, refusal, ev = b.act("a", "bull_rush", {"target": "d"}, dice=[20, 5, 15, 5, 4])
    assert ok, refusal
    stray = _redirected(ev)
    assert len(stray) == 1 and (stray[0].attacker, stray[0].meant_for, stray[0].hits) == ("f", "d", "a")
    assert stray[0].d100 == 5
    assert first(ev, "DamageDealt").target == "a"
    assert b.board().body("d").pos == (4, 2)
    # 26 or more on the d100: the blow lands on the target it was meant for.
    c = _rush(extra=[creature("f", "blue", (4, 3), initiative=5, weapon="longsword")])
    ok, refusal, ev = c.act("a", "bull_rush", {"target": "d"}, dice=[20, 5, 15, 26, 4])
    assert ok, refusal
    assert not _redirected(ev) and first(ev, "DamageDealt").target == "d"


def test_bull_rush_an_aoo_on_the_following_bull_rusher_may_strike_the_target():
    """French text, "bousculade": "toute attaque d'opportunité effectuée par quelqu'un
    d'autre que la cible a 25 % de toucher cette dernière à la place du personnage" —
    and the bull-rusher who follows its target "s'expose à des attaques d'opportunité"
    on the way: the foe ``o`` threatens a square it leaves while following."""
    b = _rush(extra=[creature("o", "red", (4, 3), initiative=5, weapon="longsword")])
    # a 6+2+4 (Improved Bull Rush) = 12 vs d 5+1 = 6: margin 6, 3 m following;
    # o's AoO on a leaving (3, 2): 15 hits; d100 5: it strays; damage 4
    ok, refusal, ev = b.act("a", "bull_rush", {"target": "d", "follow": True}, dice=[6, 5, 15, 5, 4])
    assert ok, refusal
    assert b.board().body("d").pos == (5, 2) and b.board().body("a").pos == (4, 2)
    stray = _redirected(ev)
    assert len(stray) == 1 and (stray[0].attacker, stray[0].meant_for, stray[0].hits) == ("o", "a", "d")
    assert first(ev, "DamageDealt").target == "d"


def test_the_log_tells_a_stray_blow_in_both_languages():
    """The stray is read in the log, in French and in English."""
    from game.ui.combat_log import lines
    from game.world.events import AttackRedirected
    events = [AttackRedirected(attacker="f", meant_for="d", hits="a", d100=5)]
    names = {"f": "Fred", "d": "Orque", "a": "Anne"}
    assert [t for t, _c in lines(events, names, "fr")] == [
        "le coup de Fred destiné à Orque touche Anne à sa place (d100 5, 25 ou moins)"]
    assert [t for t, _c in lines(events, names, "en")] == [
        "Fred's blow meant for Orque strikes Anne instead (d100 5, 25 or less)"]


# --- 2. overrun avoided: it does not count as an action --------------------------------

def _overrun_field(**d):
    kw = dict(initiative=10, str=10)
    kw.update(d)
    return battle(OPEN, creature("a", "blue", (0, 2), initiative=20, str=16, speed=9),
                  creature("d", "red", (2, 2), **kw))


OVERRUN_PATH = {"target": "d", "squares": [[1, 2], [2, 2], [3, 2], [4, 2]]}


def test_an_avoided_overrun_does_not_spend_the_standard_action():
    """French text, "renversement": "S'il l'évite, il ne subit aucun autre effet. [...]
    Dans tous les cas, la tentative de renversement ne compte pas comme une des actions
    du tour du personnage (mis à part pour le mouvement nécessaire pour pénétrer dans la
    case de l'adversaire)". The defender steps aside: the mover spent its movement, not
    its standard action; it was still its one attempt of the round ("Une seule tentative
    de renversement est possible par round")."""
    b = _overrun_field()
    ok, refusal, ev = b.act("a", "overrun", {**OVERRUN_PATH, "defender": "avoid"})
    assert ok, refusal
    assert b.board().body("a").pos == (4, 2) and "OpposedCheck" not in types(ev)
    assert not any(type(e).__name__ == "ActionTaken" and e.kind == "standard" for e in ev)
    left = b.state()["actions_left"]
    assert left["standard"] and not left["full_round"]
    ok, refusal, _ = b.act("a", "overrun", {"target": "d", "squares": [[3, 2], [2, 2], [1, 2]]})
    assert not ok and refusal.code == "ONE_OVERRUN_A_ROUND"


def test_a_blocked_overrun_is_the_standard_action_it_says():
    """French text, "renversement": "On peut essayer de renverser son adversaire par une
    action simple effectuée au cours d'un déplacement". "Dans tous les cas" belongs to the
    paragraph of the defender who avoids (charging or not): a defender who blocks makes
    the attempt the standard action it is."""
    b = _overrun_field()
    ok, refusal, ev = b.act("a", "overrun", {**OVERRUN_PATH, "defender": "block"}, dice=[15, 5])
    assert ok, refusal
    assert "prone" in b.board().body("d").conditions
    assert any(type(e).__name__ == "ActionTaken" and e.kind == "standard" for e in ev)
    assert not b.state()["actions_left"]["standard"]


# --- 3. grapple checks in place of iterative attacks -----------------------------------

def test_grapple_checks_in_a_full_attack_take_each_attacks_base_attack_bonus():
    """French text, "lutte": an opposed check is made "en remplacement d'une attaque",
    and a character with several attacks tries them "avec un bonus de base réduit
    normalement pour chaque attaque supplémentaire": BAB +6 makes its checks at +6, then
    +1."""
    b = battle(OPEN, creature("a", "blue", (2, 2), initiative=20, str=10, bab=6, hp=30),
               creature("d", "red", (3, 2), initiative=10, str=10, hp=30))
    for one, other in (("a", "d"), ("d", "a")):      # already locked in a grapple
        b.comp(one, Grapple).holding.add(other)
    b.changed()
    plan = {"targets": [{"grapple_damage": "d"}, {"grapple_damage": "d"}]}
    ok, refusal, ev = b.act("a", "full_attack", plan, dice=[2, 15, 2, 15])
    assert ok, refusal
    checks = [e for e in ev if type(e).__name__ == "OpposedCheck"]
    assert [c.kind for c in checks] == ["grapple_damage", "grapple_damage"]
    assert [(v, src) for v, _k, src in checks[0].attacker_breakdown if src == "bab"] == [(6, "bab")]
    assert [(v, src) for v, _k, src in checks[1].attacker_breakdown if src == "bab"] == [(1, "bab")]
    assert [c.attacker_total for c in checks] == [2 + 6, 2 + 1]


# --- 4. feint: a tie fails -------------------------------------------------------------

def test_a_feint_needs_a_bluff_result_higher_than_the_sense_motive():
    """French text, "feinter": "Si le résultat du test de Bluff du personnage est
    supérieur au résultat du test Psychologie de la cible, celle-ci perd son éventuel
    bonus de Dextérité". Equal results fail, with no new roll and whatever the
    modifiers."""
    b = battle(OPEN, creature("a", "blue", (2, 2), initiative=20, weapon="longsword"),
               creature("d", "red", (3, 2), initiative=10, weapon="longsword", dex=16))
    ok, refusal, ev = b.act("a", "feint", {"target": "d"}, dice=[10, 10, 15, 3])
    assert ok, refusal
    checks = [e for e in ev if type(e).__name__ == "OpposedCheck"]
    assert len(checks) == 1 and checks[0].winner == "d" and "Feinted" not in types(ev)
    # The higher Bluff modifier does not break the tie either: 8 + 2 against 10 + 0.
    c = battle(OPEN, creature("a", "blue", (2, 2), initiative=20, weapon="longsword", cha=14),
               creature("d", "red", (3, 2), initiative=10, weapon="longsword"))
    ok, refusal, ev = c.act("a", "feint", {"target": "d"}, dice=[8, 10])
    assert ok, refusal
    check = first(ev, "OpposedCheck")
    assert (check.attacker_total, check.defender_total, check.winner) == (10, 10, "d")
    assert "Feinted" not in types(ev)
    # One more point is enough.
    ok, refusal, ev = battle(OPEN, creature("a", "blue", (2, 2), initiative=20, weapon="longsword"),
                             creature("d", "red", (3, 2), initiative=10, weapon="longsword")).act(
        "a", "feint", {"target": "d"}, dice=[11, 10])
    assert ok and "Feinted" in types(ev)


def test_the_feints_odds_count_a_tie_as_a_failure():
    """The odds face agrees with the rule ("supérieur"): with equal modifiers a feint wins
    190 of the 400 rolls, not 190 of the 380 that are not ties."""
    from fractions import Fraction
    b = battle(OPEN, creature("a", "blue", (2, 2), initiative=20, weapon="longsword"),
               creature("d", "red", (3, 2), initiative=10, weapon="longsword"))
    assert b.odds("a", "feint", {"target": "d"}).success == Fraction(190, 400)


# --- 5. a runner loses its Dex bonus during the run ------------------------------------

RUN = {"squares": [[1, 0], [2, 0], [3, 0], [4, 0], [5, 0]]}


def _runner(**kw):
    return battle(OPEN, creature("r", "blue", (0, 0), initiative=20, dex=16, **kw),
                  creature("o", "red", (2, 1), initiative=10, weapon="longsword"))


def test_an_attack_of_opportunity_on_a_runner_ignores_its_dex_bonus():
    """French text, "courir": "Incapable d'éviter les attaques, il perd son éventuel bonus
    de Dextérité à la CA" — from the first square of the run, so the attacks of
    opportunity it provokes on the way strike it without its Dex bonus."""
    b = _runner()
    ok, refusal, ev = b.act("r", "run", RUN, dice=[2])
    assert ok, refusal
    aoo = first(ev, "AttackRolled")
    assert aoo.attacker == "o" and aoo.opportunity
    assert not any(src == "dex" for _v, _k, src in aoo.ac_breakdown)
    assert "running" in b.board().body("r").conditions          # and until its next turn


def test_the_run_feat_keeps_the_dex_bonus_during_the_run():
    """French text, "courir": "à moins de posséder le don Course qui permet de conserver
    son bonus de Dextérité a la CA pendant une course"."""
    b = _runner(feats=["run"])
    ok, refusal, ev = b.act("r", "run", RUN, dice=[2])
    assert ok, refusal
    assert (3, "ability", "dex") in first(ev, "AttackRolled").ac_breakdown
    assert "running" not in b.board().body("r").conditions


def test_a_running_mount_loses_its_dex_bonus_on_the_way():
    """French text, "courir": "Incapable d'éviter les attaques, il perd son éventuel bonus
    de Dextérité à la CA": a mount ridden at a run is the runner."""
    grid = "\n".join("." * 14 for _ in range(7))
    b = battle(grid, creature("knight", "blue", (0, 2), weapon="longsword", initiative=20, hp=20),
               creature("horse", "blue", (1, 2), size="L", speed=15, weapon="hoof", initiative=1, hp=30, dex=14,
                            rideable=True),
               creature("orc", "red", (4, 4), weapon="longsword", initiative=10, hp=40))
    b.comp("horse", Stats).values["combat_trained"] = 1
    assert b.act("knight", "mount", {"mount": "horse"})[0]
    b.act("knight", "end_turn")
    b.act("orc", "end_turn")
    ok, refusal, ev = b.act("knight", "ride", {"mode": "run", "squares": [[x, 2] for x in range(2, 9)]}, dice=[2])
    assert ok, refusal
    aoo = first(ev, "AttackRolled")
    assert (aoo.attacker, aoo.target, aoo.opportunity) == ("orc", "horse", True)
    assert not any(src == "dex" for _v, _k, src in aoo.ac_breakdown)
    assert "running" in b.board().body("horse").conditions
