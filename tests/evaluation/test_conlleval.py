"""``--metric conlleval`` against conlleval's published definition (conlleval.pl, CoNLL-2000),
re-implemented here from the Perl script on the raw lines of the CoNLL files: the gold file's
label and the system file's label of each token, as conlleval reads "TOKEN ... GOLD GUESS"."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from annotator.cli import main


def conlleval_pl(lines: list[str]) -> str:
    """conlleval.pl's report on lines of ``TOKEN GOLD GUESS`` (blank = sentence boundary)."""

    def end_of_chunk(prev_tag, tag, prev_type, type):
        end = False
        if prev_tag == "B" and tag == "B": end = True
        if prev_tag == "B" and tag == "O": end = True
        if prev_tag == "I" and tag == "B": end = True
        if prev_tag == "I" and tag == "O": end = True
        if prev_tag == "E" and tag == "E": end = True
        if prev_tag == "E" and tag == "I": end = True
        if prev_tag == "E" and tag == "O": end = True
        if prev_tag == "I" and tag == "O": end = True
        if prev_tag == "B" and tag == "S": end = True
        if prev_tag == "I" and tag == "S": end = True
        if prev_tag in ("E", "S"): end = True
        if prev_tag != "O" and prev_tag != "." and prev_type != type: end = True
        return end

    def start_of_chunk(prev_tag, tag, prev_type, type):
        start = False
        if prev_tag == "B" and tag == "B": start = True
        if prev_tag == "I" and tag == "B": start = True
        if prev_tag == "O" and tag == "B": start = True
        if prev_tag == "O" and tag == "I": start = True
        if prev_tag == "E" and tag == "E": start = True
        if prev_tag == "E" and tag == "I": start = True
        if prev_tag == "O" and tag == "E": start = True
        if prev_tag == "O" and tag == "I": start = True
        if tag in ("B", "S"): start = True
        if prev_tag == "S" and tag in ("E", "I"): start = True
        if tag != "O" and tag != "." and prev_type != type: start = True
        return start

    def split(label):
        if "-" in label:
            tag, type = label.split("-", 1)
            return tag, type
        return label, ""

    correct_chunk = found_correct = found_guessed = correct_tags = token_counter = 0
    by_type = {}
    in_correct = False
    last_correct, last_correct_type, last_guessed, last_guessed_type = "O", "", "O", ""
    for line in lines:
        features = line.split()
        boundary = not features
        if boundary:
            features = ["-X-", "O", "O"]
        guessed, guessed_type = split(features[-1])
        correct, correct_type = split(features[-2])
        if in_correct:
            if (end_of_chunk(last_correct, correct, last_correct_type, correct_type)
                    and end_of_chunk(last_guessed, guessed, last_guessed_type, guessed_type)
                    and last_guessed_type == last_correct_type):
                in_correct = False
                correct_chunk += 1
                by_type.setdefault(last_correct_type, [0, 0, 0])[0] += 1
            elif (end_of_chunk(last_correct, correct, last_correct_type, correct_type)
                  != end_of_chunk(last_guessed, guessed, last_guessed_type, guessed_type)
                  or guessed_type != correct_type):
                in_correct = False
        if (start_of_chunk(last_correct, correct, last_correct_type, correct_type)
                and start_of_chunk(last_guessed, guessed, last_guessed_type, guessed_type)
                and guessed_type == correct_type):
            in_correct = True
        if start_of_chunk(last_correct, correct, last_correct_type, correct_type):
            found_correct += 1
            by_type.setdefault(correct_type, [0, 0, 0])[1] += 1
        if start_of_chunk(last_guessed, guessed, last_guessed_type, guessed_type):
            found_guessed += 1
            by_type.setdefault(guessed_type, [0, 0, 0])[2] += 1
        if not boundary:
            if correct == guessed and guessed_type == correct_type:
                correct_tags += 1
            token_counter += 1
        last_guessed, last_correct, last_guessed_type, last_correct_type = guessed, correct, guessed_type, correct_type
    if in_correct:
        correct_chunk += 1
        by_type.setdefault(last_correct_type, [0, 0, 0])[0] += 1

    def prf(ok, gold, guessed):
        p = 100 * ok / guessed if guessed > 0 else 0
        r = 100 * ok / gold if gold > 0 else 0
        return p, r, (2 * p * r / (p + r) if p + r > 0 else 0)

    out = [f"processed {token_counter} tokens with {found_correct} phrases; found: {found_guessed} phrases; "
           f"correct: {correct_chunk}."]
    p, r, f = prf(correct_chunk, found_correct, found_guessed)
    out.append("accuracy: %6.2f%%; precision: %6.2f%%; recall: %6.2f%%; FB1: %6.2f"
               % (100 * correct_tags / token_counter, p, r, f))
    for type in sorted(t for t in by_type if t):
        ok, gold, guessed = by_type[type]
        p, r, f = prf(ok, gold, guessed)
        out.append("%17s: precision: %6.2f%%; recall: %6.2f%%; FB1: %6.2f  %d" % (type, p, r, f, guessed))
    return "\n".join(out) + "\n"


