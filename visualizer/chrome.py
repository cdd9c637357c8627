"""Where each part of a demo's screen goes: a pure function of the window, the scale and the content.

The shell calls `screen_layout` before handling input and before drawing, so
a click is tested against the same rectangles the user sees.  Nothing here
draws.

The side column holds three cards: counters, pseudocode and the narration
log.  When the window (or a large presenter scale) leaves too little height
for all three, they fold into tabs instead of disappearing: first the
pseudocode and the log share one card with a tab each, then all three do.

A larger presenter step must not shrink the stage (the demo's picture grows
with the text), so panels give way in a stated order (`FOLDS`): first the side
column folds into a strip of tabs at the window's right edge, then the
options bar folds into that strip too.  A folded panel opens on a click on
its tab (or Tab), beside the stage, never over it.

The bars (title, options, controls, timeline and the strip) are laid out at
their own scale, `bars`: the shell lets them grow with the text only while the
picture still grows (see `Shell._fit`), so once every panel has folded, a
larger step goes to the picture rather than to the bars.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from solvers.i18n import N_
from visualizer.panels import card_height, counters_height
from visualizer.theme import Theme

SIDE_CARDS = ("counters", "code", "log")
"""The side column's cards, in the order they stack and tab."""

TAB_TITLES = {"counters": N_("counters"), "code": N_("pseudocode"), "log": N_("log")}

LOG_MIN_LINES = 4
"""Lines the log must show to earn a card of its own."""

TAB_HEIGHT = 30
GAP = 10
STRIP_WIDTH = 26
"""The folded panels' strip of tabs at the window's right edge, before the presenter scale."""

FOLDS = ((), SIDE_CARDS, (*SIDE_CARDS, "options"))
"""What has folded into the strip at each fold level, in the order panels give way."""

STRIP_TITLES = {**TAB_TITLES, "options": N_("options")}


@dataclass(frozen=True, slots=True)
class Content:
    """What the shell must fit: counts and widths at the current scale."""

    option_rows: int
    control_rows: int
    counter_rows: int
    code_lines: int
    option_rows_by_strip: int = 0  # the options' rows beside the strip of folded panels


@dataclass(frozen=True, slots=True)
class Layout:
    """Where each part of the demo screen goes at the current size and scale.

    A side card folded away has an empty rectangle; `tabs` holds the tab
    strip's buttons (card name → rectangle) when cards share space.
    """

    title: pygame.Rect
    options: pygame.Rect
    stage: pygame.Rect
    counters: pygame.Rect
    code: pygame.Rect
    log: pygame.Rect
    controls: pygame.Rect
    timeline: pygame.Rect
    tabs: tuple[tuple[str, pygame.Rect], ...] = ()
    strip: tuple[tuple[str, pygame.Rect], ...] = ()  # folded panels' tabs (name → rectangle)
    opened: str = ""  # the folded panel shown beside the stage, if any
    panel: pygame.Rect = field(default_factory=pygame.Rect)  # where an opened panel of the demo's own goes
    bars: float = 1.0  # the scale the bars are laid out (and drawn) at

    def boxes(self) -> dict[str, pygame.Rect]:
        """Every panel that is shown, by name (for hit-testing and the layout tests)."""
        names = ("title", "options", "stage", "counters", "code", "log", "controls", "timeline", "panel")
        shown = {name: getattr(self, name) for name in names}
        shown.update((f"tab:{name}", rect) for name, rect in self.tabs)
        shown.update((f"strip:{name}", rect) for name, rect in self.strip)
        return {name: rect for name, rect in shown.items() if rect.w > 0 and rect.h > 0}


def bar_height(theme: Theme, rows: int, row_height: int) -> int:
    """Height of a bar of widgets wrapped onto `rows` rows."""
    return theme.px(row_height + 8) + (rows - 1) * theme.px(row_height + 6) if rows else 0


def screen_layout(
    size: tuple[int, int],
    theme: Theme,
    content: Content,
    tab: str,
    row_height: int,
    fold: int = 0,
    opened: str = "",
    extra: Sequence[str] = (),
    bars: float | None = None,
) -> Layout:
    """The whole screen for a window of `size`; `tab` is the side card chosen when cards share space.

    `fold` is the fold level (an index into `FOLDS`); `extra` names the demo's
    own panels that found no room on the stage (they join the strip);
    `opened` names the folded panel shown beside the stage ('' for none);
    `bars` is the scale of the bars (the theme's when None), whose rows
    `content` counts at that scale.
    """
    bars = theme.scale if bars is None else bars
    folded = (*FOLDS[fold], *extra)
    opened = opened if opened in folded else ""
    with theme.scaled(bars):
        title, options, controls, timeline, strip_w, gap = _bars(
            size, theme, content, row_height, folded, opened
        )
        strip = strip_tabs(
            theme,
            pygame.Rect(
                size[0] - strip_w,
                title.bottom + gap,
                max(0, strip_w - gap),
                timeline.y - 2 * gap - title.bottom,
            ),
            folded,
        )
    top = options.bottom + gap if options.h else title.bottom + gap
    body_h = max(0, timeline.y - gap - top)
    right = size[0] - strip_w
    if fold and opened not in (*SIDE_CARDS, *extra):
        stage = pygame.Rect(gap, top, max(0, right - 2 * gap), body_h)
        empty = pygame.Rect(right, top, 0, 0)
        return Layout(
            title, options, stage, empty, empty, empty, controls, timeline, (), strip, opened, bars=bars
        )
    side_w = side_width(theme, size[0])
    side = pygame.Rect(right - gap - side_w, top, side_w, body_h)
    stage = pygame.Rect(gap, top, max(0, side.x - 2 * gap), body_h)
    if fold or opened:  # one folded panel, opened beside the stage: the whole column is its
        shut = pygame.Rect(side.x, top, 0, 0)
        counters, code, log = (side if name == opened else shut for name in SIDE_CARDS)
        panel = side if opened in extra else shut
        cards = (counters, code, log)
        return Layout(title, options, stage, *cards, controls, timeline, (), strip, opened, panel, bars)
    cards, tabs = side_cards(theme, side, content, tab)
    return Layout(title, options, stage, *cards, controls, timeline, tabs, strip, bars=bars)


