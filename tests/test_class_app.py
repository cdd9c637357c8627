"""The class session in the app: Ctrl+K starts it, exercise mode's step goes to the class, the projector shows
the counts, Enter reveals the histogram, Enter goes on to the next step, Ctrl+K ends it; a lesson's question.

A student is a websocket client on a loop of its own thread; the test runs the app's frames itself and waits
only for things that must happen (a ceiling, never a pause).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from typing import Any

import aiohttp
import pygame
import pytest
from test_contract import PREPARE
from test_exercise_app import exercising
from test_exercise_demos import WITH_EXERCISES
from ui import count_colour, press, stage_of

from solvers import i18n
from solvers.exercise.engine import Exercise, Step
from visualizer import theme as th
from visualizer.classmode import exercise_question, histogram_box
from visualizer.classroom.server import ClassServer

WAIT = 20.0


class Student:
    """A page in a browser, played by a websocket client on its own thread."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.client: aiohttp.ClientSession | None = None
        self.ws: aiohttp.ClientWebSocketResponse | None = None

    def run(self, work: Coroutine[Any, Any, Any]) -> Any:
        """Run `work` on the student's loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(WAIT)

    def join(self, url: str, name: str, lang: str = "ko") -> None:
        """Open the page's websocket and join in `lang`."""

        async def go() -> None:
            self.client = aiohttp.ClientSession()
            self.ws = await self.client.ws_connect(url.replace("/?", "/ws?"))
            await self.ws.send_json({"type": "join", "name": name, "lang": lang})

        self.run(go())

    def next(self, kind: str) -> dict[str, Any]:
        """The next message of `kind`."""

        async def go() -> dict[str, Any]:
            assert self.ws is not None
            while True:
                message = await self.ws.receive_json(timeout=WAIT)
                if message["type"] == kind:
                    return message

        return self.run(go())

    def answer(self, number: int, choice: str) -> None:
        """Send an answer."""
        assert self.ws is not None
        self.run(self.ws.send_json({"type": "answer", "question": number, "choice": choice}))

    def leave(self) -> None:
        """Close the page and the loop."""
        if self.client is not None:
            self.run(self.client.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(WAIT)


@pytest.fixture
def student() -> Iterator[Student]:
    """One student; closed afterwards."""
    one = Student()
    yield one
    one.leave()


def frames_until(app: Any, done: Callable[[], bool]) -> None:
    """Run frames until `done()` (the server's thread answers in its own time: a ceiling, not a pause)."""
    deadline = time.monotonic() + WAIT
    while not done():
        assert time.monotonic() < deadline, "the class session did not get there"
        app.frame(1 / 60)
        time.sleep(0.001)  # as the app's paced loop does, leave the server's thread the interpreter a moment


def start_class(app: Any) -> Any:
    """Ctrl+K on 127.0.0.1; the session once its server listens."""
    app.options.bind = "127.0.0.1"
    press(app, pygame.K_k, "k", pygame.KMOD_CTRL)
    classroom = app.classroom
    assert classroom is not None
    frames_until(app, lambda: classroom.url is not None)
    return classroom


def test_a_step_goes_to_the_class_enter_reveals_the_counts_and_enter_goes_on(
    app: Any, open_demo: Any, student: Student
) -> None:
    shell = exercising(app, open_demo, "hanoi")
    classroom = start_class(app)
    frames_until(app, lambda: classroom.number == 1)
    step = shell.exercise.performance.step
    student.join(classroom.url, "김민수")
    question = student.next("question")
    said = shell.exercise.performance.exercise.open_in_every_language()  # the step in every language
    assert question["text"] == i18n.in_language(said.question, "ko") != step.question  # the student's words
    labels = [i18n.in_language(choice.label, "ko") for choice in said.choices]
    assert [label for _key, label in question["choices"]] == labels
    wrong = next(str(n) for n, c in enumerate(step.choices, 1) if c.key != step.expected)
    student.answer(question["number"], wrong)
    student.next("answer")
    assert classroom.changed() and not app.at_rest()  # the projector's count is drawn without input
    frames_until(app, lambda: classroom.shown.answered == 1)
    assert classroom.shown.joined == 1
    press(app, pygame.K_RETURN)
    assert classroom.revealed and shell.exercise.asking  # the step waits while the class looks
    revealed = student.next("question")
    assert dict(revealed["counts"])[wrong] == 1
    frames_until(app, lambda: classroom.shown.counts is not None)
    app.frame(1 / 60)
    box = histogram_box(app.theme, shell.layout(app.surface.get_size()).stage, len(step.choices))
    assert count_colour(app.surface, box, th.PANEL) > box.w * box.h // 16  # the histogram's card
    assert count_colour(app.surface, box, th.MUTED, step=1) > 0  # the wrong answer's bar
    press(app, pygame.K_RETURN)
    performance = shell.exercise.performance
    assert not classroom.revealed and performance.last.shown and performance.last.step is step
    assert performance.reading  # the bar explains the step; Enter again plays on, as in exercise mode
    press(app, pygame.K_RETURN)
    frames_until(app, lambda: classroom.number == 2)
    assert student.next("question")["number"] == 2
    press(app, pygame.K_k, "k", pygame.KMOD_CTRL)
    assert app.classroom is None
    assert student.next("ended") == {"type": "ended"}


def test_a_lesson_question_is_answered_in_words_and_the_reveal_counts_them(
    app: Any, student: Student, tmp_path: Any
) -> None:
    from solvers.i18n import assets_folder
    from solvers.lessons import load_lesson
    from visualizer.lesson import LessonPresenter

    lesson = load_lesson(assets_folder() / "lessons" / "frogs.toml")
    index = next(i for i, step in enumerate(lesson.steps) if step.question)
    app.lesson = LessonPresenter(app, lesson, index)
    classroom = start_class(app)
    frames_until(app, lambda: classroom.number == 1)
    student.join(classroom.url, "王小明")
    question = student.next("question")
    assert question["text"] == lesson.steps[index].question["ko"] and question["choices"] == []
    student.answer(question["number"], "  4 \n")
    assert student.next("answer")["answer"] == "4"
    press(app, pygame.K_RETURN)
    assert student.next("question")["counts"] == [["4", 1]]


@pytest.mark.parametrize(("size", "scale"), [((1024, 640), 1.5), ((1280, 800), 2.0)])
def test_the_reveal_of_nine_candidates_and_none_fits_the_stage_at_presenter_scale(
    size: tuple[int, int], scale: float, tmp_path: Any
) -> None:
    """Algorithm X's columns step offers nine, and 'none' is a row of its own: the histogram's rows step down
    a text size until the card fits the stage (it ran over the top bar and the controls)."""
    from visualizer.app import App, Options
    from visualizer.classmode import histogram_rows

    app = App(Options(out_dir=tmp_path, size=size, scale=scale))
    try:
        app.open("dlx")
        stage = stage_of(app, app.screen)
        assert stage.contains(histogram_box(app.theme, stage, 10))
        assert histogram_rows(app.theme, stage, 3)[1] == "body"  # a short list keeps the body size
    finally:
        app.finish()
        pygame.display.quit()


def test_the_still_frames_the_candidates_with_room_inside_the_stage() -> None:
    from visualizer.classmode import FOCUS_SHARE, focus, targets_on

    stage = pygame.Rect(100, 50, 800, 500)
    boxes = [pygame.Rect(860, 500, 30, 40), pygame.Rect(700, 520, 20, 20)]
    area = focus(stage, boxes)
    assert stage.contains(area) and all(area.contains(box) for box in boxes)
    assert area.w >= stage.w * FOCUS_SHARE and area.h >= stage.h * FOCUS_SHARE
    targets = targets_on(area, list(enumerate(boxes, 1)))
    assert [t.choice for t in targets] == ["1", "2"]
    for target, box in zip(targets, boxes, strict=True):
        assert round(area.x + target.x * area.w) == box.x and round(area.y + target.y * area.h) == box.y
        assert 0 <= target.x <= 1 - target.w and 0 <= target.y <= 1 - target.h


def test_a_step_posed_ahead_goes_to_the_class_once_the_player_stands_at_it(
    app: Any, open_demo: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A step is posed ahead of the player; its still and candidates are of the step's moment, so the
    question is sent when the player gets there, with a candidate on its still for each one on the picture."""
    from test_exercise_trees import exercising_after

    shell = exercising_after(app, open_demo, "hanoi", speed=20)  # slow: the steps are posed well ahead
    classroom = start_class(app)
    sent: list[tuple[int, Any, Any]] = []
    monkeypatch.setattr(
        classroom.server, "ask", lambda question, still: sent.append((shell.run.cursor, question, still))
    )
    for _number in range(3):
        frames_until(app, lambda: bool(sent) and shell.exercise.asking)
        cursor, question, still = sent.pop()
        step = shell.exercise.performance.step
        assert cursor == step.index and still is not None
        assert {target.choice for target in question.targets} == {
            str(number) for number, _box in shell.exercise.spots(shell.demo, stage_of(app, shell), shell.run)
        }
        press(app, pygame.K_s, "s")  # show me, then play on
        press(app, pygame.K_RETURN)


WORDED, SENT = 10, 2
"""Steps of each demo whose words are checked in every language, and how many of them go to the class."""


def first_steps(demo: Any, count: int) -> list[Step]:
    """The first `count` steps of the demo's own run, each answered right (rules made in the language in
    force)."""
    exercise = Exercise(demo.source(), demo.exercise_rules())
    steps: list[Step] = []
    while len(steps) < count and exercise.next_step() is not None:
        step = exercise.open_in_every_language()
        assert step is not None
        steps.append(step)
        exercise.grade(step.expected)
    return steps


@pytest.mark.parametrize("name", WITH_EXERCISES)
def test_each_student_reads_every_demos_steps_in_their_own_language(
    name: str, app: Any, open_demo: Any
) -> None:
    """The steps posed in English carry the words the same steps have when posed in Korean or Chinese (their
    catalogs' words: every question is translated), and the server sends each student theirs: question,
    choices, and the reveal's why."""
    import concurrent.futures

    demo = open_demo(name).demo
    PREPARE.get(name, lambda demo: None)(demo)
    if name == "trace":  # its runs happen off the frame: wait for them (by their futures, never by time)
        concurrent.futures.wait(demo.session.futures, timeout=120)
        app.frame(1 / 60)
        assert demo.session.ready
    steps = first_steps(demo, WORDED)
    assert steps
    posed = {}
    for lang in ("ko", "zh_CN"):
        i18n.use(lang)
        posed[lang] = first_steps(demo, WORDED)
        assert len(posed[lang]) == len(steps)
    i18n.use(i18n.SOURCE_LANGUAGE)
    for lang in ("ko", "zh_CN"):
        for step, there in zip(steps, posed[lang], strict=True):  # every step's words, as posed in `lang`
            assert i18n.in_language(step.question, lang) == there.question != step.question
            assert [i18n.in_language(c.label, lang) for c in step.choices] == [c.label for c in there.choices]
            assert i18n.in_language(step.explanation, lang) == there.explanation
            assert [i18n.in_language(hint, lang) for hint in step.hints] == list(there.hints)
    server = ClassServer("127.0.0.1", 0)
    server.start()
    assert server.wait_ready(WAIT), server.error
    students = {lang: Student() for lang in ("en", "ko", "zh_CN")}
    try:
        for lang, student in students.items():
            assert server.url is not None
            student.join(server.url, lang, lang)
            assert student.next("wait") == {"type": "wait"}
        for number, step in enumerate(steps[:SENT], 1):
            server.ask(exercise_question(step, number))
            server.reveal()
            for lang, student in students.items():
                there = step if lang == "en" else posed[lang][number - 1]
                seen = next_question(student, number, revealed=True)
                assert seen["text"] == there.question
                assert [label for _key, label in seen["choices"]] == [
                    choice.label for choice in there.choices
                ]
                assert seen["explanation"] == there.explanation
    finally:
        for student in students.values():
            student.leave()
        server.stop()


def next_question(student: Student, number: int, *, revealed: bool) -> dict[str, Any]:
    """The student's next message about question `number` (revealed, when asked)."""
    while True:
        message = student.next("question")
        if message["number"] == number and ("counts" in message) == revealed:
            return message
