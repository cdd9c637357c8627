"""The solvers' command line, hardened: every bad value is one line and exit 2, never a traceback."""

from __future__ import annotations

import errno
import importlib
import io
import json
import math
import os
import re
import signal
import subprocess
import sys
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from cli_runner import run, run_process_bytes
from conftest import default_sigint

from solvers import cli, dlx, queens, sudoku
from solvers.__main__ import build_parser, main
from solvers.commands import maze as maze_command
from solvers.maze import Maze, generate

ROOT = Path(__file__).resolve().parents[1]


def shown_progress(err: str) -> list[str]:
    """What the progress line showed, drawing by drawing (tqdm redraws it with \\r; times [...] dropped)."""
    drawings: list[str] = []
    for part in re.split(r"[\r\n]", err):
        text = re.sub(r"\s*\[[^\]]*\]\s*$", "", part)
        if text.strip() and (not drawings or drawings[-1] != text):
            drawings.append(text)
    return drawings


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run a command that must be refused: exit 2, nothing on stdout, one line on stderr."""
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1, (code, out, err)
    assert "Traceback" not in err and len(err) < 300
    return err


# --- 1. seeds are 0 to 2^32-1 everywhere ------------------------------------------

SEEDED = (["maze", "generate", "4", "4"], ["gametree"], ["maxtree"])


@pytest.mark.parametrize("command", SEEDED)
@pytest.mark.parametrize("seed", ["-1", "4294967296", "99999999999999999999999999999999999999999999", "1.5"])
def test_seeds_out_of_range_are_refused(
    capsys: pytest.CaptureFixture[str], command: list[str], seed: str
) -> None:
    """Negative, too large, huge or fractional seeds: one line naming the range."""
    err = refused(capsys, *command, "--seed", seed)
    assert "seed" in err


@pytest.mark.parametrize("command", SEEDED)
@pytest.mark.parametrize("seed", ["0", "4294967295"])
def test_seeds_at_the_ends_of_the_range_work(
    capsys: pytest.CaptureFixture[str], command: list[str], seed: str
) -> None:
    """0 and 2^32-1 are both good seeds."""
    code, out, err = run(capsys, *command, "--seed", seed)
    assert code == 0 and out and not err


# --- 2. encodings: non-UTF-8 input, ASCII output ---------------------------------

GARBAGE = bytes(range(128, 256)) * 4
"""Bytes that are not UTF-8 text."""


@pytest.mark.parametrize("command", ["sudoku", "exact-cover"])
def test_non_utf8_stdin_is_one_line_in_process(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    """A strict UTF-8 stdin holding other bytes: one line naming the first bad byte."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(GARBAGE), "utf-8", "strict"))
    err = refused(capsys, command, "-")
    assert "stdin: not UTF-8 text (byte 0x80 at offset 0)" in err


@pytest.mark.parametrize("command", ["sudoku", "exact-cover"])
def test_non_utf8_stdin_under_strict_io_encoding(command: str) -> None:
    """The same through a real process with PYTHONIOENCODING=utf-8:strict: no traceback."""
    done = run_process_bytes(
        command, "-", stdin=GARBAGE, env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"}
    )
    err = done.stderr.decode()
    assert done.returncode == 2 and done.stdout == b"" and err.count("\n") == 1, err
    assert "not UTF-8" in err


