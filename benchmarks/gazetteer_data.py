"""Fixed inputs of the gazetteer benchmarks: name lists from ../shared/resources-data/names and the
MEDDOCAN train+dev texts. Everything is deterministic (files read in name order, no randomness).

``names()``: every first name and surname of the Spanish INE, US SSA and US Census 1990 files, in
title case ("MARIA CARMEN" -> "Maria Carmen"), de-duplicated, in file order (238,906).
``combinations(n)``: ``n`` entries: all of ``names()``, then "First Surname" pairs (first names
and surnames in file order, row by row, skipping repeats) until ``n`` is reached.
"""

from __future__ import annotations

import csv
from pathlib import Path

from shared_data import SHARED

NAMES = SHARED / "resources-data" / "names"
MEDDOCAN = SHARED / "corpora" / "meddocan"


def _column(path: Path, skip_header: bool = False, fixed_width: bool = False) -> list[str]:
    with path.open(encoding="utf-8", newline="") as handle:
        if fixed_width:
            return [line.split()[0] for line in handle if line.strip()]
        rows = csv.reader(handle)
        if skip_header:
            next(rows)
        return [row[0] for row in rows if row]


def first_names() -> list[str]:
    es = NAMES / "es_ine"
    us = NAMES / "us_census1990"
    found = (_column(es / "esmasculinos.csv") + _column(es / "esfemeninos.csv")
             + _column(NAMES / "us_ssa" / "ssa_totals_1880_2020.csv", skip_header=True)
             + _column(us / "dist.male.first", fixed_width=True) + _column(us / "dist.female.first", fixed_width=True))
    return list(dict.fromkeys(name.title() for name in found))


def surnames() -> list[str]:
    found = _column(NAMES / "es_ine" / "essurnames.csv") + _column(NAMES / "us_census1990" / "dist.all.last", fixed_width=True)
    return list(dict.fromkeys(name.title() for name in found))


def names() -> list[str]:
    return list(dict.fromkeys(first_names() + surnames()))


def combinations(n: int) -> list[str]:
    entries = dict.fromkeys(names()[:n])
    firsts, lasts = first_names(), surnames()
    row = 0
    while len(entries) < n:
        for last in lasts:
            entries[f"{firsts[row]} {last}"] = None
            if len(entries) == n:
                break
        row += 1
    return list(entries)


def write_lists(folder: Path, entries: list[str], lists: int = 4) -> Path:
    """Write ``entries`` round-robin into ``lists`` .lst files and a lists.def; returns its path."""
    folder.mkdir(parents=True, exist_ok=True)
    lines = []
    for k in range(lists):
        name = f"names{k}.lst"
        (folder / name).write_text("\n".join(entries[k::lists]) + "\n", encoding="utf-8")
        lines.append(f"{name}:person:name{k}")
    definition = folder / "lists.def"
    definition.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return definition


def meddocan_texts() -> list[tuple[str, str]]:
    """``(name, text)`` of the MEDDOCAN train and dev documents, in name order."""
    return [(p.stem, p.read_text(encoding="utf-8"))
            for part in ("train", "dev") for p in sorted((MEDDOCAN / part / "brat").glob("*.txt"))]
