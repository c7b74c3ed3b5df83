"""The tokenizer's ``gate`` style against GATE's own tokeniser, rule by rule (issue 31).

The oracle is GATE's ``SimpleTokeniser`` (gateplugin-ANNIE, ``gate/creole/tokeniser``) redone
here: it reads ANNIE's ``DefaultTokeniser.rules`` (``../shared/annie``), builds the automaton as
``parseLHS`` does (the same states and empty transitions, quirks included: in GATE's
``A | B`` only the two elements next to the bar are the alternatives, and a group whose first
element carries ``+`` loops back to the state the group starts from, which the other alternatives
of the mixedCaps rule share) and walks it as ``execute`` does: on from the token's start while some
rule can go on, the token ends where none can and takes the right-hand side of the last final state
passed; a character no rule starts with is a one-character ``DEFAULT_TOKEN``. Unicode categories
are Python's (``unicodedata``) for Java's ``Character.getType``.
"""

from __future__ import annotations

import json
import random
import unicodedata
from pathlib import Path

import pytest

from annotator.document import Document
from annotator.processing.tokenizer import Tokenizer

REPO = Path(__file__).resolve().parents[2]
RULES = REPO.parent / "shared" / "annie" / "resources" / "tokeniser" / "DefaultTokeniser.rules"
EWT = REPO.parent / "shared" / "resources-data" / "treebanks" / "en_ewt" / "en_ewt-ud-dev.conllu"
FIXTURES = REPO / "tests" / "data" / "annie_gate"

pytestmark = pytest.mark.skipif(not RULES.is_file(), reason="needs ../shared/annie")

# java.lang.Character's category constants, by the Unicode general category they stand for
JAVA_CATEGORIES = {
    "UNASSIGNED": "Cn", "UPPERCASE_LETTER": "Lu", "LOWERCASE_LETTER": "Ll", "TITLECASE_LETTER": "Lt",
    "MODIFIER_LETTER": "Lm", "OTHER_LETTER": "Lo", "NON_SPACING_MARK": "Mn", "ENCLOSING_MARK": "Me",
    "COMBINING_SPACING_MARK": "Mc", "DECIMAL_DIGIT_NUMBER": "Nd", "LETTER_NUMBER": "Nl",
    "OTHER_NUMBER": "No", "SPACE_SEPARATOR": "Zs", "LINE_SEPARATOR": "Zl", "PARAGRAPH_SEPARATOR": "Zp",
    "CONTROL": "Cc", "FORMAT": "Cf", "PRIVATE_USE": "Co", "SURROGATE": "Cs", "DASH_PUNCTUATION": "Pd",
    "START_PUNCTUATION": "Ps", "END_PUNCTUATION": "Pe", "CONNECTOR_PUNCTUATION": "Pc",
    "OTHER_PUNCTUATION": "Po", "MATH_SYMBOL": "Sm", "CURRENCY_SYMBOL": "Sc", "MODIFIER_SYMBOL": "Sk",
    "OTHER_SYMBOL": "So", "INITIAL_QUOTE_PUNCTUATION": "Pi", "FINAL_QUOTE_PUNCTUATION": "Pf",
}


class State:
    def __init__(self) -> None:
        self.empty: list[State] = []
        self.by_category: dict[str, list[State]] = {}
        self.rhs: str | None = None


