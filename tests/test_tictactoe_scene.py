"""The tic-tac-toe demo on a headless window: real clicks and keys play whole games."""

from __future__ import annotations

import pygame
from ui import click, count_colour, press, right_then_left_restores_each_step

from solvers import minimax as mm
from solvers.events import Prune
from solvers.tictactoe import EMPTY_BOARD, GAME, outcome
from visualizer import theme as th
from visualizer.player import is_prune
from visualizer.scenes.tictactoe.demo import ALPHABETA, MINIMAX
from visualizer.searchtree import SearchTree

FAST = float("inf")


def stage_layout(app, shell):
    """The demo's pure layout for the stage on screen."""
    return shell.demo.layout(shell.layout(app.surface.get_size()).stage)


def cells(app, shell) -> tuple[pygame.Rect, ...]:
    """The big board's cells on screen."""
    return stage_layout(app, shell).cells


def tree_items(app, shell, tags: bool = False) -> list[tuple]:
    """(box, row, node) for each searched board on screen and each of its tags (with `tags`: is it a tag)."""
    plan = shell.demo.plan(stage_layout(app, shell).tree_area, shell.run.model)
    return [
        (box, item.row, item.node, box is not item.box) if tags else (box, item.row, item.node)
        for item in plan.boards
        if item.node >= 0
        for box in (item.box, *item.tag_boxes)
    ]


def wait_for_human(app, demo, limit: int = 900) -> None:
    """Run frames until the computer has replied (or the game is over)."""
    for _ in range(limit):
        if not demo.computers_turn:
            return
        app.frame(1 / 60)
    raise AssertionError("the computer did not answer")


def play_first_free_cells(app, shell) -> str:
    """Click the first free cell at each turn until the game ends; the result."""
    demo = shell.demo
    for _ in range(5):
        wait_for_human(app, demo)
        if demo.over:
            break
        cell = demo.board.index(".")
        click(app, cells(app, shell)[cell].center)
    wait_for_human(app, demo)
    return outcome(demo.board)


def test_clicks_play_a_whole_game_and_the_computer_wins_with_a_line(app, open_demo) -> None:
    """A weak human (always the first free cell) loses; the winning line is drawn."""
    shell = open_demo("tictactoe", speed=FAST)
    demo = shell.demo
    app.frame(1 / 60)
    assert play_first_free_cells(app, shell) == demo.computer_mark == "o"
    app.frame(1 / 60)
    board_rect = cells(app, shell)[0].union(cells(app, shell)[8])
    assert count_colour(app.surface, board_rect, th.DONE) > 200  # the green winning line
    assert "wins" in demo.words(shell.run.model)


def test_computer_starts_and_answers_every_click(app, open_demo) -> None:
    """'computer starts' makes the computer x; it answers each click and does not lose."""
    shell = open_demo("tictactoe", speed=FAST)
    demo = shell.demo
    app.frame(1 / 60)
    choice = next(w for w in shell.options if getattr(w, "options", None) and w.options[0][1] == "human")
    click(app, choice._segments[1].center)
    assert demo.starts == "computer" and demo.computer_mark == "x"
    result = play_first_free_cells(app, shell)
    assert result in ("x", "draw")


def test_digit_keys_play_and_u_undoes_the_pair(app, open_demo) -> None:
    """5 plays the centre, the computer replies; U takes both moves back."""
    shell = open_demo("tictactoe", speed=FAST)
    demo = shell.demo
    press(app, pygame.K_5, "5")
    assert demo.moves[:1] == [4]
    wait_for_human(app, demo)
    assert len(demo.moves) == 2 and demo.moves[1] != 4
    press(app, pygame.K_u, "u")
    assert demo.moves == [] and demo.board == EMPTY_BOARD


def test_the_words_number_a_cell_as_its_key_plays_it(app, open_demo) -> None:
    """'the computer played centre (N)': pressing N plays that very cell (cells read 1-9, never 0-8)."""
    import re

    shell = open_demo("tictactoe", speed=FAST)
    demo = shell.demo
    press(app, pygame.K_1, "1")
    wait_for_human(app, demo)
    reply = demo.moves[1]
    said = re.search(r"played [^(]*\((\d)\)", demo.words(shell.run.model))
    assert said is not None
    number = said.group(1)
    press(app, pygame.K_u, "u")
    press(app, pygame.key.key_code(number), number)
    assert demo.moves[:1] == [reply]


