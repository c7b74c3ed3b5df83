"""MEDDOCAN scorer on the dev set (../shared): gold against perturbed copies of itself.

Each perturbation changes a known number k of annotations, so the expected counts follow from k
alone (e.g. shifting k spans gives TP = N - k, FP = k, FN = k in the strict evaluations).
Known anchors: 5,801 distinct spans, 6,091 merged-evaluation TP gold against gold, 7,768
sentence lines.
"""

import json

import pytest

from annotator import Document
from annotator.cli import main
from annotator.corpus import read_documents
from annotator.evaluation.meddocan import evaluate_meddocan

N_SPANS = 5801
MERGED_TP = 6091
SENTENCE_LINES = 7768


@pytest.fixture(scope="module")
def dev(meddocan_dir):
    return meddocan_dir / "dev"


@pytest.fixture(scope="module")
def gold(dev):
    docs = list(read_documents(dev / "brat", "brat", lenient=True))
    assert all(isinstance(d, Document) for d in docs) and len(docs) == 250
    return docs


def perturbed(gold, change):
    """Copies of the gold documents whose annotations go through ``change(i, ann, text)``, which
    returns a list of (type, start, end); ``i`` numbers the annotations over the corpus."""
    out, i = [], 0
    for g in gold:
        d = Document(g.text, name=g.name)
        for a in g.annset():
            for type_, start, end in change(i, a, g.text):
                d.annset().add(type_, start, end)
            i += 1
        out.append(d)
    return out


def counts(result, key):
    r = result.to_json()[key]
    return r["tp"], r["fp"], r["fn"]


def all_spans(docs):
    return {(d.name, a.start, a.end) for d in docs for a in d.annset()}


def test_gold_against_gold_anchors(gold, dev):
    r = evaluate_meddocan(gold, gold, sentences=dev / "sentence_splitted")
    assert counts(r, "subtask1") == (N_SPANS, 0, 0)
    assert counts(r, "subtask2_strict") == (N_SPANS, 0, 0)
    assert counts(r, "subtask2_merged") == (MERGED_TP, 0, 0)
    assert sum(d.lines for d in r.documents) == SENTENCE_LINES
    assert r.leak == 0.0


def test_xml_gold_against_brat_system(gold, dev):
    xml = list(read_documents(dev / "xml", "meddocan-xml", lenient=True))
    r = evaluate_meddocan(xml, gold)
    assert counts(r, "subtask1") == (N_SPANS, 0, 0)
    assert counts(r, "subtask2_merged") == (MERGED_TP, 0, 0)
    assert r.mismatched_texts == []


def test_dropped(gold):
    system = perturbed(gold, lambda i, a, t: [] if i % 5 == 0 else [(a.type, a.start, a.end)])
    k = len(all_spans(gold)) - len(all_spans(system))
    assert k > 1000
    r = evaluate_meddocan(gold, system)
    assert counts(r, "subtask1") == (N_SPANS - k, 0, k)
    assert counts(r, "subtask2_strict") == (N_SPANS - k, 0, k)
    tp, fp, fn = counts(r, "subtask2_merged")
    assert fp == 0 and fn <= k and tp < MERGED_TP


def test_shifted(gold):
    def shift(i, a, text):
        return [(a.type, a.start + 1, a.end)] if i % 4 == 0 and a.end - a.start > 1 else [(a.type, a.start, a.end)]

    system = perturbed(gold, shift)
    moved = all_spans(system) - all_spans(gold)
    k = len(moved)
    assert k > 1000 and len(all_spans(system)) == N_SPANS  # no shifted span lands on another span
    r = evaluate_meddocan(gold, system)
    assert counts(r, "subtask1") == (N_SPANS - k, k, k)
    assert counts(r, "subtask2_strict") == (N_SPANS - k, k, k)


def test_relabelled(gold):
    def relabel(i, a, text):
        other = "FECHAS" if a.type != "FECHAS" else "PAIS"
        return [(other if i % 3 == 0 else a.type, a.start, a.end)]

    system = perturbed(gold, relabel)
    k = len(range(0, sum(len(d.annset()) for d in gold), 3))
    r = evaluate_meddocan(gold, system)
    assert counts(r, "subtask1") == (N_SPANS - k, k, k)
    assert counts(r, "subtask2_strict") == (N_SPANS, 0, 0)
    assert counts(r, "subtask2_merged") == (MERGED_TP, 0, 0)


