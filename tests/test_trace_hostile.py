"""Hostile "your code": forks that would outlive the trace, forged protocol lines, a NUL byte, a slow run.

Every hostile program here is written by the test.  The checks are on process
state (/proc) and on what the trace says, never on how long anything took:
a time limit is reached by moving the job's clock, a stop by `cancel`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from cli_runner import run_process

from solvers.tracing import contain
from solvers.tracing.runner import CHILD, TraceInputError, TraceJob, load_source, make_request, trace
from visualizer.scenes.trace import launch

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 300
"""Seconds a run may take: far above its need, so a loaded machine never stops it."""
INTERFERED = "stopped: the program interfered with the tracer's messages"
needs_proc = pytest.mark.skipif(not contain.can_count(), reason="reads processes from Linux's /proc")

FORKS = """\
import os, time

def forks(n, pids, outlived):
    born = []
    for _ in range(n):
        pid = os.fork()
        if pid == 0:
            time.sleep(20)
            open(outlived, "a").close()
            os._exit(0)
        born.append(pid)
    with open(pids, "w") as out:
        out.write(" ".join(map(str, born)))
    return n

def forks_then_sleeps(n, pids, outlived):
    forks(n, pids, outlived)
    time.sleep(600)

def escapes(n, pids, outlived):
    if os.fork() == 0:  # a middle process: its child leads a new session, then loses its parent
        if os.fork() == 0:
            os.setsid()
            with open(pids, "w") as out:
                out.write(f"{os.getsid(0)} {os.getpid()}")
            time.sleep(20)
            open(outlived, "a").close()
        os._exit(0)
    while not os.path.exists(pids) or not open(pids).read():
        time.sleep(0.01)
    return n

def bomb(levels, pids, outlived):
    with open(pids, "w") as out:
        out.write(f"{os.getsid(0)} ")
    for _ in range(levels):
        os.fork()
    with open(pids, "a") as out:
        out.write(f"{os.getpid()} ")
    time.sleep(20)
    open(outlived, "a").close()
