"""The demos, by the names scripts use: `unwind NAME`, `python -m visualizer NAME`."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from solvers.i18n import N_

if TYPE_CHECKING:  # the demos' base (pygame, the player) loads with the first demo opened, not to parse
    from visualizer.scenes.base import Demo


@dataclass(frozen=True, slots=True)
class DemoEntry:
    """A demo as the home screen lists it; its class is imported only when opened."""

    name: str
    title: str
    blurb: str
    target: str  # "module:Class"

    def load(self) -> type[Demo]:
        """Import and return the demo's class."""
        module_name, class_name = self.target.split(":")
        demo: type[Demo] = getattr(importlib.import_module(module_name), class_name)
        return demo


DEMOS: tuple[DemoEntry, ...] = (
    DemoEntry(
        "recursion",
        N_("Recursion"),
        N_("factorial two ways, the stack, overflow, a tree"),
        "visualizer.scenes.recursion.demo:RecursionDemo",
    ),
    DemoEntry(
        "maze",
        N_("Maze"),
        N_("carve a maze by backtracking, solve it, draw your own"),
        "visualizer.scenes.maze.demo:MazeDemo",
    ),
    DemoEntry(
        "mazes",
        N_("Maze shapes"),
        N_("one backtracker on every shape; the missing var; a maze to walk"),
        "visualizer.scenes.mazes.demo:MazeShapesDemo",
    ),
    DemoEntry(
        "rooms",
        N_("Rooms"),
        N_("the small rooms-and-corridors maze, room by room"),
        "visualizer.scenes.rooms.demo:RoomsDemo",
    ),
    DemoEntry(
        "sudoku",
        N_("Sudoku"),
        N_("Algorithm X fills a sudoku: place, withdraw, retry"),
        "visualizer.scenes.sudoku.demo:SudokuDemo",
    ),
    DemoEntry(
        "queens",
        N_("N queens"),
        N_("queens placed and removed, every solution"),
        "visualizer.scenes.queens.demo:QueensDemo",
    ),
    DemoEntry(
        "pentomino",
        N_("Pentominoes"),
        N_("twelve pieces tile a rectangle"),
        "visualizer.scenes.pentomino.demo:PentominoDemo",
    ),
    DemoEntry(
        "dlx",
        N_("Dancing links"),
        N_("the 0-1 matrix whose links cover and uncover"),
        "visualizer.scenes.dlx.demo:MatrixDemo",
    ),
    DemoEntry(
        "tictactoe",
        N_("Tic-tac-toe"),
        N_("play the computer; watch minimax and alpha-beta"),
        "visualizer.scenes.tictactoe.demo:TicTacToeDemo",
    ),
    DemoEntry(
        "gametree",
        N_("Game tree"),
        N_("a random MAX/MIN tree, minimax beside alpha-beta"),
        "visualizer.scenes.gametree.demo:GameTreeDemo",
    ),
    DemoEntry(
        "frogs",
        N_("Frogs"),
        N_("LLL_RRR: play it, or watch the solver's tree of tries"),
        "visualizer.scenes.frogs.demo:FrogsDemo",
    ),
    DemoEntry(
        "hanoi",
        N_("Towers of Hanoi"),
        N_("disks on three pegs, the calls that move them"),
        "visualizer.scenes.hanoi.demo:HanoiDemo",
    ),
    DemoEntry(
        "trace",
        N_("Your code"),
        N_("trace a function of yours: its stack, lines and call tree"),
        "visualizer.scenes.trace.demo:TraceDemo",
    ),
    DemoEntry(
        "games",
        N_("Gomoku and friends"),
        N_("gomoku, m,n,k, Connect Four: depth limits and a heuristic"),
        "visualizer.scenes.games.demo:GamesDemo",
    ),
)

BY_NAME = {entry.name: entry for entry in DEMOS}
