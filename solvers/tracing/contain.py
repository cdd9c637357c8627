"""Keeping every process a traced program starts in one place, counted, and ending them all.

The child starts in a session of its own (`start_new_session`: its process id
is the session's and its process group's) and makes itself the subreaper of
its descendants (child.py), so whatever the student's code forks stays in
its session or under it, even a process that calls setsid() and loses its
parent.  `family` lists them from Linux's /proc (the bookkeeping: no
cgroups, and RLIMIT_NPROC, which is per user, does not bind root); the runner
stops a run that keeps more than `MAX_PROCESSES` alive.  `end_session` stops
them all, kills all but the child until none is left, then the child and its
group: a fork bomb ends with the trace, and the protocol's pipe, which a
forked child holds too, closes.  Where there is no /proc the group and the
child are killed; where there are no sessions (Windows) the child alone.
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


def stat_fields(stat: str) -> tuple[str, int, int]:
    """(state, parent id, session id) of a /proc/PID/stat line (the name in brackets may hold anything)."""
    fields = stat.rpartition(")")[2].split()
    return fields[0], int(fields[1]), int(fields[3])


def family(root: int) -> list[int]:
    """The live processes of `root`'s session and `root`'s live descendants; [] where /proc cannot tell.

    The descendants catch those that left the session: the child is their subreaper (child.py),
    so while it lives every orphan among them is still its descendant.
    """
    children: dict[int, list[int]] = {}
    found = set()
    for folder in PROC.glob("[0-9]*"):
        try:
            state, parent, session = stat_fields((folder / "stat").read_text())
        except (OSError, ValueError, IndexError):
            continue  # ended while we looked, or not a process folder
        if state in "ZX":
            continue  # ended: a zombie is only waiting to be reaped
        pid = int(folder.name)
        children.setdefault(parent, []).append(pid)
        if session == root:
            found.add(pid)
    todo = [root]
    while todo:
        for pid in children.get(todo.pop(), ()):
            if pid not in found:
                found.add(pid)
                todo.append(pid)
    return sorted(found)


def can_count() -> bool:
    """True where `family` can see processes (Linux's /proc)."""
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
    """Kill every process the child started, then the child; look again until none is alive.

    Each round stops them all first (a stopped process cannot fork), then kills all but the
    child, whose orphans come to it meanwhile.  Call it before the child is reaped (`wait`):
    until then its id cannot name another group.
    """
    if not SESSIONS:
        with contextlib.suppress(OSError):
            process.kill()
        return
    for _round in range(ROUNDS):
        others = [pid for pid in family(process.pid) if pid != process.pid] if can_count() else []
        for how in (signal.SIGSTOP, signal.SIGKILL):
            for pid in [process.pid, *others] if how == signal.SIGSTOP else others:
                with contextlib.suppress(OSError):
                    os.kill(pid, how)
        if not others:
            break
        time.sleep(PAUSE)
    with contextlib.suppress(OSError):
        os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(OSError):
        process.kill()
