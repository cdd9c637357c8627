"""Counting in parts (`solvers.parallel`): the split is exact, the pool and Dask add up, the CLI's --jobs."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_runner import run
from conftest import PUBLIC_DATA, default_sigint
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import cli, dlx, parallel, pentomino, queens, sudoku
from solvers.commands import jobs as job_options
from solvers.parallel import Plan, Problem, Tally

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def clock_stands_still(monkeypatch: pytest.MonkeyPatch) -> None:
    """Progress lines come a second into a run: with a clock that stands still, never (stderr is exact)."""
    monkeypatch.setattr(cli, "progress_clock", lambda: 0.0)


def direct(problem: Problem, strategy: str = "fewest") -> Tally:
    """The reference: one search of the whole matrix, its count and Knuth's counters."""
    counters = dlx.Counters()
    found = dlx.count(problem.matrix(), strategy=strategy, counters=counters)
    return Tally(found, counters.nodes, counters.updates)


def counted_in_parts(problems: list[Problem], wanted: int, strategy: str = "fewest") -> tuple[Tally, int]:
    """Split, count every part here, add the split's own levels: the tally and how many parts."""
    parts = parallel.split(problems, wanted, strategy == "fewest")
    total = parts.above
    for part in parts.parts:
        total += direct(part, strategy)
    return total, len(parts.parts)


def queens_problem(n: int) -> Problem:
    """N-queens as plain data."""
    return Problem.of(queens.encode(n).matrix)


@st.composite
def problems(draw: st.DrawFn) -> Problem:
    """A small random exact-cover matrix, secondary columns included, rows in any column order."""
    n_primary = draw(st.integers(1, 6))
    n_secondary = draw(st.integers(0, 3))
    columns = n_primary + n_secondary
    row = st.lists(st.integers(0, columns - 1), min_size=1, max_size=4, unique=True).map(tuple)
    return Problem(n_primary, n_secondary, tuple(draw(st.lists(row, max_size=16))))


# --------------------------------------------------------------------------
# The split.


@pytest.mark.parametrize(("n", "known"), [(8, 92), (10, 724)])
@pytest.mark.parametrize("wanted", [1, 2, 10, 24, 200])
def test_queens_parts_add_up_to_the_known_count_and_the_counters_of_one_search(
    n: int, known: int, wanted: int
) -> None:
    """OEIS A000170: 92 and 724; nodes and updates equal one search's exactly, however deep the split."""
    total, _ = counted_in_parts([queens_problem(n)], wanted)
    assert total == direct(queens_problem(n)) and total.found == known


def test_a_split_aims_at_the_parts_asked_for_and_puts_the_largest_first() -> None:
    """At least `wanted` parts (one level more than enough), sorted from the most rows down."""
    parts = parallel.split([queens_problem(10)], 24).parts
    sizes = [len(part.rows) for part in parts]
    assert 24 <= len(parts) < 24 + 10 and sizes == sorted(sizes, reverse=True)


def test_reducing_by_a_row_removes_its_columns_and_every_row_meeting_them() -> None:
    """Knuth's example: choosing `A D` leaves B C E F G and the rows C E F, B C F, B G, renumbered."""
    problem = Problem(7, 0, ((2, 4, 5), (0, 3, 6), (1, 2, 5), (0, 3), (1, 6), (3, 4, 6)))
    reduced = parallel.reduce(problem, 3)
    assert reduced == Problem(5, 0, ((1, 2, 3), (0, 1, 3), (0, 4)))
    assert direct(reduced).found == 1


def test_a_secondary_column_stays_secondary_after_a_reduction() -> None:
    """Columns are renumbered primary first: a secondary one left over is still optional."""
    problem = Problem(2, 2, ((0, 2), (1, 3), (1, 2)))
    reduced = parallel.reduce(problem, 0)
    assert reduced == Problem(1, 1, ((0, 1),))
    assert direct(reduced).found == 1


