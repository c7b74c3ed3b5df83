"""Python actions of the English de-identification grammar (resources/grammars/deid-en/), its actions file.

- ``structured`` (structured.jape, once per document): values after a label Lookup of the
  gazetteer (majorType ``label``, minorType = the i2b2 2014 TYPE of the value), ages, month-name
  dates the pattern library leaves out, local phone numbers, bare identifiers and ZIP codes, and
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

from .context import cue_name, cues

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
    "Age": 0.85,         # 45 year old, 72yo, aged 80
    "LocalPhone": 0.8,   # 555-0142, (617) 555-0142
    "ZipAfter": 0.8,     # five digits after a name, town, state or street
}

_SKIP = re.compile(r"[ \t]*(?:(?:#|no\.?|num(?:ber)?\.?|nr\.?)[ \t]*)?(?:[:#=]|is\b)?[ \t]*", re.I)
_CHUNK = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9\-/.]*[A-Za-z0-9])?")
_PHONE = re.compile(r"(?:[a-z]+[ \t]+){0,3}(\+?\(?\d[\d().\- ]{1,18}\d)")  # "Fax results to 617-..."
_USERNAME = re.compile(r"[A-Za-z][A-Za-z0-9._-]{2,}")
_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
          r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
# Each of these starts with a lookahead for the first character of every alternative (and, where every
# alternative starts a word, a word boundary): the re module otherwise tries each alternative at every
# position of the text (the same matches, 2-4x slower).
_DATES = re.compile(
    rf"\b(?=[\djfmasond])(?:\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+(?:19|20)\d\d\b"          # Feb 3, 2021; Sept 9 2019
    rf"|\b\d{{1,2}}(?:st|nd|rd|th)?\s+of\s+{_MONTH}(?:,?\s+(?:19|20)\d\d)?\b"  # 5th of November
    rf"|\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)\b"                             # May 2nd
    rf"|(?<=seen )(?:on\s+)?{_MONTH}\s+\d{{1,2}}\b(?![/:.]?\d))",              # seen June 4
    re.I)
_AGES = re.compile(
    r"\b(?=[\daiwt])(?:\b(?P<a1>\d{1,3})(?:\s*-\s*|\s+)(?:years?|yrs?|months?|mos?|weeks?|wks?|days?)(?:\s*-\s*|\s+)old\b"
    r"|\b(?P<a2>\d{1,3})\s*(?:yo|y/o|y\.o\.)(?![a-z])"
    r"|\b(?P<a8>\d{1,3})\s*(?:yrs?|years?)(?=\s*(?:old|[MF]\b|male|female|man|woman|boy|girl|gentleman|lady))"
    r"|\b(?:aged?|age:)\s*:?\s*(?P<a3>\d{1,3})\b(?!\s*(?:-|to)\s*\d)"
    r"|\b(?P<a4>\d{1,3})\s?[MF](?=\s*(?:w/|with|,|c/o|presents|pmh|hx|h/o|s/p)\b|\s*(?:w/|,))"
    r"|\b(?:in\s+(?:his|her|their)\s+)(?:early\s+|mid\s+|late\s+)?(?P<a5>\d0s)\b"
    r"|(?<=[a-z], )(?P<a6>\d{1,3})(?=, )"
    r"|\b(?:is|was|turned)\s+(?P<a7>\d{1,3})(?=\s+(?:and|but|years?|yo)\b))",
    re.I | re.M)
# New England ZIPs: 01852, 02108; the 0 first, then the look-behind (the same matches: the re module
# then searches for the literal 0, 40x faster than trying the look-behind at every position)
_ZIP_ZERO = re.compile(r"0(?<![\w/.\-]0)\d{4}(?:-\d{4})?(?![\w/.\-])")
_VERBS = ("c/o|attended|attends|seen|reports|reported|presents|presented|called|phoned|declined|missed|needs|"
          "wants|had|has|is|was|DNA'd|complains|came|returned|refused|agreed|denies|remains|lives|works|saw|"
          "admitted|discharged|died")
_SUBJECT = re.compile(rf"(?m)^[ \t]*([A-Z][^\W\d_]+(?:['’-][A-Z][^\W\d_]+)?)[ \t]+([A-Z][^\W\d_]+(?:['’-][A-Z][^\W\d_]+)?)"
                      rf"(?=[ \t]+(?:{_VERBS})\b)")
_COMMON = frozenset((files("annotator.resources") / "records" / "common_words_en.txt").read_text(encoding="utf-8").split())
_LOCAL_PHONE = re.compile(r"(?=[\d(])(?<![\d/.\-])(?:\(\d{3}\)[ \t]?|\b\d{3}[-.])?\b\d{3}[-.]\d{4}\b(?![\-/.]\d)")
# a word with a digit (the lookahead only skips words without one, which are never IDs: same matches)
_BARE_ID = re.compile(r"(?<![\w@./\-])(?=[A-Za-z\-]*\d)[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?(?![\w@]|\.\d)")


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
    while len(chunks) < 3:
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
    while type_ != "VEHICLE" and len(chunks) > 1 and not any(c.isdigit() for c in chunks[-1].group()):
        chunks.pop()  # "MRN 3318472 MD": a trailing word in capitals is no part (of a plate it is: YX19 KLM)
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
        if m is None or sum(c.isdigit() for c in m.group(1)) < 4:
            return None
        return m.start(1), m.end(1)
    if type_ == "USERNAME":
        m = _USERNAME.match(text, at)
        if m is None:
            return None
        word = m.group().rstrip("._-")
        needs_digit = label.lower().startswith("entered")
        if word[0].isupper() or (needs_digit and not any(c.isdigit() for c in word)):
            return None
        return m.start(), m.start() + len(word)
    if type_ == "EMAIL":
        return None  # the pattern library finds e-mail addresses themselves
    return _id_value(text, at, type_)


@keeps_features
def structured(ctx: ActionContext) -> None:
    """Candidates for the values of labels, ages, month-name dates, local phones, bare IDs."""
    text = ctx.doc.text
    for lookup in ctx.input.with_type("Lookup"):
        if lookup.features.get("majorType") != "label":
            continue
        type_ = lookup.features.get("minorType", "IDNUM")
        span = _label_value(text, lookup.end, type_, text[lookup.start:lookup.end])
        if span is not None:
            _add(ctx, type_, span[0], span[1], 70, "Label")
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
    for m in _SUBJECT.finditer(text):  # "Oluwaseun Adeyemi c/o knee pain": two unknown words before a verb
        if m.group(1).lower() not in _COMMON and m.group(2).lower() not in _COMMON:
            _add(ctx, "PATIENT", m.start(1), m.end(2), 44, "Subject")
    for m in _ZIP_ZERO.finditer(text):
        _add(ctx, "ZIP", m.start(), m.end(), 40, "ZipZero")
    for m in _LOCAL_PHONE.finditer(text):
        _add(ctx, "PHONE", m.start(), m.end(), 55, "LocalPhone")
    for m in _BARE_ID.finditer(text):
        word = m.group()
        digits = sum(c.isdigit() for c in word)
        if (word.isdigit() and digits >= 6) or (not word.isdigit() and digits >= 4 and len(word) >= 6
                                                and any(c.isalpha() for c in word)):
            _add(ctx, "IDNUM", m.start(), m.end(), 35, "BareId")


#: a bare five-digit number right after one of these is a ZIP code ("Nancy Clark 01852", "Boston 02108")
ZIP_BEFORE = {"PATIENT", "CITY", "STATE", "STREET"}
_ZIP_AFTER = re.compile(r"[ \t,]+(\d{5}(?:-\d{4})?)(?![\w/.\-])")


def _zip_after(ctx: ActionContext, end: int, taken: bytearray) -> None:
    m = _ZIP_AFTER.match(ctx.doc.text, end)
    if m is None or any(taken[m.start(1):m.end(1)]):
        return
    taken[m.start(1):m.end(1)] = b"\x01" * (m.end(1) - m.start(1))
    ctx.output.add("ZIP", m.start(1), m.end(1), {"confidence": RULE_CONFIDENCE["ZipAfter"]})


def confidence(features: dict) -> float:
    """How sure the value of a candidate is, 0..1: its own feature ``confidence`` when a rule set
    one, else the :data:`CONFIDENCE_BANDS` value of its ``prio``, raised to the
    :data:`RULE_CONFIDENCE` of its ``rule`` where that is higher."""
    if "confidence" in features:
        return float(features["confidence"])
    prio = int(features.get("prio", 0))
    band = next(value for lowest, value in CONFIDENCE_BANDS if prio >= lowest)
    return max(band, RULE_CONFIDENCE.get(str(features.get("rule")), 0.0))


@output_only
def resolve(ctx: ActionContext) -> None:
    """The best non-overlapping candidates, written to the output set; Blocks drop those below them."""
    text_length = len(ctx.doc.text)
    block_prio = [0] * (text_length + 1)  # per character: the highest Block over it
    for b in ctx.input.with_type("Block"):
        prio = WEAK_BLOCK_PRIO if b.features.get("weak") else BLOCK_PRIO
        for i in range(b.start, b.end):
            if block_prio[i] < prio:
                block_prio[i] = prio
    candidates = []
    for cand in ctx.input.with_type("PhiCand"):
        prio = int(cand.features.get("prio", 0))
        if cand.end > cand.start and prio < max(block_prio[cand.start:cand.end]):
            continue
        candidates.append((-prio, cand.start - cand.end, cand.start, cand))
    candidates.sort(key=lambda c: c[:3])
    taken = bytearray(text_length + 1)  # per character: 1 when a kept value covers it
    for _, _, _, cand in candidates:
        if any(taken[cand.start:cand.end]):
            continue
        taken[cand.start:cand.end] = b"\x01" * (cand.end - cand.start)
        features = {"policies": cand.features["policies"]} if "policies" in cand.features else {}
        features["confidence"] = confidence(cand.features)
        ctx.output.add(str(cand.features["type"]), cand.start, cand.end, features)
        if cand.features["type"] in ZIP_BEFORE:
            _zip_after(ctx, cand.end, taken)


ACTIONS = {"structured": structured, "resolve": resolve, "cue_name": cue_name, "cues": cues}