class GateTokeniser:
    """SimpleTokeniser's automaton for a rules file and its walk over a text."""

    def __init__(self, rules: str) -> None:
        self.initial = State()
        line = ""
        for raw in rules.splitlines():
            if raw.endswith("\\"):
                line += raw[:-1]
                continue
            self._rule(line + raw)
            line = ""

    def _rule(self, line: str) -> None:
        if not line.strip() or line.startswith("#") or line.startswith("//"):
            return
        lhs, _, rhs = line.partition(">")
        tokens = [t for t in _split(lhs + ">") if t not in (" ", "\t", "\f")]
        start = State()
        self.initial.empty.append(start)
        final = self._lhs(start, iter(tokens), ">")
        if rhs.strip():
            final.rhs = rhs.strip()

    def _lhs(self, start: State, tokens, until: str) -> State:
        """GATE's parseLHS, statement for statement."""
        current, alternatives = start, []
        token = next(tokens, None)
        if token is None:
            return current
        while token != until:
            if token == "(":
                new = self._lhs(current, tokens, ")")
            else:
                if token == '"':
                    name = ""
                    while (part := next(tokens)) != '"':
                        name += part
                else:
                    name = token
                new = State()
                current.by_category.setdefault(JAVA_CATEGORIES[name], []).append(new)
            token = next(tokens)
            if token == "|":
                alternatives.append(new)
                token = next(tokens)
                continue
            if alternatives:
                alternatives.append(new)
                new = State()
                for state in alternatives:
                    state.empty.append(new)
                alternatives = []
            if token == "+":
                new.empty.append(current)
                current, new = new, State()
                current.empty.append(new)
                token = next(tokens)
            elif token == "*":
                current.empty.append(new)
                new.empty.append(current)
                current, new = new, State()
                current.empty.append(new)
                token = next(tokens)
            current = new
        return current

    @staticmethod
    def _closure(states) -> frozenset[State]:
        seen, todo = set(states), list(states)
        while todo:
            for state in todo.pop().empty:
                if state not in seen:
                    seen.add(state)
                    todo.append(state)
        return frozenset(seen)

    def tokens(self, text: str) -> list[tuple[int, int, str, dict[str, str]]]:
        """(start, end, type, features) of every token, as SimpleTokeniser.execute makes them."""
        out: list[tuple[int, int, str, dict[str, str]]] = []
        start = i = 0
        position, last = self._closure([self.initial]), None

        def emit(end: int, rhs: str | None) -> None:
            string = text[start:end]
            if rhs is None:
                out.append((start, end, "DEFAULT_TOKEN", {"type": "UNKNOWN", "string": string,
                                                          "length": str(len(string))}))
                return
            type, *pairs = [p.strip() for p in rhs.split(";") if p.strip()]
            features = dict(p.split("=", 1) for p in pairs)
            out.append((start, end, type, {"string": string, "length": str(len(string)), **features}))

        while i < len(text):
            category = unicodedata.category(text[i])
            following = [s for state in position for s in state.by_category.get(category, ())]
            if following:
                position = self._closure(following)
                finals = {s.rhs for s in position if s.rhs is not None}
                if finals:
                    assert len(finals) == 1, f"rule clash on {text[start:i + 1]!r}: {finals}"
                    last = finals.pop()
                i += 1
                continue
            if last is None:
                i = start + 1
            emit(i, last)
            start, position, last = i, self._closure([self.initial]), None
        if last is not None:
            emit(i, last)
        return out


def _split(text: str) -> list[str]:
    """java.util.StringTokenizer(text, '()+*|" \\t\\f>', true)."""
    out, word = [], ""
    for char in text:
        if char in '()+*|" \t\f>':
            if word:
                out.append(word)
            out.append(char)
            word = ""
        else:
            word += char
    return out + ([word] if word else [])


@pytest.fixture(scope="module")
def gate() -> GateTokeniser:
    return GateTokeniser(RULES.read_text(encoding="utf-8"))


def ours(text: str) -> list[tuple[int, int, str, dict[str, str]]]:
    doc = Document(text)
    Tokenizer(style="gate")(doc)
    return [(a.start, a.end, a.type, dict(a.features)) for a in doc.annset()]


def differences(gate: GateTokeniser, text: str) -> list[tuple]:
    theirs, mine = gate.tokens(text), ours(text)
    return [pair for pair in zip(theirs, mine) if pair[0] != pair[1]] + (
        [] if len(theirs) == len(mine) else [("count", len(theirs), len(mine))])


def test_the_oracle_reads_every_rule(gate: GateTokeniser) -> None:
    assert len(gate.initial.empty) == 15  # the rules of DefaultTokeniser.rules
    assert [t[3]["string"] for t in gate.tokens("Karl-Heinz McDonald's")] == [
        "Karl-", "Heinz", " ", "McDonald", "'", "s"]


def _row(token: tuple) -> tuple:
    start, end, type, features = token
    kind = features.get("orth") or features.get("type") or features.get("subkind") or features.get("position") \
        or features.get("symbolkind") or features.get("kind")
    return features["string"], type if type != "Token" else features["kind"], kind


