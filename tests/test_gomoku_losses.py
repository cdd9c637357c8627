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
GAME_22 = "h8 h9 f8 i8 h6 j7 g10 i7 i6 k6 l5 k7 h7 k8 k9 l7 m7 j5 k5 i4 h3 m8"
"""Opening 22, hard (x) against medium, the same run: o won."""


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


def test_game_25_was_lost_at_f7_to_a_line_of_five_threats_that_i7_held() -> None:
    """o's f7 leaves x a line of 5 threats from f6, an open three (brute force: x then has two moves that
    make two five-cells), which goes on after o's counter-four i11 and x's forced block; i7 held."""
    loss = post_mortem(GAME, GAME.start(), moves(GAME_25), -1)
    assert (loss.kind, loss.ply, loss.threats, loss.verdict) == ("held", 9, 5, False)
    assert GAME.move_name(loss.played or 0) == "f7" and loss.holding is not None
    before = after(GAME.start(), "h8 f8 h7 g9 h6 h5 g7 h10 e7")
    assert holds(GAME, before, loss.holding, 7), GAME.move_name(loss.holding)
    three = GAME.result(GAME.result(before, GAME.named_cell("f7")), GAME.named_cell("f6"))
    assert threat_of(GAME, three, 1) == "three"
    brute, cells = Brute(GAME), bytearray(three.cells)
    opens = [c for c in brute.useful(cells, 1) if _five_cells_after(brute, cells, c) >= 2]
    assert sorted(GAME.move_name(c) for c in opens) == ["e5", "i9"]


def test_game_22_was_lost_to_a_line_past_the_bar() -> None:
    """Opening 22 (hard x): after hard's l5 held, o's k7 began a line of 8 threats: every answer of x's
    leaves one of 7 (the bar), so no move of x's held after k7."""
    loss = post_mortem(GAME, GAME.start(), moves(GAME_22), 1)
    assert (loss.kind, loss.threats, loss.threat) == ("long", 8, "three")
    assert GAME.move_name(loss.played or 0) == "l5" and GAME.move_name(loss.reply or 0) == "k7"


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
