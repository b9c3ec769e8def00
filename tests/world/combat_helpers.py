"""Small battles for combat tests."""
from __future__ import annotations

from game.content.scenario import parse_scenario
from game.engine import Battle


def battle_text(grid: str, *creatures: str, rules: str = "", seed: int = 1) -> str:
    return f"seed = {seed}\n{rules}\n[map]\ngrid = \"\"\"\n{grid.strip()}\n\"\"\"\n" + "\n".join(
        f"[[creature]]\n{c.strip()}\n" for c in creatures)


def battle(grid: str, *creatures: str, rules: str = "", seed: int = 1) -> Battle:
    return Battle(parse_scenario(battle_text(grid, *creatures, rules=rules, seed=seed), "test.toml"))


def creature(cid: str, side: str, at, **kw) -> str:
    lines = [f'id = "{cid}"', f'side = "{side}"', f"at = [{at[0]}, {at[1]}]"]
    for k, v in kw.items():
        if isinstance(v, str):
            lines.append(f'{k} = "{v}"')
        elif isinstance(v, bool):
            lines.append(f"{k} = {'true' if v else 'false'}")
        elif isinstance(v, (list, tuple)):
            lines.append(f"{k} = [" + ", ".join(f'"{x}"' if isinstance(x, str) else str(x) for x in v) + "]")
        else:
            lines.append(f"{k} = {v}")
    return "\n".join(lines)


def types(events) -> list[str]:
    return [type(e).__name__ for e in events]


def first(events, name: str):
    return next(e for e in events if type(e).__name__ == name)


def prepared_caster(grid: str, cid: str, spells, cls: str = "wizard", level: int = 3, foes=(), **kw) -> Battle:
    """A battle with one caster at (1, 4) who has ``spells`` prepared, and ``foes``."""
    from game.world.components import Spellcasting
    c_kw = dict(initiative=20, int=16, wis=14, hp=12)
    c_kw.update(kw)
    b = battle(grid, creature(cid, "blue", (1, 4), **c_kw), *foes)
    sc = b.comp(cid, Spellcasting)
    sc.prepared.extend(spells)
    sc.caster_level = level
    sc.caster_class = cls
    return b
