"""The "More…" menu of the battle screen: the combat table's other actions open to the
current creature right now (French text, "les actions en combat"). The menu proposes; the
engine judges: an entry is listed only when ``check`` (or ``options``, for one that waits
for a click) passes, and every one is played through the engine.

Some act at once (sheathe, load, escape …); some wait for a click on a creature (feint,
sunder, coup de grace, aid another; snatching or striking an item, which then asks which
one) or a square (crawl; where a heavy object next to it goes).
"""
from __future__ import annotations

from .. import data
from ..i18n import sentence, term
from ..world import commands as C, views
from ..world.asking import STOCK_CALLS
from ..world.worn import item_name
from . import square_words

# Actions that wait for a click on a creature, and the arguments they send.
TARGETED_MORE = {"feint": {}, "sunder": {"item": "weapon"}, "coup_de_grace": {}, "spring_attack": {}}
PLAIN_MORE = ("sheathe", "drop", "load", "ready_shield", "loose_shield", "drop_shield", "stow", "lock_gauntlet",
              "unlock_gauntlet", "extinguish", "escape", "release", "bolster_undead", "dispel_turning",
              "whirlwind_attack", "cease_concentration")


def entries(screen, cid: str) -> list[tuple[str, tuple]]:
    """(label, (kind, action, args)) for what is open now: kind "do" plays it at once,
    "aim" waits for a creature, "square" for a square, "aid" for an enemy to distract,
    "item" for a creature whose item is then chosen."""
    b, lang = screen.battle, screen.lang
    opts = b.options(cid)
    out: list[tuple[str, tuple]] = []

    def offer(command, extra: str = "") -> None:
        if b.check(command) is None:
            out.append((sentence(f"ACT_{command.action}", {}, lang) + extra, ("do", command.action, command.arguments())))

    weapons = data.weapons()
    held = views.wielded(b, cid)
    # what the draw lets fall, said on the entry (play-test: the sword dropped unannounced)
    drops = sentence("UI_DRAW_DROPS", {"weapon": weapons[held].names.get(lang, held)}, lang) \
        if held in weapons and not weapons[held].is_unarmed else ""
    for w in dict.fromkeys(views.pack(b, cid)):
        if w in weapons and w != held:           # drawn in place of what is held, which drops
            offer(C.Draw(cid, weapon=w, drop_held=True), f" · {weapons[w].names.get(lang, w)}{drops}")
    out += _full_round_entries(screen, cid, opts)
    for name in PLAIN_MORE:
        if opts[name].legal:
            label = sentence(f"ACT_{name}", {}, lang) + _held(b, cid, name, lang)
            out.append((label, ("do", name, opts[name].probe.arguments())))
    for item in opts["pick_up"].domain.get("items", []) if opts["pick_up"].legal else []:
        out.append((sentence("ACT_pick_up", {}, lang) + f" · {item_name(item, lang)}", ("do", "pick_up", {"item": item})))
    for action in ("crawl", "minimum_move"):        # a square to click next
        if opts[action].legal:
            out.append((sentence(f"ACT_{action}", {}, lang), ("square", action, {})))
    for victim in opts["cut_garrote"].domain.get("targets", []) if opts["cut_garrote"].legal else []:
        # its own garrote, or a locked one round a friend's throat next to it
        args = {} if victim == cid else {"target": victim}
        extra = "" if victim == cid else f" · {screen.names.get(victim, victim)}"
        out.append((sentence("ACT_cut_garrote", {}, lang) + extra, ("do", "cut_garrote", args)))
    for dying in opts["first_aid"].domain.get("targets", []) if opts["first_aid"].legal else []:
        # Heal DC 15 stabilizes a dying creature next to it (it provokes)
        out.append((sentence("ACT_first_aid", {}, lang) + f" · {screen.names.get(dying, dying)}",
                    ("do", "first_aid", {"target": dying})))
    space = screen.battle.board().body(cid).squares

    def where(at) -> str:                  # the square by its direction, not its coordinates
        return square_words.direction(space, at, lang)
    for at in opts["cut_web"].domain.get("squares", []) if opts["cut_web"].legal else []:
        out.append((sentence("ACT_cut_web", {}, lang) + f" · {where(at)}", ("do", "cut_web", {"at": list(at)})))
    # a sealed door next to it: channel energy at it (``channel_at_door``), one entry a door
    for at in opts["channel_at_door"].domain.get("squares", []) if opts["channel_at_door"].legal else []:
        out.append((sentence("ACT_channel_at_door", {}, lang) + f" · {where(at)}",
                    ("do", "channel_at_door", {"at": list(at)})))
    # a heavy object next to it: the object here, where it goes at the next click
    for at in dict.fromkeys(tuple(at) for at, _to in opts["move_object"].domain.get("moves", [])) \
            if opts["move_object"].legal else ():
        out.append((sentence("ACT_move_object", {}, lang) + f" · {where(at)}", ("square", "move_object", {"at": list(at)})))
    out += _grapple_entries(screen, cid, opts)
    for spell in opts["retrieve_component"].domain.get("spells", []) if opts["retrieve_component"].legal else []:
        out.append((sentence("ACT_retrieve_component", {}, lang) + f" · {_spell(spell, lang)}",
                    ("do", "retrieve_component", {"spell": spell})))
    for action, args in TARGETED_MORE.items():
        if opts[action].legal:
            out.append((sentence(f"ACT_{action}", {}, lang), ("aim", action, dict(args))))
    if opts["attack"].legal and "shield" in opts["attack"].domain.get("weapons", {}):
        # a shield bash (off hand): waits for the foe, then ``attack`` with ``weapon: "shield"``
        out.append((sentence("ACT_shield_bash", {}, lang), ("aim", "attack", {"weapon": "shield"})))
    if opts["aid_another"].legal and opts["aid_another"].domain.get("pairs"):
        out.append((sentence("ACT_aid_another", {}, lang), ("aid", "aid_another", {})))
    for ally, skill in opts["aid_another"].domain.get("skills", []) if opts["aid_another"].legal else []:
        # aid another on the ally's next check of a skill (the engine's ``help: "skill"``)
        out.append((sentence("ACT_aid_skill", {"skill": term("check", skill, lang), "ally": screen.names.get(ally, ally)},
                             lang), ("do", "aid_another", {"ally": ally, "help": "skill", "skill": skill})))
    if opts["disarm"].legal and any(views.targetable_items(b, t, "disarm") for t in opts["disarm"].domain["targets"]):
        out.append((sentence("ACT_snatch", {}, lang), ("item", "disarm", {})))
    if opts["sunder"].legal and any(views.targetable_items(b, t) for t in opts["sunder"].domain["targets"]):
        out.append((sentence("ACT_break_item", {}, lang), ("item", "sunder", {})))
    for action in ("command_undead", "release_undead"):
        for undead in opts[action].domain.get("undead", []) if opts[action].legal else []:
            out.append((sentence(f"ACT_{action}", {}, lang) + f" · {screen.names.get(undead, undead)}",
                        ("do", action, {"undead": undead})))
    for action in ("turn_creatures", "rebuke_creatures", "bolster_creatures"):      # a cleric's domain powers
        for kind in opts[action].domain.get("kinds", []) if opts[action].legal else []:
            out.append((sentence(f"ACT_{action}", {}, lang) + f" · {term('creature_kind', kind, lang)}",
                        ("do", action, {"kind": kind})))
    if "sun" in b.spec(cid).domains:                 # the Sun domain's greater turning, once a day
        command = C.TurnUndead(cid, greater=True)
        if b.check(command) is None:
            out.append((sentence("ACT_greater_turning", {}, lang), ("do", "turn_undead", command.arguments())))
    for call in STOCK_CALLS:                     # speaking, last: a call to the table, in each player's language
        offer(C.Speak(cid, text=call), f" · {sentence(call, {}, lang)}")
    return out


