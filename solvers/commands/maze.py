"""`maze generate`, `maze solve`, `maze rooms`: one command path for mazes of every shape."""

from __future__ import annotations

import argparse
import json
import secrets
from dataclasses import dataclass
from typing import Any

from solvers import i18n, textio
from solvers.cli import ArgumentParser, emit, fail, seed_number, whole_number
from solvers.maze import (
    CORRIDORS,
    MAX_FILE_BYTES,
    MAX_SIZE,
    MIN_SIZE,
    ROOMS,
    Cell,
    Maze,
    MazeError,
    carve,
    check_room,
    check_size,
    corridors,
    rooms_walk,
)
from solvers.mazes.walk import OpenNear, SolveResult, search
from solvers.messages import MAX_NUMBER_CHARS, shown
from solvers.runstats import EventStats, run_to_end


def _cell_arg(text: str) -> Cell | int:
    """Parse 'r,c' for --start and --goal (a cell id alone, for a maze of any shape)."""
    # ASCII digits only: int() would read other scripts' digits ('١,٠' as 1,0)
    parts = text.replace(" ", "").split(",") if text.isascii() else []
    if len(parts) == 1 and parts[0].isdigit() and len(parts[0]) <= MAX_NUMBER_CHARS:
        return int(parts[0])
    if len(parts) != 2 or not all(
        part.lstrip("-").isdigit() and len(part) <= MAX_NUMBER_CHARS for part in parts
    ):
        raise argparse.ArgumentTypeError(
            i18n._("expected row,col such as 0,0 (or a cell id), not {given}").format(given=shown(text))
        )
    return (int(parts[0]), int(parts[1]))


def _run_generate(args: argparse.Namespace) -> int:
    """`maze generate W H`: carve a maze of any shape with any generator, print or save it (one path)."""
    from solvers.mazes import cli as shapes_cli

    graph = _checked_graph(args)  # every refusal comes before any carving
    seed = args.seed if args.seed is not None else secrets.randbelow(2**32)
    stats = EventStats()
    made = _carve(args, graph, seed, stats)
    written = shapes_cli.saving("generate", args.svg or args.pdf, lambda: made.prints(args, seed))
    if isinstance(written, int):
        return written
    if args.out:
        done = shapes_cli.saving("generate", args.out, lambda: made.save(args, seed, stats))
        if isinstance(done, int):
            return done
    emit(args, made.shown(args, seed, stats, written), lambda: made.data(args, seed, stats))
    return 0


def _checked_graph(args: argparse.Namespace) -> Any:
    """The cell graph the options ask for, None for the square backtracker's view; UsageError in one line."""
    from solvers.mazes import cli as shapes_cli

    if shapes_cli.uses_generic_path(args):
        return shapes_cli.build_graph(args)
    try:
        check_size(args.width, args.height)
    except MazeError as error:
        raise shapes_cli.refused("generate", str(error)) from None
    shapes_cli.check_worksheet(args, args.width * args.height)
    return None


def _carve(args: argparse.Namespace, graph: Any, seed: int, stats: EventStats) -> SquareMade | ShapeMade:
    """Carve through `stats`: the square backtracker straight into its wall grids (no graph built), any
    other shape or generator into passages."""
    from solvers.mazes import cli as shapes_cli

    if graph is not None:
        return ShapeMade(graph, shapes_cli.carve_passages(graph, args, seed, stats))
    carving = shapes_cli.watched(carve(args.width, args.height, seed), stats, True, i18n.N_("walls removed"))
    return SquareMade(run_to_end(carving, stats))


