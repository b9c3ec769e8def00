"""A full attack put together in the window (issue 14, item 4): a foe clicked for each
attack and, between two of them, the 5-ft step (French text, « Attaque à outrance » : « le
personnage peut faire un pas de placement avant, après ou entre ses attaques »). The
engine plays a full attack as one command whose plan names every step in order
(``FullAttack.targets``: ``Strike``, ``StepTo``, ``OffHand``), so the step is chosen while
the plan is made, before any die. The squares offered are the engine's own: those its
``five_foot_step`` option gives now, each kept only when the preview of the plan so far
with that step after it still passes. Nothing here decides a rule."""
from __future__ import annotations

from ..i18n import sentence
from ..world import commands as C, views
from . import overlays
from .board_view import Lane

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


# --- the charge's tied closest spaces (play-test 11, 12a, 91) ---------------------------
# The French text's charge goes to "la case la plus proche" from which the charger can
# attack; when several are as close the rules leave the choice to the charger. The engine's
# ``charge`` option lists them for each foe (its domain's ``targets``, or an overrun's
# ``ends``); the preview shows every one as a numbered choice with its lane, and a click on
# one charges to it, so no single lane stands in for the choice and no question follows.

def charge_ends(screen, cid: str, target: str) -> tuple[list[Square], str | None]:
    """The closest spaces the engine's charge option gives for this foe, and the foe to be
    overrun on the way to them (None)."""
    option = screen.battle.options(cid)["charge"]
    if not option.legal:
        return [], None
    domain = option.domain
    ends = domain.get("targets", {}).get(target)
    if ends:
        return [tuple(e) for e in ends], None
    through = domain.get("overruns", {}).get(target)
    if through:
        return [tuple(e) for e in through["ends"]], through["through"]
    return [], None


def charge_choices(screen, cid: str, hover: Square | None, target: str | None, ov) -> bool:
    """The preview of a charge whose closest spaces tie: hovering the foe shows each space
    numbered, with its lane; the pointer on one of them shows that one's lane alone. True
    when it drew the preview (the single lane's preview is ``overlays.charge_overlay``)."""
    if target is not None and target != cid:
        ends, through = charge_ends(screen, cid, target)
        screen.charge_choice = (_moment(screen, cid), target, ends, through) if len(ends) > 1 else None
    choice = _choice(screen, cid)
    if choice is None or (target is not None and target != choice[0]):
        return False
    foe, ends, through = choice
    name = screen.names.get(foe, foe)
    picked = [hover] if target is None and hover in ends else ends
    for end in picked:
        squares, line = views.charge_lane(screen.battle, cid, end)
        ov.lanes.append(Lane(sorted(squares), line, True))
    ov.marks.extend((end, str(n)) for n, end in enumerate(ends, 1))
    screen.keep_clear = list(ends)
    ov.caption = sentence("UI_CHARGE_PICK_END", {"creature": name, "n": len(ends)}, screen.lang) \
        if picked is ends else sentence("UI_CHARGE_TO_END", {"creature": name}, screen.lang)
    if picked is not ends:
        # the one space pointed at: the attacks of opportunity on its lane, as the engine plans them
        mount = screen.mount_of(cid)
        command = C.Ride(cid, mode="charge", target=foe, end=hover) if mount else \
            C.Charge(cid, target=foe, end=hover, overrun=through)
        ov.caption += overlays.provokes_note(screen.battle, command, screen.lang, screen.names)
    return True


def charge_to(screen, cid: str, square: Square) -> bool:
    """A click on one of the tied spaces shown: the charge to it (its end chosen, so the
    engine's question about it is answered). True when the click was one of them."""
    choice = _choice(screen, cid)
    if choice is None or square not in choice[1]:
        return False
    foe, _ends, through = choice
    mount = screen.mount_of(cid)
    command = C.Ride(cid, mode="charge", target=foe, end=square) if mount else \
        C.Charge(cid, target=foe, end=square, overrun=through)
    screen.charge_choice = None
    screen.submit(command, asked=frozenset({"end"}))
    return True


def _moment(screen, cid: str) -> tuple:
    return (screen.battle.revision, len(screen.battle.history), cid)


def _choice(screen, cid: str) -> tuple | None:
    """The tied spaces last shown, while the battle is as it was then (else None)."""
    kept = screen.charge_choice
    return kept[1:] if kept is not None and kept[0] == _moment(screen, cid) else None
