"""Python actions of the English de-identification grammar (resources/grammars/deid-en/), its actions file.

- ``structured`` (structured.jape, once per document): values after a label Lookup of the
  gazetteer (majorType ``label``, minorType = the i2b2 2014 TYPE of the value), ages, month-name
  dates the pattern library leaves out (two-digit years after an apostrophe too), ISO date-times,
  local phone numbers and other countries' groupings, other countries' postcodes (beside a place
  Lookup or a cue where the shape alone is ambiguous), UK NI numbers, bare identifiers and ZIP codes, and
  two capitalised words at the start of a line before what a patient does (``Oluwaseun Adeyemi
  c/o``; neither an English word of resources/records/common_words_en.txt), read off the
  text with regular expressions: a label's value runs to the first word that cannot be part of it
  (``NHS number 943 476 5919 confirmed``, ``Vehicle registration YX19 KLM noted``).
- ``resolve`` (resolve.jape, once per document): the PhiCand candidates of every phase, minus
  those a Block outranks, the best first (prio, then length, then position), without overlaps,
  written to the output set as the i2b2 2014 types, each with the feature ``confidence``
  (:func:`confidence`).

Candidates carry ``prio`` (how sure the rule is, which orders overlapping candidates) and, where only
the i2b2 2014 guidelines count the value (an age of 89 or under, a year alone), ``policies =
"i2b2-2014"`` for the policy-filter PR.
"""

from __future__ import annotations

import re
from importlib.resources import files

from annotator.jape.actions import ActionContext, keeps_features, output_only
from annotator.regexes.anchored import Anchored

from .addresses import (ADDRESS, ADDRESS_CHAIN, BLOCK_BEFORE, CHAIN_GAP, CITY_AFTER, NAMES, NOT_NAME, STREET_AFTER, WORD,
                        ZIP_BEFORE, address_tails, chain_type, cued_towns, shaped_towns, street_lines_of_names,
                        streets_before_postcodes, town_after, towns_after_organisations, towns_before_countries,
                        units_before_streets, zip_after)
from .context import ENGLISH, SAFE, cue_name, cues
from .places import (address_values, particle_towns, shaped_address_towns, towns_beside_postcodes,
                     weak_names_in_addresses)

I2B2_ONLY = "i2b2-2014"
#: ages above this are PHI under HIPAA Safe Harbor too
SAFE_HARBOR_AGE = 89
#: a Block drops the overlapping candidates below this prio (a weak Block: below WEAK_BLOCK_PRIO)
BLOCK_PRIO = 85
WEAK_BLOCK_PRIO = 60

#: The confidence of an output value by the prio of its candidate: the first band whose lowest prio
#: it reaches (highest first; every prio, negative too, reaches the last). Monotone, so a rule added
#: with a new prio gets a fitting value without an entry of its own.
CONFIDENCE_BANDS = ((90, 0.95), (80, 0.9), (70, 0.85), (60, 0.75), (50, 0.6), (40, 0.45), (float("-inf"), 0.3))
#: The least confidence of the rules whose evidence their prio understates: prio only orders
#: overlapping candidates (a format found by the pattern library yields to a name rule over the
#: same words), while a value in a format, after a label or right after a name or town is rarely
#: anything else.
RULE_CONFIDENCE = {
    "Pattern": 0.9,      # the pattern library: dates, phones, IDs, e-mails, URLs, IPs, postcodes
    "Label": 0.9,        # the value after a label (MRN:, NHS number, Fax ...)
    "MonthDate": 0.9,    # Feb 3, 2021; 5th of November
    "WeekdayDate": 0.9,  # Tuesday, April 11, 2023 (the date rule or pattern after a weekday)
    "Age": 0.85,         # 45 year old, 72yo, aged 80
    "LocalPhone": 0.8,   # 555-0142, (617) 555-0142
    "PrefixedId": 0.8,   # PE-88120934, KNH/2021/04417
    "ZipAfter": 0.8,     # five digits after a name, town, state or street
    "AddressChain": ADDRESS_CHAIN,  # a capitalised word between two parts of an address
}

_SKIP = re.compile(r"[ \t]*(?:(?:#|no\.?|num(?:ber)?\.?|nr\.?)[ \t]*)?(?:[:#=]|is\b)?[ \t]*", re.I)
_CHUNK = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9\-/.]*[A-Za-z0-9])?")
_PHONE = re.compile(r"(?:[a-z]+[ \t]+){0,3}(\+?\(?\d[\d().\- ]{1,18}\d)")  # "Fax results to 617-..."
_USERNAME = re.compile(r"[A-Za-z][A-Za-z0-9._-]{2,}")
_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
          r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
# Each of these starts with a lookahead for the first character of every alternative (and, where every
# alternative starts a word, a word boundary): the re module otherwise tries each alternative at every
# position of the text. Those searched with finditer are Anchored (annotator/regexes/anchored.py) on
# those characters: searched only where one is (the same matches). re enters each alternative of a
# case-insensitive group in turn, so the alternatives after a word boundary are grouped by what they
# begin with (a letter or a digit, one number parse) and do not repeat the boundary.
_YEAR = r"(?:(?:19|20)\d\d\b|['’]\d\d(?![\w'’]))"
_CAP_MONTH = (r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|"
              r"Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?")
_UNIT = r"mg|mcg|ml|mls|g|kg|mmol|units?|tabs?|tablets?|doses?|times|patients|days?|weeks?|hours?|hrs?|mins?|%"  # 2021; '21 (a two-digit year after an apostrophe)
_DATES = Anchored(re.compile(
    # a letter first or a digit first (each alternative with its own month parse tried once: one parse for
    # the month in any case, one for the capitalised month, then "seen June 4")
    rf"\b(?:(?=[jfmasond])(?:{_MONTH}(?:\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+{_YEAR}"    # Feb 3, 2021; Sept 9 2019; Mar 3rd '21
    rf"|,?\s+['’]\d\d(?![\w'’])"                                                 # March '21
    rf"|\s+\d{{1,2}}(?:st|nd|rd|th)\b)"                                             # May 2nd
    rf"|(?-i:{_CAP_MONTH})(?:,\s+(?:19|20)\d\d\b"                                     # January, 1952 (not May)
    # a capitalised month and a day without a year (Admitted August 27): not May, not a quantity or a
    # clock time after it
    rf"|\s+(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?\b(?![/:.,\-]?\d|\s*(?:{_UNIT})\b))"
    rf"|(?:(?<=seen )|(?<=seen on )){_MONTH}\s+\d{{1,2}}\b(?![/:.]?\d))"           # seen June 4 ("on" out)
    # a day first
    rf"|(?=\d)(?:\d{{1,2}}(?:(?:st|nd|rd|th)?\s+(?:of\s+{_MONTH}(?:,?\s+{_YEAR}|\b)"   # 5th of November ('21)
    rf"|{_MONTH}(?:,\s+(?:19|20)\d\d\b|,?\s+['’]\d\d(?![\w'’])))"                 # 20 January, 1952; 3rd Mar '21
    rf"|\.\s+{_MONTH}\s+(?:19|20)\d\d\b)"                                         # 7. February 1955
    rf"|(?:19|20)\d\d(?:-{_MONTH}-|/{_MONTH}/)\d{{1,2}}\b(?![/:.\-]?\d)"            # 1952-Jan-20, 2021/Mar/03
    # a day and a capitalised month without a year (dated 30 Sept)
    rf"|(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?\s+(?-i:{_CAP_MONTH})\b(?![.,]?\s*(?:\d|['’]\d))))",
    re.I), r"\djfmasond")
