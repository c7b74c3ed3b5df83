"""Munging rules: turning a plain gazetteer entry into a regular expression that also matches its
variants in text (Sánchez-León 2019), e.g. "Calle Doctor Esquerdo" -> a pattern matching
"C/ Dr. Esquerdo, 46" and "calle del doctor Esquerdo 46".

Rules are named. Built in (``munging_rules.yaml`` next to this module): ``ignore-case``,
``accents``, ``punctuation``, ``es-street-cues`` (calle ~ c/ ~ cl., avenida ~ avda. ~ av.,
plaza ~ pza., doctor ~ dr. ...; lower case, so use it with ``ignore-case``), ``es-fillers``
(de, del, la, las, los, el, y) and ``street-number`` (an optional ", 46", " nº 4", " s/n").
More are declared in a YAML file (``mungingURL``), which may also redefine those names::

    rules:
      - name: cues                 # a word of a set matches every word of that set
        kind: synonyms
        sets:
          - [calle, c/, cl.]
          - [doctor, dr.]
      - name: fillers              # these words may be absent from the entry or the text
        kind: optional-words
        words: [de, del, la]
      - name: number               # a regex after the entry (prefix: before it)
        kind: suffix
        pattern: '(?:,?\\s*\\d{1,4})?'
      - name: soft-punct           # like the built-in "punctuation", with other characters
        kind: punctuation
        chars: ".,"

Kinds: ``ignore-case``, ``accents``, ``punctuation`` (optional ``chars``, default ``.,;:``),
``synonyms`` (``sets``), ``optional-words`` (``words``), ``prefix`` and ``suffix`` (``pattern``,
a ``regex`` pattern without capturing groups).

How an entry becomes a pattern: the entry is split into words at whitespace; with
``optional-words`` those words are dropped from the entry (unless it has nothing else) and up to
three of them may appear in the text between any two words ("de la"); with ``synonyms`` a word matches any member
of its set (words compared casefolded, without accents); ``accents`` makes every letter match its
accented and unaccented forms (``Jose`` ~ ``José``, ``Muñoz`` ~ ``Munoz``; Latin-1 and Latin
Extended-A letters); ``punctuation`` makes those characters optional inside words (``Dr.`` ~
``Dr``) and allows one between words.
Between two words the text needs whitespace, or nothing next to punctuation (``C/Dr.Esquerdo``).
``ignore-case`` and ``accents`` work by matching on a folded copy of the text (lower case,
accents removed, one character for one); prefix and suffix patterns are wrapped in ``(?i:...)``
under ``ignore-case``.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import regex
import yaml

from annotator.processing.folding import fold
from annotator.processing.gazetteer_lists import gazetteer_error

KINDS = ("ignore-case", "accents", "punctuation", "synonyms", "optional-words", "prefix", "suffix")
BUILT_IN = Path(__file__).with_name("munging_rules.yaml")
DEFAULT_PUNCTUATION = ".,;:"
_GAP = r"(?:\s+|(?<=[^\w\s])|(?=[^\w\s]))"


def plain(text: str) -> str:
    """Casefolded and without accents: how words are compared by synonyms and optional-words."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _longest_first(patterns: Iterable[str]) -> list[str]:
    """Distinct alternatives, longer first (so "dr." is tried before "d"), then alphabetical."""
    return sorted(set(patterns), key=lambda p: (-len(p), p))


@dataclass
class Munging:
    """The combined effect of the rules applied to one list.

    ``ignore-case`` and ``accents`` do not enter the pattern: the entry and the document text are
    both folded (lower case, accents removed; one character for one, so offsets are kept) and the
    pattern is matched on the folded text (``folding`` says which)."""

    ignore_case: bool = False
    accents: bool = False
    punctuation: str = ""
    synonyms: dict[str, list[str]] = field(default_factory=dict)
    optional: dict[str, str] = field(default_factory=dict)
    prefix: str = ""
    suffix: str = ""

    def __post_init__(self) -> None:
        self._gap: str | None = None

    @property
    def folding(self) -> tuple[bool, bool]:
        """Which folded view of the text the patterns of this list match on."""
        return (self.ignore_case, self.accents)

    def _chars(self, text: str) -> list[str]:
        folded = fold(text, *self.folding)
        return [regex.escape(ch) + "?" if ch in self.punctuation else regex.escape(ch) for ch in folded]

    def _literal(self, text: str) -> str:
        return "".join(self._chars(text))

    def _word(self, word: str) -> list[str]:
        variants = self.synonyms.get(plain(word))
        if variants is None:
            return self._chars(word)
        return ["(?:" + "|".join(_longest_first(self._literal(v) for v in variants)) + ")"]

    def _scoped(self, pattern: str) -> str:
        return f"(?{'i' if self.ignore_case else ''}:{pattern})" if pattern else ""

    def _word_gap(self) -> str:
        """What may stand between two words of an entry (computed once)."""
        if self._gap is None:
            gap = _GAP
            if self.punctuation:
                gap = f"(?:\\s*[{regex.escape(self.punctuation)}])?" + gap
            if self.optional:
                fillers = "|".join(_longest_first(self._literal(w) for w in self.optional.values()))
                gap = f"{gap}(?:(?:{fillers}){gap}){{0,3}}"
            self._gap = gap
        return self._gap

    def atoms(self, entry: str) -> list[str]:
        """The pattern matching ``entry`` and its variants (on the folded text) without prefix and
        suffix, as pieces whose concatenation is the pattern: one per character, synonym group or
        gap between words, so that entries with the same beginning share pieces."""
        words = entry.split()
        kept = [w for w in words if plain(w) not in self.optional] or words
        gap = self._word_gap()
        pieces: list[str] = []
        for k, word in enumerate(kept):
            if k:
                pieces.append(gap)
            pieces += self._word(word)
        return pieces

    @property
    def affixes(self) -> tuple[str, str]:
        """The prefix and suffix patterns, the same for every entry of the list."""
        return self._scoped(self.prefix), self._scoped(self.suffix)

    def pattern(self, entry: str) -> str:
        """The regular expression (``regex`` syntax, on the folded text) for ``entry``."""
        prefix, suffix = self.affixes
        return prefix + "".join(self.atoms(entry)) + suffix


