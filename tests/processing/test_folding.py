"""Case and accent folding keeps offsets and which characters are word characters."""

from __future__ import annotations

import sys

import pytest
import regex

from annotator.processing.folding import fold

EVERY_CHARACTER = "".join(chr(code) for code in range(sys.maxunicode + 1) if not 0xD800 <= code <= 0xDFFF)


@pytest.mark.parametrize("folding", [(True, False), (False, True), (True, True)])
def test_folding_keeps_word_characters(folding: tuple[bool, bool]) -> None:
    """The regex gazetteer looks for leads on folded text from word starts (``\\b``): a
    character is a word character for the ``regex`` module exactly when its folded form is."""
    folded = fold(EVERY_CHARACTER, *folding)
    assert len(folded) == len(EVERY_CHARACTER)
    assert folded != EVERY_CHARACTER
    words = [match.start() for match in regex.finditer(r"\w", EVERY_CHARACTER)]
    assert words == [match.start() for match in regex.finditer(r"\w", folded)]
