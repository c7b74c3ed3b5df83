"""Write the UIMA XMI fixtures of tests/data/formats/uima-xmi with dkpro-cassis itself.

    python tests/data/formats/make_xmi_fixtures.py

``dkpro/``: a DKPro-typed note (tokens with POS references, sentences, named entities, the
document metadata) on the DKPro Core type system cassis ships (plus DKPro's DocumentMetaData),
with no TypeSystem.xml beside it: the reader's default;
``emoji/``: a note with characters outside the Basic Multilingual Plane (UIMA counts them as two
UTF-16 units) and its own small type system;
``ctakes-coref/``: cTAKES's coreference chains (``CollectionTextRelation`` with a ``members``
list of markables) on a type system written here with cTAKES's type and feature names
(:func:`ctakes_typesystem`): ``coreference.xmi`` (chains in text order and not, an empty list,
a chain without members, a chain of ``RelationArgument``\ s, which cTAKES declares as the
element type), ``not-annotation.xmi`` (a chain holding a UMLS concept),
``shared/shared-list.xmi`` (two chains with one list: ``members`` allows multiple references
there), ``fsarray/chains.xmi`` (``members`` an FSArray). Texts invented for this project;
Apache-2.0.
"""

from __future__ import annotations

from pathlib import Path

import cassis

from annotator.formats.uima_xmi import dkpro_typesystem

HERE = Path(__file__).parent / "uima-xmi"
SEG = "de.tudarmstadt.ukp.dkpro.core.api.segmentation.type."
NER = "de.tudarmstadt.ukp.dkpro.core.api.ner.type."
POS = "de.tudarmstadt.ukp.dkpro.core.api.lexmorph.type.pos.POS"
META = "de.tudarmstadt.ukp.dkpro.core.api.metadata.type.DocumentMetaData"


def _tokens(text: str) -> list[tuple[int, int]]:
    spans, start = [], None
    for i, ch in enumerate(text + " "):
        if ch.isalnum() or ch in "-'":
            start = i if start is None else start
            continue
        if start is not None:
            spans.append((start, i))
            start = None
        if not ch.isspace() and i < len(text):
            spans.append((i, i + 1))
    return spans


def _note(ts: cassis.TypeSystem, text: str, entities: list[tuple[str, str]], doc_id: str) -> cassis.Cas:
    cas = cassis.Cas(typesystem=ts)
    cas.sofa_string = text
    cas.add(ts.get_type(META)(begin=0, end=len(text), documentId=doc_id, documentTitle=doc_id, language="en"))
    token, pos_type = ts.get_type(SEG + "Token"), ts.get_type(POS)
    for start, end in _tokens(text):
        word = text[start:end]
        tag = "NNP" if word[:1].isupper() else "CD" if word.isdigit() else "PUNCT" if not word.isalnum() else "NN"
        pos = pos_type(begin=start, end=end, PosValue=tag, coarseValue=tag[:2])
        cas.add(pos)
        cas.add(token(begin=start, end=end, pos=pos, order=0))
    sentence, at = ts.get_type(SEG + "Sentence"), 0
    for part in text.split(". "):
        end = at + len(part) + (1 if at + len(part) < len(text) else 0)
        cas.add(sentence(begin=at, end=min(end, len(text))))
        at = end + 1
    for surface, value in entities:
        start = text.index(surface)
        cas.add(ts.get_type(NER + "NamedEntity")(begin=start, end=start + len(surface), value=value,
                                                identifier=f"{value}-{start}"))
    return cas


