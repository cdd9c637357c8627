"""`maze solve` on every shape (the generic graph form), and the maze CLIs in Korean and Chinese."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pytest
from cli_runner import run, run_process

from solvers import i18n
from solvers.mazes import graph as g

HANGUL = re.compile("[\uac00-\ud7a3]")
HAN = re.compile("[\u4e00-\u9fff]")


@pytest.fixture(autouse=True)
def back_to_english() -> Iterator[None]:
    """Each test leaves the process speaking English, as the others expect."""
    yield
    i18n.use("en")


def generated(shape: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: int = 4) -> Path:
    """A maze of `shape` from `maze generate --json`, saved to a file."""
    code, out, _err = run(
        capsys, "maze", "generate", "7", "6", "--shape", shape, "--seed", str(seed), "--json"
    )
    assert code == 0
    path = tmp_path / f"{shape}.json"
    path.write_text(out, encoding="utf-8")
    return path


def write_json(tmp_path: Path, data: object) -> Path:
    """`data` as a JSON file to solve."""
    path = tmp_path / "maze.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def assert_walks_the_passages(maze: dict[str, object], path: list[int], start: int, goal: int) -> None:
    """The path runs from start to goal, each step through a passage of the maze, no cell twice."""
    passages = {frozenset(pair) for pair in maze["passages"]}  # type: ignore[attr-defined]
    assert path[0] == start and path[-1] == goal
    assert all(frozenset(step) in passages for step in pairwise(path))
    assert len(set(path)) == len(path)


# --- maze solve on every shape ---------------------------------------------------------------


@pytest.mark.parametrize("shape", [shape for shape in g.SHAPES if shape != "square"])
@pytest.mark.parametrize("seed", [0, 4])
def test_generate_then_solve_walks_passages_from_start_to_goal(
    shape: str, seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    maze_file = generated(shape, tmp_path, capsys, seed)
    maze = json.loads(maze_file.read_text(encoding="utf-8"))
    code, out, err = run(capsys, "maze", "solve", str(maze_file), "--json")
    assert code == 0, err
    answer = json.loads(out)
    assert answer["start"] == maze["start"] and answer["goal"] == maze["goal"]
    assert answer["length"] == len(answer["path"])
    assert_walks_the_passages(maze, answer["path"], maze["start"], maze["goal"])
    code, text, _err = run(capsys, "maze", "solve", str(maze_file))
    ids = " ".join(map(str, answer["path"]))
    assert code == 0 and f"from {maze['start']} to {maze['goal']}: {ids}" in text


def test_the_square_json_still_solves_as_a_grid(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The square's JSON has walls too: solve reads it as before and answers in (row, col) pairs."""
    code, out, err = run(capsys, "maze", "solve", str(generated("square", tmp_path, capsys)), "--json")
    assert code == 0, err
    path = json.loads(out)["path"]
    assert path[0] == [0, 0] and path[-1] == [5, 6]


