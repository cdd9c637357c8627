"""What the exact-cover demos share: a model of Algorithm X's run, a demo base, the column-size strip.

The model keeps its own copy of the dancing-links matrix and covers and
uncovers it as the events say, so the live column sizes are always at hand
(the view reads them); since `Matrix.uncover` exactly reverses `cover`, the
model reverts exactly too.  The queens, pentomino, sudoku and matrix scenes
all build on it, and on `ExactCoverDemo`: the column choice (fewest 1s or
leftmost), Knuth's counters and key dispatch; `BrowsingDemo` adds browsing
the solutions found.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import pygame

from solvers import dlx
from solvers.events import Choose, Cover, DeadEnd, Pop, Push, Solution, Uncover
from visualizer import theme as th
from visualizer.draw import hatch
from visualizer.panels import card, fit_text, wrap
from visualizer.player import Player
from visualizer.scenes.base import Demo
from visualizer.theme import Theme
from visualizer.widgets import Button, Choice, Label, Widget

STRATEGY_KEY = ("C", "column choice: fewest 1s / leftmost")
"""The help line for the key every exact-cover demo switches its column choice with."""


class CoverModel:
    """Algorithm X's state: the matrix's links, the rows tried, the columns being decided."""

    def __init__(self, matrix: dlx.Matrix) -> None:
        self.matrix = matrix
        self.initial_sizes = [matrix.size(col) for col in range(matrix.n_columns)]
        self.cover_count = [0] * matrix.n_columns  # > 0 while a column is covered
        self.others = [len(row) - 1 for row in matrix.rows]  # per row, for Knuth's updates
        self.stack: list[int] = []  # rows tried and not withdrawn, one per level
        self.deciding: list[int] = []  # the column chosen at each level still open
        self.solutions: list[tuple[int, ...]] = []
        self.nodes = 0  # Knuth's search-tree nodes: one per Choose or Solution
        self.updates = 0  # Knuth's updates: nodes unlinked by covers
        self.dead_ends = 0

    def apply(self, event: Any) -> None:
        """Move one event forward."""
        kind = type(event)
        if kind is Cover:
            self.updates += self._cover_cost(event.column)
            self.matrix.cover(event.column)
            self.cover_count[event.column] += 1
        elif kind is Uncover:
            self.matrix.uncover(event.column)
            self.cover_count[event.column] -= 1
            if event.line == dlx.LINE_UNCOVER_COLUMN:
                self.deciding.pop()
        elif kind is Push:
            self.stack.append(event.what)
        elif kind is Pop:
            self.stack.pop()
        elif kind is Choose:
            self.deciding.append(event.column)
            self.nodes += 1
        elif kind is Solution:
            self.solutions.append(event.answer)
            self.nodes += 1
        elif kind is DeadEnd:
            self.dead_ends += 1

    def revert(self, event: Any) -> None:
        """Undo exactly what `apply(event)` did."""
        kind = type(event)
        if kind is Cover:
            self.matrix.uncover(event.column)
            self.cover_count[event.column] -= 1
            self.updates -= self._cover_cost(event.column)
        elif kind is Uncover:
            # A covered column keeps its own list, so its size is still the
            # one it had when chosen: nothing else needs remembering.
            self.matrix.cover(event.column)
            self.cover_count[event.column] += 1
            if event.line == dlx.LINE_UNCOVER_COLUMN:
                self.deciding.append(event.column)
        elif kind is Push:
            self.stack.pop()
        elif kind is Pop:
            self.stack.append(event.value)
        elif kind is Choose:
            self.deciding.pop()
            self.nodes -= 1
        elif kind is Solution:
            self.solutions.pop()
            self.nodes -= 1
        elif kind is DeadEnd:
            self.dead_ends -= 1

    def _cover_cost(self, column: int) -> int:
        """Nodes that covering `column` unlinks, as Knuth counts them.

        A column's own list is the same just before and just after its cover,
        so apply and revert compute the same number.
        """
        others = self.others
        return 1 + sum(others[row] for row in self.matrix.column_rows(column))

    # --- reading ---------------------------------------------------------------

    def size(self, column: int) -> int:
        """The live count of 1s in `column`."""
        return self.matrix.size(column)

    def covered_columns(self) -> set[int]:
        """Every covered column (0-based), primary or secondary."""
        return {col for col, count in enumerate(self.cover_count) if count}

    @property
    def choosing(self) -> int | None:
        """The column being decided at the deepest open level, if any."""
        return self.deciding[-1] if self.deciding else None

    @property
    def trying(self) -> int | None:
        """The row being tried for that column (None between Choose and Push)."""
        if self.deciding and len(self.stack) == len(self.deciding):
            return self.stack[-1]
        return None

    def candidates(self, column: int) -> list[int]:
        """Rows still in `column`'s list, in the order Algorithm X tries them."""
        return self.matrix.column_rows(column)

    def snapshot(self) -> tuple:
        """The whole state as one comparable value."""
        return (
            tuple(self.stack),
            tuple(self.deciding),
            tuple(self.solutions),
            self.nodes,
            self.updates,
            self.dead_ends,
            tuple(self.cover_count),
            self.matrix.snapshot(),
        )


