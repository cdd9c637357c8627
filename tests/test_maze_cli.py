"""Maze files, the rooms walk of the text, and `python -m solvers maze ...`."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_runner import run, run_process
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.events import DeadEnd, Pop, Push, Solution, Visit
from solvers.maze import (
    CORRIDORS,
    ROOMS_PSEUDOCODE,
    Maze,
    MazeError,
    check_room,
    find_path,
    generate,
    rooms_walk,
    run_to_end,
)

SMALL = """\
# a hand-made maze
+--+--+--+
|S |     |
+  +  +  +
|     | G|
+--+--+--+
"""


# --- the file format ----------------------------------------------------------


def test_the_documented_example_parses_to_the_right_walls() -> None:
    maze = Maze.from_text(SMALL)
    assert (maze.width, maze.height) == (3, 2)
    assert maze.right.tolist() == [[1, 0, 1], [0, 1, 1]]
    assert maze.bottom.tolist() == [[0, 0, 0], [1, 1, 1]]
    assert (maze.start, maze.goal) == ((0, 0), (1, 2))
    assert find_path(maze).path == ((0, 0), (1, 0), (1, 1), (0, 1), (0, 2), (1, 2))


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 30), st.integers(2, 30), st.integers(0, 10**6), st.data())
def test_save_then_load_gives_the_same_maze(width: int, height: int, seed: int, data: st.DataObject) -> None:
    maze = generate(width, height, seed)
    cells = st.tuples(st.integers(0, height - 1), st.integers(0, width - 1))
    maze.start, maze.goal = data.draw(cells), data.draw(cells)
    assert Maze.from_text(maze.to_text()) == maze
    assert Maze.from_text(json.dumps(maze.to_json_data())) == maze


def test_files_round_trip_on_disk(tmp_path: Path) -> None:
    maze = generate(40, 25, 6)
    maze.save(tmp_path / "m.txt")
    assert Maze.load(tmp_path / "m.txt") == maze


def test_editor_leftovers_are_tolerated() -> None:
    text = "\n\n" + SMALL.replace("\n", "   \r\n") + "\n\n"
    assert Maze.from_text(text) == Maze.from_text(SMALL)
    marked = generate(5, 5, 1)
    assert Maze.from_text(marked.to_text(find_path(marked).path or ())) == marked


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no maze"),
        ("+--+\n|  |\n+--+\n", "2 to 2000 cells each way, not 1 x 1"),
        (
            "+--+--+\n|  |  |\n+--+--+\n|  |  |\n",
            "4 lines of art: a maze H cells high has 2 * H + 1",
        ),
        (SMALL.replace("+--+--+--+\n|S", "+--+--+-+\n|S", 1), "line 2 has 9 characters"),
        (SMALL.replace("|S |", "|Sx|"), "line 3, column 2: a cell holds only"),
        (SMALL.replace("+  +  +  +", "+- +  +  +"), "line 4, column 2: a wall below"),
        (SMALL.replace("|     | G|", "|     # G|"), "line 5, column 7: a wall beside"),
        (SMALL.replace("|     | G|", "      | G|"), "border must be closed"),
        (SMALL.replace("+--+--+--+\n|S", "+--+  +--+\n|S"), "border must be closed"),
        (SMALL.replace("| G|", "|SG|"), "more than one S"),
        (SMALL.replace("|S", "|é"), "only ASCII"),
        ("{not json", "bad JSON"),
        ('{"width": 2}', "width, height, right and bottom"),
        ('{"width": 2, "height": 2, "right": [[1]], "bottom": [[1]]}', "'right' must be 2 rows"),
        (
            '{"width": 1, "height": 2, "right": [[1], [1]], "bottom": [[0], [1]]}',
            "2 to 2000",
        ),
    ],
)
def test_malformed_text_gets_a_clear_one_line_error(text: str, message: str) -> None:
    with pytest.raises(MazeError, match=re.escape(message)) as caught:
        Maze.from_text(text)
    assert "\n" not in str(caught.value)


def test_oversized_and_missing_files_are_refused(tmp_path: Path) -> None:
    wide = "+" + "--+" * 2001 + "\n"
    row = "|" + "   " * 2000 + "  |\n"
    with pytest.raises(MazeError, match="2 to 2000"):
        Maze.from_text(wide + row + wide + row + wide)
    huge = tmp_path / "huge.txt"
    with huge.open("wb") as file:
        file.seek(40 * 1024 * 1024)
        file.write(b"\n")
    with pytest.raises(MazeError, match="too large"):
        Maze.load(huge)
    with pytest.raises(MazeError, match=r"missing\.txt"):
        Maze.load(tmp_path / "missing.txt")
    (tmp_path / "bin.txt").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(MazeError, match="not UTF-8 text"):
        Maze.load(tmp_path / "bin.txt")


# --- the rooms maze ---------------------------------------------------------------


def test_the_rooms_walk_follows_the_text() -> None:
    visits, story, path = rooms_walk()
    assert visits == ["A", "2", "1", "3", "4", "6", "7", "8", "5", "B"]
    assert path == ("A", "2", "3", "4", "5", "B")
    events = list(check_room())
    assert [e.where for e in events if type(e) is DeadEnd] == ["1", "7", "8", "6"]
    assert [e.answer for e in events if type(e) is Solution] == [path]
    stack = []
    for event in events:
        if type(event) is Push:
            stack.append(event.node)
        elif type(event) is Pop:
            assert stack.pop() == event.node
    assert stack == []
    assert all(1 <= e.line <= len(ROOMS_PSEUDOCODE) for e in events)
    told = " ".join(story)
    steps = [
        "room A to room 2",
        "room 2 to room 1",
        "Dead end in room 1",
        "back to room 2",
        "room 2 to room 3",
        "room 3 to room 4",
        "room 4 to room 6",
        "room 6 to room 7",
        "Dead end in room 7",
        "room 6 to room 8",
        "Dead end in room 8",
        "back to room 4",
        "room 4 to room 5",
        "sees room B",
    ]
    positions = [told.index(step) for step in steps]
    assert positions == sorted(positions)


def test_a_rooms_maze_without_a_way_out_says_so() -> None:
    corridors = [pair for pair in CORRIDORS if pair != ("5", "B")] + [("B", "9")]
    events = check_room(corridors)
    assert run_to_end(events) is None
    visits, story, path = rooms_walk(corridors)
    assert path is None and "B" not in visits
    assert story[-1].endswith("no way out.")
    assert [e.where for e in check_room(corridors) if type(e) is Visit][-1] == "5"


# --- the command line -------------------------------------------------------------


def test_generate_prints_art_and_json_with_the_right_walls(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "maze", "generate", "7", "5", "--seed", "3")
    assert code == 0
    assert Maze.from_text(out.split("\n7 x 5 maze")[0]) == generate(7, 5, 3)
    code, out, _ = run(capsys, "maze", "generate", "7", "5", "--seed", "3", "--json")
    data = json.loads(out)
    maze = generate(7, 5, 3)
    assert (data["width"], data["height"], data["seed"]) == (7, 5, 3)
    assert data["right"] == maze.right.tolist() and data["bottom"] == maze.bottom.tolist()
    assert data["walls_removed"] == 34
    assert data["events_by_kind"]["Carve"] == 34 and data["max_depth"] >= 2


def test_generate_saves_and_solve_reads_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "m.txt"
    code, out, _ = run(capsys, "maze", "generate", "12", "9", "--seed", "5", "--out", str(file))
    assert code == 0 and str(file) in out
    code, out, _ = run(capsys, "maze", "solve", str(file), "--json")
    data = json.loads(out)
    expected = find_path(generate(12, 9, 5))
    assert code == 0 and [tuple(c) for c in data["path"]] == list(expected.path or ())
    assert data["visited"] == expected.visited
    code, out, _ = run(capsys, "maze", "solve", str(file), "--start", "8,11", "--goal", "0,0")
    assert code == 0 and "from (8, 11) to (0, 0)" in out


def test_solve_exits_1_when_there_is_no_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    walled = SMALL.replace("+  +  +  +", "+  +  +--+")
    file = tmp_path / "walled.txt"
    file.write_text(walled)
    code, out, err = run(capsys, "maze", "solve", str(file))
    assert code == 1 and "no path from (0, 0) to (1, 2)" in err and out == ""
    code, out, err = run(capsys, "maze", "solve", str(file), "--json")
    assert code == 1 and json.loads(out)["path"] is None


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["maze", "generate", "1", "5"], "2 to 2000"),
        (["maze", "generate", "5", "2001"], "2 to 2000"),
        (["maze", "generate", "five", "5"], "the width must be a whole number"),
        (["maze", "solve", "/nonexistent/maze.txt"], "maze.txt"),
        (["maze", "solve", "FILE", "--start", "zero"], "row,col"),
        (["maze", "solve", "FILE", "--goal", "9,9"], "goal (9, 9) is off the 3 x 2 grid"),
        (["maze", "solve", "BAD"], "line 3 has 9 characters, expected 10 like line 2"),
    ],
)
def test_bad_input_gets_one_line_and_exit_code_2(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "good.txt").write_text(SMALL)
    (tmp_path / "bad.txt").write_text(SMALL.replace("|S |     |", "|S |    |"))
    argv = [{"FILE": str(tmp_path / "good.txt"), "BAD": str(tmp_path / "bad.txt")}.get(a, a) for a in argv]
    code, out, err = run(capsys, *argv)
    assert code == 2 and message in err and err.count("\n") == 1 and out == ""


def test_rooms_prints_the_walk(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "maze", "rooms")
    assert code == 0 and "Rooms visited: A 2 1 3 4 6 7 8 5 B" in out
    code, out, _ = run(capsys, "maze", "rooms", "--json")
    data = json.loads(out)
    assert data["path"] == ["A", "2", "3", "4", "5", "B"] and data["events"] > 0


def test_the_cli_runs_as_a_subprocess(tmp_path: Path) -> None:
    file = tmp_path / "m.txt"
    done = run_process("maze", "generate", "6", "4", "--seed", "2", "--out", str(file))
    assert done.returncode == 0, done.stderr
    assert Maze.load(file) == generate(6, 4, 2)


MAZES = Path(__file__).resolve().parents[1] / "assets" / "puzzles" / "mazes"


def test_the_shipped_maze_files_load_and_say_what_they_are() -> None:
    files = sorted(MAZES.glob("*.txt"))
    assert len(files) >= 3
    mazes = {file.stem: Maze.load(file) for file in files}
    text = mazes["mysterious-maze-3x3"]
    assert text.right.tolist() == [[0, 1, 1], [1, 1, 1], [0, 0, 1]]
    assert text.bottom.tolist() == [[1, 0, 0], [0, 0, 0], [1, 1, 1]]
    assert find_path(mazes["walled-goal"]).path is None
    loops = mazes["loops"]
    assert loops.openings() > loops.width * loops.height - 1
    assert find_path(loops).path is not None
