"""Minimal CoNLL-U reader for training and evaluating taggers.

Returns the syntactic words of each sentence (integer ids) with one tag column and whether each
word is glued to the next (no space between them: ``SpaceAfter=No``, or inside a multiword token);
multiword token ranges (``13-14``) and empty nodes (``8.1``) are skipped, as UD's own word counts
do. A tag of ``_`` is read as ``None`` (unknown): such words are context for their neighbours but
are neither trained on nor scored.
"""

from __future__ import annotations

from pathlib import Path

from annotator.errors import InputError, coded

COLUMNS = {"upos": 3, "xpos": 4}

Sentence = tuple[list[str], list[str | None], list[bool]]


def read_conllu(path: str | Path, column: str = "upos") -> list[Sentence]:
    """Read ``path`` as ``[(words, tags, glued), ...]``, the tags from ``column`` (``upos``/``xpos``)."""
    index = COLUMNS[column]
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(coded("E606", what="CoNLL-U file", reason=exc), path=path) from None
    sentences: list[Sentence] = []
    words: list[str] = []
    tags: list[str | None] = []
    glued: list[bool] = []
    range_end, range_glued = 0, False
    for number, line in enumerate(lines, 1):
        if not line.strip():
            if words:
                sentences.append((words, tags, glued))
                words, tags, glued = [], [], []
            range_end = 0
            continue
        if line.startswith("#"):
            continue
        cols = line.split("\t")
        if len(cols) != 10:
            raise InputError(coded("E601", n=len(cols)), path=path, line=number)
        ident = cols[0]
        no_space = "SpaceAfter=No" in cols[9].split("|")
        if not ident.isdigit():
            first, dash, last = ident.partition("-")
            if dash and first.isdigit() and last.isdigit():
                range_end, range_glued = int(last), no_space
                continue
            if "." in ident:
                continue
            raise InputError(coded("E602", id=ident), path=path, line=number)
        words.append(cols[1])
        tag = cols[index]
        tags.append(None if tag == "_" else tag)
        word_id = int(ident)
        glued.append(True if word_id < range_end else range_glued if word_id == range_end else no_space)
    if words:
        sentences.append((words, tags, glued))
    return sentences
