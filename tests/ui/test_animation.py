"""The battle played on the board (issue 14, item 1), driven by posted pygame events and
the window's clock (``GameScreen.update``): a move walks square by square, a key or a click
skips, "off" plays nothing, a hit floats the damage the engine dealt, a miss says so, a
trip tips the token over, a splash and a spell show where they landed, and a computer's
pace waits for the animations of its last command."""
from __future__ import annotations

import pygame
import pytest
from test_game_screen import CAVALRY, DUEL, at, click, click_button, open_screen, pump

from game.i18n import sentence
from game.ui.computer_turns import PACE_MS
from game.world import spell_views, views

SKIP_KEY = pygame.K_x          # a key the battle screen gives no meaning to


class Recorder:
    """A sound player that only remembers what it was asked to play."""

    def __init__(self):
        self.played: list[str] = []

    def play(self, name, loud=1.0):
        self.played.append(name)


def watched(text: str, lang: str = "en"):
    """A battle screen whose sound is a recorder and whose engine calls are watched: the
    events ``act`` returned gather in ``g.events``; ``g.faces``, when set, are the raw
    faces the next command rolls (the engine's own scripted dice)."""
    g = open_screen(text, lang)
    g.handoff = None
    g.sound = Recorder()
    g.events, g.faces = [], None
    act = g.battle.act

    def watching(*args, **kw):
        if g.faces is not None:
            kw["dice"], g.faces = g.faces, None
        ok, refusal, evs = act(*args, **kw)
        g.events.extend(evs)
        return ok, refusal, evs
    g.battle.act = watching
    return g


@pytest.fixture
def game():
    g = watched(DUEL)
    yield g
    g.battle.close()
    pygame.quit()


def move_to(g, square):
    click_button(g, "move")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at(g, square), rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)
    click(g, at(g, square))


def run_out(g, step: int = 40, limit: int = 400) -> int:
    """Advance the clock until the queue is played; the frames it took."""
    frames = 0
    while g.motion.busy() and frames < limit:
        g.update(step)
        if frames % 4 == 0:
            g.draw()
        frames += 1
    return frames


def drawn_square(g, cid):
    pose = g.motion.pose(cid)
    return pose.pos if pose is not None and pose.pos is not None else g.battle.board().body(cid).pos


def choose_spell(g, spell: str) -> None:
    """The Cast button, the spell in its list, then the first answer to each question
    (no metamagic, the lowest level), by clicks."""
    click_button(g, "cast")
    g.draw()
    rect = next(r for r, (_label, v) in zip(g.dialog.rects, g.dialog.choices) if v == ("known", spell))
    click(g, rect.center)
    while g.dialog is not None:
        g.draw()
        click(g, g.dialog.rects[0].center)


def clips(g, kind):
    return [c for c in g.motion.clips if c.kind == kind]


def test_a_move_walks_its_path_square_by_square_then_rests_where_the_engine_put_it(game):
    g = game
    move_to(g, (4, 1))
    assert g.battle.board().body("hero").pos == (4, 1)         # the engine has moved it already
    assert g.motion.busy() and clips(g, "walk")
    assert drawn_square(g, "hero") == (1, 1)                    # drawn where it set out
    centre_before = g.screen.get_at(at(g, (1, 1)))
    seen = [drawn_square(g, "hero")]
    while g.motion.busy():
        g.update(20)
        seen.append(drawn_square(g, "hero"))
    xs = [p[0] for p in seen]
    assert xs == sorted(xs) and all(p[1] == 1 for p in seen)      # along the row, never back
    assert all(any(abs(x - k) < 0.15 for x in xs) for k in (2, 3, 4))    # through every square
    assert any(1 < x < 2 for x in xs) and any(3 < x < 4 for x in xs)   # and between them
    assert drawn_square(g, "hero") == (4, 1) and g.motion.pose("hero") is None
    g.draw()
    assert g.screen.get_at(at(g, (1, 1))) != centre_before      # the token left its first square
    assert g.sound.played.count("step") == 3                    # a step a square


