"""Korean particles chosen by the word they follow: 은/는, 이/가, 을/를, 과/와, (으)로, (이)라고.

A Korean particle depends on how the word before it ends: 은, 이, 을, 과, 으로 and 이라고 after a
final consonant (받침), 는, 가, 를, 와, 로 and 라고 after a vowel, and 로 after ㄹ as after a vowel.
A translation cannot choose when the word is a value substituted at run time, so it writes both
forms glued to the placeholder, as Korean forms do: "{start}에서 {goal}(으)로", "{move}을(를)",
"{guess}(이)라고".  `attach` replaces each such pair in a formatted text by the form that fits
the word before it, read as a Korean reader says it: digits as Sino-Korean numbers (3 삼 → 3은,
10 십 → 10으로, 7 칠 → 7로), Latin letters by their Korean names (A 에이 → A는, L 엘 → L로,
M 엠 → M으로).  Closing brackets and quotes are read through: "(1, 3)" ends in 삼.  Where the
reading is unknown (an emoji, a Chinese character) the pair stays as written.

`Template` is a message whose `.format` does this; `solvers.i18n` hands out every Korean message
that holds a pair as one, so call sites write `_("...").format(...)` as for any language.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Any


class Final(Enum):
    """How a word ends, as far as a particle cares."""

    VOWEL = "vowel"
    RIEUL = "ㄹ"
    CONSONANT = "consonant"


PAIRS: dict[str, tuple[str, str, str]] = {
    "은(는)": ("은", "는", "은"),
    "는(은)": ("은", "는", "은"),
    "이(가)": ("이", "가", "이"),
    "가(이)": ("이", "가", "이"),
    "을(를)": ("을", "를", "을"),
    "를(을)": ("을", "를", "을"),
    "과(와)": ("과", "와", "과"),
    "와(과)": ("과", "와", "과"),
    "(으)로": ("으로", "로", "로"),
    "(이)": ("이", "", "이"),
}
"""Each written pair: its form after a consonant, after a vowel, after ㄹ."""

_PAIR = re.compile(
    r"은\(는\)|는\(은\)|이\(가\)|가\(이\)|을\(를\)|를\(을\)|과\(와\)|와\(과\)|\(으\)로|\(이\)(?=[가-힣])"
)
"""A written pair glued to the word before it; "(이)" only before the rest of its ending (라고, 라는, 나)."""

HANGUL_FIRST, HANGUL_LAST, FINALS = 0xAC00, 0xD7A3, 28
RIEUL_INDEX = 8
"""Hangul syllables: the final consonant is (code - 0xAC00) % 28; 8 is ㄹ, 0 none."""

DIGITS = "영일이삼사오육칠팔구"
"""0-9 as a Korean reads them aloud."""
TENS = "십백천"
"""The units of 10, 100, 1000."""
MYRIADS = "만억조경"
"""The units of 10^4, 10^8, 10^12, 10^16."""

LETTER_ENDS = {"L": Final.RIEUL, "R": Final.RIEUL, "M": Final.CONSONANT, "N": Final.CONSONANT}
"""Latin letters whose Korean names end in a consonant (엘, 알, 엠, 엔); the others end in a vowel."""
SPOKEN_WORDS = {"MAX": "맥스", "MIN": "민"}
"""Capitalised words said as words, not letter by letter."""
WORD_ENDS = (("ng", Final.CONSONANT), ("ck", Final.CONSONANT), ("l", Final.RIEUL))
"""Endings of English words and how Korean loanwords end them (ring 링, click 클릭, ball 볼)."""
CONSONANT_LETTERS = frozenset("kmnp")
"""Last letters that stay a final consonant in a loanword (book 북, game 게임, pin 핀, top 톱)."""
OTHER_VOWEL_ENDS = frozenset("αβγδ∞%")
"""Signs read with a final vowel: 알파, 베타, 감마, 델타, 무한대, 퍼센트."""
CLOSERS = ")]}\"'’”」』》〉>`"
"""Closing brackets and quotes: the word before them decides."""


def hangul_final(syllable: str) -> Final:
    """How a Hangul syllable ends."""
    index = (ord(syllable) - HANGUL_FIRST) % FINALS
    return Final.VOWEL if index == 0 else Final.RIEUL if index == RIEUL_INDEX else Final.CONSONANT


def number_reading(digits: str, fraction: bool = False) -> str:
    """The last syllable a Korean says for a run of digits (a fraction's digits are read one by one)."""
    if fraction or digits.strip("0") == "":
        return DIGITS[int(digits[-1])]
    zeros = len(digits) - len(digits.rstrip("0"))
    if zeros == 0:
        return DIGITS[int(digits[-1])]
    if zeros < len(TENS) + 1:
        return TENS[zeros - 1]
    return MYRIADS[min(zeros // 4, len(MYRIADS)) - 1]


def _number_end(text: str, end: int) -> Final:
    """How the number ending at `end` (exclusive) is read: digits, commas between them, a fraction."""
    start = end
    while start > 0 and (
        text[start - 1].isdigit() or (text[start - 1] == "," and text[start - 2 : start - 1].isdigit())
    ):
        start -= 1
    digits = text[start:end].replace(",", "")
    fraction = start >= 2 and text[start - 1] == "." and text[start - 2].isdigit()
    return hangul_final(number_reading(digits, fraction))


def latin_final(word: str) -> Final:
    """How a run of Latin letters ends in Korean: capitals letter by letter, a word as a loanword."""
    if word in SPOKEN_WORDS:
        return hangul_final(SPOKEN_WORDS[word][-1])
    if len(word) == 1 or word.isupper():
        return LETTER_ENDS.get(word[-1].upper(), Final.VOWEL)
    lower = word.lower()
    for ending, final in WORD_ENDS:
        if lower.endswith(ending):
            return final
    return Final.CONSONANT if lower[-1] in CONSONANT_LETTERS else Final.VOWEL


def final_of(text: str) -> Final | None:
    """How `text` ends when read aloud in Korean, or None when that is unknown."""
    end = len(text.rstrip(CLOSERS))
    if end == 0:
        return None
    last = text[end - 1]
    if HANGUL_FIRST <= ord(last) <= HANGUL_LAST:
        return hangul_final(last)
    if last.isascii() and last.isdigit():
        return _number_end(text, end)
    if last.isascii() and last.isalpha():
        start = end
        while start > 0 and text[start - 1].isascii() and text[start - 1].isalpha():
            start -= 1
        return latin_final(text[start:end])
    return Final.VOWEL if last in OTHER_VOWEL_ENDS else None


def particle(pair: str, before: str) -> str:
    """The form of `pair` ("은(는)", "(으)로", ...) that follows `before`; the pair itself when unknown."""
    final = final_of(before)
    if final is None:
        return pair
    after_consonant, after_vowel, after_rieul = PAIRS[pair]
    return {Final.CONSONANT: after_consonant, Final.VOWEL: after_vowel, Final.RIEUL: after_rieul}[final]


def attach(text: str) -> str:
    """`text` with every glued pair ("{move}을(를)" once formatted) replaced by the form that fits."""
    if "(" not in text:
        return text
    pieces: list[str] = []
    done = 0
    for match in _PAIR.finditer(text):
        pieces.append(text[done : match.start()])
        pieces.append(particle(match.group(), text[: match.start()]))
        done = match.end()
    if not pieces:
        return text
    pieces.append(text[done:])
    return "".join(pieces)


def has_pairs(text: str) -> bool:
    """True when `text` holds a pair for `attach` to choose."""
    return "(" in text and _PAIR.search(text) is not None


class Template(str):
    """A Korean message whose `.format` chooses its particles for the values it is given."""

    __slots__ = ()

    def format(self, *args: Any, **kwargs: Any) -> str:
        """The message filled in, each pair after a value replaced by the form the value takes."""
        return attach(str.format(self, *args, **kwargs))

    def format_map(self, mapping: Any) -> str:
        """As `format`, with the values in a mapping."""
        return attach(str.format_map(self, mapping))
