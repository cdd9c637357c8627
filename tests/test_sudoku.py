"""Sudoku as exact cover: reading every form, solving the public sets, errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from solvers import dlx, sudoku
from solvers.events import Pop, Push, Solution

SEED_FORM = """\
0 0 3 0 2 0 6 0 0
9 0 0 3 0 5 0 0 1
0 0 1 8 0 6 4 0 0
0 0 8 1 0 2 9 0 0
7 0 0 0 0 0 0 0 8
0 0 6 7 0 8 2 0 0
0 0 2 6 0 9 5 0 0
8 0 0 2 0 3 0 0 9
0 0 5 0 1 0 3 0 0
"""


def pattern_grid(size: int) -> list[int]:
    """A valid full grid of any size: each row shifts the one above."""
    box = {4: 2, 9: 3, 16: 4}[size]
    return [(box * (r % box) + r // box + c) % size + 1 for r in range(size) for c in range(size)]


def puzzles(path: Path) -> list[sudoku.Puzzle]:
    """Every puzzle in a data file."""
    return sudoku.parse_puzzles(path.read_text(), path.name)


def test_every_public_puzzle_solves_keeps_givens_and_is_unique(public_data: Path) -> None:
    """Project Euler 96 (50), top95 (95) and the 'hardest' list (11)."""
    folder = public_data / "sudoku"
    sets = {name: puzzles(folder / name) for name in ("p096_sudoku.txt", "top95.txt", "hardest.txt")}
    assert [len(s) for s in sets.values()] == [50, 95, 11]
    for name, batch in sets.items():
        for puzzle in batch:
            cells = sudoku.solve(puzzle)
            assert cells is not None and sudoku.is_valid_solution(puzzle, cells), (name, puzzle)
            assert sudoku.count_solutions(puzzle) == 1, (name, puzzle.number)


def test_euler_checksum(public_data: Path) -> None:
    """Project Euler 96's published check: the top-left 3-digit numbers sum to 24702."""
    total = 0
    for puzzle in puzzles(public_data / "sudoku" / "p096_sudoku.txt"):
        cells = sudoku.solve(puzzle)
        assert cells is not None
        total += 100 * cells[0] + 10 * cells[1] + cells[2]
    assert total == 24702


def test_seventeen_clue_sample_solves(public_data: Path) -> None:
    """A slice of Royle's 17-clue puzzles: 17 givens, one solution each."""
    batch = puzzles(public_data / "sudoku" / "sudoku17_sample.txt")[::50]
    for puzzle in batch:
        assert sum(1 for d in puzzle.cells if d) == 17
        cells = sudoku.solve(puzzle)
        assert cells is not None and sudoku.is_valid_solution(puzzle, cells)
        assert sudoku.count_solutions(puzzle, limit=2) == 1


def test_the_source_articles_form_and_euler_form_read_alike(public_data: Path) -> None:
    """Nine lines of nine spaced numbers equal Euler's 'Grid 01' in compact digits."""
    seed = sudoku.parse_puzzle(SEED_FORM)
    euler = puzzles(public_data / "sudoku" / "p096_sudoku.txt")[0]
    assert seed.cells == euler.cells and seed.form == "grid" and euler.form == "compact"
    assert euler.label == "Grid 01" and euler.line == 2


@pytest.mark.parametrize("size", [4, 9, 16])
def test_every_size_solves_from_one_line_and_from_a_grid(size: int) -> None:
    """Half the cells of a full grid blanked, written both ways."""
    full = pattern_grid(size)
    cells = [d if (i * 7) % 3 else 0 for i, d in enumerate(full)]
    line = "".join(sudoku.SYMBOLS[d - 1] if d else "." for d in cells)
    rows = "\n".join(" ".join(map(str, cells[r * size : (r + 1) * size])) for r in range(size))
    for text in (line, rows):
        puzzle = sudoku.parse_puzzle(text)
        assert puzzle.size == size
        answer = sudoku.solve(puzzle)
        assert answer is not None and sudoku.is_valid_solution(puzzle, answer)


def test_all_four_by_four_grids() -> None:
    """The blank 4 x 4 grid has 288 completions (the known count)."""
    assert sudoku.count_solutions(sudoku.parse_puzzle("." * 16)) == 288


def test_several_solutions_stop_at_the_limit() -> None:
    """A nearly blank grid: counting stops at 2."""
    assert sudoku.count_solutions(sudoku.parse_puzzle("1" + "." * 80), limit=2) == 2


def test_unsolvable_without_clash() -> None:
    """Row 1 holds 1..8, and a 9 in column 9 below leaves no digit for r1c9."""
    text = "12345678." + "........9" + "." * 63
    puzzle = sudoku.parse_puzzle(text)
    assert not sudoku.clashes(puzzle)
    assert sudoku.solve(puzzle) is None and sudoku.count_solutions(puzzle) == 0


