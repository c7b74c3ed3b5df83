"""Build the ANNIE resources of the ``annie`` pipeline from GATE's ANNIE plugin.

Source: ``../shared/annie/resources/`` (GATE's ANNIE plugin, GateNLP/gateplugin-ANNIE commit
c0236fada8696faa68781ae1d3e5ba5a520eef25, ``src/main/resources/resources/``; LGPL-3.0, see its
NOTE.md). What it writes (every file generated: do not edit; rerun this script):

  * resources/gazetteers/annie/: ANNIE's ``lists.def`` and every list it names, copied unchanged;
  * resources/gazetteers/annie/orthomatcher/: the lists of ANNIE's orthographic co-reference
    matcher (``othomatcher/alias.lst``, ``spur_match.lst``) and the organisation endings it
    strips (``gazetteer/org_ending.lst``, which its ``listsNM.def`` names), copied unchanged;
  * resources/pos/annie-heptag/: the lexicon and rules of ANNIE's POS tagger (Hepple's HepTag,
    ``heptag/lexicon`` and ``heptag/ruleset``, the files GATE's ``POSTagger`` PR reads by default),
    copied unchanged, for the ``hepple-tagger`` PR;
  * resources/grammars/annie/NE/: the named-entity grammar (``NE/main.jape`` and its phase files)
    ported by ``annotator jape port``: the grammar files with each Java block replaced by a named
    action, ``actions.py`` (the translated actions) and ``port-report.json``; the phases of
    ``CUTS`` get the option ``cuts = true`` (our JAPE extension: checking cuts pays there, see
    benchmarks/RESULTS.md); the Clean phase (``clean.jape``, one firing per working annotation
    it removes) becomes one firing of ``hand_remove_types`` over the same types (``control =
    once``; the action is in ``resources/grammars/annie/hand/ne.py``, which annie.xml names: the
    ported actions and the hand ones);
  * resources/grammars/annie/tokeniser/: the tokeniser's post-processing grammar
    (``tokeniser/postprocess.jape``) ported the same way, and its ``port-report.json``; the port
    translates none of its blocks, so its generated ``actions.py`` is not kept: the hand-ported
    actions are ``resources/grammars/annie/hand/postprocess.py`` (not touched by this script);
  * resources/gazetteers/annie-splitter/ and resources/grammars/annie/sentenceSplitter/: ANNIE's
    sentence splitter, its abbreviations gazetteer (``sentenceSplitter/gazetteer/``) copied
    unchanged and its grammar (``sentenceSplitter/grammar/main.jape``, the one GATE's
    ``SentenceSplitter`` PR runs by default) ported the same way; its actions are hand-ported in
    ``resources/grammars/annie/hand/splitter.py`` (not touched by this script).

Run:  python resources/build/build_annie.py [--source ../shared/annie/resources]
"""

from __future__ import annotations

import argparse
import re
import shutil
import tempfile
from pathlib import Path

from annotator.jape.port import port

HERE = Path(__file__).resolve().parent
RESOURCES = HERE.parent
SOURCE = RESOURCES.parent.parent / "shared" / "annie" / "resources"
GAZETTEER = RESOURCES / "gazetteers" / "annie"
ORTHO = {"alias.lst": "othomatcher", "spur_match.lst": "othomatcher", "org_ending.lst": "gazetteer"}
GRAMMARS = RESOURCES / "grammars" / "annie"
SPLITTER_GAZETTEER = RESOURCES / "gazetteers" / "annie-splitter"
HEPTAG = RESOURCES / "pos" / "annie-heptag"
HEPTAG_FILES = ("lexicon", "ruleset")
CUTS = ["name.jape"]  # NE phase files given ``cuts = true`` (annotator/jape/__init__.py)


def set_cuts(folder: Path) -> None:
    """Append ``cuts = true`` to the ``Options:`` line of each phase file of :data:`CUTS` in ``folder``."""
    for name in CUTS:
        path = folder / name
        lines = path.read_text(encoding="utf-8").split("\n")
        at = next(i for i, line in enumerate(lines) if line.startswith("Options:"))
        lines[at] += " cuts = true"
        path.write_text("\n".join(lines), encoding="utf-8")


CLEAN = "clean.jape"  # the phase file made one firing by :func:`set_clean_once`


