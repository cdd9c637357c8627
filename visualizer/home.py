"""The home screen: one card per demo, by mouse or keyboard."""

from __future__ import annotations

from typing import Protocol

import pygame

from solvers.exercise import results
from solvers.i18n import LANGUAGES, N_, _, language, use
from visualizer import files, lessonrow, progress
from visualizer import theme as th
from visualizer.assets import asset
from visualizer.demos import DEMOS, DemoEntry
from visualizer.panels import fit_text, wrap
from visualizer.screens import Presents
from visualizer.widgets import draw_box

DIGIT_KEYS = "1234567890"
"""Keys 1 to 0 open the first ten demos."""
LANGUAGE_KEY = pygame.K_l
"""L switches to the next language (as clicking its name does)."""
PROGRESS_KEY = pygame.K_m
"""M opens and closes "my progress" (as its button does)."""
NAME_KEY = pygame.K_n
"""N, on "my progress": change the student's name."""
TAGLINE = N_("watch recursion and backtracking think, one step at a time")


def language_chips(theme: th.Theme, width: int) -> list[tuple[str, pygame.Rect]]:
    """The language switch at the top right: (code, rectangle) per language, each named in itself."""
    pad, gap = theme.px(10), theme.px(6)
    chips: list[tuple[str, pygame.Rect]] = []
    right = width - theme.px(20)
    for code in reversed(LANGUAGES):
        w = theme.font("small", "bold").size(LANGUAGES[code])[0] + 2 * pad
        rect = pygame.Rect(right - w, theme.px(24), w, theme.line_height("small", "bold") + theme.px(8))
        chips.insert(0, (code, rect))
        right -= w + gap
    return chips


def progress_chip(theme: th.Theme, width: int) -> pygame.Rect:
    """The "my progress" button, left of the language switch."""
    first = language_chips(theme, width)[0][1]
    w = theme.font("small", "bold").size(_("My progress"))[0] + theme.px(20)
    return pygame.Rect(first.x - theme.px(16) - w, first.y, w, first.h)


THUMBS_KEPT = 48
"""Scaled thumbnails kept: every demo at about two card sizes."""


class HomeHost(Presents, Protocol):
    """What the home screen asks of the app besides a lesson presented: a demo opened by its name."""

    def open(self, name: str, *, autoplay: bool = False, speed: float | None = None) -> bool:
        """Open the demo called `name`; False (and a message) when it cannot be."""


