"""``annotator jape port``: Java right-hand sides translated into Python actions, idiom by idiom.

Each test writes a grammar with a Java block of the idiom, ports it, runs the ported grammar
(its actions file) on a small document and checks the annotations GATE's Java would have made.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from annotator.cli import main
from annotator.document import Document
from annotator.errors import GrammarError
from annotator.jape import check, compile_grammar
from annotator.jape.actions import load_actions_file
from annotator.jape.port import gate as J
from annotator.jape.port import port
from japehelp import make_doc


def ported(tmp_path: Path, rules: str, phase_input: str = "Token Lookup Person"):
    """The grammar of ``rules`` (one phase), ported and compiled; and the port's result."""
    src = tmp_path / "src"
    src.mkdir(exist_ok=True)
    (src / "g.jape").write_text(f"Phase: P\nInput: {phase_input}\nOptions: control = appelt\n\n{rules}\n")
    done = port(src / "g.jape", tmp_path / "out")
    return compile_grammar(tmp_path / "out" / "g.jape", tmp_path / "out" / "actions.py"), done


def anns(doc, type_name):
    return [(doc.text[a.start:a.end], a.features) for a in doc.annset().with_type(type_name)]


def test_constant_features_add_over_the_binding_and_remove_it(tmp_path):
    grammar, done = ported(tmp_path, """
Rule: OrgContext
({Lookup.majorType == org}):org
-->
{
gate.AnnotationSet org = (gate.AnnotationSet) bindings.get("org");
gate.FeatureMap features = Factory.newFeatureMap();
features.put("rule", "OrgContext1");
features.put("orgType", "company");
outputAS.add(org.firstNode(), org.lastNode(), "Organization", features);
outputAS.removeAll(org);
}
""")
    assert (done.blocks, done.translated) == (1, 1)
    doc = make_doc("Work at Acme Corp now", ("Lookup", "Acme Corp", None, {"majorType": "org"}))
    grammar(doc)
    assert anns(doc, "Organization") == [("Acme Corp", {"rule": "OrgContext1", "orgType": "company"})]
    assert anns(doc, "Lookup") == []


def test_features_from_bound_annotations_and_an_optional_label(tmp_path):
    grammar, _ = ported(tmp_path, """
Rule: Loc
(({Token.string == "in"}):pre)? ({Lookup.majorType == location}):locName
-->
{
gate.FeatureMap features = Factory.newFeatureMap();
gate.AnnotationSet locSet = (gate.AnnotationSet)bindings.get("locName");
gate.AnnotationSet loc = (gate.AnnotationSet)locSet.get("Lookup");
gate.AnnotationSet pre = (gate.AnnotationSet)bindings.get("pre");
if (loc != null && loc.size()>0)
{
  gate.Annotation locAnn = (gate.Annotation)loc.iterator().next();
  features.putAll(locAnn.getFeatures());
  features.remove("majorType");
  features.put("locType", locAnn.getFeatures().get("minorType"));
}
if (pre == null) features.put("context", "none");
else features.put("context", gate.Utils.stringFor(doc, pre));
features.put("missing", locSet.iterator().next().getFeatures().get("nothing"));
outputAS.add(locSet.firstNode(), locSet.lastNode(), "TempLocation", features);
}
""")
    doc = make_doc("Paris and in Rome", ("Lookup", "Paris", None, {"majorType": "location", "minorType": "city"}),
                   ("Lookup", "Rome", None, {"majorType": "location", "minorType": "capital"}))
    grammar(doc)
    assert anns(doc, "TempLocation") == [
        ("Paris", {"minorType": "city", "locType": "city", "context": "none", "missing": None}),
        ("Rome", {"minorType": "capital", "locType": "capital", "context": "in", "missing": None})]


def test_gate_utils_contained_tokens_in_order_strings_and_add_ann(tmp_path):
    grammar, _ = ported(tmp_path, """
Rule: GazPerson
({Person}):person
-->
{
gate.AnnotationSet personSet = (gate.AnnotationSet)bindings.get("person");
gate.FeatureMap features = Factory.newFeatureMap();
AnnotationSet tokenSet = gate.Utils.getContainedAnnotations(inputAS, personSet, "Token");
List<Annotation> tokenList = gate.Utils.inDocumentOrder(tokenSet);
features.put("firstName", gate.Utils.stringFor(doc, tokenList.get(0)));
if (tokenList.size() > 1) {
  Long lastNameStart = gate.Utils.start(tokenList.get(1));
  Long lastNameEnd = gate.Utils.end(tokenList.get(tokenList.size() - 1));
  features.put("surname", gate.Utils.stringFor(doc, lastNameStart, lastNameEnd));
  features.put("clean", gate.Utils.cleanStringFor(doc, personSet));
}
features.put("length", gate.Utils.length(personSet));
gate.Utils.addAnn(outputAS, personSet, "TempPerson", features);
}
""")
    doc = make_doc("Dr Anna  van Dijk came", ("Person", "Anna  van Dijk", None, {}))
    grammar(doc)
    assert anns(doc, "TempPerson") == [("Anna  van Dijk", {"firstName": "Anna", "surname": "van Dijk",
                                                           "clean": "Anna van Dijk", "length": 14})]


