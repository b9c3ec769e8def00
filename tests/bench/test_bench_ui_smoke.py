"""``python -m game bench ui`` prints its figures (timings are not asserted: timed tests
are flaky on shared machines)."""
import json

from game.bench_ui import run_ui


def test_bench_ui_prints_every_figure(capsys):
    assert run_ui(repeat=3) == 0
    figures = json.loads(capsys.readouterr().out)
    for key in ("frame", "preview", "frame_animating"):
        assert figures[key]["median_ms"] > 0 and figures[key]["target_ms"] > 0
    assert figures["preview"]["previews_with_a_path"] > 0
    assert figures["launch"]["ms"] > 0 and figures["map"] == [60, 40] and figures["creatures"] == 40
    for key in ("click_40", "click_200"):
        assert figures[key]["samples"] > 0 and figures[key]["median_ms"] > 0 and figures[key]["target_ms"] > 0
    assert 0 < figures["zoom_memory"]["rss_mb"] < float("inf") and figures["zoom_memory"]["target_mb"] == 250.0
