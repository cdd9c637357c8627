"""Exercise steps made on the picture itself, and nothing on the picture that gives an open step away."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from test_exercise_app import exercising, play_to_step, right_number
from ui import click, press

from visualizer import exercisemarks
from visualizer import theme as th

pytestmark = pytest.mark.usefixtures("app")


def answer_right(app: Any, shell: Any) -> None:
    """Make the open step rightly by keyboard, then play to the next one."""
    step = shell.exercise.performance.step
    if step.multiple:
        shell.exercise.performance.marked = {i for i, c in enumerate(step.choices) if c.key in step.expected}
    else:
        shell.exercise.performance.selected = right_number(shell) - 1
    press(app, pygame.K_RETURN)
    assert shell.exercise.performance.last.correct
    play_to_step(app, shell)


def play_to_kind(app: Any, shell: Any, kind: str, steps: int = 60) -> Any:
    """Answer rightly until a step of `kind` is open and the player stands at it; that step."""
    for _ in range(steps):
        step = shell.exercise.performance.step
        if step.kind == kind:
            for _frame in range(600):  # the step is posed ahead of the player: play to it
                if shell.run.cursor == step.index:
                    return step
                app.frame(1 / 60)
            raise AssertionError("the player never reached the step")
        answer_right(app, shell)
    raise AssertionError(f"no {kind} step")


def targets(app: Any, shell: Any) -> dict[Any, pygame.Rect]:
    """The open step's candidates on the stage, as the demo places them."""
    stage = shell.layout(app.surface.get_size()).stage
    return shell.demo.exercise_targets(shell.exercise.performance.step, stage, shell.run)


def test_hanoi_each_move_is_where_its_disk_lands_and_a_click_there_makes_it(app: Any, open_demo: Any) -> None:
    shell = exercising(app, open_demo, "hanoi")
    step = play_to_kind(app, shell, "hanoi.move")
    boxes = targets(app, shell)
    assert set(boxes) == {choice.key for choice in step.choices}
    placed = list(boxes.values())
    assert not any(a.colliderect(b) for i, a in enumerate(placed) for b in placed[i + 1 :])
    click(app, boxes[step.expected].center)
    assert shell.exercise.performance.last.correct


def test_hanoi_the_calling_frame_is_a_click_on_the_stack(app: Any, open_demo: Any) -> None:
    shell = exercising(app, open_demo, "hanoi")
    step = play_to_kind(app, shell, "hanoi.caller")
    boxes = targets(app, shell)
    wrong = next(choice.key for choice in step.choices if choice.key != step.expected)
    click(app, boxes[wrong].center)
    last = shell.exercise.performance.last
    assert last.answer == wrong and not last.correct


def test_queens_a_row_is_the_square_of_its_queen(app: Any, open_demo: Any) -> None:
    from visualizer.scenes.queens.model import square_name

    shell = exercising(app, open_demo, "queens")
    step = play_to_kind(app, shell, "cover.row")
    lay = shell.demo.layout(shell.layout(app.surface.get_size()).stage)
    squares = shell.demo.encoding.squares
    for choice in step.choices:
        assert targets(app, shell)[choice.key] == lay.square_rect(squares[choice.key])
        assert choice.label == square_name(squares[choice.key])
    click(app, targets(app, shell)[step.expected].center)
    assert shell.exercise.performance.last.correct


def test_queens_a_backtrack_level_is_the_queen_placed_at_that_level(app: Any, open_demo: Any) -> None:
    from solvers.exercise.cover import END
    from visualizer.scenes.queens.model import square_name

    shell = exercising(app, open_demo, "queens")
    step = play_to_kind(app, shell, "cover.backtrack")
    boxes = targets(app, shell)
    assert set(boxes) == {choice.key for choice in step.choices} - {END}  # "the search is over" has no place
    lay = shell.demo.layout(shell.layout(app.surface.get_size()).stage)
    for choice in step.choices[:-1]:
        square = shell.demo.encoding.squares[shell.run.model.stack[choice.key - 1]]
        assert boxes[choice.key] == lay.square_rect(square) and square_name(square) in choice.label
    click(app, boxes[step.expected].center)
    assert shell.exercise.performance.last.correct


