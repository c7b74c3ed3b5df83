"""Words that name no one: kinship and sex words, numbers and the small words around them.

A span of a type whose policy says ``keep_kinship`` (MEDDOCAN's FAMILIARES_SUJETO_ASISTENCIA:
``madre``, ``dos hermanos``, ``tía materna``) is kept when it is made of these words only; when
it holds anything else (``Juan``, ``hermana María José``) it is replaced as a name.
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
        ano anos mes meses dia dias semana semanas edad
    """,
    "en": """
        mother father parent parents mom mum dad son daughter sons daughters child children brother
        brothers sister sisters sibling siblings twin twins grandfather grandmother grandparent
        grandparents grandson granddaughter grandchildren uncle aunt uncles aunts cousin cousins
        nephew niece nephews nieces husband wife spouse partner fiance fiancee boyfriend girlfriend
        stepfather stepmother stepson stepdaughter family relative relatives maternal paternal
        older younger elder male female man woman boy girl baby infant newborn
        his her their the a an of and or with both other first second degree side
        two three four five six seven eight nine ten year years old month months day days
    """,
    "sv": """
        mor far mamma pappa foralder foraldrar son dotter soner dottrar barn bror syster broder
        broder syskon tvilling tvillingar farfar farmor morfar mormor farforaldrar morforaldrar
        barnbarn farbror morbror faster moster kusin kusiner brorson brorsdotter systerson
        systerdotter make maka man fru hustru sambo partner pojkvan flickvan styvfar styvmor familj
        familjen slakting slaktingar aldre yngre pojke flicka flickan pojken spadbarn nyfodd
        hans hennes deras en ett och eller med bada andra forsta
        tva tre fyra fem sex sju atta nio tio ar manad manader dag dagar gammal gamla
    """,
}
_KNOWN = {lang: frozenset(words.split()) for lang, words in _WORDS.items()}
_ANY = frozenset().union(*_KNOWN.values())
_WORD = regex.compile(r"\w+")


def names_no_one(surface: str, language: str = "") -> bool:
    """Whether every word of ``surface`` (case and accents ignored) is a kinship or sex word, a
    number or a small word of ``language`` (of any language when it is not one of es, en, sv)."""
    known = _KNOWN.get(language, _ANY)
    words = _WORD.findall(normalised(surface))
    return bool(words) and all(w.isdigit() or w in known for w in words)