def main() -> None:
    dkpro = dkpro_typesystem()  # the one cassis ships, with DKPro's DocumentMetaData
    (HERE / "dkpro").mkdir(parents=True, exist_ok=True)
    text = "Ana Ruiz, 54, was seen at Hospital del Mar on 3 May 2019. She lives in Girona with her son Pau."
    cas = _note(dkpro, text, [("Ana Ruiz", "PER"), ("Hospital del Mar", "ORG"), ("3 May 2019", "DATE"),
                              ("Girona", "LOC"), ("Pau", "PER")], "note-1")
    cas.to_xmi(HERE / "dkpro" / "note-1.xmi", pretty_print=True)

    ts = cassis.TypeSystem()
    phi = ts.create_type("org.example.deid.Phi")
    ts.create_feature(phi, "kind", "uima.cas.String")
    ts.create_feature(phi, "confidence", "uima.cas.Double")
    ts.create_feature(phi, "certain", "uima.cas.Boolean")
    ts.create_feature(phi, "rank", "uima.cas.Integer")
    ts.create_feature(phi, "aliases", "uima.cas.StringArray")
    (HERE / "emoji").mkdir(parents=True, exist_ok=True)
    text = "😀 Pau 👨‍👩‍👧 met Dr. Núñez 🏥 in Girona 🇪🇸 on 2019-05-03."
    cas = cassis.Cas(typesystem=ts)
    cas.sofa_string = text
    for surface, kind, rank in (("Pau", "NAME", 1), ("Núñez", "NAME", 2), ("Girona", "CITY", 3), ("2019-05-03", "DATE", 4)):
        start = text.index(surface)
        cas.add(phi(begin=start, end=start + len(surface), kind=kind, confidence=rank / 4, certain=rank % 2 == 1,
                    rank=rank, aliases=ts.get_type("uima.cas.StringArray")(elements=[surface.lower(), kind])))
    cas.to_xmi(HERE / "emoji" / "emoji.xmi", pretty_print=True)
    ts.to_xml(HERE / "emoji" / "TypeSystem.xml")
    ctakes_coref(HERE / "ctakes-coref")


CTAKES = "org.apache.ctakes.typesystem.type."


def ctakes_typesystem(members: str = "uima.cas.FSList", shared: bool | None = None) -> cassis.TypeSystem:
    """The part of cTAKES's type system its coreference chains use, with cTAKES's names and
    ranges: ``textsem.IdentifiedAnnotation`` and its ``Markable``, ``refsem.UmlsConcept``,
    ``relation.Relation``, ``relation.RelationArgument`` and ``relation.CollectionTextRelation``
    (``members`` of range ``members`` with the element type ``RelationArgument``, as cTAKES
    declares it; ``shared``: whether it allows multiple references)."""
    ts = cassis.TypeSystem()
    ident = ts.create_type(CTAKES + "textsem.IdentifiedAnnotation", "uima.tcas.Annotation")
    for name, rng in (("id", "uima.cas.Integer"), ("typeID", "uima.cas.Integer"), ("polarity", "uima.cas.Integer"),
                      ("confidence", "uima.cas.Float"), ("subject", "uima.cas.String")):
        ts.create_feature(ident, name, rng)
    ts.create_type(CTAKES + "textsem.Markable", ident.name)
    concept = ts.create_type(CTAKES + "refsem.UmlsConcept", "uima.cas.TOP")
    for name in ("codingScheme", "code", "cui", "preferredText"):
        ts.create_feature(concept, name, "uima.cas.String")
    relation = ts.create_type(CTAKES + "relation.Relation", "uima.cas.TOP")
    for name, rng in (("category", "uima.cas.String"), ("discoveryTechnique", "uima.cas.Integer"),
                      ("confidence", "uima.cas.Double"), ("polarity", "uima.cas.Integer"),
                      ("uncertainty", "uima.cas.Integer"), ("conditional", "uima.cas.Boolean")):
        ts.create_feature(relation, name, rng)
    argument = ts.create_type(CTAKES + "relation.RelationArgument", "uima.cas.TOP")
    ts.create_feature(argument, "id", "uima.cas.Integer")
    ts.create_feature(argument, "argument", "uima.tcas.Annotation")
    ts.create_feature(argument, "role", "uima.cas.String")
    chain = ts.create_type(CTAKES + "relation.CollectionTextRelation", relation.name)
    ts.create_feature(chain, "members", members, elementType=argument.name, multipleReferencesAllowed=shared)
    return ts


def _markables(ts: cassis.TypeSystem, cas: cassis.Cas, surfaces: list[tuple[str, int]]) -> list:
    """Markables over the ``n``-th occurrence (from 0) of each surface, added to the CAS."""
    out = []
    for number, (surface, nth) in enumerate(surfaces, 1):
        start = -1
        for _ in range(nth + 1):
            start = cas.sofa_string.index(surface, start + 1)
        fs = ts.get_type(CTAKES + "textsem.Markable")(begin=start, end=start + len(surface), id=number, typeID=0,
                                                        polarity=1, confidence=1.0, subject="patient")
        cas.add(fs)
        out.append(fs)
    return out


