"""Python actions of the pattern library's grammar (patterns.jape), its actions file.

``identifier``: an ``Id`` over the bound ``id`` span, its ``kind`` from the label before it (a
``PatternLookup`` of majorType ``Cue``, minorType ``id``, bound as ``label``) or else from the candidate's own shape, and,
for the kinds that carry a check character, ``checksum`` = ``ok`` or ``bad``:

- ``dni``: the letter of the 8 digits modulo 23 (``TRWAGMYFPDXBNJZSQVHLCKE``);
- ``nie``: the same, with X, Y, Z read as 0, 1, 2;
- ``personnummer``: the Luhn digit of the last 10 digits (YYMMDDNNNC).

A candidate marked ``strict=true`` (a personnummer found by its shape alone: a date and four
digits could be anything) is kept only with a good checksum; after a label it is kept either way.
"""

from __future__ import annotations

import re

from annotator.jape.actions import ActionContext, output_only

DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"
_NOT_ALNUM = re.compile(r"[^0-9A-Z]")


def dni_ok(value: str) -> bool:
    """Whether ``value`` (separators allowed) is 8 digits and their check letter."""
    text = _NOT_ALNUM.sub("", value.upper())
    return bool(re.fullmatch(r"\d{8}[A-Z]", text)) and DNI_LETTERS[int(text[:8]) % 23] == text[8]


def nie_ok(value: str) -> bool:
    """Whether ``value`` is X, Y or Z, 7 digits and the check letter of the number they make."""
    text = _NOT_ALNUM.sub("", value.upper())
    return bool(re.fullmatch(r"[XYZ]\d{7}[A-Z]", text)) and dni_ok(str("XYZ".index(text[0])) + text[1:])


def luhn_ok(value: str) -> bool:
    """Whether the last 10 digits of ``value`` (a Swedish personnummer) end in their Luhn digit."""
    digits = re.sub(r"\D", "", value)
    if len(digits) not in (10, 12):
        return False
    total = 0
    for i, char in enumerate(digits[-10:]):
        n = int(char) * (2 - i % 2)
        total += n - 9 if n > 9 else n
    return total % 10 == 0


CHECKS = {"dni": dni_ok, "nie": nie_ok, "personnummer": luhn_ok}


@output_only
def identifier(ctx: ActionContext) -> None:
    span = ctx.span
    if span is None:
        return
    lookups = [a for a in ctx.bindings.get("label", []) + ctx.bindings.get("id", []) if a.type == "PatternLookup"]
    label = next((a for a in lookups if a.features.get("majorType") == "Cue"), None)
    shaped = next((a for a in lookups if a.features.get("majorType") == "Id"), None)
    source = label or shaped
    if source is None:
        return
    start, end = span
    features = {"kind": source.features["kind"]}
    check = CHECKS.get(features["kind"])
    if check is not None:
        ok = check(ctx.doc.text[start:end])
        if not ok and label is None and source.features.get("strict") == "true":
            return
        features["checksum"] = "ok" if ok else "bad"
    ctx.output.add("Id", start, end, features)


ACTIONS = {"identifier": identifier}
