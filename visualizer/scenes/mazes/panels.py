"""What each mode of the maze-shapes demo says and draws: narration, counters, mazes and cards."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from solvers.events import DeadEnd, Push, Solution
from solvers.mazes import generators as gen
from solvers.mazes.graph import CellGraph
from visualizer import theme as th
from visualizer.panels import FrameView
from visualizer.player import Player
from visualizer.scenes.mazes import chart
from visualizer.scenes.mazes.game import DIFFICULTIES
from visualizer.scenes.mazes.labels import labels
from visualizer.scenes.mazes.model import (
    BUG,
    CARVE,
    COMPARE,
    LEFT,
    RIGHT,
    SOLVE,
    TEXTURE,
    WALK,
    PairModel,
    ShapeModel,
    Sided,
)
from visualizer.scenes.mazes.view import (
    DEAD,
    FOG,
    HINT,
    PATH,
    ROCK,
    SEEN,
    STACKED,
    FogLook,
    MazesLayout,
    RunLook,
    draw_legend,
    draw_marks,
    draw_stack,
    draw_title,
    draw_words,
    status_line,
)
from visualizer.widgets import Button, Choice, Widget

if TYPE_CHECKING:
    from visualizer.scenes.mazes.demo import MazeShapesDemo

MODES = (
    (CARVE, "carve"),
    (SOLVE, "solve"),
    (BUG, "missing var"),
    (COMPARE, "compare"),
    (WALK, "walk"),
    (TEXTURE, "texture"),
)
"""The modes and their buttons' words."""
SAME_CODE = (
    "The same code on every shape: the generator reads only each cell's list of neighbours, "
    "so the backtracker (and the seven others) runs unchanged on square, hex, triangle, "
    "round, 3-D and wrap-around mazes."
)
BUG_WHY = (
    "MakePath's dirs and i lack var: every call shares ONE loop. The first return finds "
    "its caller's loop already finished, so every frame returns and carving stops."
)
BUG_STATUS = "left: the missing var, carving stops at the first return; right: the correct run"
STACK_SHOWN = 6
"""Frames built for a stack card (the card folds the rest)."""
SHAPE_WORDS = {
    "3d": "floors side by side, ▲ up ▼ down",
    "polar": "rings",
    "torus": "edges wrap round",
}


def narrate(event: Any, mode: str, algorithms: list[str], graph: CellGraph) -> str | None:
    """An event in words: the generator's own, the solver's, or a side's prefixed with its name."""
    if type(event) is Sided:
        if mode == BUG:
            which, who = (
                (gen.SHARED_BUG, "missing var")
                if event.side == LEFT
                else (gen.ALGORITHMS["backtracker"], "correct")
            )
        else:
            which = gen.algorithm(algorithms[event.side])
            who = which.name
        words = gen.narrate(event.event, which, labels(graph).as_graph())
        return f"{who}: {words}" if words else None
    if mode in (SOLVE, WALK):
        return solve_words(event, graph)
    return gen.narrate(event, gen.algorithm(algorithms[LEFT]), labels(graph).as_graph())


def solve_words(event: Any, graph: CellGraph) -> str | None:
    """The solver's events in words."""
    kind = type(event)
    if kind is Push:
        return f"step into {labels(graph).label(event.node)}"
    if kind is DeadEnd:
        return f"{labels(graph).label(event.where)}: dead end, go back"
    if kind is Solution:
        return f"the goal: a path of {len(event.answer)} cells"
    return None


def counters(demo: MazeShapesDemo, model: Any) -> list[tuple[str, str]]:
    """The mode's counters."""
    graph = demo.graph
    size = f"{graph.shape} {demo.side}" + (f" × {graph.levels} floors" if graph.shape == "3d" else "")
    if demo.mode == WALK and demo.game is not None:
        game = demo.game
        return [
            ("moves", str(game.moves)),
            ("time", f"{game.seconds:.0f} s"),
            ("hints", str(game.hints)),
            ("cells", str(graph.size)),
        ]
    if isinstance(model, PairModel):
        left, right = model.sides
        names = ("missing var", "correct") if demo.mode == BUG else tuple(demo.algorithms)
        return [
            (f"{names[0]} cells", str(left.cells_in)),
            (f"{names[1]} cells", str(right.cells_in)),
            ("cells", str(graph.size)),
            ("seed", str(demo.maze_seed)),
        ]
    assert isinstance(model, ShapeModel)
    return [
        (
            "in maze" if demo.mode == CARVE else "reached",
            str(model.cells_in if demo.mode == CARVE else sum(model.seen)),
        ),
        ("depth", str(len(model.stack))),
        ("max depth", str(model.max_depth)),
        ("size", size),
        ("seed", str(demo.maze_seed)),
    ]


