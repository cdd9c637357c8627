"""The sudoku demo on a headless window: typing givens, stepping, verdicts, the pixels."""

from __future__ import annotations

from pathlib import Path

import pygame
from ui import (
    assert_left_restores,
    click,
    count_colour,
    finish_loading,
    pick_file,
    play_to_end,
    press,
    stage_of,
    step_until,
)

from solvers import sudoku
from solvers.events import Choose, Cover, DeadEnd, Pop, Push
from visualizer import theme as th
from visualizer.scenes.sudoku.model import library
from visualizer.scenes.sudoku.view import now_text


def board_digits(shell) -> list[int]:
    """What the model puts on the board: the givens and the digits of the rows on the stack."""
    cells = list(shell.demo.givens)
    for cell, digit in shell.run.model.placed():
        assert cells[cell] == 0
        cells[cell] = digit
    return cells


def test_steps_place_and_withdraw_digits_and_left_restores(app, open_demo) -> None:
    """Each Push puts its digit on the board, each Pop takes it off; Left undoes every step."""
    shell = open_demo("sudoku")
    shell.demo.set_collection("hard")
    options = shell.demo.encoding().options
    snapshots = [shell.run.model.snapshot()]
    pops = 0
    while pops < 3:
        before = board_digits(shell)
        press(app, pygame.K_RIGHT)
        event = shell.run.last_event
        after = board_digits(shell)
        if type(event) is Push:
            cell, digit = options[event.what]
            assert before[cell] == 0 and after[cell] == digit
        elif type(event) is Pop:
            cell, digit = options[event.value]
            assert before[cell] == digit and after[cell] == 0
            pops += 1
        else:
            assert before == after
        snapshots = [*snapshots[-40:], shell.run.model.snapshot()]
        assert shell.run.cursor < 5000
    assert_left_restores(app, shell, snapshots[-40:])


def test_withdrawn_digit_is_red_and_the_tried_one_blue(app, open_demo) -> None:
    """Pixels: a Push draws its digit in the active colour, a Pop in the dead-end colour."""
    shell = open_demo("sudoku")
    shell.demo.set_collection("hard")
    demo = shell.demo
    for kind, colour, field in ((Push, th.ACTIVE, "what"), (Pop, th.DEAD, "value")):
        step_until(app, shell, lambda event, kind=kind: type(event) is kind)
        app.frame(1 / 60)
        cell, _ = demo.encoding().options[getattr(shell.run.last_event, field)]
        box = demo.layout(stage_of(app, shell)).cell_rect(cell)
        assert count_colour(app.surface, box, colour, 1) > 15


def test_a_cell_being_decided_shows_its_choices_and_only_a_dead_end_shows_the_cross(app, open_demo) -> None:
    """Pixels: a chosen cell, covered, keeps its pencil digits (no red cross); a dead end gets the cross."""
    shell = open_demo("sudoku")
    shell.demo.set_collection("hard")
    model = shell.run.model
    cells = {column: cell for cell, column in model.cell_column.items()}
    chosen: list[Choose] = []

    def covers_a_chosen_cell(event: object) -> bool:
        """Whether `event` covers a just-chosen cell's column with a digit left (keeps the last Choose)."""
        if type(event) is Choose:
            chosen[:] = [event]
        choice = chosen[0] if chosen else None
        return (
            type(event) is Cover
            and choice is not None
            and event.column == choice.column in cells
            and choice.size > 0
        )

    step_until(app, shell, covers_a_chosen_cell)
    app.frame(1 / 60)
    cell, size = cells[chosen[0].column], chosen[0].size
    box = shell.demo.layout(stage_of(app, shell)).cell_rect(cell)
    assert len(model.cell_candidates(cell)) == size
    assert count_colour(app.surface, box, th.DEAD, 1) == 0
    step_until(app, shell, lambda event: type(event) is DeadEnd and event.where in cells)
    app.frame(1 / 60)
    cell = cells[shell.run.last_event.where]
    assert model.cell_candidates(cell) == []
    assert count_colour(app.surface, shell.demo.layout(stage_of(app, shell)).cell_rect(cell), th.DEAD, 1) > 5


def beside_the_grid(app, shell) -> tuple[int, int]:
    """A point on the board's card, left of the grid: a click there unselects."""
    lay = shell.demo.layout(stage_of(app, shell))
    assert lay.grid.left - lay.board_card.left > 4
    return (lay.board_card.left + 2, lay.grid.centery)


def test_after_e_a_click_on_the_first_cell_and_a_digit_set_it(app, open_demo) -> None:
    """E on "2 or 0 solutions", click r1c1 (already selected), type 5: 5 is there, in "your own grid"."""
    shell = open_demo("sudoku")
    demo = shell.demo
    demo.set_collection("odd")
    press(app, pygame.K_RIGHTBRACKET, "]")
    press(app, pygame.K_e, "e")
    empty_label = demo.puzzle_label()
    click(app, demo.layout(stage_of(app, shell)).cell_rect(0).center)
    press(app, pygame.K_5, "5")
    assert demo.givens[0] == 5 and demo.givens.count(0) == 80
    assert empty_label == "your own grid" and demo.puzzle_label() == "your own grid ✎"
    press(app, pygame.K_RIGHTBRACKET, "]")  # the library goes on from where E was pressed
    assert demo.givens == list(library("odd")[0].cells) and demo.puzzle_label() == "odd 1/2"


