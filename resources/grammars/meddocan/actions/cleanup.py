"""The last phase (cleanup.jape): the patient's name where the text repeats it, the acronyms of the
organisations the document names, then one PHI annotation per span."""

from __future__ import annotations

from bisect import bisect_left
from itertools import accumulate
from typing import Iterable

from annotator.document import Annotation, AnnotationSet
from annotator.index import in_document_order

from .tables import PHI_SET


def patient_name_mentions(text: str, annset: AnnotationSet) -> None:
    """The name of the "Nombre:" and "Apellidos:" fields where the case history repeats it ("Historia
    Actual: Miguel presenta ...", "La Sra. Teresa Puertas Rondon"): on train 8 of 9 such mentions
    outside other PHI are annotated. Full name first, then each part; never over another PHI span."""
    parts = {str(a.features.get("rule")): text[a.start:a.end] for a in annset.with_type("NOMBRE_SUJETO_ASISTENCIA")
             if str(a.features.get("rule")) in ("field:nombre", "field:apellidos")}
    first, last = parts.get("field:nombre", ""), parts.get("field:apellidos", "")
    taken = [(a.start, a.end) for a in phi_annotations(annset)]
    found = []
    for name in (f"{first} {last}" if first and last else "", first, last):
        if len(name) < 3:
            continue
        at = text.find(name)
        while at >= 0:  # str.find: compiling a regex per document would cost more than the search
            span = (at, at + len(name))
            whole_word = not (at and text[at - 1].isalnum()) and not text[span[1]:span[1] + 1].isalnum()
            if whole_word and not any(s < span[1] and span[0] < e for s, e in taken):
                taken.append(span)
                found.append(span)
            at = text.find(name, at + 1)
    for start, end in found:
        annset.add("NOMBRE_SUJETO_ASISTENCIA", start, end, {"rule": "patient-name-repeated"})


#: the types whose names an acronym may stand for ([MD-G] P10.2: acronyms of institutions too)
ORGANISATIONS = ("HOSPITAL", "INSTITUCION", "CENTRO_SALUD")
#: words left out of an acronym ("Hospital Clínico San Carlos" -> HCSC, "Hospital de la Paz" -> HP or HLP)
ACRONYM_SKIPS = frozenset(("de", "del", "la", "las", "los", "el", "y", "i", "e", "a"))


def acronym_forms(name: str) -> set[str]:
    """The acronyms a name may have: the initials of its capitalised words, and of all its words
    but the skipped articles and prepositions ("Hospital Central de la Defensa Gómez Ulla" -> HCDGU)."""
    words = [w for w in name.replace('"', " ").replace("-", " ").split() if w[:1].isalpha()]
    forms = {"".join(w[0] for w in words if w[0].isupper()),
             "".join(w[0] for w in words if w.lower() not in ACRONYM_SKIPS).upper()}
    return {f for f in forms if 3 <= len(f) <= 8}


def organisation_acronyms(text: str, annset: AnnotationSet) -> None:
    """An upper-case word the document uses for an organisation it has named ("Hospital San Juan
    de Dios ... al servicio de urgencias del HSJD"): the type of that name, where no PHI span is."""
    forms: dict[str, str] = {}
    name_ends: set[int] = set()
    for ann in annset.with_type(*ORGANISATIONS).unordered():
        name_ends.add(ann.end)
        for form in acronym_forms(text[ann.start:ann.end]):
            forms.setdefault(form, ann.type)
    if not forms:
        return
    taken = [(a.start, a.end) for a in phi_annotations(annset)]
    for form, kind in sorted(forms.items()):
        at = text.find(form)
        while at >= 0:
            end = at + len(form)
            whole_word = not (at and (text[at - 1].isalnum() or text[at - 1] == "-")) and \
                not (text[end:end + 1].isalnum() or text[end:end + 1] == "-")
            # "Centro Andaluz de Medicina del Deporte (CAMD)": where the acronym is defined, the
            # corpus has no rule of its own (train's one case joins it to the name); left as it is
            defined = text[at - 1:at] == "(" and (at - 1 in name_ends or text[at - 2:at - 1] == " " and at - 2 in name_ends)
            if whole_word and not defined and not any(s < end and at < e for s, e in taken):
                taken.append((at, end))
                annset.add(kind, at, end, {"rule": "organisation-acronym"})
            at = text.find(form, end)


def phi_annotations(annset: AnnotationSet) -> Iterable[Annotation]:
    """The PHI annotations of a set in no particular order (without building an index; only the
    types the set has are looked up)."""
    return annset.with_type(*(annset.types() & PHI_SET)).unordered()


def resolve(annset: AnnotationSet) -> None:
    """One PHI annotation per span: a context annotation overlapping a header or signature span
    goes, then (by start, longer first) one ending inside an earlier kept span goes."""
    found = in_document_order(phi_annotations(annset))
    structured = [a for a in found if str(a.features.get("rule", "")).startswith(("field:", "signature:"))]
    structured_ids = {a.id for a in structured}
    # overlap as AnnotationSet.overlapping has it: a zero-length span [p, p) counts as [p, p + 1);
    # a structured span starting before an annotation's end overlaps it iff it reaches past its
    # start: the spans by start with the running maximum of their ends answer that by bisection
    starts = [a.start for a in structured]
    reach = list(accumulate((max(a.end, a.start + 1) for a in structured), max))
    drop = []
    cover_end = -1
    for ann in found:  # by start, longer first: inside an earlier kept span iff it ends before its end
        if ann.id not in structured_ids:
            before = bisect_left(starts, max(ann.end, ann.start + 1))
            if before and reach[before - 1] > ann.start:
                drop.append(ann)
                continue
        if ann.end <= cover_end:
            drop.append(ann)
        else:
            cover_end = ann.end
    annset.remove_all(drop)
