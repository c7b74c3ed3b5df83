"""The shipped surrogate lists (resources/deid/LANGUAGE/*.tsv, built by resources/build/build_deid_*.py)
and the keyed pick from them.

Lists are read once per process. A pick walks the list in the keyed order of ``ctx.random`` (a
weighted draw, then the next one ...), so the same value gets the same surrogate under one key, and a
candidate the caller rejects (a real name of the document, a surrogate already given to another
value) is passed over for the next one in that order.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from functools import lru_cache
from itertools import accumulate
from typing import Callable

import regex

from annotator.deid.surrogates.base import DocumentContext, normalised
from annotator.errors import PipelineError, coded
from annotator.paths import RESOURCES

FOLDER = RESOURCES / "deid"
LANGUAGES = ("es", "en", "sv")
_DRAWS = 64  # weighted draws before walking the list from a keyed start

#: :func:`~annotator.deid.surrogates.base.normalised`, remembered: the same words come again and again
fold = lru_cache(maxsize=1 << 16)(normalised)


def check_language(language: str) -> str:
    """``language`` if surrogate lists ship for it, else a coded error."""
    if language not in LANGUAGES:
        raise PipelineError(coded("E730", language=language, known=", ".join(LANGUAGES)))
    return language


@lru_cache(maxsize=None)
def rows(folder: str, name: str) -> tuple[tuple[str, ...], ...]:
    """The tab-separated rows of ``resources/deid/{folder}/{name}`` (blank and ``#`` lines skipped);
    ``folder`` is a language, or ``world`` for the lists of every language (cities, regions)."""
    with (FOLDER / (folder if folder == "world" else check_language(folder)) / name).open(encoding="utf-8") as fh:
        lines = fh.read().split("\n")
    return tuple(tuple(line.split("\t")) for line in lines if line and line[0] != "#" and not line.isspace())


_WORDS = regex.compile(r"[\p{L}\p{N}]+")


def words(value: str) -> tuple[str, ...]:
    """The normalised words of ``value`` (``EE.UU.`` -> ``ee``, ``uu``)."""
    return tuple(_WORDS.findall(fold(value)))


class RealValues:
    """The PHI values of a document (every span, of every kind), as word sequences: a surrogate that
    contains one, as whole words, would leave it in the text (``Boston`` -> ``South Boston``,
    ``Pedro`` -> the street ``San Pedro``). One per document: :meth:`of`."""

    def __init__(self, ctx: DocumentContext) -> None:
        text = ctx.text
        self.values = {words(text[span.start:span.end]) for span in ctx.spans} - {()}
        self.longest = max(map(len, self.values), default=0)

    @classmethod
    def of(cls, ctx: DocumentContext) -> "RealValues":
        """The real values of ``ctx``'s document, made once and shared by its generators."""
        found = ctx.shared.get("real-values")
        if found is None:
            found = ctx.shared["real-values"] = cls(ctx)
        return found

    def within(self, value: str) -> bool:
        found = words(value)
        return any(found[i:j] in self.values
                   for i in range(len(found)) for j in range(i + 1, min(len(found), i + self.longest) + 1))


@lru_cache(maxsize=None)
def table(folder: str, name: str) -> dict[str, tuple[str, ...]]:
    """The rows of a list by their first column, normalised: ``{fold(row[0]): row[1:]}``."""
    return {fold(row[0]): row[1:] for row in rows(folder, name)}


@lru_cache(maxsize=None)
def pool(folder: str, name: str) -> Pool:
    """The first column of a list as a pool of equal weights."""
    return Pool([row[0] for row in rows(folder, name)])


class Pool:
    """Values to draw surrogates from, each with the weight it is drawn by (equal by default)."""

    def __init__(self, values: list[str], weights: list[float] | None = None) -> None:
        self.values = values
        self._cumulative = list(accumulate(weights if weights is not None else [1.0] * len(values)))
        self._total = self._cumulative[-1] + 0.0 if values else 0.0

    def __len__(self) -> int:
        return len(self.values)

    def pick(self, rng: random.Random, accept: Callable[[str], bool] = lambda value: True) -> str:
        """The first value in the keyed order of ``rng`` that ``accept`` takes (the first one drawn
        if none does)."""
        if self.values and not 0.0 < self._total < math.inf:  # as rng.choices: the document then fails
            raise ValueError("the weights of a pool must add up to a positive finite number")
        first = None
        last = len(self.values) - 1
        for _ in range(min(_DRAWS, len(self.values))):
            # rng.choices(self.values, cum_weights=self._cumulative)[0], without its checks per draw
            value = self.values[bisect_right(self._cumulative, rng.random() * self._total, 0, last)]
            first = first or value
            if accept(value):
                return value
        start = rng.randrange(len(self.values))
        for i in range(len(self.values)):
            value = self.values[(start + i) % len(self.values)]
            if accept(value):
                return value
        return first if first is not None else self.values[start]

