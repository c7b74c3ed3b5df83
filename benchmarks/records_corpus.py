"""Test corpus and measurement of the record matcher (issue 15), from the MEDDOCAN train+dev gold.

``build(meddocan, seed)`` makes, for each of the 750 train+dev notes:

* a **record** from the gold annotations of the header fields (``Nombre:`` + ``Apellidos:`` ->
  name, ``NHC:`` -> id, ``NASS:`` -> insurance, ``Fecha de nacimiento:`` -> date, ``Domicilio:`` ->
  address, ``Localidad/ Provincia:`` -> city, ``CP:`` -> postcode, ``País:`` -> country, ...);
* a **copy of the note** in which every gold patient name (NOMBRE_SUJETO_ASISTENCIA) is misspelt
  by a seeded generator: each word, with probability 0.8, gets one keyboard substitution (QWERTY
  neighbours), dropped or doubled letter, dropped accents or transposition, kept only when its
  Levenshtein ratio to the original (lower-cased) is under 0.33; each span, with probability 0.3,
  is then upper- or lower-cased. The gold annotations move with the text;
* **decoys** appended to the copy, marked by ``DECOY`` annotations (feature ``kind``): for a
  record name token, a common word within the ratio (``caso`` for ``Cano``), written in
  lower case inside a sentence and capitalised at a sentence start (``kind=common``), and another
  person's name within the ratio from the INE lists (``Rivero`` for ``Rivera``) after a word for
  another person (``su vecino Rivero``, ``kind=name``) and without any context (``Se consultó con
  Rivero``, ``kind=name without context``: the method cannot tell it from a misspelling); and,
  drawn apart from the matcher's lists (a seeded generator of its own, so the others stay as
  they were), a word of the notes themselves within the ratio, one written in lower case in most
  of its 3 or more occurrences outside gold PHI (``mareo``, ``orina``), in the same two frames as a
  common word (``kind=note word``): the decoys a real note has.

``--messy`` also mangles a share (``--share``, 0.3) of the record's dates, IDs and phones as an
export can have them (a seeded generator of its own): a date with a doubled separator, a
three-digit day, a two-digit year or a letter for a digit; an ID with stray spaces or
punctuation; a phone with odd grouping. The counts are still of the values as they were; the
warnings the run gives are counted, and whether ``strictRecords=true`` refuses the file.

``measure(docs)`` runs records.xml and counts: gold patient-name tokens, record IDs and record
dates (a gold date that reads as the record's date) covered by an output annotation; output name
matches that are common words; decoys flagged; other output spans outside every gold PHI.

    python benchmarks/records_corpus.py [--seed 15] [--messy [--share 0.3]] [--out DIR]

measures; ``--out DIR`` also writes the corpus there (brat files and records.jsonl).
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path

from rapidfuzz.distance import Levenshtein
from rapidfuzz.process import extract

from annotator import Document, Pipeline, formats
from annotator.errors import AnnotatorError
from annotator.processing.folding import fold
from annotator.processing.record_matcher.common_words import common_words
from annotator.processing.record_matcher.dates import parse_record_date
from annotator.processing.record_matcher.numbers import skeleton

from shared_data import SHARED

MEDDOCAN = SHARED / "corpora" / "meddocan"
INE = SHARED / "resources-data" / "names" / "es_ine"
LABELS = {
    "nombre": "name", "apellidos": "name", "nhc": "id", "nass": "insurance", "cipa": "id", "episodio": "episode",
    "fecha de nacimiento": "date", "domicilio": "address", "localidad/ provincia": "city", "cp": "postcode",
    "país": "country", "teléfono": "phone", "tfno": "phone", "e-mail": "email", "email": "email",
}
ID_TYPES = {"ID_SUJETO_ASISTENCIA", "ID_ASEGURAMIENTO", "ID_CONTACTO_ASISTENCIAL"}
MESSY_FIELDS = ("date", "id", "insurance", "episode", "phone")
PATIENT = "NOMBRE_SUJETO_ASISTENCIA"
WORD = re.compile(r"[^\W\d_]+")
ROWS = ["qwertyuiop", "asdfghjklñ", "zxcvbnm"]
THRESHOLD = 0.33


def ratio(a: str, b: str) -> float:
    a, b = a.lower(), b.lower()
    return Levenshtein.distance(a, b) / min(len(a), len(b))


def folded(text: str) -> str:
    return fold(text, ignore_case=True, accents=True)


def _neighbours(c: str) -> str:
    for r, row in enumerate(ROWS):
        i = row.find(c.lower())
        if i >= 0:
            near = row[max(0, i - 1):i] + row[i + 1:i + 2]
            near += "".join(ROWS[o][i] for o in (r - 1, r + 1) if 0 <= o < len(ROWS) and i < len(ROWS[o]))
            return near.upper() if c.isupper() else near
    return ""


def misspell(word: str, rng: random.Random) -> str:
    """One seeded spelling variant of ``word`` under the ratio (``word`` itself when none is found)."""
    for _ in range(20):
        op = rng.choice(["keyboard", "drop", "double", "accents", "transpose"])
        i = rng.randrange(len(word))
        if op == "keyboard" and _neighbours(word[i]):
            new = word[:i] + rng.choice(_neighbours(word[i])) + word[i + 1:]
        elif op == "drop" and len(word) > 2:
            new = word[:i] + word[i + 1:]
        elif op == "double":
            new = word[:i + 1] + word[i] + word[i + 1:]
        elif op == "accents":
            new = fold(word, ignore_case=False, accents=True)
        elif op == "transpose" and i + 1 < len(word):
            new = word[:i] + word[i + 1] + word[i] + word[i + 2:]
        else:
            continue
        if new.lower() != word.lower() and ratio(new, word) < THRESHOLD:
            return new
    return word


def mangle(field: str, value: str, rng: random.Random) -> str:
    """``value`` of ``field`` as an export may have it (see the module docstring)."""
    if field == "date":
        m = re.fullmatch(r"(\d{1,2})([-/.])(\d{1,2})([-/.])(\d{4})", value)
        if not m:
            return value
        day, sep, month, sep2, year = m.groups()
        op = rng.choice(["separator", "day", "year", "letter"])
        if op == "separator":
            first, second = (sep * 2, sep2) if rng.random() < 0.5 else (sep, sep2 * 2)
            return f"{day}{first}{month}{second}{year}"
        if op == "day":
            i = rng.randrange(len(day) + 1)
            return f"{day[:i]}{rng.choice('0123456789' + day)}{day[i:]}{sep}{month}{sep2}{year}"
        if op == "year":
            return f"{day}{sep}{month}{sep2}{year[2:]}"
        zeros = [i for i, c in enumerate(value) if c in "01"]
        if zeros and rng.random() < 0.7:
            i = rng.choice(zeros)
            return value[:i] + ("O" if value[i] == "0" else "l") + value[i + 1:]
        return value + rng.choice(["a", " aprox.", "?"])
    if field == "phone":
        digits = re.sub(r"\D", "", value)
        groups, at = [], 0
        while at < len(digits):
            size = rng.choice([1, 2, 3, 4, 5])
            groups.append(digits[at:at + size])
            at += size
        return " ".join(groups) if len(groups) > 1 else value
    for _ in range(rng.choice([1, 2])):
        i = rng.randrange(1, len(value))
        value = value[:i] + rng.choice([" ", "  ", ".", "#", ",", "-"]) + value[i:]
    return value


def record_of(doc: Document) -> dict[str, list[str]]:
    """The record of a gold MEDDOCAN note: the annotated values of its header fields."""
    record: dict[str, list[str]] = {}
    text = doc.text
    for ann in doc.annset():
        line = text[text.rfind("\n", 0, ann.start) + 1:ann.start].lstrip("\ufeff")
        label = re.fullmatch(r"\s*([^:\n]+?)\s*:\s*", line)
        field = LABELS.get(label.group(1).lower()) if label else None
        if field and (field != "date" or parse_record_date(text[ann.start:ann.end])):  # typos such as 16/018/1961 out
            record.setdefault(field, []).append(text[ann.start:ann.end])
    if "name" in record:
        record["name"] = [" ".join(record["name"])]
    return record


def _moved(doc: Document, edits: list[tuple[int, int, str]], name: str) -> Document:
    """``doc`` with ``edits`` (start, end, new text; sorted, disjoint) made, annotations moved."""
    parts, shifts, last = [], [], 0
    for start, end, new in edits:
        parts += [doc.text[last:start], new]
        shifts.append((end, len(new) - (end - start)))
        last = end
    parts.append(doc.text[last:])

    def move(offset: int) -> int:
        return offset + sum(delta for end, delta in shifts if end <= offset)

    copy = Document("".join(parts), name=name)
    for ann in doc.annset():
        copy.annset().add(ann.type, move(ann.start), move(ann.end), dict(ann.features))
    return copy


class Decoys:
    """Common words and INE names within the ratio of a name token (and not equal to it)."""

    def __init__(self) -> None:
        self.common = sorted(w for w in common_words("es") if len(w) >= 3)
        names = set()
        for file in ("esmasculinos.csv", "esfemeninos.csv", "essurnames.csv"):
            for line in (INE / file).read_text(encoding="utf-8").splitlines()[1:3000]:
                value = line.split(",")[0].strip()
                if value.isalpha():
                    names.add(value.title())
        self.names = sorted(names)
        self.note_words: list[str] = []

    def learn_note_words(self, docs: list[Document]) -> None:
        """The words of ``docs`` written in lower case in most of their 3 or more occurrences outside gold PHI."""
        lower: Counter[str] = Counter()
        other: Counter[str] = Counter()
        for doc in docs:
            phi = sorted((a.start, a.end) for a in doc.annset())
            for m in WORD.finditer(doc.text):
                if len(m.group()) < 3 or any(s < m.end() and m.start() < e for s, e in phi):
                    continue
                (lower if m.group().islower() else other)[m.group().lower()] += 1
        self.note_words = sorted(w for w, n in lower.items() if n + other[w] >= 3 and n > other[w])

    def near(self, token: str, choices: list[str], rng: random.Random) -> str | None:
        found = [c for c, _, _ in extract(token.lower(), choices, scorer=Levenshtein.distance, processor=str.lower,
                                          score_cutoff=max(1, int(THRESHOLD * len(token))), limit=50)
                 if folded(c) != folded(token) and ratio(c, token) < THRESHOLD]
        return rng.choice(found) if found else None


def build(meddocan: Path = MEDDOCAN, seed: int = 15) -> tuple[list[Document], dict[str, dict[str, list[str]]]]:
    """The misspelt copies (gold in the default set, decoys as DECOY) and their records."""
    rng = random.Random(seed)
    note_rng = random.Random(f"{seed} note words")
    decoys = Decoys()
    brat = formats.get("brat")
    docs, records = [], {}
    gold = [doc for split in ("train", "dev") for unit in brat.units(meddocan / split / "brat")
            for doc in brat.read(unit)]
    decoys.learn_note_words(gold)
    for doc in gold:
        record = record_of(doc)
        edits = []
        for ann in sorted(doc.annset().with_type(PATIENT), key=lambda a: a.start):
            span = doc.text[ann.start:ann.end]
            new = WORD.sub(lambda m: misspell(m.group(), rng) if rng.random() < 0.8 else m.group(), span)
            case = rng.random()
            new = new.upper() if case < 0.2 else new.lower() if case < 0.3 else new
            if new != span:
                edits.append((ann.start, ann.end, new))
        copy = _moved(doc, edits, doc.name)
        extra = []  # (text, kind or None)
        for token in WORD.findall(" ".join(record.get("name", []))):
            if len(token) < 3:
                continue
            common = decoys.near(token, decoys.common, rng)
            if common:
                extra += [("\nSe revisó ", None), (common, "common"), (" en la consulta.", None),
                          ("\n", None), (common.capitalize(), "common"),
                          (" la revisión se citó de nuevo.", None)]
            note_word = decoys.near(token, decoys.note_words, note_rng)
            if note_word:
                extra += [("\nSe revisó ", None), (note_word, "note word"), (" en la consulta.", None),
                          ("\n", None), (note_word.capitalize(), "note word"),
                          (" la revisión se citó de nuevo.", None)]
            other = decoys.near(token, decoys.names, rng)
            if other:
                extra += [("\nAcude con su vecino ", None), (other, "name"), (".", None),
                          ("\nSe consultó con ", None), (other, "name without context"),
                          (" por teléfono.", None)]
        text = copy.text + "".join(t for t, _ in extra)
        final = Document(text, name=doc.name)
        final.annset().add_all(copy.annset())
        offset = len(copy.text)
        for piece, kind in extra:
            if kind:
                final.annset().add("DECOY", offset, offset + len(piece), {"kind": kind})
            offset += len(piece)
        docs.append(final)
        records[doc.name] = record
    return docs, records


def messy(records: dict[str, dict[str, list[str]]], seed: int, share: float) -> dict[str, dict[str, list[str]]]:
    """``records`` with ``share`` of their dates, IDs and phones mangled (:func:`mangle`)."""
    rng = random.Random(f"{seed} messy")
    return {name: {field: [mangle(field, v, rng) if field in MESSY_FIELDS and rng.random() < share else v
                           for v in values] for field, values in record.items()}
            for name, record in records.items()}


def write_records(records: dict[str, dict[str, list[str]]], path: Path) -> None:
    with path.open("w", encoding="utf-8") as out:
        for name, record in records.items():
            out.write(json.dumps({"document": name, **record}, ensure_ascii=False) + "\n")


class _Warnings(logging.Handler):
    """Counts the E458 warnings (a record value not written as its kind)."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if " E458 " in record.getMessage():
            self.lines.append(record.getMessage())


