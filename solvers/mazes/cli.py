"""The maze command's parts for every shape: options, the graph, carving, prints, `maze stats`, graph files.

`solvers.commands.maze` runs `maze generate` and `maze solve` on one path for
every shape; the square backtracker is only written differently there (its
view: text art and wall grids, beside the graph form).  Every shape prints
the generic graph form with --json: "cells", "passages" [[a, b], ...],
"start", "goal" (cell ids).
"""

from __future__ import annotations

import argparse
import itertools
import json
from collections.abc import Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solvers.cli import Progress, UsageError, emit, fail, seed_number, whole_number
from solvers.events import Carve, Pop
from solvers.i18n import N_, _, format_number, ngettext
from solvers.mazes import graph as g
from solvers.mazes.generators import ALGORITHMS, DEFAULT_MIX, SHARED_BUG, growing_tree
from solvers.mazes.printing import PAPERS, Printed, PrintUnavailable, solution, write_pdf, write_svg
from solvers.mazes.texture import mean_texture
from solvers.messages import pad
from solvers.runstats import EventStats

MAX_STATS_CELLS = 250_000
"""`maze stats` measures up to this many cells a maze (times the samples: keep it interactive)."""
MAX_SAMPLES = 10_000
MAX_COPIES = 100
MAX_WORKSHEET_CELLS = 1_000_000
"""A --pdf worksheet's cells, all copies together (100 copies of 100 x 100): more is unreadable on paper
and takes minutes."""
PROGRESS_EVERY = 4095
"""Carving reads the progress clock every 4,096 passages."""


def add_generate_options(parser: argparse.ArgumentParser) -> None:
    """The options `maze generate` has beyond the square backtracker's."""
    parser.add_argument(
        "--shape", choices=g.SHAPES, default="square", help=_("the cells' shape (polar: H rings)")
    )
    parser.add_argument(
        "--algorithm", choices=list(ALGORITHMS), default="backtracker", help=_("the generator")
    )
    parser.add_argument(
        "--levels",
        type=whole_number(None, N_("the levels")),
        help=_("floors of a 3d maze ({low}..{high}, default {default})").format(
            low=g.MIN_LEVELS + 1, high=g.MAX_LEVELS, default=g.DEFAULT_LEVELS
        ),
    )
    parser.add_argument(
        "--mix", type=float, default=DEFAULT_MIX, help=_("growing tree: chance of the newest cell")
    )
    parser.add_argument(
        "--shared-state-bug",
        action="store_true",
        help=_("the backtracker with its loop state shared by all calls (the text's missing var)"),
    )
    parser.add_argument("--svg", metavar="FILE", help=_("draw the maze as SVG"))
    parser.add_argument("--pdf", metavar="FILE", help=_("a worksheet: the mazes, then the answers"))
    parser.add_argument("--paper", choices=sorted(PAPERS), default="a4", help=_("worksheet paper"))
    parser.add_argument(
        "--copies",
        type=whole_number(1, N_("the copies"), MAX_COPIES),
        default=1,
        help=_("mazes on the worksheet"),
    )
    parser.add_argument(
        "--per-page", type=whole_number(1, N_("mazes a page"), 6), default=2, help=_("mazes a page")
    )
    parser.add_argument("--solution", action="store_true", help=_("draw the path on the SVG"))


def uses_generic_path(args: argparse.Namespace) -> bool:
    """True unless this is the plain square backtracker the text art path handles."""
    return bool(args.shape != "square" or args.algorithm != "backtracker" or args.shared_state_bug)


def build_graph(args: argparse.Namespace) -> g.CellGraph:
    """The graph the options ask for, or UsageError in one line."""
    check_levels("generate", args.levels)
    if not 0.0 <= args.mix <= 1.0:
        raise refused("generate", _("--mix is a chance from 0 to 1, not {mix}").format(mix=args.mix))
    if args.shared_state_bug and args.algorithm != "backtracker":
        raise refused("generate", _("--shared-state-bug goes with the backtracker only"))
    try:
        graph = g.build(args.shape, args.width, args.height, args.levels)
    except g.MazeError as error:
        raise refused("generate", str(error)) from None
    check_worksheet(args, graph.size)
    return graph


