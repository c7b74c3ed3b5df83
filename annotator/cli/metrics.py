"""The metrics of ``annotator evaluate --metric NAME``: the entry points of the group
``annotator.metrics``, the shipped ones included (pyproject.toml), so a third party adds a metric
by installing a package, without editing the framework.

Contract: the entry point names a callable ``metric(args, gold, system) -> MetricRun``:
``args`` is the command line's ``argparse.Namespace`` (``args.gold``/``args.system`` the paths,
``args.set_name``, ``args.types`` (a list or None), ``args.verbose``, ``args.strict_docs`` ...),
``gold`` and ``system`` the documents read (lists of :class:`~annotator.document.Document`).
It returns ``MetricRun(status, report, figures, result)``: exit status (0 when fine), the text
printed on stdout, the JSON-able figures ``--json`` writes (or None), and None (the result
object ``--html``/``--plot`` use is for the shipped metrics). Warnings go to the
``annotator`` logger, one line each. annotator/evaluation/README.md has a worked example.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from annotator.errors import EvaluationError, coded
from annotator.registry import Registry

GROUP = "annotator.metrics"
REGISTRY = Registry(GROUP, lambda name, known: EvaluationError(coded("E238", name=name, known=known)),
                    lambda name, target, error: EvaluationError(coded("E237", name=name, target=target, error=error)))


class MetricRun(NamedTuple):
    status: int
    report: str | None
    figures: dict | None
    result: Any = None


def names() -> list[str]:
    return REGISTRY.names()


def get(name: str) -> Callable[..., MetricRun]:
    """The callable of metric ``name`` (E238 for an unknown name, E237 when it cannot be loaded)."""
    return REGISTRY.load(name)
