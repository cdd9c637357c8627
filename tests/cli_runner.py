"""The `python -m solvers` command line as tests run it: in this process, or in a child process as users do.

Test files import it as a sibling (`from cli_runner import run`), as they do `ui`.
"""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

from solvers.__main__ import main

ROOT = Path(__file__).resolve().parents[1]
"""The worktree: a child process starts there, so `-m solvers` is this checkout's."""

TIMEOUT = 120
"""Seconds a child process may take: a guard against a hang, never a measure of speed."""


def run(capsys: pytest.CaptureFixture[str], *argv: str, stdin: str | None = None) -> tuple[int, str, str]:
    """`python -m solvers ARGV` in this process (`stdin`: what is typed to it): exit code, stdout, stderr."""
    if stdin is None:
        code = main(list(argv))
    else:
        typed, sys.stdin = sys.stdin, io.StringIO(stdin)
        try:
            code = main(list(argv))
        finally:
            sys.stdin = typed
    out, err = capsys.readouterr()
    return code, out, err


def run_process(
    *argv: str, stdin: str | None = None, env: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """`python -m solvers ARGV` in a fresh process, text in and out (`env`: its whole environment)."""
    return subprocess.run(
        [sys.executable, "-m", "solvers", *argv],
        input=stdin,
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


def run_process_bytes(
    *argv: str, stdin: bytes = b"", env: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    """`run_process` with bytes in and out, for the tests of encodings."""
    return subprocess.run(
        [sys.executable, "-m", "solvers", *argv],
        input=stdin,
        cwd=ROOT,
        env=env,
        capture_output=True,
        timeout=TIMEOUT,
        check=False,
    )
