"""Write the regex lists of the pattern library (resources/patterns/*.lst) from the pieces below.

The candidate lists are regular expressions for the regex gazetteer (``regex`` rule): month
names of Spanish, English and Swedish, day/month/year numbers and delimiters are written once
here and combined into the entries, so that a month name or a delimiter is the same in every
entry. Case variants are spelt out (``[Mm]arzo|MARZO``) rather than left to ``(?i)``: the regex
gazetteer skips a document that lacks a literal every match needs (``annotator.regexes.literals``),
which it can only read from case-sensitive patterns. The cue lists (``cue_*.lst``: labels,
weekdays, measurement words) are plain entries that the gazetteer folds and matches in one scan.
lists.def is written too.

Every quantifier is bounded or followed by a character the repeated part cannot match, so that no
entry can backtrack catastrophically; tests/resources/test_patterns.py runs each list on
adversarial text under a short regex-gazetteer timeout.

Hand-written (Apache-2.0). Run:  python resources/build/build_patterns.py
The generated lists are committed; a test checks they are what this script writes.
"""

from __future__ import annotations

from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "patterns"


def cased(*words: str) -> str:
    """An alternation of ``words`` (longest first), each as written, capitalised and in capitals
    (words of up to 3 letters spelt out three times, longer ones with a class for the first letter)."""
    variants: dict[str, None] = {}
    for word in sorted(words, key=lambda w: (-len(w), w)):
        head = word[:1]
        if len(word) <= 3:  # spelt out: a literal of 3 characters lets the gazetteer search for it
            variants.update(dict.fromkeys([word, head.upper() + word[1:], word.upper()]))
            continue
        first = f"[{head.upper()}{head.lower()}]" if head.upper() != head.lower() else head
        variants[first + word[1:]] = None
        variants[word.upper()] = None
    return "(?:" + "|".join(variants) + ")"


# ---------------------------------------------------------------- numbers and names
DAY = r"(?:0?[1-9]|[12]\d|3[01])"
DAY_HIGH = r"(?:1[3-9]|2\d|3[01])"  # a day that cannot be a month
LOW = r"(?:0{0,2}[1-9]|0?1[0-2])"  # a month, or a day that could be one ("016": a typo seen in MEDDOCAN)
YEAR4 = r"(?:1[89]|20)\d{2}"  # to 2099: the i2b2 corpora shift dates into the 2060s-2090s
YEAR = rf"(?:{YEAR4}|\d{{2}})"
ROMAN = r"(?:XII|XI|X|IX|VIII|VII|VI|V|IV|III|II|I)"
ORDINAL_SUFFIX = r"(?:st|nd|rd|th|\.?º|\.?ª|\.?°|:e|:a)"

MONTHS = {
    "es": ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
           "setiembre", "octubre", "noviembre", "diciembre"],
    "en": ["january", "february", "march", "april", "june", "july", "august", "september", "october",
           "november", "december"],
    "sv": ["januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober",
           "november", "december"],
}
SHORT = ["ene", "jan", "feb", "mar", "abr", "apr", "ago", "aug", "jun", "jul", "sep", "sept", "oct", "okt",
         "nov", "dic", "dec"]
# "may" is an English modal verb and Spanish/English/Swedish short "may", "maj": capitalised only
MONTH = "(?:" + cased(*sorted({m for names in MONTHS.values() for m in names}))[3:-1] + "|May|MAY)"
MONTH_SHORT = "(?:" + cased(*SHORT)[3:-1] + r"|May|MAY|Maj|MAJ)\.?"
# a month written in full or short, as one group of alternatives (so that the gazetteer can search
# for each: literals.leading_alternatives)
MONTH_ANY = "(?:" + MONTH[3:-1] + "|" + "|".join(rf"{m}\.?" for m in (cased(*SHORT)[3:-1] + "|May|MAY|Maj|MAJ").split("|")) + ")"
WEEKDAYS = ["lunes", "martes", "miércoles", "miercoles", "jueves", "viernes", "sábado", "sabado", "domingo",
            "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
            "måndag", "tisdag", "onsdag", "torsdag", "fredag", "lördag", "söndag"]

