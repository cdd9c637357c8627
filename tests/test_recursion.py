"""The recursion solvers: factorial both ways, overflow, endless recursion, a tree's maximum."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections.abc import Sequence

import pytest
from cli_runner import run, run_process
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import recursion as rec
from solvers.events import Assign, Note, Overflow, Pop, Push


def check_stack_discipline(events: Sequence[object]) -> int:
    """Every Push has its Pop, in LIFO order, depth never negative; returns the max depth."""
    stack: list[int] = []
    deepest = 0
    for event in events:
        if isinstance(event, Push):
            stack.append(event.node)
            deepest = max(deepest, len(stack))
        elif isinstance(event, Pop):
            assert stack, "a Pop with nothing on the stack"
            assert stack.pop() == event.node, "Pops must come in reverse order of Pushes"
    assert not stack, "every Push needs its Pop"
    return deepest


@settings(max_examples=60, deadline=None)
@given(n=st.integers(0, 60), limit=st.integers(1, 80))
def test_recursive_factorial_winds_then_unwinds(n: int, limit: int) -> None:
    """N pushes then N pops returning k! each, or an overflow at the limit."""
    events = list(rec.recursive_factorial_events(n, limit))
    deepest = check_stack_discipline(events)
    calls = max(n, 1)
    if calls <= limit:
        assert deepest == calls
        pops = [e for e in events if isinstance(e, Pop)]
        assert [p.value for p in pops] == [math.factorial(k) for k in range(1, calls + 1)][-len(pops) :]
        assert pops[-1].value == math.factorial(n)
        assert not any(isinstance(e, Overflow) for e in events)
    else:
        assert deepest == limit
        overflow = next(e for e in events if isinstance(e, Overflow))
        assert overflow == Overflow(limit, limit, 3)
        assert all(p.value is None for p in events if isinstance(p, Pop))


def test_endless_recursion_counts_down_past_zero_to_the_limit() -> None:
    """Without a base case the calls go 3, 2, 1, 0, -1, ... until the stack is full."""
    events = list(rec.recursive_factorial_events(3, limit=7, base_case=False))
    assert [e.what for e in events if isinstance(e, Push)] == [3, 2, 1, 0, -1, -2, -3]
    assert Overflow(7, 7, 3) in events
    check_stack_discipline(events)


@given(n=st.integers(0, 40))
@settings(max_examples=30, deadline=None)
def test_the_loop_computes_the_same_value(n: int) -> None:
    """retval ends at N!, and i goes N, N-1, ..., 1."""
    events = list(rec.loop_factorial_events(n))
    assert [e.value for e in events if isinstance(e, Assign) and e.name == "i"] == list(range(n, 0, -1))
    assert events[-1] == Note((rec.LOOP_RETURN, math.factorial(n)), 9)
    assert rec.factorial(n) == math.factorial(n)


def test_lockstep_alternates_the_two_programs() -> None:
    """Recursive and loop events take turns while both have steps left."""
    events = list(rec.factorial_events(4))
    tracks = ["rec" if isinstance(e, Push | Pop) else "loop" for e in events]
    assert tracks[:8] == ["rec", "loop"] * 4
    assert sorted(events, key=repr) == sorted(
        [*rec.recursive_factorial_events(4), *rec.loop_factorial_events(4)], key=repr
    )


@pytest.mark.parametrize("bad", [-1, 2.5, "3", True])
def test_bad_n_is_refused(bad: object) -> None:
    """N must be a whole number >= 0."""
    with pytest.raises(ValueError):
        list(rec.recursive_factorial_events(bad))  # type: ignore[arg-type]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), depth=st.integers(1, 5))
def test_tree_maximum_flows_up(seed: int, depth: int) -> None:
    """The root returns the largest leaf; every node returns the max of its subtree."""
    root = rec.random_tree(seed, depth)
    events = list(rec.tree_max_events(root))
    check_stack_discipline(events)
    returned = {e.node: e.value for e in events if isinstance(e, Pop)}

    def subtree_max(node: rec.TreeNode) -> int:
        if not node.children:
            return node.value  # type: ignore[return-value]
        return max(subtree_max(c) for c in node.children)

    stack = [root]
    while stack:
        node = stack.pop()
        assert returned[node.node] == subtree_max(node)
        stack.extend(node.children)
    assert returned[root.node] == rec.tree_max(root)


def test_cli_factorial_20(capsys: pytest.CaptureFixture[str]) -> None:
    """The value the issue names."""
    code, out, _ = run(capsys, "factorial", "20")
    assert code == 0 and out.splitlines()[0] == "2432902008176640000"


def test_cli_trace_winds_and_unwinds(capsys: pytest.CaptureFixture[str]) -> None:
    """One line per event: 3 calls, 3 returns, indented by depth."""
    code, out, _ = run(capsys, "factorial", "3", "--trace")
    lines = out.splitlines()
    assert code == 0 and lines[-1] == "6"
    assert lines[:6] == [
        "call fact(3)",
        "  fact(3) waits for fact(2): push a frame",
        "    fact(2) waits for fact(1): push a frame",
        "    base case: fact(1) returns 1",
        "  fact(2) = 2 * 1 = 2: pop",
        "fact(3) = 3 * 2 = 6: pop",
    ]


def test_cli_huge_n_overflows_the_recursion_but_not_the_loop(capsys: pytest.CaptureFixture[str]) -> None:
    """N = 20,000: the loop answers, the recursion reports the limit it hit."""
    code, out, _ = run(capsys, "factorial", "20000", "--json")
    data = json.loads(out)
    assert code == 0 and data["value"] == math.factorial(20000)
    assert data["recursive"] == {"value": None, "overflow": True, "depth_reached": 10000, "limit": 10000}
    assert data["events_by_kind"] == {"Overflow": 1, "Pop": 10000, "Push": 10000}


@pytest.mark.parametrize(
    "argv",
    [
        ["factorial", "-4"],
        ["factorial", "x"],
        ["factorial", "3.5"],
        ["factorial", "3", "--limit", "0"],
        ["maxtree", "--depth", "9"],
        ["nosuchdemo"],
    ],
)
def test_cli_bad_arguments_exit_2_with_one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    """A one-line reason on stderr, exit code 2."""
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1


def test_cli_maxtree(capsys: pytest.CaptureFixture[str]) -> None:
    """The maximum of the seeded tree."""
    code, out, _ = run(capsys, "maxtree", "--seed", "5", "--json")
    assert code == 0 and json.loads(out)["value"] == rec.tree_max(rec.random_tree(5))


def test_cli_runs_as_a_module() -> None:
    """`python -m solvers factorial 20` in a fresh process."""
    result = run_process("factorial", "20")
    assert result.returncode == 0 and result.stdout.startswith("2432902008176640000\n")


def test_importing_solvers_loads_no_pygame() -> None:
    """solvers/ must never import pygame, directly or through another module."""
    code = (
        "import sys, pkgutil, importlib, solvers\n"
        "for m in pkgutil.iter_modules(solvers.__path__):\n"
        "    importlib.import_module('solvers.' + m.name)\n"
        "print('pygame' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.stdout.strip() == "False", result.stderr
