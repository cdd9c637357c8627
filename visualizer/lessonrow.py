"""The home screen's Lessons row: the shipped lessons by title, and a button that opens a lesson file.

Clicking a lesson (or Enter on it) presents it from its first step; "Open a
lesson file…" opens the file dialog, and the chosen file is read off the frame
and presented, or its problem (its line and what is wrong) shown in one line.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import pygame

from solvers.i18n import N_, _, assets_folder, language
from solvers.lessons import MAX_BYTES, Lesson, LessonError, in_language, load_lesson, parse_lesson
from visualizer import theme as th
from visualizer.panels import fit_text
from visualizer.screens import Presents
from visualizer.widgets import draw_box

FILE_KIND = "lesson"
"""The file dialog's kind for lesson files (its folder and recent files)."""
OPEN_WORDS = N_("Open a lesson file…")


@dataclass(frozen=True)
class Shipped:
    """A lesson that comes with Unwind: its file and its title in each language."""

    path: Path
    lesson: Lesson

    def title(self) -> str:
        """The lesson's title in the language in force."""
        return in_language(self.lesson.title, language())


@functools.cache
def shipped_lessons() -> tuple[Shipped, ...]:
    """The lessons in assets/lessons, by file name (a file that does not load is left out)."""
    found = []
    for path in sorted((assets_folder() / "lessons").glob("*.toml")):
        try:
            found.append(Shipped(path, load_lesson(path)))
        except LessonError:
            continue
    return tuple(found)


def row_height(theme: th.Theme) -> int:
    """The row's height: one line of buttons, the label "Lessons" at their left."""
    return theme.line_height("small", "bold") + theme.px(10)


def buttons(theme: th.Theme, width: int, top: int) -> list[pygame.Rect]:
    """One button per shipped lesson, sharing the width the label leaves, then "Open a lesson file…"."""
    gap, margin = theme.px(8), theme.px(16)
    font = theme.font("small", "bold")
    left = margin + font.size(_("Lessons"))[0] + theme.px(12)
    opener_w = font.size(_(OPEN_WORDS))[0] + theme.px(16)
    count = len(shipped_lessons())
    button_w = (width - margin - left - opener_w - gap * count) // max(1, count)
    height = row_height(theme)
    rects = [pygame.Rect(left + k * (button_w + gap), top, button_w, height) for k in range(count)]
    return [*rects, pygame.Rect(width - margin - opener_w, top, opener_w, height)]


def button_words(theme: th.Theme, index: int, width: int) -> str:
    """A button's words fitted to `width`: the lesson's title (or its part before a colon), or "Open…"."""
    lessons = shipped_lessons()
    if index >= len(lessons):
        return fit_text(theme, _(OPEN_WORDS), width, "small", "bold")
    title = lessons[index].title()
    if theme.font("small", "bold").size(title)[0] > width:
        title = title.replace("：", ":").split(":")[0].strip()
    return fit_text(theme, title, width, "small", "bold")


def draw(surface: pygame.Surface, theme: th.Theme, top: int, focus: int | None) -> None:
    """The label "Lessons" and the buttons under it; `focus` (a button's index) is lit."""
    label = theme.text(_("Lessons"), "small", th.MUTED, "bold")
    surface.blit(label, label.get_rect(midleft=(theme.px(18), top + row_height(theme) // 2)))
    for index, rect in enumerate(buttons(theme, surface.get_width(), top)):
        lit = index == focus
        opener = index == len(shipped_lessons())
        draw_box(surface, rect, theme, fill=th.PANEL, edge=th.ACTIVE if lit else th.PANEL_EDGE, radius=6)
        words = button_words(theme, index, rect.w - theme.px(12))
        ink = th.ACTIVE if lit or opener else th.INK
        label = theme.text(words, "small", ink, "bold")
        surface.blit(label, label.get_rect(center=rect.center))


def choose(app: Presents, index: int) -> None:
    """Present shipped lesson `index`, or (past them) ask for a lesson file."""
    lessons = shipped_lessons()
    if index < len(lessons):
        present(app, lessons[index].lesson)
    else:
        app.choose_file(FILE_KIND, save=False, suggested="", done=lambda path: open_file(app, path))


def open_file(app: Presents, path: Path) -> None:
    """Read the lesson file off the frame, then present it (a bad file: its line and problem)."""
    app.load_file(
        path, lambda text: parse_lesson(text, path.name), lambda lesson: present(app, lesson), MAX_BYTES
    )


def present(app: Presents, lesson: Lesson) -> None:
    """Present `lesson` from its first step."""
    app.present(lesson)
