"""deid-en on places in addresses and international text (issue 28; guidelines 2.3: a town is PHI,
the whole of its name): town names with particles (resources/grammars/deid-en/actions/places.py)."""

from __future__ import annotations

import pytest
from resourcehelp import phi


@pytest.mark.parametrize("text, town", [
    # a town of the lists joined by a particle to a word in no list, either side; a word before a region
    ("N. Duffy moved from Budišov nad Budišovkou to Leeds in 1952.", "Budišov nad Budišovkou"),
    ("Text from Rosalia: landed in Curaco de Vélez, Djibouti, back on Friday.", "Curaco de Vélez"),
    ("She moved to Ciudad de México last year.", "Ciudad de México"),
    # two words joined by a particle only place names have
    ("Her daughter lives at 73429 Elena Locks near Waidhofen an der Ybbs.", "Waidhofen an der Ybbs"),
    ("Her daughter lives near Krimpen aan de Lek.", "Krimpen aan de Lek"),
    ("Mr. Jali says his new address is Suite 907, pl. Andersa 213, Joly am Albis.", "Joly am Albis"),
    ("Next of kin: Eduard Novak, Rožmberk nad Vltavou", "Rožmberk nad Vltavou"),
    # a hyphened name with a particle inside, its last word English or not
    ("Gabrielly Meléndez works for Conrad Sàrl. in Niquille-les-Bains.", "Niquille-les-Bains"),
    ("He grew up in Saint-Germain-en-Laye.", "Saint-Germain-en-Laye"),
    # the full forms the lists hold stay whole
    ("She moved to Frankfurt am Main last year.", "Frankfurt am Main"),
    ("We flew to Rio de Janeiro on Monday.", "Rio de Janeiro"),
    ("He lives in Stratford-upon-Avon.", "Stratford-upon-Avon"),
])
def test_town_with_a_particle_is_one_city(hipaa, text, town):
    assert ("CITY", town) in phi(hipaa, text)


@pytest.mark.parametrize("text, expected", [
    # a person's particles stay in the name
    ("Fernando Pereira da Silva moved to Lisbon.", ("PATIENT", "Fernando Pereira da Silva")),
    ("Maria de Souza was seen by Dr. Pereira da Silva.", ("DOCTOR", "Pereira da Silva")),
    # a name after a title stays a name before a place particle
    ("Dr Kowalski am Montag.", ("DOCTOR", "Kowalski")),
])
def test_names_with_particles_stay_names(hipaa, text, expected):
    assert expected in phi(hipaa, text)


@pytest.mark.parametrize("text", [
    "We saw Anna an hour later.",
    "The Outpatient Clinic an Overview was sent.",
    "Blood Pressure an Hour after the dose was fine.",
])
def test_no_town_across_an_english_particle(hipaa, text):
    assert not any(type_ == "CITY" and " an " in value for type_, value in phi(hipaa, text))


@pytest.mark.parametrize("text, town", [
    # a name-list word or a word in no list between a street line or postcode and a country or state
    ("Address: 12 Main St, Cali, Colombia", "Cali"),
    ("Send it to 9 Via Roma, Sora, Italy.", "Sora"),
    ("Address: 9 Elm Road, Ashanti, Ghana", "Ashanti"),
])
def test_weak_word_between_street_and_country_is_a_city(hipaa, text, town):
    assert ("CITY", town) in phi(hipaa, text)


@pytest.mark.parametrize("text, name", [
    # the recipient before the street line stays a name
    ("Send to: Ana Cali, 12 Main St, Bogotá, Colombia", "Ana Cali"),
    ("Mr. Florence, 4 Rue du Bac, Paris, France", "Florence"),
])
def test_recipient_of_an_address_stays_a_name(hipaa, text, name):
    assert any(type_ in ("PATIENT", "DOCTOR") and value == name for type_, value in phi(hipaa, text))
