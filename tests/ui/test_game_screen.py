"""The hot-seat battle screen, driven by posted pygame events (SDL dummy driver): pick an
action, see the preview, act; hand-off between sides; a whole small battle to victory."""
from __future__ import annotations

import pygame
import pytest

from game.content.scenario import parse_scenario
from game.engine import Battle
from game.i18n import sentence
from game.ui.game_screen import GameScreen
from game.ui.menu import Menu
from game.world.components import Hands, Riding, TurnUses, Worn

DUEL = """
seed = 3
[map]
grid = \"\"\"
..........
..........
..........
..........
\"\"\"
[[creature]]
id = "hero"
name = "Héros"
side = "blue"
at = [1, 1]
weapon = "greataxe"
str = 30
bab = 5
initiative = 20

[[creature]]
id = "orc"
side = "red"
at = [6, 1]
weapon = "club"
hp = 6
initiative = 10
"""


def open_screen(text: str, lang: str = "en") -> GameScreen:
    """A battle screen on a scenario written in the test, in a 1280x800 dummy window."""
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    g = GameScreen(Battle(parse_scenario(text, "test.toml")), screen, lang)
    pygame.event.clear()
    return g


@pytest.fixture
def game():
    g = open_screen(DUEL)
    yield g
    g.battle.close()
    pygame.quit()


def pump(g):
    for event in pygame.event.get():
        g.handle(event)
    g.draw()


def click_button(g, name):
    g.draw()
    rect = next(r for n, r, _e, _why in g.buttons if n == name)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
    pump(g)


def choose_more(g, entry: str) -> None:
    """Open the "More…" menu of the creature whose turn it is and click ``entry``."""
    g.handoff = None
    g.refresh()
    g.draw()
    more = next(b for b in g.buttons if b.name == "more")
    click(g, more.rect.center)
    labels = [label for label, _v in g.dialog.choices]
    assert entry in labels, labels
    g.draw()
    click(g, g.dialog.rects[labels.index(entry)].center)
    g.handoff = None
    g.draw()


def at(g, square):
    x, y = g.cam.to_screen(square)
    return x + g.cam.cell // 2, y + g.cam.cell // 2


def test_move_with_the_preview_then_the_charge_is_refused_after_moving(game):
    g = game
    click_button(g, "move")
    assert g.mode == "move"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at(g, (4, 1)), rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)
    assert g.overlay.path[-1] == (4, 1) and "15 ft" in g.overlay.caption
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at(g, (4, 1))))
    pump(g)
    assert g.battle.board().body("hero").pos == (4, 1)
    reasons = dict((n, why) for n, _r, _e, why in g.buttons)
    assert reasons["charge"] and reasons["five_foot_step"]          # greyed, with the reason


def test_attack_logs_the_roll_and_the_hand_off_hides_the_board(game):
    g = game
    g.battle.act("hero", "move", {"squares": [[2, 1], [3, 1], [4, 1], [5, 1]]})
    click_button(g, "attack")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at(g, (6, 1))))
    pump(g)
    assert any("hero" in t.lower() or "Héros" in t for t, _c in g.log)
    assert any("vs AC" in t for t, _c in g.log)
    if g.battle.winner is None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e))
        pump(g)
        assert g.handoff == "red"          # the red player's turn: the board is hidden
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(10, 10)))
        pump(g)
        assert g.handoff is None


def test_a_whole_small_battle_to_the_victory_screen(game):
    g = game
    for _ in range(20):
        if g.battle.winner:
            break
        g.handoff = None
        if g.current == "hero":
            if not g.battle.act("hero", "attack", {"target": "orc"})[0]:
                click_button(g, "charge")
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at(g, (6, 1))))
                pump(g)
                if g.squares_asked:                  # tied closest spaces: the charger clicks one on the board
                    assert all(m == "?" for _sq, m in g.overlay.marks)
                    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                                         pos=at(g, g.squares_asked[0][0])))
                    pump(g)
            else:
                g._after_events([])
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e))
        pump(g)
    assert g.battle.winner == "blue"
    g.draw()
    assert g.damage["hero"][0] > 0 and g.damage["orc"][1] > 0


def test_undo_of_a_move_and_refusals_in_the_log(game):
    g = game
    assert g.perform("move", {"squares": [[2, 1]]})
    g.undo_last()
    assert g.battle.board().body("hero").pos == (1, 1)
    assert not g.perform("five_foot_step", {"to": [5, 5]})
    assert g.log[-1][0]