"""


def alive(pid: int) -> bool:
    """True while process `pid` runs (a zombie has ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return contain.stat_fields(stat)[0] not in "ZX"


def hostile(tmp_path: Path, func: str, count: int) -> tuple[Path, list[str], Path, Path]:
    """The forking file, the call's arguments, the file of forked ids and the file of survivors."""
    path = tmp_path / "forks.py"
    path.write_text(FORKS)
    pids, outlived = tmp_path / "pids", tmp_path / "outlived"
    return path, [str(count), repr(str(pids)), repr(str(outlived))], pids, outlived


def forked(pids: Path) -> list[int]:
    """The process ids the hostile program wrote down."""
    return [int(word) for word in pids.read_text().split()]


@needs_proc
def test_children_of_a_function_that_returns_end_with_the_trace(tmp_path: Path) -> None:
    """fork 20 sleepers, return: the answer comes back and not one sleeper is left running."""
    path, args, pids, _outlived = hostile(tmp_path, "forks", 20)
    run = trace(path, "forks", *args, seconds=LIMIT)
    assert run.result == "20" and run.stopped is None
    born = forked(pids)
    assert len(born) == 20 and not [pid for pid in born if alive(pid)]


@needs_proc
def test_a_stopped_run_ends_its_children_before_it_returns(tmp_path: Path) -> None:
    """fork 10 sleepers, then sleep: a stop (the app's reload) ends all of them; none lives to its end."""
    path, args, pids, outlived = hostile(tmp_path, "forks_then_sleeps", 10)
    job = TraceJob(make_request(path, "forks_then_sleeps", args, seconds=LIMIT))
    runs = []
    worker = threading.Thread(target=lambda: runs.append(job.run()))
    worker.start()
    while worker.is_alive() and not (pids.exists() and pids.read_text()):
        worker.join(0.01)
    job.cancel("cancelled")
    worker.join()
    born = forked(pids)
    assert runs[0].stopped == "cancelled" and len(born) == 10
    assert not [pid for pid in born if alive(pid)] and not outlived.exists()


@needs_proc
def test_a_child_that_leaves_the_session_and_its_parent_still_ends_with_the_trace(tmp_path: Path) -> None:
    """fork, fork again, setsid() and lose its parent: the trace still finds it (under the child), ends it."""
    path, args, pids, outlived = hostile(tmp_path, "escapes", 1)
    run = trace(path, "escapes", *args, seconds=LIMIT)
    session, escaped = forked(pids)
    assert run.result == "1" and session == escaped  # it led a session of its own
    assert not alive(escaped) and not outlived.exists()


@needs_proc
def test_a_child_whose_parent_goes_away_ends_itself_and_its_group(tmp_path: Path) -> None:
    """The app killed mid-run (the request's pipe ends): the child ends its whole group, sleepers too."""
    path, args, pids, outlived = hostile(tmp_path, "forks_then_sleeps", 5)
    order = {"path": str(path), "func": "forks_then_sleeps", "args": args, "max_calls": 100, "max_depth": 100}
    child = subprocess.Popen(
        [sys.executable, "-I", str(CHILD)],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        start_new_session=True,
    )
    assert child.stdin is not None
    try:
        child.stdin.write(json.dumps({**order, "max_events": 100}).encode() + b"\n")
        child.stdin.flush()
        while child.poll() is None and not (pids.exists() and pids.read_text()):
            time.sleep(0.01)
        child.stdin.close()  # what the parent's end does to the pipe
        child.wait(timeout=60)
        born = forked(pids)
        while [pid for pid in born if alive(pid)] and not outlived.exists():
            time.sleep(0.01)  # SIGKILL was sent to the group; each ends when next scheduled
        assert len(born) == 5 and not outlived.exists()
    finally:
        contain.end_session(child)


@needs_proc
def test_a_fork_bomb_is_stopped_at_the_process_cap_and_ended_whole(tmp_path: Path) -> None:
    """6 levels of fork make 64 processes: stopped past 32, every one of them ended, none outlives it."""
    path, args, pids, outlived = hostile(tmp_path, "bomb", 6)
    run = TraceJob(make_request(path, "bomb", args), clock=lambda: 0.0).run()  # no time limit
    assert run.stopped == "stopped: more than 32 processes at once (a fork bomb?)"
    session, *born = forked(pids)  # the run's session, then those that got as far as writing
    assert session != os.getsid(0) and contain.family(session) == []
    assert not [pid for pid in born if alive(pid)] and not outlived.exists()


@pytest.mark.parametrize(
    "forged",
    [
        b'["end", 5]\n',
        b'["end", {"result": "42"}]\n',
        b"not json\n",
        b'["c", 7, -1, "f", [], 1]\n',
        b'["r", 0, 1, "return", 2]\n',
        b'["c", 0, -1, "f", [["n", "1"]]',
        b'["end", {"calls": 1, "cache_hits": 0, "max_depth": 1, "events_by_kind": {"Push": 9},'
        b' "events_sent": 0, "seconds": 0, "output": "", "result": "42"}]\n',
    ],
)
def test_lines_forged_into_the_protocol_stop_the_run_saying_so(tmp_path: Path, forged: bytes) -> None:
    """The student's code writes to the protocol's descriptor: the run stops, interfered, never crashes."""
    source = f"import os\n\ndef f(n):\n    os.write(3, {forged!r})\n    return n\n"
    (tmp_path / "forge.py").write_text(source)
    run = trace(tmp_path / "forge.py", "f", "1", seconds=LIMIT)
    assert (run.stopped, run.result) == (INTERFERED, None)
    done = run_process("trace", str(tmp_path / "forge.py"), "f", "1")
    assert done.returncode == 1 and done.stderr == f"f(1): {INTERFERED}\n"


def test_a_nul_byte_is_refused_by_one_loader_in_the_same_words_everywhere(tmp_path: Path) -> None:
    """The CLI, the app's command line and make_request (the app's dialog and runs) say the same line."""
    path = tmp_path / "nul.py"
    path.write_bytes(b"def f(n):\n    return n\x00\n")
    words = "nul.py line 2: a NUL byte, which Python source cannot hold"
    with pytest.raises(TraceInputError, match=words):
        load_source(path)
    assert launch.accept("trace", [str(path), "f", "1"]) == words
    done = run_process("trace", str(path), "f", "1")
    assert (done.returncode, done.stderr) == (2, f"trace: {words}\n")
    app = subprocess.run(
        [sys.executable, "-m", "visualizer", "trace", str(path), "f", "1"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert (app.returncode, app.stderr.splitlines()) == (2, [f"unwind: {words}"])


def test_a_slow_run_at_the_time_limit_says_how_far_it_got(tmp_path: Path) -> None:
    """fib(25) past the time limit: its calls (past the events shipped), its depth, 'may just be slow'."""
    (tmp_path / "fib.py").write_text("def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\n")
    request = make_request(tmp_path / "fib.py", "fib", ["25"], max_events=100, seconds=5)
    job = TraceJob(request, clock=lambda: 0.0 if job.reader.calls < 5000 else 1e9)
    run = job.run()
    assert run.calls >= 5000 and len(run.events) == 100 + 1  # the events shipped, then the Halt
    so_far = f"{run.calls:,} calls made, depth 25"
    assert run.stopped == f"stopped after 5 s, still running ({so_far}): it may just be slow, or endless"