# an ISO 8601 date-time is one value, its time included (2021-03-03T14:25:00Z, 2021-03-03 14:25): the
# one exception to "times of day stay out" (README)
_ISO_DATETIME = Anchored(re.compile(
    r"(?<![\w\-])(?:19|20)\d\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?:T|[ \t])(?:[01]\d|2[0-3]):[0-5]\d"
    r"(?::[0-5]\d(?:[.,]\d{1,6})?)?(?:Z|[+\-](?:0\d|1[0-4]):?[0-5]\d)?(?![\w:])"), r"12")
# a year alone after an apostrophe, or a decade: '92, '90s (i2b2 2014: "[’92]", "[’90s]")
_APOS_YEAR = Anchored(re.compile(r"(?<=[\s(])['’]\d\d(?:s\b)?(?![\w'’%\-])"), "'’")
_AGES = Anchored(re.compile(
    # a number first: one parse of it, then what follows (only a number of the whole run of digits can be
    # followed by any of these)
    r"\b(?=[\daiwtdb])(?:(?P<a1>\d{1,3})(?:(?:\s*-\s*|\s+)(?:years?|yrs?|months?|mos?|weeks?|wks?|days?)(?:\s*-\s*|\s+)old\b"
    r"|\s*(?:yo|y/o|y\.o\.)(?![a-z])"
    r"|\s*(?:yrs?|years?)(?=\s*(?:old|[MF]\b|male|female|man|woman|boy|girl|gentleman|lady))"
    r"|\s?[MF](?=\s*(?:w/|with|,|c/o|presents|pmh|hx|h/o|s/p)\b|\s*(?:w/|,)))"
    r"|(?:aged?|age:)\s*:?\s*(?P<a3>\d{1,3})\b(?!\s*(?:-|to)\s*\d)"
    r"|in\s+(?:his|her|their)\s+(?:early\s+|mid\s+|late\s+)?(?P<a5>\d0s)\b"
    r"|(?<=[a-z], )(?P<a6>\d{1,3})(?=, )"
    r"|(?:is|was)\s+(?P<a7>\d{1,3})(?=\s+(?:and|but|years?|yo)\b)"
    r"|turn(?:s|ed)?\s+(?P<a9>\d{1,3})\b(?![.,:/]?\d|\s*(?:%|degrees|times|mg|ml)\b)"          # turned 95 last week
    r"|(?:dob|d\.o\.b\.?|born)\b[^()\n]{4,24}\(\s*(?P<a10>\d{1,3})\s*\))",            # DOB 1931-06-02 (90)
    re.I | re.M), r"\daiwtdb")
# New England ZIPs: 01852, 02108
_ZIP_ZERO = Anchored(re.compile(r"(?<![\w/.\-])0\d{4}(?:-\d{4})?(?![\w/.\-])"), "0")
_VERBS = ("c/o|attended|attends|seen|reports|reported|presents|presented|called|phoned|declined|missed|needs|"
          "wants|had|has|is|was|DNA'd|complains|came|returned|refused|agreed|denies|remains|lives|works|saw|"
          "admitted|discharged|died")
_SUBJECT = re.compile(rf"(?m)^[ \t]*([A-Z][^\W\d_]+(?:['’-][A-Z][^\W\d_]+)?)[ \t]+([A-Z][^\W\d_]+(?:['’-][A-Z][^\W\d_]+)?)"
                      rf"(?=[ \t]+(?:{_VERBS})\b)")
_COMMON = frozenset((files("annotator.resources") / "records" / "common_words_en.txt").read_text(encoding="utf-8").split())
_LOCAL_PHONE = Anchored(re.compile(r"(?=[\d(])(?<![\d/.\-])(?:\(\d{3}\)[ \t]?|\b\d{3}[-.])?\b\d{3}[-.]\d{4}\b(?![\-/.]\d)"), r"\d(")
# a word with a digit (the lookahead only skips words without one, which are never IDs: same matches)
_BARE_ID = re.compile(r"(?<![\w@./\-])(?=[A-Za-z\-]*\d)[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?(?![\w@]|\.\d)")

# Phone numbers in national groupings (the pattern library has the US, UK, Spanish, Swedish and +CC
# forms): a trunk 0 or an area code in parentheses, optionally after +CC / 00CC, then groups
# (020 7946 0958, (02) 9374 4000, 06.12.34.56.78, 090-1234-5678, 030/1234567, +55 (11) 91234-5678);
# 9 to 13 digits; not groups that are all 24-hour times (0800 1200 1600, a drug chart) nor a counted
# sequence (01 02 03 04 05)
# an identifier with its letter prefix joined by a hyphen or slash (guidelines: the whole identifier):
# PE-88120934, KNH/2021/04417, LD/PI/2021/338, P/211114/01/2021/004512 (5 digits or more, counted
# in the action; a month is no prefix: DEC-03-2021)
_PREFIXED_ID = Anchored(re.compile(r"(?<![\w@./\-])(?=[A-Z])(?!(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)\b)"
                          r"[A-Z]{1,6}(?:[\-/][A-Z0-9]+)+(?![\w@\-/]|\.\d)"), r"A-Z")
# a facility named head first, as Spanish, Portuguese, French, Italian and German write it: "Hospital
# Italiano de Buenos Aires", "Centro de Salud Lavapiés", "Clínica Alemana", "Hôpital Saint-Louis"; its
# name words capitalised, with particles between, up to the first English word ("Hospital Course")
_HEAD_FIRST = Anchored(re.compile(
    r"\b(?:Hospital(?: Universitario| General| Regional)?|Clínica|Clinica|Clinique|Hôpital|Ospedale|Policlinico|"
    r"Centro (?:de Salud|Médico|Medico|Hospitalar)|Centre Hospitalier|Sanatorio|Klinikum|Hospital das Clínicas)"
    r"((?:[ ](?:(?:de|del|de la|do|da|dos|das|di|du|des|d')[ ])?[A-Z][^\W\d_]+(?:-[A-Z][^\W\d_]+)*){1,4})"), r"HCOPSK")
_NAME_WORDS = re.compile(r"(?:[ ](?:(?:de|del|de la|do|da|dos|das|di|du|des|d')[ ])?([A-Z][^\W\d_]+(?:-[A-Z][^\W\d_]+)*))")
_NAT_PHONE = Anchored(re.compile(
    r"(?=[(+0])(?<![\w+/.\-])(?:(?:\+|00)[1-9]\d{0,2}[ .\-]?)?(?:\(0?\d{1,4}\)[ .\-]?|0\d{1,4}[ .\-/])\d{1,8}"
    r"(?:[ .\-]\d{2,8}){0,4}(?![\w/:]|[.\-]\d)"), r"(+0")
