"""``annotator train pos``: train a POS model from CoNLL-U; ``annotator train pos-eval``: score one;
``annotator train tagger``: train a de-identification tagger (SVM or CRF) on an annotated corpus.

    annotator train pos --train en_ewt-ud-train.conllu --dev en_ewt-ud-dev.conllu \\
        --test en_ewt-ud-test.conllu --column xpos --out resources/models/pos-en-ewt-xpos.json.gz
    annotator train pos-eval resources/models/pos-en-ewt-xpos.json.gz en_ewt-ud-test.conllu

``--clusters`` (with ``--word-logprobs``/``--min-logprob``) adds word-cluster features from a table
such as spacy-lookups-data's ``en_lexeme_cluster.json.gz``; the words kept are stored in the model,
so the table is needed at training time only (``resources/models/train_pos_models.sh``).

Training prints the dev accuracy after every iteration of both passes; the saved model is then
loaded back and scored on --dev and --test, and those figures are stored in the model's ``meta``.

    annotator train tagger --learner crf --train meddocan/train/brat --dev meddocan/dev/brat \
        --pipeline meddocan-features --out meddocan-crf.zip

``tagger`` runs the feature pipeline (``--pipeline``: a shipped name or a file) on every document,
learns BIO labels over its Tokens from the gold spans of ``--set`` (default: the default set, where
brat, MEDDOCAN XML, i2b2 and CoNLL readers put them) and writes the model file
(:mod:`annotator.learning.model`); with ``--dev``, the saved model is loaded back and its
MEDDOCAN-style scores on the dev corpus are printed (and stored in the model's ``meta``).
"""

from __future__ import annotations

import argparse
import gzip
import json
from pathlib import Path

from typing import TYPE_CHECKING

from annotator.cli import Subparsers
from annotator.cli.corpus_options import add_reader_options, reader_options
from annotator.errors import InputError, coded

if TYPE_CHECKING:
    from annotator.learning.features import FeatureConfig
    from annotator.processing import perceptron

# The tag columns a model can learn: the keys of annotator.processing.conllu.COLUMNS, named here so
# that building the parser does not import the processing package (a test keeps the two equal).
TAG_COLUMNS = ("upos", "xpos")


def add_parser(subparsers: Subparsers) -> None:
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

    _add_tagger(kinds)


def _add_tagger(kinds: Subparsers) -> None:
    tagger = kinds.add_parser("tagger", help="train an SVM or CRF tagger (BIO over Tokens) on an annotated corpus")
    add_learning_options(tagger)
    tagger.add_argument("--dev", type=Path, metavar="CORPUS", help="corpus scored with the trained model")
    tagger.add_argument("--out", required=True, type=Path, metavar="MODEL", help="model file to write (.zip)")
    tagger.add_argument("--per-type", action="store_true", help="with --dev: Subtrack 1 per type too")
    tagger.add_argument("--source", default="", help="training data's name and version, stored in the model")
    tagger.add_argument("--licence", default="", help="the model's licence, stored in the model")
    tagger.set_defaults(func=run_tagger)


