"""MEDDOCAN dev gold (250 documents) through spaCy and python-gatenlp and back: every annotation,
its id, type, offsets and features, comes back; so do the documents' texts and names."""

from __future__ import annotations

from collections import Counter

import pytest

from annotator.corpus import Failure, read_documents
from annotator.interop import from_gatenlp, from_spacy, to_gatenlp, to_spacy
from annotator.processing.tokenizer import Tokenizer
from interophelp import snapshot

TOKENISED = 25  # documents also run through our tokenizer (Token annotations as spaCy's tokens)


@pytest.fixture(scope="module")
def dev_gold(meddocan_dir):
    docs = list(read_documents(meddocan_dir / "dev" / "brat", "brat"))
    assert len(docs) == 250 and not [d for d in docs if isinstance(d, Failure)]
    return docs


def counts(docs) -> Counter:
    """Annotations per (set, type) over the documents."""
    return Counter((name, a.type) for doc in docs for name in doc.annset_names() for a in doc.annset(name))


def test_spacy_round_trip_of_dev_gold_keeps_every_annotation(dev_gold):
    pytest.importorskip("spacy")
    sdocs = [to_spacy(doc, ents="") for doc in dev_gold]
    assert [s.text for s in sdocs] == [d.text for d in dev_gold]
    assert sum(len(s.ents) for s in sdocs) == sum(len(d.annset()) for d in dev_gold)  # gold PHI never overlap
    back = [from_spacy(s) for s in sdocs]
    assert counts(back) == counts(dev_gold) and sum(counts(back).values()) == 5801
    assert [snapshot(d) for d in back] == [snapshot(d) for d in dev_gold]


def test_gatenlp_round_trip_of_dev_gold_keeps_every_annotation(dev_gold):
    pytest.importorskip("gatenlp")
    back = [from_gatenlp(to_gatenlp(doc)) for doc in dev_gold]
    assert counts(back) == counts(dev_gold) and sum(counts(back).values()) == 5801
    assert [snapshot(d) for d in back] == [snapshot(d) for d in dev_gold]


def test_our_tokens_become_spacy_s_tokens_beside_the_gold(dev_gold):
    """A Token annotation is one spaCy token unless a gold annotation starts or ends inside it."""
    pytest.importorskip("spacy")
    tokenizer = Tokenizer()
    docs = [from_spacy(to_spacy(doc)) for doc in dev_gold[:TOKENISED]]  # copies: dev_gold stays untouched
    total = cut = 0
    for doc in docs:
        gold_boundaries = {offset for a in doc.annset() for offset in a.span}
        tokenizer(doc)
        sdoc = to_spacy(doc)
        spacy_tokens = {(t.idx, t.idx + len(t)) for t in sdoc}
        for token in doc.annset().with_type("Token"):
            is_cut = any(token.start < offset < token.end for offset in gold_boundaries)
            assert ((token.start, token.end) in spacy_tokens) is not is_cut, (doc.name, token)
            total += 1
            cut += is_cut
        assert snapshot(from_spacy(sdoc)) == snapshot(doc)
    assert total > 10_000 and cut < 10
