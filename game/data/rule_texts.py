"""The rule paragraphs the sandbox cites (``tables/rule_texts.toml``): for each rule id
its source section and its text in French and in English, read once."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from . import DATA_DIR, read_table
from .errors import ContentError


@dataclass(frozen=True)
class RuleText:
    id: str
    section: str
    text_fr: str
    text_en: str

    def text(self, lang: str | None) -> str:
        return self.text_fr if lang == "fr" else self.text_en


@lru_cache(maxsize=1)
def rule_texts() -> dict[str, RuleText]:
    """Every cited rule by id; a row missing a key is a clear error naming it."""
    out = {}
    for rid, row in read_table("rule_texts.toml").items():
        for key in ("section", "text_fr", "text_en"):
            if not isinstance(row.get(key), str) or not row[key].strip():
                raise ContentError(DATA_DIR / "rule_texts.toml", f"{rid}.{key}", "missing or empty")
        out[rid] = RuleText(rid, row["section"], row["text_fr"].strip(), row["text_en"].strip())
    return out
