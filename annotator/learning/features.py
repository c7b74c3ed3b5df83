"""Per-token features read from a document's annotation layers, in named classes that can be
switched on and off (the Stat De-id feature set of Tafvizi & Pacula, after Uzuner et al.).

A feature is a string ``name=value`` (binary: present or not). The classes, in this order:

=============  ====================================================================================
class          features of a Token
=============  ====================================================================================
word           ``w=`` the word lower-cased
orth           ``orth=`` the tokenizer's capitalisation class (upperInitial, allCaps, lowercase,
               mixedCaps; ``none`` for other tokens) and ``shape=`` the word's shape with runs
               collapsed (``Xx``, ``d``, ``X.d``)
punctuation    ``punct=`` the punctuation character, for punctuation tokens
number         ``num`` for number tokens, with ``digits=`` their length
length         ``len=`` the word length (10 for 10 or more)
affixes        ``pre<n>=`` / ``suf<n>=`` lower-cased prefixes and suffixes of ``affixes`` lengths
               (words longer than n only)
bigrams        lexical context: ``w-1=`` and ``w+1=`` the neighbouring words, ``bg-=`` the bigram
               of the two words before and ``bg+=`` of the two after (``<s>``/``</s>`` past the
               document's ends)
pos            ``pos=`` the Token's ``category`` (our POS tagger), ``pos-=`` / ``pos+=`` the POS
               bigrams with the previous and the next token. They stand in for the paper's
               "syntactic bigrams", which came from the Link Grammar parser (not available here)
section        ``sec=`` the nearest section header at or above the token's line, ``field=`` the
               label before a colon that opens the token's line, ``bol`` for the first token of
               a line (see :func:`line_info`)
dictionary     ``dict=MAJOR`` and ``dict=MAJOR:MINOR`` of every ``Lookup`` covering the token
               (gazetteer membership), ``dictB=MAJOR:MINOR`` when the token starts it
annotations    ``ann=B-TYPE`` / ``ann=I-TYPE`` of every annotation in ``stack_set`` (types
               ``stack_types``; all when empty) covering the token: an earlier PR's output (the
               rules') as features, for a stacked hybrid. Off by default
clusters       ``c<k>=`` the word's distributional cluster id at each granularity ``k`` of the
               table named by ``clusters`` (a resource file of resources/models, or a path;
               built by resources/build/build_meddocan_clusters.py), for the word and, prefixed
               ``-1:`` / ``+1:``, its neighbours. Words are looked up lower-cased, digits as
               ``0``. Off by default
document       ``doc=TYPE`` for each type of a ``stack_set`` annotation covering *another*
               occurrence of the same word (lower-cased, with a letter, 3+ characters) in the
               document, and ``docrep`` when the word occurs again at all: what the rules said
               about the same string elsewhere. Off by default
neighbours     the previous and the next token's ``w=``, ``shape=``, ``pos=``, ``dict=`` and
               ``ann=`` features (of the classes that are on), prefixed ``-1:`` / ``+1:``: a
               window for the CRF, whose state features see the current token only. Off by
               default (not a Stat De-id class)
=============  ====================================================================================

A section header is a line of at most :data:`HEADER_WORDS` words with no digit whose only colon,
if any, ends it (``Datos del paciente.``, ``ANTECEDENTES``, ``Exploración física:``); its label
is the line lower-cased without final punctuation. A field label is the text before the first
colon of a line when it has at most :data:`FIELD_WORDS` words (``Fecha de ingreso: ...``).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from bisect import bisect_left, bisect_right
from dataclasses import asdict, dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from annotator.document import Annotation, Document
from annotator.errors import PipelineError, coded
from annotator.paths import RESOURCES

HEADER_WORDS = 6
FIELD_WORDS = 4
_SHAPE_RUNS = re.compile(r"(.)\1+")
_FINAL_PUNCT = re.compile(r"[\s.:;,]+$")


@dataclass(frozen=True)
class FeatureConfig:
    """Which feature classes are on, and what they read. Stored in every model: a model is used
    only with the configuration it was trained with (its :meth:`fingerprint`)."""

    classes: tuple[str, ...] = ()  # () = DEFAULT_CLASSES
    affixes: tuple[int, ...] = (2, 3, 4)
    token_type: str = "Token"
    lookup_type: str = "Lookup"
    stack_set: str = "Rules"  # the "annotations" class reads this set
    stack_types: tuple[str, ...] = field(default_factory=tuple)
    clusters: str = ""  # the clusters class's table: a file of resources/models, or a path

    def __post_init__(self) -> None:
        for name in self.classes:
            if name not in FEATURE_CLASSES:
                raise PipelineError(coded("E804", name=name, known=", ".join(FEATURE_CLASSES)))
        # in the classes' own order, so that the same classes are the same configuration
        classes = tuple(n for n in FEATURE_CLASSES if n in self.classes) or DEFAULT_CLASSES
        object.__setattr__(self, "classes", classes)
        object.__setattr__(self, "affixes", tuple(int(n) for n in self.affixes))
        object.__setattr__(self, "stack_types", tuple(self.stack_types))

    def to_json(self) -> dict[str, Any]:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "FeatureConfig":
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in known.items()})

    def fingerprint(self) -> str:
        """A short digest of the configuration (what two models must share to be interchangeable)."""
        text = json.dumps(self.to_json(), sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]

    def needs(self) -> tuple[str, ...]:
        """The annotation types the classes read from the input set."""
        return (self.token_type,) + ((self.lookup_type,) if "dictionary" in self.classes else ())


@dataclass
class _Context:
    """One document's tokens and what the classes read about them, computed once."""

    doc: Document
    config: FeatureConfig
    input_set: str
    tokens: list[Annotation]
    words: list[str]  # lower-cased
    starts: list[int]
    ends: list[int]

    def covered(self, ann: Annotation) -> range:
        """Indices of the tokens inside ``ann`` (a token overlapping it counts)."""
        return range(bisect_right(self.ends, ann.start), bisect_left(self.starts, ann.end))


