"""The ``pos-tagger`` PR: writes ``category`` (a POS tag) on every Token, as GATE's tagger does.

Tokens are tagged sentence by sentence (Sentence annotations of the input set; without any, the
whole document is one sequence; tokens outside every sentence form one more sequence). The word is
the Token's ``string`` feature, else its covered text; whether a token touches the next one (no
space between) is a feature too. A small lexicon (``word<TAB>tag`` lines,
``#`` comments) overrides the model for words it gets wrong in clinical text (``pt``, ``s/p``, ...).
Lookup ignores case, and an entry also matches a run of adjacent tokens that spell it (the
tokenizer splits ``s/p`` into ``s``, ``/``, ``p``): every token of the longest match gets the tag.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import compress, count
from pathlib import Path

import numpy as np

from annotator.document import Annotation, Document
from annotator.errors import InputError, coded
from annotator.paths import RESOURCES
from annotator.processing.base import Param, ProcessingResource, register
from annotator.processing.perceptron import STRATEGIES, Tagger, load_model

MODELS = {"en": RESOURCES / "models" / "pos-en-ewt-xpos.json.gz", "es": RESOURCES / "models" / "pos-es-upos.json.gz"}
LEXICONS = {"en": RESOURCES / "pos" / "clinical-lexicon-en.tsv", "es": RESOURCES / "pos" / "clinical-lexicon-es.tsv"}
CONTRACTIONS = {"es": RESOURCES / "pos" / "contractions-es.tsv"}


@lru_cache(maxsize=8)
def _shared_model(path: Path) -> Tagger:
    """One loaded model per file per process (PRs in several pipelines share it)."""
    return load_model(path)


def read_lexicon(path: str | Path) -> dict[str, str]:
    """``word<TAB>tag`` lines; blank lines and ``#`` comments skipped."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(coded("E606", what="POS lexicon", reason=exc), path=path) from None
    lexicon: dict[str, str] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 2 or not parts[0] or not parts[1].strip():
            raise InputError(coded("E605", line=line), path=path, line=number)
        lexicon[parts[0]] = parts[1].strip()
    return lexicon


