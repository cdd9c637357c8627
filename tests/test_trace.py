"""The tracer: known answers through the gallery, safe stops, memoization seen, bad input refused.

Each trace runs a child process; limits are generous and tests assert the
messages and counts, never how fast a run went.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from cli_runner import run_process

from solvers.events import Pop, Push
from solvers.hanoi import replay
from solvers.tracing.events import CACHE, RAISE, Halt, Line, Raise
from solvers.tracing.runner import TraceInputError, TraceResult, make_request, trace

ROOT = Path(__file__).resolve().parents[1]
GALLERY = ROOT / "assets" / "gallery"
PEG = {"A": 0, "B": 1, "C": 2}
LIMIT = 300
"""Seconds a known-answer run may take: far above its need, so a loaded machine never stops it."""


def check_stream(result: TraceResult) -> None:
    """Pushes and pops nest; every Line and Raise happens in the running call; ids count up."""
    stack: list[int] = []
    next_id = 0
    for event in result.events:
        if isinstance(event, Push):
            assert event.node == next_id and event.parent == (stack[-1] if stack else -1)
            stack.append(event.node)
            next_id += 1
        elif isinstance(event, Pop):
            assert stack.pop() == event.node
        elif isinstance(event, Line | Raise):
            assert stack and event.node == stack[-1]
    if result.stopped is None:
        assert stack == []


def leaves(result: TraceResult) -> int:
    """Calls that made no call of their own."""
    parents = {event.parent for event in result.events if isinstance(event, Push)}
    return sum(1 for event in result.events if isinstance(event, Push) and event.node not in parents)


def test_fibonacci_naive_is_177_calls_and_memoized_11() -> None:
    """fib(10) = 55 from 177 calls; with functools.cache 11 calls and 8 answers from the cache."""
    naive = trace(GALLERY / "fibonacci.py", "fib", "10", seconds=LIMIT)
    memo = trace(GALLERY / "fibonacci.py", "fib_memo", "10", seconds=LIMIT)
    assert (naive.result, naive.calls, naive.cache_hits, naive.max_depth) == ("55", 177, 0, 10)
    assert (memo.result, memo.calls, memo.cache_hits, memo.max_depth) == ("55", 11, 8, 10)
    hits = [e for e in memo.events if isinstance(e, Pop) and e.value.how == CACHE]
    assert len(hits) == 8 and all(
        h.node not in {p.parent for p in memo.events if isinstance(p, Push)} for h in hits
    )
    for run in (naive, memo):
        check_stream(run)
    assert naive.events_by_kind == {"Push": 177, "Pop": 177, "Line": 354}


def test_a_memo_dict_passed_along_shows_its_hits() -> None:
    """fib_dict(10, {}): 11 calls did work and 8 returned memo[n] at once; the base cases are not hits."""
    run = trace(GALLERY / "fibonacci.py", "fib_dict", "10", "{}", seconds=LIMIT)
    assert (run.result, run.calls, run.cache_hits) == ("55", 11, 8)
    check_stream(run)


def test_lines_are_the_students_own_with_their_locals() -> None:
    """fib(2) runs lines 13 and 15 of the file, then 13 and 14 in each base case; args ride on the Push."""
    run = trace(GALLERY / "fibonacci.py", "fib", "2", seconds=LIMIT)
    source = (GALLERY / "fibonacci.py").read_text().splitlines()
    lines = [e.line for e in run.events if isinstance(e, Line)]
    assert [source[n - 1].strip() for n in lines[:2]] == ["if n < 2:", "return fib(n - 1) + fib(n - 2)"]
    pushes = [e for e in run.events if isinstance(e, Push)]
    assert [p.what.short() for p in pushes] == ["fib(2)", "fib(1)", "fib(0)"]
    first_line = next(e for e in run.events if isinstance(e, Line))
    assert first_line.changes == ()  # n was already shown with the call


def test_permutations_of_four_make_24_leaves() -> None:
    """The decision tree of orderings of 4 items has 4! leaves, and the result lists 24 different ones."""
    run = trace(GALLERY / "permutations.py", "permutations", "[1, 2, 3, 4]", seconds=LIMIT)
    assert leaves(run) == 24
    orders = ast.literal_eval(run.result or "")
    assert len(set(orders)) == 24 and all(sorted(order) == [1, 2, 3, 4] for order in orders)
    check_stream(run)


def test_hanoi_of_ten_makes_1023_legal_moves() -> None:
    """Traced, the gallery's hanoi(10) records 1023 moves; replayed, every move is legal and C ends full."""
    run = trace(GALLERY / "hanoi.py", "hanoi", "10", seconds=LIMIT)
    moves = [(disk, PEG[frm], PEG[to]) for disk, frm, to in ast.literal_eval(run.result or "")]
    assert len(moves) == 1023 and run.calls == 2047 and leaves(run) == 1024  # the leaves are the n == 0 calls
    assert replay(10, moves) == [[], [], list(range(10, 0, -1))]


def test_an_endless_loop_is_stopped_by_the_event_budget(tmp_path: Path) -> None:
    """`while True` in the function: the event budget ends it and says so, however busy the machine."""
    (tmp_path / "spin.py").write_text("def spin(n):\n    while True:\n        n += 1\n")
    run = trace(tmp_path / "spin.py", "spin", "0", seconds=LIMIT, budget=20_000)
    assert run.stopped is not None and run.stopped.startswith("stopped after 20,000 events")
    assert isinstance(run.events[-1], Halt) and run.events[-1].line in (2, 3)
    assert run.calls == 1 and run.result is None


