"""``docs/rules-coverage.md`` stays honest: every test it names exists, every module it
names exists, every rule module is named, every status is one of the three kinds, and
the count line matches the rows. Reads nothing outside the repository."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "rules-coverage.md"

STATUSES = ("complete", "partial:", "not played:")
COUNT = re.compile(r"^\*\*Count:\*\* (\d+) procedures: (\d+) complete / (\d+) partial / (\d+) not played\.$")
TEST_REF = re.compile(r"`(tests/[^`:]+\.py)::(test_\w+)`")
MODULE_REF = re.compile(r"`(game/[^`]+\.py)`")


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _sections() -> list[tuple[str, list[str]]]:
    """Every data row of every table with the ``##`` heading above it: four cells,
    header and separator rows left out."""
    rows = []
    chapter = ""
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            chapter = line[3:].strip()
        if not line.startswith("|"):
            continue
        cells = _cells(line)
        if cells[0] == "Procédure" or set("".join(cells)) <= set("-: "):
            continue
        rows.append((chapter, cells))
    return rows


SECTIONS = _sections()
ROWS = [cells for _chapter, cells in SECTIONS]
BEYOND = "Hors du texte français"


def test_the_document_has_tables_of_four_columns():
    assert len(ROWS) > 50
    bad = [row[0] for row in ROWS if len(row) != 4]
    assert not bad, f"rows without exactly four cells: {bad}"


def test_every_named_test_exists():
    missing = []
    for row in ROWS:
        for path, name in TEST_REF.findall(row[3]):
            file = ROOT / path
            if not file.is_file() or not re.search(rf"^\s*def {name}\(", file.read_text(encoding="utf-8"), re.M):
                missing.append(f"{path}::{name}")
    assert not missing, f"named in the table but not found: {missing}"


def test_the_tests_cell_holds_only_test_references_or_a_dash():
    for row in ROWS:
        rest = TEST_REF.sub("", row[3]).replace(",", "").strip()
        assert rest in ("", "—"), f"{row[0]}: unexpected text in the tests cell: {rest!r}"


def test_every_named_module_exists():
    missing = [path for row in ROWS for path in MODULE_REF.findall(row[2]) if not (ROOT / path).is_file()]
    assert not missing, f"named in the table but not found: {missing}"


def test_the_modules_cell_holds_only_module_paths_or_a_dash():
    for row in ROWS:
        rest = MODULE_REF.sub("", row[2]).replace(",", "").strip()
        assert rest in ("", "—"), f"{row[0]}: unexpected text in the modules cell: {rest!r}"


def test_every_rule_module_is_named():
    named = {path for row in ROWS for path in MODULE_REF.findall(row[2])}
    rules = {f"game/rules/{p.name}" for p in (ROOT / "game" / "rules").glob("*.py") if p.name != "__init__.py"}
    assert rules, "no rule module found"
    assert not rules - named, f"rule modules the table never names: {sorted(rules - named)}"


def test_every_status_is_complete_partial_or_not_played():
    bad = [(row[0], row[1]) for row in ROWS if not row[1].startswith(STATUSES)]
    assert not bad, f"statuses that start otherwise: {bad}"


def test_partial_and_not_played_say_what_or_why():
    for row in ROWS:
        for kind in ("partial:", "not played:"):
            if row[1].startswith(kind):
                assert row[1][len(kind):].strip(), f"{row[0]}: {kind} with nothing after it"


def test_a_complete_row_names_a_module_and_a_test():
    bad = [row[0] for row in ROWS if row[1].startswith("complete")
           and not (MODULE_REF.search(row[2]) and TEST_REF.search(row[3]))]
    assert not bad, f"complete without a module and a test: {bad}"


def _count_line() -> re.Match:
    lines = [line for line in DOC.read_text(encoding="utf-8").splitlines() if line.startswith("**Count:**")]
    assert len(lines) == 1, "one count line expected"
    match = COUNT.match(lines[0])
    assert match, f"count line not understood: {lines[0]!r}"
    return match


def _tally(rows: list[list[str]]) -> tuple[int, int, int, int]:
    return (len(rows), sum(row[1].startswith("complete") for row in rows),
            sum(row[1].startswith("partial:") for row in rows), sum(row[1].startswith("not played:") for row in rows))


def test_the_count_line_matches_the_rows():
    total, complete, partial, not_played = (int(g) for g in _count_line().groups())
    assert (total, complete, partial, not_played) == _tally(ROWS)
    assert complete + partial + not_played == total


def test_the_split_between_the_french_text_and_beyond_matches_the_rows():
    text = DOC.read_text(encoding="utf-8")
    french = [cells for chapter, cells in SECTIONS if not chapter.startswith(BEYOND)]
    beyond = [cells for chapter, cells in SECTIONS if chapter.startswith(BEYOND)]
    assert beyond, f"no section {BEYOND!r}"
    for label, rows in (("from the French text", french), ("beyond it", beyond)):
        n, c, p, x = _tally(rows)
        assert f"{n} {label}: {c} complete / {p} partial / {x} not played" in text, label


def test_the_count_line_ends_the_document():
    last = [line for line in DOC.read_text(encoding="utf-8").splitlines() if line.strip()][-1]
    assert last.startswith("**Count:**")


@pytest.mark.parametrize("heading", ["## Les actions simples", "## Attaques spéciales", "### Lutte",
                                     "### Renvoi et intimidation des morts-vivants"])
def test_the_french_chapters_are_headings(heading):
    assert heading in DOC.read_text(encoding="utf-8").splitlines()
