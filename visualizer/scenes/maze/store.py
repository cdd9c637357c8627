"""Maze files on disk: atomic writes, and the drawing autosaved to the user's data folder (no pygame)."""

from __future__ import annotations

from pathlib import Path

from solvers import maze as mz
from solvers import textio
from visualizer import files
from visualizer.scenes.maze.model import LOAD_MAX

FILE_MAX_BYTES = 8 * 1024 * 1024
"""The largest maze file the app opens: a LOAD_MAX-square one is 2001 lines of 3001 characters (5.7 MB),
with room for CRLF line ends and comments."""

AUTOSAVE_NAME = "maze-autosave.txt"
AUTOSAVE_DELAY = 3.0
"""Seconds after the last edit before the drawing is autosaved."""


def autosave_path() -> Path:
    """Where the drawing is autosaved."""
    return files.data_folder() / AUTOSAVE_NAME


def write_maze(path: Path, maze: mz.Maze) -> None:
    """Write a maze file in one step: a crash mid-write leaves the old file whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    textio.write_atomic(path, maze.to_text())


def parse_maze(text: str) -> mz.Maze:
    """A maze file's text as a Maze (MazeError, a ValueError, says what is wrong)."""
    maze = mz.Maze.from_text(text)
    if max(maze.width, maze.height) > LOAD_MAX:
        raise mz.MazeError(f"the app shows mazes up to {LOAD_MAX} x {LOAD_MAX} cells")
    return maze


def read_autosave() -> mz.Maze | None:
    """The autosaved drawing, or None when there is none or it cannot be read."""
    try:
        return parse_maze(autosave_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
