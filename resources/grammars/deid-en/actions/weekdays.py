"""A weekday as part of a date, called by the action ``cues`` (cues.jape, once per document; a JAPE
phase of its own costs more): a weekday before a DATE candidate takes it in (``Tuesday, April 11,
2023``, ``Mon 3/12/2021``), and a weekday with an ordinal day after it is a date
(``since Sunday 28th``, ``Tuesday the 4th``). The i2b2 2014 guidelines annotate weekdays, and the
HIPAA convention of ../shared/reference/deid-guidelines.md treats a weekday next to a date as one of
its elements. A weekday alone (``started on Monday``) stays out, and so does one before a year or a
month alone (candidates with ``policies = "i2b2-2014"``), which HIPAA keeps. The weekday and the
date are on one line, a comma at most between them.
"""

from __future__ import annotations

import re

from annotator.document import Annotation
from annotator.jape.actions import ActionContext

_GAP = re.compile(r"[ \t]*,?[ \t]*")
_ORDINAL_DAY = re.compile(r"(?:(?i:the)[ \t]+)?(?:0?[1-9]|[12][0-9]|3[01])(?i:st|nd|rd|th)\b")


def weekday_dates(ctx: ActionContext, weekdays: list[Annotation]) -> None:
    """DATE candidates over a weekday Lookup (``weekdays``: those of the document, in document order)
    and the date after it."""
    text = ctx.doc.text
    dates = None  # the end of the longest DATE candidate of every policy by its start, made when needed
    for lookup in weekdays:
        if dates is None:
            dates = {}
            for cand in ctx.input.with_type("PhiCand"):
                if cand.features.get("type") == "DATE" and cand.features.get("policies") != "i2b2-2014":
                    dates[cand.start] = max(cand.end, dates.get(cand.start, 0))
        after = _GAP.match(text, lookup.end).end()
        end = dates.get(after)
        if end is None:
            ordinal = _ORDINAL_DAY.match(text, after)
            end = ordinal.end() if ordinal else None
        if end is not None:
            ctx.output.add("PhiCand", lookup.start, end, {"type": "DATE", "prio": 68, "rule": "WeekdayDate"})
