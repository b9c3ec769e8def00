"""A charge that an attack of opportunity stops on the way (play-test: maps/bridge.toml,
round 5, the orc that Tordek's blow dropped after two squares): the log says the distance
the charger walked, where the engine says it stopped, and before the blow that stopped it
("moves 10 ft", the attack, "is dying", "falls and stops there"), not the lane it meant to
run, said last; and the board walks its token up to that square, to be struck there, and
no farther. Driven by posted pygame events."""
from __future__ import annotations

import pygame
import pytest
from test_animation import clips, drawn_square, watched
from test_game_screen import at, click, click_button, pump

from game.i18n import sentence

LANE = """
seed = 3
[map]
grid = \"\"\"
............
............
............
............
\"\"\"
[[creature]]
id = "hero"
name = "Héros"
side = "blue"
at = [0, 1]
weapon = "longsword"
hp = 5
initiative = 20

[[creature]]
id = "friend"
side = "blue"
at = [0, 3]
weapon = "longsword"
initiative = 1

[[creature]]
id = "orc"
side = "red"
at = [9, 1]
weapon = "club"
hp = 20
initiative = 10

[[creature]]
id = "guard"
side = "red"
at = [3, 0]
weapon = "club"
initiative = 5

[sides.red]
control = "ai"
"""


@pytest.fixture
def charged():
    """The hero charges the orc down row 1; the guard beside the lane takes its attack of
    opportunity as the hero leaves (2, 1), hits (20, not confirmed: 1) for 6: the hero,
    at 5 hit points, falls dying there."""
    g = watched(LANE)
    g.faces = [20, 1, 6]
    click_button(g, "charge")
    for square in ((9, 1), (8, 1)):           # the foe, then the space to charge to
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at(g, square), rel=(0, 0), buttons=(0, 0, 0)))
        pump(g)
    click(g, at(g, (8, 1)))
    yield g
    g.battle.close()
    pygame.quit()


def test_the_engine_stopped_the_charge_where_the_blow_dropped_it(charged):
    g = charged
    assert g.battle.board().body("hero").pos == (2, 1)
    blow = next(e for e in g.events if type(e).__name__ == "AttackRolled")
    assert blow.opportunity and blow.attacker == "guard" and blow.hit
    moved = next(e for e in g.events if type(e).__name__ == "Moved")
    assert moved.path[-1] == (2, 1) and moved.cost_m == 3.0


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_log_says_the_distance_walked_before_the_blow_that_stopped_it(charged, lang):
    g = charged
    said = [str(text.texts[lang]) if hasattr(text, "texts") else str(text) for text, _c in g.log]
    walked = sentence("LOG_MOVED", {"name": "Héros", "metres": "3"}, lang)
    meant = sentence("LOG_MOVED", {"name": "Héros", "metres": "10.5"}, lang)
    stopped = sentence("LOG_STOPPED_fell", {"name": "Héros"}, lang)
    assert walked in said and meant not in said
    blow = next(i for i, line in enumerate(said) if "→ Héros" in line)
    assert said.index(walked) < blow < said.index(stopped)


def test_the_token_walks_to_the_square_it_stopped_on_then_is_struck_there(charged):
    g = charged
    walks = [c for c in clips(g, "walk") if c.who == "hero"]
    strike = next(c for c in clips(g, "lunge") if c.who == "guard")
    assert walks and walks[0].squares[0] == (0, 1)
    assert all(c.squares[-1] == (2, 1) for c in walks)            # never past where it stopped
    assert walks[0].start + walks[0].length <= strike.start        # there, then struck
    g.update(strike.start + 1 - g.motion.now)
    assert drawn_square(g, "hero") == (2, 1)
