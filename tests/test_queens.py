"""N-queens as exact cover: OEIS counts, valid placements, events, command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_runner import run, run_process

from solvers import dlx, queens
from solvers.events import Pop, Push, Solution


@pytest.fixture
def counts(public_data: Path) -> dict[str, dict[str, int]]:
    """OEIS A000170 (all) and A002562 (up to symmetry)."""
    return json.loads((public_data / "nqueens" / "nqueens_counts.json").read_text())


def symmetry_classes(placements: list[tuple[int, ...]]) -> int:
    """How many placements remain when rotations and reflections are identified."""

    def images(files: tuple[int, ...]) -> set[tuple[int, ...]]:
        n, out, cells = len(files), set(), [(r, f) for r, f in enumerate(files)]
        for _ in range(4):
            cells = [(f, n - 1 - r) for r, f in cells]
            for variant in (cells, [(r, n - 1 - f) for r, f in cells]):
                out.add(tuple(f for _, f in sorted(variant)))
        return out

    return len({min(images(p)) for p in placements})


def test_counts_1_to_10_equal_oeis(counts: dict[str, dict[str, int]]) -> None:
    """A000170 for N = 1..10."""
    for n in range(1, 11):
        assert queens.count(n) == counts["total_A000170"][str(n)], n


def test_every_placement_is_valid_and_classes_match_oeis(counts: dict[str, dict[str, int]]) -> None:
    """All placements for N <= 8 are distinct and valid; up to symmetry they give A002562."""
    for n in range(1, 9):
        found = queens.all_placements(n)
        assert len(set(found)) == len(found) == counts["total_A000170"][str(n)]
        assert all(queens.is_placement(p) for p in found)
        assert symmetry_classes(found) == counts["fundamental_A002562"][str(n)]


def test_first_placement_valid_or_none() -> None:
    """N = 2 and 3 have none; others, up to a big board, have one found fast."""
    assert queens.first(2) is None and queens.first(3) is None
    for n in (1, 4, 5, 8, 12, 30):
        files = queens.first(n)
        assert files is not None and queens.is_placement(files)


def test_both_column_choices_count_alike_but_fewest_searches_less() -> None:
    """Knuth's S heuristic visits fewer nodes than taking the leftmost column."""
    fewest, leftmost = dlx.Counters(), dlx.Counters()
    encoding = queens.encode(7)
    assert dlx.count(encoding.matrix, counters=fewest) == 40
    assert dlx.count(encoding.matrix, strategy="leftmost", counters=leftmost) == 40
    assert fewest.nodes < leftmost.nodes


def test_organ_pipe_order_is_a_permutation_from_the_middle() -> None:
    """8 -> 4 3 5 2 6 1 7 0."""
    assert queens.organ_pipe(8) == [4, 3, 5, 2, 6, 1, 7, 0]
    for n in range(1, 17):
        assert sorted(queens.organ_pipe(n)) == list(range(n))


def test_events_never_put_two_queens_in_attack() -> None:
    """Placing on Push and lifting on Pop: no attack ever, every solution complete."""
    encoding = queens.encode(6)
    board: dict[int, int] = {}
    solutions = 0
    for event in encoding.search():
        if type(event) is Push:
            rank, file = encoding.squares[event.what]
            assert rank not in board
            for r, f in board.items():
                assert f != file and abs(r - rank) != abs(f - file)
            board[rank] = file
        elif type(event) is Pop:
            rank, file = encoding.squares[event.value]
            assert board.pop(rank) == file
        elif type(event) is Solution:
            solutions += 1
            assert len(board) == 6
            assert encoding.files(event.answer) == tuple(board[r] for r in range(6))
    assert solutions == 4 and not board


def test_cli_board_count_and_json(
    capsys: pytest.CaptureFixture[str], counts: dict[str, dict[str, int]]
) -> None:
    """A board of Q and dots, the count, and JSON."""
    code, out, _ = run(capsys, "queens", "8")
    rows = out.splitlines()
    assert code == 0 and len(rows) == 8
    files = tuple(row.split().index("Q") for row in rows)
    assert queens.is_placement(files)
    assert run(capsys, "queens", "8", "--count")[:2] == (0, f"{counts['total_A000170']['8']}\n")
    data = json.loads(run(capsys, "queens", "6", "--json")[1])
    assert queens.is_placement(tuple(data["solution"])) and data["nodes"] > 0


@pytest.mark.parametrize(("n", "method"), [(6, "search"), (100, "construction")])
def test_cli_json_counts_the_placement_it_answers_with(
    capsys: pytest.CaptureFixture[str], n: int, method: str
) -> None:
    """queens 100 --json said "solutions": 0 beside its (constructed) solution."""
    code, out, _ = run(capsys, "queens", str(n), "--json")
    data = json.loads(out)
    assert code == 0 and data["method"] == method and queens.is_placement(tuple(data["solution"]))
    assert data["solutions"] == 1
    data = json.loads(run(capsys, "queens", "3", "--json")[1])
    assert data["solution"] is None and data["solutions"] == 0


def test_cli_no_solution_and_bad_n(capsys: pytest.CaptureFixture[str]) -> None:
    """N = 3 has no solution (exit 1); N = 0 or 'x' is a usage error (exit 2)."""
    assert run(capsys, "queens", "3") == (1, "no solution\n", "")
    for bad in ("0", "101", "x"):
        code, out, err = run(capsys, "queens", bad)
        assert code == 2 and not out and err.count("\n") == 1


def test_subprocess_count() -> None:
    """The real command line."""
    done = run_process("queens", "6", "--count")
    assert (done.returncode, done.stdout) == (0, "4\n")
