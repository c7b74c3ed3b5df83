"""The shared pattern library (resources/patterns/, pipeline ``patterns``): each pattern's positives
and negatives, the blocking and context rules, the lists' safety against catastrophic backtracking,
and that the shipped lists are what their build script writes."""

from __future__ import annotations

import importlib.util
import time

import pytest

from annotator import Document, Pipeline
from annotator.errors import PipelineError
from annotator.paths import RESOURCES
from annotator.processing.regex_gazetteer import RegexGazetteer

PATTERNS = RESOURCES / "patterns"
TYPES = ("Date", "Time", "Phone", "Id", "Email", "Url", "Ip", "Postcode")


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline.from_xml(RESOURCES / "pipelines" / "patterns.xml")


@pytest.fixture
def find(pipeline):
    """``find(text)``: the (type, text, kind) of every pattern annotation, in document order."""

    def run(text: str) -> list[tuple[str, str, str]]:
        doc = Document(text, name="t")
        pipeline(doc)
        return [(a.type, text[a.start:a.end], a.features.get("kind")) for a in doc.annset("Patterns")]

    return run


def only(find, text: str) -> tuple[str, str, str] | None:
    found = find(text)
    assert len(found) <= 1, found
    return found[0] if found else None


@pytest.mark.parametrize("text, span, kind", [
    ("Nació el 25/03/1938 en Lugo.", "25/03/1938", "dmy"),
    ("born 12/25/2019 at home", "12/25/2019", "mdy"),
    ("Ingreso 2019-03-25.", "2019-03-25", "ymd"),
    ("fecha 2019/25/03", "2019/25/03", "ydm"),
    ("visto 12.03.10 en consulta", "12.03.10", "dmy"),
    ("el día 12 03 2019", "12 03 2019", "dmy"),
    ("el día 12\t03\t2019", "12\t03\t2019", "dmy"),
    ("seen 12,03,2019", "12,03,2019", "dmy"),
    ("fecha 12:03:2019", "12:03:2019", "dmy"),
    ("desde 03/2019", "03/2019", "my"),
    ("since 2019-03", "2019-03", "ym"),
    ("el 12-III-2019 ingresa", "12-III-2019", "roman"),
    ("el 12 III 2019 ingresa", "12 III 2019", "roman"),
    ("12 de marzo de 2019", "12 de marzo de 2019", "month-name"),
    ("on March 12, 2019 she", "March 12, 2019", "month-name"),
    ("den 12 mars 2019", "12 mars 2019", "month-name"),
    ("12 March 2019", "12 March 2019", "month-name"),
    ("en marzo de 2007", "marzo de 2007", "month-name"),
    ("Abril del 2011", "Abril del 2011", "month-name"),
    ("el 18-junio-2004", "18-junio-2004", "month-name"),
    ("hasta diciembre-2002", "diciembre-2002", "month-name"),
    ("15-mar-2010", "15-mar-2010", "month-name"),
    ("dic. 2009", "dic. 2009", "month-name"),
    ("se retiró en sep-04", "sep-04", "month-name"),
    ("12th March 2019", "12th March 2019", "ordinal"),
    ("on the 3rd of May", "3rd of May", "ordinal"),
    ("March 12th, 2019", "March 12th, 2019", "ordinal"),
    ("seen Feb 3, 2021 in clinic", "Feb 3, 2021", "month-name"),   # an abbreviated month, comma
    ("DOB Sept 9 2019.", "Sept 9 2019", "month-name"),              # "Sept", no comma
    ("on Dec. 25, 2019", "Dec. 25, 2019", "month-name"),
    ("el 3 ene 2019", "3 ene 2019", "month-name"),
    ("on Feb 3rd, 2021", "Feb 3rd, 2021", "ordinal"),
    ("el 1º de marzo", "1º de marzo", "ordinal"),
    ("den 12:e mars", "12:e mars", "ordinal"),
    ("el año 2000", "año 2000", "year"),
    ("Fecha de nacimiento:06/01/2016.", "06/01/2016", "dmy"),
    ("Record date: 2069-04-07", "2069-04-07", "ymd"),  # i2b2's shifted years
])
def test_dates(find, text, span, kind):
    assert only(find, text) == ("Date", span, kind)