# what may follow a bare number that is a quantity, not a day/month: "2/7 días", "3/4 de comprimido"
UNITS = ("(?:mg|mcg|µg|ug|g|kg|ml|mL|cc|l|UI|ui|IU|U|u|mEq|mmol|mmHg|cmH2O|mm|cm|%|h|hs|hrs|horas?|hours?|d[ií]as?|"
         "days?|dagar|dag|semanas?|weeks?|veckor|vecka|mes|meses|months?|månader|a[ñn]os?|years?|år|"
         "comprimidos?|tabletas?|tablets?|tabletter|c[áa]psulas?|capsules?|kapslar|gotas|drops|dosis|doses?|"
         "ampollas?|puffs?|inhalaciones|veces|times|gånger|cada|every|var)")
NOT_QUANTITY = rf"(?![ \t]?(?:de[ \t]|of[ \t])?{UNITS}(?!\w))"
NOT_MORE_DIGITS = r"(?![-/.:,]?\d)"
AFTER_NO_NUMBER = r"(?<!\d[-/.:,])"  # not the end of a longer number ("1.12/03")


def date_entries() -> list[str]:
    """Dates that need no context (they carry a year, or a month name and a day)."""
    entries = []
    # numeric: the same delimiter twice; a space, tab, comma or colon only with a four-digit year
    # (both in one entry: one scan of the text instead of two)
    short, long_ = r"(?P<s>[-/.])", r"(?P<t>[ \t,:])"
    for first, second, kind, alt in ((DAY_HIGH, LOW, "dmy", None), (LOW, DAY_HIGH, "mdy", None),
                                     (LOW, LOW, "dmy", "mdy")):
        body = rf"{first}(?:{short}{second}(?P=s){YEAR}|{long_}{second}(?P=t){YEAR4})"
        entries.append(_entry(rf"\b{AFTER_NO_NUMBER}{body}{NOT_MORE_DIGITS}", kind, alt))
    for first, second, kind, alt in ((LOW, DAY_HIGH, "ymd", None), (DAY_HIGH, LOW, "ydm", None),
                                     (LOW, LOW, "ymd", "ydm")):
        body = rf"{YEAR4}(?:{short}{first}(?P=s){second}|{long_}{first}(?P=t){second})"
        entries.append(_entry(rf"\b{AFTER_NO_NUMBER}{body}{NOT_MORE_DIGITS}", kind, alt))
    # a month and a four-digit year: "03/2019", "2019-03"
    entries.append(_entry(rf"\b{AFTER_NO_NUMBER}{LOW}[-/.]{YEAR4}{NOT_MORE_DIGITS}", "my"))
    entries.append(_entry(rf"\b{AFTER_NO_NUMBER}{YEAR4}[-/.](?:0[1-9]|1[0-2]){NOT_MORE_DIGITS}", "ym"))
    # Roman months: "12-III-2019", "12/III/19"
    roman = rf"{DAY}(?:(?P<s>[-/.]){ROMAN}(?P=s){YEAR}|(?P<t>[ ]){ROMAN}(?P=t){YEAR4})"  # not "25 X 25 cm"
    entries.append(_entry(rf"\b{AFTER_NO_NUMBER}{roman}{NOT_MORE_DIGITS}", "roman"))
    # month names: "12 de marzo de 2019", "12 March 2019", "12 mars 2019", "marzo de 2019", "March 12, 2019"
    year_after = rf"(?:,?[ \t]+(?:de(?:l)?[ \t]+|of[ \t]+)?(?:año[ \t]+)?{YEAR4}{NOT_MORE_DIGITS})"
    entries.append(_entry(rf"\b{DAY}(?:[ \t]+(?:de|of))?[ \t]+{MONTH}\b{year_after}?", "month-name"))
    entries.append(_entry(rf"\b{DAY}-{MONTH}-{YEAR}{NOT_MORE_DIGITS}", "month-name"))
    entries.append(_entry(rf"\b{MONTH}[ \t]+{DAY}(?:,[ \t]*|[ \t]+){YEAR4}{NOT_MORE_DIGITS}", "month-name"))
    entries.append(_entry(rf"\b{MONTH}(?:[ \t]+(?:de(?:l)?|of))?[ \t]+(?:año[ \t]+)?{YEAR4}{NOT_MORE_DIGITS}",
                          "month-name"))
    entries.append(_entry(rf"\b{MONTH}[-/](?:'?\d{{2}}|{YEAR4}){NOT_MORE_DIGITS}", "month-name"))
    entries.append(_entry(rf"\b{MONTH_SHORT}[-/]'?\d{{2}}{NOT_MORE_DIGITS}", "month-name"))
    entries.append(_entry(rf"\b{AFTER_NO_NUMBER}{DAY}[-/ ]{MONTH_SHORT}[-/ ]{YEAR}{NOT_MORE_DIGITS}", "month-name"))
    entries.append(_entry(rf"\b{MONTH_SHORT}[-/ ]{YEAR4}{NOT_MORE_DIGITS}", "month-name"))
    # an abbreviated month, a day and a year: "Feb 3, 2021", "Sept 9 2019", "Dec. 25, 2019"
    entries.append(_entry(rf"\b{MONTH_SHORT}[ \t]+{DAY}(?:,[ \t]*|[ \t]+){YEAR4}{NOT_MORE_DIGITS}", "month-name"))
    # ordinals: "12th March 2019", "1º de marzo", "the 3rd of May", "12:e mars", "March 12th, 2019"
    entries.append(_entry(rf"\b{DAY}{ORDINAL_SUFFIX}(?:[ \t]+(?:de|of))?[ \t]+{MONTH}\b{year_after}?", "ordinal"))
    entries.append(_entry(rf"\b{MONTH_ANY}[ \t]+{DAY}(?:st|nd|rd|th)\b(?:,?[ \t]+{YEAR4}{NOT_MORE_DIGITS})?", "ordinal"))
    # "año 2000", "year 2000", "år 2000"
    entries.append(_entry(rf"\b{cased('año', 'year', 'år')}[ \t]+{YEAR4}{NOT_MORE_DIGITS}", "year"))
    return entries


