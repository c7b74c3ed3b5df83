"""``annotator describe``: one PR's declarations, the list of PRs, an unknown name."""

from __future__ import annotations

from itertools import pairwise

from pipeline_test_prs import Listed  # noqa: F401  (registers the test-* PRs)

from annotator.cli import main


def table(lines: list[str]) -> dict[str, dict[str, str]]:
    """The parameter table (header first) as {parameter: {column: cell}}, cut at the header's columns."""
    header = lines[0]
    names = header.split()
    starts = [header.index(name) for name in names] + [None]
    rows = [[line[a:b].strip() for a, b in pairwise(starts)] for line in lines[1:]]
    return {row[0]: dict(zip(names, row)) for row in rows}


def test_describe_a_pr_prints_its_summary_types_and_parameter_table(capsys):
    assert main(["describe", "test-list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:4] == ["test-list: Listed for each line of the file path found in the text (path is required).",
                         "needs: -", "produces: Listed", ""]
    rows = table(lines[4:])
    assert list(rows) == ["inputASName", "outputASName", "path", "flag", "ratio", "limit", "tags", "mode"]
    assert rows["path"] == {"parameter": "path", "type": "Path", "default": "-", "range/choices": "an existing file or folder",
                            "required": "yes", "description": "word list, one per line"}
    assert rows["ratio"] == {"parameter": "ratio", "type": "float", "default": "0.5", "range/choices": "0 to 1",
                             "required": "no", "description": "copied to each annotation"}
    assert [rows[p]["default"] for p in ("inputASName", "flag", "limit", "tags", "mode")] == \
        ["''", "false", "10", "(empty)", "exact"]
    assert [rows[p]["range/choices"] for p in ("flag", "limit", "mode")] == ["-", "at least 1", "one of exact, loose"]


def test_describe_a_built_in_pr(capsys):
    assert main(["describe", "sentence-splitter"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("sentence-splitter: Adds Sentence and Split (kind internal/external) annotations.\n"
                          "needs: -\nproduces: Sentence, Split\n\n")
    assert table(out.splitlines()[4:])["language"] == {
        "parameter": "language", "type": "str", "default": "en", "range/choices": "one of en, es, sv",
        "required": "no", "description": "language of the abbreviation lists"}


def test_describe_without_a_name_lists_every_pr(capsys):
    assert main(["describe"]) == 0
    lines = capsys.readouterr().out.splitlines()
    names = [line.split()[0] for line in lines]
    assert names == sorted(names)
    assert {"tokenizer", "sentence-splitter", "pos-tagger", "gazetteer", "regex-gazetteer", "jape",
            "test-list"} <= set(names)
    # one line a PR: its name, then its description in a column as wide as the longest name needs
    width = max(map(len, names)) + 2
    assert f"{'gazetteer':<{width}}GATE's default gazetteer: Lookup annotations for the entries of the lists in " \
           "lists.def." in lines


def test_describe_an_unknown_pr_is_one_coded_line(capsys):
    assert main(["describe", "tokeniser"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    err = captured.err.splitlines()
    assert len(err) == 1
    assert err[0].startswith("annotator: error: E335 unknown processing resource 'tokeniser' (known: ")
    assert "tokenizer" in err[0]
