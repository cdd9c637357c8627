"""Keeping every process a traced program starts in one place, counted, and ending them all.

The child starts in a session of its own (`start_new_session`: its process id is the
session's and its process group's), and whatever the student's code forks
stays in that session unless it leaves on purpose.  `members` lists the
session's live processes from Linux's /proc (the bookkeeping: no cgroups,
and RLIMIT_NPROC, which is per user, does not bind root); the runner stops a
run that keeps more than `MAX_PROCESSES` alive.  `end_session` kills the
group, then every member it can still find, until none is left: a fork bomb
ends with the trace, and the protocol's pipe, which a forked child holds
too, closes.  Where there is no /proc the group is killed and the child
waited for; where there are no sessions (Windows) the child alone is killed.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

MAX_PROCESSES = 32
"""Live processes a traced run may have at once (itself included)."""
SESSIONS = sys.platform != "win32"
"""True where Popen's start_new_session gives the child a session of its own (not on Windows)."""
PROC = Path("/proc")
ROUNDS = 200
"""Kill-and-look rounds at most (a member that will not die is left after them)."""
PAUSE = 0.01
"""Seconds between rounds while killed processes are still dying."""


def session_of(stat: str) -> tuple[int, str]:
    """(session id, state letter) from a /proc/PID/stat line (the name in parentheses may hold anything)."""
    fields = stat.rpartition(")")[2].split()
    return int(fields[3]), fields[0]


def members(session: int) -> list[int]:
    """The live processes of `session` (zombies are over); [] where /proc cannot tell."""
    found = []
    for folder in PROC.glob("[0-9]*"):
        try:
            sid, state = session_of((folder / "stat").read_text())
        except (OSError, ValueError, IndexError):
            continue  # ended while we looked, or not a process folder
        if sid == session and state not in "ZX":
            found.append(int(folder.name))
    return found


def can_count() -> bool:
    """True where `members` can see a session (Linux's /proc)."""
    return PROC.joinpath("self", "stat").is_file()


def has_exited(process: subprocess.Popen[bytes]) -> bool:
    """True once the child has ended, without reaping it: its id stays reserved for `end_session`."""
    if not SESSIONS:
        return process.poll() is not None
    try:
        return os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:  # already reaped
        return True


def end_session(process: subprocess.Popen[bytes]) -> None:
    """Kill the child and every process of its session, and look again until none is alive.

    Call it before the child is reaped (`wait`): until then its id cannot name another group.
    """
    if not SESSIONS:
        with contextlib.suppress(OSError):
            process.kill()
        return
    for _round in range(ROUNDS):
        with contextlib.suppress(OSError):
            os.killpg(process.pid, signal.SIGKILL)
        alive = members(process.pid) if can_count() else []
        for pid in alive:  # those that moved to a group of their own inside the session
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        if not alive:
            return
        time.sleep(PAUSE)