def _check_pattern(text: Any, where: str) -> str:
    if not isinstance(text, str):
        raise ValueError(f"{where}: 'pattern' must be a string")
    try:
        groups = regex.compile(text).groups
    except regex.error as exc:
        raise ValueError(f"{where}: invalid pattern {text!r}: {exc}") from None
    if groups:
        raise ValueError(f"{where}: pattern {text!r} has capturing groups; use (?:...)")
    return text


def _words(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or not value or not all(isinstance(w, str) and w.strip() for w in value):
        raise ValueError(f"{where} must be a non-empty list of words")
    return [w.strip() for w in value]


class RuleBook:
    """Named munging rules: the built-in ones (``munging_rules.yaml``) plus those of an optional
    YAML file, which may redefine them."""

    def __init__(self, path: Path | None = None) -> None:
        self.rules: dict[str, dict[str, Any]] = {}
        self._read(BUILT_IN)
        if path is not None:
            self._read(path)

    def _read(self, path: Path) -> None:
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise gazetteer_error("E438", path, reason=exc.strerror or str(exc)) from None
        except (yaml.YAMLError, UnicodeDecodeError) as exc:
            mark = getattr(exc, "problem_mark", None)
            raise gazetteer_error("E438", path, mark.line + 1 if mark else None,
                                  reason=str(exc).splitlines()[0]) from None
        rules = data.get("rules") if isinstance(data, dict) else None
        if not isinstance(rules, list):
            raise gazetteer_error("E438", path, reason="expected a mapping with a 'rules' list")
        for number, rule in enumerate(rules, 1):
            try:
                name, checked = self._checked(rule, number)
            except ValueError as exc:
                raise gazetteer_error("E438", path, reason=str(exc)) from None
            self.rules[name] = checked

    @staticmethod
    def _checked(rule: Any, number: int) -> tuple[str, dict[str, Any]]:
        where = f"rule {number}"
        if not isinstance(rule, dict) or not isinstance(rule.get("name"), str) or not rule["name"].strip():
            raise ValueError(f"{where}: needs a 'name'")
        name, kind = rule["name"].strip(), rule.get("kind")
        where = f"rule {name!r}"
        if kind not in KINDS:
            raise ValueError(f"{where}: unknown kind {kind!r} (known: {', '.join(KINDS)})")
        checked: dict[str, Any] = {"kind": kind}
        if kind == "punctuation":
            chars = rule.get("chars", DEFAULT_PUNCTUATION)
            if not isinstance(chars, str) or not chars or any(c.isalnum() or c.isspace() for c in chars):
                raise ValueError(f"{where}: 'chars' must be punctuation characters")
            checked["chars"] = chars
        elif kind == "synonyms":
            sets = rule.get("sets")
            if not isinstance(sets, list) or not sets:
                raise ValueError(f"{where}: 'sets' must be a list of word lists")
            checked["sets"] = [_words(s, f"{where}: each set") for s in sets]
        elif kind == "optional-words":
            checked["words"] = _words(rule.get("words"), f"{where}: 'words'")
        elif kind in ("prefix", "suffix"):
            checked["pattern"] = _check_pattern(rule.get("pattern"), where)
        return name, checked

    def munging(self, names: list[str], where: tuple[str, int]) -> Munging:
        """The combined rules ``names`` (an unknown name is an error at ``where``)."""
        result = Munging()
        for name in names:
            rule = self.rules.get(name)
            if rule is None:
                raise gazetteer_error("E437", *where, name=name, known=", ".join(sorted(self.rules)))
            kind = rule["kind"]
            if kind == "ignore-case":
                result.ignore_case = True
            elif kind == "accents":
                result.accents = True
            elif kind == "punctuation":
                result.punctuation += rule.get("chars", DEFAULT_PUNCTUATION)
            elif kind == "synonyms":
                for members in rule["sets"]:
                    for member in members:
                        result.synonyms[plain(member)] = members
            elif kind == "optional-words":
                result.optional.update((plain(w), w) for w in rule["words"])
            elif kind == "prefix":
                result.prefix += rule["pattern"]
            else:
                result.suffix += rule["pattern"]
        return result
