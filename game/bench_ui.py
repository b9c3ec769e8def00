"""``python -m game bench ui``: how fast the battle screen draws and answers (issue 5,
item 10). Not a timed test: it prints one JSON object of figures.

Set-up: the SDL dummy driver, a 1280x800 window, a generated 60x40 map (seeded, 12%
walls, 12% difficult terrain) with 40 creatures on two sides, the threat overlay of all
enemies on and a path preview drawn. Measured: the median frame (drawing the whole
screen), the median time from a mouse move to the updated preview (the safest path with
its attacks of opportunity), the median frame (the clock's update and the drawing) while
a walk and a floating damage number play (issue 14), and the time from launch to the
first drawn frame in a fresh interpreter.
"""
from __future__ import annotations

import gc
import json
import os
import random
import statistics
import subprocess
import sys
import time

TARGETS_MS = {"frame": 4.0, "preview": 16.0, "launch": 1500.0, "click_40": 16.0, "click_200": 50.0,
              "frame_animating": 4.0}
TARGET_ZOOM_RSS_MB = 250.0


def scenario_text(seed: int = 7, count: int = 40) -> str:
    rng = random.Random(seed)
    w, h = 60, 40
    rows = ["".join("#" if r < 0.12 else "~" if r < 0.24 else "." for r in (rng.random() for _ in range(w)))
            for _ in range(h)]
    taken, creatures = set(), []
    weapons = ["longsword", "greataxe", "longspear", "shortbow", "spiked_chain"]
    while len(creatures) < count:
        x, y = rng.randrange(w), rng.randrange(h)
        if rows[y][x] != "." or (x, y) in taken:
            continue
        taken.add((x, y))
        side = "blue" if len(creatures) % 2 == 0 else "red"
        creatures.append(f'[[creature]]\nid = "c{len(creatures)}"\nside = "{side}"\nat = [{x}, {y}]\n'
                         f'weapon = "{weapons[len(creatures) % len(weapons)]}"\ninitiative = {count - len(creatures)}\n')
    return f'seed = {seed}\n[map]\ngrid = """\n' + "\n".join(rows) + '\n"""\n' + "\n".join(creatures)


def _median(samples: list[float]) -> float:
    return round(statistics.median(samples), 3)


def run_ui(repeat: int = 60) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from .content.scenario import parse_scenario
    from .engine import Battle
    from .ui.game_screen import GameScreen
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    battle = Battle(parse_scenario(scenario_text(), "bench-ui.toml"))
    game = GameScreen(battle, screen, "en")
    game.handoff = None
    game.show_threat = True
    game.mode = "move"
    me = battle.board().body(game.current)
    board_w, board_h = game._board_rect().size
    game.cam.ox = me.pos[0] * game.cam.cell - board_w // 2
    game.cam.oy = me.pos[1] * game.cam.cell - board_h // 2
    targets = [(me.pos[0] + dx, me.pos[1] + dy) for dx in (-3, -2, 2, 3) for dy in (-3, -1, 1, 3)]
    from .rules import movement
    reach = movement.reachable(battle.board(), me, "move")
    targets = [t for t in targets if t in reach] or sorted(reach)[:8]

    def move_to(sq):
        x, y = game.cam.to_screen(sq)
        game.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 3, y + 3), rel=(0, 0), buttons=(0, 0, 0)))

    move_to(targets[0])
    game.draw()
    gc.disable()
    frames = []
    for _ in range(repeat):
        t = time.perf_counter()
        game.draw()
        pygame.display.flip()
        frames.append((time.perf_counter() - t) * 1000)
    previews = []
    shown = 0
    for i in range(repeat):
        sq = targets[i % len(targets)]
        game.hover = None
        t = time.perf_counter()
        move_to(sq)
        took = (time.perf_counter() - t) * 1000
        if game.overlay.path:            # count only the moves that drew a path
            previews.append(took)
            shown += 1
    animating = _animating_frames(game, targets[0], repeat)
    gc.enable()
    path_shown = shown
    battle.close()
    pygame.quit()
    launch = _launch_ms()
    clicks = {n: click_samples(n, repeat=min(12, repeat)) for n in (40, 200)}
    zoom_rss = _zoom_memory_mb()
    figures = {
        "suite": "ui", "repeat": repeat, "window": [1280, 800], "map": [60, 40], "creatures": 40,
        "overlays": ["threat of all enemies", "path preview"],
        "frame": {"median_ms": _median(frames), "p90_ms": round(sorted(frames)[int(0.9 * len(frames))], 3),
                  "target_ms": TARGETS_MS["frame"], "met": _median(frames) <= TARGETS_MS["frame"]},
        "preview": {"median_ms": _median(previews), "p90_ms": round(sorted(previews)[int(0.9 * len(previews))], 3),
                    "target_ms": TARGETS_MS["preview"], "met": _median(previews) <= TARGETS_MS["preview"],
                    "previews_with_a_path": path_shown},
        "frame_animating": {"median_ms": _median(animating),
                            "p90_ms": round(sorted(animating)[int(0.9 * len(animating))], 3),
                            "target_ms": TARGETS_MS["frame_animating"],
                            "met": _median(animating) <= TARGETS_MS["frame_animating"],
                            "note": "update + draw while a token walks and a damage number floats"},
        "launch": {"ms": round(launch, 1), "target_ms": TARGETS_MS["launch"], "met": launch <= TARGETS_MS["launch"],
                   "note": "a fresh interpreter: imports, the old mill loaded, the first frame drawn"},
        **{f"click_{n}": {"median_ms": _median(samples) if samples else None, "samples": len(samples),
                          "target_ms": TARGETS_MS[f"click_{n}"],
                          "met": bool(samples) and _median(samples) <= TARGETS_MS[f"click_{n}"],
                          "note": "a click that plays a move, to the frame that shows it drawn"}
           for n, samples in clicks.items()},
        "zoom_memory": {"rss_mb": round(zoom_rss, 1), "target_mb": TARGET_ZOOM_RSS_MB, "met": zoom_rss <= TARGET_ZOOM_RSS_MB,
                        "note": "peak memory of a fresh interpreter after drawing a 100x100 map at every zoom level"},
    }
    print(json.dumps(figures, indent=2))
    return 0