@dataclass(frozen=True)
class SquareMade:
    """A square backtracker's maze, written as its view: text art, the wall grids and the graph form."""

    maze: Maze

    def prints(self, args: argparse.Namespace, seed: int) -> str:
        """Write --svg/--pdf (the square graph is built only for them); the words saying so."""
        from solvers.mazes import cli as shapes_cli

        if not (args.svg or args.pdf):
            return ""
        return shapes_cli.write_prints(args, shapes_cli.build_graph(args), self.maze.passages(), seed)

    def save(self, args: argparse.Namespace, seed: int, stats: EventStats) -> None:
        """Save the text art, atomically."""
        self.maze.save(args.out)

    def shown(self, args: argparse.Namespace, seed: int, stats: EventStats, written: str) -> str:
        """The art and the summary (or the summary and where it was saved), then what was printed."""
        maze = self.maze
        summary = i18n.ngettext(
            "{width} x {height} maze, seed {seed}: {count} wall removed, {stats}",
            "{width} x {height} maze, seed {seed}: {count} walls removed, {stats}",
            maze.openings(),
        ).format(
            width=maze.width,
            height=maze.height,
            seed=seed,
            count=i18n.format_number(maze.openings()),
            stats=stats.summary(),
        )
        saved = i18n._("{summary}; saved to {path}").format(summary=summary, path=args.out)
        text = saved if args.out else maze.to_text() + summary
        return "; ".join(part for part in (text, written) if part)

    def data(self, args: argparse.Namespace, seed: int, stats: EventStats) -> dict[str, Any]:
        """`--json`'s object: the walls, the seed and stats, and the graph form."""
        from solvers.mazes import cli as shapes_cli

        data = {
            **self.maze.to_json_data(),
            "seed": seed,
            "walls_removed": self.maze.openings(),
            "backtracks": stats.by_kind["Pop"],
            **stats.as_dict(),
        }
        return data | shapes_cli.generic_form(shapes_cli.build_graph(args), self.maze.passages())


@dataclass(frozen=True)
class ShapeMade:
    """A maze of any shape or generator, written as the graph form."""

    graph: Any
    passages: list[tuple[int, int]]

    def prints(self, args: argparse.Namespace, seed: int) -> str:
        """Write --svg/--pdf if asked; the words saying so."""
        from solvers.mazes import cli as shapes_cli

        return shapes_cli.write_prints(args, self.graph, self.passages, seed)

    def save(self, args: argparse.Namespace, seed: int, stats: EventStats) -> None:
        """Save the graph form (with the seed, generator and stats) as JSON, atomically."""
        textio.write_atomic(args.out, json.dumps(self.data(args, seed, stats)) + "\n")

    def shown(self, args: argparse.Namespace, seed: int, stats: EventStats, written: str) -> str:
        """The summary, then what was printed and where the maze was saved."""
        passages = self.passages
        name = i18n._("shared-state backtracker (missing var)") if args.shared_state_bug else args.algorithm
        summary = i18n.ngettext(
            "{shape} maze of {cells} cells, seed {seed}, {generator}: {count} passage"
            " ({carved} cells carved); {stats}",
            "{shape} maze of {cells} cells, seed {seed}, {generator}: {count} passages"
            " ({carved} cells carved); {stats}",
            len(passages),
        ).format(
            shape=args.shape,
            cells=i18n.format_number(self.graph.size),
            seed=seed,
            generator=name,
            count=i18n.format_number(len(passages)),
            carved=i18n.format_number(len(passages) + 1),
            stats=stats.summary(),
        )
        saved = i18n._("saved to {path}").format(path=args.out) if args.out else ""
        return "; ".join([summary, *(text for text in (written, saved) if text)])

    def data(self, args: argparse.Namespace, seed: int, stats: EventStats) -> dict[str, Any]:
        """The graph form with the seed, generator and stats."""
        from solvers.mazes import cli as shapes_cli

        form = {
            **shapes_cli.generic_form(self.graph, self.passages),
            "seed": seed,
            "algorithm": args.algorithm,
            **stats.as_dict(),
        }
        if args.shared_state_bug:
            form |= {"carved_cells": len(self.passages) + 1, "shared_state_bug": True}
        return form


def _read_solve_input(name: str) -> tuple[str, str]:
    """The text of file `name` (stdin for '-') and a name for messages; MazeError if unusable."""
    try:
        return textio.read_text(name, MAX_FILE_BYTES)
    except textio.InputError as error:
        raise MazeError(str(error)) from None


@dataclass(frozen=True)
class ToSolve:
    """A maze of any shape as the one search reads it, and how `maze solve` writes its cells.

    Cells are flat ids throughout; the square view writes them as (row, col)
    (text art, 'r,c' and [r, c]), every other shape as the ids themselves.
    """

    open_near: OpenNear
    cells: int
    start: int
    goal: int
    square: Maze | None  # the square view, when the file was one


