"""``annotator jape check FILE``, ``annotator jape explain GRAMMAR DOC [--span S:E]`` and
``annotator jape port GRAMMAR --out DIR``.

``check`` reads a grammar (and the phase files a MultiPhase file names) and lists every error
(``file:line:column: E5xx message``) and warning (unknown Input types, unbound labels, no Input);
exit 1 when there is an error. ``explain`` runs the grammar on one document and shows, at each
start offset, which rules matched, which fired and why (length, priority, rule order). A grammar
whose actions live in a file beside it (the jape PR's actions parameter) needs --actions. Run a
pipeline first with ``--pipeline`` when the document lacks the grammar's input annotations (a JAPE
PR of that pipeline running the same grammar is left out). ``port`` translates the grammar's Java
right-hand sides into Python actions (``DIR/actions.py``), writes the grammar files with each block
replaced by a named action and ``DIR/port-report.json`` (see ``annotator.jape.port``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from annotator.cli import Subparsers
from annotator.cli.corpus_options import add_reader_options, reader_options
from annotator.errors import InputError, coded

_ACTIONS_HELP = "the grammar's Python actions file or package folder (the jape PR's 'actions' parameter)"


def add_parser(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("jape", help="check or explain JAPE grammars",
                                   description=__doc__.split("\n\n")[1].replace("``", ""))
    verbs = parser.add_subparsers(dest="jape_verb", metavar="ACTION")
    verbs.required = True
    check = verbs.add_parser("check", help="report every error and warning of a grammar")
    check.add_argument("grammar", type=Path, help="a .jape file (single phase or MultiPhase)")
    check.add_argument("--actions", type=Path, help=_ACTIONS_HELP)
    check.set_defaults(func=run_check)
    explain = verbs.add_parser("explain", help="show which rules matched where, and which won")
    explain.add_argument("grammar", type=Path, help="a .jape file")
    explain.add_argument("--actions", type=Path, help=_ACTIONS_HELP)
    explain.add_argument("document", type=Path, help="a document (GATE XML, bdoc, brat, text ...)")
    explain.add_argument("--format", dest="fmt", help="document format (default: guessed)")
    explain.add_argument("--span", type=_span, metavar="S:E", help="only matches overlapping offsets S to E")
    explain.add_argument("--pipeline", type=Path, help="a pipeline XML run on the document before the grammar")
    explain.add_argument("--set", dest="set_name", default="", help="input/output annotation set (default: the default set)")
    add_reader_options(explain)
    explain.set_defaults(func=run_explain)
    port = verbs.add_parser("port", help="translate a grammar's Java right-hand sides into Python actions")
    port.add_argument("grammar", type=Path, help="a .jape file (single phase or MultiPhase)")
    port.add_argument("--out", type=Path, required=True, help="the folder to write the ported grammar to")
    port.set_defaults(func=run_port)


def _span(text: str) -> tuple[int, int]:
    try:
        start, end = (int(x) for x in text.split(":"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected START:END offsets, got {text!r}") from None
    if start > end or start < 0:
        raise argparse.ArgumentTypeError(f"bad span {text!r}")
    return start, end


def run_check(args: argparse.Namespace) -> int:
    from annotator.jape import check

    report = check(args.grammar, args.actions)
    for err in report.errors:
        print(err)
    for warning in report.warnings:
        print(warning)
    rules = sum(len(p.rules) for p in report.phases)
    summary = (f"{args.grammar}: {len(report.errors)} error(s), {len(report.warnings)} warning(s); "
               f"{len(report.phases)} phase(s), {rules} rule(s) in {len(report.files)} file(s)")
    print(summary, file=sys.stderr)
    return 1 if report.errors else 0


def run_port(args: argparse.Namespace) -> int:
    from annotator.jape.port import port

    done = port(args.grammar, args.out)
    print(f"translated {done.translated} of {done.blocks} Java blocks")
    for item in done.untranslated:
        print(f"{args.out / item['file']}:{item['line']}: not translated: {item['reason']}", file=sys.stderr)
    return 0


def _prepare(doc, pipeline_path: Path, grammar: Path) -> None:
    """Run the pipeline's PRs on ``doc``, except a JAPE PR running this very grammar (a shipped
    pipeline usually ends with it: explain runs it itself)."""
    from annotator.pipeline import Pipeline

    target = grammar.resolve()
    for step in Pipeline.from_xml(pipeline_path).steps:
        pr = step.pr
        if pr.name == "jape" and Path(pr.grammar).resolve() == target:
            continue
        if step.runs_on(doc):
            pr(doc)


def run_explain(args: argparse.Namespace) -> int:
    from annotator.corpus import Failure, read_documents
    from annotator.jape import compile_grammar
    from annotator.jape.explain import explain

    grammar = compile_grammar(args.grammar, args.actions)
    doc = None
    for item in read_documents(args.document, args.fmt, options=reader_options(args)):
        if isinstance(item, Failure):
            raise item.error
        doc = item
        break
    if doc is None:
        raise InputError(coded("E511"), path=args.document)
    if args.pipeline is not None:
        _prepare(doc, args.pipeline, args.grammar)
    if args.span is not None and args.span[1] > len(doc.text):
        raise InputError(coded("E512", start=args.span[0], end=args.span[1], length=len(doc.text)), path=args.document)
    annset = doc.annset(args.set_name)
    missing = sorted(t for t in grammar.input_types if not annset.with_type(t))
    if missing:
        print(f"note: the document has no {', '.join(missing)} annotations (use --pipeline to make them)",
              file=sys.stderr)
    lines = explain(grammar, doc, annset, annset, args.span)
    print("\n".join(lines) if lines else "no rule matched" + (" in that span" if args.span else ""))
    return 0
