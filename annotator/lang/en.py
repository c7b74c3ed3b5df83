"""English words the framework reads (written for this project, Apache-2.0 as the rest of it; the
titles are those of the Yuwono et al. 2016 seed)."""

# dates (annotator.deid.surrogates.dates)
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december")
MONTH_ABBREVIATIONS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
#: other spellings of a month: word -> (month, "full" or "abbr")
MONTH_VARIANTS = {"sept": (9, "abbr")}
#: seasons from winter, per written form (``fall`` the American one)
SEASONS = (("winter", "spring", "summer", "autumn"), ("winter", "spring", "summer", "fall"))
#: words of a date that name no calendar date: weekdays, seasons, parts of the day, relative days, fillers
UNDATED_WORDS = frozenset("""
monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun
spring summer autumn fall winter
today yesterday tomorrow tonight morning afternoon evening night noon midnight
on the last next this that previous following of in
""".split())

#: words after which the numbers are a time (``at 10``), and words right after a time's number
TIME_INTROS = frozenset(("at", "hrs"))
TIME_WORDS = frozenset(("hrs", "am", "pm"))
#: small words between the parts of a date (``the 12th of March``)
DATE_FILLERS = frozenset(("of", "the"))
#: ordinal suffixes after a day's number (``12th``), lower-case
ORDINAL_SUFFIXES = frozenset(("st", "nd", "rd", "th"))
#: words right before a birth date, and the small words that may stand between (regular-expression fragments)
BIRTH_CUES = ("born", "birth", "dob", r"d\.o\.b\.?")
BIRTH_CUE_FILLERS = ("on", "the", "date", "day")
#: a week number's words (``week 12``), and the words joining the two ends of a range (regular-expression fragments)
WEEK_WORDS = ("week", "wk")
RANGE_WORDS = ("to", "and")
#: words for a duration right after a number (``2/7 days``: no date; regular-expression fragments)
DURATION_WORDS = ("days?", "weeks?", "months?", "years?", "hours?", "times")

# numbers in words (ages): 0-19, the tens, the ordinals 1-10
NUMBER_UNITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
                "eighteen", "nineteen")
NUMBER_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
#: singular -> plural of the age unit words whose form follows the number
UNIT_PLURALS = {"year": "years", "month": "months", "week": "weeks", "day": "days"}
#: 100 in words; other words read as a number
HUNDRED = "one hundred"
NUMBER_VARIANTS = {"a": 1, "an": 1, "hundred": 100}
#: what joins the tens and the units of a number in words (``forty-five``)
NUMBER_JOINER = "-"
#: the word after an age's unit that makes the age an adjective, its unit singular (``45-year-old``)
AGE_ADJECTIVE = "old"
#: the words of each unit an age may be given in (``45 years``, ``3 mos``)
AGE_UNITS = {"years": ("years", "year", "yrs", "yr", "y", "yo"), "months": ("months", "month", "mo", "mos"),
             "weeks": ("weeks", "week", "wk", "wks"), "days": ("days", "day", "d")}

# words that name no one (annotator.deid.kinship): kinship and sex words, number words and
# small words; and the age words
KINSHIP_WORDS = frozenset("""
    mother father parent parents mom mum dad son daughter sons daughters child children brother
    brothers sister sisters sibling siblings twin twins grandfather grandmother grandparent
    grandparents grandson granddaughter grandchildren uncle aunt uncles aunts cousin cousins
    nephew niece nephews nieces husband wife spouse partner fiance fiancee boyfriend girlfriend
    stepfather stepmother stepson stepdaughter family relative relatives maternal paternal
    older younger elder male female man woman boy girl baby infant newborn
    his her their the a an of and or with both other first second degree side
    two three four five six seven eight nine ten
""".split())
AGE_WORDS = frozenset("year years yr yrs old month months day days week weeks age aged".split())

# people's names (annotator.processing.record_matcher.names), lower-case
DOCTOR_TITLES = frozenset("dr doctor prof professor a/prof e/prof".split())
PERSON_TITLES = frozenset("mr mrs miss ms madam mdm lady sir col general gen senator sen".split())
#: the titles that are words of another language too (Spanish ``gen`` gene, ``col`` cabbage): titles only with their dot
TITLES_WITH_DOT = frozenset(("gen", "sen", "col"))
#: labels a name follows (``Name:``; regular-expression fragments)
NAME_LABELS = ("name", "surname", "patient")

# organisations' initials (annotator.processing.ortho_matcher): the small words they skip
INITIALS_SKIPPED = frozenset(("of", "for", "and", "the"))

# the labels that start a prescription's line (annotator.processing.sentence_splitter;
# regular-expression fragments)
PRESCRIPTION_LABELS = ("sig", "disp", "dispense", "qty", "refills?")

# institutions (annotator.deid.surrogates.places): small words a kept part of a name may not end with
INSTITUTION_LINKS = frozenset("of the and for".split())
#: words for another person right before a name (regular-expression fragments)
OTHER_PEOPLE = ("brother sister mother father son daughter wife husband partner friend neighbou?r uncle aunt "
                "cousin").split()

# words-only descriptions of a patient (annotator.deid.surrogates.numbers), in groups whose
# members may stand for one another: (masculine, feminine) forms; the first group is the fallback
PATIENT_DESCRIPTIONS = (
    (("married", "married"), ("single", "single"), ("widowed", "widowed"), ("divorced", "divorced"),
     ("separated", "separated")),
    (("infant", "infant"), ("adolescent", "adolescent"), ("teenager", "teenager"), ("toddler", "toddler")),
    (("caucasian", "caucasian"), ("white", "white"), ("black", "black"), ("hispanic", "hispanic"),
     ("asian", "asian"), ("latino", "latina")),
)
