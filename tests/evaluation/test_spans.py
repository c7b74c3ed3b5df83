"""``--metric spans`` against nervaluate (the test extra pins 1.2.x) on the same spans: random
spans, and the MEDDOCAN pipeline's output on part of MEDDOCAN dev."""

from __future__ import annotations

import json
import random
import shutil

import pytest

from annotator.cli import main
from annotator.corpus import read_documents
from annotator.document import Document
from annotator.evaluation.spans import SCHEMAS, evaluate_spans

nervaluate = pytest.importorskip("nervaluate")

NERVALUATE_SCHEMA = {"strict": "strict", "exact": "exact", "partial": "partial", "type": "ent_type"}
NERVALUATE_COUNT = {"correct": "correct", "incorrect": "incorrect", "partial": "partial", "missing": "missed",
                    "spurious": "spurious"}


def nervaluate_figures(gold_docs, system_docs, types):
    """nervaluate's results on the spans of the documents (paired by name, in document order)."""
    by_name = {d.name: d for d in system_docs}
    true, pred = [], []
    for doc in sorted(gold_docs, key=lambda d: d.name):
        if doc.name in by_name:  # nervaluate takes inclusive ends
            true.append([{"label": a.type, "start": a.start, "end": a.end - 1} for a in doc.annset()])
            pred.append([{"label": a.type, "start": a.start, "end": a.end - 1} for a in by_name[doc.name].annset()])
    return nervaluate.Evaluator(true, pred, tags=sorted(types), loader="dict").evaluate()


def assert_equal_to_nervaluate(gold_docs, system_docs):
    types = {a.type for d in [*gold_docs, *system_docs] for a in d.annset()}
    ours = evaluate_spans(gold_docs, system_docs)
    theirs = nervaluate_figures(gold_docs, system_docs, types)
    assert set(ours.per_type) == set(theirs["entities"])
    for schema in SCHEMAS:
        pairs = [(ours.micro[schema], theirs["overall"][NERVALUATE_SCHEMA[schema]])]
        pairs += [(ours.per_type[t][schema], theirs["entities"][t][NERVALUATE_SCHEMA[schema]]) for t in ours.per_type]
        for mine, reference in pairs:
            for count, name in NERVALUATE_COUNT.items():
                assert getattr(mine, count) == getattr(reference, name), (schema, count)
            assert (mine.precision, mine.recall, mine.f1) == pytest.approx(
                (reference.precision, reference.recall, reference.f1), abs=1e-12), schema
        per_type = [theirs["entities"][t][NERVALUATE_SCHEMA[schema]] for t in sorted(ours.per_type)]
        assert ours.macro(schema) == pytest.approx(tuple(sum(getattr(r, f) for r in per_type) / len(per_type)
                                                         for f in ("precision", "recall", "f1")))
    return ours


def random_doc(rng: random.Random, name: str, length: int = 400) -> Document:
    doc = Document("x" * length, name=name)
    for _ in range(rng.randrange(0, 25)):
        start = rng.randrange(0, length - 1)
        doc.annset().add(rng.choice("ABC"), start, min(length, start + rng.randrange(1, 200)))
    return doc


@pytest.mark.parametrize("seed", range(30))
def test_random_spans_score_as_nervaluate(seed):
    rng = random.Random(seed)
    gold = [random_doc(rng, f"d{i}") for i in range(4)]
    system = [random_doc(rng, f"d{i}") for i in range(4)]
    for doc in system[:2]:  # part of the system near the gold spans: exact, shifted and retyped
        for ann in list(gold[int(doc.name[1:])].annset()):
            shift = rng.choice([0, 0, 1, -1])
            doc.annset().add(rng.choice([ann.type, ann.type, "C"]), max(0, ann.start + shift), ann.end)
    assert_equal_to_nervaluate(gold, system)


def test_the_four_schemas_on_one_example():
    gold, system = Document("Juan Pérez vive en Madrid, España.", name="a"), Document("Juan Pérez vive en Madrid, España.", name="a")
    for type, start, end in [("PER", 0, 10), ("LOC", 19, 25), ("LOC", 27, 33)]:
        gold.annset().add(type, start, end)
    for type, start, end in [("PER", 0, 4), ("PER", 19, 25), ("LOC", 11, 15)]:
        system.annset().add(type, start, end)
    result = evaluate_spans([gold], [system])
    counts = {s: tuple(getattr(result.micro[s], c) for c in ("correct", "incorrect", "partial", "missing", "spurious"))
              for s in SCHEMAS}
    assert counts == {"strict": (0, 2, 0, 1, 1), "exact": (1, 1, 0, 1, 1), "partial": (1, 0, 1, 1, 1),
                      "type": (1, 1, 0, 1, 1)}
    assert result.micro["partial"].precision == pytest.approx(1.5 / 3)


def test_cli_types_set_and_json(tmp_path, capsys):
    from annotator.corpus import write_documents

    gold, system = Document("a b c", name="d"), Document("a b c", name="d")
    gold.annset("S").add("X", 0, 1)
    gold.annset("S").add("Y", 2, 3)
    system.annset("S").add("X", 0, 1)
    write_documents([gold], tmp_path / "gold", "bdoc")
    write_documents([system], tmp_path / "system", "bdoc")
    status = main(["evaluate", str(tmp_path / "gold"), str(tmp_path / "system"), "--metric", "spans", "--set", "S",
                   "--types", "X", "--json", str(tmp_path / "f.json")])
    out = capsys.readouterr().out
    assert status == 0 and "strict" in out and "(micro)" in out
    figures = json.loads((tmp_path / "f.json").read_text(encoding="utf-8"))
    assert list(figures["strict"]["per_type"]) == ["X"]
    assert figures["strict"]["micro"]["correct"] == 1 and figures["strict"]["micro"]["missing"] == 0


def test_meddocan_dev_system_output_scores_as_nervaluate(meddocan_dir, tmp_path, capsys):
    gold_dir = tmp_path / "gold"
    gold_dir.mkdir()
    for txt in sorted((meddocan_dir / "dev" / "brat").glob("*.txt"))[:40]:  # a fixed subset: fast
        for path in (txt, txt.with_suffix(".ann")):
            shutil.copy(path, gold_dir / path.name)
    assert main(["run", "meddocan", str(gold_dir), "--out", str(tmp_path / "system"), "--to", "brat"]) == 0
    gold = list(read_documents(gold_dir, "brat"))
    system = list(read_documents(tmp_path / "system", "brat"))
    ours = assert_equal_to_nervaluate(gold, system)
    assert ours.micro["strict"].correct > 0 and ours.micro["strict"].spurious + ours.micro["strict"].missing > 0