def check_worksheet(args: argparse.Namespace, cells: int) -> None:
    """Refuse a --pdf worksheet of more than MAX_WORKSHEET_CELLS cells in all, before any carving."""
    if args.pdf and cells * args.copies > MAX_WORKSHEET_CELLS:
        raise refused(
            "generate",
            _("a worksheet holds at most {high} cells in all, not {copies} x {cells}").format(
                high=format_number(MAX_WORKSHEET_CELLS),
                copies=format_number(args.copies),
                cells=format_number(cells),
            ),
        )


def refused(action: str, message: str) -> UsageError:
    """The one-line error of `maze ACTION` (exit 2)."""
    return UsageError(_("maze {action}: {error}").format(action=action, error=message))


def check_levels(action: str, levels: int | None) -> None:
    """Refuse a number of 3-D floors out of range."""
    if levels is not None and not g.MIN_LEVELS + 1 <= levels <= g.MAX_LEVELS:
        raise refused(
            action,
            _("levels go from {low} to {high}, not {levels}").format(
                low=g.MIN_LEVELS + 1, high=g.MAX_LEVELS, levels=levels
            ),
        )


def carve_passages(
    graph: g.CellGraph, args: argparse.Namespace, seed: int, stats: EventStats
) -> list[g.Passage]:
    """Run the chosen generator through `stats`, keeping its Carves as passages."""
    if args.shared_state_bug:
        events = SHARED_BUG.run(graph, seed)
    elif args.algorithm == "growing-tree":
        events = growing_tree(graph, seed, args.mix)
    else:
        events = ALGORITHMS[args.algorithm].run(graph, seed)
    return carved(events, stats, args.shared_state_bug or ALGORITHMS[args.algorithm].carve_pushes)


def carved(events: Iterable[Any], stats: EventStats, pushes: bool) -> list[g.Passage]:
    """The passages of the events' Carves; with `pushes`, a Carve counts as a push in the stats' depth."""
    passages: list[g.Passage] = []
    keep = passages.append
    for event in watched(iter(stats.watch(events)), stats, pushes, N_("passages")):
        if type(event) is Carve:
            keep((event.cell, event.other))
    return passages


def watched(events: Iterator[Any], stats: EventStats, pushes: bool, noun: str) -> Generator[Any, None, Any]:
    """Pass a carving's events on, and its return value, with progress every 4,096 Carves (said in `noun`).

    With `pushes` (a stack-based generator, the square's carve), a Carve
    counts as the push it implies in `stats.max_depth`: EventStats sees no
    Push for it.  Every shape's `maze generate` carves through this.
    """
    depth = deepest = carves = 0
    progress = Progress("maze generate")  # the command's name, as typed
    carve_kind, pop_kind = Carve, Pop
    try:
        while True:
            try:
                event = next(events)
            except StopIteration as stop:
                result = stop.value
                break
            if type(event) is carve_kind:
                carves += 1
                if not carves & PROGRESS_EVERY:
                    progress.update(carves, noun)
                if pushes:
                    depth += 1
                    deepest = max(deepest, depth)
            elif pushes and type(event) is pop_kind:
                depth -= 1
            yield event
    finally:
        progress.close()
    if pushes:
        stats.max_depth = max(stats.max_depth, deepest + 1)
    return result


def generic_form(graph: g.CellGraph, passages: Sequence[g.Passage]) -> dict[str, Any]:
    """The form any checker reads: cells, passages, start, goal (plus the shape and size)."""
    data: dict[str, Any] = {
        "shape": graph.shape,
        "cells": graph.size,
        "passages": [list(p) for p in passages],
        "start": graph.start,
        "goal": graph.goal,
    }
    if graph.shape == "3d":
        data["levels"] = graph.levels
    if graph.shape == "polar":
        data["rings"] = list(graph.ring_sizes)
    return data


