"""What each mode of the maze-shapes demo says and draws: narration, counters, mazes and cards.

The drawing and the counters read the frozen `StageLook` the controller
builds each frame (and the model, layout and theme); the controls read and
call the controller through the small `Controls` protocol.  Nothing here
imports the look.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from solvers.i18n import N_, _, format_number, ngettext
from solvers.mazes import generators as gen
from solvers.mazes import walk
from solvers.mazes.graph import CellGraph
from solvers.mazes.texture import Texture, TextureSampler
from visualizer import theme as th
from visualizer.panels import FrameView
from visualizer.player import Player
from visualizer.scenes.mazes import chart
from visualizer.scenes.mazes.cells import CellModel
from visualizer.scenes.mazes.game import DIFFICULTIES, WalkGame
from visualizer.scenes.mazes.labels import generator_name, labels, shape_name
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
    Sided,
)
from visualizer.scenes.mazes.paint import ShapeCanvas
from visualizer.scenes.mazes.run import search_result
from visualizer.scenes.mazes.view import (
    DEAD,
    FOG,
    HINT,
    PATH,
    REACHED,
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
from visualizer.theme import Theme
from visualizer.widgets import Button, Choice, Widget


@dataclass(frozen=True)
class StageLook:
    """What the controller hands the stage's drawing and counters each frame besides the model."""

    mode: str
    graph: CellGraph
    algorithms: tuple[str, str]  # the generator of each side
    side: int  # the size asked for
    seed: int  # the maze's seed
    game: WalkGame | None  # the walking game, in WALK mode
    sampler: TextureSampler | None  # the texture chart's sampler, in TEXTURE mode
    canvases: tuple[ShapeCanvas, ShapeCanvas]  # the painters of the left and right mazes
    textures: Sequence[Texture]  # each side's finished maze's figures (COMPARE only, else empty)


class Controls(Protocol):
    """What the controls read and call of the maze-shapes controller."""

    mode: str
    shape: str
    algorithms: list[str]
    side: int
    difficulty: int

    def set_mode(self, mode: str) -> None: ...
    def next_shape(self) -> None: ...
    def next_algorithm(self, side: int) -> None: ...
    def step_size(self, step: int) -> None: ...
    def new_seed(self) -> None: ...
    def ask_print(self) -> None: ...
    def hint(self) -> None: ...
    def next_difficulty(self) -> None: ...


MODES = (
    (CARVE, N_("carve")),
    (SOLVE, N_("solve")),
    (BUG, N_("missing var")),
    (COMPARE, N_("compare")),
    (WALK, N_("walk")),
    (TEXTURE, N_("texture")),
)
"""The modes and their buttons' words."""
SAME_CODE = N_(
    "The same code on every shape: the generator reads only each cell's list of neighbours, "
    "so the backtracker (and the seven others) runs unchanged on square, hex, triangle, "
    "round, 3-D and wrap-around mazes."
)
BUG_WHY = N_(
    "MakePath's dirs and i lack var: every call shares ONE loop. The first return finds "
    "its caller's loop already finished, so every frame returns and carving stops."
)
BUG_STATUS = N_("left: the missing var, carving stops at the first return; right: the correct run")
STACK_SHOWN = 6
"""Frames built for a stack card (the card folds the rest)."""
SHAPE_WORDS = {
    "3d": N_("floors side by side, ▲ up ▼ down"),
    "polar": N_("rings"),
    "torus": N_("edges wrap round"),
}


def narrate(event: Any, mode: str, algorithms: list[str], graph: CellGraph) -> str | None:
    """An event in words: the generator's own, the solver's, or a side's prefixed with its name."""
    if type(event) is Sided:
        if mode == BUG:
            which, who = (
                (gen.SHARED_BUG, _("missing var"))
                if event.side == LEFT
                else (gen.ALGORITHMS["backtracker"], _("correct"))
            )
        else:
            which = gen.algorithm(algorithms[event.side])
            who = generator_name(which.name)
        words = gen.narrate(event.event, which, labels(graph))
        return _("{who}: {words}").format(who=who, words=words) if words else None
    if mode in (SOLVE, WALK):
        return solve_words(event, graph)
    return gen.narrate(event, gen.algorithm(algorithms[LEFT]), labels(graph))


