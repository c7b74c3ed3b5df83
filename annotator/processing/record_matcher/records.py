"""Structured patient records, one per document: what the record matcher looks for in the notes.

Two file formats, told apart by the extension (``.csv``: CSV, anything else: JSON Lines):

* JSON Lines, one object per document, keyed by the document's name (its file stem)::

      {"document": "S0004-06142006000500002-2", "name": ["Ignacio Rico Pedroza"], "id": ["5467980"],
       "phone": ["912 345 678"], "date": ["11/02/1970"], "address": ["C/ Mayor 4, Madrid"]}

  every field is optional and holds a string or a list of strings; blank lines are skipped.
* CSV with the header ``document,field,value`` and one value per row.

A document named twice gets the values of both. Field names are lower-cased. A malformed line is
one coded error (E450-E457) naming the file and line.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Iterator

from annotator.errors import InputError, coded
from annotator.processing.record_matcher.dates import parse_record_date

# a record: field -> values, in the order given
Record = dict[str, list[str]]
CSV_HEADER = ["document", "field", "value"]


def _error(code: str, path: Path, line: int | None, **fields: object) -> InputError:
    return InputError(coded(code, **fields), path=path, line=line)


def _values(value: object, field: str, path: Path, line: int) -> list[str]:
    """A field's value as a list of non-blank strings."""
    values = [value] if isinstance(value, str) else value
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise _error("E453", path, line, field=field, got=json.dumps(value, ensure_ascii=False)[:60])
    values = [v.strip() for v in values if v.strip()]
    if field.strip().lower() == "date":
        for v in values:
            if parse_record_date(v) is None:
                raise _error("E457", path, line, value=v)
    return values


def _jsonl(path: Path, text: str) -> Iterator[tuple[str, str, list[str]]]:
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise _error("E451", path, number, reason=exc.msg) from None
        if not isinstance(obj, dict) or not isinstance(obj.get("document"), str) or not obj["document"].strip():
            raise _error("E452", path, number, got=line.strip()[:60])
        for field, value in obj.items():
            if field != "document":
                yield obj["document"].strip(), field.strip().lower(), _values(value, field, path, number)


def _csv(path: Path, text: str) -> Iterator[tuple[str, str, list[str]]]:
    rows = csv.reader(text.splitlines())
    header = next(rows, None)
    if header is None or [h.strip().lower() for h in header] != CSV_HEADER:
        raise _error("E454", path, 1, header=",".join(header or []))
    for number, row in enumerate(rows, 2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != 3:
            raise _error("E455", path, number, n=len(row))
        document, field, value = (cell.strip() for cell in row)
        if not document or not field:
            raise _error("E456", path, number, what="document" if not document else "field")
        yield document, field.lower(), _values(value, field, path, number)


def read_records(path: Path) -> dict[str, Record]:
    """Document name -> record, from a JSON Lines or CSV file (see the module docstring)."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise _error("E450", path, None, reason=exc) from None
    records: dict[str, Record] = {}
    read = _csv if path.suffix.lower() == ".csv" else _jsonl
    for document, field, values in read(path, text):
        records.setdefault(document, {}).setdefault(field, []).extend(values)
    return records