def write_prints(args: argparse.Namespace, graph: g.CellGraph, passages: list[g.Passage], seed: int) -> str:
    """Write --svg and --pdf if asked; the words saying what was written."""
    said = []
    title = _("{shape} maze, seed {seed}").format(shape=graph.shape, seed=seed)
    if args.svg:
        path = solution(graph, passages) if args.solution else None
        write_svg(args.svg, Printed(graph, passages, title, path))
        said.append(_("SVG saved to {path}").format(path=args.svg))
    if args.pdf:
        items = [Printed(graph, passages, _("Maze {number} (seed {seed})").format(number=1, seed=seed))]
        with Progress("maze generate --pdf", total=args.copies) as progress:
            for copy in range(1, args.copies):
                progress.update(copy, N_("mazes"))
                more = carve_passages(graph, args, (seed + copy) % 2**32, EventStats())
                more_seed = (seed + copy) % 2**32
                items.append(
                    Printed(
                        graph, more, _("Maze {number} (seed {seed})").format(number=copy + 1, seed=more_seed)
                    )
                )
        write_pdf(args.pdf, items, args.paper, args.per_page)
        said.append(
            ngettext(
                "worksheet of {count} maze and answers saved to {path}",
                "worksheet of {count} mazes and answers saved to {path}",
                len(items),
            ).format(count=format_number(len(items)), path=args.pdf)
        )
    return "; ".join(said)


def saving(action: str, target: str | None, job: Any) -> str | int:
    """Run a write; on failure the one-line message's exit code (1), else its words."""
    try:
        return str(job())
    except PrintUnavailable as error:
        raise refused(action, str(error)) from None
    except OSError as error:
        return fail(cannot_write(action, target, error))


def cannot_write(action: str, target: str | None, error: OSError) -> str:
    """The one line saying a file could not be written, and whether an old one is left as it was."""
    reason = error.strerror or error
    if target and Path(target).is_file():
        return _("maze {action}: cannot write {path}: {reason}; the old file is unchanged").format(
            action=action, path=target, reason=reason
        )
    return _("maze {action}: cannot write {path}: {reason}; nothing written").format(
        action=action, path=target, reason=reason
    )


def add_stats(sub: Any) -> None:
    """Register `maze stats`."""
    stats = sub.add_parser("stats", help=_("texture figures of a generator over many mazes"))
    stats.add_argument(
        "--algorithm", choices=[*ALGORITHMS, "all"], default="all", help=_("the generator (default: all)")
    )
    stats.add_argument("--shape", choices=g.SHAPES, default="square", help=_("the cells' shape"))
    stats.add_argument(
        "--size", type=whole_number(2, N_("the size"), 2000), default=20, help=_("N: N x N cells")
    )
    stats.add_argument("--levels", type=whole_number(None, N_("the levels")), help=_("floors of a 3d maze"))
    stats.add_argument(
        "--samples",
        type=whole_number(1, N_("the samples"), MAX_SAMPLES),
        default=100,
        help=_("mazes to measure"),
    )
    stats.add_argument("--seed", type=seed_number(), default=0, help=_("first seed (then seed + 1, ...)"))
    stats.add_argument("--json", action="store_true", help=_("print one JSON object"))
    stats.set_defaults(run=run_stats)


def run_stats(args: argparse.Namespace) -> int:
    """`maze stats`: mean dead ends, branching, solution share and corridor length."""
    check_levels("stats", args.levels)
    try:
        graph = g.build(args.shape, args.size, args.size, args.levels)
    except g.MazeError as error:
        raise refused("stats", str(error)) from None
    if graph.size > MAX_STATS_CELLS:
        raise refused(
            "stats",
            _("at most {high} cells a maze, not {cells}").format(
                high=format_number(MAX_STATS_CELLS), cells=format_number(graph.size)
            ),
        )
    names = list(ALGORITHMS) if args.algorithm == "all" else [args.algorithm]
    progress, measured = Progress("maze stats", total=args.samples * len(names)), itertools.count(1)

    def tell() -> None:
        """One more maze measured: the progress bar now and then."""
        progress.update(next(measured), N_("mazes"))

    with progress:
        figures = {name: mean_texture(graph, name, args.samples, args.seed, tell).as_dict() for name in names}
    data: dict[str, Any] = {
        "shape": graph.shape,
        "size": args.size,
        "cells": graph.size,
        "samples": args.samples,
    }
    data.update(figures[names[0]] if len(names) == 1 else {"algorithms": figures})
    if len(names) == 1:
        data["algorithm"] = names[0]
    emit(args, "\n".join(stats_lines(graph, args, figures)), data)
    return 0


