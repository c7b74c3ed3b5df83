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
from functools import lru_cache
from itertools import accumulate
from typing import Callable

from annotator.errors import PipelineError, coded
from annotator.paths import RESOURCES

FOLDER = RESOURCES / "deid"
LANGUAGES = ("es", "en", "sv")
_DRAWS = 64  # weighted draws before walking the list from a keyed start


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
        return tuple(tuple(line.rstrip("\n").split("\t")) for line in fh if line.strip() and not line.startswith("#"))


class Pool:
    """Values to draw surrogates from, each with a weight (a source frequency; drawn by its square
    root, so the commonest values do not crowd out the rest)."""

    def __init__(self, values: list[str], weights: list[float] | None = None) -> None:
        self.values = values
        self.weights = list(weights) if weights is not None else [1.0] * len(values)
        self._cumulative = list(accumulate(math.sqrt(w) for w in self.weights))

    def __len__(self) -> int:
        return len(self.values)

    def pick(self, rng: random.Random, accept: Callable[[str], bool] = lambda value: True) -> str:
        """The first value in the keyed order of ``rng`` that ``accept`` takes (the first one drawn
        if none does)."""
        first = None
        for _ in range(min(_DRAWS, len(self.values))):
            value = rng.choices(self.values, cum_weights=self._cumulative)[0]
            first = first or value
            if accept(value):
                return value
        start = rng.randrange(len(self.values))
        for i in range(len(self.values)):
            value = self.values[(start + i) % len(self.values)]
            if accept(value):
                return value
        return first if first is not None else self.values[start]