def test_ambiguous_numeric_dates_name_the_other_reading(pipeline):
    doc = Document("el 03/04/2019 y el 13/04/2019", name="t")
    pipeline(doc)
    dates = [dict(a.features) for a in doc.annset("Patterns")]
    assert dates == [{"kind": "dmy", "alt": "mdy"}, {"kind": "dmy"}]


@pytest.mark.parametrize("text, span, kind", [
    ("Ingresó el 2/7 con fiebre", "2/7", "dm"),
    ("seen on 3/12 in clinic", "3/12", "dm"),
    ("on 12/25 again", "12/25", "md"),
    ("den 3/12 kom hon", "3/12", "dm"),
    ("lunes 2/7", "2/7", "dm"),
    ("Monday, 3/12", "3/12", "dm"),
    ("Fecha: 2/7", "2/7", "dm"),
    ("since March 12 she", "March 12", "month-name"),
    ("since Sept 9 she", "Sept 9", "month-name"),
    ("en 2005 inició", "2005", "year"),
    ("entre 2001 y 2005", None, None),  # two years: checked below
    ("Consulta en junio por tumor", "junio", "month"),
])
def test_dates_that_need_context_have_it(find, text, span, kind):
    if span is None:
        assert find(text) == [("Date", "2001", "year"), ("Date", "2005", "year")]
    else:
        assert only(find, text) == ("Date", span, kind)


@pytest.mark.parametrize("text", [
    "Tratamiento 2/7 días",            # a duration
    "el 2/7 días",                      # a duration, even after "el"
    "reposo 1/12 semanas",
    "for 1/12 weeks",
    "Paracetamol/codeína 5/325 mg",     # a dosage
    "TA 120/70 mmHg",                   # blood pressure
    "TA 12/7",                          # blood pressure in cmHg
    "tomar 3/4 de comprimido",          # a fraction in dose context
    "el 3/4 de comprimido",
    "take 1/2 tablet",
    "GCS 15/15",                        # a score
    "GCS 8/12",
    "dolor en 4/10",                    # a score after "en"
    "desde 3.5 a 3.7",                  # decimals
    "visto 2/7",                        # no context
    "título 1/2048",                    # a titre
    "látex en suero positivo 1/2048",
    "dilución 1/2000",                  # a dilution
    "version 1.2.3",
    "Grade 3 may be seen",              # "may": a verb
    "hace 5 años",
    "visto Sept 9",                     # a day and an abbreviated month need context too
    "Feb 3 mg",
    "un área de 25 X 25 cm",            # a Roman 10 between numbers, without a four-digit year
])
def test_durations_dosages_scores_and_bare_fractions_are_not_dates(find, text):
    assert [f for f in find(text) if f[0] == "Date"] == []


@pytest.mark.parametrize("text, span, kind", [
    ("a las 14:30 llegó", "14:30", "hm"),
    ("at 14:30:15", "14:30:15", "hms"),
    ("at 2.30 pm", "2.30 pm", "ampm"),
    ("11 a.m. visit", "11 a.m.", "ampm"),
    ("Sobre las 01:30 horas", "01:30 horas", "hm"),
    ("llegó a las 14h", "14h", "hour"),
    ("14h30 llegó", "14h30", "hm"),
    ("a las 9.30", "9.30", "hm"),
    ("kl. 14.30", "14.30", "hm"),
    ("14.30 h", "14.30 h", "hm"),
])
def test_times(find, text, span, kind):
    assert only(find, text) == ("Time", span, kind)


