"""Small widgets drawn with the theme: buttons, steppers, choices, the timeline.

Hand-rolled rather than pygame_gui because the presenter scale must resize
every widget and its text at once, and a flow layout of a dozen widgets is
a few lines here; each widget measures itself, the shell places it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Generic, TypeVar

import pygame

from solvers.i18n import _
from visualizer import theme as th
from visualizer.theme import Theme

T = TypeVar("T")


class Widget:
    """Something placed in a bar: it measures itself, draws itself, takes clicks."""

    rect = pygame.Rect(0, 0, 0, 0)
    enabled = True
    glued = False  # True: wraps together with the widget before it (a "- 30/s +" group never splits)
    theme = Theme()  # the theme of the last layout, set by `flow`

    def width(self, theme: Theme) -> int:
        """Pixels wide it wants at this scale."""
        raise NotImplementedError

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        """Draw into `self.rect`."""
        raise NotImplementedError

    def handle(self, event: pygame.event.Event) -> bool:
        """React to a mouse event; True when it was ours."""
        return False

    def tooltip(self) -> str:
        """What hovering says."""
        return ""

    @property
    def editing(self) -> bool:
        """True while the widget takes typing (it then owns the keyboard)."""
        return False


def clicked(event: pygame.event.Event, rect: pygame.Rect) -> bool:
    """A left click inside `rect`."""
    return event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and rect.collidepoint(event.pos)


def draw_box(
    surface: pygame.Surface,
    rect: pygame.Rect,
    theme: Theme,
    *,
    fill: th.Color,
    edge: th.Color = th.PANEL_EDGE,
    radius: float = 6,
    width: int = 1,
) -> None:
    """A rounded box with an edge."""
    pygame.draw.rect(surface, fill, rect, border_radius=theme.px(radius))
    pygame.draw.rect(surface, edge, rect, width=max(1, theme.px(width)), border_radius=theme.px(radius))


def blit_centered(surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect) -> None:
    """Blit `image` centred in `rect`."""
    surface.blit(image, image.get_rect(center=rect.center))


class Button(Widget):
    """A labelled button that calls `action` when clicked."""

    def __init__(
        self,
        label: str | Callable[[], str],
        action: Callable[[], None],
        *,
        hint: str = "",
        active: Callable[[], bool] | None = None,
        enabled: Callable[[], bool] | None = None,
        fits: Callable[[], Iterable[str]] | None = None,
    ) -> None:
        self._label = label
        self.action = action
        self.hint = hint
        self._active = active
        self._enabled = enabled
        self._fits = fits
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def label(self) -> str:
        """The current label."""
        return self._label() if callable(self._label) else self._label

    @property
    def enabled(self) -> bool:  # type: ignore[override]
        """False greys the button out and ignores clicks."""
        return self._enabled() if self._enabled else True

    def width(self, theme: Theme) -> int:
        """Label width plus padding; with `fits`, the widest label it may show, so it keeps one width."""
        font = theme.font("small", "bold")
        labels = [self.label, *(self._fits() if self._fits else ())]
        return max(font.size(label)[0] for label in labels) + theme.px(20)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        """A box; filled when active, faint when disabled."""
        active = bool(self._active and self._active())
        hover = self.rect.collidepoint(pygame.mouse.get_pos()) and self.enabled
        fill = th.ACTIVE if active else (th.FAINT if hover else th.PANEL)
        ink = th.PANEL if active else (th.INK if self.enabled else th.MUTED)
        draw_box(surface, self.rect, theme, fill=fill, edge=th.ACTIVE if active else th.PANEL_EDGE)
        blit_centered(surface, theme.text(self.label, "small", ink, "bold"), self.rect)

    def handle(self, event: pygame.event.Event) -> bool:
        """Run the action on a click."""
        if self.enabled and clicked(event, self.rect):
            self.action()
            return True
        return False

    def tooltip(self) -> str:
        """The hint."""
        return self.hint


class Stepper(Widget):
    """'Label: [-] value [+]' for a whole number within bounds."""

    def __init__(
        self,
        label: str,
        get: Callable[[], int],
        set_: Callable[[int], None],
        low: int,
        high: int,
        *,
        step: int = 1,
        hint: str = "",
    ) -> None:
        self.label = label
        self.get = get
        self.set = set_
        self.low = low
        self.high = high
        self.step = step
        self.hint = hint
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.typed: str | None = None  # digits typed so far while the value is being edited

    @property
    def editing(self) -> bool:
        """True while the value is being typed (the widget owns the keyboard)."""
        return self.typed is not None

    def _parts(self, theme: Theme) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The label area, the minus button and the plus button."""
        button = theme.px(26)
        plus = pygame.Rect(self.rect.right - button, self.rect.y, button, self.rect.h)
        minus = pygame.Rect(plus.x - button - self._value_width(theme), self.rect.y, button, self.rect.h)
        label = pygame.Rect(self.rect.x, self.rect.y, minus.x - self.rect.x, self.rect.h)
        return label, minus, plus

    def _value_width(self, theme: Theme) -> int:
        """Room for the widest value the bounds allow (5,000,000 must not show as '00000')."""
        widest = max(str(self.low), str(self.high), key=len)
        return max(theme.px(44), theme.font("body", "bold").size(widest + "|")[0] + theme.px(8))

    def width(self, theme: Theme) -> int:
        """Label, two buttons and room for the value."""
        return theme.font("small").size(self.label)[0] + theme.px(26 * 2 + 10) + self._value_width(theme)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        """The label, then - value +."""
        label, minus, plus = self._parts(theme)
        text = theme.text(self.label, "small", th.INK)
        surface.blit(text, text.get_rect(midleft=(label.x, label.centery)))
        value_rect = pygame.Rect(minus.right, self.rect.y, plus.x - minus.right, self.rect.h)
        if self.typed is not None:
            draw_box(surface, value_rect.inflate(-theme.px(4), 0), theme, fill=th.LIT_LINE, edge=th.ACTIVE)
            blit_centered(surface, theme.text(self.typed + "|", "body", th.INK, "bold"), value_rect)
        else:
            blit_centered(surface, theme.text(str(self.get()), "body", th.INK, "bold"), value_rect)
        for rect, sign, live in ((minus, "-", self.get() > self.low), (plus, "+", self.get() < self.high)):
            draw_box(surface, rect, theme, fill=th.PANEL)
            blit_centered(surface, theme.text(sign, "body", th.INK if live else th.FAINT, "bold"), rect)

    def handle(self, event: pygame.event.Event) -> bool:
        """Clicks on - and + change the value within bounds; a click on the value types a new one."""
        if event.type == pygame.KEYDOWN and self.typed is not None:
            return self._type(event)
        if event.type != pygame.MOUSEBUTTONDOWN:
            return False
        if not self.rect.collidepoint(event.pos):
            self._commit()  # a click elsewhere ends typing, keeping what was typed
            return False
        _, minus, plus = self._parts(self.theme)
        value = self.get()
        if minus.collidepoint(event.pos) and value > self.low:
            self._commit()
            self.set(max(self.low, self.get() - self.step))
        elif plus.collidepoint(event.pos) and value < self.high:
            self._commit()
            self.set(min(self.high, self.get() + self.step))
        elif minus.right <= event.pos[0] < plus.x:
            self.typed = ""
        return True

    def _type(self, event: pygame.event.Event) -> bool:
        """A key while typing: digits, Backspace, Enter keeps, Esc cancels; the keyboard is ours."""
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
            self._commit()
        elif event.key == pygame.K_ESCAPE:
            self.typed = None
        elif event.key == pygame.K_BACKSPACE:
            self.typed = (self.typed or "")[:-1]
        elif event.unicode.isdigit() and len(self.typed or "") < len(str(self.high)):
            self.typed = (self.typed or "") + event.unicode
        return True

    def _commit(self) -> None:
        """Set the typed value, kept within bounds (nothing typed: no change)."""
        typed, self.typed = self.typed, None
        if typed:
            self.set(min(self.high, max(self.low, int(typed))))

    def tooltip(self) -> str:
        """The hint, and that the value can be typed."""
        if self.hint:
            return _("{hint}; click the number to type one").format(hint=self.hint)
        return _("click the number to type one")


