"""Surrogate generators: realistic replacements for PHI, one module per group of kinds.

``generator(kind, ctx)`` gives the generator of one kind for one document (see
:mod:`annotator.deid.surrogates.base` for the contract). Modules are imported on first use.
"""

from __future__ import annotations

from importlib import import_module

from annotator.deid.surrogates.base import KINDS, DocumentContext, Generator, Span, normalised

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
    module = import_module(f"{__name__}.{_MODULES[kind]}")
    return module.FACTORIES[kind](ctx)


__all__ = ["KINDS", "DocumentContext", "Generator", "Span", "generator", "normalised"]
