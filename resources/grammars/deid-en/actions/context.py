"""The actions of context.jape and cues.jape: names and towns by their context, for capitalised
words in no list. ``cue_name`` (context.jape): a name a rule found after its cue (``my name is X``,
``Regards, X Y``), kept only as far as its words are no English words; ``cues`` (cues.jape, once
per document): names before an age or a possessive, towns before a country, a postcode after
``postcode is`` and a phone number after ``call X on``, by regular expressions over the text.

The rules match capitalised words that carry no common-word, date, block or label Lookup; a word in
no list may still be English (``Thanks, Everyone``, ``I am Diabetic``): the words of
``gazetteers/en/deid_english.lst`` (built by resources/build/build_deid_en_lists.py: words English
writes in lower case) and of ``records/common_words_en.txt`` (the EWT treebank's words, for those
mostly written capitalised at a sentence start: Thanks, Hello) end the value, and a value whose
first word is one is dropped.
"""

from __future__ import annotations

import re
from importlib.resources import files

from annotator.jape.actions import ActionContext, keeps_features
from annotator.regexes.anchored import Anchored

from .shapes import shapes
from .weekdays import weekday_dates

_RESOURCES = files("annotator.resources")
#: English words (no name or place in their own right), lower case
ENGLISH = frozenset((_RESOURCES / "gazetteers" / "en" / "deid_english.lst").read_text(encoding="utf-8").split()) | \
    frozenset((_RESOURCES / "records" / "common_words_en.txt").read_text(encoding="utf-8").split())
#: the safe words of the English catch-all (``resources/catchall/en/vocabulary.txt``, CC BY-SA 4.0):
#: ordinary and medical words that are no name or place ("outpatients", "resus", "gravida"); what a
#: rule for words in no list at all checks them against
SAFE = ENGLISH | frozenset(line for line in (_RESOURCES / "catchall" / "en" / "vocabulary.txt").read_text(
    encoding="utf-8").split("\n") if line and not line.startswith("#"))
_WORD = re.compile(r"[^\W\d_]+")
#: a name part: words joined by hyphens are one (Rust-Weihmann is no English word, though Rust is)
_NAME_PART = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


@keeps_features
def cue_name(ctx: ActionContext) -> None:
    """A PhiCand (``type``, ``prio``, ``rule`` from the block's parameters) over the bound words up to
    the first English one; none when the first is English."""
    anns = ctx.annotations
    if not anns:
        return
    text = ctx.doc.text
    start, end = min(a.start for a in anns), max(a.end for a in anns)
    stop = start
    for m in _NAME_PART.finditer(text, start, end):
        if len(m.group()) > 1 and m.group().lower() in ENGLISH:
            break
        stop = m.end()
    if stop > start:
        _candidate(ctx, (start, stop), ctx.params["type"], int(ctx.params["prio"]), ctx.params["rule"])


#: Lookups whose word is no name part (majorType): a name of the lists or a place may be one
_NO_NAME = frozenset("common date block title role label nationality profession head".split())
_AREA = frozenset("country region state state_code".split())
_NAME_WORD = r"(?:[OD]['’])?[A-Z](?=[^\W\d_]*[a-z])[^\W\d_]+(?:-[A-Z][^\W\d_]+)?"
# the words before a cue: the last one to three name words (initials between), matched backwards
# from the cue in a short window (a regular expression tried at every capitalised word costs more).
# The cues' patterns start with a lookahead for their first character: the re module otherwise
# tries each alternative and look-behind at every position; Anchored on it, each is searched only
# where that character is (annotator/regexes/anchored.py; the same matches).
_NAME_BEFORE = re.compile(rf"(?<![\w'’-]){_NAME_WORD}(?:[ \t]+(?:[A-Z]\.?[ \t]+){{0,2}}{_NAME_WORD}){{0,2}}$")
_WINDOW = 80
_AGE = Anchored(re.compile(
    r"(?=[,( \t])(?<=[^\W\d_])(?:,[ \t]*(?:aged?[ \t]+)?\d{1,3}[ \t]*(?:,|(?:yo|y/o|yrs?|years?|[MF]|male|female)\b)"
    r"|[ \t]*\([ \t]*(?:aged?[ \t]+)?\d{1,3}[ \t]*(?:yo|y|yrs?|[MF])?[ \t]*\)"
    r"|,[ \t]+an?[ \t]+\d{1,3}[ \t-])"), r",( \t")