def set_clean_once(folder: Path) -> None:
    """Make the Clean phase of ``folder`` (:data:`CLEAN`: one rule, an alternative of one-element
    patterns ``{Type}`` under ``control = all``, each firing removing the bound annotation) fire
    once and remove every annotation of those types (``hand_remove_types``), marked in a comment."""
    path = folder / CLEAN
    text = path.read_text(encoding="utf-8")
    rule = text[text.index("Rule:"):]
    types = re.findall(r"\{(\w+)\}", rule[:rule.index("-->")])
    inputs = re.search(r"^Input:(.*)$", text, re.M).group(1).split()
    if sorted(types) != sorted(inputs) or "control = all" not in text:
        raise SystemExit(f"{path}: not the Clean phase set_clean_once was written for")
    text = text.replace("Options: control = all", "Options: control = once", 1)
    old = re.search(r'\{ action: "\w+" \}', rule).group(0)
    new = ("// annie (resources/build/build_annie.py): one firing removes every annotation of these types\n"
           f'{{ action: "hand_remove_types", types = "{",".join(types)}" }}')
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def listed(lists_def: Path) -> list[str]:
    """The list files that a lists.def names, in its order."""
    lines = (line.strip() for line in lists_def.read_text(encoding="utf-8").splitlines())
    return [line.split(":", 1)[0] for line in lines if line and not line.startswith("#")]


def copy_gazetteer(source: Path) -> int:
    """ANNIE's lists.def and its lists, and the ortho-matcher's lists, into GAZETTEER (emptied
    first); the number of lists lists.def names."""
    shutil.rmtree(GAZETTEER, ignore_errors=True)
    GAZETTEER.mkdir(parents=True)
    names = listed(source / "gazetteer" / "lists.def")
    for name in ["lists.def", *sorted(set(names))]:
        shutil.copyfile(source / "gazetteer" / name, GAZETTEER / name)
    (GAZETTEER / "orthomatcher").mkdir()
    for name, folder in sorted(ORTHO.items()):
        shutil.copyfile(source / folder / name, GAZETTEER / "orthomatcher" / name)
    return len(set(names))


def copy_splitter_gazetteer(source: Path) -> int:
    """The sentence splitter's lists.def and its lists into SPLITTER_GAZETTEER (emptied first);
    the number of lists lists.def names."""
    shutil.rmtree(SPLITTER_GAZETTEER, ignore_errors=True)
    SPLITTER_GAZETTEER.mkdir(parents=True)
    folder = source / "sentenceSplitter" / "gazetteer"
    names = listed(folder / "lists.def")
    for name in ["lists.def", *sorted(set(names))]:
        shutil.copyfile(folder / name, SPLITTER_GAZETTEER / name)
    return len(set(names))


def copy_heptag(source: Path) -> None:
    """ANNIE's POS tagger lexicon and rules into HEPTAG (emptied first)."""
    shutil.rmtree(HEPTAG, ignore_errors=True)
    HEPTAG.mkdir(parents=True)
    for name in HEPTAG_FILES:
        shutil.copyfile(source / "heptag" / name, HEPTAG / name)


def port_into(grammar: Path, out: Path, keep_actions: bool) -> str:
    """``annotator jape port`` of ``grammar`` into ``out`` (emptied first); its summary."""
    shutil.rmtree(out, ignore_errors=True)
    with tempfile.TemporaryDirectory() as tmp:
        done = port(grammar, tmp)
        out.mkdir(parents=True)
        for path in sorted(Path(tmp).iterdir()):
            kept = path.suffix == ".jape" or path.name == "port-report.json"
            if kept or (keep_actions and path.name == "actions.py"):
                shutil.copyfile(path, out / path.name)
    return f"{grammar.name}: translated {done.translated} of {done.blocks} Java blocks"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=SOURCE, help="ANNIE's resources folder")
    args = parser.parse_args()
    print(f"gazetteer: {copy_gazetteer(args.source)} lists")
    copy_heptag(args.source)
    print(f"POS tagger: {', '.join(HEPTAG_FILES)}")
    print(port_into(args.source / "NE" / "main.jape", GRAMMARS / "NE", keep_actions=True))
    set_cuts(GRAMMARS / "NE")
    set_clean_once(GRAMMARS / "NE")
    print(port_into(args.source / "tokeniser" / "postprocess.jape", GRAMMARS / "tokeniser", keep_actions=False))
    print(f"splitter gazetteer: {copy_splitter_gazetteer(args.source)} lists")
    print(port_into(args.source / "sentenceSplitter" / "grammar" / "main.jape", GRAMMARS / "sentenceSplitter",
                    keep_actions=False))


if __name__ == "__main__":
    main()