def _bars(
    size: tuple[int, int],
    theme: Theme,
    content: Content,
    row_height: int,
    folded: Sequence[str],
    opened: str,
) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect, int, int]:
    """The title, options, controls and timeline bars, the strip's width and the gap, at the theme's scale."""
    px = theme.px
    width, height = size
    gap = px(GAP)
    title = pygame.Rect(0, 0, width, px(40))
    strip_w = px(STRIP_WIDTH) + gap if folded else 0
    bar_w = max(1, width - 2 * gap)
    controls_h = bar_height(theme, max(1, content.control_rows), row_height)
    controls = pygame.Rect(gap, height - controls_h - px(4), bar_w, controls_h)
    timeline = pygame.Rect(gap, controls.y - px(28), bar_w, px(26))
    option_rows = max(content.option_rows, content.option_rows_by_strip) if strip_w else content.option_rows
    options = pygame.Rect(
        gap, title.bottom + gap, bar_w - strip_w, bar_height(theme, option_rows, row_height)
    )
    if "options" in folded and opened != "options":
        options.h = 0
    return title, options, controls, timeline, strip_w, gap


def strip_tabs(theme: Theme, rect: pygame.Rect, folded: Sequence[str]) -> tuple[tuple[str, pygame.Rect], ...]:
    """The folded panels' tabs, one under another down `rect` (the strip at the right edge)."""
    if not folded:
        return ()
    tall = min(theme.px(150), (rect.h - theme.px(4) * (len(folded) - 1)) // len(folded))
    return tuple(
        (name, pygame.Rect(rect.x, rect.y + index * (tall + theme.px(4)), rect.w, tall))
        for index, name in enumerate(folded)
    )


def side_width(theme: Theme, width: int) -> int:
    """The side column's width: about a third of the window, never more than 42 % of it."""
    wanted = max(theme.px(280), min(theme.px(470), int(width * 0.3)))
    return max(0, min(wanted, int(width * 0.42)))


def side_cards(
    theme: Theme, side: pygame.Rect, content: Content, tab: str
) -> tuple[tuple[pygame.Rect, pygame.Rect, pygame.Rect], tuple[tuple[str, pygame.Rect], ...]]:
    """The counters, code and log cards in `side`: stacked when they fit, else sharing tabs."""
    gap = theme.px(GAP)
    counters_h = counters_height(theme, content.counter_rows)
    code_h = card_height(theme, max(1, content.code_lines) * theme.line_height("small", "mono"))
    log_min = card_height(theme, LOG_MIN_LINES * theme.line_height("small"))
    if counters_h + code_h + log_min + 2 * gap <= side.h:
        counters = pygame.Rect(side.x, side.y, side.w, counters_h)
        code = pygame.Rect(side.x, counters.bottom + gap, side.w, code_h)
        log = pygame.Rect(side.x, code.bottom + gap, side.w, side.bottom - code.bottom - gap)
        return (counters, code, log), ()
    tab_h = theme.px(TAB_HEIGHT)
    shared: tuple[str, ...] = ("code", "log")
    counters = pygame.Rect(side.x, side.y, side.w, counters_h)
    if counters_h > 0.4 * side.h or side.h - counters_h - gap - tab_h < log_min:
        shared = SIDE_CARDS
        counters = pygame.Rect(side.x, side.y, 0, 0)
    top = counters.bottom + gap if counters.h else side.y
    strip = pygame.Rect(side.x, top, side.w, tab_h)
    chosen = tab if tab in shared else shared[0]
    area = pygame.Rect(side.x, strip.bottom, side.w, max(0, side.bottom - strip.bottom))
    rects = {name: (area if name == chosen else pygame.Rect(side.x, top, 0, 0)) for name in shared}
    rects.setdefault("counters", counters)
    tabs = tuple(zip(shared, split_row(strip, len(shared), theme.px(4)), strict=True))
    return (rects["counters"], rects["code"], rects["log"]), tabs


def split_row(rect: pygame.Rect, count: int, gap: int) -> Sequence[pygame.Rect]:
    """`count` equal rectangles side by side across `rect`."""
    width = (rect.w - gap * (count - 1)) / count
    return [
        pygame.Rect(round(rect.x + i * (width + gap)), rect.y, round(width), rect.h) for i in range(count)
    ]
