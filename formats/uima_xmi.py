r"""UIMA CAS XMI (``.xmi``), as INCEpTION, WebAnno, DKPro Core and cTAKES write it, on dkpro-cassis.

Reading: the type system is the reader option ``typesystem`` (``--typesystem FILE``), else a
``TypeSystem.xml`` or ``typesystem.xml`` beside the file, else the DKPro Core type system cassis
ships. Every annotation (``uima.tcas.Annotation`` and subtypes, ``DocumentAnnotation`` and
DKPro's ``DocumentMetaData`` included) of the initial view becomes an annotation of the default
set with the XMI id as its id and the UIMA type's full name as its type; the annotations of
another view whose text is the same go to the set named after the view (a view with another text
is skipped with a warning, E152). Offsets are cassis's (code points: cassis converts UTF-16 units
both ways). Features: primitives as typed values, arrays and lists as lists, a reference to an
annotation as its id, to another feature structure as ``{"type": NAME, "features": {...}}``; which
features are references is the document feature :data:`REFERENCES` (:func:`reference_range`), and
writing makes them references again (:class:`_CasBuilder`). cTAKES's ``BinaryTextRelation``\ s
between two annotations and its ``CollectionTextRelation``\ s (coreference chains) of annotations
are relations (:meth:`_Reader.text_relations`, :func:`is_text_relation`,
:func:`is_collection_relation`).

Writing (one ``NAME.xmi`` per document, and one ``TypeSystem.xml`` for the folder, merged in the
client as each document is written and written when the run ends, see :class:`FolderTypeSystem`)
keeps our documents lossless:

- a type that is no valid UIMA name (``LOCATION-OTHER``) is written as
  ``annotator.escaped.NAME`` with every character outside ``[A-Za-z0-9]`` as ``_HEX_`` (its code
  point in upper-case hexadecimal), and read back to the original;
- a feature name that is no Java identifier, begins with ``ann_`` or is taken (``begin``,
  ``end``, ``sofa``, ``type`` and the attributes of cassis's feature structures but ``value``) is written as
  ``ann_x_`` + the escaped name; a value UIMA cannot hold (an object, ``None``, an empty or mixed
  list, an integer beyond 64 bits) is written as a String feature ``ann_json_`` + the escaped
  name holding its JSON; both are read back to the original name and value;
- named sets are views of the same text; relations are ``annotator.Relation`` feature
  structures (``relationType``, ``members`` as an FSArray, ``relationId``, ``set``, JSON
  ``features``); document features are the JSON of one ``annotator.DocumentFeatures``.
"""

from __future__ import annotations

import json
import warnings
from collections import Counter
from functools import lru_cache
from io import BytesIO
from pathlib import Path
from typing import Any, Iterator

import regex
from lxml import etree

from annotator.atomic import write_atomic
from annotator.document import Document
from annotator.errors import input_error, warn
from annotator.formats.base import FolderFiles, Format, add_annotation, read_bytes
from annotator.formats.uima_prolog import prolog_is_plain
from annotator.formats.xml_safety import check_xml_chars, parse_xml

ESCAPED = "annotator.escaped."
RELATION = "annotator.Relation"
DOC_FEATURES = "annotator.DocumentFeatures"
REFERENCES = "uima.references"
_TOP = "uima.cas.TOP"
_CTAKES_RELATION = "org.apache.ctakes.typesystem.type.relation."
TEXT_RELATION = _CTAKES_RELATION + "BinaryTextRelation"
_RELATION_BASE = _CTAKES_RELATION + "Relation"
_ARGUMENT = _CTAKES_RELATION + "RelationArgument"
COLLECTION_RELATION = _CTAKES_RELATION + "CollectionTextRelation"
UIMA_TYPE = "uima.type"
UIMA_MEMBERS = "uima.members"
_FS_ARRAY = "uima.cas.FSArray"
_FS_LIST = "uima.cas.FSList"
TYPESYSTEM = "TypeSystem.xml"
_ANNOTATION = "uima.tcas.Annotation"
_SKIP = frozenset(("begin", "end", "sofa"))
_NAME = regex.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_UNSAFE = regex.compile(r"[^A-Za-z0-9]")
_HEX = regex.compile(r"_([0-9A-F]+)_")
_LONG = (-(2**63), 2**63 - 1)
_UNMAPPED = regex.compile(r"Not mapping external offset \[(\d+)\]")


def _escape(name: str) -> str:
    return _UNSAFE.sub(lambda m: f"_{ord(m.group()):X}_", name)


def _unescape(name: str) -> str:
    return _HEX.sub(lambda m: chr(int(m.group(1), 16)), name)


@lru_cache(maxsize=4096)
def uima_type(name: str) -> str:
    """The UIMA name a type of ours is written under (itself when valid)."""
    if all(_NAME.fullmatch(part) for part in name.split(".")) and not name.startswith(ESCAPED):
        return name
    return ESCAPED + _escape(name)


def our_type(name: str) -> str:
    return _unescape(name[len(ESCAPED):]) if name.startswith(ESCAPED) else name


@lru_cache(maxsize=1)
def _reserved() -> frozenset[str]:
    """Names a feature cannot have: the annotation's own and the attributes of cassis's objects,
    but ``value``: a method of cassis's feature structures that a feature may shadow (cassis reads
    and writes DKPro's ``NamedEntity.value`` as any feature), so it keeps its name."""
    return (frozenset(dir(_cassis().typesystem.FeatureStructure)) - {"value"}) | {"begin", "end", "sofa", "xmiID", "type"}


@lru_cache(maxsize=4096)
def _feature_name(name: str, json_value: bool) -> str:
    if json_value:
        return "ann_json_" + _escape(name)
    if _NAME.fullmatch(name) and not name.startswith("ann_") and name not in _reserved():
        return name
    return "ann_x_" + _escape(name)


def _our_feature(name: str) -> tuple[str, bool]:
    """Our name of a UIMA feature, and whether its value is JSON."""
    if name.startswith("ann_json_"):
        return _unescape(name[9:]), True
    if name.startswith("ann_x_"):
        return _unescape(name[6:]), False
    return name, False


