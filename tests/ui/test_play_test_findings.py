"""The newcomer's play-test of the oak clearing (issue 14's findings), each driven through
the real battle screen with posted events: names and distances in the player's language,
the menu's wording."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.content.scenario import load_scenario, parse_scenario
from game.content.scenario_writer import creature_table
from game.engine import Battle
from game.i18n import sentence, variant_name
from game.ui.game_screen import GameScreen

ROOT = Path(__file__).resolve().parents[2]
CLEARING = ROOT / "maps" / "forest_clearing.toml"


def open_screen(battle: Battle, lang: str = "en", **kw) -> GameScreen:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    g = GameScreen(battle, screen, lang, **kw)
    g.animation_speed = "off"
    pygame.event.clear()
    return g


def pump(g: GameScreen) -> None:
    for event in pygame.event.get():
        g.handle(event)
    g.draw()


def at(g: GameScreen, square) -> tuple[int, int]:
    x, y = g.cam.to_screen(square)
    return x + g.cam.cell // 2, y + g.cam.cell // 2


def hover(g: GameScreen, square) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at(g, square), rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)


@pytest.fixture
def clearing():
    made: list[GameScreen] = []

    def make(lang: str = "en", **kw) -> GameScreen:
        g = open_screen(Battle(load_scenario(CLEARING)), lang, **kw)
        made.append(g)
        return g
    yield make
    for g in made:
        g.battle.close()
    pygame.quit()


@pytest.mark.parametrize("lang, wolf, owlbear, archer", [("en", "Wolf 1", "Owlbear", "Gnoll archer"),
                                                          ("fr", "Loup 1", "Ours-hibou", "Archer gnoll")])
def test_creatures_named_after_their_kind_read_in_the_players_language(clearing, lang, wolf, owlbear, archer):
    """'Ours-hibou' and 'Loup' in the English window: a creature named after its template
    takes the template's name_en / name_fr (numbered as before); a name given per language
    (name_fr = "Archer gnoll") is read in that language."""
    g = clearing(lang)
    wolf_square = g.battle.board().body("wolf_1").pos
    hover(g, wolf_square)
    assert g.tooltip_lines()[0] == wolf
    hover(g, g.battle.board().body("owlbear").pos)
    assert g.tooltip_lines()[0] == owlbear
    assert g.names["gnoll_3"] == archer
    # the log names it so too
    g.battle.act(g.current, "end_turn", {})
    assert all("Loup" not in text and "Ours-hibou" not in text for text, _c in g.log) or lang == "fr"


def test_the_language_changed_in_play_renames_the_creatures(clearing):
    from game.ui.settings import Store
    from game.ui.settings_screen import apply_change
    g = clearing("en")
    assert g.names["wolf_2"] == "Wolf 2"
    store = Store.__new__(Store)
    g.lang = g.names.lang = "fr"              # what apply_change does for the language
    assert g.names["wolf_2"] == "Loup 2"
    assert callable(apply_change) and store is not None


def test_per_language_names_survive_a_save():
    """A scenario written back (a paused battle, the editor) keeps name_en / name_fr."""
    text = ('seed = 1\n[map]\ngrid = """\n....\n....\n"""\n[[creature]]\nid = "a"\nname = "Garde"\nname_en = "Guard"\n'
            'side = "blue"\nat = [0, 0]\n[[creature]]\nid = "b"\nname = "Garde"\nname_en = "Guard"\nside = "red"\nat = [3, 1]\n')
    sc = parse_scenario(text, "t.toml")
    assert [c.name_in("en") for c in sc.creatures] == ["Guard 1", "Guard 2"]
    assert [c.name_in("fr") for c in sc.creatures] == ["Garde 1", "Garde 2"]
    assert creature_table(sc.creatures[0])["name_en"] == "Guard 1"


@pytest.mark.parametrize("lang, speed, cost", [("en", "20 ft", "entering it costs 5 ft of movement"),
                                               ("fr", "6 m", "y entrer coûte 1,5 m de déplacement")])
def test_distances_in_feet_in_english_and_metres_in_french(clearing, lang, speed, cost):
    """Metres and feet were mixed in English: English reads feet everywhere (5-ft step,
    the panel's speed, a path's cost, a square's cost), French metres."""
    g = clearing(lang)
    assert g.current == "lidda"                  # a halfling: 6 m, 20 ft
    words = []
    orig = g._text

    def spy(text, *a, **kw):
        words.append(text)
        return orig(text, *a, **kw)
    g._text = spy
    g._panel_picture = None
    g.draw()
    # the speed alone when the creature has no condition (no "· —" left for "none")
    assert any(t == speed or t.startswith(speed + " · ") for t in words), words
    hover(g, (15, 10))
    assert g.tooltip_lines()[1] == cost
    g._text = orig
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1"))   # Move
    pump(g)
    hover(g, (15, 11))
    assert g.overlay.caption.startswith("15 ft · 3 squares" if lang == "en" else "4,5 m · 3 cases"), g.overlay.caption


def test_the_menu_and_the_banner_read_plainly():
    assert sentence("UI_MENU_VARIANT_SCATTER", {"value": variant_name("seed", "en")}, "en") == \
        "Where a missed flask lands: French rules"
    assert "Esc: pause menu" in sentence("UI_AI_SKIP", {}, "en")


def test_the_oak_clearing_shows_whole_on_start_no_row_cut(clearing):
    """The map was cut at the top (32 px too big by a few pixels, so 40 px and scrolled):
    the camera fits it at the largest size that shows all of it, beside the panel and
    above the log, with no empty band."""
    g = clearing("en")
    g.draw()
    view = g._board_rect()
    t = g.battle.terrain
    assert g.cam.cell * t.width + 1 <= view.w and g.cam.cell * t.height + 1 <= view.h
    assert g.cam.cell >= 28
    assert (g.cam.cell + 1) * t.width + 1 > view.w or (g.cam.cell + 1) * t.height + 1 > view.h    # the largest
    top_left, bottom_right = g.cam.to_screen((0, 0)), g.cam.to_screen((t.width, t.height))
    assert top_left[0] >= 0 and top_left[1] >= 0 and bottom_right[0] <= view.w and bottom_right[1] <= view.h
    # centred: the bands left over are under a square on each side
    assert top_left[0] < g.cam.cell and view.w - bottom_right[0] < g.cam.cell + 1


# --- the spell list (findings 1 and 2) ---------------------------------------------------

GRID = "\n".join("." * 12 for _ in range(6))
ORC = 'id = "orc"\nside = "red"\nat = [10, 4]\nhp = 40\ninitiative = 1\n'


def small(*creatures: str) -> Battle:
    text = f'seed = 5\n[map]\ngrid = """\n{GRID}\n"""\n' + "\n".join(f"[[creature]]\n{c}\n" for c in creatures)
    return Battle(parse_scenario(text, "t.toml"))


def click_at(g: GameScreen, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pump(g)


def press_button(g: GameScreen, name: str) -> None:
    g.draw()
    click_at(g, next(r for n, r, _e, _w in g.buttons if n == name).center)


def choice_rect(g: GameScreen, predicate) -> pygame.Rect:
    g.draw()
    return next(r for r, (label, value) in zip(g.dialog.rects, g.dialog.choices) if predicate(label, value))


CLERIC = '''id = "cleric"
name = "Jozan"
side = "blue"
at = [1, 2]
caster_class = "cleric"
caster_level = 3
wis = 15
initiative = 20
weapon = "heavy_mace"
shield = "heavy_steel_shield"
spells = ["bless", "shield_of_faith", "cure_light_wounds"]
'''


def test_a_cleric_with_a_shield_sees_why_short_with_the_reason_on_hover_and_loosens_it_from_the_list():
    """Finding 1: the spells greyed with a short reason that fits the dialog, the engine's
    whole sentence on hover; "Loosen the shield" offered in the list, and once chosen the
    list opens again with the spells castable."""
    g = open_screen(small(CLERIC, ORC))
    try:
        press_button(g, "cast")
        assert g.dialog is not None
        labels = [label for label, _v in g.dialog.choices]
        assert "Bless (1st, 1 left) — no free hand" in labels
        g.draw()
        panel_right = max(r.right for r in g.dialog.rects)
        assert all(r.right <= g.screen.get_width() - 10 for r in g.dialog.rects) and panel_right < 1000
        bless = choice_rect(g, lambda label, _v: label.startswith("Bless"))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=bless.center, rel=(0, 0), buttons=(0, 0, 0)))
        pump(g)
        assert "needs a free hand" in g.dialog.tip() and "loosen the shield" in g.dialog.tip()
        click_at(g, bless.center)                       # greyed: said, nothing cast, the list stays
        assert g.dialog is not None and "needs a free hand" in g.dialog.note and g.mode != "cast"
        loosen = choice_rect(g, lambda label, v: v[0] == "fix" and v[1][1] == "loose_shield")
        click_at(g, loosen.center)
        assert g.battle.history[-1]["action"] == "loose_shield"
        assert g.dialog is not None                     # the list again, the spells open now
        assert ("Bless (1st, 1 left)", ("spell", "bless")) in g.dialog.choices
        assert not any(v[0] == "fix" for _l, v in g.dialog.choices)
    finally:
        g.battle.close()