_HHMM = re.compile(r"(?:[01]\d|2[0-3])[0-5]\d")
# the French grouping, five pairs (01 23 45 67 89, 04.78.12.34.56): above a library phone inside it
_PAIRS = re.compile(r"0[1-9]([ .\-])\d\d(?:\1\d\d){3}")
# a run of digits: after a phone cue word a phone number in any grouping ("ring 09876543210", "mobile
# 9876543210"), with an extension joined to it a phone number (617-555-1234 x4321, +44 20 7946 0958
# ext. 22), a card number in groups of four (Luhn check digit), an identifier punctuated two ways
# (123.456.789-09, 12.345.678/0001-95); the country code may stand in brackets ("Phone: (+358) 252760189")
_NUMBER_RUN = Anchored(re.compile(
    r"(?<![\w+/.\-])(?:\+\(?\d|\(\+?\d|\d)[\d ().\-/]{6,18}\d(?:(?=x\d)|(?![\w/:]|[.\-]\d))", re.I), r"+(\d")
_PHONE_CUE_BEFORE = re.compile(
    r"\b(?:call|ring|phone|telephone|tel|mobile|mob|cell|cellphone|contact|dial|text|sms|landline|whatsapp|reach)\b\.?"
    r"(?:[ \t]+(?:on|at|number|no\.?|is|me|him|her|us|them|mobile|direct)){0,2}[ \t]*:?[ \t]*$"
    # "reach the son at", "office number is", "home no.:"
    r"|\breach(?:[ \t]+[^\W\d_]+){0,3}[ \t]+(?:at|on)[ \t]*$"
    r"|\b(?:office|home|work|contact|direct|daytime|evening)[ \t]+(?:number|no\.?|line)(?:[ \t]+is)?[ \t]*:?[ \t]*$", re.I)
# a national number after a one-digit trunk prefix, as Russia (8), Thailand and Georgia (0) write it:
# 8 814 538 40 19, 0 824 628 194, 0 32 877 89 32
_TRUNK_GROUPS = re.compile(r"[08] \d{2,4}(?: \d{2,4}){2,4}")
_CARD = re.compile(r"\d{4}(?:[ \-]?\d{4}){2}[ \-]?\d{1,7}|\d{4}[ \-]\d{6}[ \-]\d{4,5}")
_SEPARATOR = re.compile(r"[./\-]")
_EXTENSION_AFTER = re.compile(r"[ \t]*,?[ \t]*(?:x|ext\.?|extn\.?|extension)[ \t]*\.?[ \t]*\d{1,5}\b", re.I)

# Postcodes of other countries. Unmistakable shapes alone: Canada (K1A 0B1; not a TNM stage T2N 0M0),
# Ireland (D02 X285, a letter and a digit in its last part); the others only beside a place of the
# gazetteer (a capitalised town, state or country: "75008 Paris", "Delhi 110001", "Tokyo 100-0001,
# Japan"), after an Australian state code (NSW 2000) or after a postcode cue word (PIN 560001, CEP
# 01310-100, 〒100-0001): Netherlands 1012 AB, Brazil 01310-100, Japan 100-0001, India 110001 / 110 001,
# Ireland A65 F4E2, 5 digits (Germany, France, Italy ...), 4 digits (Austria, Switzerland, Australia ...)
_EIRCODE = r"(?:[AC-FHKNPRTV-Y]\d\d|D6W)[ ]?[0-9AC-FHKNPRTV-Y]{4}"
# the shapes in capitals, in one pass: Canada, Ireland, an Australian state code and its postcode, an
# IBAN (kept when its mod-97 check holds: GB82 WEST 1234 5698 7654 32), and a UK National Insurance
# number with its suffix letter (AB 12 34 56 C), after its label or not
_CAPITAL_SHAPES = Anchored(re.compile(
    r"(?<!\w)(?:(?P<ca>[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z][ \-]?\d[ABCEGHJ-NPRSTV-Z]\d)"
    r"|(?P<iban>[A-Z][A-Z]\d\d(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,3})?)"
    r"|(?P<ie>[AC-FHKNPRTV-Y]\d\d[ ]?[0-9AC-FHKNPRTV-Y]{4}|D6W[ ]?[0-9AC-FHKNPRTV-Y]{4})"
    r"|(?P<nino>[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z](?:[ ]?\d\d){3}[ ]?[A-D])"
    r"|(?:NSW|VIC|QLD|TAS|ACT|NT|SA|WA)[ \t]+(?P<au>\d{4}))\b"), "A-Z")
_POSTCODE_SHAPE = (rf"(?:\d{{5}}-\d{{3}}|\d{{3}}-\d{{4}}|[1-9]\d{{2}}[ ]?\d{{3}}|\d{{5}}|[1-9]\d{{3}}[ ]?(?!SA|SD|SS)[A-Z]{{2}}"
                   rf"|{_EIRCODE}|\d{{4}})")
#: after a postcode cue also the shapes of Portugal (4-3), Poland (2-3) and Czechia, Slovakia, Greece
#: and Sweden (3 2): "Postcode: 9574-911", "ZIP 54-148", "post code 519 48"
_CUED_POSTCODE_SHAPE = rf"(?:\d{{4}}-\d{{3}}|\d{{2}}-\d{{3}}|{_POSTCODE_SHAPE}|\d{{3}}[ ]\d{{2}})"
_POSTCODE_CUE = Anchored(re.compile(
    rf"(?:(?<!\w)(?i:post(?:al)?[ \t]?code|pin(?:[ \t]?code)?|pincode|plz|zip(?:[ \t]?code)?|cep|eircode)\b\.?(?:[ \t]+is\b)?[ \t]*[:#]?|〒)"
    rf"[ \t]*({_CUED_POSTCODE_SHAPE})(?![\w\-])"), "pPzZcCeE〒")
#: beside a place also Portugal's 4-3 and Poland's 2-3 (Covilhã 9681-453, 00-950 Warszawa)
_PLACE_POSTCODE_SHAPE = rf"(?:\d{{4}}-\d{{3}}|\d{{2}}-\d{{3}}|{_POSTCODE_SHAPE})"
_POSTCODE_AFTER_PLACE = re.compile(rf"[ \t]*[,\-–]?[ \t]*({_PLACE_POSTCODE_SHAPE})(?![\w\-]|[ \t]*\d)")
_POSTCODE_BEFORE_PLACE = re.compile(rf"(?:^|(?<=[\s,]))({_PLACE_POSTCODE_SHAPE}),?[ \t]+$")


# the key word "ID" (the gazetteer's labels ignore case, and "id" is a word): "ID: EH 10077", "ID # X1234567",
# "I.D. no. 8804 5728 2617"; its value is read as a label's
_ID_KEY = Anchored(re.compile(r"(?<![\w.])(?:ID|I\.D\.)(?:[ \t]*(?:no\.?|number|nr\.?))?[ \t]*[:#]"), "I")
# a bare number with a one- or two-capital prefix before a space (V 679160, RT 550912; not "A" or "I",
# not a key word or an English word in capitals: "ID 22884471", "NO 123456", "AT 123456")
_LETTER_PREFIX = re.compile(r"(?<![\w.\-])(?!(?:[AI]|ID|NO|NR|OR|IF|IN|AT|ON|TO|BY|OF|IS|IT|AN|AM|PM|US|UK|MY|WE|BE|DO|GO|SO|UP) )"
                            r"[A-Z]{1,2}[ ]$")