# --- the demos' common ground -----------------------------------------------------------


class ExactCoverDemo(Demo):
    """An Algorithm X demo: the column choice (fewest 1s or leftmost), Knuth's counters, C to switch."""

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.strategy = "fewest"

    def restart(self) -> None:
        """A new run after an option changed (it keeps playing if it was)."""
        self.new_run(autoplay=self.shell.run.playing)

    def set_strategy(self, strategy: str) -> None:
        """Fewest 1s or leftmost column; a new run to compare."""
        self.strategy = strategy
        self.restart()

    def toggle_strategy(self) -> None:
        """Switch between the two column choices."""
        self.set_strategy("leftmost" if self.strategy == "fewest" else "fewest")

    def strategy_choice(self, hint: str = "C: which column Algorithm X decides first") -> Choice[str]:
        """The options bar's two segments: fewest 1s, leftmost."""
        return Choice(
            [("fewest 1s", "fewest"), ("leftmost", "leftmost")],
            lambda: self.strategy,
            self.set_strategy,
            hint=hint,
        )

    def choice_rule(self, leftmost: str = "the leftmost open column") -> str:
        """Why the column being decided was chosen, for the 'now' card."""
        return "it has the fewest" if self.strategy == "fewest" else leftmost

    def code(self) -> Sequence[str]:
        """Algorithm X's pseudocode (every exact-cover demo runs `dlx.search`)."""
        return dlx.PSEUDOCODE

    def shared_counters(self) -> Sequence[str]:
        """Events, depth, backtracks and solutions."""
        return ("events", "depth", "backtracks", "solutions")

    def knuth_counters(self, model: CoverModel, *middle: tuple[str, str]) -> list[tuple[str, str]]:
        """Knuth's nodes and updates, the demo's own rows, then the column choice."""
        return [
            ("nodes", f"{model.nodes:,}"),
            ("updates", f"{model.updates:,}"),
            *middle,
            ("choice", self.strategy),
        ]

    def placing_counters(
        self, model: CoverModel, noun: str, total: int, *more: tuple[str, str]
    ) -> list[tuple[str, str]]:
        """Knuth's counters with how many of `total` are placed so far and the dead ends met."""
        return self.knuth_counters(
            model, (noun, f"{len(model.stack)} / {total}"), ("dead ends", f"{model.dead_ends:,}"), *more
        )

    def key_actions(self) -> dict[int, Callable[[], object]]:
        """The demo's keys and what each does: here C, the column choice."""
        return {pygame.K_c: self.toggle_strategy}

    def handle(self, event: pygame.event.Event, rect: pygame.Rect, player: Player) -> bool:
        """The keys of `key_actions()`."""
        return self.run_key(event, self.key_actions())


