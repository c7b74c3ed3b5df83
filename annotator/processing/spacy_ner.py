"""The ``spacy-ner`` PR: the entities of a spaCy pipeline as annotations (extra ``[spacy]``).

``model`` is any pipeline ``spacy.load`` accepts: an installed package (``en_core_web_sm``) or the
folder of a saved pipeline (relative: to the pipeline file's folder). It is loaded once, when the PR
is made; a copy sent to another process loads it again there. Each entity becomes an annotation of
the output set whose type is its label, renamed by ``labels`` (``PERSON=PATIENT,GPE=CITY``; labels
not named there are kept as they are, or dropped with ``keepUnmapped=false``), with the features
``label`` (spaCy's label) and ``confidence``. spaCy's ``ner`` gives no score per entity, so
``confidence`` is the value of the parameter of that name; with ``spansKey`` the PR reads the span
group ``doc.spans[KEY]`` instead of ``doc.ents`` (what a ``spancat`` or ``span_ruler`` writes), and the
scores a ``spancat`` stores with its spans (``attrs["scores"]``) are the confidence.

spaCy's character offsets are Python string offsets, as ours are (an emoji counts one). A text
longer than ``chunkLength`` (or the pipeline's ``max_length``, if shorter) is given to spaCy in
pieces, each cut after its last line end (else its last space, else at the limit): an entity is
found only within one piece, and cutting at line ends keeps entities whole (a line rarely continues a
name) and memory bounded, where raising ``max_length`` would not.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from annotator.document import Document
from annotator.errors import pipeline_error
from annotator.interop import require
from annotator.processing.base import Param, ProcessingResource, name_or_path, register

# the components whose labels are what doc.ents / doc.spans get (the types this PR can produce)
_ENT_FACTORIES = {"ner", "beam_ner", "entity_ruler", "future_entity_ruler"}
_SPAN_FACTORIES = {"spancat", "spancat_singlelabel", "span_ruler"}


def label_mapping(value: Any) -> dict[str, str]:
    """comma-separated LABEL=TYPE pairs (PERSON=PATIENT,GPE=CITY)"""
    if isinstance(value, Mapping):
        pairs = [(str(k), str(v)) for k, v in value.items()]
    elif isinstance(value, str):
        pairs = [tuple(p.strip() for p in item.split("=", 1)) for item in value.split(",") if item.strip()]
    else:
        raise TypeError(value)
    if any(len(pair) != 2 or not all(pair) for pair in pairs):
        raise ValueError(value)
    return dict(pairs)


def pieces(text: str, size: int) -> Iterator[tuple[int, str]]:
    """``text`` as pieces of at most ``size`` characters with their offsets, each cut after its last
    line end, else after its last space, else at ``size``."""
    start = 0
    while len(text) - start > size:
        window = text[start:start + size]
        cut = (window.rfind("\n") + 1) or (window.rfind(" ") + 1) or size
        yield start, window[:cut]
        start += cut
    if start < len(text) or not text:
        yield start, text[start:]


@register("spacy-ner")
class SpacyNer(ProcessingResource):
    """Runs a spaCy pipeline (installed package or saved folder) and adds its entities, typed by label."""

    model = Param(name_or_path, None, "spaCy pipeline: an installed package (en_core_web_sm) or a saved "
                                      "pipeline's folder", required=True)
    labels = Param(label_mapping, None, "spaCy label -> annotation type (PERSON=PATIENT,GPE=CITY)")
    keepUnmapped = Param(bool, True, "keep entities whose label `labels` does not map, typed by their label "
                                     "(false: drop them)")
    confidence = Param(float, 0.5, "feature confidence of every annotation (spaCy's ner scores no entity); "
                                   "a spancat's own scores replace it", min=0, max=1)
    spansKey = Param(str, "", "read the span group doc.spans[KEY] (spancat, span_ruler) instead of doc.ents "
                              "(\"\" = doc.ents)")
    chunkLength = Param(int, 100_000, "longest text given to spaCy at once: longer texts go in pieces cut at "
                                      "line ends (at most the pipeline's max_length)", min=1)

    def setup(self) -> None:
        spacy = require("spacy", "spacy", "the spacy-ner PR")
        try:
            self._nlp = spacy.load(self.model)
        except (OSError, ValueError) as exc:  # E050 not found, E053 no config, bad config
            reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise pipeline_error("E933", model=str(self.model), reason=reason) from None
        self._types = dict(self.labels or {})
        factories = _SPAN_FACTORIES if self.spansKey else _ENT_FACTORIES
        known = {label for name, labels in self._nlp.pipe_labels.items()
                 if self._nlp.get_pipe_meta(name).factory in factories for label in labels}
        self.produces = tuple(sorted({self._types.get(label, label) for label in known
                                      if label in self._types or self.keepUnmapped} | set(self._types.values())))

    def __call__(self, doc: Document) -> None:
        out = self.output_set(doc)
        size = min(self.chunkLength, self._nlp.max_length)
        offsets, texts = zip(*pieces(doc.text, size))
        for offset, sdoc in zip(offsets, self._nlp.pipe(texts)):
            for start, end, label, score in self._found(sdoc):
                type_ = self._types.get(label, label if self.keepUnmapped else None)
                if type_ is not None:
                    out.add(type_, offset + start, offset + end, {"label": label, "confidence": score})

    def _found(self, sdoc: Any) -> list[tuple[int, int, str, float]]:
        """(start, end, label, confidence) of the entities or spans of a spaCy Doc, in text order."""
        if not self.spansKey:
            return sorted((e.start_char, e.end_char, e.label_, self.confidence) for e in sdoc.ents)
        if self.spansKey not in sdoc.spans:
            return []
        group = sdoc.spans[self.spansKey]
        scores = group.attrs.get("scores")
        if scores is None:
            return sorted((s.start_char, s.end_char, s.label_, self.confidence) for s in group)
        return sorted((s.start_char, s.end_char, s.label_, round(float(score), 4)) for s, score in zip(group, scores))

    def __getstate__(self) -> dict[str, Any]:
        # a copy sent to another process loads the pipeline there (the loaded one may not pickle, and is large)
        return {k: v for k, v in self.__dict__.items() if k != "_nlp"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.setup()