# an Indian PIN code (six digits, not 0 or 9 first) after a capitalised word that is no English word,
# a town in no list: "Bangalore 560001", "Mysuru - 570001" (not "Room 560001", "Batch 123456")
_PIN_TOWN_BEFORE = re.compile(r"(?<![\w.\-])([A-Z][a-z]{2,})[ \t]*(?:[\-–,][ \t]*)?$")
# twelve digits in three groups of four (Aadhaar 4442 7276 3896); not three clock times (0800 1400 2200)
_FOUR_FOUR_FOUR = re.compile(r"\d{4} \d{4} \d{4}")


def _add(ctx: ActionContext, type_: str, start: int, end: int, prio: int, rule: str, policies: str | None = None) -> None:
    features: dict = {"type": type_, "prio": prio, "rule": rule}
    if policies:
        features["policies"] = policies
    ctx.output.add("PhiCand", start, end, features)


def _id_value(text: str, at: int, type_: str) -> tuple[int, int] | None:
    """The span of an identifier starting at ``at``: up to three chunks joined by single spaces,
    each with a digit or in capitals (``RN 2214733``, ``YX19 KLM``, ``943 476 5919``); None when
    it has no digit or fewer than MIN characters."""
    chunks: list[re.Match] = []
    pos = at
    # an Indian plate has four chunks (KA 05 MN 4471); short digit groups run on (AB 12 34 56 C)
    while len(chunks) < (4 if type_ == "VEHICLE" else 3) or (type_ != "ROOM" and len(chunks) < 5 and chunks[-1].end() - chunks[-1].start() <= 2):
        m = _CHUNK.match(text, pos)
        if m is None:
            break
        word = m.group()
        if not (any(c.isdigit() for c in word) or (word.isupper() and len(word) <= 4)):
            break
        chunks.append(m)
        if text[m.end():m.end() + 1] != " ":
            break
        pos = m.end() + 1
    while (type_ != "VEHICLE" and len(chunks) > 1 and not any(c.isdigit() for c in chunks[-1].group())
           and not (len(chunks[-1].group()) == 1 and chunks[-1].group() not in "AI")):
        chunks.pop()  # "MRN 3318472 MD": a trailing word in capitals is no part (of a plate it is: YX19 KLM;
        # a suffix letter is: ZZ 909960 T)
    if not chunks:
        return None
    start, end = chunks[0].start(), chunks[-1].end()
    value = text[start:end]
    if not any(c.isdigit() for c in value) or (type_ != "ROOM" and len(value) < 3):
        return None
    return start, end


def _label_value(text: str, label_end: int, type_: str, label: str) -> tuple[int, int] | None:
    at = _SKIP.match(text, label_end).end()
    if type_ in ("PHONE", "FAX"):
        m = _PHONE.match(text, at)
        if m is None or _digits(m.group(1)) < 4:
            return None
        return m.start(1), m.end(1)
    if type_ == "USERNAME":
        m = _USERNAME.match(text, at)
        if m is None:
            return None
        word = m.group().rstrip("._-")
        # after "entered by" or "user" a log-in has a digit, "." or "_" ("User jmwangi2"; not "user friendly")
        needs_mark = label.lower().startswith("entered") or label.lower() == "user"
        if word[0].isupper() or (needs_mark and not any(c.isdigit() or c in "._" for c in word)):
            return None
        return m.start(), m.start() + len(word)
    if type_ == "EMAIL":
        return None  # the pattern library finds e-mail addresses themselves
    return _id_value(text, at, type_)


@keeps_features
def structured(ctx: ActionContext) -> None:
    """Candidates for the values of labels, ages, month-name dates, local phones, bare IDs."""
    text = ctx.doc.text
    places: list = []
    lookups = ctx.input.with_type("Lookup")
    for lookup in lookups:
        major = lookup.features.get("majorType")
        if major == "place":
            places.append(lookup)
        if major != "label":
            continue
        type_ = lookup.features.get("minorType", "IDNUM")
        span = _label_value(text, lookup.end, type_, text[lookup.start:lookup.end])
        if span is not None:
            _add(ctx, type_, span[0], span[1], 70, "Label")
    for m in _ID_KEY.finditer(text):
        span = _id_value(text, _SKIP.match(text, m.end()).end(), "IDNUM")
        if span is not None:
            _add(ctx, "IDNUM", span[0], span[1], 70, "Label")
    for m in _AGES.finditer(text):
        name = next(k for k, v in m.groupdict().items() if v is not None)
        value = m.group(name)
        number = int(value.rstrip("s"))
        if number > 125:
            continue
        _add(ctx, "AGE", m.start(name), m.end(name), 66, "Age", None if number > SAFE_HARBOR_AGE else I2B2_ONLY)
    for m in _DATES.finditer(text):
        if m.group().lower().startswith("may") and not m.group().startswith("May"):
            continue  # "may 2nd" in lower case: the verb is likelier
        _add(ctx, "DATE", m.start(), m.end(), 67, "MonthDate")
    for m in _ISO_DATETIME.finditer(text):
        _add(ctx, "DATE", m.start(), m.end(), 68, "IsoDateTime")
    for m in _APOS_YEAR.finditer(text):
        _add(ctx, "DATE", m.start(), m.end(), 60, "ApostropheYear", I2B2_ONLY)
    for m in _SUBJECT.finditer(text):  # "Oluwaseun Adeyemi c/o knee pain": two unknown words before a verb
        if m.group(1).lower() not in _COMMON and m.group(2).lower() not in _COMMON:
            _add(ctx, "PATIENT", m.start(1), m.end(2), 44, "Subject")
    _phones(ctx, text)
    _postcodes(ctx, text, places, lookups)
    for m in _ZIP_ZERO.finditer(text):
        _add(ctx, "ZIP", m.start(), m.end(), 40, "ZipZero")
    for m in _LOCAL_PHONE.finditer(text):
        _add(ctx, "PHONE", m.start(), m.end(), 55, "LocalPhone")
    for m in _HEAD_FIRST.finditer(text):
        end = m.start(1)
        for word in _NAME_WORDS.finditer(text, m.start(1), m.end(1)):
            if word.group(1).lower() in ENGLISH:
                break
            end = word.end()
        if end > m.start(1):
            _add(ctx, "HOSPITAL", m.start(), end, 82, "HospitalHeadFirst")
    for m in _PREFIXED_ID.finditer(text):
        if _digits(m.group()) >= 5:
            _add(ctx, "IDNUM", m.start(), m.end(), 66, "PrefixedId")  # above the library's phones and a weak Block
    pins: list[tuple[int, int, int, int]] = []
    for m in _BARE_ID.finditer(text):
        word = m.group()
        digits = _digits(word)
        if word.isdigit() and digits >= 6:
            _add(ctx, "IDNUM", m.start(), m.end(), 35, "BareId")
            if digits == 6 and word[0] not in "09":
                town = _PIN_TOWN_BEFORE.search(text, max(0, m.start() - 24), m.start())
                if town is not None and not _spans_lookup(lookups, "common", *town.span(1)) and town.group(1).lower() not in _COMMON:
                    pins.append((town.start(1), town.end(1), m.start(), m.end()))
            prefix = _LETTER_PREFIX.search(text, max(0, m.start() - 3), m.start())
            if prefix is not None:  # longer, so kept unless a Block takes the prefix (the number alone then)
                _add(ctx, "IDNUM", prefix.start(), m.end(), 35, "BareId")
        elif (digits >= 9 and word.replace("-", "").isdigit()) or (not word.isdigit() and digits >= 4 and len(word) >= 6
                                                and any(c.isalpha() for c in word)):
            _add(ctx, "IDNUM", m.start(), m.end(), 35, "BareId")

    # Bangalore 560001, Thirumalagiri - 508223: the town no person's name ("Dr Smith 345678")
    for town_start, town_end, start, end in pins:
        if not _spans_lookup(lookups, "name", town_start, town_end):
            _add(ctx, "ZIP", start, end, 60, "PinCode")


