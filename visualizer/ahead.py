"""Plain answers worked out ahead, in a worker process, while the run plays.

End shows a run's end worked out on the solver's plain path (see
finale.py).  At the largest sizes that plain path costs most of a second
(`solvers.maze.complete` on a 1000 x 1000 maze: 0.6 s idle, over 1 s with
the other core busy), and End would wait for it.  So a demo asks for the
answer as the run starts, and one worker process works it out on the other
core while the player animates; End then finds it done, or waits only for
what is left.

The worker comes from a forkserver (a fresh interpreter that never imports
pygame), not a fork of this process, which holds SDL and threads.  If no
worker can be had, the answer is worked out here when it is needed, as
before.  `stop` ends the worker when a demo closes or the app quits,
mid-answer or not.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:  # multiprocessing and concurrent.futures load with the first answer asked, not at launch
    from concurrent.futures import Future, ProcessPoolExecutor

T = TypeVar("T")

PRELOAD = ["solvers.maze", "solvers.budgeted"]
"""Modules the forkserver imports once, so each answer starts without importing them (numpy too)."""

_pool: ProcessPoolExecutor | None = None


def _worker_pool() -> ProcessPoolExecutor:
    """The one worker process, started the first time an answer is asked for."""
    global _pool
    if _pool is None:
        from concurrent.futures import ProcessPoolExecutor

        from solvers.executors import fresh_context, ignore_interrupts

        _pool = ProcessPoolExecutor(
            max_workers=1, mp_context=fresh_context(PRELOAD), initializer=ignore_interrupts
        )
    return _pool


def stop() -> None:
    """End the worker now, with whatever it was working out (the app quits)."""
    global _pool
    if _pool is not None:
        from solvers.executors import stop_workers

        stop_workers(_pool)
        _pool = None


class Ahead(Generic[T]):
    """One plain answer: asked of the worker now, taken when End needs it."""

    def __init__(self, work: Callable[..., T], *args: Any) -> None:
        self.work = work
        self.args = args
        self.future: Future[T] | None = None
        try:
            self.future = _worker_pool().submit(work, *args)
        except (OSError, RuntimeError):  # no worker (a broken pool is a RuntimeError): `take` works it out
            stop()

    def done(self) -> bool:
        """True when `take` would not wait: the worker has answered (or failed), or there is none."""
        return self.future is None or self.future.done()

    def take(self) -> T:
        """The answer: the worker's (waiting for what it has left), or worked out here if it has none."""
        from concurrent.futures import CancelledError
        from concurrent.futures.process import BrokenProcessPool

        if self.future is not None:
            try:
                return self.future.result()
            except (BrokenProcessPool, CancelledError, OSError):
                stop()  # the worker is gone: the next run asks a new one
        return self.work(*self.args)

    def drop(self) -> None:
        """Not needed after all (the run changed): the worker skips it if it has not started."""
        if self.future is not None:
            self.future.cancel()

    def abandon(self) -> None:
        """Not needed, maybe long: skipped if not started, else the worker is ended (a new one comes next)."""
        if self.future is not None and not self.future.cancel() and not self.future.done():
            stop()
