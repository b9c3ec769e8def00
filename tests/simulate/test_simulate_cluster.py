"""The Dask path of the simulation (issue 12, item 5): battles sent to a local Dask
cluster the test starts come back the same, battle by battle, as in one process; without
Dask, ``--scheduler`` is refused in one line saying what to install."""
from __future__ import annotations

import sys

from distributed import LocalCluster

from game.cli import main
from game.simulate.run import jobs_for, run_jobs


def test_battles_on_a_local_dask_cluster_match_one_process(skirmish):
    jobs = jobs_for(skirmish, 40, 3, {"blue": "scripted", "red": "scripted"}, 100)
    alone = run_jobs(jobs)
    seen = []
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster:
        remote = run_jobs(jobs, scheduler=cluster.scheduler_address, progress=lambda done, total: seen.append((done, total)))
    assert [r.same_battle() for r in remote] == [r.same_battle() for r in alone]
    assert seen[0] == (0, 3) and seen[-1] == (3, 3) and len(seen) == 4      # a bar from the start, then each battle


def test_a_scheduler_without_workers_is_said_in_one_line(capsys, skirmish_file, monkeypatch):
    """Play-test: a scheduler up with no worker made the run wait forever, saying nothing."""
    from game.simulate import run
    monkeypatch.setattr(run, "WORKERS_WAIT_S", 1)
    with LocalCluster(n_workers=0, processes=False, dashboard_address=None) as cluster:
        assert main(["simulate", str(skirmish_file), "--battles", "2", "--scheduler", cluster.scheduler_address]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no worker" in err[0] and "dask worker" in err[0]


def test_losing_the_cluster_mid_run_is_said_in_one_line(capsys, skirmish_file):
    """Play-test: a scheduler killed mid-run gave a sixty-line traceback."""
    from game.simulate import run
    cluster = LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None)
    real = run._tell

    def lose_it(progress, done, total):
        real(progress, done, total)
        if done == 1:
            cluster.close()                 # the scheduler goes with the first battle back
    run._tell = lose_it
    try:
        code = main(["simulate", str(skirmish_file), "--battles", "30", "--scheduler", cluster.scheduler_address])
    finally:
        run._tell = real
        cluster.close()
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and "lost the cluster after 1 of 30" in err[0], err


def test_without_dask_the_scheduler_is_refused_in_one_line(capsys, skirmish_file, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)       # as if the extra were not installed
    assert main(["simulate", str(skirmish_file), "--battles", "1", "--scheduler", "tcp://127.0.0.1:1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "carreau[cluster]" in err[0]


def test_an_unreachable_scheduler_is_refused_in_one_line(capsys, skirmish_file):
    assert main(["simulate", str(skirmish_file), "--battles", "1", "--scheduler", "not-a-scheme://nowhere"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "not-a-scheme://nowhere" in err[0]