def test_the_menu_lists_the_maps_and_starts_a_battle():
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    m = Menu(screen, "fr")
    m.draw()
    assert len(m.entries) >= 8
    start = next(r for kind, _v, r in m.rects if kind == "start")
    lane = next(r for kind, v, r in m.rects if kind == "variant" and v == "lane")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=lane.center))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start.center))
    for event in pygame.event.get():
        m.handle(event)
    scenario, lang = m.chosen
    assert lang == "fr" and scenario.variants.charge_lane == "swept"
    pygame.quit()


def test_random_input_never_breaks_the_battle_screen(game):
    import random
    rng = random.Random(11)
    g = game
    kinds = [pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.KEYDOWN, pygame.MOUSEWHEEL]
    keys = [pygame.K_e, pygame.K_u, pygame.K_t, pygame.K_ESCAPE, pygame.K_LEFT, pygame.K_UP, pygame.K_a]
    for i in range(2000):
        kind = rng.choice(kinds)
        pos = (rng.randrange(0, 1280), rng.randrange(0, 800))
        if kind == pygame.MOUSEMOTION:
            ev = pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        elif kind == pygame.KEYDOWN:
            ev = pygame.event.Event(kind, key=rng.choice(keys))
        elif kind == pygame.MOUSEWHEEL:
            ev = pygame.event.Event(kind, x=0, y=rng.choice((-1, 1)))
        else:
            ev = pygame.event.Event(kind, button=rng.choice((1, 1, 1, 3)), pos=pos)
        g.running = True
        g.handle(ev)
        if i % 50 == 0:
            g.draw()
    g.draw()
    state = g.battle.state()
    for c in state["creatures"].values():
        assert c["hp"] <= c["max_hp"]
    positions = [tuple(c["at"]) for c in state["creatures"].values() if "dead" not in c["conditions"]]
    assert len(positions) == len(set(positions))


def test_save_and_load_through_the_keys_keep_the_battle(tmp_path):
    from game.ui.app import _save_hooks
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    scenario_file = tmp_path / "duel.toml"
    scenario_file.write_text(DUEL, encoding="utf-8")
    from game.content.scenario import load_scenario
    battle = Battle(load_scenario(scenario_file))
    g = GameScreen(battle, screen, "en", saves=_save_hooks(str(tmp_path / "saves"), "en"))
    assert g.perform("move", {"squares": [[2, 1], [3, 1]]})
    assert (tmp_path / "saves" / "autosave.json").exists()            # written after the action
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F5))
    pump(g)
    assert (tmp_path / "saves" / "quicksave.json").exists()
    before = g.battle.state()
    g.perform("move", {"squares": [[4, 1]]})
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F9))
    pump(g)
    assert g.dialog is not None and g.battle is battle          # asked first (play-test, issue 14)
    click(g, next(r for r, (_l, v) in zip(g.dialog.rects, g.dialog.choices) if v is True).center)
    assert g.battle.state() == before and g.battle is not battle
    (tmp_path / "saves" / "quicksave.json").write_text("{not json", encoding="utf-8")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F9))
    pump(g)
    click(g, next(r for r, (_l, v) in zip(g.dialog.rects, g.dialog.choices) if v is True).center)
    assert g.battle.state() == before and "quicksave.json" in g.log[-1][0]   # refused, game kept
    g.battle.close()
    pygame.quit()


MELEE = """
seed = 5
[map]
grid = \"\"\"
..........
..........
..........
..........
\"\"\"
[[creature]]
id = "hero"
side = "blue"
at = [1, 1]
weapon = "longsword"
bab = 11
str = 16
speed = 9
initiative = 20

[[creature]]
id = "orc_a"
side = "red"
at = [2, 1]
weapon = "club"
hp = 200
initiative = 10

[[creature]]
id = "orc_b"
side = "red"
at = [1, 2]
weapon = "club"
hp = 200
initiative = 5
"""


@pytest.fixture
def melee():
    g = open_screen(MELEE)
    yield g
    g.battle.close()
    pygame.quit()


