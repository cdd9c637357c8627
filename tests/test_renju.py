"""Renju (solvers.gomoku_rules, rule `renju`): black's bans against an independent brute force on the board.

The brute force reads the board in (row, col) steps, as a referee would: a
five is exactly five in a row for black; a four is four black stones in five
cells whose empty cell makes that five; an open three is a line that one
legal black stone turns into a straight four (.xxxx. with both ends making
five).  The rules module reads lines as bytes instead.
"""

from __future__ import annotations

import json
import random

import pytest
from cli_runner import run
from test_gomoku_rules import board, cell

from solvers.gomoku_rules import Gomoku
from solvers.minimax import MAX, MIN

SIZE = 15
STEPS = ((0, 1), (1, 0), (1, 1), (1, -1))
Board = dict[tuple[int, int], str]


def grid(game: Gomoku, cells: bytes) -> Board:
    """The stones as {(row, col): 'x' or 'o'}."""
    return {divmod(i, game.cols): chr(c) for i, c in enumerate(cells) if chr(c) in "xo"}


def run_through(stones: Board, at: tuple[int, int], step: tuple[int, int]) -> int:
    """How many black stones stand in a row through `at` along `step`."""
    count = 1
    for sign in (1, -1):
        r, c = at[0] + sign * step[0], at[1] + sign * step[1]
        while stones.get((r, c)) == "x":
            count, r, c = count + 1, r + sign * step[0], c + sign * step[1]
    return count


def on_board(r: int, c: int) -> bool:
    """The point is on the 15×15 board."""
    return 0 <= r < SIZE and 0 <= c < SIZE


def makes_five(stones: Board, at: tuple[int, int]) -> bool:
    """Black on `at` stands in exactly five in some line."""
    return any(run_through(stones, at, step) == 5 for step in STEPS)


def fours(stones: Board, at: tuple[int, int], step: tuple[int, int]) -> set[frozenset[tuple[int, int]]]:
    """The fours through `at` along `step`: the four stones of each five-to-be."""
    found = set()
    for back in range(5):
        window = [(at[0] + (i - back) * step[0], at[1] + (i - back) * step[1]) for i in range(5)]
        empty = [p for p in window if p not in stones]
        if len(empty) != 1 or not on_board(*empty[0]) or any(stones.get(p) == "o" for p in window):
            continue
        if any(not on_board(*p) for p in window):
            continue
        if run_through({**stones, empty[0]: "x"}, empty[0], step) == 5:
            found.add(frozenset(window) - {empty[0]})
    return found


def straight_four(stones: Board, at: tuple[int, int], step: tuple[int, int]) -> bool:
    """Black has .xxxx. through `at` along `step`, both ends making exactly five."""
    if run_through(stones, at, step) != 4:
        return False
    ends = []
    for sign in (1, -1):
        r, c = at
        while stones.get((r, c)) == "x":
            r, c = r + sign * step[0], c + sign * step[1]
        ends.append((r, c))
    return all(
        on_board(*e) and e not in stones and run_through({**stones, e: "x"}, e, step) == 5 for e in ends
    )


def foul(stones: Board, at: tuple[int, int], depth: int = 0) -> bool:
    """Black may not play `at`: no five, and an overline, two fours or two true threes."""
    after = {**stones, at: "x"}
    if makes_five(after, at):
        return False
    if any(run_through(after, at, step) > 5 for step in STEPS):
        return True
    if sum(len(fours(after, at, step)) for step in STEPS) >= 2:
        return True
    threes = 0
    for step in STEPS:
        if fours(after, at, step):
            continue
        spots = [
            (at[0] + i * step[0], at[1] + i * step[1])
            for i in range(-4, 5)
            if on_board(at[0] + i * step[0], at[1] + i * step[1])
            and (at[0] + i * step[0], at[1] + i * step[1]) not in after
        ]
        threes += any(
            straight_four({**after, s: "x"}, at, step) and (depth >= 3 or not foul(after, s, depth + 1))
            for s in spots
        )
    return threes >= 2


RENJU = Gomoku("renju")
NAMED = [
    ("3-3", "g8 h8 i9 i10", "i8", True),
    ("4-4 across", "e8 f8 g8 h5 h6 h7", "h8", True),
    ("4-4 in one line", "e8 g8 i8 k8", "h8", True),
    ("overline", "c8 d8 e8 g8 h8", "f8", True),
    ("five beats a 4-4", "d8 e8 f8 g8 h5 h6 h7", "h8", False),
    ("four-three", "f8 g8 h8 i9 i10", "i8", False),
    ("a 3-3 whose row three can only become a four by a 4-4", "g8 h8 i9 i10 d8 j5 j6 j7", "i8", False),
]