def test_sudoku_the_rows_a_try_knocks_out_are_marked_on_their_pencil_digits(app: Any, open_demo: Any) -> None:
    shell = exercising(app, open_demo, "sudoku")
    step = play_to_kind(app, shell, "cover.knockout")
    boxes = targets(app, shell)
    assert len(set(map(tuple, boxes.values()))) == len(step.choices)  # one place per digit in a cell
    for key in step.expected:
        click(app, boxes[key].center)
    performance = shell.exercise.performance
    assert {step.choices[i].key for i in performance.marked} == step.expected
    press(app, pygame.K_RETURN)
    assert performance.last.correct


def test_dlx_a_column_is_its_header_and_a_row_its_band(app: Any, open_demo: Any) -> None:
    shell = exercising(app, open_demo, "dlx")
    step = play_to_kind(app, shell, "cover.column")
    click(app, targets(app, shell)[step.expected].center)
    assert shell.exercise.performance.last.correct
    play_to_step(app, shell)
    step = play_to_kind(app, shell, "cover.row")
    click(app, targets(app, shell)[step.expected].center)
    assert shell.exercise.performance.last.correct


def test_the_keyboards_candidate_is_lit_on_the_picture(app: Any, open_demo: Any) -> None:
    shell = exercising(app, open_demo, "hanoi")
    step = play_to_kind(app, shell, "hanoi.move")
    first, second = (targets(app, shell)[choice.key] for choice in step.choices[:2])

    def edge(box: pygame.Rect) -> tuple[int, int, int]:
        app.frame(1 / 60)
        return tuple(app.surface.get_at((box.centerx, box.y + 1)))[:3]

    assert (edge(first), edge(second)) == (th.INK, th.ACTIVE)
    press(app, pygame.K_TAB)
    assert (edge(first), edge(second)) == (th.ACTIVE, th.INK)


def test_a_click_beside_every_candidate_answers_nothing(app: Any, open_demo: Any) -> None:
    shell = exercising(app, open_demo, "queens")
    step = play_to_kind(app, shell, "cover.row")
    spots = exercisemarks.placed(shell.exercise.performance, targets(app, shell))
    below = max(box.bottom for _n, box in spots) + 2
    click(app, (spots[0][1].centerx, below + 200))
    assert shell.exercise.performance.step is step


# --- nothing on screen gives the step away ----------------------------------------------------------


def frames_drawn(monkeypatch: pytest.MonkeyPatch, module: Any, app: Any) -> list[Any]:
    """The stack frames `module` hands to draw_call_stack in one frame."""
    seen: list[Any] = []
    original = module.draw_call_stack

    def keep(surface: Any, rect: Any, theme: Any, frames: Any, *args: Any, **kwargs: Any) -> None:
        seen[:] = list(frames)
        original(surface, rect, theme, frames, *args, **kwargs)

    monkeypatch.setattr(module, "draw_call_stack", keep)
    app.frame(1 / 60)
    return seen


