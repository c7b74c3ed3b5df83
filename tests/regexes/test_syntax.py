"""The pattern reader: the trees of the syntax it knows, and a refusal for what it does not."""

import pytest
import regex

from annotator.regexes import syntax as sx


def test_literals_sets_and_categories():
    assert sx.parse(r"a\.[b-d\w][^x]\d") == [
        (sx.LITERAL, ord("a")), (sx.LITERAL, ord(".")),
        (sx.IN, [(sx.RANGE, (ord("b"), ord("d"))), (sx.CATEGORY, "\\w")]),
        (sx.NOT_LITERAL, ord("x")), (sx.IN, [(sx.CATEGORY, "\\d")])]


def test_alternatives_share_their_prefix_and_single_characters_make_a_set():
    assert sx.parse("ab|ac") == [(sx.LITERAL, ord("a")), (sx.IN, [(sx.LITERAL, ord("b")), (sx.LITERAL, ord("c"))])]
    assert sx.parse("(?:x|yz)") == [(sx.BRANCH, (None, [[(sx.LITERAL, ord("x"))],
                                                        [(sx.LITERAL, ord("y")), (sx.LITERAL, ord("z"))]]))]


def test_repeats_groups_and_assertions():
    assert sx.parse(r"(?<!\d)(a)+?b{2,}c{,3}+") == [
        (sx.ASSERT_NOT, (-1, [(sx.IN, [(sx.CATEGORY, "\\d")])])),
        (sx.MIN_REPEAT, (1, sx.MAXREPEAT, [(sx.SUBPATTERN, (1, 0, 0, [(sx.LITERAL, ord("a"))]))])),
        (sx.MAX_REPEAT, (2, sx.MAXREPEAT, [(sx.LITERAL, ord("b"))])),
        (sx.POSSESSIVE_REPEAT, (0, 3, [(sx.LITERAL, ord("c"))]))]
    assert sx.parse("(?P<y>x)(?P=y)(?(1)a|b)") == [
        (sx.SUBPATTERN, (1, 0, 0, [(sx.LITERAL, ord("x"))])), (sx.GROUPREF, 1),
        (sx.GROUPREF_EXISTS, (1, [(sx.LITERAL, ord("a"))], [(sx.LITERAL, ord("b"))]))]


def test_flags():
    assert sx.parse("(?i)ab").flags == sx.IGNORECASE
    assert sx.parse("(?i:a)") == [(sx.SUBPATTERN, (None, sx.IGNORECASE, 0, [(sx.LITERAL, ord("a"))]))]


@pytest.mark.parametrize("pattern", [r"\p{L}", "(?|a|b)", "(?V1)a", "[[:alpha:]]", "[a--b]", "a{e<=1}",
                                     "(?x)a b", "a**", "(?w)a", r"\X", "(a", "a)", r"\2(a)"])
def test_unknown_syntax(pattern):
    with pytest.raises(sx.UnknownSyntax):
        sx.parse(pattern)


@pytest.mark.parametrize("pattern", [r"\x41\u00e9\U0001F600\0", r"[\b\n\t-]", r"\(\)\[\]\{\}"])
def test_escapes_are_the_characters_regex_matches(pattern):
    codes = [av for op, av in sx.parse(pattern) if op is sx.LITERAL]
    members = [av for op, items in sx.parse(pattern) if op is sx.IN for kind, av in items if kind is sx.LITERAL]
    text = "".join(map(chr, codes or members))
    assert regex.fullmatch(pattern, text) if codes else all(regex.fullmatch(pattern, chr(c)) for c in members)