def _spans_lookup(lookups, major: str, start: int, end: int) -> bool:
    """Whether a Lookup of majorType ``major`` spans ``start``-``end``."""
    return any(a.end == end and a.features.get("majorType") == major for a in lookups.starting_at(start))


def _digits(value: str) -> int:
    return sum(map(str.isdigit, value))


def _phones(ctx: ActionContext, text: str) -> None:
    """Phone numbers in other countries' groupings; then the runs of digits (:data:`_NUMBER_RUN`)."""
    for m in _NAT_PHONE.finditer(text):
        groups = re.findall(r"\d+", m.group())
        steps = {int(b) - int(a) for a, b in zip(groups, groups[1:])}
        if (9 <= _digits(m.group()) <= 13 and not all(len(g) == 4 and _HHMM.fullmatch(g) for g in groups)
                and not (len(groups) > 2 and len(steps) == 1)):
            # after +CC / 00CC above the library's phones (65), which may end before it: +1 (555) 123-4567;
            # else below its dates and IDs (01.02.2021 1230, 078-05-1120)
            prio = 66 if m.group()[0] == "+" or m.group().startswith("00") or _PAIRS.fullmatch(m.group()) else 56
            _add(ctx, "PHONE", m.start(), m.end(), prio, "NationalPhone")
    for m in _NUMBER_RUN.finditer(text):
        digits = _digits(m.group())
        if digits < 7:
            continue
        value = m.group()
        ext = _EXTENSION_AFTER.match(text, m.end())
        if ext is not None:
            _add(ctx, "PHONE", m.start(), ext.end(), 71, "PhoneExtension")  # above a label's value (70)
        elif 13 <= digits <= 19 and _CARD.fullmatch(value) and _luhn_ok(value):
            _add(ctx, "ACCOUNT", m.start(), m.end(), 66, "CardNumber")
        elif 8 <= digits <= 15 and (value[0] == "+" or value.startswith("(+")):
            # E.164: a country code after "+" (1-3 digits, in brackets or not), 8-15 digits in all, in any
            # grouping (+44 121 496 0877, +44151 4960877, (+57) 323 470 17 46): above a shorter library phone
            _add(ctx, "PHONE", m.start(), m.end(), 66, "E164Phone")
        elif 10 <= digits <= 11 and _TRUNK_GROUPS.fullmatch(value):
            _add(ctx, "PHONE", m.start(), m.end(), 66, "TrunkPhone")  # above a library phone inside it
        elif 8 <= digits <= 15 and _PHONE_CUE_BEFORE.search(text, max(0, m.start() - 40), m.start()):
            _add(ctx, "PHONE", m.start(), m.end(), 57, "CuedPhone")
        elif digits >= 9 and not any(c in value for c in " ()") and len(set(_SEPARATOR.findall(value))) >= 2:
            _add(ctx, "IDNUM", m.start(), m.end(), 45, "PunctuatedId")  # below the dates of a range (65)
        elif (digits >= 10 and not any(c in value for c in " ()-/") and value.count(".") >= 2
              and all(len(g) >= 2 for g in value.split("."))):  # not a version 2.3.1.4567
            _add(ctx, "IDNUM", m.start(), m.end(), 45, "PunctuatedId")  # Swiss AHV 756.3068.1759.27
        elif _FOUR_FOUR_FOUR.fullmatch(value) and not all(_HHMM.fullmatch(g) for g in value.split()):
            _add(ctx, "IDNUM", m.start(), m.end(), 45, "GroupedId")


def _luhn_ok(value: str) -> bool:
    """Whether the last digit of ``value`` is the Luhn check digit of the others (card numbers)."""
    total = 0
    for i, char in enumerate(reversed([c for c in value if c.isdigit()])):
        n = int(char) * (1 + i % 2)
        total += n - 9 if n > 9 else n
    return total % 10 == 0


def _iban_ok(value: str) -> bool:
    """Whether ``value`` is an IBAN by its ISO 13616 check: the country and check digits moved to the
    end, letters as 10-35, the number modulo 97 is 1."""
    compact = value.replace(" ", "")
    return int("".join(str(int(c, 36)) for c in compact[4:] + compact[:4])) % 97 == 1


_UNSPACED_CUE = re.compile(r"(?:,|\b(?:QC|ON|BC|AB|MB|SK|NS|NB|NL|PE|YT|NT|NU)|(?i:post(?:al)?[ \t]?code|zip(?:[ \t]?code)?)"
                           r"(?:[ \t]+is)?[ \t]*[:#]?)[ \t]*$")


def _before_unspaced_postcode(text: str, start: int, places: list) -> bool:
    before = text[max(0, start - 24):start]
    if _UNSPACED_CUE.search(before):
        return True
    end = len(before.rstrip(" \t")) + max(0, start - 24)
    return end < start and any(place.end == end for place in places)


