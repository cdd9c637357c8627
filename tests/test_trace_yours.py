"""What a student writes traces: generators, every memo idiom, keywords, prints, deep recursion, a budget.

Each trace runs a child process under a generous wall clock (a last guard,
never reached); runs are stopped by their event budget, which does not
depend on the machine's speed.  Memo hits are checked against a profiler of
this file's own (`Profiler`), which watches the same functions run in this
process and counts, by its own reading of the rule, the calls that only gave
back what an earlier call with the same arguments worked out.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from cli_runner import run_process

from solvers.events import Pop, Push
from solvers.tracing import protocol
from solvers.tracing.events import CACHE, Print, Resume, Yield
from solvers.tracing.runner import TraceInputError, TraceResult, make_request, trace
from visualizer.scenes.trace.model import RunModel
from visualizer.scenes.trace.runs import parse_call

LIMIT = 300
"""Seconds a run may take: far above its need, so a loaded machine never stops it."""

WALK = """\
def walk(x):
    if isinstance(x, list):
        for item in x:
            yield from walk(item)
    else:
        yield x


def leaves(x):
    return list(walk(x))


def tag(value):
    return value * 10


def first_then_rest(x):
    found = walk(x)
    first = next(found)
    marked = tag(first)
    return [marked, *found]
"""

MEMOS = """\
from functools import lru_cache


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


table = {}


def fib_get(n):
    hit = table.get(n)
    if hit is not None:
        return hit
    value = n if n < 2 else fib_get(n - 1) + fib_get(n - 2)
    table[n] = value
    return value


def fib_in(n, memo):
    if n in memo:
        return memo[n]
    memo[n] = n if n < 2 else fib_in(n - 1, memo) + fib_in(n - 2, memo)
    return memo[n]


def fib_not_in(n, memo):
    if n not in memo:
        memo[n] = n if n < 2 else fib_not_in(n - 1, memo) + fib_not_in(n - 2, memo)
    return memo[n]


class Paths:
    def __init__(self):
        self.cache = {}

    def count(self, row, col):
        if (row, col) in self.cache:
            return self.cache[(row, col)]
        if row == 0 or col == 0:
            found = 1
        else:
            found = self.count(row - 1, col) + self.count(row, col - 1)
        self.cache[(row, col)] = found
        return found


def paths(row, col):
    return Paths().count(row, col)


@lru_cache(maxsize=None)
def fib_lru(n):
    if n < 2:
        return n
    return fib_lru(n - 1) + fib_lru(n - 2)
"""

PRINTS = """\
def power(base, exp=2):
    print("power", base, exp)
    if exp == 0:
        return 1
    return base * power(base, exp=exp - 1)


def down(n):
    if n == 0:
        return 0
    return down(n - 1) + 1


def spin(n):
    while True:
        n += 1
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    """The student's file `name` with `text`."""
    path = tmp_path / name
    path.write_text(text)
    return path


def check_stream(result: TraceResult) -> None:
    """Calls nest, generators leave the stack at a yield and come back at a resume, every call returns."""
    stack: list[int] = []
    suspended: set[int] = set()
    next_id = 0
    for event in result.events:
        if isinstance(event, Push):
            assert event.node == next_id and event.parent == (stack[-1] if stack else -1)
            stack.append(event.node)
            next_id += 1
        elif isinstance(event, Resume):
            suspended.remove(event.node)
            stack.append(event.node)
        elif isinstance(event, Yield):
            assert stack.pop() == event.node
            suspended.add(event.node)
        elif isinstance(event, Pop):
            assert stack.pop() == event.node
    assert stack == [] and result.stopped is None


# --- generators -------------------------------------------------------------------------------


