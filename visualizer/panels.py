"""Panels any scene can place: cards, pseudocode, counters, log, call stack.

Trees (the call tree, search trees) are painted by `visualizer.treepaint`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pygame

from solvers.i18n import N_, _, format_number, ngettext, translate_pseudocode
from visualizer import theme as th
from visualizer.theme import Theme
from visualizer.widgets import draw_box


def card(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, title: str = "") -> pygame.Rect:
    """A white card with an optional heading; returns the inner rectangle (`card_content`)."""
    draw_box(surface, rect, theme, fill=th.PANEL, radius=8)
    pad = theme.px(10)
    if title:
        at = (rect.x + pad, rect.y + pad)
        shown = fit_noted(theme, heading_case(title), rect.w - 2 * pad, at, "tiny", "bold")
        surface.blit(theme.text(shown, "tiny", th.MUTED, "bold"), at)
    return card_content(rect, theme, title)


def heading_case(title: str) -> str:
    """A heading in capitals, Greek letters kept as they are (they are math here: α-β is not A-B)."""
    return "".join(ch if "\u0370" <= ch <= "\u03ff" else ch.upper() for ch in title)


def card_content(rect: pygame.Rect, theme: Theme, title: str = "") -> pygame.Rect:
    """The rectangle inside a card, below its heading: a pure function, for layouts."""
    pad = theme.px(10)
    inner = rect.inflate(-2 * pad, -2 * pad)
    if title:
        shown = fit_text(theme, heading_case(title), inner.w, "tiny", "bold")
        gap = theme.font("tiny", "bold").size(shown)[1] + theme.px(6)
        inner = pygame.Rect(inner.x, inner.y + gap, inner.w, max(0, inner.h - gap))
    return inner


def card_height(theme: Theme, content: int, titled: bool = True) -> int:
    """The height a card needs around `content` pixels."""
    title = theme.line_height("tiny", "bold") + theme.px(6) if titled else 0
    return content + title + 2 * theme.px(10)


def fit_text(theme: Theme, text: str, width: int, size: str = "small", face: str = "sans") -> str:
    """`text`, shortened with an ellipsis to fit `width` pixels (the longest such start, by halving)."""
    font = theme.font(size, face)
    if font.size(text)[0] <= width:
        return text
    fits, too_long = 0, len(text)
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if font.size(text[:middle] + "…")[0] <= width:
            fits = middle
        else:
            too_long = middle
    return text[:fits] + "…"


def fit_noted(
    theme: Theme, text: str, width: int, at: tuple[int, int], size: str = "small", face: str = "sans"
) -> str:
    """`fit_text`, noting a shortened text's place and its whole words, which hovering then shows."""
    shown = fit_text(theme, text, width, size, face)
    note_cut(theme, shown, text, pygame.Rect(at, theme.font(size, face).size(shown)))
    return shown


def note_cut(theme: Theme, shown: str, text: str, place: pygame.Rect) -> None:
    """Note `text` drawn shortened (as `shown`) at `place`, so hovering there shows it whole."""
    if shown != text:
        if len(theme.cut) >= CUT_NOTES:  # a screen that never clears them (home) stays bounded
            theme.cut.clear()
        theme.cut.append((place, text))


CUT_NOTES = 500
"""Shortened texts noted at most between two clears (the shell clears them every frame)."""


def wrap(theme: Theme, text: str, width: int, size: str = "small", face: str = "sans") -> list[str]:
    """Break `text` into lines no wider than `width` in the given size and face.

    Lines break at spaces, and also between two Chinese characters (Chinese
    has no spaces); Korean, which has spaces, breaks between its words.
    """
    font = theme.font(size, face)
    lines: list[str] = []
    line = ""
    for word in text.split():
        for index, piece in enumerate(breakable_pieces(word)):
            trial = f"{line} {piece}".strip() if index == 0 else line + piece
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = piece
    if line:
        lines.append(line)
    return lines


IDEOGRAPHS = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
CJK_CLOSING = set("，。、；：！？）》」』”’")
NO_BREAK_BEFORE = CJK_CLOSING | set("…,.;:!?)")
"""Closing punctuation stays on the line of the character before it."""


def breakable_pieces(word: str) -> list[str]:
    """`word` cut where a line may break: beside each Chinese character (never before a closing mark)."""
    if not IDEOGRAPHS.search(word):
        return [word]
    pieces: list[str] = []
    for char in word:
        if pieces and (char in NO_BREAK_BEFORE or not _may_break(pieces[-1][-1], char)):
            pieces[-1] += char
        else:
            pieces.append(char)
    return pieces


def _may_break(before: str, after: str) -> bool:
    """True when a line may break between two characters of one word."""
    return bool(IDEOGRAPHS.match(before) or IDEOGRAPHS.match(after) or before in CJK_CLOSING)


