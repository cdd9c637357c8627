"""The lesson file: reading, checking (each problem with its line), writing back, and the check command."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest
from cli_runner import run

from solvers import lessons
from solvers.i18n import assets_folder
from solvers.lessons import LessonError, Position, dump_lesson, parse_lesson

GOOD = """\
format = 1
languages = ["en", "ko"]
title = { en = "T", ko = "티" }

[[step]]
demo = "recursion"
settings = { n = 5, mode = "factorial" }
at = "next Pop"
caption.en = "winding"
caption.ko = "감기"

[[step]]
demo = "rooms"
seed = 3
at = 4
do = "play"
to = "next Solution"
speed = 2
panel = "code"
zoom = 2
exercise = "every"
caption = { en = "rooms", ko = "방" }
notes = { en = "say \\"A\\"" }
question = { en = "where?", ko = "어디?" }
"""

SHIPPED = sorted((assets_folder() / "lessons").glob("*.toml"))


def test_a_good_lesson_reads_as_written() -> None:
    lesson = parse_lesson(GOOD)
    assert lesson.languages == ("en", "ko")
    first, second = lesson.steps
    assert (first.demo, dict(first.settings), first.at) == (
        "recursion",
        {"n": 5, "mode": "factorial"},
        Position(kind="Pop"),
    )
    assert (second.seed, second.at, second.do, second.to) == (
        3,
        Position(event=4),
        "play",
        Position(kind="Solution"),
    )
    assert (second.speed, second.panel, second.zoom, second.exercise) == (2.0, "code", 2, "every")
    assert second.notes == {"en": 'say "A"'} and second.question["ko"] == "어디?"
    assert (first.line, second.line) == (5, 12)


def test_writing_and_reading_back_gives_the_same_lesson() -> None:
    lesson = parse_lesson(GOOD)
    again = parse_lesson(dump_lesson(lesson))
    strip = lambda steps: [s.__class__(**{**s.__dict__, "line": 0}) for s in steps]  # noqa: E731
    assert (again.title, again.languages, strip(again.steps)) == (
        lesson.title,
        lesson.languages,
        strip(lesson.steps),
    )


@pytest.mark.parametrize(
    ("change", "line", "words"),
    [
        (("format = 1", "format = 2"), 1, "format"),
        (('languages = ["en", "ko"]', 'languages = ["fr"]'), 2, "languages"),
        (('title = { en = "T", ko = "티" }', 'title = { en = "T" }'), 3, "title has no text in ko"),
        (('demo = "rooms"', 'demo = "roomz"'), 13, "demo must be one of"),
        (("seed = 3", "seed = -1"), 14, "seed"),
        (("at = 4", 'at = "next Fish"'), 15, "at must be an event number"),
        (('do = "play"', 'do = "dance"'), 16, "do must be stay or play"),
        (('to = "next Solution"\n', ""), 12, "needs to"),
        (("speed = 2", "speed = 0"), 18, "speed"),
        (('panel = "code"', 'panel = "map"'), 19, "panel must be one of"),
        (("zoom = 2", "zoom = 9"), 20, "zoom"),
        (('exercise = "every"', 'exercise = "all"'), 21, "exercise must be one of"),
        (('caption.ko = "감기"', 'caption.kr = "감기"'), 10, "unknown language"),
        (('caption.ko = "감기"', 'caption.ko = " "'), 10, "caption has no text in ko"),
        (("settings = { n = 5,", "settings = { size = 5,"), 7, "recursion has no setting 'size'"),
        (("settings = { n = 5,", "settings = { n = 99,"), 7, "setting n must be 0..40"),
        (
            ('question = { en = "where?", ko = "어디?" }', 'question = "where?"'),
            24,
            "question must be a table",
        ),
        (("speed = 2", "sped = 2"), 18, "unknown key 'sped'"),
        (('demo = "rooms"', 'demo = "rooms'), 13, "not valid TOML"),
    ],
)
def test_each_problem_is_named_with_its_line(change: tuple[str, str], line: int, words: str) -> None:
    text = GOOD.replace(*change, 1)
    assert text != GOOD
    with pytest.raises(LessonError) as caught:
        parse_lesson(text, "my.toml")
    assert str(caught.value).startswith(f"my.toml:{line}: "), str(caught.value)
    assert words in str(caught.value)


def test_a_step_without_at_goes_on_from_here() -> None:
    lesson = parse_lesson(GOOD.replace("at = 4\n", ""))
    assert lesson.steps[1].at == lessons.HERE and 'at = "here"' in dump_lesson(lesson)
    with pytest.raises(LessonError, match=r"my\.toml:17: to must be"):
        parse_lesson(GOOD.replace('to = "next Solution"', 'to = "here"'), "my.toml")


def test_a_lesson_needs_steps_and_a_play_needs_an_end() -> None:
    with pytest.raises(LessonError, match=r"lesson:1: a lesson needs at least one \[\[step\]\]"):
        parse_lesson('format = 1\ntitle = { en = "T" }\n')
    with pytest.raises(LessonError, match="to is only for"):
        parse_lesson(GOOD.replace('do = "play"\n', ""))


def test_check_says_a_good_file_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "good.toml"
    path.write_text(GOOD, encoding="utf-8")
    code, out, _err = run(capsys, "lesson", "check", str(path))
    assert code == 0
    assert out.count("\n") == 1 and "2 steps" in out and "recursion, rooms" in out


def test_check_fails_a_bad_file_with_exit_2_and_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(GOOD.replace("zoom = 2", "zoom = 0"), encoding="utf-8")
    code, _out, err = run(capsys, "lesson", "check", str(path))
    assert code == 2 and f"{path}:20: zoom" in err
    code, _out, err = run(capsys, "lesson", "check", str(tmp_path / "missing.toml"))
    assert code == 2 and "cannot read it" in err


def test_the_demo_names_and_settings_are_the_apps() -> None:
    from visualizer.demos import BY_NAME

    assert set(lessons.DEMOS) == set(BY_NAME)
    for demo, settings in lessons.SETTINGS.items():
        demo_type = BY_NAME[demo].load()
        for key in settings:
            assert callable(getattr(demo_type, f"set_{key}", None)), f"{demo} has no set_{key}"
            assert inspect.signature(getattr(demo_type, f"set_{key}"))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_each_shipped_lesson_checks_with_ten_steps_in_three_languages(path: Path) -> None:
    lesson = lessons.load_lesson(path)
    assert len(lesson.steps) >= 10
    assert set(lesson.languages) == {"en", "ko", "zh_CN"}


def test_the_lessons_are_shipped() -> None:
    assert {path.stem for path in SHIPPED} >= {
        "mysterious-maze",
        "dancing-links",
        "frogs",
        "minimax",
        "minmax-recursion",
    }


SUDOKU_STEP = """\
format = 1
title = { en = "S" }

