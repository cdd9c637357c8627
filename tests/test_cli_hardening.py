"""The solvers' command line, hardened: every bad value is one line and exit 2, never a traceback."""

from __future__ import annotations

import pytest

from solvers.__main__ import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the CLI in-process: exit code, stdout, stderr."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run a command that must be refused: exit 2, nothing on stdout, one line on stderr."""
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1, (code, out, err)
    assert "Traceback" not in err and len(err) < 300
    return err


# --- 1. seeds are 0 to 2^32-1 everywhere ------------------------------------------

SEEDED = (["maze", "generate", "4", "4"], ["gametree"], ["maxtree"])


@pytest.mark.parametrize("command", SEEDED)
@pytest.mark.parametrize("seed", ["-1", "4294967296", "99999999999999999999999999999999999999999999", "1.5"])
def test_seeds_out_of_range_are_refused(
    capsys: pytest.CaptureFixture[str], command: list[str], seed: str
) -> None:
    """Negative, too large, huge or fractional seeds: one line naming the range."""
    err = refused(capsys, *command, "--seed", seed)
    assert "seed" in err


@pytest.mark.parametrize("command", SEEDED)
@pytest.mark.parametrize("seed", ["0", "4294967295"])
def test_seeds_at_the_ends_of_the_range_work(
    capsys: pytest.CaptureFixture[str], command: list[str], seed: str
) -> None:
    """0 and 2^32-1 are both good seeds."""
    code, out, err = run(capsys, *command, "--seed", seed)
    assert code == 0 and out and not err
