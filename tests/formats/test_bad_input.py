"""Every kind of bad input: one clear line naming file and line, exit 1, no traceback, nothing
written for the bad document, the rest of the folder converted under --keep-going."""

from __future__ import annotations

import http.server
import re
import threading
from pathlib import Path

import pytest

from annotator.cli import main
from annotator.corpus import Failure, read_documents

GOOD_TXT = "Nombre: Ana.\n"
GOOD_ANN = "T1\tNOMBRE_SUJETO_ASISTENCIA 8 11\tAna\n"
GOOD_XML = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<MEDDOCAN>\n<TEXT><![CDATA[Nombre: Ana.\n]]></TEXT>\n<TAGS>\n'
    '<NAME id="T1" start="8" end="11" text="Ana" TYPE="NOMBRE_SUJETO_ASISTENCIA" comment=""/>\n</TAGS>\n</MEDDOCAN>\n'
)


def xml_with_body(prolog: str, text: str) -> str:
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{prolog}<MEDDOCAN>\n<TEXT>{text}</TEXT>\n<TAGS/>\n</MEDDOCAN>\n'


# name -> (format, {file: content}, error code, line of the error or None)
CASES = {
    "offsets-outside": ("brat", {"bad.txt": GOOD_TXT, "bad.ann": GOOD_ANN + "T2\tX 8 99\tAna\n"}, "E102", 2),
    "surface-differs": ("brat", {"bad.txt": GOOD_TXT, "bad.ann": "T1\tX 8 11\tEva\n"}, "E103", 1),
    "non-numeric-offsets": ("brat", {"bad.txt": GOOD_TXT, "bad.ann": "T1\tX 8 1l\tAna\n"}, "E117", 1),
    "missing-txt": ("brat", {"bad.ann": GOOD_ANN}, "E105", None),
    "invalid-utf8-txt": ("brat", {"bad.txt": b"Nombre: Ana.\n\xc3\x28\n", "bad.ann": GOOD_ANN}, "E101", 2),
    "invalid-utf8-ann": ("brat", {"bad.txt": GOOD_TXT, "bad.ann": b"T1\tX 8 11\tAn\xff\n"}, "E101", 1),
    "xml-not-well-formed": ("meddocan-xml", {"bad.xml": GOOD_XML.replace("</TAGS>", "</TAG>")}, "E106", 7),
    "xml-offsets-outside": ("meddocan-xml", {"bad.xml": GOOD_XML.replace('end="11"', 'end="500"')}, "E102", 6),
    "xml-non-numeric": ("meddocan-xml", {"bad.xml": GOOD_XML.replace('start="8"', 'start="eight"')}, "E117", 6),
    "xml-entity-bomb": (
        "meddocan-xml",
        {"bad.xml": xml_with_body(
            '<!DOCTYPE MEDDOCAN [\n<!ENTITY a "aaaaaaaaaa">\n<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">\n'
            '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">\n<!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">\n]>\n',
            "&d;&d;&d;&d;&d;&d;&d;&d;")},
        "E107", 2,
    ),
    "xml-deep-nesting": (
        "meddocan-xml",
        {"bad.xml": '<?xml version="1.0"?>\n<MEDDOCAN>\n<TAGS>\n' + "<a>\n" * 400 + "</a>" * 400 + "</TAGS></MEDDOCAN>\n"},
        "E108", None,
    ),
    "gate-not-well-formed": ("gate-xml", {"bad.xml": '<GateDocument version="3"><TextWithNodes>a & b</TextWithNodes>'
                                                     "</GateDocument>"}, "E106", 1),
    "bdoc-invalid-json": ("bdoc", {"bad.bdocjs": '{"text": "x",\n "annotation_sets": {,}}'}, "E119", 2),
    "bdoc-deep-nesting": ("bdoc", {"bad.bdocjs": "[" * 100000 + "]" * 100000}, "E108", None),
    "i2b2-2006-not-well-formed": ("i2b2-2006", {"bad.xml": '<ROOT><RECORD ID="1"><TEXT>a <PHI TYPE="X">b</TEXT>'
                                                           "</RECORD></ROOT>"}, "E106", 1),
}
GOOD = {
    "brat": {"good.txt": GOOD_TXT, "good.ann": GOOD_ANN},
    "meddocan-xml": {"good.xml": GOOD_XML},
    "gate-xml": {"good.xml": '<GateDocument version="3"><TextWithNodes>ok</TextWithNodes></GateDocument>'},
    "bdoc": {"good.bdocjs": '{"text": "ok", "annotation_sets": {}, "offset_type": "p"}'},
}


