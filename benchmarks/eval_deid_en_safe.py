"""The two English operating points side by side on the English test material (tests/data/deid_en/):
deid-en (precise) and deid-en-safe (recall-first: deid-en plus the vocabulary catch-all).

Per part and pipeline: PHI-value recall and precision (annotator.evaluation.phi_values: a value is
found when every letter and digit of it lies in PHI spans of any type), token precision and recall
(issue 28's measure, as phi_values counts it) and the PHI-free documents touched. ``-v`` lists what
deid-en-safe adds beyond gold and what it still misses.

    python benchmarks/eval_deid_en_safe.py [--parts dev,heldout,queries-dev,queries-heldout] [--policy hipaa] [-v]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import deid_en_material  # noqa: E402

from annotator import Document, Pipeline  # noqa: E402
from annotator.evaluation.phi_values import ValueResult, evaluate_values  # noqa: E402

PIPELINES = ("deid-en", "deid-en-safe")


def run(name: str, part: str, policy: str) -> ValueResult:
    pipeline = Pipeline.load(name, overrides={"policy.policy": policy})
    gold = deid_en_material.load(part, policy)
    system = [pipeline(Document(g.text, name=g.name)) for g in gold]
    return evaluate_values(gold, system, gold_set="PHI", system_set="PHI")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", default=",".join(deid_en_material.PARTS))
    parser.add_argument("--policy", default="hipaa", choices=deid_en_material.POLICIES)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    print(f"policy {args.policy}")
    print(f"{'part':16} {'pipeline':13} {'values':>6} {'recall':>7} {'precis.':>7} {'tok P':>7} {'tok R':>7} touched")
    for part in args.parts.split(","):
        for name in PIPELINES:
            result = run(name, part, args.policy)
            total = result.total
            print(f"{part:16} {name:13} {total.gold:6} {total.recall:7.4f} {total.precision:7.4f} "
                  f"{result.token_precision:7.4f} {result.token_recall:7.4f} {result.touched} of {result.free}")
            if args.verbose and name == "deid-en-safe":
                for doc, type_name, surface in result.missed:
                    print(f"    missed  {doc} {type_name} {surface!r}")
                for doc, type_name, surface in result.outside:
                    print(f"    outside {doc} {type_name} {surface!r}")


if __name__ == "__main__":
    main()
