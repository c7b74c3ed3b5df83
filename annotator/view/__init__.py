"""Seeing annotations: plots of evaluation and learning figures (HTML pages come here too).

Nothing here is imported by the document model at module level; matplotlib is an optional extra
(``pip install "annotator[plots]"``), imported when a plot is drawn.
"""

from annotator.view.plots import bar_chart, line_chart

__all__ = ["bar_chart", "line_chart"]