def _word(ctx: _Context, out: list[list[str]]) -> None:
    for feats, w in zip(out, ctx.words):
        feats.append("w=" + w)


@lru_cache(maxsize=1 << 16)
def shape(word: str) -> str:
    """``Madrid`` -> ``Xx``, ``28/04`` -> ``d/d``, ``DNI-123`` -> ``X-d``: character classes, runs collapsed."""
    classes = "".join("X" if c.isupper() else "x" if c.islower() else "d" if c.isdigit() else c for c in word)
    return _SHAPE_RUNS.sub(r"\1", classes)


def _orth(ctx: _Context, out: list[list[str]]) -> None:
    for feats, token in zip(out, ctx.tokens):
        feats.append("orth=" + str(token.features.get("orth", "none")))
        feats.append("shape=" + shape(ctx.doc.text[token.start:token.end]))


def _punctuation(ctx: _Context, out: list[list[str]]) -> None:
    for feats, token, w in zip(out, ctx.tokens, ctx.words):
        if token.features.get("kind") == "punctuation":
            feats.append("punct=" + w)


def _number(ctx: _Context, out: list[list[str]]) -> None:
    for feats, token in zip(out, ctx.tokens):
        if token.features.get("kind") == "number":
            feats.append("num")
            feats.append(f"digits={token.end - token.start}")


_LENGTHS = tuple(f"len={n}" for n in range(11))


def _length(ctx: _Context, out: list[list[str]]) -> None:
    for feats, w in zip(out, ctx.words):
        feats.append(_LENGTHS[min(len(w), 10)])


@lru_cache(maxsize=1 << 16)
def _affix_features(word: str, lengths: tuple[int, ...]) -> tuple[str, ...]:
    """A word's prefix and suffix features, memoised: words repeat, and a tagger asks for them all."""
    return tuple(f for n in lengths if len(word) > n for f in (f"pre{n}={word[:n]}", f"suf{n}={word[-n:]}"))


def _affixes(ctx: _Context, out: list[list[str]]) -> None:
    lengths = ctx.config.affixes
    for feats, w in zip(out, ctx.words):
        feats.extend(_affix_features(w, lengths))


def _bigrams(ctx: _Context, out: list[list[str]]) -> None:
    padded = ["<s>", "<s>"] + ctx.words + ["</s>", "</s>"]
    for i, feats in enumerate(out):
        j = i + 2
        feats.append("w-1=" + padded[j - 1])
        feats.append("w+1=" + padded[j + 1])
        feats.append(f"bg-={padded[j - 2]}|{padded[j - 1]}")
        feats.append(f"bg+={padded[j + 1]}|{padded[j + 2]}")


def _pos(ctx: _Context, out: list[list[str]]) -> None:
    tags = ["<s>"] + [str(t.features.get("category", "?")) for t in ctx.tokens] + ["</s>"]
    for i, feats in enumerate(out):
        feats.append("pos=" + tags[i + 1])
        feats.append(f"pos-={tags[i]}|{tags[i + 1]}")
        feats.append(f"pos+={tags[i + 1]}|{tags[i + 2]}")


@dataclass(frozen=True)
class LineInfo:
    """A line of the text: where it starts, the section header in force there, and its field
    label with where that label's colon is (-1: no field label)."""

    start: int
    section: str
    field: str
    colon: int