def _scalar_range(value: Any) -> str | None:
    if isinstance(value, bool):
        return "uima.cas.Boolean"
    if isinstance(value, int):
        return "uima.cas.Long" if _LONG[0] <= value <= _LONG[1] else None
    if isinstance(value, float):
        return "uima.cas.Double"
    if isinstance(value, str):
        return "uima.cas.String"
    return None


def _range(value: Any) -> str | None:
    """The UIMA range of a feature value, None when it travels as JSON."""
    if isinstance(value, list):
        ranges = {_scalar_range(v) for v in value}
        if len(ranges) != 1 or None in ranges:
            return None
        return ranges.pop() + "Array"
    return _scalar_range(value)


# ---------------------------------------------------------------- reading

def reference_range(ts, feature) -> str | None:
    """How :data:`REFERENCES` names the range of a feature that refers to feature structures
    (``T``; ``uima.cas.FSArray<T>`` or ``uima.cas.FSList<T>`` for a collection of ``T``,
    ``uima.cas.FSArray`` alone when the element type is not declared); None for a primitive,
    an array or list of primitives."""
    rng = feature.rangeType
    if ts.is_primitive(rng) or ts.is_primitive_collection(rng):
        return None
    if rng.name in (_FS_ARRAY, _FS_LIST) and feature.elementType is not None and feature.elementType.name != _TOP:
        return f"{rng.name}<{feature.elementType.name}>"
    return rng.name


def _split_range(spec: str) -> tuple[str, str | None]:
    """``uima.cas.FSArray<T>`` -> (``uima.cas.FSArray``, ``T``); ``T`` -> (``T``, None)."""
    rng, _, element = spec.partition("<")
    return rng, element[:-1] or None


def _cassis():
    try:
        import cassis
    except ImportError:
        raise input_error("E150", None, None) from None
    _fast_offset_tables()
    return cassis


@lru_cache(maxsize=1)
def _fast_offset_tables() -> None:
    """cassis's offset tables from :mod:`annotator.formats.uima_offsets`, once per process."""
    from annotator.formats.uima_offsets import use_fast_tables

    use_fast_tables(True)


@lru_cache(maxsize=8)
def _load_typesystem(path: str | None, stamp: tuple[int, int]):
    cassis = _cassis()
    if path is None:
        return dkpro_typesystem()
    data = read_bytes(Path(path))
    root = parse_xml(data, path)
    try:
        return cassis.load_typesystem(BytesIO(data))
    except Exception as exc:  # cassis raises ValueError, KeyError, ... on a bad type system
        line, reason = None, _reason(exc)
        if isinstance(exc, KeyError) and exc.args:  # a type named that no description declares
            name = str(exc.args[0])
            line = next((e.sourceline for e in root.iter() if isinstance(e.tag, str) and (e.text or "").strip() == name
                         and etree.QName(e).localname in _TYPE_REFERENCES), None)
            if line is not None:
                reason = f"type {name} is neither described in it nor built into UIMA"
        raise input_error("E151", path, line, reason=reason) from None


_TYPE_REFERENCES = ("supertypeName", "rangeTypeName", "elementType")


DOCUMENT_META_DATA = "de.tudarmstadt.ukp.dkpro.core.api.metadata.type.DocumentMetaData"


def dkpro_typesystem():
    """DKPro Core's type system as cassis ships it, plus DKPro's ``DocumentMetaData`` (which
    that copy lacks), as DKPro Core declares it."""
    ts = _cassis().load_dkpro_core_typesystem()
    meta = ts.create_type(DOCUMENT_META_DATA, "uima.tcas.DocumentAnnotation")
    for feature in ("documentTitle", "documentId", "documentUri", "collectionId", "documentBaseUri"):
        ts.create_feature(meta, feature, "uima.cas.String")
    ts.create_feature(meta, "isLastSegment", "uima.cas.Boolean")
    return ts


def typesystem_for(path: Path, given: str | Path | None):
    """The type system of the XMI file ``path``: ``given``, else one beside it, else DKPro's."""
    candidates = [Path(given)] if given else [path.parent / TYPESYSTEM, path.parent / "typesystem.xml"]
    for candidate in candidates:
        if given or candidate.is_file():
            try:
                stat = candidate.stat()
            except OSError:
                raise input_error("E128", candidate, None, file=candidate) from None
            return _load_typesystem(str(candidate), (stat.st_mtime_ns, stat.st_size))
    return _load_typesystem(None, (0, 0))


_NO_NAMESPACE = "uima.noNamespace."


def _element_type(tag: str) -> str:
    """The UIMA type an XMI element stands for: ``{http:///a/b.ecore}T`` is ``a.b.T``, and a type
    without a namespace is under ``http:///uima/noNamespace.ecore``."""
    uri, _, local = tag[1:].partition("}")
    name = uri[len("http:///"):].removesuffix(".ecore").replace("/", ".") + "." + local
    return name.removeprefix(_NO_NAMESPACE)


_XMI_ID = "{http://www.omg.org/XMI}id"
_CAS_VIEW = "{http:///uima/cas.ecore}View"
_CAS_SOFA = "{http:///uima/cas.ecore}Sofa"
_INTEGRAL = ("Integer", "Short", "Long", "Byte")


def _kind_fits(kind: str, text: str) -> bool:
    """Whether ``text`` reads as a value of the UIMA primitive ``kind`` (``Integer``, ``Float``,
    ...) as cassis reads it."""
    try:
        if kind in _INTEGRAL:
            int(text)
        elif kind in ("Float", "Double"):
            float(text)
        elif kind == "Boolean":
            return text in ("true", "false")
    except ValueError:
        return False
    return True