def test_hanoi_the_top_frame_does_not_say_the_move_while_it_is_asked(
    app: Any, open_demo: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from visualizer.scenes.hanoi import view

    shell = exercising(app, open_demo, "hanoi")
    step = play_to_kind(app, shell, "hanoi.move")
    frm, to = step.expected
    path = f"{'ABC'[frm]}→{'ABC'[to]}"
    top = frames_drawn(monkeypatch, view, app)[-1]
    assert path not in top.detail, top


def test_recursion_the_top_frame_keeps_the_value_asked_for(
    app: Any, open_demo: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from visualizer.scenes.recursion import view

    shell = exercising(app, open_demo, "recursion")
    play_to_kind(app, shell, "recursion.next")
    top = frames_drawn(monkeypatch, view, app)[-1]
    assert "fact(" not in top.detail and "return" not in top.detail, top
    step = play_to_kind(app, shell, "recursion.value")
    top = frames_drawn(monkeypatch, view, app)[-1]
    assert top.detail.endswith("= ?") and str(step.expected) not in top.detail.split("=")[-1]


@pytest.mark.parametrize("name", ["queens", "sudoku", "dlx", "pentomino"])
def test_the_now_card_waits_while_a_step_is_open(app: Any, open_demo: Any, name: str) -> None:
    shell = exercising(app, open_demo, name)
    demo, model, run = shell.demo, shell.run.model, shell.run
    for _ in range(4):
        if name == "sudoku":
            from visualizer.scenes.sudoku.view import now_text

            words = now_text(demo.look(run), model, run)
        elif name == "dlx":
            words = demo.view.now_words(demo.look(), model, run)
        else:
            words = demo.view._now_text(demo.look(run), model, run)
        assert words[0] == "your step", words
        labels = {choice.label for choice in shell.exercise.performance.step.choices}
        assert not any(label in f"{words[0]} {words[1]}" for label in labels)
        answer_right(app, shell)


def test_pentomino_a_placement_is_the_cell_its_name_gives_and_a_piece_its_tray_slot(
    app: Any, open_demo: Any
) -> None:
    from solvers import pentomino

    shell = exercising(app, open_demo, "pentomino")
    step = play_to_kind(app, shell, "cover.column")
    lay = shell.demo.layout(shell.layout(app.surface.get_size()).stage)
    boxes = targets(app, shell)
    pieces = len(pentomino.PIECES)
    for choice in step.choices:
        name = shell.demo.encoding.matrix.names[choice.key]
        slot = lay.tray_slots[choice.key] if choice.key < pieces else lay.cell_rect(choice.key - pieces)
        assert boxes[choice.key] == slot, name
    click(app, boxes[step.expected].center)
    assert shell.exercise.performance.last.correct
    play_to_step(app, shell)
    step = play_to_kind(app, shell, "cover.row")
    boxes = targets(app, shell)
    lay = shell.demo.layout(shell.layout(app.surface.get_size()).stage)  # the cards move as the run goes
    width = shell.demo.encoding.width
    for choice in step.choices:
        if choice.key in boxes:  # the label names the cell: 'X@r1c2'
            cell = min(shell.demo.encoding.placements[choice.key][1])
            assert choice.label.endswith(f"@r{cell // width + 1}c{cell % width + 1}")
            assert boxes[choice.key] == lay.cell_rect(cell)
    assert len({tuple(box) for box in boxes.values()}) == len(boxes)  # never two candidates in one box


def test_max_of_a_tree_hides_the_running_calls_best_while_its_value_is_asked(
    app: Any, open_demo: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ui import TickClock

    from solvers.exercise import results
    from visualizer.scenes.recursion import view
    from visualizer.scenes.recursion.model import TREE

    results.remember_name("Kim Minji")
    app.player_clock = TickClock()
    shell = open_demo("recursion", speed=500)
    shell.exercise.clock = app.player_clock
    shell.demo.set_mode(TREE)
    press(app, pygame.K_i, "i")
    play_to_step(app, shell)
    model = shell.run.model
    for _ in range(12):  # a step where the running call's best so far is already the answer
        step = play_to_kind(app, shell, "maxtree.value")
        top = model.stack[-1]
        if model.best.get(top) == step.expected:
            break
        answer_right(app, shell)
    assert model.best.get(top) == step.expected  # what the frame and the tree would say: the answer itself
    assert frames_drawn(monkeypatch, view, app)[-1].detail == "best = ?"
    (asked,) = view.call_look(model, model.tree, top, "small", asked=top).tags
    assert str(step.expected) not in asked.text, asked  # the tree's tag too: 'best ?'
    (shown,) = view.call_look(model, model.tree, top, "small").tags  # when nothing is asked it shows
    assert str(step.expected) in shown.text


def test_sudoku_rows_are_their_cells_when_the_marks_are_too_small_and_a_shared_cell_stays_in_the_bar(
    app: Any, open_demo: Any
) -> None:
    from visualizer.scenes.sudoku.board import pencil_shown

    shell = exercising(app, open_demo, "sudoku")
    step = play_to_kind(app, shell, "cover.knockout")

    def side() -> int:
        return shell.demo.layout(shell.layout(app.surface.get_size()).stage).side

    for size in ((900, 560), (800, 500), (700, 440), (640, 400), (560, 360)):  # until a cell shows how
        if not pencil_shown(app.theme, side(), shell.demo.size):  # many candidates, not which
            break
        pygame.display.set_mode(size, pygame.RESIZABLE)
        app.frame(1 / 60)
    assert not pencil_shown(app.theme, side(), shell.demo.size)
    lay = shell.demo.layout(shell.layout(app.surface.get_size()).stage)
    cells = [shell.demo.encoding().options[choice.key][0] for choice in step.choices]
    boxes = targets(app, shell)
    alone = [
        (choice.key, cell) for choice, cell in zip(step.choices, cells, strict=True) if cells.count(cell) == 1
    ]
    assert boxes == {key: lay.cell_rect(cell) for key, cell in alone}
    assert len(boxes) < len(step.choices)  # this step has two digits of one cell: those are in the bar only


def test_queens_the_tried_queens_lines_are_not_hatched_while_its_covers_are_asked(
    app: Any, open_demo: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The squares a tried queen attacks are the columns it covers and the rows they knock out."""
    from visualizer.scenes.queens import view

    shell = exercising(app, open_demo, "queens")
    seen: list[list[Any]] = []
    attacked = view.attacked_squares

    def attacked_squares(n: int, placed: Any) -> Any:
        seen.append(list(placed))
        return attacked(n, placed)

    monkeypatch.setattr(view, "attacked_squares", attacked_squares)
    for kind in ("cover.columns", "cover.knockout"):
        play_to_kind(app, shell, kind)
        app.frame(1 / 60)
        stack = shell.run.model.stack
        newest = shell.demo.encoding.squares[stack[-1]]
        assert newest not in seen[-1] and len(seen[-1]) == len(stack) - 1
    answer_right(app, shell)
    app.frame(1 / 60)
    assert len(seen[-1]) == len(shell.run.model.stack)  # made: every queen's lines again


def test_pentomino_the_tried_placement_is_not_drawn_while_its_cells_are_asked(
    app: Any, open_demo: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from visualizer.scenes.pentomino.view import PentominoView

    shell = exercising(app, open_demo, "pentomino")
    drawn: list[Any] = []
    painter = PentominoView._draw_piece

    def draw_piece(self: PentominoView, *args: Any, **kw: Any) -> Any:
        drawn.append(args[3])
        return painter(self, *args, **kw)

    monkeypatch.setattr(PentominoView, "_draw_piece", draw_piece)
    step = play_to_kind(app, shell, "cover.columns")
    drawn.clear()  # the pieces drawn on the way
    app.frame(1 / 60)
    newest = shell.demo.encoding.placements[shell.run.model.stack[-1]][1]
    assert step.multiple and newest not in drawn
    answer_right(app, shell)
    drawn.clear()
    app.frame(1 / 60)
    assert newest in drawn or shell.run.model.stack == []


@pytest.mark.parametrize(("name", "kind"), [("gametree", "minimax.prune"), ("queens", "cover.backtrack")])
def test_a_student_who_steps_back_from_an_open_step_sees_no_candidates_until_back_at_it(
    app: Any, open_demo: Any, name: str, kind: str
) -> None:
    """Stepping back while a step is open shows an earlier picture: the candidates (children of a node not yet
    entered, once a KeyError on gametree's tree) are drawn again only where the step is."""
    from test_exercise_trees import exercising_after

    shell = exercising_after(app, open_demo, name)
    play_to_step(app, shell)
    step = play_to_kind(app, shell, kind)
    stage = shell.layout(app.surface.get_size()).stage
    assert shell.exercise.spots(shell.demo, stage, shell.run)
    for cursor in range(step.index):
        shell.run.seek(cursor, now=True)
        app.frame(1 / 60)  # draws the marks: no fault (conftest checks app.faults)
        assert shell.exercise.asking and shell.exercise.spots(shell.demo, stage, shell.run) == []
    shell.run.seek(step.index, now=True)
    assert shell.exercise.spots(shell.demo, stage, shell.run)