def test_a_walking_token_is_drawn_once_at_its_square_of_the_moment(game):
    g = game
    move_to(g, (5, 1))
    while g.motion.busy() and drawn_square(g, "hero")[0] < 3:
        g.update(15)
    g.draw()
    assert 3 <= drawn_square(g, "hero")[0] < 4
    here = (round(drawn_square(g, "hero")[0] * g.cam.cell - g.cam.ox + g.cam.cell // 2), at(g, (5, 1))[1])
    mid_walk = g.screen.get_at(here), g.screen.get_at(at(g, (5, 1)))
    g.motion.finish()
    g.draw()
    after = g.screen.get_at(here), g.screen.get_at(at(g, (5, 1)))
    assert mid_walk[0] != after[0] and mid_walk[1] != after[1]   # drawn on its way, not also at its end


def test_a_key_skips_the_queue_and_is_handled_as_usual(game):
    g = game
    move_to(g, (4, 1))
    assert g.motion.busy()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t))     # T: the threat overlay
    pump(g)
    assert not g.motion.busy() and g.motion.pose("hero") is None
    assert g.show_threat                                           # and the key did its own work


def test_a_click_on_the_board_skips_and_is_spent_a_click_on_the_panel_is_handled(game):
    g = game
    move_to(g, (3, 1))
    assert g.motion.busy() and g.mode == "move"            # Move stays chosen for a second move
    history = len(g.battle.history)
    click(g, at(g, (3, 3)))                                # aimed at a board still moving
    assert not g.motion.busy()
    assert len(g.battle.history) == history and g.battle.board().body("hero").pos == (3, 1)
    click(g, at(g, (3, 3)))                                # now it is a move
    assert g.battle.board().body("hero").pos == (3, 3) and g.motion.busy()
    click_button(g, "end_turn")                            # the panel: skipped and played at once
    assert not g.motion.busy() and g.current == "orc"


def test_a_skipped_queue_plays_none_of_its_remaining_sounds(game):
    g = game
    move_to(g, (5, 1))
    g.update(1)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=SKIP_KEY))
    pump(g)
    run_out(g)
    assert g.sound.played.count("step") < 4


def test_off_plays_the_results_at_once(game):
    g = game
    g.animation_speed = "off"
    move_to(g, (4, 1))
    assert not g.motion.busy() and not g.motion.clips and g.motion.pose("hero") is None
    assert g.sound.played == ["step"]                     # the one telling sound, at once


def test_fast_plays_the_same_move_sooner():
    lengths = {}
    for speed in ("normal", "fast"):
        g = open_screen(DUEL)
        g.handoff, g.sound, g.animation_speed = None, Recorder(), speed
        move_to(g, (5, 1))
        lengths[speed] = run_out(g, step=10)
        g.battle.close()
    pygame.quit()
    assert 0 < lengths["fast"] < lengths["normal"]


def attack(g, faces):
    move_to(g, (5, 1))
    run_out(g)
    click_button(g, "attack")
    g.faces = faces
    click(g, at(g, (6, 1)))


def test_a_hit_flashes_its_target_and_floats_the_damage_the_engine_dealt(game):
    g = game
    attack(g, [15])
    dealt = [e for e in g.events if type(e).__name__ == "DamageDealt"]
    assert len(dealt) == 1
    numbers = [c.text for c in clips(g, "float")]
    assert numbers == [str(dealt[0].amount)]
    assert clips(g, "flash")[0].who == "orc" and clips(g, "lunge")[0].who == "hero"
    rolled = next(e for e in g.events if type(e).__name__ == "AttackRolled")
    assert [c.text for c in clips(g, "roll")] == [sentence("ANIM_ROLL", {"d20": 15, "total": rolled.total}, "en")]
    hp_before = g.motion.pose("orc").hp
    assert hp_before[0] > views.health(g.battle, "orc")[0]     # the bar drops when the blow lands, not before
    g.update(clips(g, "flash")[0].start + 1 - g.motion.now)
    assert g.motion.pose("orc").hp[0] == views.health(g.battle, "orc")[0]
    run_out(g)
    assert "hit" in g.sound.played


