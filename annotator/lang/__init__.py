"""Language data, one module per language (as spaCy's ``lang/``): :mod:`.es`, :mod:`.en`,
:mod:`.sv`, and :mod:`.xx` for words of other languages that multilingual code also knows (name
particles). The modules hold data only: month and weekday names, number words, kinship words,
titles, name particles; the code that reads them (date surrogates, kinship spans, the record
matcher, the ortho matcher, the sentence splitter) is elsewhere.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from annotator.lang import en, es, sv

#: the languages with data, in the order code that tries every language tries them
LANGUAGES: dict[str, ModuleType] = {"es": es, "en": en, "sv": sv}


def by_language(name: str) -> dict[str, Any]:
    """Language code -> that language's ``name`` (``by_language("MONTHS")["es"]``)."""
    return {code: getattr(module, name) for code, module in LANGUAGES.items()}


def union(name: str) -> frozenset[str]:
    """Every language's word set ``name`` together (``union("DATE_FILLERS")``)."""
    return frozenset().union(*by_language(name).values())


def alternation(name: str) -> str:
    """Every language's regular-expression fragments ``name`` as one alternation (no group)."""
    return "|".join(fragment for fragments in by_language(name).values() for fragment in fragments)