class Home:
    """A grid of demo cards with a keyboard focus."""

    def __init__(self, app: HomeHost) -> None:
        self.app = app
        self.theme = app.theme
        self.focus = 0
        self._thumbs: dict[tuple[str, tuple[int, int]], pygame.Surface | None] = {}
        self.progress: progress.ProgressCard | None = None
        """My progress, while it is open over the cards."""

    def open_progress(self) -> None:
        """Show the student's results, read afresh from their file."""
        student = results.remembered_name() or results.ANONYMOUS
        path, summary = results.student_progress(student)
        self.progress = progress.ProgressCard(student, str(path), summary)

    def toggle_progress(self) -> None:
        """M: my progress open or closed."""
        if self.progress is None:
            self.open_progress()
        else:
            self.progress = None

    def change_name(self) -> None:
        """N on my progress: ask the student's name; remembered, and the card shows that name's file."""
        current = self.progress.student if self.progress is not None else ""
        progress.ask_name(self.app, current, lambda _name: self.open_progress())

    def grid(self, size: tuple[int, int]) -> tuple[list[pygame.Rect], int]:
        """Card rectangles for the window size, and the number of columns."""
        px = self.theme.px
        width, height = size
        top = px(120)
        gap = px(16)
        columns = max(1, min(5, (width - gap) // (px(220) + gap)))
        rows = -(-len(DEMOS) // columns)
        card_w = (width - gap * (columns + 1)) // columns
        room = height - top - px(24) - lessonrow.row_height(self.theme) - gap * (rows + 1)
        card_h = min(px(300), room // rows)
        cards = []
        for index in range(len(DEMOS)):
            row, column = divmod(index, columns)
            cards.append(
                pygame.Rect(gap + column * (card_w + gap), top + row * (card_h + gap), card_w, card_h)
            )
        return cards, columns

    def handle(self, event: pygame.event.Event) -> None:
        """Arrows move the focus, Enter or a click opens, digits open directly."""
        cards, columns = self.grid(self.app.surface.get_size())
        if self.progress is not None:
            self._handle_progress(event)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if progress_chip(self.theme, self.app.surface.get_width()).collidepoint(event.pos):
                self.open_progress()
                return
            for code, chip in language_chips(self.theme, self.app.surface.get_width()):
                if chip.collidepoint(event.pos):
                    self.switch_language(code)
                    return
            for index, rect in enumerate(cards):
                if rect.collidepoint(event.pos):
                    self.app.open(DEMOS[index].name)
                    return
            for index, rect in enumerate(self.lesson_buttons(cards)):
                if rect.collidepoint(event.pos):
                    lessonrow.choose(self.app, index)
                    return
        elif event.type == pygame.MOUSEMOTION:
            for index, rect in enumerate(cards):
                if rect.collidepoint(event.pos):
                    self.focus = index
        elif event.type == pygame.KEYDOWN:
            self._handle_key(event, columns)

    def _handle_progress(self, event: pygame.event.Event) -> None:
        """While my progress is open: M closes it, N changes the name, a click beside the card closes it."""
        if event.type == pygame.KEYDOWN and event.key == PROGRESS_KEY:
            self.progress = None
        elif event.type == pygame.KEYDOWN and event.key == NAME_KEY:
            self.change_name()
        elif event.type == pygame.KEYDOWN and event.key == LANGUAGE_KEY:
            self._handle_key(event, 1)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            card = progress.card_rect(self.app.surface.get_size(), self.theme)
            self.progress = self.progress if card.collidepoint(event.pos) else None

    def _handle_key(self, event: pygame.event.Event, columns: int) -> None:
        """Keyboard navigation."""
        moves = {
            pygame.K_LEFT: -1,
            pygame.K_RIGHT: 1,
            pygame.K_UP: -columns,
            pygame.K_DOWN: columns,
            pygame.K_TAB: 1,
        }
        if event.key == PROGRESS_KEY:
            self.open_progress()
        elif event.key == LANGUAGE_KEY:
            codes = list(LANGUAGES)
            self.switch_language(codes[(codes.index(language()) + 1) % len(codes)])
        elif event.key in moves:
            self.focus = (self.focus + moves[event.key]) % (len(DEMOS) + len(lessonrow.shipped_lessons()) + 1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.open_focused()
        elif event.unicode and event.unicode in DIGIT_KEYS:
            index = DIGIT_KEYS.index(event.unicode)
            if index < len(DEMOS):
                self.app.open(DEMOS[index].name)

    def open_focused(self) -> None:
        """Enter: open the demo, or present the lesson (or ask for a lesson file), that has the focus."""
        if self.focus < len(DEMOS):
            self.app.open(DEMOS[self.focus].name)
        else:
            lessonrow.choose(self.app, self.focus - len(DEMOS))

    def lesson_buttons(self, cards: list[pygame.Rect]) -> list[pygame.Rect]:
        """The Lessons row's buttons, under the cards."""
        return lessonrow.buttons(self.theme, self.app.surface.get_width(), self.lessons_top(cards))

    def lessons_top(self, cards: list[pygame.Rect]) -> int:
        """Where the Lessons row starts: a gap under the last row of cards."""
        return cards[-1].bottom + self.theme.px(12)

    def switch_language(self, code: str) -> None:
        """Speak `code` from now on, and remember it for the next start."""
        use(code)
        settings = files.load_settings()
        settings["language"] = code
        files.save_settings(settings)

    def update(self, dt: float) -> None:
        """Nothing moves on the home screen."""

    def draw_overlays(self, surface: pygame.Surface) -> None:
        """The home screen has nothing floating over it."""

    def take_typed_key(self, event: pygame.event.Event) -> bool:
        """Esc closes my progress (rather than quitting); the home screen takes no other typing."""
        if self.progress is not None and event.key == pygame.K_ESCAPE:
            self.progress = None
            return True
        return False

    def at_rest(self) -> bool:
        """The home screen never animates."""
        return True

    def wake_after(self) -> float | None:
        """Nothing on the home screen changes by itself."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Title, tagline and the cards."""
        theme = self.theme
        surface.fill(th.BACKGROUND)
        title = theme.text("Unwind", "huge", th.INK, "bold")
        surface.blit(title, (theme.px(20), theme.px(22)))
        room = progress_chip(theme, surface.get_width()).x - theme.px(40) - title.get_width()
        tagline = theme.text(fit_text(theme, _(TAGLINE), room, "large"), "large", th.MUTED)
        surface.blit(
            tagline,
            (
                theme.px(24) + title.get_width(),
                theme.px(22) + title.get_height() - tagline.get_height() - theme.px(6),
            ),
        )
        keys = theme.text(
            _(
                "arrows + Enter, a click, or 1-0 to open a demo   ·   M my progress   ·   L language   ·   "
                "? help   ·   Ctrl +/- presenter scale"
            ),
            "small",
            th.MUTED,
        )
        surface.blit(keys, (theme.px(24), theme.px(86)))
        self._draw_languages(surface)
        cards = self.grid(surface.get_size())[0]
        for index, (entry, rect) in enumerate(zip(DEMOS, cards, strict=True)):
            self._draw_card(surface, rect, entry, index)
        lesson_focus = self.focus - len(DEMOS) if self.focus >= len(DEMOS) else None
        lessonrow.draw(surface, theme, self.lessons_top(cards), lesson_focus)
        self._draw_progress_chip(surface)
        if self.progress is not None:
            progress.draw(surface, theme, self.progress)

    def _draw_progress_chip(self, surface: pygame.Surface) -> None:
        """The "my progress" button."""
        theme = self.theme
        chip = progress_chip(theme, surface.get_width())
        draw_box(surface, chip, theme, fill=th.PANEL, edge=th.ACTIVE, radius=6)
        label = theme.text(_("My progress"), "small", th.ACTIVE, "bold")
        surface.blit(label, label.get_rect(center=chip.center))

    def _draw_languages(self, surface: pygame.Surface) -> None:
        """The language switch: each language named in itself, the one in force lit."""
        theme = self.theme
        for code, chip in language_chips(theme, surface.get_width()):
            chosen = code == language()
            fill = th.ACTIVE if chosen else th.PANEL
            draw_box(surface, chip, theme, fill=fill, edge=th.ACTIVE if chosen else th.PANEL_EDGE, radius=6)
            label = theme.text(LANGUAGES[code], "small", th.PANEL if chosen else th.INK, "bold")
            surface.blit(label, label.get_rect(center=chip.center))

    def _draw_card(self, surface: pygame.Surface, rect: pygame.Rect, entry: DemoEntry, index: int) -> None:
        """One demo: thumbnail, number and title, one line about it."""
        theme = self.theme
        focused = index == self.focus
        draw_box(
            surface,
            rect,
            theme,
            fill=th.PANEL,
            edge=th.ACTIVE if focused else th.PANEL_EDGE,
            radius=10,
            width=3 if focused else 1,
        )
        pad = theme.px(10)
        text_h = theme.line_height("large", "bold") + 2 * theme.line_height("small") + pad
        thumb_rect = pygame.Rect(
            rect.x + pad, rect.y + pad, rect.w - 2 * pad, max(0, rect.h - text_h - 2 * pad)
        )
        self._draw_thumb(surface, thumb_rect, entry)
        y = thumb_rect.bottom + pad // 2
        key = DIGIT_KEYS[index] if index < len(DIGIT_KEYS) else ""
        heading = fit_text(theme, f"{key}  {_(entry.title)}", rect.w - 2 * pad, "large", "bold")
        surface.blit(
            theme.text(heading, "large", th.ACTIVE if focused else th.INK, "bold"), (rect.x + pad, y)
        )
        y += theme.line_height("large", "bold")
        room = (rect.bottom - pad // 2 - y) // theme.line_height("small")  # a short card drops the blurb
        for line in wrap(theme, _(entry.blurb), rect.w - 2 * pad)[: max(0, min(2, room))]:
            surface.blit(theme.text(line, "small", th.MUTED), (rect.x + pad, y))
            y += theme.line_height("small")

    def _draw_thumb(self, surface: pygame.Surface, rect: pygame.Rect, entry: DemoEntry) -> None:
        """The demo's thumbnail scaled to fit, or its initial on a tinted box."""
        if rect.h < 8:
            return
        image = self._thumb(entry.name, rect.size)
        if image is None:
            pygame.draw.rect(surface, th.FAINT, rect, border_radius=self.theme.px(6))
            letter = self.theme.text(_(entry.title)[0], "huge", th.MUTED, "bold")
            surface.blit(letter, letter.get_rect(center=rect.center))
        else:
            surface.blit(image, image.get_rect(center=rect.center))

    def _thumb(self, name: str, size: tuple[int, int]) -> pygame.Surface | None:
        """The thumbnail from assets/thumbs, scaled once per size."""
        key = (name, size)
        if key not in self._thumbs:
            path = asset("thumbs", f"{name}.png")
            image = None
            if path.is_file():
                try:
                    raw = pygame.image.load(str(path)).convert()
                    scale = min(size[0] / raw.get_width(), size[1] / raw.get_height())
                    image = pygame.transform.smoothscale(
                        raw, (max(1, int(raw.get_width() * scale)), max(1, int(raw.get_height() * scale)))
                    )
                except (pygame.error, ValueError):
                    image = None
            if len(self._thumbs) >= THUMBS_KEPT:  # a window resized many times: only recent sizes
                self._thumbs.clear()
            self._thumbs[key] = image
        return self._thumbs[key]
