"""Surrogate phone and fax numbers, identifiers, e-mail addresses, URLs and IP addresses.

Every surrogate is format-preserving: the same length, the same separators, a digit where a
digit was and a letter (of the same case) where a letter was, and it never equals the original.
Choices are keyed (``ctx.random``) on the normalised value, so one value gets one surrogate in a
document (and across a corpus with a key file), whatever its spacing.

- Phones: the country code and the area prefix are kept, the rest is keyed digits: Spanish
  landlines keep their province prefix (``91``, ``93``, else three digits such as ``976``),
  mobiles their ``6``/``7``; Swedish numbers keep their area code (``08``, ``031``, ``0470``...,
  mobiles ``07x``); US numbers get a real area code from a list and an exchange that starts with
  2-9 (never the area code or exchange of the original: they place the person).
- IDs: DNI/NIF get a valid check letter (mod 23), NIE keep their X/Y/Z and get a valid letter,
  NASS (Spanish social security, 2 + 8 + 2 digits) a valid mod-97 control, US SSNs a valid area
  (not 000, 666 or 9xx), group and serial, Swedish personnummer a valid date and Luhn digit;
  anything else: keyed digits (a leading non-zero digit stays non-zero) and letters (runs of four
  or more letters become pronounceable words); a leading label (``MRN``, ``NHC:``) is kept. An ID
  without digits is a description of the patient (MEDDOCAN tags ``Lactante``, ``raza caucásica``,
  ``casada`` as ID_SUJETO_ASISTENCIA): its words are swapped within their group (life stage, civil
  status, orientation, ethnicity, nationality) in the same gender, so the text still reads, and the
  tagger still finds them; a phrase of no group becomes a civil status.
- E-mails: the local part is replaced (pronounceable where it had letters); the domain is kept for
  public providers (gmail, hotmail, yahoo, telefonica.net, telia ...), else its labels are replaced
  and its top-level domain kept.
- URLs: scheme, ``www.``, port, top-level domain and file extension kept; host labels and path
  words replaced (a host gets the same surrogate in URLs and e-mails).
- IPs: an IPv4 address stays in its class (private 10/8, 172.16/12 and 192.168/16 keep their
  network prefix, loopback and link-local too; a public address stays public) with octets as
  many digits wide as before; IPv6 keeps its ``::`` layout and its first group.
"""

from __future__ import annotations

import ipaddress
import random
import re
import string
from datetime import date, timedelta

from annotator.deid.surrogates.base import DocumentContext, Span, normalised
from annotator.deid.surrogates.dates import birth_shift_days
from annotator.deid.surrogates.pools import RealValues
from annotator.errors import UnreadableValue, coded
from annotator.lang import by_language

_VOWELS = "aeiou"
_CONSONANTS = "bcdfglmnprstvz"
_DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"
_TRIES = 100
_AGAIN = 10  # surrogates made for one value until one holds no real value of the document


def _case_like(template: str, word: str) -> str:
    """``word`` in the case pattern of ``template`` (``CASADA``, ``Casada``, ``casada``)."""
    if len(template) > 1 and template.isupper():
        return word.upper()
    return word[:1].upper() + word[1:] if template[:1].isupper() else word


def _cased(template: str, text: str) -> str:
    """``text`` with the case of ``template``, character by character."""
    return "".join(c.upper() if t.isupper() else c for t, c in zip(template, text))


def _pronounceable(rng: random.Random, template: str) -> str:
    """Letters alternating consonant and vowel, as long as ``template`` and in its case."""
    first_vowel = template[:1].casefold() in _VOWELS
    letters = [rng.choice(_VOWELS if (i % 2 == 0) == first_vowel else _CONSONANTS)
               for i in range(len(template))]
    return _cased(template, "".join(letters))


_RUN = re.compile(r"\d+|[^\W\d_]+")


def _shaped(rng: random.Random, template: str) -> str:
    """Keyed digits and letters in the places of ``template``'s: a leading non-zero digit stays
    non-zero, letter runs of four or more are pronounceable."""
    out, position = [], 0
    for match in _RUN.finditer(template):
        out.append(template[position:match.start()])
        run = match.group(0)
        if run.isdigit():
            digits = [str(rng.randrange(10)) for _ in run]
            if position == 0 and match.start() == 0 and run[0] != "0":
                digits[0] = str(rng.randrange(1, 10))
            out.append("".join(digits))
        elif len(run) >= 4:
            out.append(_pronounceable(rng, run))
        else:
            out.append(_cased(run, "".join(rng.choice(string.ascii_lowercase) for _ in run)))
        position = match.end()
    out.append(template[position:])
    return "".join(out)