class BrowsingDemo(ExactCoverDemo):
    """An exact-cover demo whose solutions found can be browsed: ◀ ▶ in the options bar, , and . keys."""

    solution_noun: ClassVar[str] = "solution"
    """What a solution is called in this demo: 'solution 3 of 92', 'tiling 2 of 8'."""
    nothing_to_browse: ClassVar[str] = "no solution found yet: play on, or press S for the next one"

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.browse: int | None = None  # None follows the newest solution

    def restart(self) -> None:
        """A new run, following its newest solution."""
        self.browse = None
        super().restart()

    def shown_solution(self, model: CoverModel) -> int | None:
        """Index of the solution on show: the browsed one, or the newest."""
        if not model.solutions:
            return None
        last = len(model.solutions) - 1
        return last if self.browse is None else min(self.browse, last)

    def board_rows(self, model: CoverModel, player: Player) -> tuple[int | None, Sequence[int]]:
        """What the board shows: the rows on the stack, or at the end the browsed solution.

        Returns that solution's index (None while searching) and the rows.
        """
        if player.at_end and not model.stack and model.solutions:
            final = self.shown_solution(model)
            if final is not None:
                return final, model.solutions[final]
        return None, model.stack

    def browse_by(self, step: int) -> None:
        """Show the previous (-1) or next (+1) solution found."""
        model: CoverModel = self.shell.run.model  # type: ignore[assignment]
        index = self.shown_solution(model)
        if index is None:
            self.notify(self.nothing_to_browse)
            return
        self.browse = max(0, min(len(model.solutions) - 1, index + step))

    def solution_label(self) -> str:
        """'solution 3 of 92', with 'so far' while the search goes on."""
        player = self.shell.run
        model: CoverModel = player.model  # type: ignore[assignment]
        noun = self.solution_noun
        index = self.shown_solution(model)
        if index is None:
            return f"no {noun}s" if player.at_end else f"no {noun} yet"
        tail = "" if player.at_end else " so far"
        return f"{noun} {index + 1} of {len(model.solutions)}{tail}"

    def browse_controls(self) -> list[Widget]:
        """◀, the solution on show, ▶."""
        noun = self.solution_noun
        return [
            Button("◀", lambda: self.browse_by(-1), hint=f", previous {noun}"),
            Label(self.solution_label, th.INK),
            Button("▶", lambda: self.browse_by(1), hint=f". next {noun}"),
        ]

    def key_actions(self) -> dict[int, Callable[[], object]]:
        """C for the column choice, , and . to browse."""
        return {
            **super().key_actions(),
            pygame.K_COMMA: lambda: self.browse_by(-1),
            pygame.K_PERIOD: lambda: self.browse_by(1),
        }


# --- words ------------------------------------------------------------------------------


def plural(count: int, noun: str) -> str:
    """'1 way', '3 ways'."""
    return f"{count} {noun}{'s' if count != 1 else ''}"


def cover_words(event: Any, name: str) -> str:
    """'cover X' / 'uncover X' for a Cover or Uncover event of column X.

    The chosen column's own cover and uncover stand flush; those of a tried
    row's other columns are indented under it, as in the pseudocode.
    """
    covering = type(event) is Cover
    own_line = dlx.LINE_COVER_COLUMN if covering else dlx.LINE_UNCOVER_COLUMN
    indent = "" if event.line == own_line else "  "
    return f"{indent}{'cover' if covering else 'uncover'} {name}"