def draw_stage(demo: MazeShapesDemo, surface: pygame.Surface, lay: MazesLayout, player: Player) -> None:
    """The mode's mazes, titles, cards and status line."""
    if demo.mode == WALK and demo.game is not None:
        _draw_game(demo, surface, lay)
    elif demo.mode == TEXTURE and demo.sampler is not None:
        _draw_texture(demo, surface, lay, demo.sampler)
    elif isinstance(player.model, PairModel):
        _draw_pair(demo, surface, lay, player.model)
    else:
        _draw_single(demo, surface, lay, player)


def _draw_maze(
    demo: MazeShapesDemo, surface: pygame.Surface, rect: pygame.Rect, model: ShapeModel, canvas: Any
) -> None:
    """One run's maze with S and G."""
    shapes = canvas.draw(surface, rect, demo.graph, RunLook(model), model.take_dirty(), model)
    draw_marks(surface, demo.theme, shapes, demo.graph.start, demo.graph.goal)


def _draw_single(demo: MazeShapesDemo, surface: pygame.Surface, lay: MazesLayout, player: Player) -> None:
    """Carving or solving: the maze, the same-code card with a legend, the status."""
    model = player.model
    assert isinstance(model, ShapeModel)
    theme, graph = demo.theme, demo.graph
    which = gen.algorithm(demo.algorithms[LEFT])
    verb = "solving" if demo.mode == SOLVE else "carving"
    extra = SHAPE_WORDS.get(graph.shape, "")
    draw_title(
        surface,
        theme,
        lay.title,
        f"{verb}: {which.title} on {graph.shape}" + (f" — {extra}" if extra else ""),
    )
    _draw_maze(demo, surface, lay.maze, model, demo.canvas)
    y = draw_words(surface, theme, lay.card, "same code, every shape", [SAME_CODE, ""])
    rows = [(STACKED, which.stack_words), (th.ACTIVE, "current cell"), (ROCK, "rock (not carved yet)")]
    if demo.mode == SOLVE:
        rows = [
            (SEEN, "reached"),
            (STACKED, "on the path being tried"),
            (DEAD, "dead end"),
            (PATH, "the way out"),
        ]
    draw_legend(surface, theme, lay.card, y, rows)
    done = player.at_end
    text = (
        f"{'solved' if demo.mode == SOLVE else 'carved'}: {model.carved} passages, {graph.size} cells"
        if done
        else f"{verb}…"
    )
    status_line(surface, theme, lay.status, text, th.DONE if done else th.INK)


def _draw_pair(demo: MazeShapesDemo, surface: pygame.Surface, lay: MazesLayout, model: PairModel) -> None:
    """Two runs side by side, each with its stack card (bug) or texture card (compare)."""
    theme = demo.theme
    places = (
        (lay.title, lay.maze, lay.card, demo.canvas),
        (lay.other_title, lay.other, lay.other_card, demo.other_canvas),
    )
    for side, (title, rect, box, canvas) in zip((LEFT, RIGHT), places, strict=True):
        run = model.sides[side]
        _draw_maze(demo, surface, rect, run, canvas)
        if demo.mode == BUG:
            name = "missing var: one shared dirs, i" if side == LEFT else "correct: var dirs, i in each call"
            draw_title(surface, theme, title, f"{name} — {run.cells_in} of {demo.graph.size} cells")
            if run.stack or side == RIGHT:
                draw_stack(
                    surface, theme, box, _frames(demo.graph, run, side == LEFT), "stack: MakePath frames"
                )
            else:
                draw_words(surface, theme, box, "why it stopped", [BUG_WHY])
        else:
            name = demo.algorithms[side]
            draw_title(
                surface, theme, title, f"{gen.algorithm(name).title} — {run.cells_in} of {demo.graph.size}"
            )
            draw_words(surface, theme, box, "texture of the finished maze", _texture_lines(demo, name))
    text = BUG_STATUS if demo.mode == BUG else "same size, same seed: two generators side by side"
    status_line(surface, theme, lay.status, text, th.DEAD if demo.mode == BUG else th.INK)


def _frames(graph: CellGraph, run: ShapeModel, shared: bool) -> list[FrameView]:
    """The top frames of a run's stack; in the bug run every one points at the one shared loop."""
    top = run.stack[-STACK_SHOWN:]
    frames = []
    for depth, cell in enumerate(top, start=len(run.stack) - len(top)):
        detail = "dirs, i: SHARED" if shared else "own dirs, i"
        state = "active" if depth == len(run.stack) - 1 else "waiting"
        frames.append(FrameView(f"MakePath({labels(graph).label(cell)})", state, detail))
    return frames


