"""Averaged-perceptron part-of-speech tagger: features, two-pass decoding, training, model files.

Pass 1 scores each word from the words around it: form, prefixes, suffixes, inner trigrams and
shape of the word itself, form/suffixes/shape of the two words on each side, the tag sets seen with
each of these five words in training ("ambiguity classes"), word bigrams, and whether the word
touches its neighbours (no space: ``e-mail`` vs ``2 - 3``), and, when the model has a cluster
table, prefixes of each window word's distributional cluster (Brown clusters learnt from unlabelled
text: they generalise to words the treebank never shows). Pass 2 adds the pass-1 tags of the two
words on each side (alone, in pairs, and joined with the current word and with its cluster), i.e.
tag context from both directions, which a greedy left-to-right tagger lacks. Neither pass
depends on its own earlier decisions, so a whole batch of sentences is scored with a few numpy
gathers, and the part of the score that depends on one word type at one offset is computed once
per type and cached. Frequent unambiguous words take their tag from a tag dictionary.

Training is the averaged perceptron (Collins 2002) with lazy averaging, optionally averaged again
over several random example orders ("bags"). The pass-2 weights are
trained on pass-1 tags predicted by models that did not see the sentence (jackknifing), so they
learn how far pass-1 tags can be trusted. Models are gzip JSON (weights quantised, tiny ones
dropped): see :func:`save_model`.
"""

from __future__ import annotations

import gzip
import io
import json
import threading
from collections import Counter, defaultdict
from itertools import chain
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

import numpy as np

from annotator.atomic import write_atomic
from annotator.errors import InputError, coded

FORMAT = "annotator-pos-perceptron"
VERSION = 2  # 2: adds the word-cluster table ("clusters"); version 1 files (no clusters) still load
READABLE_VERSIONS = (1, 2)
OFFSETS = (-2, -1, 0, 1, 2)
LEFT_PADS = ("<s2>", "<s1>")  # pseudo-words before and after every sentence
RIGHT_PADS = ("</s1>", "</s2>")
START, END = "<s>", "</s>"  # the "tags" of the pads in pass 2
SCALE = 100  # weights are stored as round(weight * SCALE)
TAGDICT_MIN_COUNT = 20
TAGDICT_MIN_SHARE = 0.97
CLASS_MIN_COUNT = 3
MAX_CACHED_TYPES = 100_000  # word types whose scores a Tagger keeps (10 x n_tags floats each)
OWN_CLUSTER_BITS = (4, 6, 10, 20)  # cluster-path prefixes used for the word itself (20: the whole path)
NEAR_CLUSTER_BITS = (4, 6, 10, 20)  # ... for the words at -1 and +1
FAR_CLUSTER_BITS = (6, 20)  # ... for the words at -2 and +2
_DIGITS = str.maketrans("0123456789", "0000000000")
_PADS = frozenset(LEFT_PADS + RIGHT_PADS)

Sentence = tuple[Sequence[str], Sequence["str | None"], Sequence[bool]]  # words, gold tags, glued


# ---------------------------------------------------------------------------------- features
def normalise(word: str) -> str:
    """Lower case, every digit as ``0``: the form used by word features."""
    return word.lower().translate(_DIGITS)


def shape(word: str) -> str:
    """Character classes with runs collapsed: ``McDonald`` -> ``XxXx``, ``3.5mg`` -> ``d.dx``."""
    out: list[str] = []
    for ch in word[:12]:
        c = "X" if ch.isupper() else "x" if ch.islower() else "d" if ch.isdigit() else ch
        if not out or out[-1] != c:
            out.append(c)
    return "".join(out)


def cluster_of(word: str, clusters: dict[str, int]) -> int | None:
    """The word's cluster path (bit i = branch i of the cluster tree): the word as written, else
    lower-cased, else with every digit as ``0``; None for words the table lacks."""
    found = clusters.get(word)
    if found is None:
        found = clusters.get(word.lower())
        if found is None:
            found = clusters.get(normalise(word))
    return found


def cluster_features(key: str, path: int | None, bits: Sequence[int]) -> list[str]:
    """Prefixes of a cluster path (its lowest ``b`` bits for each ``b`` in ``bits``): coarse ones
    group words of one part of speech, fine ones near-synonyms."""
    if path is None:
        return []
    return [f"{key}{b}={path & ((1 << b) - 1)}" for b in bits]


def word_features(word: str, classes: dict[str, str], clusters: dict[str, int] | None = None
                  ) -> tuple[list[str], ...]:
    """Features contributed by ``word`` standing at each offset of :data:`OFFSETS` from the word
    being tagged; ``classes`` maps frequent normalised words to their ambiguity class (the tags
    seen with them in training), ``clusters`` words to their distributional cluster path (learnt
    from unlabelled text, so it also covers words never seen in training)."""
    if word in _PADS:
        return tuple([f"{k}w={word}"] + (["bias"] if k == 0 else []) for k in OFFSETS)
    n = normalise(word)
    cls = classes.get(n, "?")
    sh = shape(word)
    path = cluster_of(word, clusters) if clusters else None
    own = ["bias", f"0ac={cls}", f"0w={n}", f"0sh={sh}", *cluster_features("0c", path, OWN_CLUSTER_BITS)]
    if word[:1].isupper():  # a capitalised common word, or a name?
        own += [f"0W={word}", f"0uc={cls}"]
    own += [f"0s{i}={n[-i:]}" for i in range(1, 6) if len(n) > i]
    own += [f"0p{i}={n[:i]}" for i in range(1, 5) if len(n) > i]
    if "-" in word:
        own.append("0hy")
    own += list(dict.fromkeys(f"0g={n[i:i + 3]}" for i in range(1, len(n) - 3)))
    near = [[f"{k}w={n}", f"{k}ac={cls}", f"{k}s2={n[-2:]}", f"{k}s3={n[-3:]}", f"{k}sh={sh}",
             *cluster_features(f"{k}c", path, NEAR_CLUSTER_BITS)] for k in (-1, 1)]
    far = [[f"{k}w={n}", f"{k}ac={cls}", f"{k}s3={n[-3:]}", *cluster_features(f"{k}c", path, FAR_CLUSTER_BITS)]
           for k in (-2, 2)]
    return far[0], near[0], own, near[1], far[1]


