"""The damage line says what damage reduction took (SRD "Damage Reduction"): a longsword
blow on a skeleton (DR 5/bludgeoning) reads "takes 2 (7 +0 − 5 DR 5/bludgeoning)", in
French « subit 2 (7 +0 − 5 RD 5/contondant) », from what the engine's ``DamageDealt``
carries; in the window's log and its hover too (driven by posted pygame events)."""
from __future__ import annotations

import pygame
import pytest
from test_game_screen import click, click_button, open_screen

from game.content.scenario import parse_scenario
from game.engine import Battle
from game.ui.combat_log import lines
from game.world.components import Stats
from game.world.events import DamageDealt

GRID = "\n".join("." * 8 for _ in range(4))


def _duel(weapon: str, lang_name: str = "Skeleton") -> str:
    return f'seed = 3\n[map]\ngrid = """\n{GRID}\n"""\n' + f'''
[[creature]]
id = "hero"
name = "Aldric"
side = "blue"
at = [2, 1]
weapon = "{weapon}"
bab = 4
initiative = 20

[[creature]]
id = "skel"
name = "{lang_name}"
side = "red"
at = [3, 1]
template = "human_skeleton"
initiative = 5
'''


def _blow(weapon: str, dice: list[int]):
    b = Battle(parse_scenario(_duel(weapon), "dr.toml"))
    try:
        ok, refusal, ev = b.act("hero", "attack", {"target": "skel"}, dice=dice)
        assert ok, refusal
        return ev
    finally:
        b.close()


def _damage_lines(ev, lang: str) -> list[str]:
    return [str(t) for t, _c in lines(ev, {"hero": "Aldric", "skel": "Squelette" if lang == "fr" else "Skeleton"}, lang)
            if "takes" in str(t) or "subit" in str(t)]


def test_the_event_carries_the_points_the_reduction_took_and_which_reduction():
    hurt = next(e for e in _blow("longsword", [15, 7]) if type(e).__name__ == "DamageDealt")
    assert (hurt.amount, hurt.reduction, hurt.dr, hurt.dr_bypass) == (2, 5, 5, "bludgeoning")
    # a blow smaller than the reduction: it takes the whole blow, no more
    small = next(e for e in _blow("longsword", [15, 3]) if type(e).__name__ == "DamageDealt")
    assert (small.amount, small.reduction, small.dr) == (0, 3, 5)
    # a bludgeoning weapon goes through: nothing taken off, nothing said
    mace = next(e for e in _blow("heavy_mace", [15, 7]) if type(e).__name__ == "DamageDealt")
    assert (mace.amount, mace.reduction, mace.dr, mace.dr_bypass) == (7, 0, 0, "")


@pytest.mark.parametrize("lang,said,small", [
    ("en", "Skeleton takes 2 (7 +0 − 5 DR 5/bludgeoning)", "Skeleton takes 0 (3 +0 − 3 DR 5/bludgeoning)"),
    ("fr", "Squelette subit 2 (7 +0 − 5 RD 5/contondant)", "Squelette subit 0 (3 +0 − 3 RD 5/contondant)")])
def test_the_damage_line_says_the_reduction_in_both_languages(lang, said, small):
    assert _damage_lines(_blow("longsword", [15, 7]), lang) == [said]
    assert _damage_lines(_blow("longsword", [15, 3]), lang) == [small]
    through = _damage_lines(_blow("heavy_mace", [15, 7]), lang)
    assert len(through) == 1 and through[0].endswith("(7 +0)"), through


def test_a_critical_blow_says_the_reduction_once_after_the_multiplied_roll():
    ev = _blow("longsword", [19, 19, 7, 6])           # threat, confirmed: 2 × 1d8 = 13, − 5
    assert _damage_lines(ev, "en") == ["Skeleton takes 8 (7+6 +0 − 5 DR 5/bludgeoning) — critical hit, damage ×2"]


def test_an_event_made_before_the_reduction_was_recorded_reads_as_before():
    old = DamageDealt(attacker="hero", target="skel", dice=(6,), bonus=2, amount=8, nonlethal=False, multiplier=1)
    assert _damage_lines([old], "en") == ["Skeleton takes 8 (6 +2)"]
    assert _damage_lines([old], "fr") == ["Squelette subit 8 (6 +2)"]


@pytest.mark.parametrize("lang,said", [("en", "− 5 DR 5/bludgeoning"), ("fr", "− 5 RD 5/contondant")])
def test_the_window_log_and_its_hover_say_the_reduction(lang, said):
    g = open_screen(_duel("longsword", "Squelette" if lang == "fr" else "Skeleton"), lang)
    try:
        act = g.battle.act

        def scripted(*args, **kw):                   # the engine's own scripted dice: hit, 7 on the d8
            g.battle.act = act
            return act(*args, **kw, dice=[15, 7])
        g.battle.act = scripted
        g.handoff = None
        click_button(g, "attack")
        x, y = g.cam.to_screen((3, 1))
        click(g, (x + g.cam.cell // 2, y + g.cam.cell // 2))
        assert g.battle.history[-1]["action"] == "attack"
        g.motion.finish()
        g.draw()
        line = next(str(t) for t, _c in g.log if said in str(t))
        assert line.startswith(("Squelette subit 2", "Skeleton takes 2")), line
        row = next(r for i, r in g.log_view.rows if str(g.log[i][0]) == line)
        assert any(said in part for part in g.log_view.hovered_lines(g.log, row.center))
    finally:
        g.battle.close()
        pygame.quit()


@pytest.mark.parametrize("lang,said", [
    ("en", "Skeleton takes 0 (7 +1) — ½ (in water) − 4 DR 5/bludgeoning"),
    ("fr", "Squelette subit 0 (7 +1) — moitié (dans l'eau) − 4 RD 5/contondant")])
def test_a_halved_blow_says_the_reduction_after_the_halving_it_follows(lang, said):
    """SRD: a blow from the water is halved, then damage reduction comes off what is left
    (8 halved 4, DR 5 takes the 4): the line says them in that order."""
    b = Battle(parse_scenario('seed = 1\n[map]\ngrid = """\n......\n.w....\n......\n"""\n' + '''
[[creature]]
id = "hero"
side = "blue"
at = [0, 1]
initiative = 20
str = 12
weapon = "longsword"
bab = 2

[[creature]]
id = "skel"
side = "red"
at = [2, 1]
template = "human_skeleton"
initiative = 10
''', "water.toml"))
    try:
        b.comp("hero", Stats).values["swim"] = 4
        assert b.act("hero", "swim", {"squares": [[1, 1]]}, dice=[10])[0]
        ok, refusal, ev = b.act("hero", "attack", {"target": "skel"}, dice=[15, 7])
        assert ok, refusal
        hurt = next(e for e in ev if type(e).__name__ == "DamageDealt")
        assert (hurt.amount, hurt.halved, hurt.reduction, hurt.dr) == (0, "water", 4, 5)
        assert _damage_lines(ev, lang) == [said]
    finally:
        b.close()