@register("pos-tagger")
class POSTagger(ProcessingResource):
    """Averaged-perceptron POS tagger: Token annotations in, ``category`` feature out."""

    needs = ("Token",)
    produces = ("Token",)
    language = Param(str, "en", "picks the shipped model and lexicon when they are not given", choices=tuple(MODELS))
    model = Param(Path, None, "model file (.json.gz); default: the shipped model for `language`")
    lexicon = Param(Path, None, "word<TAB>tag overrides; default: the shipped clinical lexicon for `language`")
    useLexicon = Param(bool, True, "apply the lexicon")
    contractions = Param(Path, None, "word<TAB>syntactic words (al<TAB>a el): tokens the model sees as the words "
                                     "it was trained on, the token taking the first one's tag; default: per `language`")
    baseTokenAnnotationType = Param(str, "Token", "annotation type to tag (GATE's name)")
    baseSentenceAnnotationType = Param(str, "Sentence", "annotation type of the sentences (GATE's name)")
    strategy = Param(str, "fast", "how the model is applied: fast, or reference (the plain lookup of each word's "
                                  "features, same tags: to check the fast one against)", choices=STRATEGIES)

    def setup(self) -> None:
        path = Path(self.model or MODELS[self.language]).resolve()
        self._tagger = _shared_model(path)
        words = read_lexicon(self.lexicon or LEXICONS[self.language]) if self.useLexicon else {}
        self._lexicon = {w.lower(): t for w, t in words.items()}
        self._prefixes = {w[:i] for w in self._lexicon for i in range(1, len(w) + 1)}
        split = self.contractions or CONTRACTIONS.get(self.language)
        self._split = {w.lower(): parts.split() for w, parts in read_lexicon(split).items()} if split else {}

    def __call__(self, doc: Document) -> None:
        inp = self.input_set(doc)
        tokens = list(inp.with_type(self.baseTokenAnnotationType))
        if not tokens:
            return
        text = doc.text
        starts = [t.start for t in tokens]
        ends = [t.end for t in tokens]
        words = []
        for t, a, b in zip(tokens, starts, ends):
            s = t.features.get("string")
            words.append(s if s.__class__ is str and s else text[a:b])
        groups = _sentence_groups(starts, ends, list(inp.with_type(self.baseSentenceAnnotationType)))
        glued = [a == b for a, b in zip(ends, starts[1:])] + [False]  # no space before the next token
        found = [""] * len(tokens)
        self._tag_groups(groups, words, glued, found)
        if self._lexicon:
            self._apply_lexicon(starts, ends, words, found)
        self._write(doc, tokens, found)

    def _tag_groups(self, groups: list[list[int]], words: list[str], glued: list[bool], found: list[str]) -> None:
        """Tag each group of tokens as a sentence, contractions expanded into their syntactic words
        (a token gets its first word's tag)."""
        split = self._split
        if not split:  # nothing to expand: a token is a word
            tagged = self._tagger.tag_sentences([[words[i] for i in g] for g in groups],
                                                [[glued[i] for i in g] for g in groups], self.strategy)
            for g, ts in zip(groups, tagged):
                for i, t in zip(g, ts):
                    found[i] = t
            return
        sentences, glues, firsts = [], [], []
        for g in groups:
            ws: list[str] = []
            gs: list[bool] = []
            first: list[int] = []
            for i in g:
                first.append(len(ws))
                parts = split.get(words[i].lower())
                if parts:
                    ws += [parts[0].capitalize() if words[i][:1].isupper() else parts[0]] + parts[1:]
                    gs += [True] * (len(parts) - 1) + [glued[i]]
                else:
                    ws.append(words[i])
                    gs.append(glued[i])
            sentences.append(ws)
            glues.append(gs)
            firsts.append(first)
        for g, ts, first in zip(groups, self._tagger.tag_sentences(sentences, glues, self.strategy), firsts):
            for i, k in zip(g, first):
                found[i] = ts[k]

    def _apply_lexicon(self, starts: list[int], ends: list[int], words: list[str], found: list[str]) -> None:
        lexicon, prefixes = self._lexicon, self._prefixes
        n = len(words)
        done = 0  # tokens before it are tagged by an entry already
        # only a token whose lower case starts an entry can start a match
        for i in compress(count(), map(prefixes.__contains__, map(str.lower, words))):
            if i < done:
                continue
            joined, j, best = words[i].lower(), i, None
            while joined in prefixes:
                if joined in lexicon:
                    best = (j, lexicon[joined])
                if j + 1 == n or starts[j + 1] != ends[j]:
                    break
                j += 1
                joined += words[j].lower()
            if best is None:
                continue
            for k in range(i, best[0] + 1):
                found[k] = best[1]
            done = best[0] + 1

    def _write(self, doc: Document, tokens: list[Annotation], tags: list[str]) -> None:
        if self.outputASName == self.inputASName:
            for t, tag in zip(tokens, tags):
                t.features["category"] = tag
            return
        out = self.output_set(doc)
        out.add_many((t.type, t.start, t.end, {**t.features, "category": tag}) for t, tag in zip(tokens, tags))


def _sentence_groups(starts: list[int], ends: list[int], sentences: list[Annotation]) -> list[list[int]]:
    """Token indexes (tokens given by ``starts``/``ends`` in document order) per sentence, in
    document order; tokens in no sentence form a last group."""
    if not sentences:
        return [list(range(len(starts)))]
    s_starts = np.asarray([s.start for s in sentences])
    s_ends = np.asarray([s.end for s in sentences])
    t_starts, t_ends = np.asarray(starts), np.asarray(ends)
    owner = np.searchsorted(s_starts, t_starts, side="right") - 1
    lost = np.flatnonzero((owner < 0) | (s_ends[np.maximum(owner, 0)] < t_ends))
    for i in lost.tolist():  # nested or overlapping sentences: step back to one that contains the token
        j = owner[i]
        while j >= 0 and not (s_starts[j] <= t_starts[i] and t_ends[i] <= s_ends[j]):
            j -= 1
        owner[i] = j
    order = np.argsort(owner, kind="stable")
    sorted_owner = owner[order]
    cuts = np.flatnonzero(np.diff(sorted_owner)) + 1
    groups = [g.tolist() for g in np.split(order, cuts)]
    if sorted_owner[0] < 0:  # the tokens outside every sentence come first: put them last
        groups.append(groups.pop(0))
    return groups
