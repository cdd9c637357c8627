"""The texture chart: every generator measured over many mazes, one bar chart per figure.

`sampler_for` sets up the measuring (a `TextureSampler` on a 20 x 20 maze of
the shape on show); the demo lets it measure `SAMPLES_PER_FRAME` mazes each
frame, so the chart fills in while the window stays live.  `draw_chart`
draws four charts (dead ends, junctions, solution path, corridor length),
a bar per generator, with Jamis Buck's published dead-end figures marked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from solvers.i18n import N_, _, format_number, ngettext
from solvers.mazes import generators as gen
from solvers.mazes import graph as g
from solvers.mazes.texture import PUBLISHED_DEAD_ENDS, Texture, TextureSampler
from visualizer import theme as th
from visualizer.draw import dashed_line
from visualizer.panels import card, fit_text
from visualizer.scenes.mazes.labels import generator_name, shape_name
from visualizer.theme import Theme

CHART_SIDE = 20
"""The mazes measured are 20 x 20 (20 rings): Buck's figures are for grids of about that size."""
SAMPLES = 40
"""Mazes measured per generator."""
SAMPLES_PER_FRAME = 2
"""Mazes measured each frame (about 2 ms each at 20 x 20): the frame never waits for the whole chart."""
BAR = th.blend(th.PANEL, th.ACTIVE, 0.75)
MARK = th.DEAD

Figure = tuple[str, Callable[[Texture], float], Callable[[float], str], float]
FIGURES: tuple[Figure, ...] = (
    (N_("dead ends (share of cells)"), lambda t: t.dead_ends, lambda v: f"{v:.0%}", 0.5),
    (N_("junctions (share of cells)"), lambda t: t.branching, lambda v: f"{v:.0%}", 0.5),
    (N_("solution path (share of cells)"), lambda t: t.solution_share, lambda v: f"{v:.0%}", 1.0),
    (N_("mean corridor (passages)"), lambda t: t.corridor, lambda v: f"{v:.1f}", 0.0),
)
"""Each chart: its heading, the figure, how a value reads, the axis end (0: the largest bar)."""


def sampler_for(shape: str) -> TextureSampler:
    """A sampler of every generator on a CHART_SIDE maze of `shape`."""
    levels = g.DEFAULT_LEVELS if shape == "3d" else None
    graph = g.build(shape, CHART_SIDE, CHART_SIDE, levels)
    return TextureSampler(graph, tuple(gen.ALGORITHMS), SAMPLES)


def published_dead_ends(shape: str) -> dict[str, float]:
    """Buck's dead-end shares where they apply: square grids only (none are published for other shapes)."""
    return dict(PUBLISHED_DEAD_ENDS) if shape == "square" else {}


def draw_chart(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, sampler: TextureSampler) -> None:
    """Four bar charts in a 2 x 2 grid."""
    gap = theme.px(8)
    half_w, half_h = (rect.w - gap) // 2, (rect.h - gap) // 2
    for number, figure in enumerate(FIGURES):
        row, col = divmod(number, 2)
        box = pygame.Rect(rect.x + col * (half_w + gap), rect.y + row * (half_h + gap), half_w, half_h)
        _draw_one(surface, theme, box, sampler, figure)


def _draw_one(
    surface: pygame.Surface, theme: Theme, rect: pygame.Rect, sampler: TextureSampler, figure: Figure
) -> None:
    """One figure: a bar per generator, its value, and the published mark where there is one."""
    heading, value_of, reads, end = figure
    inner = card(surface, rect, theme, _(heading))
    names = list(sampler.algorithms)
    marks = published_dead_ends(sampler.graph.shape) if value_of is FIGURES[0][1] else {}
    shown = {name: generator_name(name) for name in names}
    means = {name: sampler.mean(name) for name in names}
    values = {name: value_of(mean) for name, mean in means.items() if mean is not None}
    top = end or max([*values.values(), 1.0]) * 1.1
    line = theme.line_height("small")
    row_h = max(1, min(line, inner.h // max(1, len(names))))
    label_w = min(inner.w // 3, max(theme.font("small").size(n)[0] for n in shown.values()) + theme.px(6))
    value_w = theme.font("small").size("100%")[0] + theme.px(6)
    bar_x, bar_w = inner.x + label_w, max(1, inner.w - label_w - value_w)
    for index, name in enumerate(names):
        y = inner.y + index * row_h
        if y + row_h > inner.bottom + 1:
            break
        _text(surface, theme, fit_text(theme, shown[name], label_w - theme.px(4)), (inner.x, y), th.INK)
        value = values.get(name)
        if value is not None:
            width = round(bar_w * min(1.0, value / top))
            pygame.draw.rect(surface, BAR, (bar_x, y + row_h // 5, width, max(1, row_h * 3 // 5)))
            _text(surface, theme, reads(value), (bar_x + width + theme.px(3), y), th.INK)
        published = marks.get(name)
        if published is not None:
            x = bar_x + round(bar_w * published / top)
            dashed_line(surface, MARK, (x, y), (x, y + row_h - 1), theme.px(2), theme.px(3), theme.px(2))


def _text(surface: pygame.Surface, theme: Theme, text: str, at: tuple[int, int], colour: th.Color) -> None:
    """One line of small text."""
    surface.blit(theme.text(text, "small", colour), at)


def chart_words(sampler: TextureSampler) -> list[str]:
    """The card beside the chart: what is measured, how far, and the marks."""
    measured = sum(len(found) for found in sampler.found.values())
    total = sampler.samples * len(sampler.algorithms)
    graph = sampler.graph
    return [
        ngettext(
            "Each generator makes {count} maze ({shape}, {side} each way, seeds 0, 1, 2, ...).",
            "Each generator makes {count} mazes ({shape}, {side} each way, seeds 0, 1, 2, ...).",
            sampler.samples,
        ).format(count=format_number(sampler.samples), shape=shape_name(graph.shape), side=CHART_SIDE),
        ngettext("measured {done} of {total} maze", "measured {done} of {total} mazes", total).format(
            done=format_number(measured), total=format_number(total)
        ),
        "",
        _(
            "Dashed marks: Jamis Buck's published dead-end shares on square grids "
            "(backtracker about 10 %, Prim and Kruskal 30 % or more)."
        )
        if published_dead_ends(graph.shape)
        else _("No published figures for this shape: the square grid's would mislead, so none are marked."),
        _("The backtracker's long winding corridors have few dead ends: an easier maze."),
    ]


def legend_rows(shape: str) -> Sequence[tuple[th.Color, str]]:
    """The chart's colours (the published mark only where figures are published)."""
    rows = [(BAR, _("measured mean"))]
    return [*rows, (MARK, _("published figure"))] if published_dead_ends(shape) else rows
