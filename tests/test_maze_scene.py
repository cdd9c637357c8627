"""The maze demo on a headless window: real keys and mouse drags, the model and the pixels."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pygame
from ui import TickClock, drag, finish_loading, pick_file, press

from solvers import maze as mz
from visualizer import theme as th
from visualizer.history import EditGroup
from visualizer.scenes.maze.canvas import INK, MazeCanvas, fit, palette
from visualizer.scenes.maze.model import (
    CARVE,
    DRAW,
    PATH,
    REACHED,
    REST,
    ROCK,
    SOLVE,
    narrate,
    path_cells,
    square_maze,
    square_model,
)
from visualizer.scenes.maze.view import TONES
from visualizer.scenes.mazes.drawing import SetWall
from visualizer.shell import Shell


def play_to_end(shell) -> None:
    """Apply the whole run at once."""
    shell.run.seek(10**9, now=True)


def post_point(demo, row_line: int, col_line: int) -> tuple[int, int]:
    """Screen position of a grid corner."""
    g = demo.geometry
    x = g.origin[0] + (col_line * g.pitch + g.wall / 2) * g.scale
    y = g.origin[1] + (row_line * g.pitch + g.wall / 2) * g.scale
    return round(x), round(y)


def walls(maze: mz.Maze) -> set[tuple[str, int, int]]:
    """The inner walls standing, as ('r'|'b', row, col)."""
    found = {("r", int(r), int(c)) for r, c in np.argwhere(maze.right[:, :-1] == 1)}
    return found | {("b", int(r), int(c)) for r, c in np.argwhere(maze.bottom[:-1, :] == 1)}


def test_step_forward_then_back_restores_every_state(app, open_demo) -> None:
    shell = open_demo("maze")
    app.frame(1 / 60)
    snapshots = [shell.run.model.snapshot()]
    for _ in range(40):
        press(app, pygame.K_RIGHT)
        snapshots.append(shell.run.model.snapshot())
    model = shell.run.model
    assert model.carved > 5 and model.stack
    for expected in reversed(snapshots[:-1]):
        press(app, pygame.K_LEFT)
        assert shell.run.model.snapshot() == expected


def test_carving_plays_to_the_plain_functions_maze_and_the_screen_says_so(app, open_demo) -> None:
    shell = open_demo("maze")
    demo = shell.demo
    play_to_end(shell)
    app.frame(1 / 60)
    model = shell.run.model
    assert square_maze(model) == mz.generate(demo.width, demo.height, demo.maze_seed)
    assert model.carved == demo.width * demo.height - 1 and not model.stack
    assert demo.scene(shell.run).status.startswith("carved")
    # every cell is carved: no rock colour left on the maze
    g = demo.geometry
    rock = palette(CARVE)[ROCK]
    box = pygame.Rect(g.origin, g.screen_size)
    assert _count(app.surface, box, rock) == 0
    assert _count(app.surface, box, th.INK) > 500


def test_v_solves_the_carved_maze_along_its_unique_path(app, open_demo) -> None:
    shell = open_demo("maze")
    demo = shell.demo
    press(app, pygame.K_v, "v")
    assert demo.action == SOLVE
    play_to_end(shell)
    app.frame(1 / 60)
    model = shell.run.model
    maze = mz.generate(demo.width, demo.height, demo.maze_seed)
    assert path_cells(model) == mz.find_path(maze).path
    g = demo.geometry
    green = palette(SOLVE)[PATH]
    assert _count(app.surface, pygame.Rect(g.origin, g.screen_size), green) > 1000


def test_the_log_after_a_solves_end_tells_the_way_back_from_the_goal(app, open_demo) -> None:
    """A solve ends by unwinding its path: the log's last lines say so, back to S (it was empty)."""
    shell = open_demo("maze")
    demo = shell.demo
    press(app, pygame.K_v, "v")
    press(app, pygame.K_END)
    for _ in range(400):
        app.frame(1 / 60)
        if not shell.run.busy:
            break
    assert shell.run.at_end
    path = path_cells(shell.run.model)
    assert path is not None
    lines = [text for _number, text in shell._log_lines()]
    assert (
        len(lines) >= 3 and lines[-1] == f"the goal is found: return from ({demo.start[0]},{demo.start[1]})"
    )
    assert lines[-2] == f"the goal is found: return from ({path[1][0]},{path[1][1]})"