def draw_headline(
    surface: pygame.Surface,
    theme: Theme,
    rect: pygame.Rect,
    words: tuple[str, str, th.Color],
    *,
    big_lines: int = 2,
    small_lines: int = 2,
    gap: int = 0,
) -> int:
    """A headline in large bold in its colour, `gap` pixels, then the small line under it; the y below.

    `words` is (headline, line under it, colour); each is wrapped to
    `rect`'s width and cut to `big_lines` and `small_lines` lines.
    """
    big, small, colour = words
    y = rect.y
    for line in wrap(theme, big, rect.w, "large", "bold")[:big_lines]:
        text = fit_text(theme, line, rect.w, "large", "bold")
        surface.blit(theme.text(text, "large", colour, "bold"), (rect.x, y))
        y += theme.line_height("large")
    y += gap
    for line in wrap(theme, small, rect.w)[:small_lines]:
        surface.blit(theme.text(line, "small", th.INK), (rect.x, y))
        y += theme.line_height("small")
    return y


# --- laying out the stage ----------------------------------------------------------------


def card_inner(theme: Theme, rect: pygame.Rect) -> pygame.Rect:
    """The inside of a titled card at `rect`, below its heading: where `card()` will have room."""
    pad = theme.px(10)
    heading = theme.line_height("tiny", "bold") + theme.px(6)
    return pygame.Rect(rect.x + pad, rect.y + pad + heading, rect.w - 2 * pad, rect.h - 2 * pad - heading)


def split_side(
    theme: Theme, rect: pygame.Rect, min_width: int, share: float
) -> tuple[pygame.Rect, pygame.Rect]:
    """`rect` cut into a main area and a column at its right: `share` of the width, `min_width` at least."""
    gap = theme.px(10)
    side_w = max(theme.px(min_width), int(rect.w * share))
    main = pygame.Rect(rect.x, rect.y, rect.w - side_w - gap, rect.h)
    return main, pygame.Rect(main.right + gap, rect.y, side_w, rect.h)


def split_bottom(theme: Theme, rect: pygame.Rect, height: int) -> tuple[pygame.Rect, pygame.Rect]:
    """`rect` cut into an area and, a gap below it, a band `height` tall at its bottom."""
    gap = theme.px(10)
    top = pygame.Rect(rect.x, rect.y, rect.w, rect.h - height - gap)
    return top, pygame.Rect(rect.x, top.bottom + gap, rect.w, height)


def side_legend(theme: Theme, side: pygame.Rect, height: int) -> tuple[pygame.Rect, pygame.Rect]:
    """The side column cut into the rest and a legend `height` tall at its bottom.

    A height of 0 (a stage too short for a legend) leaves the whole column
    to the rest and an empty legend at its foot.
    """
    if not height:
        return side, pygame.Rect(side.x, side.bottom, side.w, 0)
    return split_bottom(theme, side, height)


# --- the column-size strip ------------------------------------------------------------


def draw_size_strip(
    surface: pygame.Surface,
    rect: pygame.Rect,
    theme: Theme,
    model: CoverModel,
    groups: Sequence[tuple[str, Sequence[int]]],
    label: Callable[[int], str] | None = None,
    title: str = "column sizes: rows left in each column",
    live_scale: bool = False,
) -> None:
    """One bar per column, as tall as its live size (each group on its own scale).

    The scale is a group's largest starting size, or with `live_scale` its
    largest size now among open columns (for matrices whose sizes shrink
    far below where they started).

    The column being decided is blue and framed, an open primary
    column with no rows left is red with a cross, a covered column is an
    empty hatched slot.
    """
    inner = card(surface, rect, theme, title)
    count = sum(len(cols) for _, cols in groups)
    if not count or inner.h < theme.px(30):
        return
    gap = theme.px(14)
    slot = min((inner.w - gap * (len(groups) - 1)) / count, float(theme.px(40)))
    label_h = theme.line_height("tiny")
    top = inner.y + label_h  # room for the size above the bar
    bottom = inner.bottom - 2 * label_h  # room for the column label and the group name
    covered = model.covered_columns()
    choosing = model.choosing
    captions = [theme.text(name, "tiny", th.MUTED, "bold") for name, _ in groups]
    spans = [
        max(len(cols) * slot, caption.get_width() + theme.px(4))
        for (_, cols), caption in zip(groups, captions, strict=True)
    ]
    x = inner.x + (inner.w - sum(spans) - gap * (len(groups) - 1)) / 2
    for (_, cols), caption, span in zip(groups, captions, spans, strict=True):
        bar_x = x + (span - len(cols) * slot) / 2
        scale = scale_of(model, cols, covered if live_scale else None)
        for col in cols:
            box = pygame.Rect(round(bar_x), top, max(1, round(bar_x + slot) - round(bar_x)), bottom - top)
            _draw_bar(surface, theme, box, model, col, scale, covered, choosing, label, slot)
            bar_x += slot
        place = caption.get_rect(midbottom=(round(x + span / 2), inner.bottom))
        surface.blit(caption, place.clamp(inner))
        x += span + gap


