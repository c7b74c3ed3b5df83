"""Surrogate generators: realistic replacements for PHI, one module per group of kinds.

``generator(kind, ctx)`` gives the generator of one kind for one document (see
:mod:`annotator.deid.surrogates.base` for the contract). Modules are imported on first use.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import import_module

from annotator.deid.surrogates.base import KINDS, DocumentContext, Factory, Generator, Span, normalised

#: kind -> the module whose ``FACTORIES[kind](ctx)`` makes its generator
_MODULES = {
    "name": "people", "profession": "people",
    "place": "places", "country": "places", "street": "places", "hospital": "places",
    "date": "dates", "age": "dates",
    "phone": "numbers", "id": "numbers", "email": "numbers", "url": "numbers", "ip": "numbers",
}
assert set(_MODULES) == set(KINDS)


def generator(kind: str, ctx: DocumentContext) -> Generator:
    """The generator of ``kind`` (one of :data:`KINDS`) for the document of ``ctx``."""
    return _factory(_MODULES[kind], kind)(ctx)


@lru_cache(maxsize=None)
def _factory(module: str, kind: str) -> Factory:
    """``FACTORIES[kind]`` of ``module``, looked up once (a corpus makes one generator per kind and
    document)."""
    return import_module(f"{__name__}.{module}").FACTORIES[kind]


__all__ = ["KINDS", "DocumentContext", "Generator", "Span", "generator", "normalised"]
