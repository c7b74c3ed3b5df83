"""Where batches of work run: in this process, in local worker processes, or on a Dask cluster.

An engine maps a picklable callable ``work(batch) -> result`` over batches and yields
``(batch, result)`` in input order, with at most ``ahead`` batches in flight (memory stays
bounded whatever the number of batches). A batch lost because its worker process died (killed,
out of memory) is run once more, alone; if it is lost again it comes back as :class:`Lost`, and
the other batches go on. Used by the corpus loop (:mod:`annotator.runner`, batches of unit
files read and written by the workers) and by :meth:`annotator.pipeline.Pipeline.pipe`
(batches of documents as tuples).

- :class:`InProcess`: ``work`` is called here, on the very object given (what a transform
  collects stays visible to the caller).
- :class:`Processes`: a local pool; each process gets ``work`` once (inherited by fork, else
  pickled once), so a loaded pipeline is not sent again with each batch. When a worker dies the
  pool ends the others with SIGTERM: a worker then removes the temporary files of the writes it
  has in progress (:func:`annotator.atomic.remove_pending`) before it ends, so that no output
  folder keeps one.
- :class:`Dask`: ``dask.distributed``, imported only here and only when used: a LocalCluster of
  ``workers`` processes (one thread each) or the cluster of ``scheduler``. ``work`` travels with
  every batch, so it must pickle small (a pipeline loaded from a file pickles as its recipe and
  is loaded once per worker process: :mod:`annotator.pipeline`; the worker's garbage collector is
  then settled as a pool worker's is; scattering it once instead would lose it with a killed
  worker, and every batch with it). Our LocalCluster forks its workers on Linux, as a local
  pool does: they find the client's pipeline already loaded and share its memory (less CPU
  than spawned workers that load their own copies). Our LocalCluster gives a worker
  at most two batches at a time (the one it runs, the next) and lets the scheduler retry
  nothing, so a dead worker loses only those, each then run once more by us, as a local pool's;
  on a cluster of your own its ``allowed-failures`` and ``worker-saturation`` settings
  decide how often a batch is retried before it reaches us.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

if TYPE_CHECKING:  # imported where a pool is made: a run in this process starts without them
    from concurrent.futures import Future, ProcessPoolExecutor

from annotator.atomic import remove_pending
from annotator.errors import AnnotatorError, coded
from annotator.gc_pause import gc_relaxed, relaxed_thresholds

Work = Callable[[Any], Any]
ENGINES = ("processes", "dask")


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


def engine(name: str | None = None, workers: int | None = None, scheduler: Any = None) -> Engine:
    """The engine for ``name`` ("processes", the default, or "dask"; a ``scheduler`` means "dask"):
    "processes" with one worker runs in this process. More than one worker with ``scheduler`` is E162."""
    if scheduler is not None and name == "processes":
        raise AnnotatorError(coded("E165"))
    if name not in (None, *ENGINES):
        raise AnnotatorError(coded("E164", name=name, known=", ".join(ENGINES)))
    if scheduler is not None and workers not in (None, 1):
        raise AnnotatorError(coded("E162"))
    if scheduler is not None or name == "dask":
        return Dask(workers or 1, scheduler)
    return Processes(workers) if workers and workers > 1 else InProcess()


# --------------------------------------------------------------------------- local processes
_WORK: Work | None = None  # what a worker process of a Processes pool runs


def _init_worker(work: Work) -> None:
    global _WORK
    _WORK = work
    _settle_gc()
    signal.signal(signal.SIGTERM, _terminated)


def _terminated(signum: int, frame: Any) -> None:
    """SIGTERM in a worker process: a pool sends it to every worker when one dies. The output
    files the worker is writing are left as they were, without their temporary files; then the
    process ends at once, as it would have without this handler."""
    remove_pending()
    os._exit(128 + signum)


def _settle_gc() -> None:
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


# --------------------------------------------------------------------------- Dask
def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise AnnotatorError(coded("E161")) from None
    return distributed


_SETTLED = False  # whether this Dask worker process has had _settle_gc


def _on_worker(work: Work, batch: Any, client: int) -> Any:
    """A Dask task: ``work(batch)``; the first in a worker process (not in the client's own, as
    a cluster of threads is) settles its garbage collector as a pool's worker does."""
    global _SETTLED
    if not _SETTLED and os.getpid() != client:
        _SETTLED = True
        _settle_gc()
    return work(batch)


