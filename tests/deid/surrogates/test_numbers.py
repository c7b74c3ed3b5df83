"""Surrogate phones, IDs, e-mails, URLs and IPs: format-preserving, keyed, never the original."""

from __future__ import annotations

import ipaddress
import re

import pytest

from annotator.deid.surrogates import DocumentContext, Span, generator
from annotator.errors import ProcessingError

KEY = b"0123456789abcdef0123456789abcdef"
DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"


def surrogates(items: list[tuple[str, str]], language: str = "es", name: str = "doc") -> list[str]:
    text = " ; ".join(s for s, _ in items)
    spans, pos = [], 0
    for surface, kind in items:
        spans.append(Span(pos, pos + len(surface), "T", kind))
        pos += len(surface) + 3
    ctx = DocumentContext(text=text, name=name, language=language, spans=tuple(spans), key=KEY)
    made = {kind: generator(kind, ctx) for _, kind in items}
    return [made[span.kind](span) for span in spans]


def shape(value: str) -> str:
    """Digits as 9, upper-case letters as A, other letters as a, the rest as is."""
    return "".join("9" if c.isdigit() else ("A" if c.isupper() else "a") if c.isalpha() else c for c in value)


def each_name(n: int = 12) -> list[str]:
    return [f"doc{i}" for i in range(n)]


@pytest.mark.parametrize("name", each_name())
def test_spanish_phones_keep_shape_country_code_and_prefix(name):
    values = ["633 349 565", "913 368 000", "967 597 100", "+34 670 97 10 26", "0034 93 693 29 05", "981221822"]
    out = surrogates([(v, "phone") for v in values], name=name)
    for old, new in zip(values, out):
        assert shape(new) == shape(old) and new != old
    assert out[0][0] == "6" and out[1].startswith("91") and out[2].startswith("967 ")
    assert out[3].startswith("+34 6") and out[4].startswith("0034 93 ") and out[5].startswith("981")


@pytest.mark.parametrize("name", each_name())
def test_us_and_swedish_phones(name):
    us = surrogates([("(617) 555-1234", "phone"), ("617-555-1234", "phone"), ("555-1234", "phone")], "en", name)
    assert shape(us[0]) == "(999) 999-9999" and us[0] != "(617) 555-1234"
    area, exchange = us[0][1:4], us[0][6:9]
    assert area != "617" and area[0] in "23456789" and area[1:] != "11" and exchange[0] in "23456789"
    assert us[1] == f"{area}-{exchange}-{us[0][-4:]}"      # the same number, the same surrogate
    assert shape(us[2]) == "999-9999" and us[2][0] in "23456789"
    values = ["08-123 45 67", "031-12 34 56", "070-123 45 67", "+46 8 123 45 67", "0470-12345"]
    sv = surrogates([(v, "phone") for v in values], "sv", name)
    for old, new in zip(values, sv):
        assert shape(new) == shape(old) and new != old
    assert [v[:p] for v, p in zip(sv, (3, 4, 4, 5, 5))] == ["08-", "031-", "070-", "+46 8", "0470-"]


@pytest.mark.parametrize("name", each_name())
def test_dni_nie_and_nass_are_valid(name):
    out = surrogates([("12345678Z", "id"), ("12.345.678-z", "id"), ("X1234567L", "id"),
                      ("28 12345678 40", "id"), ("28/12345678/40", "id")], name=name)
    number = int(out[0][:8])
    assert re.fullmatch(r"\d{8}[A-Z]", out[0]) and out[0][8] == DNI_LETTERS[number % 23]
    assert re.fullmatch(r"\d\d\.\d{3}\.\d{3}-[a-z]", out[1])
    assert out[1][-1] == DNI_LETTERS[int(re.sub(r"\D", "", out[1])) % 23].lower()
    assert out[2][0] == "X" and out[2][8] == DNI_LETTERS[int("0" + out[2][1:8]) % 23]
    for nass in out[3:]:
        province, number, control = (int(p) for p in re.split(r"[ /]", nass))
        assert province == 28 and control == (province * 10**8 + number if number >= 10**7
                                              else province * 10**7 + number) % 97
    assert out[3].replace(" ", "/") == out[4]


@pytest.mark.parametrize("name", each_name())
def test_ssn_personnummer_and_generic_ids(name):
    ssn, mrn, generic = surrogates([("123-45-6789", "id"), ("MRN 4455667", "id"), ("AB-0012-x7", "id")], "en", name)
    area, group, serial = (int(p) for p in ssn.split("-"))
    assert 0 < area < 900 and area != 666 and group > 0 and serial > 0 and ssn != "123-45-6789"
    assert mrn.startswith("MRN ") and shape(mrn) == shape("MRN 4455667") and mrn != "MRN 4455667"
    assert shape(generic) == shape("AB-0012-x7") and generic != "AB-0012-x7"
    (pnr,) = surrogates([("19500312-1234", "id")], "sv", name)
    digits = pnr.replace("-", "")[2:]
    total = sum(d - 9 if d > 9 else d for d in (int(c) * (2 - i % 2) for i, c in enumerate(digits[:-1])))
    assert int(digits[-1]) == (10 - total % 10) % 10 and pnr != "19500312-1234"
    assert re.fullmatch(r"(19|20)\d\d(0[1-9]|1[0-2])[0-3]\d-\d{4}", pnr)