def cued_date_entries(cue: str = "") -> list[str]:
    """Dates that are dates only with context (patterns.jape): a day and a month without a year,
    "March 12", a bare year. Never before a unit ("2/7 días", "3/4 de comprimido"). ``cue``: a
    look-behind every match must follow (:func:`after_words`), tested where a month name ends."""
    def after_cue(body: str) -> str:  # the cue tested only where the body matches (it is the slower test)
        return rf"(?={body}){cue}{body}" if cue else body

    day_month, year_month = [], []
    for first, second, kind, alt in ((DAY_HIGH, LOW, "dm", None), (LOW, DAY_HIGH, "md", None),
                                     (LOW, LOW, "dm", "md")):
        day_month.append(_entry(after_cue(rf"\b{AFTER_NO_NUMBER}{first}[-/]{second}{NOT_MORE_DIGITS}{NOT_QUANTITY}"),
                                kind, alt))
    named = MONTH_ANY + (rf"(?<={cue[4:-1]}[^\W\d_]+\.?)" if cue else "")
    day_month.append(_entry(rf"\b{named}[ \t]+{DAY}\b{NOT_MORE_DIGITS}{NOT_QUANTITY}", "month-name"))
    month = MONTH + (rf"(?<={cue[4:-1]}[^\W\d_]+)" if cue else "")
    year_month.append(_entry(rf"\b{month}\b(?![ \t]+\d)", "month"))
    year_month.append(_entry(after_cue(rf"\b{AFTER_NO_NUMBER}{YEAR4}{NOT_MORE_DIGITS}{NOT_QUANTITY}"), "year"))
    return day_month + year_month if not cue else (day_month, year_month)


