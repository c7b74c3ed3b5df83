"""The JAPE loader, fuzzed: a mutated grammar compiles or gives a GrammarError naming the file,
never another exception and never a hang."""

from __future__ import annotations

from fuzzing import fuzz_settings, mutated
from hypothesis import given
from hypothesis import strategies as st

from annotator.errors import GrammarError
from annotator.jape import compile_grammar
from annotator.paths import RESOURCES

GRAMMAR = (RESOURCES / "grammars" / "hina" / "roles.jape").read_bytes()


def test_jape_loader_compiles_or_gives_a_grammar_error(tmp_path):
    path = tmp_path / "g.jape"
    path.write_bytes(GRAMMAR)
    assert compile_grammar(path) is not None  # the seed is valid

    @fuzz_settings(500)
    @given(data=st.data())
    def fuzz(data):
        path.write_bytes(data.draw(mutated(GRAMMAR)))
        try:
            compile_grammar(path)
        except GrammarError as exc:
            assert exc.path and "g.jape" in exc.path, str(exc)

    fuzz()
