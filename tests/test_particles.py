"""Korean particles after substituted values: the helper's readings and every Korean catalog entry."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator

import pytest
from test_i18n import translations

from solvers import i18n
from solvers.particles import PAIRS, Template, attach, has_pairs


@pytest.fixture(autouse=True)
def back_to_english() -> Iterator[None]:
    """Every test leaves the process speaking English."""
    yield
    i18n.use("en")


@pytest.mark.parametrize(
    ("written", "said"),
    [
        # Hangul: a final consonant, none, and ㄹ (which takes 로 like a vowel)
        ("책은(는)", "책은"),
        ("사과은(는)", "사과는"),
        ("책이(가)", "책이"),
        ("사과이(가)", "사과가"),
        ("책을(를)", "책을"),
        ("사과을(를)", "사과를"),
        ("책과(와)", "책과"),
        ("사과와(과)", "사과와"),
        ("집(으)로", "집으로"),
        ("학교(으)로", "학교로"),
        ("길(으)로", "길로"),
        ("책(이)라고", "책이라고"),
        ("사과(이)라고", "사과라고"),
        # digits as Sino-Korean numbers: 1 일, 2 이, 3 삼, 6 육, 7 칠, 0 영, 10 십, 100 백, 1000 천, 10000 만
        ("3은(는)", "3은"),
        ("2은(는)", "2는"),
        ("1(으)로", "1로"),
        ("3(으)로", "3으로"),
        ("7(으)로", "7로"),
        ("6을(를)", "6을"),
        ("0이(가)", "0이"),
        ("10(으)로", "10으로"),
        ("100은(는)", "100은"),
        ("1,000은(는)", "1,000은"),
        ("20,000(으)로", "20,000으로"),
        ("300000000이(가)", "300000000이"),
        ("0.5은(는)", "0.5는"),
        ("2.10을(를)", "2.10을"),
        # Latin letters by their Korean names: A 에이, C 씨, L 엘, M 엠, R 알, x 엑스
        ("A은(는)", "A는"),
        ("L은(는)", "L은"),
        ("L(으)로", "L로"),
        ("C(으)로", "C로"),
        ("M(으)로", "M으로"),
        ("R(으)로", "R로"),
        ("x이(가)", "x가"),
        ("e5을(를)", "e5를"),
        ("MIN은(는)", "MIN은"),
        ("MAX이(가)", "MAX가"),
        # brackets and quotes are read through; other signs as said
        ("(1, 3)(으)로", "(1, 3)으로"),
        ("'cells'은(는)", "'cells'는"),
        ("−∞(으)로", "−∞로"),
        ("α = 3 ≥ β = 2이(가) 되어", "α = 3 ≥ β = 2가 되어"),
    ],
)
def test_a_pair_takes_the_form_of_the_word_before_it(written: str, said: str) -> None:
    """Each pair resolves by how the word before it ends when a Korean says it."""
    assert attach(written) == said


def test_an_unknown_ending_keeps_both_forms_and_a_loose_pair_is_left_alone() -> None:
    """No reading, no guess: the pair stays; "(이)" alone is not a particle."""
    assert attach("😀은(는)") == "😀은(는)"
    assert attach("괄호 (이) 안") == "괄호 (이) 안"
    assert attach("A에서 B로, B(으)로") == "A에서 B로, B로"


def test_korean_messages_choose_their_particles_when_formatted() -> None:
    """The Hanoi narration through gettext: the pegs A, B, C all take 로, never '(으)로'."""
    i18n.use("ko")
    text = i18n._(HANOI)
    said = text.format(count=3, start="A", goal="C", fewer=2, spare="B")
    assert said == "원판 3개를 A에서 C로 옮기려면, 먼저 2개를 A에서 B로 옮깁니다"
    assert type(i18n.ngettext("{count} event", "{count} events", 2)) is str  # no pair: a plain string
    i18n.use("zh_CN")
    assert type(i18n._(HANOI)) is str


HANOI = "to move {count} disks from {start} to {goal}, first move {fewer} from {start} to {spare}"


PLACEHOLDER = r"\{[^{}]*\}['\"’”]?"
FIXED = re.compile(
    PLACEHOLDER + r"(?:으로|로|은|는|이|가|을|를|과|와)(?:서|써|부터|는|도|의|만)?(?![가-힣(])"
)
"""A particle with two forms written in one of them right after a value (or its closing quote)."""
PAIRED = re.compile(r"\{[^{}]*\}[)\]'\"’”]*(?:" + "|".join(re.escape(pair) for pair in PAIRS) + ")")
"""A pair the helper resolves: after a value, or after the brackets and quotes closing it: fact({k})은(는)."""


def korean_entries() -> list[tuple[str, str]]:
    """(English, Korean) for every Korean message and plural form."""
    return translations("ko")


def test_no_korean_entry_glues_a_fixed_particle_to_a_value() -> None:
    """'{a}는' is wrong when {a} ends in a consonant: every such particle is a pair the helper resolves."""
    fixed = [text for _, text in korean_entries() if FIXED.search(text)]
    assert fixed == []


def test_every_pair_in_the_korean_catalog_follows_a_value_and_resolves() -> None:
    """A pair sits right after a placeholder, and formatting with any Korean word leaves none behind."""
    entries = [(english, text) for english, text in korean_entries() if has_pairs(text)]
    assert len(entries) > 100
    anywhere = re.compile("|".join(re.escape(pair) for pair in PAIRS))
    stray = [text for _, text in entries if len(PAIRED.findall(text)) != len(anywhere.findall(text))]
    assert stray == []
    for _, text in entries:
        names = {name for _, name, _, _ in string.Formatter().parse(text) if name}
        for word in ("책", "사과", "길"):
            said = Template(text).format(**dict.fromkeys(names, word))
            assert not has_pairs(said), said
