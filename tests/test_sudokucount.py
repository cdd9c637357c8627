"""The sudoku counter behind `sudoku --count`: the same counts as dancing links, every completion valid."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from cli_runner import run

from solvers import dlx, sudoku, sudokucount


def puzzles(path: Path) -> list[sudoku.Puzzle]:
    """Every puzzle in a data file."""
    return sudoku.parse_puzzles(path.read_text(), path.name)


def links_count(puzzle: sudoku.Puzzle, limit: int | None = None) -> int:
    """Dancing links' count of the same puzzle (the reference)."""
    return sudoku.count_solutions(puzzle, limit=limit)


def loosened(puzzle: sudoku.Puzzle, blanks: int, seed: int) -> sudoku.Puzzle:
    """The puzzle's solution with `blanks` random cells emptied: one or many completions."""
    solved = sudoku.solve(puzzle)
    assert solved is not None
    emptied = set(random.Random(seed).sample(range(puzzle.size**2), blanks))
    return sudoku.Puzzle(puzzle.size, tuple(0 if c in emptied else d for c, d in enumerate(solved)))


def test_top95_counts_equal_dancing_links(public_data: Path) -> None:
    """All 95 hard puzzles: one solution each, as the links count, valid, found in far fewer nodes."""
    batch = puzzles(public_data / "sudoku" / "top95.txt")
    tally, counters = sudokucount.Tally(), dlx.Counters()
    mine = [sudokucount.count(9, p.cells, tally=tally) for p in batch]
    assert mine == [sudoku.count_solutions(p, counters=counters) for p in batch] == [1] * 95
    assert 95 < tally.nodes < counters.nodes / 3 and tally.depth >= 1 and tally.filled >= 95 * (81 - 17)
    for puzzle in batch[:10]:
        (cells,) = sudokucount.solutions(9, puzzle.cells)
        assert sudoku.is_valid_solution(puzzle, cells)


def test_puzzles_with_many_solutions_count_as_the_links_do(public_data: Path) -> None:
    """Solved Euler grids with 44-55 cells emptied: 1 to hundreds of completions, all distinct and valid."""
    many = 0
    for number, puzzle in enumerate(puzzles(public_data / "sudoku" / "p096_sudoku.txt")[:12]):
        looser = loosened(puzzle, 44 + number, seed=number)
        found = list(sudokucount.solutions(9, looser.cells))
        assert len(found) == links_count(looser), number
        assert len(set(found)) == len(found) and all(sudoku.is_valid_solution(looser, c) for c in found)
        many += len(found) > 1
    assert many >= 4


@pytest.mark.parametrize("size", [4, 9, 16])
def test_random_givens_of_every_size_count_as_the_links_do(size: int) -> None:
    """Random subsets of a valid grid's cells (or random clashing-free digits): the same counts, limit 500."""
    box = {4: 2, 9: 3, 16: 4}[size]
    full = [(box * (r % box) + r // box + c) % size + 1 for r in range(size) for c in range(size)]
    rng = random.Random(size)
    for _trial in range(12 if size < 16 else 4):
        keep = rng.randrange(size * size // 4, size * size * 3 // 4)
        shown = set(rng.sample(range(size * size), keep))
        puzzle = sudoku.Puzzle(size, tuple(d if c in shown else 0 for c, d in enumerate(full)))
        assert sudokucount.count(size, puzzle.cells, limit=500) == links_count(puzzle, limit=500)


def test_random_small_grids_dead_or_alive() -> None:
    """4 x 4 grids with a few random givens (clashes left out): many are dead, all count as the links do."""
    rng = random.Random(4)
    dead = 0
    for _trial in range(200):
        cells = [0] * 16
        for cell in rng.sample(range(16), rng.randrange(2, 7)):
            cells[cell] = rng.randrange(1, 5)
        puzzle = sudoku.Puzzle(4, tuple(cells))
        if sudoku.clashes(puzzle):
            continue
        links = links_count(puzzle)
        assert sudokucount.count(4, puzzle.cells) == links
        dead += links == 0
    assert dead > 0


def test_blank_grids() -> None:
    """The blank 4 x 4 grid has 288 completions (the known count); a blank 9 x 9 stops at the limit."""
    assert sudokucount.count(4, [0] * 16) == 288
    blank = sudoku.Puzzle(9, (0,) * 81)
    assert sudokucount.count(9, blank.cells, limit=1000) == links_count(blank, 1000) == 1000
    assert sudokucount.count(16, [0] * 256, limit=20) == 20


def test_unsolvable_and_clashing_grids_count_zero() -> None:
    """No candidate left for r1c9; two 5s in row 1 (the CLI refuses those before counting)."""
    for text in ("12345678." + "........9" + "." * 63, "55" + "." * 79):
        cells = [int(ch) if ch != "." else 0 for ch in text]
        assert sudokucount.count(9, cells) == 0


def test_found_is_called_after_each_solution_and_limit_is_checked() -> None:
    """`found(total)` once per completion, in order; a limit below 1 is refused."""
    seen: list[int] = []
    assert sudokucount.count(4, [0] * 16, limit=7, found=seen.append) == 7 and seen == list(range(1, 8))
    with pytest.raises(ValueError):
        sudokucount.count(4, [0] * 16, limit=0)
    with pytest.raises(KeyError):
        sudokucount.board(25)


def test_cli_count_keeps_its_output_and_json_keys(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Counts per line and the JSON keys of before; --json's run stats are the exact-cover search's events."""
    path = tmp_path / "p.txt"
    path.write_text("." * 81 + "\n" + "4" + "." * 80 + "\n" + "12345678." + "........9" + "." * 63 + "\n")
    code, out, _err = run(capsys, "sudoku", str(path), "--count", "--limit", "5")
    assert code == 1
    stopped = "5 (stopped at the limit of 5; there may be more)"
    assert out == f"{stopped}\n{stopped}\n0\n"
    data = json.loads(run(capsys, "sudoku", str(path), "--count", "--limit", "5", "--json")[1])
    assert set(data) == {"puzzles", "unsolvable", "events", "events_by_kind", "max_depth", "seconds"}
    first, _, dead = data["puzzles"]
    assert set(first) == {"puzzle", "label", "count", "stopped_at_limit", "nodes", "updates"}
    assert (first["count"], first["stopped_at_limit"], dead["count"], data["unsolvable"]) == (5, True, 0, 1)
    assert first["nodes"] > 1 and data["events"] == sum(data["events_by_kind"].values()) > 0
