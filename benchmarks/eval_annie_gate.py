"""``annie`` against the annotations GATE left in GATE's own test documents (issue 31, held out).

The documents are ``tests/data/annie_gate/`` (see its README: where each comes from and what its
annotation set holds). The text of each is run through the ``annie`` pipeline and compared with the
reference set:

- tokens: a GATE ``Token`` agrees when we have a ``Token`` at the same span; ``kind`` and ``orth``
  agree when they are equal too (a missing ``orth`` equals a missing ``orth``);
- sentences and POS (``category``): as for tokens, when the reference has them;
- entities: exact-span precision, recall and F1 per type, over the entity types the reference has;
  and the share found of the reference entities that carry ANNIE's ``rule``/``rule1``/``rule2``
  features (the ones GATE's ANNIE made, where a reference also holds hand-made ones).

    python benchmarks/eval_annie_gate.py [--data DIR] [--show]
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from annotator import Document, Pipeline
from annotator.formats import get, sniff

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "annie_gate"
RULE_FEATURES = {"rule", "rule1", "rule2"}
ENTITY_TYPES = ("Person", "Location", "Organization", "Date", "Money", "Percent", "Address",
                "Identifier", "JobTitle")


def reference_set(doc: Document) -> str:
    """The name of the annotation set that holds the document's GATE tokens."""
    for name in doc.annset_names():
        if doc.annset(name).with_type("Token"):
            return name
    raise SystemExit(f"{doc.name}: no annotation set holds Token annotations")


def spans(annotations, types: tuple[str, ...]) -> dict[tuple[str, int, int], dict]:
    return {(a.type, a.start, a.end): a.features for a in annotations if a.type in types}


def compare(gold: Document, ours: Document, gold_set: str, counts: Counter, show: bool) -> None:
    """Add one document's agreement counts to ``counts``; print its differences with ``show``."""
    ref, out = gold.annset(gold_set), ours.annset()
    ref_tokens, our_tokens = spans(ref, ("Token",)), spans(out, ("Token",))
    counts["tokens"] += len(ref_tokens)
    counts["our tokens"] += len(our_tokens)
    for key, features in ref_tokens.items():
        mine = our_tokens.get(key)
        if mine is None:
            if show:
                print(f"  token missed   {key[1]}-{key[2]} {gold.text[key[1]:key[2]]!r}")
            continue
        counts["token spans"] += 1
        same = all(features.get(f) == mine.get(f) for f in ("kind", "orth"))
        counts["token kind/orth"] += same
        if show and not same:
            print(f"  token features {gold.text[key[1]:key[2]]!r}: GATE {features.get('kind')}/"
                  f"{features.get('orth')}, ours {mine.get('kind')}/{mine.get('orth')}")
        if "category" in features:
            counts["pos"] += 1
            counts["pos same"] += features["category"] == mine.get("category")
    if show:
        for key in sorted(our_tokens.keys() - ref_tokens.keys(), key=lambda k: k[1]):
            print(f"  token extra    {key[1]}-{key[2]} {gold.text[key[1]:key[2]]!r}")
    ref_sentences = spans(ref, ("Sentence",))
    if ref_sentences:
        our_sentences = spans(out, ("Sentence",))
        counts["sentence", "tp"] += len(ref_sentences.keys() & our_sentences.keys())
        counts["sentence", "fp"] += len(our_sentences.keys() - ref_sentences.keys())
        counts["sentence", "fn"] += len(ref_sentences.keys() - our_sentences.keys())
    types = tuple(t for t in ENTITY_TYPES if ref.with_type(t))
    gold_entities, our_entities = set(spans(ref, types)), set(spans(out, types))
    for kind, found in (("tp", gold_entities & our_entities), ("fp", our_entities - gold_entities),
                        ("fn", gold_entities - our_entities)):
        for type_, start, end in found:
            counts[type_, kind] += 1
            if show and kind != "tp":
                print(f"  {kind} {type_:<12} {start}-{end} {gold.text[start:end]!r}")
    made = {k for k, features in spans(ref, types).items() if RULE_FEATURES & features.keys()}
    counts["by ANNIE"] += len(made)
    counts["by ANNIE found"] += len(made & our_entities)


def prf(tp: int, fp: int, fn: int) -> tuple[float, float, float]:
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return p, r, 2 * p * r / (p + r) if p + r else 0.0


def report(counts: Counter) -> None:
    n = counts["tokens"]
    print(f"tokens: {n} GATE, {counts['our tokens']} ours")
    print(f"  same span           {counts['token spans'] / n:.4f}")
    print(f"  same span+kind/orth {counts['token kind/orth'] / n:.4f}")
    if counts["pos"]:
        print(f"POS (category), on {counts['pos']} tokens: {counts['pos same'] / counts['pos']:.4f}")
    else:
        print("POS: the reference has no category feature")
    if ("sentence", "tp") in counts or ("sentence", "fn") in counts:
        p, r, f = prf(counts["sentence", "tp"], counts["sentence", "fp"], counts["sentence", "fn"])
        print(f"sentences (exact span): P {p:.3f} R {r:.3f} F1 {f:.3f}")
    else:
        print("sentences: the reference has no Sentence annotations")
    print(f"{'entities':<13}{'gold':>5}{'tp':>5}{'fp':>5}{'fn':>5}{'P':>7}{'R':>7}{'F1':>7}")
    total = Counter()
    for type_ in ENTITY_TYPES:
        tp, fp, fn = (counts[type_, k] for k in ("tp", "fp", "fn"))
        if tp + fn == 0:
            continue
        total.update(tp=tp, fp=fp, fn=fn)
        print(f"{type_:<13}{tp + fn:>5}{tp:>5}{fp:>5}{fn:>5}" + "".join(f"{x:>7.3f}" for x in prf(tp, fp, fn)))
    tp, fp, fn = total["tp"], total["fp"], total["fn"]
    print(f"{'all':<13}{tp + fn:>5}{tp:>5}{fp:>5}{fn:>5}" + "".join(f"{x:>7.3f}" for x in prf(tp, fp, fn)))
    if counts["by ANNIE"]:
        print(f"reference entities with ANNIE's rule features: {counts['by ANNIE']}, "
              f"found at the same span {counts['by ANNIE found'] / counts['by ANNIE']:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA, help="folder of GATE-annotated documents")
    parser.add_argument("--show", action="store_true", help="print every difference")
    args = parser.parse_args()
    annie = Pipeline.load("annie")
    counts: Counter = Counter()
    for path in sorted(p for p in args.data.iterdir() if p.suffix in (".bdocjs", ".xml")):
        for gold in get(sniff(path)).read(path):
            if args.show:
                print(gold.name)
            compare(gold, annie(Document(gold.text, name=gold.name)), reference_set(gold), counts, args.show)
    report(counts)


if __name__ == "__main__":
    main()