def _unfit_value(ts, type_, feature, text: str, ids: set[str], sofas: set[str]) -> str | None:
    """Why the attribute ``text`` of ``feature`` does not fit its range, as far as cassis would
    fail on it (a value that is no number, a reference to an xmi:id no element has), or None."""
    where = f"feature {feature.name!r} of {type_.name}"
    rng = feature.rangeType
    kind = rng.name.removeprefix("uima.cas.")
    if feature.name == "sofa":
        return None if text in sofas else f"{where} refers to sofa xmi:id {text}, which no cas:Sofa has"
    if ts.is_primitive(rng):
        return None if _kind_fits(kind, text) else f"{where} is a uima.cas.{kind}, not {text!r}"
    if feature.name == "elements" and ts.is_primitive_array(type_):  # an array of its own: elements="1 2"
        collection = type_
    elif ts.is_primitive_array(rng) or ts.is_primitive_list(rng):  # written inline
        collection = rng
    else:
        collection = None
    if collection is not None:
        kind = collection.name.removeprefix("uima.cas.").removesuffix("Array").removesuffix("List")
        numbers = kind in ("Integer", "Short", "Long", "Float", "Double")  # (bytes are hex, strings anything)
        bad = [t for t in text.split() if not _kind_fits(kind, t)] if numbers else []
        return f"{where} holds {bad[0]!r}, not a uima.cas.{kind}" if bad else None
    inline = type_.name == _FS_ARRAY or (rng.name in (_FS_ARRAY, _FS_LIST) and not feature.multipleReferencesAllowed)
    for target in text.split() if inline else [text]:
        if target not in ids:
            return f"{where} refers to xmi:id {target}, which no element of the file has"
    return None


def unfit(root, ts) -> tuple[int, str] | None:
    """The line of the first element of an XMI (its parsed ``root``) that the type system ``ts``
    does not fit, and why: a type or feature it lacks, a value that is not of its feature's
    primitive range, a reference to an xmi:id no element has; where to look when cassis cannot
    load the file (cassis does not say); None when none is found."""
    elements = [e for e in root if isinstance(e.tag, str) and e.tag.startswith("{http:///")]
    sofas = {e.get(_XMI_ID) for e in elements if e.tag == _CAS_SOFA}
    ids = {e.get(_XMI_ID) for e in elements if e.tag not in (_CAS_SOFA, _CAS_VIEW)} - {None}
    for element in elements:
        if element.tag == _CAS_VIEW:
            missing = [m for m in element.get("members", "").split() if m not in ids]
            if missing:
                return element.sourceline, f"the view of sofa {element.get('sofa')} lists xmi:id {missing[0]}, which no element of the file has"
            continue
        name = _element_type(element.tag)
        if name == "uima.cas.NULL" or element.tag == _CAS_SOFA:
            continue
        if not ts.contains_type(name):
            return element.sourceline, f"type {name} is not in the type system"
        type_ = ts.get_type(name)
        for attr, text in [*element.attrib.items(), *((child.tag, None) for child in element)]:
            if not isinstance(attr, str) or attr.startswith("{"):
                continue
            feature = type_.get_feature(attr)
            if feature is None:
                return element.sourceline, f"type {name} has no feature {attr!r} in the type system"
            why = None if text is None else _unfit_value(ts, type_, feature, text, ids, sofas)
            if why is not None:
                return element.sourceline, why
    return None


def sofaless_view_line(root) -> int | None:
    """The line of a ``cas:View`` without a sofa (UIMA writes one for the feature structures of a
    CAS that has no text), which cassis cannot load."""
    for element in root.iter("{http:///uima/cas.ecore}View"):
        if "sofa" not in element.attrib:
            return element.sourceline
    return None


def _list_nodes(node, seen: frozenset = frozenset()) -> tuple[list, str | None]:
    """The non-empty nodes of a UIMA linked list (``uima.cas.FSList``, ``IntegerList``, ...)
    from ``node`` on, in order, up to its empty node, and None; or up to where it does not end,
    and why: a tail that refers back into it (or to a node whose id is in ``seen``) or a node
    without a tail."""
    nodes, ids = [], set(seen)
    while node.type.name.startswith("uima.cas.NonEmpty"):
        if id(node) in ids:
            return nodes, "does not end (a tail refers back into it)"
        ids.add(id(node))
        nodes.append(node)
        node = node.tail
        if node is None:
            return nodes, "has a node without a tail"
    return nodes, None


def _reason(exc: Exception) -> str:
    return (str(exc) or type(exc).__name__).splitlines()[0]