@given(problems(), st.integers(1, 30), st.sampled_from(parallel.dlx.STRATEGIES))
@settings(max_examples=300, deadline=None)
def test_any_split_of_a_random_matrix_counts_what_one_search_counts(
    problem: Problem, wanted: int, strategy: str
) -> None:
    """Solutions, nodes and updates: the parts plus the split's levels equal one search."""
    assert counted_in_parts([problem], wanted, strategy)[0] == direct(problem, strategy)


@given(problems())
@settings(max_examples=200, deadline=None)
def test_each_reduced_matrix_has_exactly_the_solutions_holding_its_row(problem: Problem) -> None:
    """For every row r: solutions of reduce(r) = solutions of the whole that contain r."""
    whole = [set(answer) for answer in dlx.solutions(problem.matrix(), strategy="leftmost")]
    for row in range(len(problem.rows)):
        if any(column < problem.n_primary for column in problem.rows[row]):
            holding = sum(row in answer for answer in whole)
            assert direct(parallel.reduce(problem, row)).found == holding


# --------------------------------------------------------------------------
# Executors: in process, a process pool.


def test_the_4x15_pentomino_parts_counted_by_two_processes_give_368() -> None:
    """Knuth's 4 x 15 count, X restricted as `pentomino` does it, in a real pool of two workers.

    (6 x 10's 2339 the same way takes a minute of CPU: bench/bench_jobs.py checks it.)
    """
    problems = [Problem.of(matrix) for matrix in pentomino.matrices(4, 15)]
    counters = dlx.Counters()
    tally = parallel.count_problems(problems, Plan(2), watch=job_options.progress_bar("test"))
    assert tally.into(counters) == 368
    assert counters.solutions == 368


def test_a_top95_puzzle_split_in_parts_has_its_one_solution() -> None:
    """Norvig's top95 puzzles each have one solution, found in one of the parts."""
    puzzle = sudoku.parse_puzzles(top95_text())[1]
    assert parallel.count_problems([Problem.of(sudoku.encode(puzzle).matrix)], Plan(2)).found == 1


def test_each_puzzle_gets_its_own_count_in_order() -> None:
    """Puzzles with 1 to thousands of solutions (givens taken away), counted a task each in a pool."""
    matrices = [sudoku.encode(puzzle).matrix for puzzle in loosened_puzzles(10)]
    expected = [direct(Problem.of(matrix)) for matrix in matrices]
    assert len({tally.found for tally in expected}) > 3
    for jobs in (1, 2):
        plan = Plan(jobs)
        assert list(parallel.count_each_problem(map(Problem.of, matrices), plan)) == expected


def test_a_limit_caps_the_sum_of_the_parts() -> None:
    """Each part stops at the limit, and the total never says more than the limit."""
    blank = sudoku.Puzzle(4, (0,) * 16)
    problem = Problem.of(sudoku.encode(blank).matrix)
    assert direct(problem).found == 288
    for jobs in (1, 2):
        assert parallel.count_problems([problem], Plan(jobs), limit=100).found == 100
        assert parallel.count_problems([problem], Plan(jobs), limit=1000).found == 288


def top95_text() -> str:
    """Norvig's top95, shipped in tests/data."""
    return (PUBLIC_DATA / "sudoku" / "top95.txt").read_text()


def loosened_puzzles(how_many: int) -> list[sudoku.Puzzle]:
    """Solved top95 grids with more and more cells blanked: 1 to 283 solutions for the first 10."""
    loosened = []
    for number, puzzle in enumerate(sudoku.parse_puzzles(top95_text())[:how_many]):
        solved = sudoku.solve(puzzle)
        assert solved is not None
        blanks = {cell * 7 % 81 for cell in range(30 + 3 * number)}
        loosened.append(sudoku.Puzzle(9, tuple(0 if c in blanks else d for c, d in enumerate(solved))))
    return loosened


# --------------------------------------------------------------------------
# The command line.


def without_time(out: str) -> dict[str, object]:
    """A JSON answer without its wall-clock seconds."""
    data = json.loads(out)
    data.pop("seconds")
    return data