def _full_round_entries(screen, cid: str, opts) -> list[tuple[str, tuple]]:
    """A creature held to one action a round (French text, "Commencer ou finir une action
    complexe") begins a full-round action with its standard action — loading a crossbow,
    a coup de grace on a helpless creature near it — and completes it the next round; each
    entry only when the engine's ``check`` passes it. (A spell of 1 round begun so needs
    its aim: the query tool's ``start_full_round`` with ``cast`` plays it; the window does
    not offer it yet.)"""
    b, lang = screen.battle, screen.lang
    out: list[tuple[str, tuple]] = []
    if opts["complete_full_round"].legal:
        out.append((sentence("ACT_complete_full_round", {}, lang), ("do", "complete_full_round", {})))
    if not opts["start_full_round"].legal and opts["start_full_round"].refusal.code == "NOT_RESTRICTED":
        return out
    begin = sentence("ACT_start_full_round", {}, lang)
    starts = [(C.Load(cid), sentence("ACT_load", {}, lang))]
    starts += [(C.CoupDeGrace(cid, target=t), f"{sentence('ACT_coup_de_grace', {}, lang)} · {screen.names.get(t, t)}")
               for t in sorted(body.id for body in b.board().bodies if body.id != cid and body.is_helpless
                               and "dead" not in body.conditions)]
    for inner, label in starts:
        command = C.StartFullRound(cid, command=inner)
        if b.check(command) is None:
            out.append((f"{begin} · {label}", ("do", "start_full_round", command.arguments())))
    return out