def line_info(text: str) -> list[LineInfo]:
    """Every line of ``text`` with the header label in force (the nearest header line at or above
    it; ``""`` before the first) and its field label (``""`` if none); see the module docstring."""
    lines: list[LineInfo] = []
    section = ""
    start = 0
    for raw in text.split("\n"):
        line = raw.strip()
        colon = line.find(":")
        if line and len(line.split()) <= HEADER_WORDS and not any(c.isdigit() for c in line) \
                and colon in (-1, len(line) - 1):
            section = _FINAL_PUNCT.sub("", line).lower()
        label = line[:colon].strip() if colon > 0 else ""
        if label and len(label.split()) <= FIELD_WORDS:
            lines.append(LineInfo(start, section, label.lower(), start + raw.find(":")))
        else:
            lines.append(LineInfo(start, section, "", -1))
        start += len(raw) + 1
    return lines


def _section(ctx: _Context, out: list[list[str]]) -> None:
    lines = line_info(ctx.doc.text)
    line_starts = [line.start for line in lines]
    previous_line = -1
    for feats, start in zip(out, ctx.starts):
        n = bisect_right(line_starts, start) - 1
        line = lines[n]
        if line.section:
            feats.append("sec=" + line.section)
        if line.field and start > line.colon:
            feats.append("field=" + line.field)
        if n != previous_line:
            feats.append("bol")
            previous_line = n


def _dictionary(ctx: _Context, out: list[list[str]]) -> None:
    lookups = ctx.doc.annset(ctx.input_set).with_type(ctx.config.lookup_type)
    for lookup in lookups:
        major = str(lookup.features.get("majorType", ""))
        full = f"{major}:{lookup.features.get('minorType', '')}"
        span = ctx.covered(lookup)
        for i in span:
            out[i].append("dict=" + major)
            out[i].append("dict=" + full)
        if span:
            out[span[0]].append("dictB=" + full)


def _annotations(ctx: _Context, out: list[list[str]]) -> None:
    annset = ctx.doc.annset(ctx.config.stack_set)
    types = ctx.config.stack_types or tuple(sorted(annset.types()))
    for ann in annset.with_type(*types):
        span = ctx.covered(ann)
        for i in span:
            out[i].append(f"ann={'B' if i == span[0] else 'I'}-{ann.type}")


_DIGIT = re.compile(r"\d")


@lru_cache(maxsize=4)
def read_clusters(name: str) -> dict[str, tuple[str, ...]]:
    """Word -> its ``c<k>=<id>`` features, from a cluster table (gzip TSV: a ``#word k64 ...`` header,
    then ``word id id ...`` lines); ``name`` is a file of resources/models or a path (E814 if unreadable)."""
    path = Path(name) if Path(name).is_absolute() else RESOURCES / "models" / name
    try:
        with gzip.open(path, "rt", encoding="utf-8") as lines:
            header = next(lines).rstrip("\n").split("\t")
            sizes = [h[1:] for h in header[1:] if h.startswith("k")]
            table = {}
            for line in lines:
                word, *ids = line.rstrip("\n").split("\t")
                table[word] = tuple(f"c{k}={i}" for k, i in zip(sizes, ids))
    except (OSError, StopIteration, ValueError, EOFError) as err:
        raise PipelineError(coded("E814", path=str(path), reason=str(err) or type(err).__name__)) from err
    return table


def _clusters(ctx: _Context, out: list[list[str]]) -> None:
    if not ctx.config.clusters:
        raise PipelineError(coded("E814", path="(none)", reason="the clusters class needs the clusters setting"))
    table = read_clusters(ctx.config.clusters)
    own = [table.get(_DIGIT.sub("0", w), ()) for w in ctx.words]
    last = len(out) - 1
    for i, feats in enumerate(out):
        feats.extend(own[i])
        if i > 0:
            feats.extend("-1:" + f for f in own[i - 1])
        if i < last:
            feats.extend("+1:" + f for f in own[i + 1])


def _document(ctx: _Context, out: list[list[str]]) -> None:
    annset = ctx.doc.annset(ctx.config.stack_set)
    types = ctx.config.stack_types or tuple(sorted(annset.types()))
    labels: list[set[str]] = [set() for _ in ctx.tokens]
    for ann in annset.with_type(*types):
        for i in ctx.covered(ann):
            labels[i].add(ann.type)
    where: dict[str, list[int]] = {}
    for i, word in enumerate(ctx.words):
        if len(word) >= 3 and any(c.isalpha() for c in word):
            where.setdefault(word, []).append(i)
    for places in where.values():
        if len(places) < 2:
            continue
        for i in places:
            elsewhere = set().union(*(labels[j] for j in places if j != i))
            out[i].append("docrep")
            out[i].extend("doc=" + t for t in sorted(elsewhere))


