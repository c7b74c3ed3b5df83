"""The ``ortho-matcher`` PR: orthographic co-reference of named entities, after GATE's OrthoMatcher.

Within each of ``annotationTypes`` (in document order), a name is matched with the most recent
earlier name of that type that it matches by these rules (a subset of GATE's; case ignored unless
``caseSensitive``):

- never when the names overlap, when both are in one group of ``spurList`` ("BT" and "BT
  Cellnet"), nor two Persons whose ``gender`` features are ``male`` and ``female``;
- the same string; or both names in one group of ``aliasList`` ("IBM" and "Big Blue");
- Person: with the title stripped (the ``title`` feature's words), the shorter is one word equal
  to the last word of the longer ("Smith" and "Mr. John Smith");
- Organization: equal once a leading "The" and trailing ``orgEndings`` words are stripped
  ("Acme" and "Acme Ltd"), or the shorter is one all-capitals word spelling the initials of the
  longer's capitalised words ("IBM" and "International Business Machines").

Matched names form a group: each member gets the feature ``matches`` (the ids of its group, in
document order) and the document feature ``MatchesAnnots`` maps the set's name to the groups, as
GATE's do. With ``processUnknown``, an ``unknownType`` annotation that matches a name of a type
by the same rules becomes an annotation of that type (same span, its features kept), as GATE's
OrthoMatcher retypes Unknowns.

Lists are read as GATE's are: one entry a line, ``entry£group`` for the alias and spurious lists.
The PR works in place, in its input set (it sets features on the names it reads).
"""

from __future__ import annotations

from pathlib import Path

import regex

from annotator.document import Annotation, AnnotationSet, Document
from annotator.errors import InputError, coded
from annotator.lang import en, es, xx
from annotator.processing.base import Param, ProcessingResource, register

_SEPARATOR = "£"
_PUNCTUATION = regex.compile(r"\p{P}+")
_CONNECTORS = en.INITIALS_SKIPPED | es.INITIALS_SKIPPED | xx.INITIALS_SKIPPED


def read_groups(path: Path | None) -> dict[str, str]:
    """``entry£group`` lines of a list: group by entry (lower-case entries)."""
    if path is None:
        return {}
    groups = {}
    for entry in _lines(path):
        name, _, group = entry.rpartition(_SEPARATOR)
        if name:
            groups[name.lower()] = group
    return groups


def _lines(path: Path) -> list[str]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(coded("E430", what="ortho-matcher list", reason=exc), path=path) from None
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


class _Name:
    """One name: its annotation, its words and the forms the rules compare, each made once: its
    words as an Organization's (:func:`_org_words`) and the initials of its capitalised words."""

    def __init__(self, ann: Annotation, words: list[str], fold: bool, endings: frozenset[str]) -> None:
        self.ann = ann
        self.words = [w.lower() for w in words] if fold else words
        self.raw = words
        self.string = " ".join(self.words)
        self.org = _org_words(self.words, endings)
        self.initials = _initials(words)
        self.keys: set[str] = set()  # set by OrthoMatcher._name