def pair_features(prev: str, cur: str, nxt: str, glue: str) -> tuple[str, ...]:
    """Word-bigram features of normalised forms (not decomposable by word type), and the word with
    its spacing (``glue``: two digits, 1 = no space before / after it; ``e-mail`` vs ``2 - 3``)."""
    return f"b{prev}|{cur}", f"a{cur}|{nxt}", f"c{prev}|{nxt}", f"g{glue}|{cur}"


def tag_word_features(prev_tag: str, cur: str, next_tag: str, cluster: str | None) -> tuple[str, ...]:
    """Pass 2: pass-1 tags of the neighbours joined with the current normalised word (L, R, M), and
    with its cluster (P, N, Q; :func:`cluster_key`; None: the model has no clusters): generalises
    the word-tag pairs to words seen rarely or never. No other feature starts with these letters
    (see :class:`_TagWordRows`)."""
    words = f"L{prev_tag}|{cur}", f"R{cur}|{next_tag}", f"M{prev_tag}|{cur}|{next_tag}"
    if cluster is None:
        return words
    return words + (f"P{prev_tag}|{cluster}", f"N{cluster}|{next_tag}", f"Q{prev_tag}|{cluster}|{next_tag}")


class _TagWordRows:
    """The weight rows of a model's :func:`tag_word_features`, keyed by integers (previous tag, next
    tag, word or cluster id) so that a whole batch is looked up with numpy rather than by building
    six strings per word. Tags never contain ``|``; words may."""

    KINDS = "LRMPNQ"

    def __init__(self, features: Sequence[str], tag_names: Sequence[str], zero_row: int) -> None:
        tag_id = {t: i for i, t in enumerate(tag_names)}
        self.n_tags, self.zero_row = len(tag_names), zero_row
        self.values: tuple[dict[str, int], dict[str, int]] = ({}, {})  # normalised word / cluster key -> id
        found: dict[str, list[tuple[int, int, int, int]]] = {k: [] for k in self.KINDS}
        for row, f in enumerate(features):
            kind = f[:1]
            if kind not in found:
                continue
            prev = nxt = ""
            if kind in "LP":
                prev, value = f[1:].split("|", 1)
            elif kind in "RN":
                value, nxt = f[1:].rsplit("|", 1)
            else:
                prev, rest = f[1:].split("|", 1)
                value, nxt = rest.rsplit("|", 1)
            if (prev and prev not in tag_id) or (nxt and nxt not in tag_id):
                continue  # not a tag: not one of these features
            vocab = self.values[kind in "PNQ"]
            found[kind].append((tag_id.get(prev, 0), tag_id.get(nxt, 0), vocab.setdefault(value, len(vocab)), row))
        self.table: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        self._tables: dict[str, np.ndarray] | None = None  # see rows_by_table
        for kind, entries in found.items():
            arr = np.asarray(entries, dtype=np.int64).reshape(-1, 4)
            keys = self._keys(kind, arr[:, 0], arr[:, 1], arr[:, 2])
            order = np.argsort(keys)
            self.table[kind] = keys[order], arr[order, 3]

    def _keys(self, kind: str, prev: np.ndarray, nxt: np.ndarray, value: np.ndarray) -> np.ndarray:
        size = len(self.values[kind in "PNQ"])
        return (prev * self.n_tags + nxt) * size + value

    def value_ids(self, norm: str, cluster: str | None) -> tuple[int, int]:
        """The ids of a word type's normalised form and cluster key (-1: in no feature)."""
        return self.values[0].get(norm, -1), self.values[1].get(cluster, -1)

    def rows(self, prev: np.ndarray, nxt: np.ndarray, word_ids: np.ndarray, cluster_ids: np.ndarray
             ) -> list[np.ndarray]:
        """Per kind, the row of each word's feature (the zero row where the model has none)."""
        none = np.zeros_like(prev)
        out = []
        for kind in self.KINDS:
            keys, rows = self.table[kind]
            value = cluster_ids if kind in "PNQ" else word_ids
            if not len(keys):
                out.append(np.full_like(prev, self.zero_row))
                continue
            want = self._keys(kind, prev if kind not in "RN" else none, nxt if kind not in "LP" else none, value)
            at = np.minimum(np.searchsorted(keys, want), len(keys) - 1)
            out.append(np.where((keys[at] == want) & (value >= 0), rows[at], self.zero_row))
        return out

    def rows_by_table(self, prev: np.ndarray, nxt: np.ndarray, word_ids: np.ndarray, cluster_ids: np.ndarray
                      ) -> list[np.ndarray]:
        """:meth:`rows`, read from a table of every key (built on first use) for the kinds whose
        key space is small (all but M: previous tag x next tag x word), by binary search for M."""
        if self._tables is None:
            self._tables = {kind: self._table(kind) for kind in self.KINDS if kind != "M"}
        out = []
        for kind in self.KINDS:
            table = self._tables.get(kind)
            value = cluster_ids if kind in "PNQ" else word_ids
            if table is None:
                out.append(self.rows_of(kind, prev, nxt, value))
                continue
            size = len(self.values[kind in "PNQ"])
            left = prev if kind in "LP" else nxt if kind in "RN" else prev * self.n_tags + nxt
            out.append(np.where(value >= 0, table.take(left * size + np.maximum(value, 0)), self.zero_row))
        return out

    def rows_of(self, kind: str, prev: np.ndarray, nxt: np.ndarray, value: np.ndarray) -> np.ndarray:
        """One kind's rows by binary search, as :meth:`rows` finds them."""
        keys, rows = self.table[kind]
        if not len(keys):
            return np.full_like(prev, self.zero_row)
        none = np.zeros_like(prev)
        want = self._keys(kind, prev if kind not in "RN" else none, nxt if kind not in "LP" else none, value)
        at = np.minimum(np.searchsorted(keys, want), len(keys) - 1)
        return np.where((keys[at] == want) & (value >= 0), rows[at], self.zero_row)

    def _table(self, kind: str) -> np.ndarray:
        """Row per key of ``kind`` over (the tag it reads, or both for Q) x value id; zero row elsewhere."""
        keys, rows = self.table[kind]
        size = len(self.values[kind in "PNQ"])
        sides = self.n_tags * self.n_tags if kind == "Q" else self.n_tags
        table = np.full(max(sides * size, 1), self.zero_row, dtype=np.int64 if self.zero_row >= 2 ** 31 else np.int32)
        if kind in "LP":  # key = prev * n_tags * size + value
            at = keys // (self.n_tags * size) * size + keys % size if size else keys
        else:  # R, N: key = next * size + value; Q: the whole key
            at = keys
        table[at] = rows
        return table


