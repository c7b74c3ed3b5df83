"""The lattice a cascade shares between phases, after Python actions changed the input set.

The runtime keeps a type's lattice across a phase with Python actions while that type's
annotations are unchanged and always re-reads feature values (see Lattice.refresh): a later
phase must see annotations added or removed and features changed in place by an earlier one.
"""

from __future__ import annotations

from japehelp import found, make_doc, tokenize

from annotator.jape.actions import action, keeps_features
from annotator.jape import compile_grammar


@action("tests.lattice_recase")
def _recase(ctx) -> None:
    """Change a feature in place: the bound Token's orth becomes "marked"."""
    for a in ctx.bindings["t"]:
        a.features["orth"] = "marked"


@action("tests.lattice_add_token")
def _add_token(ctx) -> None:
    """Add a Token over the bound one's first character (a new annotation of a lattice type)."""
    a = ctx.bindings["t"][0]
    ctx.input.add("Token", a.start, a.start + 1, {"string": ctx.doc.text[a.start], "orth": "marked"})


@action("tests.lattice_add_token_keeping_features")
@keeps_features
def _add_token_keeping_features(ctx) -> None:
    """As tests.lattice_add_token, promising to change no feature (actions.keeps_features)."""
    _add_token(ctx)


@action("tests.lattice_remove")
def _remove(ctx) -> None:
    for a in ctx.bindings["t"]:
        ctx.input.remove(a)


def _cascade(grammar, action_name: str):
    return grammar(
        "Phase: Change\nInput: Token\nOptions: control = appelt\n"
        'Rule: C ({Token.string == "Bob"}):t --> :t { action: "' + action_name + '" }\n'
        "Rule: Caps ({Token.orth == allCaps}):k --> :k.Caps = {}\n"  # Token.orth values indexed before the change
        "Phase: Read\nInput: Token\nOptions: control = all\n"
        "Rule: Marked ({Token.orth == marked}):m --> :m.Marked = {}\n"
        "Rule: Cap ({Token.orth == upperInitial}):m --> :m.Cap = {}\n")


def test_a_feature_changed_in_place_is_seen_by_the_next_phase(grammar):
    doc = make_doc("Ann Bob Cid")
    _cascade(grammar, "tests.lattice_recase")(doc)
    assert found(doc, "Marked") == ["Bob"]
    assert found(doc, "Cap") == ["Ann", "Cid"]


def test_an_added_annotation_is_seen_by_the_next_phase(grammar):
    doc = make_doc("Ann Bob Cid")
    _cascade(grammar, "tests.lattice_add_token")(doc)
    assert found(doc, "Marked") == ["B"]
    assert found(doc, "Cap") == ["Ann", "Bob", "Cid"]


def test_an_annotation_added_by_an_action_keeping_features_is_seen_by_the_next_phase(grammar):
    doc = make_doc("Ann Bob Cid")
    _cascade(grammar, "tests.lattice_add_token_keeping_features")(doc)
    assert found(doc, "Marked") == ["B"]
    assert found(doc, "Cap") == ["Ann", "Bob", "Cid"]


def test_a_removed_annotation_is_not_seen_by_the_next_phase(grammar):
    doc = make_doc("Ann Bob Cid")
    _cascade(grammar, "tests.lattice_remove")(doc)
    assert found(doc, "Cap") == ["Ann", "Cid"]


# The lattice is also kept between grammars run on the same set in one thread (the JAPE PRs of a
# pipeline, see runtime.lattice_of): the second grammar must see what was added, removed or changed
# in between.
_FIRST = "Phase: One\nInput: Token\nRule: Caps ({Token.orth == allCaps}):k --> :k.Caps = {}\n"
_SECOND = ("Phase: Two\nInput: Token Caps\nOptions: control = all\n"
           "Rule: Marked ({Token.orth == marked}):m --> :m.Marked = {}\n"
           "Rule: Cap ({Token.orth == upperInitial}):m --> :m.Cap = {}\n"
           "Rule: Seen ({Caps}):c --> :c.Seen = {}\n")


def test_a_later_grammar_sees_the_earlier_grammars_output(grammar):
    doc = make_doc("Ann BOB Cid")
    grammar(_FIRST, "one.jape")(doc)
    grammar(_SECOND, "two.jape")(doc)
    assert found(doc, "Seen") == ["BOB"]
    assert found(doc, "Cap") == ["Ann", "Cid"]