@pytest.mark.parametrize("form", ["line", "grid", "compact"])
def test_writing_then_reading_gives_the_same_puzzle(public_data: Path, form: str) -> None:
    """format_cells writes a form parse_puzzles reads back."""
    original = puzzles(public_data / "sudoku" / "top95.txt")[3]
    puzzle = sudoku.Puzzle(9, original.cells, form, "Grid 07" if form == "compact" else "")
    again = sudoku.parse_puzzle(sudoku.format_cells(puzzle, puzzle.cells))
    assert (again.cells, again.form, again.label) == (puzzle.cells, form, puzzle.label)


def test_events_place_and_withdraw_digits(public_data: Path) -> None:
    """Applying Push (place) and Pop (withdraw) to a grid ends on the solution."""
    puzzle = puzzles(public_data / "sudoku" / "top95.txt")[0]
    encoding = sudoku.encode(puzzle)
    before = encoding.matrix.snapshot()
    grid = list(puzzle.cells)
    answer = None
    for event in encoding.search():
        if type(event) is Push:
            cell, digit = encoding.options[event.what]
            assert grid[cell] == 0
            grid[cell] = digit
        elif type(event) is Pop:
            cell, digit = encoding.options[event.value]
            assert grid[cell] == digit
            grid[cell] = 0
        elif type(event) is Solution:
            answer = tuple(grid)
            assert answer == encoding.cells(event.answer)
    assert grid == list(puzzle.cells) and encoding.matrix.snapshot() == before
    assert answer is not None and sudoku.is_valid_solution(puzzle, answer)


def test_matrix_has_only_open_constraints() -> None:
    """Givens remove their cell and their row/column/box digits from the matrix."""
    full = pattern_grid(9)
    puzzle = sudoku.Puzzle(9, tuple([0, *full[1:]]))
    encoding = sudoku.encode(puzzle)
    assert encoding.matrix.names == ["r1c1", "r1=1", "c1=1", "b1=1"]
    assert encoding.options == [(0, 1)] and dlx.count(encoding.matrix) == 1


@pytest.mark.parametrize(
    ("text", "clash"),
    [
        ("5" + "." * 7 + "5" + "." * 72, "two 5s in row 1 (columns 1 and 9)"),
        ("5" + "." * 71 + "5" + "." * 8, "two 5s in column 1 (rows 1 and 9)"),
        ("5" + "." * 9 + "5" + "." * 70, "two 5s in box 1 (row 1 column 1 and row 2 column 2)"),
    ],
)
def test_clashing_givens_are_found_and_named(text: str, clash: str) -> None:
    """Row, column and box clashes, each one line naming the cells."""
    with pytest.raises(ValueError) as caught:
        sudoku.parse_puzzles(text, "p")
    assert str(caught.value) == f"p: puzzle 1 (line 1): clashing givens: {clash}"
    found = sudoku.clashes(sudoku.Puzzle(9, tuple(sudoku.SYMBOLS.find(c) + 1 for c in text)))
    assert len(found) == 1 and sudoku.describe_clash(found[0], 9) == clash


GOOD = "." * 81
MALFORMED = [
    ("", "p: empty input, no puzzle found"),
    ("# nothing\n\n", "p: empty input, no puzzle found"),
    (GOOD[:80], "p: puzzle 1 (line 1): 80 characters; expected 81"),
    (GOOD + "\n" + "x" + GOOD[1:], "p: puzzle 2 (line 2), row 1, column 1: stray character 'x'"),
    ("." * 40 + "A" + "." * 40, "p: puzzle 1 (line 1), row 5, column 5: stray character 'A'"),
    ("5" + "." * 15, "p: puzzle 1 (line 1), row 1, column 1: digit 5 out of range 1-4"),
    (
        SEED_FORM.replace("0 0 3", "0 10 3", 1),
        "p: puzzle 1 (line 1), row 1, column 2 (line 1): digit 10 out of range 0-9",
    ),
    (
        SEED_FORM.replace("0 0 3", "0 ? 3", 1),
        "p: puzzle 1 (line 1), row 1, column 2 (line 1): stray characters '?'",
    ),
    (
        SEED_FORM.replace("9 0 0 3", "9 0 3", 1),
        "p: puzzle 1 (line 1), row 2 (line 2): expected 9 numbers, found 8",
    ),
    (
        "\n".join(SEED_FORM.splitlines()[:8]),
        "p: puzzle 1 (line 1): grid has 8 rows, expected 9 (input ends at line 8)",
    ),
    (
        "\n".join(SEED_FORM.splitlines()[:4]) + "\n\n" + SEED_FORM,
        "p: puzzle 1 (line 1): grid has 4 rows, expected 9 (line 5 interrupts it)",
    ),
    ("003020600\n90030500\n", "p: puzzle 1 (line 1), row 2 (line 2): expected 9 characters"),
    ("1 2 3 4 5\n", "p: puzzle 1 (line 1): a grid row needs 4, 9 or 16 numbers, found 5"),
]


@pytest.mark.parametrize(("text", "message"), MALFORMED)
def test_malformed_input_names_puzzle_and_position(text: str, message: str) -> None:
    """Wrong length, stray characters, digits out of range, short grids, empty input."""
    with pytest.raises(ValueError) as caught:
        sudoku.parse_puzzles(text, "p")
    assert str(caught.value).startswith(message) and "\n" not in str(caught.value)