def _fslist(ts: cassis.TypeSystem, items: list):
    node = ts.get_type("uima.cas.EmptyFSList")()
    for item in reversed(items):
        node = ts.get_type("uima.cas.NonEmptyFSList")(head=item, tail=node)
    return node


def ctakes_coref(folder: Path) -> None:
    text = ("Mrs. Alvarez reports chest pain since Monday. She says the pain began at work. "
            "Her daughter drove her in, and the daughter stayed.")
    surfaces = [("Mrs. Alvarez", 0), ("chest pain", 0), ("She", 0), ("the pain", 0), ("Her daughter", 0),
                ("her", 0), ("the daughter", 0)]
    chain = CTAKES + "relation.CollectionTextRelation"

    ts = ctakes_typesystem()
    folder.mkdir(parents=True, exist_ok=True)
    cas = cassis.Cas(typesystem=ts)
    cas.sofa_string = text
    alvarez, pain, she, the_pain, daughter, her, the_daughter = _markables(ts, cas, surfaces)
    new = ts.get_type(chain)
    cas.add(new(category="Identity", discoveryTechnique=1, confidence=0.9, members=_fslist(ts, [alvarez, she, her])))
    cas.add(new(discoveryTechnique=1, members=_fslist(ts, [the_pain, pain])))  # not in text order, no category
    cas.add(new(category="Identity", conditional=False, members=_fslist(ts, [daughter, the_daughter])))
    cas.add(new(category="Identity", members=_fslist(ts, [])))
    cas.add(new(category="Identity"))  # no members at all
    argument = ts.get_type(CTAKES + "relation.RelationArgument")
    cas.add(new(category="Identity", members=_fslist(ts, [argument(argument=she, role="anaphor", id=1),
                                                           argument(argument=alvarez, id=2)])))
    cas.to_xmi(folder / "coreference.xmi", pretty_print=True)

    cas = cassis.Cas(typesystem=ts)
    cas.sofa_string = text
    alvarez, pain, she, the_pain, *_ = _markables(ts, cas, surfaces)
    concept = ts.get_type(CTAKES + "refsem.UmlsConcept")(codingScheme="SNOMEDCT_US", code="900001",
                                                        cui="C9000002", preferredText="Chest pain")
    cas.add(new(category="Identity", members=_fslist(ts, [alvarez, she])))
    cas.add(new(category="Identity", members=_fslist(ts, [pain, concept, the_pain])))
    cas.to_xmi(folder / "not-annotation.xmi", pretty_print=True)
    ts.to_xml(folder / "TypeSystem.xml")

    ts = ctakes_typesystem(shared=True)
    (folder / "shared").mkdir(exist_ok=True)
    cas = cassis.Cas(typesystem=ts)
    cas.sofa_string = text
    alvarez, pain, she, the_pain, daughter, her, the_daughter = _markables(ts, cas, surfaces)
    new = ts.get_type(chain)
    members = _fslist(ts, [alvarez, she, her])
    cas.add(new(category="Identity", members=members))
    cas.add(new(category="Salience", members=members))
    cas.add(new(category="Identity", members=_fslist(ts, [daughter, the_daughter])))
    cas.to_xmi(folder / "shared" / "shared-list.xmi", pretty_print=True)
    ts.to_xml(folder / "shared" / "TypeSystem.xml")

    ts = ctakes_typesystem(members="uima.cas.FSArray")
    (folder / "fsarray").mkdir(exist_ok=True)
    cas = cassis.Cas(typesystem=ts)
    cas.sofa_string = text
    alvarez, pain, she, the_pain, daughter, her, the_daughter = _markables(ts, cas, surfaces)
    new, array = ts.get_type(chain), ts.get_type("uima.cas.FSArray")
    cas.add(new(category="Identity", members=array(elements=[alvarez, she, her])))
    cas.add(new(members=array(elements=[the_pain, pain])))
    cas.add(new(category="Identity", members=array(elements=[])))
    cas.to_xmi(folder / "fsarray" / "chains.xmi", pretty_print=True)
    ts.to_xml(folder / "fsarray" / "TypeSystem.xml")


if __name__ == "__main__":
    main()