WIZARD = '''id = "wiz"
name = "Mialee"
side = "blue"
at = [1, 2]
caster_class = "wizard"
caster_level = 3
int = 16
initiative = 20
spells = ["ray_of_frost", "magic_missile", "magic_missile", "sleep"]
'''


ORC_NEAR = ORC.replace("at = [10, 4]", "at = [4, 2]")


def test_the_spell_list_keeps_its_places_and_says_how_many_are_left():
    """Finding 2: the castings left of each prepared spell are shown; a spell cast to the
    last keeps its place, greyed, so nothing shifts under the cursor."""
    g = open_screen(small(WIZARD, ORC_NEAR))
    try:
        press_button(g, "cast")
        first = [(label, v) for label, v in g.dialog.choices]
        assert ("Magic Missile (1st, 2 left)", ("spell", "magic_missile")) in first
        g.draw()
        places = [tuple(r) for r in g.dialog.rects]
        click_at(g, choice_rect(g, lambda _l, v: v == ("spell", "ray_of_frost")).center)
        assert g.mode == "cast"
        click_at(g, at(g, (4, 2)))                     # the orc
        assert g.battle.history[-1]["action"] == "cast"
        g.battle.act(g.current, "end_turn", {})
        g.battle.act(g.current, "end_turn", {})
        g._after_events([])
        assert g.current == "wiz"
        press_button(g, "cast")
        g.draw()
        now = g.dialog.choices
        assert [v[0] for _l, v in now][0] == "refused" and now[0][0] == "Ray of Frost (level 0, none left)"
        assert [tuple(r) for r in g.dialog.rects][1:] == places[1:]        # the others did not move
        assert [label for label, _v in now][1:] == [label for label, _v in first][1:]
    finally:
        g.battle.close()


