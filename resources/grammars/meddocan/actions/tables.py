"""The type tables of the MEDDOCAN actions: which MEDDOCAN type a header field, a gazetteer class
or a rule gives (the tag set of corpora_schemas' MEDDOCAN schema)."""

# header fields: cue `field` feature -> MEDDOCAN type of its value
FIELD_TYPES = {
    "nombre": "NOMBRE_SUJETO_ASISTENCIA",
    "apellidos": "NOMBRE_SUJETO_ASISTENCIA",
    "nhc": "ID_SUJETO_ASISTENCIA",
    "nass": "ID_ASEGURAMIENTO",
    "domicilio": "CALLE",
    "localidad": "TERRITORIO",
    "cp": "TERRITORIO",
    "fecha": "FECHAS",
    "pais": "PAIS",
    "edad": "EDAD_SUJETO_ASISTENCIA",
    "sexo": "SEXO_SUJETO_ASISTENCIA",
    "medico": "NOMBRE_PERSONAL_SANITARIO",
    "ncol": "ID_TITULACION_PERSONAL_SANITARIO",
    "episodio": "ID_CONTACTO_ASISTENCIAL",
    "telefono": "NUMERO_TELEFONO",
    "fax": "NUMERO_FAX",
    "email": "CORREO_ELECTRONICO",
}

ORGANISATION_TYPES = {"hospital": "HOSPITAL", "hospital_variant": "HOSPITAL", "health_centre": "CENTRO_SALUD",
                      "institution": "INSTITUCION"}

# fields whose cue may stand in the middle of a line ("Edad: 70 años Sexo: H", "... NºCol: 28 28 123")
MID_LINE_FIELDS = {"sexo", "ncol", "email", "telefono", "fax"}

PHI_TYPES = (
    "NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO", "FAMILIARES_SUJETO_ASISTENCIA", "ID_SUJETO_ASISTENCIA",
    "ID_TITULACION_PERSONAL_SANITARIO", "ID_CONTACTO_ASISTENCIAL", "ID_ASEGURAMIENTO", "EDAD_SUJETO_ASISTENCIA",
    "SEXO_SUJETO_ASISTENCIA", "FECHAS", "CALLE", "TERRITORIO", "PAIS", "NUMERO_TELEFONO", "NUMERO_FAX",
    "CORREO_ELECTRONICO", "ID_EMPLEO_PERSONAL_SANITARIO", "ID_VEHICULOS_MATRICULAS", "NOMBRE_VEHICULOS_MODELO",
    "URL_WEB", "DIREC_PROT_INTERNET", "IDENTIF_DISPOSITIVOS_NRSERIE", "IDENTIF_BIOMETRICOS",
    "NUMERO_BENEF_PLAN_SALUD", "OTRO_NUMERO_IDENTIF", "CENTRO_SALUD", "HOSPITAL", "INSTITUCION", "PROFESION",
    "OTROS_SUJETO_ASISTENCIA",
)
PHI_SET = frozenset(PHI_TYPES)
