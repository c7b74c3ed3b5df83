"""Synthetic documents for the learning tests: sentences with names and cities as gold spans."""

from __future__ import annotations

import random

from annotator.document import Document


FIRST = ["Ana", "Luis", "Marta", "Pedro", "Lucía", "Jorge", "Elena", "Pablo", "Rosa", "Tomás"]
LAST = ["García", "Pérez", "Ruiz", "Navarro", "Molina", "Ortega", "Castro", "Vidal"]
CITIES = ["Madrid", "Sevilla", "Bilbao", "Valencia", "Murcia", "Toledo", "Cádiz", "Lugo"]


def synthetic(n: int, seed: int) -> list[Document]:
    """``n`` form-like reports with gold NOMBRE (a full name), TERRITORIO (a city) and EDAD
    (``NN años``) spans in the default set."""
    rng = random.Random(seed)
    docs = []
    for i in range(n):
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        city = rng.choice(CITIES)
        age = f"{rng.randint(18, 95)} años"
        parts = ["Datos del paciente.\nNombre: ", ("NOMBRE", name), ".\nCiudad: ", ("TERRITORIO", city),
                 ".\nEdad: ", ("EDAD", age), ".\nEl paciente refiere dolor desde hace ",
                 str(rng.randint(2, 9)), " días.\n"]
        text, spans = "", []
        for part in parts:
            if isinstance(part, tuple):
                spans.append((part[0], len(text), len(text) + len(part[1])))
                part = part[1]
            text += part
        doc = Document(text, name=f"doc-{seed}-{i}")
        for type_name, start, end in spans:
            doc.annset().add(type_name, start, end)
        docs.append(doc)
    return docs


def spans_of(doc: Document, set_name: str = "") -> set[tuple[str, int, int]]:
    return {(a.type, a.start, a.end) for a in doc.annset(set_name)}