def test_a_later_grammar_sees_changes_made_between_grammars(grammar):
    doc = make_doc("Ann BOB Cid")
    first, second = grammar(_FIRST, "one.jape"), grammar(_SECOND, "two.jape")
    first(doc)
    tokens = doc.annset().with_type("Token")
    ann = next(a for a in tokens if doc.text[a.start:a.end] == "Ann")
    ann.features["orth"] = "marked"  # in place, by some other PR
    doc.annset().remove(next(a for a in tokens if doc.text[a.start:a.end] == "Cid"))
    doc.annset().add("Token", 4, 5, {"string": "B", "orth": "upperInitial"})
    second(doc)
    assert found(doc, "Marked") == ["Ann"]
    assert found(doc, "Cap") == ["B"]


def test_a_later_grammar_sees_a_token_replaced_in_document_order(grammar):
    # as many Tokens as before, still added in document order: the lattice read them without an index
    doc = make_doc("Ann BOB Cid")
    first, second = grammar(_FIRST, "one.jape"), grammar(_SECOND, "two.jape")
    first(doc)
    doc.annset().remove(next(a for a in doc.annset().with_type("Token") if a.start == 8))
    doc.annset().add("Token", 8, 9, {"string": "C", "orth": "marked"})
    second(doc)
    assert found(doc, "Marked") == ["C"]
    assert found(doc, "Cap") == ["Ann"]


def test_tokens_added_out_of_document_order_are_matched_in_document_order(grammar):
    doc = make_doc("Ann Bob Cid", tokens=False)
    for start, end in ((8, 11), (0, 3), (4, 7)):
        doc.annset().add("Token", start, end, {"orth": "upperInitial"})
    grammar("Phase: P\nInput: Token\nRule: Two ({Token} {Token}):p --> :p.Pair = {}\n")(doc)
    assert found(doc, "Pair") == ["Ann Bob"]


def test_a_grammar_does_not_keep_the_document_alive(grammar):
    import gc
    import weakref

    doc = make_doc("Ann BOB Cid")
    g = grammar(_FIRST)
    g(doc)
    gone = weakref.ref(doc.annset())
    del doc
    gc.collect()
    assert gone() is None


def test_grammars_alternating_between_documents(grammar):
    first, second = grammar(_FIRST, "one.jape"), grammar(_SECOND, "two.jape")
    docs = [make_doc("Ann BOB Cid"), make_doc("AL Bea")]
    for doc in docs:
        first(doc)
    for doc in docs:
        second(doc)
    assert [found(doc, "Seen") for doc in docs] == [["BOB"], ["AL"]]
    assert [found(doc, "Cap") for doc in docs] == [["Ann", "Cid"], ["Bea"]]


# Within a phase, a transition is tested only where the keys it needs hold at its offset (read
# once per document, shared by the phases that read the same types: compiler.KeySpace): after a
# Python action that may have changed features, the rest of the phase reads them live again.
@action("tests.lattice_mark_after_next")
def _mark_after_next(ctx) -> None:
    """Give the Token two words after the bound one orth "marked" (a later match walks over it)."""
    a = ctx.bindings["t"][0]
    later = [t for t in ctx.input.with_type("Token") if t.start > a.end]
    later[1].features["orth"] = "marked"


def test_a_feature_changed_by_an_action_is_seen_later_in_the_same_phase(grammar):
    g = grammar("Phase: P\nInput: Token\nOptions: control = appelt\n"
                'Rule: Mark ({Token.string == "Bob"}):t --> :t { action: "tests.lattice_mark_after_next" }\n'
                "Rule: Pair ({Token.orth == upperInitial} {Token.orth == marked}):p --> :p.Pair = {}\n")
    doc = make_doc("Ann Bob Cid Dan Zed")
    next(t for t in doc.annset().with_type("Token") if t.features["string"] == "Zed").features["orth"] = "marked"
    g(doc)
    assert found(doc, "Pair") == ["Cid Dan"]  # not "Dan Zed": Dan's orth is "marked" by then


def test_grammars_alternating_between_sets_of_one_document(grammar):
    """Lattices are kept per set (several per thread): each grammar sees its own set's changes."""
    first, second = grammar(_FIRST, "one.jape"), grammar(_SECOND, "two.jape")
    doc = make_doc("Ann BOB Cid")
    tokenize(doc, "other")
    first(doc, doc.annset("other"))
    first(doc)
    doc.annset("other").add("Token", 0, 1, {"string": "A", "orth": "marked"})
    second(doc, doc.annset("other"))
    second(doc)
    assert found(doc, "Marked", "other") == ["A"]
    assert found(doc, "Marked") == []
    assert found(doc, "Seen", "other") == ["BOB"] and found(doc, "Seen") == ["BOB"]


