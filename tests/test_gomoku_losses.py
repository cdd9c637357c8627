"""The post-mortem of a lost gomoku game (solvers.gomoku_losses): where it was lost, and why.

Each answer is checked against an independent one where one is cheap: brute force of the plain rules
(solvers.gomoku_puzzles.Brute) for what a move threatens and for a block that holds.
"""

from __future__ import annotations

from solvers.gomoku_losses import post_mortem, threat_of
from solvers.gomoku_puzzles import Brute, holds, load
from solvers.grids import EMPTY, MNK, STONE, Position

GAME = MNK(15, 15, 5)
GAME_25 = "h8 f8 h7 g9 h6 h5 g7 h10 e7 f7 f6 e5 g5 h4 g6 g8 e6 d6 i6"
"""bench_gomoku's opening 25, hard (o) against medium, as the run of 2026-11-27 played it: x won."""


def moves(names: str) -> list[int]:
    """'h8 f8 ...' -> cells."""
    return [GAME.named_cell(name) for name in names.split()]


def after(start: Position, names: str) -> Position:
    """The position after these moves from `start`."""
    pos = start
    for move in moves(names):
        pos = GAME.result(pos, move)
    return pos


def test_a_move_that_lets_an_open_three_become_an_open_four_is_a_fault_against_the_bar() -> None:
    """The beginner's trap (a must-block puzzle): o plays a1 instead of blocking x's open three; x's
    open four j6 and five follow.  The loss is at o's a1: a line of 1 threat that another move held."""
    puzzle = next(p for p in load() if p.name == "trap-open-three")
    loss = post_mortem(GAME, puzzle.pos, moves("a1 j6 k5 f10"), -1)
    assert (loss.kind, loss.ply, loss.played, loss.threats) == ("held", 0, GAME.named_cell("a1"), 1)
    assert loss.holding is not None and holds(GAME, puzzle.pos, loss.holding, 7)
    cells = bytearray(puzzle.pos.cells)
    cells[loss.holding] = STONE[-1]
    assert not Brute(GAME).wins(cells, 1, 2), GAME.move_name(loss.holding)


def test_game_25_was_lost_to_a_line_of_six_threats_the_search_does_not_see() -> None:
    """o's f7 holds by the threat search's lights, but x's f6 is an open three (brute force: x then has a
    move making two five-cells), and after o's best answer e5 x wins by 5 more threats: 6 in all,
    within the bar, not dependent on f6."""
    loss = post_mortem(GAME, GAME.start(), moves(GAME_25), -1)
    assert loss.kind == "unseen" and loss.verdict is True
    assert GAME.move_name(loss.played or 0) == "f7" and GAME.move_name(loss.reply or 0) == "f6"
    assert GAME.move_name(loss.best or 0) == "e5" and loss.threats == 6 and loss.unknown == 0
    three = after(GAME.start(), "h8 f8 h7 g9 h6 h5 g7 h10 e7 f7 f6")
    assert threat_of(GAME, three, 1) == "three"
    brute, cells = Brute(GAME), bytearray(three.cells)
    opens = [c for c in brute.useful(cells, 1) if _five_cells_after(brute, cells, c) >= 2]
    assert sorted(GAME.move_name(c) for c in opens) == ["e5", "i9"]


def _five_cells_after(brute: Brute, cells: bytearray, cell: int) -> int:
    """How many five-cells x has after playing `cell` (brute force)."""
    cells[cell] = STONE[1]
    count = len(brute.five_cells(cells, 1))
    cells[cell] = EMPTY
    return count


def test_a_game_lost_from_the_start_says_so() -> None:
    """x has an open four and o is to move: no move of o's holds, at any position of the game."""
    start = after(GAME.start(), "h8 a1 i8 a3 j8 a5 k8")
    loss = post_mortem(GAME, start, moves("l8 g8"), -1)
    assert loss.kind == "lost" and loss.played is None