def test_a_taken_cell_changes_nothing(app, open_demo) -> None:
    """Clicking a cell already played leaves the game as it was."""
    shell = open_demo("tictactoe", speed=FAST)
    demo = shell.demo
    app.frame(1 / 60)
    click(app, cells(app, shell)[0].center)
    wait_for_human(app, demo)
    before = list(demo.moves)
    click(app, cells(app, shell)[0].center)
    assert demo.moves == before


def test_the_search_tree_is_the_real_search(app, open_demo) -> None:
    """After a reply the model holds the whole search: its counts equal the solver's."""
    shell = open_demo("tictactoe", speed=FAST)
    demo = shell.demo
    press(app, pygame.K_1, "1")
    wait_for_human(app, demo)
    # The position the computer searched: the human's x in cell 0. (Reading demo.board
    # right after the key press raced the reply, which can land in that same frame.)
    assert demo.moves[0] == 0
    board = "x" + "." * 8
    model: SearchTree = shell.run.model
    report = mm.search(GAME, board, alphabeta=True)
    assert model.count == report.nodes and model.leaves == report.leaves
    chosen = model.chosen(0)
    assert chosen is not None and model.value[0] == report.value
    assert model.move[chosen] == report.move
    assert demo.moves[-1] == report.move


def test_minimax_and_alphabeta_counts_side_by_side(app, open_demo) -> None:
    """A switches to minimax; both node counts are worked out beside the run."""
    shell = open_demo("tictactoe", speed=FAST)
    demo = shell.demo
    press(app, pygame.K_a, "a")
    assert demo.algorithm == MINIMAX
    press(app, pygame.K_5, "5")
    board = "....x...."  # the human's x in the centre: what both searches start from
    for _ in range(600):
        if all(count.done for count in demo.counts.values()) and not demo.computers_turn:
            break
        app.frame(1 / 60)
    plain = mm.search(GAME, board)
    pruned = mm.search(GAME, board, alphabeta=True)
    assert demo.counts[MINIMAX].report.nodes == plain.nodes == shell.run.model.count
    assert demo.counts[ALPHABETA].report.nodes == pruned.nodes < plain.nodes


def test_cut_branches_are_drawn_purple(app, open_demo) -> None:
    """Paused right after alpha-beta's first cut, the tree shows the cut moves in purple."""
    shell = open_demo("tictactoe", speed=4)
    press(app, pygame.K_5, "5")
    shell.run.run_until(is_prune)
    for _ in range(200):
        app.frame(1 / 60)
        if isinstance(shell.run.last_event, Prune):
            break
    assert isinstance(shell.run.last_event, Prune) and not shell.run.playing
    app.frame(1 / 60)
    assert count_colour(app.surface, stage_layout(app, shell).tree_area, th.PRUNED) > 50


def test_step_back_restores_the_tree_exactly(app, open_demo) -> None:
    """Right steps the search forward; Left takes each step back to the same model."""
    shell = open_demo("tictactoe", speed=1)
    demo = shell.demo
    press(app, pygame.K_5, "5")
    shell.run.playing = False
    right_then_left_restores_each_step(app, shell, 40)
    assert demo.computers_turn


def test_fold_counts_open_and_fold_on_click(app, open_demo) -> None:
    """A board's '+N' (or value) tag opens it into the next row when clicked, and folds it again."""
    shell = open_demo("tictactoe", speed=FAST)
    demo = shell.demo
    press(app, pygame.K_5, "5")
    wait_for_human(app, demo)
    app.frame(1 / 60)
    model = shell.run.model
    path = demo.focus_path(model)
    box, node = next(
        (b, n)
        for b, r, n, tag in tree_items(app, shell, tags=True)
        if tag and r == 1 and n not in path and model.size(n) > 1
    )
    click(app, box.center)
    assert demo.focus_path(model)[1] == node
    below = [n for _, r, n in tree_items(app, shell) if r == 2]
    assert below and all(model.parent[n] == node for n in below)  # its moves form row 2
    opened = next(b for b, r, n, tag in tree_items(app, shell, tags=True) if tag and n == node)
    click(app, opened.center)
    assert node not in demo.focus_path(model)
    press(app, pygame.K_l, "l")
    assert demo.pinned is None