class Dask(Engine):
    """Batches as tasks of a Dask cluster: ``scheduler`` (an address such as
    ``tcp://HOST:8786``, or a ``distributed.Client``), else a LocalCluster of ``workers``
    processes of one thread each, started for the run and closed after it."""

    batch = 64  # a task costs the client, the scheduler and the worker milliseconds of messages: fewer, larger ones

    def __init__(self, workers: int = 1, scheduler: Any = None) -> None:
        self.workers = workers
        self.scheduler = scheduler

    def map(self, work: Work, batches: Iterable[Any]) -> Iterator[tuple[Any, Any]]:
        distributed = _distributed()
        client, close = self._client(distributed)
        pending: deque[tuple[Any, Any]] = deque()
        try:
            ahead = 2 * max(1, sum(client.nthreads().values()))
            for batch in batches:
                pending.append((batch, client.submit(_on_worker, work, batch, os.getpid(), pure=False)))
                if len(pending) > ahead:
                    yield self._settle(distributed, client, work, pending.popleft())
            while pending:
                yield self._settle(distributed, client, work, pending.popleft())
        finally:
            for _, future in pending:
                future.cancel()
            close()

    def _client(self, distributed: Any) -> tuple[Any, Callable[[], None]]:
        if isinstance(self.scheduler, distributed.Client):
            return self.scheduler, lambda: None
        import dask

        # Dask keeps its last 1,000 messages and transitions of each kind for debugging (every
        # batch's task, ~10 kB, in the client's log): memory that grows with the run's first
        # thousand batches. A hundred of each are kept here.
        logs = {"distributed.admin.low-level-log-length": 100}
        if self.scheduler is not None:
            try:
                with dask.config.set(logs):
                    client = distributed.Client(self.scheduler, timeout="10s", set_as_default=False)
            except (OSError, TimeoutError, ValueError) as exc:
                raise AnnotatorError(coded("E163", address=self.scheduler, reason=exc)) from None
            return client, client.close
        import logging

        # a dead worker loses its own batches only, which come back to us at once (no retry by the
        # scheduler); each worker holds its next batch while it runs one (no idle round trip);
        # none of the machinery for tasks that keep data (memory limit, monitor, spilling) or
        # watches the workers closely (statistical profiler sampling stacks every 10 ms,
        # event-loop ticks every 20 ms, system monitor every 0.5 s): CPU the work would use
        # workers forked from this process (where fork is safe) start with what it has imported and
        # loaded (the pipeline: see annotator.pipeline), sharing those pages until written
        method = "fork" if sys.platform == "linux" else "spawn"
        with dask.config.set({**logs,
                              "distributed.worker.multiprocessing-method": method,
                              "distributed.scheduler.allowed-failures": 0,
                              "distributed.scheduler.worker-saturation": 2.0,
                              "distributed.worker.profile.enabled": False,
                              "distributed.admin.tick.interval": "1s",
                              "distributed.admin.system-monitor.interval": "5s"}):
            cluster = distributed.LocalCluster(n_workers=self.workers, threads_per_worker=1, processes=True,
                                               memory_limit=0, dashboard_address=None,
                                               silence_logs=logging.CRITICAL,
                                               scheduler_kwargs={"dashboard_address": ":0"})  # no port 8787
            client = distributed.Client(cluster, set_as_default=False)

        def close() -> None:
            client.close()
            cluster.close()

        return client, close

    def _settle(self, distributed: Any, client: Any, work: Work, entry: tuple[Any, Any]) -> tuple[Any, Any]:
        """A batch and its result; a batch whose worker died runs once more (waited for alone)."""
        from concurrent.futures import CancelledError

        batch, future = entry
        retried = False
        while True:
            try:
                return batch, future.result()
            except distributed.KilledWorker:
                if retried:
                    return batch, Lost(coded("E317"))
            except (OSError, CancelledError) as exc:
                return batch, Lost(coded("E318", reason=f"{type(exc).__name__}: {exc}"))
            retried = True
            future = client.submit(_on_worker, work, batch, os.getpid(), pure=False)