def test_a_critical_floats_a_bigger_number_and_says_so(game):
    g = game
    attack(g, [20, 20])
    dealt = next(e for e in g.events if type(e).__name__ == "DamageDealt")
    assert dealt.multiplier > 1
    floats = clips(g, "float")
    number = next(c for c in floats if c.text == str(dealt.amount))
    assert number.big and sentence("ANIM_CRITICAL", {}, "en") in [c.text for c in floats]
    run_out(g)
    assert "critical" in g.sound.played and "hit" not in g.sound.played


def test_a_miss_floats_miss_in_the_players_language():
    g = watched(DUEL, lang="fr")
    attack(g, [1])
    assert [c.text for c in clips(g, "float")] == ["raté"] and not clips(g, "flash")
    run_out(g)
    assert "miss" in g.sound.played
    g.battle.close()
    pygame.quit()


def test_a_tripped_creature_stands_until_its_fall_then_tips_over(game):
    g = game
    move_to(g, (5, 1))
    run_out(g)
    click_button(g, "trip")
    g.faces = [20, 20, 1]          # the touch attack, then the hero's and the orc's checks
    click(g, at(g, (6, 1)))
    while g.handoff is not None or g.dialog is not None:    # the orc's player: no trip back
        if g.dialog is None:
            click(g, (5, 5))
        else:
            g.draw()
            click(g, next(r for r, (_label, v) in zip(g.dialog.rects, g.dialog.choices) if v is False).center)
    assert "prone" in g.battle.board().body("orc").conditions
    tip = clips(g, "tip")[0]
    assert tip.who == "orc" and g.motion.pose("orc").tilt == 0.0       # still up: the fall is to come
    g.update(tip.start + tip.length / 2 - g.motion.now)
    assert 0 < g.motion.pose("orc").tilt < 1
    g.draw()
    run_out(g)
    assert g.motion.pose("orc") is None and "fall" in g.sound.played


def test_a_flask_flies_and_lands_with_a_ring_on_its_square():
    g = watched(DUEL.replace('weapon = "greataxe"', 'weapon = "dagger"\ninventory = ["acid_flask"]'))
    click_button(g, "throw_splash")
    run_out(g)
    click_button(g, "throw_splash")
    click(g, at(g, (6, 1)))
    missile, ring = clips(g, "missile")[0], clips(g, "ring")[0]
    assert missile.squares[0] == (1.5, 1.5)                  # from the thrower
    assert ring.start >= missile.start + missile.length and ring.at == missile.squares[1]
    run_out(g)
    assert "splash" in g.sound.played
    g.battle.close()
    pygame.quit()


FIREBALL = """
seed = 5
[map]
grid = \"\"\"
............
............
............
............
............
............
\"\"\"
[[creature]]
id = "sorc"
side = "blue"
at = [1, 2]
caster_class = "sorcerer"
caster_level = 7
cha = 16
initiative = 20
spells = ["fireball"]
spell_slots = [0, 0, 0, 2]

[[creature]]
id = "orc"
side = "red"
at = [8, 2]
hp = 60
initiative = 10
"""


def test_a_spells_area_blooms_where_it_was_aimed():
    g = watched(FIREBALL)
    choose_spell(g, "fireball")                     # no metamagic, the lowest level: the first answer
    x, y = g.cam.to_screen((8, 2))
    click(g, (x + 1, y + 1))                        # the orc square's top-left intersection
    assert g.battle.history[-1]["action"] == "cast"
    bloom = clips(g, "bloom")[0]
    assert set(bloom.squares) == spell_views.spell_area(g.battle, "sorc", "fireball", (8, 2))   # as aimed
    assert (8, 2) in bloom.squares and (1, 2) not in bloom.squares and bloom.at == (8.0, 2.0)
    save = next(e for e in g.events if type(e).__name__ == "SavingThrow")
    assert sentence("ANIM_ROLL", {"d20": save.d20, "total": save.d20 + save.bonus}, "en") in [c.text for c in clips(g, "roll")]
    g.update(bloom.start + bloom.length / 2 - g.motion.now)
    g.draw()
    run_out(g)
    assert "spell" in g.sound.played
    g.battle.close()
    pygame.quit()