_GLUE_CODES = {"00": 0, "01": 1, "10": 2, "11": 3}  # spacing digits of pair_features -> 2 * before + after


class _PairRows:
    """The weight rows of a model's :func:`pair_features`, keyed by integers (ids of normalised
    forms, and the spacing code) so that a whole batch is looked up with numpy rather than by
    building four strings per word. Words may contain ``|``: a bigram feature is entered under
    every way of splitting it at a ``|``, since each split is a pair of forms that builds it."""

    KINDS = "bacg"  # pair_features' order: prev|cur, cur|nxt, prev|nxt, glue|cur

    def __init__(self, features: Sequence[str], zero_row: int) -> None:
        self.zero_row = zero_row
        self.vocab: dict[str, int] = {}  # normalised form -> id
        vocab = self.vocab
        found: dict[str, list[tuple[int, int, int]]] = {k: [] for k in self.KINDS}
        for row, f in enumerate(features):
            kind = f[:1]
            if kind not in found or "|" not in f:
                continue
            if kind == "g":
                code = _GLUE_CODES.get(f[1:3])
                if code is not None and f[3:4] == "|":
                    found[kind].append((code, vocab.setdefault(f[4:], len(vocab)), row))
                continue
            at = f.find("|", 1)
            while at >= 0:
                left, right = f[1:at], f[at + 1:]
                found[kind].append((vocab.setdefault(left, len(vocab)), vocab.setdefault(right, len(vocab)), row))
                at = f.find("|", at + 1)
        self.size = max(len(vocab), 1)
        self.table: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        for kind, entries in found.items():
            arr = np.asarray(entries, dtype=np.int64).reshape(-1, 3)
            keys = arr[:, 0] * self.size + arr[:, 1]
            order = np.argsort(keys, kind="stable")
            self.table[kind] = keys[order], arr[order, 2]
        self.spacing = np.full(len(_GLUE_CODES) * self.size, zero_row, dtype=np.int64)  # g: every key
        self.spacing[self.table["g"][0]] = self.table["g"][1]

    def rows(self, kind: str, left: np.ndarray, right: np.ndarray) -> np.ndarray:
        """The row of each (left, right) pair's feature of ``kind`` (ids; -1: a form in no pair
        feature; for ``g`` left is the spacing code), the zero row where the model has none."""
        if kind == "g":
            return np.where(right >= 0, self.spacing.take(left * self.size + np.maximum(right, 0)), self.zero_row)
        keys, rows = self.table[kind]
        if not len(keys):
            return np.full(left.shape, self.zero_row, dtype=np.int64)
        want = left * self.size + right
        at = np.minimum(np.searchsorted(keys, want), len(keys) - 1)
        return np.where((keys[at] == want) & (left >= 0) & (right >= 0), rows[at], self.zero_row)


def _layout_codes(sentences: Sequence[Sequence[str]], glued: Sequence[Sequence[bool]] | None
                  ) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray] | None:
    """:func:`layout` with the spacing of each real word as a code (``2 * before + after``, the
    digits of :data:`_GLUE_CODES`) built by numpy instead of a string per word; None where a
    glue list's length is not its sentence's (left to :func:`layout`)."""
    lengths = np.fromiter(map(len, sentences), dtype=np.int64, count=len(sentences))
    total = int(lengths.sum())
    if glued is None:
        after = np.zeros(total, dtype=np.int64)
    else:
        if len(glued) < len(sentences) or any(len(g) != n for g, n in zip(glued, lengths.tolist())):
            return None
        after = np.fromiter(map(bool, chain.from_iterable(glued[:len(sentences)])), dtype=bool, count=total
                            ).astype(np.int64)
    words: list[str] = []
    for sent in sentences:
        words += LEFT_PADS
        words += sent
        words += RIGHT_PADS
    pos = np.arange(total, dtype=np.int64) + np.repeat(2 + 4 * np.arange(len(sentences), dtype=np.int64), lengths)
    starts = np.cumsum(lengths + 4) - lengths - 2  # first real position of each sentence
    pads = np.zeros(len(words), dtype=np.int8)
    pads[starts - 2] = pads[starts - 1] = 1
    pads[starts + lengths] = pads[starts + lengths + 1] = 2
    before = np.zeros(total, dtype=np.int64)
    before[1:] = after[:-1]
    before[(np.cumsum(lengths) - lengths)[lengths > 0]] = 0  # a sentence's first word
    return words, pos, pads, 2 * before + after


def cluster_key(word: str, clusters: dict[str, int]) -> str | None:
    """The word's whole cluster path as a feature value: ``-`` for a word without one, None
    for every word when there is no cluster table."""
    if not clusters:
        return None
    path = cluster_of(word, clusters)
    return "-" if path is None else str(path)


def dense_size(n_tags: int) -> int:
    """Rows of the pass-2 tag-context block: t-2, t-1, t+1, t+2 alone and three pairs."""
    t = n_tags + 2
    return 4 * t + 3 * t * t


def dense_rows(tags: np.ndarray, pos: np.ndarray, n_tags: int, base: int) -> list[np.ndarray]:
    """Row ids of the pass-2 tag-context features of the words at ``pos``, from the pass-1 ``tags``
    over the layout (pads included as ``n_tags`` = start, ``n_tags + 1`` = end)."""
    t = n_tags + 2
    m2, m1, p1, p2 = tags[pos - 2], tags[pos - 1], tags[pos + 1], tags[pos + 2]
    singles = [base + i * t + x for i, x in enumerate((m2, m1, p1, p2))]
    base += 4 * t
    pairs = [base + i * t * t + a * t + b for i, (a, b) in enumerate(((m1, p1), (m2, m1), (p1, p2)))]
    return singles + pairs