_POSSESSED = ("appointments?|birthday|house|home|flat|room|phone|mobile|number|email|address|results|"
              "medications?|medicines|notes|chart|file|records?|condition|diagnosis|surgery|operation|scan|"
              "symptoms|pain|family|kids|children|baby|funeral|account|insurance|prescription|referral|visit|"
              "bed|care|health|death|wedding|school|letter|job|car|case|behalf|name|age|weight|blood|mood")
_POSSESSIVE = Anchored(re.compile(rf"(?=['’])(?<=[^\W\d_])['’]s[ \t]+(?:({_POSSESSED})\b|(?=[a-z]))"), r"'’")
#: a clinician's role after a name and a comma ends its clause: "Losa Tuilagi, practice nurse", "Tamsin Lee, RN"
_CLAUSE_END = re.compile(r"[ \t]*(?:[,.;)\n]|$)")
#: who writes a line of a chat or a message, at the line's start or after its time, before a sentence
#: (a capitalised word, then an English one in lower case: not a form's label, "Adresse: Ringstrasse 4"):
#: "Kemi: Can someone cover", "08:02 amy.chen: Who's on call"; a handle (lower case, a dot, an
#: underscore or a digit) is a USERNAME, a capitalised word a name
_SPEAKER = re.compile(
    r"(?:^[ \t]*|(?<=\d:\d\d)[ \t]+)(?:(?P<handle>[a-z][a-z0-9]*(?:[._][a-z0-9]+)+|[a-z]+\d+)"
    r"|(?P<name>[A-Z][a-z]{2,})):[ \t]+[A-Z][a-z]*(?:['’][a-z]+)?[ \t]+(?P<next>[a-z]{2,})", re.M)
#: the particles of names and addresses, English words of the list too ("Adresse: Rue de la Paix")
_PARTICLE_WORDS = frozenset("de la le du des del der den van von el da di do dos das".split())
_TOWN = Anchored(re.compile(
    rf"\b(?=[iftnaovblmIFTNAOVBLM])(?i:in|from|to|near|at|into|outside|around|visiting|born|lives|living|moved|travell?ed)[ \t]+"
    rf"({_NAME_WORD}(?:[ \t]+{_NAME_WORD}){{0,2}})[ \t]*[,(]?[ \t]*(?=[A-Z])"), r"iftnaovblmIFTNAOVBLM")

#: a postcode after its label and a verb ("Her postcode is 2883-057", "zip code was 5980 SG"; the
#: label alone before it: the structured action): one or two groups of capitals and digits, a digit in it
_POSTCODE_IS = Anchored(re.compile(
    r"\b(?=[pPzZ])(?i:post(?:al)?[ \t]?code|zip(?:[ \t]?code)?)[ \t]+(?i:is|was)[ \t]*:?[ \t]*"
    r"((?=[A-Z]*\d)[A-Z0-9]{3,8}(?:[ \-][A-Z0-9]{2,4})?)(?![\w\-])"), r"pPzZ")
#: a phone number after a call and a name: "Please call Joseph Palmer on 5280.2759", "ring Dr. Okafor at
#: (351) 931 570 248" (a cue right before the number: the structured action)
_CALL_NAME = Anchored(re.compile(
    r"\b(?=[cCrRpPtT])(?i:call|ring|phone|telephone|text|reach|contact)[ \t]+(?:[A-Z][^\W\d_]*(?:[\-'’][^\W\d_]+)*\.?[ \t]+){1,4}(?i:on|at)[ \t]+"
    r"(\+?\(?\d[\d ().\-/]{5,18}\d)(?![\w/:]|[.\-]\d)"), r"cCrRpPtT")


