"""Window flows left by the issue 14 play-test, driven with posted pygame events (SDL
dummy driver): a double move in one click (two move actions, French text « se
déplacer »), the second one refused with the engine's reason when an attack of
opportunity stopped the first."""
from __future__ import annotations

import pygame
import pytest

from game.content.scenario import parse_scenario
from game.i18n import sentence
from game.ui import double_move
from game.ui.game_screen import GameScreen
from game.world.components import HitPoints
from screen_driver import Screens, at, click, hover, pump

FIELD = """
seed = 3
[map]
grid = \"\"\"
..............
..............
..............
..............
\"\"\"
[[creature]]
id = "hero"
name = "Héros"
name_en = "Hero"
side = "blue"
at = [1, 1]
weapon = "longsword"
str = 6
initiative = 20

[[creature]]
id = "orc"
name = "Orque"
name_en = "Orc"
side = "red"
at = [ORC]
weapon = "club"
str = 30
initiative = 10
"""
FAR = FIELD.replace("[ORC]", "[12, 3]")          # nobody near: a free walk
BESIDE = FIELD.replace("[ORC]", "[1, 2]")        # leaving the orc's reach provokes


@pytest.fixture
def window():
    screens = Screens()
    yield screens.make
    screens.close()


def click_button(g: GameScreen, name: str) -> None:
    g.draw()
    click(g, next(b.rect for b in g.buttons if b.name == name).center)


def scripted(g: GameScreen, faces: list[int]) -> None:
    """The next command the window plays rolls these raw faces (the engine's scripted dice)."""
    act = g.battle.act

    def once(*args, **kw):
        g.battle.act = act
        return act(*args, dice=list(faces), **kw)
    g.battle.act = once


def moves_played(g: GameScreen) -> list[dict]:
    return [c for c in g.battle.history if c["action"] == "move"]


# --- 1. the double move in one click -----------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_one_click_on_a_double_move_square_plays_two_move_actions(window, lang):
    """The violet band (``options``' move domain "double") is clicked once: the hero ends
    there, by two moves split where the first move action's reach ends, both actions
    spent and both logged; the hover showed the whole path and where the first ends."""
    g = window(FAR, lang)
    click_button(g, "move")
    goal = (10, 1)
    assert g.overlay.bands.get(goal) == "double"           # nine squares: beyond one move of six
    hover(g, at(g, goal))
    assert g.overlay.path_ok and g.overlay.path[0] == (1, 1) and g.overlay.path[-1] == goal
    assert len(g.overlay.path) == 10                        # both legs drawn, start to goal
    assert (g.overlay.path[6], double_move.MARK) in g.overlay.marks     # the first move's six squares
    assert sentence("PATH_DOUBLE", {"mark": double_move.MARK}, lang) in g.overlay.caption
    lines = len(g.log)
    click(g, at(g, goal))
    assert g.battle.board().body("hero").pos == goal
    legs = moves_played(g)
    assert [len(c["args"]["squares"]) for c in legs] == [6, 3]
    assert legs[0]["args"]["squares"][-1] == [7, 1] and legs[1]["args"]["squares"][-1] == [10, 1]
    left = g.battle.actions_left()
    assert not left["move"] and not left["standard"] and not left["full_round"]
    logged = [str(t) for t, _c in g.log[lines:]]
    action = sentence("ACT_move", {}, lang)
    assert sum(1 for t in logged if action in t) == 2, logged      # a log line per move action
    assert g.mode is None                                  # no move left: Move mode is over
    # one click, one undo: U takes both moves back (no die was rolled)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u", scancode=0))
    pump(g)
    assert g.battle.board().body("hero").pos == (1, 1) and g.battle.actions_left()["full_round"]


def test_a_square_one_move_reaches_is_still_a_single_move(window):
    """The blue band is not cut in two: one click, one move action, the standard kept."""
    g = window(FAR)
    click_button(g, "move")
    assert g.overlay.bands.get((5, 1)) == "move"
    click(g, at(g, (5, 1)))
    assert g.battle.board().body("hero").pos == (5, 1) and len(moves_played(g)) == 1
    assert g.battle.actions_left()["standard"]


