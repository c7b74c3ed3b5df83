"""Engines (local processes, Dask): results in order, a bounded number of batches in flight, a
batch whose worker process dies run once more and, lost again, reported alone; the choice of
engine and its errors."""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from pathlib import Path

import pytest

from annotator.engines import InProcess, Lost, Processes, engine
from annotator.errors import AnnotatorError


class Square:
    """Squares each number of a batch; kills its process on a batch holding ``deadly`` (only the
    first time, leaving ``marker``, unless ``always``)."""

    def __init__(self, deadly: int = -1, marker: Path | None = None, always: bool = False) -> None:
        self.deadly, self.marker, self.always = deadly, marker, always

    def __call__(self, batch: list[int]) -> list[int]:
        if self.deadly in batch and (self.always or not self.marker.exists()):
            self.marker.touch()
            os.kill(os.getpid(), signal.SIGKILL)
        return [n * n for n in batch]


class WriteWhileAnotherDies:
    """Batch "write": writes ``folder/out.txt`` atomically, the first time pausing after its first
    byte until it is ended (marker ``writing``); batch "die": waits for that pause, then kills its
    own process (once: marker ``died``)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def __call__(self, batch: str) -> str:
        from annotator import atomic

        writing, died = self.folder / "writing", self.folder / "died"
        if batch == "die":
            while not writing.exists() and not died.exists():
                time.sleep(0.01)
            if not died.exists():
                died.touch()
                os.kill(os.getpid(), signal.SIGKILL)
            return batch
        real_write = os.write

        def paused_write(fd: int, data: bytes) -> int:
            written = real_write(fd, data[:1])
            if not writing.exists():
                writing.touch()
                time.sleep(60)  # ended meanwhile: the pool terminates its other workers
            return written

        os.write = paused_write
        try:
            atomic.write_atomic(self.folder / "out.txt", b"complete")
        finally:
            os.write = real_write
        return batch


HELD = threading.Lock()  # held by a thread of the client while a cluster starts its workers


class NeedsHeld:
    """Squares each number of a batch once it has :data:`HELD` (as work that logs needs its
    handler's lock); it gives up after ``patience`` seconds, returning None."""

    def __init__(self, patience: float) -> None:
        self.patience = patience

    def __call__(self, batch: list[int]) -> list[int] | None:
        if not HELD.acquire(timeout=self.patience):
            return None  # a copy of a lock some other thread held when this process was forked
        HELD.release()
        return [n * n for n in batch]


def batches(n: int, size: int = 2) -> list[list[int]]:
    return [list(range(i, min(i + size, n))) for i in range(0, n, size)]


def test_processes_give_results_in_order():
    assert list(Processes(2).map(Square(), batches(20))) == [(b, [n * n for n in b]) for b in batches(20)]


def test_a_batch_whose_worker_died_runs_again(tmp_path):
    marker = tmp_path / "died"
    out = list(Processes(2).map(Square(deadly=7, marker=marker), batches(20)))
    assert marker.exists()  # it did die once
    assert out == [(b, [n * n for n in b]) for b in batches(20)]


def test_a_batch_lost_twice_comes_back_lost_and_the_others_go_on(tmp_path):
    out = list(Processes(2).map(Square(deadly=7, marker=tmp_path / "died", always=True), batches(20)))
    assert [b for b, result in out] == batches(20)
    lost = [b for b, result in out if isinstance(result, Lost)]
    assert lost == [[6, 7]]
    assert out[3][1].reason.startswith("E317 the worker process running this document's batch stopped twice")
    assert all(result == [n * n for n in b] for b, result in out if b != [6, 7])


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_worker_ended_with_the_pool_leaves_no_temporary_file(tmp_path):
    # one worker dies while the other is writing a file: the pool ends the writer too (SIGTERM),
    # which removes its temporary file; its batch then runs again and writes the file whole
    out = list(Processes(2).map(WriteWhileAnotherDies(tmp_path), ["die", "write"]))
    assert out == [("die", "die"), ("write", "write")]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["died", "out.txt", "writing"]
    assert (tmp_path / "out.txt").read_bytes() == b"complete"


def test_at_most_ahead_batches_are_in_flight():
    taken = []

    def source():
        for batch in batches(40):
            taken.append(batch)
            yield batch

    results = Processes(2, ahead=3).map(Square(), source())
    next(results)
    assert len(taken) <= 3 + 1  # not the whole corpus
    assert len(list(results)) == 19 and len(taken) == 20


def test_engine_choice():
    assert isinstance(engine(), InProcess) and isinstance(engine("processes", 1), InProcess)
    assert isinstance(engine("processes", 3), Processes) and engine(None, 3).workers == 3
    for args, code in [(("processes", None, "tcp://h:8786"), "E165"), (("spark", 2), "E164"),
                       ((None, 2, "tcp://h:8786"), "E162"), (("dask", 4, "tcp://h:8786"), "E162")]:
        with pytest.raises(AnnotatorError, match=f"^{code} "):
            engine(*args)


@pytest.mark.parametrize("name", ["processes", "dask"])
def test_a_small_corpus_is_cut_into_several_batches_per_worker(name):
    runner = engine(name, 2)
    assert runner.batch_size(12) == 1  # 12 documents: one per batch, not all on one worker
    assert runner.batch_size(80) * 8 <= 80
    assert runner.batch_size(100_000) >= 8  # a large corpus: batches big enough to hide what sending one costs
    assert engine(None, 1).batch_size(100_000) == 1  # in this process: stops right at a failure


def test_without_dask_the_dask_engine_is_one_coded_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    with pytest.raises(AnnotatorError, match=r'^E161 .*pip install "annotator\[dask\]"'):
        list(engine("dask", 2).map(Square(), batches(4)))


def test_dask_on_a_cluster_of_threads_gives_results_in_order():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None,
                                  scheduler_kwargs={"dashboard_address": ":0"}) as cluster, \
            distributed.Client(cluster, set_as_default=False) as client:
        assert list(engine(scheduler=client).map(Square(), batches(20))) == [(b, [n * n for n in b]) for b in batches(20)]


