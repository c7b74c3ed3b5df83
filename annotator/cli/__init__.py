"""The ``annotator`` command: ``annotator <verb> ...``, one module per verb.

Exit codes: 0 success; 1 a user error or some documents failed (each listed on stderr as one
line); 2 bad command-line usage; 130 interrupted.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys
from typing import Any, Protocol

from annotator.errors import AnnotatorError

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

# Each module defines ``add_parser(subparsers)`` that registers its verb with ``func=run``; a verb
# module imports its heavy dependencies (PRs, formats, scorers) inside its run functions, so that
# building the parser (``annotator --help``, ``--version``) imports none of them.
COMMANDS = [
    "annotator.cli.convert",
    "annotator.cli.evaluate",
    "annotator.cli.run",
    "annotator.cli.deidentify",
    "annotator.cli.jape",
    "annotator.cli.demo",
    "annotator.cli.train",
    "annotator.cli.experiment",
    "annotator.cli.describe",
    "annotator.cli.pipelines",
    "annotator.cli.view",
]


class Subparsers(Protocol):
    """What a verb module's ``add_parser`` is given: the result of ``add_subparsers()`` (whose
    class argparse keeps private)."""

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser: ...


def build_parser(verb: str | None = None) -> argparse.ArgumentParser:
    """The command's parser; with ``verb`` (a verb's name), that verb's only, so that running one
    verb imports no other verb's module (each costs its compilation at every start)."""
    parser = argparse.ArgumentParser(
        prog="annotator",
        description="Standoff annotation for clinical text: convert formats, run pipelines, score.",
    )
    parser.add_argument("--version", action=_Version, help="print the version and exit")
    subparsers = parser.add_subparsers(dest="verb", metavar="VERB")
    subparsers.required = True
    for module in [m for m in COMMANDS if m.rpartition(".")[2] == verb] or COMMANDS:
        importlib.import_module(module).add_parser(subparsers)
    return parser


class _Version(argparse.Action):
    """``--version``: the version is looked up only when asked for (reading package metadata is slow)."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        import annotator

        print(f"{parser.prog} {annotator.version()}")
        parser.exit()


class _StderrHandler(logging.Handler):
    """Writes each record as one line to the *current* ``sys.stderr`` (so tests can capture it), a
    line already written in this command only once (a writer warns per document it renders)."""

    def __init__(self) -> None:
        super().__init__()
        self.written: set[str] = set()

    def emit(self, record: logging.LogRecord) -> None:
        line = self.format(record)
        if line not in self.written:
            self.written.add(line)
            print(line, file=sys.stderr)


def _show_warnings() -> None:
    """Warnings of the ``annotator`` logger go to stderr, one line each (the handler is added once
    per process; what it has written is forgotten at each command)."""
    log = logging.getLogger("annotator")
    handler = next((h for h in log.handlers if isinstance(h, _StderrHandler)), None)
    if handler is None:
        handler = _StderrHandler()
        handler.setFormatter(logging.Formatter("annotator: warning: %(message)s"))
        log.addHandler(handler)
    handler.written.clear()
    if log.level == logging.NOTSET:
        log.setLevel(logging.INFO)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = build_parser(argv[0] if argv else None).parse_args(argv)
    _show_warnings()
    try:
        return int(args.func(args) or EXIT_OK)
    except AnnotatorError as exc:
        print(f"annotator: error: {exc}", file=sys.stderr)
        return EXIT_FAILED
    except KeyboardInterrupt:
        print("annotator: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # the reader of stdout went away (`annotator pipelines | head`): stop quietly, and keep
        # the interpreter's final flush from failing again on the closed pipe
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_FAILED


if __name__ == "__main__":
    sys.exit(main())
