"""BRAT standoff: ``<doc>.txt`` (UTF-8, offsets in code points, a BOM counted) and ``<doc>.ann``.

How each kind of line lands in the document model (all in the default set ``""``):

- ``T<n>\\tTYPE START END[;START END...]\\tsurface``: an annotation with id ``n``; a discontinuous
  one spans its first to its last fragment and keeps the fragments, in brat syntax, as the string
  feature ``fragments`` (``"0 5;8 10"``). The surface must equal the text (fragments joined by a
  space; a newline may show as a space); ``lenient`` turns a difference into a warning.
  ``lenient`` (evaluation) reading also takes what the MEDDOCAN scorer takes: no surface column,
  runs of spaces, indented lines, and a T id used twice (the repeat gets a fresh id; references
  go to the first).
- ``A<n>``/``M<n>\\tNAME TARGET [VALUE]``: feature ``NAME`` of the target = ``VALUE`` or ``True``.
- ``N<n>\\tReference TARGET DB:ID\\ttext`` (normalisation): an item ``{"type", "db", "id", "text"}`` of
  the target's list feature ``normalizations``, written back as N lines.
- ``#<n>\\tAnnotatorNotes TARGET\\tnote``: feature ``AnnotatorNotes`` (several notes joined by a
  newline). Other note types become features of that name; the writer stores features that are
  neither ``True`` nor a one-word string as notes ``feature:NAME`` holding JSON, read back exactly.
- ``R<n>\\tTYPE Arg1:T1 Arg2:T2``, ``E<n>\\tTYPE:T3 Role:T1 ...`` and ``*\\tEquiv T1 T2``: relations
  of the set with features ``brat`` (``R``/``E``/``*``), ``brat_id`` (``R1``, ``E1``) and ``args``
  (``[[role, ref], ...]``; an event's first pair is its type and trigger); members are the
  annotation ids referred to (an event referred to by its trigger).

Writing lists the T lines in document order (start, then longer first, then id; T ids are the
annotation ids), then relations, attributes, normalisations and notes; attribute, normalisation and note ids are renumbered. A
file with T lines only (MEDDOCAN) is written back with the same lines, in document order.
An ``annotation.conf`` beside the files, when present, is used to warn about undeclared types.
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Iterator

import regex

from annotator.document import Document
from annotator.errors import DocumentError, InputError, input_error
from annotator.formats.base import (
    Format, add_annotation, check_surface, decode_utf8, encode_utf8, parse_int, read_bytes, read_text, warn,
)

NOTES = "AnnotatorNotes"
FEATURE_NOTE = "feature:"
NORMALIZATIONS = "normalizations"  # the feature holding an annotation's N lines
_RELATION_KEYS = ("brat", "brat_id", "args")
_ID = regex.compile(r"([TREAMN#])(\d+)|\*")
_WORD = regex.compile(r"\S+")


class BratFormat(Format):
    name = "brat"
    suffixes = (".ann", ".txt")
    description = "brat standoff: <doc>.txt + <doc>.ann"

    def unit_names(self, folder: Path) -> list[str]:
        """Every ``.ann``, plus every ``.txt`` without one (a document with no annotations), by stem."""
        with os.scandir(folder) as scan:
            files = [entry.name for entry in scan if entry.name.endswith(self.suffixes) and entry.is_file()]
        anns = {os.path.splitext(name)[0]: name for name in files if name.endswith(".ann")}
        for name in files:
            if name.endswith(".txt"):
                anns.setdefault(os.path.splitext(name)[0], name)
        return [anns[k] for k in sorted(anns)]

    def sources(self, path: Path) -> list[Path]:
        return [path.with_suffix(".ann"), path.with_suffix(".txt")]

    def claims(self, path: Path, head: bytes) -> bool:
        return path.suffix == ".ann" or (path.suffix == ".txt" and path.with_suffix(".ann").is_file())

    # ------------------------------------------------------------------ reading
    def read(self, path: Path, *, lenient: bool = False) -> Iterator[Document]:
        ann_path, txt_path = path.with_suffix(".ann"), path.with_suffix(".txt")
        if not txt_path.is_file():
            raise input_error("E105", ann_path, None, txt=txt_path.name)
        doc = Document(read_text(txt_path), name=path.stem)
        if ann_path.is_file():
            _Reader(doc, ann_path, lenient).read()
        yield doc

    # ------------------------------------------------------------------ writing
    def render(self, doc: Document) -> dict[str, bytes]:
        return {".txt": encode_utf8(doc.text, doc.name), ".ann": encode_utf8(_render_ann(doc), doc.name)}


class _Reader:
    """Reads one ``.ann`` into ``doc``: T lines first, then relations, then attributes and notes."""

    def __init__(self, doc: Document, path: Path, lenient: bool) -> None:
        self.doc, self.path, self.lenient = doc, path, lenient
        self.anns = doc.annset()
        self.relations: dict[str, object] = {}  # brat id -> Relation
        self.triggers: dict[str, int] = {}  # event id -> trigger annotation id

    def read(self) -> None:
        data = read_bytes(self.path)
        lines = decode_utf8(data, self.path).split("\n")
        by_kind: dict[str, list[tuple[int, list[str]]]] = {k: [] for k in "TERAMN#*"}
        for number, line in enumerate(lines, 1):
            line = line.strip() if self.lenient else line.rstrip("\r")
            if not line.strip():
                continue
            fields = line.split("\t", 2)
            match = _ID.fullmatch(fields[0])
            if match is None or len(fields) < 2:
                raise input_error("E104", self.path, number, what="brat line", text=line)
            by_kind[fields[0][0]].append((number, fields))
        seen: set[str] = set()
        repeated: list[tuple[int, list[str]]] = []  # lenient: T lines reusing an id (the MEDDOCAN scorer ignores ids)
        for kind in "TERAMN#*":
            for number, fields in by_kind[kind]:
                if fields[0] != "*" and fields[0] in seen:
                    if not (self.lenient and kind == "T"):
                        raise input_error("E115", self.path, number, id=fields[0])
                    repeated.append((number, fields))
                seen.add(fields[0])
        skip = {number for number, _ in repeated}
        for number, fields in by_kind["T"]:
            if number not in skip:
                self._text_bound(number, fields)
        for number, fields in repeated:  # after every explicit id is taken; references go to the first
            self._text_bound(number, fields, fresh_id=True)
        for number, fields in by_kind["E"]:  # triggers first: relations and events may refer to events
            args = self._args(number, fields[1].split(), fields, with_roles=True)
            if not args:
                raise input_error("E104", self.path, number, what="brat event", text="\t".join(fields))
            self.triggers[fields[0]] = self._ann_id(number, args[0][1])
        for kind in "ER*":
            for number, fields in by_kind[kind]:
                self._relation(kind, number, fields)
        for number, fields in by_kind["A"] + by_kind["M"]:
            self._attribute(number, fields)
        for number, fields in by_kind["N"]:
            self._normalization(number, fields)
        for number, fields in by_kind["#"]:
            self._note(number, fields)
        self._check_conf()

    def _text_bound(self, number: int, fields: list[str], fresh_id: bool = False) -> None:
        if not self.lenient and len(fields) == 3 and self._simple_text_bound(number, fields, fresh_id):
            return
        # lenient (evaluation) reading accepts what the MEDDOCAN scorer accepts: no surface column,
        # runs of spaces between type and offsets
        if self.lenient and len(fields) >= 2 and len(fields[1].split()) >= 3:
            type, spans = fields[1].split(None, 1)
        elif len(fields) != 3 or " " not in fields[1]:
            raise input_error("E104", self.path, number, what="brat text-bound line", text="\t".join(fields))
        else:
            type, spans = fields[1].split(" ", 1)
        fragments = []
        for span in spans.split(";"):
            parts = span.split() if self.lenient else span.split(" ")
            if len(parts) != 2:
                raise input_error("E117", self.path, number, what="span", value=span, kind="'START END' pair")
            start, end = (parse_int(p, self.path, number) for p in parts)
            if not 0 <= start <= end <= len(self.doc.text):
                raise input_error("E102", self.path, number, start=start, end=end, length=len(self.doc.text))
            fragments.append((start, end))
        start, end = min(s for s, _ in fragments), max(e for _, e in fragments)
        span = " ".join(self.doc.text[s:e] for s, e in fragments)  # brat joins fragments with a space
        if len(fields) == 3:
            check_surface(span, fields[2], self.path, number, start, end, self.lenient)
        features = {"fragments": _fragments_str(fragments)} if len(fragments) > 1 else None
        add_annotation(self.doc, self.path, number, type, start, end, features, id=None if fresh_id else int(fields[0][1:]))

    def _simple_text_bound(self, number: int, fields: list[str], fresh_id: bool) -> bool:
        """The common line (one fragment, its surface equal to the text) read the short way, with
        the same checks; False for anything else (left to the general path and its messages)."""
        parts = fields[1].split(" ")
        if len(parts) != 3:
            return False
        type, start_text, end_text = parts
        if not (start_text.isascii() and start_text.isdigit() and end_text.isascii() and end_text.isdigit()):
            return False
        start, end = int(start_text), int(end_text)
        text = self.doc.text
        if not 0 <= start <= end <= len(text) or text[start:end] != fields[2]:
            return False
        try:
            self.anns.add(type, start, end, None, None if fresh_id else int(fields[0][1:]))
        except DocumentError as exc:
            raise InputError(exc.message, path=self.path, line=number) from None
        return True

    def _args(self, number: int, words: list[str], fields, with_roles: bool) -> list[list[str]]:
        args = []
        for word in words:
            role, sep, ref = word.rpartition(":") if with_roles else ("", "", word)
            if with_roles and not sep or not ref:
                raise input_error("E104", self.path, number, what="brat argument", text="\t".join(fields))
            args.append([role, ref])
        return args

    def _ann_id(self, number: int, ref: str) -> int:
        if ref.startswith("T") and ref[1:].isdigit() and self.anns.get(int(ref[1:])) is not None:
            return int(ref[1:])
        if ref in self.triggers:
            return self.triggers[ref]
        raise input_error("E114", self.path, number, ref=ref)

    def _relation(self, kind: str, number: int, fields: list[str]) -> None:
        words = fields[1].split()
        if kind == "E":
            type, args = words[0].rpartition(":")[0] if words else "", self._args(number, words, fields, True)
        elif kind == "R":
            if len(words) < 2:
                raise input_error("E104", self.path, number, what="brat relation", text="\t".join(fields))
            type, args = words[0], self._args(number, words[1:], fields, True)
        else:
            if len(words) < 2:
                raise input_error("E104", self.path, number, what="brat equivalence", text="\t".join(fields))
            type, args = words[0], self._args(number, words[1:], fields, False)
        members = [self._ann_id(number, ref) for _, ref in args]
        features = {"brat": kind, "args": args}
        if kind != "*":
            features["brat_id"] = fields[0]
        relation = self.anns.add_relation(type, members, features)
        if kind != "*":
            self.relations[fields[0]] = relation

    def _target_features(self, number: int, ref: str, fields) -> dict:
        if ref in self.relations:
            return self.relations[ref].features
        if ref.startswith("T") and ref[1:].isdigit() and self.anns.get(int(ref[1:])) is not None:
            return self.anns.get(int(ref[1:])).features
        raise input_error("E114", self.path, number, ref=ref)

    def _attribute(self, number: int, fields: list[str]) -> None:
        words = fields[1].split()
        if len(words) not in (2, 3) or len(fields) != 2:
            raise input_error("E104", self.path, number, what="brat attribute", text="\t".join(fields))
        self._target_features(number, words[1], fields)[words[0]] = words[2] if len(words) == 3 else True

    def _normalization(self, number: int, fields: list[str]) -> None:
        words = fields[1].split()
        if len(words) != 3 or ":" not in words[2]:
            raise input_error("E104", self.path, number, what="brat normalisation", text="\t".join(fields))
        norm_type, target, reference = words
        db, _, ident = reference.partition(":")
        item = {"type": norm_type, "db": db, "id": ident, "text": fields[2] if len(fields) == 3 else ""}
        features = self._target_features(number, target, fields)
        if not isinstance(features.get(NORMALIZATIONS), list):
            features[NORMALIZATIONS] = []
        features[NORMALIZATIONS].append(item)

    def _note(self, number: int, fields: list[str]) -> None:
        words = fields[1].split()
        if len(words) != 2:
            raise input_error("E104", self.path, number, what="brat note", text="\t".join(fields))
        note_type, target = words
        text = fields[2] if len(fields) == 3 else ""
        features = self._target_features(number, target, fields)
        if note_type.startswith(FEATURE_NOTE):
            try:
                features[note_type[len(FEATURE_NOTE):]] = json.loads(text)
            except ValueError as exc:
                raise input_error("E119", self.path, number, reason=str(exc)) from None
        elif isinstance(features.get(note_type), str):
            features[note_type] += "\n" + text
        else:
            features[note_type] = text

    def _check_conf(self) -> None:
        declared = _declared_types(self.path.parent / "annotation.conf")
        if declared is None:
            return
        for type in sorted(self.anns.types() - declared):
            warn("E125", self.path, None, type=type, conf="annotation.conf")


def _fragments_str(fragments: list[tuple[int, int]]) -> str:
    return ";".join(f"{s} {e}" for s, e in fragments)


@lru_cache(maxsize=64)
def _declared_types_cached(path: str, mtime: float) -> frozenset[str]:
    """The types declared in ``path``; ``mtime`` is only part of the cache key (an edited file is read again)."""
    declared, section = set(), None
    for raw in Path(path).read_text(encoding="utf-8", errors="replace").splitlines():
        line = raw.split("#", 1)[0].strip()
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif line and section in ("entities", "events"):
            declared.add(line.split()[0].lstrip("!"))
    return frozenset(declared)


def _declared_types(conf: Path) -> frozenset[str] | None:
    """Entity and event types declared in an ``annotation.conf`` (None when there is none)."""
    try:
        return _declared_types_cached(str(conf), conf.stat().st_mtime)
    except FileNotFoundError:
        return None


# ---------------------------------------------------------------------- writing
def _render_ann(doc: Document) -> str:
    anns = doc.annset()
    text = doc.text
    lines: list[str] = []
    extra: list[tuple[str, dict, tuple[str, ...]]] = []  # (brat id, features, keys not written as features)
    checked: set[str] = set()  # types and feature names already found to be one word
    for ann in anns:  # document order
        if ann.type not in checked:
            _check_word(ann.type, "annotation type")
            checked.add(ann.type)
        if "fragments" in ann.features:
            fragments = _parse_fragments(ann.features.get("fragments"), ann)
            surface = " ".join(text[s:e] for s, e in fragments)
        else:
            fragments, surface = None, text[ann.start:ann.end]
        if "\n" in surface or "\r" in surface:
            surface = surface.replace("\n", " ").replace("\r", " ")
        spans = _fragments_str(fragments) if fragments is not None else f"{ann.start} {ann.end}"
        lines.append(f"T{ann.id}\t{ann.type} {spans}\t{surface}")
        if ann.features:
            extra.append((f"T{ann.id}", ann.features, ("fragments",)))
    used = {rel.features.get("brat_id") for rel in anns.relations.values()}
    counters = {"R": 0, "E": 0}
    for rel in anns.relations.values():
        _check_word(rel.type, "relation type")
        kind = rel.features.get("brat") if rel.features.get("brat") in ("E", "*") else "R"
        if kind != "E" and not rel.members:  # an R or * line without arguments is not brat
            raise input_error("E120", None, None, what="relation without members", value=rel.type,
                              fmt="brat (R and * lines need their arguments)")
        args = rel.features.get("args") or [[f"Arg{i}", ""] for i in range(1, len(rel.members) + 1)]
        refs = [ref if ref.startswith("E") else f"T{member}" for (_, ref), member in zip(args, rel.members)]
        roles = [role for role, _ in args]
        if kind == "*":
            lines.append("*\t" + " ".join([rel.type, *refs]))
            continue
        brat_id = rel.features.get("brat_id")
        if not brat_id:
            brat_id = _next_id(kind, counters, used)
        if kind == "E":
            lines.append(f"{brat_id}\t" + " ".join(f"{role}:{ref}" for role, ref in zip(roles, refs)))
        else:
            lines.append(f"{brat_id}\t{rel.type} " + " ".join(f"{role}:{ref}" for role, ref in zip(roles, refs)))
        extra.append((brat_id, rel.features, _RELATION_KEYS))
    attributes, normalizations, notes = [], [], []
    for target, features, skip in extra:
        for name, value in features.items():
            if name in skip:
                continue
            if name not in checked:
                _check_word(name, "feature name")
                checked.add(name)
            if name == NORMALIZATIONS and _are_normalizations(value):
                normalizations.extend(f"{n['type']} {target} {n['db']}:{n['id']}\t{n['text']}" for n in value)
            elif value is True:
                attributes.append(f"{name} {target}")
            elif isinstance(value, str) and name == NOTES:
                notes.extend(f"{NOTES} {target}\t{part}" for part in value.split("\n"))
            elif isinstance(value, str) and _WORD.fullmatch(value):
                attributes.append(f"{name} {target} {value}")
            else:
                notes.append(f"{FEATURE_NOTE}{name} {target}\t{json.dumps(value, ensure_ascii=False)}")
    lines.extend(f"A{i}\t{line}" for i, line in enumerate(attributes, 1))
    lines.extend(f"N{i}\t{line}" for i, line in enumerate(normalizations, 1))
    lines.extend(f"#{i}\t{line}" for i, line in enumerate(notes, 1))
    return "".join(line + "\n" for line in lines)


def _are_normalizations(value) -> bool:
    """Whether a ``normalizations`` feature can be written as N lines (else it is kept as a JSON note)."""
    return isinstance(value, list) and all(
        isinstance(n, dict) and set(n) == {"type", "db", "id", "text"} and all(isinstance(v, str) for v in n.values())
        and _WORD.fullmatch(n["type"]) and _WORD.fullmatch(n["db"] + ":" + n["id"]) and "\n" not in n["text"]
        and "\t" not in n["text"] for n in value)


def _next_id(kind: str, counters: dict[str, int], used: set) -> str:
    while True:
        counters[kind] += 1
        candidate = f"{kind}{counters[kind]}"
        if candidate not in used:
            used.add(candidate)
            return candidate


def _check_word(value: str, what: str) -> None:
    if not _WORD.fullmatch(value):
        raise input_error("E120", None, None, what=what, value=value, fmt="brat (no spaces allowed)")


def _parse_fragments(value, ann) -> list[tuple[int, int]]:
    """The ``fragments`` feature (``"0 5;8 10"``) of an annotation, checked against its span."""
    try:
        fragments = [tuple(int(x) for x in part.split(" ")) for part in value.split(";")]
        if all(len(f) == 2 and 0 <= f[0] <= f[1] for f in fragments) and min(f[0] for f in fragments) == ann.start \
                and max(f[1] for f in fragments) == ann.end:
            return fragments
    except (AttributeError, ValueError):
        pass
    raise input_error("E120", None, None, what="fragments feature", value=value, fmt=f"brat fragments of {ann.start}-{ann.end}")

