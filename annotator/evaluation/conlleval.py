"""conlleval (the CoNLL-2000 shared task's scorer, ``conlleval.pl``) on documents with tokens.

Each token of a document (its default set's ``Token`` annotations; gold and system must have the
same ones) gets the tag of the entities over it: ``B-TYPE`` on an entity's first token,
``I-TYPE`` on the others, ``O`` elsewhere (entities are every other type of the set, as the
``conll`` format reads them). The tags are then scored as conlleval does: a chunk starts and
ends by its rules for B/I/E/S/O tags, a chunk is correct when gold and system start it at the
same token, end it at the same token, with the same type; precision, recall and FB1 per type and
overall, and accuracy, the share of tokens whose tags are equal. Documents are in name order,
each ending with a boundary (a blank line in conlleval's input). CoNLL files are read back to
canonical BIO tags, so a file whose chunk starts with ``I-`` has the same chunks as conlleval
finds but its accuracy counts that token's tag as ``B-``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from annotator.document import Document
from annotator.evaluation.common import evaluation_error, pair_documents

NOT_ENTITIES = frozenset({"Token", "SpaceToken", "Sentence", "Split"})


def tags_of(doc: Document) -> tuple[list[tuple[int, int]], list[str]]:
    """The tokens of ``doc`` (start, end) and their BIO tags."""
    anns = doc.annset()
    tokens = [(t.start, t.end) for t in anns.with_type("Token")]
    tags = ["O"] * len(tokens)
    index = {span[0]: i for i, span in enumerate(tokens)}
    for ann in anns:
        if ann.type in NOT_ENTITIES:
            continue
        first = index.get(ann.start)
        if first is None:
            continue
        tags[first] = f"B-{ann.type}"
        for i in range(first + 1, len(tokens)):
            if tokens[i][1] > ann.end:
                break
            tags[i] = f"I-{ann.type}"
    return tokens, tags


def _split(tag: str) -> tuple[str, str]:
    prefix, _, type = tag.partition("-")
    return (prefix, type) if type else (tag, "")


def _end_of_chunk(prev_tag: str, prev_type: str, tag: str, type: str) -> bool:
    return (prev_tag in ("E", "S") or prev_tag in ("B", "I") and tag in ("B", "S", "O")
            or prev_tag not in ("O", ".") and prev_type != type)


def _start_of_chunk(prev_tag: str, prev_type: str, tag: str, type: str) -> bool:
    return (tag in ("B", "S") or prev_tag in ("E", "S", "O") and tag in ("E", "I")
            or tag not in ("O", ".") and prev_type != type)


@dataclass
class ConllevalResult:
    tokens: int = 0
    correct_tags: int = 0
    found_gold: dict[str, int] = field(default_factory=dict)
    found_system: dict[str, int] = field(default_factory=dict)
    correct: dict[str, int] = field(default_factory=dict)

    def figures(self, type: str | None = None) -> tuple[float, float, float]:
        """Precision, recall and FB1 in percent, of one type or overall."""
        pick = (lambda d: d.get(type, 0)) if type is not None else (lambda d: sum(d.values()))
        correct, system, gold = pick(self.correct), pick(self.found_system), pick(self.found_gold)
        p = 100 * correct / system if system else 0.0
        r = 100 * correct / gold if gold else 0.0
        return p, r, (2 * p * r / (p + r) if p + r else 0.0)

    @property
    def accuracy(self) -> float:
        return 100 * self.correct_tags / self.tokens if self.tokens else 0.0

    def types(self) -> list[str]:
        return sorted(set(self.found_gold) | set(self.found_system))

    def to_json(self) -> dict:
        p, r, f = self.figures()
        return {"tokens": self.tokens, "phrases": sum(self.found_gold.values()),
                "found": sum(self.found_system.values()), "correct": sum(self.correct.values()),
                "accuracy": self.accuracy, "precision": p, "recall": r, "FB1": f,
                "per_type": {t: dict(zip(("precision", "recall", "FB1"), self.figures(t)), found=self.found_system.get(t, 0))
                             for t in self.types()}}


def score_tags(result: ConllevalResult, gold: list[str], system: list[str]) -> None:
    """Add one sequence of gold and system tags (ended by a boundary) to ``result``."""
    in_correct = False
    last_gold = last_system = ("O", "")
    for g_tag, s_tag in [*zip(gold, system), ("O", "O")]:  # the boundary ends every chunk
        g, s = _split(g_tag), _split(s_tag)
        g_end, s_end = _end_of_chunk(*last_gold, *g), _end_of_chunk(*last_system, *s)
        if in_correct:
            if g_end and s_end and last_gold[1] == last_system[1]:
                in_correct = False
                result.correct[last_gold[1]] = result.correct.get(last_gold[1], 0) + 1
            elif g_end != s_end or g[1] != s[1]:
                in_correct = False
        g_start, s_start = _start_of_chunk(*last_gold, *g), _start_of_chunk(*last_system, *s)
        if g_start and s_start and g[1] == s[1]:
            in_correct = True
        if g_start:
            result.found_gold[g[1]] = result.found_gold.get(g[1], 0) + 1
        if s_start:
            result.found_system[s[1]] = result.found_system.get(s[1], 0) + 1
        last_gold, last_system = g, s
    result.tokens += len(gold)
    result.correct_tags += sum(a == b for a, b in zip(gold, system))


def evaluate_conlleval(gold: Iterable[Document], system: Iterable[Document]) -> ConllevalResult:
    """conlleval's counts over the documents present on both sides (matched by name)."""
    result = ConllevalResult()
    for name, g_doc, s_doc in pair_documents(gold, system).pairs:
        g_tokens, g_tags = tags_of(g_doc)
        s_tokens, s_tags = tags_of(s_doc)
        if g_tokens != s_tokens:
            raise evaluation_error("E236", None, name=name)
        score_tags(result, g_tags, s_tags)
    return result


def format_report(result: ConllevalResult) -> str:
    """conlleval's report, line for line."""
    p, r, f = result.figures()
    lines = [f"processed {result.tokens} tokens with {sum(result.found_gold.values())} phrases; "
             f"found: {sum(result.found_system.values())} phrases; correct: {sum(result.correct.values())}.",
             f"accuracy: {result.accuracy:6.2f}%; precision: {p:6.2f}%; recall: {r:6.2f}%; FB1: {f:6.2f}"]
    for type in result.types():
        p, r, f = result.figures(type)
        lines.append(f"{type:>17}: precision: {p:6.2f}%; recall: {r:6.2f}%; FB1: {f:6.2f}  "
                     f"{result.found_system.get(type, 0)}")
    return "\n".join(lines) + "\n"
