"""`maze generate --shape ... --algorithm ...` and `maze stats`: the command line for every shape.

`solvers.maze.add_cli` registers the options; the square backtracker keeps
its own path there (text art, the same mazes as before), and everything
else comes here.  Every shape prints the generic graph form with --json:
"cells", "passages" [[a, b], ...], "start", "goal" (cell ids).
"""

from __future__ import annotations

import argparse
import json
import secrets
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from solvers.cli import EventStats, UsageError, emit, fail, seed_number, whole_number
from solvers.events import Carve, Pop
from solvers.mazes import graph as g
from solvers.mazes.generators import ALGORITHMS, DEFAULT_MIX, SHARED_BUG, growing_tree
from solvers.mazes.printing import PAPERS, Printed, PrintUnavailable, solution, write_pdf, write_svg
from solvers.mazes.texture import mean_texture

MAX_STATS_CELLS = 250_000
"""`maze stats` measures up to this many cells a maze (times the samples: keep it interactive)."""
MAX_SAMPLES = 10_000
MAX_COPIES = 100


def add_generate_options(parser: argparse.ArgumentParser) -> None:
    """The options `maze generate` has beyond the square backtracker's."""
    parser.add_argument(
        "--shape", choices=g.SHAPES, default="square", help="the cells' shape (polar: H rings)"
    )
    parser.add_argument("--algorithm", choices=list(ALGORITHMS), default="backtracker", help="the generator")
    parser.add_argument(
        "--levels",
        type=whole_number(None, "the levels"),
        help=f"floors of a 3d maze ({g.MIN_LEVELS + 1}..{g.MAX_LEVELS}, default {g.DEFAULT_LEVELS})",
    )
    parser.add_argument(
        "--mix", type=float, default=DEFAULT_MIX, help="growing tree: chance of the newest cell"
    )
    parser.add_argument(
        "--shared-state-bug",
        action="store_true",
        help="the backtracker with its loop state shared by all calls (the text's missing var)",
    )
    parser.add_argument("--svg", metavar="FILE", help="draw the maze as SVG")
    parser.add_argument("--pdf", metavar="FILE", help="a worksheet: the mazes, then the answers")
    parser.add_argument("--paper", choices=sorted(PAPERS), default="a4", help="worksheet paper")
    parser.add_argument(
        "--copies", type=whole_number(1, "the copies", MAX_COPIES), default=1, help="mazes on the worksheet"
    )
    parser.add_argument("--per-page", type=whole_number(1, "mazes a page", 6), default=2, help="mazes a page")
    parser.add_argument("--solution", action="store_true", help="draw the path on the SVG")


def uses_generic_path(args: argparse.Namespace) -> bool:
    """True unless this is the plain square backtracker the text art path handles."""
    return bool(args.shape != "square" or args.algorithm != "backtracker" or args.shared_state_bug)


def build_graph(args: argparse.Namespace) -> g.CellGraph:
    """The graph the options ask for, or UsageError in one line."""
    if args.levels is not None and not g.MIN_LEVELS + 1 <= args.levels <= g.MAX_LEVELS:
        raise UsageError(
            f"maze generate: levels go from {g.MIN_LEVELS + 1} to {g.MAX_LEVELS}, not {args.levels}"
        )
    if not 0.0 <= args.mix <= 1.0:
        raise UsageError(f"maze generate: --mix is a chance from 0 to 1, not {args.mix}")
    if args.shared_state_bug and args.algorithm != "backtracker":
        raise UsageError("maze generate: --shared-state-bug goes with the backtracker only")
    try:
        return g.build(args.shape, args.width, args.height, args.levels)
    except g.GraphError as error:
        raise UsageError(f"maze generate: {error}") from None


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
    depth = deepest = 0
    for event in stats.watch(events):
        if type(event) is Carve:
            keep((event.cell, event.other))
            if pushes:
                depth += 1
                deepest = max(deepest, depth)
        elif pushes and type(event) is Pop:
            depth -= 1
    if pushes:  # a Carve implies a push that EventStats does not see
        stats.max_depth = deepest + 1
    return passages


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
    title = f"{graph.shape} maze, seed {seed}"
    if args.svg:
        path = solution(graph, passages) if args.solution else None
        write_svg(args.svg, Printed(graph, passages, title, path))
        said.append(f"SVG saved to {args.svg}")
    if args.pdf:
        items = [Printed(graph, passages, f"Maze 1 (seed {seed})")]
        for copy in range(1, args.copies):
            more = carve_passages(graph, args, (seed + copy) % 2**32, EventStats())
            items.append(Printed(graph, more, f"Maze {copy + 1} (seed {(seed + copy) % 2**32})"))
        write_pdf(args.pdf, items, args.paper, args.per_page)
        said.append(f"worksheet of {len(items)} mazes and answers saved to {args.pdf}")
    return "; ".join(said)


