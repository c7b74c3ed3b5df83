"""Regenerates the BioC fixtures of this folder with the ``bioc`` package itself (2.1):
``collection.xml`` (NCBI's layout: ``<!DOCTYPE collection SYSTEM "BioC.dtd">`` after the XML
declaration) and ``collection.json``, the same collection of two documents with title and
abstract passages, passage-level and document-level annotations, a discontinuous annotation
(two locations), and relations (one with a node naming another relation).
Run: ``python tests/data/formats/bioc/make_fixtures.py``.
"""

from pathlib import Path

import bioc
from bioc import biocjson, biocxml

HERE = Path(__file__).parent


def annotation(id, type, offset, text, **infons):
    ann = bioc.BioCAnnotation()
    ann.id, ann.text = id, text
    ann.infons = {"type": type, **infons}
    ann.add_location(bioc.BioCLocation(offset, len(text)))
    return ann


def passage(offset, text, kind):
    p = bioc.BioCPassage()
    p.offset, p.text, p.infons = offset, text, {"type": kind}
    return p


def relation(id, type, *nodes):
    rel = bioc.BioCRelation()
    rel.id, rel.infons = id, {"type": type}
    for refid, role in nodes:
        rel.add_node(bioc.BioCNode(refid, role))
    return rel


def build() -> bioc.BioCCollection:
    collection = bioc.BioCCollection()
    collection.source, collection.date, collection.key = "PubTator", "2026-12-01", "BioC.key"
    collection.infons = {"corpus": "fixture"}

    doc = bioc.BioCDocument()
    doc.id, doc.infons = "10001", {"journal": "J Test"}
    title = "Aspirin reduces fever in children."
    abstract = "Aspirin (ASA) was given for fever; no Reye syndrome was seen."
    start = len(title) + 1  # PubTator's layout: one character between passages
    t, a = passage(0, title, "title"), passage(start, abstract, "abstract")
    t.add_annotation(annotation("T1", "Chemical", 0, "Aspirin", identifier="MESH:D001241"))
    t.add_annotation(annotation("T2", "Disease", 16, "fever", identifier="MESH:D005334"))
    a.add_annotation(annotation("T3", "Chemical", start, "Aspirin", identifier="MESH:D001241"))
    a.add_annotation(annotation("T4", "Chemical", start + 9, "ASA", identifier="MESH:D001241"))
    reye = annotation("T5", "Disease", start + 38, "Reye", identifier="MESH:D012202")
    reye.add_location(bioc.BioCLocation(start + 43, len("syndrome")))
    reye.text = "Reye syndrome"
    a.add_annotation(reye)
    doc.add_passage(t)
    doc.add_passage(a)
    doc.add_annotation(annotation("D1", "Species", start + 26, "fever", note="document level"))
    doc.add_relation(relation("R1", "treats", ("T1", "Chemical"), ("T2", "Disease")))
    a.add_relation(relation("R2", "abbreviation", ("T3", "long"), ("T4", "short")))
    doc.add_relation(relation("R3", "supports", ("T5", "finding"), ("R1", "claim")))  # a node naming a relation
    collection.add_document(doc)

    second = bioc.BioCDocument()
    second.id = "10002"
    p = passage(0, "Ibuprofen and paracetamol.", "title")
    p.add_annotation(annotation("T1", "Chemical", 0, "Ibuprofen"))
    p.add_annotation(annotation("T2", "Chemical", 14, "paracetamol"))
    second.add_passage(p)
    second.add_relation(relation("R1", "co-mention", ("T1", "a"), ("T2", "b")))
    collection.add_document(second)
    return collection


def main() -> None:
    collection = build()
    xml = biocxml.dumps(collection)
    declaration, _, rest = xml.partition("\n")
    (HERE / "collection.xml").write_text(f'{declaration}\n<!DOCTYPE collection SYSTEM "BioC.dtd">\n{rest}',
                                         encoding="utf-8")
    (HERE / "collection.json").write_text(biocjson.dumps(collection, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
