"""Pseudocode written in words speaks the reader's language in every demo; code keeps its form."""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Iterator

import pytest

import solvers
from solvers import i18n

PROSE = re.compile(r"\b[a-z]{2,}(?: [a-z]{2,}){2,}\b")
"""Three English words in a row: words, not code (`for m in moves(s)` has two)."""
SCRIPTS = {"ko": re.compile("[\uac00-\ud7a3]"), "zh_CN": re.compile("[\u4e00-\u9fff]")}


@pytest.fixture(autouse=True)
def back_to_english() -> Iterator[None]:
    """Every test leaves the process speaking English."""
    yield
    i18n.use("en")


def listings() -> dict[str, tuple[str, ...]]:
    """Every pseudocode listing the solvers define (`*_CODE`, `*PSEUDOCODE`), by module and name."""
    found = {}
    for info in pkgutil.walk_packages(solvers.__path__, "solvers."):
        if info.name.endswith("__main__"):
            continue
        for name, value in vars(importlib.import_module(info.name)).items():
            if name.endswith(("_CODE", "PSEUDOCODE")) and isinstance(value, tuple):
                found[f"{info.name}.{name}"] = value
    return found


def words_of(line: str) -> str:
    """The part of a shown line that is not a comment or a `quoted name`."""
    code = line.split("// ")[0].split("# ")[0]
    return re.sub(r"`[^`]*`", "", code)


def test_every_demo_has_its_listing_found() -> None:
    """The scan sees the listings of the demos (maze shapes' generators, the games, the frogs, Hanoi...)."""
    names = set(listings())
    for expected in (
        "hanoi.PSEUDOCODE",
        "engine.ENGINE_PSEUDOCODE",
        "generators.ELLER_CODE",
        "frogs.PSEUDOCODE",
    ):
        assert any(name.endswith(expected) for name in names), expected
    assert len(names) >= 20


@pytest.mark.parametrize("language", sorted(SCRIPTS))
def test_pseudocode_in_words_is_translated(language: str) -> None:
    """A line of English words comes out in the language, its indent kept; no English prose is left."""
    english = {
        key: [line for line in code if PROSE.search(words_of(line))] for key, code in listings().items()
    }
    assert sum(map(len, english.values())) > 60
    i18n.use(language)
    left = []
    for key, lines in english.items():
        for line in lines:
            shown = i18n.translate_pseudocode(line)
            indent = len(line) - len(line.lstrip())
            if PROSE.search(words_of(shown)) or not SCRIPTS[language].search(shown) or shown[:indent].strip():
                left.append((key, shown))
    assert left == []


def test_code_lines_and_comments_keep_their_form() -> None:
    """A line of code is no message: it comes back as it is; a comment still translates."""
    i18n.use("ko")
    assert (
        i18n.translate_pseudocode("        v = minimax(result(s, m))") == "        v = minimax(result(s, m))"
    )
    shown = i18n.translate_pseudocode("    // the base case is missing!")
    assert shown.startswith("    // ") and "base case" not in shown
    assert i18n.translate_pseudocode("    if n == 1: move disk 1 to `to`; return").startswith(
        "    if n == 1: "
    )
