"""Tic-tac-toe: the whole game tree against published counts, perfect play, board checks."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.events import Evaluate, Pop, Push
from solvers.grids import MNK, WIN
from solvers.minimax import MAX, alphabeta_events, count_tree, minimax_events, search
from solvers.tictactoe import (
    EMPTY_BOARD,
    GAME,
    BadBoard,
    TicTacToe,
    best_move,
    outcome,
    parse_board,
    winning_line,
)


@pytest.fixture
def facts(public_data: Path) -> dict:
    """The published tic-tac-toe counts (tests/data/tictactoe)."""
    return json.loads((public_data / "tictactoe" / "tictactoe_facts.json").read_text())


def reachable() -> set[str]:
    """Every position reachable from the empty board by legal play."""
    seen, todo = {EMPTY_BOARD}, [EMPTY_BOARD]
    while todo:
        board = todo.pop()
        for move in GAME.moves(board):
            child = GAME.result(board, move)
            if child not in seen:
                seen.add(child)
                todo.append(child)
    return seen


POSITIONS = sorted(reachable())


@cache
def exact(board: str) -> int:
    """Minimax value for x by recursion with a memo over positions (the reference)."""
    if GAME.terminal(board):
        return int(GAME.utility(board))
    values = [exact(GAME.result(board, move)) for move in GAME.moves(board)]
    return max(values) if GAME.to_move(board) == MAX else min(values)


def test_full_minimax_tree_matches_the_published_counts(facts: dict) -> None:
    """From the empty board: 549,946 calls, 255,168 games, a draw; nodes per ply too."""
    report = search(GAME, EMPTY_BOARD)
    assert report.nodes == facts["game_tree_nodes_including_root"]
    assert report.leaves == facts["games_total"]
    assert report.value == 0
    per_ply = [0] * 10
    depth = 0
    for event in minimax_events(GAME, EMPTY_BOARD):
        if type(event) is Push:
            per_ply[depth] += 1
            depth += 1
        elif type(event) is Pop:
            depth -= 1
    assert depth == 0
    assert per_ply == facts["game_tree_nodes_per_ply"]


def test_count_tree_splits_the_games_by_result(facts: dict) -> None:
    """131,184 x wins, 77,904 o wins, 46,080 draws."""
    count = count_tree(GAME, EMPTY_BOARD)
    by_result = facts["games_by_result"]
    assert count.nodes == facts["game_tree_nodes_including_root"]
    by_sign = {1: 0, -1: 0, 0: 0}
    for value, games in count.leaves.items():
        by_sign[(value > 0) - (value < 0)] += games
    assert by_sign == {1: by_result["X_wins"], -1: by_result["O_wins"], 0: by_result["draws"]}
    # Depth-adjusted: x wins on moves 5, 7, 9 score 5, 3, 1; o's on moves 6, 8 score -4, -2.
    assert set(count.leaves) == {5, 3, 1, 0, -4, -2}


def test_reachable_positions_match_the_published_counts(facts: dict) -> None:
    """5,478 positions, 958 of them finished: 626 x wins, 316 o wins, 16 draws."""
    assert len(POSITIONS) == facts["legal_positions"]
    finished = [outcome(board) for board in POSITIONS if GAME.terminal(board)]
    by_result = facts["terminal_by_result"]
    assert len(finished) == facts["terminal_positions"]
    assert finished.count("x") == by_result["X_wins"]
    assert finished.count("o") == by_result["O_wins"]
    assert finished.count("draw") == by_result["draws"]


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"shortcut": True},
        {"order": TicTacToe.centre_first},
        {"shortcut": True, "order": TicTacToe.centre_first},
    ],
    ids=["plain", "shortcut", "ordered", "both"],
)
def test_alphabeta_equals_minimax_on_every_reachable_position(options: dict) -> None:
    """All 5,478 positions: alpha-beta's value is the exact one and its move achieves it."""
    for board in POSITIONS:
        report = search(GAME, board, alphabeta=True, **options)
        assert report.value == exact(board), board
        if report.move is not None:
            assert exact(GAME.result(board, report.move)) == exact(board), board


def test_minimax_and_alphabeta_pick_the_same_move() -> None:
    """On every position with two marks or more, both take the first best cell."""
    for board in POSITIONS:
        if board.count(".") <= 7:
            plain = search(GAME, board)
            pruned = search(GAME, board, alphabeta=True)
            assert plain.value == exact(board)
            assert (plain.move, plain.value) == (pruned.move, pruned.value), board
            assert pruned.nodes <= plain.nodes


@cache
def computer_move(board: str, options: tuple) -> int:
    """The computer's reply (deterministic, so remembered per position)."""
    advice = best_move(board, alphabeta=True, **dict(options))
    assert advice.move is not None
    return advice.move


