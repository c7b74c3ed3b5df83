"""The confidence of a PHI span by the rule that made it (its feature ``rule``): the seed's order of
rules (Sánchez-León 2019) as numbers. Blocking rules make no PHI (they keep candidates from being
made); reliable rules read a value off the document's template (header fields, signature lines);
heuristic rules find it in the narrative, by its form next to a cue, by a cue alone, or by a list
alone. CONVENTIONS.md, "Confidence", gives the table in words.

The bands follow the kind of evidence each rule has; checked against the share of each band's spans
that are exact gold spans on MEDDOCAN train (where the grammar was written, so optimistic; dev was
not used to set them): 0.95 band 0.996 (7,354 spans), 0.9 band 0.971 (2,280), 0.85 band 0.992 (1,118), 0.7 band
0.872 (517), 0.5 band 0.682 (44). The signature parts rank above the narrative forms as the seed ranks
them, though on train they are slightly less often exact (where a hospital's name or a street ends).
"""

from __future__ import annotations

#: a value in its header field ("Nombre:", "NHC:", "Fecha de Ingreso:"): the template says what it is
FIELD = 0.95
#: a part of a signature or address line ("Remitido por: Dr. X. Hospital Y. C/ Z 3. 28046 Madrid"),
#: cut by the address reader: the line is sure, where one part ends less so
SIGNATURE = 0.9
#: a value of a telling form next to its cue in the narrative ("Varón de 70 años", "marzo de 2007")
FORM = 0.85
#: a word or name after its cue ("su madre", "natural de Getafe", "Hospital X", a maker in a
#: product's parentheses, a description of the patient)
CUE = 0.7
#: a listed word or a shape without a cue ("en Madrid", a bare 19xx year, "su pareja")
LIST = 0.5
#: a rule this table does not name (every rule of the grammar is named: tests check)
OTHER = 0.4

#: The band of each heuristic rule (the ``rule`` feature of context.jape and subject.jape; the
#: actions' "PlaceAfterCue", "patient-name-repeated" and "organisation-acronym").
RULES = {
    **dict.fromkeys((
        "sex-de-age", "colon-sex-de-age", "sex-comma-age", "patient-sex-de-age", "child-sex-de-age",
        "sex-after-colon", "introduced-sex", "age-after-verb", "patient-de-age", "age-de-vida",
        "date", "year", "year-citation", "year-citation-end", "email", "phone-after-cue", "narrative-street", "postcode-town",
        "other-identifier-after-cue",
    ), FORM),
    **dict.fromkeys((
        "age-de-edad", "a-los-age", "a-los-age-de-edad", "a-los-ages-coordinated", "bare-age-number", "child-sex",
        "relative-age", "relative-described-age", "relative-name", "relative-with-name", "relatives", "relative",
        "relative-of-relative", "newborn", "hospital-name", "institution-name", "institution-list", "health-service", "court",
        "health-centre-name", "maker-after-brand", "maker-after-trademark", "maker-before-place",
        "maker-place-country", "product-maker-town", "product-credit", "place-before-country", "place-region-in-parentheses", "place-in-parentheses",
        "city-of-place", "town-of-country", "hospital-town", "PlaceAfterCue", "unknown-place-after-cue", "place-country", "country",
        "country-abbreviation", "birth-order", "subject-description", "subject-family-place", "subject-trait", "subject-origin",
        "profession", "profession-after-age", "profession-before-cue", "patient-name-repeated",
        "organisation-acronym",
    ), CUE),
    **dict.fromkeys((
        "bare-year", "month-after-mes", "patient-sex", "partner", "kinship-adjective", "hospital-list", "maker-with-suffix",
        "maker-closing-parenthesis",
        "subject-race", "profession-after-como", "place-after-preposition", "place-after-de",
    ), LIST),
}

#: The reliable rules by the prefix of their name (``field:nhc``, ``signature:street``).
PREFIXES = (("field:", FIELD), ("signature:", SIGNATURE))


def rule_confidence(rule: str) -> float:
    """The confidence of a span made by ``rule``: its band in RULES, else by its prefix, else OTHER."""
    if rule in RULES:
        return RULES[rule]
    for prefix, value in PREFIXES:
        if rule.startswith(prefix):
            return value
    return OTHER
