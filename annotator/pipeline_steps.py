"""The parts of a pipeline: a configured PR as a :class:`Step`, with its run :class:`Condition` and
its instance name (:func:`unique_name`, :func:`pr_label`). Used by :mod:`annotator.pipeline` and by
the XML loader (:mod:`annotator.pipeline_xml`), which builds the steps that a Pipeline runs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from annotator.document import Document
from annotator.processing.base import ProcessingResource


@dataclass(frozen=True)
class Condition:
    """Run a PR only when document feature ``feature`` is present and true (not False, None, 0 or
    empty), or, with ``equals``, when its value written as text equals it (booleans as
    ``true``/``false``): GATE's conditional controller."""

    feature: str
    equals: str | None = None

    def __call__(self, doc: Document) -> bool:
        if self.feature not in doc.features:
            return False
        value = doc.features[self.feature]
        if self.equals is None:
            return bool(value)
        text = ("true" if value else "false") if isinstance(value, bool) else str(value)
        return text == self.equals


@dataclass
class Step:
    """One configured PR in a pipeline: its instance name (used by ``-p NAME.param=value`` and
    in messages), run conditions (all must hold; an included pipeline's condition adds to its
    PRs' own) and where it was defined (for messages)."""

    pr: ProcessingResource
    name: str = ""
    conditions: tuple[Condition, ...] = ()
    path: str | None = None
    line: int | None = None

    @property
    def label(self) -> str:
        return pr_label(self.name, self.pr.name)

    def runs_on(self, doc: Document) -> bool:
        return all(condition(doc) for condition in self.conditions)


def pr_label(name: str, type_name: str) -> str:
    """How messages name a PR: its instance name, with its type when that differs."""
    return name if name == type_name else f"{name} ({type_name})"


def unique_name(wanted: str, taken: Iterable[str]) -> str:
    """``wanted`` if free, else ``wanted-2``, ``wanted-3``, ...: default instance names of PRs."""
    taken = set(taken)
    name, n = wanted, 1
    while name in taken:
        n += 1
        name = f"{wanted}-{n}"
    return name