@pytest.mark.parametrize("text", ["cada 8 h", "durante 24 h", "dilución 1:10", "ratio 1:20", "37,5 ºC", "2.30"])
def test_not_times(find, text):
    assert [f for f in find(text) if f[0] == "Time"] == []


@pytest.mark.parametrize("text, span, kind", [
    ("Teléfono: 948537965", "948537965", "es"),
    ("Tel.: 913 368 000", "913 368 000", "es"),
    ("Tfno. 670.97.10.26", "670.97.10.26", "es"),
    ("llamar al 91 336 87 85", "91 336 87 85", "es"),
    ("móvil 600-12-34-56", "600-12-34-56", "es"),
    ("tel +34 607819141", "+34 607819141", "es"),
    ("tel 0034 607 819 141", "0034 607 819 141", "es"),
    ("Tel (+34) 915 551 234", "(+34) 915 551 234", "es"),
    ("call (617) 555-1234", "(617) 555-1234", "us"),
    ("call (555)123-4567 now", "(555)123-4567", "us"),   # a bracketed area code: any exchange, no space
    ("call (555) 123-4567", "(555) 123-4567", "us"),
    ("call 617-555-1234", "617-555-1234", "us"),
    ("call +1 617 555 1234", "+1 617 555 1234", "us"),
    ("ring 01632 960123", "01632 960123", "uk"),
    ("ring 020 7946 0958", "020 7946 0958", "uk"),
    ("ring +44 (0)20 7946 0958", "+44 (0)20 7946 0958", "uk"),
    ("ring +44 7700 900123", "+44 7700 900123", "uk"),
    ("ring +447700900123", "+447700900123", "uk"),
    ("ring 08-123 45 67", "08-123 45 67", "se"),
    ("ring 070-123 45 67", "070-123 45 67", "se"),
    ("ring +46 8 123 45 67", "+46 8 123 45 67", "se"),
    ("ring +33 1 23 45 67 89", "+33 1 23 45 67 89", "intl"),
])
def test_phones(find, text, span, kind):
    assert only(find, text) == ("Phone", span, kind)


def test_a_fax_is_a_phone_used_as_a_fax(pipeline):
    doc = Document("Fax: 934 514 480", name="t")
    pipeline(doc)
    (fax,) = doc.annset("Patterns")
    assert (fax.type, dict(fax.features)) == ("Phone", {"kind": "es", "use": "fax"})


@pytest.mark.parametrize("text", ["12345", "1234 5678", "gen SCN4A (OMIM +603967)", "3.141592653", "7.10.2019 12", "peso 69 kg 170 cm",
                                  "1 2 3 4 5 6 7 8 9", "5.000.000 plaquetas", "(555)12-4567", "(155)123-4567"])
def test_not_phones(find, text):
    assert [f for f in find(text) if f[0] == "Phone"] == []


@pytest.mark.parametrize("text, span, kind, checksum", [
    ("DNI 12345678Z", "12345678Z", "dni", "ok"),
    ("sin etiqueta 12345678-Z", "12345678-Z", "dni", "ok"),
    ("DNI: 12345678A", "12345678A", "dni", "bad"),
    ("NIE X1234567L", "X1234567L", "nie", "ok"),
    ("SSN 123-45-6789", "123-45-6789", "ssn", None),
    ("pnr 811218-9876", "811218-9876", "personnummer", "ok"),
    ("född 19811218-9876", "19811218-9876", "personnummer", "ok"),
    ("Personnummer: 811218-9877", "811218-9877", "personnummer", "bad"),
    ("NHC: 5208756.", "5208756", "nhc", None),
    ("NHC:272226.", "272226", "nhc", None),
    ("NHC: 0356735/02.", "0356735/02", "nhc", None),
    ("CIPA: nhc-739146.", "739146", "cip", None),
    ("NASS: 43 50259874 90.", "43 50259874 90", "nass", None),
    ("NASS: 14-63504522-08.", "14-63504522-08", "nass", None),
    ("NSS: 92-91-90-8443-1.", "92-91-90-8443-1", "nass", None),
    ("Episodio: 4405819.\nMédico", "4405819", "episode", None),
    ("Encounter #123456", "123456", "episode", None),
    ("Médico: Félix Gómez NºCol: 11 11 54870.", "11 11 54870", "licence", None),
    ("MRN: 00123456", "00123456", "mrn", None),
    ("Medical record number 4455667", "4455667", "mrn", None),
    ("Journalnummer 123456", "123456", "mrn", None),
])
def test_ids(pipeline, text, span, kind, checksum):
    doc = Document(text, name="t")
    pipeline(doc)
    ids = [(text[a.start:a.end], a.features.get("kind"), a.features.get("checksum"))
           for a in doc.annset("Patterns").with_type("Id")]
    assert ids == [(span, kind, checksum)]


