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
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Callable

from .play import BattleResult, play_battle

_ONE_BATTLE_AT_A_TIME = threading.Lock()

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


def _in_processes(jobs: list[Job], workers: int, progress: Progress | None) -> list[BattleResult]:
    results = []
    with ProcessPoolExecutor(max_workers=min(workers, len(jobs))) as pool:
        for future in as_completed([pool.submit(play_job, job) for job in jobs]):
            results.append(future.result())
            _tell(progress, len(results), len(jobs))
    return results


def _on_dask(jobs: list[Job], address: str, progress: Progress | None) -> list[BattleResult]:
    """The jobs on the Dask cluster whose scheduler is at ``address`` (its workers need
    Carreau installed, at the same version)."""
    try:
        from distributed import Client, as_completed as dask_completed
    except ImportError:
        raise SimulateError("--scheduler needs Dask: pip install 'carreau[cluster]'") from None
    try:
        client = Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise SimulateError(f"--scheduler {address}: cannot reach the Dask scheduler ({exc})") from None
    results = []
    try:
        futures = client.map(play_job, jobs, pure=False)
        for future in dask_completed(futures):
            results.append(future.result())
            _tell(progress, len(results), len(jobs))
    finally:
        client.close()
    return results