class _Reader:
    """One CAS turned into a document."""

    def __init__(self, cas, path: Path) -> None:
        self.cas, self.path = cas, path
        self.ts = cas.typesystem
        self.annotation = self.ts.get_type(_ANNOTATION)
        self.shift = 0  # our XMI ids are our ids + this (render_xmi)
        self.is_annotation: dict[str, bool] = {}
        self.names: dict[str, list[tuple[str, str, bool, str | None]]] = {}
        self.references: dict[str, dict[str, str]] = {}  # our type -> our feature -> range (REFERENCES)
        self.reached: dict[int, dict] = {}  # XMI id -> the {"type", "features"} read for it, shared

    def document(self, name: str) -> Document:
        cas = self.cas  # cassis loads a CAS whose current view is the initial one
        text = cas.sofa_string or ""
        doc = Document(text, name=name)
        ours = cas.select(DOC_FEATURES) if self.ts.contains_type(DOC_FEATURES) else []
        if ours:  # written by us: our ids and document features
            self.shift = ours[0].get("idShift") or 0
            doc.features.update(json.loads(ours[0].get("json") or "{}"))
        references = doc.features.get(REFERENCES) or {}
        for other in cas.views:
            set_name = "" if other.sofa.sofaID == "_InitialView" else other.sofa.sofaID
            view_cas = cas.get_view(set_name) if set_name else cas  # get_view copies the CAS
            if (view_cas.sofa_string or "") != text:
                warn("E152", self.path, None, view=set_name)
                continue
            relations, others = [], []
            for fs in view_cas.select_all_fs() if hasattr(view_cas, "select_all_fs") else view_cas.select_all():
                type_name = fs.type.name
                if type_name == DOC_FEATURES:
                    continue
                if type_name == RELATION:
                    relations.append(fs)
                elif self.annotates(fs.type):
                    add_annotation(doc, self.path, None, our_type(type_name), fs.begin, fs.end,
                                   self.features(fs), id=fs.xmiID - self.shift, annset=set_name)
                else:
                    others.append(fs)
            for fs in relations:
                members = [m.xmiID - self.shift for m in (fs.get("members").elements if fs.get("members") else [])]
                doc.annset(fs.get("annotationSet") or set_name).add_relation(
                    our_type(fs.get("relationType") or ""), members, json.loads(fs.get("features") or "{}"),
                    id=fs.get("relationId"))
            taken = self.text_relations(others, doc.annset(set_name), other.sofa.sofaID)
            unread = Counter(fs.type.name for fs in others if fs.xmiID not in self.reached and fs.xmiID not in taken)
            if unread:
                warn("E158", self.path, None, view=other.sofa.sofaID, count=sum(unread.values()),
                     types=", ".join(f"{name} ({n})" for name, n in sorted(unread.items())))
        for type_name, feats in self.references.items():
            references.setdefault(type_name, {}).update(feats)
        if references:
            doc.features[REFERENCES] = references
        return doc

    def annotates(self, type_) -> bool:
        """Whether a type is ``uima.tcas.Annotation`` or a subtype."""
        known = self.is_annotation.get(type_.name)
        if known is None:
            known = self.is_annotation[type_.name] = self.ts.subsumes(self.annotation, type_)
        return known

    def text_relations(self, others: list, annset, view: str) -> set[int]:
        """Add the cTAKES relations among ``others`` to ``annset`` (formats/README.md): each
        ``BinaryTextRelation`` whose two arguments are annotations of the set, each
        ``CollectionTextRelation`` whose members are (in list order); the XMI ids of the feature
        structures so read (the relations and their arguments), and of the collection relations
        left unread with their own warning (E137)."""
        taken: set[int] = set()
        binary = self.ts.get_type(TEXT_RELATION) if self.ts.contains_type(TEXT_RELATION) else None
        collection = self.ts.get_type(COLLECTION_RELATION) if self.ts.contains_type(COLLECTION_RELATION) else None
        lists: dict[int, int] = {}  # id() of a members list or array -> the XMI id of the relation read with it
        for fs in others:
            if binary is not None and self.ts.subsumes(binary, fs.type):
                taken.update(self.binary_relation(fs, annset))
            elif collection is not None and self.ts.subsumes(collection, fs.type):
                taken.update(self.collection_relation(fs, annset, view, lists))
        return taken

    def binary_relation(self, fs, annset) -> tuple[int, ...]:
        args = [fs.get("arg1"), fs.get("arg2")]
        targets = [arg.get("argument") if arg is not None else None for arg in args]
        if not all(t is not None and self.annotates(t.type) and annset.get(t.xmiID - self.shift) for t in targets):
            return ()  # not between two annotations of this set: left unread (E158)
        features = self.features(fs, skip=frozenset(("arg1", "arg2", "category")))
        features[UIMA_TYPE] = our_type(fs.type.name)
        roles = [arg.get("role") for arg in args]
        if any(role is not None for role in roles):
            features["roles"] = [role or "" for role in roles]
        annset.add_relation(fs.get("category") or our_type(fs.type.name),
                            [t.xmiID - self.shift for t in targets], features, id=fs.xmiID - self.shift)
        return fs.xmiID, args[0].xmiID, args[1].xmiID

    def collection_relation(self, fs, annset, view: str, lists: dict[int, int]) -> tuple[int, ...]:
        """A ``CollectionTextRelation`` (cTAKES's coreference chain) as a relation whose members
        are the annotations of its ``members`` list or array in order (each given directly, or
        as the ``argument`` of a ``RelationArgument``: then ``roles``), with the features
        :data:`UIMA_TYPE` and :data:`UIMA_MEMBERS` (the range of ``members``, ``""`` when it has
        no value); one warning line (E137) and nothing read when a member is no annotation of
        this set or the list does not end, one (E138) when two relations share one list (each
        reads it)."""
        feature = fs.type.get_feature("members")
        rng = feature.rangeType.name if feature is not None else None
        value = fs.get("members") if feature is not None else None
        members = self.collection_members(value, annset) if rng in (_FS_ARRAY, _FS_LIST) else \
            f"its type declares no members feature of range uima.cas.FSList or uima.cas.FSArray ({rng})"
        if isinstance(members, str):
            warn("E137", self.path, None, id=fs.xmiID, type=fs.type.name, view=view, reason=members)
            return (fs.xmiID,)
        if value is not None:
            first = lists.setdefault(id(value), fs.xmiID)
            if first != fs.xmiID:
                warn("E138", self.path, None, first=first, second=fs.xmiID, view=view)
        features = self.features(fs, skip=frozenset(("members", "category")))
        features[UIMA_TYPE] = our_type(fs.type.name)
        features[UIMA_MEMBERS] = "" if value is None else rng  # a string: every format carries it
        members, roles, arguments = members
        if any(role is not None for role in roles):
            features["roles"] = roles
        annset.add_relation(fs.get("category") or our_type(fs.type.name), members, features,
                            id=fs.xmiID - self.shift)
        return (fs.xmiID, *arguments)

    def collection_members(self, value, annset) -> tuple[list[int], list[str | None], list[int]] | str:
        """Our ids of the annotations a members list or array holds, in order, with the role of
        each (``""`` for a ``RelationArgument`` without one, None for an annotation given
        directly) and the XMI ids of the ``RelationArgument``\ s, or why it cannot be read."""
        if value is None:
            return [], [], []
        if hasattr(value, "elements"):
            items = list(value.elements)
        else:
            nodes, end = _list_nodes(value)
            if end is not None:
                return f"its members list {end}"
            items = [node.head for node in nodes]
        argument = self.ts.get_type(_ARGUMENT) if self.ts.contains_type(_ARGUMENT) else None
        ids, roles, arguments = [], [], []
        for place, item in enumerate(items, 1):
            role = None
            if item is not None and argument is not None and self.ts.subsumes(argument, item.type):
                arguments.append(item.xmiID)
                role, item = item.get("role") or "", item.get("argument")
            if item is None:
                return f"member {place} is empty"
            if not self.annotates(item.type):
                return f"member {place} (xmi:id {item.xmiID}) is no annotation but a {item.type.name}"
            if annset.get(item.xmiID - self.shift) is None:
                return f"member {place} (xmi:id {item.xmiID}) is not an annotation of this view"
            ids.append(item.xmiID - self.shift)
            roles.append(role)
        return ids, roles, arguments

    def features(self, fs, seen: frozenset = frozenset(), skip: frozenset = frozenset()) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for feature, name, is_json, reference in self.feature_names(fs.type):
            if feature in skip:
                continue
            value = fs.get(feature)
            if value is not None:
                out[name] = json.loads(value) if is_json else self.value(value, seen | {id(fs)})
                if reference is not None:
                    self.references.setdefault(our_type(fs.type.name), {})[name] = reference
        return out

    def feature_names(self, type_) -> list[tuple[str, str, bool, str | None]]:
        """(UIMA name, our name, whether JSON, :func:`reference_range`) of a type's features but
        begin, end and sofa."""
        known = self.names.get(type_.name)
        if known is None:
            known = self.names[type_.name] = [(f.name, *_our_feature(f.name), reference_range(self.ts, f))
                                              for f in type_.all_features if f.name not in _SKIP]
        return known

    def value(self, value: Any, seen: frozenset) -> Any:
        if isinstance(value, (str, int, float, bool)):
            return value
        type_ = getattr(value, "type", None)
        if type_ is None:
            return value
        if hasattr(value, "elements"):  # arrays
            return [self.value(v, seen) for v in value.elements]
        if type_.name.startswith("uima.cas.") and type_.name.endswith("List"):
            items = []
            for node in _list_nodes(value, seen)[0]:  # up to where it does not end, if it does not
                seen = seen | {id(node)}
                items.append(self.value(node.head, seen))
            return items
        if self.annotates(type_) or id(value) in seen:
            return value.xmiID - self.shift
        known = self.reached.get(value.xmiID)
        if known is None:
            known = {"type": our_type(type_.name), "features": self.features(value, seen)}
            self.reached[value.xmiID] = known
        return known


