"""The art (issue 6, item 5): a tile per terrain kind, a token per template, and the board
drawn with them. The pictures are made by tools/make_art.py and committed."""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.content.scenario import load_scenario
from game.engine import Battle
from game.rules.terrain import LEGEND
from game.ui import theme
from game.ui.art import GENERIC, TILES, TOKENS, Art, token_name
from game.ui.board_view import BoardView, Camera

ROOT = Path(__file__).resolve().parents[2]


def load_tool():
    spec = importlib.util.spec_from_file_location("make_art", ROOT / "tools" / "make_art.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


make_art = load_tool()


def template_ids() -> list[str]:
    """Every template of the bestiary and the heroes (the issue's list for a missing file)."""
    ids: list[str] = []
    for path, known in zip(make_art.TEMPLATE_FILES, (make_art.KNOWN_BESTIARY, make_art.KNOWN_HEROES)):
        ids += make_art.template_ids(path) if path.exists() else list(known)
    return ids


@pytest.fixture(autouse=True)
def pygame_up():
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.quit()


@pytest.mark.parametrize("kind", sorted({k.id for k in LEGEND.values()}))
def test_every_terrain_kind_has_a_64_pixel_tile(kind):
    path = TILES / f"{kind}.png"
    assert path.exists(), f"{path} missing: run tools/make_art.py"
    assert pygame.image.load(str(path)).get_size() == (64, 64)


def test_every_template_has_a_round_128_pixel_token_on_a_transparent_ground():
    ids = template_ids()
    assert ids
    missing = [t for t in ids if not (TOKENS / f"{t}.png").exists()]
    assert missing == [], f"no token for {missing}: run tools/make_art.py"
    for name in [*ids, GENERIC]:
        img = pygame.image.load(str(TOKENS / f"{name}.png"))
        assert img.get_size() == (128, 128), name
        assert img.get_flags() & pygame.SRCALPHA, name
        for corner in ((0, 0), (127, 0), (0, 127), (127, 127), (10, 10)):
            assert img.get_at(corner).a == 0, (name, corner)
        for inside in ((64, 64), (64, 8), (30, 100)):
            assert img.get_at(inside).a == 255, (name, inside)


def test_the_script_finds_every_file_it_would_make_and_the_art_stays_small():
    assert [p for p in make_art.expected_files() if not p.exists()] == []
    total = sum(p.stat().st_size for d in (TILES, TOKENS) for p in d.glob("*.png"))
    assert total < 2 * 1024 * 1024


def test_the_shipped_font_covers_french_and_every_character_the_game_writes():
    used = {c for d in ("game", "maps") for p in (ROOT / d).rglob("*") if p.suffix in (".py", ".toml")
            for c in p.read_text(encoding="utf-8") if ord(c) > 127}
    french = set("àâæçéèêëîïôœùûüÿÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ«»’…–—")
    for bold in (False, True):
        f = theme.font(14, bold)
        missing = sorted(c for c in used | french if f.metrics(c)[0] is None)
        assert missing == [], f"no glyph for {missing} (bold={bold})"


def test_drawing_is_deterministic():
    family, draw = make_art.drawing_for("gnoll")
    a = make_art.make_token(draw, make_art.FIELD[family])
    b = make_art.make_token(draw, make_art.FIELD[family])
    assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")
    kind = LEGEND["~"]
    assert pygame.image.tobytes(make_art.make_tile(kind), "RGB") == pygame.image.tobytes(make_art.make_tile(kind), "RGB")


def test_unknown_templates_and_kinds_still_get_a_picture():
    assert make_art.drawing_name("goblin_archer") == "goblin"
    assert make_art.drawing_name("x", {"name_en": "Dire wolf"}) == "dire_wolf"
    assert make_art.drawing_name("x", {"type": "undead"}) == "human_zombie"
    assert make_art.drawing_name("steed", {"kind": "hero", "source": "Heavy warhorse"}) == "paladin_mount"
    assert make_art.drawing_name("zorblax", {"type": "aberration"}) is None
    family, draw = make_art.drawing_for("zorblax")
    assert make_art.make_token(draw, make_art.FIELD[family]).get_size() == (128, 128)
    odd = make_art.TerrainKind("?", "lava_crust", difficult=True)
    assert make_art.make_tile(odd).get_size() == (64, 64)


def test_which_token_a_creature_shows():
    assert token_name("anyone", "gnoll") == "gnoll"
    assert token_name("gnoll_2", None) == "gnoll"            # no template: its id's words
    assert token_name("gnoll_archer", None) == "gnoll"
    assert token_name("sister_maud", None) == GENERIC
    assert token_name("anyone", "no_such_template") == GENERIC
    if (TOKENS / "tordek_3.png").exists():
        assert token_name("t", "tordek_3") == "tordek_3"


def test_the_board_draws_tiles_and_tokens_inside_the_side_ring_from_caches():
    battle = Battle(load_scenario(ROOT / "maps" / "ford.toml"))
    try:
        board = battle.board()
        view = BoardView(board, {s.id: s.name for s in battle.scenario.creatures}, {"gnoll": "gnoll", "archer": None})
        cell = 48
        screen = pygame.Surface((board.terrain.width * cell + 2 * cell, board.terrain.height * cell + 2 * cell))
        cam = Camera(cell, -cell, -cell)
        view.draw(screen, cam)
        assert view.token_of("gnoll") == "gnoll" and view.token_of("archer") == GENERIC
        assert {k[0] for k in view.art._tiles} >= {"floor", "wall", "difficult"}
        body = board.body("gnoll")
        x, y = cam.to_screen(body.pos)
        red = theme.side_colour(view.sides, body.side)
        ring = screen.get_at((x + cell // 2, y + 3))[:3]     # top of the token: the side's ring
        assert ring == red
        middle = screen.get_at((x + cell // 2, y + cell // 2))[:3]
        assert middle != red                                 # the picture, not a side-coloured disc
        baked = view.kept_terrain()
        tokens = dict(view.art._tokens)
        view.draw(screen, cam)
        kept = view.kept_terrain()
        assert kept and all(a is b for a, b in zip(kept, baked)) and view.art._tokens == tokens   # nothing rebuilt
    finally:
        battle.close()


def test_prone_and_helpless_tokens_lie_down():
    a = Art()
    up = a.token("gnoll", 40)
    prone = a.token("gnoll", 40, "prone")
    helpless = a.token("gnoll", 40, "helpless")
    assert up.get_size() == prone.get_size() == helpless.get_size() == (40, 40)
    assert pygame.image.tobytes(up, "RGBA") != pygame.image.tobytes(prone, "RGBA")
    r, g, b, _ = helpless.get_at((20, 20))
    assert r == g == b                                       # greyed


def test_render_command_still_draws_the_old_mill(tmp_path):
    out = tmp_path / "mill.png"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.run([sys.executable, "-m", "game", "render", "maps/old_mill.toml", "--out", str(out), "--cell", "48"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    img = pygame.image.load(str(out))
    terrain = load_scenario(ROOT / "maps" / "old_mill.toml").terrain()
    assert img.get_size() == (terrain.width * 48 + 96, terrain.height * 48 + 96)