def stats_lines(
    graph: g.CellGraph, args: argparse.Namespace, figures: dict[str, dict[str, Any]]
) -> list[str]:
    """The texture figures as a table for people: a heading, then a row per generator."""
    heading = ngettext(
        "{shape} {size} x {size} ({cells} cells), {samples} maze each",
        "{shape} {size} x {size} ({cells} cells), {samples} mazes each",
        args.samples,
    ).format(shape=graph.shape, size=args.size, cells=format_number(graph.size), samples=args.samples)
    columns = (_("dead ends"), _("branching"), _("solution"), _("corridor"))
    lines = [heading, pad(_("algorithm"), 16) + "".join(" " + pad(word, 9, right=True) for word in columns)]
    for name, f in figures.items():
        shares = f"{f['dead_ends']:9.1%} {f['branching']:9.1%} {f['solution_share']:9.1%}"
        lines.append(f"{name:16} {shares} {f['corridor']:9.2f}")
    return lines


# --- maze solve on any shape ---------------------------------------------------------------


@dataclass(frozen=True)
class GraphMaze:
    """A maze of any shape as `generate --json` prints it: cell ids, each cell's open neighbours."""

    cells: int
    near: list[list[int]]
    start: int
    goal: int


def read_graph_maze(text: str) -> GraphMaze | None:
    """The generic graph form in `text`; None when `text` is text art or the square's JSON.

    Strict: `cells` a whole number, `passages` pairs of ids in range, `start` and
    `goal` ids in range; anything else is a MazeError in one line.
    """
    if not text.lstrip().startswith(("{", "[")):
        return None
    from solvers.maze import MazeError, NotWhole, _json_whole

    try:
        data = json.loads(text, parse_float=NotWhole, parse_constant=NotWhole, parse_int=_json_whole)
    except (ValueError, RecursionError) as error:
        raise MazeError(_("bad JSON: {error}").format(error=error)) from None
    if isinstance(data, dict) and ("right" in data or "bottom" in data):
        return None  # the square maze's own keys: text art's reader checks them
    if not isinstance(data, dict) or not {"cells", "passages", "start", "goal"} <= data.keys():
        raise MazeError(_("a maze of any shape is a JSON object with cells, passages, start and goal"))
    cells = data["cells"]
    if not is_whole(cells) or not 1 <= cells <= g.MAX_CELLS:
        raise MazeError(
            _("'cells' must be a whole number from 1 to {high}, not {given}").format(
                high=format_number(g.MAX_CELLS), given=_given(cells)
            )
        )
    return GraphMaze(
        cells,
        _open_near(cells, data["passages"]),
        cell_id(data["start"], "start", cells),
        cell_id(data["goal"], "goal", cells),
    )


def is_whole(value: Any) -> bool:
    """True for a JSON whole number (not a fraction, not true/false)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _given(value: Any) -> str:
    """A JSON value as the message quotes it (cut short)."""
    from solvers.messages import shown

    text = json.dumps(value, default=repr)
    return text if len(text) <= 40 else shown(text)


def cell_id(value: Any, key: str, cells: int) -> int:
    """`value` as a cell id 0..cells-1, or MazeError naming `key`."""
    from solvers.maze import MazeError

    if not is_whole(value) or not 0 <= value < cells:
        raise MazeError(
            _("'{key}' must be a cell id from 0 to {last}, not {given}").format(
                key=key, last=cells - 1, given=_given(value)
            )
        )
    result: int = value
    return result


def _open_near(cells: int, passages: Any) -> list[list[int]]:
    """Each cell's open neighbours from the passage list (in the order the list gives them)."""
    from solvers.maze import MazeError

    if not isinstance(passages, list):
        raise MazeError(_("'passages' must be a list of [a, b] pairs of cell ids"))
    near: list[list[int]] = [[] for _cell in range(cells)]
    for index, pair in enumerate(passages):
        if not (
            isinstance(pair, list)
            and len(pair) == 2
            and all(is_whole(v) and 0 <= v < cells for v in pair)
            and pair[0] != pair[1]
        ):
            raise MazeError(
                _("passage {number}: {given} is not a pair of two cell ids from 0 to {last}").format(
                    number=index + 1, given=_given(pair), last=cells - 1
                )
            )
        a, b = pair
        near[a].append(b)
        near[b].append(a)
    return near
