"""``annotator evaluate GOLD SYSTEM --metric {meddocan,i2b2-2014,diff,leak,phi-values,spans,conlleval}``: scoring.

GOLD and SYSTEM are files or folders in any readable format (the two sides may differ). The
reports are printed as the official scripts print them; ``--json`` writes the figures at full
precision. Warnings and errors go to stderr, one line each; a warning says when gold and system
use different tag sets (and which mapping would fit) or types outside the metric's tag set.
``--metric leak`` takes the ORIGINAL annotated documents and the DEIDENTIFIED ones (``annotator
deidentify``) instead: every original PHI surface of a replaced or shifted type still in the output
text, per type, and the fraction of PHI characters left (kept values listed apart).
``--metric phi-values``: the share of gold PHI values whose every letter and digit a system
annotation covers (any type), of those with at least one covered (any-overlap), of system values
inside gold, token precision and recall (a token is a run of letters and digits, gold or system
when wholly inside such values), and of PHI-free documents touched. With ``--curve STEM`` it
also scores the system values whose feature ``confidence`` is at least 0.0, 0.05, ..., 1.0 (a
value without one counts as 1.0), prints a line a threshold and draws the curves as STEM.png and
STEM.svg (matplotlib), to pick the threshold of ``-p policy.minConfidence=...``.
``--metric spans``: any tag set, per type and micro/macro, the four SemEval-2013 schemas (strict,
exact, partial, type) with their counts, as nervaluate (``--set S``, ``--types T,...``).
``--metric conlleval``: conlleval's report on tokenised documents (CoNLL files).
Metrics are plug-ins (entry-point group ``annotator.metrics``; see :mod:`annotator.cli.metrics`).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from annotator.cli import Subparsers, metrics
from annotator.cli.corpus_options import add_reader_options, reader_options
from annotator.errors import AnnotatorError, coded

if TYPE_CHECKING:
    from annotator.corpus import Failure
    from annotator.document import Document

log = logging.getLogger("annotator")


def add_parser(subparsers: Subparsers) -> None:
    p = subparsers.add_parser(
        "evaluate",
        help="score system annotations against gold ones (MEDDOCAN, i2b2 2014, GATE-style diff)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("gold", help="gold file or folder (leak: the original documents)")
    p.add_argument("system", help="system file or folder (leak: the de-identified documents)")
    p.add_argument("--metric", required=True, choices=metrics.names())
    p.add_argument("--from", dest="fmt", metavar="FMT", help="input format of both sides (default: detected)")
    p.add_argument("--sentences", metavar="DIR", help="meddocan: folder of <doc>.ann sentence files for the leak score")
    p.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    p.add_argument("--per-type", action="store_true", help="add per-type figures (meddocan, i2b2-2014)")
    p.add_argument("-v", "--verbose", action="store_true", help="per-document figures (diff: print every disagreement)")
    p.add_argument("--strict-docs", action="store_true", help="count gold documents without system output as misses")
    p.add_argument("--keep-going", action="store_true", help="list unreadable or mismatched documents and score the rest")
    p.add_argument("--tsv", metavar="FILE", help="diff: write every disagreement as TSV")
    p.add_argument("--html", metavar="DIR", help="write error-analysis pages: gold and system side by side, per-type index")
    p.add_argument("--plot", metavar="STEM", help="draw per-type P/R/F1 bars as STEM.png and STEM.svg (matplotlib)")
    p.add_argument("--set", dest="set_name", default="", metavar="S", help="spans: the annotation set scored (default: the default set)")
    p.add_argument("--types", type=lambda v: [t for t in v.split(",") if t], metavar="T,...",
                   help="spans: score these types only")
    p.add_argument("--curve", metavar="STEM", help="phi-values: the figures against a threshold on the system "
                   "annotations' confidence (none: 1.0), printed and drawn as STEM.png and STEM.svg (matplotlib)")
    g = p.add_argument_group("i2b2-2014 (as the kotfic scorer)")
    g.add_argument("--filter", help="comma-separated element names (NAME,DATE,...) to keep")
    g.add_argument("--invert", action="store_true", help="keep the tags the filter rejects")
    g.add_argument("--conjunctive", action="store_true", help="combine the filter values with AND")
    g.add_argument("--hipaa-as-law", action="store_true", help="add 'Safe Harbor (law)' sections")
    add_reader_options(p)
    p.set_defaults(func=run, parser=p)


def _warn(message: str) -> None:
    log.warning("%s", message)


def _error(message: str) -> None:
    print(f"annotator: error: {message}", file=sys.stderr)


def _read(path: str, fmt: str | None, options: dict) -> tuple[list[Document], list[Failure]]:
    from annotator.corpus import Failure, read_documents

    docs: list[Document] = []
    failures: list[Failure] = []
    for item in read_documents(path, fmt, lenient=True, options=options):
        (failures if isinstance(item, Failure) else docs).append(item)
    return docs, failures


def _with_ann(side: str, path: str, fmt: str | None, docs: list[Document]) -> list[Document]:
    """Drop (with a warning) brat documents that have a ``.txt`` but no ``.ann`` file: the
    official MEDDOCAN script reads only ``.ann`` files, so for it they do not exist."""
    from annotator.corpus import units as corpus_units

    name, units = corpus_units(path, fmt)
    txt_only = {p.stem for p in units if p.suffix == ".txt"} if name == "brat" else set()
    if txt_only:
        _warn(f"{len(txt_only)} {side} document(s) have a .txt but no .ann file and are left out, as the official script does: {_names(sorted(txt_only))}")
    return [d for d in docs if d.name not in txt_only]


def _names(names: list[str], limit: int = 20) -> str:
    shown = ", ".join(names[:limit])
    return shown + (f", ... ({len(names) - limit} more)" if len(names) > limit else "")


def _warn_pairing(missing: list[str], extra: list[str], strict_docs: bool) -> None:
    if missing:
        how = "counted as misses (--strict-docs)" if strict_docs else "NOT scored, as the official scripts do (--strict-docs counts them as misses)"
        _warn(f"{len(missing)} gold document(s) have no system document and are {how}: {_names(missing)}")
    if extra:
        _warn(f"{len(extra)} system document(s) have no gold document and are ignored: {_names(extra)}")


def run(args: argparse.Namespace) -> int:
    from annotator.atomic import write_atomic
    from annotator.evaluation.tag_sets import tag_set_warnings

    if args.curve and args.metric != "phi-values":
        args.parser.error(coded("E903", metric=args.metric))
    gold, gold_failures = _read(args.gold, args.fmt, reader_options(args))
    system, system_failures = _read(args.system, args.fmt, reader_options(args))
    failed = gold_failures + system_failures
    for failure in failed:
        _error(str(failure))
    if failed and not args.keep_going:
        _error(f"{len(failed)} document(s) could not be read; nothing scored (--keep-going scores the rest)")
        return 1
    for message in tag_set_warnings(gold, system, args.metric) if args.metric != "leak" else ():
        _warn(message)
    if args.metric not in ("meddocan", "i2b2-2014", "diff") and (args.html or args.plot):
        raise AnnotatorError(coded("E901", metric=args.metric))
    status, report, figures, result = metrics.get(args.metric)(args, gold, system)
    if report is not None:
        sys.stdout.write(report)
    if figures is not None and args.json:
        write_atomic(Path(args.json), (json.dumps(figures, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    if result is not None:
        _views(args, gold, system, result)
    return 1 if failed or status else 0


def _views(args, gold, system, result):
    """--plot and --html: the per-type bars and the error-analysis pages; --curve: the phi-values
    curves (``result``: their points)."""
    from annotator.evaluation import i2b2_2014, phi_values
    from annotator.view import plots, report

    if args.curve:
        plots.line_chart(phi_values.curve_series(result), args.curve, title="phi-values against a confidence threshold",
                         xlabel="minimum confidence of a system value", ylim=(0.0, 1.02))
        return
    if args.plot:
        report.plot_per_type(report.per_type_scores(args.metric, result), args.plot, f"{args.metric}: per-type scores")
    if args.html:
        key = (lambda d: i2b2_2014.kotfic_id(d.name)[0]) if args.metric == "i2b2-2014" else (lambda d: d.name)
        report.write_report(args.html, gold, system, args.metric, result, key=key, strict_docs=args.strict_docs)


def _single_file(args) -> bool:
    return os.path.isfile(args.gold) and os.path.isfile(args.system)


def metric_meddocan(args, gold, system) -> metrics.MetricRun:
    from annotator.evaluation import meddocan
    from annotator.evaluation.common import evaluation_error

    if args.sentences is not None and not os.path.isdir(args.sentences):
        raise evaluation_error("E204", args.sentences, error="not a folder")
    gold = _with_ann("gold", args.gold, args.fmt, gold)
    system = _with_ann("system", args.system, args.fmt, system)
    result = meddocan.evaluate_meddocan(
        gold, system, sentences=args.sentences, strict_docs=args.strict_docs,
        system_id=meddocan.system_id_of(args.system),
    )
    _warn_pairing(result.pairing.missing, result.pairing.extra, args.strict_docs)
    for name in result.mismatched_texts:
        _warn(f"document {name!r}: gold and system texts differ; each side is merged with its own text (as the official script does)")
    if result.discontinuous:
        _warn(
            f"{len(result.discontinuous)} document(s) have discontinuous annotations, on which the official script "
            f"aborts; each is scored as one span from its first to its last fragment: {_names(result.discontinuous)}"
        )
    if args.sentences is not None:
        lost = [d.name for d in result.documents if d.lines is None]
        if lost:
            _warn(f"no sentence file in {args.sentences} for {len(lost)} document(s), leak is NA: {_names(lost)}")
    report = meddocan.format_report(result, verbose=args.verbose, single_file=_single_file(args), per_type=args.per_type)
    return metrics.MetricRun(0, report, result.to_json(per_type=args.per_type), result)


def metric_i2b2_2014(args, gold, system) -> metrics.MetricRun:
    from annotator.evaluation import i2b2_2014
    from annotator.evaluation.common import evaluation_error

    result = i2b2_2014.evaluate_i2b2(
        gold, system, filter=args.filter, invert=args.invert, conjunctive=args.conjunctive,
        hipaa_as_law=args.hipaa_as_law, strict_docs=args.strict_docs, keep_going=True,
    )
    for message in result.warnings:
        _warn(message)
    _warn_pairing(result.missing, result.extra, args.strict_docs)
    for name, offset in result.mismatched_texts:
        _error(str(evaluation_error("E202", name=name, offset=offset)))
    if result.mismatched_texts and not args.keep_going:
        _error("gold and system texts differ (the i2b2 scorer stops here); --keep-going scores the other documents")
        return metrics.MetricRun(1, None, None, None)
    report = i2b2_2014.format_report(result, verbose=args.verbose, single_file=_single_file(args))
    if args.per_type:
        report += i2b2_2014.format_per_type(result)
    return metrics.MetricRun(1 if result.mismatched_texts else 0, report, result.to_json(per_type=args.per_type), result)


def metric_diff(args, gold, system) -> metrics.MetricRun:
    from annotator.atomic import write_atomic
    from annotator.evaluation import diff

    result = diff.evaluate_diff(gold, system, strict_docs=args.strict_docs)
    _warn_pairing(result.pairing.missing, result.pairing.extra, args.strict_docs)
    report = diff.format_report(result)
    if args.verbose:
        report += "\n" + diff.format_tsv(result)
    if args.tsv:
        write_atomic(Path(args.tsv), diff.format_tsv(result).encode("utf-8"))
    return metrics.MetricRun(0, report, result.to_json(), result)


def metric_phi_values(args, gold, system) -> metrics.MetricRun:
    from annotator.evaluation import phi_values

    result = phi_values.evaluate_values(gold, system)
    report = phi_values.format_report(result, verbose=args.verbose)
    figures = result.to_json()
    if not args.curve:
        return metrics.MetricRun(0, report, figures, None)
    points = phi_values.confidence_curve(gold, system)
    report += "\n" + phi_values.format_curve(points)
    figures["curve"] = [{"threshold": p.threshold, **{k: v for k, v in p.result.to_json().items() if k != "per_type"}}
                        for p in points]
    return metrics.MetricRun(0, report, figures, points)


def metric_leak(args, original, deidentified) -> metrics.MetricRun:
    from annotator.evaluation import leak

    result = leak.evaluate_leak(original, deidentified)
    for message in result.warnings:
        _warn(message)
    return metrics.MetricRun(0, leak.format_report(result, verbose=args.verbose), result.to_json(), None)


def metric_spans(args, gold, system) -> metrics.MetricRun:
    from annotator.evaluation import spans

    result = spans.evaluate_spans(gold, system, annset=args.set_name, types=args.types, strict_docs=args.strict_docs)
    _warn_pairing(result.missing_docs, result.extra_docs, args.strict_docs)
    return metrics.MetricRun(0, spans.format_report(result), result.to_json(), None)


def metric_conlleval(args, gold, system) -> metrics.MetricRun:
    from annotator.evaluation import conlleval

    result = conlleval.evaluate_conlleval(gold, system)
    return metrics.MetricRun(0, conlleval.format_report(result), result.to_json(), None)