def test_duplicated_annotations_change_nothing(gold):
    system = perturbed(gold, lambda i, a, t: [(a.type, a.start, a.end)] * 2)
    r = evaluate_meddocan(gold, system)
    assert counts(r, "subtask1") == (N_SPANS, 0, 0)
    assert counts(r, "subtask2_merged") == (MERGED_TP, 0, 0)


def test_split_at_the_first_space(gold):
    def split(i, a, text):
        cut = text.find(" ", a.start, a.end)
        if cut <= a.start or cut + 1 >= a.end or not text[cut - 1].isalnum() or not text[cut + 1].isalnum():
            return [(a.type, a.start, a.end)]
        return [(a.type, a.start, cut), (a.type, cut + 1, a.end)]

    system = perturbed(gold, split)
    s = sum(len(d.annset()) for d in system) - sum(len(d.annset()) for d in gold)  # spans split in two
    assert s > 500
    r = evaluate_meddocan(gold, system)
    assert counts(r, "subtask2_strict") == (N_SPANS - s, 2 * s, s)
    # the halves re-join across the space: every strict span lies in a merged TP span
    tp, fp, fn = counts(r, "subtask2_merged")
    assert (fp, fn) == (0, 0) and tp >= N_SPANS - s


def test_nested_extra_spans(gold):
    def nest(i, a, text):
        first_word = text.find(" ", a.start, a.end)
        extra = [(a.type, a.start, first_word)] if first_word > a.start and i % 2 == 0 else []
        return [(a.type, a.start, a.end)] + extra

    system = perturbed(gold, nest)
    k = len(all_spans(system) - all_spans(gold))
    assert k > 500
    r = evaluate_meddocan(gold, system)
    assert counts(r, "subtask2_strict") == (N_SPANS, k, 0)
    assert counts(r, "subtask1")[1:] == (k, 0)
    tp, fp, fn = counts(r, "subtask2_merged")
    assert (fp, fn) == (0, 0)  # every nested span lies inside its (strict TP) outer span


def test_missing_system_documents_and_strict_docs(gold):
    system = gold[10:]
    lost = sum(len({(a.start, a.end) for a in d.annset()}) for d in gold[:10])
    r = evaluate_meddocan(gold, system)
    assert r.to_json()["documents"] == 240 and len(r.pairing.missing) == 10
    assert counts(r, "subtask2_strict") == (N_SPANS - lost, 0, 0)
    strict = evaluate_meddocan(gold, system, strict_docs=True)
    assert strict.to_json()["documents"] == 250
    assert counts(strict, "subtask2_strict") == (N_SPANS - lost, 0, lost)


def test_empty_outputs_and_leak(gold, dev):
    system = perturbed(gold, lambda i, a, t: [])
    r = evaluate_meddocan(gold, system, sentences=dev / "sentence_splitted")
    assert counts(r, "subtask1") == (0, 0, N_SPANS)
    assert counts(r, "subtask2_merged") == (0, 0, N_SPANS)
    j = r.to_json()["subtask1"]
    assert (j["precision"], j["recall"], j["f1"]) == (0.0, 0.0, 0.0)
    assert j["leak"] == N_SPANS / SENTENCE_LINES


def test_cli_on_the_dev_set(dev, tmp_path, capsys):
    out = tmp_path / "m.json"
    code = main([
        "evaluate", str(dev / "brat"), str(dev / "xml"), "--metric", "meddocan",
        "--sentences", str(dev / "sentence_splitted"), "--json", str(out), "--per-type",
    ])
    assert code == 0
    printed = capsys.readouterr().out
    assert "Report (SYSTEM: xml):" in printed and "Total (250 docs)" in printed
    figures = json.loads(out.read_text(encoding="utf-8"))
    assert set(figures) == {"documents", "subtask1", "subtask2_strict", "subtask2_merged", "per_type"}
    assert set(figures["subtask1"]) == {"precision", "recall", "f1", "leak", "tp", "fp", "fn"}
    assert figures["subtask2_merged"]["tp"] == MERGED_TP and figures["subtask1"]["leak"] == 0.0
    assert sum(c["tp"] for c in figures["per_type"].values()) == N_SPANS
