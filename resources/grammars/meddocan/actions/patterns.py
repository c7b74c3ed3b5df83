"""The vocabulary of the MEDDOCAN actions: every word list and text shape they look for, as a
compiled pattern (titles, organisation and street words, postcodes, phones, e-mails, ...).
Kept apart from the code that cuts spans so the word lists read, and change, in one place; the
alternatives are tried in the order written."""

import regex

# people: titles, name words, a second name in a signature
TITLE = regex.compile(r"(?i:(?:(?:prof|profa|dr|dra|dres|sr|sra|srta|dña|doctora?)\b\.?\s*:?\s*|d\.\s+(?=\p{Lu})|dr(?=\p{Lu}))+)")
# joined initials ("J.L.") are one word
JOINED_INITIALS = regex.compile(r"(?:\p{Lu}\.){2,}(?!\p{L})")
NAME_WORD = regex.compile(JOINED_INITIALS.pattern + r"|(?:\p{Lu}\.[a-zª]\b|\p{Lu}\p{Ll}*ª|\p{Lu}+(?!\p{Ll})\.?|\p{Lu}[\p{Ll}'´`’]*\.?(?:-\p{Lu}?\p{Ll}+)*|"
                          r"(?:del|de|la|las|los|y|i|da|das|do|dos|van|von|di)\b)")
NAME_JOINT = regex.compile(r"\s*(?:,|y|e)\s*(?=" + TITLE.pattern + r")")
CORRESPONDENCE = regex.compile(r"(?:Direcci[óo]n para correspondencia|Correspondencia)\s*:?\s*", regex.I)

# organisations and departments
ORG_START = regex.compile(
    r"(?:Servicio|Unidad|Departamento|Dpto\.?|Sección|Secció|Área|Instituto|Institut|Hospital|Hospitalario|Complejo|Complexo|"
    r"Clínica|Clinica|Clínic|Centro|Facultad|Pontificia\s+Universidad|Universidad|Laboratorios|Escuela|Fundación|Fundació|Asociación|Xarxa|Consorci|"
    r"Consorcio|Laboratorio|Corporació|Corporación|Policlínica|Sanatorio|Ciudad Sanitaria|Residencia|Gabinete|"
    r"Ciudad de la Justicia|Palacio de Justicia|Agencia|H\.\s?U\.|Dirección|Correspondencia)\b")
# words that end a person's name in a signature (organisations and specialities)
NAME_STOP = regex.compile(ORG_START.pattern + r"|(?:Especialista|Médico|Medicina|Cirugía|Urología|Oftalmología|"
                           r"Anatomía|Atención|Programa|Red|Pediatría|Psiquiatría|Radiología|Neurología|Jefe|Jefa|"
                           r"Departament|Department|Département|Cátedra|Grupo|Oncología|Nefrología|Neurocirugía|Hematología|Cardiología|"
                           r"Dermatología|Ginecología|Traumatología|Neumología|Endocrinología|Reumatología|Farmacia|"
                           r"Enfermería|Microbiología|Bioquímica|Otorrinolaringología|Anestesiología|Rehabilitación|"
                           r"Digestivo|Nutrición|Odontología|Estomatología|Correos?|Email|E-mail|Tel|Tfno|Fax|Comunidad|Profesor|"
                           r"Profesora)\b")
HOSPITAL = regex.compile(r"H\.\s?U\.|(?:Hospital(?!\s+de\s+D[íi]a\b)|Hospitalario|Complejo|Complexo|(?:Clínica|Clinica)(?!\s+M[ée]dico[- ]?Forense)|Clínic|Policlínica|Sanatorio|"
                          r"Ciudad Sanitaria|Hopital|Hospitau|Hospitali)\b")
HEALTH_CENTRE = regex.compile(r"Centro de Salud\b|C\.S\.|Ambulatorio\b|Consultorio\b")
INSTITUTION = regex.compile(r"(?:Instituto|Institut|Facultad|Pontificia\s+Universidad|Universidad|Laboratorios|Escuela|Fundación|Fundació|Asociación|"
                             r"Xarxa|Consorci|Consorcio|Laboratorio|Corporació|Corporación|Agencia|Centro|"
                             r"Palacio de Justicia|Ciudad de la Justicia|Cl[íi]nica M[ée]dico[- ]?Forense|Ciudad Universitaria|Edificio Juzgados|"
                             r"Juzgados?)\b")  # forensic reports sign from the courts
