"""Timing shared by the benchmark scripts: median CPU and wall-clock seconds over several runs.

The CPU time of this process (``time.process_time``) is the figure that counts on a shared,
loaded machine: other jobs slow the wall clock, not the work done. The wall clock is reported
beside it.
"""

from __future__ import annotations

import os
import platform
import resource
import statistics
import time
from typing import Any, Callable, Iterable, NamedTuple, TypeVar

T = TypeVar("T")


class Seconds(NamedTuple):
    cpu: float
    wall: float


def timed(action: Callable[[], object]) -> Seconds:
    """The CPU and wall-clock seconds of one call of ``action``."""
    cpu, wall = time.process_time(), time.perf_counter()
    action()
    return Seconds(time.process_time() - cpu, time.perf_counter() - wall)


def build_timed(build: Callable[[], T]) -> tuple[T, float]:
    """What ``build()`` returns and the wall-clock seconds it took (for one-off loading times)."""
    start = time.perf_counter()
    made = build()
    return made, time.perf_counter() - start


def cpu_seconds() -> float:
    """CPU time of this process and of its finished child processes (workers)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def run_as_corpus(pipeline: Any, documents: Iterable[Any]) -> None:
    """``pipeline`` over ``documents`` as ``annotator run`` goes: through ``Pipeline.pipe`` (the
    collector relaxed for the whole run), each document dropped once done."""
    for _ in pipeline.pipe(documents):
        pass


def median_of(samples: list[Seconds]) -> Seconds:
    return Seconds(statistics.median(s.cpu for s in samples), statistics.median(s.wall for s in samples))


def median_time(action: Callable[[], object], runs: int) -> Seconds:
    """The median CPU and median wall-clock seconds of ``runs`` calls of ``action``."""
    return median_of([timed(action) for _ in range(runs)])


def machine() -> str:
    """One line naming the machine, for the head of a benchmark's output."""
    return (f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
            f"load average {os.getloadavg()[0]:.2f}")


def print_table(header: list[str], rows: list[list[str]], align: str | None = None) -> None:
    """Print a Markdown table, each column as wide as its widest cell. ``align`` has one letter per
    column, ``l`` or ``r`` (default: the first column left, the others right)."""
    align = align or "l" + "r" * (len(header) - 1)
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        return "| " + " | ".join(c.ljust(w) if a == "l" else c.rjust(w) for c, w, a in zip(cells, widths, align)) + " |"

    print(line(header))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in rows:
        print(line(row))