def _postcodes(ctx: ActionContext, text: str, places: list, lookups) -> None:
    """Other countries' postcodes: by shape alone where it is unmistakable, else beside a place
    Lookup (not a common word) or a cue; and UK National Insurance numbers."""
    for m in _CAPITAL_SHAPES.finditer(text):
        if m.group("ca") and not re.match(r"T\dN", m.group()):  # not a TNM stage
            # unspaced (H2X1Y4) only after a place, a province code, a comma or a postcode cue: not a model number
            if m.group()[3] in " -" or _before_unspaced_postcode(text, m.start(), places):
                _add(ctx, "ZIP", m.start(), m.end(), 60, "Postcode")
        elif m.group("iban"):
            if _iban_ok(m.group()):
                _add(ctx, "ACCOUNT", m.start(), m.end(), 66, "Iban")  # checked: above the library's phones
        elif m.group("ie") and any(c.isdigit() for c in m.group()[-4:]) and any(c.isalpha() for c in m.group()[-4:]):
            _add(ctx, "ZIP", m.start(), m.end(), 60, "Postcode")
        elif m.group("nino"):
            _add(ctx, "SSN", m.start(), m.end(), 72, "Nino")
        elif m.group("au"):
            _add(ctx, "ZIP", m.start("au"), m.end("au"), 60, "Postcode")
    for m in _POSTCODE_CUE.finditer(text):
        if not m.group().lower().startswith("pin") or _digits(m.group(1)) == 6:
            _add(ctx, "ZIP", m.start(1), m.end(1), 60, "Postcode")
    countries = {a.start for a in places if a.features.get("minorType") == "country"}
    for start in countries:  # a town line before a country: "Smithberg 9760, New Zealand", "Aas 8487\nNorway"
        line = _TOWN_LINE_BEFORE_COUNTRY.search(text, max(0, start - 64), start)
        if line is not None:
            group = "a" if line.group("a") else "b"
            if _YEAR_LIKE.fullmatch(line.group(group)):
                continue  # "London 2012, England"
            if "\n" in line.group() and line.start() > 0 and text[line.start() - 1] != "\n":
                continue  # a line break before the country: the town line is the line's whole text
            _add(ctx, "ZIP", line.start(group), line.end(group), 60, "CountryPostcode")
    for place in places:
        if _DIGIT.search(text, place.end, place.end + 6) is None and _DIGIT.search(text, place.start - 12, place.start) is None:
            continue  # no postcode beside it (most places): the cheapest test first
        if not text[place.start].isupper() or _spans_lookup(lookups, "common", place.start, place.end):
            continue
        if place.features.get("minorType") == "state_code" and not text[place.start:place.end].isupper():
            continue
        after = _POSTCODE_AFTER_PLACE.match(text, place.end)
        if after is not None and (len(after.group(1)) != 4 or _before_country(text, after.end(1), countries)):
            _add(ctx, "ZIP", after.start(1), after.end(1), 60, "PlacePostcode")
        elif after is not None and _ends_address_line(text, after):  # above the library's year (1804)
            _add(ctx, "ZIP", after.start(1), after.end(1), 66, "PlacePostcode")
        line_start = text.rfind("\n", 0, place.start) + 1
        before = _POSTCODE_BEFORE_PLACE.search(text, max(line_start, place.start - 20), place.start)
        if before is not None and (len(before.group(1)) != 4 or text[line_start:before.start(1)].rstrip(" \t")[-1:] in ("", ",")):
            _add(ctx, "ZIP", before.start(1), before.end(1), 60, "PlacePostcode")


_COMMA = re.compile(r"[ \t]*,?[ \t]*")
#: a postcode beside a capitalised town, the two right before a country after a comma or a line break:
#: "Frørup 4172, Denmark", "Strážnice 729 74, Czech Republic", "Perryburgh 2913\nAustralia", "1307
#: Vallélian-sur-Monnard, Switzerland" (the town may be in no list; the country says it is an address)
_TOWN = (r"[A-Z][^\W\d_]+(?:(?:[ ]|-|([ ]|-)(?:am|an|im|sur|sous|lès|en|de|du|la|le|in|on|upon)(?(1)[ ]|-))"
         r"[A-Z][^\W\d_]+){0,3}")
_TOWN_LINE_BEFORE_COUNTRY = re.compile(
    rf"(?:(?<=\s)|^)(?:{_TOWN}[ \t]+(?P<a>{_CUED_POSTCODE_SHAPE})|(?P<b>{_CUED_POSTCODE_SHAPE})[ \t]+{_TOWN})"
    r"[ \t]*(?:,[ \t]*|\n[ \t]*)$")
_LINE_END = re.compile(r"[ \t]*(?:\n|$)")
_YEAR_LIKE = re.compile(r"(?:19|20)\d\d")
_DIGIT = re.compile(r"\d")


def _ends_address_line(text: str, after: re.Match) -> bool:
    """Whether four digits after a place and a comma end their line and are no year ("Gardens, Cape
    Town, 8001\n"; not "London, 2019")."""
    return (text[after.start():after.start(1)].strip(" \t") == "," and _LINE_END.match(text, after.end(1)) is not None
            and _YEAR_LIKE.fullmatch(after.group(1)) is None)


def _before_country(text: str, end: int, countries: set[int]) -> bool:
    """Whether a country name follows ``end`` after a comma or spaces (Vienna 1010, Austria)."""
    return _COMMA.match(text, end).end() in countries


def confidence(features: dict) -> float:
    """How sure the value of a candidate is, 0..1: its own feature ``confidence`` when a rule set
    one, else the :data:`CONFIDENCE_BANDS` value of its ``prio``, raised to the
    :data:`RULE_CONFIDENCE` of its ``rule`` where that is higher."""
    if "confidence" in features:
        return float(features["confidence"])
    prio = int(features.get("prio", 0))
    for lowest, band in CONFIDENCE_BANDS:  # the last band takes every prio
        if prio >= lowest:
            break
    return max(band, RULE_CONFIDENCE.get(str(features.get("rule")), 0.0))


#: a value ends at a line break, a tab or a run of spaces (the gap between a form's fields:
#: "Name: Maria K.\nAge: 45", "Consultant: A. Zielińska   Date: ..."); a candidate of these types,
#: whose evidence is its last word (Hospital, Road), keeps its last line instead
#: ("Dr Priya Raman\nFallowfield Medical Practice")
_BREAK = re.compile(r"\n|\t| {2,}")
HEAD_LAST = {"HOSPITAL", "STREET", "DEPARTMENT", "LOCATION-OTHER"}
#: the rules whose evidence is the title or role word right before the name: across a field gap it
#: is the next field's label or line, no name ("Title: Mrs   Forename: Gurpreet", "Escort: Tamsin Lee, RN\nNext")
AFTER_TITLE = {"PatientTitle", "DoctorTitle", "SurgeonTitle", "ClinicianRole", "OtherRole"}
#: a capitalised word beside a name, one space away (its other part: Hyun-woo Lee, Nguyễn Thị Lan)
_WORD_AFTER = re.compile(rf"[ ]({WORD})(?![\w.'’\-])")
_WORD_BEFORE = re.compile(rf"(?<![\w.'’\-])({WORD})[ ]$")
#: the given name after a family name of one part and its comma, before a clause's end ("Re: Clausen, Joachim,
#: DOB ...", "discussed with Barušić, Draga at ...": guidelines 2.3, the whole name in any order)
_GIVEN_AFTER_COMMA = re.compile(rf",[ ]({WORD})(?=[ \t]*(?:[,.;:()\n]|$|(?:and|at|on|in|from|to|DOB)\b))")
#: an initial in lower case after a name at the end of a line, as a search query writes it: "okafor r"
#: (not the words "a" and "i")
_INITIAL_AFTER = re.compile(r"[ ][b-hj-z](?=[ \t]*$)", re.M)
#: a dotted initial right before a name ("V. Brekke, 35, from ...", "refer I. Lindell, 82"; guidelines
#: 2.3: an initial inside a name stays in its span)
_INITIAL_BEFORE = re.compile(r"(?<![\w.'’\-])[A-Z]\.[ ]$")
#: the particles of a name between two of its parts (guidelines 2.3: the whole name with its
#: particles): Fernando Pereira da Silva, Nurul Izzah binti Abdullah, Yosef ben David, Jan van der Berg
_PARTICLES = re.compile(
    r"(?:[ \t]+(?:da|de|del|della|dei|di|do|dos|das|du|van|von|der|den|ter|ten|zu|bin|binti|bint|ben|bat|"
    r"ibn|ibnu|al|el|la|le|ap|y|e|mac|ó|ua|ní|nic|mhic|thi|thị|văn|van)){1,3}[ \t]+")
