"""The ``span-precedence`` PR: merges the spans of several sets (a rule system's and a learned
tagger's) into one, with a precedence per type, so that a hybrid keeps each source where it is
better.

Every annotation of the ``sources`` sets is a candidate, except that a type listed in ``only``
(``TYPE=SET``) is taken from that set alone. Overlapping candidates conflict; they are settled
greedily, the winner first: a candidate whose type names its own set in ``precedence``
(``TYPE=SET``) beats one whose does not, then the set named earlier in ``sources`` wins (for the
types not listed: the first source's spans win, the others fill the gaps), then the earlier and
longer span. The kept spans replace the output set's annotations of those types (the output set
may be one of the sources: the rules' set, merged in place), features kept.

The same entries may come from a ``merges`` file instead (so that a training script can write the
merges it chose and the pipeline read them as they are): one ``TYPE<TAB>precedence<TAB>SET`` or
``TYPE<TAB>only<TAB>SET`` line each, ``#`` lines comments.
"""

from __future__ import annotations

from pathlib import Path
from typing import Mapping, Sequence

from annotator.document import Document
from annotator.errors import PipelineError, coded
from annotator.processing.base import Param, ProcessingResource, register


Span = tuple[str, int, int]  # (type, start, end)


def merge(sources: Sequence[Sequence[Span]], precedence: Mapping[str, int] | None = None,
          only: Mapping[str, int] | None = None) -> list[tuple[int, int]]:
    """The spans kept, as ``(source, index)`` pairs in text order: ``sources[s]`` lists source
    ``s``'s spans; ``precedence[type]`` is the source that wins the type's conflicts, ``only[type]``
    the one source the type is taken from (see the module docstring)."""
    precedence = precedence or {}
    only = only or {}
    candidates = []
    for s, spans in enumerate(sources):
        for i, (type_name, start, end) in enumerate(spans):
            if only.get(type_name, s) == s:
                candidates.append(((0 if precedence.get(type_name) == s else 1, s, start, start - end), s, i))
    candidates.sort()
    kept: list[tuple[int, int]] = []
    taken: list[tuple[int, int]] = []
    for _, s, i in candidates:
        _, start, end = sources[s][i]
        if not any(start < e and b < end for b, e in taken):
            kept.append((s, i))
            taken.append((start, end))
    return sorted(kept, key=lambda k: sources[k[0]][k[1]][1:])


def parse_assignments(entries: list[str], sources: list[str], what: str) -> dict[str, str]:
    """``["TYPE=SET", ...]`` as a dict (E813 for a malformed entry, a set not in ``sources``, a type twice)."""
    out: dict[str, str] = {}
    for entry in entries:
        type_name, sep, source = (part.strip() for part in entry.partition("="))
        if not sep or not type_name or source not in sources or type_name in out:
            raise PipelineError(coded("E813", reason=f"{what} entry {entry!r}: expected TYPE=SET once per type, "
                                                     f"SET one of the sources ({', '.join(sources)})"))
        out[type_name] = source
    return out


def read_merges(path: Path) -> dict[str, list[str]]:
    """A merges file (module docstring) as ``{"precedence": ["TYPE=SET", ...], "only": [...]}`` (E813 for a bad line)."""
    out: dict[str, list[str]] = {"precedence": [], "only": []}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != 3 or fields[1] not in out:
            raise PipelineError(coded("E813", reason=f"{path}:{number}: expected TYPE<TAB>precedence|only<TAB>SET, "
                                                     f"got {line!r}"))
        out[fields[1]].append(f"{fields[0]}={fields[2]}")
    return out


def write_merges(path: Path, precedence: Mapping[str, str], only: Mapping[str, str], header: str = "") -> None:
    """Writes a merges file that :func:`read_merges` reads back: ``header`` as ``#`` lines, then the
    types in sorted order (the same merges give the same bytes)."""
    lines = [f"# {line}".rstrip() for line in header.splitlines()]
    entries = [(t, "precedence", s) for t, s in precedence.items()] + [(t, "only", s) for t, s in only.items()]
    lines += ["\t".join(entry) for entry in sorted(entries)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@register("span-precedence")
class SpanPrecedence(ProcessingResource):
    """Merges the spans of several annotation sets with a precedence per type (a hybrid's last step)."""

    sources = Param(list, None, "annotation sets to merge, in default precedence order (first wins)", required=True)
    precedence = Param(list, [], "TYPE=SET: in a conflict, SET's spans of TYPE win")
    only = Param(list, [], "TYPE=SET: spans of TYPE are taken from SET alone")
    merges = Param(Path, None, "file of precedence and only entries, TYPE<TAB>precedence|only<TAB>SET per line")
    outputASName = Param(str, "PHI", "annotation set the merged spans go to (may be one of the sources)")

    def setup(self) -> None:
        if len(self.sources) < 2 or len(set(self.sources)) != len(self.sources):
            raise PipelineError(coded("E813", reason=f"sources must name two or more different sets, got {self.sources}"))
        index = {name: s for s, name in enumerate(self.sources)}
        extra = read_merges(self.merges) if self.merges else {"precedence": [], "only": []}
        self._precedence = {t: index[n] for t, n in parse_assignments(
            self.precedence + extra["precedence"], self.sources, "precedence").items()}
        self._only = {t: index[n] for t, n in parse_assignments(self.only + extra["only"], self.sources, "only").items()}

    def __call__(self, doc: Document) -> None:
        anns = [list(doc.annset(name)) for name in self.sources]
        kept = merge([[(a.type, a.start, a.end) for a in spans] for spans in anns], self._precedence, self._only)
        chosen = [(anns[s][i].type, anns[s][i].start, anns[s][i].end, dict(anns[s][i].features)) for s, i in kept]
        types = {a.type for spans in anns for a in spans}
        out = self.output_set(doc)
        out.remove_all([a for a in out if a.type in types])
        out.add_many(chosen)