@pytest.mark.parametrize("text", [
    "811218-9877",             # a personnummer shape without a label and with a bad Luhn digit
    "123-45-678",              # too short for an SSN
    "000-12-3456",             # no SSN begins with 000
    "NHC: pendiente",          # a label without a value
    "1234567",                 # a digit run without a label
    "en el episodio 2 de fiebre",  # a label that is an ordinary word needs ":", "#" or "nº"
    "encounter 3 days ago",
])
def test_not_ids(find, text):
    assert [f for f in find(text) if f[0] == "Id"] == []


def test_a_labelled_value_is_an_id_not_a_phone(find):
    assert find("Episodio: 987453154.") == [("Id", "987453154", "episode")]


@pytest.mark.parametrize("text, span, type_, kind", [
    ("E-mail: lbman@urologiabusto.com.", "lbman@urologiabusto.com", "Email", "email"),
    ("write to j.doe+x@mail.example.co.uk", "j.doe+x@mail.example.co.uk", "Email", "email"),
    ("see http://www.example.com/a?b=1.", "http://www.example.com/a?b=1", "Url", "url"),
    ("see https://x.org/path_(1)", "https://x.org/path_", "Url", "url"),
    ("web www.seram.es, o", "www.seram.es", "Url", "url"),
    ("web seram.es.", "seram.es", "Url", "domain"),
    ("host 192.168.0.1.", "192.168.0.1", "Ip", "ipv4"),
    ("host 2001:0db8:85a3:0000:0000:8a2e:0370:7334", "2001:0db8:85a3:0000:0000:8a2e:0370:7334", "Ip", "ipv6"),
    ("host fe80::1ff:fe23:4567:890a", "fe80::1ff:fe23:4567:890a", "Ip", "ipv6"),
])
def test_emails_urls_and_ips(find, text, span, type_, kind):
    assert only(find, text) == (type_, span, kind)


@pytest.mark.parametrize("text", ["a @ b", "256.1.1.1", "1.2.3", "version 1.2.3.4.5", "3.5 mg", "e.g. this",
                                  "std::vector"])
def test_not_emails_urls_or_ips(find, text):
    assert [f for f in find(text) if f[0] in ("Email", "Url", "Ip")] == []


@pytest.mark.parametrize("text, span, kind", [
    ("CP: 28016.", "28016", "es"),
    ("C.P. 08005 Barcelona", "08005", "es"),
    ("Av. Pío XII, 36 - 31080 Pamplona", "31080", "es"),
    ("E-47005 Valladolid", "E-47005", "es"),
    ("Boston, MA 02115", "02115", "us"),
    ("Austin, TX 78701-1234", "78701-1234", "us"),
    ("Austin, Texas 78701", "78701", "us"),
    ("Zip: 02115", "02115", "us"),
    ("London SW1A 1AA", "SW1A 1AA", "uk"),
    ("Manchester M1 1AE", "M1 1AE", "uk"),
    ("114 28 Stockholm", "114 28", "se"),
    ("SE-114 28", "SE-114 28", "se"),
    ("Postnummer: 114 28", "114 28", "se"),
])
def test_postcodes(find, text, span, kind):
    assert only(find, text) == ("Postcode", span, kind)


