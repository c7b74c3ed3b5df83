"""The English de-identification test material (tests/data/deid_en/ and tests/data/deid_en_genres/,
README.md in each) as documents.

``notes.txt`` and ``queries.txt`` of deid_en, and the letters, forms, messages, sentences and
queries of deid_en_genres, hold one text a line with inline gold: ``[TYPE:value]`` is PHI under both
policies, ``[TYPE?:value]`` only under policy ``i2b2-2014``; a literal ``\\n`` is a line break.
:func:`load` returns documents with the gold of one policy in the set ``PHI`` (i2b2 2014 TYPE names
as annotation types). Each file is split for development and held-out scoring by position (every
item whose index in its file ends in 2, 5 or 8 is held out: 30%); the parts ``genres-dev`` and
``genres-heldout`` join those of the five genre files.

    python benchmarks/deid_en_material.py OUT   # the gold as i2b2-2014 XML: OUT/POLICY/PART/NAME.xml
"""

from __future__ import annotations

import re
from pathlib import Path

from annotator.document import Document

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "deid_en"
GENRES_DATA = DATA.parent / "deid_en_genres"
GENRES = ("letters", "forms", "messages", "sentences", "queries")
POLICIES = ("hipaa", "i2b2-2014")
PARTS = ("dev", "heldout", "queries-dev", "queries-heldout", "genres-dev", "genres-heldout")
HELD_OUT = (2, 5, 8)
_MARK = re.compile(r"\[([A-Z-]+)(\??):([^\]]+)\]")


def parse(line: str, policy: str) -> tuple[str, list[tuple[str, int, int]]]:
    """The plain text of a marked-up line and its gold spans ``(TYPE, start, end)`` under ``policy``."""
    line = line.replace("\\n", "\n")
    text: list[str] = []
    spans: list[tuple[str, int, int]] = []
    at = 0
    length = 0
    for m in _MARK.finditer(line):
        text.append(line[at:m.start()])
        length += m.start() - at
        value = m.group(3)
        if not m.group(2) or policy == "i2b2-2014":
            spans.append((m.group(1), length, length + len(value)))
        text.append(value)
        length += len(value)
        at = m.end()
    text.append(line[at:])
    plain = "".join(text)
    if "[" in plain or "]" in plain:
        raise ValueError(f"unbalanced markup: {line!r}")
    return plain, spans


def _lines(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


def _items(part: str) -> list[tuple[str, str]]:
    """The document names and marked-up lines of ``part``, in file order."""
    if part.startswith("genres"):
        files = [(GENRES_DATA / f"{genre}.txt", f"{genre}-{{:03d}}", 0) for genre in GENRES]
    elif part.startswith("queries"):
        files = [(DATA / "queries.txt", "{:03d}-01", 500)]
    else:
        files = [(DATA / "notes.txt", "{:03d}-01", 100)]
    held = part.endswith("heldout")
    return [(name.format(offset + i), line) for path, name, offset in files
            for i, line in enumerate(_lines(path)) if (i % 10 in HELD_OUT) == held]


def load(part: str, policy: str = "hipaa", set_name: str = "PHI") -> list[Document]:
    """The documents of ``part`` (one of :data:`PARTS`) with the gold of ``policy`` in the set ``set_name``."""
    docs = []
    for name, line in _items(part):
        text, spans = parse(line, policy)
        doc = Document(text, name=name)
        for type_, start, end in spans:
            doc.annset(set_name).add(type_, start, end)
        docs.append(doc)
    return docs


def main(out: str) -> None:
    from annotator.formats import get

    writer = get("i2b2-2014")
    for policy in POLICIES:
        for part in PARTS:
            folder = Path(out) / policy / part
            folder.mkdir(parents=True, exist_ok=True)
            for doc in load(part, policy, set_name=""):
                (folder / f"{doc.name}.xml").write_bytes(writer.render(doc)[".xml"])


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="Write the English test material's gold as i2b2-2014 XML.")
    parser.add_argument("out", help="folder for the gold as i2b2-2014 XML: OUT/POLICY/PART/NAME.xml")
    main(parser.parse_args().out)
