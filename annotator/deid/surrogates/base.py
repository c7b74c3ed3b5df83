"""What a surrogate generator is, and the per-document context every generator shares.

A surrogate generator makes the realistic replacement for one kind of PHI (``name``, ``date``,
``place`` ...). The :class:`~annotator.deid.Pseudonymiser` builds one :class:`DocumentContext`
per document, then one generator per kind it meets (``make(ctx)`` of that kind's module), and
calls it once per span in document order. A generator may keep state for the document (the
same value gets the same surrogate; ``Dr. Ana García`` ... ``la Dra. García``), and reads the
whole document through ``ctx`` (the text, every span to replace, the real names seen).

Choices are keyed, never random: ``ctx.random(...)`` draws from the keyed BLAKE2b hash of the
normalised value (:class:`KeyedRandom`), so one key gives one surrogate per value across a whole
corpus (``--key-file``), and nobody without the key can map a surrogate back. The offsets that
must agree between kinds (a date shift and an age shift, so that a birth date and an age stay
consistent) live here too.
"""

from __future__ import annotations

import hmac
import random
import unicodedata
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from hashlib import blake2b
from typing import Any, Callable, NamedTuple, Protocol

#: The PHI kinds a policy table may name, each made by one generator module.
KINDS = ("name", "date", "age", "phone", "id", "email", "url", "ip",
         "place", "country", "street", "hospital", "profession")


class Span(NamedTuple):
    """One annotation to replace: its offsets, its tag-set type, the kind of PHI its type is
    (see :data:`KINDS`) and, for people, their role (``patient``, ``clinician``, ``relative``,
    ``other``; empty for everything else). A named tuple: a corpus makes one per PHI annotation,
    and generators key their per-document tables by it."""

    start: int
    end: int
    type: str
    kind: str
    role: str = ""


class _Marks(dict):
    """``str.translate`` table that deletes combining marks, filled on first sight of each character."""

    def __missing__(self, code: int) -> int | None:
        kept = None if unicodedata.combining(chr(code)) else code
        self[code] = kept
        return kept


_MARKS = _Marks()


def normalised(value: str) -> str:
    """Case-, accent- and space-insensitive form of a value: the key of consistency."""
    if value.isascii():  # (the same result, without decomposing)
        return " ".join(value.lower().split())
    return " ".join(unicodedata.normalize("NFKD", value.casefold()).translate(_MARKS).split())


class KeyedRandom(random.Random):
    """A :class:`random.Random` whose bits are the keyed BLAKE2b hash of one message (512 bits,
    then more blocks with a counter as salt): one keyed hash to set up, much quicker than
    seeding the Mersenne Twister, and a corpus makes one per PHI value. ``key``: at
    most 64 bytes (:func:`rng_key`)."""

    def __init__(self, key: bytes, message: bytes) -> None:  # (no seed: the message is the seed)
        self._key, self._message, self._blocks = key, message, 1
        self._bits, self._left = int.from_bytes(blake2b(message, key=key).digest(), "little"), 512

    def getrandbits(self, k: int) -> int:
        left = self._left - k
        while left < 0:  # another block above the bits left
            block = blake2b(self._message, key=self._key, salt=self._blocks.to_bytes(16, "little")).digest()
            self._bits |= int.from_bytes(block, "little") << self._left
            self._blocks += 1
            self._left += 512
            left += 512
        bits = self._bits
        self._bits, self._left = bits >> k, left
        return bits & ((1 << k) - 1)

    def random(self) -> float:
        return self.getrandbits(53) * 2.0 ** -53


@lru_cache(maxsize=8)
def rng_key(key: bytes) -> bytes:
    """The BLAKE2b key of :class:`KeyedRandom` derived from a secret of any length (HMAC-SHA256)."""
    return hmac.digest(key, b"annotator.deid KeyedRandom", "sha256")


@dataclass
class DocumentContext:
    """What every generator may read about the document being pseudonymised.

    ``key``: the secret (at least 32 bytes) that seeds every choice; ``per_patient``: True when
    the key comes from a key file, so date and age offsets follow the patient across documents
    (else they are one per document).
    """

    text: str
    name: str
    language: str
    spans: tuple[Span, ...]
    key: bytes
    per_patient: bool = False
    cache: dict[tuple[str, str], str] = field(default_factory=dict)
    #: what generators derive from the whole document once and share (the real PHI values)
    shared: dict[str, Any] = field(default_factory=dict)

    def surface(self, span: Span) -> str:
        return self.text[span.start:span.end]

    def random(self, *parts: str) -> random.Random:
        """A generator drawing from the keyed hash of ``parts`` (e.g. the kind and the normalised value)."""
        return KeyedRandom(rng_key(self.key), "\x1f".join(parts).encode("utf-8"))

    @cached_property
    def patient(self) -> str:
        """The normalised name of the document's patient (the first tagged), else the document's name."""
        for span in self.spans:
            if span.kind == "name" and span.role == "patient":
                return normalised(self.surface(span))
        return self.name

    @cached_property
    def _offset_seed(self) -> str:
        return self.patient if self.per_patient else self.name

    @cached_property
    def date_shift_days(self) -> int:
        """5 to 52 whole weeks, either way, never zero: weekdays and intervals are kept."""
        rng = self.random("date-shift", self._offset_seed)
        return rng.choice((-1, 1)) * 7 * rng.randint(5, 52)

    @cached_property
    def month_shift(self) -> int:
        """For month-and-year dates: the day shift in whole months, at least one."""
        months = max(1, round(abs(self.date_shift_days) / 30.44))
        return months if self.date_shift_days > 0 else -months

    @cached_property
    def age_shift_years(self) -> int:
        """1 to 3 years, either way, never zero; a birth date moves by the day shift plus these years."""
        rng = self.random("age-shift", self._offset_seed)
        return rng.choice((-1, 1)) * rng.randint(1, 3)


class Generator(Protocol):
    """Makes the surrogate text for one span of its kind (the same span text may come again)."""

    def __call__(self, span: Span) -> str: ...


#: ``make(ctx)`` for one kind: a module-level factory, so generators stay picklable-free.
Factory = Callable[[DocumentContext], Generator]
