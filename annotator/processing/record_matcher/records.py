"""Structured patient records, one per document: what the record matcher looks for in the notes.

Two file formats, told apart by the extension (``.csv``: CSV, anything else: JSON Lines):

* JSON Lines, one object per document, keyed by the document's name (its file stem)::

      {"document": "S0004-06142006000500002-2", "name": ["Ignacio Rico Pedroza"], "id": ["5467980"],
       "phone": ["912 345 678"], "date": ["11/02/1970"], "address": ["C/ Mayor 4, Madrid"]}

  every field is optional and holds a string or a list of strings; blank lines are skipped.
* CSV with the header ``document,field,value`` and one value per row.

A document named twice gets the values of both. Field names are lower-cased; a ``null`` value is no
value.

A line that breaks the file (not JSON, no document name, a value that is no string, a bad CSV
row: E451-E456) is an error naming the file and line; every such line of the file is listed, one
line each, in the one error raised. A value that is not written as its field's kind (a date, an
ID, a phone: :func:`fields.malformed`) is kept: one warning line (E458) names the file, line and
field, and says how it is matched (:func:`fields.matched_as`); with ``strict`` it is an error
(E457), listed with the others.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Iterator

from annotator.errors import InputError, coded, warn
from annotator.processing.record_matcher.fields import malformed, matched_as

# a record: field -> values, in the order given
Record = dict[str, list[str]]
CSV_HEADER = ["document", "field", "value"]
# what a file's lines give: (line, document, field, values)
Rows = Iterator[tuple[int, str, str, list[str]]]


def _error(code: str, path: Path, line: int | None, **fields: object) -> InputError:
    return InputError(coded(code, **fields), path=path, line=line)


def _values(value: object, field: str, path: Path, line: int, errors: list[InputError]) -> list[str]:
    """A field's value as a list of non-blank strings (an error noted when it is not one)."""
    values = [] if value is None else [value] if isinstance(value, str) else value
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        errors.append(_error("E453", path, line, field=field, got=json.dumps(value, ensure_ascii=False)[:60]))
        return []
    return [v.strip() for v in values if v.strip()]


def _jsonl(path: Path, text: str, errors: list[InputError]) -> Rows:
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            errors.append(_error("E451", path, number, reason=exc.msg))
            continue
        if not isinstance(obj, dict) or not isinstance(obj.get("document"), str) or not obj["document"].strip():
            errors.append(_error("E452", path, number, got=line.strip()[:60]))
            continue
        for field, value in obj.items():
            if field != "document":
                values = _values(value, field, path, number, errors)
                yield number, obj["document"].strip(), field.strip().lower(), values


def _csv(path: Path, text: str, errors: list[InputError]) -> Rows:
    rows = csv.reader(text.splitlines())
    header = next(rows, None)
    if header is None or [h.strip().lower() for h in header] != CSV_HEADER:
        errors.append(_error("E454", path, 1, header=",".join(header or [])))
        return
    for number, row in enumerate(rows, 2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != 3:
            errors.append(_error("E455", path, number, n=len(row)))
            continue
        document, field, value = (cell.strip() for cell in row)
        if not document or not field:
            errors.append(_error("E456", path, number, what="document" if not document else "field"))
            continue
        yield number, document, field.lower(), _values(value, field, path, number, errors)


def _listed(errors: list[InputError]) -> InputError:
    """One error of every line in ``errors``: the first, then one line ``path:line: E### ...`` each."""
    first = errors[0]
    message = "\n".join([first.message, *(str(e) for e in errors[1:])])
    return InputError(message, path=first.path, line=first.line)


def read_records(path: Path, strict: bool = False) -> dict[str, Record]:
    """Document name -> record, from a JSON Lines or CSV file (see the module docstring)."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise _error("E450", path, None, reason=exc) from None
    records: dict[str, Record] = {}
    errors: list[InputError] = []
    messy: list[tuple[int, str, str, str]] = []  # (line, field, value, kind)
    read = _csv if path.suffix.lower() == ".csv" else _jsonl
    for line, document, field, values in read(path, text, errors):
        records.setdefault(document, {}).setdefault(field, []).extend(values)
        messy += [(line, field, v, kind) for v in values if (kind := malformed(field, v))]
    if strict:
        errors += [_error("E457", path, line, field=field, value=v, kind=kind) for line, field, v, kind in messy]
        errors.sort(key=lambda e: e.line or 0)
    if errors:
        raise _listed(errors)
    for line, field, value, kind in messy:
        warn("E458", path, line, field=field, value=value, kind=kind, how=matched_as(field, value))
    return records