@pytest.mark.parametrize("computer", ["x", "o"])
@pytest.mark.parametrize("options", [(), (("shortcut", True), ("ordered", True))])
def test_the_computer_never_loses(computer: str, options: tuple) -> None:
    """Every sequence of human moves, the computer playing x or o: it never loses."""
    games = 0
    todo = [EMPTY_BOARD]
    while todo:
        board = todo.pop()
        result = outcome(board)
        if result:
            games += 1
            assert result in (computer, "draw"), board
        elif ("x" if board.count(".") % 2 else "o") == computer:
            todo.append(GAME.result(board, computer_move(board, options)))
        else:
            todo.extend(GAME.result(board, move) for move in GAME.moves(board))
    assert games > 50  # the human really tried many lines


def test_best_move_values_are_for_the_side_to_move() -> None:
    """x to win at 2 on move 5 is +5 for x; o facing that threat blocks; a fork loses on move 7."""
    win = best_move("xx.oo....")
    assert (win.to_move, win.move, win.value) == ("x", 2, 5)
    block = best_move("xx..o....")
    assert (block.to_move, block.move) == ("o", 2)
    lost = best_move("x.xo..o.x")  # two open x lines: o cannot stop both, x wins on move 7
    assert (lost.to_move, lost.value) == ("o", -3)
    assert best_move(EMPTY_BOARD, alphabeta=True).value == 0


class PlusMinusOne(TicTacToe):
    """Tic-tac-toe scored the old way, +1 / 0 / -1 whenever the win comes (no `reach`)."""

    bounds = (-1.0, 1.0)
    reach = None  # type: ignore[assignment]

    def utility(self, board: str) -> float:
        """Only the sign of the depth-adjusted utility."""
        value = super().utility(board)
        return (value > 0) - (value < 0)


def wins_at_once(board: str) -> set[int]:
    """The cells that complete a line for the side to move."""
    mark = "x" if GAME.to_move(board) == MAX else "o"
    return {move for move in GAME.moves(board) if outcome(GAME.result(board, move)) == mark}


def passed_up_wins(game: TicTacToe, options: dict) -> list[str]:
    """Reachable positions with a win in one where the search's chosen move does not win at once."""
    missed = []
    for board in POSITIONS:
        if (wins := wins_at_once(board)) and search(game, board, **options).move not in wins:
            missed.append(board)
    return missed


@pytest.mark.parametrize(
    "options",
    [{}, {"alphabeta": True}, {"alphabeta": True, "order": TicTacToe.centre_first}],
    ids=["minimax", "alphabeta", "alphabeta-ordered"],
)
def test_a_win_in_one_is_always_taken(options: dict) -> None:
    """Depth-adjusted values: wherever a win in one exists, the chosen move wins at once.

    The same check on the old +1/0/-1 scoring finds the blunders issue 11 saw
    (the search passes up a win in one for a slower one), so the check can fail.
    """
    assert sum(1 for board in POSITIONS if wins_at_once(board)) > 1000
    assert passed_up_wins(GAME, options) == []
    assert len(passed_up_wins(PlusMinusOne(), options)) > 0


def opponent_wins_next(board: str) -> bool:
    """After a move: the side now to move can complete a line at once."""
    return not GAME.terminal(board) and bool(wins_at_once(board))


def unblocked_threats(game: TicTacToe, options: dict) -> list[str]:
    """Positions with no win in one where a move stops the opponent's win in one but the search's does not."""
    missed = []
    for board in POSITIONS:
        if GAME.terminal(board) or wins_at_once(board):
            continue
        children = {move: GAME.result(board, move) for move in GAME.moves(board)}
        blocks = {move for move, child in children.items() if not opponent_wins_next(child)}
        if blocks and len(blocks) < len(children) and search(game, board, **options).move not in blocks:
            missed.append(board)
    return missed


@pytest.mark.parametrize("options", [{}, {"alphabeta": True}], ids=["minimax", "alphabeta"])
def test_an_immediate_loss_is_always_blocked(options: dict) -> None:
    """Slower losses are worth more: even in a lost position the search blocks a win in one.

    On the old +1/0/-1 scoring a lost position's moves all score -1 and the
    search lets the win through, so the check can fail.
    """
    assert unblocked_threats(GAME, options) == []
    assert len(unblocked_threats(PlusMinusOne(), options)) > 0