def click(g, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pump(g)


def test_full_attack_takes_a_target_per_attack_and_enter_strikes_early(melee):
    g = melee
    click_button(g, "full_attack")
    click(g, at(g, (2, 1)))
    assert g.plan == ["orc_a"] and not g.battle.history              # nothing struck yet
    click(g, at(g, (1, 2)))
    assert g.plan == ["orc_a", "orc_b"] and not g.battle.history
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    pump(g)
    assert g.plan == []
    command = g.battle.history[-1]
    assert command["action"] == "full_attack" and command["args"]["targets"] == ["orc_a", "orc_b"]


def ready(g):
    """The player the hand-off screen names takes the screen (a click)."""
    assert g.handoff is not None
    click(g, (5, 5))


def decline_the_rest(g):
    """Every question left answered by its last choice (attacks of opportunity declined),
    each behind its hand-off when it belongs to the other player."""
    while g.dialog is not None or g.handoff is not None:
        if g.handoff is not None:
            ready(g)
        else:
            g.draw()
            click(g, g.dialog.rects[1 if g.dialog.yes_no else -1].center)     # "no", found by the answer


def test_overrun_asks_the_defender_to_avoid_or_block(melee):
    g = melee
    click_button(g, "overrun")
    click(g, at(g, (2, 1)))
    # hot seat keeps secrets: the defender's player is handed the screen before the question
    assert g.handoff == "red" and g.handoff_for == "orc_a" and g.dialog is None
    ready(g)
    assert g.dialog is not None and [v for _l, v in g.dialog.choices] == ["avoid", "block"]
    assert not g.battle.history                                          # the defender decides first
    avoid = next(r for r, (_label, value) in zip(g.dialog.rects, g.dialog.choices) if value == "avoid")
    click(g, avoid.center)
    decline_the_rest(g)                          # orc_b's attack of opportunity: its player declines
    assert g.battle.history[-1]["args"]["defender"] == "avoid"
    assert g.battle.board().body("hero").pos == (3, 1)                   # went through the avoided foe
    assert g.battle.board().body("orc_a").pos == (2, 1)


def test_a_failed_trip_asks_the_defender_about_the_counter_trip(melee):
    g = melee
    click_button(g, "trip")
    click(g, at(g, (2, 1)))
    ready(g)                                     # the defender's player takes the screen
    assert g.dialog is not None and [v for _l, v in g.dialog.choices] == [True, False]
    assert not g.battle.history
    no = next(r for r, (_label, v) in zip(g.dialog.rects, g.dialog.choices) if v is False)
    click(g, no.center)
    decline_the_rest(g)                          # attacks of opportunity for the unarmed trip: declined
    assert g.handoff is None and g.last_side == "blue"       # handed back before the trip was played
    command = g.battle.history[-1]
    assert command["action"] == "trip" and command["args"]["counter"] is False


def test_the_door_button_opens_the_door_next_to_the_creature():
    from tests.world.test_doors import DOORWAY
    g = open_screen(DOORWAY, "fr")
    assert g.availability()["door"] is None
    click_button(g, "door")                      # the only door next to the hero: no square to pick
    assert g.battle.current_terrain().kind((5, 1)).id == "open_door"
    assert "porte" in g.log[-1][0]
    click_button(g, "door")                      # the standard action as a second move: shut it again
    assert g.battle.current_terrain().kind((5, 1)).id == "door"
    assert g.availability()["door"]              # no move action left: greyed with the reason
    g.battle.close()
    pygame.quit()


def test_aiming_shows_the_cover_lines_and_a_translated_caption():
    walled = DUEL.replace('..........\n..........\n..........', '..........\n...#......\n..........', 1)
    g = open_screen(walled.replace('weapon = "greataxe"', 'weapon = "longbow"'), "fr")
    click_button(g, "attack")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at(g, (6, 1)), rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)
    kinds = [k for _a, _b, k in g.overlay.sight_lines]
    assert len(kinds) == 4 and "wall" in kinds
    assert "abri (+4 CA" in g.overlay.caption
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at(g, (1, 3)), rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)
    assert g.overlay.sight_lines == [] and g.overlay.caption == ""      # nothing aimed at
    g.battle.close()
    pygame.quit()


def test_a_delaying_creature_steps_in_from_the_tracker_and_a_click_inspects_a_foe(melee):
    g = melee
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e))     # the hero ends its turn
    pump(g)
    assert g.current == "orc_a"
    g.handoff = None
    click_button(g, "delay")                                                 # orc_a waits
    assert g.current == "orc_b" and "orc_a" in g.battle.delayed
    g.handoff = None
    g.draw()
    row = next(r for cid, r in g.tracker_rows if cid == "orc_a")
    click(g, row.center)
    assert g.current == "orc_a" and "orc_a" not in g.battle.delayed         # acts now, before orc_b
    assert g.battle.order.index("orc_a") < g.battle.order.index("orc_b")
    g.handoff = None
    click(g, at(g, (1, 1)))                                                  # no action chosen: inspect
    assert g.inspected == "hero"
    g.draw()
    assert g.battle.act("orc_a", "step_in", {})[1].code == "NOT_DELAYING"    # already its turn


