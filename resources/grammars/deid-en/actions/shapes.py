"""Values by their shape, called by the action ``cues`` (cues.jape, once per document): values a rule over capitalised words cannot see,
read off the text by regular expressions.

- A run of words in a script other than Latin (Cyrillic, Greek, Han, kana, Hangul, Arabic, Hebrew,
  Devanagari, Bengali, Tamil, Thai, Georgian, Armenian ...), with the numbers and punctuation
  between its words: in English text such a run is a name or an address written in its own script
  (``Ms. 王秀华``, ``Τίμων Γούσιος, 45,``, ``ул. Ленина 5``, ``台中華興街560號5樓``). A word of one
  letter is no value, nor a Greek pair (``αβ T cells``) (``TNF-α``, ``μg``: a Greek letter beside Latin ones is not matched at all).
  With a digit in it the run is a STREET (an address), else a PATIENT (a name); the measures are
  blind to the type, and the policy keeps both.
- A street whose name is joined to its type by hyphens, then the house number: ``Otto-Hahn-Straße
  3``, ``Hedda-Wagenknecht-Weg 78``, ``Rue-du-Four 5`` (tokens of their own, which the
  one-word street rule of institutions.jape does not see); a house-number range stays in
  (``Löchelweg 4-8``).
- The unit after a street line that another rule found (i2b2 2014: the street line with its unit):
  ``Calle Mayor 5 Apt. 43``, ``Via Giammusso, 71 Appartamento 54``, ``Paseo de la Habana 16 Puerta 2``:
  a longer STREET candidate over the street and the unit.
- An address of Vietnam by its part words (``Số 6 Khu 84 Huỳnh Văn Bánh``, ``xã An Khê, TP. Hải Phòng``).
"""

from __future__ import annotations

import regex

from annotator.jape.actions import ActionContext, keeps_features

#: a letter of a script other than Latin (Common letters such as the micro sign are no such letter)
_OTHER = r"[[\p{L}--\p{Latin}--\p{Common}]\u30fc\u30fb]"
#: a word of such letters, with their combining marks and joiners (Devanagari, Persian)
_WORD = rf"{_OTHER}[{_OTHER[1:-1]}\p{{M}}\u200c\u200d\u0640]*"
#: between two words of a run: spaces, a comma or dot, a number with its letters (CJK addresses
#: write Latin block letters and numbers inside: 惠州路I座, 560號5樓)
_JOIN = r"(?:[ \t]*[,.\-/'’·。、，]{0,2}[ \t]*(?:\d+[A-Za-z]?[ \t]*[,.\-/]{0,2}[ \t]*|[A-Za-z](?=[\p{Han}]))*)"
_RUN = regex.compile(
    rf"(?<![\p{{Latin}}\d/\-])(?:\d+(?:[/\-]\d+)*[A-Za-z]?[ \t]*)?{_WORD}(?:{_JOIN}{_WORD})*"
    rf"(?:\.?[ \t]*(?:[№#][ \t]*)?\d+(?:[\-/]\d+)*[A-Za-z]?(?![\w,.]\d))?(?![\p{{Latin}}])", regex.V1)

_BEYOND_LATIN1 = regex.compile(r"[^\x00-\xff]")
_PART = regex.compile(rf"{_WORD}(?:[ \t]*[.'’·]?[ \t]*{_WORD})*", regex.V1)
_GREEK = regex.compile(r"\p{Greek}+")
_STREET_TYPE = ("Straße|Strasse|Str\\.|Weg|Gasse|Allee|Platz|Damm|Ufer|Ring|Steig|Pfad|Chaussee|Markt|"
                "Gracht|Straat|Laan|Plein|Kade|Singel|Dijk|Gatan|Vägen|Vej|Gade|Veien|Vei|Tie|Katu")
_HYPHEN_STREET = regex.compile(
    rf"(?<![\w\-])(?:\p{{Lu}}\p{{Ll}}+-){{1,3}}(?:{_STREET_TYPE})[ \t]*\d{{1,5}}[a-z]?(?:[\-/]\d{{1,4}}[a-z]?)?(?![\w/]|[.,]\d)")
