"""``annotator pipelines``: the shipped pipelines, which ``annotator run NAME`` and
``Pipeline.load(NAME)`` find by name.

A table: name, language, one-line description and declared output -- set and types, what
annotator run writes unless told otherwise ("-": not declared; set "(default)": the default
set; types "-": every type of the set).
"""

from __future__ import annotations

import argparse

from annotator.cli import Subparsers
from annotator.cli.describe import table


def add_parser(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "pipelines", help="list the shipped pipelines (for annotator run NAME)",
        description=__doc__.split("\n\n")[1],
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from annotator.pipeline_xml import declared, shipped

    rows = [["name", "language", "description", "output set", "output types"]]
    for name, path in shipped().items():
        said = declared(path)
        output_set = "-" if said.output_set is None else said.output_set or "(default)"
        types = "-" if said.output_types is None else ",".join(said.output_types)
        rows.append([name, said.language or "-", said.description or "-", output_set, types])
    print(table(rows))
    return 0