# The words after which a cued date counts (patterns.jape's rules CuedDayMonth, CuedYearMonth):
# each a whole Token of the tokenizer (not part of a longer word, nor joined to one by a hyphen
# before a lower-case letter), then up to three spaces or tabs. Written into look-behinds of the
# cued patterns (lists date_cued_day.lst, date_cued_year.lst) rather than matched as Tokens in the
# grammar, where a rule that begins with "de", "y", "en" or "," would be tried at most words.
DAY_WORDS = ["el", "on", "den", "del", "al", "desde", "hasta", "since", "until", "till", "from", "sedan", "från"]
YEAR_WORDS = DAY_WORDS + ["en", "in", "i", "of", "de", "y", "and", "och", "o", "or", "eller", "a", "to", "entre",
                          "between", "mellan", "durante", "during", "under", "año", "year", "år", "mes", "month",
                          "månad", "finales", "principios", "mediados", "early", "late", "mid"]
_LETTER = r"[^\W\d_]"
_DASH = r"[\-\u00ad\u2010-\u2015]"
_SPACE = r"[ \t\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]"


def after_words(words: list[str], punctuation: str = "") -> str:
    """A look-behind: one of ``words`` (any case) as a whole Token, or one of the characters
    ``punctuation``, then up to three spaces or tabs."""
    word = (rf"(?<!{_LETTER}|{_LETTER}{_DASH}(?=[^\W\d_A-ZÀ-ÞΑ-ΩА-Я]))"
            rf"(?i:{'|'.join(sorted(words, key=lambda w: (-len(w), w)))})(?!{_LETTER}|{_DASH}[^\W\d_A-ZÀ-ÞΑ-ΩА-Я])")
    cue = rf"(?:{word}|[{punctuation}])" if punctuation else word
    return rf"(?<={cue}{_SPACE}{{0,3}})"


def time_entries() -> tuple[list[str], list[str]]:
    """Times that need no context ("14:30", "2.30 pm", "14.30 h") and those that do ("a las 14.30",
    "kl. 14", "at 9:15", "14h")."""
    hour24 = r"(?:[01]\d|2[0-3])"
    hour = r"(?:[01]?\d|2[0-3])"
    hour12 = r"(?:0?[1-9]|1[0-2])"
    ampm = r"[ \t]?(?:[AaPp]\.?[ \t]?[Mm]\b\.?)"
    hours_word = r"(?:[ \t]?(?:h|hs|hrs|horas|hours|tim)\b\.?)"
    free = [
        _entry(rf"\b{AFTER_NO_NUMBER}{hour24}:[0-5]\d(?!:[0-5]\d){NOT_MORE_DIGITS}{hours_word}?", "hm"),
        _entry(rf"\b{AFTER_NO_NUMBER}{hour24}:[0-5]\d:[0-5]\d{NOT_MORE_DIGITS}{hours_word}?", "hms"),
        _entry(rf"\b{AFTER_NO_NUMBER}{hour12}(?:[:.][0-5]\d)?{ampm}", "ampm"),
        _entry(rf"\b{AFTER_NO_NUMBER}{hour24}\.[0-5]\d{hours_word}", "hm"),
        _entry(rf"\b{AFTER_NO_NUMBER}{hour}h[0-5]\d\b", "hm"),
    ]
    cued = [
        _entry(rf"\b{AFTER_NO_NUMBER}{hour}[.:][0-5]\d{NOT_MORE_DIGITS}{NOT_QUANTITY}", "hm"),
        _entry(rf"\b{AFTER_NO_NUMBER}{hour}[ \t]?h\b", "hour"),
    ]
    return free, cued