def _different(surface: str, make) -> str:
    """``make()`` until its result differs from ``surface`` (keyed: the same tries every time)."""
    for _ in range(_TRIES):
        fresh = make()
        if fresh != surface:
            return fresh
    raise UnreadableValue(coded("E761", surface=surface, tries=_TRIES))


def _with_digits(template: str, digits: str) -> str:
    """``template`` with its digits replaced, in order, by ``digits``."""
    it = iter(digits)
    return "".join(next(it) if c.isdigit() else c for c in template)


class _Kind:
    """A generator for one kind: looks up the document cache, else makes a surrogate."""

    kind = ""

    def __init__(self, ctx: DocumentContext) -> None:
        self.ctx = ctx
        self.attempt = 0

    def __call__(self, span: Span) -> str:
        surface = self.ctx.surface(span)
        key = (self.kind, surface)
        cached = self.ctx.cache.get(key)
        if cached is None:
            if not any(c.isalnum() for c in surface):
                raise UnreadableValue(coded("E760", kind=self.kind, surface=surface))
            cached = self.ctx.cache[key] = self._fresh(surface)
        return cached

    def _fresh(self, surface: str) -> str:
        """A surrogate that holds no real value of the document as whole words (an age ``58`` in a
        new registration number ``58 56 10915``): made again, keyed on the attempt, until none does."""
        real = RealValues.of(self.ctx)
        for self.attempt in range(_AGAIN):
            made = self.make(surface)
            if not real.within(made):
                break
        self.attempt = 0
        return made

    def rng(self, value: str) -> random.Random:
        """Keyed on the value's letters and digits: ``28/123/40`` and ``28 123 40`` are one value
        (and on the attempt after the first, see :meth:`_fresh`)."""
        again = (str(self.attempt),) if self.attempt else ()
        return self.ctx.random(self.kind, "".join(filter(str.isalnum, normalised(value))), *again)

    def make(self, surface: str) -> str:
        raise NotImplementedError


# --------------------------------------------------------------------------------------------
# phones

_SV_TWO_DIGIT_AREAS = frozenset(("11", "13", "16", "18", "19", "21", "23", "26", "31", "33", "35",
                                 "36", "40", "42", "44", "46", "54", "60", "63", "90"))
_US_AREAS = ("201", "202", "203", "205", "206", "212", "213", "214", "215", "216", "301", "303",
             "305", "310", "312", "313", "314", "315", "401", "404", "412", "415", "502", "503",
             "504", "508", "512", "513", "602", "603", "608", "612", "614", "615", "617", "702",
             "703", "704", "713", "716", "718", "720", "773", "781", "801", "802", "804", "808",
             "813", "816", "857", "860", "901", "904", "907", "912", "916", "919", "978")


def _phone_prefix(digits: str, language: str) -> int:
    """How many leading digits (country code and area prefix) a phone surrogate keeps."""
    if language == "sv":
        cc = 4 if digits.startswith("0046") else 2 if digits.startswith("46") and len(digits) >= 10 else 0
        national = digits[cc:]
        trunk = 1 if national.startswith("0") else 0
        area = national[trunk:]
        if area[:1] in ("7", "8"):
            return cc + trunk + (2 if area[0] == "7" else 1)
        return cc + trunk + (2 if area[:2] in _SV_TWO_DIGIT_AREAS else 3)
    cc = 4 if digits.startswith("0034") else 2 if digits.startswith("34") and len(digits) == 11 else 0
    national = digits[cc:]
    if len(national) < 9:                    # a short or local number: its first digit
        return cc + 1
    if national[0] in "67":
        return cc + 1
    return cc + (2 if national[:2] in ("91", "93") else 3)


class _Phone(_Kind):
    kind = "phone"

    def make(self, surface: str) -> str:
        digits = "".join(c for c in surface if c.isdigit())
        rng = self.rng(surface)
        if not digits:
            return _different(surface, lambda: _shaped(rng, surface))
        if self.ctx.language == "en":
            return _different(surface, lambda: _with_digits(surface, self._us(digits, rng)))
        keep = min(_phone_prefix(digits, self.ctx.language), len(digits) - 1)
        return _different(surface, lambda: _with_digits(
            surface, digits[:keep] + "".join(str(rng.randrange(10)) for _ in digits[keep:])))

    @staticmethod
    def _us(digits: str, rng: random.Random) -> str:
        """A plausible US number as long as ``digits``: a real area code and an exchange 2-9xx."""
        cc = 1 if len(digits) == 11 and digits[0] == "1" else 0
        line = "".join(str(rng.randrange(10)) for _ in range(4))
        exchange = str(rng.randrange(2, 10)) + "".join(str(rng.randrange(10)) for _ in range(2))
        if len(digits) - cc == 10:
            area = rng.choice([a for a in _US_AREAS if a != digits[cc:cc + 3]])
            return digits[:cc] + area + exchange + line
        if len(digits) == 7:
            return exchange + line
        return "".join(str(rng.randrange(10)) for _ in digits)


