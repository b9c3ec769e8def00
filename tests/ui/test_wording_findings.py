"""The play-test's wording findings, each read where the player reads it: the settings'
attacks-of-opportunity switch, the computer's weakest reason, the start menu's variant
lines, the panel's attack header, the language's name, in both languages."""
from __future__ import annotations

import re

import pygame
import pytest

from game.i18n import sentence, term
from game.ui import why_words
from game.ui.menu import variant_explanations
from tests.ui.test_game_screen import DUEL, at, click, click_button, open_screen, pump


def test_the_aoo_switch_says_the_side_makes_its_attacks_not_suffers_them():
    en = sentence("SET_AOO", {"side": "Blues", "value": "yes"}, "en")
    assert en == "Blues always make their attacks of opportunity: yes" and " take " not in en
    assert sentence("SET_AOO", {"side": "Bleus", "value": "oui"}, "fr").startswith("Bleus : toujours porter")


class _Battle:
    """Just enough of a battle for the wording: Lidda with 20 hit points left."""

    def has(self, cid):
        return cid == "lidda"


@pytest.mark.parametrize("lang,said", [
    ("en", "attack on Lidda: the best blow it has, though likely only a scratch"),
    ("fr", "attaque sur Lidda : le meilleur coup possible, même si ce n'est sans doute qu'une égratignure")])
def test_a_weak_blow_still_says_why_the_computer_chose_it(monkeypatch, lang, said):
    monkeypatch.setattr(why_words.views, "health", lambda _b, _cid: (20, 20))
    text = why_words.worded(_Battle(), "WHY_ATTACK", {"target": "lidda", "damage": 1.5}, lang, {"lidda": "Lidda"})
    assert text == said
    strong = why_words.worded(_Battle(), "WHY_ATTACK", {"target": "lidda", "damage": 25}, lang, {"lidda": "Lidda"})
    assert "scratch" not in strong and "égratignure" not in strong


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_variant_line_in_the_start_menu_says_what_changes_on_the_board(lang):
    from game.rules.board import Variants
    opaque = re.compile(r"exception to 1-2-1|exception 3.5 au 1-2-1|2 is short|« any line »")
    seen = set()
    for lane in ("center", "swept"):
        for scatter in ("seed", "srd"):
            for reach in (True, False):
                lines = variant_explanations(Variants(charge_lane=lane, scatter_order=scatter,
                                                      reach_diagonal_exception=reach), lang)
                for key, line in lines.items():
                    assert not opaque.search(line), line
                    assert line.count(" — ") == 1 and len(line) < 150, line      # one plain line each
                    seen.add((key, line))
    assert len(seen) == 6                                  # each reading its own line
    scatter = {line for key, line in seen if key == "scatter"}
    right, left = ("right", "left") if lang == "en" else ("droite", "gauche")
    assert all(right in line and left in line for line in scatter)            # where the flask falls


@pytest.mark.parametrize("lang,header", [("en", "Héros — Greataxe, attack +15"),
                                         ("fr", "Héros — Grande hache, attaque +15")])
def test_the_panel_header_calls_the_bonus_an_attack(monkeypatch, lang, header):
    g = open_screen(DUEL, lang)
    try:
        g.handoff = None
        drawn = []
        real = type(g)._text
        monkeypatch.setattr(type(g), "_text", lambda self, text, *a, **k: drawn.append(text) or real(self, text, *a, **k))
        g.draw()
        assert header in drawn, [t for t in drawn if "Héros" in t]
    finally:
        g.battle.close()
        pygame.quit()


def test_the_ac_part_a_map_gives_unsplit_is_named_for_where_it_comes_from():
    # a second play-test read "rest of the map's AC" as nonsense: "other", and where it comes from
    assert term("modifier", "misc", "en") == "other AC (the map's)"
    assert term("modifier", "misc", "fr") == "autre CA (de la carte)"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_language_reads_the_same_in_the_menu_and_on_the_settings_page(tmp_path, lang):
    from game.ui.settings import Store
    from game.ui.settings_screen import SettingsPage
    pygame.display.init()
    pygame.display.set_mode((1280, 800))
    try:
        page = SettingsPage((1280, 800), Store(tmp_path / "settings.json"), lang)
        assert page.widgets["language"].text == sentence("UI_MENU_LANG", {}, lang)
        page.close()
    finally:
        pygame.quit()


GRID = "\n".join("." * 16 for _ in range(8))


@pytest.mark.parametrize("lang,said", [("en", "Wight: energy drain on Lidda: −1 level, max hp 30→25"),
                                       ("fr", "Nécrophage : absorption d'énergie sur Lidda : −1 niveau, pv max 30→25")])
