"""``annotator experiment {ablation,kernels,learning-curve}``: the Stat De-id seed's studies of a
tagger on any annotated corpus (:mod:`annotator.learning.experiments`).

    annotator experiment ablation --learner crf --train meddocan/train/brat --dev meddocan/dev/brat \\
        --pipeline meddocan-features --iterations 50 --train-docs 100 --out results/

Each study trains the learner several times on ``--train`` and scores every model on ``--dev``
(MEDDOCAN Subtrack 1 and token-level P/R/F1), prints the table and writes ``STUDY.json``,
``STUDY.md`` and the plot ``STUDY.png``/``STUDY.svg`` into ``--out``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from annotator.cli import Subparsers
from annotator.errors import InputError, coded

_DESCRIPTION = """\
The Stat De-id studies (Tafvizi & Pacula) of a tagger, on any annotated corpus:

  ablation        the learner with all feature classes, with each class alone and with all but
                  each class (1 + 2 x classes trainings); the feature pipeline runs once
  kernels         the SVM with a linear, a quadratic (poly2) and a Gaussian (rbf) kernel, on one
                  random sample of --kernel-tokens training tokens (--learner svm only)
  learning-curve  the learner on 1/steps, 2/steps, ..., all of the training documents (nested
                  subsets of one random order)

Every model is scored on --dev: MEDDOCAN Subtrack 1 (exact type and span) and token-level
P/R/F1 of PHI detection (a token is PHI when its label is not O, as Stat De-id counts). The
table is printed; STUDY.json (the figures and settings), STUDY.md (the table) and the plot
STUDY.png / STUDY.svg are written into --out. --train-docs trains on a random sample of the
training documents when the CPU cannot afford the whole corpus (and for the CRF, --iterations).
"""


def add_parser(subparsers: Subparsers) -> None:
    from annotator.cli.train import add_learning_options

    parser = subparsers.add_parser("experiment", help="feature ablation, kernel comparison, learning curve of a tagger",
                                   description=_DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    studies = parser.add_subparsers(dest="study", metavar="STUDY")
    studies.required = True
    helps = {"ablation": "each feature class alone and all but each class",
             "kernels": "linear, poly2 and rbf SVM kernels on a sample of training tokens",
             "learning-curve": "10%%..100%% of the training documents"}
    for name, text in helps.items():
        study = studies.add_parser(name, help=text, description=_DESCRIPTION,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)
        add_learning_options(study)
        study.add_argument("--dev", required=True, type=Path, metavar="CORPUS", help="corpus every model is scored on")
        study.add_argument("--out", required=True, type=Path, metavar="DIR", help="folder the table, JSON and plot go to")
        study.add_argument("--train-docs", type=int, metavar="N",
                           help="train on a random sample of N training documents (default: all)")
        study.add_argument("--seed", type=int, default=0, help="seed of the random samples (default 0)")
        if name == "kernels":
            study.add_argument("--kernel-tokens", type=int, default=20000, metavar="N",
                               help="train every kernel on one random sample of N training tokens; 0: all "
                                    "(default 20000: libsvm's non-linear kernels grow faster than linearly)")
        if name == "learning-curve":
            study.add_argument("--steps", type=int, default=10, help="points of the curve (default 10: 10%%, 20%%, ...)")
        study.set_defaults(func=run)


def _check(args: argparse.Namespace) -> None:
    """The study's own arguments (E821, E822) before anything is read."""
    from importlib.util import find_spec

    from annotator.errors import AnnotatorError

    if find_spec("matplotlib") is None:
        raise AnnotatorError(coded("E900"))
    if args.study == "kernels":
        if args.learner != "svm":
            raise InputError(coded("E821"))
        if args.kernel is not None:
            raise InputError(coded("E822", option="--kernel", value=args.kernel,
                                   what="left out of the kernels study (it trains every kernel)"))
        if args.kernel_tokens < 0:
            raise InputError(coded("E822", option="--kernel-tokens", what="0 or more", value=args.kernel_tokens))
    if args.study == "learning-curve" and args.steps < 1:
        raise InputError(coded("E822", option="--steps", what="1 or more", value=args.steps))
    if args.train_docs is not None and args.train_docs < 1:
        raise InputError(coded("E822", option="--train-docs", what="1 or more", value=args.train_docs))


def _params(args: argparse.Namespace) -> dict:
    """The learner's parameters: its defaults and what the options set (not the kernel in the
    kernels study: each of its rows names its own)."""
    from annotator.learning.tagger import learner_module

    defaults = learner_module(args.learner).DEFAULTS
    given = {k: v for k, v in vars(args).items() if k in defaults and v is not None}
    return {k: v for k, v in {**defaults, **given}.items() if not (k == "kernel" and args.study == "kernels")}


def run(args: argparse.Namespace) -> int:
    from annotator.cli.corpus_options import reader_options
    from annotator.cli.train import feature_config, read_corpus
    from annotator.learning import experiments
    from annotator.pipeline import Pipeline

    _check(args)
    config = feature_config(args)
    if args.study == "ablation":
        experiments.ablation_settings(config.classes)  # E823 before the corpora are read
    pipeline = Pipeline.load(args.pipeline)
    train_docs = read_corpus(args.train, args.fmt, reader_options(args))
    if args.train_docs is not None and args.train_docs > len(train_docs):
        raise InputError(coded("E822", option="--train-docs", what=f"at most the {len(train_docs)} training documents",
                               value=args.train_docs))
    dev_docs = read_corpus(args.dev, args.fmt, reader_options(args))
    if not any(len(doc.annset(args.gold_set)) for doc in dev_docs):
        found = sorted({t for d in dev_docs for name in d.annset_names() for t in d.annset(name).types()})
        raise InputError(coded("E820", set=args.gold_set, found=", ".join(found) or "none"), path=args.dev)
    # the sample (or all documents, in a random order) is featured, nothing else
    sample = [train_docs[i] for i in experiments.sample_documents(len(train_docs), args.train_docs, args.seed)]
    train = experiments.featurize(sample, args.gold_set, pipeline, config)
    dev = experiments.featurize(dev_docs, args.gold_set, pipeline, config)
    lab = experiments.Lab(args.learner, train, dev, dev_docs, args.gold_set, config, vars(args))
    documents = list(range(len(sample)))
    if args.study == "ablation":
        study = experiments.ablation(lab, documents)
    elif args.study == "kernels":
        study = experiments.kernels(lab, documents, args.kernel_tokens, args.seed)
    else:
        study = experiments.learning_curve(lab, documents, args.steps)
    study.details.update(
        train={"corpus": str(args.train), "documents": len(train_docs), "tokens": train.tokens,
               "sample_documents": args.train_docs},
        dev={"corpus": str(args.dev), "documents": len(dev_docs), "tokens": dev.tokens},
        pipeline=str(args.pipeline), features=list(config.classes), seed=args.seed,
        params=_params(args))
    print("\n".join(study.table()))
    for path in experiments.write_study(study, args.out):
        print(f"wrote {path}")
    return 0