def add_learning_options(parser: argparse.ArgumentParser) -> None:
    """The options of a tagger's training (learner, corpus, feature pipeline and classes, learner
    parameters): ``train tagger`` and ``experiment`` share them."""
    from annotator.formats import names

    parser.add_argument("--learner", choices=("svm", "crf"), required=True, help="per-token SVM or linear-chain CRF")
    parser.add_argument("--train", required=True, type=Path, metavar="CORPUS", help="training corpus (file or folder)")
    parser.add_argument("--from", dest="fmt", choices=names(), metavar="FMT",
                        help="format of the corpora (default: detected)")
    add_reader_options(parser)
    parser.add_argument("--set", dest="gold_set", default="", metavar="GOLD",
                        help="annotation set holding the gold spans (default: the default set, where readers put them)")
    parser.add_argument("--pipeline", required=True, metavar="FEATURES",
                        help="feature pipeline (shipped name or file): tokenizer, POS tagger, gazetteers, ...")
    parser.add_argument("--features", metavar="CLASSES",
                        help="comma-separated feature classes (default: the Stat De-id ones, all but 'annotations' and 'neighbours')")
    parser.add_argument("--stack-set", default="Rules", metavar="SET",
                        help="set read by the 'annotations' feature class (default Rules)")
    parser.add_argument("--stack-types", default="", metavar="TYPES",
                        help="comma-separated types of --stack-set to use (default: all)")
    parser.add_argument("--kernel", choices=("linear", "poly2", "rbf"), help="svm: kernel (default linear)")
    parser.add_argument("--C", dest="C", type=float, help="svm: regularisation constant (default 0.1)")
    parser.add_argument("--min-count", type=int, help="svm: keep features seen this often (default 1)")
    parser.add_argument("--c1", type=float, help="crf: L1 coefficient (default 0.05; prunes features)")
    parser.add_argument("--c2", type=float, help="crf: L2 coefficient (default 0.01)")
    parser.add_argument("--iterations", dest="max_iterations", type=int, help="crf: L-BFGS iterations (default 150)")


def feature_config(args: argparse.Namespace) -> FeatureConfig:
    """The feature configuration the options of :func:`add_learning_options` ask for (E804)."""
    from annotator.learning.features import FeatureConfig

    return FeatureConfig(classes=tuple(_names(args.features)), stack_set=args.stack_set,
                         stack_types=tuple(_names(args.stack_types)))


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


def read_corpus(path: Path, fmt: str | None, options: dict | None = None) -> list:
    from annotator.corpus import Failure, read_documents

    docs, failed = [], []
    for item in read_documents(path, fmt, options=options):
        (failed if isinstance(item, Failure) else docs).append(item)
    for failure in failed:
        print(f"annotator: error: {failure}", flush=True)
    if failed:
        raise InputError(coded("E807", count=len(failed)), path=path)
    return docs


def run_tagger(args: argparse.Namespace) -> int:
    import time

    from annotator.evaluation import meddocan
    from annotator.learning import training
    from annotator.learning.model import write_model
    from annotator.learning.tagger import load_tagger
    from annotator.pipeline import Pipeline

    config = feature_config(args)
    pipeline = Pipeline.load(args.pipeline)
    data = training.examples(read_corpus(args.train, args.fmt, reader_options(args)), args.gold_set, pipeline, config)
    print(f"{data.tokens} tokens in {len(data.sequences)} documents; BIO labels give back "
          f"{data.reproducible} of {data.spans} gold spans exactly", flush=True)
    started = time.process_time()
    info, payload = training.train(args.learner, data, config, vars(args))
    print(f"trained in {time.process_time() - started:.1f} s CPU ({len(info.labels)} labels)", flush=True)
    info.corpus["name"] = args.source or args.train.name
    info.meta.update(source=args.source, licence=args.licence, pipeline=str(args.pipeline))
    write_model(args.out, info, payload)
    if args.dev is not None:
        info, predictor = load_tagger(args.out, args.learner)
        dev = read_corpus(args.dev, args.fmt, reader_options(args))
        system = training.tag(dev, pipeline, predictor, config)
        result = meddocan.evaluate_meddocan(training.gold_documents(dev, args.gold_set), system)
        figures = result.to_json(per_type=True)
        for label, key in zip(meddocan.LABELS, ("subtask1", "subtask2_strict", "subtask2_merged")):
            f = figures[key]
            print(f"dev {label:<22} P {f['precision']:.4f}  R {f['recall']:.4f}  F1 {f['f1']:.4f}")
        if args.per_type:
            print("\n".join(meddocan.format_per_type(result.per_type)))
        info.meta["dev"] = {"corpus": str(args.dev), **{k: figures[k] for k in ("subtask1", "subtask2_strict", "subtask2_merged")}}
        write_model(args.out, info, payload)
    print(f"wrote {args.out} ({args.out.stat().st_size / 1e6:.2f} MB)")
    return 0


def _names(text: str | None) -> list[str]:
    return [n.strip() for n in (text or "").split(",") if n.strip()]
