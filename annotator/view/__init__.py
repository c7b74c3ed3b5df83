"""Seeing annotations: HTML pages of documents and corpora (:func:`html`), error-analysis and
de-identification pages, plots of evaluation and learning figures.

The document model imports nothing of this package. In Jupyter, ``import annotator.view`` (or
``%load_ext annotator.view``) makes IPython show a :class:`~annotator.document.Document` as its page
(:func:`notebook_html`), so that ``display(doc)`` draws it. matplotlib is an optional extra
(``pip install "annotator[plots]"``), imported when a plot is drawn.
"""

import sys
from typing import Any

from annotator.document import Document
from annotator.view.page import html, notebook_html
from annotator.view.plots import bar_chart, line_chart

__all__ = ["bar_chart", "html", "line_chart", "load_ipython_extension", "notebook_html"]


def load_ipython_extension(ipython: Any) -> None:
    """``%load_ext annotator.view``: IPython's HTML formatter shows a Document as its page."""
    ipython.display_formatter.formatters["text/html"].for_type(Document, notebook_html)


def _register_in_running_ipython() -> None:
    """Imported inside IPython (a notebook): register the formatter there at once."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is not None:
        load_ipython_extension(shell)


_register_in_running_ipython()
