"""``python -m game render SCENARIO --out board.png``: the board drawn headless to a PNG,
with the overlays a rules discussion needs."""
from __future__ import annotations

import os


def _square(text: str) -> tuple[int, int]:
    x, y = text.split(",")
    return int(x), int(y)


def render(args) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from ..content.scenario import load_scenario
    from ..engine import Battle
    from . import overlays
    from .board_view import BoardView, Camera, Overlay
    pygame.display.init()
    pygame.font.init()
    battle = Battle(load_scenario(args.scenario))
    board = battle.board()
    names = {s.id: s.name for s in battle.scenario.creatures}
    tokens = {s.id: getattr(s, "template", None) for s in battle.scenario.creatures}
    for cid in [*(args.threat or []), *(args.reach or []), *([args.path[0]] if args.path else []),
                *(args.charge or []), *([args.splash[0]] if args.splash else []),
                *([args.reachable[0]] if args.reachable else [])]:
        if not battle.has(cid):
            raise SystemExit(f"{args.scenario}: unknown creature {cid!r}")
    ov = Overlay()
    if args.threat:
        overlays.threat_overlay(battle, args.threat, ov)
    for cid in args.reach or []:
        overlays.reach_overlay(battle, cid, ov)
    if args.reachable:
        overlays.reachable_overlay(battle, args.reachable[0], args.reachable[1], ov)
    if args.path:
        overlays.path_overlay(battle, args.path[0], _square(args.path[1]), args.mode, args.lang, ov, names)
    if args.charge:
        overlays.charge_overlay(battle, args.charge[0], args.charge[1], args.lang, ov)
    if args.splash:
        who, aim = args.splash
        if "," in aim:
            overlays.splash_overlay(battle, who, intersection=_square(aim), ov=ov, lang=args.lang)
        else:
            overlays.splash_overlay(battle, who, target=aim, ov=ov, lang=args.lang)
    cell = args.cell
    t = board.terrain
    surface = pygame.Surface((t.width * cell + 2 * cell, t.height * cell + 2 * cell + (cell if ov.caption else 0)))
    view = BoardView(board, names, tokens)
    cam = Camera(cell, -cell, -cell)
    view.draw(surface, cam, ov)
    if ov.caption:
        from . import theme
        img = theme.font(max(12, cell // 3)).render(ov.caption, True, theme.TEXT)
        surface.blit(img, (cell, surface.get_height() - cell + (cell - img.get_height()) // 2))
    pygame.image.save(surface, args.out)
    battle.close()
    print(args.out)
    return 0


def add_arguments(parser) -> None:
    parser.add_argument("scenario")
    parser.add_argument("--out", required=True, help="PNG file to write")
    parser.add_argument("--cell", type=int, default=40, help="pixels per square (32-96 look best)")
    parser.add_argument("--threat", action="append", metavar="ID", help="show the squares ID threatens")
    parser.add_argument("--reach", action="append", metavar="ID", help="outline where ID's weapon reaches")
    parser.add_argument("--reachable", nargs=2, metavar=("ID", "MODE"), help="tint where ID can end a movement")
    parser.add_argument("--path", nargs=2, metavar=("ID", "X,Y"), help="the safest path of ID to a square")
    parser.add_argument("--mode", default="double", choices=("move", "double", "5ft", "withdraw"))
    parser.add_argument("--charge", nargs=2, metavar=("ID", "TARGET"), help="the charge lane, green or red")
    parser.add_argument("--splash", nargs=2, metavar=("ID", "TARGET|X,Y"), help="scatter points of a miss")
    parser.add_argument("--lang", choices=("en", "fr"), default=None)