def test_a_left_drag_draws_exactly_the_walls_it_traces(app, open_demo) -> None:
    shell = open_demo("maze")
    demo = shell.demo
    press(app, pygame.K_e, "e")  # an empty grid
    app.frame(1 / 60)
    assert demo.action == DRAW and walls(demo.maze) == set()
    drag(app, [post_point(demo, 2, 1), post_point(demo, 2, 4), post_point(demo, 5, 4)])
    expected = {("b", 1, 1), ("b", 1, 2), ("b", 1, 3), ("r", 2, 3), ("r", 3, 3), ("r", 4, 3)}
    assert walls(demo.maze) == expected
    # and the screen shows ink on the new wall, on the segment under cell (1, 2)
    g = demo.geometry
    x = round(g.origin[0] + (2 * g.pitch + g.pitch / 2) * g.scale)
    y = round(g.origin[1] + (2 * g.pitch + g.wall / 2) * g.scale)
    assert app.surface.get_at((x, y))[:3] == th.INK
    press(app, pygame.K_z, "z")
    assert walls(demo.maze) == set()
    press(app, pygame.K_y, "y")
    assert walls(demo.maze) == expected


def test_a_right_drag_knocks_down_exactly_the_walls_it_crosses(app, open_demo) -> None:
    shell = open_demo("maze")
    demo = shell.demo
    press(app, pygame.K_w, "w")  # a full grid
    app.frame(1 / 60)
    before = walls(demo.maze)
    g = demo.geometry
    drag(app, [g.cell_centre((1, 1)), g.cell_centre((1, 4)), g.cell_centre((3, 4))], button=3)
    crossed = {("r", 1, 1), ("r", 1, 2), ("r", 1, 3), ("b", 1, 4), ("b", 2, 4)}
    assert before - walls(demo.maze) == crossed and walls(demo.maze) <= before
    x, y = g.cell_centre((1, 1))
    assert app.surface.get_at((x + g.pitch // 2, y))[:3] != th.INK  # the opening is floor


def test_a_stroke_is_one_edit_named_for_what_it_did_as_on_every_shape(app, open_demo) -> None:
    """One wall drawn is 'draw a wall', several knocked down 'knock down walls': as on every shape."""
    shell = open_demo("maze")
    demo = shell.demo
    press(app, pygame.K_e, "e")  # an empty grid
    app.frame(1 / 60)
    drag(app, [post_point(demo, 2, 1), post_point(demo, 2, 2)])
    drawn = demo.editor.history.done[-1]
    assert isinstance(drawn, EditGroup) and drawn.words == "draw a wall"
    assert [type(edit) for edit in drawn.edits] == [SetWall]
    press(app, pygame.K_w, "w")  # a full grid
    app.frame(1 / 60)
    g = demo.geometry
    drag(app, [g.cell_centre((1, 1)), g.cell_centre((1, 4))], button=3)
    knocked = demo.editor.history.done[-1]
    assert isinstance(knocked, EditGroup) and knocked.words == "knock down walls" and len(knocked.edits) == 3


def test_dragging_the_goal_moves_it_and_undo_puts_it_back(app, open_demo) -> None:
    shell = open_demo("maze")
    demo = shell.demo
    app.frame(1 / 60)
    g = demo.geometry
    old_goal = demo.goal
    drag(app, [g.cell_centre(old_goal), g.cell_centre((2, 3))])
    assert demo.goal == (2, 3)
    press(app, pygame.K_z, "z")
    assert demo.goal == old_goal


def test_carving_the_rest_keeps_the_drawing_and_finishes_a_perfect_maze(app, open_demo) -> None:
    shell = open_demo("maze")
    demo = shell.demo
    press(app, pygame.K_w, "w")
    app.frame(1 / 60)
    g = demo.geometry
    drag(app, [g.cell_centre((0, 0)), g.cell_centre((0, 5)), g.cell_centre((3, 5))], button=3)
    drawn = demo.maze.copy()
    press(app, pygame.K_t, "t")
    play_to_end(shell)
    result = square_maze(shell.run.model)
    assert result == mz.complete(drawn, demo.maze_seed)
    assert result.openings() == demo.width * demo.height - 1
    assert mz.reachable(result).all()
    assert all(not result.has_wall((0, c), (0, c + 1)) for c in range(5))


def test_carving_the_rest_of_an_empty_grid_says_there_is_nothing_and_changes_nothing(app, open_demo) -> None:
    """E then T: no grey cell is left, so no run starts and nothing claims "carved the rest"."""
    shell = open_demo("maze")
    demo = shell.demo
    press(app, pygame.K_e, "e")
    drawn = demo.maze.copy()
    press(app, pygame.K_t, "t")
    play_to_end(shell)
    assert "no closed (grey) cell" in app.message
    assert demo.action == DRAW and demo.maze == drawn
    assert "carved the rest" not in demo.scene(shell.run).status


def test_a_walled_off_goal_is_reported_and_the_reachable_part_shaded(app, open_demo) -> None:
    shell = open_demo("maze")
    demo = shell.demo
    press(app, pygame.K_d, "d")  # draw on the carved maze
    h, w = demo.height, demo.width
    drag(app, [post_point(demo, h - 1, w - 1), post_point(demo, h - 1, w), post_point(demo, h, w)])
    drag(app, [post_point(demo, h - 1, w - 1), post_point(demo, h, w - 1)])
    press(app, pygame.K_v, "v")
    play_to_end(shell)
    app.frame(1 / 60)
    model = shell.run.model
    assert model.unreachable and model.path is None
    scene = demo.scene(shell.run)
    assert "cannot be reached" in scene.status and TONES[scene.tone] == th.DEAD
    assert model.visits == int(mz.reachable(square_maze(model)).sum()) < w * h
    g = demo.geometry
    reached = palette(SOLVE)[REACHED]
    assert _count(app.surface, pygame.Rect(g.origin, g.screen_size), reached) > 500


def test_save_and_open_through_the_file_dialog(app, open_demo, tmp_path: Path) -> None:
    shell = open_demo("maze")
    demo = shell.demo
    play_to_end(shell)
    file = tmp_path / "saved.txt"
    press(app, pygame.K_s, "s", pygame.KMOD_CTRL)
    assert app.chooser is not None
    pick_file(app, file)
    saved = mz.Maze.load(file)
    assert saved == square_maze(shell.run.model)
    assert str(file) in app.message  # the full path
    assert not list(tmp_path.glob(".*.part*"))  # written through a temporary file, then replaced
    # a malformed file leaves the maze as it is and says why
    bad = tmp_path / "bad.txt"
    bad.write_text("+--+\n|  \n")
    shown = demo.shown_maze().copy()
    demo.open_file(bad)
    finish_loading(app)
    assert "bad.txt" in app.message and demo.shown_maze() == shown
    press(app, pygame.K_e, "e")
    press(app, pygame.K_o, "o", pygame.KMOD_CTRL)
    assert app.chooser is not None
    pick_file(app, file)
    finish_loading(app)
    assert demo.action == DRAW and demo.maze == saved
    assert str(file) in app.message
    assert demo.unsaved() is None  # just opened: nothing to lose


def test_the_largest_maze_the_app_saves_opens_again(app, open_demo, tmp_path: Path) -> None:
    """A 1000 x 1000 maze file (5.7 MB, over the 4 MB cap of other files) opens in the maze demo."""
    from visualizer.scenes.maze import store
    from visualizer.scenes.maze.model import LOAD_MAX

    demo = open_demo("maze").demo
    biggest = mz.Maze.full(LOAD_MAX, LOAD_MAX)
    file = tmp_path / "biggest.txt"
    store.write_maze(file, biggest)
    assert file.stat().st_size > 4 * 1024 * 1024
    demo.open_file(file)
    finish_loading(app)
    assert demo.maze == biggest and "MB" not in app.message


def wall_pixel_right_of(geometry, cell) -> tuple[int, int]:
    """The screen point in the middle of the wall on a cell's right."""
    (row, col), p, t = cell, geometry.pitch, geometry.wall
    x = geometry.origin[0] + ((col + 1) * p + t / 2) * geometry.scale
    y = geometry.origin[1] + (row * p + t + (p - t) / 2) * geometry.scale
    return int(x), int(y)


def test_the_wheel_zooms_a_big_maze_about_the_pointer_a_middle_drag_pans_and_0_fits(app, open_demo) -> None:
    """200 x 200 (2 pixels a cell): ten notches over a cell make its walls thick ink lines; it stays put."""
    shell = open_demo("maze")
    demo = shell.demo
    demo.set_size(200, 200)
    app.frame(1 / 60)
    whole = demo.geometry
    cell = (100, 60)
    pointer = whole.cell_centre(cell)
    ink = tuple(palette(demo.action)[INK])
    assert tuple(app.surface.get_at(wall_pixel_right_of(whole, cell)))[:3] != ink  # grey rock at this size
    for _ in range(10):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pointer, button=4))
        app.frame(1 / 60)
    zoomed = demo.geometry
    assert zoomed.pitch * zoomed.scale >= 8 * whole.pitch * whole.scale
    assert zoomed.cell_at(pointer) == cell
    wall = wall_pixel_right_of(zoomed, cell)
    assert tuple(app.surface.get_at(wall))[:3] == ink
    assert tuple(app.surface.get_at((wall[0] + 2, wall[1])))[:3] == ink  # several pixels wide
    drag(app, [pointer, (pointer[0] + 40, pointer[1] + 25)], button=2)
    (x0, y0), (x1, y1) = zoomed.cell_centre(cell), demo.geometry.cell_centre(cell)
    assert (x1 - x0, y1 - y0) == (40, 25)
    assert demo.maze == mz.Maze.full(200, 200)  # a middle drag draws nothing
    press(app, pygame.K_0, "0")
    assert demo.geometry == whole


