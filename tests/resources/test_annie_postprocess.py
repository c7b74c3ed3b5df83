"""The ``annie`` pipeline's token post-processing: its fast path (``hand/postprocess-fast.jape``, one
firing of a hand action) against the reference path, ANNIE's own ``tokeniser/postprocess.jape``
(GATE's) with the hand-ported actions. Both run after our tokenizer in GATE's style; they must leave
the same annotations, with the same ids (the ortho-matcher's ``matches`` features hold ids), on
real and on made-up text."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from annotator import Document, Pipeline
from resourcehelp import EWT, ewt_paragraphs

REPO = Path(__file__).resolve().parents[2]
RESOURCES = REPO / "resources"

PIPELINE = f"""<?xml version="1.0" encoding="UTF-8"?>
<pipeline name="annie-postprocess-{{name}}" language="en" provides="DEFAULT_TOKEN">
  <pr type="tokenizer"><param name="style">gate</param></pr>
  <pr type="jape" name="annie-tokens">
    <param name="grammar">{RESOURCES}/grammars/annie/{{grammar}}</param>
    <param name="actions">{RESOURCES}/grammars/annie/hand/postprocess.py</param>
  </pr>
</pipeline>
"""


@pytest.fixture(scope="module")
def paths(tmp_path_factory) -> tuple[Pipeline, Pipeline]:
    folder = tmp_path_factory.mktemp("annie-postprocess")
    made = []
    for name, grammar in (("fast", "hand/postprocess-fast.jape"), ("reference", "tokeniser/postprocess.jape")):
        path = folder / f"{name}.xml"
        path.write_text(PIPELINE.format(name=name, grammar=grammar), encoding="utf-8")
        made.append(Pipeline.from_xml(path))
    return made[0], made[1]


def annotations(pipeline: Pipeline, text: str) -> list[tuple]:
    doc = pipeline(Document(text))
    return sorted((a.id, a.type, a.start, a.end, tuple(sorted(a.features.items()))) for a in doc.annset())


def test_the_shipped_pipeline_runs_the_fast_path() -> None:
    xml = (RESOURCES / "pipelines" / "annie.xml").read_text(encoding="utf-8")
    assert "hand/postprocess-fast.jape</param>" in xml and "tokeniser/postprocess.jape</param>" not in xml


MADE_UP = [
    "don't DON'T Don'T can't won't isn't x't ''t 'n'n' '' 't wo'n't 's't 'n't cannot't",
    "I'm you'll 'S 's 'd 've 're 'til 'Cause 'em 'Em 'N '80s '30s John's",
    "rock'n'roll C'mon c'mon o'clock O'clock ma'am Ma'am M'am C'Mon",
    "cannot CANNOT CanNot cAnNoT Cannot. cannotx xcannot uncannot-Cannot",
    "3rd 21st 22th 1nd 3RD \u00b2nd 12th 5th-floor 3 rd 2nd.",
    "a\r\nb\n\rc\r\rd\n\ne\r\n\r\nf",
    "\u02b0'\u02b0s 3\u02b0rd don\u02b0'\u02b0t \u4e2dst \u4e2dcannot x-tndCannot e\u0301st",  # no-token characters, no-case letters
    "   \r\n", "'", "n't", "x''", "3'rd", "", "'s",
]


@pytest.mark.parametrize("text", MADE_UP)
def test_fast_path_gives_the_reference_tokens_on_made_up_text(paths, text) -> None:
    fast, reference = paths
    assert annotations(fast, text) == annotations(reference, text)


def test_fast_path_gives_the_reference_tokens_on_random_text(paths) -> None:
    # pieces where the rules meet, and the letters beside which our tokenizer splits words
    # (seed 1 as first written; 20,000 texts of the same kind agreed when it was written)
    pieces = ["'", "s", "t", "T", "n", "N", "'T", "don", "x", "A", "ST", "3", "\u00b2", "rd", "st", "th", "nd",
              "cannot", "Cannot", "cAnNoT", "C", "mon", "ma", "am", "o", "clock", "\n", "\r", " ", "-", "x-",
              "\u02b0", "\u4e2d", "\u00e9", "\u0301"]
    rng = random.Random(1)
    fast, reference = paths
    for _ in range(1500):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 12)))
        assert annotations(fast, text) == annotations(reference, text), repr(text)


@pytest.mark.skipif(not EWT.is_dir(), reason="needs ../shared/resources-data/treebanks/en_ewt")
def test_fast_path_gives_the_reference_tokens_on_ewt(paths) -> None:
    # EWT dev's text, a paragraph a line, 50 lines a document
    paragraphs = ewt_paragraphs()
    fast, reference = paths
    joined = 0
    for k in range(0, len(paragraphs), 50):
        text = "\n".join(paragraphs[k:k + 50])
        got = annotations(fast, text)
        assert got == annotations(reference, text)
        joined += sum(1 for item in got if item[1] == "Token" and "'" in dict(item[4])["string"][:-1])  # 's, n't
    assert joined > 100