def test_a_spider_gets_a_web_button_and_its_victim_a_break_free_button():
    from tests.world.test_spider_web import NEST
    g = open_screen(NEST)
    g.handoff = None
    assert "web" in g.buttons_for("spider") and "web" not in g.buttons_for("hero")
    assert "break_free" not in g.buttons_for("hero")
    for _ in range(30):                     # throw until one sticks (each try is a new turn)
        click_button(g, "web")
        while g.dialog is not None:
            g.draw()
            click(g, g.dialog.rects[1 if g.dialog.yes_no else -1].center)     # "no" to a yes-or-no question
        click(g, at(g, (6, 0)))
        if "entangled" in g.battle.board().body("hero").conditions:
            break
        g.battle.act("spider", "end_turn", {})
        g.battle.act("hero", "end_turn", {})
        g.battle.act("giant", "end_turn", {})
        g.refresh()
    assert "entangled" in g.battle.board().body("hero").conditions
    assert any("vs AC" in t for t, _c in g.log)
    g.battle.act("spider", "end_turn", {})
    g.handoff = None
    assert g.current == "hero" and "break_free" in g.buttons_for("hero")
    click_button(g, "break_free")
    assert g.battle.history[-1]["action"] == "break_free"
    g.battle.close()
    pygame.quit()


def test_t_shows_every_enemy_threat_or_only_the_clicked_creature(melee):
    g = melee
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t))
    pump(g)
    both = set(g.overlay.threat)
    assert {(3, 1), (0, 3)} <= both                  # orc_a threatens (3, 1), orc_b (0, 3)
    click(g, at(g, (2, 1)))                          # no action chosen: pick orc_a
    assert g.inspected == "orc_a"
    only_a = set(g.overlay.threat)
    assert (3, 1) in only_a and (0, 3) not in only_a


def test_a_hill_giant_throws_a_rock_from_its_own_button():
    grid = "\n".join("." * 30 for _ in range(4))
    text = f"""
seed = 4
[map]
grid = \"\"\"
{grid}
\"\"\"
[[creature]]
id = "giant"
side = "red"
at = [0, 0]
template = "hill_giant"
initiative = 20

[[creature]]
id = "hero"
side = "blue"
at = [20, 1]
initiative = 1
"""
    g = open_screen(text, "fr")
    g.handoff = None
    assert "throw_rock" in g.buttons_for("giant") and "throw_rock" not in g.buttons_for("hero")
    click_button(g, "throw_rock")
    g.cam.centre_on(30, 4, (900, 600))
    click(g, at(g, (20, 1)))
    command = g.battle.history[-1]
    assert command["action"] == "attack" and command["args"] == {"target": "hero", "weapon": "rock"}
    g.battle.close()
    pygame.quit()


def big_field(width: int = 60, height: int = 40) -> str:
    """A map larger than the window's board at every zoom, the duellists in its middle."""
    rows = "\n".join("." * width for _ in range(height))
    return DUEL.replace("..........\n..........\n..........\n..........", rows).replace(
        "at = [1, 1]", f"at = [{width // 2}, {height // 2}]").replace("at = [6, 1]", f"at = [{width // 2 + 5}, {height // 2}]")


def test_a_right_drag_pans_the_board_and_the_wheel_zooms():
    g = open_screen(big_field())        # a map larger than the view, so that there is somewhere to pan to
    g.handoff = None
    ox, oy, cell = g.cam.ox, g.cam.oy, g.cam.cell
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=(300, 300)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(340, 290), rel=(40, -10), buttons=(0, 0, 1)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=3, pos=(340, 290)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(400, 400), rel=(60, 110), buttons=(0, 0, 0)))
    pump(g)
    assert (g.cam.ox, g.cam.oy) == (ox - 40, oy + 10)           # moved with the drag, not after it
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    pump(g)
    assert g.cam.cell > cell
    g.battle.close()
    pygame.quit()


CAVALRY = """
seed = 8
[map]
grid = \"\"\"
..................
..................
..................
..................
\"\"\"
[[creature]]
id = "knight"
side = "blue"
at = [0, 0]
weapon = "lance"
bab = 4
ride = 6
initiative = 20

[[creature]]
id = "horse"
side = "blue"
at = [1, 0]
template = "heavy_warhorse"
initiative = 15

[[creature]]
id = "orc"
side = "red"
at = [14, 1]
hp = 60
initiative = 10
"""