@register("ortho-matcher")
class OrthoMatcher(ProcessingResource):
    """Groups the names that refer to the same entity by their spelling; types Unknowns that match."""

    needs = ("Token",)
    annotationTypes = Param(str, "Organization,Person,Location", "the types whose names are matched (comma-separated)")
    unknownType = Param(str, "Unknown", "the type of the unknown names that may take a matched name's type")
    processUnknown = Param(bool, True, "retype the unknown names that match a name")
    caseSensitive = Param(bool, False, "compare names in their case (false: lower-cased)")
    aliasList = Param(Path, None, "entry£group lines: names of one group match (GATE's alias.lst)")
    spurList = Param(Path, None, "entry£group lines: names of one group never match (GATE's spur_match.lst)")
    orgEndings = Param(Path, None, "words stripped at the end of an Organization's name (GATE's org_ending.lst)")

    def setup(self) -> None:
        self.types = [t.strip() for t in self.annotationTypes.split(",") if t.strip()]
        self.aliases = read_groups(self.aliasList)
        self.spurious = read_groups(self.spurList)
        endings = _lines(self.orgEndings) if self.orgEndings is not None else []
        # as GATE reads them: punctuation as spaces ("A.C." is the words "a c"), lower case
        self.endings = frozenset(" ".join(_PUNCTUATION.sub(" ", e.lower()).split()) for e in endings)

    def __call__(self, doc: Document) -> None:
        annset = self.input_set(doc)
        tokens = annset.with_type("Token")
        groups: list[list[Annotation]] = []
        unknowns: list[_Name] = []  # the Unknowns not retyped yet
        if self.processUnknown:
            unknowns = [self._name(doc, tokens, a) for a in annset.with_type(self.unknownType)]
        for type_name in self.types:
            names = [self._name(doc, tokens, a) for a in annset.with_type(type_name)]
            group_of = self._group(names)
            if unknowns and names:
                unknowns = self._unknowns(annset, names, group_of, unknowns)
            groups.extend({id(g): g for g in group_of.values()}.values())
        merged = [sorted(g, key=lambda a: (a.start, a.id)) for g in groups if len(g) > 1]
        for group in merged:
            ids = [a.id for a in group]
            for ann in group:
                ann.features["matches"] = ids
        if merged:
            doc.features.setdefault("MatchesAnnots", {})[annset.name] = [[a.id for a in g] for g in merged]

    def _name(self, doc: Document, tokens, ann: Annotation) -> _Name:
        words = [t.features.get("string", doc.text[t.start:t.end]) for t in tokens.within(ann.start, ann.end)
                 if t.features.get("kind") in ("word", "number")]
        name = _Name(ann, words, not self.caseSensitive, self.endings)
        name.keys = self._keys(name)
        return name

    def _group(self, names: list[_Name]) -> dict[int, list[Annotation]]:
        """Each name joins the group of the most recent earlier name it matches: the group (a
        list shared by its members) by annotation id."""
        group_of: dict[int, list[Annotation]] = {}
        with_longer: set[int] = set()  # names matched with a longer one already
        by_key: dict[str, list[int]] = {}
        for i, name in enumerate(names):
            earlier = next((names[j] for j in self._candidates(name, by_key)
                            if self._joins(name, names[j], with_longer)), None)
            for key in name.keys:
                by_key.setdefault(key, []).append(i)
            group = [] if earlier is None else group_of[earlier.ann.id]
            group.append(name.ann)
            group_of[name.ann.id] = group
            if earlier is not None:
                short, long = sorted((name, earlier), key=lambda n: len(n.words))
                if len(short.words) < len(long.words):
                    with_longer.add(short.ann.id)
        return group_of

    def _joins(self, name: _Name, earlier: _Name, with_longer: set[int]) -> bool:
        """Whether ``name`` matches ``earlier``; a shorter earlier Person already matched with a
        longer one matches no other longer one (as GATE's: "David Jones ... Jones ... David
        Smith" does not make David Smith David Jones)."""
        if earlier.ann.type == "Person" and earlier.ann.id in with_longer and len(earlier.words) < len(name.words):
            return False
        return self.match(name, earlier)

    def _unknowns(self, annset: AnnotationSet, names: list[_Name], group_of: dict[int, list[Annotation]],
                  unknowns: list[_Name]) -> list[_Name]:
        """Unknowns that match a name become annotations of its type, in its group; the others
        are returned."""
        by_key: dict[str, list[int]] = {}
        for i, known in enumerate(names):
            for key in known.keys:
                by_key.setdefault(key, []).append(i)
        left = []
        for name in unknowns:
            found = next((names[j] for j in self._candidates(name, by_key) if self.match(name, names[j])), None)
            if found is None:
                left.append(name)
                continue
            unknown = name.ann
            annset.remove(unknown)
            typed = annset.add(found.ann.type, unknown.start, unknown.end, dict(unknown.features))
            group_of[found.ann.id].append(typed)
            group_of[typed.id] = group_of[found.ann.id]
        return left

    def _keys(self, name: _Name) -> set[str]:
        """Strings two names that match share one of at least (every rule of :meth:`match` compares
        one of them): a pre-filter, so that a name is compared with few others."""
        initials = name.initials
        keys = {name.string, " ".join(name.org), initials if self.caseSensitive else initials.lower(),
                *name.words[-1:]}
        group = self.aliases.get(name.string.lower())
        if group is not None:
            keys.add(f"{_SEPARATOR}{group}")
        keys.discard("")
        return keys

    def _candidates(self, name: _Name, by_key: dict[str, list[int]]) -> list[int]:
        """The indexes of the names sharing a key with ``name``, the most recent first."""
        return sorted({j for key in name.keys for j in by_key.get(key, ())}, reverse=True)

    def match(self, one: _Name, other: _Name) -> bool:
        """Whether two names may refer to the same entity (the rules of the module's docstring)."""
        if not one.words or not other.words or (one.ann.start < other.ann.end and other.ann.start < one.ann.end):
            return False
        if _same_group(self.spurious, one.string, other.string):
            return False
        kind = other.ann.type
        genders = {one.ann.features.get("gender"), other.ann.features.get("gender")}
        if kind == "Person" and genders == {"male", "female"}:
            return False
        if one.string == other.string or _same_group(self.aliases, one.string, other.string):
            return True
        short, long = sorted((one, other), key=lambda n: len(n.words))
        if kind == "Person":
            surname, words = _without_title(short), _without_title(long)
            return len(surname) == 1 and len(words) > 1 and surname[0] == words[-1]
        if kind == "Organization":
            if short.org and short.org == long.org:
                return True
            return len(short.raw) == 1 and short.raw[0].isupper() and len(short.raw[0]) > 1 and \
                short.raw[0].lower() == long.initials.lower()
        return False


def _org_words(words: list[str], endings: frozenset[str]) -> list[str]:
    """An Organization's words without a leading "The" and its ``endings`` ("Ltd", "Co. Inc.")."""
    words = words[1:] if words[:1] and words[0].lower() == "the" else list(words)
    while words:
        k = next((k for k in (3, 2, 1) if " ".join(words[-k:]).lower() in endings), 0)
        if not k:
            break
        del words[-k:]
    return words


def _same_group(groups: dict[str, str], one: str, other: str) -> bool:
    group = groups.get(one.lower())
    return group is not None and group == groups.get(other.lower())


def _without_title(name: _Name) -> list[str]:
    """The words of a Person's name without those of its ``title`` feature at the start."""
    title = str(name.ann.features.get("title") or "").replace(".", " ").split()
    words = name.words
    if title and [w.lower() for w in words[:len(title)]] == [t.lower() for t in title]:
        return words[len(title):]
    return words


def _initials(words: list[str]) -> str:
    """The initials of the capitalised words, connectors ("of", "and") skipped."""
    return "".join(w[0] for w in words if w[:1].isupper() and w.lower() not in _CONNECTORS)
