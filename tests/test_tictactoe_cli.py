"""`python -m solvers tictactoe`: best moves, finished boards, counts, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_runner import run, run_process


@pytest.fixture
def facts(public_data: Path) -> dict:
    """The published tic-tac-toe counts (tests/data/tictactoe)."""
    return json.loads((public_data / "tictactoe" / "tictactoe_facts.json").read_text())


def test_best_move_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    """x to move with two in a row takes the third cell: a win on move 5 is +5, nodes counted."""
    code, out, err = run(capsys, "tictactoe", "--board", "xx.oo....")
    assert code == 0 and not err
    assert "x to move: best move 3, value +5 (win on move 5)" in out
    assert "nodes searched by minimax" in out


def test_best_move_as_json_alphabeta_searches_fewer_nodes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--json gives move, value, nodes; --alphabeta the same answer for less work."""
    _, out, _ = run(capsys, "tictactoe", "--board", "x........", "--json")
    plain = json.loads(out)
    _, out, _ = run(capsys, "tictactoe", "--board", "x........", "--json", "--alphabeta")
    pruned = json.loads(out)
    assert plain["to_move"] == "o" and plain["value"] == pruned["value"] == 0
    assert plain["move"] == pruned["move"] == 4  # o must take the centre against a corner
    assert pruned["nodes"] < plain["nodes"]
    assert pruned["algorithm"] == "alpha-beta" and plain["finished"] is False
    assert plain["outcome"] == "draw" and plain["ends_on_move"] is None


def test_a_loss_reads_as_the_move_it_comes_on(capsys: pytest.CaptureFixture[str]) -> None:
    """o facing a fork loses on move 7 at best: value -3, in text and JSON."""
    _, out, _ = run(capsys, "tictactoe", "--board", "x.xo..o.x")
    assert "o to move: best move" in out and "value -3 (loss on move 7)" in out
    _, out, _ = run(capsys, "tictactoe", "--board", "x.xo..o.x", "--json")
    data = json.loads(out)
    assert (data["value"], data["outcome"], data["ends_on_move"]) == (-3, "loss", 7)


def test_empty_board_minimax_node_count(capsys: pytest.CaptureFixture[str], facts: dict) -> None:
    """The whole tree below the empty board is searched: 549,946 nodes, a draw."""
    _, out, _ = run(capsys, "tictactoe", "--board", ".........", "--json")
    data = json.loads(out)
    assert data["nodes"] == facts["game_tree_nodes_including_root"]
    assert data["leaves"] == facts["games_total"]
    assert data["value"] == 0


@pytest.mark.parametrize(
    ("board", "verdict"), [("xxxoo....", "x won"), ("xoxxoooxx", "a draw"), ("xx.ooo.x.", "o won")]
)
def test_finished_board_says_who_won(capsys: pytest.CaptureFixture[str], board: str, verdict: str) -> None:
    """A board whose game is over names the result, exit code 0."""
    code, out, _ = run(capsys, "tictactoe", "--board", board)
    assert code == 0 and f"game over: {verdict}" in out
    code, out, _ = run(capsys, "tictactoe", "--board", board, "--json")
    data = json.loads(out)
    assert data["finished"] is True and data["move"] is None
    assert data["winner"] == (verdict.split()[0] if verdict != "a draw" else None)


def test_count_matches_the_published_numbers(capsys: pytest.CaptureFixture[str], facts: dict) -> None:
    """--count: nodes, games, wins for each side and draws of the whole tree."""
    code, out, _ = run(capsys, "tictactoe", "--count", "--json")
    data = json.loads(out)
    by_result = facts["games_by_result"]
    assert code == 0
    assert data["nodes"] == facts["game_tree_nodes_including_root"]
    assert data["games"] == facts["games_total"]
    assert (data["x_wins"], data["o_wins"], data["draws"]) == (
        by_result["X_wins"],
        by_result["O_wins"],
        by_result["draws"],
    )
    _, text, _ = run(capsys, "tictactoe", "--count")
    assert "549,946 nodes" in text and "255,168 games" in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--board", "xx"], "9 cells"),
        (["--board", "xxxooo..."], "both x and o"),
        (["--board", "oo.x....."], "x moves first"),
        (["--board", "xo?......"], "not '?'"),
        (["--board"], "expected one argument"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    """Impossible boards and missing arguments: a one-line reason on stderr, exit code 2."""
    code, out, err = run(capsys, "tictactoe", *argv)
    assert code == 2 and not out
    assert message in err and err.count("\n") == 1


def test_subprocess_run() -> None:
    """The real command line, in its own process."""
    done = run_process("tictactoe", "--board", "x...o....", "--alphabeta", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["to_move"] == "x" and data["value"] == 0 and data["move"] in range(9)
    bad = run_process("tictactoe", "--board", "xxxxx....")
    assert bad.returncode == 2 and "impossible board" in bad.stderr