def layout(sentences: Sequence[Sequence[str]], glued: Sequence[Sequence[bool]] | None = None
           ) -> tuple[list[str], np.ndarray, np.ndarray, list[str]]:
    """Concatenate sentences with two pads on each side: ``(words, real positions, pad tags, glue)``;
    pad tags are 0 at real words, 1 at left pads and 2 at right pads; ``glue`` gives each real word
    its spacing digits (see :func:`pair_features`; ``glued[s][i]``: no space after word i)."""
    words: list[str] = []
    pads: list[int] = []
    positions: list[int] = []
    glue: list[str] = []
    for s, sent in enumerate(sentences):
        words += LEFT_PADS
        start = len(words)
        words += sent
        positions += range(start, len(words))
        words += RIGHT_PADS
        pads += (1, 1) + (0,) * len(sent) + (2, 2)
        after = glued[s] if glued is not None else [False] * len(sent)
        before = False
        for g in after:
            glue.append(("1" if before else "0") + ("1" if g else "0"))
            before = g
    return words, np.asarray(positions, dtype=np.int64), np.asarray(pads, dtype=np.int8), glue


def _context_tags(predicted: np.ndarray, pos: np.ndarray, pads: np.ndarray, n_tags: int) -> np.ndarray:
    tags = np.where(pads == 2, n_tags + 1, n_tags).astype(np.int64)
    tags[pos] = predicted
    return tags


# ---------------------------------------------------------------------------------- tagging
STRATEGIES = ("fast", "reference")