def measure(docs: list[Document], records_file: Path) -> dict[str, object]:
    """Runs records.xml on copies of ``docs`` and counts what it finds (see the module docstring)."""
    warnings = _Warnings()
    log = logging.getLogger("annotator")
    log.addHandler(warnings)
    try:
        pipeline = Pipeline.load("records", {"record-matcher.records": str(records_file)})
    finally:
        log.removeHandler(warnings)
    try:
        Pipeline.load("records", {"record-matcher.records": str(records_file), "record-matcher.strictRecords": "true"})
        strict = "ran"
    except AnnotatorError as exc:
        strict = f"refused: {len(str(exc).splitlines())} line(s)"
    common = common_words("es")
    counts: Counter[str] = Counter(dict.fromkeys(["common words flagged", "outside gold PHI"], 0))
    missed, spurious = [], Counter()
    for gold in docs:
        doc = Document(gold.text, name=gold.name)
        pipeline(doc)
        found = [(a.start, a.end, a.features.get("field")) for a in doc.annset("PHI")]

        def covered(start: int, end: int) -> bool:
            return any(s <= start and end <= e for s, e, _ in found)

        phi = [a for a in gold.annset() if a.type != "DECOY"]
        record_ids = {skeleton(v) for f in ("id", "insurance", "episode") for v in records_of[gold.name].get(f, [])}
        record_dates = {parse_record_date(v) for v in records_of[gold.name].get("date", [])}
        for ann in phi:
            if ann.type == PATIENT:
                for m in WORD.finditer(gold.text, ann.start, ann.end):
                    counts["name tokens"] += 1
                    if covered(m.start(), m.end()):
                        counts["name tokens found"] += 1
                    else:
                        missed.append((gold.name, m.group()))
            elif ann.type in ID_TYPES and skeleton(gold.text[ann.start:ann.end]) in record_ids:
                counts["record IDs"] += 1
                counts["record IDs found"] += covered(ann.start, ann.end)
            elif ann.type == "FECHAS" and parse_record_date(gold.text[ann.start:ann.end]) in record_dates:
                counts["record dates"] += 1
                counts["record dates found"] += covered(ann.start, ann.end)
        for ann in gold.annset().with_type("DECOY"):
            counts[f"decoys {ann.features['kind']}"] += 1
            counts[f"decoys {ann.features['kind']} flagged"] += any(s < ann.end and ann.start < e for s, e, _ in found)
        decoy_spans = [(a.start, a.end) for a in gold.annset().with_type("DECOY")]
        for start, end, field in found:
            if any(s < end and start < e for s, e in decoy_spans):
                continue
            if not any(a.start < end and start < a.end for a in phi):
                counts["outside gold PHI"] += 1
                spurious[(field, gold.text[start:end])] += 1
                if field == "name" and folded(gold.text[start:end]) in common:
                    counts["common words flagged"] += 1
    counts["warnings (E458)"] = len(warnings.lines)
    return {"counts": dict(counts), "missed": missed, "spurious": spurious.most_common(25),
            "warnings": warnings.lines, "strictRecords=true": strict}


