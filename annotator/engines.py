"""Where batches of work run: in this process, in local worker processes, or on a Dask cluster.

:func:`engine` chooses one by name. :class:`InProcess` and :class:`Processes` are
:mod:`annotator.pools`' (see there how batches, lost batches and worker deaths go); this module adds:

- :class:`Dask`: ``dask.distributed``, imported only here and only when used: a LocalCluster of
  ``workers`` processes (one thread each) or the cluster of ``scheduler``. ``work`` travels with
  every batch, so it must pickle small (a pipeline loaded from a file pickles as its recipe and
  is loaded once per worker process: :mod:`annotator.pipeline`; the worker's garbage collector is
  then settled as a pool worker's is; scattering it once instead would lose it with a killed
  worker, and every batch with it). Our LocalCluster starts its workers from a forkserver
  (spawned where there is none), never by forking the client: the client runs threads (Dask's
  event loop, a watcher per worker process, where the fork would happen; the caller's), and a
  lock one of them held at that moment (a logging handler's) would stay held in the worker for
  ever. Each worker therefore loads its own copy of the pipeline, once. It gives a worker
  at most two batches at a time (the one it runs, the next) and lets the scheduler retry
  nothing, so a dead worker loses only those, each then run once more by us, as a local pool's;
  on a cluster of your own its ``allowed-failures`` and ``worker-saturation`` settings
  decide how often a batch is retried before it reaches us.
"""

from __future__ import annotations

import os
from collections import deque
from typing import Any, Callable, Iterable, Iterator

from annotator.errors import AnnotatorError, coded
from annotator.pools import Engine, InProcess, Lost, Processes, Work, settle_gc

__all__ = ["ENGINES", "Dask", "Engine", "InProcess", "Lost", "Processes", "engine"]

ENGINES = ("processes", "dask")


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


# --------------------------------------------------------------------------- Dask
def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise AnnotatorError(coded("E161")) from None
    return distributed


_SETTLED = False  # whether this Dask worker process has had settle_gc


def _on_worker(work: Work, batch: Any, client: int) -> Any:
    """A Dask task: ``work(batch)``; the first in a worker process (not in the client's own, as
    a cluster of threads is) settles its garbage collector as a pool's worker does."""
    global _SETTLED
    if not _SETTLED and os.getpid() != client:
        _SETTLED = True
        settle_gc()
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
        import multiprocessing

        # a dead worker loses its own batches only, which come back to us at once (no retry by the
        # scheduler); each worker holds its next batch while it runs one (no idle round trip);
        # none of the machinery for tasks that keep data (memory limit, monitor, spilling) or
        # watches the workers closely (statistical profiler sampling stacks every 10 ms,
        # event-loop ticks every 20 ms, system monitor every 0.5 s): CPU the work would use
        # workers started without forking this threaded process (see the module's doc)
        method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
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
