"""Who may activate a scroll or a wand, and Use Magic Device (SRD Magic Items "Scrolls",
"Wands"; SRD skill Use Magic Device; French text, "Pas une action": "faire appel à la
compétence Utilisation d'objets magiques pour se servir d'un objet magique n'est pas une
action en soi, c'est juste une partie de l'action simple permettant d'activer l'objet")."""
import pytest
from combat_helpers import battle, creature, first, prepared_caster, types

from game import data
from game.world.components import Charges, Hands, HitPoints, Inventory

GRID = "\n".join("." * 12 for _ in range(8))
ORC = creature("orc", "red", (6, 4), initiative=10, hp=30, weapon="greataxe")


def holder(item: str, **kw):
    """A rogue at (1, 4) with ``item`` in hand, no spells of its own."""
    stats = dict(initiative=20, hp=12, weapon="dagger", cha=12, int=10)
    stats.update(kw)
    b = battle(GRID, creature("rogue", "blue", (1, 4), **stats), ORC)
    b.comp("rogue", Inventory).items.append(item)
    b.comp("rogue", Hands).holding = item
    b.changed()
    return b


def reader(item: str, cls="wizard", level=3, **kw):
    b = prepared_caster(GRID, "mage", [], cls, level, [ORC], **kw)
    b.comp("mage", Inventory).items.append(item)
    b.comp("mage", Hands).holding = item
    b.changed()
    return b


def test_a_wand_whose_spell_is_not_on_its_list_is_refused_without_the_skill_and_changes_nothing():
    """SRD Wands: "the user must have the spell on her class spell list" — else Use Magic
    Device, trained only."""
    b = holder("wand_magic_missile")
    before = b.state()
    ok, refusal, _ = b.act("rogue", "use_item", {"item": "wand_magic_missile", "targets": ["orc"]})
    assert not ok and refusal.code == "NOT_ON_CLASS_LIST"
    assert b.state() == before
    assert b.options("rogue")["use_item"].refusal.code == "NOT_ON_CLASS_LIST"


def test_use_magic_device_dc_20_activates_a_wand_and_a_failure_spends_no_charge():
    """SRD Use Magic Device: "Use a wand: DC 20"; "Failing the roll does not expend a charge"."""
    b = holder("wand_magic_missile", use_magic_device=4)             # 4 ranks + Cha 12 (+1)
    ok, _, ev = b.act("rogue", "use_item", {"item": "wand_magic_missile", "targets": ["orc"]}, dice=[14])
    umd = first(ev, "SavingThrow")
    assert ok and (umd.kind, umd.d20 + umd.bonus, umd.dc, umd.success) == ("use_magic_device", 19, 20, False)
    assert first(ev, "SpellCast").outcome == "failed" and "DamageDealt" not in types(ev)
    assert b.wand_charges == {} and b.comp("rogue", Hands).holding == "wand_magic_missile"
    assert "ActionTaken" in types(ev)                                # the standard action is spent
    c = holder("wand_magic_missile", use_magic_device=4)
    ok, _, ev = c.act("rogue", "use_item", {"item": "wand_magic_missile", "targets": ["orc"]}, dice=[15, 3])
    assert ok and first(ev, "SavingThrow").success and first(ev, "DamageDealt").amount == 4
    assert c.wand_charges["rogue:wand_magic_missile"] == 49


def test_a_natural_1_that_fails_bars_the_item_for_24_hours():
    """SRD Use Magic Device: "if you ever roll a natural 1 while attempting to activate an
    item and you fail, then you can't try to activate that item again for 24 hours"."""
    b = holder("wand_magic_missile", use_magic_device=4)
    ok, _, ev = b.act("rogue", "use_item", {"item": "wand_magic_missile", "targets": ["orc"]}, dice=[1])
    assert ok and not first(ev, "SavingThrow").success
    assert b.comp("rogue", Charges).barred == {"wand_magic_missile"}
    b.act("rogue", "end_turn")
    b.act("orc", "end_turn")
    ok, refusal, _ = b.act("rogue", "use_item", {"item": "wand_magic_missile", "targets": ["orc"]}, dice=[20, 3])
    assert not ok and refusal.code == "DEVICE_BARRED"
    c = holder("wand_magic_missile", use_magic_device=25)            # a 1 that still succeeds bars nothing
    ok, _, ev = c.act("rogue", "use_item", {"item": "wand_magic_missile", "targets": ["orc"]}, dice=[1, 3])
    assert ok and first(ev, "SavingThrow").success and c.comp("rogue", Charges).barred == set()


def test_a_scroll_by_use_magic_device_is_dc_20_plus_its_caster_level_and_kept_on_a_failure():
    """SRD Use Magic Device: "Use a scroll: 20 + caster level"; the rogue's Intelligence 14
    reaches the 11 a 1st-level wizard spell asks, so no score is emulated."""
    b = holder("scroll_magic_missile", use_magic_device=4, int=14)
    ok, _, ev = b.act("rogue", "use_item", {"item": "scroll_magic_missile", "targets": ["orc"]}, dice=[15])
    checks = [e for e in ev if type(e).__name__ == "SavingThrow"]
    assert ok and [(c.kind, c.dc, c.success) for c in checks] == [("use_magic_device", 21, False)]
    assert "scroll_magic_missile" in b.comp("rogue", Inventory).items
    assert b.comp("rogue", Hands).holding == "scroll_magic_missile"
    c = holder("scroll_magic_missile", use_magic_device=4, int=14)
    ok, _, ev = c.act("rogue", "use_item", {"item": "scroll_magic_missile", "targets": ["orc"]}, dice=[16, 2])
    assert ok and first(ev, "DamageDealt").amount == 3
    assert "scroll_magic_missile" not in c.comp("rogue", Inventory).items