def scale_of(model: CoverModel, columns: Sequence[int], covered: set[int] | None = None) -> int:
    """The tallest a group's bars can be: its largest size at the start, or now (given `covered`)."""
    if covered is None:
        return max([model.initial_sizes[c] for c in columns] + [1])
    return max([model.size(c) for c in columns if c not in covered] + [1])


def _draw_bar(
    surface: pygame.Surface,
    theme: Theme,
    slot: pygame.Rect,
    model: CoverModel,
    col: int,
    scale: int,
    covered: set[int],
    choosing: int | None,
    label: Callable[[int], str] | None,
    slot_w: float,
) -> None:
    """One column's bar in its slot, its size above, its label below."""
    pad = max(1, round(slot_w * 0.15)) if slot_w >= 4 else 0
    bar_w = max(1, slot.w - pad)
    size = model.size(col)
    primary = col < model.matrix.n_primary
    wide = slot_w >= theme.px(16)
    centre_x = slot.x + bar_w // 2
    if col != choosing and col in covered:
        box = pygame.Rect(slot.x, slot.y, bar_w, slot.h)
        pygame.draw.rect(surface, th.blend(th.PANEL, th.FAINT, 0.5), box)
        hatch(surface, box, th.FAINT, theme.px(5))
        text, ink, text_y = ("✓" if wide else ""), th.MUTED, slot.y
    else:
        h = round(slot.h * size / scale) if size else 0
        colour = th.blend(th.INK, th.PANEL, 0.55) if primary else th.blend(th.SKY, th.PANEL, 0.35)
        ink = th.INK
        if primary and size == 0:
            colour = ink = th.DEAD
        elif col == choosing:
            colour = ink = th.ACTIVE
        bar = pygame.Rect(slot.x, slot.bottom - max(h, 1), bar_w, max(h, 1))
        pygame.draw.rect(surface, colour, bar)
        text = ("✗" if primary and not size else str(size)) if wide or col == choosing else ""
        text_y = bar.y
    if text:
        image = theme.text(text, "tiny", ink, "bold")
        surface.blit(image, image.get_rect(midbottom=(centre_x, text_y - 1)))
    if col == choosing:  # a frame as well as the colour
        margin = min(pad, theme.px(3))
        frame = pygame.Rect(
            slot.x - margin,
            slot.y - theme.line_height("tiny"),
            bar_w + 2 * margin,
            slot.h + 2 * theme.line_height("tiny") + theme.px(3),
        )
        radius = min(theme.px(3), frame.w // 2)  # a larger radius fills a thin bar
        pygame.draw.rect(surface, th.ACTIVE, frame, max(1, theme.px(2)), border_radius=radius)
    name = label(col) if label is not None else ""
    if name:
        image = theme.text(name, "tiny", th.INK if col != choosing else th.ACTIVE, "bold")
        if image.get_width() <= slot_w + theme.px(2):
            surface.blit(image, image.get_rect(midtop=(centre_x, slot.bottom + 1)))
