"""Tagger model files: one zip archive holding ``model.json`` (what the model is) and the
learner's own payload (``crfsuite.model`` for the CRF, ``weights.json`` for the SVM), never a
pickle.

``model.json`` holds the format (:data:`FORMAT`), the learner, the feature configuration, the
label set, the training corpus (name, checksum, sizes), the learner's parameters and free
``meta`` (licence, scores). Archives are written byte-for-byte reproducibly: members in a fixed
order with a fixed date, JSON with sorted keys.
"""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from annotator.atomic import write_atomic
from annotator.errors import InputError, coded
from annotator.learning.features import FeatureConfig

FORMAT = "annotator-tagger/1"
INFO = "model.json"
_DATE = (1980, 1, 1, 0, 0, 0)


@dataclass
class ModelInfo:
    """What ``model.json`` says about a model."""

    learner: str
    features: FeatureConfig
    labels: list[str]
    corpus: dict[str, Any] = field(default_factory=dict)
    params: dict[str, Any] = field(default_factory=dict)
    meta: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "learner": self.learner, "features": self.features.to_json(),
                "feature_fingerprint": self.features.fingerprint(), "labels": self.labels,
                "corpus": self.corpus, "params": self.params, "meta": self.meta}

    @property
    def types(self) -> list[str]:
        """The annotation types the model tags (its labels without ``B-``/``I-``)."""
        return sorted({label[2:] for label in self.labels if label[:2] in ("B-", "I-")})


def json_bytes(data: Any) -> bytes:
    return (json.dumps(data, sort_keys=True, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def write_model(path: Path, info: ModelInfo, payload: dict[str, bytes]) -> None:
    """Write the archive atomically (E808 when it cannot be written)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in [(INFO, json_bytes(info.to_json()))] + sorted(payload.items()):
            member = zipfile.ZipInfo(name, date_time=_DATE)
            member.compress_type = zipfile.ZIP_DEFLATED
            member.external_attr = 0o644 << 16
            archive.writestr(member, data, compresslevel=9)
    try:
        write_atomic(Path(path), buffer.getvalue())
    except OSError as exc:
        raise InputError(coded("E808", reason=exc.strerror or exc), path=path) from None


def read_model(path: Path, learner: str) -> tuple[ModelInfo, dict[str, bytes]]:
    """The info and payload of a ``learner`` model file; E800 (unreadable), E801 (another
    learner's), E802 (another format) are InputErrors naming the file."""
    try:
        with zipfile.ZipFile(path) as archive:
            members = {name: archive.read(name) for name in archive.namelist()}
        data = json.loads(members.pop(INFO).decode("utf-8"))
    except KeyError:
        raise InputError(coded("E800", reason=f"no {INFO} in the archive"), path=path) from None
    except (OSError, zipfile.BadZipFile, ValueError) as exc:
        raise InputError(coded("E800", reason=exc), path=path) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, dict) else None
        raise InputError(coded("E802", found=found, expected=FORMAT), path=path)
    if data.get("learner") != learner:
        raise InputError(coded("E801", expected=learner, found=data.get("learner")), path=path)
    try:
        info = ModelInfo(learner, FeatureConfig.from_json(data["features"]), list(data["labels"]),
                         data.get("corpus", {}), data.get("params", {}), data.get("meta", {}))
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(coded("E800", reason=f"model.json: {type(exc).__name__}: {exc}"), path=path) from None
    return info, members


def corpus_checksum(items: Iterable[tuple[str, str, Iterable[tuple[str, int, int]]]]) -> str:
    """SHA-256 of a training corpus: per document (sorted by name) its name, text and gold spans."""
    digest = hashlib.sha256()
    for name, text, spans in sorted(items, key=lambda item: item[0]):
        digest.update(json.dumps([name, text, sorted(spans)], ensure_ascii=False).encode("utf-8"))
    return digest.hexdigest()
