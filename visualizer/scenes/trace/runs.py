"""Where "Your code"'s runs happen: a worker pool off the frame, finished runs remembered, a typed call read.

No pygame.  A `TraceSession` holds the runs on show; the frame polls it
(`collect`) so the window keeps answering while a child process runs.  Runs
are remembered by the call, its caps and the file as it is on disk (time
and size), so reopening the screen replays at once.
"""

from __future__ import annotations

import ast
from collections import OrderedDict
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from typing import Any

from solvers.i18n import _
from solvers.tracing.events import lockstep
from solvers.tracing.runner import TraceJob, TraceRequest, TraceResult

EXECUTOR = ThreadPoolExecutor(max_workers=2, thread_name_prefix="unwind-trace")
REMEMBERED: OrderedDict[tuple[object, ...], TraceResult] = OrderedDict()
REMEMBER = 6
"""Finished runs kept for reopening (each at most the tracer's event cap)."""
CANCELLED = "cancelled"


def run_key(request: TraceRequest) -> tuple[object, ...]:
    """What makes two runs the same: the call, its caps, and the file as it is on disk now."""
    try:
        stat = request.path.stat()
        on_disk: tuple[int, int] = (stat.st_mtime_ns, stat.st_size)
    except OSError:
        on_disk = (0, 0)
    return (request, on_disk)


def remember(key: tuple[object, ...], future: Future[TraceResult]) -> None:
    """Keep a finished run (not a cancelled one) for the next time it is asked for."""
    if future.cancelled() or future.exception() is not None:
        return
    result = future.result()
    if result.stopped != CANCELLED:
        REMEMBERED[key] = result
        while len(REMEMBERED) > REMEMBER:
            REMEMBERED.popitem(last=False)


def parse_call(text: str) -> tuple[str, list[str]]:
    """'power(2, exp=5)' as ('power', ['2', 'exp=5']): each argument's own text; ValueError if not a call."""
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError:
        raise ValueError(_("{text} is not a call like fib(10)").format(text=repr(text.strip()))) from None
    call = tree.body
    named = all(keyword.arg is not None for keyword in getattr(call, "keywords", ()))
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name) or not named:
        raise ValueError(
            _("{text} is not a call like fib(10) or merge_sort([3, 1, 2])").format(text=repr(text.strip()))
        )
    source = text.strip()
    words = [ast.get_source_segment(source, arg) or "" for arg in call.args]
    words += [
        f"{keyword.arg}={ast.get_source_segment(source, keyword.value) or ''}" for keyword in call.keywords
    ]
    return call.func.id, words


class TraceSession:
    """The runs on show: what was asked, the jobs under way (off the frame), the results once all came."""

    def __init__(self) -> None:
        self.requests: list[TraceRequest] = []
        self.results: list[TraceResult] = []
        self.jobs: list[TraceJob] = []
        self.futures: list[Future[TraceResult]] = []

    @property
    def ready(self) -> bool:
        """True once every run asked for has its result."""
        return bool(self.requests) and len(self.results) == len(self.requests)

    @property
    def running(self) -> bool:
        """True while a run is under way."""
        return bool(self.futures)

    def start(self, requests: list[TraceRequest], *, fresh: bool = False) -> None:
        """Trace `requests` in the pool (remembered runs are used at once unless `fresh`)."""
        self.cancel()
        self.requests, self.results, self.futures, self.jobs = requests, [], [], []
        known = [None if fresh else REMEMBERED.get(run_key(request)) for request in requests]
        if all(result is not None for result in known):
            self.results = [result for result in known if result is not None]
            return
        for request in requests:
            job = TraceJob(request)
            future = EXECUTOR.submit(job.run)
            future.add_done_callback(partial(remember, run_key(request)))
            self.jobs.append(job)
            self.futures.append(future)

    def cancel(self) -> None:
        """Stop the runs under way (their processes are killed)."""
        for job in self.jobs:
            job.cancel(CANCELLED)

    def collect(self) -> bool:
        """Take the results once every run has ended; True when they were taken now (OSError may pass)."""
        if not self.futures or not all(future.done() for future in self.futures):
            return False
        futures, self.futures, self.jobs = self.futures, [], []
        self.results = [future.result() for future in futures]
        return True

    def received(self) -> int:
        """Events the runs under way have sent so far."""
        return sum(job.received for job in self.jobs)

    def events(self) -> Iterator[Any]:
        """The traced events: one run's, or two runs' in lockstep; none while the runs are under way."""
        if not self.ready:
            return iter(())
        if len(self.results) == 1:
            return iter(self.results[0].events)
        return lockstep([result.events for result in self.results])

    def labels(self) -> tuple[str, ...]:
        """Each run's name on screen: its function."""
        return tuple(request.func for request in self.requests) or ("",)