# ---------------------------------------------------------------- writing

def references(doc: Document) -> dict[str, dict[str, str]]:
    """The document's :data:`REFERENCES`: our type -> our feature -> UIMA range, for the features
    whose values refer to annotations (ids) or feature structures (``{"type", "features"}``)."""
    refs = doc.features.get(REFERENCES) or {}
    if not (isinstance(refs, dict) and all(isinstance(f, dict) and all(isinstance(r, str) for r in f.values())
                                           for f in refs.values())):
        raise input_error("E157", doc.name, None, value=refs)
    return refs


def used_types(doc: Document) -> dict[str, dict[str, str]]:
    """UIMA type -> feature -> range of what ``doc`` needs (what the folder's type system merges).
    The feature ``""`` of a type, when there, is its supertype (``uima.cas.TOP`` for the feature
    structures that are not annotations); else it is ``uima.tcas.Annotation``."""
    types: dict[str, dict[str, str]] = {}
    refs = references(doc)
    for set_name in doc.annset_names():
        annset = doc.annset(set_name)
        for ann in annset:
            if ann.features:
                _use_features(types, uima_type(ann.type), ann.features, refs.get(ann.type, {}), refs)
            else:
                types.setdefault(uima_type(ann.type), {})
        for rel in annset.relations.values():
            if is_text_relation(rel):
                _use_text_relation(types, rel, refs)
            elif is_collection_relation(rel):
                _use_collection_relation(types, rel, refs, doc.name)
            else:
                types[RELATION] = {}
    if COLLECTION_RELATION in types:
        types[COLLECTION_RELATION].setdefault("members", _FS_LIST)
    types[DOC_FEATURES] = {}
    return types


def is_text_relation(rel) -> bool:
    """Whether a relation of ours is written as cTAKES's ``BinaryTextRelation`` (or the subtype
    its feature :data:`UIMA_TYPE` names): a relation of two annotations that has that feature
    and not :data:`UIMA_MEMBERS`."""
    return isinstance(rel.features.get(UIMA_TYPE), str) and len(rel.members) == 2 and UIMA_MEMBERS not in rel.features


def is_collection_relation(rel) -> bool:
    """Whether a relation of ours is written as cTAKES's ``CollectionTextRelation`` (or the subtype
    its feature :data:`UIMA_TYPE` names): one with that feature and :data:`UIMA_MEMBERS`."""
    return isinstance(rel.features.get(UIMA_TYPE), str) and UIMA_MEMBERS in rel.features


def _members_range(rel, where: str | Path | None) -> str | None:
    """The relation's :data:`UIMA_MEMBERS`: ``uima.cas.FSList``, ``uima.cas.FSArray``, or None for
    ``""`` or None (no ``members`` at all: the relation has none; BioC reads an empty infon as None)."""
    rng = rel.features[UIMA_MEMBERS]
    if rng not in (_FS_LIST, _FS_ARRAY, "", None) or (not rng and rel.members):
        raise input_error("E120", where, None, what=f"relation {rel.id}'s feature {UIMA_MEMBERS!r}", value=rng,
                          fmt='uima-xmi (uima.cas.FSList, uima.cas.FSArray, or "" for a relation without members)')
    return rng or None


def _use_text_relation(types: dict[str, dict[str, str]], rel, refs: dict[str, dict[str, str]]) -> None:
    """The types a cTAKES relation needs: ``Relation`` (its ``category`` and the relation's other
    features), ``BinaryTextRelation`` under it, its subtype, ``RelationArgument``."""
    types.setdefault(_RELATION_BASE, {}).update({"": _TOP, "category": "uima.cas.String"})
    types.setdefault(TEXT_RELATION, {}).update({"": _RELATION_BASE, "arg1": _ARGUMENT, "arg2": _ARGUMENT})
    types.setdefault(_ARGUMENT, {}).update({"": _TOP, "argument": _ANNOTATION, "role": "uima.cas.String"})
    name = uima_type(rel.features[UIMA_TYPE])
    if name != TEXT_RELATION:
        types.setdefault(name, {})[""] = TEXT_RELATION
    _use_features(types, _RELATION_BASE, _text_relation_features(rel), {}, refs)


