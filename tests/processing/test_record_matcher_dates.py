"""record-matcher dates: every way of writing the record date; bare day/month only as a date."""

from __future__ import annotations

import pytest

from annotator.processing.record_matcher.dates import parse_record_date
from recordhelp import found, matcher


@pytest.fixture
def birthday(tmp_path):
    return matcher(tmp_path, date=["11/02/1970"])


@pytest.mark.parametrize("written", [
    "11/02/1970", "11/2/1970", "11-2-70", "11.02.70", "11 02 1970", "11\t02\t1970", "1970-02-11", "1970/11/02",
    "02/11/1970", "2/11/70", "11 de febrero de 1970", "11 febrero 1970", "11-feb-1970", "11 Feb. 1970",
    "February 11, 1970", "Feb 11th 1970", "11th of February 1970", "11 februari 1970", "11-II-1970", "11:02:1970",
    "19700211", "11021970", "110270", "febrero de 1970", "02/1970", "1970-02", "11 de febrero", "11/2", "11-02",
])
def test_every_way_of_writing_the_record_date_is_found(birthday, written):
    assert found(birthday, f"Nació el {written}, en casa.") == [(written, "FECHAS", "date")]


@pytest.mark.parametrize("text", [
    "Tomó 11/2 mg al día.", "Durante 11/2 días.", "Tras 11-2 semanas.", "TA 120/70 y 11/2/5.", "Dosis 5/11/2 pautada.",
    "Nació el 12/02/1970.", "El 11/03/1970.", "En 11/02/1971.", "Hb 11.2 g/dl.", "A las 11:02.", "El 1970-02-12.",
    "Código 119700211.", "Nació en 1970.",
])
def test_other_dates_quantities_and_ratios_are_not_the_date(birthday, text):
    assert found(birthday, text) == []


def test_record_dates_are_day_first_iso_or_month_first_when_day_first_is_no_date():
    assert parse_record_date("11/02/1970") == (1970, 2, 11)
    assert parse_record_date("1970-02-11") == (1970, 2, 11)
    assert parse_record_date("23-octubre-1972") == (1972, 10, 23)
    assert parse_record_date("03/15/1996") == (1996, 3, 15)
    assert parse_record_date("3/3/46") == (1946, 3, 3)
    assert parse_record_date("31/02/1970") is None and parse_record_date("mañana") is None


def test_the_dates_are_found_on_every_line_of_a_note(tmp_path):
    # each line is read for dates only when it holds a day or year and a month of a record date
    pr = matcher(tmp_path, date=["11/02/1970", "5/9/2001"])
    text = ("11-II-1970 ingreso.\nTA 120/70, 3 comprimidos.\nAlta el 5 de septiembre de 2001;\nrevisión 11/2\n"
            "1970: nada.\nDosis 2/11 y 9.5 mg.\nControl 05/09/01")
    assert [t for t, _, _ in found(pr, text)] == [
        "11-II-1970", "5 de septiembre de 2001", "11/2", "2/11", "05/09/01"]  # 2/11: month first


@pytest.mark.parametrize("record, written", [
    ("04//11/1987", "04/11/1987"), ("04//11/1987", "4 de noviembre de 1987"), ("04//11/1987", "04/11"),
    ("04//11/1987", "04//11/1987"), ("04/11/87", "04/11/1987"), ("04/11/87", "04-11-87"), ("30/03/19", "30/03/1919"),
    ("O4/11/1987", "04.11.1987"), ("04/11/1987 10:30", "4 nov 1987"), ("19870411", "04/11/1987"),
    ("312/07/1958", "31/07/1958"), ("312/07/1958", "12 de julio de 1958"), ("312/07/1958", "312/07/1958"),
    ("312/07/1958", "julio de 1958"), ("04/11/19877", "04/11/1987"), ("014/02/1939", "04/02/1939"),
])
def test_a_messy_record_date_is_found_as_it_reads(tmp_path, record, written):
    assert found(matcher(tmp_path, date=[record]), f"Nació el {written}, en casa.") == [(written, "FECHAS", "date")]


@pytest.mark.parametrize("record, text", [
    ("312/07/1958", "Ingresó el 31/07 y el 12/07."),  # the day is not known: never without the year
    ("312/07/1958", "Nació el 13/07/1958."), ("312/07/1958", "Nació el 31/07/1959."),
    ("04/11/87", "Nació el 04/11/1887."), ("31/02/1970", "Nació el 28/02/1970 o el 02/03/1970."),
    ("12 y 13/07/1958", "El 12/07/1958."), ("desconocido", "Origen desconocido."), ("014/02/1939", "El 04/02."),
])
def test_a_messy_record_date_finds_nothing_that_is_not_it(tmp_path, record, text):
    assert found(matcher(tmp_path, date=[record]), text) == []
