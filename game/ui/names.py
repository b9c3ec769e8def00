"""Creature ids as the players know them (issue 14: no id reaches the player): the
scenario's names in the window's language (``CreatureSpec.name_in``: a wolf is "Wolf 1"
in English, "Loup 1" in French), then the battle's own for a creature that appears during it (a black
pudding's split half), and a spiritual weapon by its spell and its caster."""
from __future__ import annotations

from .. import data

SPIRITUAL = "spiritual_weapon:"       # the attacker id a spiritual weapon's blows carry


class Names(dict):
    """A dict of the scenario's names that also knows the battle's later creatures; read
    in ``lang`` (which the settings change in play)."""

    def __init__(self, battle, lang: str):
        super().__init__()
        self.specs = {s.id: s for s in battle.scenario.creatures}
        self.battle, self.lang = battle, lang

    def __missing__(self, cid):
        if cid in self.specs:
            return self.specs[cid].name_in(self.lang)
        if isinstance(cid, str) and cid.startswith(SPIRITUAL):
            spell = data.spells()["spiritual_weapon"]
            return f"{spell.get(f'name_{self.lang}') or spell['name_en']} ({self.get(cid[len(SPIRITUAL):], '?')})"
        if isinstance(cid, str) and self.battle.has(cid):
            spec = self.battle.spec(cid)
            if spec.names and dict(spec.names).get("en") == spec.name:    # named in each language (a summons)
                return spec.name_in(self.lang)
            return self.battle.name(cid)
        if isinstance(cid, str) and cid in self.battle.gone:       # a summoned creature gone away
            return self.battle.gone[cid].name_in(self.lang)
        raise KeyError(cid)

    def __bool__(self) -> bool:            # its names are worked out on demand: never an empty dict
        return True

    def get(self, cid, default=None):
        try:
            return self[cid]
        except KeyError:
            return default

    def __contains__(self, cid) -> bool:
        return cid in self.specs or (isinstance(cid, str) and (
            cid.startswith(SPIRITUAL) or self.battle.has(cid) or cid in self.battle.gone))