def test_a_knight_mounts_rides_and_charges_through_the_window():
    g = open_screen(CAVALRY)
    g.handoff = None
    assert "mount" in g.buttons_for("knight")
    click_button(g, "mount")
    click(g, at(g, (2, 1)))                                  # the horse's space
    assert g.dialog is not None and [v for _l, v in g.dialog.choices] == [False, True]
    click(g, g.dialog.rects[0].center)                        # a move action
    assert g.battle.comp("knight", Riding).mount == "horse"
    assert "dismount" in g.buttons_for("knight") and "mount" not in g.buttons_for("knight")
    assert g.availability()["five_foot_step"]                  # the mount moves, not the rider
    # a move of the horse, previewed and played through ride
    click_button(g, "move")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at(g, (4, 0)), rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)
    assert g.overlay.path and g.overlay.path[0] == (1, 0)      # from the horse's space
    click(g, at(g, (4, 0)))
    command = g.battle.history[-1]
    assert command["action"] == "ride" and g.battle.command(command["who"], "ride", command["args"]).mode == "move"
    assert g.battle.board().body("knight").pos == g.battle.board().body("horse").pos == (4, 0)
    # next round: the charge is the horse's, the lance the knight's
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e))
        pump(g)
        g.handoff = None
        if g.current == "knight":
            break
    assert g.current == "knight"
    click_button(g, "charge")
    click(g, at(g, (14, 1)))
    assert g.squares_asked and (11, 1) in g.squares_asked[0]     # three spaces tie: the rider clicks one
    click(g, at(g, (11, 1)))
    while g.dialog is not None:
        click(g, g.dialog.rects[0].center)
    command = g.battle.history[-1]
    assert command["action"] == "ride" and command["args"]["mode"] == "charge" and command["args"]["end"] == [11, 1]
    assert any("vs AC" in t for t, _c in g.log)
    g.battle.close()
    pygame.quit()


def test_the_camera_follows_the_turn_to_a_creature_out_of_view(game):
    g = game
    g.cam.ox, g.cam.oy = 5000, 5000                 # panned far away
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e))
    pump(g)
    x, y = g.cam.to_screen(g.battle.board().body(g.current).pos)
    assert g._board_rect().collidepoint(x, y)
    before = (g.cam.ox, g.cam.oy)
    g._after_events([])                              # no new turn: the camera stays
    assert (g.cam.ox, g.cam.oy) == before


def test_climbing_a_rock_face_from_its_button():
    text = DUEL.replace("..........\n..........\n..........\n..........",
                        "..........\n..^.......\n..........\n..........", 1)
    g = open_screen(text)
    g.handoff = None
    assert "climb" in g.buttons_for("hero")                  # the face is next to it
    click_button(g, "climb")
    click(g, at(g, (2, 1)))
    assert g.dialog is not None and [v for _l, v in g.dialog.choices] == [False, True]
    click(g, g.dialog.rects[0].center)
    command = g.battle.history[-1]
    played = g.battle.command(command["who"], command["action"], command["args"])
    assert played.action == "climb" and played.squares == ((2, 1),) and played.hurry is False
    g.battle.close()
    pygame.quit()


CASTERS = """
seed = 12
[map]
grid = \"\"\"
............
............
............
............
............
\"\"\"
[[creature]]
id = "mialee"
side = "blue"
at = [1, 2]
template = "mialee_3"
initiative = 20

[[creature]]
id = "orc"
side = "red"
at = [8, 2]
hp = 40
initiative = 10

[[creature]]
id = "orc2"
side = "red"
at = [8, 4]
hp = 40
initiative = 5
"""


def test_casting_magic_missile_and_sleep_through_the_window():
    g = open_screen(CASTERS)
    g.handoff = None
    assert "cast" in g.buttons_for("mialee")
    click_button(g, "cast")
    labels = [label for label, _v in g.dialog.choices]
    assert "Magic Missile (1st, 1 left)" in labels
    missile = next(r for r, (label, v) in zip(g.dialog.rects, g.dialog.choices) if v == ("spell", "magic_missile"))
    click(g, missile.center)
    assert g.mode == "cast"
    click(g, at(g, (8, 2)))                             # first missile at the orc
    click(g, at(g, (8, 4)))                             # second at the other: mialee_3 has two
    command = g.battle.history[-1]
    assert command["action"] == "cast" and command["args"]["spell"] == "magic_missile"
    assert command["args"]["targets"] == ["orc", "orc2"]
    assert g.mode is None


def test_escape_closes_the_spell_list_and_an_area_spell_previews_its_squares():
    g = open_screen(CASTERS)
    g.handoff = None
    click_button(g, "cast")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    pump(g)
    assert g.dialog is None and not g.battle.history
    click_button(g, "cast")
    web = next(r for r, (label, v) in zip(g.dialog.rects, g.dialog.choices) if v == ("spell", "web"))
    click(g, web.center)
    x, y = at(g, (8, 3))
    corner = (x - g.cam.cell // 2, y - g.cam.cell // 2)          # the intersection at (8, 3)'s top left
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=corner, rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)
    assert {(7, 2), (8, 3)} <= g.overlay.reach and len(g.overlay.reach) > 4    # a 6 m spread
    click(g, corner)
    command = g.battle.history[-1]
    assert command["action"] == "cast" and command["args"]["spell"] == "web" and command["args"]["point"] == [8, 3]