records_of: dict[str, dict[str, list[str]]] = {}


def run(seed: int, out: Path | None, share: float = 0.0) -> dict[str, object]:
    """Builds the corpus (with ``share`` of the record values mangled) and measures it."""
    docs, records = build(MEDDOCAN, seed)
    records_of.clear()
    records_of.update(records)
    with tempfile.TemporaryDirectory() as tmp:
        folder = out or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        write_records(messy(records, seed, share) if share else records, folder / "records.jsonl")
        if out is not None:
            brat = formats.get("brat")
            for doc in docs:
                for suffix, data in brat.render(doc).items():
                    (folder / f"{doc.name}{suffix}").write_bytes(data)
        return measure(docs, folder / "records.jsonl")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--out", type=Path, help="also write the corpus here (brat files + records.jsonl)")
    parser.add_argument("--messy", action="store_true", help="mangle a share of the record dates, IDs and phones")
    parser.add_argument("--share", type=float, default=0.3, help="the share mangled with --messy")
    args = parser.parse_args()
    if not MEDDOCAN.is_dir():
        sys.exit(f"MEDDOCAN not found at {MEDDOCAN}")
    logging.getLogger("annotator").propagate = False  # the warnings are counted, not printed
    result = run(args.seed, args.out, args.share if args.messy else 0.0)
    print(json.dumps(result["counts"], indent=1, ensure_ascii=False))
    print("strictRecords=true:", result["strictRecords=true"])
    print("warnings:", *result["warnings"][:8], sep="\n  ")
    print("missed:", result["missed"][:30])
    print("outside gold PHI (field, text): count:", result["spurious"])
