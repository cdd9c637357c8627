"""`python -m solvers exact-cover FILE`: solutions, counts, JSON, errors."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest
from cli_runner import run, run_process

KNUTH = "# Knuth's example\nA B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"
TWO_WAYS = "a b\na b\na\nb\n"


@pytest.fixture
def knuth_file(tmp_path: Path) -> Path:
    """Knuth's matrix in the text format."""
    path = tmp_path / "knuth.txt"
    path.write_text(KNUTH)
    return path


def test_prints_the_chosen_rows(capsys: pytest.CaptureFixture[str], knuth_file: Path) -> None:
    """Rows in input order, with their source lines."""
    code, out, err = run(capsys, "exact-cover", str(knuth_file))
    assert code == 0 and not err
    assert out.splitlines() == ["row 1 (line 3): C E F", "row 4 (line 6): A D", "row 5 (line 7): B G"]


def test_knuths_own_files_with_bar_comment_lines_are_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Knuth's dlx files start comments with '|': such a first line was taken for the column line."""
    path = tmp_path / "knuth.dlx"
    path.write_text("| comment\nA B C | X Y\n| a comment between rows\nA B\nC\n  | indented, too\nA X\n")
    code, out, err = run(capsys, "exact-cover", str(path), "--all")
    assert code == 0 and not err
    assert out.splitlines()[:2] == ["row 1 (line 4): A B", "row 2 (line 5): C"]
    data = json.loads(run(capsys, "exact-cover", str(path), "--json")[1])
    assert data["columns"] == 5 and data["rows"] == 3 and data["solutions"] == 1
    assert [row["line"] for row in data["solution"]] == [4, 5]


def test_count_all_and_limit(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """'a b' alone or 'a' + 'b': two covers; --limit 1 stops at one."""
    path = tmp_path / "two.txt"
    path.write_text(TWO_WAYS)
    assert run(capsys, "exact-cover", str(path), "--count")[:2] == (0, "2\n")
    assert run(capsys, "exact-cover", str(path), "--count", "--limit", "1")[:2] == (0, "1\n")
    code, out, _ = run(capsys, "exact-cover", str(path), "--all")
    assert code == 0 and out.split("\n\n") == [
        "row 1 (line 2): a b",
        "row 2 (line 3): a\nrow 3 (line 4): b\n",
    ]
    code, out, _ = run(capsys, "exact-cover", str(path), "--count", "--strategy", "leftmost")
    assert out == "2\n"


def test_json_carries_rows_and_knuths_counters(capsys: pytest.CaptureFixture[str], knuth_file: Path) -> None:
    """One JSON object: the solution's rows and the nodes/updates counters."""
    code, out, _ = run(capsys, "exact-cover", str(knuth_file), "--json")
    data = json.loads(out)
    assert code == 0 and data["solutions"] == 1 and data["nodes"] == 6
    assert [r["row"] for r in data["solution"]] == [1, 4, 5]
    assert data["solution"][0]["columns"] == ["C", "E", "F"]


def test_no_solution_exits_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Column b can never be covered."""
    path = tmp_path / "none.txt"
    path.write_text("a b\na\n")
    assert run(capsys, "exact-cover", str(path)) == (1, "no solution\n", "")
    assert run(capsys, "exact-cover", str(path), "--count")[:2] == (1, "0\n")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty input"),
        ("a b\na c\n", "line 2, word 2: unknown column 'c'"),
    ],
)
def test_malformed_matrix_is_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, reason: str
) -> None:
    """A one-line reason naming the file and the place."""
    path = tmp_path / "bad.txt"
    path.write_text(text)
    code, out, err = run(capsys, "exact-cover", str(path))
    assert code == 2 and not out
    assert err.count("\n") == 1 and err.startswith(str(path)) and reason in err


def test_missing_file_and_bad_limit_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Unreadable files and a limit of 0 are usage errors."""
    code, _, err = run(capsys, "exact-cover", str(tmp_path / "nope.txt"))
    assert code == 2 and "cannot read" in err and err.count("\n") == 1
    code, _, err = run(capsys, "exact-cover", "x", "--count", "--limit", "0")
    assert code == 2 and "at least 1" in err
    code, _, err = run(capsys, "exact-cover", "x", "--limit", "2")
    assert code == 2 and "--limit needs --count or --all" in err


def test_subprocess_reads_standard_input() -> None:
    """`python -m solvers exact-cover -` with the matrix on stdin."""
    done = run_process("exact-cover", "-", "--count", stdin=KNUTH)
    assert (done.returncode, done.stdout, done.stderr) == (0, "1\n", "")


def test_every_command_is_found_in_the_table_of_commands() -> None:
    """COMMANDS names each command's module, so a run imports only that module."""
    from solvers.__main__ import COMMANDS, build_parser

    for command, module in COMMANDS.items():
        assert command in _subcommands(build_parser((module,)))
    assert set(_subcommands(build_parser())) == set(COMMANDS)


def _subcommands(parser: argparse.ArgumentParser) -> list[str]:
    """The subcommand names a parser knows."""
    subparsers = [action for action in parser._actions if isinstance(action, argparse._SubParsersAction)]
    return [name for action in subparsers if action.dest == "command" for name in action.choices]


@pytest.mark.parametrize("command", [["queens", "6", "--count"], ["pentomino", "3x20", "--count"]])
def test_exact_cover_commands_leave_numpy_unloaded(command: list[str]) -> None:
    """numpy is for mazes: a queens or pentomino run never imports it."""
    code = (
        "import sys, runpy; sys.argv = ['solvers', *sys.argv[1:]]\n"
        "try: runpy.run_module('solvers', run_name='__main__')\n"
        "except SystemExit: pass\n"
        "print('numpy' in sys.modules)"
    )
    root = str(Path(__file__).resolve().parents[1])
    done = subprocess.run(
        [sys.executable, "-c", code, *command], capture_output=True, text=True, cwd=root, check=True
    )
    assert done.stdout.split()[-1] == "False" and done.stdout.split()[0] in ("2", "4")