def test_document_features_and_string_methods(tmp_path):
    grammar, _ = ported(tmp_path, """
Rule: DocDate
({Token.kind == number}):tag
-->
{
gate.AnnotationSet tagSet = (gate.AnnotationSet)bindings.get("tag");
gate.Annotation tagAnn = (gate.Annotation)tagSet.iterator().next();
String s = gate.Utils.stringFor(doc, tagAnn);
if (s.matches("^\\\\d{8}$")) {
  String s1 = s.substring(0,4) + "-" + s.substring(4,6) + "-" + s.substring(6);
  doc.getFeatures().put("document-date", s1);
}
Object seen = doc.getFeatures().get("seen");
String note = "  " + s.length() + (s.startsWith("20") ? "y" : "n") + s.indexOf("0") + "  ";
if (seen == null) doc.getFeatures().put("seen", note.trim());
if ("ABC".equalsIgnoreCase("abc") && "Word".toLowerCase().equals("word") && s.endsWith("5") && !s.contains("x"))
  doc.getFeatures().put("last", s);
}
""")
    doc = make_doc("Dated 20210305 and 42 and 12345")
    grammar(doc)
    assert doc.features == {"document-date": "2021-03-05", "seen": "8y1", "last": "12345"}


def test_iterators_loops_try_catch_and_return(tmp_path):
    grammar, _ = ported(tmp_path, """
Rule: FirstName
({Lookup.majorType == person_first}):person
-->
{
gate.AnnotationSet person = (gate.AnnotationSet)bindings.get("person");
gate.Annotation personAnn = (gate.Annotation)person.iterator().next();
String gender = (String)personAnn.getFeatures().get("minorType");
boolean ambig = false;
gate.FeatureMap constraints = Factory.newFeatureMap();
constraints.put("majorType", "person_first");
Iterator lookupsIter = inputAS.get(personAnn.getStartNode().getOffset()).get("Lookup", constraints).iterator();
while (!ambig && lookupsIter.hasNext()) {
  gate.Annotation anAnnot = (gate.Annotation)lookupsIter.next();
  if (anAnnot.getEndNode().getOffset().equals(personAnn.getEndNode().getOffset())) {
    ambig = !gender.equals(anAnnot.getFeatures().get("minorType"));
  }
}
int tokens = 0;
for (Annotation t : gate.Utils.getContainedAnnotations(inputAS, personAnn, "Token")) { tokens++; }
for (int i = 0; i < 3; i++) { tokens += i; }
gate.FeatureMap features = Factory.newFeatureMap();
features.put("n", tokens);
if (!ambig) features.put("gender", gender);
try {
  outputAS.add(personAnn.getStartNode().getOffset(), new Long(999).longValue(), "Bad", features);
} catch (InvalidOffsetException e) {
  features.put("caught", "yes");
}
if (ambig) return;
outputAS.add(person.firstNode(), person.lastNode(), "FirstPerson", features);
}
""")
    doc = make_doc("Kim and Sam", ("Lookup", "Kim", None, {"majorType": "person_first", "minorType": "female"}),
                   ("Lookup", "Kim", None, {"majorType": "person_first", "minorType": "male"}),
                   ("Lookup", "Sam", None, {"majorType": "person_first", "minorType": "male"}))
    grammar(doc)
    # Kim is both: ambiguous, the block returns before adding; Sam is not
    assert anns(doc, "FirstPerson") == [("Sam", {"n": 4, "gender": "male", "caught": "yes"})]
    assert anns(doc, "Bad") == []


def test_a_labelled_block_runs_only_when_its_label_bound_something(tmp_path):
    grammar, _ = ported(tmp_path, """
Rule: Tagged
({Token.string == "Mr"}) (({Token.orth == upperInitial}):tag)?
-->
:tag {
  Annotation t = tagAnnots.iterator().next();
  t.getFeatures().put("seen", ruleName());
  inputAS.remove(t);
  outputAS.add(t.getStartNode(), t.getEndNode(), "Name", t.getFeatures());
}
""")
    doc = make_doc("Mr Smith and Mr and")
    grammar(doc)
    assert anns(doc, "Name") == [("Smith", {"string": "Smith", "kind": "word", "length": 5, "orth": "upperInitial",
                                             "seen": "Tagged"})]
    assert "Smith" not in [doc.text[a.start:a.end] for a in doc.annset().with_type("Token")]