class Tagger:
    """A loaded model: ``tag(words)`` or ``tag_sentences([...])`` -> tag strings.

    Keeps a cache of per-word-type scores, which one call at a time reads and extends (a lock:
    threads sharing a tagger take turns). Two strategies give the same tags: ``reference`` builds
    each word's pair features (:func:`pair_features`) as strings and looks them up one by one;
    ``fast`` (the default) looks up the whole batch's by integer keys (:class:`_PairRows`), and
    pass 2's tag-word rows in tables of every key (:meth:`_TagWordRows.rows_by_table`)."""

    def __init__(self, model: dict[str, Any]) -> None:
        self.meta: dict[str, Any] = model["meta"]
        self.tags: list[str] = model["tags"]
        nt = len(self.tags)
        self.tagdict: dict[str, int] = {w: self.tags.index(t) for w, t in model["tagdict"].items()}
        self.classes: dict[str, str] = model["classes"]
        self.clusters: dict[str, int] = model.get("clusters", {})
        features: list[str] = model["features"]
        self.index = {f: i for i, f in enumerate(features)}
        self.dense_base = len(features)
        self.zero_row = self.dense_base + dense_size(nt)
        rows = self.zero_row + 1
        self.w1 = _from_sparse(model["pass1"], rows, nt)
        self.w2 = _from_sparse(model["pass2"], rows, nt)
        self.tag_names = self.tags + [START, END]
        self._tag_words = _TagWordRows(features, self.tag_names, self.zero_row)
        self._pairs = _PairRows(features, self.zero_row)
        self._families: dict[Any, Any] | None = None  # see _offset_rows
        self._clear_cache("fast")
        self._lock = threading.Lock()

    def _clear_cache(self, strategy: str) -> None:
        """Forget the cached word types; ``strategy``: the one whose calls fill the cache from now
        on (a strategy reads only scores it computed itself, so the reference stays a check)."""
        self._cached_by = strategy
        self._words: dict[str, int] = {}
        self._norms: list[str] = []
        self._cache = np.zeros((2, len(OFFSETS), 1024, len(self.tags)), dtype=np.float32)
        self._info = np.zeros((4, 1024), dtype=np.int64)  # per word type: forced tag, word id, cluster id, pair id

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        del state["_lock"]  # a copy for another process gets its own
        state["_families"] = None  # rebuilt there on first use
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._lock = threading.Lock()

    def _add_words(self, words: list[str], fast: bool = False) -> None:
        """Compute and cache both passes' scores of new word types at every offset (``fast``: each
        word's feature rows by :meth:`_offset_rows`, else by looking up :func:`word_features`)."""
        first = len(self._norms)
        need = first + len(words)
        if need > self._cache.shape[2]:
            grown = np.zeros(self._cache.shape[:2] + (max(need, 2 * self._cache.shape[2]),) + self._cache.shape[3:],
                             dtype=np.float32)
            grown[:, :, :first] = self._cache[:, :, :first]
            self._cache = grown
            info = np.zeros((4, self._cache.shape[2]), dtype=np.int64)
            info[:, :first] = self._info[:, :first]
            self._info = info
        index, zero = self.index, self.zero_row
        feats = []
        for j, word in enumerate(words):
            self._words[word] = first + j
            norm = normalise(word)
            self._norms.append(norm)
            self._info[:, first + j] = (self.tagdict.get(word, -1),
                                        *self._tag_words.value_ids(norm, cluster_key(word, self.clusters)),
                                        self._pairs.vocab.get(norm, -1))
            if fast:
                feats.append(self._offset_rows(word, norm))
            else:
                feats.append([[i for i in map(index.get, f) if i is not None]  # unknown features add 0
                              for f in word_features(word, self.classes, self.clusters)])
        for o in range(len(OFFSETS)):
            flat: list[int] = []
            starts: list[int] = []
            for f_word in feats:
                starts.append(len(flat))
                flat += f_word[o]
                flat.append(zero)  # no segment is empty
            flat_a = np.asarray(flat, dtype=np.int64)
            starts_a = np.asarray(starts, dtype=np.int64)
            self._cache[0, o, first:need] = np.add.reduceat(self.w1.take(flat_a, axis=0), starts_a)
            self._cache[1, o, first:need] = np.add.reduceat(self.w2.take(flat_a, axis=0), starts_a)

    def _offset_rows(self, word: str, n: str) -> list[list[int]]:
        """The rows of :func:`word_features` (``n``: the word normalised), in its order, each
        offset's unknown features left out: read from one table per feature family (the name
        before ``=``) keyed by the value, instead of building each feature's string."""
        if word in _PADS:
            return [[i for i in map(self.index.get, f) if i is not None]
                    for f in word_features(word, self.classes, self.clusters)]
        t = self._families or self._family_tables()
        cls = self.classes.get(n, "?")
        sh = shape(word)
        path = cluster_of(word, self.clusters) if self.clusters else None
        s2, s3 = n[-2:], n[-3:]
        own = [cls, n, sh]
        own_t = t["own"]
        if path is not None:
            cut = {b: str(path & ((1 << b) - 1)) for b in t["bits"]}
            own += [cut[b] for b in OWN_CLUSTER_BITS]
            own_t = own_t + t["own_c"]
        if word[:1].isupper():
            own += [word, cls]
            own_t = own_t + t["upper"]
        m = min(len(n) - 1, 5)
        if m > 0:
            own += [n[-i:] for i in range(1, m + 1)]
            own_t = own_t + t["suffix"][:m]
        m = min(len(n) - 1, 4)
        if m > 0:
            own += [n[:i] for i in range(1, m + 1)]
            own_t = own_t + t["prefix"][:m]
        first = t["bias"] + [i for i in map(dict.get, own_t, own) if i is not None]
        if "-" in word:
            first += t["hyphen"]
        if len(n) > 4:
            grams = t["gram"]
            first += [i for i in map(grams.get, dict.fromkeys(n[i:i + 3] for i in range(1, len(n) - 3)))
                      if i is not None]
        out = []
        for k in OFFSETS:
            if k == 0:
                out.append(first)
                continue
            near = k in (-1, 1)
            values = [n, cls, s2, s3, sh] if near else [n, cls, s3]
            tables = t[k]
            if path is not None:
                values += [cut[b] for b in (NEAR_CLUSTER_BITS if near else FAR_CLUSTER_BITS)]
                tables = tables + t[(k, "c")]
            out.append([i for i in map(dict.get, tables, values) if i is not None])
        return out

    def _family_tables(self) -> dict[Any, Any]:
        """For :meth:`_offset_rows`: each feature family's value -> row table, in the orders of
        :func:`word_features`."""
        families: dict[str, dict[str, int]] = defaultdict(dict)
        for f, row in self.index.items():
            if f[:1] == "-" or f[:1].isdigit():
                family, _, value = f.partition("=")
                families[family][value] = row

        def of(*names: str) -> list[dict[str, int]]:
            return [families.get(name, {}) for name in names]

        t: dict[Any, Any] = {
            "own": of("0ac", "0w", "0sh"), "own_c": of(*(f"0c{b}" for b in OWN_CLUSTER_BITS)),
            "upper": of("0W", "0uc"), "suffix": of(*(f"0s{i}" for i in range(1, 6))),
            "prefix": of(*(f"0p{i}" for i in range(1, 5))), "gram": families.get("0g", {}),
            "bits": set(OWN_CLUSTER_BITS + NEAR_CLUSTER_BITS + FAR_CLUSTER_BITS),
            "bias": [self.index["bias"]] if "bias" in self.index else [],
            "hyphen": [self.index["0hy"]] if "0hy" in self.index else []}
        for k in (-1, 1):
            t[k] = of(f"{k}w", f"{k}ac", f"{k}s2", f"{k}s3", f"{k}sh")
            t[(k, "c")] = of(*(f"{k}c{b}" for b in NEAR_CLUSTER_BITS))
        for k in (-2, 2):
            t[k] = of(f"{k}w", f"{k}ac", f"{k}s3")
            t[(k, "c")] = of(*(f"{k}c{b}" for b in FAR_CLUSTER_BITS))
        self._families = t
        return t

    def tag_sentences(self, sentences: Sequence[Sequence[str]],
                      glued: Sequence[Sequence[bool]] | None = None, strategy: str = "fast") -> list[list[str]]:
        """Tag each sentence (a sequence of word strings); ``glued[s][i]`` says that word i of
        sentence s has no space after it (default: spaces everywhere). ``strategy``: one of
        :data:`STRATEGIES` (same tags; see the class)."""
        if strategy not in STRATEGIES:
            raise ValueError(f"strategy {strategy!r}: one of {', '.join(STRATEGIES)}")
        with self._lock:
            if len(self._norms) > MAX_CACHED_TYPES or strategy != self._cached_by:  # bounded in long runs
                self._clear_cache(strategy)
            if strategy == "fast":
                return self._tag_sentences_fast(sentences, glued)
            return self._tag_sentences(sentences, glued)

    def _tag_sentences(self, sentences: Sequence[Sequence[str]],
                       glued: Sequence[Sequence[bool]] | None) -> list[list[str]]:
        words, pos, pads, glue = layout(sentences, glued)
        if not len(pos):
            return [[] for _ in sentences]
        known = self._words
        new = [w for w in dict.fromkeys(words) if w not in known]
        if new:
            self._add_words(new)
        ids = np.fromiter((known[w] for w in words), dtype=np.int64, count=len(words))
        norms = self._norms
        n = [norms[i] for i in ids.tolist()]
        forced, word_ids, cluster_ids = self._info[:3, ids[pos]]
        index, zero = self.index, self.zero_row
        pairs = np.asarray([index.get(f, zero) for i, g in zip(pos.tolist(), glue)
                            for f in pair_features(n[i - 1], n[i], n[i + 1], g)], dtype=np.int64).reshape(len(pos), -1)
        return self._decode(sentences, ids, pos, pads, forced, word_ids, cluster_ids, pairs.T, False)

    def _tag_sentences_fast(self, sentences: Sequence[Sequence[str]],
                            glued: Sequence[Sequence[bool]] | None) -> list[list[str]]:
        laid = _layout_codes(sentences, glued)
        if laid is None:
            return self._tag_sentences(sentences, glued)
        words, pos, pads, glue = laid
        if not len(pos):
            return [[] for _ in sentences]
        known = self._words
        found = list(map(known.get, words))
        if None in found:
            self._add_words([w for w in dict.fromkeys(words) if w not in known], fast=True)
            found = list(map(known.__getitem__, words))
        ids = np.asarray(found, dtype=np.int64)
        forced, word_ids, cluster_ids = self._info[:3, ids[pos]]
        vocab = self._info[3, ids]
        prev, cur, nxt = vocab[pos - 1], vocab[pos], vocab[pos + 1]
        rows = self._pairs.rows
        pairs = (rows("b", prev, cur), rows("a", cur, nxt), rows("c", prev, nxt), rows("g", glue, cur))
        return self._decode(sentences, ids, pos, pads, forced, word_ids, cluster_ids, pairs, True)

    def _decode(self, sentences: Sequence[Sequence[str]], ids: np.ndarray, pos: np.ndarray, pads: np.ndarray,
                forced: np.ndarray, word_ids: np.ndarray, cluster_ids: np.ndarray, pairs: Iterable[np.ndarray],
                fast: bool) -> list[list[str]]:
        """Both passes over a layout (word-type ids, real positions, pad tags), given the pass-1
        inputs of each real word and the rows of its pair features, in :func:`pair_features`' order
        (``fast``: pass 2's tag-word rows by :meth:`_TagWordRows.rows_by_table`)."""
        nt = len(self.tags)
        tag_word_rows = self._tag_words.rows_by_table if fast else self._tag_words.rows
        predicted = None
        for p, weights in enumerate((self.w1, self.w2)):
            cache = self._cache[p]
            # take(axis=0): the rows a fancy index gives, copied without numpy's general indexing loop
            scores = cache[0].take(ids[pos - 2], axis=0)
            for o in range(1, len(OFFSETS)):
                scores += cache[o].take(ids[pos + OFFSETS[o]], axis=0)
            for rows in pairs:
                scores += weights.take(rows, axis=0)
            if predicted is not None:
                tags = _context_tags(predicted, pos, pads, nt)
                for rows in dense_rows(tags, pos, nt, self.dense_base):
                    scores += weights.take(rows, axis=0)
                for rows in tag_word_rows(tags[pos - 1], tags[pos + 1], word_ids, cluster_ids):
                    scores += weights.take(rows, axis=0)
            predicted = np.where(forced >= 0, forced, scores.argmax(axis=1))
        out: list[list[str]] = []
        names = self.tags
        flat_tags = [names[t] for t in predicted.tolist()]
        at = 0
        for sent in sentences:
            out.append(flat_tags[at:at + len(sent)])
            at += len(sent)
        return out

    def tag(self, words: Sequence[str], glued: Sequence[bool] | None = None) -> list[str]:
        return self.tag_sentences([words], None if glued is None else [glued])[0]


