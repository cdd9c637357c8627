"""`python -m solvers sudoku [FILE|-]`: solutions in the given form, counts, errors."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from cli_runner import run, run_process
from test_sudoku import SEED_FORM

from solvers import sudoku


def write(tmp_path: Path, text: str) -> str:
    """A puzzle file; returns its path."""
    path = tmp_path / "puzzles.txt"
    path.write_text(text)
    return str(path)


def test_euler_file_answers_in_its_own_form(capsys: pytest.CaptureFixture[str], public_data: Path) -> None:
    """'Grid NN' labels and compact rows come back, one solved grid per puzzle."""
    code, out, err = run(capsys, "sudoku", str(public_data / "sudoku" / "p096_sudoku.txt"))
    assert code == 0 and not err
    answers = sudoku.parse_puzzles(out, "out")
    assert len(answers) == 50 and answers[0].label == "Grid 01"
    assert all(a.form == "compact" and 0 not in a.cells for a in answers)
    assert out.splitlines()[1] == "483921657"


def test_one_line_puzzles_answer_one_line_each(capsys: pytest.CaptureFixture[str], public_data: Path) -> None:
    """top95: 95 lines of 81 digits, each a valid solution of its puzzle."""
    source = public_data / "sudoku" / "top95.txt"
    code, out, _ = run(capsys, "sudoku", str(source))
    lines = out.splitlines()
    assert code == 0 and len(lines) == 95 and all(len(line) == 81 for line in lines)
    for puzzle, line in zip(sudoku.parse_puzzles(source.read_text()), lines, strict=True):
        assert sudoku.is_valid_solution(puzzle, sudoku.parse_puzzle(line).cells)


def test_standard_input_in_the_articles_form(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nine lines of nine spaced numbers in, the same form out."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(SEED_FORM))
    code, out, _ = run(capsys, "sudoku")
    rows = out.splitlines()
    assert code == 0 and len(rows) == 9 and rows[0] == "4 8 3 9 2 1 6 5 7"


def test_count_with_limit_and_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A nearly blank grid has many solutions: --limit 2 stops at 2."""
    path = write(tmp_path, "1" + "." * 80 + "\n" + SEED_FORM)
    limited = "2 (stopped at the limit of 2; there may be more)"
    assert run(capsys, "sudoku", path, "--count", "--limit", "2")[:2] == (0, f"{limited}\n1\n")
    code, out, _ = run(capsys, "sudoku", path, "--count", "--limit", "2", "--json")
    data = json.loads(out)
    assert code == 0 and [p["count"] for p in data["puzzles"]] == [2, 1]
    assert [p["stopped_at_limit"] for p in data["puzzles"]] == [True, False]
    assert data["puzzles"][1]["nodes"] > 0 and data["unsolvable"] == 0


def test_json_solution(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The solution as 81 characters, whatever the input form."""
    code, out, _ = run(capsys, "sudoku", write(tmp_path, SEED_FORM), "--json")
    solution = json.loads(out)["puzzles"][0]["solution"]
    assert code == 0 and solution.startswith("483921657") and len(solution) == 81


def test_unsolvable_prints_no_solution_exit_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """No clash, but r1c9 has no candidate left."""
    path = write(tmp_path, "12345678." + "........9" + "." * 63)
    assert run(capsys, "sudoku", path) == (1, "no solution\n", "")
    assert run(capsys, "sudoku", path, "--count")[:2] == (1, "0\n")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty input, no puzzle found"),
        ("." * 80, "puzzle 1 (line 1): 80 characters"),
        (
            "." * 81 + "\n" + "." * 40 + "x" + "." * 40,
            "puzzle 2 (line 2), row 5, column 5: stray character 'x'",
        ),
        ("." * 15 + "7", "puzzle 1 (line 1), row 4, column 4: digit 7 out of range 1-4"),
        ("55" + "." * 79, "puzzle 1 (line 1): clashing givens: two 5s in row 1"),
    ],
)
def test_malformed_input_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, reason: str
) -> None:
    """One line on stderr naming the puzzle and the position; nothing on stdout."""
    path = write(tmp_path, text)
    code, out, err = run(capsys, "sudoku", path)
    assert code == 2 and not out
    assert err == f"{path}: {reason}" + err[len(path) + 2 + len(reason) :]
    assert err.count("\n") == 1


def test_limit_without_count_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    """--limit only bounds a count."""
    code, _, err = run(capsys, "sudoku", "-", "--limit", "2")
    assert code == 2 and "--limit needs --count" in err


def test_subprocess_run() -> None:
    """The real command line, puzzle on stdin."""
    done = run_process("sudoku", "-", "--count", stdin=SEED_FORM)
    assert (done.returncode, done.stdout, done.stderr) == (0, "1\n", "")
