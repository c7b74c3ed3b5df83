"""Self-training study for the MEDDOCAN stacked CRF (issue 29, item 2): does adding background documents
labelled by the CRF itself help, by cross-validation on train? A study: it writes no model.

Train's features are made as train_meddocan_hybrid.py makes them (rule output per fold); the background
documents (--background of them, evenly spaced over the sorted names) get the rules' output with the
shipped gazetteers (built from train, which the background is not part of). For each fold, round 0 is the
CRF trained on the other folds; round r adds the background documents whose every span the round r-1
model of the same folds labels with confidence >= --min-confidence (annotator.learning.selftrain). Printed
per round: out-of-fold Subtrack 1 / Subtrack 2 strict F1 of the stacked CRF alone, and per type F1.

    python resources/build/selftrain_meddocan.py [--folds 3] [--iterations 40] [--background 300]
        [--min-confidence 0.9] [--rounds 1] [--classes ...]
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import tempfile
import time
from pathlib import Path

from annotator.document import Document
from annotator.learning import bio, selftrain, stacking, training
from annotator.learning.features import FeatureConfig, document_features, tokens_of
from annotator.pipeline import Pipeline

ROOT = Path(__file__).resolve().parents[2]


def hybrid_script():
    """train_meddocan_hybrid.py as a module (its fold pipelines, scores and error table)."""
    spec = importlib.util.spec_from_file_location("train_meddocan_hybrid", ROOT / "resources/build/train_meddocan_hybrid.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def per_type_f1(table) -> dict[str, float]:
    """Type -> Subtrack 1 F1 from an error table (gold, tp and the FP kinds)."""
    out = {}
    for kind, row in table.items():
        fp = sum(v for k, v in row.items() if k.startswith("FP"))
        out[kind] = 2 * row["tp"] / (row["gold"] + row["tp"] + fp) if row["gold"] + fp else 0.0
    return out


def main() -> None:
    hybrid = hybrid_script()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--meddocan", type=Path, default=ROOT.parent / "shared" / "corpora" / "meddocan")
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--folds", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=40)
    parser.add_argument("--background", type=int, default=300, help="background documents used (evenly spaced)")
    parser.add_argument("--min-confidence", type=float, default=0.9)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--classes", default=",".join(hybrid.CLASSES))
    parser.add_argument("--clusters", default="meddocan-clusters.tsv.gz")
    args = parser.parse_args()
    classes = tuple(args.classes.split(","))
    config = FeatureConfig(classes=classes, stack_set=hybrid.RULES,
                           clusters=args.clusters if "clusters" in classes else "")
    docs = hybrid.read(args.meddocan / "train" / "brat")
    with tempfile.TemporaryDirectory() as work:
        cross = stacking.CrossFold(docs, args.folds, hybrid.fold_pipelines(args.shared, Path(work)))
    data = training.examples(docs, "", cross, config)
    paths = sorted((args.meddocan / "background" / "text").glob("*.txt"))
    if not paths:
        sys.exit(f"no background documents in {args.meddocan / 'background' / 'text'}")
    step = max(1, len(paths) // args.background)
    rules = Pipeline.from_xml(hybrid.PIPELINE)
    unlabelled = []
    for path in paths[::step][:args.background]:
        doc = rules(Document(path.read_text(encoding="utf-8"), name=path.stem))
        unlabelled.append(document_features(doc, config))
    print(f"{data.tokens} train tokens in {len(docs)} documents; {len(unlabelled)} background documents "
          f"({sum(map(len, unlabelled))} tokens)", flush=True)
    folds = [cross.folds[d.name] for d in docs]
    started = time.process_time()
    predicted, added = selftrain.self_training_cv(data.sequences, data.labels, folds, unlabelled,
                                                  {**hybrid.PARAMS, "max_iterations": args.iterations},
                                                  args.min_confidence, args.rounds)
    print(f"{args.folds} folds, {args.iterations} iterations, min confidence {args.min_confidence}: "
          f"{time.process_time() - started:.0f} s CPU", flush=True)
    gold = [training.gold_spans(d, "") for d in docs]
    figures = []
    for r, labels in enumerate(predicted):
        crf = [bio.decode(tokens_of(cross(d), config), y) for d, y in zip(docs, labels)]
        s1, s2 = hybrid.scores(gold, crf)
        figures.append(per_type_f1(hybrid.error_table(gold, crf)))
        print(f"round {r}: background documents added per fold {added[r]}; stacked CRF out of fold "
              f"S1 F1 {s1:.4f}  S2 strict F1 {s2:.4f}")
    counts = {t: sum(1 for g in gold for s in g if s[0] == t) for t in figures[0]}
    print(f"{'type':<34}{'gold':>6}" + "".join(f"{'round ' + str(r):>10}" for r in range(len(figures))))
    for kind in sorted(counts, key=lambda t: -counts[t]):
        print(f"{kind:<34}{counts[kind]:>6}" + "".join(f"{f.get(kind, 0.0):>10.4f}" for f in figures))


if __name__ == "__main__":
    main()