def _use_collection_relation(types: dict[str, dict[str, str]], rel, refs: dict[str, dict[str, str]],
                             where: str | Path | None) -> None:
    """The types a cTAKES collection relation needs: ``Relation`` (as for a binary one),
    ``CollectionTextRelation`` under it with ``members`` of the relation's range (one for the
    document's relations, as for those read from one file: another is E120), its subtype, and
    ``RelationArgument`` when a member is written in one."""
    types.setdefault(_RELATION_BASE, {}).update({"": _TOP, "category": "uima.cas.String"})
    feats = types.setdefault(COLLECTION_RELATION, {})
    feats[""] = _RELATION_BASE
    rng = _members_range(rel, where)
    if rng is not None:  # else any (used_types gives cTAKES's FSList when no relation says)
        if feats.setdefault("members", rng) != rng:
            raise input_error("E120", where, None, what=f"relation {rel.id}'s feature {UIMA_MEMBERS!r}", value=rng,
                              fmt=f"uima-xmi beside another relation's {feats['members']} (one type system)")
    if any(role is not None for role in _member_roles(rel, where)):
        types.setdefault(_ARGUMENT, {}).update({"": _TOP, "argument": _ANNOTATION, "role": "uima.cas.String"})
    name = uima_type(rel.features[UIMA_TYPE])
    if name != COLLECTION_RELATION:
        types.setdefault(name, {})[""] = COLLECTION_RELATION
    _use_features(types, _RELATION_BASE, _text_relation_features(rel), {}, refs)


def _member_roles(rel, where: str | Path | None) -> list[str | None]:
    """A collection relation's ``roles``: per member, the role of the ``RelationArgument`` it
    is written in (``""``: none), None for a member written directly; all None without it."""
    roles = rel.features.get("roles")
    if roles is None:
        return [None] * len(rel.members)
    if not (isinstance(roles, list) and len(roles) == len(rel.members)
            and all(role is None or isinstance(role, str) for role in roles)):
        raise input_error("E120", where, None, what=f"relation {rel.id}'s feature 'roles'", value=roles,
                          fmt="uima-xmi (a role or null per member)")
    return roles


def _text_relation_features(rel) -> dict[str, Any]:
    return {k: v for k, v in rel.features.items() if k not in (UIMA_TYPE, UIMA_MEMBERS, "roles")}


def _category(rel) -> dict[str, str]:
    """A cTAKES relation's ``category``: none when its type is its UIMA type's name (what is
    read from a relation without a category)."""
    return {} if rel.type == rel.features[UIMA_TYPE] else {"category": rel.type}


def _use_features(types: dict[str, dict[str, str]], name: str, features: dict[str, Any],
                  type_refs: dict[str, str], refs: dict[str, dict[str, str]]) -> None:
    """Add the type ``name`` with the ranges of ``features`` to ``types``, and the types their
    references need (the ranges declared, the feature structures they hold)."""
    feats = types.setdefault(name, {})
    for key, value in features.items():
        spec = type_refs.get(key)
        if spec is None:
            rng = _range(value)
            feats[_feature_name(key, rng is None)] = rng or "uima.cas.String"
            continue
        if value is None:
            continue
        feats[_feature_name(key, False)] = spec
        for declared in _split_range(spec):
            if declared is not None:
                types.setdefault(declared, {})
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, dict) and isinstance(item.get("type"), str):
                _use_features(types, uima_type(item["type"]), item.get("features") or {},
                              refs.get(item["type"], {}), refs)
                types[uima_type(item["type"])][""] = _TOP


def build_typesystem(types: dict[str, dict[str, str]], where: str | Path | None):
    """A cassis type system declaring ``types`` (as :func:`used_types` gives them)."""
    ts = _cassis().TypeSystem()
    add_types(ts, types, where)
    return ts


def add_types(ts, types: dict[str, dict[str, str]], where: str | Path | None) -> None:
    """Declare ``types`` in the cassis type system ``ts``: the types it lacks, then the features
    they lack (a feature's range may be a type declared with it)."""
    for name in _supertypes_first(types):
        if name == RELATION:
            t = ts.create_type(RELATION, _TOP)
            for feature, rng in (("relationType", "uima.cas.String"), ("relationId", "uima.cas.Long"),
                                 ("annotationSet", "uima.cas.String"), ("features", "uima.cas.String")):
                ts.create_feature(t, feature, rng)
            ts.create_feature(t, "members", _FS_ARRAY, elementType=_ANNOTATION)
        elif name == DOC_FEATURES:
            t = ts.create_type(DOC_FEATURES, _TOP)
            ts.create_feature(t, "json", "uima.cas.String")
            ts.create_feature(t, "idShift", "uima.cas.Long")
        elif not ts.contains_type(name):
            ts.create_type(name, types[name].get("", _ANNOTATION))
    for name in sorted(types):
        if name in (RELATION, DOC_FEATURES):
            continue
        t = ts.get_type(name)
        for feature, spec in sorted(types[name].items()):
            if not feature:
                continue
            existing = t.get_feature(feature)
            if existing is not None:
                have = reference_range(ts, existing) or existing.rangeType.name
                if have != spec:
                    raise input_error("E153", where, None, type=name, feature=feature, here=spec,
                                      there=have, other="UIMA's own type system")
                continue
            rng, element = _split_range(spec)
            ts.create_feature(t, feature, rng, elementType=element)


def _supertypes_first(types: dict[str, dict[str, str]]) -> list[str]:
    """The names of ``types``, sorted, but each after the supertype it declares (feature ``""``)."""
    order: list[str] = []
    placed: set[str] = set()

    def place(name: str) -> None:
        if name not in placed:
            placed.add(name)
            supertype = types[name].get("")
            if supertype in types:
                place(supertype)
            order.append(name)

    for name in sorted(types):
        place(name)
    return order


def conflict(into: dict[str, dict[str, str]], more: dict[str, dict[str, str]]) -> tuple[str, str] | None:
    """The first (type, feature) that ``more`` gives another range than ``into``, if any."""
    for name, feats in more.items():
        have = into.get(name, {})
        for feature, rng in feats.items():
            if have.get(feature, rng) != rng:
                return name, feature
    return None


def merge_used(into: dict[str, dict[str, str]], more: dict[str, dict[str, str]]) -> None:
    """Add ``more`` to ``into`` (no :func:`conflict` between them)."""
    for name, feats in more.items():
        into.setdefault(name, {}).update(feats)