def test_a_cleric_turns_undead_from_its_button():
    text = CASTERS.replace('template = "mialee_3"', 'template = "jozan_3"').replace(
        'id = "orc"\nside = "red"\nat = [8, 2]\nhp = 40', 'id = "orc"\nside = "red"\nat = [5, 2]\ntemplate = "human_zombie"')
    g = open_screen(text)
    g.handoff = None
    assert "turn_undead" in g.buttons_for("mialee") and "rebuke_undead" not in g.buttons_for("mialee")
    click_button(g, "turn_undead")
    assert g.battle.history[-1]["action"] == "turn_undead"
    assert g.battle.comp("mialee", TurnUses).used == 1                  # one use of the day spent


def test_the_more_menu_offers_what_applies_and_plays_it(melee):
    g = melee
    g.handoff = None
    click_button(g, "more")
    actions = [v[1] for _l, v in g.dialog.choices]
    assert "sheathe" in actions and "feint" in actions and "grapple_damage" not in actions
    feint = next(r for r, (_l, v) in zip(g.dialog.rects, g.dialog.choices) if v[1] == "feint")
    click(g, feint.center)
    assert g.mode == "more"
    click(g, at(g, (2, 1)))                                      # feint orc_a
    assert g.battle.history[-1]["action"] == "feint" and g.battle.history[-1]["args"]["target"] == "orc_a"
    # the feint took the standard action: the menu lists only what is still open
    click_button(g, "more")
    actions = [v[1] for _l, v in g.dialog.choices]
    assert "feint" not in actions and "sheathe" in actions
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    pump(g)
    # locked in a grapple on a new turn, the menu offers its options against the one held
    g.battle.act("hero", "end_turn")
    g.battle.act("orc_a", "end_turn")
    g.battle.act("orc_b", "end_turn")
    g.handoff = None
    from game.world.components import Conditions, Grapple
    for cid, other in (("hero", "orc_a"), ("orc_a", "hero")):
        g.battle.comp(cid, Grapple).holding.add(other)
        g.battle.comp(cid, Conditions).ids.add("grappling")
    g.battle.changed()
    click_button(g, "more")
    actions = [v[1] for _l, v in g.dialog.choices]
    assert {"grapple_damage", "pin", "escape", "release"} <= set(actions) and "feint" not in actions
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    pump(g)
    assert g.dialog is None


def test_a_shield_bash_is_offered_in_the_more_menu_and_played_at_the_foe_clicked():
    """Data-digest, "Shield bash" (``ui.more_actions``: an "aim" entry, then ``attack``
    with ``weapon: "shield"``)."""
    g = open_screen(MELEE.replace('weapon = "longsword"', 'weapon = "longsword"\nshield = "heavy_steel_shield"', 1))
    g.handoff = None
    click_button(g, "more")
    bash = next(r for r, (_l, v) in zip(g.dialog.rects, g.dialog.choices) if v == ("aim", "attack", {"weapon": "shield"}))
    click(g, bash.center)
    assert g.mode == "more"
    click(g, at(g, (2, 1)))
    assert g.battle.history[-1]["action"] == "attack"
    assert g.battle.history[-1]["args"] == {"target": "orc_a", "weapon": "shield"}
    g.battle.close()
    pygame.quit()


def test_a_worn_cloak_is_struck_through_the_more_menu_and_its_item_dialog():
    text = MELEE.replace('initiative = 20', 'initiative = 20\nfeats = ["improved_sunder"]').replace(
        'id = "orc_a"\nside = "red"\nat = [2, 1]', 'id = "orc_a"\nside = "red"\nat = [2, 1]\n'
        'worn = ["cloak_of_resistance_1", "ring_of_protection_1"]\ninventory = ["potion_cure_light_wounds"]')
    g = open_screen(text)
    g.handoff = None
    click_button(g, "more")
    entries = {v[1]: (r, v) for r, (_l, v) in zip(g.dialog.rects, g.dialog.choices) if v[0] == "item"}
    assert set(entries) == {"disarm", "sunder"}                        # snatch and strike an item
    click(g, entries["sunder"][0].center)
    assert g.mode == "more"
    click(g, at(g, (2, 1)))                                              # orc_a: which of its items?
    labels = [label for label, _v in g.dialog.choices]
    assert labels == ["Cloak of resistance +1", "Ring of protection +1", "Potion of cure light wounds"]
    click(g, g.dialog.rects[0].center)
    assert g.battle.history[-1]["action"] == "sunder"
    assert g.battle.history[-1]["args"] == {"target": "orc_a", "item": "cloak_of_resistance_1"}
    # cloth (hardness 0, 2 hp) at AC 11 against +14: the cloak is gone, and said in the log
    assert g.battle.comp("orc_a", Worn).items == ["ring_of_protection_1"]
    assert any("Cloak of resistance +1" in t and "destroyed" in t for t, _c in g.log)
    g.battle.close()
    pygame.quit()