def test_finished_boards_have_no_move() -> None:
    """A won or full board: no move, the winner named, one node searched."""
    won = best_move("xxxoo....")
    assert (won.move, won.winner, won.value, won.nodes) == (None, "x", -5, 1)
    full = best_move("xoxxoooxx")
    assert (full.move, full.winner, full.value) == (None, None, 0)
    assert winning_line("xxxoo....") == (0, 1, 2)
    assert winning_line("xoxxoooxx") is None


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("xo", "9 cells"),
        ("xo.xo.xo.x", "9 cells"),
        ("xo.xo.xa.", "not 'a'"),
        ("o........", "x moves first"),
        ("xxx......", "x moves first"),
        ("xxxooo...", "both x and o"),
        ("xxxoo.o..", "o moved after x had already won"),
        ("ooox.xx.x", "x moved after o had already won"),
    ],
)
def test_impossible_boards_are_refused_with_a_reason(text: str, reason: str) -> None:
    """Wrong length, strange marks, wrong counts, two winners, a move after the end."""
    with pytest.raises(BadBoard, match=reason):
        parse_board(text)


def test_boards_may_be_tuples_or_capitals() -> None:
    """A tuple of cells or upper-case marks are read as the same board."""
    assert parse_board(("X", ".", ".", ".", "o", ".", ".", ".", ".")) == "x...o...."
    assert parse_board(" XO.XO.... ") == "xo.xo...."


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="xoXO.-a ", max_size=12))
def test_any_text_is_a_board_or_a_clear_refusal(text: str) -> None:
    """Whatever is typed: a canonical board, or BadBoard (never another error)."""
    try:
        board = parse_board(text)
    except BadBoard as error:
        assert str(error)
    else:
        assert board in set(POSITIONS)


@settings(max_examples=100, deadline=None)
@given(st.permutations(range(9)), st.integers(0, 9))
def test_every_played_position_is_accepted(order: list[int], plies: int) -> None:
    """Play cells in some order until a win or `plies` moves: parse_board accepts it."""
    board = EMPTY_BOARD
    for move in order[:plies]:
        if GAME.terminal(board):
            break
        board = GAME.result(board, move)
    assert parse_board(board) == board


def test_leaves_are_evaluated_once_each() -> None:
    """Each Evaluate belongs to a node that has no children."""
    events = list(minimax_events(GAME, "xo.xo.o.x"))
    scored = {event.node for event in events if type(event) is Evaluate}
    parents = {event.parent for event in events if type(event) is Push}
    assert scored and not scored & parents


def on_the_classroom_scale(field: object) -> object:
    """An event field of a 3,3,3 grid search with its win values read as tic-tac-toe's: WIN + e is e + 1."""
    if isinstance(field, tuple):
        return tuple(on_the_classroom_scale(part) for part in field)
    if isinstance(field, (int, float)) and WIN <= abs(field) < float("inf"):
        return field - (WIN - 1) if field > 0 else field + (WIN - 1)
    return field


@pytest.mark.parametrize(
    ("board", "alphabeta"),
    [("....x....", True), ("x...o....", False), ("x...o....", True), ("x.o.o...x", False)],
)
@pytest.mark.parametrize("options", [{}, {"shortcut": True, "order": TicTacToe.centre_first}])
def test_the_tictactoe_searches_are_the_mnk_game_at_3_3_3(board: str, alphabeta: bool, options: dict) -> None:
    """One core: the demo's search and `MNK(3, 3, 3)`'s are one tree, event for event.

    The same nodes, parents, cells, cuts and lines; the values are one depth-adjusted
    utility on two scales (the grid's WIN + empty cells is the classroom's empty cells + 1).
    """
    grid = MNK(3, 3, 3)
    events = alphabeta_events if alphabeta else minimax_events
    ours = [(type(event), tuple(event)) for event in events(GAME, board, **options)]
    theirs = [
        (type(event), on_the_classroom_scale(tuple(event)))
        for event in events(grid, grid.position(board.encode()), **options)
    ]
    assert len(ours) > 20 and ours == theirs


@pytest.mark.parametrize(
    ("game", "rows", "run"),
    [
        (MNK(5, 5, 4), ("x....", ".x..o", "..x.o", "...xo", "....."), (0, 6, 12, 18)),
        (MNK(4, 6, 3), ("......", "..oooo", "x.x...", "xx...."), (8, 9, 10)),
        (MNK(3, 3, 3), ("x.o", "xo.", "o.x"), (2, 4, 6)),
    ],
    ids=["diagonal", "a longer row", "anti-diagonal"],
)
def test_the_winning_run_is_the_k_cells_in_a_row(
    game: MNK, rows: tuple[str, ...], run: tuple[int, ...]
) -> None:
    """The cells a board draws its winning line through: the first k of a run, on any m,n,k board."""
    cells = "".join(rows).encode()
    assert game.winning_run(cells) == run
    assert game.winning_run(cells.replace(b"x", b".").replace(b"o", b".")) is None
