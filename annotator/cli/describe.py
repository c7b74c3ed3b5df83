"""``annotator describe [PR]``: what a processing resource does and the parameters it takes.

With a PR name: its one-line description, the annotation types it needs and produces, and a table
of its parameters (name, type, default, range or choices, required, description) -- the
declarations every value is checked against. Without one: every registered PR (built-in and
entry points) with its one-line description.
"""

from __future__ import annotations

import argparse
from typing import Any

from annotator.cli import Subparsers


def add_parser(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "describe", help="describe a processing resource and its parameters (no name: list them all)",
        description=__doc__.split("\n\n")[1],
    )
    parser.add_argument("pr", nargs="?", metavar="PR", help="processing resource name, e.g. gazetteer")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from annotator.processing.base import resource_class, resource_names

    if args.pr is None:
        classes = [resource_class(name) for name in resource_names()]
        print(table([[cls.name, cls.summary()] for cls in classes]))
        return 0
    cls = resource_class(args.pr)
    rows = [["parameter", "type", "default", "range/choices", "required", "description"]]
    for name, param in cls.parameters().items():
        rows.append([name, param.type_name, "-" if param.required else _shown(param.default), param.allowed() or "-",
                     "yes" if param.required else "no", param.description])
    print(f"{cls.name}: {cls.summary()}")
    print(f"needs: {', '.join(cls.needs) or '-'}")
    print(f"produces: {', '.join(cls.produces) or '-'}")
    print()
    print(table(rows))
    return 0


def _shown(value: Any) -> str:
    """A default as one would write it in a pipeline file (quoted when empty or blank-containing)."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(map(str, value)) or "(empty)"
    text = str(value)
    return repr(text) if not text or not text.isprintable() or " " in text else text


def table(rows: list[list[str]]) -> str:
    """Rows as left-aligned columns two spaces apart (the last column unpadded)."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
    return "\n".join("  ".join([c.ljust(w) for c, w in zip(row, widths)] + [row[-1]]).rstrip() for row in rows)