def test_ascii_stdout_falls_back_to_question_marks(tmp_path: Path) -> None:
    """Column names an ASCII terminal cannot show print as '?', and the run still succeeds."""
    matrix = tmp_path / "accents.txt"
    matrix.write_text("é ü\né\nü\n", encoding="utf-8")
    done = run_process_bytes("exact-cover", str(matrix), env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0 and done.stderr == b"", done.stderr
    assert done.stdout.decode("ascii").splitlines() == ["row 1 (line 2): ?", "row 2 (line 3): ?"]


def test_ascii_stderr_shows_an_unprintable_file_name(tmp_path: Path) -> None:
    """An error naming a non-ASCII file is still one line on an ASCII stderr."""
    done = run_process_bytes(
        "sudoku", str(tmp_path / "grille-é.txt"), env={**os.environ, "PYTHONIOENCODING": "ascii"}
    )
    err = done.stderr.decode("ascii")
    assert done.returncode == 2 and err.count("\n") == 1 and "Traceback" not in err


# --- 3. atomic saves ---------------------------------------------------------------

OLD_MAZE = generate(3, 3, seed=1).to_text()


def test_maze_save_that_fails_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A write that fails half-way (the disk is full) leaves the old file and no temporary one."""
    target = tmp_path / "m.txt"
    target.write_text(OLD_MAZE)

    def disk_full(descriptor: int) -> None:
        """Fail as a full disk does."""
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError):
        generate(50, 50, seed=2).save(target)
    assert target.read_text() == OLD_MAZE and os.listdir(tmp_path) == ["m.txt"]


def test_maze_save_replaces_and_keeps_permissions(tmp_path: Path) -> None:
    """A good save replaces the file whole and keeps its mode."""
    target = tmp_path / "m.txt"
    target.write_text(OLD_MAZE)
    target.chmod(0o640)
    maze = generate(5, 4, seed=3)
    maze.save(target)
    assert Maze.load(target) == maze and (target.stat().st_mode & 0o777) == 0o640
    assert os.listdir(tmp_path) == ["m.txt"]


def _small_file_limit() -> None:
    """In the child: files may not grow past 8 kB (as `ulimit -f 8`)."""
    import resource  # POSIX only

    resource.setrlimit(resource.RLIMIT_FSIZE, (8 * 1024, 8 * 1024))


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX file size limit")
def test_out_over_the_file_size_limit_keeps_the_old_file(tmp_path: Path) -> None:
    """`(ulimit -f 8; maze generate 100 100 --out m.txt)`: old m.txt intact, one line saying why."""
    target = tmp_path / "m.txt"
    target.write_text(OLD_MAZE)
    done = subprocess.run(
        [sys.executable, "-m", "solvers", "maze", "generate", "100", "100", "--out", str(target)],
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"},
        preexec_fn=_small_file_limit,
        timeout=120,
        check=False,
    )
    err = done.stderr.decode()
    assert done.returncode == 1 and err.count("\n") == 1, err
    assert "File too large" in err and "old file is unchanged" in err
    assert target.read_text() == OLD_MAZE and os.listdir(tmp_path) == ["m.txt"]


# --- 4. --count and --all stream ------------------------------------------------------


def independent_choices(columns: int) -> str:
    """An exact-cover file with 2^columns solutions: each column has two rows of its own."""
    names = [f"c{i}" for i in range(columns)]
    return " ".join(names) + "\n" + "".join(f"{name}\n{name}\n" for name in names)


class Discard(io.TextIOBase):
    """A stdout that keeps only the last few hundred characters (captured output would grow)."""

    def __init__(self) -> None:
        self.tail = ""

    def write(self, text: str) -> int:
        """Keep the end of what was written."""
        self.tail = (self.tail + text)[-400:]
        return len(text)


def peak_bytes(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> tuple[int, str]:
    """Peak memory traced while the CLI runs `argv` (stdout discarded), and the output's end."""
    sink = Discard()
    monkeypatch.setattr(sys, "stdout", sink)
    build_parser()  # every solver module imported before tracing
    importlib.import_module("solvers.bitcover")  # imported lazily, on a count's first use
    tracemalloc.start()
    try:
        code = main(argv)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert code == 0
    return peak, sink.tail


def test_count_keeps_no_solutions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """2^16 solutions counted: peak memory stays far below keeping them (about 12 MB)."""
    path = tmp_path / "many.txt"
    path.write_text(independent_choices(16))
    peak, tail = peak_bytes(monkeypatch, ["exact-cover", str(path), "--count"])
    assert tail == "65536\n" and peak < 1_000_000


@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_all_prints_each_solution_as_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, json_flag: list[str]
) -> None:
    """2^12 solutions printed one by one: peak memory stays below what keeping them would take."""
    path = tmp_path / "many.txt"
    path.write_text(independent_choices(12))
    peak, tail = peak_bytes(monkeypatch, ["exact-cover", str(path), "--all", *json_flag])
    assert peak < 300_000
    assert tail.endswith('"count": 4096}\n' if json_flag else "row 24 (line 25): c11\n")