def _answer(g: GameScreen, value) -> None:
    """Through the hand-off, if any, then the dialog's answer with this value."""
    for _ in range(4):
        if g.handoff is not None:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
            pump(g)
        elif g.dialog is not None:
            values = [v for _l, v in g.dialog.choices]
            assert value in values, g.dialog.choices
            click(g, g.dialog.rects[values.index(value)].center)
            return
    raise AssertionError("no dialog came")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_double_move_stopped_by_a_trip_says_the_engines_reason_for_the_second(window, lang):
    """The orc trips the hero with its attack of opportunity as the first move leaves its
    reach (French text, note 7): the first move ends where the hero fell, and the second
    is refused with the engine's own sentence in the log; nothing more is spent."""
    g = window(BESIDE, lang)
    click_button(g, "move")
    goal = (10, 1)
    assert g.overlay.bands.get(goal) == "double"
    # the hero's attack on the tripping orc misses (1), the orc's touch attack hits (15),
    # the trip's checks: the orc 18, the hero 2
    scripted(g, [1, 15, 18, 2])
    click(g, at(g, goal))
    _answer(g, "trip")                                      # the orc's player: trip instead
    while g.dialog is not None or g.handoff is not None:   # the hero's own attack: taken
        _answer(g, True)
    board = g.battle.board()
    assert board.body("hero").pos == (1, 1) and "prone" in board.body("hero").conditions
    assert len(moves_played(g)) == 1                        # the second move was never played
    refusal = g.battle.check(g.battle.command("hero", "move", {"squares": [[2, 1]]}))
    assert refusal is not None and g.say(refusal, "hero") == str(g.log[-1][0])
    assert g.battle.actions_left()["standard"]              # the second move spent nothing


# --- 2. the start menu keeps who plays each side across maps ------------------------------
def _menu_click(m, kind, value=None) -> None:
    m.draw()
    rect = next(r for k, v, r in m.rects if k == kind and (value is None or v == value))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
    for event in pygame.event.get():
        m.handle(event)
    m.draw()


def _map(sides: dict[str, str]) -> str:
    """A tiny scenario with a creature per side, each side's ``[sides]`` default given."""
    text = 'seed = 1\n[map]\ngrid = """\n......\n......\n"""\n'
    for i, side in enumerate(sides):
        text += f'[[creature]]\nid = "c{i}"\nside = "{side}"\nat = [{i}, 0]\ninitiative = {10 - i}\n'
    for side, control in sides.items():
        level = control.partition(":")[2]
        text += f'[sides.{side}]\ncontrol = "{control.partition(":")[0]}"\n' + (f'level = "{level}"\n' if level else "")
    return text


def test_choosing_another_map_keeps_each_sides_control_where_the_map_has_that_side():
    """Play-test: red set to the computer at hard, then another map chosen: red was human
    again. Each side keeps what the player chose when the new map has a side of that name
    (the choice kept through a map without it); the sides the player left alone start from
    the new map's own defaults; a keyboard change of map does the same."""
    from pathlib import Path

    from game.ui.menu import Menu
    pygame.display.init()
    pygame.font.init()
    try:
        m = Menu(pygame.display.set_mode((1280, 800)), "en")
        m.entries = [(Path(f"{name}.toml"), parse_scenario(_map(sides), f"{name}.toml")) for name, sides in (
            ("duel", {"blue": "human", "red": "human"}),
            ("three", {"blue": "ai:normal", "red": "ai:easy", "green": "ai:easy"}),
            ("alone", {"gold": "human", "grey": "ai:hard"}))]
        _menu_click(m, "map", 0)
        _menu_click(m, "control", "red")                  # red: the computer …
        _menu_click(m, "level", "red")                    # … at hard (normal, then hard)
        assert m.controls() == {"blue": "human", "red": "ai:hard"}
        _menu_click(m, "map", 1)
        # red as the player chose it; blue (left alone) and green: this map's defaults
        assert m.controls() == {"blue": "ai:normal", "red": "ai:hard", "green": "ai:easy"}
        _menu_click(m, "control", "green")                # green: a person now
        assert m.controls()["green"] == "human"
        _menu_key(m, pygame.K_DOWN)
        assert m.controls() == {"gold": "human", "grey": "ai:hard"}      # no side in common: its defaults
        _menu_key(m, pygame.K_UP)
        assert m.controls() == {"blue": "ai:normal", "red": "ai:hard", "green": "human"}
        _menu_click(m, "map", 0)
        assert m.controls() == {"blue": "human", "red": "ai:hard"}       # no green on the duel
        # the real maps: red made the computer's on the first, still the computer's on the next
        real = Menu(m.screen, "fr")
        _menu_click(real, "control", "red")
        chosen = real.controls()["red"]
        assert chosen.startswith("ai:")
        _menu_click(real, "map", 1)
        assert real.controls()["red"] == chosen and real.controls()["blue"] == "human"
    finally:
        pygame.quit()


