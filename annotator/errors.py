"""Every error a user can cause, in one place.

Errors carry a code and, where known, the place (file, line, column) they refer to, so the
CLI can print them as one line: ``path:line:col: E101 message``. Message templates live in
:class:`Errors`; code ranges: E0xx document model, E1xx formats, E2xx evaluation, E3xx pipelines
and parameters, E4xx tokenizer/splitter/gazetteers, E5xx JAPE, E6xx POS tagger, E7xx
de-identification.
"""

from __future__ import annotations

from pathlib import Path


class Errors:
    """Message templates, formatted with ``str.format``."""

    # document model
    E001 = "annotation offsets {start}-{end} are outside the text (length {length})"
    E002 = "annotation start {start} is after its end {end}"
    E003 = "annotation type must be a non-empty string, got {type!r}"
    E004 = "annotation id {id} is already used in this document"
    E005 = "feature {name!r} has a value that is not JSON-able: {value!r}"
    E006 = "no annotation with id {id} in set {set!r}"
    E007 = "offsets must be integers, got {start!r}, {end!r}"
    E008 = "relation member {id} is not an annotation of this document"


class AnnotatorError(Exception):
    """Base of every error a user can cause; printed by the CLI as one line."""

    def __init__(
        self,
        message: str,
        *,
        path: str | Path | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = str(path) if path is not None else None
        self.line = line
        self.column = column

    def where(self) -> str:
        """``path:line:col`` (as much of it as is known), or an empty string."""
        parts = [p for p in (self.path, self.line, self.column) if p is not None]
        return ":".join(str(p) for p in parts)

    def __str__(self) -> str:
        where = self.where()
        return f"{where}: {self.message}" if where else self.message


class DocumentError(AnnotatorError, ValueError):
    """Invalid use of the document model (bad offsets, duplicate ids, ...)."""


class InputError(AnnotatorError):
    """An input file cannot be read: bad format, bad offsets, unsafe XML, bad encoding."""


class PipelineError(AnnotatorError):
    """A pipeline definition or a processing-resource parameter is wrong."""


class GrammarError(AnnotatorError):
    """A JAPE grammar has a syntax or semantic error."""


class EvaluationError(AnnotatorError):
    """Gold and system documents cannot be compared."""