def _texture_lines(demo: MazeShapesDemo, name: str) -> list[str]:
    """The four texture figures of a generator's finished maze."""
    t = demo.texture_of(name)
    return [
        f"dead ends: {t.dead_ends:.0%} of cells",
        f"branching: {t.branching:.0%} of cells are junctions",
        f"solution path: {t.solution_share:.0%} of cells",
        f"mean corridor: {t.corridor:.1f} passages",
    ]


def _draw_game(demo: MazeShapesDemo, surface: pygame.Surface, lay: MazesLayout) -> None:
    """The game: the maze in fog, your place, the hint, the counts."""
    game = demo.game
    assert game is not None
    theme, graph = demo.theme, demo.graph
    level = game.floor(game.here) + 1
    where = f", floor {level} of {graph.levels}" if graph.shape == "3d" else ""
    draw_title(surface, theme, lay.title, f"Mysterious Maze: find G{where}")
    shapes = demo.canvas.draw(surface, lay.maze, graph, FogLook(game), game.take_dirty(), game)
    draw_marks(surface, theme, shapes, graph.start, graph.goal)
    lines = [
        f"moves {game.moves}, time {game.seconds:.0f} s, hints {game.hints}",
        "arrows or WASD walk; click a cell next to you",
        "H: hint (the solver runs from here)",
    ]
    if graph.shape == "3d":
        lines.append("U / J: stairs up / down")
    y = draw_words(surface, theme, lay.card, "the game", [*lines, ""])
    draw_legend(
        surface,
        theme,
        lay.card,
        y,
        [(th.ACTIVE, "you"), (HINT, "hint: step here"), (FOG, "fog: not seen yet"), (PATH, "the goal")],
    )
    text = f"out in {game.moves} moves!" if game.won else "walk to G"
    status_line(surface, theme, lay.status, text, th.DONE if game.won else th.INK)


def controls(demo: MazeShapesDemo) -> list[Widget]:
    """Mode, shape, generators, size, seed, print; hint and difficulty in the game."""
    widgets: list[Widget] = [
        Choice(list(MODES), lambda: demo.mode, demo.set_mode, hint="C V B M W"),
        Button(lambda: f"shape: {demo.shape}", demo.next_shape, hint="X: next shape"),
        Button(lambda: demo.algorithms[LEFT], lambda: demo.next_algorithm(LEFT), hint="L: next generator"),
    ]
    if demo.mode == COMPARE:
        widgets.append(Button(lambda: f"vs {demo.algorithms[1]}", lambda: demo.next_algorithm(1), hint="O"))
    widgets += [
        Button("−", lambda: demo.step_size(-1), hint="[: smaller"),
        Button(lambda: f"{demo.side}", lambda: demo.step_size(1), hint="]: larger"),
        Button("+", lambda: demo.step_size(+1), hint="]: larger"),
        Button("new maze", demo.new_seed, hint="R: another seed"),
        Button("print", demo.ask_print, hint="Ctrl+P: SVG + PDF"),
    ]
    if demo.mode == WALK:
        widgets += [
            Button("hint", demo.hint, hint="H"),
            Button(lambda: DIFFICULTIES[demo.difficulty].name, demo.next_difficulty, hint="T"),
        ]
    return widgets


def _draw_texture(demo: MazeShapesDemo, surface: pygame.Surface, lay: MazesLayout, sampler: Any) -> None:
    """The texture chart, the card saying what it measures, and how far it has got."""
    theme = demo.theme
    draw_title(surface, theme, lay.title, "texture: every generator, many mazes")
    chart.draw_chart(surface, theme, lay.maze, sampler)
    y = draw_words(surface, theme, lay.card, "how it is measured", [*chart.chart_words(sampler), ""])
    draw_legend(surface, theme, lay.card, y, chart.legend_rows())
    text = "measured" if sampler.done else "measuring…"
    status_line(surface, theme, lay.status, text, th.DONE if sampler.done else th.INK)


def lit_lines(player: Player) -> dict[int, th.Color]:
    """The pseudocode line of the left run's latest event."""
    for _number, event in reversed(player.recent(8)):
        line = int(getattr(event, "line", 0) or 0)
        if line and (not isinstance(event, Sided) or event.side == LEFT):
            return {line: th.LIT_LINE}
    return {}
