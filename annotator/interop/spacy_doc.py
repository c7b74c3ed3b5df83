"""Documents to and from spaCy ``Doc`` objects (extra ``[spacy]``); a Vocab is all spaCy needs.

Both count offsets in Python code points, so no offset is converted.

**Tokens.** A spaCy Doc is a sequence of tokens, and a spaCy span runs from a token's start to a
token's end. :func:`to_spacy` therefore tokenises so that every annotation it carries starts and
ends at token boundaries: the text is cut at the boundaries of the token annotations (``tokens``,
by default ``Token`` in the default set) -- or, without any, at the boundaries of whitespace
runs -- and at the start and end of every annotation. Where no annotation cuts a token, the spaCy
tokens are the token annotations one to one, and a token annotation's ``category`` feature
becomes the token's ``tag_``. Characters outside every token annotation are cut at whitespace
runs and become tokens too. A single space after a token becomes that token's trailing
whitespace (``whitespace_``), as spaCy's own tokenizer does, unless an annotation starts at it or
ends just after it; any other whitespace (newlines, tabs, further spaces) is a token of its own,
again as spaCy does. So ``doc.text`` is always the text, character for character.

**Annotation sets** become span groups, one per set, named as the set (the default set is the
group ``""``): ``doc.spans[set]``. Each span's ``label_`` is the annotation type and its ``id_``
the annotation id (as a string). One group per set rather than per set and type because that is
what spaCy's own readers expect (the span categoriser and displaCy read one group of labelled
spans), and the type is the label anyway. Zero-length annotations are empty spans, which spaCy
holds (``doc[i:i]``); overlapping and nested ones are fine in a span group.

**What spaCy has no place for** goes into ``doc.user_data["annotator"]`` (plain dicts and lists,
saved by ``Doc.to_bytes``/``DocBin(store_user_data=True)``): ``name`` and ``features`` of the
document, ``annotations`` (annotation id -> its features, for annotations that have some),
``relations`` (set name -> ``[{"id", "type", "members", "features"}]``; those whose members
are all in the sets converted) and ``ents`` (the set the entities were copied from).

**Entities.** ``ents=SET`` (and optionally ``ent_types``) also copies that set's annotations
into ``doc.ents``, which cannot overlap and cannot be empty: zero-length annotations are left
out and among overlapping ones :func:`spacy.util.filter_spans` keeps the longest (the earliest on
ties). They stay complete in the span group.

:func:`from_spacy` reverses all this exactly: every annotation of the converted sets comes back
with its id, type, offsets and features, and so do the relations and the document's name and
features. What does not: relations with a member outside the converted sets (or whose span was
removed in spaCy); tuples in features once the Doc went through ``to_bytes`` (msgpack makes them
lists); and entities that a spaCy pipeline changed in a Doc whose ``doc.ents`` came from a set
(they are not read back, the set's span group is). On a Doc from elsewhere it reads every span group
as a set (ids: from numeric ``id_``, else fresh; features: ``kb_id`` when there is one),
``doc.ents`` into the set ``ents`` (default ``"ents"``), and, when asked (``tokens=SET``), the
tokens (``Token`` with ``string``, ``category`` = tag, ``pos``, ``lemma``; ``SpaceToken`` for
whitespace tokens) and sentences (``Sentence``).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import TYPE_CHECKING, Any, Iterable

from annotator.document import Annotation, Document
from annotator.interop._support import (
    Item, add_annotations, add_relations, check_type, copy_features, portable_relations, require,
)

if TYPE_CHECKING:
    import spacy.tokens
    import spacy.vocab

USER_DATA_KEY = "annotator"
_WHAT = "the spaCy conversion"


def to_spacy(doc: Document, vocab: "spacy.vocab.Vocab | None" = None, *, sets: Iterable[str] | None = None,
             tokens: tuple[str, str] | None = ("", "Token"), ents: str | None = None,
             ent_types: Iterable[str] | None = None) -> "spacy.tokens.Doc":
    """A spaCy Doc of ``doc``'s text with its annotation sets (all, or those named in ``sets``)
    as span groups; ``tokens`` is the (set, type) of the token annotations to tokenise on (None:
    whitespace); ``ents`` the set whose annotations (of ``ent_types``, when given) fill ``doc.ents``."""
    spacy_tokens = require("spacy.tokens", "spacy", _WHAT)
    check_type(doc, Document, "an annotator Document")
    if vocab is None:
        vocab = require("spacy.vocab", "spacy", _WHAT).Vocab()
    names = doc.annset_names() if sets is None else [n for n in sets if doc.has_annset(n)]
    exported = {name: list(doc.annset(name)) for name in names}
    token_anns = _token_annotations(doc, tokens)
    words, spaces = _words(doc.text, token_anns, [a for anns in exported.values() for a in anns] + token_anns)
    sdoc = spacy_tokens.Doc(vocab, words=words, spaces=spaces)
    at_start, at_end = _token_index(words, spaces)
    for ann in token_anns:
        first = at_start[ann.start]
        category = ann.features.get("category")
        if at_end.get(ann.end) == first + 1 and isinstance(category, str) and category:
            sdoc[first].tag_ = category
    made: dict[str, list[Any]] = {}
    for name, anns in exported.items():
        made[name] = [spacy_tokens.Span(sdoc, at_start[a.start], at_start[a.start] if a.start == a.end else at_end[a.end],
                                        label=a.type, span_id=str(a.id)) for a in anns]
        sdoc.spans[name] = made[name]
    if ents is not None and ents in made:
        wanted = None if ent_types is None else set(ent_types)
        util = require("spacy.util", "spacy", _WHAT)
        sdoc.ents = util.filter_spans([s for s in made[ents] if len(s) and (wanted is None or s.label_ in wanted)])
    sdoc.user_data[USER_DATA_KEY] = {
        "name": doc.name,
        "features": copy_features(doc.features),
        "annotations": {a.id: copy_features(a.features) for anns in exported.values() for a in anns if a.features},
        "relations": portable_relations(doc, names),
        "ents": ents if ents in made else None,
    }
    return sdoc


def from_spacy(sdoc: "spacy.tokens.Doc", name: str | None = None, *, ents: str | None = "ents",
               tokens: str | None = None) -> Document:
    """An annotator Document from a spaCy Doc: its span groups as sets, its entities in set
    ``ents`` (unless :func:`to_spacy` copied them from a set), its tokens and sentences in set
    ``tokens`` when one is named; ``name`` defaults to the one :func:`to_spacy` stored, else ``""``."""
    spacy_tokens = require("spacy.tokens", "spacy", _WHAT)
    check_type(sdoc, spacy_tokens.Doc, "a spaCy Doc")
    meta = sdoc.user_data.get(USER_DATA_KEY)
    meta = meta if isinstance(meta, dict) else {}
    doc = Document(sdoc.text, name=meta.get("name", "") if name is None else name,
                   features=copy_features(meta.get("features") or {}))
    features_of = meta.get("annotations") or {}
    items = []
    for key, group in sdoc.spans.items():
        doc.annset(key)  # empty groups too
        for span in group:
            wanted = int(span.id_) if span.id_.isascii() and span.id_.isdigit() else None
            items.append(_item(key, span, features_of.get(wanted) if wanted is not None else None, wanted))
    if ents is not None and meta.get("ents") is None:
        items += [_item(ents, ent, None, None) for ent in sdoc.ents]
    add_relations(doc, meta.get("relations") or {}, add_annotations(doc, items, f"spaCy Doc {doc.name!r}"))
    if tokens is not None:
        _add_tokens(doc.annset(tokens), sdoc)
    return doc


def _token_annotations(doc: Document, tokens: tuple[str, str] | None) -> list[Annotation]:
    """The non-empty token annotations named by ``tokens`` that do not overlap an earlier one."""
    if tokens is None or not doc.has_annset(tokens[0]):
        return []
    kept: list[Annotation] = []
    for ann in doc.annset(tokens[0]).with_type(tokens[1]):
        if ann.start < ann.end and (not kept or ann.start >= kept[-1].end):
            kept.append(ann)
    return kept


def _words(text: str, token_anns: list[Annotation], anns: list[Annotation]) -> tuple[list[str], list[bool]]:
    """spaCy's ``words`` and ``spaces`` for ``text``: cut at token and annotation boundaries and at
    whitespace runs outside tokens (see the module's docstring)."""
    starts = {a.start for a in anns}
    nonempty_ends = {a.end for a in anns if a.end > a.start}
    cuts = {0, len(text), *starts, *(a.end for a in anns)}
    token_starts = [a.start for a in token_anns]
    for ann in token_anns:
        cuts.update((ann.start, ann.end))
    for run in re.finditer(r"\s+", text):
        for offset in run.span():
            i = bisect_right(token_starts, offset) - 1
            if i < 0 or not token_starts[i] < offset < token_anns[i].end:
                cuts.add(offset)
    ordered = sorted(cuts)
    words: list[str] = []
    spaces: list[bool] = []
    for start, end in zip(ordered, ordered[1:]):
        piece = text[start:end]
        if (piece[0] == " " and words and not spaces[-1] and start not in starts
                and (end > start + 1 or end not in nonempty_ends)):
            spaces[-1] = True
            piece = piece[1:]
        if piece:
            words.append(piece)
            spaces.append(False)
    return words, spaces


def _token_index(words: list[str], spaces: list[bool]) -> tuple[dict[int, int], dict[int, int]]:
    """Character offset -> index of the token starting there (the end of the text -> the number
    of tokens), and character offset -> index after the token ending there."""
    at_start: dict[int, int] = {}
    at_end: dict[int, int] = {}
    offset = 0
    for i, (word, space) in enumerate(zip(words, spaces)):
        at_start[offset] = i
        offset += len(word)
        at_end[offset] = i + 1
        offset += space
    at_start[offset] = len(words)
    return at_start, at_end


def _item(set_name: str, span: Any, features: dict[str, Any] | None, wanted: int | None) -> Item:
    """``span`` as an annotation to add (type: its label, else ``Span``); a span from elsewhere
    (no stored ``features``) gets its ``kb_id_`` as feature ``kb_id``."""
    if features is None:
        features = {"kb_id": span.kb_id_} if span.kb_id_ else {}
    return set_name, wanted, span.label_ or "Span", span.start_char, span.end_char, copy_features(features)


def _add_tokens(annset: Any, sdoc: Any) -> None:
    """spaCy's tokens as ``Token``/``SpaceToken`` annotations, and its sentences as ``Sentence``."""
    for token in sdoc:
        features = {"string": token.text}
        for feature, value in (("category", token.tag_), ("pos", token.pos_), ("lemma", token.lemma_)):
            if value:
                features[feature] = value
        annset.add("SpaceToken" if token.text.isspace() else "Token", token.idx, token.idx + len(token), features)
    if sdoc.has_annotation("SENT_START"):
        for sent in sdoc.sents:
            annset.add("Sentence", sent.start_char, sent.end_char)