class Choice(Widget, Generic[T]):
    """A segmented control: one of a few options, each a labelled segment."""

    def __init__(
        self,
        options: Sequence[tuple[str, T]],
        get: Callable[[], T],
        set_: Callable[[T], None],
        *,
        hint: str = "",
    ) -> None:
        self.options = list(options)
        self.get = get
        self.set = set_
        self.hint = hint
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._segments: list[pygame.Rect] = []

    def width(self, theme: Theme) -> int:
        """The sum of the segments."""
        font = theme.font("small", "bold")
        return sum(font.size(label)[0] + theme.px(18) for label, _ in self.options)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        """Segments side by side, the chosen one filled."""
        font = theme.font("small", "bold")
        x = self.rect.x
        self._segments = []
        current = self.get()
        for label, value in self.options:
            w = font.size(label)[0] + theme.px(18)
            seg = pygame.Rect(x, self.rect.y, w, self.rect.h)
            self._segments.append(seg)
            chosen = value == current
            draw_box(surface, seg, theme, fill=th.ACTIVE if chosen else th.PANEL, radius=4)
            blit_centered(surface, theme.text(label, "small", th.PANEL if chosen else th.INK, "bold"), seg)
            x += w

    def handle(self, event: pygame.event.Event) -> bool:
        """A click picks the segment under it."""
        if event.type != pygame.MOUSEBUTTONDOWN or not self.rect.collidepoint(event.pos):
            return False
        for seg, (_label, value) in zip(self._segments, self.options, strict=False):
            if seg.collidepoint(event.pos) and value != self.get():
                self.set(value)
        return True

    def tooltip(self) -> str:
        """The hint."""
        return self.hint


