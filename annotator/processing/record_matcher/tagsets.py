"""Record field -> output annotation type, one table per tag set.

| field       | meddocan                         | i2b2-2014     | i2b2-2006 |
|-------------|----------------------------------|---------------|-----------|
| name        | NOMBRE_SUJETO_ASISTENCIA         | PATIENT       | PATIENT   |
| (doctor)    | NOMBRE_PERSONAL_SANITARIO        | DOCTOR        | DOCTOR    |
| (person)    | OTROS_SUJETO_ASISTENCIA          | PATIENT       | PATIENT   |
| id          | ID_SUJETO_ASISTENCIA             | MEDICALRECORD | ID        |
| insurance   | ID_ASEGURAMIENTO                 | HEALTHPLAN    | ID        |
| episode     | ID_CONTACTO_ASISTENCIAL          | IDNUM         | ID        |
| phone       | NUMERO_TELEFONO                  | PHONE         | PHONE     |
| fax         | NUMERO_FAX                       | FAX           | PHONE     |
| email       | CORREO_ELECTRONICO               | EMAIL         | ID        |
| date        | FECHAS                           | DATE          | DATE      |
| address     | CALLE                            | STREET        | LOCATION  |
| city        | TERRITORIO                       | CITY          | LOCATION  |
| postcode    | TERRITORIO                       | ZIP           | LOCATION  |
| country     | PAIS                             | COUNTRY       | LOCATION  |
| hospital    | HOSPITAL                         | HOSPITAL      | HOSPITAL  |
| (any other) | OTROS_SUJETO_ASISTENCIA          | OTHER         | ID        |

``(doctor)`` is a name after a doctor's title (Dr., Dra., Prof., ...), ``(person)`` a name after
another title (Sr., Mrs., ...) that is not the record's name. i2b2 has no type for other people:
they are PATIENT there (as the 2014 guidelines treat a patient's relatives), and i2b2 2006 has no
e-mail or "other" type: ID, the closest. An address part after the first comma is typed as a
postcode when it is 4-5 digits, else as a city.
"""

from __future__ import annotations

DOCTOR = "(doctor)"
PERSON = "(person)"
OTHER = "(other)"

TAGSETS: dict[str, dict[str, str]] = {
    "meddocan": {
        "name": "NOMBRE_SUJETO_ASISTENCIA", DOCTOR: "NOMBRE_PERSONAL_SANITARIO", PERSON: "OTROS_SUJETO_ASISTENCIA",
        "id": "ID_SUJETO_ASISTENCIA", "insurance": "ID_ASEGURAMIENTO", "episode": "ID_CONTACTO_ASISTENCIAL",
        "phone": "NUMERO_TELEFONO", "fax": "NUMERO_FAX", "email": "CORREO_ELECTRONICO", "date": "FECHAS",
        "address": "CALLE", "city": "TERRITORIO", "postcode": "TERRITORIO", "country": "PAIS",
        "hospital": "HOSPITAL", OTHER: "OTROS_SUJETO_ASISTENCIA",
    },
    "i2b2-2014": {
        "name": "PATIENT", DOCTOR: "DOCTOR", PERSON: "PATIENT", "id": "MEDICALRECORD", "insurance": "HEALTHPLAN",
        "episode": "IDNUM", "phone": "PHONE", "fax": "FAX", "email": "EMAIL", "date": "DATE", "address": "STREET",
        "city": "CITY", "postcode": "ZIP", "country": "COUNTRY", "hospital": "HOSPITAL", OTHER: "OTHER",
    },
    "i2b2-2006": {
        "name": "PATIENT", DOCTOR: "DOCTOR", PERSON: "PATIENT", "id": "ID", "insurance": "ID", "episode": "ID",
        "phone": "PHONE", "fax": "PHONE", "email": "ID", "date": "DATE", "address": "LOCATION", "city": "LOCATION",
        "postcode": "LOCATION", "country": "LOCATION", "hospital": "HOSPITAL", OTHER: "ID",
    },
}


def type_of(tagset: str, field: str) -> str:
    """The annotation type of a record field (or of DOCTOR, PERSON) in ``tagset``."""
    table = TAGSETS[tagset]
    return table.get(field, table[OTHER])