def _to_solve(args: argparse.Namespace, text: str, source: str) -> ToSolve:
    """The file's maze, start and goal (the options' or its own); MazeError if any is unusable."""
    from solvers.mazes import cli as shapes_cli

    graph_maze = shapes_cli.read_graph_maze(text)
    if graph_maze is not None:
        cells = graph_maze.cells
        start = graph_maze.start if args.start is None else shapes_cli.cell_id(args.start, "--start", cells)
        goal = graph_maze.goal if args.goal is None else shapes_cli.cell_id(args.goal, "--goal", cells)
        return ToSolve(graph_maze.near.__getitem__, cells, start, goal, None)
    maze = Maze.parse(text, source)
    first = maze.start if args.start is None else _square_cell(maze, args.start, i18n.N_("start"))
    last = maze.goal_cell if args.goal is None else _square_cell(maze, args.goal, i18n.N_("goal"))
    width = maze.width
    return ToSolve(
        corridors(maze), width * maze.height, first[0] * width + first[1], last[0] * width + last[1], maze
    )


def _run_solve(args: argparse.Namespace) -> int:
    """`maze solve FILE`: find a path by backtracking, on a maze of any shape (the one search)."""
    from solvers.mazes import cli as shapes_cli

    try:
        text, source = _read_solve_input(args.file)
        maze = _to_solve(args, text, source)
    except MazeError as error:
        raise shapes_cli.refused("solve", str(error)) from None
    stats = EventStats()
    result: SolveResult = run_to_end(search(maze.open_near, maze.cells, maze.start, maze.goal), stats)
    width = maze.square.width if maze.square else 0

    def as_json(cell: int) -> Any:
        """A cell as the JSON writes it: [row, col] on the square, the id elsewhere."""
        return list(divmod(cell, width)) if width else cell

    data = {
        "path": None if result.path is None else [as_json(cell) for cell in result.path],
        "length": 0 if result.path is None else len(result.path),
        "visited": result.visited,
        "dead_ends": result.dead_ends,
        "start": as_json(maze.start),
        "goal": as_json(maze.goal),
        **stats.as_dict(),
    }
    if result.path is None:
        if args.json:
            emit(args, "", data)
        return fail(_no_path(maze, result.visited))
    path = result.path
    found = i18n.ngettext(
        "path of {count} cell from {start} to {goal}: {cells}",
        "path of {count} cells from {start} to {goal}: {cells}",
        len(path),
    ).format(
        count=i18n.format_number(len(path)),
        start=_place(maze, maze.start),
        goal=_place(maze, maze.goal),
        cells=" ".join(",".join(map(str, divmod(cell, width))) if width else str(cell) for cell in path),
    )
    searched = i18n._("cells visited: {visited}, dead ends: {dead}; {stats}").format(
        visited=i18n.format_number(result.visited),
        dead=i18n.format_number(result.dead_ends),
        stats=stats.summary(),
    )
    art = maze.square.to_text([divmod(cell, width) for cell in path]) if maze.square else ""
    emit(args, f"{art}{found}\n{searched}", data)
    return 0


def _place(maze: ToSolve, cell: int) -> str:
    """Start or goal as the text names it: '(row, col)' on the square, the id elsewhere."""
    return str(divmod(cell, maze.square.width)) if maze.square else str(cell)


def _no_path(maze: ToSolve, visited: int) -> str:
    """The one line saying start and goal are apart."""
    start, goal, count = _place(maze, maze.start), _place(maze, maze.goal), i18n.format_number(visited)
    if maze.square:
        return i18n.ngettext(
            "maze solve: no path from {start} to {goal}; {count} cell is reachable from the start",
            "maze solve: no path from {start} to {goal}; {count} cells are reachable from the start",
            visited,
        ).format(start=start, goal=goal, count=count)
    return i18n.ngettext(
        "maze solve: no path from cell {start} to cell {goal}; {count} cell is reachable from the start",
        "maze solve: no path from cell {start} to cell {goal}; {count} cells are reachable from the start",
        visited,
    ).format(start=start, goal=goal, count=count)


