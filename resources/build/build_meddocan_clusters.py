"""Build resources/models/meddocan-clusters.tsv.gz: distributional word clusters of Spanish clinical text,
for the CRF's ``clusters`` feature class (annotator/learning/features.py).

Learnt from unlabelled text only (no annotation is read): the MEDDOCAN background documents (2,751, no
gold), the MEDDOCAN train texts (never dev or test) and the word forms of the UD Spanish AnCora dev
treebank. Each word seen at least --min-count times is described by the counts of its left and right
neighbours among the --contexts most frequent tokens, weighted by positive PMI, reduced by truncated SVD
and length-normalised; k-means then cuts the vectors into 64, 256 and 1024 clusters (three
granularities: coarse ids generalise, fine ids discriminate). Words are lower-cased, digits are read as
``0``.

Output: gzip (no name, mtime 0) of a header line and ``word<TAB>id64<TAB>id256<TAB>id1024`` lines sorted
by word. Reproducible byte for byte: sorted inputs, fixed seeds, one BLAS/OpenMP thread (numpy and
scikit-learn versions are written in the header).

    python resources/build/build_meddocan_clusters.py [--out FILE] [--shared DIR] [--max-background N]
"""

from __future__ import annotations

import argparse
import gzip
import io
from collections import Counter
from pathlib import Path
from typing import Iterable, Iterator, Sequence

import numpy as np
import regex

ROOT = Path(__file__).resolve().parents[2]
SIZES = (64, 256, 1024)
_TOKEN = regex.compile(r"\p{L}+|\d+|[^\p{L}\d\s]")
_DIGITS = regex.compile(r"\d")


def words(text: str) -> list[str]:
    """The tokens of ``text`` as the clusters see them: lower-cased, every digit ``0``."""
    return [_DIGITS.sub("0", t.lower()) for t in _TOKEN.findall(text)]


def conllu_lines(path: Path) -> Iterator[str]:
    """One line of space-joined word forms per sentence of a CoNLL-U file."""
    forms: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line:
            if forms:
                yield " ".join(forms)
            forms = []
        elif not line.startswith("#"):
            cols = line.split("\t")
            if cols[0].isdigit():
                forms.append(cols[1])
    if forms:
        yield " ".join(forms)


def sources(shared: Path, max_background: int | None) -> list[str]:
    """The unlabelled texts, in a fixed order: background (the first ``max_background`` by name), train, AnCora dev."""
    meddocan = shared / "corpora" / "meddocan"
    background = sorted((meddocan / "background" / "text").glob("*.txt"))[:max_background]
    texts = [p.read_text(encoding="utf-8") for p in background]
    texts += [p.read_text(encoding="utf-8") for p in sorted((meddocan / "train" / "brat").glob("*.txt"))]
    ancora = shared / "resources-data" / "treebanks" / "es_ancora" / "es_ancora-ud-dev.conllu"
    if ancora.exists():
        texts.append("\n".join(conllu_lines(ancora)))
    return texts


def clusters(texts: Iterable[str], min_count: int = 3, contexts: int = 2000, dims: int = 100,
             sizes: Sequence[int] = SIZES, seed: int = 0) -> dict[str, tuple[int, ...]]:
    """Word -> its cluster id at each of ``sizes`` (only words with a letter, seen ``min_count`` times)."""
    from scipy import sparse
    from sklearn.cluster import KMeans
    from sklearn.decomposition import TruncatedSVD
    from threadpoolctl import threadpool_limits

    docs = [words(t) for t in texts]
    counts = Counter(w for d in docs for w in d)
    by_freq = sorted(counts, key=lambda w: (-counts[w], w))
    context_index = {w: i for i, w in enumerate(by_freq[:contexts])}
    vocab = sorted(w for w, n in counts.items() if n >= min_count and regex.search(r"\p{L}", w))
    index = {w: i for i, w in enumerate(vocab)}
    pairs: Counter = Counter()
    width = len(context_index)
    for d in docs:
        padded = ["<s>"] + d + ["</s>"]
        for i in range(1, len(padded) - 1):
            row = index.get(padded[i])
            if row is None:
                continue
            left, right = context_index.get(padded[i - 1]), context_index.get(padded[i + 1])
            if left is not None:
                pairs[row, left] += 1
            if right is not None:
                pairs[row, width + right] += 1
    keys = sorted(pairs)
    rows = np.array([r for r, _ in keys], dtype=np.int64)
    cols = np.array([c for _, c in keys], dtype=np.int64)
    values = np.array([pairs[k] for k in keys], dtype=np.float64)
    row_sums = np.bincount(rows, values, len(vocab))
    col_sums = np.bincount(cols, values, 2 * width)
    pmi = np.log(values * values.sum() / (row_sums[rows] * col_sums[cols]))
    keep = pmi > 0
    ppmi = sparse.csr_matrix((pmi[keep], (rows[keep], cols[keep])), shape=(len(vocab), 2 * width))
    with threadpool_limits(1):
        k = min(dims, min(ppmi.shape) - 1)
        vectors = TruncatedSVD(k, algorithm="randomized", random_state=seed).fit_transform(ppmi)
        vectors /= np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)
        ids = [KMeans(min(n, len(vocab)), n_init=1, max_iter=50, random_state=seed).fit_predict(vectors)
               for n in sizes]
    return {w: tuple(int(c[i]) for c in ids) for i, w in enumerate(vocab)}


def write(table: dict[str, tuple[int, ...]], path: Path, sizes: Sequence[int] = SIZES, note: str = "") -> None:
    """The table as sorted gzip TSV with a header, byte-reproducible (no name, mtime 0 in the gzip header)."""
    out = io.StringIO()
    out.write("\t".join(["#word"] + [f"k{n}" for n in sizes]) + (f"\t{note}" if note else "") + "\n")
    for word in sorted(table):
        out.write("\t".join([word] + [str(c) for c in table[word]]) + "\n")
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9) as gz:
        gz.write(out.getvalue().encode("utf-8"))


def main() -> None:
    import sklearn

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--out", type=Path, default=ROOT / "resources" / "models" / "meddocan-clusters.tsv.gz")
    parser.add_argument("--max-background", type=int, default=None, help="use the first N background documents")
    parser.add_argument("--min-count", type=int, default=3)
    args = parser.parse_args()
    table = clusters(sources(args.shared, args.max_background), min_count=args.min_count)
    write(table, args.out, note=f"numpy {np.__version__}, scikit-learn {sklearn.__version__}")
    print(f"wrote {args.out}: {len(table)} words ({args.out.stat().st_size / 1e6:.2f} MB)")


if __name__ == "__main__":
    main()