def test_a_program_that_waits_without_events_is_stopped_by_the_clock(tmp_path: Path) -> None:
    """A sleep makes no events: the clock, the last guard, ends it and says so; what ran before is kept."""
    (tmp_path / "nap.py").write_text("import time\n\n\ndef nap(n):\n    time.sleep(600)\n")
    run = trace(tmp_path / "nap.py", "nap", "0", seconds=2)
    assert run.stopped is not None and run.stopped.startswith("stopped after 2 s")
    assert run.calls == 1 and run.result is None


def test_an_endless_recursion_and_ackermann_stop_at_the_depth_cap(tmp_path: Path) -> None:
    """No base case, or Ackermann's exploding depth: stopped at the cap, the frames left open to see."""
    (tmp_path / "down.py").write_text("def down(n):\n    return down(n - 1)\n")
    run = trace(tmp_path / "down.py", "down", "5", max_depth=300, seconds=30)
    assert run.stopped == "stopped at depth 300 (the depth cap): is the base case reached?"
    assert run.max_depth == 300 and run.line == 2
    deep = trace(GALLERY / "ackermann.py", "ackermann", "3", "6", max_depth=120, seconds=30)
    assert deep.stopped is not None and deep.stopped.startswith("stopped at depth 120")
    check_stream(deep)


def test_the_call_cap_stops_a_long_run() -> None:
    """Past the call cap the run stops with the cap in words."""
    run = trace(GALLERY / "fibonacci.py", "fib", "30", max_calls=1000, seconds=30)
    assert run.stopped == "stopped after 1,000 calls" and run.calls == 1000


def test_the_event_cap_keeps_memory_bounded_and_still_counts() -> None:
    """Only max_events come back, the whole run is counted, the answer is right."""
    run = trace(GALLERY / "fibonacci.py", "fib", "15", max_events=100, seconds=30)
    assert len(run.events) == 100 and run.truncated
    assert (run.result, run.calls) == ("610", 1973)


def test_an_exception_shows_the_students_line(tmp_path: Path) -> None:
    """A ZeroDivisionError: a Raise at the line that divided, then every frame pops as raised."""
    (tmp_path / "boom.py").write_text(
        "def boom(n):\n    if n == 0:\n        return 1 / n\n    return boom(n - 1)\n"
    )
    run = trace(tmp_path / "boom.py", "boom", "2", seconds=LIMIT)
    raises = [e for e in run.events if isinstance(e, Raise)]
    assert raises == [Raise(2, "ZeroDivisionError: division by zero", 3)]
    assert [e.value.how for e in run.events if isinstance(e, Pop)] == [RAISE] * 3
    assert (run.error, run.line) == ("ZeroDivisionError: division by zero", 3)


def test_a_syntax_error_names_its_line(tmp_path: Path) -> None:
    """A file that does not parse is reported at its line, by the run and by the command line."""
    (tmp_path / "bad.py").write_text("def f(n):\n    return n +\n")
    run = trace(tmp_path / "bad.py", "f", "1", seconds=LIMIT)
    assert run.error is not None and run.error.startswith("SyntaxError") and run.line == 2
    done = run_process("trace", str(tmp_path / "bad.py"), "f", "1")
    assert done.returncode == 2 and done.stderr.strip() == "trace: bad.py line 2: SyntaxError: invalid syntax"


def test_printing_cannot_forge_events(tmp_path: Path) -> None:
    """The student's prints (even to file descriptor 1) are captured, never read as events."""
    code = "\n".join(
        [
            "import os",
            "def f(n):",
            '    print(\'["c", 9, 9, "x", [], 1]\')',
            "    os.write(1, b'[\"end\", {}]\\n')",
            "    return n",
        ]
    )
    (tmp_path / "noisy.py").write_text(code)
    run = trace(tmp_path / "noisy.py", "f", "7", seconds=LIMIT)
    assert (run.result, run.calls) == ("7", 1)
    assert run.output == '["c", 9, 9, "x", [], 1]\n'


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["missing.py", "f", "1"], "cannot read"),
        (["GALLERY/fibonacci.py", "nothing", "1"], "has no function 'nothing'"),
        (["GALLERY/fibonacci.py", "fib", "__import__('os').system('echo hi')"], "not a Python literal"),
        (["GALLERY/fibonacci.py", "fib", "1", "2"], "fib takes 1 argument (n), not 2"),
        (["GALLERY/fibonacci.py", "fib", "1", "--seconds", "0"], "time limit must be 0.1 to 600"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], words: str) -> None:
    """A missing file, an unknown function, code posing as an argument, a wrong count: one line, exit 2."""
    done = run_process("trace", *(arg.replace("GALLERY", str(GALLERY)) for arg in args))
    assert done.returncode == 2 and words in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_arguments_are_literals_only() -> None:
    """make_request refuses names and calls before anything runs."""
    with pytest.raises(TraceInputError):
        make_request(GALLERY / "fibonacci.py", "fib", ["n"])


def test_the_command_line_prints_one_json_object() -> None:
    """--json gives the issue's keys with the known answer."""
    done = run_process(
        "trace", str(GALLERY / "fibonacci.py"), "fib_memo", "10", "--json", "--seconds", str(LIMIT)
    )
    data = json.loads(done.stdout)
    assert done.returncode == 0
    assert {k: data[k] for k in ("result", "calls", "max_depth", "cache_hits", "events")} == {
        "result": "55",
        "calls": 11,
        "max_depth": 10,
        "cache_hits": 8,
        "events": 60,
    }
    assert data["events_by_kind"] == {"Line": 22, "Pop": 19, "Push": 19} and data["seconds"] >= 0