def test_the_feature_map_given_to_add_stays_the_annotations_own(tmp_path):
    # GATE's add keeps the FeatureMap it is given: a put after the add shows on the annotation
    grammar, _ = ported(tmp_path, """
Rule: Shared
({Person}):p
-->
{
gate.AnnotationSet p = (gate.AnnotationSet)bindings.get("p");
gate.FeatureMap features = Factory.newFeatureMap();
outputAS.add(p.firstNode(), p.lastNode(), "A", features);
features.put("late", "yes");
}
""")
    doc = make_doc("Jo", ("Person", "Jo", None, {}))
    grammar(doc)
    assert anns(doc, "A") == [("Jo", {"late": "yes"})]


def test_java_null_fails_as_a_null_pointer_does(tmp_path):
    grammar, _ = ported(tmp_path, """
Rule: Npe
({Person}):p
-->
{
gate.AnnotationSet missing = (gate.AnnotationSet)bindings.get("nothing");
outputAS.removeAll(missing.get("Person"));
}
""")
    with pytest.raises(GrammarError, match="E506.*NullPointerException"):
        grammar(make_doc("Jo", ("Person", "Jo", None, {})))


@pytest.mark.parametrize("java, reason", [
    ('String s = "a"; if (s == "a") { outputAS.removeAll(inputAS); }', "== between a String and a String"),
    ("java.util.Map m = new java.util.HashMap();", "type java.util.Map is not translated"),
    ('String s = "x".replaceAll("x", "y");', "String.replaceAll(String, String) is not translated"),
    ("int[] a = new int[3];", "arrays are not translated"),
    ('for (Object k : doc.getFeatures().keySet()) { }', "FM.keySet() is not translated"),
    ('if ("a".matches("\\\\p{Alpha}")) { }', "may read differently in Python"),
])
def test_blocks_outside_the_subset_are_refused_with_the_reason(tmp_path, java, reason):
    grammar, done = ported(tmp_path, f"Rule: R\n({{Person}}):p\n-->\n{{\n{java}\n}}\n")
    assert (done.blocks, done.translated) == (1, 0)
    [item] = done.untranslated
    assert item["file"] == "g.jape" and item["line"] == 8 and reason in item["reason"]
    # the ported grammar loads; running the refused block names it
    with pytest.raises(GrammarError, match=r"g\.jape:8: E541 .*port it by hand \(action g_R"):
        grammar(make_doc("Jo", ("Person", "Jo", None, {})))


