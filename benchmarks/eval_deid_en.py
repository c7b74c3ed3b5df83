"""deid-en.xml on the English test material (tests/data/deid_en/, issue 17): PHI-value recall and
precision per type (annotator.evaluation.phi_values) on the notes, under both policies, for the
development and the held-out part; on the clinician queries (default policy) the share of PHI
values fully covered and of PHI-free queries touched. Each report also gives the any-overlap recall
and the token precision and recall; a summary of those closes the output.

    python benchmarks/eval_deid_en.py [--parts dev,heldout,queries-dev,queries-heldout] [-v]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import deid_en_material  # noqa: E402

from annotator import Document, Pipeline  # noqa: E402
from annotator.evaluation.common import fmt4  # noqa: E402
from annotator.evaluation.phi_values import ValueResult, evaluate_values, format_report  # noqa: E402


def score(part: str, policy: str) -> ValueResult:
    pipeline = Pipeline.load("deid-en", overrides={"policy.policy": policy})
    gold = deid_en_material.load(part, policy)
    system = [pipeline(Document(g.text, name=g.name)) for g in gold]
    return evaluate_values(gold, system, gold_set="PHI", system_set="PHI")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", default=",".join(deid_en_material.PARTS))
    parser.add_argument("-v", "--verbose", action="store_true", help="list every miss and every value outside gold")
    args = parser.parse_args()
    summary = []
    for part in args.parts.split(","):
        for policy in deid_en_material.POLICIES:
            result = score(part, policy)
            print(f"## {part}, policy {policy}: {result.total.gold} gold values in "
                  f"{len(deid_en_material.load(part, policy))} documents")
            print(format_report(result, verbose=args.verbose))
            summary.append((part, policy, result))
    row = "{:<18}{:<11}{:<8}{:<8}{:<8}{:<8}{:>8}"
    print("## summary: value recall, any-overlap recall, token precision and recall, PHI-free documents touched")
    print(row.format("part", "policy", "recall", "overlap", "tok. P", "tok. R", "touched"))
    for part, policy, r in summary:
        print(row.format(part, policy, fmt4(r.total.recall), fmt4(r.total.overlap_recall), fmt4(r.token_precision),
                         fmt4(r.token_recall), f"{r.touched}/{r.free}"))


if __name__ == "__main__":
    main()