def make(folder: Path, files: dict) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        data = content.encode("utf-8") if isinstance(content, str) else content
        (folder / name).write_bytes(data)


def check_failure(failure: Failure, src: Path, code: str, line: int | None) -> None:
    assert isinstance(failure, Failure)
    assert failure.error.message.startswith(code), str(failure)
    assert Path(failure.error.path).parent == src and Path(failure.error.path).stem == "bad"
    if line is not None:
        assert failure.error.line == line, str(failure)


@pytest.mark.parametrize("case", sorted(CASES))
def test_api_yields_one_failure_and_goes_on(tmp_path, case):
    fmt, files, code, line = CASES[case]
    src = tmp_path / "in"
    make(src, files)
    make(src, GOOD.get(fmt, {}))
    items = list(read_documents(src, fmt))
    failures = [i for i in items if isinstance(i, Failure)]
    assert len(failures) == 1
    check_failure(failures[0], src, code, line)
    assert [d.name for d in items if not isinstance(d, Failure)] == (["good"] if fmt in GOOD else [])


@pytest.mark.parametrize("case", sorted(CASES))
def test_cli_reports_one_line_and_converts_the_rest(tmp_path, capsys, case):
    fmt, files, code, line = CASES[case]
    src, dst = tmp_path / "in", tmp_path / "out"
    make(src, files)
    make(src, GOOD.get(fmt, {}))
    to = "brat" if fmt != "brat" else "meddocan-xml"
    status = main(["convert", str(src), str(dst), "--from", fmt, "--to", to, "--keep-going"])
    err = capsys.readouterr().err
    assert status == 1
    assert "Traceback" not in err
    lines = [ln for ln in err.splitlines() if "bad." in ln]
    assert len(lines) == 1, err
    where = re.escape(str(src)) + r"/bad\.\w+" + (f":{line}" if line is not None else r"(:\d+)?")
    assert re.match(where + f": {code} ", lines[0]), lines[0]
    written = sorted(p.stem for p in dst.iterdir()) if dst.exists() else []
    assert "bad" not in written
    if fmt in GOOD:
        assert "good" in written


def test_xxe_is_refused_and_the_secret_never_read(tmp_path, capsys):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-VALUE", encoding="utf-8")
    src = tmp_path / "in"
    make(src, {"bad.xml": xml_with_body(f'<!DOCTYPE MEDDOCAN [\n<!ENTITY xxe SYSTEM "file://{secret}">\n]>\n', "&xxe;")})
    (failure,) = list(read_documents(src, "meddocan-xml"))
    check_failure(failure, src, "E107", 2)
    status = main(["convert", str(src), str(tmp_path / "out"), "--to", "brat"])
    err = capsys.readouterr().err
    assert status == 1 and "TOP-SECRET-VALUE" not in err and not (tmp_path / "out").exists()


def test_external_dtd_is_never_fetched(tmp_path):
    requests = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (http.server API)
            requests.append(self.path)
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b'<!ENTITY e "FETCHED">')

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_port}/x.dtd"
        src = tmp_path / "in"
        make(src, {"bad.xml": xml_with_body(f'<!DOCTYPE MEDDOCAN SYSTEM "{url}">\n', "&e;"),
                   "bad2.xml": xml_with_body(f'<!DOCTYPE MEDDOCAN [\n<!ENTITY % p SYSTEM "{url}">\n%p;\n]>\n', "x")})
        failures = list(read_documents(src, "meddocan-xml"))
    finally:
        server.shutdown()
        server.server_close()
    assert requests == []
    assert [f.error.message[:4] for f in failures] == ["E107", "E107"]
    assert failures[0].error.line == 2


def test_missing_source_is_one_line(tmp_path, capsys):
    status = main(["convert", str(tmp_path / "nope"), str(tmp_path / "out"), "--to", "brat"])
    err = capsys.readouterr().err
    assert status == 1 and "E128" in err and len(err.strip().splitlines()) == 1
