"""``annotator evaluate`` says when gold and system types cannot meet (E230-E232), and the figures
and exit code stay what they were."""

from __future__ import annotations

import pytest

from annotator.cli import main
from annotator.evaluation import tag_set_warnings
from evalhelp import make_doc

TEXT = "Juan Pérez vive en Madrid desde el 10/10/1963."
NAME, CITY, DATE = (0, 10), (19, 25), (35, 45)
MEDDOCAN = [("NOMBRE_SUJETO_ASISTENCIA", NAME), ("TERRITORIO", CITY), ("FECHAS", DATE)]
I2B2 = [("PATIENT", NAME), ("CITY", CITY), ("DATE", DATE)]


def write(folder, anns) -> str:
    """A brat folder with one document holding ``anns`` [(type, (start, end))]."""
    folder.mkdir()
    (folder / "a.txt").write_text(TEXT, encoding="utf-8")
    lines = [f"T{i}\t{t} {s} {e}\t{TEXT[s:e]}\n" for i, (t, (s, e)) in enumerate(anns, 1)]
    (folder / "a.ann").write_text("".join(lines), encoding="utf-8")
    return str(folder)


def evaluate(capsys, gold, system, metric):
    code = main(["evaluate", gold, system, "--metric", metric])
    captured = capsys.readouterr()
    return code, captured.out, [line for line in captured.err.splitlines() if line]


@pytest.mark.parametrize("metric", ["i2b2-2014", "meddocan", "diff"])
def test_meddocan_gold_against_i2b2_system_warns_once_with_the_mapping(tmp_path, capsys, metric):
    gold, system = write(tmp_path / "gold", MEDDOCAN), write(tmp_path / "sys", I2B2)
    code, out, err = evaluate(capsys, gold, system, metric)
    assert code == 0 and out  # scored and printed as before
    assert len(err) == 1
    assert err[0].startswith("annotator: warning: E230 gold annotations have meddocan types and system annotations i2b2-2014 types")
    assert "--map meddocan-i2b2-2014" in err[0] and "gold side" in err[0]


def test_i2b2_gold_against_meddocan_system_names_the_mapping_for_the_system(tmp_path, capsys):
    gold, system = write(tmp_path / "gold", I2B2), write(tmp_path / "sys", MEDDOCAN)
    _, _, err = evaluate(capsys, gold, system, "i2b2-2014")
    assert len(err) == 1 and "E230 gold annotations have i2b2-2014 types and system annotations meddocan types" in err[0]
    assert err[0].endswith("retype the system side with `annotator convert --map meddocan-i2b2-2014`")


@pytest.mark.parametrize("anns, metric", [(MEDDOCAN, "meddocan"), (I2B2, "i2b2-2014"), (MEDDOCAN, "diff")])
def test_the_same_tag_set_on_both_sides_gives_no_warning(tmp_path, capsys, anns, metric):
    gold, system = write(tmp_path / "gold", anns), write(tmp_path / "sys", anns[:2])
    code, _, err = evaluate(capsys, gold, system, metric)
    assert (code, err) == (0, [])


def test_types_outside_the_metrics_tag_set_are_named(tmp_path, capsys):
    gold = write(tmp_path / "gold", MEDDOCAN)
    system = write(tmp_path / "sys", [("NOMBRE_SUJETO_ASISTENCIA", NAME), ("Ciudad", CITY), ("Fecha", DATE)])
    code, _, err = evaluate(capsys, gold, system, "meddocan")
    assert code == 0
    assert err == ["annotator: warning: E231 system annotation type(s) outside the meddocan tag set: Ciudad, Fecha"]


def test_the_i2b2_metric_compares_types_upper_cased_as_its_scorer_does():
    gold = [make_doc(TEXT, I2B2, "a")]
    system = [make_doc(TEXT, [("patient", NAME), ("city", CITY)], "a")]
    assert tag_set_warnings(gold, system, "i2b2-2014") == []
    assert tag_set_warnings(gold, system, "meddocan") == [  # the MEDDOCAN scorer compares them as they are
        "E232 gold and system annotations share no type (gold: CITY, DATE, PATIENT; system: city, patient)",
        "E231 gold annotation type(s) outside the meddocan tag set: CITY, DATE, PATIENT",
        "E231 system annotation type(s) outside the meddocan tag set: city, patient",
    ]


def test_sides_sharing_no_type_outside_any_tag_set():
    gold = [make_doc(TEXT, [("Person", NAME)], "a")]
    system = [make_doc(TEXT, [("Name", NAME)], "a")]
    assert tag_set_warnings(gold, system, "diff") == [
        "E232 gold and system annotations share no type (gold: Person; system: Name)"]
    assert tag_set_warnings(gold, [make_doc(TEXT, [], "a")], "diff") == []  # an empty side is no mismatch