@keeps_features
def cues(ctx: ActionContext) -> None:
    """PhiCand candidates for a name beside an age, a name before a possessive relative or thing, a
    town in no list before a country, region or state (once per document)."""
    text = ctx.doc.text
    lookups = ctx.input.with_type("Lookup")

    def features_at(offset: int) -> list[tuple[str, str]]:
        return [(a.features.get("majorType"), a.features.get("minorType")) for a in lookups.starting_at(offset)]

    def no_name(offset: int) -> bool:
        return any(major in _NO_NAME for major, _minor in features_at(offset))

    def name_before(end: int) -> tuple[int, int] | None:
        """The name words right before ``end``, from the last one back to an English or listed word."""
        m = _NAME_BEFORE.search(text, max(0, end - _WINDOW), end)
        if m is None:
            return None
        first = end
        for w in reversed(list(_WORD.finditer(text, m.start(), end))):
            if (len(w.group()) > 1 and w.group().lower() in ENGLISH) or no_name(w.start()):
                break
            if w.group()[0].isupper():  # "O'Connor" is O, Connor: the name starts at O
                first = w.start()
        return (first, end) if first < end else None

    for m in _AGE.finditer(text):
        span = name_before(m.start())
        if span:
            _candidate(ctx, span, "PATIENT", 57, "NameAge")
    for m in _POSSESSIVE.finditer(text):
        if m.group(1) or any(major == "role" for major, _minor in features_at(m.end())):
            span = name_before(m.start())
            if span:
                _candidate(ctx, span, "PATIENT", 52, "Possessive")
    weekdays = []  # the weekday Lookups, for weekday_dates below (the Lookups read once)
    for lookup in lookups:
        major, minor = lookup.features.get("majorType"), lookup.features.get("minorType")
        if major == "date" and minor == "weekday":
            weekdays.append(lookup)
        elif major == "role" and minor == "clinician":
            if text[max(0, lookup.start - 3):lookup.start].rstrip(" \t").endswith(",") and _CLAUSE_END.match(text, lookup.end):
                span = name_before(text.rfind(",", 0, lookup.start))
                if span:
                    _candidate(ctx, span, "DOCTOR", 57, "NameRole")
    for m in _SPEAKER.finditer(text):
        if m.group("next") not in ENGLISH or m.group("next") in _PARTICLE_WORDS:
            continue
        if m.group("handle"):
            _candidate(ctx, m.span("handle"), "USERNAME", 60, "Speaker")
        elif m.group("name").lower() not in ENGLISH and not no_name(m.start("name")):
            _candidate(ctx, m.span("name"), "PATIENT", 50, "Speaker")
    for m in _POSTCODE_IS.finditer(text):
        _candidate(ctx, m.span(1), "ZIP", 60, "PostcodeIs")
    for m in _CALL_NAME.finditer(text):
        if 7 <= sum(map(str.isdigit, m.group(1))) <= 15:
            _candidate(ctx, m.span(1), "PHONE", 66, "CallNameOn")  # above the library's part of it
    for m in _TOWN.finditer(text):  # English words only before the last: New Amsterdam, Port Harcourt
        words = list(_WORD.finditer(text, m.start(1), m.end(1)))
        if any(major == "place" and minor in _AREA for major, minor in features_at(m.end())) and \
                words[-1].group().lower() not in ENGLISH and not any(no_name(w.start()) for w in words):
            _candidate(ctx, (m.start(1), m.end(1)), "CITY", 69, "TownBeforeArea")
    shapes(ctx)  # values by their shape (actions/shapes.py): in this pass, a phase of their own costs more
    weekday_dates(ctx, weekdays)  # a weekday as part of a date (actions/weekdays.py), in this pass for the same reason


def _candidate(ctx: ActionContext, span: tuple[int, int], type_: str, prio: int, rule: str) -> None:
    ctx.output.add("PhiCand", span[0], span[1], {"type": type_, "prio": prio, "rule": rule})