def draw_pseudocode(
    surface: pygame.Surface, rect: pygame.Rect, theme: Theme, code: Sequence[str], lit: Mapping[int, th.Color]
) -> None:
    """The pseudocode, numbered, with lit lines (1-based) marked by colour and an arrow."""
    inner = card(surface, rect, theme, _("pseudocode"))
    height = theme.line_height("small", "mono")
    number_width = theme.font("small", "mono").size("00 ")[0]
    first = code_window(len(code), max(1, (inner.h + 2) // height), lit)
    for index, line in enumerate(code, start=1):
        y = inner.y + (index - first) * height
        if index < first:
            continue
        if y + height > inner.bottom + 2:
            break
        colour = lit.get(index)
        row = pygame.Rect(inner.x - theme.px(4), y, inner.w + theme.px(8), height)
        if colour is not None:
            pygame.draw.rect(surface, colour, row, border_radius=theme.px(3))
            arrow = theme.text("▶", "tiny", th.INK)
            surface.blit(arrow, (inner.x - theme.px(2), y + (height - arrow.get_height()) // 2))
        number = theme.text(f"{index:>2}", "small", th.MUTED, "mono")
        surface.blit(number, (inner.x + theme.px(8), y))
        at = (inner.x + number_width + theme.px(12), y)
        text = fit_noted(
            theme, translate_pseudocode(line), inner.w - number_width - theme.px(14), at, "small", "mono"
        )
        surface.blit(theme.text(text, "small", th.INK, "mono"), at)


def code_window(count: int, fits: int, lit: Mapping[int, th.Color]) -> int:
    """The first line shown when `fits` of `count` lines fit: the lit lines in view, the main one always.

    The main lit line is the one in the lit colour (the last event's); other
    lit lines (a loop's, the other side's) join it when they fit too.
    """
    if not lit or count <= fits:
        return 1
    main = max((line for line, colour in lit.items() if colour == th.LIT_LINE), default=max(lit))
    low, high = min(lit), max(lit)
    middle = (low + high) // 2 if high - low < fits else main
    first = middle - (fits - 1) // 2
    first = min(first, main, max(1, count - fits + 1))  # the main line never above the window
    first = max(first, main - fits + 1, 1)  # nor below it
    return first


def draw_counters(
    surface: pygame.Surface, rect: pygame.Rect, theme: Theme, rows: Sequence[tuple[str, str]]
) -> None:
    """Counters in two columns of 'name  value' pairs."""
    inner = card(surface, rect, theme, _("counters"))
    height = theme.line_height("small")
    column = inner.w // 2
    for i, (name, value) in enumerate(rows):
        x = inner.x + (i % 2) * column
        y = inner.y + (i // 2) * height
        image = theme.text(
            fit_text(theme, value, column - theme.px(10), "small", "bold"), "small", th.INK, "bold"
        )
        room = column - image.get_width() - theme.px(16)  # the name gives way to the value
        surface.blit(theme.text(fit_noted(theme, name, room, (x, y)), "small", th.MUTED), (x, y))
        surface.blit(image, (x + column - image.get_width() - theme.px(10), y))


def counters_height(theme: Theme, count: int) -> int:
    """Pixels the counters card needs for `count` rows."""
    return card_height(theme, ((count + 1) // 2) * theme.line_height("small"))


def draw_log(
    surface: pygame.Surface, rect: pygame.Rect, theme: Theme, lines: Sequence[tuple[int, str]]
) -> None:
    """The narration: newest line at the bottom in ink, older ones fading."""
    inner = card(surface, rect, theme, _("what just happened"))
    height = theme.line_height("small")
    widest = max((number for number, _ in lines), default=0)
    indent = theme.font("tiny").size(f"{widest:,}")[0] + theme.px(12)  # room for the numbers
    rows: list[tuple[int, str, bool]] = []
    for index, (number, text) in enumerate(lines):
        newest = index == len(lines) - 1
        face = "bold" if newest else "sans"  # measured in the face it is drawn in
        for j, part in enumerate(wrap(theme, text, inner.w - indent, "small", face)):
            rows.append((number if j == 0 else -1, part, newest))
    visible = max(0, inner.h // height)
    rows = rows[-visible:] if visible else []
    y = inner.y
    for number, text, newest in rows:
        if number >= 0:
            surface.blit(theme.text(f"{number:,}", "tiny", th.MUTED), (inner.x, y + theme.px(2)))
        ink = th.INK if newest else th.MUTED
        surface.blit(theme.text(text, "small", ink, "bold" if newest else "sans"), (inner.x + indent, y))
        y += height


# --- the call stack ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FrameView:
    """One frame as the stack panel shows it."""

    text: str
    state: str = "waiting"  # waiting | active | done | dead
    detail: str = ""


STATE_COLOURS = {"waiting": th.WAITING, "active": th.ACTIVE, "done": th.DONE, "dead": th.DEAD}
STATE_MARKS = {"waiting": "…", "active": "▶", "done": "✓", "dead": "✗"}
"""A second cue beside each colour, for readers who cannot tell the colours apart."""


def draw_call_stack(
    surface: pygame.Surface,
    rect: pygame.Rect,
    theme: Theme,
    frames: Sequence[FrameView],
    *,
    below: int = 0,
    limit: int | None = None,
    title: str = N_("call stack"),
    arrival: float = 1.0,
) -> None:
    """Frames as boxes piled from the bottom, the newest on top.

    `frames` are the top of the stack, bottom first; `below` counts the frames
    under them that the caller did not build (a deep stack need not be turned
    into views every frame).  Whatever does not fit folds into one "+ N frames
    below" box.  `arrival` (0..1) slides the top frame in as it is pushed.
    With a `limit`, the title says where the stack overflows.
    """
    if limit is not None:
        title = _("{title} (limit {limit})").format(title=_(title), limit=format_number(limit))
    else:
        title = _(title)
    card(surface, rect, theme, title)
    placed, more = stack_boxes(rect, theme, len(frames), below, title)
    if more is not None:
        hidden = below + len(frames) - len(placed)
        draw_box(surface, more, theme, fill=th.FAINT, radius=5)
        below_words = ngettext("+ {count} frame below", "+ {count} frames below", hidden)
        text = theme.text(below_words.format(count=format_number(hidden)), "small", th.MUTED)
        surface.blit(text, text.get_rect(center=more.center))
    for index, box in placed:
        if index == len(frames) - 1 and arrival < 1.0:
            box = box.move(0, round((1 - th.ease(arrival)) * -box.h))
        _draw_frame(surface, box, theme, frames[index])


def stack_boxes(
    rect: pygame.Rect, theme: Theme, count: int, below: int = 0, title: str = "call stack"
) -> tuple[list[tuple[int, pygame.Rect]], pygame.Rect | None]:
    """Where `draw_call_stack` puts `count` frames: (index, box) for each shown, and the '+ N below' box.

    A pure function, so a click can find the frame under it.
    """
    inner = card_content(rect, theme, title)
    box_h = theme.px(34)
    gap = theme.px(4)
    fits = max(1, (inner.h + gap) // (box_h + gap))
    first = 0
    hidden = below
    if count + (1 if below else 0) > fits:
        first = count - (fits - 1)
        hidden += first
    y = inner.bottom
    more = None
    if hidden:
        y -= box_h
        more = pygame.Rect(inner.x, y, inner.w, box_h)
        y -= gap
    placed = []
    for index in range(first, count):
        y -= box_h
        placed.append((index, pygame.Rect(inner.x, y, inner.w, box_h)))
        y -= gap
    return placed, more


def _draw_frame(surface: pygame.Surface, box: pygame.Rect, theme: Theme, frame: FrameView) -> None:
    """One frame: a coloured edge strip, a state mark, the call and its detail."""
    colour = STATE_COLOURS.get(frame.state, th.MUTED)
    fill = th.blend(th.PANEL, colour, 0.16)
    draw_box(surface, box, theme, fill=fill, edge=colour, radius=5, width=2)
    strip = pygame.Rect(box.x, box.y, theme.px(6), box.h)
    pygame.draw.rect(
        surface, colour, strip, border_top_left_radius=theme.px(5), border_bottom_left_radius=theme.px(5)
    )
    mark = theme.text(STATE_MARKS.get(frame.state, ""), "body", colour, "bold")
    surface.blit(mark, mark.get_rect(midleft=(box.x + theme.px(12), box.centery)))
    text = theme.text(frame.text, "body", th.INK, "mono")
    surface.blit(text, text.get_rect(midleft=(box.x + theme.px(34), box.centery)))
    if frame.detail:
        room = box.right - theme.px(8) - (box.x + theme.px(40) + text.get_width())
        detail = fit_text(theme, frame.detail, max(0, room), "small", "mono")
        image = theme.text(detail, "small", th.INK, "mono")
        place = image.get_rect(midright=(box.right - theme.px(10), box.centery))
        note_cut(theme, detail, frame.detail, place)
        surface.blit(image, place)


def draw_note(
    surface: pygame.Surface, stage: pygame.Rect, theme: Theme, pos: tuple[int, int], lines: list[str]
) -> None:
    """A dark note beside the pointer, kept inside the stage: what hovering a node tells."""
    width = min(theme.px(420), stage.w - theme.px(20))
    rows = [part for line in lines for part in wrap(theme, line, width - theme.px(16), "small")]
    height = len(rows) * theme.line_height("small") + theme.px(12)
    box = pygame.Rect(pos[0] + theme.px(14), pos[1] + theme.px(14), width, height).clamp(stage)
    draw_box(surface, box, theme, fill=th.TITLE_BAR, edge=th.TITLE_BAR, radius=6)
    y = box.y + theme.px(6)
    for row in rows:
        text = fit_text(theme, row, box.w - theme.px(16), "small")
        surface.blit(theme.text(text, "small", th.TITLE_INK), (box.x + theme.px(8), y))
        y += theme.line_height("small")
