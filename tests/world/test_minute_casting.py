"""Spells of 1 minute (French text, "lancer un sort": "si le temps d'incantation est égal à
1 minute, le sort prend effet 10 rounds plus tard, juste avant le tour de jeu du personnage
(qui passe 10 rounds à lancer son sort, accomplissant à chaque fois une action complexe).
Ces actions doivent être consécutives, et toute interruption ruine le sort.") — Bless
Water (SRD: cleric 1, casting time 1 minute, a flask of water becomes holy water)."""
import json

from combat_helpers import battle_text, creature, first, types

from game.content import checkpoint, saves
from game.content.scenario import parse_scenario
from game.engine import Battle
from game.world.components import Conditions, Inventory, Spellcasting

GRID = "\n".join("." * 14 for _ in range(10))
BLESS_WATER = "bless_water"


def cleric_text(spells=(BLESS_WATER,), inventory=("flask_of_water",), orc_at=(12, 8)) -> str:
    jozan = creature("jozan", "blue", (1, 4), initiative=20, wis=14, hp=12, caster_class="cleric", caster_level=1,
                     cleric_level=1, spells=list(spells), inventory=list(inventory))
    orc = creature("orc", "red", orc_at, initiative=10, hp=30, weapon="greataxe")
    return battle_text(GRID, jozan, orc)


def cleric(**kw) -> Battle:
    return Battle(parse_scenario(cleric_text(**kw), "test.toml"))


def next_round(b) -> list:
    """The cleric's turn ends, then the orc's: the cleric's next turn begins."""
    b.act("jozan", "end_turn")
    _ok, _, ev = b.act("orc", "end_turn")
    return ev


def test_bless_water_takes_ten_full_rounds_in_a_row_and_takes_effect_before_the_tenth_turn_after():
    b = cleric()
    ok, _, ev = b.act("jozan", "cast", {"spell": BLESS_WATER})
    assert ok and first(ev, "SpellCast").outcome == "minute"
    assert first(ev, "ActionTaken").kind == "full_round"
    assert b.read("jozan", Spellcasting).prepared == [] and "casting" in b.read("jozan", Conditions).ids
    for round_ in range(2, 11):                      # rounds 2 to 10: nine more full-round actions
        ev = next_round(b)
        assert b.round == round_ and "SpellCast" not in types(ev)          # nothing takes effect yet
        ok, _, ev = b.act("jozan", "continue_casting")
        assert ok and first(ev, "ActionTaken").kind == "full_round"
        assert first(ev, "CastingContinued").rounds_left == 10 - round_
    ev = next_round(b)                               # round 11: just before Jozan's turn
    assert b.round == 11 and first(ev, "SpellCast").outcome == "completed" and "WaterBlessed" in types(ev)
    items = b.read("jozan", Inventory).items
    assert "holy_water" in items and "flask_of_water" not in items
    assert "casting" not in b.read("jozan", Conditions).ids
    throw = b.options("jozan")["throw_splash"]          # the holy water is a splash weapon now, in the pack
    assert throw.refusal.code == "RETRIEVE_FIRST" and throw.refusal.params["item"] == "holy_water"


def test_a_turn_that_does_not_go_on_with_it_ruins_it():
    """"Ces actions doivent être consécutives": a turn ended without going on loses it."""
    b = cleric()
    b.act("jozan", "cast", {"spell": BLESS_WATER})
    next_round(b)
    _ok, _, ev = b.act("jozan", "end_turn")
    assert first(ev, "SpellCast").outcome == "lost"
    assert b.read("jozan", Spellcasting).pending is None
    assert b.read("jozan", Inventory).items == ["flask_of_water"]            # the flask stays plain water
    assert b.read("jozan", Spellcasting).prepared == []                      # the spell is spent


def test_any_other_action_interrupts_it_and_ruins_the_spell():
    """"toute interruption ruine le sort": a move instead of the casting's full round."""
    b = cleric()
    b.act("jozan", "cast", {"spell": BLESS_WATER})
    next_round(b)
    ok, _, ev = b.act("jozan", "move", {"squares": [[2, 4]]})
    assert ok and first(ev, "SpellCast").outcome == "lost" and types(ev).index("SpellCast") < types(ev).index("Moved")
    assert b.options("jozan")["continue_casting"].refusal.code == "NOTHING_TO_CONTINUE"
    c = cleric()                                      # even a free action on the casting's first turn
    c.act("jozan", "cast", {"spell": BLESS_WATER})
    ok, _, ev = c.act("jozan", "drop_prone")
    assert ok and first(ev, "SpellCast").outcome == "lost"


def test_damage_during_the_minute_calls_for_concentration():
    """Digest §4.5: damage while casting, Concentration DC 10 + damage + the spell's level."""
    b = cleric(orc_at=(2, 4))
    b.act("jozan", "cast", {"spell": BLESS_WATER, "defensively": True}, dice=[20])
    b.act("jozan", "end_turn")
    ok, _, ev = b.act("orc", "attack", {"target": "jozan"}, dice=[15, 5, 2])
    conc = [e for e in ev if type(e).__name__ == "SavingThrow"]
    assert ok and conc and conc[0].kind == "concentration_damage" and not conc[0].success
    assert first(ev, "SpellCast").outcome == "lost" and b.read("jozan", Spellcasting).pending is None


def test_without_a_flask_of_water_it_is_refused_and_nothing_changes():
    b = cleric(inventory=())
    before = b.state()
    ok, refusal, _ = b.act("jozan", "cast", {"spell": BLESS_WATER})
    assert not ok and refusal.code == "NO_FLASK_OF_WATER" and b.state() == before


def test_a_save_in_the_middle_of_the_minute_goes_on_from_where_it_was(tmp_path):
    text = cleric_text()
    b = Battle(parse_scenario(text, "test.toml"))
    b.act("jozan", "cast", {"spell": BLESS_WATER})
    for _ in range(4):
        next_round(b)
        b.act("jozan", "continue_casting")
    path = saves.save_battle(b, tmp_path / "save.json", scenario_text=text)
    doc = json.loads(path.read_text(encoding="utf-8"))
    fresh = Battle(b.scenario)
    checkpoint.restore(fresh, doc["state"], doc["commands"])
    for loaded in (fresh, saves.load_save(path).battle, saves.load_save(path, replay=True).battle):
        assert loaded.read("jozan", Spellcasting).pending == b.read("jozan", Spellcasting).pending
        for _ in range(5):
            next_round(loaded)
            assert loaded.act("jozan", "continue_casting")[0]
        next_round(loaded)
        assert "holy_water" in loaded.read("jozan", Inventory).items


def test_the_log_tells_the_minute_in_both_languages():
    from game.ui.combat_log import lines
    b = cleric()
    _ok, _, begun = b.act("jozan", "cast", {"spell": BLESS_WATER})
    next_round(b)
    _ok, _, going = b.act("jozan", "continue_casting")
    names = {"jozan": "Jozan", "orc": "Orc"}
    en = [text for text, _c in lines(begun + going, names, "en")]
    fr = [text for text, _c in lines(begun + going, names, "fr")]
    assert any("Jozan begins Bless Water (1 minute" in t for t in en)
    assert any("Jozan goes on casting Bless Water (8 more full rounds)" in t for t in en)
    assert any("Jozan poursuit l'incantation de Bénédiction de l'eau (encore 8 rounds entiers)" in t for t in fr)