def accuracy(tagger: Tagger, sentences: Sequence[Sentence]) -> tuple[int, int]:
    """``(correct, scored)`` over the words whose gold tag is known."""
    predicted = tagger.tag_sentences([s[0] for s in sentences], [s[2] for s in sentences])
    correct = total = 0
    for (_, gold, _), guess in zip(sentences, predicted):
        for g, p in zip(gold, guess):
            if g is not None:
                total += 1
                correct += g == p
    return correct, total


# ---------------------------------------------------------------------------------- model files
def _to_sparse(weights: np.ndarray) -> dict[str, list[int]]:
    q = np.rint(weights * SCALE).astype(np.int64)
    rows, cols = np.nonzero(q)
    counts = np.bincount(rows, minlength=q.shape[0])
    return {"counts": counts.tolist(), "tags": cols.tolist(), "weights": q[rows, cols].tolist()}


def _from_sparse(data: dict[str, list[int]], rows: int, n_tags: int) -> np.ndarray:
    counts = np.asarray(data["counts"], dtype=np.int64)
    w = np.zeros((rows, n_tags), dtype=np.float32)
    w[np.repeat(np.arange(len(counts)), counts), np.asarray(data["tags"], dtype=np.int64)] = \
        np.asarray(data["weights"], dtype=np.float32) / SCALE
    return w


