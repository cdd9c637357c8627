"""`maze generate --shape ... --algorithm ...`, the shared-state bug, `maze stats`, SVG and PDF."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import deque
from pathlib import Path

import pytest
from cli_runner import run
from pdfread import pdf_streams

from solvers.maze import Maze, generate
from solvers.mazes import graph as g


def check_perfect(data: dict[str, object]) -> None:
    """The checker the generic form exists for: cells - 1 passages, all connected (BFS)."""
    cells, passages, start = data["cells"], data["passages"], data["start"]
    assert isinstance(cells, int) and isinstance(passages, list) and isinstance(start, int)
    assert len(passages) == cells - 1
    near: list[list[int]] = [[] for _ in range(cells)]
    for a, b in passages:
        near[a].append(b)
        near[b].append(a)
    seen = {start}
    queue = deque(seen)
    while queue:
        for nxt in near[queue.popleft()]:
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    assert len(seen) == cells and data["goal"] in seen


@pytest.mark.parametrize("shape", g.SHAPES)
@pytest.mark.parametrize("algorithm", ["backtracker", "wilson", "eller"])
def test_every_shape_prints_a_perfect_generic_form(
    shape: str, algorithm: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["maze", "generate", "9", "7", "--shape", shape, "--algorithm", algorithm, "--seed", "5", "--json"]
    code, out, _ = run(capsys, *argv)
    data = json.loads(out)
    assert code == 0 and data["shape"] == shape
    check_perfect(data)
    if shape == "3d":
        assert data["cells"] == 9 * 7 * g.DEFAULT_LEVELS


def test_the_square_backtracker_keeps_its_walls_and_adds_the_generic_form(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(capsys, "maze", "generate", "7", "5", "--seed", "3", "--json")
    data = json.loads(out)
    maze = generate(7, 5, 3)
    assert data["right"] == maze.right.tolist() and data["cells"] == 35
    check_perfect(data)
    # each generic passage is an opening of the wall grids
    for a, b in data["passages"]:
        (r1, c1), (r2, c2) = divmod(a, 7), divmod(b, 7)
        assert not maze.has_wall((r1, c1), (r2, c2))
    # and `maze solve` still reads the JSON (start and goal as cell ids); seconds stripped
    parsed = Maze.from_text(json.dumps({k: v for k, v in data.items() if k != "seconds"}))
    assert parsed == maze


def test_levels_shape_and_algorithm_errors_are_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, words in [
        (["--shape", "3d", "--levels", "1"], "levels go from 2 to 20, not 1"),
        (["--shape", "3d", "--levels", "21"], "levels go from 2 to 20, not 21"),
        (["--shape", "hex", "--levels", "3"], "--levels goes with --shape 3d only"),
        (["--shape", "cube"], "invalid choice: 'cube'"),
        (["--algorithm", "dijkstra"], "invalid choice: 'dijkstra'"),
        (["--shape", "torus", "--algorithm", "prim", "--mix", "2"], "--mix is a chance from 0 to 1"),
        (["--algorithm", "prim", "--shared-state-bug"], "with the backtracker only"),
    ]:
        code, out, err = run(capsys, "maze", "generate", "9", "7", *argv)
        assert code == 2 and out == "" and words in err and err.count("\n") == 1, (argv, err)


def test_the_shared_state_bug_gives_a_partial_maze(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "maze", "generate", "30", "30", "--shared-state-bug", "--seed", "4", "--json")
    data = json.loads(out)
    assert code == 0 and data["shared_state_bug"] is True
    assert data["carved_cells"] == len(data["passages"]) + 1 < 900 // 2
    assert data["events_by_kind"]["Pop"] == data["carved_cells"]  # every frame returns at once
    code, out, _ = run(capsys, "maze", "generate", "30", "30", "--seed", "4", "--json")
    assert len(json.loads(out)["passages"]) == 899


def test_stats_gives_the_texture_figures(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "maze",
        "stats",
        "--algorithm",
        "backtracker",
        "--shape",
        "square",
        "--size",
        "12",
        "--samples",
        "10",
    ]
    code, out, _ = run(capsys, *argv, "--json")
    data = json.loads(out)
    assert code == 0 and data["samples"] == 10 and data["cells"] == 144
    assert 0.05 < data["dead_ends"] < 0.2 and data["corridor"] > 3
    assert 0 < data["solution_share"] <= 1 and 0 < data["branching"] < 0.2
    code, out, _ = run(capsys, "maze", "stats", "--size", "8", "--samples", "3")
    assert code == 0 and "kruskal" in out and "dead ends" in out
    code, _, err = run(capsys, "maze", "stats", "--size", "900", "--samples", "1")
    assert code == 2 and "at most 250,000 cells" in err


def test_svg_draws_walls_and_the_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "m.svg"
    argv = ["maze", "generate", "8", "6", "--shape", "hex", "--seed", "2", "--svg", str(file), "--solution"]
    code, out, _ = run(capsys, *argv)
    assert code == 0 and "SVG saved" in out
    root = ET.parse(file).getroot()
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert texts[:2] == ["S", "G"]
    assert len(list(root.iter("{http://www.w3.org/2000/svg}polyline"))) == 1  # the path
    wall_moves = root.find("{http://www.w3.org/2000/svg}path").get("d", "").count("M")  # type: ignore[union-attr]
    # a perfect maze of 48 hexes keeps every side but its 47 passages (each shared side once)
    sides = sum(6 for _ in range(48))
    shared = sum(len(near) for near in g.hexagonal(8, 6).adjacency)
    assert wall_moves == sides - shared // 2 - 47


def test_pdf_worksheet_has_the_mazes_then_the_answers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "w.pdf"
    argv = ["maze", "generate", "10", "8", "--shape", "polar", "--pdf", str(file), "--copies", "5"]
    code, out, _ = run(capsys, *argv, "--per-page", "2", "--paper", "letter", "--seed", "1")
    assert code == 0 and "worksheet of 5 mazes" in out
    data = file.read_bytes()
    assert data.startswith(b"%PDF")
    assert data.count(b"/Type /Page\n") + data.count(b"/Type /Page ") + data.count(b"/Type /Page>") >= 6
    assert b"612" in data  # Letter is 612 points wide


def test_a_pdf_to_a_missing_folder_fails_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "no" / "w.pdf"
    code, _, err = run(capsys, "maze", "generate", "6", "6", "--shape", "torus", "--pdf", str(target))
    assert code == 1 and "cannot write" in err and "nothing written" in err and err.count("\n") == 1


def test_a_korean_worksheet_is_written_in_korean(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """With --lang ko the header says 이름 and 날짜, drawn in the embedded Hangul-capable face."""
    file = tmp_path / "w.pdf"
    # seed 42: a compressed stream ends in a line-break byte, which a reader that searched for the line
    # before "endstream" cut off (this test failed 1 run in ~40 on random mazes; tests/pdfread.py)
    code, _, _ = run(capsys, "--lang", "ko", "maze", "generate", "6", "6", "--seed", "42", "--pdf", str(file))
    assert code == 0
    data = file.read_bytes()
    text = b"".join(pdf_streams(data)).upper()
    assert b"NotoSansCJK" in data and b"Helvetica" not in data
    for char in "이름날짜정답":  # ToUnicode maps of the glyphs used
        assert f"{ord(char):04X}".encode() in text, char


@pytest.mark.parametrize("shape", ["square", "hex"])
def test_a_failed_print_stops_before_the_maze_is_saved_on_every_shape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shape: str
) -> None:
    """One write order for every shape: --svg, then --out; a print that fails leaves no maze file behind
    (the square saved its text art first, so a failed SVG left the art written under 'nothing written')."""
    out, svg = tmp_path / "maze.out", tmp_path / "no" / "x.svg"
    argv = [
        "maze",
        "generate",
        "6",
        "4",
        "--shape",
        shape,
        "--seed",
        "1",
        "--out",
        str(out),
        "--svg",
        str(svg),
    ]
    code, _, err = run(capsys, *argv)
    assert code == 1 and "cannot write" in err and "nothing written" in err and err.count("\n") == 1
    assert not out.exists() and not svg.exists()
