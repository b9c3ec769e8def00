"""The newcomer's play-test of the window under Xvfb (issue 14, second pass), each finding
driven through the real battle screen with posted pygame events: the log names an attack
of opportunity, the board outside the map answers nothing, the reachable bands read apart
on open ground, the d20's badge fades whole, the hints keep off the board's covers, the
chances of an attack show by the pointer."""
from __future__ import annotations

import pygame
import pytest

from game.content.scenario import parse_scenario
from game.engine import Battle
from game.ui.game_screen import GameScreen

DUEL = """
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
name = "Aldric"
side = "blue"
at = [2, 1]
weapon = "longsword"
bab = 3
str = 14
hp = 40
initiative = 20

[[creature]]
id = "orc"
name = "Grok"
side = "red"
at = [3, 1]
weapon = "longsword"
bab = 2
str = 14
hp = 40
initiative = 10

[sides.red]
control = "ai"
level = "easy"
"""


def open_screen(text: str = DUEL, lang: str = "en", size=(1280, 800)) -> GameScreen:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    g = GameScreen(Battle(parse_scenario(text, "test.toml")), screen, lang)
    g.animation_speed = "off"
    g.handoff = None
    pygame.event.clear()
    return g


@pytest.fixture
def duel():
    made: list[GameScreen] = []

    def make(text: str = DUEL, lang: str = "en") -> GameScreen:
        g = open_screen(text, lang)
        made.append(g)
        return g
    yield make
    for g in made:
        g.battle.close()
    pygame.quit()


def pump(g: GameScreen) -> None:
    for event in pygame.event.get():
        g.handle(event)
    g.draw()


def at(g: GameScreen, square) -> tuple[int, int]:
    x, y = g.cam.to_screen(square)
    return x + g.cam.cell // 2, y + g.cam.cell // 2


def hover_px(g: GameScreen, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)