def test_cli_ports_a_multiphase_grammar(tmp_path, capsys):
    src = tmp_path / "src"
    (src / "sub").mkdir(parents=True)
    (src / "main.jape").write_text("MultiPhase: M\nPhases:\nfirst\n\"sub/second\"\n")
    (src / "first.jape").write_text("Phase: First\nInput: Token\nMacro: WORD ({Token.kind == word})\n"
                                    "Rule: W\n(WORD):w\n-->\n:w.Word = {}\n")
    (src / "sub" / "second.jape").write_text(
        "Phase: Second\nInput: Word\n\nRule: Two\n(WORD2):w\n-->\n{\n  gate.AnnotationSet w = bindings.get(\"w\");\n"
        "  outputAS.add(w.firstNode(), w.lastNode(), \"Pair\", Factory.newFeatureMap());\n}\n\n"
        "Rule: Bad\n({Word}):w\n-->\n:w.Other = {}, {\n  Thread.sleep(1);\n}\n"
        .replace("(WORD2)", "({Word} {Word})"))
    out = tmp_path / "out"
    assert main(["jape", "port", str(src / "main.jape"), "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert "translated 1 of 2 Java blocks" in captured.out
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()) == [
        "actions.py", "first.jape", "main.jape", "port-report.json", "sub/second.jape"]
    report = json.loads((out / "port-report.json").read_text())
    assert report["blocks"] == 2 and report["translated"] == 1
    assert report["untranslated"][0]["file"] == "sub/second.jape" and report["untranslated"][0]["line"] == 15
    second = (out / "sub" / "second.jape").read_text()
    assert '{ action: "sub_second_Two" }' in second and "Thread" not in second
    assert second.count("\n") == (src / "sub" / "second.jape").read_text().count("\n")  # rules keep their lines
    assert "Java of sub/second.jape:7, rule Two" in (out / "actions.py").read_text()
    assert main(["jape", "check", str(out / "main.jape"), "--actions", str(out / "actions.py")]) == 0
    grammar = compile_grammar(out / "main.jape", out / "actions.py")
    with pytest.raises(GrammarError, match="sub/second.jape:15: E541"):
        grammar(make_doc("big dogs run"))
    # never over the grammar's own folder
    with pytest.raises(GrammarError, match="E540"):
        port(src / "main.jape", src)


def test_annie_ne_grammar_ports_and_checks_clean(shared_dir, tmp_path):
    grammar = shared_dir / "annie" / "resources" / "NE" / "main.jape"
    if not grammar.is_file():
        pytest.skip(f"{grammar} not found")
    done = port(grammar, tmp_path / "annie")
    report = json.loads((tmp_path / "annie" / "port-report.json").read_text())
    assert report["blocks"] == done.blocks == 79
    assert report["translated"] / report["blocks"] >= 0.85
    result = check(tmp_path / "annie" / "main.jape", tmp_path / "annie" / "actions.py")
    assert result.errors == []


def test_imports_static_gate_utils_and_string_utils(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "g.jape").write_text("""Imports: {
  import static gate.Utils.*;
  import org.apache.commons.lang.StringUtils;
}
Phase: P
Input: Lookup TempPerson
Rule: NotAnXGaz
({Lookup.minorType == blacklist}):match
-->
:match {
  Annotation lookup = matchAnnots.iterator().next();
  AnnotationSet temp = getContainedAnnotations(inputAS, lookup,
    "Temp" + StringUtils.capitalize(lookup.getFeatures().get("majorType").toString()));
  inputAS.removeAll(temp);
}
""")
    done = port(src / "g.jape", tmp_path / "out")
    assert (done.blocks, done.translated) == (1, 1)
    grammar = compile_grammar(tmp_path / "out" / "g.jape", tmp_path / "out" / "actions.py")
    doc = make_doc("Dr Who", ("Lookup", "Dr Who", None, {"majorType": "person", "minorType": "blacklist"}),
                   ("TempPerson", "Who", None, {}), ("TempOrganization", "Who", None, {}), tokens=False)
    grammar(doc)
    assert sorted(a.type for a in doc.annset()) == ["Lookup", "TempOrganization"]


def test_get_at_is_every_annotation_at_the_first_start_at_or_after_the_offset() -> None:
    # GATE's AnnotationSet.get(Long offset): the annotations starting at the first node at or after it
    doc = Document("Kim and Sam")
    anns = doc.annset()
    kim = anns.add("Token", 0, 3)
    look = anns.add("Lookup", 0, 3)
    sam = anns.add("Token", 8, 11)
    person = anns.add("Person", 8, 11)
    assert list(J.get_at(anns, 0)) == [kim, look]
    assert list(J.get_at(anns, 1)) == [sam, person]
    assert list(J.get_at(anns.with_type("Lookup"), 1)) == []
    anns.add("Space", 7, 8)
    assert [a.type for a in J.get_at(anns, 4)] == ["Space"]
    assert list(J.get_at(anns, 12)) == []


def test_a_block_that_changes_only_its_own_feature_maps_keeps_features(tmp_path):
    # keeps_features (annotator.jape.actions) lets the later phases keep the feature values they
    # read: given only to a block whose changes of feature maps are all to maps it made itself
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.jape").write_text("MultiPhase: M\nPhases:\nfirst\nsecond\n")
    (src / "first.jape").write_text("""Phase: First
Input: Token
Options: control = appelt

Rule: Own
({Token.string == "a"}):a
-->
{
gate.AnnotationSet a = (gate.AnnotationSet) bindings.get("a");
gate.FeatureMap fm = Factory.newFeatureMap();
fm.put("from", "a");
fm.putAll(a.iterator().next().getFeatures());
fm.remove("length");
outputAS.add(a.firstNode(), a.lastNode(), "Mark", fm);
}

Rule: Theirs
({Token.string == "b"}):b
-->
{
gate.AnnotationSet b = (gate.AnnotationSet) bindings.get("b");
gate.FeatureMap fm = b.iterator().next().getFeatures();
fm.put("kind", "marked");
}
""")
    (src / "second.jape").write_text('Phase: Second\nInput: Token\nOptions: control = appelt\n\n'
                                     'Rule: Marked\n({Token.kind == "marked"}):m\n-->\n:m.Marked = {}\n')
    out = tmp_path / "out"
    port(src / "main.jape", out)
    actions = load_actions_file(out / "actions.py").ACTIONS
    assert getattr(actions["first_Own"], "changes_features", True) is False
    assert getattr(actions["first_Theirs"], "changes_features", True) is True
    doc = make_doc("a b a")
    compile_grammar(out / "main.jape", out / "actions.py")(doc)
    assert [m.features["from"] for m in doc.annset().with_type("Mark")] == ["a", "a"]
    assert anns(doc, "Marked") == [("b", {})]  # the second phase sees the feature the first one changed