# --- the computer's reasons and the log (findings 4 and 5) -------------------------------

DUEL_AI = '''seed = 4
[map]
grid = """
..........
..........
..........
"""
[sides.red]
control = "ai"
level = "normal"

[[creature]]
id = "hero"
name = "Aldric"
side = "blue"
at = [1, 1]
weapon = "longsword"
hp = 30
initiative = 20

[[creature]]
id = "orc"
side = "red"
at = [2, 1]
weapon = "greataxe"
str = 16
bab = 3
hp = 30
initiative = 1
'''


def test_the_computers_reason_is_said_in_words_with_the_numbers_on_hover():
    """Finding 4: "1.7 damage expected" leaked into the why line and the banner: the line
    says it in words; hovering it in the log shows the numbers behind it."""
    import re
    from game.ui.computer_turns import PACE_MS
    g = open_screen(Battle(parse_scenario(DUEL_AI, "t.toml")))
    try:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0, unicode="e"))
        pump(g)
        assert g.current == "orc"
        g.update(PACE_MS)
        g.draw()
        why = next(t for t, _c in g.log if "(computer)" in t)
        assert not re.search(r"\d", why), why
        assert "likely" in why or "scratch" in why
        assert re.search(r"\d+(\.\d+)? damage expected", why.detail)
        banner = g.computer.reason_now()
        assert banner == why and not re.search(r"\d", banner)
        g.handoff = None
        g.draw()
        index = g.log.index(next(e for e in g.log if e[0] is why))
        row = next(r for i, r in g.log_view.rows if i == index)
        drawn = g.log_view.hovered_lines(g.log, row.center)
        assert any("damage expected" in t for t in drawn), drawn
    finally:
        g.battle.close()


