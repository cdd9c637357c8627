"""The handout: a lesson's steps two to a page, each picture with its caption, in the class's language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pygame
import pytest
from pdfread import pdf_objects

from solvers.i18n import assets_folder
from solvers.lessons import load_lesson
from solvers.mazes.printing import PDF_FONT_FILE
from visualizer.handout import FALLBACK_FONT_FILE

LESSON = """\
format = 1
languages = ["ko", "en"]
title = { ko = "짧은 수업", en = "A short lesson" }

[[step]]
demo = "recursion"
settings = { mode = "factorial", n = 5 }
at = 0
caption = { ko = "팩토리얼 5! = 120을 구합니다.", en = "We work out 5! = 120." }

[[step]]
demo = "rooms"
do = "play"
to = "next DeadEnd"
speed = 5
caption = { ko = "방 A에서 B까지 가는 길을 찾습니다.", en = "We look for the way from room A to B." }
question = { ko = "막다른 방에서는 어디로 돌아갈까요?", en = "Where does a dead end go back to?" }

[[step]]
demo = "frogs"
at = 0
exercise = "every"
caption = { ko = "이제 여러분이 개구리를 옮겨 보세요: LLL_RRR", en = "Now you move the frogs: LLL_RRR" }
"""


def unescape(literal: bytes) -> bytes:
    """A PDF literal string's bytes (\\( \\) \\\\ \\r and friends)."""
    simple = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}
    return re.sub(
        rb"\\([0-7]{1,3}|.)",
        lambda m: bytes([int(m[1], 8)]) if m[1][:1].isdigit() else simple.get(m[1], m[1]),
        literal,
        flags=re.S,
    )


def pdf_text(data: bytes) -> str:
    """Every piece of text the PDF shows, through each font's ToUnicode map, spaces and breaks left out."""
    objects = pdf_objects(data)
    maps: dict[bytes, dict[int, str]] = {}
    for number, (body, _raw) in objects.items():
        found = re.search(rb"/ToUnicode (\d+) 0 R", body)
        if found and b"/Type /Font" in body:
            cmap = objects[found.group(1)].stream()
            pairs = re.findall(rb"<([0-9A-F]{4})> <([0-9A-F]+)>", cmap)
            maps[number] = {
                int(code, 16): bytes.fromhex(text.decode()).decode("utf-16-be") for code, text in pairs
            }
    names = dict(re.findall(rb"/(F\d+) (\d+) 0 R", data))
    shown = []
    for body, _raw in objects.values():
        if b"/Type /Page\n" not in body:
            continue
        contents = re.search(rb"/Contents (\d+) 0 R", body)
        assert contents is not None, "a page names its content stream"
        content = objects[contents.group(1)].stream()
        font: dict[int, str] = {}
        for name, literal in re.findall(rb"/(F\d+) [\d.]+ Tf|\(((?:\\.|[^\\)])*)\) Tj", content, re.S):
            if name:
                font = maps[names[name]]
                continue
            codes = unescape(literal)
            shown.append(
                "".join(font.get(int.from_bytes(codes[i : i + 2]), "?") for i in range(0, len(codes), 2))
            )
    return re.sub(r"\s", "", "".join(shown))


def pages(data: bytes) -> int:
    """The PDF's page count."""
    return len(re.findall(rb"/Type /Page\n", data))


def handout(tmp_path: Path, *words: str) -> tuple[int, Path]:
    """Run `unwind --lesson ... --handout out.pdf WORDS` on the short lesson."""
    from visualizer.__main__ import main

    lesson, out = tmp_path / "short.toml", tmp_path / "out.pdf"
    lesson.write_text(LESSON, encoding="utf-8")
    code = main(["--lesson", str(lesson), "--handout", str(out), "--size", "1024x640", *words])
    pygame.display.quit()
    return code, out


def test_a_korean_handout_prints_each_step_with_its_picture_and_caption_two_to_a_page(tmp_path: Path) -> None:
    code, out = handout(tmp_path, "--lang", "ko")
    data = out.read_bytes()
    assert code == 0 and data.startswith(b"%PDF")
    assert pages(data) == 2  # three steps, two to a page
    assert len(re.findall(rb"/Subtype /Image", data)) == 3  # one picture a step
    text = pdf_text(data)
    lesson = load_lesson(tmp_path / "short.toml")
    assert text.startswith("짧은수업3단계중1단계")  # the title, then the step's heading
    for step in lesson.steps:
        assert step.caption["ko"].replace(" ", "") in text
        if step.question:
            assert "?" + step.question["ko"].replace(" ", "") in text
    assert "We work out" not in text


def test_the_handout_speaks_the_language_asked_for(tmp_path: Path) -> None:
    code, out = handout(tmp_path, "--lang", "en")
    text = pdf_text(out.read_bytes())
    assert code == 0 and "Weworkout5!=120." in text and "step3of3" in text and "팩토리얼" not in text


@pytest.mark.parametrize(
    ("words", "problem"),
    [
        (["--handout", "/no/such/folder/out.pdf"], "does not exist"),
        (["--handout", "out.txt"], "handouts are .pdf files"),
    ],
)
def test_a_bad_handout_path_is_one_line_and_exit_2(tmp_path: Path, capsys, words, problem) -> None:
    from visualizer.__main__ import main

    lesson = assets_folder() / "lessons" / "frogs.toml"
    with pytest.raises(SystemExit) as exit_:
        main(["--lesson", str(lesson), *words])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and problem in err and err.count("\n") == 1


def test_a_handout_needs_a_lesson(capsys) -> None:
    from visualizer.__main__ import main

    with pytest.raises(SystemExit) as exit_:
        main(["--handout", "out.pdf"])
    assert exit_.value.code == 2 and "--handout needs --lesson" in capsys.readouterr().err


@pytest.mark.parametrize("name", sorted(path.name for path in (assets_folder() / "lessons").glob("*.toml")))
def test_every_shipped_lessons_text_is_in_the_faces_the_handout_embeds(name: str) -> None:
    coverage = json.loads((assets_folder() / "fonts" / "coverage.json").read_text(encoding="utf-8"))

    def printable(char: str) -> bool:
        """The handout's face or its fallback has `char`."""
        return any(
            low <= ord(char) <= high
            for face in (PDF_FONT_FILE, FALLBACK_FONT_FILE)
            for low, high in coverage[face]
        )

    lesson = load_lesson(assets_folder() / "lessons" / name)
    texts = [*lesson.title.values()] + [
        t for s in lesson.steps for part in (s.caption, s.question) for t in part.values()
    ]
    assert {char for text in texts for char in text if not printable(char)} == set()


def test_an_exercise_steps_picture_has_no_question_for_the_students_name(app) -> None:
    from solvers.lessons import parse_lesson
    from visualizer.handout import step_pictures
    from visualizer.lesson import LessonPresenter

    app.lesson = LessonPresenter(app, parse_lesson(LESSON))
    pictures = step_pictures(app)
    for index, _picture in enumerate(pictures):
        assert app.prompt is None, index  # (the name is asked the first time an exercise starts)
    assert app.lesson is not None and app.lesson.index == 2
