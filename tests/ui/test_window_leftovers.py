"""Issue 14's leftovers in the battle window, driven with posted pygame events (SDL dummy
driver): a computer's spell is logged by its name, a computer's reason reads as one
sentence (no "Fin du tour : attend : …"), the log and the board's labels follow the UI
scale, and the selected creature's name never lies on the hit-point bar below it."""
from __future__ import annotations

import pygame
import pytest

from game.content.scenario import parse_scenario
from game.engine import Battle
from game.i18n import sentence
from game.ui.game_screen import GameScreen

WIZARD = """
seed = 5
[map]
grid = \"\"\"
..............
..............
..............
..............
\"\"\"
[[creature]]
id = "mialee"
name = "Mialee"
side = "blue"
at = [1, 1]
template = "mialee_3"
initiative = 30

[[creature]]
id = "orc"
name = "Orque"
name_en = "Orc"
side = "red"
at = [10, 2]
template = "orc"
initiative = 1

[sides.blue]
control = "ai"
level = "normal"
"""

ZOMBIE = """
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
side = "blue"
at = [1, 1]
weapon = "longsword"
initiative = 30

[[creature]]
id = "zombie"
name = "Zombi"
name_en = "Zombie"
side = "red"
at = [10, 2]
template = "human_zombie"
initiative = 1

[sides.red]
control = "ai"
level = "normal"
"""


def open_screen(text: str, lang: str) -> GameScreen:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    g = GameScreen(Battle(parse_scenario(text, "test.toml")), screen, lang)
    g.handoff = None
    pygame.event.clear()
    return g


