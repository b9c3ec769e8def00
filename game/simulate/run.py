"""Many battles (issue 12, item 5): in this process, in ``workers`` processes on this
machine, or on a Dask distributed cluster (``--scheduler``, the ``carreau[cluster]``
extra). Each battle is a ``Job`` — the scenario, its seed, the controls — played by
``play_job``, so where it is played changes nothing: the results come back in the
battles' order, battle by battle the same as one process gives.

The esper world a battle lives in is global to its process, so battles never share a
process's threads: ``play_job`` plays one at a time in a process (a Dask worker with
several threads plays its battles in turn; start workers with ``--nthreads 1`` and as
many processes as cores)."""
from __future__ import annotations

import threading
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from itertools import islice
from dataclasses import dataclass
from typing import Callable

from .play import BattleResult, play_battle

_ONE_BATTLE_AT_A_TIME = threading.Lock()
WORKERS_WAIT_S = 30           # how long a scheduler may be without workers before the run says so

Progress = Callable[[int, int], None]     # (battles done, battles in all)


class SimulateError(Exception):
    """A problem the person running the simulation can fix, said in one line."""


@dataclass(frozen=True)
class Job:
    scenario: object
    seed: int
    controls: tuple[tuple[str, str], ...]         # (side, controller name), sorted
    max_rounds: int
    index: int


def jobs_for(scenario, seed: int, battles: int, controls: dict[str, str], max_rounds: int) -> list[Job]:
    """Battle ``i`` rolls its dice from seed ``seed + i``."""
    pairs = tuple(sorted(controls.items()))
    return [Job(scenario, seed + i, pairs, max_rounds, i) for i in range(battles)]


def play_job(job: Job) -> BattleResult:
    with _ONE_BATTLE_AT_A_TIME:
        return play_battle(job.scenario, job.seed, dict(job.controls), job.max_rounds, job.index)


def run_jobs(jobs: list[Job], workers: int = 1, scheduler: str | None = None,
             progress: Progress | None = None) -> list[BattleResult]:
    """Every job's result, in the jobs' order."""
    _tell(progress, 0, len(jobs))          # the bar from the start: the first battle may take a while
    if scheduler:
        results = _on_dask(jobs, scheduler, progress)
    elif workers > 1 and len(jobs) > 1:
        results = _in_processes(jobs, workers, progress)
    else:
        results = []
        for job in jobs:
            results.append(play_job(job))
            _tell(progress, len(results), len(jobs))
    return sorted(results, key=lambda r: r.index)


def _tell(progress: Progress | None, done: int, total: int) -> None:
    if progress is not None:
        progress(done, total)


# Battles handed out ahead of those being played, a process or a worker thread: enough to
# keep each busy, few enough that a run of a hundred thousand holds no more than these.
AHEAD = 4


def _in_processes(jobs: list[Job], workers: int, progress: Progress | None) -> list[BattleResult]:
    results: list[BattleResult] = []
    pending = iter(jobs)
    with ProcessPoolExecutor(max_workers=min(workers, len(jobs))) as pool:
        running = {pool.submit(play_job, job) for job in islice(pending, AHEAD * workers)}
        while running:
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                results.append(future.result())
                _tell(progress, len(results), len(jobs))
            running |= {pool.submit(play_job, job) for job in islice(pending, len(done))}
    return results


def _on_dask(jobs: list[Job], address: str, progress: Progress | None) -> list[BattleResult]:
    """The jobs on the Dask cluster whose scheduler is at ``address`` (its workers need
    Carreau installed, at the same version)."""
    try:
        from distributed import Client, as_completed as dask_completed
        from distributed.client import FutureCancelledError
        from distributed.comm.core import CommClosedError
        from distributed.scheduler import KilledWorker
    except ImportError:
        raise SimulateError("--scheduler needs Dask: pip install 'carreau[cluster]'") from None
    try:
        client = Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise SimulateError(f"--scheduler {address}: cannot reach the Dask scheduler ({exc})") from None
    results: list[BattleResult] = []
    try:
        try:
            client.wait_for_workers(1, timeout=WORKERS_WAIT_S)
        except (OSError, TimeoutError) as exc:
            raise SimulateError(f"--scheduler {address}: no worker joined the scheduler within {WORKERS_WAIT_S} s "
                                f"(start some: dask worker {address} --nthreads 1)") from exc
        threads = max(1, sum(w.get("nthreads", 1) for w in client.scheduler_info().get("workers", {}).values()))
        pending = iter(jobs)
        running = dask_completed(client.map(play_job, list(islice(pending, AHEAD * threads)), pure=False))
        try:
            for future in running:
                results.append(future.result())
                _tell(progress, len(results), len(jobs))
                for job in islice(pending, 1):
                    running.add(client.submit(play_job, job, pure=False))
        except (FutureCancelledError, CommClosedError) as exc:
            # the scheduler gone, or the connection to it (a battle's own error still shows)
            raise SimulateError(f"--scheduler {address}: lost the cluster after {len(results)} of {len(jobs)} "
                                f"battles ({type(exc).__name__})") from None
        except KilledWorker as exc:
            raise SimulateError(f"--scheduler {address}: the workers kept dying on a battle ({exc}); "
                                f"{len(results)} of {len(jobs)} had come back") from None
    finally:
        client.close()
    return results
