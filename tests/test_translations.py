"""Every reason the rules and the engine can give has a sentence in English and French."""
import re
from pathlib import Path

from game.i18n import catalogue, sentence

GAME = Path(__file__).resolve().parents[1] / "game"


def test_every_refusal_code_has_both_sentences():
    codes = set()
    for path in GAME.rglob("*.py"):
        codes.update(re.findall(r'(?:refuse|Refusal)\("([A-Z_]+)"', path.read_text(encoding="utf-8")))
    assert len(codes) > 50
    cat = catalogue()
    missing = sorted(c for c in codes if c not in cat or not cat[c].get("en") or not cat[c].get("fr"))
    assert missing == []


def test_sentences_fill_their_values():
    assert sentence("TOO_FAR", {"square": [3, 4], "limit": 4}, "fr") == "Pas assez de mouvement pour atteindre [3, 4]."
    assert sentence("NOT_YOUR_TURN", {"turn": "orc"}, "en") == "It is orc's turn."


def test_no_sentence_is_in_two_tables_of_the_catalogue():
    """The catalogue is kept in tables by what they are for (``game.i18n``'s modules): a
    code written in two of them would have one silently win over the other."""
    from game import i18n
    tables = [i18n.refusals, i18n.magic_refusals, i18n.window, i18n.labels, i18n.sandbox, i18n.story]
    seen: dict[str, str] = {}
    for table in tables:
        for code in table.SENTENCES:
            assert code not in seen, (code, seen.get(code), table.__name__)
            seen[code] = table.__name__
    assert set(seen) == set(i18n.catalogue())
