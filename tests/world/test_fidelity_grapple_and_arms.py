"""Issue 11, rules fidelity: attacks and scrolls in a grapple, an unarmed attack while
holding a touch charge, thrown weapons in the off hand — each played through ``act`` with
scripted dice against the French text (quoted in each test)."""
from combat_helpers import battle, creature, first, types

from game.world import views
from game.world.components import Conditions, Grapple, Hands, Inventory, Spellcasting

GRID = "\n".join("." * 14 for _ in range(8))


def events_named(ev, name: str) -> list:
    return [e for e in ev if type(e).__name__ == name]


# --- 3. an unarmed attack while holding a touch charge --------------------------------------

def holding_charge(mage_kw=None, foe_kw=None):
    """A wizard holding shocking grasp's charge next to an orc, the wizard's turn again."""
    m = dict(initiative=20, int=16, hp=20, weapon="unarmed", caster_class="wizard", caster_level=3,
             spells=["shocking_grasp"], concentration=30)
    m.update(mage_kw or {})
    o = dict(initiative=10, hp=40, weapon="greataxe")
    o.update(foe_kw or {})
    b = battle(GRID, creature("mage", "blue", (1, 4), **m), creature("orc", "red", (2, 4), **o))
    ok, refusal, _ = b.act("mage", "cast", {"spell": "shocking_grasp", "defensively": True}, dice=[10])
    assert ok, refusal
    assert b.comp("mage", Spellcasting).held_charge == "shocking_grasp"
    b.act("mage", "end_turn")
    b.act("orc", "end_turn")
    return b


def test_an_unarmed_attack_holding_a_charge_provokes_and_deals_nonlethal_unarmed_damage():
    """French text, "sorts de contact": "Il est également possible porter des attaques à
    mains nues (ou à l'aide d'une arme naturelle) alors qu'on retient un sort de contact.
    Dans ce cas, le personnage n'est pas considéré comme armé et provoque normalement une
    attaque d'opportunité [...] Si l'attaque réussit, le personnage inflige les dégâts de son
    attaque à mains nues [...] et décharge le sort." — and "Les dégâts infligés à mains nues
    sont toujours de type non-létaux."""
    b = holding_charge()
    # the orc's attack of opportunity (d20 2: a miss), then the punch (15), 1d3 (2), 3d6 (3 3 3)
    ok, refusal, ev = b.act("mage", "attack", {"target": "orc"}, dice=[2, 15, 2, 3, 3, 3])
    assert ok, refusal
    rolls = events_named(ev, "AttackRolled")
    assert rolls[0].attacker == "orc" and rolls[0].opportunity            # it provokes, from the target
    assert rolls[1].attacker == "mage" and rolls[1].hit
    punch, spell = events_named(ev, "DamageDealt")
    assert punch.amount == 2 and punch.nonlethal                           # the unarmed strike's 1d3, nonlethal
    assert spell.amount == 9 and not spell.nonlethal                       # and the charge is discharged
    assert b.comp("mage", Spellcasting).held_charge is None


def test_holding_a_charge_with_improved_unarmed_strike_or_a_natural_weapon_counts_as_armed():
    """French text, "sorts de contact": "[...] provoque normalement une attaque
    d'opportunité, à moins que le personnage ne soit par ailleurs considéré comme armé même à
    mains nues" — Improved Unarmed Strike, or a natural weapon: no attack of opportunity."""
    b = holding_charge({"feats": ["improved_unarmed_strike"]})
    ok, refusal, ev = b.act("mage", "attack", {"target": "orc"}, dice=[15, 2, 3, 3, 3])
    assert ok, refusal
    assert [r.attacker for r in events_named(ev, "AttackRolled")] == ["mage"]
    assert not events_named(ev, "DamageDealt")[0].nonlethal                # armed: lethal at no penalty
    c = holding_charge({"weapon": "claw"})
    ok, refusal, ev = c.act("mage", "attack", {"target": "orc"}, dice=[15, 2, 3, 3, 3])
    assert ok, refusal
    assert [r.attacker for r in events_named(ev, "AttackRolled")] == ["mage"]
    assert c.comp("mage", Spellcasting).held_charge is None


def test_holding_a_charge_still_threatens():
    """The charge still threatens (digest §3): the orc walking past provokes from the
    wizard, unchanged by the fix above."""
    b = holding_charge()
    assert (2, 4) in views.threatened(b, "mage")