def _menu_key(m, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    for event in pygame.event.get():
        m.handle(event)
    m.draw()


# --- 3. casting in the saddle: ride on after the spell ------------------------------------
SADDLE = """
seed = 4
[map]
grid = \"\"\"
..............
..............
..............
..............
..............
\"\"\"
[[creature]]
id = "knight"
name = "Chevalier"
name_en = "Knight"
side = "blue"
at = [0, 2]
weapon = "shortbow"
caster_class = "wizard"
caster_level = 1
concentration = 3
ride = 6
spells = ["magic_missile", "magic_missile"]
initiative = 20

[[creature]]
id = "horse"
name = "Destrier"
name_en = "Warhorse"
side = "blue"
at = [1, 2]
template = "heavy_warhorse"
initiative = 15

[[creature]]
id = "orc"
name = "Orque"
name_en = "Orc"
side = "red"
at = [12, 3]
hp = 40
initiative = 10
"""


def _in_the_saddle(window, lang: str) -> GameScreen:
    """The knight mounted through the window (a move action), its next turn begun."""
    g = window(SADDLE, lang)
    click_button(g, "mount")
    click(g, at(g, (1, 2)))                                  # the horse's space
    _answer(g, False)                                        # mount normally (a move action)
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0, unicode="e", scancode=0))
        pump(g)
        g.handoff = None
        if g.current == "knight":
            break
    assert g.current == "knight" and g.mount_of("knight") == "horse"
    return g


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("ride_on", [True, False])
def test_a_rider_whose_mount_moved_is_asked_to_ride_on_after_its_spell(window, lang, ride_on):
    """French text, « Lancer des sorts en selle »: the mount moved before the spell; the
    window asks whether it goes on after (Concentration 10 + the spell's level) or stays
    (no check). Riding on: the check is rolled and logged, and the horse moves again;
    staying: no check, and the ride after is refused with the engine's reason."""
    g = _in_the_saddle(window, lang)
    click_button(g, "move")
    click(g, at(g, (4, 2)))                                  # the horse moves first
    assert g.battle.board().body("horse").pos == (4, 2)
    click_button(g, "cast")
    missile = next(r for r, (_l, v) in zip(g.dialog.rects, g.dialog.choices) if v == ("spell", "magic_missile"))
    click(g, missile.center)
    assert g.mode == "cast"
    # riding on: the check 8 + 3 = 11 (DC 11), then the missile's d4: 3; staying: the d4 only
    scripted(g, [8, 3] if ride_on else [3])
    click(g, at(g, (12, 3)))
    assert g.dialog is not None and g.dialog.text == sentence("UI_RIDE_ON", {}, lang)
    labels = dict((v, label) for label, v in g.dialog.choices)
    assert labels == {False: sentence("UI_RIDE_STAY", {}, lang), True: sentence("UI_RIDE_GO_ON", {}, lang)}
    cast_before = [c for c in g.battle.history if c["action"] == "cast"]
    logged = len(g.log)
    _answer(g, ride_on)
    while g.dialog is not None:                              # anything else the spell asks: the first answer
        click(g, g.dialog.rects[0].center)
    cast = [c for c in g.battle.history if c["action"] == "cast"]
    assert len(cast) == len(cast_before) + 1 and bool(cast[-1]["args"].get("ride_on")) is ride_on
    checks = [str(t) for t, _c in g.log[logged:] if "Concentration" in str(t)]
    assert len(checks) == (1 if ride_on else 0), [str(t) for t, _c in g.log[logged:]]
    if ride_on:
        assert "11" in checks[0]                             # DC 10 + the spell's level
    assert g.battle.comp("orc", HitPoints).current == 40 - 4      # the missile: 1d4 + 1
    # after the spell: the horse rides on, or the ride is refused with the engine's reason
    click_button(g, "move")
    reason = next(b.reason for b in g.buttons if b.name == "move")
    if ride_on:
        assert reason == ""
        click(g, at(g, (6, 2)))
        assert g.battle.board().body("horse").pos == (6, 2)
    else:
        # the engine's reason, which says how to ride on next time by the answer's own words
        # (it said "ride_on", the command's key, to the player)
        assert reason and "Concentration" in reason and "ride_on" not in reason
        assert sentence("UI_RIDE_GO_ON", {}, lang) in reason
        click(g, at(g, (6, 2)))
        assert g.battle.board().body("horse").pos == (4, 2)


