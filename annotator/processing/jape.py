"""The JAPE transducer PR: runs a (MultiPhase) JAPE grammar over each document.

Parameters as GATE's transducer: ``grammar`` (GATE's ``grammarURL``), ``inputASName`` and
``outputASName``; and ``actions``, the Python actions file of a corpus's grammar (the actions
its right-hand sides name beyond the registered ones), a path relative to the pipeline file; and
``strategy``, ``fast`` or ``reference`` (the plain matcher the fast one is checked against).
The grammar is compiled once in :meth:`setup` (several threads may run one PR at once), and
``needs``/``produces`` are read from it: the types the phases read (their ``Input``) that no
earlier phase writes, and the types its right-hand sides create.
"""

from __future__ import annotations

from pathlib import Path

from annotator.document import Document
from annotator.jape import compile_grammar
from annotator.jape.loader import STRATEGIES
from annotator.processing.base import Param, ProcessingResource, register


@register("jape")
class JapeTransducer(ProcessingResource):
    """Runs a JAPE grammar (phases in order, each seeing the earlier ones' output)."""

    grammar = Param(Path, None, "the grammar file (.jape; a MultiPhase file lists its phase files)", required=True)
    actions = Param(Path, None, "the grammar's actions file: a .py file or package folder whose ACTIONS maps "
                                "the action names the grammar uses to functions (see annotator.jape.actions)")
    strategy = Param(str, "fast", "the matcher: fast, or reference (a plain walk of each phase, slow: to check "
                                  "the fast one against, see annotator.jape.reference)", choices=STRATEGIES)

    def setup(self) -> None:
        self.compiled = compile_grammar(self.grammar, self.actions, self.strategy)
        self.needs = tuple(sorted(self.compiled.input_types))
        self.produces = tuple(sorted(self.compiled.output_types))

    def __call__(self, doc: Document) -> None:
        self.compiled(doc, self.input_set(doc), self.output_set(doc))

    def __getstate__(self) -> dict:
        # compiled grammars hold closures: a copy sent to another process recompiles instead
        state = dict(self.__dict__)
        state.pop("compiled", None)
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self.setup()