# The grapple options aimed at one creature (French text, "lutte"), with the argument that
# names it: in a grapple of several, each entry names its opponent (or the ally to free).
GRAPPLE_AIMED = (("grapple_damage", "target"), ("grapple_attack", "target"), ("pin", "target"),
                 ("use_opponent_weapon", "target"), ("garrote", "target"), ("free_ally", "ally"))


def _grapple_entries(screen, cid: str, opts) -> list[tuple[str, tuple]]:
    """The grapple options open now, one entry per creature the engine lets each aim at
    (``options``' targets), labelled with its name; lethal grapple damage (at -4) beside
    the nonlethal, when ``check`` passes it; a light weapon drawn; a move, by a click."""
    b, lang, names = screen.battle, screen.lang, screen.names
    out: list[tuple[str, tuple]] = []
    for action, key in GRAPPLE_AIMED:
        for target in opts[action].domain.get("targets", []) if opts[action].legal else []:
            name = f" · {names.get(target, target)}"
            out.append((sentence(f"ACT_{action}", {}, lang) + name, ("do", action, {key: target})))
            if action == "grapple_damage" and b.check(C.GrappleDamage(cid, target=target, lethal=True)) is None:
                out.append((sentence("ACT_grapple_damage_lethal", {}, lang) + name,
                            ("do", action, {"target": target, "lethal": True})))
    if opts["grapple_draw"].legal:
        weapons = data.weapons()
        for w in dict.fromkeys(views.pack(b, cid)):
            if w in weapons and b.check(C.GrappleDraw(cid, weapon=w)) is None:
                out.append((sentence("ACT_grapple_draw", {}, lang) + f" · {weapons[w].names.get(lang, w)}",
                            ("do", "grapple_draw", {"weapon": w})))
    if opts["grapple_move"].legal:
        out.append((sentence("ACT_grapple_move", {}, lang), ("square", "grapple_move", {})))
    tries = views.escape_plan(b, cid)
    if len(tries) > 1 and b.check(C.FullAttack(cid, targets=tries)) is None:
        # escaping with each attack of a full attack (the engine's ``{"escape": id}`` steps)
        out.append((sentence("ACT_escape_each_attack", {"tries": len(tries)}, lang), ("do", "full_attack", {"targets": tries})))
    return out


def _held(battle, cid: str, action: str, lang: str) -> str:
    if action == "stow":
        item = views.in_hand(battle, cid)
        return f" · {item_name(item, lang)}" if item else ""
    return ""


def _spell(spell_id: str, lang: str) -> str:
    return data.spells()[spell_id].get(f"name_{lang}", spell_id)


def start(screen, choice: tuple) -> None:
    kind, action, args = choice
    if kind == "do":
        screen.perform(action, dict(args))
    else:
        screen.more = (kind, action, dict(args))
        screen.mode = "more"
        if action == "grapple_move":
            screen.note("UI_GRAPPLE_MOVE_WHERE")
        elif action == "move_object":
            screen.note("UI_MOVE_OBJECT_WHERE")


def click(screen, square, target: str | None) -> None:
    """The click that completes a waiting action."""
    kind, action, args = screen.more
    if kind == "square" and action == "grapple_move" and target is None:
        # dragged in a straight line there; the engine judges the way and the checks
        screen.mode = None
        screen.submit(C.GrappleMove(screen.current, squares=tuple(views.lane_to(screen.battle, screen.current, square))))
    elif kind == "square" and target is None:
        screen.mode = None
        screen.perform(action, dict(args, to=list(square)))
    elif kind == "aim" and target is not None:
        screen.mode = None
        screen.perform(action, dict(args, target=target))
    elif kind == "item" and target is not None:
        _choose_item(screen, action, target)
    elif kind == "aid" and target is not None:
        # the ally in melee with that enemy, as the engine pairs them (or itself)
        pairs = screen.battle.options(screen.current)["aid_another"].domain.get("pairs", [])
        ally = next((a for a, e in pairs if e == target and a != screen.current), screen.current)
        screen.mode = None
        screen.perform("aid_another", {"ally": ally, "enemy": target})


def _choose_item(screen, action: str, target: str) -> None:
    """After the click on a creature: which of its items to snatch or strike."""
    screen.mode = None
    items = views.targetable_items(screen.battle, target, action)
    name = screen.names.get(target, target)
    if not items:
        screen.note("UI_NO_ITEM", {"target": target}, (240, 160, 120))     # its name in each language
        return
    screen.dialog = screen.make_dialog(
        sentence("UI_WHICH_ITEM", {"target": name}, screen.lang),
        [(item_name(i, screen.lang), i) for i in items],
        lambda item: screen.perform(action, {"target": target, "item": item}))
    screen.dialog.cancellable = True        # the player's own choice: Escape leaves it