def test_words_only_ids_become_another_description_of_their_group():
    values = ["Lactante", "raza caucásica", "casada", "Casado", "homosexual", "boliviano", "madre"]
    out = surrogates([(v, "id") for v in values])
    assert out[0] in ("Adolescente", "Joven")                         # neutral stays neutral
    assert out[1].startswith("raza ") and out[1][5:] in ("blanca", "negra", "morena", "asiática", "gitana", "mestiza")
    assert out[2] in ("soltera", "viuda", "divorciada", "separada")
    assert out[3] in ("Soltero", "Viudo", "Divorciado", "Separado")
    assert out[4] in ("heterosexual", "bisexual") and out[5].endswith("o") and out[5] != "boliviano"
    assert out[6] != "madre" and out[6] in ("casado", "soltero", "viudo", "divorciado", "separado")


def test_surrogates_are_keyed_per_value_and_differ_per_key():
    a = surrogates([("633 349 565", "phone"), ("633349565", "phone"), ("1234567", "id"), ("1234567", "id")])
    assert a[0].replace(" ", "") == a[1] and a[2] == a[3]
    other = DocumentContext(text="1234567", name="doc", language="es", spans=(Span(0, 7, "T", "id"),), key=b"x" * 32)
    assert generator("id", other)(other.spans[0]) != a[2]


@pytest.mark.parametrize("name", each_name())
def test_emails_and_urls(name):
    out = surrogates([("juan.perez@hotmail.com", "email"), ("jlopez@salud.madrid.org", "email"),
                      ("http://www.salud.madrid.org/citas/alta.html", "url"), ("https://hospital.co.uk", "url")],
                     name=name)
    assert out[0].endswith("@hotmail.com") and re.fullmatch(r"[a-z]{4}\.[a-z]{5}@hotmail\.com", out[0])
    assert out[0] != "juan.perez@hotmail.com"
    local, domain = out[1].split("@")
    assert len(local) == 6 and domain.endswith(".org") and domain != "salud.madrid.org"
    assert shape(domain) == shape("salud.madrid.org")
    assert out[2] == f"http://www.{domain}" + out[2][len("http://www.") + len(domain):]   # same host surrogate
    assert out[2].endswith(".html") and shape(out[2]) == shape("http://www.salud.madrid.org/citas/alta.html")
    assert out[3].startswith("https://") and out[3].endswith(".co.uk") and out[3] != "https://hospital.co.uk"


@pytest.mark.parametrize("name", each_name(30))
def test_ips_keep_their_class_and_width(name):
    values = ["192.168.1.20", "10.0.0.1", "172.20.3.4", "127.0.0.1", "213.97.12.130", "8.8.8.8"]
    out = surrogates([(v, "ip") for v in values], name=name)
    for old, new in zip(values, out):
        a, b = ipaddress.IPv4Address(old), ipaddress.IPv4Address(new)
        assert new != old and a.is_private == b.is_private and a.is_loopback == b.is_loopback
        assert [len(o) for o in new.split(".")] == [len(o) for o in old.split(".")]
    assert out[0].startswith("192.168.") and out[1].startswith("10.")
    assert ipaddress.IPv4Address(out[2]) in ipaddress.IPv4Network("172.16.0.0/12")
    assert ipaddress.IPv4Address(out[4]).is_global and ipaddress.IPv4Address(out[5]).is_global
    (v6,) = surrogates([("fe80::1ff:fe23:4567:890a", "ip")], name=name)
    assert v6.startswith("fe80::") and ipaddress.IPv6Address(v6) and v6 != "fe80::1ff:fe23:4567:890a"


def test_a_value_without_letters_or_digits_fails_closed():
    with pytest.raises(ProcessingError, match="E760"):
        surrogates([("--", "id")])
    with pytest.raises(ProcessingError, match="E761"):     # a URL whose only part to replace is the TLD kept
        surrogates([("http://.com", "url")])


# ---- MEDDOCAN dev gold ----------------------------------------------------------------------

KINDS = {"NUMERO_TELEFONO": "phone", "NUMERO_FAX": "phone", "CORREO_ELECTRONICO": "email",
         "ID_SUJETO_ASISTENCIA": "id", "ID_TITULACION_PERSONAL_SANITARIO": "id", "ID_ASEGURAMIENTO": "id",
         "ID_CONTACTO_ASISTENCIAL": "id", "ID_EMPLEO_PERSONAL_SANITARIO": "id"}


def test_meddocan_dev_phones_ids_and_emails_keep_shape_and_change(meddocan_dir):
    counts: dict[str, list[int]] = {}
    for ann in sorted((meddocan_dir / "dev" / "brat").glob("*.ann")):
        text = ann.with_suffix(".txt").read_text(encoding="utf-8")
        spans = []
        for line in ann.read_text(encoding="utf-8").splitlines():
            row = line.split("\t")
            tag = row[1].split()[0] if row[0].startswith("T") else ""
            if tag in KINDS and ";" not in row[1]:
                _, start, end = row[1].split()
                spans.append(Span(int(start), int(end), tag, KINDS[tag]))
        ctx = DocumentContext(text=text, name=ann.stem, language="es", spans=tuple(spans), key=KEY)
        made = {kind: generator(kind, ctx) for kind in set(KINDS.values())}
        for span in spans:
            old, new = ctx.surface(span), made[span.kind](span)
            same = shape(old) == shape(new) or not any(c.isdigit() for c in old)   # descriptions: words
            tally = counts.setdefault(span.kind, [0, 0, 0])
            tally[0] += 1
            tally[1] += same
            tally[2] += new != old
    print("\nMEDDOCAN dev (kind: spans, same shape, changed):", counts)
    assert {"phone", "id", "email"} <= set(counts)
    for total, same, changed in counts.values():
        assert same == total and changed == total
