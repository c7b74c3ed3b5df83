"""Words that name no one: kinship and sex words, number words and the small words around them.

A span of a type whose policy says ``keep_kinship`` (MEDDOCAN's FAMILIARES_SUJETO_ASISTENCIA) is
kept when it is made of these words only (``madre``, ``dos hermanos``, ``tía materna``); shifted
as an age when it also holds digits and age words (``hija de 50 años``, ``60 años``); and
replaced as a name when it holds anything else (``Juan``, ``hermana María José``). The word
lists are each language's ``KINSHIP_WORDS`` and ``AGE_WORDS`` (:mod:`annotator.lang`).
"""

from __future__ import annotations

import regex

from annotator.deid.surrogates.base import normalised
from annotator.lang import by_language

_KIN = by_language("KINSHIP_WORDS")
_AGE = by_language("AGE_WORDS")
_ANY_KIN = frozenset().union(*_KIN.values())
_ANY_AGE = frozenset().union(*_AGE.values())
_WORD = regex.compile(r"\w+")


def kinship(surface: str, language: str = "") -> str:
    """``keep`` when every word of ``surface`` (case and accents ignored) is a kinship or sex word,
    a number word or a small word of ``language`` (of any language when it is not one of es, en,
    sv); ``age`` when it also holds digits and age words; else ``""`` (it names someone)."""
    kin, age = _KIN.get(language, _ANY_KIN), _AGE.get(language, _ANY_AGE)
    words = _WORD.findall(normalised(surface))
    if words and all(w in kin for w in words):
        return "keep"
    if any(w.isdigit() for w in words) and all(w.isdigit() or w in kin or w in age for w in words):
        return "age"
    return ""
