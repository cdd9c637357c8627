"""The class page's words, through the app's catalogs: the page asks for them in the student's language."""

from __future__ import annotations

from solvers.i18n import LANGUAGES, N_, catalog_of

PAGE_WORDS = {
    "title": N_("Unwind class"),
    "name": N_("Your name (or leave it empty)"),
    "join": N_("Join"),
    "waiting": N_("Wait for the question on the screen."),
    "send": N_("Send"),
    "sent": N_("Your answer is in. You may change it until the teacher shows the answers."),
    "closed": N_("This question is closed."),
    "revealed": N_("The class answered:"),
    "right": N_("the right answer"),
    "you": N_("your answer"),
    "tap": N_("Tap a candidate on the picture, or choose below."),
    "lost": N_("The connection was lost. Trying again…"),
    "full": N_("The class is full."),
    "ended": N_("The class session has ended."),
    "several": N_("Choose every answer that fits, then send."),
    "free": N_("Your answer in a few words"),
    "none": N_("none"),
}
"""Each word of the page by the key its script uses."""


def page_words(code: str) -> dict[str, str]:
    """The page's words in language `code` (English for a language the app does not speak)."""
    catalog = catalog_of(code if code in LANGUAGES else "en")
    return {key: catalog.gettext(text) for key, text in PAGE_WORDS.items()}
