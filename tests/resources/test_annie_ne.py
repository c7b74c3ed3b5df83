"""The ``annie`` pipeline's named-entity grammar: its fast paths (``hand/main.jape``, which runs
``hand/first-fast.jape``, one firing of a hand action, in place of ANNIE's First phase) against the
reference path, ANNIE's own grammar as ported (``NE/main.jape``, with ``NE/first.jape``). They must
leave the same annotations, with the same ids (the ortho-matcher's ``matches`` features hold ids),
on real text, after the phase and at the end of the pipeline, and on random annotations."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from annotator import Document, Pipeline
from annotator.jape import compile_grammar
from resourcehelp import EWT, ewt_paragraphs

REPO = Path(__file__).resolve().parents[2]
GRAMMARS = REPO / "resources" / "grammars" / "annie"
ACTIONS = GRAMMARS / "hand" / "ne.py"


def dump(doc: Document) -> list[tuple]:
    return sorted((a.id, a.type, a.start, a.end, repr(sorted(a.features.items()))) for a in doc.annset())


def phases(path: Path) -> list[str]:
    """The phase files a MultiPhase grammar names, in order."""
    text = re.sub(r"//.*", "", path.read_text(encoding="utf-8"))
    return [name.strip('"') for name in text[text.index("Phases:") + len("Phases:"):].split()]


def test_the_shipped_pipeline_runs_the_fast_paths() -> None:
    xml = (REPO / "resources" / "pipelines" / "annie.xml").read_text(encoding="utf-8")
    assert "grammars/annie/hand/main.jape</param>" in xml and "grammars/annie/NE/main.jape</param>" not in xml
    # hand/main.jape is NE/main.jape with first.jape replaced by its fast path
    expected = ["first-fast.jape" if name == "first" else f"../NE/{name}.jape" for name in phases(GRAMMARS / "NE" / "main.jape")]
    assert phases(GRAMMARS / "hand" / "main.jape") == expected


@pytest.fixture(scope="module")
def pipelines(tmp_path_factory) -> dict[str, Pipeline]:
    """The shipped pipeline, and the same with the reference grammar (``full``), and both cut
    after the First phase (``first``: the NE grammar's first two phases, in each way)."""
    folder = tmp_path_factory.mktemp("annie-ne")
    resources = REPO / "resources"
    xml = (resources / "pipelines" / "annie.xml").read_text(encoding="utf-8").replace("../", f"{resources}/")
    fast_main = f"{resources}/grammars/annie/hand/main.jape"
    made = {"fast full": Pipeline.load(resources / "pipelines" / "annie.xml")}
    for name, main in (("reference full", GRAMMARS / "NE" / "main.jape"),
                       ("fast first", "numberletter first-fast"), ("reference first", "numberletter first")):
        if isinstance(main, str):
            files = [GRAMMARS / ("hand" if part.endswith("-fast") else "NE") / f"{part}.jape" for part in main.split()]
            main = folder / f"{name.replace(' ', '-')}.jape"
            main.write_text("MultiPhase: M\nPhases:\n" + "\n".join(f'"{f}"' for f in files) + "\n", encoding="utf-8")
            cut = xml[:xml.index('<pr type="ortho-matcher">')] + "</pipeline>\n"
            text = cut.replace(fast_main, str(main))
        else:
            text = xml.replace(fast_main, str(main))
        path = folder / f"{name.replace(' ', '-')}.xml"
        path.write_text(text, encoding="utf-8")
        made[name] = Pipeline.load(path)
    return made


TEXTS = [
    "The President of the US-led group, Mr. JOHN SMITH-JONES of ACME - BBC, met Anna-Lee in 3D and 4x4 cars.",
    "IBM - NBC and Karl-Ludwig Kley . In the 2nd or 3rd week , He said it . THE END - NOW",
    "", "The", "A - B", "a-B c - D - E F-G",
]


@pytest.mark.parametrize("text", TEXTS)
def test_fast_first_gives_the_reference_annotations_on_made_up_text(pipelines, text) -> None:
    assert dump(pipelines["fast first"](Document(text))) == dump(pipelines["reference first"](Document(text)))
    assert dump(pipelines["fast full"](Document(text))) == dump(pipelines["reference full"](Document(text)))


@pytest.mark.skipif(not EWT.is_dir(), reason="needs ../shared/resources-data/treebanks/en_ewt")
def test_fast_paths_give_the_reference_annotations_on_ewt(pipelines) -> None:
    paragraphs = ewt_paragraphs()
    text = "\n\n".join(paragraphs[:300])  # a long document: 300 paragraphs of EWT dev
    fast, reference = pipelines["fast first"](Document(text)), pipelines["reference first"](Document(text))
    assert dump(fast) == dump(reference)
    assert len(fast.annset().with_type("ClosedClass")) > 1000 and len(fast.annset().with_type("Upper")) > 300
    for text in paragraphs[300:400]:
        assert dump(pipelines["fast full"](Document(text))) == dump(pipelines["reference full"](Document(text)))


def random_document(rng: random.Random) -> Document:
    """Tokens (mostly one after another, now and then overlapping, empty or starting together)
    with the features First reads, and NumberLetters over some of them or anywhere."""
    doc = Document("x" * 60)
    annset, pos = doc.annset(), 0
    while pos < 55:
        start = max(0, pos - (rng.random() < 0.1))
        end = start + rng.choice([0, 1, 1, 2, 3]) if rng.random() < 0.05 else start + rng.randint(1, 4)
        features = {"category": rng.choice(["NNP", "DT", "IN", "RB", "PRP", "NN", "JJ", None]),
                    "orth": rng.choice(["allCaps", "upperInitial", "mixedCaps", "lowercase", None]),
                    "string": rng.choice(["-", "-", "x"])}
        annset.add("Token", start, end, {k: v for k, v in features.items() if v is not None})
        if rng.random() < 0.1:
            annset.add("NumberLetter", start, end, {"rule": "NumberLetter"})
        if rng.random() < 0.03:
            at = rng.randint(0, 58)
            annset.add("NumberLetter", at, at + rng.randint(0, 2), {})
        pos = end + rng.randint(0, 1) if rng.random() > 0.05 else pos
    return doc


def test_fast_first_gives_the_reference_annotations_on_random_annotations() -> None:
    # First's phase alone: GATE's first.jape against the fast path (seed 1 as first written;
    # 20,000 documents of the same kind agreed when it was written)
    reference = compile_grammar(GRAMMARS / "NE" / "first.jape", ACTIONS)
    fast = compile_grammar(GRAMMARS / "hand" / "first-fast.jape", ACTIONS)
    rng = random.Random(1)
    for _ in range(1500):
        state = rng.getstate()
        doc = random_document(rng)
        rng.setstate(state)
        again = random_document(rng)
        reference(doc)
        fast(again)
        assert dump(again) == dump(doc), dump(doc)