def click_px(g: GameScreen, pos) -> None:
    hover_px(g, pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pump(g)


def click_button(g: GameScreen, name: str) -> None:
    g.draw()
    rect = next(r for n, r, _e, _why in g.buttons if n == name)
    click_px(g, rect.center)


def scripted(g: GameScreen, faces: list[int]) -> None:
    """The next command the window plays rolls these raw faces (the engine's scripted dice)."""
    act = g.battle.act

    def once(*args, **kw):
        g.battle.act = act
        return act(*args, dice=list(faces), **kw)
    g.battle.act = once


@pytest.mark.parametrize("lang, label", [("en", "(attack of opportunity)"), ("fr", "(attaque d'opportunité)")])
def test_the_log_names_an_attack_of_opportunity(duel, lang, label):
    """Play-test: walking away from Grok, "Grok → Aldric: d20 … — hit" read as an attack
    out of nowhere. French text: « Se déplacer hors d'une case contrôlée par un adversaire
    provoque une attaque d'opportunité de sa part » — the line says it is one."""
    g = duel(lang=lang)
    click_button(g, "move")
    scripted(g, [15, 4])                          # Grok's attack of opportunity: d20 15, then its damage
    click_px(g, at(g, (7, 1)))
    assert g.battle.board().body("hero").pos == (7, 1)
    lines = [str(text) for text, _c in g.log]
    struck = [t for t in lines if t.startswith("Grok → Aldric")]
    assert struck and label in struck[0], lines
    # an attack made on one's own turn is not labelled so
    g.battle.act(g.current, "end_turn", {})
    assert all(label not in str(t) for t, _c in g.log if str(t).startswith("Aldric →"))


def test_the_empty_band_beside_a_small_map_answers_nothing(duel):
    """Play-test: in Move mode, the mouse below the ford's last row wrote "[10, 8] is a
    wall or off the map." under the bar, and a click there logged it: coordinates where
    the player sees no square. Off the map there is no hover, no path and no refusal."""
    g = duel()
    click_button(g, "move")
    board = g.battle.board()
    below = g.cam.to_screen((4, board.terrain.height))       # the row under the map's last one
    pos = (below[0] + g.cam.cell // 2, below[1] + g.cam.cell // 2)
    assert g._board_rect().collidepoint(pos), "the window shows an empty band under this small map"
    hover_px(g, pos)
    assert g.hover is None
    assert "[" not in (g.overlay.caption or "")
    logged = len(g.log)
    click_px(g, pos)
    assert len(g.log) == logged and g.battle.board().body("hero").pos == (2, 1)
    # on the map, the same mode still previews and moves
    hover_px(g, at(g, (2, 3)))
    assert g.hover == (2, 3) and "ft" in g.overlay.caption


def _frame_with(g: GameScreen, clips, now: float) -> pygame.Surface:
    g.motion.clips, g.motion.now = list(clips), now
    g.draw()
    return g.screen.copy()


def _difference(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> float:
    """The mean difference of the pixels of ``rect`` between two frames (0..255)."""
    total, count = 0, 0
    for x in range(rect.left, rect.right, 2):
        for y in range(rect.top, rect.bottom, 2):
            pa, pb = a.get_at((x, y)), b.get_at((x, y))
            total += abs(pa.r - pb.r) + abs(pa.g - pb.g) + abs(pa.b - pb.b)
            count += 3
    return total / max(1, count)


def test_the_d20_badge_fades_with_its_text(duel):
    """Play-test: at the end of the d20's show its text had faded out but its dark box
    and outline stayed, an empty badge by the attacker. The badge fades whole."""
    g = duel()
    g.animation_speed = "normal"
    click_button(g, "attack")
    scripted(g, [12, 5])
    click_px(g, at(g, (3, 1)))
    roll = next(c for c in g.motion.clips if c.kind == "roll")
    x, y = g.cam.to_screen((0, 0))
    centre = (round(roll.at[0] * g.cam.cell) + x, round(roll.at[1] * g.cam.cell) + y)
    region = pygame.Rect(centre[0] - g.cam.cell, centre[1] - g.cam.cell // 2, 2 * g.cam.cell, g.cam.cell // 2)
    region = region.clip(g.screen.get_rect())
    late = roll.start + 0.99 * roll.length            # its last percent: a trace at most
    early = roll.start + 0.3 * roll.length
    assert _difference(_frame_with(g, [roll], early), _frame_with(g, [], early), region) > 20   # shown
    assert _difference(_frame_with(g, [roll], late), _frame_with(g, [], late), region) < 8  # a trace (a whole box: 100+)


def _hint_drawn(g: GameScreen) -> float:
    """How much the F6 hint changes the window's top-left corner as it is now drawn."""
    corner = pygame.Rect(0, 0, 220, 20)
    g.sandbox_key = True
    g.draw()
    said = g.screen.copy()
    g.sandbox_key = False
    g.draw()
    return _difference(said, g.screen, corner)


def test_the_sandbox_key_hint_sits_on_a_backing_and_not_over_a_cover(duel):
    """Play-test: "F6: pause into the sandbox" was drawn bare over the board's top-left
    (an ogre's token ran through it), over the hot-seat hand-off and over the pause page.
    The session's battle says it on a dark backing like "Esc: menu", only over the board."""
    from game.ui.editor.flow import Session
    # hot-seat (two players), on a hall wide enough for its floor to fill the window's corner
    big = "\n".join(["." * 40] * 24)
    g = duel(DUEL.split("[sides.red]")[0].replace("\n".join(["." * 10] * 4), big))
    assert g.battle.board().terrain.width == 40 and g.cam.to_screen((0, 0))[1] <= 0
    Session(g.screen, "en", None, frames=2).run(g)       # the sandbox's flow shows the battle
    assert g.sandbox_key
    g.sandbox_key = False
    g.draw()
    ground = g.screen.get_at((5, 6))
    g.sandbox_key = True
    g.draw()
    backed = g.screen.get_at((5, 6))
    assert sum(backed[:3]) < 0.5 * sum(ground[:3])       # its dark backing over the floor, readable
    assert _hint_drawn(g) > 1                            # over the board: said
    g.handoff = "red"
    assert _hint_drawn(g) == 0                           # not over the hand-off
    g.handoff = None
    g.pause.open()
    assert _hint_drawn(g) == 0                           # nor over the pause page
    g.pause.close()
    assert _hint_drawn(g) > 1


RACE = """
seed = 2
[map]
grid = \"\"\"
{rows}
\"\"\"
[[creature]]
id = "hero"
name = "Aldric"
side = "blue"
at = [1, 2]
weapon = "longsword"
initiative = 20

[[creature]]
id = "orc"
name = "Grok"
side = "red"
at = [29, 0]
weapon = "longsword"
initiative = 10
""".replace("{rows}", "\\n".join(["." * 30] * 5))


def _mean(surface: pygame.Surface, rect: pygame.Rect) -> tuple[float, float, float]:
    seen = [surface.get_at((x, y)) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)]
    return tuple(sum(p[i] for p in seen) / len(seen) for i in range(3))


def _apart(a, b) -> float:
    return sum(abs(x - y) for x, y in zip(a, b)) / 3


def test_the_reachable_bands_read_apart_on_open_ground(duel):
    """Play-test: on the ford's sand the move's blue tint read grey and running's grey
    tint did not show, so "grey: running" pointed at the move band. Each band (a move, a
    double move, running: « courir … quatre fois sa vitesse ») now differs from the others
    and from the open ground beyond, and a line rings where one band gives way to the next."""
    g = duel(RACE)
    click_button(g, "move")
    hover_px(g, (5, 5))                                  # the pointer off the board: bands alone
    bands = g.overlay.bands
    move, double, run, beyond = (4, 2), (10, 2), (20, 2), (28, 2)
    assert (bands.get(move), bands.get(double), bands.get(run), bands.get(beyond)) == ("move", "double", "run", None)
    c = g.cam.cell

    def inside(square) -> pygame.Rect:
        x, y = g.cam.to_screen(square)
        return pygame.Rect(x + c // 4, y + c // 4, c // 2, c // 2)
    colours = {name: _mean(g.screen, inside(sq)) for name, sq in
               (("move", move), ("double", double), ("run", run), ("beyond", beyond))}
    names = list(colours)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert _apart(colours[a], colours[b]) > 12, (a, b, colours)
    # the line between the last square of a move and the first of the double move
    last_move = max(x for (x, y), m in bands.items() if m == "move" and y == 2)
    sx, sy = g.cam.to_screen((last_move + 1, 2))
    edge = g.screen.get_at((sx, sy + c // 2))
    assert _apart(edge[:3], colours["move"]) > 12 or _apart(edge[:3], colours["double"]) > 12


@pytest.mark.parametrize("lang, hit_words", [("en", "to hit"), ("fr", "de toucher")])
def test_the_chances_of_an_attack_show_by_the_pointer(duel, lang, hit_words):
    """Play-test: with Attack chosen, hovering the foe showed its chances only in the panel's
    last lines, far from where the player looks; the token's tooltip said name, hit points
    and AC. It now adds the engine's odds in a few words, the same chance the panel gives."""
    g = duel(lang=lang)
    hover_px(g, at(g, (3, 1)))
    assert not any(hit_words in line for line in g.tooltip_lines())     # no action chosen: no chances
    click_button(g, "attack")
    hover_px(g, at(g, (3, 1)))
    lines = g.tooltip_lines()
    said = [line for line in lines if hit_words in line]
    assert said, lines
    from game.world import commands as C
    odds = g.battle.odds(C.Attack("hero", target="orc"))
    assert f"{round(100 * float(odds.hit))}%" in said[0]
    damage = f"{float(odds.expected_damage):.1f}"
    assert (damage if lang == "en" else damage.replace(".", ",")) in said[0]      # « 5,7 » in French
    # drawn: the tooltip box is taller by that line
    g.draw()
    assert g.tooltip_rect is not None and g.tooltip_rect.h >= 4 * 12
    # a trip says its chance to succeed, touch attack and check together
    click_button(g, "trip")
    hover_px(g, at(g, (3, 1)))
    trip = g.battle.odds(C.Trip("hero", target="orc"))
    overall = f"{round(100 * float(trip.hit * trip.success))}%"
    assert any(overall in line for line in g.tooltip_lines()), g.tooltip_lines()


def test_the_panel_says_a_speed_without_a_dash_for_no_condition(duel):
    """Play-test: the panel read "9 m · —" — the dash stood for "no condition", which a
    newcomer cannot guess. The speed stands alone; a condition follows it when there is one."""
    g = duel(lang="fr")
    said: list[str] = []
    text = g._text

    def recording(line, *args, **kw):
        said.append(str(line))
        return text(line, *args, **kw)
    g._text = recording
    hover_px(g, at(g, (6, 3)))
    assert "9 m" in said and not any(line.endswith("· —") for line in said), said
    said.clear()
    click_button(g, "drop_prone")                     # « se jeter à terre »: now it has a condition
    assert any(line.startswith("9 m · ") and "à terre" in line for line in said), said


HALL = """
seed = 4
[map]
grid = \"\"\"
........
..~~....
..~~....
........
\"\"\"
{look}
[[creature]]
id = "hero"
name = "Aldric"
side = "blue"
at = [0, 0]
weapon = "longsword"
initiative = 20

[[creature]]
id = "orc"
name = "Grok"
side = "red"
at = [7, 3]
weapon = "longsword"
initiative = 10
"""


@pytest.mark.parametrize("look, en, fr", [("furniture", "tables and benches", "tables et bancs"),
                                          ("sand", "loose sand", "sable meuble"),
                                          ("undergrowth", "undergrowth", "fourrés"),
                                          ("rubble", "rubble", "éboulis")])
def test_a_map_says_what_its_difficult_terrain_is_and_the_board_draws_it(duel, look, en, fr):
    """Play-test: the tavern's tables, the arena's sand pit, the clearing's thickets and the
    ford's water were all one teal tile with waves and reeds: the tables read as puddles.
    Issue 14, item 3: « a distinct tile for each kind of terrain the maps use ... a map says
    which ». ``[map] difficult`` names it; the rules of difficult terrain stay the same."""
    plain = duel(HALL.replace("{look}", ""))
    drawn = duel(HALL.replace("{look}", f'difficult = "{look}"'), lang="fr")
    pictures = []
    for g in (plain, drawn):                  # one window: each picture kept as it is drawn
        hover_px(g, (5, 5))
        g.draw()
        pictures.append(g.screen.copy())
    c = drawn.cam.cell
    assert plain.cam.cell == c and plain.cam.to_screen((2, 1)) == drawn.cam.to_screen((2, 1))
    x, y = drawn.cam.to_screen((2, 1))
    square = pygame.Rect(x + 2, y + 2, 2 * c - 4, 2 * c - 4)
    assert _apart(_mean(pictures[0], square), _mean(pictures[1], square)) > 8       # another tile
    # said so on hover, in the player's language, with its rule
    hover_px(drawn, at(drawn, (3, 2)))
    assert drawn.tooltip_lines()[0].startswith(fr) and "terrain difficile" in drawn.tooltip_lines()[0]
    drawn.lang = "en"
    assert drawn.tooltip_lines()[0].startswith(en) and "difficult terrain" in drawn.tooltip_lines()[0]
    # the same rule: entering it costs the same either way (« terrain difficile »: 2 squares)
    hover_px(plain, at(plain, (3, 2)))
    assert plain.tooltip_lines()[0] == "difficult terrain"
    assert plain.tooltip_lines()[1] == drawn.tooltip_lines()[1]


def test_the_difficult_look_is_checked_and_written_back():
    """An unknown look is refused by name; a scenario written back (the paused battle, the
    sandbox's save) keeps it."""
    from game.content.errors import ContentError
    from game.content.scenario_writer import scenario_document, scenario_text
    with pytest.raises(ContentError, match="difficult"):
        parse_scenario(HALL.replace("{look}", 'difficult = "lava"'), "test.toml")
    sc = parse_scenario(HALL.replace("{look}", 'difficult = "furniture"'), "test.toml")
    assert sc.difficult_look == "furniture"
    assert scenario_document(sc)["map"]["difficult"] == "furniture"
    again = parse_scenario(scenario_text(scenario_document(sc)), "again.toml")
    assert again.difficult_look == "furniture" and again.rows == sc.rows
    assert parse_scenario(HALL.replace("{look}", ""), "test.toml").difficult_look == ""


@pytest.mark.parametrize("action, command", [("grapple", "Grapple"), ("disarm", "Disarm")])
def test_a_grapple_and_a_disarm_give_their_chances_too(duel, action, command):
    """Play-test: with Grapple chosen, hovering the foe said only "no cover", while a trip
    beside it gave its chances. The engine's odds answer a grapple (its touch attack, then
    the opposed grapple check) and a disarm (its opposed attack rolls): shown the same way."""
    from game.world import commands as C
    g = duel()
    click_button(g, action)
    hover_px(g, at(g, (3, 1)))
    odds = g.battle.odds(getattr(C, command)("hero", target="orc"))
    overall = odds.success if odds.hit is None else odds.hit * odds.success
    said = f"{round(100 * float(overall))}% to succeed"
    assert any(said in line for line in g.tooltip_lines()), g.tooltip_lines()
    assert f"{100 * float(odds.success):.1f}%" in g.overlay.caption            # the panel's exact line