def _square_cell(maze: Maze, given: Cell | int, name: str) -> Cell:
    """--start or --goal on a square maze: 'r,c', or a cell id row * width + col."""
    if isinstance(given, int):
        if not 0 <= given < maze.width * maze.height:
            raise MazeError(
                i18n._("{name} cell id {given} is off the {width} x {height} grid").format(
                    name=i18n._(name), given=given, width=maze.width, height=maze.height
                )
            )
        row, col = divmod(given, maze.width)
        return (row, col)
    return maze.checked_cell(given, name)


def _run_rooms(args: argparse.Namespace) -> int:
    """`maze rooms`: the text's rooms maze, walked by CheckRoom."""
    stats = EventStats()
    stats.drain(check_room())
    visits, story, path = rooms_walk()
    lines = [
        i18n._("Rooms {rooms}; corridors {corridors}").format(
            rooms=", ".join(ROOMS), corridors=" ".join(f"{a}-{b}" for a, b in CORRIDORS)
        ),
        *(f"{number:2}. {sentence}" for number, sentence in enumerate(story, 1)),
        i18n._("Rooms visited: {rooms}").format(rooms=" ".join(visits)),
        i18n._("Path: {rooms}").format(rooms=" -> ".join(path or ())),
    ]
    data = {
        "rooms": list(ROOMS),
        "corridors": [list(pair) for pair in CORRIDORS],
        "visited": visits,
        "path": list(path or ()),
        "narration": story,
        **stats.as_dict(),
    }
    emit(args, "\n".join(lines), data)
    return 0


def add_cli(subparsers: Any) -> None:
    """Register `maze generate`, `maze solve`, `maze stats` and `maze rooms`."""
    from solvers.mazes import cli as shapes_cli

    maze = subparsers.add_parser("maze", help=i18n._("carve, solve and walk mazes"))
    sub = maze.add_subparsers(dest="maze_command", metavar="ACTION", parser_class=ArgumentParser)
    maze.set_defaults(run=lambda args: (maze.print_help(), 2)[1])

    gen = sub.add_parser(
        "generate", help=i18n._("carve a perfect maze (the recursive backtracker, or --algorithm)")
    )
    gen.add_argument(
        "width",
        type=whole_number(None, i18n.N_("the width")),
        help=i18n._("cells across ({low}..{high})").format(low=MIN_SIZE, high=MAX_SIZE),
    )
    gen.add_argument(
        "height",
        type=whole_number(None, i18n.N_("the height")),
        help=i18n._("cells down ({low}..{high}; polar: rings)").format(low=MIN_SIZE, high=MAX_SIZE),
    )
    gen.add_argument(
        "--seed", type=seed_number(), help=i18n._("0 to 2^32-1; the same seed gives the same maze")
    )
    gen.add_argument("--json", action="store_true", help=i18n._("print one JSON object"))
    gen.add_argument(
        "--out", metavar="FILE", help=i18n._("save the maze (square: text art; others: the JSON)")
    )
    shapes_cli.add_generate_options(gen)
    gen.set_defaults(run=_run_generate)

    sol = sub.add_parser("solve", help=i18n._("find a path through a maze file by backtracking"))
    sol.add_argument(
        "file",
        help=i18n._("a maze file (text art, or the JSON of generate --json of any shape); '-' = stdin"),
    )
    sol.add_argument(
        "--start", type=_cell_arg, metavar="R,C|ID", help=i18n._("start cell (default: the maze's own)")
    )
    sol.add_argument(
        "--goal", type=_cell_arg, metavar="R,C|ID", help=i18n._("goal cell (default: the maze's own)")
    )
    sol.add_argument("--json", action="store_true", help=i18n._("print one JSON object"))
    sol.set_defaults(run=_run_solve)

    shapes_cli.add_stats(sub)

    rooms = sub.add_parser("rooms", help=i18n._("walk the text's rooms maze with CheckRoom"))
    rooms.add_argument("--json", action="store_true", help=i18n._("print one JSON object"))
    rooms.set_defaults(run=_run_rooms)
