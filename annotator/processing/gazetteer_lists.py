"""Reading GATE gazetteer definitions: ``lists.def`` and ``.lst`` files (shared by both gazetteers).

``lists.def`` has one list per line, ``file.lst:majorType[:minorType[:language[:annotationType]]]``;
list paths are relative to the ``lists.def``; blank lines are skipped. Each ``.lst`` line is one
entry, optionally followed by features, each after the feature separator (ANNIE default ``:``):
``United States:ISO2=US:ISO3=USA``. Blank lines are skipped. A problem is one error naming the
file and line.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from annotator.errors import PipelineError, coded


def gazetteer_error(code: str, path: Path | str | None = None, line: int | None = None, **values: Any) -> PipelineError:
    """A coded gazetteer error (``E43x message``) placed at ``path:line``."""
    return PipelineError(coded(code, **values), path=path, line=line)


@dataclass(frozen=True)
class ListSpec:
    """One line of a ``lists.def``: a list file and what its entries are annotated as."""

    path: Path
    major_type: str
    minor_type: str | None = None
    language: str | None = None
    annotation_type: str = "Lookup"
    extra: tuple[str, ...] = ()
    where: tuple[str, int] = ("", 0)

    def features(self) -> dict[str, str]:
        """The features every Lookup of this list gets: majorType, and minorType/language if set."""
        found = {"majorType": self.major_type}
        if self.minor_type:
            found["minorType"] = self.minor_type
        if self.language:
            found["language"] = self.language
        return found


def _read_lines(path: Path, encoding: str, what: str, where: tuple[str, int] | None = None) -> list[str]:
    try:
        data = path.read_bytes()
    except OSError as exc:
        place = where or (str(path), None)
        raise gazetteer_error("E430", *place, what=what, reason=exc.strerror or str(exc)) from None
    try:
        return data.decode(encoding).removeprefix("\ufeff").splitlines()  # a byte-order mark is not text
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise gazetteer_error("E430", path, line, what=what, reason=f"not valid {encoding}: {exc.reason}") from None


def read_lists_def(path: Path, encoding: str = "utf-8", extra_fields: int = 0, extra_help: str = "") -> list[ListSpec]:
    """The lists declared in a ``lists.def``; ``extra_fields`` more ``:`` fields are allowed after
    annotationType (the regex gazetteer's munging rules) and kept in ``ListSpec.extra``."""
    path = Path(path)
    specs = []
    for number, raw in enumerate(_read_lines(path, encoding, "lists.def"), 1):
        line = raw.strip()
        if not line:
            continue
        fields = line.split(":")
        if len(fields) < 2 or len(fields) > 5 + extra_fields or not fields[0].strip() or not fields[1].strip():
            raise gazetteer_error("E431", path, number, text=line, extra=extra_help)
        fields += [""] * (5 + extra_fields - len(fields))
        list_path = path.parent / fields[0].strip()
        if not list_path.is_file():
            raise gazetteer_error("E432", path, number, name=fields[0].strip())
        specs.append(ListSpec(
            path=list_path,
            major_type=fields[1].strip(),
            minor_type=fields[2].strip() or None,
            language=fields[3].strip() or None,
            annotation_type=fields[4].strip() or "Lookup",
            extra=tuple(f.strip() for f in fields[5:]),
            where=(str(path), number),
        ))
    return specs


def read_entries(spec: ListSpec, separator: str, encoding: str = "utf-8") -> Iterator[tuple[int, str, dict[str, str] | None]]:
    """``(line number, entry, features or None)`` for every non-blank line of a list file.

    The entry is the text before the first separator (an empty separator means no features);
    every following part must be ``key=value``."""
    for number, line in enumerate(_read_lines(spec.path, encoding, "list file", spec.where), 1):
        if separator and separator in line:
            entry, *parts = line.split(separator)
            features = {}
            for part in parts:
                key, eq, value = part.partition("=")
                if not eq or not key.strip():
                    raise gazetteer_error("E433", spec.path, number, part=part, sep=separator)
                features[key.strip()] = value.strip()
            if not entry.strip():
                raise gazetteer_error("E434", spec.path, number)
            yield number, entry, features
        elif line and not line.isspace():
            yield number, line, None
