"""The "More…" menu of the battle screen: the combat table's other actions that apply to
the current creature right now (French text, "les actions en combat"), each played
through the engine, which keeps the last word on what is allowed.

Some act at once (sheathe, load, escape …); some wait for a click on a creature
(feint, sunder, coup de grace, aid another; snatching or striking an item, which then asks
which one) or a square (crawl).
"""
from __future__ import annotations

from ..content import data
from ..i18n import sentence
from ..world.actions.other import LOADING
from ..world.components import Conditions, Grapple, Hands, Inventory, Spellcasting, Stats, TurnUses, Wielded, Worn
from ..world.worn import item_name, object_numbers

# Modes waiting for a click on a creature, and the arguments they send.
TARGETED_MORE = {"feint": {}, "sunder": {"item": "weapon"}, "coup_de_grace": {}}


def entries(screen, cid: str) -> list[tuple[str, tuple]]:
    """(label, (kind, action, args)) for what applies now: kind "do" plays it at once,
    "aim" waits for a creature, "square" for a square, "aid" for an enemy to distract."""
    b = screen.battle
    lang = screen.lang
    body = b.board().body(cid)
    conds = b.comp(cid, Conditions).ids
    held = b.comp(cid, Wielded).weapon_id
    out: list[tuple[str, tuple]] = []

    def add(action, kind="do", args=None, extra=""):
        out.append((sentence(f"ACT_{action}", {}, lang) + extra, (kind, action, args or {})))

    weapons = data.weapons()
    for w in dict.fromkeys(b.comp(cid, Inventory).items):
        if w in weapons and w != held:
            add("draw", args={"weapon": w, "drop_held": True}, extra=f" · {weapons[w].names.get(lang, w)}")
    if held != "unarmed":
        add("sheathe")
        add("drop")
    for item in dict.fromkeys(b.ground.get(body.pos, [])):
        add("pick_up", args={"item": item}, extra=f" · {_item_name(item, lang)}")
    if held in LOADING:
        add("load")
    if b.spec(cid).shield:
        add("loose_shield" if b.comp(cid, Hands).shield_ready else "ready_shield")
    in_hand = b.comp(cid, Hands).holding
    if in_hand:
        add("stow", extra=f" · {_item_name(in_hand, lang)}")
    if "locked_gauntlet" in b.comp(cid, Stats).values:
        add("unlock_gauntlet" if b.comp(cid, Stats).values["locked_gauntlet"] else "lock_gauntlet")
    if "burning" in conds:
        add("extinguish")
    if "prone" in conds:
        add("crawl", kind="square")
    holding = sorted(b.comp(cid, Grapple).holding)
    if any(b.comp(other, Grapple).garroting == cid for other in holding):
        add("cut_garrote")
    if holding:
        foe = holding[0]
        for action in ("grapple_damage", "grapple_attack", "pin"):
            add(action, args={"target": foe})
        add("escape")
        add("release", args={"target": foe})
        for spell in components_to_take(b, cid):
            add("retrieve_component", args={"spell": spell}, extra=f" · {data.spells()[spell].get(f'name_{lang}', spell)}")
    else:
        for action in TARGETED_MORE:
            add(action, kind="aim", args=dict(TARGETED_MORE[action]))
        add("aid_another", kind="aid")
        # only creatures close enough to reach (a snatch or a blow is a melee action)
        others = [o.id for o in b.board().bodies if o.id != cid and _close(body, o)]
        if any(b.comp(o, Worn).items for o in others):
            out.append((sentence("ACT_snatch", {}, lang), ("item", "disarm", {})))
        if any(targetable_items(b, o) for o in others):
            out.append((sentence("ACT_break_item", {}, lang), ("item", "sunder", {})))
    stats = b.comp(cid, Stats).values
    if stats.get("cleric_level") and stats.get("evil"):
        add("bolster_undead")
        add("dispel_turning")
        from ..world.actions.commanding import commanded
        for undead in commanded(b, cid):
            name = f" · {screen.names.get(undead, undead)}"
            if not b.comp(undead, TurnUses).ordered:
                add("command_undead", args={"undead": undead}, extra=name)
            add("release_undead", args={"undead": undead}, extra=name)
    return out


