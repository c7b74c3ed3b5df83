"""CoNLL-style BIO token files (``.conll``) for exchange with sequence taggers.

Written: one token per line, ``TOKEN<TAB>START<TAB>END<TAB>LABEL`` (code-point offsets; label
``O``, ``B-TYPE`` or ``I-TYPE``), a blank line between sentences; taggers read the first and last
columns. Tokens are the default set's ``Token`` annotations, or, when there are none, the simple
rule ``\\w+|[^\\w\\s]`` (a run of word characters, or one other non-space character). Sentences are
the ``Sentence`` annotations, or else a newline in the text between two tokens ends a sentence.
Every other annotation type of the default set is an entity label. The format is lossy: features
are not kept, an entity not aligned with tokens is widened to them and an entity overlapping an
earlier one is dropped (each with a warning); whitespace inside a token is written as ``_``.

Read: the 4-column form rebuilds the text with the tokens at their offsets (gaps filled with
spaces, a newline at a sentence break), or the 2-column ``TOKEN LABEL`` form joins tokens with
spaces and sentences with newlines. Tokens come back as ``Token`` annotations, BIO runs as
entities (an ``I-`` without a matching ``B-`` starts an entity).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from pathlib import Path
from typing import Iterator

import regex

from annotator.document import Document
from annotator.errors import input_error
from annotator.formats.base import Format, add_annotation, decode_utf8, encode_utf8, parse_int, read_bytes, warn

TOKEN_RULE = regex.compile(r"\w+|[^\w\s]")
NOT_ENTITIES = frozenset({"Token", "SpaceToken", "Sentence", "Split"})
_LABEL = regex.compile(r"O|([BI])-(\S+)")
_SPACE = regex.compile(r"\s")


class ConllFormat(Format):
    name = "conll"
    suffixes = (".conll",)
    description = "CoNLL BIO token file: TOKEN START END LABEL per line"

    def read(self, path: Path, *, lenient: bool = False) -> Iterator[Document]:
        yield _read(decode_utf8(read_bytes(path), path), path, self.stem(path))

    def render(self, doc: Document) -> dict[str, bytes]:
        return {".conll": encode_utf8(_render(doc), doc.name)}


# ---------------------------------------------------------------------- writing
def _tokens(doc: Document) -> list[tuple[int, int]]:
    tokens = doc.annset().with_type("Token")
    if tokens:
        return [(t.start, t.end) for t in tokens if t.end > t.start]
    return [m.span() for m in TOKEN_RULE.finditer(doc.text)]


def _sentence_breaks(doc: Document, tokens: list[tuple[int, int]]) -> set[int]:
    """Indexes i such that a sentence ends before token i."""
    sentences = doc.annset().with_type("Sentence")
    if sentences:
        ends = sorted(s.end for s in sentences)
        return {i for i in range(1, len(tokens))
                if bisect_right(ends, tokens[i][0]) > bisect_right(ends, tokens[i - 1][0])}
    return {i for i in range(1, len(tokens)) if "\n" in doc.text[tokens[i - 1][1]:tokens[i][0]]}


def _render(doc: Document) -> str:
    tokens = _tokens(doc)
    starts, ends = [t[0] for t in tokens], [t[1] for t in tokens]
    labels = ["O"] * len(tokens)
    for ann in doc.annset():
        if ann.type in NOT_ENTITIES:
            continue
        if _SPACE.search(ann.type):
            raise input_error("E120", doc.name, None, what="annotation type", value=ann.type, fmt="a CoNLL label")
        first, last = bisect_right(ends, ann.start), bisect_left(starts, ann.end)  # tokens overlapping
        fields = dict(id=ann.id, type=ann.type, start=ann.start, end=ann.end)
        if first >= last or any(label != "O" for label in labels[first:last]):
            warn("E127", doc.name, None, **fields)
            continue
        if starts[first] != ann.start or ends[last - 1] != ann.end:
            warn("E126", doc.name, None, kept_start=starts[first], kept_end=ends[last - 1], **fields)
        labels[first:last] = [f"B-{ann.type}"] + [f"I-{ann.type}"] * (last - first - 1)
    breaks = _sentence_breaks(doc, tokens)
    out = []
    for i, ((start, end), label) in enumerate(zip(tokens, labels)):
        if i in breaks:
            out.append("\n")
        out.append(f"{_SPACE.sub('_', doc.text[start:end])}\t{start}\t{end}\t{label}\n")
    return "".join(out)


# ---------------------------------------------------------------------- reading
def _read(data: str, path: Path, name: str) -> Document:
    rows: list[tuple[int, str, int | None, int | None, str, bool]] = []  # line, token, start, end, label, new sentence
    new_sentence = False
    for number, line in enumerate(data.split("\n"), 1):
        line = line.rstrip("\r")
        if not line.strip():
            new_sentence = bool(rows)
            continue
        if line.startswith("-DOCSTART-"):
            continue
        fields = line.split("\t")
        if len(fields) == 4:
            token, start, end, label = fields
            start, end = parse_int(start, path, number), parse_int(end, path, number)
            if end - start != len(token):
                raise input_error("E117", path, number, what="token", value=token, kind=f"token for offsets {start}-{end}")
        else:
            fields = line.split()
            if len(fields) != 2:
                raise input_error("E104", path, number, what="CoNLL line (TOKEN START END LABEL or TOKEN LABEL)", text=line)
            (token, label), start, end = fields, None, None
        if not _LABEL.fullmatch(label):
            raise input_error("E117", path, number, what="label", value=label, kind="BIO label (O, B-TYPE, I-TYPE)")
        rows.append((number, token, start, end, label, new_sentence))
        new_sentence = False
    pieces, length, placed = [], 0, []
    for number, token, start, end, label, new_sentence in rows:
        if start is None:
            gap = ("\n" if new_sentence else " ") if placed else ""
        else:
            if start < length:
                raise input_error("E117", path, number, what="offset", value=start, kind=f"offset (token before it ends at {length})")
            gap = " " * (start - length)
            if new_sentence and gap:
                gap = "\n" + gap[1:]
        pieces += [gap, token]
        length += len(gap)
        placed.append((number, length, length + len(token), label))
        length += len(token)
    doc = Document("".join(pieces), name=name)
    entity = None  # [type, start, end, line]
    entities = []
    for number, start, end, label in placed:
        add_annotation(doc, path, number, "Token", start, end)
        match = _LABEL.fullmatch(label)
        if match.group(1) == "I" and entity is not None and entity[0] == match.group(2):
            entity[2] = end
            continue
        if entity is not None:
            entities.append(entity)
        entity = [match.group(2), start, end, number] if match.group(1) else None
    if entity is not None:
        entities.append(entity)
    for type, start, end, number in entities:
        add_annotation(doc, path, number, type, start, end)
    return doc