def test_wheel_zooms_drag_pans_and_zero_resets(app, open_demo) -> None:
    """The wheel over the tree zooms, a drag pans, 0 puts the whole tree back."""
    from ui import drag

    shell = open_demo("tictactoe", speed=FAST)
    demo = shell.demo
    press(app, pygame.K_5, "5")
    wait_for_human(app, demo)
    centre = stage_layout(app, shell).tree_area.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=4))
    app.frame(1 / 60)
    assert demo.card.camera.zoom > 1
    drag(app, [centre, (centre[0] + 40, centre[1] + 30), (centre[0] + 80, centre[1] + 60)])
    assert demo.card.camera.dragged and demo.card.camera.pan_x != 0
    press(app, pygame.K_0, "0")
    assert (demo.card.camera.zoom, demo.card.camera.pan_x, demo.card.camera.pan_y) == (1.0, 0.0, 0.0)


def test_search_tree_model_round_trip() -> None:
    """Apply every alpha-beta event, then revert them all: the empty model again."""
    events = list(mm.alphabeta_events(GAME, "x...o...."))
    model = SearchTree(alphabeta=True)
    empty = model.snapshot()
    for event in events:
        model.apply(event)
    assert model.count == mm.search(GAME, "x...o....", alphabeta=True).nodes
    assert not model.stack and model.cuts
    for event in reversed(events):
        model.revert(event)
    assert model.snapshot() == empty


def test_answer_now_is_the_move_the_search_would_choose() -> None:
    """best_move matches the full search's move and value on many positions, orders and shortcuts."""
    from solvers.tictactoe import TicTacToe

    boards = ["x........", "....x....", "x...o....", "xo.......", "x.o.x.o..", "xx.oo....", "x.o.o.x.."]
    for board in boards:
        for order in (None, TicTacToe.centre_first):
            for shortcut in (False, True):
                for alphabeta in (False, True):
                    report = mm.search(GAME, board, alphabeta=alphabeta, shortcut=shortcut, order=order)
                    assert mm.best_move(GAME, board, shortcut=shortcut, order=order) == (
                        report.move,
                        report.value,
                    ), (
                        board,
                        order,
                        shortcut,
                        alphabeta,
                    )


def test_enter_makes_the_computer_answer_in_the_same_frame(app, open_demo) -> None:
    """Minimax with the computer first (half a million nodes): Enter plays its move at once."""
    shell = open_demo("tictactoe", speed=1)
    demo = shell.demo
    demo.set_algorithm(MINIMAX)
    demo.set_starts("computer")
    app.frame(1 / 60)
    assert demo.thinking and shell.run.cursor < 1000
    press(app, pygame.K_RETURN)
    assert not demo.computers_turn and len(demo.moves) == 1
    assert demo.moves[0] == mm.search(GAME, EMPTY_BOARD).move
    press(app, pygame.K_5 if demo.moves[0] != 4 else pygame.K_1)
    assert len(demo.moves) == 2  # the person can play on while the old tree was still filling in


def test_tictactoe_rests_once_its_counts_end(app, open_demo) -> None:
    """After a move the counts run (the app stays awake); once they end and the reply is in, it is still."""
    shell = open_demo("tictactoe", speed=FAST)
    demo = shell.demo
    app.message_until = 0.0
    assert app.at_rest()
    press(app, pygame.K_5, "5")
    assert demo.counts and not app.at_rest()
    for _ in range(2000):
        app.frame(1 / 60)
        if all(count.done for count in demo.counts.values()) and not demo.thinking:
            break
    app.frame(1 / 60)
    app.message_until = 0.0
    assert len(demo.moves) == 2 and app.at_rest()


def test_board_stays_clickable_on_short_stages() -> None:
    """On the stage a 1024x640 window leaves at scale 1.3 (627x357) the board keeps MIN_BOARD, any scale."""
    from visualizer.scenes.tictactoe import view as ttt_view
    from visualizer.theme import Theme

    for scale in (1.0, 1.28, 1.3, 1.6):
        theme = Theme(scale)
        stage = pygame.Rect(13, 178, 627, 357)  # measured on a --size 1024x640 --scale 1.3 screenshot
        lay = ttt_view.layout(stage, theme)
        assert lay.board.w >= theme.px(ttt_view.MIN_BOARD) and lay.game.contains(lay.board)
        assert lay.board.bottom <= lay.status.y <= lay.game.bottom
