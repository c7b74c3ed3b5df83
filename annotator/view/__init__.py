"""Seeing annotations: HTML pages of documents and corpora (:func:`html`), error-analysis and
de-identification pages, plots of evaluation and learning figures.

Nothing here is imported by the document model at module level (``Document._repr_html_`` imports
it when Jupyter asks); matplotlib is an optional extra (``pip install "annotator[plots]"``),
imported when a plot is drawn.
"""

from annotator.view.page import html, notebook_html
from annotator.view.plots import bar_chart, line_chart

__all__ = ["bar_chart", "html", "line_chart", "notebook_html"]
