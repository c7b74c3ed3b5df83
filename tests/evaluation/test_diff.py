"""GATE-style diff on small documents; every count below is worked out by hand."""

import pytest
from evalhelp import make_doc, span_of

from annotator.evaluation.diff import DiffCounts, evaluate_diff, format_report, format_tsv

TEXT = "Juan Pérez vive en Madrid con Ana."


def at(word, text=TEXT):
    return span_of(text, word)


def doc(anns, name="d1", text=TEXT):
    return make_doc(text, anns, name)


@pytest.fixture(scope="module")
def result():
    gold = doc([("NAME", at("Juan Pérez")), ("LOC", at("Madrid")), ("NAME", at("Ana"))])
    system = doc([("NAME", at("Juan")), ("LOC", at("Madrid")), ("NAME", at("con")), ("DATE", at("vive"))])
    return evaluate_diff([gold], [system])


def c(counts):
    return counts.correct, counts.partial, counts.missing, counts.spurious


def test_counts_per_type(result):
    assert c(result.micro("NAME")) == (0, 1, 1, 1)  # Juan ~ Juan Pérez, Ana missing, con spurious
    assert c(result.micro("LOC")) == (1, 0, 0, 0)
    assert c(result.micro("DATE")) == (0, 0, 0, 1)
    assert c(result.micro()) == (1, 1, 1, 2)


def test_strict_lenient_average(result):
    m = result.micro("NAME").measures()
    assert (m["strict"]["precision"], m["strict"]["recall"], m["strict"]["f1"]) == (0.0, 0.0, 0.0)
    assert (m["lenient"]["precision"], m["lenient"]["recall"], m["lenient"]["f1"]) == (0.5, 0.5, 0.5)
    assert (m["average"]["precision"], m["average"]["recall"], m["average"]["f1"]) == (0.25, 0.25, 0.25)
    total = result.micro().measures()
    assert (total["strict"]["precision"], total["strict"]["recall"]) == (1 / 4, 1 / 3)
    assert (total["lenient"]["precision"], total["lenient"]["recall"]) == (2 / 4, 2 / 3)


def test_empty_response_and_key_conventions():
    only_spurious = DiffCounts(spurious=1).measures()["strict"]
    assert (only_spurious["precision"], only_spurious["recall"], only_spurious["f1"]) == (0.0, 1.0, 0.0)
    only_missing = DiffCounts(missing=2).measures()["strict"]
    assert (only_missing["precision"], only_missing["recall"]) == (1.0, 0.0)
    nothing = DiffCounts().measures()["lenient"]
    assert (nothing["precision"], nothing["recall"], nothing["f1"]) == (1.0, 1.0, 1.0)


def test_pairing_is_one_to_one():
    gold = doc([("NAME", at("Juan")), ("NAME", at("Pérez"))])
    system = doc([("NAME", at("Juan Pérez"))])
    r = evaluate_diff([gold], [system])
    assert c(r.micro("NAME")) == (0, 1, 1, 0)
    # exact pairs are taken before partial ones
    gold = doc([("NAME", at("Juan Pérez"))])
    system = doc([("NAME", at("Juan")), ("NAME", at("Juan Pérez"))])
    assert c(evaluate_diff([gold], [system]).micro("NAME")) == (1, 0, 0, 1)


def test_macro_averages_per_document_figures():
    gold = [doc([("LOC", at("Madrid"))], name="a"), doc([("LOC", at("Madrid"))], name="b")]
    system = [doc([("LOC", at("Madrid"))], name="a"), doc([], name="b")]
    r = evaluate_diff(gold, system)
    assert r.macro("LOC")["strict"]["f1"] == 0.5  # (1.0 + 0.0) / 2
    assert r.micro("LOC").measures()["strict"]["f1"] == pytest.approx(2 / 3)  # P = 1, R = 1/2


def test_tsv_lists_every_disagreement(result):
    lines = format_tsv(result).splitlines()
    assert lines[0].split("\t")[:3] == ["document", "type", "status"]
    rows = sorted(tuple(line.split("\t")[1:3]) for line in lines[1:])
    assert rows == [("DATE", "spurious"), ("NAME", "missing"), ("NAME", "partial"), ("NAME", "spurious")]
    partial = next(line for line in lines if "\tpartial\t" in line).split("\t")
    assert partial[3:] == ["0", "10", "0", "4", "Juan Pérez", "Juan"]


def test_tsv_escapes_tabs_and_newlines():
    text = "a\tb\nc"
    r = evaluate_diff([doc([("X", (0, 5))], text=text)], [doc([], text=text)])
    assert format_tsv(r).splitlines()[1].endswith("a\\tb\\nc\t")


def test_report_and_json(result):
    out = format_report(result)
    assert out.splitlines()[0].startswith("Type") and "All types (1 docs)" in out
    j = result.to_json()
    assert j["documents"] == 1 and set(j["types"]) == {"DATE", "LOC", "NAME"}
    assert j["types"]["NAME"]["partial"] == 1 and j["micro"]["lenient"]["recall"] == 2 / 3
