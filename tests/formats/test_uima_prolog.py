"""The safe-XML check of XMI by its prolog against the plain path (the whole-file parse_xml):
every file reads to the same documents or fails with the same error line, hostile ones included."""

from __future__ import annotations

from pathlib import Path

import pytest

cassis = pytest.importorskip("cassis")

from formatshelp import relations, snapshot  # noqa: E402

from annotator.corpus import Failure, read_documents  # noqa: E402
from annotator.formats.uima_prolog import prolog_is_plain, use_prolog_check  # noqa: E402

EMOJI = "uima-xmi/emoji"


def fixtures(formats_data: Path) -> list[Path]:
    return sorted((formats_data / "uima-xmi").rglob("*.xmi"))


def hostile(formats_data: Path, folder: Path) -> list[Path]:
    """Variants of the emoji fixture, in its folder's type system: declarations, broken XML,
    other encodings, a document type declaration after a long comment."""
    good = (formats_data / EMOJI / "emoji.xmi").read_bytes()
    head, body = good.split(b"?>", 1)
    text = good.decode("utf-8")
    variants = {
        "bomb": head + b'?>\n<!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>' + body.replace(b'kind="NAME"', b'kind="&b;"'),
        "system": head + b'?>\n<!DOCTYPE XMI SYSTEM "http://example.org/x.dtd">' + body,
        "late-doctype": head + b"?>\n<!--" + b"x" * 70000 + b'-->\n<!DOCTYPE x [<!ENTITY a "b">]>' + body,
        "utf16-doctype": text.replace("UTF-8", "UTF-16").replace("?>", '?>\n<!DOCTYPE x [<!ENTITY a "b">]>', 1).encode("utf-16"),
        "utf16": text.replace("UTF-8", "UTF-16").encode("utf-16"),
        "truncated": good[:-60],
        "undeclared": good.replace(b'kind="NAME"', b'kind="&nope;"'),
        "bad-char": good.replace(b'kind="NAME"', b'kind="&#1;"'),
        "deep": good.replace(b"<cas:NULL", b"<a>" * 300 + b"</a>" * 300 + b"<cas:NULL"),
        "not-xml": b"\x00\x01 not xml",
        "empty": b"",
    }
    paths = []
    for name, data in variants.items():
        path = folder / f"{name}.xmi"
        path.write_bytes(data)
        paths.append(path)
    (folder / "TypeSystem.xml").write_bytes((formats_data / EMOJI / "TypeSystem.xml").read_bytes())
    return paths


def outcome(path: Path) -> list:
    """What reading one file gives: each document's text, sets, annotations, relations and
    features, or the error's message and line."""
    out = []
    for item in read_documents(path, "uima-xmi"):
        if isinstance(item, Failure):
            out.append(("failure", item.error.message, item.error.line))
        else:
            out.append((item.text, {n: (snapshot(item, n), relations(item, n)) for n in item.annset_names()},
                        item.features))
    return out


@pytest.fixture
def both_paths():
    yield
    use_prolog_check(True)


def test_every_file_reads_the_same_by_either_check(formats_data, tmp_path, both_paths):
    paths = fixtures(formats_data) + hostile(formats_data, tmp_path)
    use_prolog_check(False)
    plain = {p: outcome(p) for p in paths}
    use_prolog_check(True)
    fast = {p: outcome(p) for p in paths}
    assert fast == plain
    refused = {p.stem: plain[p][0][1][:4] for p in paths if plain[p][0][0] == "failure"}
    assert refused["bomb"] == refused["system"] == refused["late-doctype"] == "E107"
    assert refused["utf16-doctype"] == "E107" and refused["deep"] == "E108"
    assert refused["truncated"] == refused["undeclared"] == refused["bad-char"] == refused["not-xml"] == "E106"
    assert refused.pop("casWithFloatingPointSpecialValues") == "E159"  # a view without a sofa, as cassis refuses
    assert "utf16" not in refused and not any(p in refused for p in map(Path.stem.fget, fixtures(formats_data)))


def test_the_prolog_check_answers(formats_data, tmp_path):
    assert all(prolog_is_plain(p.read_bytes()) for p in fixtures(formats_data))
    by_name = {p.stem: prolog_is_plain(p.read_bytes()) for p in hostile(formats_data, tmp_path)}
    assert not any(by_name[n] for n in ("bomb", "system", "late-doctype", "utf16-doctype", "not-xml", "empty"))
    assert by_name["utf16"] and by_name["truncated"]