def test_long_log_lines_wrap_inside_the_log():
    """Finding 5: log lines were cut at the log's edge: a long one wraps onto more rows,
    each inside the log."""
    g = open_screen(Battle(parse_scenario(DUEL_AI, "t.toml")))
    try:
        long_line = " ".join(["Aldric strikes the orc with a longsword, and the blow lands hard"] * 3)
        g.log.append((long_line, (200, 200, 200)))
        g.handoff = None
        g.draw()
        rows = [r for i, r in g.log_view.rows if i == len(g.log) - 1]
        assert len(rows) >= 2 and all(g.log_view.rect.contains(r) for r in rows)
        assert sentence("CHARGE_OK", {}, "en").endswith("(green)")     # no more "…, ending in"
    finally:
        g.battle.close()


# --- tooltips, the dead, the coup de grace (findings 6, 10 and 11) -------------------------

def test_the_tooltip_covers_no_neighbouring_token(clearing):
    """Finding 6: the tooltip covered the tokens next to the hovered one: it is put beside
    the hovered token where it covers no other (Jozan stands among Tordek, Lidda, Mialee)."""
    from game.ui import tooltip
    g = clearing("en")
    for cid in ("jozan", "tordek", "mialee", "lidda"):
        hover(g, g.battle.board().body(cid).pos)
        g.draw()
        rects = tooltip.token_rects(g)
        box = g.tooltip_rect
        assert box is not None and g._board_rect().contains(box)
        assert box.collidelist([r for other, r in rects.items() if other != cid]) < 0, cid
        assert not box.colliderect(rects[cid])


def test_a_stale_tooltip_goes_when_the_camera_moves(clearing):
    """Finding 6: after a zoom or a pan the tooltip stayed, about what was no longer under
    the mouse: it goes until the mouse moves again."""
    g = clearing("en")
    jozan = g.battle.board().body("jozan").pos
    hover(g, jozan)
    assert g.tooltip_lines()[0] == "Jozan"
    pygame.mouse.set_pos(at(g, jozan))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))        # zoom in
    pump(g)
    assert g.tooltip_lines() == [] and g.tooltip_rect is None
    hover(g, g.battle.board().body("jozan").pos)
    assert g.tooltip_lines()[0] == "Jozan"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))   # a pan
    pump(g)
    assert g.tooltip_lines() == []


SLEEPER = '''seed = 3
[map]
grid = """
..........
..........
"""
[[creature]]
id = "hero"
name = "Aldric"
side = "blue"
at = [1, 1]
weapon = "greataxe"
str = 30
bab = 5
initiative = 20

[[creature]]
id = "orc"
name = "Orc"
side = "red"
at = [2, 1]
hp = 6
conditions = ["asleep", "prone"]
initiative = 1

[[creature]]
id = "grunt"
name = "Grunt"
side = "red"
at = [9, 0]
initiative = 2
'''