def _tried_and_found(write, text: str, make, out: str) -> tuple[list[int], list[str]]:
    """The offsets where the fast matcher tries the rules of grammar ``text`` on ``make()`` (its
    public ``trace``) and the ``out`` annotations it writes, which must be those of the reference
    matcher on another ``make()``."""
    path = write("g.jape", text)
    doc, plain = make(), make()
    offsets: list[int] = []
    compile_grammar(path)(doc, trace=lambda phase, p, candidates, fired: offsets.append(p))
    compile_grammar(path, strategy="reference")(plain)
    assert _spans(doc, out) == _spans(plain, out)
    return offsets, [a.features.get("n", doc.text[a.start:a.end]) for a in doc.annset().with_type(out)]


def _spans(doc, out: str) -> list[tuple]:
    return [(a.start, a.end, sorted(a.features.items())) for a in doc.annset().with_type(out)]


def test_annotations_starting_together_are_tried_in_document_order(write):
    """Several annotations at one offset (one repeated, one empty and never matched): the rules are
    tried once at each offset where one starts, and ``control = all`` matches each non-empty one."""
    def make():
        doc = make_doc("Ann Bob Cid", tokens=False)
        s = doc.annset()
        s.add("L", 0, 3, {"n": 1})
        s.add("L", 4, 5, {"n": 2}), s.add("L", 4, 7, {"n": 3}), s.add("L", 4, 5, {"n": 4})
        s.add("L", 8, 8, {"n": 5})  # empty: never matched
        s.add("L", 8, 11, {"n": 6})
        return doc

    grammar = "Phase: P\nInput: L\nOptions: control = {}\nRule: R ({{L}}):r --> :r.Hit = {{n = :r.L.n}}\n"
    tried, hits = _tried_and_found(write, grammar.format("all"), make, "Hit")
    assert tried == [0, 4, 8]
    assert hits == [1, 3, 2, 4, 6]
    tried, hits = _tried_and_found(write, grammar.format("first"), make, "Hit")
    assert tried == [0, 4, 8] and hits == [1, 3, 6]


def test_rules_are_tried_at_the_next_offset_where_a_leading_type_starts(write):
    """Offsets tried are exactly those where an annotation of a type a first element reads starts:
    one type, two types (their starts merged), and a type the document does not have (no offset)."""
    def make():
        return make_doc("Ann  Bob Cid", ("L", "Bob", None))

    one = "Phase: P\nInput: Token L SpaceToken\nRule: R ({Token}):r --> :r.Hit = {}\n"
    tried, hits = _tried_and_found(write, one, make, "Hit")
    assert tried == [0, 5, 9] and hits == ["Ann", "Bob", "Cid"]
    both = "Phase: P\nInput: Token L SpaceToken\nRule: R ({L} | {SpaceToken}):r --> :r.Hit = {}\n"
    tried, hits = _tried_and_found(write, both, make, "Hit")
    assert tried == [3, 5, 8] and hits == ["  ", "Bob", " "]
    missing = "Phase: P\nInput: Token Missing\nRule: R ({Missing}):r --> :r.Hit = {}\n"
    assert _tried_and_found(write, missing, make, "Hit") == ([], [])


def test_a_match_goes_on_at_the_next_start_of_any_input_type(write):
    """After an annotation, the next element is matched at the first offset at or after its end
    where an annotation of an input type starts, across gaps (an L inside the first double space
    comes before the Token after it; nothing inside the second), and nowhere after the last start."""
    def make():
        doc = make_doc("Ann  Bob  Cid", ("L", 4, 5, None), ("L", "Bob", None))
        doc.annset().add("Token", 13, 13, {})  # empty: never matched
        return doc

    text = ("Phase: P\nInput: Token L\nOptions: control = all\nRule: R ({Token} ({Token} | {L})):r --> :r.Hit = {}\n"
            "Rule: S ({L}):r --> :r.L1 = {}\n")  # L is read where rules start too
    for rules in (text, text.replace("Rule: S", "// Rule: S")):
        tried, hits = _tried_and_found(write, rules, make, "Hit")
        assert hits == ["Ann  ", "Bob  Cid"]
    assert tried == [0, 5, 10]
