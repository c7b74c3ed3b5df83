"""Explain a grammar's run: at each start offset, which rules matched, which fired and why.

:func:`explain` runs the grammar with a trace and returns text lines, one block per start offset
where something matched, e.g.::

    phase Names (appelt) at 4 "Dr. John Smith":
      fired  Title      4-18 length 14 priority 0 rule #1
      lost   FirstName  9-13 length 4  priority 5 rule #3: shorter (4 < 14)
"""

from __future__ import annotations

from typing import Any

from annotator.jape.compiler import CompiledPhase
from annotator.jape.loader import Grammar

_MAX_TEXT = 60


def _why_lost(cand: tuple, winner: tuple) -> str:
    (end, depth, _, rule), (wend, wdepth, _, wrule) = cand, winner
    if end != wend:
        return f"shorter (ends at {end} < {wend})"
    if rule.priority != wrule.priority:
        return f"lower priority ({rule.priority} < {wrule.priority})"
    if rule is not wrule:
        return f"later in the grammar (rule #{rule.index + 1} after #{wrule.index + 1})"
    if depth != wdepth:
        return f"same rule, a path of {depth} elements (the winner has {wdepth})"
    return "same rule and span, another way of matching (matchGroup fires these)"


def explain(grammar: Grammar, doc: Any, inset: Any = None, outset: Any = None,
            span: tuple[int, int] | None = None) -> list[str]:
    """Run ``grammar`` on ``doc`` and describe every start offset (overlapping ``span``) where a
    rule matched."""
    lines: list[str] = []
    text = doc.text

    def trace(phase: CompiledPhase, start: int, cands: list, fired: list) -> None:
        if span is not None:
            s, e = span
            if not any(start < e and s < c[0] for c in cands) and not (s <= start < e):
                return
        if not cands:
            return
        far = max(c[0] for c in cands)
        snippet = text[start:far].replace("\n", " ")
        if len(snippet) > _MAX_TEXT:
            snippet = snippet[: _MAX_TEXT - 3] + "..."
        lines.append(f'phase {phase.name} ({phase.control}) at {start} "{snippet}":')
        width = max(len(c[3].name) for c in cands)
        winner = fired[0] if fired else None
        for cand in sorted(cands, key=lambda c: (c not in fired, -c[0], -c[3].priority, c[3].index)):
            end, depth, _, rule = cand
            head = (f"{rule.name:<{width}} {start}-{end} length {end - start} priority {rule.priority} "
                    f"rule #{rule.index + 1} ({depth} elements)")
            if cand in fired:
                lines.append(f"  fired  {head}")
            elif phase.control in ("first", "once"):
                lines.append(f"  lost   {head}: not the first match found breadth-first")
            else:
                lines.append(f"  lost   {head}: {_why_lost(cand, winner)}")

    grammar(doc, inset, outset, trace=trace)
    return lines