def test_a_coup_de_grace_says_it_is_an_automatic_critical_and_the_dead_show_dead_only():
    """Findings 10 and 11: the coup de grace's entry says on hover and its damage line says
    in the log that it is an automatic critical; the sleeping orc it kills shows dead only:
    no Zz or P badge, no "asleep, prone, dead" in its tooltip or the panel."""
    from game.ui.board_view import shown_badges
    g = open_screen(Battle(parse_scenario(SLEEPER, "t.toml")))
    try:
        assert set(shown_badges(g.battle.board().body("orc").conditions)) == {"asleep", "prone"}
        press_button(g, "more")
        entry = choice_rect(g, lambda _label, value: value[1] == "coup_de_grace")
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=entry.center, rel=(0, 0), buttons=(0, 0, 0)))
        pump(g)
        assert "automatic critical" in g.dialog.tip()
        click_at(g, entry.center)
        click_at(g, at(g, (2, 1)))                     # the sleeping orc
        if g.dialog is not None:                       # an attack of opportunity asked: not taken ("no")
            g.draw()
            no = next(r for r, (_label, v) in zip(g.dialog.rects, g.dialog.choices) if v is False)
            click_at(g, no.center)
        assert g.battle.history[-1]["action"] == "coup_de_grace"
        assert any("automatic critical hit, damage ×" in text for text, _c in g.log), g.log[-6:]
        assert any(text.startswith("Orc is dead (") for text, _c in g.log)
        assert not any(text in ("Orc: dead", "Orc: helpless") for text, _c in g.log)      # said once
        orc = g.battle.board().body("orc")
        assert "dead" in orc.conditions and {"asleep", "prone"} <= set(orc.conditions)
        assert shown_badges(orc.conditions) == ["dead"]
        g.motion.finish()
        hover(g, (2, 1))
        assert g.tooltip_lines() == ["Orc", "dead"]      # not its hit points, AC and club
    finally:
        g.battle.close()


def test_log_lines_name_the_creature_not_its():
    assert sentence("LOG_FEINTED", {"name": "Lidda", "target": "Gnoll 1"}, "en") == \
        "Lidda feints Gnoll 1: Gnoll 1 has no Dex bonus against Lidda's next attack"
    assert "its" not in sentence("LOG_SPELL_PENDING", {"name": "Jozan", "spell": "Bless"}, "en").split()


def test_attack_open_with_only_an_ally_in_reach_says_so(clearing):
    """Finding 8: Attack was open for Tordek with no foe near, greyed for the others. Why:
    Jozan stands beside him, and the rules let a creature strike an ally, so ``options``
    offers it (the engine is right; Lidda has nobody in reach). The window keeps it open,
    as ``options`` says, and its hover (and an amber corner) says it would strike an ally."""
    g = clearing("en")
    while g.current != "tordek":
        g.battle.act(g.current, "end_turn", {})
    g._after_events([])
    g.handoff = None
    opts = g.battle.options("tordek")
    assert opts["attack"].legal and opts["attack"].domain["targets"] == ["jozan"]
    g._panel_picture = None
    g.draw()
    attack = next(b for b in g.buttons if b.name == "attack")
    assert attack.enabled
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=attack.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)
    assert g.tip == "No foe within reach: only allies (Jozan) — it would strike one of them."
    # Lidda, with nobody next to her, has it greyed with the engine's reason
    while g.current != "lidda":
        g.battle.act(g.current, "end_turn", {})
    g._after_events([])
    assert g.availability()["attack"] == g.say(g.battle.options("lidda")["attack"].refusal)


# --- F9 and the log after a load (finding 9) ---------------------------------------------