def solve_words(event: Any, graph: CellGraph) -> str | None:
    """The solver's events in words: the square maze's words, one text for the one solver."""
    return walk.narrate(event, labels(graph).label)


def counters(look: StageLook, model: Any) -> list[tuple[str, str]]:
    """The mode's counters."""
    graph = look.graph
    if look.mode == WALK and look.game is not None:
        game = look.game
        return [
            (_("moves"), format_number(game.moves)),
            (_("time"), _("{seconds} s").format(seconds=format_number(round(game.seconds)))),
            (_("hints"), format_number(game.hints)),
            (_("cells"), format_number(graph.size)),
        ]
    if isinstance(model, PairModel):
        left, right = model.sides
        names = (
            (_("missing var"), _("correct"))
            if look.mode == BUG
            else tuple(map(generator_name, look.algorithms))
        )
        return [
            (_("{name}: cells").format(name=names[0]), format_number(left.cells_in)),
            (_("{name}: cells").format(name=names[1]), format_number(right.cells_in)),
            (_("cells"), format_number(graph.size)),
            (_("seed"), str(look.seed)),
        ]
    assert isinstance(model, CellModel)
    return [
        (
            _("in maze") if look.mode == CARVE else _("reached"),
            format_number(model.cells_in if look.mode == CARVE else model.cells_reached),
        ),
        *_depth_or_walk(look, model),
        (_("size"), size_words(graph, look.side)),
        (_("seed"), str(look.seed)),
    ]


def _depth_or_walk(look: StageLook, model: CellModel) -> list[tuple[str, str]]:
    """Depth and max depth, Prim's frontier, or the walk's steps (Aldous-Broder; Wilson when coarse)."""
    name = look.algorithms[LEFT]
    walking = name == "aldous-broder" or (name == "wilson" and not gen.per_step(look.graph, None))
    if look.mode == CARVE and walking:
        steps = model.walked / max(model.cells_in, 1)
        return [
            (_("walk steps"), format_number(model.walked)),
            (_("steps a cell"), format_number(round(steps, 1))),
        ]
    if model.beside_maze is not None:
        return [(_("frontier"), format_number(model.frontier_cells))]
    return [(_("depth"), format_number(len(model.stack))), (_("max depth"), format_number(model.max_depth))]


def size_words(graph: CellGraph, side: int) -> str:
    """'hexagonal 20', or '3-D 20 × 3 floors'."""
    if graph.shape == "3d":
        return ngettext(
            "{shape} {side} × {levels} floor", "{shape} {side} × {levels} floors", graph.levels
        ).format(shape=shape_name(graph.shape), side=side, levels=graph.levels)
    return _("{shape} {side}").format(shape=shape_name(graph.shape), side=side)


def draw_stage(
    surface: pygame.Surface, theme: Theme, look: StageLook, lay: MazesLayout, player: Player
) -> None:
    """The mode's mazes, titles, cards and status line."""
    if look.mode == WALK and look.game is not None:
        _draw_game(look, theme, surface, lay)
    elif look.mode == TEXTURE and look.sampler is not None:
        _draw_texture(look, theme, surface, lay, look.sampler)
    elif isinstance(player.model, PairModel):
        _draw_pair(look, theme, surface, lay, player.model)
    else:
        _draw_single(look, theme, surface, lay, player)


