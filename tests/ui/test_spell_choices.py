"""Choosing how a spell is cast in the window: a sorcerer's metamagic, a cleric's
spontaneous cure, a spell-like ability, concentrating on a spell, and a component taken
out in a grapple — driven by posted pygame events."""
from __future__ import annotations

import pygame
import pytest
from test_game_screen import at, click, click_button, open_screen, pump

from game.world.components import Conditions, Grapple, Spellcasting, SpellLike

GRID = "\n".join("." * 12 for _ in range(6))


def scenario(*creatures: str) -> str:
    return f'seed = 5\n[map]\ngrid = """\n{GRID}\n"""\n' + "\n".join(f"[[creature]]\n{c}\n" for c in creatures)


ORCS = '''id = "orc"
side = "red"
at = [8, 2]
hp = 40
initiative = 10
'''


def choose(g, value):
    """Click the dialog's choice whose value is ``value``."""
    g.draw()
    rect = next(r for r, (_label, v) in zip(g.dialog.rects, g.dialog.choices) if v == value)
    click(g, rect.center)


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.quit()


def test_a_sorcerer_ticks_empower_and_casts_as_a_full_round_action():
    g = open_screen(scenario('''id = "sorc"
side = "blue"
at = [1, 2]
caster_class = "sorcerer"
caster_level = 5
cha = 16
initiative = 20
spells = ["magic_missile"]
spell_slots = [0, 2, 1, 1]
feats = ["empower_spell", "still_spell"]
''', ORCS))
    g.handoff = None
    click_button(g, "cast")
    choose(g, ("known", "magic_missile"))
    assert g.dialog is not None and g.dialog.choices[-1][1] is None          # metamagic, then "Cast"
    choose(g, "empower_spell")
    assert any(label.startswith("☑") for label, v in g.dialog.choices if v == "empower_spell")
    choose(g, None)
    assert g.mode == "cast"
    click(g, at(g, (8, 2)))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    pump(g)
    command = g.battle.history[-1]
    assert command["action"] == "cast" and command["args"]["metamagic"] == ["empower_spell"]
    assert g.battle.comp("sorc", Spellcasting).slots == [0, 2, 1, 0]        # a 3rd-level slot
    assert not g.battle.state()["actions_left"]["standard"]


def test_a_cleric_gives_up_a_prepared_spell_for_a_cure_spell():
    g = open_screen(scenario('''id = "jozan"
side = "blue"
at = [1, 2]
template = "jozan_3"
weapon = "unarmed"
initiative = 20
''', '''id = "friend"
side = "blue"
at = [2, 2]
hp = 20
initiative = 1
''', ORCS))
    g.handoff = None
    click_button(g, "cast")
    choose(g, ("convert", "cure_moderate_wounds"))
    offered = [v for _label, v in g.dialog.choices]
    assert "hold_person" in offered and "bless" not in offered           # only 2nd-level spells pay for it
    choose(g, "hold_person")
    assert g.mode == "cast"
    click(g, at(g, (2, 2)))
    command = g.battle.history[-1]
    assert command["args"] == {"target": "friend", "spell": "cure_moderate_wounds", "spontaneous_from": "hold_person"}
    assert "hold_person" not in g.battle.comp("jozan", Spellcasting).prepared


def test_a_spell_like_ability_is_in_the_list_with_its_uses():
    g = open_screen(scenario('''id = "imp"
side = "blue"
at = [1, 2]
hd = 3
initiative = 20
spell_like = { magic_missile = 1 }
''', ORCS))
    g.handoff = None
    click_button(g, "cast")
    label = next(label for label, v in g.dialog.choices if v == ("spell_like", "magic_missile"))
    assert "1 left today" in label
    choose(g, ("spell_like", "magic_missile"))
    click(g, at(g, (8, 2)))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    pump(g)
    assert g.battle.history[-1]["action"] == "use_spell_like"
    assert g.battle.comp("imp", SpellLike).uses["magic_missile"] == 0


def test_calm_emotions_is_kept_up_from_the_concentrate_button():
    g = open_screen(scenario('''id = "cleric"
side = "blue"
at = [1, 2]
caster_class = "cleric"
caster_level = 3
wis = 16
initiative = 20
spells = ["calm_emotions"]
''', ORCS, ORCS.replace('"orc"', '"orc2"').replace("[8, 2]", "[10, 5]").replace("10\n", "5\n")))
    g.handoff = None
    click_button(g, "cast")
    choose(g, ("spell", "calm_emotions"))
    click(g, g.cam.to_screen((9, 3)))                    # the grid intersection at the top left of (9, 3)
    assert g.battle.history[-1]["args"]["point"] == [9, 3]
    assert "concentrate" in g.buttons_for("cleric")
    for who in ("cleric", "orc", "orc2"):
        g.battle.act(who, "end_turn")
    g.handoff = None
    click_button(g, "concentrate")
    assert g.battle.history[-1]["action"] == "concentrate"
    assert g.battle.comp("cleric", Spellcasting).maintained["round"] == g.battle.round


def test_a_grappled_wizard_takes_out_a_component_from_the_more_menu():
    g = open_screen(scenario('''id = "mialee"
side = "blue"
at = [1, 2]
template = "mialee_3"
initiative = 20
''', ORCS.replace("[8, 2]", "[2, 2]")))
    for a, z in (("mialee", "orc"), ("orc", "mialee")):
        g.battle.comp(a, Grapple).holding = {z}
        g.battle.comp(a, Conditions).ids.add("grappling")
    g.handoff = None
    click_button(g, "more")
    choose(g, ("do", "retrieve_component", {"spell": "grease"}))
    assert g.battle.history[-1]["action"] == "retrieve_component"
    assert g.battle.comp("mialee", Spellcasting).component_in_hand == "grease"


