"""When something inside the app fails: log the traceback, tell the user in one line, keep going.

The app wraps each frame's input handling, update and drawing in `guard`, so
one broken handler or loader never takes the session (and the user's work)
down.  Tracebacks go to a log file in the platform's log folder
(`platformdirs`), rotated so it stays small.

What no guard can catch leaves a trace too, inside `crash_log` (the app's
command line runs the whole session in it): an error nothing caught, on the
main thread or any other, goes to the same log; a fatal signal (a crash in C
code, an abort) has `faulthandler` write every thread's stack to `crash.log`
beside it.
"""

from __future__ import annotations

import faulthandler
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

import platformdirs

from solvers.i18n import _

if TYPE_CHECKING:
    import logging

LOG_BYTES = 512 * 1024
LOG_BACKUPS = 2


def log_folder() -> Path:
    """The platform's folder for Unwind's logs (created on first use)."""
    return platformdirs.user_log_path("unwind", appauthor=False)


def _logger() -> logging.Logger:
    """The file logger for faults, writing into the current log folder."""
    import logging.handlers  # with the first fault: logging, socket and pickle are not needed at launch

    logger = logging.getLogger("unwind.faults")
    path = log_folder() / "unwind.log"
    if [getattr(h, "baseFilename", None) for h in logger.handlers] != [str(path)]:
        for old in list(logger.handlers):
            logger.removeHandler(old)
            old.close()
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8"
        )
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        logger.addHandler(handler)
        logger.propagate = False
        logger.setLevel(logging.ERROR)
    return logger


def log_fault(where: str, error: BaseException) -> Path | None:
    """Write the traceback of `error` to the log; returns the log file, or None if it cannot be written."""
    import logging  # as _logger: with the first fault, never at launch

    try:
        logger = _logger()
        logger.log(logging.ERROR, "while %s", where, exc_info=error)  # the log stays English, for developers
        logger.handlers[0].flush()
        return log_folder() / "unwind.log"
    except OSError:
        return None


def guard(where: str, tell: Callable[[str], None], action: Callable[..., object], *args: object) -> bool:
    """Run `action(*args)`; on an error log it, `tell` the user in one line and return False.

    `where` is an English phrase marked with `N_` ("drawing the screen"): the log keeps it in
    English, the user reads it translated.
    """
    try:
        action(*args)
    except Exception as error:  # a fault anywhere below must not end the session
        path = log_fault(where, error)
        detail = str(error).splitlines()[0][:120] if str(error) else type(error).__name__
        if path:
            message = _("Something went wrong while {action}: {detail} (details in {log})")
        else:
            message = _("Something went wrong while {action}: {detail}")
        tell(message.format(action=_(where), detail=detail, log=path))
        return False
    return True


CRASH_LOG = "crash.log"
"""Where `faulthandler` writes on a fatal signal, in the log folder (removed when a session ends well)."""


@contextmanager
def crash_log() -> Iterator[Path | None]:
    """For the session inside: fatal signals and uncaught errors in any thread leave a log (its path)."""
    stream = _open_crash_log()
    was_on, hook = faulthandler.is_enabled(), threading.excepthook
    threading.excepthook = log_thread_error
    if stream is not None:
        faulthandler.enable(stream, all_threads=True)
    try:
        yield None if stream is None else Path(stream.name)
    except Exception as error:
        log_fault("running the app (an error nothing caught)", error)
        raise
    finally:
        threading.excepthook = hook
        if stream is not None:
            faulthandler.disable()
            _close_crash_log(stream)
            if was_on and sys.__stderr__ is not None:  # as it was (python -X faulthandler, a test runner)
                faulthandler.enable(sys.__stderr__, all_threads=True)


def _open_crash_log() -> TextIO | None:
    """The crash log, open to append (a full one moves to crash.log.1 first); None if it cannot be written."""
    path = log_folder() / CRASH_LOG
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and path.stat().st_size > LOG_BYTES:
            path.replace(path.with_name(CRASH_LOG + ".1"))
        return open(path, "a", encoding="utf-8")  # faulthandler writes to it until the session ends
    except OSError:
        return None


def _close_crash_log(stream: TextIO) -> None:
    """Close the crash log, and remove it when nothing was ever written to it."""
    path = Path(stream.name)
    stream.close()
    try:
        if path.stat().st_size == 0:
            path.unlink()
    except OSError:
        pass


def log_thread_error(args: threading.ExceptHookArgs) -> None:
    """An error that ended a thread: into the log, then Python's own report."""
    if args.exc_value is not None and not isinstance(args.exc_value, SystemExit):
        name = args.thread.name if args.thread is not None else "?"
        log_fault(f"running thread {name} (an error nothing caught)", args.exc_value)
    threading.__excepthook__(args)