def _draw_maze(
    look: StageLook,
    theme: Theme,
    surface: pygame.Surface,
    rect: pygame.Rect,
    model: CellModel,
    canvas: ShapeCanvas,
) -> None:
    """One run's maze with S and G."""
    run, dirty, walled = RunLook(model), model.take_dirty(), model.take_walled()
    shapes = canvas.draw(surface, rect, look.graph, run, dirty, model, walled)
    draw_marks(surface, theme, shapes, look.graph.start, look.graph.goal)


def _draw_single(
    look: StageLook, theme: Theme, surface: pygame.Surface, lay: MazesLayout, player: Player
) -> None:
    """Carving or solving: the maze, the same-code card with a legend, the status."""
    model = player.model
    assert isinstance(model, CellModel)
    graph = look.graph
    which = gen.algorithm(look.algorithms[LEFT])
    draw_title(surface, theme, lay.title, _single_title(look.mode, which, graph.shape))
    _draw_maze(look, theme, surface, lay.maze, model, look.canvases[LEFT])
    y = draw_words(surface, theme, lay.card, _("same code, every shape"), [_(SAME_CODE), ""])
    draw_legend(surface, theme, lay.card, y, legend_rows(look.mode, which))
    text, tone = single_status(look.mode, model, graph, player.at_end)
    status_line(surface, theme, lay.status, text, tone)


def legend_rows(mode: str, which: gen.Algorithm) -> list[tuple[th.Color, str]]:
    """The colours of one run: the search's, or the carving's (its stack or frontier, if it keeps one)."""
    if mode == SOLVE:
        return [
            (SEEN, _("reached")),
            (STACKED, _("on the path being tried")),
            (DEAD, _("dead end (hatched)")),
            (PATH, _("the way out")),
            (REACHED, _("reachable")),
        ]
    return [
        *([(STACKED, _(which.stack_words))] if which.stack_words else []),
        (th.ACTIVE, _("current cell")),
        (ROCK, _("rock (not carved yet)")),
    ]


def _single_title(mode: str, which: gen.Algorithm, shape: str) -> str:
    """'carving: recursive backtracker on hexagonal', with what the shape has that others lack."""
    name, where = _(which.title), shape_name(shape)
    if mode == SOLVE:
        title = _("solving: {generator} on {shape}").format(generator=name, shape=where)
    else:
        title = _("carving: {generator} on {shape}").format(generator=name, shape=where)
    extra = SHAPE_WORDS.get(shape)
    return _("{title} — {extra}").format(title=title, extra=_(extra)) if extra else title


def single_status(mode: str, model: CellModel, graph: CellGraph, done: bool) -> tuple[str, th.Color]:
    """Under way; a carving's passages and cells once done; a search's end in the square demo's words."""
    if not done:
        return (_("solving…") if mode == SOLVE else _("carving…")), th.INK
    if mode == SOLVE:
        dead_ends = len(model.dead) - model.dead.count(0)
        finished = search_result(len(model.path or ()), model.cells_reached, dead_ends, model.unreachable)
        if finished is not None:
            return finished[0], th.DEAD if finished[1] == "dead" else th.DONE
    count, cells = format_number(model.carved), format_number(graph.size)
    return _("carved: {count} passages, {cells} cells").format(count=count, cells=cells), th.DONE


def _draw_pair(
    look: StageLook, theme: Theme, surface: pygame.Surface, lay: MazesLayout, model: PairModel
) -> None:
    """Two runs side by side, each with its stack card (bug) or texture card (compare)."""
    places = (
        (lay.title, lay.maze, lay.card, look.canvases[LEFT]),
        (lay.other_title, lay.other, lay.other_card, look.canvases[RIGHT]),
    )
    for side, (title, rect, box, canvas) in zip((LEFT, RIGHT), places, strict=True):
        run = model.sides[side]
        _draw_maze(look, theme, surface, rect, run, canvas)
        if look.mode == BUG:
            draw_title(surface, theme, title, _bug_title(side, run.cells_in, look.graph.size))
            if run.stack or side == RIGHT:
                frames = _frames(look.graph, run, side == LEFT)
                draw_stack(surface, theme, box, frames, _("stack: MakePath frames"))
            else:
                draw_words(surface, theme, box, _("why it stopped"), [_(BUG_WHY)])
        else:
            name = look.algorithms[side]
            words = _("{generator} — {count} of {cells} cells").format(
                generator=_(gen.algorithm(name).title),
                count=format_number(run.cells_in),
                cells=format_number(look.graph.size),
            )
            draw_title(surface, theme, title, words)
            draw_words(
                surface, theme, box, _("texture of the finished maze"), _texture_lines(look.textures[side])
            )
    text = _(BUG_STATUS) if look.mode == BUG else _("same size, same seed: two generators side by side")
    status_line(surface, theme, lay.status, text, th.DEAD if look.mode == BUG else th.INK)