def key(g: GameScreen, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    pump(g)


def test_f9_asks_first_and_the_log_goes_on_at_the_right_turn(tmp_path):
    """Finding 9: F9 loaded at once, and the log after it began "Round 1" on another
    creature's turn. F9 asks first ("Keep playing" changes nothing); the loaded battle's
    log keeps the lines saved with it and goes on at the round and turn it is at."""
    from game.ui.app import _save_hooks
    path = tmp_path / "duel.toml"
    path.write_text(DUEL_AI.replace('[sides.red]\ncontrol = "ai"\nlevel = "normal"\n', ""), encoding="utf-8")
    g = open_screen(Battle(load_scenario(path)), saves=_save_hooks(str(tmp_path / "saves"), "en"))
    try:
        g.handoff = None
        key(g, pygame.K_e)                      # Aldric ends his turn
        g.handoff = None
        key(g, pygame.K_e)                      # the orc ends its: round 2, Aldric
        assert (g.battle.round, g.current) == (2, "hero")
        g.handoff = None
        saved_lines = [text for text, _c in g.log]          # what the save keeps
        key(g, pygame.K_F5)
        g.handoff = None
        key(g, pygame.K_e)                      # played after the save: the orc's turn
        assert g.current == "orc"
        g.handoff = None                        # the orc's player took the screen
        key(g, pygame.K_F9)
        assert g.dialog is not None and "quick save" in g.dialog.text
        click_at(g, choice_rect(g, lambda _l, v: v is False).center)      # keep playing
        assert g.dialog is None and g.current == "orc"
        key(g, pygame.K_F9)
        click_at(g, choice_rect(g, lambda _l, v: v is True).center)       # load
        assert (g.battle.round, g.current) == (2, "hero")
        texts = [text for text, _c in g.log]
        assert texts[:len(saved_lines)] == saved_lines
        assert texts[-1] == "Round 2: Aldric's turn" and texts[-2].startswith("Loaded")
        assert "Round 1: Aldric's turn" not in texts[len(saved_lines):]
    finally:
        g.battle.close()


def test_a_refusal_names_the_creature_instead_of_it(clearing):
    """Finding 11: "It is not prone." in the log and the hovers: the creature is named."""
    from game.rules.reasons import Refusal
    g = clearing("en")
    assert g.say(Refusal("NOT_PRONE", {})) == "Lidda is not prone."
    assert g.say(Refusal("HAND_EMPTY", {})) == "Lidda's hand is empty."
    assert g.say(Refusal("NOT_YOUR_TURN", {"turn": "tordek"})) == "It is Tordek's turn."
    g.lang = g.names.lang = "fr"
    assert g.say(Refusal("NOT_PRONE", {}), "tordek") == "Tordek n'est pas à terre."
    assert g.availability()["stand_up"] == "Lidda n'est pas à terre."


def test_a_long_name_in_the_initiative_list_keeps_its_hit_points_in_the_panel():
    """Finding 5: panel lines were cut at its edge; an initiative line shortens a long name
    rather than lose the hit points and the status."""
    long_name = "Varro l'enchaîné, champion des jeux de Port-Sable et terreur des arènes du sud"
    g = open_screen(Battle(parse_scenario(DUEL_AI.replace('name = "Aldric"', f'name = "{long_name}"'), "t.toml")))
    try:
        words = []
        orig = g._text

        def spy(text, *a, **kw):
            words.append(text)
            return orig(text, *a, **kw)
        g._text = spy
        g._panel_picture = None
        g.draw()
        line = next(t for t in words if "30/30" in t and "…" in t)
        from game.ui import theme
        from game.ui.screen_drawing import PANEL_W
        assert theme.font(13).size(line)[0] <= PANEL_W - 36
    finally:
        g.battle.close()


@pytest.mark.parametrize("lang, aoo, said", [("en", 0, "(no attack of opportunity on the way)"),
                                             ("en", 1, "(one attack of opportunity on the way)"),
                                             ("fr", 1, "(une attaque d'opportunité en chemin)")])
def test_a_reasons_count_of_attacks_of_opportunity_reads_as_words(clearing, lang, aoo, said):
    from game.ui.why_words import worded
    g = clearing(lang)
    line = worded(g.battle, "WHY_MOVE_STRIKE", {"target": "wolf_1", "aoo": aoo, "damage": 9.0}, lang, g.names)
    assert line.endswith(said) and ("Wolf 1" in line if lang == "en" else "Loup 1" in line)


def test_a_saved_log_that_does_not_read_is_left_out_not_fatal(tmp_path):
    """A save's log lines are the player's file: any that do not read are left out, and
    the battle loads with the turn line."""
    import json
    from game.ui.app import _save_hooks
    path = tmp_path / "duel.toml"
    path.write_text(DUEL_AI.replace('[sides.red]\ncontrol = "ai"\nlevel = "normal"\n', ""), encoding="utf-8")
    g = open_screen(Battle(load_scenario(path)), saves=_save_hooks(str(tmp_path / "saves"), "en"))
    try:
        g.handoff = None
        key(g, pygame.K_F5)
        quick = tmp_path / "saves" / "quicksave.json"
        doc = json.loads(quick.read_text(encoding="utf-8"))
        doc["meta"]["log"] = [["fine", [1, 2, 3]], "bad", [1, 2, 3], ["no colour", [1, 2]], ["x", [300, 0, 0]], None]
        quick.write_text(json.dumps(doc), encoding="utf-8")
        key(g, pygame.K_F9)
        click_at(g, choice_rect(g, lambda _l, v: v is True).center)
        texts = [text for text, _c in g.log]
        assert texts[0] == "fine" and texts[-1] == "Round 1: Aldric's turn" and len(texts) == 3
    finally:
        g.battle.close()


def test_a_french_refusal_beginning_with_a_possessive_names_the_creature(clearing):
    """Leftover of finding 11: "Sa main est vide." kept its possessive in French; the
    window names the creature after the noun phrase, eliding "de" before a vowel."""
    from game.rules.reasons import Refusal
    g = clearing("fr")
    g.lang = g.names.lang = "fr"
    assert g.say(Refusal("HAND_EMPTY", {})) == "La main de Lidda est vide."
    assert g.say(Refusal("NO_SPEED", {}), "tordek") == "La vitesse de Tordek est nulle."
    assert g.say(Refusal("SHIELD_IN_OTHER_HAND", {})) == "L'autre main de Lidda tient son bouclier."
    assert g.say(Refusal("SWIM_FAILED_THIS_ROUND", {})).startswith("Le test de Natation de Lidda a échoué")
    assert g.say(Refusal("MOUNT_MOVED_ONE_ATTACK", {})).startswith("La monture de Lidda s'est déplacée")
    assert g.say(Refusal("SWIMS_AT_ITS_SPEED", {})).startswith("Lidda a une vitesse de nage")
    g.names["lidda"] = "Éowyn"                    # a name that begins with a vowel
    assert g.say(Refusal("HAND_EMPTY", {})) == "La main d'Éowyn est vide."
    assert g.availability()["stand_up"] == "Éowyn n'est pas à terre."       # what the bar's hover says


def test_every_french_refusal_reads_with_the_creature_named():
    """No French sentence of the engine's begins with a pronoun or a possessive the window
    leaves in place (a new one with a noun phrase of several words is listed there)."""
    from game.i18n import catalogue
    from game.ui.named_subject import named
    for code, texts in catalogue().items():
        fr = texts.get("fr") if isinstance(texts, dict) else None
        if not isinstance(fr, str) or code.startswith(("SET_", "UI_", "PAUSE_")):
            continue
        said = named(fr, "Lidda", "fr")
        first = said.split(" ", 1)[0]
        assert first not in ("Il", "Elle", "Sa", "Son", "Ses"), (code, said)
        if fr.startswith(("Sa ", "Son ", "Ses ")):       # the noun phrase, then whose: no word cut off
            phrase = said.split(" de Lidda", 1)[0]
            phrase = phrase[2:] if phrase.startswith("L'") else phrase.split(" ", 1)[-1]
            assert " de Lidda" in said and fr.split(" ", 1)[1].startswith(phrase), (code, said)
