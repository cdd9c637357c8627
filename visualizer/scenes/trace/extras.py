""" "Your code"'s console and merged graph: what the run printed, and its subproblems as one graph.

The console shows the newest lines printed up to the step on show.  The
merged graph (the DAG of subproblems) draws each subproblem once: calls of
one function with the same arguments are one node, so a memoized run's tree
of calls folds into the few problems it really solved; an edge followed
more than once (a call a memo answered) is dashed.  Rows are the depth at
which a subproblem was first reached.  Drawing only reads the model.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pygame

from solvers.i18n import _, format_number, ngettext
from visualizer import theme as th
from visualizer.draw import dashed_line
from visualizer.panels import card, card_content, fit_text
from visualizer.scenes.trace.model import RunModel, sub_of
from visualizer.scenes.trace.view import pill_label
from visualizer.theme import Theme
from visualizer.widgets import draw_box

GRAPH_SHOWN = 48
"""Subproblems drawn at most (the first reached); the title counts them all."""


def draw_console(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, run: RunModel) -> None:
    """The newest lines the run printed so far, oldest at the top."""
    card(surface, rect, theme, _("printed"))
    inner = card_content(rect, theme, _("printed"))
    height = theme.line_height("small")
    fits = max(0, inner.h // height)
    shown = run.printed[-fits:] if fits else []
    for row, text in enumerate(shown):
        line = fit_text(theme, text.expandtabs(4), inner.w, "small", "mono")
        surface.blit(theme.text(line, "small", th.INK, "mono"), (inner.x, inner.y + row * height))


def graph_title(run: RunModel) -> str:
    """'fib: 8 subproblems'."""
    count = len(run.graph.order)
    words = ngettext("{name}: {count} subproblem", "{name}: {count} subproblems", count)
    return words.format(name=run.label or _("merged graph"), count=format_number(count))


def graph_places(run: RunModel, area: pygame.Rect) -> dict[int, tuple[int, int]]:
    """Each shown subproblem's centre: a row per depth of first reach, spread evenly in its row."""
    calls = run.calls
    shown = run.graph.order[:GRAPH_SHOWN]
    rows: dict[int, list[int]] = {}
    for sub in shown:
        rows.setdefault(calls.depth(run.graph.first[sub]), []).append(sub)
    depths = sorted(rows)
    places = {}
    for index, depth in enumerate(depths):
        y = area.y + int((index + 0.5) * area.h / len(depths))
        members = rows[depth]
        for column, sub in enumerate(members):
            places[sub] = (area.x + int((column + 0.5) * area.w / len(members)), y)
    return places


def draw_graph(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, run: RunModel) -> None:
    """The run's subproblems merged: each once, its edges, its state in colour."""
    title = graph_title(run)
    card(surface, rect, theme, title)
    area = card_content(rect, theme, title).inflate(-theme.px(8), -theme.px(8))
    if not run.graph.order or area.w <= 0 or area.h <= 0:
        return
    places = graph_places(run, area)
    for above, below in run.graph.edges:
        if above in places and below in places:
            draw_edge(surface, theme, run, places, above, below)
    in_row = Counter(y for _, y in places.values())
    height = min(
        theme.line_height("tiny") + theme.px(4), max(theme.px(8), area.h // len(in_row) - theme.px(4))
    )
    for sub, (x, y) in places.items():
        room = min(theme.px(84), area.w // in_row[y] - theme.px(12))  # the row's pills never overlap
        draw_subproblem(surface, theme, run, sub, pygame.Rect(0, 0, 0, height), (x, y), room)


def draw_edge(
    surface: pygame.Surface,
    theme: Theme,
    run: RunModel,
    places: dict[int, tuple[int, int]],
    above: int,
    below: int,
) -> None:
    """An edge: solid where the subproblem was first worked out, dashed where a call came back to it.

    An edge that skips rows bends to the right, so it does not run along the edges between.
    """
    start, end = places[above], places[below]
    first = run.graph.first[below]
    parent = run.calls.parent[first]
    again = parent < 0 or sub_of(run.calls, parent) != above
    rows = abs(end[1] - start[1]) / max(1, theme.px(40))
    bend = theme.px(14) * rows if again else 0
    middle = ((start[0] + end[0]) / 2 + bend, (start[1] + end[1]) / 2)
    points = [bezier(start, middle, end, step / 8) for step in range(9)]
    for a, b in itertools.pairwise(points):
        if again:
            dashed_line(surface, th.VISITED, a, b, max(1, theme.px(2)), theme.px(4))
        else:
            pygame.draw.line(surface, th.MUTED, a, b, max(1, theme.px(1)))


def bezier(
    start: tuple[float, float], middle: tuple[float, float], end: tuple[float, float], t: float
) -> tuple[float, float]:
    """The point at `t` of the quadratic curve from `start` to `end` pulled towards `middle`."""
    control = (2 * middle[0] - (start[0] + end[0]) / 2, 2 * middle[1] - (start[1] + end[1]) / 2)
    x = (1 - t) ** 2 * start[0] + 2 * (1 - t) * t * control[0] + t**2 * end[0]
    y = (1 - t) ** 2 * start[1] + 2 * (1 - t) * t * control[1] + t**2 * end[1]
    return x, y


def draw_subproblem(
    surface: pygame.Surface,
    theme: Theme,
    run: RunModel,
    sub: int,
    box: pygame.Rect,
    centre: tuple[int, int],
    room: int,
) -> None:
    """One subproblem's pill, its label fitted to `room`, coloured by the state of its first call."""
    first = run.graph.first[sub]
    text = pill_label(run, first, max(1, room), "tiny", theme)
    width = theme.font("tiny", "mono").size(text)[0] + theme.px(8)
    box.w = width
    box.center = centre
    returned = run.returned(first)
    fill = th.DONE if returned is not None else th.ACTIVE if run.calls.active() == first else th.WAITING
    draw_box(surface, box, theme, fill=th.blend(th.PANEL, fill, 0.35), edge=fill, radius=box.h / 2)
    image = theme.text(text, "tiny", th.INK, "mono")
    surface.blit(image, image.get_rect(center=box.center))