# an institution word before a hospital's head word names a hospital (INSTITUCION is for what is not
# explicitly a hospital): "Consorcio Hospital General Universitario", "Fundación Hospital Alcorcón"
INSTITUTION_HOSPITAL = regex.compile(r"(?:Consorcio|Consorci|Fundación|Fundació|Corporación|Corporació)\s+(?:Hospital|Hospitalari)")
DEPARTMENT = regex.compile(r"(?:Hospital de D[íi]a|Servicio|Unidad|Departamento|Departament|Dpto\.?|Sección|Secció|Área|Especialista|"
                            r"Programa|Red|Jefe|Jefa|Jefatura|División|Cátedra|Grupo|Cirugía|Oncología|Medicina|"
                            r"Urología|Oftalmología|Anatomía|Nefrología|Neurocirugía|Neurología|Hematología|"
                            r"Cardiología|Dermatología|Ginecología|Obstetricia|Traumatología|Neumología|"
                            r"Endocrinología|Reumatología|Farmacia|Enfermería|Microbiología|Bioquímica|Pediatría|"
                            r"Psiquiatría|Radiología|Radiodiagnóstico|Otorrinolaringología|Anestesiología|Anestesia|"
                            r"Rehabilitación|Aparato|Digestivo|Nutrición|Odontología|Estomatología|Patología|"
                            r"Planta|Consulta|Laboratorio de|Cuidados)\b")
DEPARTMENT_END = regex.compile(r"\.(?:\s|$)|\(|(?<=\s)(?:Hospital(?!\s+de\s+D[íi]a\b)|Hospitalario|Complejo|Complexo|(?:Clínica|Clinica)(?!\s+y\b|-)|Clínic|Instituto|"
                                r"Institut|Pontificia\s+Universidad|Universidad|Facultad|Fundación|Fundació|Centro|Xarxa|Consorci)\b")
ORG_LIST_END = regex.compile(r"\s*(?:[.,;(]|$)")
ORG_GOES_ON = regex.compile(r"(?:Hospitalario|Universitario|Centro\b(?!\s+de\b))")
ABBREVIATION = regex.compile(r"\s*\(([\p{Lu}\d][\p{Lu}\d-]{1,9})\)")
ABBREVIATION_END = regex.compile(r"\b(?:Dr|Dra|Univ|Sta|Sto|S|H|U|C)$")
PARTICLE_END = regex.compile(r"\b(?:de|del|la|las|los)$")

# e-mails and phones
EMAIL = regex.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
EMAIL_OWNER = regex.compile(r"\s*\(([^()\n]*)\)")
EMAIL_CUE = regex.compile(r"(?:E-?mail|Correos? electrónicos?|Correo-e|email)(?![\w@])\s*(?:autor)?\s*:?", regex.I)
PHONE = regex.compile(r"(?:\(?\+\d{2,3}\)?\s?)?\(?\d[\d ().-]{5,}\d(?:\s?ext\.?\s?\d+)?")
PHONE_SPLIT = regex.compile(r"\s[-/]\s")
PHONE_SEPARATOR = regex.compile(r"\s*(?:/|-|y|,)\s*")
# a phone cue (a phone-and-fax cue is a phone's: "Tel. y Fax", "Fono-Fax", "Fonofax"), or a fax cue
PHONE_CUE = regex.compile(r"(?:Telefax|Fonofax|Tel[ée]fonos?|Tel[ée]f|Telfs?|Tfnos?|Tlfnos?|Tlfs?|Tel|Móvil|Fono|Celular|Phone|"
                           r"Fax|Facs[íi]mil)\.?(?:\s*(?:y|-|/)\s*fax)?\s*:?\s*", regex.I)

# streets
STREET_START = regex.compile(
    r"(?:Calle|calle|C/|c/|C\\|C\s/|Carrer|Avda\.?|Avenida|Av\.|Avd\.|Avinguda|Plaza|Pza\.|Plaça|Praza|Paseo|Pº|"
    r"Passeig|Pso\.?|P\.º|Carr\.|Ronda|Rambla|Camino|Carretera|Ctra\.?|Travesía|Glorieta|Urbanización|Urb\.|Pasaje|Callejón|Cuesta|"
    r"Alameda|Bulevar|Boulevard|Bulevard|Calzada|Paraje|Prolongación|Campus|Vía|Polígono|Rúa|Rua|Apartado|Apdo\.?)(?=[\s.,]|$)|"
    r"(?:Carrera|Cra\.)(?=\s*\d)|(?:C|c)[/\\](?=\p{L})")