#: the particles that may open a name, before its first capitalised part ("de la Rosa, Alfonso",
#: "van der Berg"), at a word's start; the first may be capitalised ("De la Rosa")
_LEADING_PARTICLES = re.compile(
    r"(?<![\w.'’\-])((?:[Dd](?:a|e|el|ella|i|os|as|u)|[Vv][ao]n|[Dd]e[nr]|[Ll][ae]|[Aa]l|[Ee]l|[Bb]in|[Bb]en|[Ii]bn)"
    r"(?:[ \t]+(?:da|de|del|della|di|dos|das|du|van|von|der|den|la|le)){0,2})[ \t]+$")


#: a clinic named by generic words alone, no PHI (guidelines 2.3: generic units are not annotated):
#: "Memory Clinic", "the Outpatient Clinic", "Dermatology Clinic" (each word before the head an
#: English word or a specialty and no surname of the lists; not "Mayfield Clinic", "St. Anne's
#: Clinic", "Green Clinic"), unless a facility it belongs to follows ("Endocrine Clinic at Mercy
#: Hospital": a unit of a named hospital is unique)
_GENERIC_CLINIC = re.compile(r"(?:[^\W\d_]+[ ]+)+Clinics?")
_SPECIALTY_WORD = re.compile(r"[^\W\d_]+(?:ology|iatry|iatrics|ics|therapy)")
_OF_FACILITY = re.compile(r"(?:[ ]+(?:at|of|in)[ ]+(?:the[ ]+)?|[ ]*,[ ]*)[A-Z]")


def _generic_clinic(text: str, start: int, end: int, lookups) -> bool:
    """Whether ``text[start:end]`` is a clinic named by generic words alone (:data:`_GENERIC_CLINIC`)."""
    if _GENERIC_CLINIC.fullmatch(text, start, end) is None or _OF_FACILITY.match(text, end):
        return False
    words = list(re.finditer(r"[^\W\d_]+", text[start:end]))[:-1]
    return all((w.group().lower() in ENGLISH or _SPECIALTY_WORD.fullmatch(w.group())) and not any(
        a.features.get("minorType") == "surname" for a in lookups.starting_at(start + w.start())) for w in words)


#: the first word of a candidate and the space after it; a capitalised word right before it
_FIRST_WORD = re.compile(r"([^\W\d_]+)[ ]+(?=[^\W\d_])")
_CAPITALISED_BEFORE = re.compile(r"(?<![\w'’\-])[A-Z][^\W\d_]*[ \t]+$")


def _span(text: str, cand, lookups) -> tuple[int, int] | None:
    """The span of a candidate cut at the breaks (:data:`_BREAK`) inside it: its first line, or for
    the :data:`HEAD_LAST` types its last (of two words or more; of a street, with a number; else a
    street's first); None when no value is left, when a field gap parts it from the title of
    :data:`AFTER_TITLE`, when it ends between the letters and the digits of one word, or when it is
    a clinic named by generic words alone (:func:`_generic_clinic`)."""
    start, end = cand.start, cand.end
    if text[end - 1:end].isalpha() and text[end:end + 1].isdigit():
        return None  # a word cut before its digits: the state code of "Keswick CA12 5AQ" is a postcode's
    if cand.features.get("rule") == "HospitalHead" and _generic_clinic(text, start, end, lookups):
        return None
    if cand.features.get("rule") in AFTER_TITLE:
        gap = start
        while gap > 0 and text[gap - 1] in " \t\n":
            gap -= 1
        if _BREAK.search(text, gap, start):
            return None
    if cand.features.get("rule") == "UnknownFirst" and (m := _FIRST_WORD.match(text, start, end)) and \
            m.group(1).lower() in ENGLISH and not _CAPITALISED_BEFORE.search(text, max(0, start - 40), start):
        # "Contact John Smith": an English word opening a clause is no first name (but "Lam Ka Yan");
        # _join joins "John" and "Smith"
        start = m.end()
    m = _BREAK.search(text, start, end)
    if m is None:
        return start, end
    if cand.features["type"] not in HEAD_LAST:
        return (start, m.start()) if any(c.isalnum() for c in text[start:m.start()]) else None
    first_end = m.start()
    while m is not None:
        start = m.end()
        m = _BREAK.search(text, start, end)
    if _head_line(text, cand, start, end):
        return start, end
    # a street line whose unit took the next line's number ("939 Maina Plaza Suite 480\n49114 Bad
    # Leonfelden"): its first line (not when the last line has a word: "625 mg tds\nRoute: oral")
    if cand.features["type"] == "STREET" and not any(c.isalpha() for c in text[start:end]) and \
            _head_line(text, cand, cand.start, first_end):
        return cand.start, first_end
    return None


def _head_line(text: str, cand, start: int, end: int) -> bool:
    """Whether the line ``text[start:end]`` of a :data:`HEAD_LAST` candidate is a value: two words
    or more, of a street with a number."""
    value = text[start:end]
    return len(value.split()) >= 2 and (cand.features["type"] != "STREET" or _DIGIT.search(value) is not None)