class _WriterTypes:
    """The type system the documents of this process are written with: every type and feature
    they have used so far, rebuilt only when a document needs more (cassis builds a class per
    type, too slow to do per document, and cannot add a feature to a type already used). Types
    a document brings that the type system lacks altogether are added to it, keeping the classes
    cassis has built; a new feature of a type it has means a new type system."""

    def __init__(self) -> None:
        self.types: dict[str, dict[str, str]] = {}
        self.ts = None

    def covering(self, used: dict[str, dict[str, str]], where: str | Path | None):
        missing = {name: feats for name, feats in used.items()
                   if name not in self.types or not feats.items() <= self.types[name].items()}
        if self.ts is not None and not missing:
            return self.ts
        if self.ts is not None and not any(self.ts.contains_type(name) for name in missing):
            add_types(self.ts, missing, where)
            merge_used(self.types, missing)
            return self.ts
        if conflict(self.types, used):  # another folder's, or refused by the client (FolderTypeSystem.add)
            grown = {name: dict(feats) for name, feats in used.items()}
        else:
            grown = {name: dict(feats) for name, feats in self.types.items()}
            merge_used(grown, used)
        self.types, self.ts = grown, build_typesystem(grown, where)
        return self.ts


_WRITER = _WriterTypes()


class _CasBuilder:
    """The feature structures of one document in a CAS of the type system ``ts``."""

    def __init__(self, ts, doc: Document, shift: int, next_id: int) -> None:
        self.ts, self.doc, self.next_id = ts, doc, next_id
        self.shift = shift  # our id i is XMI id i + shift
        self.refs = references(doc)
        self.by_id: dict[int, Any] = {}  # our annotation id -> its feature structure (ids are per document)
        self.structures: dict[int, tuple[dict, Any]] = {}  # id() of a {"type", "features"} -> (it, its fs)
        self.pending: list[tuple[Any, str, str, str, Any]] = []  # (fs, UIMA feature, our type, our feature, value)

    def new(self, uima_name: str, **features: Any):
        """A feature structure of the UIMA type ``uima_name`` that is no annotation (:meth:`numbered`)."""
        return self.numbered(self.ts.get_type(uima_name)(**features))

    def numbered(self, fs):
        """``fs`` with the next free XMI id (cassis would number it from 1, into the ids our
        annotations keep)."""
        fs.xmiID, self.next_id = self.next_id, self.next_id + 1
        return fs

    def create(self, type_name: str, features: dict[str, Any], **fixed: Any):
        """A feature structure of our type ``type_name``; its references are set by :meth:`link`."""
        values, links = {}, []
        type_refs = self.refs.get(type_name, {})
        for key, value in features.items():
            if key in type_refs:
                if value is not None:
                    links.append((_feature_name(key, False), key, value))
                continue
            rng = _range(value)
            if rng is None:
                values[_feature_name(key, True)] = json.dumps(value, ensure_ascii=False, sort_keys=True)
            else:
                if isinstance(value, str):
                    check_xml_chars(value, self.doc.name)
                values[_feature_name(key, False)] = self.new(rng, elements=list(value)) \
                    if rng.endswith("Array") else value
        fs = self.ts.get_type(uima_type(type_name))(**fixed, **values)
        for feature, key, value in links:
            self.pending.append((fs, feature, type_name, key, value))
        return fs

    def link(self) -> None:
        """Set the references of every feature structure created (annotations first, all of them)."""
        while self.pending:
            fs, feature, type_name, key, value = self.pending.pop()
            spec = self.refs[type_name][key]
            fs.set(feature, self.reference(value, spec, type_name, key))

    def text_relation(self, rel) -> list:
        """A relation of ours (:func:`is_text_relation`) as cTAKES's relation and its two
        ``RelationArgument``s (``roles`` their roles), to be indexed: the arguments, then it."""
        roles = rel.features.get("roles")
        roles = roles if isinstance(roles, list) and len(roles) == 2 else ["", ""]
        args = [self.new(_ARGUMENT, argument=self.by_id[member], **({"role": str(role)} if role else {}))
                for member, role in zip(rel.members, roles)]
        fs = self.create(rel.features[UIMA_TYPE], _text_relation_features(rel), **_category(rel),
                         arg1=args[0], arg2=args[1])
        fs.xmiID = rel.id + self.shift  # our relation id, as an annotation's (ids are per document)
        return [*args, fs]

    def collection_relation(self, rel):
        """A relation of ours (:func:`is_collection_relation`) as cTAKES's collection relation,
        its members a list or an array of the annotations, in order."""
        rng = _members_range(rel, self.doc.name)
        members = {}
        if rng is not None:
            items = [self.by_id[member] if role is None else
                     self.new(_ARGUMENT, argument=self.by_id[member], **({"role": role} if role else {}))
                     for member, role in zip(rel.members, _member_roles(rel, self.doc.name))]
            members["members"] = self.collection(items, rng)
        fs = self.create(rel.features[UIMA_TYPE], _text_relation_features(rel), **_category(rel), **members)
        fs.xmiID = rel.id + self.shift
        return fs

    def reference(self, value: Any, spec: str, type_name: str, key: str):
        rng, _ = _split_range(spec)
        if rng in (_FS_ARRAY, _FS_LIST):
            if not isinstance(value, list):
                raise input_error("E156", self.doc.name, None, type=type_name, feature=key, value=value, what="a list")
            return self.collection([self.target(v, type_name, key) for v in value], rng)
        return self.target(value, type_name, key)

    def collection(self, items: list, rng: str):
        """An FSArray or an FSList (``rng``) of the feature structures ``items``."""
        if rng == _FS_ARRAY:
            return self.new(_FS_ARRAY, elements=items)
        node = self.new("uima.cas.EmptyFSList")
        for item in reversed(items):
            node = self.new("uima.cas.NonEmptyFSList", head=item, tail=node)
        return node

    def target(self, value: Any, type_name: str, key: str):
        """The feature structure a reference's value stands for: an annotation id, or a
        ``{"type", "features"}`` of a feature structure that is no annotation."""
        if isinstance(value, int) and not isinstance(value, bool):
            if value in self.by_id:
                return self.by_id[value]
            what = "the id of an annotation of this document"
        elif isinstance(value, dict) and isinstance(value.get("type"), str):
            known = self.structures.get(id(value))  # one structure that two features share: one fs
            if known is None:
                fs = self.numbered(self.create(value["type"], value.get("features") or {}))
                known = self.structures[id(value)] = (value, fs)
            return known[1]
        else:
            what = 'an annotation id or {"type", "features"}'
        raise input_error("E156", self.doc.name, None, type=type_name, feature=key, value=value, what=what)


