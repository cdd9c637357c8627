"""`python -m solvers frogs`: printed moves, JSON, --from, errors and exit codes."""

from __future__ import annotations

import json
import os

import pytest
from cli_runner import run, run_process

from solvers.frogs import Hop, goal_state, replay, start_state


def parse_lines(out: str) -> tuple[list[Hop], str]:
    """The printed moves (`L 2->3`) and the closing count line."""
    *lines, summary = out.strip().splitlines()
    hops = []
    for line in lines:
        frog, arrow = line.split(" ")
        frm, to = arrow.split("->")
        hops.append(Hop(frog, int(frm), int(to)))
    return hops, summary


@pytest.mark.parametrize(("argv", "n", "m"), [((), 3, 3), (("1",), 1, 1), (("2", "5"), 2, 5)])
def test_text_output_lists_legal_moves_and_their_count(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], n: int, m: int
) -> None:
    """One move per line, pads from 0, ending on the goal, then the count."""
    code, out, err = run(capsys, "frogs", *argv)
    assert code == 0 and err == ""
    hops, summary = parse_lines(out)
    start = start_state(n, m)
    assert replay(start, hops)[-1] == goal_state(start)
    assert summary.startswith(f"{n * m + n + m} moves ({n * m} jump")


def test_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    """--json: moves as [from, to] pairs, their count and the search's figures."""
    code, out, _ = run(capsys, "frogs", "4", "--json")
    data = json.loads(out)
    assert code == 0 and data["count"] == len(data["moves"]) == 24
    pairs = zip(data["frogs"], data["moves"], strict=True)
    hops = [Hop(frog, frm, to) for frog, (frm, to) in pairs]
    assert replay("LLLL_RRRR", hops)[-1] == "RRRR_LLLL"
    assert data["tried"] == data["cancelled"] + 24
    assert data["events_by_kind"]["Push"] == data["tried"]


def test_from_a_state(capsys: pytest.CaptureFixture[str]) -> None:
    """--from continues from a given position (sizes taken from it, or checked against N M)."""
    code, out, _ = run(capsys, "frogs", "--from", "LL_LRRR")
    hops, summary = parse_lines(out)
    assert code == 0 and hops[0] == Hop("R", 4, 2) and summary.startswith("14 moves")
    code, out2, _ = run(capsys, "frogs", "3", "3", "--from", "ll_lrrr")
    assert code == 0 and out2 == out


def test_from_the_goal_prints_no_moves(capsys: pytest.CaptureFixture[str]) -> None:
    """Already at the goal: zero moves, exit 0."""
    code, out, _ = run(capsys, "frogs", "--from", "RR_LLL")
    assert code == 0 and out.startswith("0 moves")


def test_a_hopeless_state_exits_1_and_says_how_far_back(capsys: pytest.CaptureFixture[str]) -> None:
    """An unsolvable position: exit 1, one clear line naming the nearest good position."""
    code, out, err = run(capsys, "frogs", "--from", "_LLLRRR")
    assert code == 1 and out == ""
    assert err.strip().splitlines() == [
        "frogs: no solution from _LLLRRR; the nearest position with one is 2 moves back: LL_LRRR"
    ]
    code, out, err = run(capsys, "frogs", "--from", "_LLLRRR", "--json")
    data = json.loads(out)
    assert code == 1 and data["solvable"] is False and data["count"] is None
    assert (data["moves_back"], data["back_state"]) == (2, "LL_LRRR")


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (("9",), "N must be 1 to 8"),
        (("0",), "N must be 1 to 8"),
        (("3", "12"), "M must be 1 to 8"),
        (("three",), "N must be a whole number"),
        (("--from", "LLX_RR"), "only L, R and _"),
        (("--from", "LLRR"), "exactly one empty pad"),
        (("--from", "LLL_"), "M must be 1 to 8"),
        (("2", "--from", "LLL_RRR"), "N is 2 but state LLL_RRR holds 3"),
        (("3", "--bogus"), "unrecognized arguments"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], fragment: str
) -> None:
    """Bad sizes and malformed states: exit 2, one line on stderr, nothing on stdout."""
    code, out, err = run(capsys, "frogs", *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and fragment in err


def test_subprocess_run() -> None:
    """The real command line, in its own process."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    done = run_process("frogs", "2", "--json", env=env)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["count"] == 8
