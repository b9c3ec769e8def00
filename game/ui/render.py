"""``python -m game render SCENARIO --out board.png``: the board drawn headless to a PNG,
with the overlays a rules discussion needs. ``--sandbox ID --show threat,area,lanes …
--hover X,Y`` draws what the sandbox shows for that creature (``sandbox_view``), with
its lines (odds, costs, variants, explanations) under the board, for a forum post."""
from __future__ import annotations

import os


SHOW = {"threat": "show_threat", "reach": "show_reach", "area": "show_area", "lanes": "show_lanes",
        "flanking": "show_flanking", "splash": "show_splash", "charge": "charge_mode"}


def _square(text: str) -> tuple[int, int]:
    try:
        x, y = text.split(",")
        return int(x), int(y)
    except ValueError:
        raise SystemExit(f"expected a square as X,Y (whole numbers), not {text!r}") from None


def _sandbox(battle, args, names: dict[str, str]):
    """The sandbox's overlay and lines for ``--sandbox`` (None, [] without it)."""
    from .sandbox_view import VARIANTS, SandboxView
    if not args.sandbox:
        return None, []
    view = SandboxView(battle, args.lang or "en", names)
    view.selected = args.sandbox
    for item in (args.show or "").split(","):
        if item and item not in SHOW:
            raise SystemExit(f"--show: unknown overlay {item!r} (known: {', '.join(SHOW)})")
        if item:
            setattr(view, SHOW[item], True)
    for item in args.variant or []:
        key, _eq, raw = item.partition("=")
        value = {"true": True, "false": False}.get(raw, raw)
        if key not in VARIANTS or value not in VARIANTS[key]:
            raise SystemExit(f"--variant: {item!r} is not a rule variant (known: "
                             f"{', '.join(f'{k}={v}' for k, vs in VARIANTS.items() for v in vs)})".replace("True", "true")
                             .replace("False", "false"))
        view.set_variant(key, value)
    view.mode = args.mode
    view.hover = _square(args.hover) if args.hover else None
    view.ruler_from = _square(args.ruler) if args.ruler else None
    if args.explain:
        view.explain(_square(args.explain))
    return view.overlay(), view.info_lines()


def render(args) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from ..content.scenario import load_scenario
    from ..engine import Battle
    from . import overlays
    from ..world import spell_views, views
    from .board_view import BoardView, Camera, Overlay
    pygame.display.init()
    pygame.font.init()
    battle = Battle(load_scenario(args.scenario))
    board = battle.board()
    names = {s.id: s.name_in(args.lang or "en") for s in battle.scenario.creatures}
    tokens = {s.id: getattr(s, "template", None) for s in battle.scenario.creatures}
    for cid in [*(args.threat or []), *(args.reach or []), *([args.path[0]] if args.path else []),
                *(args.charge or []), *([args.splash[0]] if args.splash else []),
                *([args.reachable[0]] if args.reachable else []), *([args.sandbox] if args.sandbox else [])]:
        if not battle.has(cid):
            raise SystemExit(f"{args.scenario}: unknown creature {cid!r}")
    ov, lines = _sandbox(battle, args, names)
    ov = ov or Overlay()
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
    from . import theme
    cell = args.cell
    board = battle.board()               # a variant switched makes the board again
    t = board.terrain
    fnt = theme.font(max(12, cell // 3))
    text = [ln for line in ([ov.caption] if ov.caption else []) + lines for ln in theme.wrap(line, fnt, t.width * cell)]
    step = fnt.get_linesize() + 2
    height = t.height * cell + 2 * cell + (len(text) * step + cell // 2 if text else 0)
    surface = pygame.Surface((t.width * cell + 2 * cell, height))
    view = BoardView(board, names, tokens, sealed_of=lambda: views.sealed_doors(battle),
                     difficult_look=battle.scenario.difficult_look,
                     spell_ground_of=lambda: spell_views.spell_grounds(battle))
    cam = Camera(cell, -cell, -cell)
    view.draw(surface, cam, ov)
    y = t.height * cell + 2 * cell - cell // 2
    for line in text:
        surface.blit(fnt.render(line, True, theme.TEXT), (cell, y))
        y += step
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
    parser.add_argument("--mode", default="double", choices=("move", "double", "5ft", "withdraw", "run"))
    parser.add_argument("--charge", nargs=2, metavar=("ID", "TARGET"), help="the charge lane, green or red")
    parser.add_argument("--splash", nargs=2, metavar=("ID", "TARGET|X,Y"), help="scatter points of a miss")
    parser.add_argument("--lang", choices=("en", "fr"), default=None)
    parser.add_argument("--sandbox", metavar="ID", help="what the sandbox shows for this creature")
    parser.add_argument("--show", metavar="LIST", help=f"with --sandbox, comma-separated: {', '.join(SHOW)}")
    parser.add_argument("--hover", metavar="X,Y", help="with --sandbox, the hovered square (path, odds, cover, flask)")
    parser.add_argument("--ruler", metavar="X,Y", help="with --sandbox, a 1-2-1 ruler from this square to --hover")
    parser.add_argument("--explain", metavar="X,Y", help="with --sandbox, the rules that decide this square")
    parser.add_argument("--variant", action="append", metavar="KEY=VALUE",
                        help="with --sandbox, a rule variant (charge_lane=swept, scatter_order=srd, "
                             "reach_diagonal_exception=false)")