def test_click_and_type_givens_then_clear(app, open_demo) -> None:
    """Clicking a blank cell selects it; a digit makes it a given and restarts; Backspace clears."""
    shell = open_demo("sudoku")
    demo = shell.demo
    blank = demo.givens.index(0)
    press(app, pygame.K_RIGHT)
    click(app, demo.layout(stage_of(app, shell)).cell_rect(blank).center)
    assert demo.selected == blank
    candidates = shell.run.model.cell_candidates(blank)
    press(app, pygame.K_0 + candidates[0], str(candidates[0]))
    assert demo.givens[blank] == candidates[0] and demo.edited and shell.run.cursor == 0
    assert not demo.clashes()
    press(app, pygame.K_BACKSPACE)
    assert demo.givens[blank] == 0
    click(app, demo.layout(stage_of(app, shell)).cell_rect(blank).center)
    assert demo.selected == blank  # a click on the selected cell keeps it
    click(app, beside_the_grid(app, shell))
    assert demo.selected is None


def test_clashing_givens_are_marked_and_not_solved(app, open_demo) -> None:
    """Typing a digit already in the row: both cells hatched red, the verdict strip red, no run."""
    shell = open_demo("sudoku")
    demo = shell.demo
    row = [demo.givens[c] for c in range(9)]
    given = next(d for d in row if d)
    blank = row.index(0)
    click(app, demo.layout(stage_of(app, shell)).cell_rect(blank).center)
    press(app, pygame.K_0 + given, str(given))
    assert demo.clashes() and "two" in sudoku.describe_clash(demo.clashes()[0], 9)
    play_to_end(app, shell)
    assert shell.run.counters.events == 0
    stage = stage_of(app, shell)
    strip = demo.layout(stage).strip
    assert count_colour(app.surface, strip, th.DEAD, 4) > 100
    hatched = th.blend(th.PANEL, th.DEAD, 0.5)
    assert count_colour(app.surface, demo.layout(stage).cell_rect(blank), hatched, 1) > 5


def test_verdicts_two_solutions_and_none(app, open_demo) -> None:
    """'2 or 0 solutions': the first stops at two and marks differences; the second has none."""
    shell = open_demo("sudoku")
    demo = shell.demo
    demo.set_collection("odd")
    play_to_end(app, shell)
    model = shell.run.model
    assert len(model.solutions) == 2
    first, second = model.solution_cells(0), model.solution_cells(1)
    assert first != second and all(sudoku.is_valid_solution(demo.puzzle(), s) for s in (first, second))
    app.frame(1 / 60)
    stage = stage_of(app, shell)
    assert count_colour(app.surface, demo.layout(stage).strip, th.PRUNED, 4) > 100
    differ = next(c for c in range(81) if first[c] != second[c])
    assert count_colour(app.surface, demo.layout(stage).cell_rect(differ), th.PRUNED, 1) > 10
    press(app, pygame.K_PERIOD, ".")
    assert demo.browse == 1
    press(app, pygame.K_RIGHTBRACKET, "]")
    play_to_end(app, shell)
    assert not shell.run.model.solutions and shell.run.counters.events > 0
    assert "no solution" in now_text(demo.look(shell.run), shell.run.model, shell.run)[0]


def test_library_sizes_and_sixteen_by_sixteen_typing(app, open_demo) -> None:
    """4x4 and 16x16 sets load at their size; on 16x16 '1' then '6' types 16."""
    shell = open_demo("sudoku")
    demo = shell.demo
    demo.set_collection("4x4")
    assert demo.size == 4 and demo.givens == list(library("4x4")[0].cells)
    press(app, pygame.K_RIGHTBRACKET, "]")
    assert demo.givens == list(library("4x4")[1].cells)
    play_to_end(app, shell)
    assert len(shell.run.model.solutions) == 1
    demo.set_collection("16x16")
    assert demo.size == 16
    play_to_end(app, shell)
    solved = shell.run.model.solution_cells(0)
    assert sudoku.is_valid_solution(demo.puzzle(), solved)
    press(app, pygame.K_e, "e")
    assert demo.givens == [0] * 256 and demo.selected == 0
    press(app, pygame.K_1, "1")
    press(app, pygame.K_6, "6")
    assert demo.givens[0] == 16
    click(app, demo.layout(stage_of(app, shell)).cell_rect(1).center)
    press(app, pygame.K_c, "c")
    assert demo.givens[1] == 12