def test_a_flask_comes_out_of_the_pack_before_it_is_thrown():
    text = DUEL.replace('weapon = "greataxe"', 'weapon = "dagger"\ninventory = ["acid_flask"]')
    g = open_screen(text)
    g.handoff = None
    click_button(g, "throw_splash")
    assert g.battle.history[-1]["action"] == "retrieve" and g.mode != "throw_splash"
    assert g.battle.comp("hero", Hands).holding == "acid_flask"
    click_button(g, "throw_splash")
    assert g.mode == "throw_splash"
    click(g, at(g, (6, 1)))
    assert g.battle.history[-1]["action"] == "throw_splash"
    assert g.battle.comp("hero", Hands).holding is None


def test_a_flask_in_the_pack_with_only_the_standard_action_left_is_not_taken_out_by_the_throw():
    """Play-test: after a move, the Throw button took the flask out with the standard
    action and nothing was left to throw it. The engine is asked (the retrieve played in a
    frame rolled back): the button is greyed, says why, and nothing is spent."""
    text = DUEL.replace('weapon = "greataxe"', 'weapon = "dagger"\ninventory = ["acid_flask"]')
    g = open_screen(text)
    g.handoff = None
    ok, refusal, _ = g.battle.act("hero", "move", {"squares": [[1, 0]]})
    assert ok, refusal
    g.refresh()
    before = list(g.battle.history)
    click_button(g, "throw_splash")
    assert g.battle.history == before and g.battle.comp("hero", Hands).holding is None
    g.draw()
    why = {name: reason for name, _rect, enabled, reason in g.buttons if not enabled}
    assert why["throw_splash"] == sentence("UI_FLASK_NO_ACTION_LEFT", {"item": "acid_flask"}, "en")
    g.battle.close()
    pygame.quit()


def test_random_play_on_every_map_through_the_buttons_and_dialogs():
    """Clicks on the action bar, the board and the dialogs' answers, keys: on every map,
    nothing raises and the battle stays valid."""
    import random
    from pathlib import Path
    from game.content.scenario import load_scenario
    rng = random.Random(5)
    keys = [pygame.K_e, pygame.K_u, pygame.K_t, pygame.K_ESCAPE, pygame.K_RETURN]
    maps = sorted(p for p in (Path(__file__).resolve().parents[2] / "maps").iterdir() if p.suffix in (".toml", ".tmj"))
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    played = 0
    for path in maps:
        g = GameScreen(Battle(load_scenario(path)), screen, rng.choice(["fr", "en"]))
        for i in range(200):
            roll = rng.random()
            if g.dialog is not None and g.dialog.rects and roll < 0.7:
                ev = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rng.choice(g.dialog.rects).center)
            elif roll < 0.35 and g.buttons:
                ev = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rng.choice(g.buttons)[1].center)
            elif roll < 0.85:
                ev = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(rng.randrange(940), rng.randrange(620)))
            else:
                ev = pygame.event.Event(pygame.KEYDOWN, key=rng.choice(keys))
            g.running = True
            g.handle(ev)
            if i % 10 == 0 or (g.dialog is not None and not g.dialog.rects):    # a window draws each frame
                g.draw()
        assert g.battle.history, path.name              # the clicks did play this map
        played += len(g.battle.history)
        board = g.battle.board()
        standing: dict = {}
        for cid, c in g.battle.state()["creatures"].items():
            assert c["hp"] <= c["max_hp"], (path.name, cid)
            body = board.body(cid)
            if body.is_helpless or body.mount_span is not None or {"grappling", "grappled"} & body.conditions:
                continue
            for sq in body.squares:
                assert sq not in standing, (path.name, cid, standing.get(sq))
                standing[sq] = cid
        g.battle.close()
    assert played >= 5 * len(maps)
    pygame.quit()


