"""Write the UIMA XMI fixtures of tests/data/formats/uima-xmi with dkpro-cassis itself.

    python tests/data/formats/make_xmi_fixtures.py

``dkpro/``: a DKPro-typed note (tokens with POS references, sentences, named entities, the
document metadata) on the DKPro Core type system cassis ships (plus DKPro's DocumentMetaData),
with no TypeSystem.xml beside it: the reader's default;
``emoji/``: a note with characters outside the Basic Multilingual Plane (UIMA counts them as two
UTF-16 units) and its own small type system. Texts invented for this project; Apache-2.0.
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


if __name__ == "__main__":
    main()
