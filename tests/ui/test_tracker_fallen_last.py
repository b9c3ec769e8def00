"""The initiative list (play-test 3: dead creatures filled three of its five visible rows):
when it cannot show everyone, the dead go last — a row is for who still acts — and one
line counts who is left out, the fallen apart, so a death in the middle of a turn moves
no button."""
from __future__ import annotations

import pytest

from game.i18n import sentence
from game.world.components import HitPoints
from game.world.damage import sync_health


def many() -> str:
    rows = "\n".join("." * 30 for _ in range(10))
    creatures = ['id = "jozan"\nname_en = "Jozan"\nside = "blue"\nat = [2, 5]\ntemplate = "jozan_4"\ninitiative = 40\n']
    for n in range(14):
        creatures.append(f'id = "s{n + 1:02d}"\nname_en = "Skeleton {n + 1}"\nside = "red"\n'
                         f'at = [{10 + n}, {1 + n % 8}]\ntemplate = "human_skeleton"\ninitiative = {30 - n}\n')
    return f'seed = 7\n[map]\ngrid = """\n{rows}\n"""\n' + "\n".join(f"[[creature]]\n{c}" for c in creatures)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_dead_go_last_and_are_counted_apart(screens, lang):
    g = screens(many(), lang)
    g.draw()
    assert len(g.tracker_rows) < len(g.battle.order)            # the list does not fit: some are left out
    first_rows = [cid for cid, _r in g.tracker_rows]
    buttons = {b.name: tuple(b.rect) for b in g.buttons}
    for cid in first_rows[1:4]:                                  # three of the shown ones die
        g.battle.comp(cid, HitPoints).current = -20
        sync_health(g.battle, cid)
    g.battle.changed()
    g.refresh()
    said: list[str] = []
    real_text = g._text

    def text(line, *args, **kw):                                 # what the panel writes, line by line
        said.append(str(line))
        return real_text(line, *args, **kw)
    g._text = text
    g._panel_cache = None
    g.draw()
    shown = [cid for cid, _r in g.tracker_rows]
    assert not set(first_rows[1:4]) & set(shown)                 # living ones took their rows
    assert len(shown) == len(first_rows)
    hidden = len(g.battle.order) - len(shown) - 3
    assert sentence("UI_TRACKER_MORE_FALLEN", {"count": hidden, "fallen": 3}, lang) in said
    assert {b.name: tuple(b.rect) for b in g.buttons} == buttons   # the bar did not move
