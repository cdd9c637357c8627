"""Writing a lesson in the app: a step from the screen, captions typed and composed, reordered, saved."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ui import click, pick_file, press

from solvers.lessons import SETTINGS, Lesson, Position, Step, dump_lesson, load_lesson, parse_lesson
from visualizer import theme as th
from visualizer.authoring import capture, read_settings
from visualizer.textfield import TextField


def typed(app, text: str) -> None:
    """What a keyboard sends for `text`: its committed text, one frame."""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.frame(1 / 60)


def composed(app, pieces: list[str], result: str) -> None:
    """An input method composing `pieces` one after another, then committing `result`."""
    for piece in pieces:
        pygame.event.post(pygame.event.Event(pygame.TEXTEDITING, text=piece, start=len(piece), length=0))
        app.frame(1 / 60)
    typed(app, result)


def ctrl(app, key: int, more: int = 0) -> None:
    """Ctrl + `key` (and `more` modifiers)."""
    press(app, key, "", pygame.KMOD_CTRL | more)


def strip_lines(steps) -> list:
    """Steps without the file line they came from (a made step has none)."""
    return [step.__class__(**{**step.__dict__, "line": 0}) for step in steps]


# --- the text field -----------------------------------------------------------------


def test_composition_shows_at_the_caret_and_commits_whole() -> None:
    field = TextField("AB")
    field.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode=""))
    field.handle(pygame.event.Event(pygame.TEXTEDITING, text="ㅎ", start=1, length=0))
    field.handle(pygame.event.Event(pygame.TEXTEDITING, text="한", start=1, length=0))
    shown = field.shown()
    assert (shown.text, shown.composing, shown.caret) == ("A한B", (1, 2), 2) and field.text == "AB"
    # while composing, Backspace belongs to the input method: the text keeps its characters
    assert field.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b"))
    assert field.text == "AB"
    field.handle(pygame.event.Event(pygame.TEXTINPUT, text="한"))
    assert (field.text, field.caret, field.composing) == ("A한B", 2, "")
    field.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b"))
    assert field.text == "AB" and field.caret == 1


def test_the_composition_is_drawn_underlined(app) -> None:
    from visualizer.textfield import draw_field

    surface = pygame.Surface((400, 60))
    rect = pygame.Rect(0, 0, 400, 60)
    field = TextField("x")

    def underline() -> int:
        """The ACTIVE pixels under the text line."""
        return sum(surface.get_at((x, y))[:3] == th.ACTIVE for x in range(10, 390) for y in range(20, 40))

    draw_field(surface, rect, app.theme, field, focused=False)
    plain = underline()
    field.handle(pygame.event.Event(pygame.TEXTEDITING, text="中文", start=2, length=0))
    draw_field(surface, rect, app.theme, field, focused=False)
    assert underline() > plain + 20


def test_the_draft_trims_its_texts_and_names_its_file() -> None:
    from solvers.lessons import Step
    from visualizer.lessondraft import Draft

    draft = Draft("ko", title=" 재귀: 스택/호출 ")
    draft.add(Step("recursion", caption={"ko": " 첫째 "}, notes={"ko": "  "}))
    lesson = draft.lesson("내 수업")
    assert lesson.title == {"ko": "재귀: 스택/호출"} and lesson.steps[0].caption == {"ko": "첫째"}
    assert lesson.steps[0].notes == {} and draft.file_name("내 수업") == "재귀- 스택-호출.toml"
    assert Draft("en").file_name("My lesson") == "My lesson.toml"


@settings(max_examples=200, deadline=None)
@given(st.text(min_size=1).filter(str.strip), st.text(), st.text(min_size=1).filter(str.strip))
def test_any_text_is_written_so_it_reads_back_the_same(caption: str, notes: str, title: str) -> None:
    """Control characters too (a pasted carriage return): the writer escapes what TOML cannot hold."""
    step = Step("recursion", caption={"zh_CN": caption}, notes={"zh_CN": notes} if notes else {})
    lesson = Lesson({"zh_CN": title}, ("zh_CN",), (step,))
    text = dump_lesson(lesson)
    again = parse_lesson(text)
    assert (again.title, again.steps[0].caption, again.steps[0].notes) == (
        lesson.title,
        step.caption,
        step.notes,
    )
    assert dump_lesson(again) == text


# --- a step from the screen ---------------------------------------------------------


@pytest.mark.parametrize("name", sorted(SETTINGS))
def test_a_captured_step_opens_the_demo_as_it_was(app, open_demo, name: str) -> None:
    """Settings changed from their defaults, a few events in: presenting the step shows the same run there."""
    from solvers.lessons import Lesson
    from visualizer.lesson import LessonPresenter

    changes = {
        "recursion": ("set_n", (6,)),
        "rooms": ("set_variant", ("loop",)),
        "maze": ("set_size", (7, 5)),
        "tictactoe": ("set_algorithm", ("alphabeta",)),
        "frogs": ("set_sizes", (2, 3)),
        "gametree": ("set_depth", (3,)),
        "dlx": ("set_choice", ("queens",)),
        "queens": ("set_n", (5,)),
        "sudoku": ("step_puzzle", (3,)),  # the library's fourth puzzle: written out in the step
    }
    shell = open_demo(name)
    method, args = changes[name]
    getattr(shell.demo, method)(*args)
    shell = app.screen
    for _ in range(5):
        shell.run.step()
    step = capture(shell).step
    settings, last = read_settings(shell.demo)[0], type(shell.run.last_event)
    assert step.at == Position(event=shell.run.cursor) and step.demo == name
    app.lesson = LessonPresenter(app, Lesson({"en": "T"}, ("en",), (step,)))
    again = app.screen
    assert again is not shell and read_settings(again.demo)[0] == settings == dict(step.settings)
    assert again.run.cursor == step.at.event and type(again.run.last_event) is last


def test_what_a_lesson_cannot_keep_is_said(app, open_demo) -> None:
    shell = open_demo("dlx")
    shell.demo.bench.choice = "typed"  # a matrix typed by hand has no name in a lesson
    ctrl(app, pygame.K_l)
    step = app.authoring.draft.step
    assert "choice" not in step.settings and "cannot keep" in app.message and "typed" in app.message


def test_a_board_played_by_hand_is_said_and_a_plain_demo_is_not(app, open_demo) -> None:
    """A lesson opens tic-tac-toe from its settings: the moves played on the board are not in the step."""
    shell = open_demo("tictactoe")
    assert capture(shell).lost == ()
    shell.demo.play(4)
    assert capture(shell).lost == ("what was changed by hand",)


# --- the card: a lesson made with the keys -------------------------------------------


def test_a_lesson_made_with_the_keys_saves_and_reloads_identically(app, open_demo, tmp_path: Path) -> None:
    shell = open_demo("recursion")
    shell.demo.set_n(6)
    for _ in range(9):
        app.screen.run.step()
    ctrl(app, pygame.K_l)
    card = app.authoring
    assert card.open and card.focus == "caption" and app.screen.run.cursor == 9
    typed(app, "Six calls wind up ")
    composed(app, ["ㄱ", "고", "곱"], "곱")  # a Korean syllable composed from three keys
    typed(app, " ")  # a space typed last is not written
    press(app, pygame.K_TAB)
    typed(app, "ask: how deep?")
    press(app, pygame.K_RETURN)
    assert not card.open
    open_demo("rooms").demo.set_variant("loop")
    for _ in range(4):
        app.screen.run.step()
    ctrl(app, pygame.K_l)
    composed(app, ["迷", "迷宫"], "迷宫")
    press(app, pygame.K_RETURN)
    open_demo("frogs")
    ctrl(app, pygame.K_l)
    typed(app, "to delete")
    press(app, pygame.K_UP)  # choose the rooms step, then move it first
    press(app, pygame.K_UP, mod=pygame.KMOD_ALT)
    assert [s.demo for s in card.draft.steps] == ["rooms", "recursion", "frogs"] and card.draft.chosen == 0
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DELETE, mod=pygame.KMOD_CTRL)
    assert app.prompt is not None  # it asks first
    press(app, pygame.K_RETURN)
    assert [s.demo for s in card.draft.steps] == ["rooms", "recursion"]
    press(app, pygame.K_TAB)  # caption -> notes -> title
    press(app, pygame.K_TAB)
    typed(app, "Recursion")
    ctrl(app, pygame.K_s)
    assert app.chooser is not None
    file = tmp_path / "made.toml"
    pick_file(app, file)
    written = file.read_bytes()
    lesson = load_lesson(file)
    assert dump_lesson(lesson).encode() == written  # write -> load -> write: the same bytes
    assert strip_lines(lesson.steps) == list(card.draft.lesson("").steps) and not card.draft.changed
    rooms, recursion = lesson.steps
    assert lesson.title == {"en": "Recursion"} and lesson.languages == ("en",)
    assert recursion.caption == {"en": "Six calls wind up 곱"} and recursion.notes == {"en": "ask: how deep?"}
    assert (recursion.settings["n"], recursion.at) == (6, Position(event=9))
    assert rooms.caption == {"en": "迷宫"} and rooms.settings == {"variant": "loop"} and rooms.at.event == 4
    assert not list(tmp_path.glob(".*.part*"))  # written through a temporary file
    press(app, pygame.K_F5)  # presented at once: the first step shows its demo where it was taken
    assert app.lesson is not None and not card.open
    assert (
        app.screen.demo.name == "rooms" and app.screen.demo.variant == "loop" and app.screen.run.cursor == 4
    )
    press(app, pygame.K_PAGEDOWN)
    assert app.screen.demo.name == "recursion" and app.screen.demo.n == 6 and app.screen.run.cursor == 9
    press(app, pygame.K_ESCAPE)  # home; Ctrl+Shift+L brings the card back with the lesson as it was
    press(app, pygame.K_l, "", pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert card.open and len(card.draft.steps) == 2 and card.fields["caption"].text == "Six calls wind up 곱 "


def test_saving_wants_a_caption_on_every_step(app, open_demo) -> None:
    open_demo("queens")
    ctrl(app, pygame.K_l)
    typed(app, "one")
    press(app, pygame.K_RETURN)
    ctrl(app, pygame.K_l)
    press(app, pygame.K_UP)
    ctrl(app, pygame.K_s)
    assert app.chooser is None and "step 2 has no caption" in app.message
    assert app.authoring.draft.chosen == 1 and app.authoring.focus == "caption"


def test_the_card_takes_the_keys_a_demo_would(app, open_demo) -> None:
    """Typing 'p' or Space into a caption neither saves a PNG nor plays the run."""
    shell = open_demo("recursion")
    ctrl(app, pygame.K_l)
    press(app, pygame.K_p, "p")
    typed(app, "p")
    press(app, pygame.K_SPACE, " ")
    typed(app, " ")
    assert not shell.run.playing and not app.screenshot_due
    assert app.authoring.fields["caption"].text == "p "


def test_quitting_asks_before_losing_the_lesson_being_written(app, open_demo) -> None:
    open_demo("recursion")
    ctrl(app, pygame.K_l)
    typed(app, "a")
    press(app, pygame.K_ESCAPE)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame(1 / 60)
    assert app.running and app.prompt is not None and "the lesson you are writing" in app.prompt.question


def test_the_card_is_drawn_with_the_typed_caption(app, open_demo) -> None:
    open_demo("recursion")
    ctrl(app, pygame.K_l)
    typed(app, "WWWW")
    lay = app.authoring.layout()
    box = lay.fields["caption"]
    ink = sum(
        app.surface.get_at((x, y))[:3] == th.INK
        for x in range(box.x, box.x + 80)
        for y in range(box.y, box.bottom)
    )
    assert ink > 30 and lay.box.bottom <= app.surface.get_height()


def test_an_empty_lesson_says_how_to_add_a_step(app) -> None:
    press(app, pygame.K_l, "", pygame.KMOD_CTRL)  # on the home screen there is no demo to take
    assert not app.authoring.open and "open a demo" in app.message  # (and L's language switch is not run)
    press(app, pygame.K_l, "", pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    press(app, pygame.K_s, "", pygame.KMOD_CTRL)
    assert app.authoring.open and app.chooser is None and "no steps yet" in app.message


def test_the_list_and_the_buttons_answer_clicks(app, open_demo) -> None:
    for name in ("queens", "frogs"):
        open_demo(name)
        ctrl(app, pygame.K_l)
        typed(app, name)
        press(app, pygame.K_RETURN)
    ctrl(app, pygame.K_l, pygame.KMOD_SHIFT)
    card = app.authoring
    lay = card.layout()
    click(app, lay.rows[0].center)
    assert card.draft.chosen == 0 and card.fields["caption"].text == "queens"
    down = next(button for button in card.buttons if button.label == "▼")
    click(app, down.rect.center)
    assert [step.demo for step in card.draft.steps] == ["frogs", "queens"] and card.draft.chosen == 1
    click(app, lay.fields["notes"].center)
    assert card.focus == "notes"


def test_a_step_plays_up_to_its_event_from_where_the_step_before_left(app, open_demo, tmp_path: Path) -> None:
    shell = open_demo("recursion")
    shell.run.speed = 2.0
    for events in (3, 6):
        for _ in range(events):
            app.screen.run.step()
        ctrl(app, pygame.K_l)
        typed(app, f"at {app.screen.run.cursor}")
        press(app, pygame.K_RETURN)
    ctrl(app, pygame.K_l, pygame.KMOD_SHIFT)
    card = app.authoring
    ctrl(app, pygame.K_p)
    second = card.draft.steps[1]
    assert (second.do, second.at, second.to, second.speed) == (
        "play",
        Position(event=3),
        Position(event=9),
        2.0,
    )
    press(app, pygame.K_UP)
    ctrl(app, pygame.K_p)  # the first step plays from the run's start
    assert (card.draft.steps[0].at, card.draft.steps[0].to) == (Position(event=0), Position(event=3))
    ctrl(app, pygame.K_p)  # and stays again
    assert (card.draft.steps[0].do, card.draft.steps[0].at, card.draft.steps[0].to) == (
        "stay",
        Position(event=3),
        None,
    )
    ctrl(app, pygame.K_s)
    pick_file(app, tmp_path / "plays.toml")
    lesson = load_lesson(tmp_path / "plays.toml")
    assert strip_lines(lesson.steps) == list(card.draft.lesson("").steps)
    press(app, pygame.K_F5)
    press(app, pygame.K_PAGEDOWN)
    presenter = app.lesson
    assert presenter.index == 1 and (presenter.span.start, presenter.span.end) == (3, 9)
    assert app.screen.run.playing and app.screen.run.cursor == 3  # it plays its part, from event 3
    press(app, pygame.K_PAGEDOWN)  # the clicker finishes the part at once
    assert presenter.finished() and app.screen.run.cursor == 9


def test_shift_f5_presents_from_the_chosen_step(app, open_demo) -> None:
    for name in ("queens", "rooms"):
        open_demo(name)
        ctrl(app, pygame.K_l)
        typed(app, name)
        press(app, pygame.K_RETURN)
    ctrl(app, pygame.K_l, pygame.KMOD_SHIFT)
    press(app, pygame.K_F5, mod=pygame.KMOD_SHIFT)
    assert app.lesson.index == 1 and app.screen.demo.name == "rooms" and not app.authoring.open