def save_model(model: dict[str, Any], path: str | Path) -> None:
    """Write gzip JSON atomically; the bytes depend only on the model (gzip mtime is 0)."""
    data = json.dumps(model, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    packed = io.BytesIO()
    with gzip.GzipFile(fileobj=packed, mode="wb", mtime=0, filename="") as out:
        out.write(data)
    write_atomic(Path(path), packed.getvalue())


def read_model(path: str | Path) -> dict[str, Any]:
    try:
        with gzip.open(path, "rb") as f:
            model = json.loads(f.read().decode("utf-8"))
    except (OSError, EOFError, ValueError) as exc:
        raise InputError(coded("E603", reason=exc), path=path) from None
    if not isinstance(model, dict) or model.get("format") != FORMAT or model.get("version") not in READABLE_VERSIONS:
        raise InputError(coded("E603", reason=f"not a {FORMAT} model, version {' or '.join(map(str, READABLE_VERSIONS))}"), path=path)
    rows = len(model["features"]) + dense_size(len(model["tags"]))
    if not all(len(model[p]["counts"]) == rows for p in ("pass1", "pass2")):
        raise InputError(coded("E603", reason="weights do not match the features (another version?)"), path=path)
    return model


def load_model(path: str | Path) -> Tagger:
    """Load a model file written by :func:`save_model`."""
    return Tagger(read_model(path))


# ---------------------------------------------------------------------------------- training
class _Data:
    """Training or dev sentences in layout form, with per-word-type feature strings cached."""

    def __init__(self, sentences: Sequence[Sentence], tag_ids: dict[str, int], clusters: dict[str, int]) -> None:
        self.words, self.pos, self.pads, self.glue = layout([s[0] for s in sentences], [s[2] for s in sentences])
        self.gold = np.asarray([tag_ids.get(t, -1) if t is not None else -1
                                for s in sentences for t in s[1]], dtype=np.int64)
        self.norms = [normalise(w) for w in self.words]
        self.cluster_keys = [cluster_key(w, clusters) for w in self.words]
        self.sentence_of = np.repeat(np.arange(len(sentences)), [len(s[0]) for s in sentences])

    def static_strings(self, classes: dict[str, str], clusters: dict[str, int]
                       ) -> tuple[list[list[str]], list[tuple[str, ...]]]:
        """Per real word: the offset features of each offset, and its pair features."""
        cache: dict[str, tuple[list[str], ...]] = {}
        words, n = self.words, self.norms
        per_word, pairs = [], []
        for i, glue in zip(self.pos.tolist(), self.glue):
            feats: list[str] = []
            for o, k in enumerate(OFFSETS):
                found = cache.get(words[i + k])
                if found is None:
                    found = cache[words[i + k]] = word_features(words[i + k], classes, clusters)
                feats += found[o]
            per_word.append(feats)
            pairs.append(pair_features(n[i - 1], n[i], n[i + 1], glue))
        return per_word, pairs

    def tag_word_strings(self, predicted: np.ndarray, names: list[str]) -> list[tuple[str, ...]]:
        tags = _context_tags(predicted, self.pos, self.pads, len(names) - 2).tolist()
        n, ck = self.norms, self.cluster_keys
        return [tag_word_features(names[tags[i - 1]], n[i], names[tags[i + 1]], ck[i]) for i in self.pos.tolist()]


def _flatten(rows: Iterable[Iterable[str]], index: dict[str, int]) -> tuple[np.ndarray, np.ndarray]:
    flat: list[int] = []
    ptr = [0]
    for feats in rows:
        flat += [index[f] for f in feats if f in index]
        ptr.append(len(flat))
    return np.asarray(flat, dtype=np.int64), np.asarray(ptr, dtype=np.int64)


def _join(a: tuple[np.ndarray, np.ndarray], b: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Concatenate two per-word feature lists word by word."""
    (fa, pa), (fb, pb) = a, b
    la, lb = np.diff(pa), np.diff(pb)
    ptr = np.concatenate(([0], np.cumsum(la + lb)))
    flat = np.empty(ptr[-1], dtype=np.int64)
    owner_a = np.repeat(np.arange(len(la)), la)
    owner_b = np.repeat(np.arange(len(lb)), lb)
    flat[ptr[owner_a] + np.arange(len(fa)) - pa[owner_a]] = fa
    flat[ptr[owner_b] + la[owner_b] + np.arange(len(fb)) - pb[owner_b]] = fb
    return flat, ptr


def _scores(weights: np.ndarray, flat: np.ndarray, ptr: np.ndarray, chunk: int = 4096) -> np.ndarray:
    out = np.empty((len(ptr) - 1, weights.shape[1]), dtype=weights.dtype)
    for a in range(0, len(ptr) - 1, chunk):
        b = min(a + chunk, len(ptr) - 1)
        seg = ptr[a:b] - ptr[a]
        out[a:b] = np.add.reduceat(weights[flat[ptr[a]:ptr[b]]], seg)
    return out


def _predict(weights: np.ndarray, flat: np.ndarray, ptr: np.ndarray, forced: np.ndarray) -> np.ndarray:
    return np.where(forced >= 0, forced, _scores(weights, flat, ptr).argmax(axis=1))


def _perceptron(flat: np.ndarray, ptr: np.ndarray, gold: np.ndarray, examples: np.ndarray, shape: tuple[int, int],
                iterations: int, rng: np.random.Generator, bags: int = 1,
                report: Callable[[int, np.ndarray], None] | None = None) -> np.ndarray:
    """Averaged perceptron over fixed feature lists; returns the averaged weights. With ``bags`` > 1,
    that many perceptrons are trained on different random example orders and their weights averaged
    (one linear model again, so tagging costs the same; about +0.1 on EWT dev with 3)."""
    if bags > 1:
        return sum(_perceptron(flat, ptr, gold, examples, shape, iterations, rng, report=report)
                   for _ in range(bags)) / bags
    w = np.zeros(shape)
    totals = np.zeros(shape)  # sum of (update * time), for lazy averaging
    ptr_l, gold_l = ptr.tolist(), gold.tolist()
    step = 1
    for it in range(iterations):
        for i in rng.permutation(examples).tolist():
            ids = flat[ptr_l[i]:ptr_l[i + 1]]
            y = gold_l[i]
            guess = int(w[ids].sum(axis=0).argmax())
            if guess != y:
                w[ids, y] += 1
                w[ids, guess] -= 1
                totals[ids, y] += step
                totals[ids, guess] -= step
            step += 1
        if report is not None:
            report(it, w - totals / step)
    return w - totals / step


def _tagdict(sentences: Sequence[Sentence]) -> dict[str, str]:
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for words, tags, _ in sentences:
        for w, t in zip(words, tags):
            if t is not None:
                counts[w][t] += 1
    found = {}
    for w, c in counts.items():
        tag, n = c.most_common(1)[0]
        total = sum(c.values())
        if total >= TAGDICT_MIN_COUNT and n / total >= TAGDICT_MIN_SHARE:
            found[w] = tag
    return dict(sorted(found.items()))


def _classes(sentences: Sequence[Sentence]) -> dict[str, str]:
    """Normalised words seen at least CLASS_MIN_COUNT times -> their tags (share >= 5%), joined."""
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for words, tags, _ in sentences:
        for w, t in zip(words, tags):
            if t is not None:
                counts[normalise(w)][t] += 1
    found = {}
    for w, c in counts.items():
        total = sum(c.values())
        if total >= CLASS_MIN_COUNT:
            found[w] = "|".join(sorted(t for t, n in c.items() if n >= 0.05 * total))
    return dict(sorted(found.items()))


def train(train_sents: Sequence[Sentence], dev_sents: Sequence[Sentence] = (), *, iterations: int = 10,
          seed: int = 0, folds: int = 4, min_count: int = 2, min_weight: float = 0.0, bags: int = 1,
          clusters: dict[str, int] | None = None, meta: dict[str, Any] | None = None,
          log: Callable[[str], None] = print) -> dict[str, Any]:
    """Train both passes (each the average of ``bags`` perceptrons, see :func:`_perceptron`); log dev
    accuracy after each iteration; return the model dict to save. ``clusters`` (word -> cluster
    path, see :func:`cluster_of`) adds cluster features and is stored in the model."""
    clusters = dict(sorted((clusters or {}).items()))
    tags = sorted({t for s in train_sents for t in s[1] if t is not None})
    if not tags:
        raise InputError(coded("E604", column=(meta or {}).get("column", "?")))
    tag_ids = {t: i for i, t in enumerate(tags)}
    nt = len(tags)
    names = tags + [START, END]
    tagdict = _tagdict(train_sents)
    tr = _Data(train_sents, tag_ids, clusters)
    dv = _Data(dev_sents, tag_ids, clusters) if dev_sents else None
    classes = _classes(train_sents)
    static, pairs = tr.static_strings(classes, clusters)
    counts = Counter(f for feats in static for f in feats)
    counts.update(f for p in pairs for f in p)
    forced_tr = _forced(tr, tagdict, tag_ids)
    examples = np.flatnonzero((tr.gold >= 0) & (forced_tr < 0))
    rng = np.random.default_rng(seed)

    # pass-1 feature index (static features), then jackknifed pass-1 tags for the training data
    index = {f: i for i, f in enumerate(sorted(f for f, c in counts.items() if c >= min_count or f == "bias"))}
    x1 = _join(_flatten(static, index), _flatten(pairs, index))
    fold_of = tr.sentence_of * folds // len(train_sents)  # contiguous blocks: whole documents held out
    jack = np.empty(len(tr.pos), dtype=np.int64)
    for fold in range(folds):
        held = fold_of[examples] == fold
        w = _perceptron(*x1, tr.gold, examples[~held], (len(index), nt), iterations, rng, bags)
        part = fold_of == fold
        jack[part] = _predict(w, *x1, forced_tr)[part]
        log(f"pass 1, fold {fold + 1}/{folds}: held-out accuracy {_acc(jack[part], tr.gold[part]):.2f}%")

    dev_parts = None
    if dv is not None:
        dv_static, dv_pairs = dv.static_strings(classes, clusters)
        dev_x1 = _join(_flatten(dv_static, index), _flatten(dv_pairs, index))
        dev_parts = (dev_x1, _forced(dv, tagdict, tag_ids))

    def reporter(name: str, x: Callable[[], tuple[np.ndarray, np.ndarray] | None]):
        def report(it: int, w: np.ndarray) -> None:
            if dev_parts is None:
                log(f"{name}, iteration {it + 1}/{iterations}")
                return
            pred = _predict(w, *x(), dev_parts[1])
            log(f"{name}, iteration {it + 1}/{iterations}: dev accuracy {_acc(pred, dv.gold):.2f}%")
        return report

    w1 = _perceptron(*x1, tr.gold, examples, (len(index), nt), iterations, rng, bags,
                     reporter("pass 1", lambda: dev_parts[0]))

    # pass 2: static features + tag-context features from the jackknifed tags
    tw = tr.tag_word_strings(jack, names)
    tw_counts = Counter(f for p in tw for f in p)
    for f in sorted(f for f, c in tw_counts.items() if c >= min_count):
        index.setdefault(f, len(index))
    base = len(index)
    x2 = _join(_join(x1, _flatten(tw, index)), _dense(tr, jack, nt, base))
    dev_x2 = None
    if dv is not None:
        dev_pred1 = _predict(w1, *dev_parts[0], dev_parts[1])
        dev_x2 = _join(_join(dev_parts[0], _flatten(dv.tag_word_strings(dev_pred1, names), index)),
                       _dense(dv, dev_pred1, nt, base))
        log(f"pass 1 (all data): dev accuracy {_acc(dev_pred1, dv.gold):.2f}%")
    w2 = _perceptron(*x2, tr.gold, examples, (base + dense_size(nt), nt), iterations, rng, bags,
                     reporter("pass 2", lambda: dev_x2))

    # drop features without weights in either pass, quantise, and build the model dict
    rows = base + dense_size(nt)
    full1 = np.zeros((rows, nt))
    full1[:len(w1)] = w1
    q1, q2 = _prune(full1, min_weight), _prune(w2, min_weight)
    keep = np.flatnonzero(np.any(q1[:base] != 0, axis=1) | np.any(q2[:base] != 0, axis=1))
    features = sorted(index, key=index.__getitem__)
    kept_rows = np.concatenate((keep, np.arange(base, rows)))
    return {"format": FORMAT, "version": VERSION, "meta": dict(meta or {}), "tags": tags, "tagdict": tagdict,
            "classes": classes, "clusters": clusters, "features": [features[i] for i in keep.tolist()],
            "pass1": _to_sparse(q1[kept_rows]), "pass2": _to_sparse(q2[kept_rows])}


def _forced(data: _Data, tagdict: dict[str, str], tag_ids: dict[str, int]) -> np.ndarray:
    """Per real word: the tag-dictionary tag id, or -1."""
    words = data.words
    return np.asarray([tag_ids[tagdict[words[i]]] if words[i] in tagdict else -1 for i in data.pos.tolist()],
                      dtype=np.int64)


def _prune(weights: np.ndarray, min_weight: float) -> np.ndarray:
    """Weights rounded to the stored precision, those below ``min_weight`` set to 0."""
    q = np.rint(weights * SCALE) / SCALE
    q[np.abs(q) < max(min_weight, 0.5 / SCALE)] = 0
    return q


def _dense(data: _Data, predicted: np.ndarray, n_tags: int, base: int) -> tuple[np.ndarray, np.ndarray]:
    tags = _context_tags(predicted, data.pos, data.pads, n_tags)
    rows = np.stack(dense_rows(tags, data.pos, n_tags, base), axis=1)
    return rows.reshape(-1), np.arange(0, rows.size + 1, rows.shape[1], dtype=np.int64)


def _acc(predicted: np.ndarray, gold: np.ndarray) -> float:
    scored = gold >= 0
    return 100.0 * float(np.mean(predicted[scored] == gold[scored])) if scored.any() else 0.0