# --------------------------------------------------------------------------------------------
# identifiers

#: words-only descriptions of a patient, in groups whose members may stand for one another:
#: (masculine, feminine) forms; the first group is the fallback (annotator.lang)
_DESCRIPTIONS = by_language("PATIENT_DESCRIPTIONS")
#: word -> (its group, its form: 0 masculine, 1 feminine, None both)
_DESCRIPTION_INDEX = {
    lang: {word: (g, None if entry[0] == entry[1] else form)
           for g, group in enumerate(groups) for entry in group for form, word in enumerate(entry)}
    for lang, groups in _DESCRIPTIONS.items()
}
_WORD = re.compile(r"[^\W\d_]+")
_LABEL = re.compile(r"[^\W\d_]{2,}\.?(?:[\s:#º\-]+|(?=\d))(?=[^\W_]*\d)")
_DNI = re.compile(r"(\d{1,2}\.?\d{3}\.?\d{3})([\s\-]?)([A-Za-z])")
_NIE = re.compile(r"([XYZxyz])([\s\-]?)(\d{7})([\s\-]?)([A-Za-z])")
_NASS = re.compile(r"(\d{2})([\s/\-]?)(\d{8})([\s/\-]?)(\d{2})")
_SSN = re.compile(r"(\d{3})([\s\-]?)(\d{2})([\s\-]?)(\d{4})")
_PERSONNUMMER = re.compile(r"(\d{2})?(\d{6})([\-+]?)(\d{4})")


def _nass_control(province: int, number: int) -> int:
    return (province * 10**7 + number if number < 10**7 else province * 10**8 + number) % 97


def _luhn(digits: str) -> int:
    total = 0
    for i, c in enumerate(digits):
        d = int(c) * (2 if i % 2 == 0 else 1)
        total += d - 9 if d > 9 else d
    return (10 - total % 10) % 10