def test_a_held_charge_touches_several_friends_then_enter():
    friends = "\n".join(f'''[[creature]]
id = "f{i}"
side = "blue"
at = [{2 + i}, 3]
hp = 10
initiative = {15 - i}
''' for i in range(2))
    g = open_screen(scenario('''id = "cleric"
side = "blue"
at = [2, 2]
caster_class = "cleric"
caster_level = 4
wis = 14
initiative = 20
spells = ["hide_from_undead"]
''', ORCS) + friends)
    g.handoff = None
    click_button(g, "cast")
    choose(g, ("spell", "hide_from_undead"))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))     # cast, touch nobody yet
    pump(g)
    assert g.battle.comp("cleric", Spellcasting).held_touches == 4
    for who in ("cleric", "f0", "f1", "orc"):
        g.battle.act(who, "end_turn")
    g.handoff = None
    click_button(g, "touch")
    click(g, at(g, (2, 3)))
    click(g, at(g, (3, 3)))
    assert g.battle.history[-1]["action"] == "end_turn"               # still choosing
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    pump(g)
    assert g.battle.history[-1]["args"] == {"targets": ["f0", "f1"]}
    assert g.battle.comp("cleric", Spellcasting).held_touches == 2
    assert all("hidden_from_undead" in g.battle.comp(f, Conditions).ids for f in ("f0", "f1"))


def test_an_evil_cleric_gives_orders_to_a_commanded_undead_from_the_more_menu():
    g = open_screen(scenario('''id = "priest"
side = "red"
at = [1, 2]
cleric_level = 5
evil = true
initiative = 20
''', '''id = "zombie"
side = "blue"
at = [3, 2]
undead = true
mindless = true
hd = 2
hp = 16
initiative = 5
''', '''id = "hero"
side = "blue"
at = [10, 5]
hp = 10
initiative = 1
'''))
    g.handoff = None
    g.battle.act("priest", "rebuke_undead", {}, dice=[15, 6, 6])
    for who in ("priest", "zombie", "hero"):
        g.battle.act(who, "end_turn")
    g.handoff = None
    click_button(g, "more")
    choose(g, ("do", "command_undead", {"undead": "zombie"}))
    assert g.battle.history[-1]["action"] == "command_undead"
    from game.world.components import TurnUses
    assert g.battle.comp("zombie", TurnUses).ordered


def test_a_sorcerer_heightens_a_spell_and_picks_its_level():
    g = open_screen(scenario('''id = "sorc"
side = "blue"
at = [1, 2]
caster_class = "sorcerer"
caster_level = 7
cha = 16
initiative = 20
spells = ["magic_missile"]
spell_slots = [0, 1, 0, 1]
feats = ["heighten_spell"]
''', ORCS))
    g.handoff = None
    click_button(g, "cast")
    choose(g, ("known", "magic_missile"))
    choose(g, "heighten_spell")
    choose(g, None)
    assert [v for _label, v in g.dialog.choices][:2] == [2, 3]           # above its own level
    choose(g, 3)
    click(g, at(g, (8, 2)))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    pump(g)
    command = g.battle.history[-1]
    assert command["args"]["metamagic"] == ["heighten_spell"] and command["args"]["heighten_to"] == 3
    assert g.battle.comp("sorc", Spellcasting).slots == [0, 1, 0, 0]


def test_the_log_tells_turning_commanding_healing_and_spells_in_both_languages():
    from game.ui.combat_log import lines
    from game.world.actions.spell_basics import Healed, SpellCast
    from game.world.actions.turning import TurningAttempted, UndeadAffected
    events = [TurningAttempted(who="p", check_d20=12, check=15, max_hd=6, damage_dice=(6, 6), damage=17, rebuke=True),
              UndeadAffected(who="z", by="p", result="commanded"), UndeadAffected(who="z", by="p", result="ordered"),
              Healed(who="f", amount=8, hp=12), SpellCast(caster="p", spell="calm_emotions", level=2, outcome="cast")]
    names = {"p": "Prêtre", "z": "Zombi", "f": "Ami"}
    fr = [text for text, _colour in lines(events, names, "fr")]
    en = [text for text, _colour in lines(events, names, "en")]
    assert fr == ["Prêtre intimide les morts-vivants : test 15, jusqu'à 6 DV, 17 DV en tout",
                  "Zombi obéit désormais à Prêtre", "Prêtre donne ses ordres à Zombi", "Ami récupère 8 (12 pv)",
                  "Prêtre lance Apaisement des émotions"]
    assert en[1] == "Zombi now obeys Prêtre" and en[4] == "Prêtre casts Calm Emotions"


def test_the_log_names_the_spell_an_action_of_casting_cast_not_the_buttons_words():
    """A cast is logged by the spell it cast ("Jozan — Bless"), not "Spell or item"
    (issue 14, a log that tells the story); an action of casting the log cannot name
    keeps its own words."""
    from game.ui.combat_log import lines
    from game.world.actions.spell_basics import SpellCast
    from game.world.events import ActionTaken
    events = [ActionTaken(who="p", action="cast", kind="standard"),
              SpellCast(caster="p", spell="bless", level=1, outcome="cast")]
    en = [text for text, _colour in lines(events, {"p": "Jozan"}, "en")]
    fr = [text for text, _colour in lines(events, {"p": "Jozan"}, "fr")]
    assert en[0] == "Jozan — Bless (standard action)"
    assert fr[0].startswith("Jozan — Bénédiction (")
    unnamed = [text for text, _colour in lines([ActionTaken(who="p", action="cast", kind="standard")],
                                               {"p": "Jozan"}, "en")]
    assert unnamed and "Bless" not in unnamed[0]