STREET_NUMBER = regex.compile(r"(?:,\s*|\s+)(?:n[ºo]\.?\s*)?(?:\d{1,4}\p{L}?\b|s/n)")
NUMBER_AT_END = regex.compile(STREET_NUMBER.pattern + r"[\s.,;:–-]*$")
# "Irunlarrea, 3", "Monte da Vila, 41" (Galician particles), "San Martin número 1436"
HOUSE_NUMBER = regex.compile(r"(?:,\s*|\s+)(?:(?:n[ºo]|N[º°]|número|núm\.)\s*)?(?:\d{1,4}[\p{L}]?(?:-\d+)?|s/n)\b")
UNTYPED_STREET = regex.compile(r"(?:\p{Lu}[\p{L}'´]*\.?\s+(?:(?:de|del|da|do|das|dos|la|los|las|y|i)\s+)*){0,5}\p{Lu}[\p{L}'´]*"
                             + HOUSE_NUMBER.pattern)
# a person's name in a signature: given names (listed first names or initials), then two surnames,
# each with its particles ("Enrique de Diego Rodríguez")
INITIAL = regex.compile(r"\p{Lu}\.")
SURNAME_PARTICLE = regex.compile(r"de|del|la|las|los|van|von|da|dos")
SURNAME_SAINT = regex.compile(r"San|Santa|Santo|Sant")  # "San Martín" is one surname
CAPITALISED_WORD = regex.compile(r"(?<![\p{L}\d])\p{Lu}[\p{L}'´]*")
SAINT = regex.compile(r"(?:San|Santa|Santo|Sant|Virgen|Doctor|Dr\.|Plaza|Camino)$")
STREET_NOUN = regex.compile(r"Río|Monte|Altos|Alto|Hermanos|Doctor|Virgen|Camino|Puerta|Ribera|Valle|Cerro|Cruz|Fuente")
STREET_PARTICLE = regex.compile(r"de|del|da|do|dos|das|la|las|los")
FLOOR_WORD = regex.compile(r"(?i)(?:[A-Z]|p\d{1,2}|iz|\d{1,4}\s?[º°ªo]?\s?[A-H]?|\d+\.?[º°ª]|[º°ª]\s?[A-H]?|bajo|entlo|entresuelo|"
                            r"puerta|pta|piso|planta|portal|esc|escalera|izq|izqda|izda|der|dcha|drcha|dcho|local|"
                            r"bloque|blq|apto|apartamento|km|nº|no|n\.º|bis|interior|int|ático|atico|sótano|casa|"
                            r"esq|s/n|sn|dto|depto|oficina|of|n[úu]mero|núm|bl|suite)\b")
FLOOR_ORDINAL = regex.compile(r"o\s+\p{Lu}\b")
PO_BOX = regex.compile(r"(?:apartado|apdo\.?)(?:\s+de\s+correos)?(?=\s+\d)", regex.I)
SN = regex.compile(r"\bSN\b")
STREET_STOP = regex.compile(r"\s*(?:(?:E-)?\d{5}\b|[\w.+-]+@|E-?mail|Correo|Tel|Tfno|Fax|\(|C\.\s?P\b|CP\b)", regex.I)
STREET_ABBREVIATION_END = regex.compile(
    r"(?:\b(?:Avda|Av|Dr|Dra|Sta|Sto|Pza|Ctra|Urb|Pº|C|S|San|Gral|Pte|Pl|Apdo|Hnos|Prof|Sr|Sra|Edf|Edif|\p{Lu})|C/)$")
CAPITAL_AFTER = regex.compile(r"\s+\p{Lu}")
COLONIA = regex.compile(r",?\s*(?:Col\.|Colonia)\s+")
COLONIA_WORD = regex.compile(r"(?:\p{Lu}[\p{L}'´]+|[IVXL]+)(?=[\s,.;]|$)")
DIGIT = regex.compile(r"\d")

# postcodes
# a postcode: five digits (a Spanish one may keep its "E-"), a Brazilian CEP ("04005-005"), an Argentine CPA
# ("C1059ABG")
POSTCODE = regex.compile(r"\b(?:E[- ])?\d{5}(?:-\d{3}(?!\d))?\b|\b\p{Lu}\d{4}\p{Lu}{3}\b")
POSTCODE4 = regex.compile(r"(?<!\d)\d{4}(?=,?\s+\p{Lu}\p{Ll})")
POSTCODE_CUE = regex.compile(r"(?:C\.\s?P\.?|CP\.?|Código [Pp]ostal|Cod\. [Pp]ostal)\s*:?\s*(\d{4,5}(?:-\d{3})?)\b")
POSTCODE4_AFTER = regex.compile(r"\s*\d{4},?\s+\p{Lu}\p{Ll}")

