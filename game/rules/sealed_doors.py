"""A sacred site's sealed door, answering channelled energy (French text, "renvoi et
intimidation des morts-vivants", "Autres usages de l'énergie positive ou négative": "un
site sacré peut être gardé par une porte magique qui ne s'ouvre que devant un prêtre bon
réussissant un test de renvoi suffisamment élevé pour affecter un mort-vivant à 3 DV
(peut-être volera-t-elle en éclats si un prêtre mauvais obtient le même résultat…)").

Our rulings (docs/rules-coverage.md): the seal reads the turning check alone (the table's
most Hit Dice affected), never the turning damage, which the text does not name; a
positive-energy channeller whose check reaches the seal's Hit Dice opens the door, a
negative-energy one with the same result shatters it (the text's "peut-être" taken as
yes); below it the door holds. Once opened it is an ordinary door for the rest of the
battle; shattered, its square is floor.
"""
from __future__ import annotations

DEFAULT_HIT_DICE = 3        # "un mort-vivant à 3 DV"
OPENED = "opened"
SHATTERED = "shattered"
HELD = "held"


def seal_answer(max_hit_dice: int, seal_hit_dice: int, negative: bool) -> str:
    """What the seal does for a turning check whose table gives ``max_hit_dice``: opened
    (positive energy) or shattered (negative energy) when it reaches ``seal_hit_dice``,
    else held."""
    if max_hit_dice < seal_hit_dice:
        return HELD
    return SHATTERED if negative else OPENED
