"""A pandas DataFrame of a set's annotations (extra ``[pandas]``), for counting and plotting.

One row per annotation, in document order, with the columns ``id``, ``set``, ``type``, ``start``,
``end`` and ``text`` (the covered text), then one column per feature name found in the set, in
order of first appearance, holding the values as they are (dtype ``object``: ``None`` where an
annotation lacks the feature, an int stays an int next to missing values), so that ``df.groupby("kind")`` or
``df[df.majorType == "date"]`` work as on any table. A feature whose name is one of the six fixed
columns gets the column ``feature:NAME``. ``features="dict"`` gives one ``features`` column of
dicts (copies) instead: for sets with many sparse features, or to rebuild annotations from rows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Literal

from annotator.document import Document
from annotator.errors import AnnotatorError, coded
from annotator.interop._support import check_type, copy_features, copy_value, require

if TYPE_CHECKING:
    import pandas

COLUMNS = ("id", "set", "type", "start", "end", "text")


def to_dataframe(doc: Document, set_name: str = "", types: Iterable[str] | None = None,
                 features: Literal["columns", "dict"] = "columns") -> "pandas.DataFrame":
    """The annotations of set ``set_name`` of ``doc`` (of the given ``types`` only, when given)."""
    pandas = require("pandas", "pandas", "the DataFrame conversion")
    check_type(doc, Document, "an annotator Document")
    if features not in ("columns", "dict"):
        raise AnnotatorError(coded("E932", expected="features='columns' or 'dict'", got=repr(features)))
    annset = doc.annset(set_name) if doc.has_annset(set_name) else None
    anns = [] if annset is None else list(annset if types is None else annset.with_type(*types))
    table = {"id": [a.id for a in anns], "set": [set_name] * len(anns), "type": [a.type for a in anns],
             "start": [a.start for a in anns], "end": [a.end for a in anns],
             "text": [doc.text[a.start:a.end] for a in anns]}
    if features == "dict":
        table["features"] = [copy_features(a.features) for a in anns]
    else:
        names = dict.fromkeys(name for a in anns for name in a.features)
        for name in names:
            column = f"feature:{name}" if name in COLUMNS else name
            table[column] = pandas.Series([copy_value(a.features.get(name)) for a in anns], dtype=object)
    frame = pandas.DataFrame(table, columns=list(table))
    return frame.astype({"id": "int64", "start": "int64", "end": "int64"})
