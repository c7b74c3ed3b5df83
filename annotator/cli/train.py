"""``annotator train pos``: train a POS model from CoNLL-U; ``annotator train pos-eval``: score one.

    annotator train pos --train en_ewt-ud-train.conllu --dev en_ewt-ud-dev.conllu \\
        --test en_ewt-ud-test.conllu --column xpos --out resources/models/pos-en-ewt-xpos.json.gz
    annotator train pos-eval resources/models/pos-en-ewt-xpos.json.gz en_ewt-ud-test.conllu

``--clusters`` (with ``--word-logprobs``/``--min-logprob``) adds word-cluster features from a table
such as spacy-lookups-data's ``en_lexeme_cluster.json.gz``; the words kept are stored in the model,
so the table is needed at training time only (``resources/models/train_pos_models.sh``).

Training prints the dev accuracy after every iteration of both passes; the saved model is then
loaded back and scored on --dev and --test, and those figures are stored in the model's ``meta``.
"""

from __future__ import annotations

import argparse
import gzip
import json
from pathlib import Path

from typing import TYPE_CHECKING

from annotator.errors import InputError, coded

if TYPE_CHECKING:
    from annotator.processing import perceptron

# The tag columns a model can learn: the keys of annotator.processing.conllu.COLUMNS, named here so
# that building the parser does not import the processing package (a test keeps the two equal).
TAG_COLUMNS = ("upos", "xpos")


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("train", help="train a model (POS tagger) from annotated data")
    kinds = parser.add_subparsers(dest="kind", metavar="KIND")
    kinds.required = True

    pos = kinds.add_parser("pos", help="train an averaged-perceptron POS tagger from CoNLL-U")
    pos.add_argument("--train", action="append", required=True, type=Path, metavar="FILE",
                     help="training CoNLL-U file (repeatable)")
    pos.add_argument("--dev", action="append", default=[], type=Path, metavar="FILE",
                     help="dev CoNLL-U file, scored after each iteration (repeatable)")
    pos.add_argument("--test", action="append", default=[], type=Path, metavar="FILE",
                     help="test CoNLL-U file, scored once at the end (repeatable; each scored alone)")
    pos.add_argument("--column", choices=TAG_COLUMNS, required=True, help="tag column to learn")
    pos.add_argument("--out", required=True, type=Path, help="model file to write (.json.gz)")
    pos.add_argument("--iterations", type=int, default=10, help="perceptron iterations per pass (default 10)")
    pos.add_argument("--seed", type=int, default=0, help="random seed for the example order (default 0)")
    pos.add_argument("--bags", type=int, default=1,
                     help="average the weights of this many perceptrons trained on different example orders "
                          "(default 1)")
    pos.add_argument("--min-count", type=int, default=2,
                     help="keep features seen at least this often in training (default 2)")
    pos.add_argument("--min-weight", type=float, default=0.0,
                     help="drop stored weights smaller than this in absolute value (default 0)")
    pos.add_argument("--clusters", type=Path, metavar="FILE",
                     help="JSON (.gz) object word -> cluster path as an integer, bit i = branch i (e.g. "
                          "spacy-lookups-data's en_lexeme_cluster.json.gz); 0 = no cluster. The words kept are "
                          "stored in the model")
    pos.add_argument("--word-logprobs", type=Path, metavar="FILE",
                     help="JSON (.gz) object word -> log probability: with --min-logprob, keeps the clusters of "
                          "frequent words only (e.g. en_lexeme_prob.json.gz)")
    pos.add_argument("--min-logprob", type=float, default=-17.0,
                     help="keep clusters of words with a log probability above this (default -17)")
    pos.add_argument("--clusters-source", default="", help="the cluster data's name and licence, stored in the model")
    pos.add_argument("--language", default="", help="language code stored in the model (e.g. en, es)")
    pos.add_argument("--source", default="", help="training data's name and version, stored in the model")
    pos.add_argument("--licence", default="", help="the model's licence, stored in the model")
    pos.add_argument("--attribution", default="", help="attribution text stored in the model")
    pos.set_defaults(func=run_train)

    ev = kinds.add_parser("pos-eval", help="accuracy of a POS model on CoNLL-U files (gold tokenisation)")
    ev.add_argument("model", type=Path, help="model file (.json.gz)")
    ev.add_argument("files", nargs="+", type=Path, help="CoNLL-U files, each scored alone")
    ev.add_argument("--column", choices=TAG_COLUMNS, help="tag column (default: the model's)")
    ev.set_defaults(func=run_eval)