class Label(Widget):
    """Plain text in a bar (a heading, a status)."""

    def __init__(self, text: str | Callable[[], str], color: th.Color = th.MUTED, *, hint: str = "") -> None:
        self._text = text
        self.color = color
        self.hint = hint
        self.rect = pygame.Rect(0, 0, 0, 0)

    def tooltip(self) -> str:
        """The hint, if any."""
        return self.hint

    @property
    def text(self) -> str:
        """The current text."""
        return self._text() if callable(self._text) else self._text

    def width(self, theme: Theme) -> int:
        """The text's width."""
        return theme.font("small").size(self.text)[0] + theme.px(6)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        """The text, vertically centred."""
        image = theme.text(self.text, "small", self.color)
        surface.blit(image, image.get_rect(midleft=(self.rect.x, self.rect.centery)))


ROW_HEIGHT = 32
"""Height of one row of widgets, before the presenter scale."""


def rows_needed(widgets: Sequence[Widget], width: int, theme: Theme, gap: int = 8) -> int:
    """How many rows `flow` will use for these widgets in `width` pixels."""
    return len(_rows(widgets, width, theme, gap)) if widgets else 0


def _rows(widgets: Sequence[Widget], width: int, theme: Theme, gap: int) -> list[list[Widget]]:
    """Widgets split into rows that fit `width` (a widget wider than a row gets its own)."""
    rows: list[list[Widget]] = [[]]
    used = 0
    for group in _glued_groups(widgets):
        w = sum(widget.width(theme) for widget in group) + theme.px(gap) * (len(group) - 1)
        if rows[-1] and used + w > width:
            rows.append([])
            used = 0
        rows[-1].extend(group)
        used += w + theme.px(gap)
    return rows


def _glued_groups(widgets: Sequence[Widget]) -> list[list[Widget]]:
    """Widgets in runs that wrap as one: each widget with the glued ones after it."""
    groups: list[list[Widget]] = []
    for widget in widgets:
        if widget.glued and groups:
            groups[-1].append(widget)
        else:
            groups.append([widget])
    return groups


def flow(widgets: Sequence[Widget], area: pygame.Rect, theme: Theme, gap: int = 8) -> None:
    """Place widgets left to right in `area`, wrapping onto more rows when they do not fit."""
    rows = _rows(widgets, area.w, theme, gap)
    pitch = area.h // max(1, len(rows))
    height = min(pitch - theme.px(4) if len(rows) > 1 else area.h, theme.px(ROW_HEIGHT))
    for index, row in enumerate(rows):
        x = area.x
        y = area.y + index * pitch + (pitch - height) // 2
        for widget in row:
            w = widget.width(theme)
            widget.rect = pygame.Rect(x, y, w, height)
            widget.theme = theme
            x += w + theme.px(gap)