CONE = (FIREBALL.replace('spells = ["fireball"]', 'spells = ["burning_hands"]')
        .replace("spell_slots = [0, 0, 0, 2]", "spell_slots = [0, 2]").replace("at = [8, 2]", "at = [3, 2]"))


def test_a_cone_is_previewed_and_blooms_in_its_own_shape_from_the_casters_corner():
    """Burning hands (a cone, data-digest §5): while aiming, the squares it would fill from
    the caster's corner toward the pointer are shown; cast, it blooms over those squares,
    the ones the engine burnt, not over the creatures it caught alone."""
    g = watched(CONE)
    choose_spell(g, "burning_hands")
    x, y = g.cam.to_screen((4, 3))                  # the intersection right of the caster's lower corner
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 1, y + 1), rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)
    cone = spell_views.spell_area(g.battle, "sorc", "burning_hands", (2, 3), (), (1, 0))
    assert len(cone) > 3 and (3, 2) in cone and (0, 2) not in cone
    assert g.overlay.reach == cone, "the preview is the cone the click would cast"
    click(g, (x + 1, y + 1))
    assert g.battle.history[-1]["action"] == "cast"
    assert g.battle.history[-1]["args"]["direction"] == [1, 0]
    bloom = clips(g, "bloom")[0]
    assert set(bloom.squares) == cone and bloom.at == (2.0, 3.0)
    burnt = {e.target for e in g.events if type(e).__name__ == "DamageDealt"}
    assert burnt == {"orc"}
    g.battle.close()
    pygame.quit()


def test_the_computers_pace_waits_for_the_animations_of_its_last_command():
    from test_computer_turns import RED_AI, SKIRMISH
    g = watched(SKIRMISH + RED_AI)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e))
    pump(g)
    assert g.current == "orc"
    history = len(g.battle.history)
    while len(g.battle.history) == history:
        g.update(PACE_MS)
    assert g.battle.history[-1]["action"] in ("move", "charge") and clips(g, "walk") and g.motion.busy()
    played = len(g.battle.history)
    while g.motion.busy():
        assert len(g.battle.history) == played, "no second command while the first still plays"
        g.update(PACE_MS // 4)
    for _ in range(8):
        g.update(PACE_MS)
    assert len(g.battle.history) > played                 # then it goes on
    g.battle.close()
    pygame.quit()


def test_the_victory_shows_once_the_last_blow_has_been_seen(game):
    g = game
    attack(g, [15])
    assert g.battle.winner is not None and g.motion.busy()
    centre = (g.screen.get_width() // 2, g.screen.get_height() // 2)
    g.draw()
    during = g.screen.get_at(centre)
    run_out(g)
    g.draw()
    assert g.screen.get_at(centre) != during and "victory" in g.sound.played


def test_a_rider_walks_with_its_mount():
    g = watched(CAVALRY)
    click_button(g, "mount")
    click(g, at(g, (2, 1)))
    click(g, g.dialog.rects[0].center)
    run_out(g)
    move_to(g, (4, 0))
    walks = {c.who: c.squares for c in clips(g, "walk")}
    assert set(walks) == {"horse", "knight"} and walks["horse"] == walks["knight"]
    g.update(clips(g, "walk")[0].length / 2)
    assert drawn_square(g, "knight") == drawn_square(g, "horse") != g.battle.board().body("horse").pos
    g.battle.close()
    pygame.quit()


def test_moving_the_mouse_or_the_wheel_does_not_skip(game):
    g = game
    move_to(g, (4, 1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at(g, (2, 3)), rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)
    assert g.motion.busy() and g.hover == (2, 3)          # the hover follows, the animation goes on
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    pump(g)
    # the animation goes on; the board zoomed under the mouse, so the hover (its tooltip) is
    # put away until the mouse moves (play-test, issue 14: a stale tooltip)
    assert g.motion.busy() and g.hover is None


def test_a_key_in_the_computers_turn_ends_its_animations_and_plays_the_rest_at_once():
    from test_computer_turns import RED_AI, SKIRMISH
    g = watched(SKIRMISH + RED_AI)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e))
    pump(g)
    while not g.motion.busy():
        g.update(PACE_MS)
    assert g.current == "orc"
    played = len(g.battle.history)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=SKIP_KEY))
    pump(g)
    assert not g.motion.busy() and g.motion.pose("orc") is None
    assert g.current == "hero" and len(g.battle.history) > played     # the rest played at once, nothing queued
    g.battle.close()
    pygame.quit()