def phone_entries() -> list[str]:
    sep = r"[ .\-]"
    # the groupings Spanish numbers are written in: 9, 3-3-3, 3-2-2-2, 2-3-2-2, 3-6, 2-7 digits
    es = (rf"[6789](?:\d{{8}}|\d{{2}}{sep}\d{{3}}{sep}\d{{3}}|\d{{2}}{sep}\d{{2}}{sep}\d{{2}}{sep}\d{{2}}|"
          rf"\d{sep}\d{{3}}{sep}\d{{2}}{sep}\d{{2}}|\d{{2}}{sep}\d{{6}}|\d{sep}\d{{7}})")
    us = rf"[2-9]\d{{2}}{sep}\d{{4}}(?!\d)"
    entries = [
        _entry(rf"(?<![\w+])(?:\(?(?:\+|00)34\)?{sep}?|34{sep}?(?=[6789]))?{es}(?!\d)", "es"),
        # US: (617) 555-1234, 617-555-1234, +1 617 555 1234
        # (one entry per way of beginning: a pattern that may begin anywhere is tried at every offset)
        _entry(rf"\b{AFTER_NO_NUMBER}(?:1{sep}?)?(?:\([2-9]\d{{2}}\)[ ]?|[2-9]\d{{2}}{sep}){us}", "us"),
        # a bracketed area code says enough: any exchange, "(555)123-4567"
        _entry(rf"(?<![\w+])\([2-9]\d{{2}}\)[ ]?\d{{3}}{sep}\d{{4}}(?!\d)", "us"),
        _entry(rf"(?<![\w+])(?:\+|00)1{sep}?(?:\([2-9]\d{{2}}\)[ ]?|[2-9]\d{{2}}{sep}){us}", "us"),
        # UK: 01632 960123, 020 7946 0958, 0161 496 0000, 07700 900123, +44 (0)20 7946 0958
        _entry(rf"(?<![\w+])(?:(?:\+|00)44[ ]?(?:\(0\)[ ]?)?|0)(?:\d{{4}}[ ]\d{{6}}|\d{{3}}[ ]\d{{3}}[ ]\d{{4}}|"
               rf"\d{{2}}[ ]\d{{4}}[ ]\d{{4}}|\d{{4}}[ ]\d{{3}}[ ]\d{{3}})(?!\d)", "uk"),
        _entry(r"(?<![\w+])(?:\+|00)44[ ]?(?:\(0\)[ ]?)?\d{10}(?!\d)", "uk"),
        # Sweden: 08-123 45 67, 070-123 45 67, 031-12 34 56, +46 8 123 45 67, +46 (0)70-123 45 67
        _entry(r"(?<![\w+])(?:(?:\+|00)46[ ]?(?:\(0\)[ ]?)?|0)(?:8|[1-9]\d{1,2})[ \-]\d{2,3}[ ]?\d{2}[ ]?\d{2}(?!\d)",
               "se"),
        # any other country code, 8 digits or more: +33 1 23 45 67 89, 0049 30 123456 (not "OMIM +603967")
        _entry(r"(?<![\w+])(?:\+|00)(?!34|44|46|1)(?=(?:\d[ .\-()]{0,3}){8})[1-9]\d{0,2}[ .\-]?(?:\(0\)[ ]?)?\d{1,4}(?:[ .\-]?\d{2,4}){2,4}(?!\d)",
               "intl"),
    ]
    return entries


def id_entries() -> list[str]:
    """IDs whose shape says what they are; the JAPE phase checks the DNI/NIE letter and the
    personnummer's Luhn digit (actions.py)."""
    letter = "[TRWAGMYFPDXBNJZSQVHLCKE]"
    return [
        _entry(rf"\b(?:\d{{8}}|\d{{2}}\.\d{{3}}\.\d{{3}})[ \-]?{letter}\b", "dni"),
        _entry(rf"\b[XYZ][ \-]?\d{{7}}[ \-]?{letter}\b", "nie"),
        _entry(r"\b(?<![\d-])(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}(?![-\d])", "ssn"),
        # YYMMDD-NNNN / YYYYMMDD-NNNN (+ for 100 years and older); day + 60: samordningsnummer
        _entry(r"\b(?<![\d-])(?:19|20)?\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01]|[6-8]\d|9[01])[-+]\d{4}(?![-\d])",
               "personnummer", strict="true"),
    ]


