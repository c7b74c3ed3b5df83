"""Words that name no one: kinship and sex words, number words and the small words around them.

A span of a type whose policy says ``keep_kinship`` (MEDDOCAN's FAMILIARES_SUJETO_ASISTENCIA) is
kept when it is made of these words only (``madre``, ``dos hermanos``, ``tía materna``); shifted
as an age when it also holds digits and age words (``hija de 50 años``, ``60 años``); and
replaced as a name when it holds anything else (``Juan``, ``hermana María José``).
"""

from __future__ import annotations

import regex

from annotator.deid.surrogates.base import normalised

_WORDS = {
    "es": """
        madre padre padres progenitor progenitores hijo hija hijos hijas hermano hermana hermanos
        hermanas hermanastro hermanastra gemelo gemela gemelos gemelas mellizo melliza abuelo abuela
        abuelos abuelas bisabuelo bisabuela bisabuelos tatarabuelo tio tia tios tias primo prima
        primos primas sobrino sobrina sobrinos sobrinas nieto nieta nietos nietas esposo esposa
        marido mujer pareja novio novia conyuge cunado cunada cunados suegro suegra yerno nuera
        padrastro madrastra familia familias familiar familiares pariente parientes paterno paterna
        paternos paternas materno materna maternos maternas mayor menor mayores menores varon varones
        hombre hombres nino nina ninos ninas bebe recien nacido nacida neonato lactante masculino
        femenino rama linea grado primer primero segundo miembro miembros
        su sus el la los las un una unos unas de del y e o u con sin por ambos ambas otro otra otros
        dos tres cuatro cinco seis siete ocho nueve diez once doce
    """,
    "en": """
        mother father parent parents mom mum dad son daughter sons daughters child children brother
        brothers sister sisters sibling siblings twin twins grandfather grandmother grandparent
        grandparents grandson granddaughter grandchildren uncle aunt uncles aunts cousin cousins
        nephew niece nephews nieces husband wife spouse partner fiance fiancee boyfriend girlfriend
        stepfather stepmother stepson stepdaughter family relative relatives maternal paternal
        older younger elder male female man woman boy girl baby infant newborn
        his her their the a an of and or with both other first second degree side
        two three four five six seven eight nine ten
    """,
    "sv": """
        mor far mamma pappa foralder foraldrar son dotter soner dottrar barn bror syster broder
        broder syskon tvilling tvillingar farfar farmor morfar mormor farforaldrar morforaldrar
        barnbarn farbror morbror faster moster kusin kusiner brorson brorsdotter systerson
        systerdotter make maka man fru hustru sambo partner pojkvan flickvan styvfar styvmor familj
        familjen slakting slaktingar aldre yngre pojke flicka flickan pojken spadbarn nyfodd
        hans hennes deras en ett och eller med bada andra forsta
        tva tre fyra fem sex sju atta nio tio
    """,
}
_AGE_WORDS = {
    "es": "ano anos mes meses dia dias semana semanas edad",
    "en": "year years yr yrs old month months day days week weeks age aged",
    "sv": "ar manad manader dag dagar vecka veckor gammal gamla alder",
}
_KIN = {lang: frozenset(words.split()) for lang, words in _WORDS.items()}
_AGE = {lang: frozenset(words.split()) for lang, words in _AGE_WORDS.items()}
_ANY_KIN = frozenset().union(*_KIN.values())
_ANY_AGE = frozenset().union(*_AGE.values())
_WORD = regex.compile(r"\w+")


def kinship(surface: str, language: str = "") -> str:
    """``keep`` when every word of ``surface`` (case and accents ignored) is a kinship or sex word,
    a number word or a small word of ``language`` (of any language when it is not one of es, en,
    sv); ``age`` when it also holds digits and age words; else ``""`` (it names someone)."""
    kin, age = _KIN.get(language, _ANY_KIN), _AGE.get(language, _ANY_AGE)
    words = _WORD.findall(normalised(surface))
    if words and all(w in kin for w in words):
        return "keep"
    if any(w.isdigit() for w in words) and all(w.isdigit() or w in kin or w in age for w in words):
        return "age"
    return ""