# towns, provinces, countries
PLACE_PART = regex.compile(r"[^,;/()]+")
PLACE_JOINT = regex.compile(r"\s*-\s*|\s+")
PLACE_WORD = regex.compile(r"(?:\p{Lu}\.){2,}|\p{Lu}[\p{L}'´’]*(?:-\p{Lu}[\p{L}'´’]*)*")
# a particle inside a place name; after "de" the article may be capitalised ("Isla de La Palma", "Puerto de La Cruz")
PLACE_PARTICLE = regex.compile(r"(?:de\s+(?:La|Las|Los|El)|de|del|la|las|los|el|d'|l')\s+(?=\p{Lu})|(?:d'|l'|d´)(?=\p{Lu})")
NOT_PLACE = regex.compile(r"(?:E-?mail|Email|Mail|Correos?|Electr[óo]nicos?|Provincia|República|Policía|Médico|Zona|Tel|Telf|Tfno|Tlf|Fax|Móvil|Servicio|Unidad|Spain|CP|C\.P|"
                           r"Edificio|Planta|Piso|Puerta|Suite|Oficina|Despacho|Jefe|Jefa|Delegación|Dirección|UCI|"
                           r"Información|Nota|Artículo|Adjunt[oa]|Forense|Científica|Juzgados?|Palacio|Justicia|"
                           r"Sección|Secretaría|Residencia|Pediatra|Número|Numero|\p{L}+log[íi]a|"
                           # a staff member's post or degree in a signature ("Docente e Investigador del Centro ...", "PhD")
                           r"Director|Directora|Investigador|Investigadora|Docente|Profesor|Profesora|Catedrátic[oa]|"
                           r"Coordinador|Coordinadora|Becari[oa]|Facultativ[oa]|Supervisor|Supervisora|Titular|PhD|MSc|MPH|"
                           # phone cues and other words of an address or an article's footnote that are no place
                           r"Fono|Fonofax|Telefax|Celular|Phone|Facs[íi]mil|Anexo|Ext|Casilla|C[óo]digo|Postal|"
                           r"Department|Département|Financiaci[óo]n|Conflictos?|Ningun[oa])\b",
                           regex.I)
INITIALS_END = regex.compile(r"(?:\p{Lu}\.)+\p{Lu}$")
# a federal district's initials after its town ("Bogotá D.C.", "México D.F."), not a postcode cue ("C.P.")
DISTRICT_INITIALS = regex.compile(r"\s(?!C\.P\.)\p{Lu}\.\p{Lu}\.(?!\p{L})")
# a town named with its country ("Santiago de Chile", "San José de Costa Rica"): the country is part of its name
OF_COUNTRY = regex.compile(r" de (?=\p{Lu})")
TOWN_PARTICLE_END = regex.compile(r"\b(?i:de|del|la|d'|en)\s*$")
# a hospital's name that ends in a quoted name or a saint's title, before "de" and its town: 'Hospital
# Universitario "Reina Sofía" de Córdoba', "Hospital Virgen de la Arrixaca de Murcia" (the town is where it
# stands, as the grammar's HospitalNamedBeforeTown has it)
NAMED_BEFORE_TOWN = regex.compile(r'(?:["”]|\bVirgen\s+del?\s+(?:(?:la|las|los)\s+)?\p{Lu}\p{L}+)\s+de\s+$')
NAMED_BEFORE_TOWN_TAIL = regex.compile(r"\s+de\s+$")
REPUBLIC = regex.compile(r"Rep[úu]blica\s+")

# header field values
NHC_PREFIX = regex.compile(r"nhc-", regex.I)
NASS_DIGITS = regex.compile(r"\d{5,9}")
NASS_SHAPE = regex.compile(r"\d{2}\s?\d{8}\s?\d{2}")
NASS_UNDER_DOMICILIO = regex.compile(r"(?m)^Domicilio:[ \t]*\d{2}\s?\d{8}\s?\d{2}\b")
AGE_VALUE = regex.compile(r"\d|(?i:un|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez)\b")

# blanks
BLANKS = regex.compile(r"[ \t]*")
SPACES = regex.compile(r"[ \t]+")
NON_BLANKS = regex.compile(r"\S+")