def email_url_ip_entries() -> tuple[list[str], list[str], list[str]]:
    email = [_entry(r"\b(?<![.+-])\w[\w.+-]*+@[\w-]++(?:\.[\w-]++)*+", "email")]
    tail = r"""(?:[^\s<>"'()\[\]{}]*(?<=[^\s<>"'()\[\]{}.,;:!?]))?"""
    # each top-level domain with its dot: a literal that every match holds (".com", ".es"), which
    # the regex gazetteer searches for instead of scanning the text at every word
    tlds = "|".join(rf"\.{tld}" for tld in "com org net edu gov info es se uk eu cat gal eus nu us io".split())
    url = [
        _entry(rf"\b(?:https?|ftp)://[^\s<>\"'()\[\]{{}}.,;:!?]{tail}", "url"),
        _entry(rf"\bwww\.[\w-]++(?:\.[\w-]++)++{tail}", "url"),
        _entry(rf"\b(?<![@.\w-])[\w-]++(?:\.[\w-]++){{0,4}}(?:{tlds})\b(?![@\w-]|\.\w)(?:/{tail})?", "domain"),
    ]
    octet = r"(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)"
    hexes = r"[0-9A-Fa-f]{1,4}"
    ip = [
        _entry(rf"\b(?<![\d.]){octet}(?:\.{octet}){{3}}(?!\.?\d)", "ipv4"),
        _entry(rf"(?<![\w:])(?:{hexes}:){{7}}{hexes}(?![\w:])", "ipv6"),
        _entry(rf"(?<![\w:])(?=[0-9A-Fa-f:]*[0-9A-Fa-f])(?:{hexes}(?::{hexes}){{0,5}})?::(?:{hexes}(?::{hexes}){{0,5}})?(?![\w:])",
               "ipv6"),
    ]
    return email, url, ip


def postcode_entries() -> tuple[list[str], list[str]]:
    es = r"(?:0[1-9]|[1-4]\d|5[0-2])\d{3}"
    free = [
        _entry(rf"\bE-{es}(?!\d)", "es"),
        _entry(r"\b(?:SE|S)-\d{3}[ ]?\d{2}(?!\d)", "se"),
        _entry(r"\b[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]?[ ][0-9][ABD-HJLNP-UW-Z]{2}\b", "uk"),
    ]
    cued = [
        _entry(rf"\b{AFTER_NO_NUMBER}{es}(?![-.,]?\d)", "es"),
        _entry(rf"\b{AFTER_NO_NUMBER}\d{{5}}(?:-\d{{4}})?(?![-.,]?\d)", "us"),
        _entry(rf"\b{AFTER_NO_NUMBER}\d{{3}}[ ]\d{{2}}(?![-.,]?\d)(?![ ]\d)", "se"),
    ]
    return free, cued


# what context rules (patterns.jape) look for: cue kind -> entries (id cues: id kind -> labels)
DATE_LABELS = ["fecha", "fecha de nacimiento", "fecha de ingreso", "fecha de alta", "f. nac.", "fecha nac.",
               "date", "date of birth", "dob", "d.o.b.", "admission date", "discharge date", "date of admission",
               "date of discharge", "datum", "födelsedatum", "född", "inskrivningsdatum", "utskrivningsdatum"]
ID_LABELS = {
    "nhc": ["nhc", "n.h.c.", "nhc/cipa", "nº historia", "nº de historia", "número de historia",
            "número de historia clínica", "nº historia clínica", "h.c.", "hc"],
    "nass": ["nass", "nss", "n.a.s.s.", "nº ss", "nº seguridad social", "número de la seguridad social",
             "número de seguridad social", "nº afiliación", "naf"],
    "cip": ["cip", "cipa", "cip-sns", "cip sns", "tis", "tsi"],
    "episode": ["nº episodio", "número de episodio", "visit number", "admission number"],
    "licence": ["nºcol", "NºCol", "nº col", "Nº Col", "nº col.", "Nº Col.", "nº colegiado", "número de colegiado", "colegiado nº", "nº de colegiado",
                "npi", "dea", "license number", "licence number", "legitimationsnummer"],
    "mrn": ["mrn", "mr#", "mr no", "medical record number", "medical record no", "record number", "unit number",
            "unit no", "hospital number", "patient id", "patient number", "nhs number", "nhs no",
            "journalnummer", "journalnr", "patient-id"],
    "dni": ["dni", "d.n.i.", "nif", "n.i.f."],
    "nie": ["nie", "n.i.e."],
    "ssn": ["ssn", "social security number", "social security no", "soc. sec. no"],
    "personnummer": ["personnummer", "personnr", "pers.nr", "pnr", "samordningsnummer"],
}
# labels that are ordinary words ("en el episodio 2", "encounter 3"): only before ":", "#" or "nº"
ID_WORD_LABELS = {"nhc": ["historia clínica"], "cip": ["tarjeta sanitaria"],
                  "episode": ["episodio", "episode", "encounter", "vårdtillfälle"]}
