"""Executors for `parallel`'s counts: this process, a process pool, or a Dask cluster.

A module of its own so that building a command's parser (which imports
`parallel` for `--jobs`) never imports `concurrent.futures` and
multiprocessing: `parallel` imports this only when a count runs.
"""

from __future__ import annotations

import importlib
import multiprocessing
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import contextmanager
from multiprocessing.context import BaseContext
from typing import Any, TypeVar

from solvers.i18n import _
from solvers.messages import UsageError

PRELOAD = ["solvers.parallel", "solvers.bitcover"]
"""Modules a count's workers import once, in the forkserver, instead of each on its own."""
CONNECT_SECONDS = 5
"""How long `--scheduler` waits for the Dask scheduler to answer."""
MANAGER_GRACE = 10.0
"""How long Ctrl-C waits for a stopped pool's manager thread to see its workers gone."""
T = TypeVar("T")


class InProcess(Executor):
    """An executor that runs each task at once, here (`--jobs 1`: no pool, no pickling)."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        """Run `fn` now; the future holds its result or its exception."""
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:
            future.set_exception(error)
        return future


def ignore_interrupts() -> None:
    """A worker leaves Ctrl-C to the parent, which stops it: no traceback from every worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def fresh_context(preload: Sequence[str]) -> BaseContext:
    """Workers that never fork this process: a forkserver importing `preload` once, else spawn.

    A fork copies whatever threads this process holds (the app's SDL, a test
    run's Dask cluster, a pool's own manager thread) mid-step, locks and all,
    and can leave a worker deadlocked; Python 3.12 warns of it.
    """
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(preload))
    return context


def stop_workers(executor: Executor) -> None:
    """Cancel what has not started and end the pool's processes now (Ctrl-C, or an error)."""
    terminate = getattr(executor, "terminate_workers", None)  # Python 3.14: cancels and ends them
    if terminate is not None:
        terminate()
        return
    # Before 3.14 a pool has no public way to end running tasks: its own table of processes.
    processes = dict(getattr(executor, "_processes", None) or {})
    manager = getattr(executor, "_executor_manager_thread", None)
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes.values():
        process.terminate()
    if manager is not None:  # it closes its wake-up pipe as it ends; Python 3.11's exit hook could write to
        manager.join(MANAGER_GRACE)  # that pipe as it closed ("Bad file descriptor"): let it end first


@contextmanager
def executor_for(workers: int, scheduler: str | None) -> Iterator[Executor]:
    """A Dask `scheduler`'s executor, else `workers` processes; an exception (Ctrl-C too) cancels its work."""
    if scheduler is not None:
        with _dask_executor(scheduler) as executor:
            yield executor
        return
    if workers == 1:
        yield InProcess()
        return
    pool = ProcessPoolExecutor(
        max_workers=workers, mp_context=fresh_context(PRELOAD), initializer=ignore_interrupts
    )
    try:
        yield pool
    except BaseException:
        stop_workers(pool)
        raise
    pool.shutdown()


@contextmanager
def _dask_executor(address: str) -> Iterator[Executor]:
    """A Dask cluster's executor; UsageError in one line if dask is missing or nobody answers."""
    client = connect(address)
    executor = client.get_executor(pure=False)
    try:
        yield executor
    except BaseException:
        executor.shutdown(wait=False)
        raise
    finally:
        client.close()


def connect(address: str) -> Any:
    """A `dask.distributed.Client` of the scheduler at `address`, or UsageError in one line."""
    try:
        distributed = importlib.import_module("distributed")
    except ImportError:
        raise UsageError(
            _("--scheduler needs Dask's distributed package: {command}").format(
                command="pip install 'unwind[dask]'"
            )
        ) from None
    try:
        return distributed.Client(address, timeout=f"{CONNECT_SECONDS}s", set_as_default=False)
    except (OSError, TimeoutError) as error:
        silent = _("--scheduler {address}: no Dask scheduler answered within {seconds} s ({error})")
        raise UsageError(silent.format(address=address, seconds=CONNECT_SECONDS, error=error)) from None


def cluster_workers(address: str) -> int:
    """How many threads the cluster's workers have in all (at least 1)."""
    client = connect(address)
    try:
        threads: int = sum(client.nthreads().values())
        return max(1, threads)
    finally:
        client.close()