def test_the_energy_drain_line_says_the_level_and_the_hit_points_it_took(lang, said):
    from game.ui.combat_log import lines
    from tests.world.combat_helpers import battle, creature
    b = battle(GRID, creature("m", "red", (3, 2), template="wight", initiative=20),
               creature("lidda", "blue", (2, 2), initiative=1, hp=30, ac=5, weapon="longsword", hd=3))
    ok, refusal, ev = b.act("m", "attack", {"target": "lidda"}, dice=[15, 2])
    assert ok, refusal
    drained = next(e for e in ev if type(e).__name__ == "LevelsDrained")
    assert (drained.levels, drained.max_hp_before, drained.max_hp_after) == (1, 30, 25)
    wight = "Wight" if lang == "en" else "Nécrophage"
    text = [t for t, _c in lines(ev, {"m": wight, "lidda": "Lidda"}, lang)]
    assert said in text
    assert sum("energy drain" in t or "absorption" in t for t in text) == 1      # said once, with what it took


@pytest.mark.parametrize("lang,word", [("en", "is destroyed"), ("fr", "est détruit")])
def test_an_undead_destroyed_by_turning_is_said_destroyed_only(lang, word):
    from game.ui.combat_log import lines
    from game.world.components import Stats
    from tests.world.combat_helpers import battle, creature
    b = battle(GRID, creature("jozan", "blue", (3, 5), initiative=20, cha=14, weapon="heavy_mace"),
               creature("skel", "red", (3, 2), initiative=1, weapon="slam"))
    b.comp("jozan", Stats).values["cleric_level"] = 4          # twice the skeleton's 2 HD: destroyed
    b.comp("skel", Stats).values.update(undead=1, hd=2)
    ok, _r, ev = b.act("jozan", "turn_undead", dice=[10, 6, 6])
    assert ok and any(type(e).__name__ == "UndeadAffected" and e.result == "destroyed" for e in ev)
    assert any(type(e).__name__ == "HealthChanged" and e.status == "dead" for e in ev)    # the engine says both
    about = [t for t, _c in lines(ev, {"jozan": "Jozan", "skel": "Skeleton"}, lang) if t.startswith("Skeleton")]
    assert about == [sentence("LOG_UNDEAD_DESTROYED", {"name": "Skeleton"}, lang)] and word in about[0]


@pytest.mark.parametrize("lang,word", [("en", "is destroyed"), ("fr", "est détruit")])
def test_an_undead_a_blow_drops_to_0_is_said_destroyed_not_dead(lang, word):
    from game.ui.combat_log import lines
    from game.world import views
    from game.world.components import Stats
    from tests.world.combat_helpers import battle, creature
    b = battle(GRID, creature("tordek", "blue", (3, 3), initiative=20, str=18, bab=4, weapon="greataxe"),
               creature("skel", "red", (3, 2), initiative=1, weapon="slam", hp=4),
               creature("orc", "red", (6, 2), initiative=2, weapon="club", hp=4))
    b.comp("skel", Stats).values.update(undead=1, hd=1)
    ok, refusal, ev = b.act("tordek", "attack", {"target": "skel"}, dice=[18, 12])
    assert ok, refusal
    assert any(type(e).__name__ == "HealthChanged" and e.status == "dead" and e.who == "skel" for e in ev)
    undead = frozenset(c for c in ("tordek", "skel", "orc") if views.is_undead(b, c))
    assert undead == {"skel"}
    text = [t for t, _c in lines(ev, {"tordek": "Tordek", "skel": "Skeleton"}, lang, undead=undead)]
    assert sentence("LOG_UNDEAD_DESTROYED", {"name": "Skeleton"}, lang) in text and word in " ".join(text)
    plain = [t for t, _c in lines(ev, {"tordek": "Tordek", "skel": "Skeleton"}, lang)]
    assert sentence("LOG_UNDEAD_DESTROYED", {"name": "Skeleton"}, lang) not in plain     # told nothing: as before


def _pass_round(g):
    """End the hero's turn and the orc's (both sides are players here: each hand-off seen)."""
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0, unicode="e"))
        pump(g)
        g.handoff = None
        g.draw()
    assert g.current == "hero"


def _attack_orc(g):
    click_button(g, "attack")
    click(g, at(g, (2, 1)))