def _close(me, other, squares: int = 2) -> bool:
    return any(max(abs(x - u), abs(y - v)) <= squares for x, y in me.squares for u, v in other.squares)


def components_to_take(battle, cid: str) -> list[str]:
    """Spells ready whose material component or focus must be in hand to cast them in a
    grapple, and is not (SRD Grapple, "Retrieve a Spell Component")."""
    from ..world.actions.casting import needs_component_in_hand
    sc = battle.comp(cid, Spellcasting)
    ready = dict.fromkeys([e.split(":")[-1] for e in sc.prepared] + list(sc.known))
    return [s for s in ready if s != sc.component_in_hand
            and needs_component_in_hand(battle, cid, data.spells()[s], data.spells()[s]["components"])]


def _item_name(item: str, lang: str) -> str:
    return item_name(item, lang)


def targetable_items(battle, cid: str, action: str = "sunder") -> list[str]:
    """The items of a creature a snatch (``disarm``: what it wears) or a blow (``sunder``:
    what it wears or carries, objects only) may aim at."""
    worn = list(battle.comp(cid, Worn).items)
    if action == "disarm":
        held = battle.comp(cid, Hands).holding
        return worn + ([held] if held and held not in worn else [])
    carried = [i for i in battle.comp(cid, Inventory).items if object_numbers(i) is not None]
    return list(dict.fromkeys(worn + carried))


def start(screen, choice: tuple) -> None:
    kind, action, args = choice
    if kind == "do":
        screen.perform(action, dict(args))
    else:
        screen.more = (kind, action, dict(args))
        screen.mode = "more"


def click(screen, square, target: str | None) -> None:
    """The click that completes a waiting action."""
    kind, action, args = screen.more
    if kind == "square" and target is None:
        screen.mode = None
        screen.perform(action, {"to": list(square)})
    elif kind == "aim" and target is not None:
        screen.mode = None
        screen.perform(action, dict(args, target=target))
    elif kind == "item" and target is not None:
        _choose_item(screen, action, target)
    elif kind == "aid" and target is not None:
        # the ally in melee with that enemy; its player says what the help is for
        board = screen.battle.board()
        me, enemy = board.body(screen.current), board.body(target)
        allies = [a.id for a in board.allies_of(me) if a.id != me.id and
                  any(max(abs(x - u), abs(y - v)) <= 1 for x, y in a.squares for u, v in enemy.squares)]
        if not allies:
            screen.perform("aid_another", {"ally": screen.current, "enemy": target, "help": "attack"})
            return
        screen.mode = None
        screen.dialog = screen.make_dialog(
            sentence("UI_AID_HOW", {"ally": screen.names.get(allies[0], allies[0])}, screen.lang),
            [(sentence("UI_AID_ATTACK", {}, screen.lang), "attack"), (sentence("UI_AID_DEFENSE", {}, screen.lang), "defense")],
            lambda help_: screen.perform("aid_another", {"ally": allies[0], "enemy": target, "help": help_}))


def _choose_item(screen, action: str, target: str) -> None:
    """After the click on a creature: which of its items to snatch or strike."""
    screen.mode = None
    items = targetable_items(screen.battle, target, action)
    name = screen.names.get(target, target)
    if not items:
        screen.log.append((sentence("UI_NO_ITEM", {"target": name}, screen.lang), (240, 160, 120)))
        return
    screen.dialog = screen.make_dialog(
        sentence("UI_WHICH_ITEM", {"target": name}, screen.lang),
        [(item_name(i, screen.lang), i) for i in items],
        lambda item: screen.perform(action, {"target": target, "item": item}))
    screen.dialog.cancellable = True        # the player's own choice: Escape leaves it
