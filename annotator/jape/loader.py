"""Loading grammars: single-phase and MultiPhase files, compilation, checking.

A MultiPhase file lists its phases (``Phases: first second``); each name is a file next to it
(``first.jape``). A file may also hold several ``Phase:`` sections. Loading parses every file,
reports *all* errors (``check``) and compiles each phase.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from annotator.errors import GrammarError, coded
from annotator.jape.actions import action_table
from annotator.jape.compiler import CompiledPhase, compile_phase, share_start_keys
from annotator.jape.lexer import Pos, error_at
from annotator.jape.macros import Scope
from annotator.jape.parser import JavaBlock, ParsedFile, parse
from annotator.jape.reference import ReferenceGrammar
from annotator.jape.runtime import Trace, run_phases
from annotator.jape.syntax import Diagnostic, Phase, PhaseTypes


@dataclass
class Report:
    """Everything ``check`` found in a grammar and the files it includes."""

    phases: list[Phase] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)
    errors: list[GrammarError] = field(default_factory=list)
    warnings: list[Diagnostic] = field(default_factory=list)
    java: list[JavaBlock] = field(default_factory=list)  # with keep_java: the Java blocks, by file


def _read(path: Path, where: Pos | None) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        if where is not None:
            raise error_at(where, coded("E509", path=path, reason=reason)) from None
        raise GrammarError(coded("E508", reason=reason), path=path) from None


def read_grammar(path: str | Path, keep_java: bool = False) -> Report:
    """Parse a grammar and every phase file it names, in order, with one table of macros and
    templates (GATE's MultiPhase parser shares it with every phase file it spawns); errors are
    collected, not raised. ``keep_java``: Java blocks are kept in ``Report.java``, not errors
    (see :func:`annotator.jape.parser.parse`)."""
    report = Report()
    _read_into(Path(path), None, report, [], Scope(), keep_java)
    return report


def _read_into(path: Path, where: Pos | None, report: Report, stack: list[Path], scope: Scope,
               keep_java: bool = False) -> None:
    resolved = path.resolve()
    if resolved in stack:
        message = coded("E510", path=path)
        report.errors.append(error_at(where, message) if where else GrammarError(message, path=path))
        return
    try:
        text = _read(path, where)
    except GrammarError as exc:
        report.errors.append(exc)
        return
    report.files.append(resolved)
    parsed: ParsedFile = parse(text, str(path), scope, keep_java)
    report.java += parsed.java
    report.errors += parsed.errors
    report.warnings += parsed.warnings
    report.phases += parsed.phases
    for name, pos in parsed.phase_files:
        child = path.parent / (name if name.endswith(".jape") else name + ".jape")
        _read_into(child, pos, report, stack + [resolved], scope, keep_java)


class Grammar(PhaseTypes):
    """A compiled grammar: its phases in order. Call it on a document; any number of threads may
    call one grammar at once (what a call reads of its document stays in that call's runtime
    objects, :class:`~annotator.jape.runtime.PhaseRun`)."""

    def __init__(self, path: Path, phases: list[CompiledPhase], warnings: list[Diagnostic], files: list[Path]) -> None:
        self.path = path
        self.phases = phases
        self.warnings = warnings
        self.files = files

    def __call__(self, doc: Any, inset: Any = None, outset: Any = None, trace: Trace | None = None) -> None:
        """Run the phases on ``doc``; ``trace(phase, offset, candidates, fired)``, if given, is called
        at each offset where rules are tried (:data:`~annotator.jape.runtime.Trace`)."""
        inset = doc.annset() if inset is None else inset
        outset = inset if outset is None else outset
        run_phases(self.phases, doc, inset, outset, trace)

    def __repr__(self) -> str:
        return f"Grammar({str(self.path)!r}, {len(self.phases)} phases)"


def _first_error(errors: list[GrammarError]) -> GrammarError:
    first = errors[0]
    if len(errors) > 1:
        first = GrammarError(f"{first.message} (and {len(errors) - 1} more error(s): run 'annotator jape check')",
                             path=first.path, line=first.line, column=first.column)
    return first


STRATEGIES = ("fast", "reference")


def compile_grammar(path: str | Path, actions: str | Path | None = None,
                    strategy: str = "fast") -> Grammar | ReferenceGrammar:
    """Read and compile a grammar whose actions file, if any, is ``actions`` (see
    :mod:`annotator.jape.actions`); raises the first GrammarError (naming how many more).
    ``strategy``: ``"fast"``, or ``"reference"`` for the plain matcher of
    :mod:`annotator.jape.reference` (slow; the fast path is checked against it)."""
    if strategy not in STRATEGIES:
        raise GrammarError(coded("E513", strategy=strategy, known=", ".join(STRATEGIES)), path=path)
    registry = action_table(actions)
    report = read_grammar(path)
    errors = list(report.errors)
    if strategy == "reference":
        try:
            if not errors:
                return ReferenceGrammar(Path(path), report.phases, registry, report.warnings, report.files)
        except GrammarError as exc:
            errors.append(exc)
        raise _first_error(errors)
    phases = []
    for phase in report.phases:
        try:
            phases.append(compile_phase(phase, registry))
        except GrammarError as exc:
            errors.append(exc)
    if errors:
        raise _first_error(errors)
    share_start_keys(phases)
    return Grammar(Path(path), phases, report.warnings, report.files)


def check(path: str | Path, actions: str | Path | None = None) -> Report:
    """Every syntax and compile error and every warning of a grammar (whose actions file, if
    any, is ``actions``)."""
    report = read_grammar(path)
    registry = action_table(actions)
    for phase in report.phases:
        try:
            compile_phase(phase, registry)
        except GrammarError as exc:
            report.errors.append(exc)
    return report