@pytest.mark.parametrize(("name", "blacks", "move", "banned"), NAMED, ids=[n[0] for n in NAMED])
def test_named_renju_positions(name: str, blacks: str, move: str, banned: bool) -> None:
    """Each named shape: the rules module and the brute force agree, and both give the known answer."""
    whites = " ".join(f"a{n}" for n in range(1, 2 * len(blacks.split()) + 1, 2))
    pos = board(RENJU, blacks, whites)
    at = cell(RENJU, move)
    assert RENJU.forbidden(pos.cells, at, MAX) is banned
    assert foul(grid(RENJU, pos.cells), divmod(at, RENJU.cols)) is banned
    assert (at in RENJU.moves(pos)) is not banned
    assert not RENJU.forbidden(pos.cells, at, MIN)  # white plays anything


def test_the_33_ban_and_renju_differ_on_a_false_three() -> None:
    """The row three's only open-four cell (j8) is a 4-4 for black: renju allows i8, the 3-3 ban does not."""
    blacks, whites = "g8 h8 i9 i10 d8 j5 j6 j7", "a1 a3 a5 a7 a9 a11 a13 a15"
    assert Gomoku("no33").forbidden(board(Gomoku("no33"), blacks, whites).cells, cell(RENJU, "i8"), MAX)
    assert not RENJU.forbidden(board(RENJU, blacks, whites).cells, cell(RENJU, "i8"), MAX)


def test_white_wins_with_six_black_does_not() -> None:
    """Six in a row: a win for white; for black, no win and a forbidden move."""
    pos = board(RENJU, "c8 d8 e8 g8 h8", "c9 d9 e9 g9 h15")
    assert RENJU.result(pos, cell(RENJU, "f8")).winner == 0
    assert RENJU.ban(pos.cells, cell(RENJU, "f8"), MAX) == "overline"
    white = board(RENJU, "a1 a3 a5 a7 a9 a11", "c9 d9 e9 g9 h9")
    assert white.mover == MIN and RENJU.result(white, cell(RENJU, "f9")).winner == MIN


def test_the_demo_refuses_black_overline_and_4_4_and_says_which(app, open_demo) -> None:  # type: ignore[no-untyped-def]
    """Games demo under renju: a click on a 4-4 or an overline plays nothing and names the ban."""
    demo = open_demo("games").demo
    demo.set_rule("renju")
    game = demo.match.game
    assert game.rule == "renju"
    blacks, whites = (
        ["e8", "f8", "g8", "h5", "h6", "h7", "c8", "b8"],
        ["a3", "a5", "a7", "a9", "a11", "a13", "a15", "o1"],
    )
    for black, white in zip(blacks, whites, strict=True):
        demo.match.moves += [cell(game, black), cell(game, white)]
    before = list(demo.match.moves)
    notes: list[str] = []
    demo.notify = notes.append  # type: ignore[method-assign]
    demo.play(7, 7)  # h8: a four in the row and one in the column
    assert demo.match.moves == before and "two fours" in notes[-1]
    demo.play(7, 3)  # d8: b8 to g8 would be six
    assert demo.match.moves == before and "six or more" in notes[-1]


@pytest.mark.parametrize("seed", range(6))
def test_every_cell_of_random_crowded_boards_agrees_with_the_brute_force(seed: int) -> None:
    """Random boards crowded with black near the centre: forbidden exactly where the brute force says."""
    rng = random.Random(seed)
    near = [(r, c) for r in range(3, 12) for c in range(3, 12)]
    chosen = rng.sample(near, 34)
    stones = {p: "x" if i % 3 else "o" for i, p in enumerate(chosen)}
    cells = bytearray(b"." * SIZE * SIZE)
    for (r, c), mark in stones.items():
        cells[r * SIZE + c] = ord(mark)
    banned = {i for i in range(SIZE * SIZE) if RENJU.forbidden(bytes(cells), i, MAX)}
    everywhere = [divmod(i, SIZE) for i in range(SIZE * SIZE)]
    expected = {r * SIZE + c for r, c in everywhere if (r, c) not in stones and foul(stones, (r, c))}
    assert banned == expected and banned  # some cell is banned on every such board


def test_the_cli_plays_renju(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    """`--rule renju`: x to move may not take the overline at f8, freestyle wins there."""
    path = tmp_path / "overline.txt"
    path.write_text(RENJU.show(board(RENJU, "c8 d8 e8 g8 h8", "a1 a15 o1 o15 m3")) + "\n")
    moves = {}
    for rule in ("freestyle", "renju"):
        code, out, _err = run(
            capsys, "mnk", "15", "15", "5", "--board", str(path), "--rule", rule, "--depth", "1", "--json"
        )
        assert code == 0
        moves[rule] = json.loads(out)["move"]
    assert moves["freestyle"] == [7, 5] and moves["renju"] != [7, 5]
