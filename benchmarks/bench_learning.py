"""Learned-tagger benchmark (issue 16): model loading time and tagging speed on MEDDOCAN train+dev.

Measured, median of ``--runs`` runs, in this one process:

1. loading the model file (``load_tagger``: archive, JSON, crfsuite/numpy model), wall clock;
   target < 2 s.
2. the feature pipeline (``--pipeline``, default meddocan-features: tokenizer, POS tagger,
   gazetteers) over every text, then the tagger alone on its output: feature extraction
   (``document_features``) and prediction (Viterbi for the CRF) timed apart. Characters per
   CPU second = per core; the machine may be shared, so CPU time is the figure that counts.

For the whole shipped pipeline with per-PR shares: ``benchmarks/bench_meddocan.py --pipeline
resources/pipelines/meddocan-crf.xml``. Needs ../shared (the corpus); skips without it.

    python benchmarks/bench_learning.py [--runs 3] [--limit N] [--model FILE --learner crf|svm]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from pathlib import Path

from annotator import Document
from annotator.learning.features import document_features, tokens_of
from annotator.learning.tagger import load_tagger
from annotator.pipeline import Pipeline

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpora" / "meddocan"
MODEL = ROOT / "resources" / "models" / "meddocan-crf.zip"
FEATURES = ROOT / "resources" / "pipelines" / "meddocan-features.xml"


def texts(limit: int | None) -> list[tuple[str, str]]:
    paths = sorted((CORPUS / "train" / "brat").glob("*.txt")) + sorted((CORPUS / "dev" / "brat").glob("*.txt"))
    return [(p.stem, p.read_text(encoding="utf-8")) for p in paths[:limit]]


def load_times(model: Path, learner: str, runs: int) -> tuple[list[float], tuple]:
    """Wall seconds of ``runs`` loads of ``model`` and what the last load gave."""
    loads = []
    for _ in range(runs):
        start = time.perf_counter()
        loaded = load_tagger(model, learner)
        loads.append(time.perf_counter() - start)
    return loads, loaded


def cpu(action) -> float:
    start = time.process_time()
    action()
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--limit", type=int, default=None, help="only the first N documents")
    parser.add_argument("--model", type=Path, default=MODEL)
    parser.add_argument("--learner", choices=("crf", "svm"), default="crf")
    parser.add_argument("--pipeline", type=Path, default=FEATURES, help="the feature pipeline the model was trained with")
    args = parser.parse_args()
    if not CORPUS.is_dir():
        print(f"skipped: {CORPUS} not found")
        return
    loads, (info, predictor) = load_times(args.model, args.learner, args.runs)
    config = info.features
    pipeline = Pipeline.from_xml(args.pipeline)
    docs = [Document(text, name=name) for name, text in texts(args.limit)]
    chars = sum(len(d.text) for d in docs)
    layers = cpu(lambda: [pipeline(d) for d in docs])
    feature_runs, predict_runs = [], []
    for _ in range(args.runs):
        start = time.process_time()
        features = [document_features(d, config, tokens=tokens_of(d, config)) for d in docs]
        feature_runs.append(time.process_time() - start)
        predict_runs.append(cpu(lambda: [predictor.predict(f) for f in features]))
    feats, predict = statistics.median(feature_runs), statistics.median(predict_runs)
    print(f"machine: {platform.machine()} python {platform.python_version()} (timings: CPU seconds, median of {args.runs})")
    print(f"model {args.model.name}: {args.model.stat().st_size / 1e6:.2f} MB, {len(info.labels)} labels, "
          f"load {statistics.median(loads):.3f} s wall (target < 2 s)")
    print(f"input: {len(docs)} MEDDOCAN train+dev texts, {chars:,} characters, "
          f"{sum(len(tokens_of(d, config)) for d in docs):,} tokens")
    print(f"{'':<34}{'CPU s':>8}{'chars/CPU s':>14}")
    for label, seconds in [("feature pipeline (first pass)", layers), ("tagger: features", feats),
                           ("tagger: prediction", predict), ("tagger (features + prediction)", feats + predict),
                           ("whole (pipeline + tagger)", layers + feats + predict)]:
        print(f"{label:<34}{seconds:>8.2f}{chars / seconds:>14,.0f}")


if __name__ == "__main__":
    main()