def test_an_attacker_with_power_attack_is_asked_how_many_points_and_the_attack_carries_them():
    g = open_screen(DUEL.replace('bab = 5\n', 'bab = 5\nfeats = ["power_attack"]\n').replace('at = [6, 1]', 'at = [2, 1]'))
    try:
        click_button(g, "attack")
        click(g, at(g, (2, 1)))
        # the points to choose, then the "remember for this battle" box (tests/ui/test_wording_findings.py)
        assert g.dialog is not None and [v for _l, v in g.dialog.choices][:-1] == [0, 1, 2, 3, 4, 5]
        assert not g.battle.history                                    # asked before anything is rolled
        three = next(r for r, (_label, value) in zip(g.dialog.rects, g.dialog.choices) if value == 3)
        click(g, three.center)
        assert g.dialog is None
        command = g.battle.history[-1]
        assert command["action"] == "attack" and command["args"]["power_attack"] == 3
        assert any("Power Attack -3" in t for t, _c in g.log)          # the roll's breakdown names it
    finally:
        g.battle.close()
        pygame.quit()


def test_readying_from_the_window_asks_the_action_the_trigger_and_the_square():
    g = open_screen(DUEL)
    try:
        click_button(g, "ready")
        assert g.dialog is not None and "trip" in [v.action for _l, v in g.dialog.choices]
        trip = next(r for r, (_label, v) in zip(g.dialog.rects, g.dialog.choices) if v.action == "trip")
        click(g, trip.center)
        assert g.dialog is not None and "reaches_square" in [v for _l, v in g.dialog.choices]
        labels = [label for label, _v in g.dialog.choices]
        assert "An enemy reaches a square" in labels                    # the trigger reads as a sentence
        square = next(r for r, (_label, v) in zip(g.dialog.rects, g.dialog.choices) if v == "reaches_square")
        click(g, square.center)
        assert g.squares_asked and (4, 1) in g.squares_asked[0] and not g.battle.history
        click(g, at(g, (4, 1)))
        command = g.battle.history[-1]
        assert command["action"] == "ready" and command["args"]["trigger"] == "reaches_square"
        assert command["args"]["square"] == [4, 1] and command["args"]["command"]["action"] == "trip"
    finally:
        g.battle.close()
        pygame.quit()


def test_speaking_from_the_more_menu_puts_the_call_in_the_log_in_the_players_language(game):
    g = game
    click_button(g, "more")
    labels = [label for label, _v in g.dialog.choices]
    assert "Speak · Help!" in labels
    rect = next(r for r, (label, _v) in zip(g.dialog.rects, g.dialog.choices) if label == "Speak · Help!")
    click(g, rect.center)
    assert g.battle.history[-1]["action"] == "speak" and g.battle.history[-1]["args"]["text"] == "SAY_help"
    assert any(t == "Héros: “Help!”" for t, _c in g.log)


def test_move_mode_shades_where_it_can_go_by_band_as_the_engine_offers_it(game):
    """Issue 14, item 2: a click on Move shades every square the engine's options offer,
    by band (a move, a double move, running), the enemy-threatened ones red."""
    g = game
    click_button(g, "move")
    cid = g.current
    opts = g.battle.options(cid)
    bands = g.overlay.bands
    moves = {(x, y) for x, y, _m in opts["move"].domain["squares"]}
    doubles = {(x, y) for x, y, _m in opts["move"].domain.get("double", [])}
    assert moves and {sq for sq, band in bands.items() if band == "move"} == moves
    assert {sq for sq, band in bands.items() if band == "double"} == doubles - moves
    assert g.overlay.threat and g.overlay.threat <= set(bands)
    assert "blue" in g.overlay.caption
    before = dict(bands)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at(g, next(iter(moves))), rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)
    assert g.overlay.bands == before and g.overlay.path                  # the path drawn over the bands


def test_hovering_a_foe_with_an_attack_selected_shows_the_engines_odds(melee):
    """Issue 14, item 2: the chance to hit, the critical and the expected damage before the
    click — the engine's exact ``odds`` of that very attack."""
    from game.ui.sandbox_view import percent
    from game.world import commands as C
    g = melee
    click_button(g, "attack")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at(g, (2, 1)), rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)
    odds = g.battle.odds(C.Attack("hero", target="orc_a"))
    assert percent(odds.hit) in g.overlay.caption and f"{float(odds.expected_damage):.2f}" in g.overlay.caption
    assert not g.battle.history


def test_hovering_a_token_or_a_square_says_what_it_is(melee):
    """Issue 14, item 2: a token's name, hit points, AC and weapon, with its threatened
    squares; an empty square's ground and what entering it costs — in the player's words."""
    from game.world import views
    g = melee
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at(g, (2, 1)), rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)
    name, numbers = g.tooltip_lines()[:2]
    assert name == g.names["orc_a"] and "200/200 hp" in numbers and "AC" in numbers
    assert g.overlay.threat == views.threatened(g.battle, "orc_a")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at(g, (6, 3)), rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)
    assert g.tooltip_lines() == ["open ground", "entering it costs 5 ft of movement"]
