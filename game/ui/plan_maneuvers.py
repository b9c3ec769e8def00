"""Special attacks inside a full attack, from the window (issue 14, item 4). French text,
note 7: a trip, a disarm or a sunder « à la place d'une attaque de corps à corps », and the
grapple section's options (damage, attack, pin, free an ally, turn its weapon, garrote,
escape), each in place of one attack of a full attack — the engine's ``ManeuverStep``.

While a full attack is being planned, M over a creature lists the special attacks its
NEXT attack may be: each candidate, the plan with that step appended, is kept only when
the engine's ``preview`` passes it. Its choices are asked as the lone maneuver asks them:
the engine's own questions of the lone trip or disarm (``asking.choice_questions``: the
trip weapon dropped; the defender's counter is asked when the full attack is played),
put through ``Orders``; which item to
snatch or strike, as the "More…" menu asks it; lethal grapple damage as its own entry,
as that menu lists it. Nothing here decides a rule."""
from __future__ import annotations

from ..i18n import sentence
from ..world import commands as C, views
from ..world.asking import choice_questions
from ..world.worn import item_name
from . import attack_plan, square_words

# The lone command whose choices a step asks (its engine questions), by maneuver.
LONE = {"trip": C.Trip, "disarm": C.Disarm}
ITEMED = ("disarm", "sunder")       # the item snatched or struck: the weapon in hand, or one chosen


def passes(screen, cid: str, step: C.ManeuverStep) -> bool:
    """The engine's preview of the plan so far with ``step`` next (attacks taken as
    misses, checks as won, nothing rolled)."""
    command = attack_plan.command(screen, cid, screen.plan + [step], screen.stance.extras("full_attack"),
                                  off_hand=False)
    return screen.battle.preview(command).legal


def offered(screen, cid: str, target: str) -> list[tuple[str, C.ManeuverStep]]:
    """(label, step) for each special attack at ``target`` the engine passes as the next
    step of the plan; grapple damage also lethal (at -4), as the "More…" menu lists it."""
    name = screen.names.get(target, target)
    out = []
    for maneuver in C.PLAN_MANEUVERS:
        variants = [((), f"ACT_{maneuver}")]
        if maneuver == "grapple_damage":
            variants.append(((("lethal", True),), "ACT_grapple_damage_lethal"))
        for options, code in variants:
            step = C.ManeuverStep(maneuver, target, options)
            if passes(screen, cid, step):
                out.append((f"{sentence(code, {}, screen.lang)} · {name}", step))
    return out


def ask(screen) -> None:
    """M in full-attack mode: the special attacks open at the hovered creature, in a
    dialog; a line says so when there is none (or no creature is under the pointer)."""
    cid = screen.current
    target = screen.creature_at(screen.hover) if screen.hover else None
    if cid is None or screen.mode != "full_attack":
        return
    if target is None or target == cid:
        screen.note("UI_PLAN_SPECIAL_POINT")
        return
    entries = offered(screen, cid, target)
    name = screen.names.get(target, target)
    if not entries:
        screen.note("UI_PLAN_SPECIAL_NONE", {"target": target}, (240, 160, 120))
        return
    nxt = len(attack_plan.foes(screen.plan)) + 1
    screen.dialog = screen.make_dialog(sentence("UI_PLAN_SPECIAL_WHICH", {"next": nxt, "target": name}, screen.lang),
                                       entries, lambda step: _item(screen, cid, step))
    screen.dialog.cancellable = True        # the player's own choice: Escape leaves it, the plan unchanged


def _item(screen, cid: str, step: C.ManeuverStep) -> None:
    """A disarm or a sunder: which item, when the engine passes more than the weapon in
    hand (the "More…" menu's question, ``UI_WHICH_ITEM``); then the step's other choices."""
    if step.maneuver not in ITEMED:
        _choices(screen, cid, step, list(C.PLAN_MANEUVERS[step.maneuver]))
        return
    battle, target = screen.battle, step.target
    held = views.wielded(battle, target)
    items = [("weapon", held)] + [(i, i) for i in views.targetable_items(battle, target, step.maneuver) if i != held]
    kept = [(item_name(shown, screen.lang), value) for value, shown in items if passes(screen, cid, _with(step, "item", value))]
    rest = [k for k in C.PLAN_MANEUVERS[step.maneuver] if k != "item"]
    if len(kept) <= 1:
        _choices(screen, cid, step, rest)
        return
    screen.dialog = screen.make_dialog(
        sentence("UI_WHICH_ITEM", {"target": screen.names.get(target, target)}, screen.lang), kept,
        lambda value: _choices(screen, cid, _with(step, "item", value), rest))
    screen.dialog.cancellable = True


def _choices(screen, cid: str, step: C.ManeuverStep, left: list[str]) -> None:
    """The step's remaining choices that are the attacker's own (the trip weapon dropped),
    each the engine's question of the lone maneuver (``choice_questions``), asked in turn;
    then the step joins the plan, if the engine still passes it with the answers. The
    defender's (its counter) are left open: the engine asks them when the full attack is
    played, after the attacker's own questions (``asking.by_side``), so the screen is
    handed over once (play-test: a trip took many hand-offs)."""
    lone = LONE.get(step.maneuver)
    questions = [q for q in choice_questions(screen.battle, lone(cid, target=step.target))
                 if q.argument in left and q.to == cid] if lone is not None else []
    if not questions:
        if passes(screen, cid, step):
            screen.plan_special(step)
        return
    q = questions[0]
    screen.orders.ask_apart(lone(cid, target=step.target), q, lambda value: _choices(
        screen, cid, _with(step, q.argument, value), [k for k in left if k != q.argument]))


def _with(step: C.ManeuverStep, key: str, value) -> C.ManeuverStep:
    options = tuple((k, v) for k, v in step.options if k != key) + ((key, value),)
    return C.ManeuverStep(step.maneuver, step.target, options)


def caption(screen) -> str:
    """The plan so far as the player reads it, its steps in order: "1: Trip · Gnoll 1,
    2: Gnoll 1" (the 5-ft step where it comes), then how to make the next one a special
    attack (M); "" outside a full attack."""
    if screen.mode != "full_attack":
        return ""
    hint = sentence("UI_PLAN_SPECIAL_HINT", {}, screen.lang)
    if not screen.plan:
        return hint
    parts, n = [], 0
    for p in screen.plan:
        if isinstance(p, C.StepTo):
            # the step by its direction from where the creature stands (no coordinates)
            space = screen.battle.board().body(screen.current).squares
            parts.append(f"{sentence('ACT_five_foot_step', {}, screen.lang)} "
                         f"{square_words.direction(space, p.to, screen.lang)}")
            continue
        n += 1
        if isinstance(p, C.ManeuverStep):
            code = "ACT_grapple_damage_lethal" if dict(p.options).get("lethal") else f"ACT_{p.maneuver}"
            parts.append(f"{n}: {sentence(code, {}, screen.lang)} · {screen.names.get(p.target, p.target)}")
        else:
            parts.append(f"{n}: {screen.names.get(p, p)}")
    return f'{sentence("UI_PLAN_SO_FAR", {"steps": ", ".join(parts)}, screen.lang)} · {hint}'
