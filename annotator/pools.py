"""Running batches of work in this process or in a pool of local worker processes.

An engine maps a picklable callable ``work(batch) -> result`` over batches and yields
``(batch, result)`` in input order, with at most ``ahead`` batches in flight (memory stays
bounded whatever the number of batches). A batch lost because its worker process died (killed,
out of memory) is run once more, alone; if it is lost again it comes back as :class:`Lost`, and
the other batches go on. Used by :meth:`annotator.pipeline.Pipeline.pipe` (batches of documents
as tuples) and, with a Dask engine beside these (:mod:`annotator.engines`), by the corpus loop.

- :class:`InProcess`: ``work`` is called here, on the very object given (what a transform
  collects stays visible to the caller).
- :class:`Processes`: a local pool; each process gets ``work`` once (inherited by fork, else
  pickled once), so a loaded pipeline is not sent again with each batch. When a worker dies the
  pool ends the others with SIGTERM: a worker then removes the temporary files of the writes it
  has in progress (:func:`annotator.atomic.remove_pending`) before it ends, so that no output
  folder keeps one.
"""

from __future__ import annotations

import gc
import os
import signal
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

if TYPE_CHECKING:  # imported where a pool is made: a run in this process starts without them
    from concurrent.futures import Future, ProcessPoolExecutor

from annotator.atomic import remove_pending
from annotator.errors import coded
from annotator.gc_pause import gc_relaxed, relaxed_thresholds

Work = Callable[[Any], Any]


@dataclass(frozen=True)
class Lost:
    """A batch whose worker died twice: ``reason`` is a coded message (E317, E318)."""

    reason: str


class Engine:
    """Maps ``work`` over batches (see the module's doc)."""

    in_process = False  # whether ``work`` runs here, on the object given
    batch = 8  # documents per batch the corpus loop sends: enough to hide what sending one costs
    workers = 1

    def batch_size(self, total: int) -> int:
        """Documents per batch for a run of ``total``: :attr:`batch`, fewer for a small corpus, so
        that each worker still gets several batches (and a lost one takes few documents with it)."""
        return max(1, min(self.batch, total // (4 * self.workers)))

    def map(self, work: Work, batches: Iterable[Any]) -> Iterator[tuple[Any, Any]]:
        raise NotImplementedError


class InProcess(Engine):
    in_process = True
    batch = 1  # one document at a time, so that a run stops right at a failure

    def map(self, work: Work, batches: Iterable[Any]) -> Iterator[tuple[Any, Any]]:
        # the collector relaxed for the whole run, also while the caller handles a result (as
        # Pipeline.pipe): restored after each batch, it would walk what the batch left at once
        with gc_relaxed():
            for batch in batches:
                yield batch, work(batch)


_WORK: Work | None = None  # what a worker process of a Processes pool runs


def _init_worker(work: Work) -> None:
    global _WORK
    _WORK = work
    settle_gc()
    signal.signal(signal.SIGTERM, _terminated)


def _terminated(signum: int, frame: Any) -> None:
    """SIGTERM in a worker process: a pool sends it to every worker when one dies. The output
    files the worker is writing are left as they were, without their temporary files; then the
    process ends at once, as it would have without this handler."""
    remove_pending()
    os._exit(128 + signum)


def settle_gc() -> None:
    """Settle a worker process's garbage collector for its life (a pool's worker, a Dask worker)."""
    # What a worker has loaded (inherited by fork, or the pipeline its first batch brought) is
    # never garbage: keep the cyclic GC from walking it, which would also copy every page of it
    # into this process.
    gc.freeze()
    gc.set_threshold(*relaxed_thresholds())  # as gc_relaxed(), for the worker's life


def _call(batch: Any) -> Any:
    assert _WORK is not None
    return _WORK(batch)


def _submit(pool: ProcessPoolExecutor, batch: Any) -> Future:
    """``batch`` submitted to ``pool``; a pool that a worker's death has already broken refuses new
    work at once: the batch then gets a failed future, settled (run again alone) like the others."""
    from concurrent.futures import Future
    from concurrent.futures.process import BrokenProcessPool

    try:
        return pool.submit(_call, batch)
    except BrokenProcessPool as broken:
        failed: Future = Future()
        failed.set_exception(broken)
        return failed


class Processes(Engine):
    """``workers`` local processes (the platform's default start method)."""

    def __init__(self, workers: int, ahead: int | None = None) -> None:
        self.workers = workers
        self.ahead = ahead or 2 * workers

    def map(self, work: Work, batches: Iterable[Any]) -> Iterator[tuple[Any, Any]]:
        pool = self._pool(work)
        pending: deque[list[Any]] = deque()  # [batch, Future]
        try:
            for batch in batches:
                pending.append([batch, _submit(pool, batch)])
                if len(pending) > self.ahead:
                    pool, item = self._settle(pool, work, pending)
                    yield item
            while pending:
                pool, item = self._settle(pool, work, pending)
                yield item
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    def _pool(self, work: Work) -> ProcessPoolExecutor:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        return ProcessPoolExecutor(self.workers, multiprocessing.get_context(), _init_worker, (work,))

    def _settle(self, pool: ProcessPoolExecutor, work: Work, pending: deque) -> tuple[ProcessPoolExecutor, tuple]:
        """The first pending batch and its result. A dead worker breaks the whole pool and every
        batch in it: each of those runs again alone in a new pool (so a second death is the
        batch's own), the batches done before keep their results."""
        from concurrent.futures.process import BrokenProcessPool

        batch, future = pending[0]
        try:
            result = future.result()
        except BrokenProcessPool:
            pool.shutdown(wait=True)
            pool = self._pool(work)
            for entry in pending:
                if entry[1].exception() is not None:
                    pool, entry[1] = self._alone(pool, work, entry[0])
            result = pending[0][1].result()
        pending.popleft()
        return pool, (batch, result)

    def _alone(self, pool: ProcessPoolExecutor, work: Work, batch: Any) -> tuple[ProcessPoolExecutor, Future]:
        from concurrent.futures import Future
        from concurrent.futures.process import BrokenProcessPool

        done: Future = Future()
        try:
            done.set_result(pool.submit(_call, batch).result())
        except BrokenProcessPool:
            pool.shutdown(wait=True)
            pool = self._pool(work)
            done.set_result(Lost(coded("E317")))
        return pool, done