@pytest.mark.parametrize("text", ["recuento de 28016 leucocitos", "53000 plaquetas", "un 99999 Madrid",
                                  "pesa 114 28 kg", "12345"])
def test_not_postcodes(find, text):
    assert [f for f in find(text) if f[0] == "Postcode"] == []


@pytest.mark.parametrize("text", ["Leucocitos 17850 Neutrofilos 12000 Linfocitos 2100",
                                  "Hemograma: Plaquetas: 253000 Hemoglobina 12,1", "17850 Leucocitos",
                                  "WBC 10500 Neutrophils 8200", "LPK 10500 Neutrofiler", "PCR 12000 Glucosa"])
def test_a_number_next_to_a_laboratory_analyte_is_no_postcode(find, text):
    assert [f for f in find(text) if f[0] == "Postcode"] == []


def test_a_postcode_before_a_place_after_lab_values_is_still_one(find):
    found = find("Leucocitos 17850. Domicilio: C/ Mayor 4, 28034 Madrid")
    assert [f for f in found if f[0] == "Postcode"] == [("Postcode", "28034", "es")]


def test_the_pipeline_declares_its_output(pipeline):
    assert (pipeline.output_set, pipeline.output_types) == ("Patterns", TYPES)


def test_library_fragment_goes_after_another_pipelines_tokenizer(tmp_path):
    outer = tmp_path / "outer.xml"
    outer.write_text(f"""<pipeline name="outer"><pr type="tokenizer"/>
      <include href="{PATTERNS / 'library.xml'}"/></pipeline>""", encoding="utf-8")
    doc = Document("NHC: 5208756. Fecha: 2/7", name="t")
    Pipeline.from_xml(outer)(doc)
    assert [a.type for a in doc.annset("Patterns")] == ["Id", "Date"]
    assert len(doc.annset().with_type("Token")) == 9  # NHC : 5208756 . Fecha : 2 / 7: one tokenizer


# text built to make a careless pattern backtrack: long runs of what the patterns repeat
ADVERSARIAL = [
    "1" * 20000, "1-" * 10000, "1/" * 10000, "1." * 10000, "1 " * 10000, "a." * 10000, "a" * 20000 + "@",
    "a@" + "b." * 10000, "http://" + "a" * 20000 + ".", ":" * 20000, "f:" * 10000, "0" * 5000 + "::" + "f" * 5000,
    "+" + "3" * 20000, "12/03/" * 5000, "NHC: " + "1 " * 10000, "de " * 10000 + "2019",
]


@pytest.mark.parametrize("text", ADVERSARIAL, ids=lambda t: repr(t[:12]))
def test_no_list_backtracks_catastrophically(text):
    """Each list on its own, under the regex gazetteer's timeout (E435 rather than a hang)."""
    gazetteer = RegexGazetteer(listsURL=PATTERNS / "lists.def", timeout=5.0)
    started = time.perf_counter()
    try:
        gazetteer(Document(text, name="adversarial"))
    except PipelineError as exc:  # the E435 timeout names the entry
        pytest.fail(str(exc))
    assert time.perf_counter() - started < 5.0


def test_shipped_lists_are_what_the_build_script_writes():
    spec = importlib.util.spec_from_file_location("build_patterns", RESOURCES / "build" / "build_patterns.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    written = build.lists()
    for name, lines in written.items():
        assert (PATTERNS / name).read_text(encoding="utf-8") == "\n".join(lines) + "\n", name
    named = {line.split(":")[0] for line in written["lists.def"]}
    assert named == set(written) - {"lists.def"}
    assert {p.name for p in PATTERNS.glob("*.lst")} == named  # no list left over from an older build
