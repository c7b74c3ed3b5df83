"""The metrics of ``annotator evaluate --metric NAME``: the shipped ones and any a package
registers in the entry-point group ``annotator.metrics`` (a third party adds a metric without
editing the framework).

Contract: the entry point names a callable ``metric(args, gold, system) -> MetricRun``:
``args`` is the command line's ``argparse.Namespace`` (``args.gold``/``args.system`` the paths,
``args.set_name``, ``args.types`` (a list or None), ``args.verbose``, ``args.strict_docs`` ...),
``gold`` and ``system`` the documents read (lists of :class:`~annotator.document.Document`).
It returns ``MetricRun(status, report, figures, result)``: exit status (0 when fine), the text
printed on stdout, the JSON-able figures ``--json`` writes (or None), and None (the result
object ``--html``/``--plot`` use is for the shipped metrics). Warnings go to the
``annotator`` logger, one line each.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any, Callable, NamedTuple

from annotator.errors import AnnotatorError, coded

GROUP = "annotator.metrics"

# the shipped metrics, registered under the same names in pyproject.toml's entry points
SHIPPED = {
    "meddocan": "annotator.cli.evaluate:metric_meddocan",
    "i2b2-2014": "annotator.cli.evaluate:metric_i2b2_2014",
    "diff": "annotator.cli.evaluate:metric_diff",
    "leak": "annotator.cli.evaluate:metric_leak",
    "phi-values": "annotator.cli.evaluate:metric_phi_values",
    "spans": "annotator.cli.evaluate:metric_spans",
    "conlleval": "annotator.cli.evaluate:metric_conlleval",
}


class MetricRun(NamedTuple):
    status: int
    report: str | None
    figures: dict | None
    result: Any = None


def targets() -> dict[str, str]:
    """Metric name -> ``module:callable``: the shipped ones, then the entry points (which win)."""
    found = dict(SHIPPED)
    found.update({ep.name: ep.value for ep in entry_points(group=GROUP)})
    return found


def names() -> list[str]:
    return sorted(targets())


def get(name: str) -> Callable[..., MetricRun]:
    """The callable of metric ``name`` (E237 when it cannot be loaded)."""
    target = targets()[name]
    module, _, attr = target.partition(":")
    try:
        return getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as exc:
        raise AnnotatorError(coded("E237", name=name, target=target, error=exc)) from None
