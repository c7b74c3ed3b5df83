"""The shipped MEDDOCAN resources: gazetteer lists, their sources, and the grammar files."""

from __future__ import annotations

from annotator.jape import check, compile_grammar
from annotator.jape.actions import load_actions_file
from annotator.paths import RESOURCES

GAZ = RESOURCES / "gazetteers" / "es"


def test_every_list_exists_is_non_empty_and_is_documented():
    sources = (GAZ / "SOURCES.md").read_text(encoding="utf-8")
    for line in (GAZ / "lists.def").read_text(encoding="utf-8").splitlines():
        name = line.split(":")[0]
        entries = (GAZ / name).read_text(encoding="utf-8").splitlines()
        assert entries and all(e.strip() == e and e for e in entries), name
        assert f"`{name}`" in sources, f"{name} missing from SOURCES.md"


def test_names_are_title_case_with_accented_variants():
    first = set((GAZ / "first_male.lst").read_text(encoding="utf-8").splitlines())
    surnames = set((GAZ / "surname.lst").read_text(encoding="utf-8").splitlines())
    assert {"Jose", "José", "Maria Carmen"} <= first | set((GAZ / "first_female.lst").read_text().splitlines())
    assert {"Martinez", "Martínez", "Garcia", "García"} <= surnames


def test_grammars_compile_with_their_actions():
    grammars = RESOURCES / "grammars" / "meddocan"
    assert compile_grammar(grammars / "blocking.jape") is not None
    assert compile_grammar(grammars / "main.jape", grammars / "actions") is not None


def test_main_grammar_checks_clean_with_its_actions_and_names_them_without():
    grammars = RESOURCES / "grammars" / "meddocan"
    assert check(grammars / "main.jape", grammars / "actions").errors == []
    errors = [err.message for err in check(grammars / "main.jape").errors]
    assert [m.split("(")[0] for m in errors] == [f"E505 unknown action 'meddocan.{name}' "
                                                  for name in ("field", "place", "resolve")]


def test_every_action_of_the_grammar_only_writes_its_output_set():
    """The three actions promise to leave the phase's input set alone (the runtime relies on it)."""
    actions = load_actions_file(RESOURCES / "grammars" / "meddocan" / "actions").ACTIONS
    assert {name: getattr(fn, "changes_input", True) for name, fn in actions.items()} == {
        "meddocan.field": False, "meddocan.place": False, "meddocan.resolve": False}


def test_lists_hold_foreign_cities_cue_variants_and_compound_relatives():
    cities = set((GAZ / "city.lst").read_text(encoding="utf-8").splitlines())
    assert {"Lübeck", "Basel", "Madrid", "Getafe"} <= cities
    # small Spanish towns of GeoNames, both names of a bilingual one, capitalised; none named like a person
    assert {"Abanilla", "Mondéjar", "Arén", "El Masroig"} <= cities
    assert not {"Corrales", "el Masroig", "Areny de Noguera / Arén"} & cities
    cues = (GAZ / "cue.lst").read_text(encoding="utf-8").splitlines()
    assert "Localidad/provincia:field=localidad" in cues and "Localidad/Provincia:field=localidad" in cues
    kinship = set((GAZ / "kinship.lst").read_text(encoding="utf-8").splitlines())
    assert {"primos hermanos", "Prima hermana", "suegros", "Cuñadas", "cónyuges"} <= kinship
    assert not {"familias", "gemelos"} & kinship
    professions = set((GAZ / "profession.lst").read_text(encoding="utf-8").splitlines())
    assert {"mecánico", "Mecánico"} <= professions
