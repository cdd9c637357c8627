"""Pentomino tilings as exact cover: shapes, the classic counts, command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_runner import run, run_process

from solvers import dlx, pentomino


@pytest.fixture
def counts(public_data: Path) -> dict[str, dict[str, int]]:
    """Published tiling counts, classic and raw."""
    return json.loads((public_data / "pentomino" / "pentomino_counts.json").read_text())


def check_tiling(rows: list[str], width: int, height: int) -> None:
    """Each piece once, five cells each, every cell covered, shapes as drawn."""
    assert len(rows) == height and all(len(row) == width for row in rows)
    for piece in pentomino.PIECES:
        cells = [(y, x) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == piece]
        shape = pentomino.shape_of(pentomino.PICTURES[piece])
        assert pentomino.normalize(cells) in pentomino.orientations(shape), piece


def test_twelve_pieces_make_63_fixed_shapes() -> None:
    """Rotations and reflections: 63 fixed pentominoes, X alone has one."""
    shapes = {p: pentomino.orientations(pentomino.shape_of(pentomino.PICTURES[p])) for p in pentomino.PIECES}
    assert sum(len(s) for s in shapes.values()) == 63
    assert {p: len(s) for p, s in shapes.items() if len(s) < 8} == {
        "I": 2,
        "T": 4,
        "U": 4,
        "V": 4,
        "W": 4,
        "X": 1,
        "Z": 4,
    }
    assert all(len(cells) == 5 for s in shapes.values() for cells in s)


def test_three_by_twenty_counts(counts: dict[str, dict[str, int]]) -> None:
    """The classic count (symmetry broken) and the raw count, both ways round."""
    assert pentomino.count(3, 20) == counts["distinct_up_to_rectangle_symmetry"]["3x20"]
    assert pentomino.count(20, 3) == counts["distinct_up_to_rectangle_symmetry"]["3x20"]
    assert pentomino.count(3, 20, raw=True) == counts["raw_count_all_orientations"]["3x20"]


def test_raw_tilings_are_the_classic_ones_turned_and_mirrored() -> None:
    """The 8 raw 3 x 20 tilings fall into classes of 4 images each."""
    encoding = pentomino.encode(20, 3)
    tilings = {tuple(encoding.grid(a)) for a in dlx.solutions(encoding.matrix)}
    classes = set()
    for rows in tilings:
        check_tiling(list(rows), 20, 3)
        images = {rows, rows[::-1], tuple(r[::-1] for r in rows), tuple(r[::-1] for r in rows[::-1])}
        assert len(images) == 4 and images <= tilings
        classes.add(min(images))
    assert len(classes) == pentomino.count(20, 3)


def test_symmetry_breaking_places_x_in_one_quarter() -> None:
    """6 x 10: X's centre may sit in 2 x 4 places of one quarter; none on a mirror line."""
    quarter = pentomino.encode(6, 10, "quarter")
    assert quarter.matrix.size(pentomino.PIECES.index("X")) == 2 * 4
    assert pentomino.encode(6, 10, "mirror").matrix.size(pentomino.PIECES.index("X")) == 0
    mirror = pentomino.encode(5, 12, "mirror")  # the middle row of 5
    assert mirror.matrix.size(pentomino.PIECES.index("P")) < quarter.matrix.size(pentomino.PIECES.index("P"))


def test_first_tiling_of_each_board_is_valid() -> None:
    """6x10, 5x12, 4x15, 3x20 (and 10x6) each tile."""
    for width, height in ((6, 10), (10, 6), (5, 12), (4, 15), (3, 20)):
        rows = pentomino.first(width, height)
        assert rows is not None
        check_tiling(rows, width, height)


def test_cli_tiling_counts_and_json(
    capsys: pytest.CaptureFixture[str], counts: dict[str, dict[str, int]]
) -> None:
    """Letters, the classic count, --raw, and JSON."""
    code, out, _ = run(capsys, "pentomino", "20x3")
    assert code == 0
    check_tiling(out.splitlines(), 3, 20)  # 20 rows of 3
    classic = counts["distinct_up_to_rectangle_symmetry"]["3x20"]
    assert run(capsys, "pentomino", "3x20", "--count")[:2] == (0, f"{classic}\n")
    raw = counts["raw_count_all_orientations"]["3x20"]
    assert run(capsys, "pentomino", "3x20", "--count", "--raw")[:2] == (0, f"{raw}\n")
    data = json.loads(run(capsys, "pentomino", "3x20", "--count", "--json")[1])
    assert data["count"] == classic and data["nodes"] > 0


def test_a_board_is_rows_by_columns_on_the_command_line_as_in_the_app(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """'6x10' was width 6 x height 10 here (10 rows) and 6 rows x 10 columns in the app: now the app's."""
    from visualizer.scenes.pentomino.demo import BOARDS

    for label, (width, height) in BOARDS:
        code, out, _ = run(capsys, "pentomino", label.replace("×", "x"), "--json")
        data = json.loads(out)
        assert code == 0
        check_tiling(data["solution"], width, height)
        assert (data["rows"], data["columns"]) == (height, width)
    code, out, _ = run(capsys, "pentomino", "10x6")  # turned, still accepted: 10 rows of 6
    check_tiling(out.splitlines(), 6, 10)
    _code, _out, err = run(capsys, "pentomino", "7x8")
    assert "7x8 has 56" in err


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["7x7"], "60 cells; 7x7 has 49"),
        (["six-by-ten"], "expected ROWSxCOLUMNS"),
        (["6x10", "--raw"], "--raw needs --count"),
    ],
)
def test_cli_bad_boards_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str], reason: str) -> None:
    """One line on stderr."""
    code, out, err = run(capsys, "pentomino", *argv)
    assert code == 2 and not out and reason in err and err.count("\n") == 1


def test_cli_no_tiling_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    """2 x 30 has area 60 but X cannot fit."""
    assert run(capsys, "pentomino", "2x30") == (1, "no solution\n", "")


def test_subprocess_run() -> None:
    """The real command line."""
    done = run_process("pentomino", "3x20", "--count")
    assert (done.returncode, done.stdout) == (0, "2\n")
