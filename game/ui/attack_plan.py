"""A full attack put together in the window (issue 14, item 4): a foe clicked for each
attack and, between two of them, the 5-ft step (French text, « Attaque à outrance » : « le
personnage peut faire un pas de placement avant, après ou entre ses attaques »). The
engine plays a full attack as one command whose plan names every step in order
(``FullAttack.targets``: ``Strike``, ``StepTo``, ``OffHand``), so the step is chosen while
the plan is made, before any die. The squares offered are the engine's own: those its
``five_foot_step`` option gives now, each kept only when the preview of the plan so far
with that step after it still passes. Nothing here decides a rule."""
from __future__ import annotations

from ..world import commands as C, views

Square = tuple[int, int]


def strikes(plan: list) -> list[str]:
    """The foes chosen so far, one per attack, in order."""
    return [p for p in plan if isinstance(p, str)]


def foes(plan: list) -> list[str]:
    """The creature each attack of the plan is aimed at, in order: a foe clicked, or the
    one a special attack in place of that attack goes at (``plan_maneuvers``)."""
    return [p if isinstance(p, str) else p.target for p in plan if isinstance(p, (str, C.ManeuverStep))]


def stepped(plan: list) -> bool:
    return any(isinstance(p, C.StepTo) for p in plan)


def command(screen, cid: str, plan: list, extras: dict | None = None, off_hand: bool = True) -> C.FullAttack:
    """The full attack the plan makes: its attacks and its step in order; the off-hand
    attacks the engine counts (``views.full_attack``) go at the last foe chosen."""
    steps = tuple(C.Strike(p) if isinstance(p, str) else p for p in plan)
    last = (strikes(plan) or foes(plan))[-1]
    flurry = bool((extras or {}).get("flurry"))        # a flurry takes no off-hand attack
    off = tuple(s for s in views.full_attack(screen.battle, cid, last, flurry) if isinstance(s, C.OffHand)) \
        if off_hand else ()
    return C.FullAttack(cid, targets=steps + off, **(extras or {}))


def step_squares(screen, cid: str) -> list[Square]:
    """Where the 5-ft step may go next in the plan being made: only once a foe is chosen
    and before the plan has its step (one a round), among the squares the engine allows
    (its ``five_foot_step`` option), each judged by the engine's preview of the plan with
    the step next (its attacks taken as misses, nothing rolled). Worked out once per plan
    and state of the battle: the board asks at every frame."""
    plan = screen.plan
    if screen.mode != "full_attack" or not foes(plan) or stepped(plan):
        return []
    battle = screen.battle
    key = (battle.revision, len(battle.history), cid, tuple(plan), screen.stance.flurry)
    cached = screen.step_cache
    if cached is not None and cached[0] == key:
        return cached[1]
    option = battle.options(cid)["five_foot_step"]
    squares = [(x, y) for x, y, _m in option.domain.get("squares", [])] if option.legal else []
    found = [sq for sq in squares
             if battle.preview(command(screen, cid, plan + [C.StepTo(sq)], screen.stance.extras("full_attack"),
                                       off_hand=False)).legal]
    screen.step_cache = (key, found)
    return found