def test_dask_workers_do_not_inherit_locks_other_threads_of_the_client_hold():
    # Regression: our LocalCluster forked its workers from the client, a process with threads
    # (Dask's own, the caller's); a lock one of them held at that moment (a logging handler's) stayed
    # held in the worker for ever, and a worker that logged hung the run.
    pytest.importorskip("distributed")
    holding, release = threading.Event(), threading.Event()
    holder = threading.Thread(target=lambda: (HELD.acquire(), holding.set(), release.wait(), HELD.release()))
    holder.start()
    holding.wait()
    try:
        out = list(engine("dask", 2).map(NeedsHeld(patience=3.0), batches(4)))
    finally:
        release.set()
        holder.join()
    assert out == [(b, [n * n for n in b]) for b in batches(4)]


def test_a_batch_submitted_to_a_pool_already_broken_runs_again(tmp_path, monkeypatch):
    # Regression: under load the pool notices a worker's death before the next submit, and
    # ProcessPoolExecutor.submit then raises BrokenProcessPool; that escaped the engine.
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    real_submit = ProcessPoolExecutor.submit
    broken_once = []

    def submit(pool, fn, *args, **kwargs):
        if args == ([8, 9],) and not broken_once:  # as if the pool broke just before this batch
            broken_once.append(args[0])
            raise BrokenProcessPool("broken")
        return real_submit(pool, fn, *args, **kwargs)

    monkeypatch.setattr(ProcessPoolExecutor, "submit", submit)
    out = list(Processes(2).map(Square(), batches(20)))
    assert broken_once == [[8, 9]]
    assert out == [(b, [n * n for n in b]) for b in batches(20)]