def _choose(g, value):
    rect = next(r for r, (_label, v) in zip(g.dialog.rects, g.dialog.choices) if v == value)
    click(g, rect.center)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_power_attack_is_asked_each_attack_until_the_player_ticks_remember(lang):
    from game.ui.orders import REMEMBER
    g = open_screen(DUEL.replace('bab = 5\n', 'bab = 5\nfeats = ["power_attack"]\n')
                    .replace('at = [6, 1]', 'at = [2, 1]').replace("hp = 6", "hp = 400"), lang)
    box_off = sentence("UI_REMEMBER_OFF", {}, lang)
    try:
        g.handoff = None
        _attack_orc(g)                                      # turn 1: answered, not kept
        assert g.dialog.choices[-1] == (box_off, REMEMBER)
        _choose(g, 1)
        assert g.dialog is None and g.battle.history[-1]["args"]["power_attack"] == 1
        _pass_round(g)
        played = len(g.battle.history)
        _attack_orc(g)                                      # turn 2: asked again (no opt-in yet)
        assert g.dialog is not None and not g.stance.kept
        _choose(g, REMEMBER)                                # the box ticked: the question stays
        assert g.dialog is not None and g.dialog.choices[-1][0] == sentence("UI_REMEMBER_ON", {}, lang)
        assert len(g.battle.history) == played                            # nothing played yet
        _choose(g, 2)
        assert g.battle.history[-1]["args"]["power_attack"] == 2 and g.stance.recall("hero", "power_attack") == 2
        _pass_round(g)
        before = len(g.battle.history)
        _attack_orc(g)                                      # turn 3: not asked, the kept 2 goes in
        assert g.dialog is None and len(g.battle.history) == before + 1
        assert g.battle.history[-1]["action"] == "attack" and g.battle.history[-1]["args"]["power_attack"] == 2
        g.draw()                                            # the panel shows the kept answer; a click forgets it
        forget = next(b for b in g.buttons if b.name == "stance:forget:power_attack")
        assert sentence("UI_STANCE_KEPT", {"feat": "power_attack", "value": 2}, lang) in \
            ("Power Attack 2 (remembered)", "Attaque en puissance 2 (retenu)")
        click(g, forget.rect.center)
        g.draw()
        assert not g.stance.kept and all(b.name != "stance:forget:power_attack" for b in g.buttons)
        _pass_round(g)
        _attack_orc(g)                                      # turn 4: asked again
        assert g.dialog is not None and g.dialog.choices[-1] == (box_off, REMEMBER)
    finally:
        g.battle.close()
        pygame.quit()


@pytest.mark.parametrize(("lang", "said"), [("en", ", swinging with Power Attack 3"),
                                            ("fr", ", en frappant avec une attaque en puissance de 3")])
def test_a_blow_swung_with_power_attack_says_its_points(monkeypatch, lang, said):
    monkeypatch.setattr(why_words.views, "health", lambda _b, _cid: (20, 20))
    params = {"target": "lidda", "damage": 9.0}
    plain = why_words.worded(_Battle(), "WHY_FULL_ATTACK", params, lang, {"lidda": "Lidda"})
    swung = why_words.worded(_Battle(), "WHY_FULL_ATTACK", {**params, "power_attack": 3}, lang, {"lidda": "Lidda"})
    assert said not in plain and swung == plain + said


def test_a_tokens_letters_skip_the_articles_and_read_the_same_in_both_languages():
    """Play-test: "Grakh the ogre" read GT and "Grakh l'ogre" GL on the same token."""
    from game.ui.board_view import token_initials
    assert token_initials("Grakh the ogre") == token_initials("Grakh l'ogre") == "GO"
    assert token_initials("Lucia au fouet") == "LF" and token_initials("Gnoll 1") == "G1"
    assert token_initials("le") == "L" and token_initials("") == "?"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_drawing_a_weapon_from_more_says_which_one_it_drops(screens, lang):
    """Play-test: "Draw · Lance" let the longsword in hand fall, unannounced."""
    from tests.boards import open_grid, scenario_text
    from tests.ui.test_game_screen import click_button
    text = scenario_text(open_grid(8, 3),
                         {"id": "alhandra", "name": "Alhandra", "side": "blue", "at": [1, 1], "weapon": "longsword",
                          "inventory": ["lance"], "initiative": 20},
                         {"id": "orc", "side": "red", "at": [6, 1], "weapon": "club", "initiative": 5}, seed=2)
    g = screens(text, lang)
    click_button(g, "more")
    from game import data
    labels = [label for label, _v in g.dialog.choices]
    drawn = [label for label in labels if data.weapons()["lance"].names.get(lang) in label]
    assert drawn and data.weapons()["longsword"].names.get(lang) in drawn[0]
    assert sentence("UI_DRAW_DROPS", {"weapon": data.weapons()["longsword"].names.get(lang)}, lang) in drawn[0]
