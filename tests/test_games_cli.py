"""`python -m solvers mnk` and `connect4`: answers, JSON fields, bad input in one line (exit 2)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from cli_runner import run

from solvers.engine import Engine, Limits, drain
from solvers.grids import MNK, WIN, ConnectFour, Grid
from solvers.runstats import EventStats


def test_mnk_takes_the_win_and_reports_every_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """4,4,4 with x to win at [0, 3]: JSON move, value (a win for the side to move), depth, nodes, line."""
    path = tmp_path / "board.txt"
    path.write_text("xxx.\nooo.\n....\n....\n")
    code, out, err = run(capsys, "mnk", "4", "4", "4", "--board", str(path), "--depth", "3", "--json")
    data = json.loads(out)
    assert code == 0 and not err
    assert set(data) >= {"move", "value", "depth", "nodes", "tt_hits", "pv", "seconds"}
    assert data["move"] == [0, 3] and data["pv"][0] == [0, 3]
    assert data["value"] == WIN + 10 - 1 and data["depth"] == 1  # a proven win stops the deepening
    code, out, _ = run(capsys, "mnk", "4", "4", "4", "--board", str(path), "--depth", "3")
    assert code == 0 and "best move d1 [0, 3], value proven win in 1 move" in out


def test_mnk_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """--board - reads the board from standard input; the empty 3,3,3 board is a draw."""
    monkeypatch.setattr("sys.stdin", io.StringIO("...\n...\n...\n"))
    code, out, _ = run(capsys, "mnk", "3", "3", "3", "--board", "-", "--json")
    data = json.loads(out)
    assert code == 0 and data["value"] == 0 and data["depth"] == 9


def test_mnk_without_a_board_starts_from_the_empty_one(capsys: pytest.CaptureFixture[str]) -> None:
    """No --board is the empty board: 4,4,4 is proven a draw, as the README's proof table says."""
    code, out, err = run(capsys, "mnk", "4", "4", "4", "--prove", "--json")
    data = json.loads(out)
    assert code == 0 and not err
    assert (data["proven"], data["result"], data["to_move"]) == (True, "draw", "x")


def test_connect4_moves_and_one_based_columns(capsys: pytest.CaptureFixture[str]) -> None:
    """x has three in column 1: the move is column 1 (1-based), a win on the next ply."""
    code, out, _ = run(capsys, "connect4", "--moves", "121212", "--depth", "2", "--json")
    data = json.loads(out)
    assert code == 0 and data["move"] == 1 and data["value"] == WIN + 42 - 7
    assert "note" not in data


def test_connect4_empty_board_says_the_published_result(capsys: pytest.CaptureFixture[str]) -> None:
    """The empty board: the first player wins with best play (published), not claimed by the search."""
    code, out, _ = run(capsys, "connect4", "--depth", "2")
    assert code == 0 and "first player wins" in out and "does not prove it" in out


