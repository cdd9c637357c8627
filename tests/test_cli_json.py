"""Every `python -m solvers` subcommand's --json carries the answer and the same run stats."""

from __future__ import annotations

import json

import pytest
from cli_runner import run

STATS = {"events", "events_by_kind", "max_depth", "seconds"}

COMMANDS = [
    ["factorial", "10"],
    ["maxtree", "--seed", "2"],
    ["maze", "generate", "6", "4", "--seed", "3"],
    ["maze", "rooms"],
    ["queens", "6"],
    ["queens", "6", "--count"],
    ["pentomino", "3x20"],
    ["tictactoe", "--board", "xo.x..o.."],
    ["frogs", "2", "3"],
    ["sudoku", "-"],
    ["hanoi", "4"],
    ["connect4", "--moves", "4453", "--depth", "3", "--time", "600"],
]

SUDOKU = "530070000600195000098000060800060003400803001700020006060000280000419005000080079\n"


@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_json_has_run_stats(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """One JSON object whose events_by_kind add up to events, with depth and seconds."""
    code, out, _err = run(capsys, *argv, "--json", stdin=SUDOKU)
    assert code == 0
    data = json.loads(out)
    assert data.keys() >= STATS
    assert sum(data["events_by_kind"].values()) == data["events"] > 0
    assert data["max_depth"] >= 1 and data["seconds"] >= 0


def test_gametree_reports_stats_per_algorithm(capsys: pytest.CaptureFixture[str]) -> None:
    """Both searches of the random tree carry their own stats; alpha-beta makes no more events."""
    code, out, _err = run(capsys, "gametree", "--depth", "3", "--branching", "3", "--seed", "4", "--json")
    assert code == 0
    data = json.loads(out)
    for algorithm in ("minimax", "alphabeta"):
        assert data[algorithm].keys() >= STATS
    assert data["alphabeta"]["events_by_kind"]["Evaluate"] <= data["minimax"]["events_by_kind"]["Evaluate"]
