"""View benchmark (issue 18): how fast pages are made and opened.

1. A 100 KB document (MEDDOCAN dev texts joined in name order, with their gold annotations,
   to 100,000 characters; and the same with a Token annotation on every word, a dense page):
   the page made by ``annotator.view.html`` (CPU seconds), and opened in headless Chromium
   (from the navigation's start to the load event, and to the page laid out; and the
   wall-clock time of WebDriver's ``get``). Target: opens in under 2 s.
2. ``annotator view`` on the MEDDOCAN dev gold (250 documents) as its own process, one worker:
   CPU and wall seconds. Target: under 10 s on one core.

Several runs, medians; needs ../shared and Chromium (chromium, chromium-driver).

    python benchmarks/bench_view.py [--runs 5]
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import cpu_seconds, machine, median_time, print_table

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from annotator import Document  # noqa: E402
from annotator.corpus import read_documents  # noqa: E402
from annotator.view import html  # noqa: E402
from tests.view import browser  # noqa: E402

DEV = ROOT.parent / "shared" / "corpora" / "meddocan" / "dev" / "brat"
SIZE = 100_000


def big_document(tokens: bool) -> Document:
    """The dev texts joined to SIZE characters with their gold annotations (and a Token per word)."""
    parts, anns, length = [], [], 0
    for doc in sorted(read_documents(DEV, "brat"), key=lambda d: d.name):
        text = doc.text[: SIZE - length]
        anns += [(a.type, a.start + length, a.end + length, a.features) for a in doc.annset() if a.end <= len(text)]
        parts.append(text)
        length += len(text)
        if length >= SIZE:
            break
    out = Document("".join(parts), name="dev-100k")
    for type, start, end, features in anns:
        out.annset().add(type, start, end, features)
    if tokens:
        for match in re.finditer(r"\w+", out.text):
            out.annset("Tokens").add("Token", match.start(), match.end(), {"string": match.group()})
    return out


def open_times(driver, path: Path, runs: int) -> tuple[float, float, float]:
    """Median seconds, on the browser's own clock from the navigation's start, to the load event
    and to the whole page laid out (asked for after the load, so an upper bound); and of
    WebDriver's get (wall clock, round trips included)."""
    loads, laid_out, walls = [], [], []
    for _ in range(runs):
        driver.get("about:blank")
        start = time.perf_counter()
        driver.get(path.as_uri())
        walls.append(time.perf_counter() - start)
        load, layout = driver.execute_script(
            "var n=performance.getEntriesByType('navigation')[0];document.body.getBoundingClientRect();"
            "return [n.loadEventEnd-n.startTime, performance.now()];")
        loads.append(load / 1000)
        laid_out.append(layout / 1000)
    return statistics.median(loads), statistics.median(laid_out), statistics.median(walls)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    reason = browser.unavailable()
    if not DEV.is_dir() or reason:
        sys.exit(f"skipped: {reason or f'no MEDDOCAN dev at {DEV}'}")
    print(machine(), "(shared with other jobs: wall-clock figures are noisy)")
    rows = []
    driver = browser.start()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for tokens in (False, True):
                doc = big_document(tokens)
                page = html(doc)
                path = Path(tmp) / f"{doc.name}.html"
                path.write_text(page, encoding="utf-8")
                made = median_time(lambda: html(doc), args.runs)
                load, layout, wall = open_times(driver, path, args.runs)
                count = sum(len(doc.annset(n)) for n in doc.annset_names())
                rows.append([f"100 KB page, {count} annotations", f"{len(page.encode()) / 1e6:.2f} MB",
                             f"{made.cpu:.3f}", f"{load:.3f}", f"{layout:.3f}", f"{wall:.3f}"])
    finally:
        driver.quit()
    print_table(["page", "HTML size", "make (CPU s)", "open: load event (s)", "open: laid out (s)", "open: get (wall s)"],
                rows)
    samples = []
    for _ in range(max(3, args.runs // 2)):
        with tempfile.TemporaryDirectory() as tmp:
            before, start = cpu_seconds(), time.perf_counter()
            subprocess.run([sys.executable, "-m", "annotator", "view", str(DEV), "--out", tmp, "--workers", "1"],
                           check=True, stderr=subprocess.DEVNULL)
            samples.append((cpu_seconds() - before, time.perf_counter() - start))
    print()
    print_table(["annotator view, MEDDOCAN dev (250 documents), one worker", "CPU s", "wall s"],
                [["whole process (start-up, read brat, pages, index)",
                  f"{statistics.median(s[0] for s in samples):.2f}", f"{statistics.median(s[1] for s in samples):.2f}"]])


if __name__ == "__main__":
    main()
