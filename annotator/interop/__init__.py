"""Conversions between our documents and the ecosystem's objects: spaCy ``Doc``, python-gatenlp
``Document`` and pandas ``DataFrame``.

Each library is an optional extra (``pip install "annotator[spacy]"``, ``[gatenlp]``,
``[pandas]``), imported only when its conversion is called: importing this package imports none
of them, and a missing one is one coded error naming the extra (E930).

>>> from annotator.interop import to_spacy, from_spacy, to_gatenlp, from_gatenlp, to_dataframe
>>> sdoc = to_spacy(doc, ents="")        # sets -> doc.spans[set], labels = types
>>> gdoc = to_gatenlp(doc)               # sets, ids, features as they are
>>> to_dataframe(doc, "").groupby("type").size()
"""

from __future__ import annotations

from annotator.interop._support import MissingExtra, require
from annotator.interop.dataframe import to_dataframe
from annotator.interop.gatenlp_doc import RELATIONS_FEATURE, from_gatenlp, to_gatenlp
from annotator.interop.spacy_doc import USER_DATA_KEY, from_spacy, to_spacy

__all__ = ["MissingExtra", "RELATIONS_FEATURE", "USER_DATA_KEY", "from_gatenlp", "from_spacy", "require",
           "to_dataframe", "to_gatenlp", "to_spacy"]