def render_xmi(doc: Document) -> bytes:
    ts = _WRITER.covering(used_types(doc), doc.name)
    cassis = _cassis()
    check_xml_chars(doc.text, doc.name)
    cas = cassis.Cas(typesystem=ts)
    cas.sofa_string = doc.text
    set_names = [""] + [name for name in doc.annset_names() if name]
    views = {name: cas.create_view(name) if name else cas for name in set_names}
    for name in set_names[1:]:
        views[name].sofa_string = doc.text
    shift = len(set_names) + 1  # XMI id 0 is NULL and the sofas take 1..n: our id i is XMI id i + shift
    taken = [a.id for n in set_names for a in doc.annset(n)] + [r for n in set_names for r in doc.annset(n).relations]
    builder = _CasBuilder(ts, doc, shift, shift + max(taken, default=0) + 1)
    for set_name in set_names:
        view = views[set_name]
        for ann in doc.annset(set_name):
            fs = builder.create(ann.type, ann.features, begin=ann.start, end=ann.end)
            fs.xmiID = ann.id + shift
            view.add(fs, keep_id=True)
            builder.by_id[ann.id] = fs
    builder.link()
    for set_name in set_names:
        annset = doc.annset(set_name)
        for rel in annset.relations.values():
            if is_text_relation(rel):
                for fs in builder.text_relation(rel):
                    views[set_name].add(fs, keep_id=True)
            elif is_collection_relation(rel):
                views[set_name].add(builder.collection_relation(rel), keep_id=True)
            else:
                members = builder.new(_FS_ARRAY, elements=[builder.by_id[m] for m in rel.members])
                views[set_name].add(builder.new(
                    RELATION, relationType=rel.type, relationId=rel.id, annotationSet=set_name, members=members,
                    features=json.dumps(rel.features, ensure_ascii=False, sort_keys=True)), keep_id=True)
    cas.add(builder.new(DOC_FEATURES, json=json.dumps(doc.features, ensure_ascii=False, sort_keys=True),
                        idShift=shift), keep_id=True)
    return cas.to_xmi().encode("utf-8")


class UimaXmiFormat(Format):
    name = "uima-xmi"
    suffixes = (".xmi",)
    description = "UIMA CAS XMI (INCEpTION, DKPro, cTAKES) with its TypeSystem.xml (pip install \"annotator[uima]\")"
    read_options = ("typesystem",)

    def claims(self, path: Path, head: bytes) -> bool:
        return path.name.endswith(self.suffixes) or b"http:///uima/cas.ecore" in head

    def read(self, path: Path, *, lenient: bool = False, typesystem: str | Path | None = None) -> Iterator[Document]:
        data = read_bytes(path)
        # the safe-XML rule first: cassis parses with its own settings
        root = None if prolog_is_plain(data) else parse_xml(data, path)
        ts = typesystem_for(path, typesystem)
        cassis = _cassis()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                cas = cassis.load_cas_from_xmi(BytesIO(data), typesystem=ts)
            except Exception as exc:  # cassis: ValueError/TypeError/AttributeError for an unknown type or feature
                if root is None:  # broken XML: parse_xml's error, with its line
                    root = parse_xml(data, path)
                view = sofaless_view_line(root)
                if view is not None:
                    raise input_error("E159", path, view) from None
                line, reason = unfit(root, ts) or (None, _reason(exc))
                raise input_error("E154", path, line, reason=reason) from None
        for warning in caught:  # cassis keeps an offset it cannot map as it is: refuse it
            offset = _UNMAPPED.match(str(warning.message))
            if offset:
                raise input_error("E155", path, None, offset=offset.group(1))
        yield _Reader(cas, path).document(self.stem(path))

    def render(self, doc: Document) -> dict[str, bytes]:
        return {".xmi": render_xmi(doc)}

    def used(self, doc: Document) -> tuple[str, dict[str, dict[str, str]]]:
        """The document's file name and the types it uses (:func:`used_types`)."""
        return doc.name + self.suffixes[0], used_types(doc)

    def folder_files(self, folder: Path) -> FolderTypeSystem:
        return FolderTypeSystem(folder)


class FolderTypeSystem(FolderFiles):
    """A folder's ``TypeSystem.xml``: what an earlier run wrote there (``--resume``) merged with
    what each document written uses, in the order they arrive. A document whose feature has
    another range than an earlier one gave it (``1`` there, ``"1"`` here) cannot be read with
    that type system: :meth:`add` refuses it (E153, naming it, the type, the feature and the
    document that came first), so it fails alone and the others keep a type system they load with."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.target = folder / TYPESYSTEM
        self.merged: dict[str, dict[str, str]] = {}
        self.source: dict[tuple[str, str], str] = {}  # (type, feature) -> the file that brought it
        if self.target.is_file():
            stat = self.target.stat()
            ts = _load_typesystem(str(self.target), (stat.st_mtime_ns, stat.st_size))
            for t in ts.get_types():
                feats = {} if t.name in (RELATION, DOC_FEATURES) else \
                    {f.name: reference_range(ts, f) or f.rangeType.name for f in t.features}
                if t.supertype.name != _ANNOTATION:  # as used_types says it
                    feats[""] = t.supertype.name
                self.merged[t.name] = feats
                self.source.update({(t.name, f): TYPESYSTEM for f in feats})

    def add(self, used: tuple[str, dict[str, dict[str, str]]]) -> None:
        """Merge one document's ``(file name, used types)`` (:meth:`UimaXmiFormat.used`), or raise E153."""
        file_name, types = used
        clash = conflict(self.merged, types)
        if clash is not None:
            name, feature = clash
            raise input_error("E153", self.folder / file_name, None, type=name, feature=feature,
                              here=types[name][feature], there=self.merged[name][feature], other=self.source[clash])
        merge_used(self.merged, types)
        for name, feats in types.items():
            for feature in feats:
                self.source.setdefault((name, feature), file_name)

    def write(self) -> None:
        write_atomic(self.target, build_typesystem(self.merged, self.target).to_xml().encode("utf-8"))