POSTCODE_LABELS = {
    "es": ["cp", "c.p.", "código postal", "codigo postal", "cod. postal"],
    "us": ["zip", "zip code", "zipcode"],
    "uk": ["postcode", "post code"],
    "se": ["postnummer", "postnr"],
}
US_STATE_NAMES = ["Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware",
                  "Florida", "Georgia", "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky",
                  "Louisiana", "Maine", "Maryland", "Massachusetts", "Michigan", "Minnesota", "Mississippi",
                  "Missouri", "Montana", "Nebraska", "Nevada", "New Hampshire", "New Jersey", "New Mexico",
                  "New York", "North Carolina", "North Dakota", "Ohio", "Oklahoma", "Oregon", "Pennsylvania",
                  "Rhode Island", "South Carolina", "South Dakota", "Tennessee", "Texas", "Utah", "Vermont",
                  "Virginia", "Washington", "West Virginia", "Wisconsin", "Wyoming"]
US_STATES = ("AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM "
             "NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY").split()
# numbers after these are measurements, not dates or times: "TA 12/7", "dilución 1:10", "GCS 8/12"
BLOCK_CUES = ["tensión arterial", "presión arterial", "blood pressure", "blodtryck", "glasgow", "apgar",
              "dilución", "dilution", "spädning", "título", "titer", "titre", "ratio", "razón", "proporción",
              "score", "puntuación", "escala", "grado", "grade", "estadio", "stage", "karnofsky", "positivo",
              "positiva", "positive", "positiv"]
BLOCK_ABBREVIATIONS = ["TA", "T.A.", "PA", "BP", "GCS", "NYHA", "EVA", "VAS", "ECOG", "FiO2", "I:E"]  # case as written
# laboratory analytes: the number after one (or before one) is a count or a level, never a postcode
# ("Leucocitos 17850 Neutrofilos", "plaquetas: 253000", "WBC 10500 neutrophils")
LAB_CUES = ["leucocitos", "leucos", "neutrófilos", "neutrofilos", "linfocitos", "monocitos", "eosinófilos",
            "basófilos", "hematíes", "eritrocitos", "plaquetas", "hemoglobina", "hematocrito", "glucosa",
            "glucemia", "creatinina", "urea", "sodio", "potasio", "cloro", "calcio", "fósforo", "ferritina",
            "colesterol", "triglicéridos", "bilirrubina", "fosfatasa alcalina", "fibrinógeno", "proteínas",
            "albúmina", "CPK", "LDH", "GOT", "GPT", "GGT", "PCR", "VSG", "PSA", "CEA", "TSH", "INR",
            "leukocytes", "neutrophils", "lymphocytes", "monocytes", "eosinophils", "erythrocytes",
            "platelets", "hemoglobin", "haemoglobin", "hematocrit", "glucose", "creatinine", "sodium",
            "potassium", "WBC", "RBC", "leukocyter", "neutrofiler", "lymfocyter", "trombocyter",
            "erytrocyter", "kreatinin", "natrium", "kalium", "LPK", "TPK", "CRP"]
TIME_CUES = ["a las", "sobre las", "hacia las", "desde las", "hasta las", "at", "from", "until", "kl.", "kl",
             "klockan"]
FAX_CUES = ["fax", "telefax", "nº fax", "fax no"]