def _score(tagger: perceptron.Tagger, path: Path, column: str) -> dict[str, float | int | str]:
    from annotator.processing import perceptron
    from annotator.processing.conllu import read_conllu

    correct, total = perceptron.accuracy(tagger, read_conllu(path, column))
    return {"file": path.name, "words": total, "correct": correct,
            "accuracy": round(100.0 * correct / total, 2) if total else 0.0}


def _print_scores(label: str, scores: list[dict]) -> None:
    for s in scores:
        print(f"{label} {s['file']}: {s['accuracy']:.2f}% ({s['correct']}/{s['words']} words)")


def _read_table(path: Path) -> dict:
    try:
        with (gzip.open(path, "rt", encoding="utf-8") if path.suffix == ".gz" else path.open(encoding="utf-8")) as f:
            table = json.load(f)
    except (OSError, EOFError, ValueError) as exc:
        raise InputError(coded("E606", what="word table", reason=exc), path=path) from None
    if not isinstance(table, dict):
        raise InputError(coded("E606", what="word table", reason="not a JSON object"), path=path)
    return table


def read_clusters(path: Path, logprobs: Path | None = None, min_logprob: float = -17.0) -> dict[str, int]:
    """Word -> cluster path, for words with a cluster (not 0) and, given ``logprobs``, a log probability
    above ``min_logprob``. A capitalised word whose lower-case form has the same cluster is left out
    (the tagger looks a word up as written, then lower-cased): the table the model stores stays small."""
    table = _read_table(path)
    probs = _read_table(logprobs) if logprobs else None
    kept = {w: c for w, c in table.items() if isinstance(c, int) and c > 0
            and (probs is None or probs.get(w, -1e9) > min_logprob)}
    return {w: c for w, c in kept.items() if w == w.lower() or kept.get(w.lower()) != c}


def run_train(args: argparse.Namespace) -> int:
    from annotator.processing import perceptron
    from annotator.processing.conllu import read_conllu

    train = [s for path in args.train for s in read_conllu(path, args.column)]
    dev = [s for path in args.dev for s in read_conllu(path, args.column)]
    clusters = read_clusters(args.clusters, args.word_logprobs, args.min_logprob) if args.clusters else {}
    meta = {"column": args.column, "language": args.language, "source": args.source,
            "licence": args.licence, "attribution": args.attribution,
            "train": [p.name for p in args.train], "dev": [p.name for p in args.dev],
            "iterations": args.iterations, "seed": args.seed, "bags": args.bags, "min_count": args.min_count,
            "min_weight": args.min_weight}
    if args.clusters:
        meta["clusters"] = {"file": args.clusters.name, "source": args.clusters_source, "words": len(clusters),
                            "min_logprob": args.min_logprob if args.word_logprobs else None}
    print(f"training on {sum(len(s[0]) for s in train)} words, {len(train)} sentences", flush=True)
    model = perceptron.train(train, dev, iterations=args.iterations, seed=args.seed, bags=args.bags,
                             min_count=args.min_count, min_weight=args.min_weight, clusters=clusters, meta=meta,
                             log=lambda m: print(m, flush=True))
    tagger = perceptron.Tagger(model)
    model["meta"]["accuracy"] = {"dev": [_score(tagger, p, args.column) for p in args.dev],
                        "test": [_score(tagger, p, args.column) for p in args.test]}
    perceptron.save_model(model, args.out)
    _print_scores("dev", model["meta"]["accuracy"]["dev"])
    _print_scores("test", model["meta"]["accuracy"]["test"])
    size = args.out.stat().st_size
    print(f"wrote {args.out} ({size / 1e6:.1f} MB, {len(model['features'])} features, {len(model['tags'])} tags)")
    return 0


def run_eval(args: argparse.Namespace) -> int:
    from annotator.processing import perceptron

    tagger = perceptron.load_model(args.model)
    column = args.column or tagger.meta.get("column")
    if column not in TAG_COLUMNS:
        raise InputError(coded("E603", reason="it does not say which column it tags: give --column"),
                         path=args.model)
    _print_scores("accuracy", [_score(tagger, p, column) for p in args.files])
    return 0