@pytest.mark.parametrize(
    "argv",
    [
        ("queens", "8", "--count"),
        ("queens", "10", "--count", "--json"),
        ("pentomino", "3x20", "--count"),
        ("pentomino", "20x3", "--count", "--raw", "--json"),
    ],
)
def test_jobs_2_answers_as_jobs_1_and_as_no_jobs(
    capsys: pytest.CaptureFixture[str], argv: tuple[str]
) -> None:
    """Same count; with --json the same counters as one search (the parts make no events)."""
    one = run(capsys, *argv, "--jobs", "1")
    two = run(capsys, *argv, "--jobs", "2")
    plain = run(capsys, *argv)
    assert one[0] == two[0] == plain[0] == 0 and one[2] == two[2] == ""
    if "--json" not in argv:
        assert one[1] == two[1] == plain[1]
        return
    assert without_time(one[1]) == without_time(two[1])
    same: tuple[str, ...] = ("count", "nodes", "updates", "solutions")
    if argv[0] == "queens":  # plain --count runs the bitmask counter (queenscount): its nodes are its own
        same = ("count", "solutions")
    assert {key: json.loads(two[1])[key] for key in same} == {key: json.loads(plain[1])[key] for key in same}


def test_exact_cover_jobs_with_strategy_and_limit(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A text matrix (8-queens, secondary diagonals): leftmost and a limit answer as without --jobs."""
    path = tmp_path / "queens.txt"
    path.write_text(matrix_text(queens.encode(8).matrix))
    for extra in ((), ("--strategy", "leftmost"), ("--limit", "50")):
        plain = run(capsys, "exact-cover", str(path), "--count", "--json", *extra)
        two = run(capsys, "exact-cover", str(path), "--count", "--json", "--jobs", "2", *extra)
        assert plain[0] == two[0] == 0
        keys = ("count",) if extra[:1] == ("--limit",) else ("count", "nodes", "updates")
        assert {k: json.loads(two[1])[k] for k in keys} == {k: json.loads(plain[1])[k] for k in keys}
    assert json.loads(two[1])["count"] == 50


def test_sudoku_file_counts_per_puzzle_as_without_jobs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Several puzzles (a task each) and a lone one (split): the same lines as the plain count."""
    lines = [sudoku.format_cells(p, p.cells) for p in loosened_puzzles(10)]
    many, one = tmp_path / "many.txt", tmp_path / "one.txt"
    many.write_text("\n".join(lines) + "\n")
    one.write_text(lines[-1] + "\n")
    for path in (many, one):
        plain = run(capsys, "sudoku", str(path), "--count")
        for jobs in ("1", "2"):
            assert run(capsys, "sudoku", str(path), "--count", "--jobs", jobs)[:2] == plain[:2]
    assert len(plain[1].splitlines()) == 1 and plain[1] != "1\n"


def matrix_text(matrix: dlx.Matrix) -> str:
    """A matrix in the exact-cover text format."""
    primary, secondary = matrix.names[: matrix.n_primary], matrix.names[matrix.n_primary :]
    head = " ".join(primary) + (" | " + " ".join(secondary) if secondary else "")
    return "\n".join([head, *(" ".join(matrix.names[c] for c in row) for row in matrix.rows)]) + "\n"


@pytest.mark.parametrize(
    "value", ["257", "-1", "x", "1.5", "", "99999999999999999999999999999999999999999999"]
)
def test_bad_jobs_values_exit_2_in_one_line(capsys: pytest.CaptureFixture[str], value: str) -> None:
    """--jobs is 1 to 256, 0 or auto; anything else is one line on stderr and exit code 2."""
    code, out, err = run(capsys, "queens", "8", "--count", "--jobs", value)
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and "--jobs" in err


@pytest.mark.parametrize(
    "argv",
    [
        ("queens", "8", "--jobs", "2"),
        ("pentomino", "6x10", "--jobs", "2"),
        ("queens", "8", "--count", "--scheduler", "http://host:1"),
        ("queens", "8", "--count", "--scheduler", "tcp://host:70000"),
        ("queens", "8", "--count", "--scheduler", "tcp://host"),
    ],
)
def test_jobs_without_count_and_bad_addresses_exit_2(
    capsys: pytest.CaptureFixture[str], argv: tuple[str]
) -> None:
    """--jobs and --scheduler belong to --count; an address is tcp://HOST:PORT."""
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and len(err.splitlines()) == 1


def test_jobs_0_and_auto_mean_every_core(capsys: pytest.CaptureFixture[str]) -> None:
    """Both give the count (os.cpu_count() workers)."""
    assert job_options.jobs_number("auto") == job_options.jobs_number("0") == (os.cpu_count() or 1)
    assert run(capsys, "queens", "6", "--count", "--jobs", "auto")[:2] == (0, "4\n")


def test_ctrl_c_ends_the_workers_and_exits_130_in_one_line() -> None:
    """Ctrl-C at the terminal (SIGINT to the whole group): one line, exit 130, no worker left behind."""
    marker = f"unwind-test-{os.getpid()}"
    command = [sys.executable, "-m", "solvers", "queens", "14", "--count", "--jobs", "2"]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "UNWIND_TEST_MARKER": marker, "UNWIND_PROGRESS": "1"}
    process = subprocess.Popen(
        command, stderr=subprocess.PIPE, text=True, env=env, start_new_session=True, preexec_fn=default_sigint
    )
    assert process.stderr is not None
    first = ""
    while "parts counted" not in first:  # the progress bar's first drawing: the workers are busy
        char = process.stderr.read(1)
        assert char, first
        first += char
    os.killpg(process.pid, signal.SIGINT)
    rest = process.stderr.read()
    assert process.wait(timeout=120) == 130
    *drawings, last = [line for line in (first + rest).splitlines() if line]  # text mode reads \r as \n
    assert last == "python -m solvers: interrupted"
    assert all("parts counted" in line for line in drawings)
    assert not lingering(marker)


