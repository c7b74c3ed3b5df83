"""Swedish words the framework reads (written for this project, Apache-2.0 as the rest of it)."""

# dates (annotator.deid.surrogates.dates)
MONTHS = ("januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti",
          "september", "oktober", "november", "december")
MONTH_ABBREVIATIONS = ("jan", "feb", "mar", "apr", "maj", "jun", "jul", "aug", "sep", "okt", "nov", "dec")
#: other spellings of a month: word -> (month, "full" or "abbr")
MONTH_VARIANTS = {"sept": (9, "abbr")}
#: seasons from winter, per written form (indefinite, definite)
SEASONS = (("vinter", "vår", "sommar", "höst"), ("vintern", "våren", "sommaren", "hösten"))
#: words of a date that name no calendar date: weekdays, seasons, parts of the day, relative days,
#: fillers (``i går``, ``i morgon`` as their words)
UNDATED_WORDS = frozenset("""
måndag tisdag onsdag torsdag fredag lördag söndag mån tis ons tors fre lör sön
måndags tisdags onsdags torsdags fredags lördags söndags
vår sommar höst vinter våren sommaren hösten vintern höstas våras somras vintras
idag igår imorgon morgon förmiddag eftermiddag kväll kvällen natt natten
i på förra nästa denna detta den går
""".split())

#: words after which the numbers are a time (``kl. 10``), and words right after a time's number
TIME_INTROS = frozenset(("kl", "klockan"))
TIME_WORDS = frozenset(("tim",))
#: small words between the parts of a date (``den 12 mars``)
DATE_FILLERS = frozenset(("den",))
#: words right before a birth date, and the small words that may stand between (regular-expression fragments)
BIRTH_CUES = ("född", "födelsedatum", "födelsedag", r"f\.d\.")
BIRTH_CUE_FILLERS = ("den",)
#: a week number's words (``v. 12``, ``vecka 12``), and the words joining the two ends of a range (regular-expression fragments)
WEEK_WORDS = ("v", r"v\.", "vecka", "veckan")
RANGE_WORDS = ("till", "och")
#: words for a duration right after a number (``2/7 dagar``: no date; regular-expression fragments)
DURATION_WORDS = ("dagar", "veckor", "timmar")

# numbers in words (ages): 0-19, the tens, the ordinals 1-10
NUMBER_UNITS = ("noll", "ett", "två", "tre", "fyra", "fem", "sex", "sju", "åtta", "nio", "tio", "elva",
                "tolv", "tretton", "fjorton", "femton", "sexton", "sjutton", "arton", "nitton")
NUMBER_TENS = ("", "", "tjugo", "trettio", "fyrtio", "femtio", "sextio", "sjuttio", "åttio", "nittio")
ORDINALS = ("första", "andra", "tredje", "fjärde", "femte", "sjätte", "sjunde", "åttonde", "nionde", "tionde")
#: singular -> plural of the age unit words whose form follows the number
UNIT_PLURALS = {"månad": "månader", "vecka": "veckor", "dag": "dagar"}
#: 100 in words; other words read as a number
HUNDRED = "hundra"
NUMBER_VARIANTS = {"en": 1, "ett": 1}
#: what joins the tens and the units of a number in words (``fyrtiofem``: nothing)
NUMBER_JOINER = ""
#: ordinal suffixes after a day's number and a colon (``1:a``, ``3:e``)
ORDINAL_SUFFIXES = frozenset(("a", "e"))
#: the words of each unit an age may be given in (``45 år``, ``3 mån``)
AGE_UNITS = {"years": ("år", "års", "ar"), "months": ("månader", "månad", "mån", "m"), "weeks": ("veckor", "vecka", "v"),
             "days": ("dagar", "dag")}

# words that name no one (annotator.deid.kinship), accents removed: kinship and sex words,
# number words and small words; and the age words
KINSHIP_WORDS = frozenset("""
    mor far mamma pappa foralder foraldrar son dotter soner dottrar barn bror syster broder
    broder syskon tvilling tvillingar farfar farmor morfar mormor farforaldrar morforaldrar
    barnbarn farbror morbror faster moster kusin kusiner brorson brorsdotter systerson
    systerdotter make maka man fru hustru sambo partner pojkvan flickvan styvfar styvmor familj
    familjen slakting slaktingar aldre yngre pojke flicka flickan pojken spadbarn nyfodd
    hans hennes deras en ett och eller med bada andra forsta
    tva tre fyra fem sex sju atta nio tio
""".split())
AGE_WORDS = frozenset("ar manad manader dag dagar vecka veckor gammal gamla alder".split())

# people's names (annotator.processing.record_matcher.names), lower-case
DOCTOR_TITLES = frozenset("dr doktor prof professor docent".split())
PERSON_TITLES = frozenset("herr hr fru fröken frk överste".split())
NAME_PARTICLES = frozenset("af av".split())
#: labels a name follows (``Namn:``; regular-expression fragments)
NAME_LABELS = ("namn", "förnamn", "efternamn", "patienten")

# institutions (annotator.deid.surrogates.places): small words a kept part of a name may not end with
INSTITUTION_LINKS = frozenset("och i".split())
#: words for another person right before a name (regular-expression fragments)
OTHER_PEOPLE = "bror syster mamma pappa son dotter fru make vän granne".split()

# words-only descriptions of a patient (annotator.deid.surrogates.numbers), in groups whose
# members may stand for one another: (masculine, feminine) forms; the first group is the fallback
PATIENT_DESCRIPTIONS = (
    (("gift", "gift"), ("ogift", "ogift"), ("änkling", "änka"), ("skild", "skild"), ("sambo", "sambo")),
    (("spädbarn", "spädbarn"), ("tonåring", "tonåring"), ("ungdom", "ungdom")),
)