def _bug_title(side: int, cells_in: int, size: int) -> str:
    """Which run this is, and how much of the maze it carved."""
    count, cells = format_number(cells_in), format_number(size)
    if side == LEFT:
        return _("missing var: one shared dirs, i — {count} of {cells} cells").format(
            count=count, cells=cells
        )
    return _("correct: var dirs, i in each call — {count} of {cells} cells").format(count=count, cells=cells)


def _frames(graph: CellGraph, run: CellModel, shared: bool) -> list[FrameView]:
    """The top frames of a run's stack; in the bug run every one points at the one shared loop."""
    top = run.stack[-STACK_SHOWN:]
    frames = []
    for depth, cell in enumerate(top, start=len(run.stack) - len(top)):
        detail = _("dirs, i: SHARED") if shared else _("own dirs, i")
        state = "active" if depth == len(run.stack) - 1 else "waiting"
        frames.append(FrameView(f"MakePath({labels(graph).label(cell)})", state, detail))
    return frames


def percent(share: float) -> str:
    """A share as a whole percentage, as the current language writes it."""
    return _("{number}%").format(number=format_number(round(share * 100)))


def _texture_lines(t: Texture) -> list[str]:
    """The four texture figures of a generator's finished maze."""
    return [
        _("dead ends: {share} of cells").format(share=percent(t.dead_ends)),
        _("branching: {share} of cells are junctions").format(share=percent(t.branching)),
        _("solution path: {share} of cells").format(share=percent(t.solution_share)),
        _("mean corridor: {length} passages").format(length=format_number(round(t.corridor, 1))),
    ]


def _draw_game(look: StageLook, theme: Theme, surface: pygame.Surface, lay: MazesLayout) -> None:
    """The game: the maze in fog, your place, the hint, the counts."""
    game = look.game
    assert game is not None
    graph = look.graph
    level = game.floor(game.here) + 1
    if graph.shape == "3d":
        title = _("Mysterious Maze: find G, floor {floor} of {floors}").format(
            floor=level, floors=graph.levels
        )
    else:
        title = _("Mysterious Maze: find G")
    draw_title(surface, theme, lay.title, title)
    shapes = look.canvases[LEFT].draw(surface, lay.maze, graph, FogLook(game), game.take_dirty(), game)
    draw_marks(surface, theme, shapes, graph.start, graph.goal)
    lines = [
        _("moves {moves}, time {seconds} s, hints {hints}").format(
            moves=format_number(game.moves),
            seconds=format_number(round(game.seconds)),
            hints=format_number(game.hints),
        ),
        _("arrows or WASD walk; click a cell next to you"),
        _("H: hint (the solver runs from here)"),
    ]
    if graph.shape == "3d":
        lines.append(_("U / J: stairs up / down"))
    y = draw_words(surface, theme, lay.card, _("the game"), [*lines, ""])
    draw_legend(
        surface,
        theme,
        lay.card,
        y,
        [
            (th.ACTIVE, _("you")),
            (HINT, _("hint: step here")),
            (FOG, _("fog: not seen yet")),
            (PATH, _("the goal")),
        ],
    )
    moves = ngettext("out in {count} move!", "out in {count} moves!", game.moves)
    text = moves.format(count=format_number(game.moves)) if game.won else _("walk to G")
    status_line(surface, theme, lay.status, text, th.DONE if game.won else th.INK)