[[step]]
demo = "sudoku"
settings.puzzle = \"\"\"
0 0 3 0 2 0 6 0 0
9 0 0 3 0 5 0 0 1
0 0 1 8 0 6 4 0 0
0 0 8 1 0 2 9 0 0
7 0 0 0 0 0 0 0 8
0 0 6 7 0 8 2 0 0
0 0 2 6 0 9 5 0 0
8 0 0 2 0 3 0 0 9
0 0 5 0 1 0 3 0 0
\"\"\"
caption.en = "the post's input: 9 lines of 9 numbers, 0 for a blank"
"""


def test_a_sudoku_step_takes_a_puzzle_written_as_the_post_reads_it() -> None:
    step = parse_lesson(SUDOKU_STEP).steps[0]
    assert step.settings["puzzle"].split()[:9] == ["0", "0", "3", "0", "2", "0", "6", "0", "0"]
    assert parse_lesson(dump_lesson(parse_lesson(SUDOKU_STEP))).steps[0].settings == step.settings
    for bad in ('"0 0 3"', "12", '"1 2 3 4 5 6 7 8 9"'):  # a short grid, not text, a row alone
        text = 'format = 1\ntitle = { en = "S" }\n[[step]]\ndemo = "sudoku"\n'
        text += f"settings = {{ puzzle = {bad} }}\n"
        with pytest.raises(LessonError, match=r"lesson:5: setting puzzle must be one sudoku"):
            parse_lesson(text + 'caption.en = "c"\n')