def test_a_recursive_generator_is_a_call_per_generator_with_its_yields_and_resumes(tmp_path: Path) -> None:
    """walk over [1, [2, [3]], 4]: 7 generator calls under leaves, each leaf yielded up the whole chain."""
    run = trace(write(tmp_path, "walk.py", WALK), "leaves", "[1, [2, [3]], 4]", seconds=LIMIT)
    assert run.result == "[1, 2, 3, 4]" and run.calls == 8
    check_stream(run)
    pushes = [event for event in run.events if isinstance(event, Push)]
    assert [push.what.short() for push in pushes] == [
        "leaves([1, [2, [3]], 4])",
        "walk([1, [2, [3]], 4])",
        "walk(1)",
        "walk([2, [3]])",
        "walk(2)",
        "walk([3])",
        "walk(3)",
        "walk(4)",
    ]
    yields = [event for event in run.events if isinstance(event, Yield)]
    # each leaf is yielded by its own call and by every generator above it, then each of them resumes
    assert [event.text for event in yields] == ["1"] * 2 + ["2"] * 3 + ["3"] * 4 + ["4"] * 2
    assert len([event for event in run.events if isinstance(event, Resume)]) == len(yields)
    names = {push.node: push.what.short() for push in pushes}
    firsts = {event.text: names[event.node] for event in reversed(yields)}  # each value's first yield
    assert firsts == {value: f"walk({value})" for value in "1234"}


def test_a_function_driving_a_generator_sees_its_later_calls_under_it(tmp_path: Path) -> None:
    """next(), a call of another function, then the rest: the generator's later children stay its own."""
    run = trace(write(tmp_path, "walk.py", WALK), "first_then_rest", "[1, [2, 3]]", seconds=LIMIT)
    assert run.result == "[10, 2, 3]"
    check_stream(run)
    pushes = {event.node: event for event in run.events if isinstance(event, Push)}
    names = {node: push.what.short() for node, push in pushes.items()}
    assert names[pushes[4].parent] == "walk([1, [2, 3]])" and names[4] == "walk([2, 3])"
    assert names[3] == "tag(1)" and pushes[3].parent == 0  # made between the generator's resumes
    model = RunModel()
    states = [model.snapshot()]
    for index, event in enumerate(run.events):
        model.apply(event, index)
        states.append(model.snapshot())
    assert list(model.calls.children(1)) == [2, 4] and list(model.calls.children(0)) == [1, 3]
    assert model.calls.size(1) == 5 and model.calls.stack == []
    for event in reversed(run.events):
        states.pop()
        model.revert(event)
        assert model.snapshot() == states[-1]


# --- memo hits, against a profiler of our own ------------------------------------------------


class Profiler:
    """Counts memo hits of the functions of one module by watching them run here (sys.settrace).

    A call is a hit when it made no call of its own and returned the very value the first
    call with the same arguments returned, and that first call made calls or ran more lines.
    Arguments are told apart by value when hashable, else by identity.
    """

    def __init__(self, module: types.ModuleType) -> None:
        self.file = module.__file__
        self.open: list[list[Any]] = []  # per running call: [key, calls made, lines run]
        self.first: dict[Any, tuple[Any, bool, int]] = {}
        self.hits = 0

    def __call__(self, frame: types.FrameType, event: str, arg: Any) -> Any:
        """sys.settrace's hook: calls of the module's functions, then their lines and returns."""
        code = frame.f_code
        if code.co_filename != self.file or code.co_name.startswith("<"):
            return None
        if event == "call":
            if self.open:
                self.open[-1][1] += 1
            names = code.co_varnames[: code.co_argcount]
            self.open.append([(code.co_name, tuple(self.key(frame.f_locals[name]) for name in names)), 0, 0])
        elif event == "line":
            self.open[-1][2] += 1
        elif event == "return":
            key, made, lines = self.open.pop()
            if key not in self.first:
                self.first[key] = (arg, made > 0, lines)
                return self
            value, did_work, first_lines = self.first[key]
            if made == 0 and (did_work or first_lines > lines) and (value is arg or value == arg):
                self.hits += 1
        return self

    @staticmethod
    def key(value: Any) -> Any:
        """A value as an argument key."""
        try:
            hash(value)
        except TypeError:
            return ("id", id(value))
        return value

    def count(self, function: Any, *args: Any) -> int:
        """The memo hits of `function(*args)`."""
        sys.settrace(self)
        try:
            function(*args)
        finally:
            sys.settrace(None)
        return self.hits


