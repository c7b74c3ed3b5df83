"""Spanish words the framework reads (written for this project, Apache-2.0 as the rest of it)."""

# dates (annotator.deid.surrogates.dates)
MONTHS = ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
          "septiembre", "octubre", "noviembre", "diciembre")
MONTH_ABBREVIATIONS = ("ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic")
#: other spellings of a month: word -> (month, "full" or "abbr")
MONTH_VARIANTS = {"setiembre": (9, "full"), "sept": (9, "abbr"), "set": (9, "abbr")}
#: seasons from winter, per written form
SEASONS = (("invierno", "primavera", "verano", "otoño"),)
#: words of a date that name no calendar date: weekdays, seasons, parts of the day, relative days, fillers
UNDATED_WORDS = frozenset("""
lunes martes miércoles miercoles jueves viernes sábado sabado domingo lun mar mié mie jue vie sáb sab dom
primavera verano otoño invierno
hoy ayer anteayer mañana tarde noche madrugada mediodía
el la los las de del este esta pasado pasada próximo próxima anterior siguiente por
""".split())

#: words after which the numbers are a time (``a las 10``), and words right after a time's number
TIME_INTROS = frozenset(("las", "hora", "horas"))
TIME_WORDS = frozenset(("h", "hs", "horas"))
#: small words between the parts of a date (``12 de marzo``)
DATE_FILLERS = frozenset(("de", "del"))
#: ordinal suffixes after a day's number (``1º``), as written
ORDINAL_SUFFIXES = frozenset(("º", "ª", "o"))
#: words right before a birth date, and the small words that may stand between (regular-expression fragments)
BIRTH_CUES = ("nacimiento", "nacid[oa]s?", "naci[óo]", r"f\.\s*nac\.?", "fnac")
BIRTH_CUE_FILLERS = ("el", "en")
#: a week number's word (``semana 12``), and the words joining the two ends of a range (regular-expression fragments)
WEEK_WORDS = ("semana",)
RANGE_WORDS = ("al", "hasta", "y")
#: words for a duration or a dose right after a number (``2/7 días``: no date; regular-expression fragments)
DURATION_WORDS = ("ui", "h", "hs", "horas?", "d[ií]as?", "semanas?", "mes(?:es)?", "a[nñ]os?", "veces", "comp")

# numbers in words (ages): 0-29, the tens, the ordinals 1-10
NUMBER_UNITS = ("cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve",
                "diez", "once", "doce", "trece", "catorce", "quince", "dieciséis", "diecisiete",
                "dieciocho", "diecinueve", "veinte", "veintiuno", "veintidós", "veintitrés",
                "veinticuatro", "veinticinco", "veintiséis", "veintisiete", "veintiocho", "veintinueve")
NUMBER_TENS = ("", "", "", "treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta", "noventa")
ORDINALS = ("primero", "segundo", "tercero", "cuarto", "quinto", "sexto", "séptimo", "octavo",
            "noveno", "décimo")
#: singular -> plural of the age unit words whose form follows the number
UNIT_PLURALS = {"año": "años", "mes": "meses", "semana": "semanas", "día": "días", "dia": "dias"}
#: 100 in words; other words read as a number, and as an ordinal
HUNDRED = "cien"
NUMBER_VARIANTS = {"un": 1, "una": 1, "veintiún": 21, "dieciseis": 16, "veintidos": 22, "veintitres": 23,
                   "veintiseis": 26, "ciento": 100}
#: the ordinals cut short before a masculine noun (``primer mes``)
ORDINAL_APOCOPES = {"primer": 1, "tercer": 3}
ORDINAL_VARIANTS = {**ORDINAL_APOCOPES, "septimo": 7, "decimo": 10}
#: what joins the tens and the units of a number in words (``cuarenta y cinco``)
NUMBER_JOINER = " y "
#: 1 in words before a unit word of each gender (``un año``, ``treinta y un años``, ``una semana``),
#: and the unit words of feminine gender
ONE_BEFORE_UNIT = {"masculine": "un", "feminine": "una"}
FEMININE_UNITS = ("semana",)
#: the words of each unit an age may be given in (``45 años``, ``3 meses``)
AGE_UNITS = {"years": ("años", "año", "a"), "months": ("meses", "mes"), "weeks": ("semanas", "semana"),
             "days": ("días", "dias", "día", "dia")}

# words that name no one (annotator.deid.kinship), accents removed: kinship and sex words,
# number words and small words; and the age words
KINSHIP_WORDS = frozenset("""
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
""".split())
AGE_WORDS = frozenset("ano anos mes meses dia dias semana semanas edad".split())

# people's names (annotator.processing.record_matcher.names), lower-case
DOCTOR_TITLES = frozenset("dr dra doctor doctora prof profa profesor profesora".split())
PERSON_TITLES = frozenset("sr sra srta señor señora señorita don doña dña coronel senador senadora".split())
NAME_PARTICLES = frozenset("de del la las los y e".split())
#: the small words between the words of a name after a title (``Dr. Pérez de la Fuente``), and
#: between a word for another person and the name (``la hija de Rivera``)
TITLED_NAME_PARTICLES = ("de", "del", "la", "las", "los", "y")
OTHER_PEOPLE_LINKS = ("de", "del", "la", "el")
#: labels a name follows (``Nombre:``; regular-expression fragments)
NAME_LABELS = ("nombre", "apellidos?", "paciente")

# organisations' initials (annotator.processing.ortho_matcher): the small words they skip
INITIALS_SKIPPED = frozenset(("de",))

# institutions (annotator.deid.surrogates.places): small words a kept part of a name may not end with
INSTITUTION_LINKS = frozenset("de del la las los y el".split())
#: words for another person right before a name (regular-expression fragments)
OTHER_PEOPLE = ("vecin[oa] herman[oa] madre padre hij[oa] espos[oa] marido mujer pareja amig[oa] t[ií][oa] "
                "abuel[oa] prim[oa] sobrin[oa] novi[oa] compañer[oa] cuñad[oa] suegr[oa]").split()

# words-only descriptions of a patient (annotator.deid.surrogates.numbers), in groups whose
# members may stand for one another: (masculine, feminine) forms; the first group is the fallback
PATIENT_DESCRIPTIONS = (
    (("casado", "casada"), ("soltero", "soltera"), ("viudo", "viuda"), ("divorciado", "divorciada"),
     ("separado", "separada")),
    (("lactante", "lactante"), ("adolescente", "adolescente"), ("joven", "joven"), ("niño", "niña"),
     ("anciano", "anciana")),
    (("homosexual", "homosexual"), ("heterosexual", "heterosexual"), ("bisexual", "bisexual")),
    (("caucásico", "caucásica"), ("blanco", "blanca"), ("negro", "negra"), ("moreno", "morena"),
     ("asiático", "asiática"), ("gitano", "gitana"), ("mestizo", "mestiza")),
    (("boliviano", "boliviana"), ("peruano", "peruana"), ("ecuatoriano", "ecuatoriana"),
     ("colombiano", "colombiana"), ("rumano", "rumana"), ("alemán", "alemana"), ("afgano", "afgana"),
     ("magrebí", "magrebí"), ("subsahariano", "subsahariana"), ("vietnamita", "vietnamita"),
     ("marroquí", "marroquí"), ("chino", "china"), ("argentino", "argentina"), ("cubano", "cubana"),
     ("venezolano", "venezolana"), ("senegalés", "senegalesa"), ("ucraniano", "ucraniana")),
)