# the cue lists: plain entries (not regexes), matched case- and accent-insensitively unless the
# list name says "as written"; all of a folding share one scan of the text (the gazetteer's trie)
CUE_LISTS = {  # file -> (minorType, entries or {kind: entries}, munging rules)
    "cue_date.lst": ("date", DATE_LABELS, "ignore-case,accents"),
    "cue_weekday.lst": ("weekday", WEEKDAYS, "ignore-case,accents"),
    "cue_block.lst": ("block", BLOCK_CUES, "ignore-case,accents"),
    "cue_block_as_written.lst": ("block", BLOCK_ABBREVIATIONS, ""),
    "cue_lab.lst": ("lab", LAB_CUES, "ignore-case,accents"),
    "cue_time.lst": ("time", TIME_CUES, "ignore-case,accents"),
    "cue_fax.lst": ("fax", FAX_CUES, "ignore-case,accents"),
    "cue_state_as_written.lst": ("state", {"us": US_STATES}, ""),
    "cue_state.lst": ("state", {"us": US_STATE_NAMES}, "ignore-case,accents"),
    "cue_id.lst": ("id", ID_LABELS, "ignore-case,accents"),
    "cue_id_word.lst": ("id-word", ID_WORD_LABELS, "ignore-case,accents"),
    "cue_postcode.lst": ("postcode", POSTCODE_LABELS, "ignore-case,accents"),
}


def cue_lists() -> dict[str, list[str]]:
    """File name -> lines of each cue list (an entry, then its kind when the list has kinds)."""
    found = {}
    for name, (_, entries, rules) in CUE_LISTS.items():
        kinds = entries if isinstance(entries, dict) else {None: entries}
        seen = {}
        for kind, words in kinds.items():
            for word in words:
                key = word.lower() if "ignore-case" in rules else word
                seen.setdefault(key, _entry(word, kind))
        found[name] = list(seen.values())
    return found


def lists_def() -> list[str]:
    """The lines of lists.def: the regex lists, then the cue lists."""
    regexes = [("date.lst", "Date:free"), ("date_cued.lst", "Date:cued"), ("date_cued_day.lst", "Date:cued-day"),
               ("date_cued_year.lst", "Date:cued-year"), ("time.lst", "Time:free"),
               ("time_cued.lst", "Time:cued"), ("phone.lst", "Phone:free"), ("id.lst", "Id:free"),
               ("email.lst", "Email:free"), ("url.lst", "Url:free"), ("ip.lst", "Ip:free"),
               ("postcode.lst", "Postcode:free"), ("postcode_cued.lst", "Postcode:cued")]
    lines = [f"{name}:{types}::PatternLookup:regex" for name, types in regexes]
    lines += [f"{name}:Cue:{minor}::PatternLookup:{rules}" for name, (minor, _, rules) in CUE_LISTS.items()]
    return lines


def _entry(pattern: str, kind: str | None = None, alt: str | None = None, **features: str) -> str:
    """One .lst line: the pattern, then TAB-separated features."""
    values = {"kind": kind, "alt": alt, **features}
    return "\t".join([pattern] + [f"{k}={v}" for k, v in values.items() if v is not None])


def lists() -> dict[str, list[str]]:
    """File name -> lines of every generated file (the lists and lists.def)."""
    times, cued_times = time_entries()
    emails, urls, ips = email_url_ip_entries()
    postcodes, cued_postcodes = postcode_entries()
    day_month, _ = cued_date_entries(after_words(DAY_WORDS))
    _, year_month = cued_date_entries(after_words(YEAR_WORDS, "(,"))
    return {
        "date.lst": date_entries(), "date_cued.lst": cued_date_entries(),
        "date_cued_day.lst": day_month, "date_cued_year.lst": year_month,
        "time.lst": times, "time_cued.lst": cued_times,
        "phone.lst": phone_entries(), "id.lst": id_entries(),
        "email.lst": emails, "url.lst": urls, "ip.lst": ips,
        "postcode.lst": postcodes, "postcode_cued.lst": cued_postcodes,
        **cue_lists(), "lists.def": lists_def(),
    }


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for name, lines in lists().items():
        (OUT / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{name}: {len(lines)} entries")


if __name__ == "__main__":
    main()