def saving(action: str, target: str | None, job: Any) -> str | int:
    """Run a write; on failure the one-line message's exit code (1), else its words."""
    try:
        return str(job())
    except PrintUnavailable as error:
        raise UsageError(f"maze {action}: {error}") from None
    except OSError as error:
        kept = "the old file is unchanged" if target and Path(target).exists() else "nothing written"
        return fail(f"maze {action}: cannot write {target}: {error.strerror or error}; {kept}")


def run_generate(args: argparse.Namespace) -> int:
    """`maze generate` for any shape and generator, or the shared-state bug."""
    graph = build_graph(args)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**32)
    stats = EventStats()
    passages = carve_passages(graph, args, seed, stats)
    written = saving("generate", args.svg or args.pdf, lambda: write_prints(args, graph, passages, seed))
    if isinstance(written, int):
        return written
    data = {**generic_form(graph, passages), "seed": seed, "algorithm": args.algorithm, **stats.as_dict()}
    if args.shared_state_bug:
        data["carved_cells"] = len(passages) + 1
        data["shared_state_bug"] = True
    if args.out:
        done = saving("generate", args.out, lambda: _write_json(args.out, data))
        if isinstance(done, int):
            return done
    name = "shared-state backtracker (missing var)" if args.shared_state_bug else args.algorithm
    summary = (
        f"{graph.shape} maze of {graph.size:,} cells, seed {seed}, {name}: {len(passages):,} passages "
        f"({len(passages) + 1:,} cells carved); {stats.summary()}"
    )
    extra = [text for text in (written, f"saved to {args.out}" if args.out else "") if text]
    emit(args, "; ".join([summary, *extra]), data)
    return 0


def _write_json(path: str, data: dict[str, Any]) -> str:
    """Save the generic form atomically."""
    from solvers import textio

    textio.write_atomic(path, json.dumps(data) + "\n")
    return ""


def add_stats(sub: Any) -> None:
    """Register `maze stats`."""
    stats = sub.add_parser("stats", help="texture figures of a generator over many mazes")
    stats.add_argument(
        "--algorithm", choices=[*ALGORITHMS, "all"], default="all", help="the generator (default: all)"
    )
    stats.add_argument("--shape", choices=g.SHAPES, default="square", help="the cells' shape")
    stats.add_argument("--size", type=whole_number(2, "the size", 2000), default=20, help="N: N x N cells")
    stats.add_argument("--levels", type=whole_number(None, "the levels"), help="floors of a 3d maze")
    stats.add_argument(
        "--samples", type=whole_number(1, "the samples", MAX_SAMPLES), default=100, help="mazes to measure"
    )
    stats.add_argument("--seed", type=seed_number(), default=0, help="first seed (then seed + 1, ...)")
    stats.add_argument("--json", action="store_true", help="print one JSON object")
    stats.set_defaults(run=run_stats)


def run_stats(args: argparse.Namespace) -> int:
    """`maze stats`: mean dead ends, branching, solution share and corridor length."""
    if args.levels is not None and not g.MIN_LEVELS + 1 <= args.levels <= g.MAX_LEVELS:
        raise UsageError(
            f"maze stats: levels go from {g.MIN_LEVELS + 1} to {g.MAX_LEVELS}, not {args.levels}"
        )
    try:
        graph = g.build(args.shape, args.size, args.size, args.levels)
    except g.GraphError as error:
        raise UsageError(f"maze stats: {error}") from None
    if graph.size > MAX_STATS_CELLS:
        raise UsageError(f"maze stats: at most {MAX_STATS_CELLS:,} cells a maze, not {graph.size:,}")
    names = list(ALGORITHMS) if args.algorithm == "all" else [args.algorithm]
    figures = {name: mean_texture(graph, name, args.samples, args.seed).as_dict() for name in names}
    data: dict[str, Any] = {
        "shape": graph.shape,
        "size": args.size,
        "cells": graph.size,
        "samples": args.samples,
    }
    data.update(figures[names[0]] if len(names) == 1 else {"algorithms": figures})
    if len(names) == 1:
        data["algorithm"] = names[0]
    lines = [f"{graph.shape} {args.size} x {args.size} ({graph.size:,} cells), {args.samples} mazes each"]
    lines.append(f"{'algorithm':16} {'dead ends':>9} {'branching':>9} {'solution':>9} {'corridor':>9}")
    for name, f in figures.items():
        shares = f"{f['dead_ends']:9.1%} {f['branching']:9.1%} {f['solution_share']:9.1%}"
        lines.append(f"{name:16} {shares} {f['corridor']:9.2f}")
    emit(args, "\n".join(lines), data)
    return 0