def _animating_frames(game, square, repeat: int) -> list[float]:
    """Frames (update + draw) while the current creature walks the safest path to
    ``square`` (the path the preview shows) and the nearest enemy shows a hit: their events
    queued again whenever they have played out, until ``repeat`` frames are timed. The
    battle itself is not played (a move there could stop on an attack of opportunity's
    question, which is not what is measured)."""
    import pygame

    from .world import views
    from .world.events import DamageDealt, Moved
    me = game.current
    board = game.battle.board()
    body = board.body(me)
    path = views.path(game.battle, me, square, "move")
    squares = (body.pos,) + tuple(tuple(s) for s in path.squares) if path.legal else (body.pos, body.pos)
    foe = min(board.enemies_of(body), key=lambda b: abs(b.pos[0] - body.pos[0]) + abs(b.pos[1] - body.pos[1]))
    events = [Moved(who=me, path=squares, mode="move", cost_m=0.0),
              DamageDealt(attacker=me, target=foe.id, dice=(6,), bonus=2, amount=8, nonlethal=False, multiplier=1)]
    game.mode = None
    game.refresh()
    frames: list[float] = []
    while len(frames) < repeat:
        if not game.motion.busy():
            game.motion.add(events, board, dict(game.view.health))
        t = time.perf_counter()
        game.update(16)
        game.draw()
        pygame.display.flip()
        frames.append((time.perf_counter() - t) * 1000)
    return frames


def click_samples(count: int, repeat: int = 12, drawn: bool = True, first_seed: int = 11) -> list[float]:
    """ms from a click that plays a move (Move mode, a square it reaches without provoking)
    to its result, with ``count`` creatures on the 60x40 map: to the frame that shows it
    (``drawn``; ``click_40``, ``click_200``), or the click handled alone (``bench engine``'s
    ``window_click_ms``)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from .content.scenario import parse_scenario
    from .engine import Battle
    from .ui.game_screen import GameScreen
    from .world import views
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    samples = []
    for n in range(repeat):
        battle = Battle(parse_scenario(scenario_text(seed=first_seed + n, count=count), f"bench-click-{count}.toml"))
        game = GameScreen(battle, screen, "en")
        game.handoff = None
        who = game.current
        found = views.reachable(battle, who, "move")
        goal = next((sq for sq in sorted(found, key=lambda s: (-found[s], s))
                     if views.path(battle, who, sq, "move").legal and not views.path(battle, who, sq, "move").provokes),
                    None)
        if goal is not None:
            game.mode = "move"
            game.cam.show(battle.board().body(who).squares + [goal], game.board_rect().size)
            game.draw()
            x, y = game.cam.to_screen(goal)
            before = len(battle.history)
            t = time.perf_counter()
            game.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x + 3, y + 3)))
            if drawn:
                game.draw()
            took = (time.perf_counter() - t) * 1000
            if len(battle.history) == before + 1:
                samples.append(took)
        battle.close()
    pygame.quit()
    return samples


def _zoom_memory_mb() -> float:
    """Peak memory (MB) of a fresh interpreter that draws a 100x100 map at every zoom level."""
    code = ("import os, resource; os.environ['SDL_VIDEODRIVER']='dummy'; import pygame; "
            "from game.bench_ui import zoom_map_text; from game.content.scenario import parse_scenario; "
            "from game.engine import Battle; from game.ui.game_screen import GameScreen; "
            "from game.ui.board_view import ZOOMS; pygame.display.init(); pygame.font.init(); "
            "s = pygame.display.set_mode((1280, 800)); b = Battle(parse_scenario(zoom_map_text(), 'zoom.toml')); "
            "g = GameScreen(b, s, 'en'); g.handoff = None\n"
            "for z in ZOOMS:\n    g.cam.cell = z; g.draw()\n"
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root,
                         env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1", "SDL_VIDEODRIVER": "dummy"})
    return float(out.stdout.strip().splitlines()[-1]) if out.returncode == 0 else float("inf")


def zoom_map_text() -> str:
    """A 100x100 map with walls strewn over it and two creatures at its corners."""
    rows = ["".join("#" if (x * 7 + y * 13) % 23 == 0 else "." for x in range(100)) for y in range(100)]
    return ('seed = 1\n[map]\ngrid = """\n' + "\n".join(rows) + '\n"""\n'
            '[[creature]]\nid = "a"\nside = "blue"\nat = [1, 1]\n[[creature]]\nid = "b"\nside = "red"\nat = [98, 98]\n')


def _launch_ms() -> float:
    code = ("import time; t=time.perf_counter(); import os; os.environ['SDL_VIDEODRIVER']='dummy'; "
            "from game.ui.app import main; main('maps/old_mill.toml', lang='en', frames=1); "
            "print((time.perf_counter()-t)*1000)")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    t = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root,
                         env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1", "SDL_VIDEODRIVER": "dummy"})
    total = (time.perf_counter() - t) * 1000
    return total if out.returncode == 0 else float("inf")