class _Identifier(_Kind):
    kind = "id"

    def make(self, surface: str) -> str:
        if not any(c.isdigit() for c in surface):
            return self._description(surface)
        label = _LABEL.match(surface)
        if label is not None:                       # MRN 4455667, NHC: 123456: the label stays
            return label.group(0) + self._value(surface[label.end():])
        return self._value(surface)

    def _description(self, surface: str) -> str:
        """A words-only "identifier" (MEDDOCAN tags ``Lactante``, ``raza caucásica``, ``casada`` as
        ID_SUJETO_ASISTENCIA): each word of a known group becomes another of its group in the same
        gender (``casada`` -> ``viuda``); a phrase with none becomes a civil status."""
        groups = _DESCRIPTIONS.get(self.ctx.language, _DESCRIPTIONS["es"])
        rng = self.rng(surface)

        def swap(match: re.Match) -> str:
            word = match.group(0)
            found = _DESCRIPTION_INDEX[self.ctx.language if self.ctx.language in _DESCRIPTIONS else "es"] \
                .get(word.casefold())
            if found is None:
                return word
            group, form = found
            neutral = form is None              # lactante, joven: a neutral word gets a neutral one
            choices = [entry[form or 0] for entry in groups[group]
                       if (entry[0] == entry[1]) == neutral and word.casefold() not in entry]
            return _case_like(word, rng.choice(choices or [e[form or 0] for e in groups[group]
                                                           if word.casefold() not in e]))

        fresh = _WORD.sub(swap, surface)
        if fresh != surface:
            return fresh
        words = _WORD.findall(surface)
        form = 1 if words and words[0].casefold().endswith("a") else 0
        status = [entry[form] for entry in groups[0]]
        return _case_like(surface, rng.choice(status))

    def _value(self, surface: str) -> str:
        """A valid number of the national kind ``surface`` is (its first fresh draw that differs),
        else the generic shape."""
        rng = self.rng(surface)
        checked = {"es": ((_NIE, self._nie), (_DNI, self._dni), (_NASS, self._nass)),
                   "en": ((_SSN, self._ssn),), "sv": ((_PERSONNUMMER, self._personnummer),)}
        for pattern, maker in checked.get(self.ctx.language, ()):
            match = pattern.fullmatch(surface)
            fresh = maker(match, rng) if match is not None else None
            if fresh is not None:
                return fresh if fresh != surface else _different(surface, lambda m=match, f=maker: f(m, rng))
        return _different(surface, lambda: _shaped(rng, surface))

    @staticmethod
    def _dni(match: re.Match, rng: random.Random) -> str:
        number = rng.randrange(10**7, 10**8) if len(re.sub(r"\D", "", match.group(1))) == 8 \
            else rng.randrange(10**6, 10**7)
        body = _with_digits(match.group(1), str(number).zfill(len(re.sub(r"\D", "", match.group(1)))))
        letter = _DNI_LETTERS[number % 23]
        return body + match.group(2) + (letter if match.group(3).isupper() else letter.lower())

    @staticmethod
    def _nie(match: re.Match, rng: random.Random) -> str:
        prefix = match.group(1)
        number = rng.randrange(10**7)
        letter = _DNI_LETTERS[int(f"{'XYZ'.index(prefix.upper())}{number:07d}") % 23]
        return (prefix + match.group(2) + f"{number:07d}" + match.group(4)
                + (letter if match.group(5).isupper() else letter.lower()))

    @staticmethod
    def _nass(match: re.Match, rng: random.Random) -> str | None:
        province = int(match.group(1))
        if not 1 <= province <= 53:
            return None                             # not a NASS: the generic shape
        number = rng.randrange(10**8)
        return (match.group(1) + match.group(2) + f"{number:08d}" + match.group(4)
                + f"{_nass_control(province, number):02d}")

    @staticmethod
    def _ssn(match: re.Match, rng: random.Random) -> str:
        area = rng.choice([a for a in range(1, 900) if a != 666])
        return (f"{area:03d}" + match.group(2) + f"{rng.randrange(1, 100):02d}" + match.group(4)
                + f"{rng.randrange(1, 10000):04d}")

    def _personnummer(self, match: re.Match, rng: random.Random) -> str | None:
        """A personnummer whose birth date moves as the document's birth dates do."""
        century, body = match.group(1), match.group(2)
        try:
            born = date(int(century or "19") * 100 + int(body[:2]), int(body[2:4]), int(body[4:6]))
        except ValueError:
            return None
        fresh = born + timedelta(days=birth_shift_days(self.ctx))
        serial = f"{rng.randrange(1000):03d}"
        short = fresh.strftime("%y%m%d")
        check = _luhn(short + serial)
        return (str(fresh.year)[:2] if century else "") + short + match.group(3) + serial + str(check)


# --------------------------------------------------------------------------------------------
# e-mail addresses, URLs, IPs

_PUBLIC_PROVIDERS = frozenset((
    "gmail.com", "googlemail.com", "hotmail.com", "hotmail.es", "hotmail.se", "hotmail.co.uk",
    "outlook.com", "outlook.es", "live.com", "live.se", "msn.com", "yahoo.com", "yahoo.es",
    "yahoo.se", "yahoo.co.uk", "ymail.com", "aol.com", "icloud.com", "me.com", "mac.com",
    "protonmail.com", "proton.me", "gmx.com", "gmx.es", "gmx.net", "telefonica.net", "terra.es",
    "mixmail.com", "eresmas.com", "wanadoo.es", "ya.com", "orange.es", "movistar.es", "vodafone.es",
    "jazztel.es", "ono.com", "vtr.net", "telia.com", "spray.se", "bredband.net", "comhem.se",
    "tele2.se", "bahnhof.se", "glocalnet.net", "passagen.se", "comcast.net", "verizon.net",
    "att.net", "sbcglobal.net"))
_SECOND_LEVEL = frozenset(("co", "com", "org", "gob", "gov", "ac", "edu", "net", "nhs", "nom"))
_URL = re.compile(r"(?P<scheme>[a-z][a-z0-9+.\-]*://)?(?P<www>www\d?\.)?(?P<host>[^/:?#\s]+)"
                  r"(?P<port>:\d+)?(?P<rest>[/?#].*)?", re.IGNORECASE | re.DOTALL)
_EXTENSION = re.compile(r"\.(?:html?|php|aspx?|jsp|pdf|cgi)$", re.IGNORECASE)


