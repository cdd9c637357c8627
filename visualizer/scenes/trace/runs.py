"""Where "Your code"'s runs happen: a worker pool off the frame, finished runs remembered, a typed call read.

No pygame.  Runs are remembered by the call, its caps and the file as it is
on disk (time and size), so reopening the screen replays at once.
"""

from __future__ import annotations

import ast
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor

from solvers.tracing.runner import TraceRequest, TraceResult

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
    """'fib(10)' as ('fib', ['10']): the name and each argument's own text; ValueError if not a call."""
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError:
        raise ValueError(f"{text.strip()!r} is not a call like fib(10)") from None
    call = tree.body
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name) or call.keywords:
        raise ValueError(f"{text.strip()!r} is not a call like fib(10) or merge_sort([3, 1, 2])")
    return call.func.id, [ast.get_source_segment(text.strip(), arg) or "" for arg in call.args]
