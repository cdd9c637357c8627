"""The exact Connect Four solver: published values of small boards, agreement with a plain search, limits.

No test reads the real clock: node limits only.
"""

from __future__ import annotations

import random

import pytest

from solvers import connect4
from solvers.connect4 import Board, Solver, SolveTimeUp
from solvers.engine import verdict
from solvers.grids import ConnectFour, Position
from solvers.minimax import alphabeta_value


def solved(width: int, height: int, moves: str = "") -> tuple[str, int | None, int | None]:
    """(result, plies to the end, best column 1-based) for the side to move."""
    board = Board(width, height)
    solution = Solver(board).solve(*board.play(moves))
    return solution.result, solution.plies, None if solution.move is None else solution.move + 1


# John Tromp's table of Connect Four on small boards (https://tromp.github.io/c4/c4.html), with the
# move the game ends on as Christophe Steininger's solver (github.com/ChristopheSteininger/c4) gives
# them: width x height 4x4, 5x4, 4x5 are draws.  (4x6, a draw, and 6x4, where the second player
# wins on move 24, take seconds: bench/bench_games.py checks them.)
@pytest.mark.parametrize(
    ("width", "height", "result", "last_move"), [(4, 4, "draw", 16), (5, 4, "draw", 20), (4, 5, "draw", 20)]
)
def test_small_boards_match_the_published_table(width: int, height: int, result: str, last_move: int) -> None:
    found, plies, _move = solved(width, height)
    assert found == result
    assert (plies if plies is not None else width * height) == last_move


def plain_answer(game: ConnectFour, pos: Position) -> tuple[str | None, int | None]:
    """Result and plies for the side to move by a full plain alpha-beta over the grid (no bitboards)."""
    value = alphabeta_value(game, pos, order=lambda state, moves: game.candidates(state)) * pos.mover or 0
    return verdict(value, pos, pos.empty)


@pytest.mark.parametrize(("width", "height", "stones"), [(7, 6, 30), (7, 6, 32), (5, 5, 14), (6, 4, 12)])
def test_positions_agree_with_a_plain_full_search(width: int, height: int, stones: int) -> None:
    game, rng = ConnectFour(width, height), random.Random(width * 100 + stones)
    for _ in range(6):
        moves = game.random_game(stones, rng)
        pos = game.play(moves)
        result, plies, move = solved(width, height, moves)
        assert (result, plies) == plain_answer(game, pos), moves
        assert move is not None
        after = game.result(pos, move - 1)  # the best move keeps the value
        expected = {"win": "loss", "loss": "win", "draw": "draw"}[result]
        assert plain_answer(game, after) == (expected, None if plies is None else plies - 1)


def test_known_positions() -> None:
    """A win at once, a forced block, and the position after 4453443 read from cells as from moves."""
    assert solved(7, 6, "121212") == ("win", 1, 1)
    _result, plies, move = solved(5, 4, "12121")  # o must block column 1 (5x4: solved at once)
    assert move == 1 and (plies or 0) > 1
    board, game = Board(7, 6), ConnectFour()
    pos = game.play("4453443")
    assert board.from_cells(pos.cells, pos.mover == 1) == board.play("4453443")


def test_a_node_budget_stops_the_search() -> None:
    board = Board(7, 6)
    with pytest.raises(SolveTimeUp):
        Solver(board, nodes=1000).solve(*board.play("4453"))


def test_board_sizes_are_checked() -> None:
    for width, height in ((3, 6), (10, 6), (7, 3), (7, 9)):
        with pytest.raises(ValueError):
            Board(width, height)
    assert Board(9, 8).full.bit_count() == 72


def test_the_tables_stay_bounded_and_the_answers_right(monkeypatch: pytest.MonkeyPatch) -> None:
    """With 61 table slots and room for 64 cached stone sets, entries are replaced, and the answers hold."""
    board = Board(5, 4)
    unbounded = Solver(board).solve(*board.play("3"))
    monkeypatch.setattr("solvers.connect4.TABLE_SLOTS", 61)
    monkeypatch.setattr("solvers.connect4.TABLE_LIMIT", 64)
    solver = Solver(board)
    bounded = solver.solve(*board.play("3"))
    assert (bounded.score, bounded.move) == (unbounded.score, unbounded.move)
    assert solver.nodes > unbounded.nodes  # the replaced entries are searched again
    assert len(solver.keys) == len(solver.values) == 61 and 0 < solver.positions <= 61
    assert 0 < len(solver.made_by) <= 64 + connect4.CLOCK_EVERY  # emptied at the next look
    assert all(made == board.winning_cells(stones, 0) for stones, made in solver.made_by.items())
