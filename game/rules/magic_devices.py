"""Who may activate a scroll or a wand, and the checks it takes (SRD Magic Items, "Scrolls"
and "Wands"; SRD skill Use Magic Device). The French text names the skill only to say
its check is no action of its own ("Pas une action": "faire appel à la compétence
Utilisation d'objets magiques pour se servir d'un objet magique n'est pas une action en
soi, c'est juste une partie de l'action simple permettant d'activer l'objet"); these
numbers are the SRD's.

- A scroll (spell completion) or a wand (spell trigger) is activated by a creature whose
  class has the spell on its list; a scroll also asks the ability its class casts with at
  10 + the spell's level, and a caster level check (d20 + caster level against the
  scroll's caster level + 1) from a reader below the scroll's caster level. A failed
  caster level check casts nothing; a DC 5 Wisdom check then keeps off a mishap, and the
  scroll is kept unless a mishap happened.
- Anyone else needs Use Magic Device (Charisma; trained only): DC 20 + the scroll's
  caster level, DC 20 for a wand; to read a scroll it also emulates the ability, its
  check result minus 15 standing for the score. A failure activates nothing and spends
  neither the scroll nor a charge; a natural 1 that fails bars that item for 24 hours.
"""
from __future__ import annotations

from .spells import ABILITY_OF_CLASS

USE_WAND_DC = 20
USE_SCROLL_BASE_DC = 20
EMULATED_SCORE_OFFSET = 15          # "your Use Magic Device check result minus 15"
MISHAP_WISDOM_DC = 5


def on_class_list(spell_levels: dict[str, int], caster_class: str) -> bool:
    """The spell is on the creature's class list (the spell's ``level`` names the class)."""
    return bool(caster_class) and caster_class in spell_levels


def ability_needed(spell_level: int) -> int:
    """The least score in its class's casting ability to cast a spell from a scroll."""
    return 10 + spell_level


def use_device_dc(kind: str, caster_level: int) -> int:
    """Use Magic Device's DC: a wand 20, a scroll 20 + its caster level."""
    return USE_WAND_DC if kind == "wand" else USE_SCROLL_BASE_DC + caster_level


def caster_level_check_dc(item_caster_level: int) -> int:
    """A reader below the scroll's caster level: DC the scroll's caster level + 1."""
    return item_caster_level + 1


def needs_caster_level_check(reader_level: int, item_caster_level: int) -> bool:
    return reader_level < item_caster_level


def emulated_class(spell_levels: dict[str, int], scores: dict[str, int]) -> str:
    """The class a Use Magic Device reader emulates for a scroll's ability: of the classes
    whose list has the spell, the one whose casting ability the reader has highest (the
    choice the skill lets it make; any other would only ask a higher check). Ties go to
    the class listed first."""
    classes = [c for c in spell_levels if c in ABILITY_OF_CLASS]
    return max(classes, key=lambda c: scores.get(ABILITY_OF_CLASS[c], 10)) if classes else ""


def emulates_ability(check_total: int, needed: int) -> bool:
    """The emulated score (check result minus 15) reaches the score the scroll asks."""
    return check_total - EMULATED_SCORE_OFFSET >= needed


def is_trained(ranks: int) -> bool:
    """Use Magic Device is trained only: the creature has ranks in it."""
    return ranks > 0
