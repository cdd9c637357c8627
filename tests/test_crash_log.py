"""What no guard catches still leaves a log: a fatal signal, an error nothing caught, in any thread.

Each case runs in a child process (its HOME and XDG folders are this test's own, see conftest),
which turns on the app's `faults.crash_log` as `unwind` does and then fails; the test reads the
user log folder afterwards.
"""

from __future__ import annotations

import signal
import subprocess
import sys

import pytest

from visualizer import faults

CHILD = """
import os, signal, sys, threading
from visualizer import faults

def fail_in_a_thread():
    raise ValueError("a worker's fault")

with faults.crash_log():
    how = sys.argv[1]
    if how == "thread":
        worker = threading.Thread(target=fail_in_a_thread, name="worker-7")
        worker.start()
        worker.join()
    elif how == "main":
        raise LookupError("nothing caught this")
    elif how == "fine":
        pass
    else:
        os.kill(os.getpid(), getattr(signal, how))
"""


def run_child(how: str) -> subprocess.CompletedProcess[str]:
    """The child process failing as `how` says (a signal's name, 'thread', 'main' or 'fine')."""
    return subprocess.run(
        [sys.executable, "-c", CHILD, how], capture_output=True, text=True, timeout=60, check=False
    )


@pytest.mark.parametrize("name", ["SIGSEGV", "SIGABRT"])
def test_a_fatal_signal_leaves_a_crash_log_naming_it(name: str) -> None:
    """The process dies of the signal, and crash.log in the log folder names the fault and the stack."""
    done = run_child(name)
    assert done.returncode == -getattr(signal, name)
    crash = faults.log_folder() / faults.CRASH_LOG
    text = crash.read_text()
    words = {"SIGSEGV": "Segmentation fault", "SIGABRT": "Aborted"}[name]
    assert f"Fatal Python error: {words}" in text and "most recent call first" in text


def test_an_error_in_a_thread_is_logged_with_its_traceback() -> None:
    """A thread that dies of an exception: its name, the error and the line that raised it are in the log."""
    done = run_child("thread")
    assert done.returncode == 0  # the thread's error does not end the process
    logged = (faults.log_folder() / "unwind.log").read_text()
    assert "thread worker-7" in logged and "ValueError: a worker's fault" in logged
    assert "fail_in_a_thread" in logged


def test_an_error_nothing_caught_on_the_main_thread_is_logged() -> None:
    """The process ends with Python's own report, and the log has the traceback too."""
    done = run_child("main")
    assert done.returncode == 1 and "LookupError" in done.stderr
    assert "LookupError: nothing caught this" in (faults.log_folder() / "unwind.log").read_text()


def test_a_session_that_ends_well_leaves_no_crash_log() -> None:
    """No crash, no crash.log (and the hooks are Python's own again)."""
    assert run_child("fine").returncode == 0
    assert not (faults.log_folder() / faults.CRASH_LOG).exists()


def test_unwind_runs_the_app_inside_the_crash_log(monkeypatch: pytest.MonkeyPatch) -> None:
    """`unwind` runs the app with the crash log on (a thread's error is logged), and turns it off after."""
    import threading

    from visualizer import __main__ as cli

    during = []

    def run_app(options: object) -> int:
        during.append(threading.excepthook)
        return 0

    monkeypatch.setattr(cli, "run_app", run_app)
    before = threading.excepthook
    assert cli.main(["recursion"]) == 0
    assert during == [faults.log_thread_error] and threading.excepthook is before