def _grow_names(ctx: ActionContext, kept: list[list], taken: bytearray, lookups) -> None:
    """A name takes the capitalised words (two each side) right beside it that are no English
    words, lie in no other value and start no Block (Herr, Frau) or Lookup of :data:`NOT_NAME`
    (guidelines 2.3: the whole name), particles with the capitalised part after them (:data:`_PARTICLES`)
    and the particles before it (:data:`_LEADING_PARTICLES`), an initial after it at the line's end
    (:data:`_INITIAL_AFTER`) and a dotted initial right before it (:data:`_INITIAL_BEFORE`)."""
    text = ctx.doc.text
    blocks = ctx.input.with_type("Block")

    def fits(m: re.Match | None) -> bool:
        if m is None:
            return False
        word, at = m.group(1), m.start(1)
        return (word[0].isupper() and any(c.islower() for c in word) and word.lower() not in ENGLISH
                and not any(taken[at:m.end(1)]) and not blocks.starting_at(at)
                and not any(a.features.get("majorType") in NOT_NAME for a in lookups.starting_at(at)))

    for value in kept:
        if value[2] not in NAMES:
            continue
        for _ in range(2):  # up to two words each side
            after = _WORD_AFTER.match(text, value[1]) if text[value[1] + 1:value[1] + 2].isupper() else None
            grew = fits(after)
            if grew:
                value[1] = after.end(1)
                taken[after.start(1):after.end(1)] = b"\x01" * (after.end(1) - after.start(1))
            before = None
            if text[value[0] - 1:value[0]] == " ":  # the word before that space, which holds none: searched from the last one
                window = max(0, value[0] - 40)
                before = _WORD_BEFORE.search(text, max(window, text.rfind(" ", window, value[0] - 1) + 1), value[0])
            if fits(before):
                value[0] = before.start(1)
                taken[before.start(1):before.end(1)] = b"\x01" * (before.end(1) - before.start(1))
            elif not grew:
                break
        if text.startswith(", ", value[1]) and " " not in text[value[0]:value[1]] and (given := _GIVEN_AFTER_COMMA.match(text, value[1])) is not None and \
                fits(given) and given.group(1).lower() not in SAFE and not any(
                    a.features.get("majorType") == "name" and a.features.get("minorType") == "surname" and
                    not any(b.features.get("minorType") == "first" for b in lookups.starting_at(given.start(1)))
                    for a in lookups.starting_at(given.start(1))):
            # after a family name of one part: a given name of the lists, or a word in no list nor
            # vocabulary, not a surname alone (Smith, Jones and ...)
            taken[value[1]:given.end(1)] = b"\x01" * (given.end(1) - value[1])
            value[1] = given.end(1)
        particles = _PARTICLES.match(text, value[1])
        if particles is not None and text[particles.end():particles.end() + 1].isupper():
            after = _WORD_AFTER.match(text, particles.end() - 1)
            if fits(after):  # "Brian de Lopes": the particles and the part after them
                taken[value[1]:after.end(1)] = b"\x01" * (after.end(1) - value[1])
                value[1] = after.end(1)
        leading = _LEADING_PARTICLES.search(text, max(0, value[0] - 20), value[0])
        if leading is not None and not any(taken[leading.start(1):value[0]]):
            before = leading.start(1)
            while before > 0 and text[before - 1] in " \t":
                before -= 1
            if not (before and taken[before - 1]):  # a name before the particles: _join joins the two
                taken[leading.start(1):value[0]] = b"\x01" * (value[0] - leading.start(1))
                value[0] = leading.start(1)
        if (initial := _INITIAL_AFTER.match(text, value[1])) is not None and not taken[initial.end() - 1]:
            value[1] = initial.end()
            taken[initial.end() - 1] = 1
        if text[value[0] - 2:value[0]] == ". " and \
                (initial := _INITIAL_BEFORE.search(text, max(0, value[0] - 3), value[0])) is not None and \
                not any(taken[initial.start():value[0]]):
            taken[initial.start():value[0]] = b"\x01" * (value[0] - initial.start())
            value[0] = initial.start()


def _join(text: str, kept: list[list], taken: bytearray) -> None:
    """Completes the values of ``kept`` (sorted ``[start, end, type, confidence, policies]``) from
    what lies between two of them: one space or the particles between two parts of a name join them
    into one name; the words between two parts of an address (STREET, CITY, ZIP ...), on one line, become a
    CITY or STATE: "78 Mill Lane, Cork T12 X70A", "Haymarket NSW 2000", "House 7, Ring Road East,
    Osu, Accra"."""
    joined: list[list] = []
    towns: list[list] = []
    for value in kept:
        if joined:
            left = joined[-1]
            if left[2] in NAMES and value[2] in NAMES and \
                    (text[left[1]:value[0]] == " " or _PARTICLES.fullmatch(text, left[1], value[0])):
                left[1] = value[1]
                left[3] = max(left[3], value[3])
                continue
            if left[2] in ADDRESS and value[2] in ADDRESS and value[0] - left[1] <= 40:
                m = CHAIN_GAP.fullmatch(text, left[1], value[0])
                if m is not None and not any(taken[m.start(1):m.end(1)]):
                    type_ = chain_type(m.group(1), value[2] == "ZIP")
                    if type_ is not None:
                        towns.append([m.start(1), m.end(1), type_, ADDRESS_CHAIN, None])
        joined.append(value)
    kept[:] = sorted(joined + towns)


@output_only
def resolve(ctx: ActionContext) -> None:
    """The best non-overlapping candidates, written to the output set; Blocks drop those below them.
    A street line takes the unit after it and a block before it, a town a postal district number, a name, a street or a
    town a ZIP code after it, a hospital the town after it at the line's end; then the address helpers
    (:func:`streets_before_postcodes` ...), the towns of places.py, :func:`_grow_names` and :func:`_join`."""
    text = ctx.doc.text
    text_length = len(text)
    block_prio = [0] * (text_length + 1)  # per character: the highest Block over it
    for b in ctx.input.with_type("Block"):
        prio = WEAK_BLOCK_PRIO if b.features.get("weak") else BLOCK_PRIO
        for i in range(b.start, b.end):
            if block_prio[i] < prio:
                block_prio[i] = prio
    lookups = ctx.input.with_type("Lookup")
    candidates = []
    for cand in ctx.input.with_type("PhiCand"):
        prio = int(cand.features.get("prio", 0))
        if cand.end > cand.start and prio < max(block_prio[cand.start:cand.end]):
            continue
        span = _span(text, cand, lookups)
        if span is not None:
            candidates.append((-prio, span[0] - span[1], span[0], span[1], cand))
    candidates.sort(key=lambda c: c[:3])
    taken = bytearray(text_length + 1)  # per character: 1 when a kept value covers it
    kept: list[list] = []
    for _, _, start, end, cand in candidates:
        if any(taken[start:end]):
            continue
        type_ = str(cand.features["type"])
        extensions = STREET_AFTER if type_ == "STREET" else CITY_AFTER if type_ == "CITY" else ()
        grew = bool(extensions)
        while grew:  # units and floors in any order and number (", Piso 5, Depto B", ", 3e verdieping")
            grew = False
            for extension in extensions:
                if (m := extension.match(text, end)) is not None and not any(taken[end:m.end()]):
                    end, grew = m.end(), True
        if type_ == "STREET" and (m := BLOCK_BEFORE.search(text, max(0, start - 8), start)) and not any(taken[m.start():start]):
            start = m.start()
        taken[start:end] = b"\x01" * (end - start)
        kept.append([start, end, type_, confidence(cand.features), cand.features.get("policies")])
        if type_ in ZIP_BEFORE and (zip_span := zip_after(text, end, taken)) is not None:
            kept.append([*zip_span, "ZIP", RULE_CONFIDENCE["ZipAfter"], None])
        if type_ == "HOSPITAL" and (town := town_after(text, end, taken)) is not None:
            kept.append([*town, "CITY", ADDRESS_CHAIN, None])
    kept.sort()
    street_lines_of_names(ctx, kept, taken, block_prio, lookups)
    streets_before_postcodes(ctx, kept, taken, lookups)
    address_tails(kept, text, taken)
    towns_before_countries(ctx, kept, taken, lookups)
    units_before_streets(ctx, kept, taken)
    towns_after_organisations(ctx, kept, taken)
    shaped_towns(ctx, kept, taken, block_prio, lookups)
    cued_towns(ctx, kept, taken, block_prio, lookups)
    particle_towns(text, kept, taken, lookups)
    weak_names_in_addresses(text, kept)
    towns_beside_postcodes(text, kept, taken, lookups)
    shaped_address_towns(text, kept, taken, lookups)
    address_values(text, kept, taken)
    _grow_names(ctx, kept, taken, lookups)
    _join(text, kept, taken)
    for start, end, type_, value, policies in kept:
        features = {"policies": policies} if policies else {}
        features["confidence"] = value
        ctx.output.add(type_, start, end, features)


ACTIONS = {"structured": structured, "resolve": resolve, "cue_name": cue_name, "cues": cues}