#: an address of Vietnam by its part words, which Vietnamese writes in lower case too: "Số 6 Khu 84
#: Huỳnh Văn Bánh", "Ngõ 52 đường số 48", "xã An Khê", "thành phố Đà Nẵng", "TP. Hải Phòng": a part
#: word, then its number or capitalised words, parts and capitalised names in a row, commas between
_VIET_PART = (r"(?:[Tt]hành[ ]phố|TP\.|[Xx]ã|[Pp]hường|[Qq]uận|[Hh]uyện|[Tt]ỉnh|[Tt]hị[ ]xã|[Đđ]ường(?:[ ]số)?|[Pp]hố(?:[ ]số)?|"
              r"Ngõ|Ngách|Hẻm|Khóm|Số|Khu|Ấp|Thôn)[ ]+(?:\d+(?:/\d+)*|\p{Lu}\p{Ll}*(?:[ ]\p{Lu}\p{Ll}*){0,4})")
_VIET = regex.compile(rf"(?<![\w/])(?:\d+(?:/\d+)*[ ]+)?{_VIET_PART}(?:[ ]*,?[ ]*(?:{_VIET_PART}|\p{{Lu}}\p{{Ll}}*(?:[ ]\p{{Lu}}\p{{Ll}}*){{0,3}}))*")
#: the type after its hyphen, searched first (the street's regex is tried at every capital only then);
#: from the hyphen, which the search skips to, the letter before it looked back at
_HYPHEN_TYPE = regex.compile(rf"-(?<=\p{{Ll}}-)(?:{_STREET_TYPE})[ \t]*\d")
#: a unit after a street line: a unit word of English, Spanish, Italian, Portuguese, French, German,
#: Dutch or Nordic addresses, then its number
_UNIT = regex.compile(
    r"[ \t]*,?[ \t]*(?:Apt|Apartment|Appartamento|App|Int|Interno|Scala|Piano|Puerta|Pta|Piso|Planta|Esc|Escalera|"
    r"Apto|Depto|Dpto|Bloco|Bloque|Bl|Sala|Unit|Suite|Ste|Flat|Floor|Fl|Etage|Étage|Bât|Bâtiment|Whg|Wohnung|Stock|"
    r"Top|Stiege|Tür|Lgh|Bus|Boîte|Bte)\.?[ \t]*(?:No\.?|Nº|n[ºo°]\.?|#)?[ \t]*\d{1,4}[A-Za-z]?(?:[\-/]\d{1,4}[A-Za-z]?)?"
    r"(?![\w/\-]|[.,]\d)")
#: a house-number range right after the number a street rule took ("Löchelweg 4-8")
_RANGE = regex.compile(r"[\-/]\d{1,4}[a-z]?(?![\w/]|[.,\-]\d)")


@keeps_features
def shapes(ctx: ActionContext) -> None:
    """PhiCand candidates for runs of another script, hyphenated streets and the units after streets."""
    text = ctx.doc.text
    for m in (_RUN.finditer(text) if _BEYOND_LATIN1.search(text) else ()):  # Latin-1 has no letter of another script
        letters = [c for c in m.group() if c.isalpha() and not c.isascii()]
        if len(letters) < 2 or (len(letters) == 2 and _GREEK.fullmatch("".join(letters))):
            continue  # a Greek letter pair is a term of medicine (αβ T cells); a Chinese name has two
        if not any(c.isdigit() for c in m.group()):
            _add(ctx, m.start(), m.end(), "PATIENT", 62, "OtherScript")
            continue
        _add(ctx, m.start(), m.end(), "STREET", 62, "OtherScript")
        # its parts between the numbers too, for when a value of a surer rule (a postcode) lies inside
        for part in _PART.finditer(text, m.start(), m.end()):
            _add(ctx, part.start(), part.end(), "STREET", 61, "OtherScript")
    for m in (() if text.isascii() else _VIET.finditer(text)):
        _add(ctx, m.start(), m.end(), "STREET", 84, "VietAddress")  # as the street rules: the longest wins
    for m in (_HYPHEN_STREET.finditer(text) if _HYPHEN_TYPE.search(text) else ()):
        _add(ctx, m.start(), m.end(), "STREET", 84, "HyphenStreet")
    for cand in ctx.input.with_type("PhiCand"):
        if cand.features.get("type") != "STREET":
            continue
        end = cand.end
        if text[end - 1:end].isdigit() and (r := _RANGE.match(text, end)):
            end = r.end()
        if u := _UNIT.match(text, end):
            end = u.end()
        if end > cand.end:
            _add(ctx, cand.start, end, "STREET", int(cand.features.get("prio", 84)), "StreetUnit")


def _add(ctx: ActionContext, start: int, end: int, type_: str, prio: int, rule: str) -> None:
    ctx.output.add("PhiCand", start, end, {"type": type_, "prio": prio, "rule": rule})