def test_all_json_is_one_object(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The streamed --all --json is still one JSON object, every solution in it."""
    path = tmp_path / "eight.txt"
    path.write_text(independent_choices(3))
    code, out, _ = run(capsys, "exact-cover", str(path), "--all", "--json")
    data = json.loads(out)
    assert code == 0 and data["count"] == 8 and len(data["solutions"]) == 8
    assert {tuple(row["row"] for row in solution) for solution in data["solutions"]} == {
        (a, b, c) for a in (1, 2) for b in (3, 4) for c in (5, 6)
    }
    assert data["events_by_kind"]["Solution"] == 8 and data["nodes"] > 0


# --- 5. sudoku --count: a default limit, progress, Ctrl-C ----------------------------

MANY_SOLUTIONS = "1" + "." * 80 + "\n"
"""A sudoku with one given: more solutions than any count reaches."""


class FakeClock:
    """A clock that moves `step` seconds per reading; optionally Ctrl-C at one reading."""

    def __init__(self, step: float, interrupt_at: int = 0) -> None:
        self.now, self.step, self.readings, self.interrupt_at = 0.0, step, 0, interrupt_at

    def __call__(self) -> float:
        """The next time."""
        self.readings += 1
        if self.readings == self.interrupt_at:
            raise KeyboardInterrupt
        self.now += self.step
        return self.now


def test_count_stops_at_the_default_limit_and_says_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """No --limit: the count stops at 10,000, and both outputs say it stopped there."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(MANY_SOLUTIONS))
    code, out, _ = run(capsys, "sudoku", "--count")
    assert code == 0 and out == "10000 (stopped at the limit of 10,000; there may be more)\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(MANY_SOLUTIONS))
    code, out, _ = run(capsys, "sudoku", "--count", "--limit", "3", "--json")
    puzzle = json.loads(out)["puzzles"][0]
    assert (puzzle["count"], puzzle["stopped_at_limit"]) == (3, True)


def test_long_counts_report_progress_on_stderr(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A (fake) clock that passes 0.4 s per solution: a progress line about every 3 solutions."""
    monkeypatch.setattr(cli, "progress_clock", FakeClock(0.4))
    monkeypatch.setenv("UNWIND_PROGRESS", "1")  # as on a terminal
    monkeypatch.setattr(sys, "stdin", io.StringIO(MANY_SOLUTIONS))
    code, out, err = run(capsys, "sudoku", "--count", "--limit", "12")
    assert code == 0 and out.startswith("12 (stopped")
    assert shown_progress(err)[:2] == [
        "sudoku: puzzle 1: 3 solutions so far...",
        "sudoku: puzzle 1: 6 solutions so far...",
    ]


def test_progress_is_for_a_terminal_not_for_a_pipe(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long count into a pipe (stderr captured, not a terminal): no progress line, the answer alone."""
    monkeypatch.setattr(cli, "progress_clock", FakeClock(0.4))
    monkeypatch.delenv("UNWIND_PROGRESS", raising=False)
    monkeypatch.setattr(sys, "stdin", io.StringIO(MANY_SOLUTIONS))
    code, out, err = run(capsys, "sudoku", "--count", "--limit", "12")
    assert code == 0 and out.startswith("12 (stopped") and err == ""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    assert cli.progress_wanted()


def test_quick_counts_are_silent(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Under a second (by the fake clock): nothing on stderr."""
    monkeypatch.setattr(cli, "progress_clock", FakeClock(0.001))
    monkeypatch.setenv("UNWIND_PROGRESS", "1")  # as on a terminal
    monkeypatch.setattr(sys, "stdin", io.StringIO(MANY_SOLUTIONS))
    assert run(capsys, "sudoku", "--count", "--limit", "100")[2] == ""


def test_ctrl_c_is_one_line_and_exit_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C in the middle of a count: one line, exit code 130, no traceback."""
    monkeypatch.setattr(cli, "progress_clock", FakeClock(0.001, interrupt_at=50))
    monkeypatch.setenv("UNWIND_PROGRESS", "1")  # as on a terminal
    monkeypatch.setattr(sys, "stdin", io.StringIO(MANY_SOLUTIONS))
    code, out, err = run(capsys, "sudoku", "--count", "--limit", "1000")
    assert (code, out, err) == (130, "", "python -m solvers: interrupted\n")


@pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT")
def test_sigint_to_a_real_count(tmp_path: Path) -> None:
    """A real SIGINT, sent once the count has said it is running: exit 130, one last line."""
    puzzle = tmp_path / "one-given.txt"
    puzzle.write_text(MANY_SOLUTIONS)
    child = subprocess.Popen(
        [sys.executable, "-m", "solvers", "sudoku", str(puzzle), "--count", "--limit", "100000000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT), "UNWIND_PROGRESS": "1"},  # progress as at a terminal
        text=True,
        preexec_fn=default_sigint,
    )
    try:
        assert child.stderr is not None
        first = ""
        while "so far" not in first:  # the first drawing of the progress line: the search is under way
            char = child.stderr.read(1)
            assert char, first
            first += char
        child.send_signal(signal.SIGINT)
        out, rest = child.communicate(timeout=60)
    finally:
        child.kill()
    lines = shown_progress(first + rest)
    assert child.returncode == 130 and out == "" and lines[-1] == "python -m solvers: interrupted"
    assert all("so far" in line for line in lines[:-1])


# --- 6. queens N up to 100 answers --------------------------------------------------


def test_the_construction_places_every_n_up_to_300() -> None:
    """The explicit construction, checked by the same verifier as the search."""
    assert queens.construct(2) is None and queens.construct(3) is None
    for n in [1, *range(4, 301)]:
        files = queens.construct(n)
        assert files is not None and queens.is_placement(files), n


@pytest.mark.parametrize("n", [64, 70, 99, 100])
def test_large_boards_answer(capsys: pytest.CaptureFixture[str], n: int) -> None:
    """Search alone never answered N >= 70: after its budget of tries, the construction answers."""
    code, out, _ = run(capsys, "queens", str(n), "--json")
    data = json.loads(out)
    assert code == 0 and data["method"] == "construction" and queens.is_placement(tuple(data["solution"]))
    assert data["nodes"] > queens.SEARCH_BUDGET


def test_small_boards_are_still_searched(capsys: pytest.CaptureFixture[str]) -> None:
    """N = 8 is found by dancing links, as before; N = 3 has no placement (exit 1)."""
    data = json.loads(run(capsys, "queens", "8", "--json")[1])
    assert data["method"] == "search" and queens.is_placement(tuple(data["solution"]))
    assert run(capsys, "queens", "3")[:2] == (1, "no solution\n")


def test_all_and_count_search_every_placement(capsys: pytest.CaptureFixture[str]) -> None:
    """--all prints the 4 placements of N = 6 and the count; --count beyond N = 14 is refused."""
    code, out, _ = run(capsys, "queens", "6", "--all", "--json")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(lines) == 5 and lines[-1]["count"] == 4
    assert all(queens.is_placement(tuple(line["solution"])) for line in lines[:4])
    assert "N up to 14" in refused(capsys, "queens", "15", "--count")


# --- 7. factorial N has a stated bound ------------------------------------------------


@pytest.mark.parametrize("n", ["20001", "99999999999999999999999999", "9" * 5000])
def test_factorial_beyond_the_bound_is_refused(capsys: pytest.CaptureFixture[str], n: str) -> None:
    """Beyond 20,000, huge or absurdly long: one short line naming the range."""
    assert "N must be 0 to 20000" in refused(capsys, "factorial", n)


def test_factorial_at_the_bound_answers(capsys: pytest.CaptureFixture[str]) -> None:
    """20,000! prints in full; the help states the bound."""
    code, out, _ = run(capsys, "factorial", "20000")
    assert code == 0 and out.splitlines()[0] == str(math.factorial(20000))
    with pytest.raises(SystemExit):
        run(capsys, "factorial", "--help")
    assert "0 to 20,000" in capsys.readouterr().out


# --- 8. size caps and short messages ---------------------------------------------------

TWO_MB_TOKEN = "7" * 2_000_000


@pytest.mark.parametrize("command", ["sudoku", "exact-cover"])
def test_files_over_4_mb_are_refused_unparsed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    """A 5 MB file: one line saying it is too large."""
    big = tmp_path / "big.txt"
    big.write_text(("." * 81 + "\n") * 65_000)
    assert "too large" in refused(capsys, command, str(big))


def test_stdin_over_4_mb_is_refused(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cap holds for standard input too."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("a\n" * 2_500_000))
    assert "stdin: larger than 4 MB" in refused(capsys, "exact-cover", "-")


def test_a_huge_number_in_a_sudoku_is_not_read_nor_echoed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A 2-million-digit cell: refused at once, the message says how long it was."""
    grid = tmp_path / "grid.txt"
    grid.write_text(f"{TWO_MB_TOKEN} 0 0 0 0 0 0 0 0\n" + "0 0 0 0 0 0 0 0 0\n" * 8)
    err = refused(capsys, "sudoku", str(grid))
    assert "digit of 2,000,000 digits out of range" in err


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (f"a b\n{TWO_MB_TOKEN}\n", "unknown column '7777"),
        (f"a {TWO_MB_TOKEN} {TWO_MB_TOKEN}\na\n", "declared twice"),
    ],
)
def test_exact_cover_messages_never_echo_a_huge_token(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, expected: str
) -> None:
    """Errors about a 2 MB column name cut it to a few characters and give its length."""
    path = tmp_path / "matrix.txt"
    path.write_text(text)
    err = refused(capsys, "exact-cover", str(path))
    assert expected in err and "(2,000,000 characters)" in err


def test_long_command_line_values_are_cut(capsys: pytest.CaptureFixture[str]) -> None:
    """A 100 kB board or frog state: one short line."""
    assert "a board has 9 cells" in refused(capsys, "tictactoe", "--board", "x" * 100_000)
    assert "state" in refused(capsys, "frogs", "--from", "Q" * 100_000)


# --- 9. byte order marks and old Mac line ends ---------------------------------------

BOM = "\ufeff"
KNUTH = "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"
SUDOKU = "530070000600195000098000060800060003400803001700020006060000280000419005000080079\n"
MAZE = generate(4, 3, seed=5).to_text()


def _variants(text: str) -> dict[str, str]:
    """The same text with a BOM, CR LF, CR only, and a BOM with CR only."""
    return {
        "bom": BOM + text,
        "crlf": text.replace("\n", "\r\n"),
        "cr": text.replace("\n", "\r"),
        "bom-cr": BOM + text.replace("\n", "\r"),
    }


@pytest.mark.parametrize("variant", ["bom", "crlf", "cr", "bom-cr"])
def test_every_loader_reads_boms_and_any_line_end(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, variant: str
) -> None:
    """exact-cover, sudoku and maze solve answer as for the plain file; the parsers agree."""
    answers = {}
    for command, text in (("exact-cover", KNUTH), ("sudoku", SUDOKU), ("maze", MAZE)):
        plain, odd = tmp_path / f"{command}.txt", tmp_path / f"{command}-{variant}.txt"
        plain.write_bytes(text.encode())
        odd.write_bytes(_variants(text)[variant].encode())
        argv = ["maze", "solve"] if command == "maze" else [command]
        outputs = [run(capsys, *argv, str(path))[:2] for path in (plain, odd)]
        # maze solve's last line gives the seconds taken: leave it out
        answers[command] = [
            (code, out.splitlines()[:-1] if command == "maze" else out) for code, out in outputs
        ]
    for command, (expected, got) in answers.items():
        assert got == expected and expected[0] == 0, command
    assert Maze.from_text(_variants(MAZE)[variant]) == Maze.from_text(MAZE)
    assert sudoku.parse_puzzles(_variants(SUDOKU)[variant]) == sudoku.parse_puzzles(SUDOKU)
    assert dlx.parse_matrix(_variants(KNUTH)[variant]).lines == dlx.parse_matrix(KNUTH).lines


# --- 10. maze solve - reads standard input ----------------------------------------------


def test_maze_solve_reads_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Text art or JSON on stdin, as from a file; errors name stdin."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(MAZE))
    code, out, _ = run(capsys, "maze", "solve", "-", "--json")
    assert code == 0 and json.loads(out)["path"][-1] == [2, 3]
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(Maze.from_text(MAZE).to_json_data())))
    assert run(capsys, "maze", "solve", "-")[0] == 0
    monkeypatch.setattr(sys, "stdin", io.StringIO("+--+\n"))
    assert refused(capsys, "maze", "solve", "-").startswith("maze solve: stdin: ")


def test_maze_solve_stdin_through_a_pipe() -> None:
    """A real pipe: `python -m solvers maze generate 5 5 --seed 1 | python -m solvers maze solve -`."""
    art = generate(5, 5, seed=1).to_text().encode()
    done = run_process_bytes("maze", "solve", "-", stdin=art)
    assert done.returncode == 0 and b"path of" in done.stdout, done.stderr


# --- 11. JSON maze coordinates are whole numbers inside the grid ------------------------


def _json_maze(**changes: object) -> str:
    """A 4 x 3 JSON maze with some fields replaced by raw JSON text."""
    data = Maze.from_text(MAZE).to_json_data()
    text = json.dumps(data)
    for key, raw in changes.items():
        text = text.replace(f'"{key}": {json.dumps(data[key])}', f'"{key}": {raw}')
    return text


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"start": "[Infinity, 0]"}, "whole numbers only, not 'Infinity'"),
        ({"goal": "[NaN, 1]"}, "whole numbers only, not 'NaN'"),
        ({"start": "[1e400, 0]"}, "whole numbers only, not '1e400'"),
        ({"start": "[0.9, 0.7]"}, "whole numbers only, not '0.9'"),
        ({"goal": "[true, 1]"}, "goal must be [row, col], two whole numbers"),
        ({"start": "[0]"}, "start must be [row, col]"),
        ({"start": '"0,0"'}, "start must be [row, col]"),
        ({"goal": "[3, 0]"}, "goal (3, 0) is off the 4 x 3 grid"),
        ({"start": "[0, -1]"}, "start (0, -1) is off the 4 x 3 grid"),
        ({"start": f"[{'9' * 5000}, 0]"}, "not one of 5,000 digits"),
        ({"width": "true"}, "width and height must be whole numbers"),
    ],
)
def test_bad_json_coordinates_are_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, changes: dict[str, str], message: str
) -> None:
    """Infinity, 1e400, 0.9, booleans, off-grid cells: refused, never rounded nor a traceback."""
    path = tmp_path / "maze.json"
    path.write_text(_json_maze(**changes))
    err = refused(capsys, "maze", "solve", str(path))
    assert message in err, err


def test_good_json_coordinates_are_kept(tmp_path: Path) -> None:
    """Whole numbers inside the grid come back as given."""
    maze = Maze.from_text(_json_maze(start="[1, 2]", goal="[2, 0]"))
    assert (maze.start, maze.goal) == ((1, 2), (2, 0))


# --- 12. corners in maze art are '+' -----------------------------------------------------


@pytest.mark.parametrize(
    ("line", "column", "char"),
    [(1, 1, "X"), (1, 4, "*"), (3, 7, "X"), (7, 13, "o"), (5, 1, "|")],
)
def test_a_wrong_corner_is_named_by_line_and_column(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, line: int, column: int, char: str
) -> None:
    """Any character but '+' where a corner belongs: one line naming its line and column."""
    rows = MAZE.splitlines()
    rows[line - 1] = rows[line - 1][: column - 1] + char + rows[line - 1][column:]
    path = tmp_path / "maze.txt"
    path.write_text("\n".join(rows) + "\n")
    err = refused(capsys, "maze", "solve", str(path))
    assert f"line {line}, column {column}: a corner between walls is '+', not {char!r}" in err


# --- 14. sudoku says whether the solution is unique; tictactoe's empty board -------------


def test_sudoku_json_says_unique(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A proper puzzle is unique; one with a single given is not, and the text says so on a comment line."""
    path = tmp_path / "two.txt"
    path.write_text(SUDOKU + MANY_SOLUTIONS)
    code, out, _ = run(capsys, "sudoku", str(path), "--json")
    assert code == 0 and [p["unique"] for p in json.loads(out)["puzzles"]] == [True, False]
    code, out, _ = run(capsys, "sudoku", str(path))
    lines = out.splitlines()
    assert code == 0 and len(lines) == 3 and lines[2] == sudoku.NOT_UNIQUE
    solved = sudoku.parse_puzzles(out)  # the note is a comment: the output still parses
    assert [len(p.cells) for p in solved] == [81, 81]


def test_sudoku_without_a_solution_is_not_unique(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """No solution: exit 1, unique false."""
    path = tmp_path / "none.txt"
    path.write_text("12345678." + "." * 8 + "9" + "." * 63 + "\n")
    code, out, _ = run(capsys, "sudoku", str(path), "--json")
    assert code == 1 and json.loads(out)["puzzles"][0]["unique"] is False


def test_tictactoe_without_a_board_answers_for_the_empty_board(capsys: pytest.CaptureFixture[str]) -> None:
    """As its help says: the empty board, x to move, a draw with best play."""
    code, out, err = run(capsys, "tictactoe", "--alphabeta", "--json")
    data = json.loads(out)
    assert code == 0 and not err and data["board"] == "." * 9 and data["to_move"] == "x"
    assert data["value"] == 0 and data["move"] in range(9)


def test_square_generate_builds_no_json_it_does_not_print(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 200 x 200 maze saved as text art builds neither its --json data nor its cell graph.

    Both were built on every run: 23 MB traced here, 2.36 GB resident at 2000 x 2000.
    """
    out = tmp_path / "maze.txt"
    peak, tail = peak_bytes(monkeypatch, ["maze", "generate", "200", "200", "--seed", "5", "--out", str(out)])
    assert tail.endswith(f"saved to {out}\n") and peak < 8_000_000
    assert Maze.from_text(out.read_text()).to_text() == generate(200, 200, 5).to_text()


# --- output that cannot be written -------------------------------------------------------


class FullStdout(io.TextIOBase):
    """A standard output on a full disk: every write fails."""

    def write(self, text: str) -> int:
        """Fail as /dev/full does."""
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def fileno(self) -> int:
        """No descriptor to point elsewhere."""
        raise io.UnsupportedOperation("fileno")


def test_output_onto_a_full_disk_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`python -m solvers queens 8 > /dev/full`: exit 1 and one line saying why, no traceback."""
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdout", FullStdout())
    code, _out, err = run(capsys, "queens", "8")
    assert code == 1
    assert err.count("\n") == 1 and "cannot write the output" in err and "No space left" in err


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX file size limit")
def test_output_over_the_file_size_limit_is_one_line(tmp_path: Path) -> None:
    """`(ulimit -f 8; python -m solvers maze generate 200 200 > o.txt)`: exit 1, one line, no traceback."""
    with open(tmp_path / "o.txt", "wb") as out:
        done = subprocess.run(
            [sys.executable, "-m", "solvers", "maze", "generate", "200", "200", "--seed", "1"],
            stdout=out,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"},
            preexec_fn=_small_file_limit,
            timeout=120,
            check=False,
        )
    err = done.stderr.decode()
    assert done.returncode == 1 and err.count("\n") == 1 and "File too large" in err, err


def test_a_closed_stdin_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`python -m solvers sudoku - <&-` (Python then has no sys.stdin): exit 2 and one line."""
    monkeypatch.setattr(sys, "stdin", None)
    code, _out, err = run(capsys, "sudoku", "-")
    assert code == 2
    assert err.count("\n") == 1 and "stdin" in err


# --- long inputs say how they go -----------------------------------------------------------

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


class Recording(io.TextIOBase):
    """A stdout that notes, for each write, how many puzzles had been solved by then."""

    def __init__(self, solved: list[int]) -> None:
        self.solved = solved
        self.writes: list[tuple[int, str]] = []

    def write(self, text: str) -> int:
        """Keep the text with the number solved so far."""
        self.writes.append((len(self.solved), text))
        return len(text)


def test_sudoku_prints_each_answer_as_it_comes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Three puzzles: the first answer is written before the second puzzle is solved (so `| head -1` ends)."""
    solved: list[int] = []
    solve = dlx.watched_solutions

    def noted(*args: object, **kwargs: object) -> list[Any]:
        """Solve, and note it."""
        found = solve(*args, **kwargs)  # type: ignore[arg-type]
        solved.append(1)
        return found

    monkeypatch.setattr(dlx, "watched_solutions", noted)
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{EASY}\n{EASY}\n{EASY}\n"))
    out = Recording(solved)
    monkeypatch.setattr(sys, "stdout", out)
    assert run(capsys, "sudoku", "-")[0] == 0
    text = "".join(part for _, part in out.writes)
    first = next(count for count, part in out.writes if part.strip())
    assert first == 1 and text.count("534678912") == 3


def test_an_exact_cover_count_reports_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """2^12 solutions, a clock passing 0.4 s a reading: progress lines on stderr, the count on stdout."""
    path = tmp_path / "many.txt"
    path.write_text(independent_choices(12))
    monkeypatch.setattr(cli, "progress_clock", FakeClock(0.4))
    monkeypatch.setenv("UNWIND_PROGRESS", "1")  # as on a terminal
    code, out, err = run(capsys, "exact-cover", str(path), "--count")
    assert code == 0 and out == "4096\n"
    assert shown_progress(err)[:2] == [
        "exact-cover: 3 solutions so far...",
        "exact-cover: 6 solutions so far...",
    ]


def test_maze_stats_reports_mazes_measured(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`maze stats --samples N`: 'mazes so far' lines on stderr while it measures (0.4 s a clock reading)."""
    monkeypatch.setattr(cli, "progress_clock", FakeClock(0.4))
    monkeypatch.setenv("UNWIND_PROGRESS", "1")  # as on a terminal
    code, out, err = run(
        capsys, "maze", "stats", "--size", "4", "--samples", "12", "--algorithm", "backtracker"
    )
    assert code == 0 and "backtracker" in out
    assert shown_progress(err)[:2] == [
        "maze stats:  25%|██▌       | 3/12 mazes",
        "maze stats:  50%|█████     | 6/12 mazes",
    ]
    assert err.endswith("\n")  # the finished bar ends its line


@pytest.mark.parametrize(
    ("shape", "noun"), [("square", "walls removed"), ("hex", "passages")], ids=["square", "hex"]
)
def test_a_large_maze_reports_its_carving(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, shape: str, noun: str
) -> None:
    """`maze generate 100 100`: a line every 4,096 passages once the (fake) clock passes a second."""
    monkeypatch.setattr(cli, "progress_clock", FakeClock(2.0))
    monkeypatch.setenv("UNWIND_PROGRESS", "1")  # as on a terminal
    code, _, err = run(capsys, "maze", "generate", "100", "100", "--shape", shape, "--out", os.devnull)
    assert code == 0
    assert shown_progress(err) == [
        f"maze generate: 4,096 {noun} so far...",
        f"maze generate: 8,192 {noun} so far...",
    ]


@pytest.mark.parametrize("shape", ["square", "hex"])
def test_a_worksheet_past_its_cells_is_refused_before_carving(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, shape: str
) -> None:
    """--pdf with copies x cells over the cap: one line, exit 2, nothing carved, no file.

    `maze generate 300 300 --pdf x.pdf --copies 100` took minutes for an unreadable worksheet.
    """
    from solvers.mazes import cli as shapes_cli

    monkeypatch.setattr(shapes_cli, "MAX_WORKSHEET_CELLS", 1000)
    monkeypatch.setattr(maze_command, "carve", None)  # carving would fail at once
    monkeypatch.setattr(shapes_cli, "carve_passages", None)
    pdf = tmp_path / "w.pdf"
    message = refused(
        capsys, "maze", "generate", "10", "10", "--shape", shape, "--pdf", str(pdf), "--copies", "11"
    )
    assert "at most 1,000 cells" in message and "11 x 100" in message and not pdf.exists()


# --- left from the first round -----------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["frogs", "\u0663"],
        ["pentomino", "\u0666x\u0661\u0660"],
        ["maze", "solve", "-", "--start", "\u0661,\u0660"],
        ["maze", "solve", "-", "--goal", "\u0663"],
    ],
    ids=["frogs", "pentomino", "maze-start", "maze-goal-id"],
)
def test_digits_of_other_scripts_are_refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    """Numbers are ASCII digits: '٣' (Arabic-Indic 3), which int() reads, is one line and exit 2."""
    refused(capsys, *argv)


def test_factorial_limit_is_bounded(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`factorial 5 --endless --limit 100000000` is refused (it ran for minutes); a million is the top."""
    from solvers import recursion

    with monkeypatch.context() as patched:
        patched.setattr(recursion, "recursive_factorial_events", None)  # refused before it runs
        assert "1 to 1000000" in refused(capsys, "factorial", "5", "--endless", "--limit", "100000000")
    code, out, _ = run(capsys, "factorial", "5", "--endless", "--limit", "1000")
    assert code == 0 and "stack overflow at depth 1,000" in out


def test_running_out_of_memory_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A MemoryError (2000 x 2000 --svg under a 3 GB limit) is one line and exit 1, not a traceback."""

    def no_memory(*args: object) -> None:
        """Fail as a full memory does."""
        raise MemoryError

    monkeypatch.setattr(maze_command, "carve", no_memory)
    code, out, err = run(capsys, "maze", "generate", "5", "5")
    assert code == 1 and out == "" and err.count("\n") == 1 and "out of memory" in err


def test_an_svg_without_stairs_builds_no_stairs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A flat maze's SVG asks nothing about stairs (their check built a set of every passage twice)."""
    from solvers.mazes import printing

    monkeypatch.setattr(printing, "stairs", None)
    svg = tmp_path / "m.svg"
    assert (
        run(capsys, "maze", "generate", "6", "4", "--seed", "2", "--shape", "hex", "--svg", str(svg))[0] == 0
    )
    assert svg.read_text().count("<text") == 2  # S and G