def load(path: Path) -> types.ModuleType:
    """The student's file as a module of this process."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("func", "args", "hits"),
    [
        ("fib", ("10",), 0),
        ("fib_get", ("10",), 8),
        ("fib_in", ("10", "{}"), 8),
        ("fib_not_in", ("10", "{}"), 8),
        ("paths", ("3", "3"), None),
    ],
)
def test_memo_hits_are_counted_by_what_happens_in_every_idiom(
    tmp_path: Path, func: str, args: tuple[str, ...], hits: int | None
) -> None:
    """table.get, dict `in`, `not in`, self.cache: the tracer's hits are the profiler's; naive fib has 0."""
    path = write(tmp_path, "memos.py", MEMOS)
    run = trace(path, func, *args, seconds=LIMIT)
    module = load(path)
    values = [ast.literal_eval(text) for text in args]
    counted = Profiler(module).count(getattr(module, func), *values)
    assert run.cache_hits == counted
    if hits is not None:
        assert counted == hits
    else:
        assert counted > 0
    answered = [event for event in run.events if isinstance(event, Pop) and event.value.how == CACHE]
    parents = {event.parent for event in run.events if isinstance(event, Push)}
    assert len(answered) == run.cache_hits and not parents & {event.node for event in answered}


def test_an_lru_cache_hit_is_what_the_cache_itself_counts(tmp_path: Path) -> None:
    """functools.lru_cache: the tracer's hits are the cache's own (cache_info)."""
    path = write(tmp_path, "memos.py", MEMOS)
    run = trace(path, "fib_lru", "12", seconds=LIMIT)
    module = load(path)
    module.fib_lru(12)
    assert run.cache_hits == module.fib_lru.cache_info().hits == 10 and run.result == "144"


def test_the_merged_graph_has_one_node_per_subproblem(tmp_path: Path) -> None:
    """fib_in(6, {}): 7 subproblems, the calls that came back to one share its node; naive fib(6) too."""
    path = write(tmp_path, "memos.py", MEMOS)
    for func, args, calls in (("fib_in", ("6", "{}"), 11), ("fib", ("6",), 25)):
        run = trace(path, func, *args, seconds=LIMIT)
        model = RunModel()
        for index, event in enumerate(run.events):
            model.apply(event, index)
        assert model.started == calls and len(model.graph.order) == 7
        firsts = [model.call(model.graph.first[sub]).args[0][1] for sub in model.graph.order]
        assert firsts == ["6", "5", "4", "3", "2", "1", "0"]
        assert set(model.graph.edges) >= {(0, 1), (0, 2), (4, 5), (4, 6)}


# --- keyword arguments, prints, deep recursion, the budget --------------------------------------


def test_keyword_arguments_are_given_by_name(tmp_path: Path) -> None:
    """power 2 exp=5 is 32, six calls; the app's 'power(2, exp=5)' reads the same; bad keywords refused."""
    path = write(tmp_path, "prints.py", PRINTS)
    run = trace(path, "power", "2", "exp=5", seconds=LIMIT)
    assert (run.result, run.calls) == ("32", 6)
    assert parse_call("power(2, exp=5)") == ("power", ["2", "exp=5"])
    assert make_request(path, "power", ["2", "exp=5"]).call_text() == "power(2, exp=5)"
    for words, message in (
        (["2", "power=5"], "has no parameter power"),
        (["exp=5", "2"], "cannot follow"),
        (["2", "base=3"], "is given base twice"),
    ):
        with pytest.raises(TraceInputError, match=message):
            make_request(path, "power", words)
    done = run_process("trace", str(path), "power", "2", "exp=3", "--json")
    data = json.loads(done.stdout)
    assert done.returncode == 0 and data["result"] == "8"
    assert data["output"] == "power 2 3\npower 2 2\npower 2 1\npower 2 0\n"


