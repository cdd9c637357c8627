"""The app's own key table (before any screen's) and the help's rows: the app's, the player's, the demo's."""

from __future__ import annotations

from solvers.i18n import N_
from visualizer.bindings import Binding, Bindings
from visualizer.shell import SHELL_BINDINGS

APP_BINDINGS = Bindings(
    Binding(
        ("ctrl++", "ctrl+=", "ctrl+[+]"), "larger", N_("presenter scale: everything larger"), label="Ctrl +"
    ),
    Binding(("ctrl+-", "ctrl+[-]"), "smaller", N_("presenter scale: everything smaller"), label="Ctrl -"),
    Binding(("ctrl+0", "ctrl+[0]"), "toggle_fit", N_("fit to window: text and lines grow with the window")),
    Binding(("?", "f1"), "toggle_help", N_("this help")),
    Binding(("escape",), "escape", N_("back to the home screen")),
    Binding(("f",), "toggle_fullscreen", N_("fullscreen"), when="in_demo"),
    Binding(("p",), "save_screenshot", N_("save a PNG of the window"), when="in_demo"),
    Binding(("shift+g",), "toggle_video", N_("record an MP4 video (G again stops)"), when="in_demo"),
    Binding(
        ("ctrl+k",),
        "toggle_class",
        N_("class session: students answer from their browsers (Enter reveals; Ctrl+K again ends it)"),
        when="in_demo",
    ),
    Binding(("g",), "toggle_gif", N_("record a GIF: G starts, G again stops and saves"), when="in_demo"),
    Binding(
        ("ctrl+shift+l",), "show_lesson_draft", N_("the lesson you are writing: its steps, save, present")
    ),
    Binding(
        ("ctrl+l",),
        "add_lesson_step",
        N_("write a lesson: this moment of the demo becomes a step"),
    ),
    Binding(
        ("ctrl+n",),
        "toggle_presenter_view",
        N_("lesson: your notes, the next step and a clock"),
        when="presenting",
    ),
)
"""Keys the app takes before any screen: a demo cannot shadow them."""


def help_rows(screen: object) -> list[tuple[str, str]]:
    """Every key and gesture for help: the app's, the player's, then the demo's own."""
    rows = APP_BINDINGS.help_rows() + getattr(screen, "keys", SHELL_BINDINGS).help_rows()
    demo = getattr(screen, "demo", None)
    if demo is not None:
        own = demo.bindings.help_rows()
        if own:
            rows += [("", ""), *own]
    return rows
