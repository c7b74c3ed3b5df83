"""Documents for surrogate tests, written with their spans marked inline: ``[[Ana García|name]]``
(a plain module, not a conftest: the other surrogate tests may have their own)."""

from __future__ import annotations

import re

from annotator.deid.surrogates import DocumentContext, Span, generator

_MARK = re.compile(r"\[\[(.+?)\|(\w+)(?::(\w+))?(?:/(\w+))?\]\]")


def marked(text: str, language: str, name: str = "doc", key: bytes = b"k" * 32) -> DocumentContext:
    """The context of ``text`` with its ``[[surface|kind]]``, ``[[surface|kind/role]]`` or
    ``[[surface|kind:TYPE]]`` marks as spans (the type is the kind in capitals unless given)."""
    plain, spans, at = [], [], 0
    for match in _MARK.finditer(text):
        plain.append(text[at:match.start()])
        start = sum(map(len, plain))
        plain.append(match.group(1))
        spans.append(Span(start, start + len(match.group(1)), match.group(3) or match.group(2).upper(),
                          match.group(2), match.group(4) or ""))
        at = match.end()
    plain.append(text[at:])
    return DocumentContext(text="".join(plain), name=name, language=language, spans=tuple(spans), key=key)


def surrogates(ctx: DocumentContext) -> list[str]:
    """Each span's surrogate, in document order, one generator per kind (as the Pseudonymiser does)."""
    made: dict = {}
    out = []
    for span in ctx.spans:
        if span.kind not in made:
            made[span.kind] = generator(span.kind, ctx)
        out.append(made[span.kind](span))
    return out


def pseudonymise(text: str, language: str, **context) -> list[str]:
    """The surrogates of the marked spans of ``text``, in order."""
    return surrogates(marked(text, language, **context))
