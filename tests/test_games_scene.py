"""The games demo on a headless window: clicks play, the computer answers, undo, "why this move?"."""

from __future__ import annotations

import os

import pygame
from ui import TickClock, click, press

from solvers.engine import Engine, Limits
from solvers.grids import EMPTY
from visualizer.scenes.games.model import COMPUTER, EngineTree, Place

SHOTS = os.environ.get("UNWIND_SHOTS")
"""A folder to save screenshots in (to look at them), or None."""


def stage_layout(app, shell):
    """The demo's pure layout for the stage on screen."""
    return shell.demo.layout(shell.layout(app.surface.get_size()).stage)


def cell_centre(app, shell, row: int, col: int) -> tuple[int, int]:
    """The centre of a board cell on screen."""
    game = shell.demo.match.game
    grid = stage_layout(app, shell).grid
    return (
        round(grid.x + (col + 0.5) * grid.w / game.cols),
        round(grid.y + (row + 0.5) * grid.h / game.rows),
    )


def shot(app, name: str) -> None:
    """Save the window when UNWIND_SHOTS names a folder."""
    if SHOTS:
        pygame.image.save(app.surface, os.path.join(SHOTS, f"games-{name}.png"))


def test_a_click_plays_and_the_computer_answers_next_to_it(app, open_demo) -> None:
    """Gomoku: a click on the centre puts x there; the computer (medium) answers near it."""
    shell = open_demo("games")
    demo = shell.demo
    assert demo.match.key == "gomoku"
    click(app, cell_centre(app, shell, 7, 7))
    demo.wait()
    app.frame(1 / 60)
    pos = demo.match.position
    assert pos.cells[7 * 15 + 7] == ord("x") and len(demo.match.moves) == 2
    reply = demo.match.moves[1]
    assert max(abs(reply // 15 - 7), abs(reply % 15 - 7)) <= 2  # a candidate near the stone
    shot(app, "played")


def test_undo_takes_back_a_whole_turn_and_redo_plays_it_again(app, open_demo) -> None:
    """U removes your stone and the reply; Y brings both back."""
    shell = open_demo("games")
    demo = shell.demo
    demo.set_game("tictactoe")
    click(app, cell_centre(app, shell, 1, 1))
    demo.wait()
    played = list(demo.match.moves)
    assert len(played) == 2
    press(app, pygame.K_u, "u")
    assert demo.match.moves == []
    press(app, pygame.K_y, "y")
    demo.wait()
    assert demo.match.moves == played


def test_why_replays_the_same_search_and_shows_its_tree(app, open_demo) -> None:
    """H replays the computer's last search: the same nodes and move; the tree card is drawn."""
    shell = open_demo("games")
    demo = shell.demo
    app.player_clock = TickClock(step=5e-4)
    demo.set_starts(COMPUTER)
    demo.wait()
    click(app, cell_centre(app, shell, 6, 6))
    demo.wait()
    pos, answer = demo.match.last_answer()
    press(app, pygame.K_h, "h")
    for _ in range(40):
        app.frame(1 / 60)
    shot(app, "mid-search")
    tree: EngineTree = shell.run.model
    iteration = tree.current_iteration()
    assert tree.count > 0 and iteration is not None and iteration >= 1
    shell.run.seek_end()
    for _ in range(2000):
        app.frame(1 / 60)
        if shell.run.at_end:
            break
    tree = shell.run.model
    assert tree.count == answer.nodes + 1  # node 0 is the deepening loop
    newest = max(tree.children(0))
    chosen = tree.chosen(newest)
    assert chosen is not None and tree.move[chosen] == answer.move
    assert Engine(demo.match.game, Limits(depth=answer.depth)).think(pos).move == answer.move
    shot(app, "why-end")


def test_connect_four_clicks_drop_into_the_column(app, open_demo) -> None:
    """Connect Four: a click anywhere in a column puts the stone at its bottom."""
    shell = open_demo("games")
    demo = shell.demo
    demo.set_game("connect4")
    click(app, cell_centre(app, shell, 0, 3))
    demo.wait()
    app.frame(1 / 60)
    cells = demo.match.position.cells
    assert cells[5 * 7 + 3] == ord("x")
    assert sum(1 for c in cells if c != EMPTY) == 2
    shot(app, "connect4")


def test_the_default_level_blocks_a_four_on_screen(app, open_demo) -> None:
    """Gomoku: your click makes four in a row; the computer (medium) blocks an end of it."""
    shell = open_demo("games")
    demo = shell.demo
    for x, o in (((7, 5), (0, 0)), ((7, 6), (0, 14)), ((7, 7), (14, 0))):
        demo.history.do(Place(x[0] * 15 + x[1]))
        demo.history.do(Place(o[0] * 15 + o[1]))
    click(app, cell_centre(app, shell, 7, 8))
    demo.wait()
    assert demo.match.moves[-1] in (7 * 15 + 4, 7 * 15 + 9)


def ink_in(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """Pixels inside `rect` that are not the card's white (text drawn there)."""
    from visualizer import theme as th

    return sum(
        surface.get_at((x, y))[:3] != th.PANEL
        for x in range(rect.x, rect.right)
        for y in range(rect.y, rect.bottom)
    )


def edge_bands(app, shell) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
    """The strip above each column and the strip left of each row, a few pixels clear of the grid."""
    game, grid = shell.demo.match.game, stage_layout(app, shell).grid
    px = shell.app.theme.px
    w, h = grid.w / game.cols, grid.h / game.rows
    above = [pygame.Rect(round(grid.x + c * w), grid.y - px(12), round(w), px(10)) for c in range(game.cols)]
    left = [pygame.Rect(grid.x - px(16), round(grid.y + r * h), px(14), round(h)) for r in range(game.rows)]
    return above, left


def test_the_board_names_its_columns_and_rows(app, open_demo) -> None:
    """Gomoku draws a-o above the cells and 1-15 at their left (the log's 'h7'); Connect Four 1-7 above."""
    shell = open_demo("games")
    app.frame(1 / 60)
    above, left = edge_bands(app, shell)
    assert len(above) == 15 and all(ink_in(app.surface, band) for band in above)
    assert all(ink_in(app.surface, band) for band in left)
    letters = {pygame.image.tobytes(app.surface.subsurface(band), "RGB") for band in above}
    assert len(letters) == 15  # fifteen different names, not one mark repeated
    shell.demo.set_game("connect4")
    app.frame(1 / 60)
    above, _left = edge_bands(app, shell)
    assert len(above) == 7 and all(ink_in(app.surface, band) for band in above)
    shot(app, "edges")


def test_the_computers_view_says_a_win_in_moves_not_a_raw_score(app, open_demo) -> None:
    """Tic-tac-toe, o to win at once: 'its view: a win in 1 move', never 10,000,000-odd points."""
    shell = open_demo("games")
    demo = shell.demo
    demo.set_game("tictactoe")
    for move in (0, 4, 8, 3):  # x a1, o b2, x c3, o a2: o threatens b2-a2 ... c2
        demo.history.do(Place(move))
    click(app, cell_centre(app, shell, 0, 1))
    demo.wait()
    app.frame(1 / 60)
    text = " ".join(demo.words(EngineTree()))
    assert "its view: a win in 1 move" in text, text
    assert "10,0" not in text and "10000" not in text
    shot(app, "its-view")


def test_a_search_of_the_last_game_is_not_played_in_the_next(app, open_demo) -> None:
    """The computer starts gomoku; Connect Four is chosen before it answers: its gomoku move is dropped.

    Both boards were empty with the computer to move, so the old check (the
    number of moves) played gomoku's centre, cell 112, into Connect Four's
    7 columns: 'index out of range' every frame (the soak's 12 faults).
    """
    shell = open_demo("games")
    demo = shell.demo
    demo.set_starts(COMPUTER)  # gomoku: the computer searches its first move
    demo.set_game("connect4")  # before that search is collected
    demo.wait()
    app.frame(1 / 60)
    assert demo.match.key == "connect4" and len(demo.match.moves) == 1
    assert 0 <= demo.match.moves[0] < 7 and app.faults == []


def test_connect_four_plays_on_any_board_from_4x4_to_9x8(app, open_demo) -> None:
    """Width and height: a new Connect Four board; a click drops to its bottom; undo brings the size back."""
    from visualizer.scenes.games.view import game_label

    shell = open_demo("games")
    demo = shell.demo
    demo.set_game("connect4")
    demo.set_width(5)
    demo.set_height(4)
    game = demo.match.game
    assert (game.cols, game.rows, game.k) == (5, 4, 4) and game_label(game) == "Connect Four 5×4"
    click(app, cell_centre(app, shell, 0, 4))  # the top of the rightmost column
    demo.wait()
    app.frame(1 / 60)
    cells = demo.match.position.cells
    assert cells[3 * 5 + 4] == ord("x") and sum(1 for c in cells if c != EMPTY) == 2
    demo.set_width(9)
    demo.set_height(8)
    assert (demo.match.game.cols, demo.match.game.rows) == (9, 8)
    demo.history.undo()
    assert demo.match.size == (9, 4)
    demo.set_width(12)  # beyond the stepper's bounds: held at 9
    demo.set_height(2)
    assert demo.match.size == (9, 4)
    shot(app, "connect4-9x4")