@pytest.mark.parametrize(
    ("argv", "board", "message"),
    [
        (["mnk", "3", "3", "3"], "xx\noo.\n...\n", "line 1 has 2 cells"),
        (["mnk", "3", "3", "3"], "xx.\noo.\n", "needs 3 lines"),
        (["mnk", "3", "3", "3"], "x?.\no..\n...\n", "not '?'"),
        (["mnk", "3", "3", "3"], "xxx\nx..\n...\n", "x moves first"),
        (["mnk", "3", "3", "3"], "xxx\noo.\n...\n", "already over"),
        (["mnk", "3", "3", "4"], "...\n...\n...\n", "k must be at most"),
        (["mnk", "3", "3", "3", "--time", "0"], "...\n...\n...\n", "0.01 to 600"),
        (["connect4", "--moves", "4444444"], None, "column 4 is full"),
        (["connect4", "--moves", "1212121"], None, "already over"),
        (["connect4", "--moves", "40"], None, "columns are 1 to 7"),
        (["connect4", "--moves", "1" * 10_000], None, "at most 42 moves"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], board: str | None, message: str
) -> None:
    """Wrong size, strange characters, impossible counts, a won game, a full column: one line, exit 2."""
    if board is not None:
        path = tmp_path / "board.txt"
        path.write_text(board)
        argv = [*argv, "--board", str(path)]
    code, out, err = run(capsys, *argv)
    assert code == 2 and not out
    assert message in err and err.count("\n") == 1


def test_a_search_to_the_end_says_proven_and_a_cut_off_one_says_heuristic(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The empty 3,3,3 board is searched to the end: a proven draw, not 'heuristic +0'."""
    monkeypatch.setattr("sys.stdin", io.StringIO("...\n...\n...\n"))
    code, out, _ = run(capsys, "mnk", "3", "3", "3", "--board", "-", "--json")
    data = json.loads(out)
    assert (data["proven"], data["result"], data["plies_to_end"]) == (True, "draw", None)
    monkeypatch.setattr("sys.stdin", io.StringIO("...\n...\n...\n"))
    code, out, _ = run(capsys, "mnk", "3", "3", "3", "--board", "-")
    assert code == 0 and "proven draw" in out and "heuristic" not in out
    code, out, _ = run(capsys, "connect4", "--moves", "121212", "--depth", "2", "--json")
    data = json.loads(out)
    assert (data["proven"], data["result"], data["plies_to_end"]) == (True, "win", 1)
    code, out, _ = run(capsys, "connect4", "--moves", "44", "--depth", "3", "--json")
    data = json.loads(out)
    assert (data["proven"], data["result"], data["plies_to_end"]) == (False, None, None)
    code, out, _ = run(capsys, "connect4", "--moves", "44", "--depth", "3")
    assert "not proven (3 of 40 plies searched)" in out and "proven win" not in out


@pytest.mark.parametrize(("command", "moves"), [("mnk", "x...o...."), ("connect4", "4453")])
def test_games_json_counts_the_events_the_tree_view_would_show(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str, moves: str
) -> None:
    """Like every subcommand, --json has events by kind and max depth: those of the engine's event run."""
    if command == "mnk":
        mnk = MNK(3, 3, 3)
        game: Grid = mnk
        pos = mnk.parse("\n".join(moves[i : i + 3] for i in (0, 3, 6)))
        monkeypatch.setattr("sys.stdin", io.StringIO(game.show(pos)))
        argv = ["mnk", "3", "3", "3", "--board", "-", "--depth", "4"]
    else:
        game = ConnectFour()
        pos = game.play(moves)
        argv = ["connect4", "--moves", moves, "--depth", "4"]
    code, out, _ = run(capsys, *argv, "--time", "600", "--json")
    assert code == 0
    data = json.loads(out)
    stats = EventStats()
    stats.drain(drain(Engine(game, Limits(depth=4)).events(pos))[0])
    expected = stats.as_dict()
    assert data["events_by_kind"] == expected["events_by_kind"] and data["events"] == expected["events"]
    assert data["max_depth"] == expected["max_depth"] >= 3


def test_mnk_prove_says_proven_draw_for_the_empty_4_4_4(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """--prove finishes 4,4,4 (the engine alone cannot in 2 s): a proven draw, in text and JSON."""
    path = tmp_path / "board.txt"
    path.write_text("....\n" * 4)
    code, out, _ = run(capsys, "mnk", "4", "4", "4", "--board", str(path), "--prove", "--json")
    data = json.loads(out)
    assert code == 0 and data["proven"] is True and data["result"] == "draw" and data["value"] == 0
    assert data["plies_to_end"] is None and data["nodes"] > 0
    code, out, _ = run(capsys, "mnk", "4", "4", "4", "--board", str(path), "--prove")
    assert code == 0 and "proven draw" in out


def test_mnk_prove_gives_the_plies_of_a_loss_and_falls_back_when_unfinished(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """o to move loses in 4 plies (3,3,3); 7,7,5 from empty does not finish in 0.05 s: heuristic, said so."""
    path = tmp_path / "board.txt"
    path.write_text("xo.\n.x.\n...\n")
    code, out, _ = run(capsys, "mnk", "3", "3", "3", "--board", str(path), "--prove", "--json")
    data = json.loads(out)
    assert (data["result"], data["plies_to_end"], data["move"]) == ("loss", 4, [2, 2])
    assert data["value"] == -(WIN + 6 - 4)
    path.write_text(".......\n" * 7)
    code, out, _ = run(
        capsys, "mnk", "7", "7", "5", "--board", str(path), "--prove", "--time", "0.05", "--json"
    )
    data = json.loads(out)
    assert code == 0 and data["proven"] is False and data["result"] is None and "not proven" in data["note"]


def test_connect4_solves_other_boards_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    """--width/--height: 5x4 from empty is a proven draw; a 7x6 position late in a game is solved."""
    code, out, _ = run(capsys, "connect4", "--width", "5", "--height", "4", "--json")
    data = json.loads(out)
    assert code == 0 and (data["proven"], data["result"], data["value"]) == (True, "draw", 0)
    assert 1 <= data["move"] <= 5
    code, out, _ = run(capsys, "connect4", "--width", "5", "--height", "4", "--moves", "12121")
    assert code == 0 and "best move column 1" in out and "proven win" in out
    code, out, err = run(capsys, "connect4", "--width", "10", "--moves", "1")
    assert code == 2 and not out and len(err.strip().splitlines()) == 1
    code, out, err = run(capsys, "connect4", "--width", "5", "--height", "4", "--moves", "6")
    assert code == 2 and "1 to 5" in err
