"""Every reader, fuzzed: random and mutated files give documents or coded errors (one line
``E### ...``, with the file named), never another exception and never a hang.

Each format starts from its valid fixture in ``tests/data/formats`` and is mutated byte by byte
(replace, insert, delete, truncate, duplicate a slice), or replaced by random bytes. brat mutates
the ``.ann`` or the ``.txt`` of its pair.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from fuzzing import fuzz_settings, mutated
from hypothesis import given
from hypothesis import strategies as st

from annotator.corpus import Failure, read_documents
from annotator.document import Document

DATA = Path(__file__).resolve().parents[1] / "data" / "formats"
CODED = re.compile(r"E\d{3} ")
EXAMPLES = 1000

# format -> (fixture file, the file the fuzzer rewrites, relative to the fixture's copy)
FIXTURES = {
    "brat": "brat-full/visit.ann",
    "bdoc": "bdoc/smile.bdocjs",
    "conll": "conll/note.conll",
    "gate-xml": "gate-xml/smile.xml",
    "i2b2-2006": "i2b2-2006/records.xml",
    "i2b2-2014": "i2b2-2014/110-01.xml",
    "meddocan-xml": "meddocan-xml/S0004-06142005000500011-1.xml",
    "text": "text/crlf-bom.txt",
}


def check_read(folder: Path, target: Path, data: bytes, fmt: str) -> None:
    target.write_bytes(data)
    for item in read_documents(folder, fmt):
        if isinstance(item, Failure):
            message = str(item.error.message)
            assert CODED.match(message), message
            assert item.path, message
        else:
            assert isinstance(item, Document)


@pytest.mark.parametrize("fmt", sorted(FIXTURES))
def test_reader_gives_documents_or_coded_errors(fmt, tmp_path_factory):
    fixture = DATA / FIXTURES[fmt]
    folder = tmp_path_factory.mktemp(fmt)
    for path in fixture.parent.iterdir():
        if path.stem == fixture.stem:  # the file and its companions (brat's .txt)
            shutil.copyfile(path, folder / path.name)
    targets = [folder / fixture.name] + ([folder / fixture.with_suffix(".txt").name] if fmt == "brat" else [])
    originals = {t: t.read_bytes() for t in targets}

    @fuzz_settings(EXAMPLES)
    @given(data=st.data())
    def fuzz(data):
        for t, original in originals.items():
            t.write_bytes(original)
        target = data.draw(st.sampled_from(targets))
        check_read(folder, target, data.draw(mutated(originals[target])), fmt)

    fuzz()
