"""The ``annie`` pipeline's sentence splitter: its fast path (``hand/splitter-fast.jape``, one firing
of a hand action) against the reference path, ANNIE's own splitter as GATE runs it (the
abbreviations gazetteer ``gazetteers/annie-splitter/`` with ``wordEdges=letters``, then
``sentenceSplitter/main.jape``, GATE's ``sentenceSplitter/grammar/``, with the hand-ported actions).
Both run over the same Tokens (our tokenizer in GATE's style and ANNIE's post-processing); they
must give the same Split and Sentence annotations on real and on made-up text."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from annotator import Document, Pipeline
from resourcehelp import EWT, ewt_paragraphs

REPO = Path(__file__).resolve().parents[2]
RESOURCES = REPO / "resources"

HEAD = f"""<?xml version="1.0" encoding="UTF-8"?>
<pipeline name="annie-splitter-{{name}}" language="en" provides="DEFAULT_TOKEN,TempNoSplitText,Sentence,Split">
  <pr type="tokenizer"><param name="style">gate</param></pr>
  <pr type="jape" name="annie-tokens">
    <param name="grammar">{RESOURCES}/grammars/annie/tokeniser/postprocess.jape</param>
    <param name="actions">{RESOURCES}/grammars/annie/hand/postprocess.py</param>
  </pr>
"""
FAST = f"""  <pr type="jape" name="annie-splitter">
    <param name="grammar">{RESOURCES}/grammars/annie/hand/splitter-fast.jape</param>
    <param name="actions">{RESOURCES}/grammars/annie/hand/splitter.py</param>
  </pr>
</pipeline>
"""
REFERENCE = f"""  <pr type="gazetteer" name="annie-splitter-abbreviations">
    <param name="listsURL">{RESOURCES}/gazetteers/annie-splitter/lists.def</param>
    <param name="wordEdges">letters</param>
  </pr>
  <pr type="jape" name="annie-splitter">
    <param name="grammar">{RESOURCES}/grammars/annie/sentenceSplitter/main.jape</param>
    <param name="actions">{RESOURCES}/grammars/annie/hand/splitter.py</param>
  </pr>
</pipeline>
"""


@pytest.fixture(scope="module")
def paths(tmp_path_factory) -> tuple[Pipeline, Pipeline]:
    folder = tmp_path_factory.mktemp("annie-splitter")
    made = []
    for name, tail in (("fast", FAST), ("reference", REFERENCE)):
        path = folder / f"{name}.xml"
        path.write_text(HEAD.format(name=name) + tail, encoding="utf-8")
        made.append(Pipeline.from_xml(path))
    return made[0], made[1]


def splits(pipeline: Pipeline, text: str) -> list[tuple]:
    doc = pipeline(Document(text))
    return sorted((a.type, a.start, a.end, tuple(sorted(a.features.items())))
                  for a in doc.annset() if a.type in ("Sentence", "Split", "Lookup"))


def test_the_shipped_pipeline_runs_the_fast_path() -> None:
    xml = (RESOURCES / "pipelines" / "annie.xml").read_text(encoding="utf-8")
    assert "hand/splitter-fast.jape</param>" in xml and "sentenceSplitter/main.jape</param>" not in xml


MADE_UP = [
    'He said "It ended." Then he left in Sept. Nobody came... We saw Dr. Lee\n\nThe end',
    "Prof. Smith (e.g. here) and [i.e. there] met Gen. Lee at 5 p.m. Then they left.",
    "Line one\nline two.\r\nLine three\r\n\r\nNew block.\n \n\tTabbed.\n\r\n\rOdd.\r\rCR only.",
    "Wow!? Really!!! Yes?! Table .... of ..... contents ...... here. Two.. dots.",
    "Use fine.exe or FILE.EXE or .NET and .net. Version 3.5.1 at 10.0.0.1 now. java.util.List ok.",
    "J.R.R. Tolkien and U.S.A. and A. B. Smith wrote it. 640p. Co. Ltd. Inc. The end",
    "'Quoted.' \"Double.\" (Bracket.) Next one. \u201cCurly.\u201d Last",
    "   ",
    "",
    "no full stop at all",
    "Ends with a full stop.",
    "Mr.Smith Dr.Who Nos. 5 and Fig. 3. St. Paul's. e.g.x i.e, etc.",
]


@pytest.mark.parametrize("text", MADE_UP)
def test_fast_path_gives_the_reference_splits_on_made_up_text(paths, text) -> None:
    fast, reference = paths
    assert splits(fast, text) == splits(reference, text)


def test_fast_path_gives_the_reference_splits_on_random_text(paths) -> None:
    # pieces where find.jape's rules meet (tuned on nothing: seed 7 as first written)
    pieces = [" ", "  ", "\n", "\r\n", "\r", "\n\r", "\t", ".", "..", "!", "?", '"', "'", ")", "(",
              "Dr", "Co", "e.g", "(e.g", "A", "B", "x", "exe", "NET", "Net", "3", "42", "word", "The", "iPod"]
    rng = random.Random(7)
    fast, reference = paths
    for _ in range(200):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 40)))
        assert splits(fast, text) == splits(reference, text), repr(text)


@pytest.mark.skipif(not EWT.is_dir(), reason="needs ../shared/resources-data/treebanks/en_ewt")
def test_fast_path_gives_the_reference_splits_on_ewt(paths) -> None:
    # EWT dev's text, a paragraph of the treebank a line, paragraphs of 20 lines one document
    # with a blank line between paragraphs every 5 lines, so both kinds of Split occur
    paragraphs = ewt_paragraphs()
    fast, reference = paths
    compared = 0
    for k in range(0, len(paragraphs), 20):
        lines = paragraphs[k:k + 20]
        text = "\n".join(line + ("\n" if i % 5 == 4 else "") for i, line in enumerate(lines))
        got = splits(fast, text)
        assert got == splits(reference, text)
        compared += sum(1 for item in got if item[0] == "Split")
    assert compared > 1500