def joined(gold: Path, system: Path) -> list[str]:
    """conlleval's input from two CoNLL folders: token, gold label, system label (files by name)."""
    lines = []
    for g_file in sorted(gold.glob("*.conll")):
        g_lines = g_file.read_text(encoding="utf-8").splitlines()
        s_lines = (system / g_file.name).read_text(encoding="utf-8").splitlines()
        assert len(g_lines) == len(s_lines)
        for g, s in zip(g_lines, s_lines):
            lines.append(f"{g.split()[0]} {g.split()[-1]} {s.split()[-1]}" if g.strip() else "")
        if lines and lines[-1]:
            lines.append("")
    return lines


def evaluate(capsys, gold, system) -> str:
    status = main(["evaluate", str(gold), str(system), "--metric", "conlleval", "--from", "conll"])
    out = capsys.readouterr().out
    assert status == 0
    return out


def write(folder: Path, name: str, rows: list[str]) -> None:
    folder.mkdir(exist_ok=True)
    (folder / f"{name}.conll").write_text("\n".join(rows) + "\n", encoding="utf-8")


def test_hand_made_files_equal_the_definition(tmp_path, capsys):
    gold = ["Juan\t0\t4\tB-PER", "Pérez\t5\t10\tI-PER", "vive\t11\t15\tO", "en\t16\t18\tO", "Madrid\t19\t25\tB-LOC",
            "", "Ana\t27\t30\tB-PER", "y\t31\t32\tO", "Luis\t33\t37\tB-PER", "Gil\t38\t41\tB-PER"]
    system = ["Juan\t0\t4\tB-PER", "Pérez\t5\t10\tO", "vive\t11\t15\tO", "en\t16\t18\tB-LOC", "Madrid\t19\t25\tI-LOC",
              "", "Ana\t27\t30\tB-PER", "y\t31\t32\tO", "Luis\t33\t37\tB-PER", "Gil\t38\t41\tI-PER"]
    write(tmp_path / "gold", "a", gold)
    write(tmp_path / "system", "a", system)
    out = evaluate(capsys, tmp_path / "gold", tmp_path / "system")
    assert out == conlleval_pl(joined(tmp_path / "gold", tmp_path / "system"))
    assert out.startswith("processed 9 tokens with 5 phrases; found: 4 phrases; correct: 1.")


def test_meddocan_dev_system_output_equals_the_definition(meddocan_dir, tmp_path, capsys):
    gold_brat = tmp_path / "gold-brat"
    gold_brat.mkdir()
    for txt in sorted((meddocan_dir / "dev" / "brat").glob("*.txt"))[:40]:  # a fixed subset: fast
        for path in (txt, txt.with_suffix(".ann")):
            shutil.copy(path, gold_brat / path.name)
    assert main(["run", "meddocan", str(gold_brat), "--out", str(tmp_path / "system-brat"), "--to", "brat"]) == 0
    for side in ("gold", "system"):
        assert main(["convert", str(tmp_path / f"{side}-brat"), str(tmp_path / side), "--to", "conll"]) == 0
    capsys.readouterr()
    out = evaluate(capsys, tmp_path / "gold", tmp_path / "system")
    assert out == conlleval_pl(joined(tmp_path / "gold", tmp_path / "system"))
    assert "FB1:" in out.splitlines()[1] and len(out.splitlines()) > 5


def test_chunks_starting_with_i_are_found_as_conlleval_finds_them(tmp_path, capsys):
    # conlleval starts a chunk at I- after O and at a type change; the files are read back to
    # canonical BIO, so the chunk figures agree and only the tag accuracy may differ
    gold = ["Juan\t0\t4\tI-PER", "Pérez\t5\t10\tI-LOC", "vive\t11\t15\tO", "Madrid\t16\t22\tI-LOC"]
    system = ["Juan\t0\t4\tB-PER", "Pérez\t5\t10\tB-LOC", "vive\t11\t15\tO", "Madrid\t16\t22\tB-LOC"]
    write(tmp_path / "gold", "a", gold)
    write(tmp_path / "system", "a", system)
    out = evaluate(capsys, tmp_path / "gold", tmp_path / "system").splitlines()
    reference = conlleval_pl(joined(tmp_path / "gold", tmp_path / "system")).splitlines()
    assert out[0] == reference[0] == "processed 4 tokens with 3 phrases; found: 3 phrases; correct: 3."
    assert out[2:] == reference[2:]
    assert out[1].split(";")[1:] == reference[1].split(";")[1:]