def press_key(g, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    for event in pygame.event.get():
        g.handle(event)
    g.draw()


def computer_lines(g) -> list[str]:
    head = sentence("UI_AI_WHY", {"name": "", "action": "", "why": ""}, g.lang).split(",")[0]
    return [str(t) for t, _c in g.log if head in t]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_computers_spell_is_logged_by_the_spells_name(lang):
    """Play-test leftover: the computer's cast read "Spell or item: Magic Missile on Orc";
    it reads "Mialee (computer), Magic Missile on Orc" (the spell named once)."""
    g = open_screen(WIZARD, lang)
    try:
        assert g.current == "mialee" and g.computer.playing()
        press_key(g, pygame.K_SPACE)                 # any key: the computer plays its turn at once
        cast = [c for c in g.battle.history if c["action"] == "cast"]
        assert cast, "the wizard cast a spell"
        from game import data
        spell = data.spells()[cast[0]["args"]["spell"]][f"name_{lang}"]
        lines = [t for t in computer_lines(g) if spell in t]
        assert lines, computer_lines(g)
        assert sentence("ACT_cast", {}, lang) not in lines[0]
        assert lines[0].count(spell) == 1 and lines[0].startswith("Mialee")
    finally:
        g.battle.close()
        pygame.quit()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_computers_reason_with_its_own_colon_follows_the_action_after_a_dash(lang):
    """Play-test leftover: "Zombi (ordinateur), Se déplacer : sans esprit : va sur …" had two
    colons; the action and a reason that has its own colon are parted by a dash."""
    g = open_screen(ZOMBIE, lang)
    try:
        press_key(g, pygame.K_e)                     # the hero ends its turn: the zombie's
        assert g.current == "zombie"
        press_key(g, pygame.K_SPACE)                 # its turn played at once
        lines = computer_lines(g)
        mindless = sentence("WHY_MINDLESS", {"target": "Héros"}, lang)
        line = next(t for t in lines if mindless in t)
        colon = " : " if lang == "fr" else ": "
        assert line.count(colon) == 1, line
        assert f"{sentence('ACT_move', {}, lang)} — {mindless}" in line
    finally:
        g.battle.close()
        pygame.quit()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_why_line_says_the_reasons_own_action_once(lang):
    """A reason that begins with its action's words ("full attack on Tordek: …") is not
    prefixed with the action; one that does not keeps it."""
    from game.ui.computer_turns import why_line
    action = sentence("ACT_full_attack", {}, lang)
    why = sentence("WHY_FULL_ATTACK", {"target": "Tordek", "damage": "3"}, lang)
    line = why_line("Gnoll 1", action, why, lang)
    assert line.lower().count(action.lower()) == 1 and line.endswith(why[:1].upper() + why[1:])
    hold = sentence("WHY_HOLD", {}, lang)
    end = sentence("ACT_end_turn", {}, lang)
    assert why_line("Gnoll 1", end, hold, lang).count(" : " if lang == "fr" else ": ") == 1


# --- the selected creature's name and the bar below it ---------------------------------
STACKED = """
seed = 3
[map]
grid = \"\"\"
..........
..........
..........
..........
..........
\"\"\"
[[creature]]
id = "ana"
name = "Ana"
side = "blue"
at = [4, 1]
weapon = "longsword"
initiative = 30

[[creature]]
id = "dee"
name = "Dee"
side = "red"
at = [4, 2]
weapon = "club"
initiative = 1
"""

BAR_GREEN = (80, 190, 90)


def _box(g: GameScreen, cid: str) -> pygame.Rect:
    x, y = g.cam.to_screen(g.battle.board().body(cid).pos)
    return pygame.Rect(x, y, g.cam.cell, g.cam.cell)


def _green_in_bar(g: GameScreen, cid: str) -> int:
    """The full-health green pixels of a token's hit-point bar, read back from the screen."""
    box = _box(g, cid)
    strip = g.screen.subsurface(pygame.Rect(box.x, box.y, box.w, box.h // 4))
    return pygame.mask.from_threshold(strip, BAR_GREEN, (2, 2, 2, 255)).count()


def _dark_text(g: GameScreen, rect: pygame.Rect) -> int:
    part = g.screen.subsurface(rect.clip(g.screen.get_rect()))
    return pygame.mask.from_threshold(part, (35, 33, 30), (30, 30, 30, 255)).count()


def test_the_selected_creatures_name_keeps_off_the_bar_of_the_creature_below():
    """Play-test leftover: Ana's name, under her token, was written over Dee's hit-point
    bar (Dee stands just below her). It goes above Ana's token: Dee's bar shows whole."""
    g = open_screen(STACKED, "en")
    try:
        g.cam.cell = 40
        g.cam.clamp()
        pygame.mouse.set_pos(_box(g, "ana").center)           # the pointer on Ana: her name must show
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=_box(g, "ana").center, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        for event in pygame.event.get():
            g.handle(event)
        g.draw()
        assert g.current == "ana"
        area = g.board_rect()
        assert "ana" in g.view.shown_labels(area, g.cam, "ana", "ana")
        label = g.view.label_rects(area, g.cam)["ana"]
        dee, ana = _box(g, "dee"), _box(g, "ana")
        bar = pygame.Rect(dee.x, dee.y, dee.w, 4 + g.cam.cell * 3 // 20)
        assert not label.colliderect(bar) and label.bottom <= ana.top
        assert _dark_text(g, label) > 10                        # her name is written there
        green = _green_in_bar(g, "dee")
        alone = open_screen(STACKED.replace('at = [4, 1]', 'at = [8, 4]'), "en")
        try:
            alone.cam.cell = 40
            alone.cam.clamp()
            alone.draw()
            assert green == _green_in_bar(alone, "dee") > 20    # as whole as with nobody above it
        finally:
            alone.battle.close()
    finally:
        g.battle.close()
        pygame.quit()


# --- the UI scale: the log and the board's labels too ----------------------------------
def _ink_height(g: GameScreen, rect: pygame.Rect, ground) -> int:
    """The height of what is drawn on ``rect`` other than its ``ground`` colour."""
    mask = pygame.mask.from_threshold(g.screen.subsurface(rect), ground, (3, 3, 3, 255))
    mask.invert()
    boxes = mask.get_bounding_rects()
    return boxes[0].unionall(boxes[1:]).h if boxes else 0


def _fits(g: GameScreen) -> bool:
    """The whole map shows on the board, at the largest square size that lets it."""
    t, view = g.battle.terrain, g.board_rect()
    left, top = g.cam.to_screen((0, 0))
    right, bottom = g.cam.to_screen((t.width, t.height))
    best = min(48, (view.w - 1) // t.width, (view.h - 1) // t.height)
    return left >= 0 and top >= 0 and right <= view.w and bottom <= view.h and g.cam.cell == best


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_log_and_the_board_labels_follow_the_ui_scale_and_the_map_still_fits(lang, tmp_path, monkeypatch):
    """Play-test leftover: at 150 % the panel grew but the log's lines and the creatures'
    names kept their size. Chosen in the settings (Esc, Settings, the scale button), the
    log's text, its height and the name labels grow by as much, and the camera fits the
    smaller board again: the whole map shows, at the largest square that lets it."""
    from tests.ui.menus_driver import key, press
    monkeypatch.setenv("CARREAU_DATA_DIR", str(tmp_path))
    wide = STACKED.replace("..........\n" * 5, ("." * 24 + "\n") * 14)     # a map the fit must shrink
    g = open_screen(wide, lang)
    try:
        g.draw()
        log = g.log_view.rect
        first = _ink_height(g, log, (26, 27, 33))
        label = g.view.label_rects(g.board_rect(), g.cam)["ana"].h
        assert _fits(g) and first > 8
        cell = g.cam.cell
        key(g, pygame.K_ESCAPE)
        press(g, g.pause.page, "settings")
        press(g, g.pause.page, "ui_scale")                  # 100 % -> 125 %
        press(g, g.pause.page, "ui_scale")                  # -> 150 %
        press(g, g.pause.page, "back")
        key(g, pygame.K_ESCAPE)
        assert not g.pause.is_open and g.ui_scale == 1.5
        g.draw()
        assert g.log_view.rect.h == round(log.h * 1.5)
        grown = _ink_height(g, g.log_view.rect, (26, 27, 33))
        assert 1.3 * first <= grown <= 1.7 * first, (first, grown)
        assert _fits(g) and g.cam.cell < cell                  # a smaller board: the map fitted again
        bigger = g.view.label_rects(g.board_rect(), g.cam)["ana"].h
        assert bigger >= 1.3 * label, (label, bigger)
        assert _dark_text(g, g.view.label_rects(g.board_rect(), g.cam)["ana"]) > 10    # and drawn so
    finally:
        g.battle.close()
        pygame.quit()