# --- 4. a reason that begins with its action's verb says it once -------------------------
CHARGER = """
seed = 5
[map]
grid = \"\"\"
..............
..............
..............
..............
\"\"\"
[[creature]]
id = "hero"
name = "Héros"
name_en = "Hero"
side = "blue"
at = [1, 1]
weapon = "longsword"
initiative = 30

[[creature]]
id = "orc"
name = "Orque"
name_en = "Orc"
side = "red"
at = [8, 1]
template = "orc"
initiative = 1

[sides.red]
control = "ai"
level = "normal"
"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_computers_charge_is_said_once_in_both_languages(window, lang):
    """Play-test: « Orque (ordinateur), Charger — charge Héros par un couloir dégagé … »:
    the button's verb, then the reason's same verb conjugated. The line says it once."""
    g = window(CHARGER, lang)
    for key in (pygame.K_e, pygame.K_SPACE):                 # the hero ends its turn; the orc plays at once
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        pump(g)
    assert [c["action"] for c in g.battle.history] == ["end_turn", "charge"]
    why = sentence("WHY_CHARGE", {"target": g.names["hero"], "damage": 0}, lang).split(" : " if lang == "fr" else ": ")[0]
    why = why[:1].upper() + why[1:]                         # it begins the line: capitalised
    line = next(str(t) for t, _c in g.log if why in str(t))
    verb = sentence("ACT_charge", {}, lang).lower()[:6]       # "charge" / "charge" (charger): said once
    assert line.lower().count(verb) == 1 and " — " not in line, line
    assert line.startswith(sentence("UI_AI_WHY_ALONE", {"name": g.names["orc"], "why": ""}, lang))


@pytest.mark.parametrize("lang, action, why, once", [
    ("fr", "ACT_charge", "charge Tordek par un couloir dégagé : de quoi frapper fort", True),
    ("en", "ACT_turn_undead", "turns undead: 6 undead within 60 ft", True),
    ("fr", "ACT_turn_undead", "renvoie les morts-vivants : 6 à moins de 18 m", True),
    ("fr", "ACT_move", "se déplace pour frapper Tordek (aucune attaque d'opportunité)", True),
    ("fr", "ACT_disarm", "désarme Tordek : une chance sur deux", True),
    # not the action's verb: the action stays named before the reason
    ("fr", "ACT_move", "se place pour tirer à découvert sur Mialee : de quoi frapper fort", False),
    ("en", "ACT_attack", "attends: nothing better", False),
])
def test_a_reason_that_begins_with_its_actions_verb_is_not_prefixed_with_it(lang, action, why, once):
    from game.ui.computer_turns import why_line
    name = sentence(action, {}, lang)
    line = why_line("Gnoll 1", name, why, lang)
    # the reason that begins the line is capitalised as the action would be
    assert line.endswith(why[:1].upper() + why[1:] if once else why)
    assert (name not in line) is once, line


def test_a_french_impersonal_reason_names_the_creature_with_a_verb_of_its_own(window):
    """« Il faut être au contact de Mialee … » said of Lidda read « Lidda faut être … »:
    it reads « Lidda doit être au contact de … » on the greyed Bull rush's hover."""
    g = window(FAR.replace('name = "Héros"', 'name = "Lidda"'), "fr")
    g.draw()
    button = next(b for b in g.buttons if b.name == "bull_rush")
    assert not button.enabled
    hover(g, button.rect.center)
    assert g.tip.startswith("Lidda doit être au contact d") and "faut" not in g.tip