def game_over(game: WalkGame) -> str:
    """What the game says when you are out: moves, time and hints."""
    return ngettext(
        "out! {moves} move in {seconds} s (hints: {hints})",
        "out! {moves} moves in {seconds} s (hints: {hints})",
        game.moves,
    ).format(
        moves=format_number(game.moves),
        seconds=format_number(round(game.seconds)),
        hints=format_number(game.hints),
    )


def controls(demo: Controls) -> list[Widget]:
    """Mode, shape, generators, size, seed, print; hint and difficulty in the game."""
    widgets: list[Widget] = [
        Choice(
            [(_(words), mode) for mode, words in MODES], lambda: demo.mode, demo.set_mode, hint="C V B M W E"
        ),
        Button(
            lambda: _("shape: {shape}").format(shape=shape_name(demo.shape)),
            demo.next_shape,
            hint=_("X: next shape"),
        ),
        Button(
            lambda: generator_name(demo.algorithms[LEFT]),
            lambda: demo.next_algorithm(LEFT),
            hint=_("L: next generator"),
        ),
    ]
    if demo.mode == COMPARE:
        widgets.append(
            Button(
                lambda: _("vs {generator}").format(generator=generator_name(demo.algorithms[1])),
                lambda: demo.next_algorithm(1),
                hint="O",
            )
        )
    widgets += [
        Button("−", lambda: demo.step_size(-1), hint=_("[: smaller")),
        Button(lambda: f"{demo.side}", lambda: demo.step_size(1), hint=_("]: larger")),
        Button("+", lambda: demo.step_size(+1), hint=_("]: larger")),
        Button(_("new maze"), demo.new_seed, hint=_("R: another seed")),
        Button(_("print"), demo.ask_print, hint=_("Ctrl+P: SVG + PDF")),
    ]
    if demo.mode == WALK:
        widgets += [
            Button(_("hint"), demo.hint, hint="H"),
            Button(lambda: _(DIFFICULTIES[demo.difficulty].name), demo.next_difficulty, hint="T"),
        ]
    return widgets


def _draw_texture(
    look: StageLook, theme: Theme, surface: pygame.Surface, lay: MazesLayout, sampler: Any
) -> None:
    """The texture chart, the card saying what it measures, and how far it has got."""
    draw_title(surface, theme, lay.title, _("texture: every generator, many mazes"))
    chart.draw_chart(surface, theme, lay.maze, sampler)
    y = draw_words(surface, theme, lay.card, _("how it is measured"), [*chart.chart_words(sampler), ""])
    draw_legend(surface, theme, lay.card, y, chart.legend_rows(sampler.graph.shape))
    text = _("measured") if sampler.done else _("measuring…")
    status_line(surface, theme, lay.status, text, th.DONE if sampler.done else th.INK)


def lit_lines(player: Player) -> dict[int, th.Color]:
    """The pseudocode line of the left run's latest event."""
    for _number, event in reversed(player.recent(8)):
        line = int(getattr(event, "line", 0) or 0)
        if line and (not isinstance(event, Sided) or event.side == LEFT):
            return {number: th.LIT_LINE for number in _lines_of(event)}
    return {}


def _lines_of(event: Any) -> tuple[int, ...]:
    """The pseudocode lines an event stands for: its own, and for a coarse Wilson walk the whole walk loop."""
    inner = event.event if isinstance(event, Sided) else event
    if type(inner) is gen.Leap and inner.line == gen.WI_WALK:
        return (gen.WI_WALK, gen.WI_ERASE, gen.WI_UNTIL) if inner.erased else (gen.WI_WALK, gen.WI_UNTIL)
    return (int(inner.line),)
