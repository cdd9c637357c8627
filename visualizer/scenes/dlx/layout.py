"""Where the dancing-links demo's cards and matrix go: a pure function of the stage, theme and problem."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from visualizer.scenes.dlx.model import Problem
from visualizer.scenes.exact_cover.layout import card_inner, split_bottom, split_side
from visualizer.theme import Theme


@dataclass(frozen=True)
class Geometry:
    """Where everything of the matrix goes inside its card."""

    xs: list[float]  # centre x of each column
    ys: list[float]  # centre y of each row
    header_y: float
    root_x: float
    col_w: float
    row_h: float
    node: int  # a node's side
    header_w: int
    header_h: int
    shift: float  # how far a hidden node steps off its rail
    lift: float  # how far a covered header rises
    label_x: int
    body_top: int
    body_bottom: int


@dataclass(frozen=True)
class MatrixLayout:
    """The matrix card with its geometry, and beside it the 'now' and key cards."""

    matrix: pygame.Rect
    now: pygame.Rect
    key: pygame.Rect
    geo: Geometry


def layout(rect: pygame.Rect, theme: Theme, problem: Problem) -> MatrixLayout:
    """The matrix card, and beside it what happens now and the key."""
    matrix, side = split_side(theme, rect, 210, 0.26)
    now, key = split_bottom(theme, side, min(theme.px(200), side.h // 2))
    return MatrixLayout(matrix, now, key, geometry(card_inner(theme, matrix), theme, problem))


def geometry(inner: pygame.Rect, theme: Theme, problem: Problem) -> Geometry:
    """Column and row positions inside the matrix card's `inner`."""
    px = theme.px
    matrix = problem.matrix
    font = theme.font("small")
    label_w = max(font.size(label)[0] for label in problem.row_labels) + px(14)
    label_w = min(label_w, inner.w // 3)
    gap = px(14) if matrix.n_secondary and matrix.n_primary else 0
    col_w = (inner.w - label_w - gap) / max(1, matrix.n_columns)
    narrow = col_w < px(30)  # names are turned upright: the headers grow taller
    header_h = px(58) if narrow else px(40)
    lift = header_h * 0.7
    lift_room = round(lift) + px(12)
    footer = theme.line_height("small") * 2 + px(8)
    header_y = inner.y + lift_room + header_h / 2
    body_top = round(header_y + header_h / 2 + px(8))
    body_bottom = inner.bottom - footer
    row_h = min(float(px(56)), (body_bottom - body_top) / max(1, len(matrix.rows)))
    xs = [
        inner.x + label_w + (c + 0.5) * col_w + (gap if c >= matrix.n_primary else 0)
        for c in range(matrix.n_columns)
    ]
    ys = [body_top + (r + 0.5) * row_h for r in range(len(matrix.rows))]
    node = max(4, min(px(20), round(min(col_w, row_h) * 0.5)))
    return Geometry(
        xs,
        ys,
        header_y,
        inner.x + label_w - px(4) - min(col_w, px(40)) / 2,
        col_w,
        row_h,
        node,
        max(6, round(min(col_w * 0.88, px(56)))),
        header_h,
        min(col_w * 0.4, px(24)),
        lift,
        inner.x,
        body_top,
        body_bottom,
    )