def test_in_the_saddle_move_mode_shades_the_mounts_bands_and_a_violet_click_rides_double(window):
    """A rider's Move is its mount's (``ride``): the bands are the ride's (the move band is
    ``options``' ride domain), and a click on the violet band plays the mount's double
    move, one ``Ride`` command in mode "double" (French text, « combat monté »)."""
    g = _in_the_saddle(window, "en")
    click_button(g, "move")
    ride = g.battle.options("knight")["ride"]
    moves = {(x, y) for x, y, _m in ride.domain["squares"]}
    bands = g.overlay.bands
    assert moves and {sq for sq, b in bands.items() if b == "move"} == moves
    goal = (12, 0)
    assert bands.get(goal) == "double"
    hover(g, at(g, goal))
    assert g.overlay.path_ok and g.overlay.path[-1] == goal
    assert sentence("PATH_DOUBLE_RIDDEN", {}, "en") in g.overlay.caption
    click(g, at(g, goal))
    while g.dialog is not None:                              # a shot on the way: none
        click(g, g.dialog.rects[0].center)
    last = g.battle.history[-1]
    assert last["action"] == "ride" and last["args"]["mode"] == "double"
    assert g.battle.board().body("horse").pos == goal == g.battle.board().body("knight").pos


CORRIDOR = """
seed = 3
[map]
grid = \"\"\"
##############
......~.~~....
##############
\"\"\"
[[creature]]
id = "hero"
name = "Héros"
name_en = "Hero"
side = "blue"
at = [0, 1]
weapon = "longsword"
initiative = 20

[[creature]]
id = "orc"
name = "Orque"
name_en = "Orc"
side = "red"
at = [13, 1]
weapon = "club"
initiative = 10
"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_double_move_square_two_moves_cannot_reach_is_refused_before_anything_is_spent(window, lang):
    """The double-move band is one movement of twice the speed; two moves of the speed
    each get less far through difficult ground (five squares, then 2 + 1 + 2 + 2 left: 7 >
    6). The hover crosses the path with the engine's reason for the second move; the click
    plays nothing and logs that reason; a square two moves reach still goes in one click."""
    g = window(CORRIDOR, lang)
    click_button(g, "move")
    goal = (9, 1)
    assert g.overlay.bands.get(goal) == "double"
    hover(g, at(g, goal))
    assert not g.overlay.path_ok and (goal, "×") in g.overlay.marks
    reason = g.overlay.caption
    assert reason.startswith(sentence("PATH_DOUBLE_SECOND", {"reason": ""}, lang))
    # the engine's reason for the second move (TOO_FAR), with no raw coordinates: the
    # board labels no square, so the square is the one pointed at (play-test: "[9, 1]")
    assert reason == sentence("PATH_DOUBLE_SECOND", {"reason": sentence("TOO_FAR_HERE", {}, lang)}, lang)
    assert "[" not in reason and "9" not in reason
    lines = len(g.log)
    click(g, at(g, goal))
    assert g.battle.board().body("hero").pos == (0, 1) and not moves_played(g)
    assert [str(t) for t, _c in g.log[lines:]] == [reason]
    assert g.battle.actions_left()["move"] and g.battle.actions_left()["standard"]
    click(g, at(g, (8, 1)))                                  # 5, then 2 + 1 + 2: two moves
    assert g.battle.board().body("hero").pos == (8, 1) and len(moves_played(g)) == 2