def test_printed_lines_are_events_of_the_call_that_printed_them(tmp_path: Path) -> None:
    """Each print is an event of its call, in order; the console shows them and a step back takes one away."""
    run = trace(write(tmp_path, "prints.py", PRINTS), "power", "3", "exp=2", seconds=LIMIT)
    printed = [event for event in run.events if isinstance(event, Print)]
    assert [(event.node, event.text) for event in printed] == [
        (0, "power 3 2\n"),
        (1, "power 3 1\n"),
        (2, "power 3 0\n"),
    ]
    assert all(event.line == 2 for event in printed)
    model = RunModel()
    for index, event in enumerate(run.events):
        model.apply(event, index)
    assert model.printed == ["power 3 2", "power 3 1", "power 3 0"]
    last = len(run.events) - 1 - [type(event) for event in reversed(run.events)].index(Print)
    for event in reversed(run.events[last:]):
        model.revert(event)
    assert model.printed == ["power 3 2", "power 3 1"]


def test_a_correct_function_5000_deep_runs_and_a_limit_says_which_it_is(tmp_path: Path) -> None:
    """down(5000) returns 5000; down(200000) meets Python's recursion limit, a --depth cap names itself."""
    path = write(tmp_path, "prints.py", PRINTS)
    deep = trace(path, "down", "5000", max_events=100, seconds=LIMIT)
    assert (deep.result, deep.max_depth, deep.stopped) == ("5000", 5001, None)
    endless = trace(path, "down", "200000", max_events=100, seconds=LIMIT)
    assert endless.stopped is not None and "Python's recursion limit (100,000" in endless.stopped
    capped = trace(path, "down", "5000", max_depth=300, max_events=100, seconds=LIMIT)
    assert capped.stopped == "stopped at depth 300 (the depth cap): is the base case reached?"


def test_the_event_budget_stops_an_endless_loop_and_says_how_far_it_got(tmp_path: Path) -> None:
    """A while-True loop is stopped by its events, not the clock; fib(12) within its budget is not."""
    path = write(tmp_path, "prints.py", PRINTS)
    run = trace(path, "spin", "0", budget=10_000, max_events=100, seconds=LIMIT)
    assert run.stopped == (
        "stopped after 10,000 events (the event budget; 1 call made, depth 1): "
        "endless, or longer than the budget?"
    )
    assert run.total_events == 10_000 and run.line in (15, 16)
    path = write(tmp_path, "memos.py", MEMOS)
    whole = trace(path, "fib", "12", seconds=LIMIT)
    assert (whole.result, whole.calls) == ("144", 465)
    exact = trace(path, "fib", "12", budget=whole.total_events, seconds=LIMIT)
    assert (exact.result, exact.total_events, exact.stopped) == ("144", whole.total_events, None)
    short = trace(path, "fib", "12", budget=whole.total_events - 1, seconds=LIMIT)
    assert short.result is None and short.stopped is not None and short.total_events == whole.total_events - 1


@pytest.mark.parametrize(
    "line",
    [
        b'["e", [["u", 0, 1]]]\n',  # a resume of a call that never yielded
        b'["e", [["c", 0, -1, "f", [], 1, 0], ["y", 1, "3", 2]]]\n',  # a yield of a call not running
        b'["e", [["c", 0, -1, "f", [], 1, 0], ["l", 0, 2, [["n", 3, null]]]]]\n',  # a local's repr not text
        b'["e", {"c": 0}]\n',  # a batch that is no list
        b'["c", 0, -1, "f", [], 1, 0]\n',  # an event outside a batch
    ],
)
def test_the_protocol_refuses_what_the_tracer_never_writes(line: bytes) -> None:
    """Resumes, yields, changes and batches are checked like the rest: anything else is interference."""
    with pytest.raises(protocol.Interference):
        protocol.Reader(100).take(line)


def test_the_protocol_takes_a_generator_that_yields_and_resumes() -> None:
    """A call, its yield, its resume and its return: four events, the stack empty again."""
    reader = protocol.Reader(100)
    taken = reader.take(
        b'["e", [["c", 0, -1, "g", [], 1, -1], ["y", 0, "1", 2], ["u", 0, 2], '
        b'["r", 0, "None", "return", 2]]]\n'
    )
    assert isinstance(taken, list), "an event batch, not an end message or progress"
    assert [type(event).__name__ for event in taken] == ["Push", "Yield", "Resume", "Pop"]
    assert reader.stack == [] and reader.suspended == set()
