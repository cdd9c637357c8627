"""Plain answers worked out ahead, in a worker process, while the run plays.

End shows a run's end worked out on the solver's plain path (see
finale.py).  At the largest sizes that plain path costs most of a second
(`solvers.maze.complete` on a 1000 x 1000 maze: 0.6 s idle, over 1 s with
the other core busy), and End would wait for it.  So a demo asks for the
answer as the run starts, and one worker process works it out on the other
core while the player animates; End then finds it done, or waits only for
what is left.

The worker comes from a forkserver (a fresh interpreter that never imports
pygame), not a fork of this process, which holds SDL and threads.  Starting
it takes most of a second (several under load), so the question is handed
to the pool from a thread of its own: no frame waits for the worker to
start.  If no worker can be had, the answer is worked out here when it is
needed, as before.  `stop` ends the worker when a demo closes or the app
quits, mid-answer or not.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:  # multiprocessing and concurrent.futures load with the first answer asked, not at launch
    from concurrent.futures import Future, ProcessPoolExecutor

T = TypeVar("T")

PRELOAD = ["solvers.maze", "solvers.budgeted"]
"""Modules the forkserver imports once, so each answer starts without importing them (numpy too)."""

_pool: ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()  # questions are handed over from their own threads


def _worker_pool() -> ProcessPoolExecutor:
    """The one worker process, started the first time an answer is asked for."""
    global _pool
    with _pool_lock:
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
    with _pool_lock:
        pool, _pool = _pool, None
    if pool is not None:
        from solvers.executors import stop_workers

        stop_workers(pool)


class Ahead(Generic[T]):
    """One plain answer: asked of the worker now, taken when End needs it."""

    def __init__(self, work: Callable[..., T], *args: Any) -> None:
        self.work = work
        self.args = args
        self._future: Future[T] | None = None
        self._lock = threading.Lock()
        self._handed_over = False
        self._unwanted: Callable[[Future[T]], None] | None = None  # what `drop` or `abandon` asked for
        self._handing = threading.Thread(target=self._hand_over, name="unwind-ahead", daemon=True)
        self._handing.start()

    def _hand_over(self) -> None:
        """Give the question to the worker (starting it first if need be), off the frame."""
        future: Future[T] | None = None
        try:
            future = _worker_pool().submit(self.work, *self.args)
        except (OSError, RuntimeError):  # no worker (a broken pool is a RuntimeError): `take` works it out
            stop()
        with self._lock:
            self._future, self._handed_over, unwanted = future, True, self._unwanted
        if future is not None and unwanted is not None:
            unwanted(future)

    @property
    def future(self) -> Future[T] | None:
        """The worker's answer to come, or None when there is no worker (waits for the hand-over)."""
        self._handing.join()
        return self._future

    def done(self) -> bool:
        """True when `take` would not wait: the worker has answered (or failed), or there is none."""
        with self._lock:
            if not self._handed_over:
                return False
        return self._future is None or self._future.done()

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
        self._give_up(_cancel)

    def abandon(self) -> None:
        """Not needed, maybe long: skipped if not started, else the worker is ended (a new one comes next)."""
        self._give_up(_cancel_or_stop)

    def _give_up(self, how: Callable[[Future[T]], None]) -> None:
        """Apply `how` to the worker's future now, or as soon as it is handed over (never waits)."""
        with self._lock:
            if not self._handed_over:
                self._unwanted = how
                return
        if self._future is not None:
            how(self._future)


def _cancel(future: Future[Any]) -> None:
    """Skip the question if the worker has not started on it."""
    future.cancel()


def _cancel_or_stop(future: Future[Any]) -> None:
    """Skip the question, or end the worker if it is already on it."""
    if not future.cancel() and not future.done():
        stop()