def _host(ctx: DocumentContext, host: str) -> str:
    """A surrogate host name: its labels replaced, its top-level domain (and ``co.uk``-like
    second level) kept; the same host gets the same surrogate for e-mails and URLs."""
    key = ("host", normalised(host))
    cached = ctx.cache.get(key)
    if cached is not None:
        return cached
    labels = host.split(".")
    kept = 1 + (len(labels) > 2 and labels[-2].casefold() in _SECOND_LEVEL)
    if len(labels) <= kept:
        kept = 0
    rng = ctx.random(*key)
    ctx.cache[key] = fresh = _different(host, lambda: ".".join(
        [_shaped(rng, label) for label in labels[:len(labels) - kept]] + labels[len(labels) - kept:]))
    return fresh


class _Email(_Kind):
    kind = "email"

    def make(self, surface: str) -> str:
        local, at, domain = surface.rpartition("@")
        if not at or not local:
            return _different(surface, lambda: _shaped(self.rng(surface), surface))
        rng = self.rng(surface)
        fresh_domain = domain if domain.casefold() in _PUBLIC_PROVIDERS else _host(self.ctx, domain)
        return _different(surface, lambda: _shaped(rng, local) + "@" + fresh_domain)


class _Url(_Kind):
    kind = "url"

    def make(self, surface: str) -> str:
        match = _URL.fullmatch(surface)
        rng = self.rng(surface)
        if match is None or "." not in match.group("host"):
            return _different(surface, lambda: _shaped(rng, surface))
        host = match.group("host")
        fresh_host = host if host.casefold() in _PUBLIC_PROVIDERS else _host(self.ctx, host)
        rest = match.group("rest") or ""
        extension = _EXTENSION.search(rest)
        tail = rest[:extension.start()] if extension else rest

        def make() -> str:
            return ((match.group("scheme") or "") + (match.group("www") or "") + fresh_host
                    + (match.group("port") or "") + _shaped(rng, tail)
                    + (extension.group(0) if extension else ""))
        return _different(surface, make)


_PRIVATE = (ipaddress.ip_network("10.0.0.0/8"), ipaddress.ip_network("172.16.0.0/12"),
            ipaddress.ip_network("192.168.0.0/16"), ipaddress.ip_network("127.0.0.0/8"),
            ipaddress.ip_network("169.254.0.0/16"), ipaddress.ip_network("100.64.0.0/10"))
_IPV4 = re.compile(r"(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})")


def _octet(rng: random.Random, width: int, low: int = 0, high: int = 255) -> int:
    """A keyed octet in ``low..high``, as many digits wide as ``width`` where that range allows."""
    lo, hi = max(low, 0 if width == 1 else 10 ** (width - 1)), min(high, 10 ** width - 1)
    return rng.randint(lo, hi) if lo <= hi else rng.randint(low, high)


class _Ip(_Kind):
    kind = "ip"

    def make(self, surface: str) -> str:
        rng = self.rng(surface)
        match = _IPV4.fullmatch(surface)
        if match is not None and all(int(g) < 256 for g in match.groups()):
            return _different(surface, lambda: self._v4(match.groups(), rng))
        try:
            ipaddress.IPv6Address(surface)
        except ValueError:
            return _different(surface, lambda: _shaped(rng, surface))
        head, _, tail = surface.partition(":")

        def make() -> str:
            return head + ":" + "".join(rng.choice("0123456789abcdef") if c in string.hexdigits else c
                                        for c in tail)
        return _different(surface, make)

    @staticmethod
    def _v4(octets: tuple[str, ...], rng: random.Random) -> str:
        old = ipaddress.IPv4Address(".".join(str(int(o)) for o in octets))
        network = next((n for n in _PRIVATE if old in n), None)
        widths = [len(o) for o in octets]
        if network is not None:
            fixed = network.prefixlen // 8          # whole octets of the network prefix kept
            new = [int(o) for o in octets[:fixed]]
            if network.prefixlen % 8:               # 172.16/12, 100.64/10: the partial octet
                base = int(network.network_address.packed[fixed])
                span = 2 ** (8 - network.prefixlen % 8) - 1
                new.append(_octet(rng, widths[fixed], base, base + span))
            new += [_octet(rng, w, 1 if i == 3 else 0, 254) for i, w in enumerate(widths) if i >= len(new)]
            return ".".join(map(str, new))
        while True:
            new = [_octet(rng, widths[0], 1, 223)] + [_octet(rng, w, 0, 254) for w in widths[1:]]
            candidate = ipaddress.IPv4Address(".".join(map(str, new)))
            if candidate.is_global:
                return str(candidate)


FACTORIES = {"phone": _Phone, "id": _Identifier, "email": _Email, "url": _Url, "ip": _Ip}
