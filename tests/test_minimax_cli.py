"""`python -m solvers gametree`: both algorithms on one random tree, bad sizes refused."""

from __future__ import annotations

import json

import pytest
from cli_runner import run, run_process

from solvers.minimax import RandomTree, minimax_value


@pytest.mark.parametrize(("depth", "branching", "seed"), [(2, 2, 0), (3, 3, 7), (6, 4, 11)])
def test_both_values_agree_and_alphabeta_scores_fewer_leaves(
    capsys: pytest.CaptureFixture[str], depth: int, branching: int, seed: int
) -> None:
    """JSON: the same value for both, equal to the tree's minimax value; fewer leaves."""
    code, out, _ = run(
        capsys,
        "gametree",
        "--depth",
        str(depth),
        "--branching",
        str(branching),
        "--seed",
        str(seed),
        "--json",
    )
    data = json.loads(out)
    tree = RandomTree(depth, branching, seed)
    assert code == 0 and data["leaf_values"] == tree.leaves
    assert data["minimax"]["value"] == data["alphabeta"]["value"] == minimax_value(tree, tree.ROOT)
    assert data["minimax"]["leaves"] == branching**depth
    assert data["alphabeta"]["leaves"] <= data["minimax"]["leaves"]


def test_text_output_for_a_textbook_tree(capsys: pytest.CaptureFixture[str]) -> None:
    """Text: the leaves of a small tree, then one line per algorithm."""
    code, out, _ = run(capsys, "gametree", "--depth", "3", "--branching", "2", "--seed", "1")
    tree = RandomTree(3, 2, 1)
    lines = out.splitlines()
    assert code == 0
    assert lines[1] == "leaf values: " + " ".join(map(str, tree.leaves))
    value = minimax_value(tree, tree.ROOT)
    assert lines[2].startswith(f"minimax:    value {value}, 8 leaves evaluated")
    assert lines[3].startswith(f"alpha-beta: value {value}, ")


def test_best_first_order_prunes_most(capsys: pytest.CaptureFixture[str]) -> None:
    """--order best reaches alpha-beta's minimal tree: 4^3 + 4^3 - 1 leaves at depth 6."""
    _, out, _ = run(capsys, "gametree", "--depth", "6", "--branching", "4", "--order", "best", "--json")
    assert json.loads(out)["alphabeta"]["leaves"] == 127


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--depth", "7"], "depth must be 2..6"),
        (["--depth", "1"], "depth must be 2..6"),
        (["--branching", "5"], "branching 2..4"),
        (["--depth", "two"], "the depth must be a whole number"),
        (["--order", "random"], "invalid choice"),
    ],
)
def test_bad_sizes_are_refused(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    """Out-of-range sizes: one line on stderr, exit code 2."""
    code, out, err = run(capsys, "gametree", *argv)
    assert code == 2 and not out
    assert message in err and err.count("\n") == 1


def test_subprocess_run() -> None:
    """The real command line, in its own process."""
    done = run_process("gametree", "--depth", "4", "--branching", "3", "--seed", "5")
    assert done.returncode == 0, done.stderr
    assert "minimax:" in done.stdout and "alpha-beta:" in done.stdout
