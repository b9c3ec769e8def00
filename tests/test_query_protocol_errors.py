"""`python -m game query` never stops early and never prints a traceback
(design/query-protocol.md; issue 2, item 8).

One JSON object per request, one per line, in order, flushed after each; a request it
cannot answer gets `{"ok": false, "error": "<one readable sentence>"}`; exit status 0 at
end of input; a scenario it cannot load gives nothing on stdout, one stderr line naming
the file, exit status 2.
"""
from __future__ import annotations

import json
import os
import select
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FORD = ROOT / "tests" / "scenarios" / "ford.toml"

BAD_REQUESTS = [
    ("malformed JSON", '{"q": "state"'),
    ("not JSON at all", "hello"),
    ("a JSON array", '[{"q": "state"}]'),
    ("a JSON number", "42"),
    ("a JSON null", "null"),
    ("unknown q", '{"q": "teleport", "who": "tordek"}'),
    ("q is not a string", '{"q": 7}'),
    ("no q at all", '{"who": "tordek"}'),
    ("unknown creature id", '{"q": "threatened", "by": "gandalf"}'),
    ("creature id of the wrong type", '{"q": "threatened", "by": 3}'),
    ("missing field", '{"q": "reachable", "who": "tordek"}'),
    ("missing field in path", '{"q": "path", "who": "tordek", "mode": "move"}'),
    ("unknown mode", '{"q": "reachable", "who": "tordek", "mode": "teleport"}'),
    ("bad square", '{"q": "path", "who": "tordek", "mode": "move", "squares": [[2, "five"]]}'),
    ("square with one coordinate", '{"q": "path", "who": "tordek", "mode": "move", "squares": [[2]]}'),
    ("squares not a list", '{"q": "path", "who": "tordek", "mode": "move", "squares": "north"}'),
    ("boolean coordinate", '{"q": "path", "who": "tordek", "mode": "move", "squares": [[true, 5]]}'),
    ("bad intersection", '{"q": "splash", "who": "tordek", "intersection": "here", "hit": true}'),
    ("splash miss without d8", '{"q": "splash", "who": "archer", "target": "tordek", "hit": false}'),
    ("bad cover attack", '{"q": "cover", "from": "archer", "to": "tordek", "attack": "psychic"}'),
]
STATE = '{"q": "state"}'


def user_env() -> dict[str, str]:
    """Headless, but without the test suite's banner-hiding variables: what a user or a
    tool piping JSON gets must be the protocol and nothing else."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYGAME_", "PYTHON"))}
    env["SDL_VIDEODRIVER"] = "dummy"
    env["SDL_AUDIODRIVER"] = "dummy"
    return env


def query(path, stdin: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", "query", str(path)], input=stdin, cwd=ROOT,
                          env=user_env(), capture_output=True, text=True, timeout=60)


def parse_lines(stdout: str) -> list[dict]:
    assert stdout.endswith("\n") or stdout == ""
    out = []
    for line in stdout.splitlines():
        obj = json.loads(line)  # every line is one JSON value ...
        assert isinstance(obj, dict), line  # ... and it is an object
        out.append(obj)
    return out


def assert_error(answer: dict, what: str) -> None:
    assert answer.get("ok") is False, (what, answer)
    assert set(answer) == {"ok", "error"}, (what, answer)
    assert isinstance(answer["error"], str) and answer["error"].strip(), (what, answer)
    assert "\n" not in answer["error"] and "Traceback" not in answer["error"], (what, answer)
    assert not answer["error"].startswith("Internal error"), (what, answer)


def test_bad_requests_get_errors_in_order_and_the_next_line_is_answered():
    lines = [req for _, req in BAD_REQUESTS] + [STATE]
    proc = query(FORD, "\n".join(lines) + "\n")
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    answers = parse_lines(proc.stdout)
    assert len(answers) == len(lines), proc.stdout
    for (what, _), answer in zip(BAD_REQUESTS, answers):
        assert_error(answer, what)
    last = answers[-1]
    assert last["ok"] is True
    assert isinstance(last["round"], int)
    assert last["turn"] is None or isinstance(last["turn"], str)
    assert set(last["creatures"]) == {"tordek", "mialee", "gnoll", "ogre", "archer"}
    assert last["creatures"]["tordek"]["at"] == [2, 6]


def test_good_and_bad_requests_interleave_without_losing_state():
    """An error changes nothing: the same question before and after gets the same answer."""
    good = '{"q": "reachable", "who": "tordek", "mode": "5ft"}'
    lines = [good, "{oops", STATE, '{"q": "threatened", "by": "nobody"}', good, "[]", STATE]
    proc = query(FORD, "\n".join(lines) + "\n")
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    answers = parse_lines(proc.stdout)
    assert len(answers) == len(lines)
    assert [a["ok"] for a in answers] == [True, False, True, False, True, False, True]
    assert answers[0] == answers[4]
    assert answers[2] == answers[6]


def test_no_final_newline_and_windows_line_ends_are_still_answered():
    proc = query(FORD, '{"q": "state"}\r\nnope\r\n{"q": "state"}')
    assert proc.returncode == 0, proc.stderr
    answers = parse_lines(proc.stdout)
    assert [a["ok"] for a in answers] == [True, False, True]


def test_empty_input_gives_empty_output_and_status_0():
    proc = query(FORD, "")
    assert (proc.returncode, proc.stdout) == (0, ""), proc
    assert "Traceback" not in proc.stderr


def test_each_answer_is_flushed_before_the_next_request_arrives():
    """A tool talking to the process line by line must get each answer without closing
    stdin (query protocol: "flushes after each")."""
    proc = subprocess.Popen([sys.executable, "-m", "game", "query", str(FORD)], cwd=ROOT, env=user_env(),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for request, ok in ((STATE, True), ("{bad", False), (STATE, True)):
            proc.stdin.write(request + "\n")
            proc.stdin.flush()
            ready, _, _ = select.select([proc.stdout], [], [], 30)
            assert ready, f"no answer to {request!r} while stdin stays open"
            answer = json.loads(proc.stdout.readline())
            assert answer["ok"] is ok
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0
        assert proc.stdout.read() == ""
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()
        proc.stderr.close()


def test_a_missing_scenario_file_is_refused_with_one_line(tmp_path):
    missing = tmp_path / "no-such-map.toml"
    proc = query(missing, STATE + "\n")
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith(f"{missing}: ") and len(lines[0]) > len(f"{missing}: ")
    assert "Traceback" not in proc.stderr
    assert not missing.exists()


def test_a_directory_is_refused_with_one_line(tmp_path):
    proc = query(tmp_path, STATE + "\n")
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{tmp_path}: "), proc.stderr
    assert "Traceback" not in proc.stderr