def test_a_reader_short_of_the_casting_score_emulates_it_with_a_second_check():
    """SRD Use Magic Device, "Emulate an ability score": "Your effective ability score ... is
    your Use Magic Device check result minus 15"; magic missile asks 11 (10 + level 1) in
    Intelligence or Charisma, and the rogue has 10 in both: a result of 26 is needed."""
    b = holder("scroll_magic_missile", use_magic_device=4, cha=10)   # +4 on the checks
    ok, _, ev = b.act("rogue", "use_item", {"item": "scroll_magic_missile", "targets": ["orc"]}, dice=[20, 20, 3])
    checks = [(e.kind, e.dc, e.success) for e in ev if type(e).__name__ == "SavingThrow"]
    assert ok and checks == [("use_magic_device", 21, True), ("use_magic_device_ability", 26, False)]
    assert first(ev, "SpellCast").outcome == "failed"
    assert "scroll_magic_missile" in b.comp("rogue", Inventory).items


def test_a_caster_reads_a_scroll_of_its_own_list_without_a_check_and_another_not_at_all():
    """SRD Scrolls: "The user must have the spell on her class list"; a cleric reads bless,
    not magic missile."""
    b = reader("scroll_bless", cls="cleric")
    ok, _, ev = b.act("mage", "use_item", {"item": "scroll_bless"})
    assert ok and "SavingThrow" not in types(ev) and first(ev, "SpellCast").outcome == "cast"
    c = reader("scroll_magic_missile", cls="cleric")
    ok, refusal, _ = c.act("mage", "use_item", {"item": "scroll_magic_missile", "targets": ["orc"]})
    assert not ok and refusal.code == "NOT_ON_CLASS_LIST"


def test_a_caster_short_of_the_score_its_class_casts_with_cannot_read_the_scroll():
    """SRD Scrolls: "The user must have the requisite ability score" (10 + the spell's level)."""
    b = reader("scroll_magic_missile", int=10)
    ok, refusal, _ = b.act("mage", "use_item", {"item": "scroll_magic_missile", "targets": ["orc"]})
    assert not ok and refusal.code == "SCORE_TOO_LOW_FOR_SCROLL" and refusal.params["score"] == 11


@pytest.fixture
def strong_scroll(monkeypatch):
    """A scroll of magic missile written at caster level 5."""
    monkeypatch.setitem(data.magic_items(), "scroll_strong_missile",
                        dict(data.magic_items()["scroll_magic_missile"], caster_level=5))
    return "scroll_strong_missile"


def test_a_reader_below_the_scrolls_caster_level_makes_a_caster_level_check(strong_scroll):
    """SRD Scrolls: "she has to make a caster level check (DC = scroll's caster level + 1)";
    "If she fails, she must make a DC 5 Wisdom check to avoid a mishap"; "If the caster level
    check fails but no mishap occurs, the scroll is not expended"; "A natural roll of 1
    always fails"."""
    b = reader(strong_scroll, level=3)
    ok, _, ev = b.act("mage", "use_item", {"item": strong_scroll, "targets": ["orc"] * 3}, dice=[3, 2, 2, 2])
    check = first(ev, "SavingThrow")
    assert ok and (check.kind, check.dc, check.success) == ("caster_level", 6, True)
    assert len([e for e in ev if type(e).__name__ == "DamageDealt"]) == 3          # caster level 5: three missiles
    c = reader(strong_scroll, level=3)
    ok, _, ev = c.act("mage", "use_item", {"item": strong_scroll, "targets": ["orc"]}, dice=[2, 10])
    kinds = [(e.kind, e.success) for e in ev if type(e).__name__ == "SavingThrow"]
    assert ok and kinds == [("caster_level", False), ("scroll_mishap", True)]
    assert first(ev, "SpellCast").outcome == "failed" and strong_scroll in c.comp("mage", Inventory).items
    d = reader(strong_scroll, level=20)
    ok, _, ev = d.act("mage", "use_item", {"item": strong_scroll, "targets": ["orc"] * 3}, dice=[2, 2, 2])
    assert ok and "SavingThrow" not in types(ev)                     # at the scroll's level or above: no check


def test_a_mishap_burns_the_reader_and_the_scroll(strong_scroll):
    """SRD Scrolls, mishaps: "A surge of uncontrolled magical energy deals 1d6 points of
    damage per spell level to the scroll user" (our ruling: the mishap played)."""
    b = reader(strong_scroll, level=3, wis=10)
    hp = b.comp("mage", HitPoints).current
    ok, _, ev = b.act("mage", "use_item", {"item": strong_scroll, "targets": ["orc"]}, dice=[1, 4, 5])
    kinds = [(e.kind, e.success) for e in ev if type(e).__name__ == "SavingThrow"]
    assert ok and kinds == [("caster_level", False), ("scroll_mishap", False)]
    assert b.comp("mage", HitPoints).current == hp - 5
    assert strong_scroll not in b.comp("mage", Inventory).items


def test_the_log_tells_the_checks_and_the_failed_activation_in_both_languages():
    from game.ui.combat_log import lines
    b = holder("wand_magic_missile", use_magic_device=4)
    _ok, _, ev = b.act("rogue", "use_item", {"item": "wand_magic_missile", "targets": ["orc"]}, dice=[14])
    names = {"rogue": "Lidda", "orc": "Orc"}
    en = " | ".join(text for text, _c in lines(ev, names, "en"))
    fr = " | ".join(text for text, _c in lines(ev, names, "fr"))
    assert "Use Magic Device" in en and "Lidda fails to activate Magic Missile" in en
    assert "Utilisation d'objets magiques" in fr and "Lidda ne parvient pas à activer Projectile magique" in fr
    assert "use_magic_device" not in en + fr
