"""When something inside the app fails: log the traceback, tell the user in one line, keep going.

The app wraps each frame's input handling, update and drawing in `guard`, so
one broken handler or loader never takes the session (and the user's work)
down.  Tracebacks go to a log file in the platform's log folder
(`platformdirs`), rotated so it stays small.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

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