def lingering(marker: str, grace: float = 30.0) -> list[str]:
    """Marked processes still running after `grace` s (a forkserver ends a moment after its command)."""
    give_up = time.monotonic() + grace
    while (found := processes_marked(marker)) and time.monotonic() < give_up:
        time.sleep(0.05)
    return found


def processes_marked(marker: str) -> list[str]:
    """Processes still running whose environment holds `marker` (Linux's /proc; none elsewhere)."""
    found = []
    for folder in Path("/proc").glob("[0-9]*"):
        try:
            environ = (folder / "environ").read_bytes()
            state = (folder / "stat").read_text().split(")")[-1].split()[0]
        except OSError:
            continue
        if marker.encode() in environ and state != "Z":
            found.append(folder.name)
    return found


# --------------------------------------------------------------------------
# Dask.


def test_the_split_runs_on_a_dask_cluster(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A LocalCluster of two worker processes: 10-queens' parts (724, one search's counters), the CLI."""
    distributed = pytest.importorskip("distributed")
    many = tmp_path / "many.txt"
    many.write_text("".join(sudoku.format_cells(p, p.cells) + "\n" for p in loosened_puzzles(6)))
    plain = run(capsys, "sudoku", "--count", str(many))
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        address = cluster.scheduler_address
        assert parallel.count_problems([queens_problem(10)], Plan(2, address)) == direct(queens_problem(10))
        assert run(capsys, "queens", "8", "--count", "--scheduler", address)[:2] == (0, "92\n")
        assert run(capsys, "sudoku", "--count", "--scheduler", address, str(many))[:2] == plain[:2]


def test_scheduler_without_dask_says_how_to_install_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """No distributed package: one line naming the extra, exit 2."""
    monkeypatch.setitem(sys.modules, "distributed", None)
    code, out, err = run(capsys, "queens", "8", "--count", "--scheduler", "tcp://127.0.0.1:8786")
    assert code == 2 and out == "" and err.strip().endswith("pip install 'unwind[dask]'")


def test_an_unreachable_scheduler_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nobody listens on the port: the connection gives up after CONNECT_SECONDS."""
    pytest.importorskip("distributed")
    from solvers import executors

    monkeypatch.setattr(executors, "CONNECT_SECONDS", 1)
    code, out, err = run(capsys, "queens", "8", "--count", "--scheduler", "tcp://127.0.0.1:9")
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and "no Dask scheduler answered" in err
