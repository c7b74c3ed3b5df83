"""deid-en on places in addresses and international text (issue 28; guidelines 2.3: a town is PHI,
the whole of its name): town names with particles (resources/grammars/deid-en/actions/places.py)."""

from __future__ import annotations

import pytest
from resourcehelp import covered, phi


@pytest.mark.parametrize("text, town", [
    # a town of the lists joined by a particle to a word in no list, either side; a word before a region
    ("N. Duffy moved from Budišov nad Budišovkou to Leeds in 1952.", "Budišov nad Budišovkou"),
    ("Text from Rosalia: landed in Curaco de Vélez, Djibouti, back on Friday.", "Curaco de Vélez"),
    ("She moved to Ciudad de México last year.", "Ciudad de México"),
    ("notes for patients living in ciudad de mexico", "ciudad de mexico"),
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


@pytest.mark.parametrize("text, town, postcode", [
    # a town in no list beside a postcode, the two a part of an address
    ("Witness: Florentin Amon, Apartment 14, 34 Ó Scolaí Mill, Mengeš 68562", "Mengeš", "68562"),
    ("Please send it to Unit 27, 71012 Nadlac.", "Nadlac", "71012"),
    ("Home address\n939 Maina Plaza Suite 480\n49114 Bad Leonfelden\nSeychelles", "Bad Leonfelden", "49114"),
    ("Witness: Christel Vanderheyden, Šestinski vijenac 8b/1, Hernandoport 401649", "Hernandoport", "401649"),
    # a postcode with its country letter is a ZIP before a town
    ("Address: Hauptstr. 5, D-80331 Xyzburg", "Xyzburg", "D-80331"),
    # a town and its postcode after a street line are no second street line
    ("Address: 5 Elm Street, Smalltown 4051", "Smalltown", "4051"),
    # a listed town keeps its place
    ("Address: 10 Downing Street, SW1A 1AA London", "London", "SW1A 1AA"),
])
def test_town_beside_a_postcode_is_a_city(hipaa, text, town, postcode):
    values = phi(hipaa, text)
    assert ("CITY", town) in values and ("ZIP", postcode) in values


@pytest.mark.parametrize("text, expected", [
    # a name before a postcode outside an address part stays a name
    ("Name: Nancy Clark 01852", ("PATIENT", "Nancy Clark")),
    ("Nancy Clark 01852 called.", ("PATIENT", "Nancy Clark")),
])
def test_name_beside_a_postcode_stays_a_name(hipaa, text, expected):
    assert expected in phi(hipaa, text)


@pytest.mark.parametrize("text", [
    "The result, 12345 Units, was given.",
    "Total, 20000 International Units daily.",
])
def test_no_town_beside_a_number_of_english_words(hipaa, text):
    assert not any(type_ == "CITY" for type_, _ in phi(hipaa, text))


@pytest.mark.parametrize("text, town", [
    # a form's town field: its value, listed in part or not at all
    ("Name: V. Passchiers\nAddress: 85 boulevard Peltier\nCity: Škofja Loka\nPostcode: 3747", "Škofja Loka"),
    ("Name: Morten Isaksen\nCity: Meeuwen\nPostcode: 70661", "Meeuwen"),
    ("Town: Boston   State: MA", "Boston"),
    # a town after a name and "of", ending the clause
    ("Account 984031057 belongs to Mia Hermansen of Vig.", "Vig"),
    ("We received a letter from Gemma Thornton of Budahetvenvára, Hungary.", "Budahetvenvára"),
])
def test_town_by_the_shape_of_an_address(hipaa, text, town):
    assert ("CITY", town) in phi(hipaa, text)


@pytest.mark.parametrize("text", [
    "Kind regards, Dr. Jones of Cardiology.",
    "Dr. Jones of Paediatrics called.",
    "Mr Smith of Ward 7 is stable.",
    "City: not known",
    "Capacity: Full",
])
def test_no_town_from_a_specialty_or_a_word(hipaa, text):
    assert not any(type_ == "CITY" for type_, _ in phi(hipaa, text))


@pytest.mark.parametrize("text, postcode", [
    # the postcode after a town in no list that starts a part of an address
    ("Witness: Natalja Egorov, Ste 37, Calle Orosco 616, Lucas Ville 94069", "94069"),
    ("She lives at 593 Ojiambo Burgs, Melinda Ville 3407.", "3407"),
    ("Refer Gaurika Bhatti, who lives at 72309 Māris Bridge Suite 564, Tiputereara E7C7G9.", "E7C7G9"),
])
def test_postcode_after_a_town_of_an_address_is_a_zip(hipaa, text, postcode):
    assert ("ZIP", postcode) in phi(hipaa, text)


def test_year_after_a_town_is_no_postcode(hipaa):
    values = phi(hipaa, "She lives at 593 Ojiambo Burgs, Melinda Ville 2012.")
    assert ("CITY", "Melinda Ville") in values and not any(type_ == "ZIP" for type_, _ in values)


@pytest.mark.parametrize("text, values", [
    # the parts of an address's value after its field, clause or heading, split at commas
    ("Address: Flat 9, Kelderweg 12, Vrouwenpolder, Netherlands", ["Flat 9", "Kelderweg 12", "Vrouwenpolder"]),
    ("Mrs Obi says her new address is Tr. Kosova No. 41, Upper Dunmarsh.", ["Tr. Kosova No. 41", "Upper Dunmarsh"]),
    ("Postal address\nBlk 4, Jl. Merpati Dua No. 7\n40115 Sukajadi\nIndonesia", ["Jl. Merpati Dua No. 7", "Sukajadi"]),
    ("Name: Ana Ruiz\nAddress: 14, chemin des Vignes\nCity: Nyon", ["14", "chemin des Vignes"]),
])
def test_parts_of_an_address_value_are_phi(hipaa, text, values):
    assert all(covered(hipaa, text, value) for value in values)


@pytest.mark.parametrize("text", [
    "Address: see above. Phone: not given",
    "Dr. Ames said the address is unknown, no fixed abode.",
    "Home address\nsame as patient\n\nNext of kin: none",
    "Please update the address on file.",
])
def test_address_cue_without_an_address_stays_untouched(hipaa, text):
    assert all(type_ not in ("STREET", "CITY") for type_, _value in phi(hipaa, text))