@pytest.mark.parametrize(
    "text, expected",
    [
        # upperInitial: U (L (L|D)*)*, the hyphens after the small letters included
        ("Jean-Paul", [("Jean-", "word", "upperInitial"), ("Paul", "word", "upperInitial")]),
        ("A Ab-c", [("A", "word", "upperInitial"), (" ", "SpaceToken", "space"), ("Ab-c", "word", "upperInitial")]),
        ("A\u0301b", [("A\u0301b", "word", "upperInitial")]),  # a combining accent stays with its letter
        ("Ab-Cd", [("Ab-", "word", "upperInitial"), ("Cd", "word", "upperInitial")]),
        # allCaps: U (D|F)* (U|D|F)+; a capital and its hyphens, then the small letters apart
        ("X-ray", [("X-", "word", "allCaps"), ("ray", "word", "lowercase")]),
        ("NHC-368503", [("NHC-", "word", "allCaps"), ("368503", "number", "number")]),
        ("AB-C", [("AB-C", "word", "allCaps")]),
        # lowercase: L (L|D|F)*, any number of hyphens, up to a capital
        ("a--b", [("a--b", "word", "lowercase")]),
        ("ab-cD", [("ab-c", "word", "lowercase"), ("D", "word", "upperInitial")]),
        ("anti-HBs", [("anti-", "word", "lowercase"), ("HBs", "word", "mixedCaps")]),
        # mixedCaps: once a capital follows small letters (or two capitals start), the whole run
        ("McDonald-Smith", [("McDonald-Smith", "word", "mixedCaps")]),
        ("iPhone-X", [("iPhone-X", "word", "mixedCaps")]),
        ("ABc-d", [("ABc-d", "word", "mixedCaps")]),
        ("MacDonaldS", [("MacDonaldS", "word", "mixedCaps")]),
        ("USA-based", [("USA-based", "word", "mixedCaps")]),
        # (OTHER_LETTER|COMBINING_SPACING_MARK|NON_SPACING_MARK)+: kind=word, type=other
        ("nº 2ª", [("n", "word", "lowercase"), ("º", "word", "other"), (" ", "SpaceToken", "space"),
                   ("2", "number", "number"), ("ª", "word", "other")]),
        ("東京abc", [("東京", "word", "other"), ("abc", "word", "lowercase")]),
        ("\u0301a", [("\u0301", "word", "other"), ("a", "word", "lowercase")]),
        # numbers: a run of DECIMAL_DIGIT_NUMBER, a run of OTHER_NUMBER
        ("3.5 m²³", [("3", "number", "number"), (".", "punctuation", "punctuation"), ("5", "number", "number"),
                     (" ", "SpaceToken", "space"), ("m", "word", "lowercase"), ("²³", "number", "number")]),
        # whitespace, symbols, punctuation: one character each
        ("\t\u00a0\n", [("\t", "SpaceToken", "control"), ("\u00a0", "SpaceToken", "space"),
                        ("\n", "SpaceToken", "control")]),
        ("+°©€", [("+", "symbol", "symbol"), ("°", "symbol", "symbol"), ("©", "symbol", "symbol"),
                  ("€", "symbol", "currency")]),
        ("(«-\u00ad»)", [("(", "punctuation", "startpunct"), ("«", "punctuation", "startpunct"),
                          ("-", "punctuation", "dashpunct"), ("\u00ad", "punctuation", "dashpunct"),
                          ("»", "punctuation", "endpunct"), (")", "punctuation", "endpunct")]),
        # no rule: LETTER_NUMBER, MODIFIER_LETTER, TITLECASE_LETTER, LINE_SEPARATOR, PRIVATE_USE
        ("Ⅻʰǅ\u2028\ue000", [(c, "DEFAULT_TOKEN", "UNKNOWN") for c in "Ⅻʰǅ\u2028\ue000"]),
    ],
)
def test_each_rule_as_gate_runs_it(gate: GateTokeniser, text: str, expected: list[tuple]) -> None:
    assert [_row(t) for t in gate.tokens(text)] == expected
    assert ours(text) == gate.tokens(text)


def _texts() -> list[str]:
    texts = [json.loads(path.read_text(encoding="utf-8"))["text"] for path in sorted(FIXTURES.glob("*.bdocjs"))]
    if EWT.is_file():
        texts += [line[len("# text = "):] for line in EWT.read_text(encoding="utf-8").splitlines()
                  if line.startswith("# text = ")]
    return texts


def test_gate_style_is_gates_tokeniser_on_real_text(gate: GateTokeniser) -> None:
    # GATE's ANNIC test documents and the English Web Treebank's dev sentences (2,002)
    texts = _texts()
    assert len(texts) >= 2
    assert [text for text in texts if ours(text) != gate.tokens(text)] == []


@pytest.mark.parametrize("pool", [
    # every rule's characters
    "aBcDxYzéÉ\u0301\u0308-\u2013\u00ad'.,;:()[]«»“”$€£+=<>°~ºª²³½Ⅻǅʰ\u2028\u2029\t\n \u00a007"
    "日本क्\u0903\u20dd\ue000©_#%&*/\\@",
    # the word rules': capitals, small letters, an accent, hyphens, soft hyphens, a letter of no case
    "aBcDÉé\u0301-\u00ad\u2013 º",
])
def test_gate_style_is_gates_tokeniser_on_random_strings(gate: GateTokeniser, pool: str) -> None:
    rng = random.Random(31)
    strings = ["".join(rng.choice(pool) for _ in range(rng.randint(1, 16))) for _ in range(3000)]
    assert [text for text in strings if ours(text) != gate.tokens(text)] == []