def test_sizes_step_and_can_be_typed(app, open_demo) -> None:
    shell = open_demo("maze")
    demo = shell.demo
    size = (demo.width, demo.height)
    press(app, pygame.K_RIGHTBRACKET, "]")
    assert demo.width * demo.height > size[0] * size[1]
    demo._size_answer("40 x 30")
    assert (demo.width, demo.height) == (40, 30) and square_maze(shell.run.model).width == 40
    demo._size_answer("3 x 3")
    assert (demo.width, demo.height) == (40, 30) and "5 to 1000" in app.message


def test_a_thousand_square_maze_carves_without_stalling(app, open_demo) -> None:
    """A 1000x1000 maze carves hundreds of cells a frame at full speed, shrunk to fit.

    The player's clock ticks per read (TickClock), so the count does not depend
    on how fast or loaded the machine is.
    """
    app.player_clock = TickClock(step=5e-4)
    shell = open_demo("maze", speed=float("inf"))
    demo = shell.demo
    demo.set_size(1000, 1000)
    shell.run.playing = True
    for _ in range(3):
        before = shell.run.cursor
        app.frame(1 / 60)
        assert shell.run.cursor - before >= 64
    model = shell.run.model
    assert model.carved > 200 and demo.geometry.scale < 1


def test_incremental_painting_matches_a_full_repaint(app) -> None:
    """Repainting only touched cells leaves the same pixels as painting everything."""
    for action, size in ((CARVE, (13, 9)), (SOLVE, (11, 7)), (CARVE, (300, 280)), (DRAW, (7, 5))):
        w, h = size
        maze = mz.generate(w, h, 3) if action != CARVE else mz.Maze.full(w, h)
        events = list(mz.solve(maze)) if action == SOLVE else list(mz.carve(w, h, 3))
        if action == DRAW:
            maze.set_wall((0, 0), (0, 1), True)
            maze.set_wall((2, 2), (2, 3), False)
            events = []
        model = square_model(maze, action)
        canvas = MazeCanvas()
        geometry = fit(w, h, pygame.Rect(0, 0, 860, 560))
        canvas.sync(model, action, geometry, 0)
        every = max(1, len(events) // 300)  # a frame's worth of events between syncs
        for number, event in enumerate(events[: len(events) // 2]):
            model.apply(event)
            if number % every == 0:
                canvas.sync(model, action, geometry, 0)
        canvas.sync(model, action, geometry, 0)
        assert canvas.bitmap is not None, "a synced canvas has its bitmap"
        step_by_step = pygame.surfarray.array2d(canvas.bitmap)
        model.repaint = True
        canvas.sync(model, action, geometry, 0)
        assert canvas.bitmap is not None
        assert np.array_equal(pygame.surfarray.array2d(canvas.bitmap), step_by_step)
        assert (step_by_step == INK).any()


def _count(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> int:
    """Pixels of exactly `colour` in `rect` (numpy: mazes are large)."""
    rect = rect.clip(surface.get_rect())
    pixels = pygame.surfarray.array3d(surface.subsurface(rect))
    return int(np.all(pixels == np.array(colour), axis=-1).sum())


# --- the house shape, undo across actions, small stages, markers, autosave -------------------


def test_the_model_editor_and_store_import_no_pygame() -> None:
    code = (
        "import sys, visualizer.scenes.maze.model, visualizer.scenes.maze.editor, "
        "visualizer.scenes.maze.store; "
        "assert 'pygame' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_full_grid_then_undo_restores_the_drawing_exactly(app, open_demo) -> None:
    shell = open_demo("maze")
    demo = shell.demo
    press(app, pygame.K_e, "e")
    app.frame(1 / 60)
    drag(app, [post_point(demo, 2, 1), post_point(demo, 2, 4), post_point(demo, 5, 4)])
    drawn = demo.maze.copy()
    assert walls(drawn)
    press(app, pygame.K_w, "w")  # a full grid: one undoable edit
    assert demo.maze.openings() == 0
    press(app, pygame.K_z, "z")
    assert demo.maze == drawn and square_maze(shell.run.model) is demo.maze
    press(app, pygame.K_y, "y", pygame.KMOD_CTRL)
    assert demo.maze.openings() == 0
    press(app, pygame.K_z, "z", pygame.KMOD_CTRL)
    assert demo.maze == drawn
    press(app, pygame.K_z, "z")  # the stroke
    press(app, pygame.K_z, "z")  # the empty grid: back to the carved maze drawn on by E
    assert walls(demo.maze) != set() and demo.maze.openings() == 0


def test_undo_survives_switching_to_solve_and_carve_and_back(app, open_demo) -> None:
    shell = open_demo("maze")
    demo = shell.demo
    press(app, pygame.K_e, "e")
    app.frame(1 / 60)
    before = demo.maze.copy()
    drag(app, [post_point(demo, 1, 1), post_point(demo, 1, 3)])
    drawn = demo.maze.copy()
    press(app, pygame.K_v, "v")
    assert demo.action == SOLVE
    press(app, pygame.K_d, "d")  # back to drawing: the same walls, no new edit
    assert demo.action == DRAW and demo.maze == drawn
    press(app, pygame.K_z, "z")
    assert demo.maze == before
    press(app, pygame.K_y, "y")
    press(app, pygame.K_c, "c")  # carving shows another maze; Z still takes back the drawing's last edit
    assert demo.action == CARVE
    press(app, pygame.K_z, "z")
    assert demo.action == DRAW and demo.maze == before
    press(app, pygame.K_y, "y")
    assert demo.maze == drawn


def test_a_new_size_is_undoable_and_brings_the_drawing_back(app, open_demo) -> None:
    shell = open_demo("maze")
    demo = shell.demo
    press(app, pygame.K_e, "e")
    app.frame(1 / 60)
    drawn = demo.maze.copy()
    press(app, pygame.K_RIGHTBRACKET, "]")
    assert (demo.width, demo.height) != (drawn.width, drawn.height) and demo.action == CARVE
    press(app, pygame.K_z, "z")
    assert demo.action == DRAW and demo.maze == drawn and (demo.width, demo.height) == (16, 10)


def test_a_tiny_or_empty_stage_does_not_fail(app, open_demo) -> None:
    """Regression: at 1024x700 and presenter scale 2 the stage left the maze no height."""
    shell = open_demo("maze")
    demo = shell.demo
    app.theme.scale = 2.0
    pygame.display.set_mode((1024, 700), pygame.RESIZABLE)
    for _ in range(3):
        app.frame(1 / 60)
    for size in ((1000, 1000), (16, 10)):
        demo.set_size(*size)
        for rect in (pygame.Rect(0, 0, 3, 2), pygame.Rect(5, 5, 0, 0), pygame.Rect(0, 0, -4, 10)):
            demo.draw(app.surface, rect, shell.run)
            demo.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1), rect, shell.run)
            demo.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(2, 1), button=1), rect, shell.run)
    app.theme.scale = 1.0
    for window in ((480, 360), (120, 90)):
        pygame.display.set_mode(window, pygame.RESIZABLE)
        app.frame(1 / 60)
    assert app.faults == []


def test_markers_of_a_thousand_square_maze_are_whole_and_inside_it(app, open_demo) -> None:
    shell = open_demo("maze")
    demo = shell.demo
    demo.set_size(1000, 1000)
    app.frame(1 / 60)
    g = demo.geometry
    lay = demo.layout(shell.layout(app.surface.get_size()).stage)
    radius = lay.marker_radius
    assert radius >= app.theme.px(9)
    for cell in (demo.start, demo.goal):
        x, y = g.marker_centre(cell, radius)
        assert g.box.inflate(-2 * radius, -2 * radius).collidepoint(x, y) or radius * 2 >= min(g.box.size)
    disc = _count(app.surface, g.box, th.DONE)  # the goal's disc: no path is drawn while carving
    assert disc > radius * radius  # most of the disc (the letter and the outline take the rest)
    markers = {"start": demo.start, "goal": demo.goal}
    assert lay.marker_at(g.marker_centre(demo.goal, radius), markers) == "goal"


def test_the_drawing_autosaves_after_a_pause_and_comes_back_in_draw_mode(app, open_demo) -> None:
    from visualizer.scenes.maze import store

    shell = open_demo("maze")
    demo = shell.demo
    press(app, pygame.K_e, "e")
    app.frame(1 / 60)
    drag(app, [post_point(demo, 2, 1), post_point(demo, 2, 4)])
    drawn = demo.maze.copy()
    assert demo.editor.unsaved and not store.autosave_path().exists()
    for _ in range(int(store.AUTOSAVE_DELAY * 10) + 2):
        app.frame(0.1)
    assert store.autosave_path().is_file()
    assert walls(mz.Maze.load(store.autosave_path())) == walls(drawn)
    app.go_home()
    shell = open_demo("maze")
    assert shell.demo.action == DRAW and walls(shell.demo.maze) == walls(drawn)
    assert square_maze(shell.run.model) is shell.demo.maze


def test_leaving_autosaves_an_edit_at_once_without_asking(app, open_demo) -> None:
    """Esc right after a stroke: the drawing is autosaved (it comes back), so no "lose it?" question."""
    from visualizer.scenes.maze import store

    shell = open_demo("maze")
    demo = shell.demo
    press(app, pygame.K_w, "w")
    app.frame(1 / 60)
    g = demo.geometry
    drag(app, [g.cell_centre((0, 0)), g.cell_centre((0, 3))], button=3)
    drawn = demo.maze.copy()
    press(app, pygame.K_ESCAPE, "\x1b")
    assert app.prompt is None and not isinstance(app.screen, Shell)  # no pause: leaving autosaves at once
    assert walls(mz.Maze.load(store.autosave_path())) == walls(drawn)


def test_quitting_asks_first_when_the_autosave_cannot_be_written(app, open_demo, monkeypatch) -> None:
    """A drawing the autosave could not keep would be lost: then, and only then, closing asks."""
    from visualizer.scenes.maze import store

    def full_disk(path: object, maze: object) -> None:
        raise OSError(28, "No space left on device")

    shell = open_demo("maze")
    demo = shell.demo
    press(app, pygame.K_w, "w")
    app.frame(1 / 60)
    g = demo.geometry
    drag(app, [g.cell_centre((0, 0)), g.cell_centre((0, 3))], button=3)
    monkeypatch.setattr(store, "write_maze", full_disk)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame(1 / 60)
    assert app.prompt is not None and app.running and "could not autosave" in app.message
    app.prompt = None


def test_the_square_carving_is_told_in_the_backtrackers_words_on_every_shape() -> None:
    """One backtracker, one text: the square demo's log says what the shapes demo says on the square graph."""
    from solvers.mazes import generators as gen
    from solvers.mazes import graph as g

    graph = g.square(5, 4)
    told = [narrate(event, CARVE, 5) for event in mz.carve(5, 4, 2)]
    assert told == [gen.narrate(event, gen.ALGORITHMS["backtracker"], graph) for event in mz.carve(5, 4, 2)]
    row, col = divmod(next(mz.carve(5, 4, 2)).what, 5)
    assert told[:2] == [f"start from ({row},{col}): push it", f"mark ({row},{col}) visited"]
    assert all(told) and sum("no unvisited neighbour" in words for words in told if words) == 5 * 4
    drawn = mz.Maze.full(5, 4)
    drawn.set_wall((0, 0), (0, 1), False)
    rest = [narrate(event, REST, 5) for event in mz.carve_rest(drawn, 1)]
    assert len(rest) > 20 and all(rest)