def test_load_a_file_through_the_dialog(app, open_demo, tmp_path: Path) -> None:
    """L opens the file dialog: grids load; a malformed file is explained in one line."""
    shell = open_demo("sudoku")
    demo = shell.demo
    good = tmp_path / "mine.txt"
    good.write_text("1 . . 4\n. 4 1 .\n. 1 4 .\n4 . . 1\n")
    press(app, pygame.K_l, "l")
    pick_file(app, good)
    finish_loading(app)
    assert demo.size == 4 and demo.source_name == "mine.txt"
    bad = tmp_path / "bad.txt"
    bad.write_text("." * 80)
    demo.load_file(str(bad))
    finish_loading(app)
    assert "bad.txt: puzzle 1 (line 1): 80 characters" in app.message and demo.size == 4


def test_every_change_to_the_grid_is_undone_and_redone(app, open_demo, tmp_path: Path) -> None:
    """Typing, clearing, E, a library puzzle and a file are edits of one history: Z undoes, Y redoes."""
    shell = open_demo("sudoku")
    demo = shell.demo
    states = [list(demo.givens)]
    blank = demo.givens.index(0)
    click(app, demo.layout(stage_of(app, shell)).cell_rect(blank).center)
    press(app, pygame.K_5, "5")
    states.append(list(demo.givens))
    press(app, pygame.K_BACKSPACE)
    states.append(list(demo.givens))
    press(app, pygame.K_RIGHTBRACKET, "]")  # the next puzzle
    states.append(list(demo.givens))
    press(app, pygame.K_e, "e")
    assert demo.givens == [0] * 81
    states.append(list(demo.givens))
    demo.set_collection("4x4")
    states.append(list(demo.givens))
    good = tmp_path / "mine.txt"
    good.write_text("1 . . 4\n. 4 1 .\n. 1 4 .\n4 . . 1\n")
    demo.load_file(str(good))
    finish_loading(app)
    states.append(list(demo.givens))
    assert demo.source_name == "mine.txt" and states[2] == states[0]  # typed, then cleared
    for expected in reversed(states[:-1]):
        press(app, pygame.K_z, "z")
        assert demo.givens == expected and shell.run.cursor == 0
    assert demo.source_name == "easy" and not demo.edited and demo.size == 9
    press(app, pygame.K_z, "z")
    assert "nothing to undo" in app.message
    press(app, pygame.K_y, "y")
    assert demo.givens == states[1] and demo.edited
    press(app, pygame.K_y, "", pygame.KMOD_LCTRL)
    press(app, pygame.K_y, "y")
    assert demo.givens == states[3] and demo.puzzle_label() == "easy 2/10"
    press(app, pygame.K_z, "", pygame.KMOD_LCTRL)
    assert demo.givens == states[2]


def test_sixteen_by_sixteen_cell_owns_the_keyboard(app, open_demo, monkeypatch) -> None:
    """F and G in a selected 16×16 cell type 15 and 16 (no fullscreen, no GIF); one undo takes back '1 6'."""
    toggled: list[bool] = []
    monkeypatch.setattr(pygame.display, "toggle_fullscreen", lambda: toggled.append(True))
    shell = open_demo("sudoku")
    demo = shell.demo
    demo.set_collection("16x16")
    press(app, pygame.K_e, "e")
    assert demo.selected == 0 and demo.owns_keyboard()
    press(app, pygame.K_f, "f")
    assert demo.givens[0] == 15 and not toggled
    press(app, pygame.K_g, "g")
    assert demo.givens[0] == 16 and not app.recording
    press(app, pygame.K_1, "1")
    press(app, pygame.K_2, "2")
    assert demo.givens[0] == 12
    press(app, pygame.K_z, "z")  # '1 then 2' was one edit
    assert demo.givens[0] == 16
    click(app, beside_the_grid(app, shell))  # unselect: F is the app's again
    assert demo.selected is None and not demo.owns_keyboard()
    press(app, pygame.K_f, "f")
    assert toggled == [True] and demo.givens[0] == 16
    click(app, demo.layout(stage_of(app, shell)).cell_rect(3).center)
    press(app, pygame.K_ESCAPE)  # Esc still leaves the demo while a cell is selected
    assert getattr(app.screen, "demo", None) is None


def test_help_lists_the_undo_keys(app, open_demo) -> None:
    """Sudoku's help rows come from its key table: Z and Y, the library, the shared C."""
    from visualizer.appkeys import help_rows

    shell = open_demo("sudoku")
    rows = dict(help_rows(shell))
    assert "undo" in rows["Z or Ctrl+Z"] and "redo" in rows["Y or Ctrl+Y"]
    assert "column choice" in rows["C"] and rows["["].startswith("previous puzzle")


def test_models_do_not_import_pygame() -> None:
    """Every exact-cover model module stays pygame-free, even indirectly."""
    import subprocess
    import sys

    modules = ", ".join(
        f"visualizer.scenes.{demo}.model" for demo in ("exact_cover", "sudoku", "queens", "pentomino", "dlx")
    )
    code = f"import sys, {modules}; assert 'pygame' not in sys.modules"
    root = Path(__file__).resolve().parents[1]
    subprocess.run([sys.executable, "-c", code], check=True, cwd=root)
