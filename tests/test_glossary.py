"""One term per concept per language: docs/glossary.md against both catalogs, and words shown twice."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest
from cli_runner import run
from test_i18n import translations

from solvers import i18n
from solvers.particles import particle

GLOSSARY = Path(__file__).resolve().parents[1] / "docs" / "glossary.md"
COLUMNS = {"ko": (2, 4), "zh_CN": (3, 5)}
"""Per language: the table column of its chosen term and of its rejected synonyms."""


class Term(NamedTuple):
    """One concept's row in one language."""

    english: str
    chosen: str
    rejected: tuple[str, ...]


def glossary(language: str) -> list[Term]:
    """The glossary's rows for `language`, from the table in docs/glossary.md."""
    chosen_column, rejected_column = COLUMNS[language]
    rows = [line for line in GLOSSARY.read_text(encoding="utf-8").splitlines() if line.startswith("| ")]
    terms = []
    for row in rows[1:]:  # the first row is the heading
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        rejected = tuple(word.strip() for word in cells[rejected_column].split(",") if word.strip())
        terms.append(Term(cells[1], cells[chosen_column], rejected))
    return terms


@pytest.fixture(autouse=True)
def back_to_english() -> Iterator[None]:
    """Every test leaves the process speaking English."""
    yield
    i18n.use("en")


@pytest.mark.parametrize("language", sorted(COLUMNS))
def test_the_glossary_names_every_concept_once(language: str) -> None:
    """Each row has its term, never among its own rejects, and no term is rejected by another row."""
    terms = glossary(language)
    assert len(terms) >= 25
    chosen = {term.chosen for term in terms}
    assert all(term.chosen for term in terms)
    assert [term for term in terms if set(term.rejected) & chosen] == []


@pytest.mark.parametrize("language", sorted(COLUMNS))
def test_no_catalog_entry_uses_a_rejected_synonym(language: str) -> None:
    """Where the glossary chose a word, the catalog says it: no entry holds a synonym the glossary rejects."""
    entries = translations(language)
    found = [
        (term.english, word, english)
        for term in glossary(language)
        for word in term.rejected
        for english, text in entries
        if word in text
    ]
    assert found == []


@pytest.mark.parametrize("language", sorted(COLUMNS))
def test_every_chosen_term_is_in_use(language: str) -> None:
    """The glossary describes the catalogs: every term it chose appears in at least one entry."""
    texts = [text for _, text in translations(language)]
    unused = [term.chosen for term in glossary(language) if not any(term.chosen in text for text in texts)]
    assert unused == []


PARTICLES = {"은": "은(는)", "는": "은(는)", "이": "이(가)", "가": "이(가)", "을": "을(를)", "를": "을(를)"}
PARTICLES |= {"과": "과(와)", "와": "과(와)", "으로": "(으)로", "로": "(으)로"}


def test_korean_terms_take_the_particles_their_last_syllable_needs() -> None:
    """A term swapped for another keeps a grammatical particle: 기저 사례를, never 기저 사례을."""
    particle_after = re.compile("(" + "|".join(sorted(PARTICLES, key=len, reverse=True)) + ")(?![가-힣])")
    wrong = []
    for term in glossary("ko"):
        if not re.search("[가-힣]$", term.chosen):
            continue
        for _english, text in translations("ko"):
            for found in re.finditer(re.escape(term.chosen), text):
                glued = particle_after.match(text, found.end())
                if glued and glued.group() != particle(PARTICLES[glued.group()], term.chosen):
                    wrong.append(text[found.start() : glued.end()])
    assert wrong == []


@pytest.mark.parametrize("language", sorted(COLUMNS))
def test_the_game_tree_says_branching_as_its_command_line_does(language: str, app, open_demo) -> None:
    """The game tree's branching stepper and `gametree`'s report share a word (a maze's is another)."""
    shell = open_demo("gametree")
    i18n.use(language)
    labels = [getattr(widget, "label", "") for widget in shell.demo.controls()]
    report = i18n._(
        "random tree: depth {depth}, branching {branching}, seed {seed}, {leaves} leaves, move order {order}"
    )
    branching = labels[1]
    assert branching and branching in report and branching != i18n._("branching")


def test_chinese_says_black_and_white_for_gomoku_sides() -> None:
    """Gomoku players say 执黑 / 执白: x is the solid disc (black), o the ring (white)."""
    i18n.use("zh_CN")
    assert i18n._("you play x (disc).").startswith("你执黑")
    assert i18n._("you play o (ring).").startswith("你执白")


def test_the_command_line_names_the_order_and_the_search_in_the_language(capsys) -> None:
    """`gametree` and `tictactoe` in Chinese name the move order and the search, not 'none'/'minimax'."""
    out = ""
    for argv in (
        ["--lang", "zh_CN", "gametree"],
        ["--lang", "zh_CN", "tictactoe", "--board", "xo.......", "--alphabeta"],
    ):
        code, said, _err = run(capsys, *argv)
        assert code == 0
        out += said
    assert re.search(r"\bnone\b|minimax|alpha-beta", out) is None, out
    i18n.use("zh_CN")
    assert i18n._("as generated") in out and i18n._("alpha-beta") in out


def test_a_drawn_game_is_not_drawing_a_maze(capsys) -> None:
    """English 'draw' is two words in Korean and Chinese: tic-tac-toe's verdict says 무승부 / 平局."""
    for language in ("ko", "zh_CN"):
        code, out, _err = run(capsys, "--lang", language, "tictactoe")
        assert code == 0
        i18n.use(language)
        assert i18n.pgettext("game result", "draw") in out and i18n._("draw") not in out, out