def test_start_and_goal_can_be_chosen_by_cell_id(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    maze_file = generated("hex", tmp_path, capsys)
    maze = json.loads(maze_file.read_text(encoding="utf-8"))
    code, out, err = run(capsys, "maze", "solve", str(maze_file), "--start", "20", "--goal", "3", "--json")
    assert code == 0, err
    assert_walks_the_passages(maze, json.loads(out)["path"], 20, 3)


def test_the_pipe_works_as_a_user_runs_it() -> None:
    """`maze generate --shape polar --json | maze solve -` in two real processes."""
    generated = run_process("maze", "generate", "5", "5", "--shape", "polar", "--json")
    assert generated.returncode == 0, generated.stderr
    maze = generated.stdout
    done = run_process("maze", "solve", "-", "--json", stdin=maze)
    assert done.returncode == 0, done.stderr
    data = json.loads(maze)
    assert_walks_the_passages(data, json.loads(done.stdout)["path"], data["start"], data["goal"])


def test_start_and_goal_apart_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    maze_file = write_json(tmp_path, {"cells": 4, "passages": [[0, 1], [2, 3]], "start": 0, "goal": 3})
    code, out, err = run(capsys, "maze", "solve", str(maze_file))
    assert code == 1 and out == ""
    assert err.strip() == "maze solve: no path from cell 0 to cell 3; 2 cells are reachable from the start"
    code, out, _err = run(capsys, "maze", "solve", str(maze_file), "--json")
    assert code == 1 and json.loads(out)["path"] is None


BAD_GRAPHS = [
    ({"cells": 3, "passages": [[0, 1]], "start": 0}, "cells, passages, start and goal"),
    ({"cells": "3", "passages": [], "start": 0, "goal": 2}, "'cells' must be a whole number"),
    ({"cells": True, "passages": [], "start": 0, "goal": 0}, "'cells' must be a whole number"),
    ({"cells": 0, "passages": [], "start": 0, "goal": 0}, "'cells' must be a whole number"),
    ({"cells": 10**8, "passages": [], "start": 0, "goal": 0}, "'cells' must be a whole number"),
    ({"cells": 3, "passages": {"0": 1}, "start": 0, "goal": 2}, "'passages' must be a list"),
    ({"cells": 3, "passages": [[0, 1, 2]], "start": 0, "goal": 2}, "passage 1: "),
    ({"cells": 3, "passages": [[0, 1], [1, 3]], "start": 0, "goal": 2}, "passage 2: "),
    ({"cells": 3, "passages": [[0, -1]], "start": 0, "goal": 2}, "passage 1: "),
    ({"cells": 3, "passages": [[1, 1]], "start": 0, "goal": 2}, "passage 1: "),
    ({"cells": 3, "passages": [["0", 1]], "start": 0, "goal": 2}, "passage 1: "),
    ({"cells": 3, "passages": [[0, 1]], "start": 3, "goal": 2}, "'start' must be a cell id from 0 to 2"),
    ({"cells": 3, "passages": [[0, 1]], "start": 0, "goal": [0, 2]}, "'goal' must be a cell id"),
    ([1, 2, 3], "cells, passages, start and goal"),
]


@pytest.mark.parametrize(("data", "message"), BAD_GRAPHS)
def test_a_bad_graph_is_refused_in_one_line_exit_2(
    data: object, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "maze", "solve", str(write_json(tmp_path, data)))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("maze solve: ") and message in err


def test_fractions_and_bad_ids_on_the_command_line_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fraction = tmp_path / "fraction.json"
    fraction.write_text('{"cells": 3, "passages": [[0, 1.5]], "start": 0, "goal": 1}', encoding="utf-8")
    code, _out, err = run(capsys, "maze", "solve", str(fraction))
    assert code == 2 and "passage 1: " in err and err.count("\n") == 1
    maze_file = generated("torus", tmp_path, capsys)
    code, _out, err = run(capsys, "maze", "solve", str(maze_file), "--goal", "42")
    assert code == 2 and "'--goal' must be a cell id from 0 to 41, not 42" in err


# --- the CLIs in Korean and Chinese -----------------------------------------------------------


def json_of(argv: list[str], language: str, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    """The --json answer of `argv` in `language`, without the time it took."""
    code, out, err = run(capsys, "--lang", language, *argv, "--json")
    assert code == 0, err
    data = json.loads(out)
    data.pop("seconds", None)
    return data


@pytest.mark.parametrize(
    "argv",
    [
        ["maze", "generate", "6", "5", "--shape", "hex", "--seed", "3"],
        ["maze", "generate", "6", "5", "--seed", "3"],
        ["maze", "generate", "6", "5", "--shared-state-bug", "--seed", "3"],
        ["maze", "stats", "--algorithm", "prim", "--shape", "triangle", "--size", "6", "--samples", "3"],
        ["maze", "rooms"],
    ],
)
def test_json_is_the_same_in_every_language(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    english = json_of(argv, "en", capsys)
    if argv[1] == "rooms":
        english.pop("narration")  # sentences for people, in the reader's language
    for language in ("ko", "zh_CN"):
        other = json_of(argv, language, capsys)
        other.pop("narration", None)
        assert other == english


def test_solve_json_is_the_same_in_every_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    maze_file = str(generated("3d", tmp_path, capsys))
    answers = [json_of(["maze", "solve", maze_file], language, capsys) for language in ("en", "ko", "zh_CN")]
    assert answers[0] == answers[1] == answers[2]


@pytest.mark.parametrize(
    "argv",
    [
        ["maze", "generate", "5", "5", "--shape", "3d", "--levels", "99"],
        ["maze", "generate", "1", "5", "--shape", "hex"],
        ["maze", "generate", "5", "5", "--shape", "hex", "--mix", "2"],
        ["maze", "stats", "--shape", "torus", "--size", "2"],
    ],
)
def test_a_korean_error_is_one_korean_line_and_exit_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "--lang", "ko", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and HANGUL.search(err), err


def test_a_bad_maze_file_is_told_in_chinese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    maze_file = write_json(tmp_path, {"cells": 3, "passages": [[0, 7]], "start": 0, "goal": 2})
    code, _out, err = run(capsys, "--lang", "zh_CN", "maze", "solve", str(maze_file))
    assert code == 2 and err.count("\n") == 1 and HAN.search(err) and not HANGUL.search(err)


def test_text_output_follows_the_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(
        capsys, "--lang", "ko", "maze", "generate", "5", "5", "--shape", "hex", "--seed", "1"
    )
    assert code == 0 and "통로" in out
    maze_file = str(generated("polar", tmp_path, capsys))
    code, out, _err = run(capsys, "--lang", "zh_CN", "maze", "solve", maze_file)
    assert code == 0 and "路径" in out
    code, out, _err = run(capsys, "--lang", "ko", "maze", "rooms")
    assert code == 0 and "가 본 방: A 2 1 3 4 6 7 8 5 B" in out
    code, out, _err = run(capsys, "--lang", "zh_CN", "maze", "stats", "--size", "5", "--samples", "2")
    assert code == 0 and "算法" in out.splitlines()[1]