NEIGHBOUR_FEATURES = ("w=", "shape=", "pos=", "dict=", "ann=")


def _neighbours(ctx: _Context, out: list[list[str]]) -> None:
    add_neighbours(out)


def add_neighbours(out: list[list[str]]) -> None:
    """Append to each token's features the neighbours class's copies of the tokens beside it."""
    own = [[f for f in feats if f.startswith(NEIGHBOUR_FEATURES)] for feats in out]
    before = [["-1:" + f for f in feats] for feats in own]
    after = [["+1:" + f for f in feats] for feats in own]
    last = len(out) - 1
    for i, feats in enumerate(out):
        if i > 0:
            feats += before[i - 1]
        if i < last:
            feats += after[i + 1]


# name -> (extractor, one-line description); the order is the order of the features
FEATURE_CLASSES: dict[str, tuple[Callable[[_Context, list[list[str]]], None], str]] = {
    "word": (_word, "the word, lower-cased"),
    "orth": (_orth, "capitalisation class and word shape"),
    "punctuation": (_punctuation, "the punctuation character"),
    "number": (_number, "is a number, and its digit count"),
    "length": (_length, "word length"),
    "affixes": (_affixes, "prefixes and suffixes"),
    "bigrams": (_bigrams, "neighbouring words and the lexical bigrams before and after"),
    "pos": (_pos, "POS tag and POS bigrams (for the paper's syntactic bigrams)"),
    "section": (_section, "section header, field label, first token of a line"),
    "dictionary": (_dictionary, "majorType/minorType of covering gazetteer Lookups"),
    "annotations": (_annotations, "an earlier PR's annotations (stacking)"),
    "clusters": (_clusters, "distributional word clusters of the word and its neighbours"),
    "document": (_document, "the earlier PR's types on the same word elsewhere in the document"),
    "neighbours": (_neighbours, "the previous and next token's word, shape, POS, dictionary and annotation features"),
}
# the Stat De-id classes; annotations (stacking), clusters, document and neighbours are asked for by name
DEFAULT_CLASSES = tuple(name for name in FEATURE_CLASSES
                        if name not in ("annotations", "clusters", "document", "neighbours"))


def tokens_of(doc: Document, config: FeatureConfig, input_set: str = "") -> list[Annotation]:
    """The tokens features are made for: ``token_type`` annotations of ``input_set``, in text order."""
    return list(doc.annset(input_set).with_type(config.token_type))


def document_features(doc: Document, config: FeatureConfig, input_set: str = "",
                      tokens: Sequence[Annotation] | None = None) -> list[list[str]]:
    """The feature strings of every token of ``doc``, reading Token and Lookup annotations from
    ``input_set`` (``tokens``: :func:`tokens_of` unless given)."""
    tokens = list(tokens_of(doc, config, input_set) if tokens is None else tokens)
    text = doc.text
    ctx = _Context(doc, config, input_set, tokens, [text[t.start:t.end].lower() for t in tokens],
                   [t.start for t in tokens], [t.end for t in tokens])
    out: list[list[str]] = [[] for _ in tokens]
    for name in config.classes:
        FEATURE_CLASSES[name][0](ctx, out)
    return out


def split_features(doc: Document, config: FeatureConfig, input_set: str = "",
                   tokens: Sequence[Annotation] | None = None) -> list[tuple[tuple[str, ...], ...]]:
    """Per token, its features class by class (one tuple per class of ``config`` but
    ``neighbours``, in order), so that :func:`join_features` can switch classes without running
    the extraction again (the feature-class ablation)."""
    tokens = list(tokens_of(doc, config, input_set) if tokens is None else tokens)
    per_class = [document_features(doc, replace(config, classes=(name,)), input_set, tokens)
                 for name in config.classes if name != "neighbours"]
    return [tuple(tuple(feats[i]) for feats in per_class) for i in range(len(tokens))]


def join_features(split: Sequence[Sequence[Sequence[str]]], config: FeatureConfig,
                  classes: Sequence[str]) -> list[list[str]]:
    """What :func:`document_features` gives with only ``classes`` on (a subset of ``config``'s),
    from the :func:`split_features` of a document made with ``config``."""
    base = [name for name in config.classes if name != "neighbours"]
    chosen = [base.index(name) for name in FEATURE_CLASSES if name in classes and name != "neighbours"]
    out = [[f for i in chosen for f in token[i]] for token in split]
    if "neighbours" in classes:
        add_neighbours(out)
    return out