CORRIDOR = DUEL.replace("..........\n..........\n..........\n..........",
                        "##########\n..........\n..........\n##########").replace("at = [6, 1]", "at = [4, 2]")


def test_a_move_that_provokes_stops_for_the_blow_where_the_preview_said_then_goes_on():
    g = watched(CORRIDOR)
    move_to(g, (7, 1))
    shown = {sq for sq, takers in g.overlay.provokes.items() if "orc" in takers}
    while g.handoff is not None or g.dialog is not None:     # the orc's player takes the attack
        if g.dialog is None:
            click(g, (5, 5))
        else:
            g.draw()
            click(g, next(r for r, (_label, v) in zip(g.dialog.rects, g.dialog.choices) if v is True).center)
    blow = next(e for e in g.events if type(e).__name__ == "AttackRolled")
    assert blow.opportunity and blow.attacker == "orc"
    first, rest = clips(g, "walk")
    strike = clips(g, "lunge")[0]
    assert first.squares[-1] in shown and rest.squares[0] == first.squares[-1] and rest.squares[-1] == (7, 1)
    assert first.start + first.length <= strike.start < rest.start      # there, struck, then on
    g.update(strike.start + 1 - g.motion.now)
    assert drawn_square(g, "hero")[0] == first.squares[-1][0]
    g.battle.close()
    pygame.quit()


WEB_AND_FIRE = (FIREBALL.replace('spells = ["fireball"]', 'spells = ["web", "fireball"]')
                .replace("spell_slots = [0, 0, 0, 2]", "spell_slots = [0, 0, 2, 2]"))


def test_a_fireball_on_a_web_blooms_fire_over_the_strands_it_burns_and_says_so():
    """SRD Web: fire burns the strands away and the flames hurt who is in them: the squares
    the engine burnt bloom in fire, and the log says it, in the player's language."""
    g = watched(WEB_AND_FIRE)
    ok, refusal, _ = g.battle.act("sorc", "cast", {"spell": "web", "point": [8, 2]}, dice=[1])   # the orc glued
    assert ok, refusal
    for cid in ("sorc", "orc"):
        ok, refusal, _ = g.battle.act(cid, "end_turn")
        assert ok, refusal
    g.events.clear()
    g.draw()
    choose_spell(g, "fireball")
    x, y = g.cam.to_screen((8, 2))
    click(g, (x + 1, y + 1))
    assert g.battle.history[-1]["action"] == "cast"
    burned = next(e for e in g.events if type(e).__name__ == "WebBurned")
    assert burned.caught == ("orc",) and (8, 2) in burned.squares
    fire = [c for c in clips(g, "bloom") if set(c.squares) == set(burned.squares)]
    assert fire and fire[0].start >= clips(g, "bloom")[0].start       # after the fireball's own bloom
    run_out(g)
    said = sentence("LOG_WEB_BURNED", {"count": len(burned.squares), "dice": "+".join(map(str, burned.dice)),
                                       "amount": burned.amount, "caught": "Orc"}, "en")
    assert any(said.split(":")[0] in text for text, _c in g.log)
    g.battle.close()
    pygame.quit()
