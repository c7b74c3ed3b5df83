"""The pipeline loader, fuzzed: a mutated pipeline file gives a Pipeline or one coded error naming
the file, never another exception and never a hang."""

from __future__ import annotations

import re

from fuzzing import fuzz_settings, mutated
from hypothesis import given
from hypothesis import strategies as st
from pipeline_test_prs import Words  # noqa: F401  (registers the test-* PRs)

from annotator.errors import AnnotatorError
from annotator.pipeline import Pipeline

PIPELINE = b"""<?xml version="1.0" encoding="UTF-8"?>
<pipeline name="fuzz">
  <pr type="tokenizer"/>
  <pr type="test-words" name="w"><param name="minLength">3</param><param name="outputASName">W</param></pr>
  <pr type="test-list">
    <param name="path">words.txt</param><param name="ratio">0.5</param><param name="mode">loose</param>
    <param name="tags">a,b</param><param name="flag">true</param>
  </pr>
</pipeline>
"""
CODED = re.compile(r"E\d{3} ")


def test_pipeline_loader_gives_a_pipeline_or_a_coded_error(tmp_path):
    (tmp_path / "words.txt").write_text("abc\nfever\n", encoding="utf-8")
    path = tmp_path / "p.xml"
    path.write_bytes(PIPELINE)
    assert len(Pipeline.from_xml(path)) == 3  # the seed is valid

    @fuzz_settings(500)
    @given(data=st.data())
    def fuzz(data):
        path.write_bytes(data.draw(mutated(PIPELINE)))
        try:
            Pipeline.from_xml(path)
        except AnnotatorError as exc:
            assert CODED.match(exc.message), exc.message
            assert str(path) in str(exc), str(exc)

    fuzz()
