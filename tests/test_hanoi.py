"""Towers of Hanoi: the solver's moves are legal and minimal, the CLI says so, the scene steps both ways."""

from __future__ import annotations

import json

import pygame
import pytest
from cli_runner import run
from ui import press, right_then_left_restores_each_step

from solvers.events import Move, Pop, Push
from solvers.hanoi import hanoi_events, hanoi_moves, replay


@pytest.mark.parametrize("n", range(1, 11))
def test_the_events_move_every_disk_to_c_in_2_to_the_n_minus_1_legal_moves(n: int) -> None:
    """The event stream's moves are the plain recursion's, legal, and end with the tower on C."""
    events = list(hanoi_events(n))
    moves = [(e.piece, e.frm, e.to) for e in events if isinstance(e, Move)]
    assert moves == list(hanoi_moves(n)) and len(moves) == 2**n - 1
    assert replay(n, moves) == [[], [], list(range(n, 0, -1))]
    pushes = [e for e in events if isinstance(e, Push)]
    assert len(pushes) == 2**n - 1 == sum(isinstance(e, Pop) for e in events)


def test_calls_nest_and_each_call_moves_its_largest_disk() -> None:
    """Stack discipline: every Pop closes the newest open Push; a call of n disks moves disk n inside it."""
    open_calls: list[tuple[int, tuple[int, int, int, int]]] = []
    for event in hanoi_events(6):
        if isinstance(event, Push):
            assert event.parent == (open_calls[-1][0] if open_calls else -1)
            open_calls.append((event.node, event.what))
        elif isinstance(event, Pop):
            assert open_calls.pop()[0] == event.node
        elif isinstance(event, Move):
            n, frm, to, _ = open_calls[-1][1]
            assert (event.piece, event.frm, event.to) == (n, frm, to)
    assert open_calls == []


def test_an_illegal_move_is_refused() -> None:
    """replay catches a larger disk put on a smaller one."""
    with pytest.raises(ValueError, match="smaller disk"):
        replay(2, [(1, 0, 1), (2, 0, 1)])


def test_the_cli_gives_every_move_and_the_count(capsys) -> None:
    """`hanoi 10 --json`: 1,023 legal moves as [disk, from, to]."""
    code, out, _err = run(capsys, "hanoi", "10", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["count"] == 1023 == len(data["moves"]) and data["max_depth"] == 10
    moves = [(disk, "ABC".index(a), "ABC".index(b)) for disk, a, b in data["moves"]]
    assert replay(10, moves)[2] == list(range(10, 0, -1))


@pytest.mark.parametrize("n", ["0", "21", "x", "1e3"])
def test_the_cli_refuses_sizes_out_of_range(n: str, capsys) -> None:
    """N outside 1 to 20 is one line and exit 2."""
    code, _out, err = run(capsys, "hanoi", n)
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err


def test_the_scene_moves_disks_and_step_back_puts_them_back(app, open_demo) -> None:
    """Right moves the run on; Left restores each earlier model exactly; the end has the tower on C."""
    shell = open_demo("hanoi")
    press(app, pygame.K_RIGHTBRACKET, "]")
    assert shell.demo.disks == 4
    right_then_left_restores_each_step(app, shell, 20)
    shell.run.seek(10**6, now=True)
    model = shell.run.model
    assert model.pegs == [[], [], [4, 3, 2, 1]] and model.moves == 15
    assert "done: 15 moves" in (shell.demo.status(shell.run) or "")


def test_the_narration_says_what_each_call_plans() -> None:
    """'to move 3 disks from A to C, first move 2 from A to B'."""
    from visualizer.scenes.hanoi.model import narrate

    first = next(iter(hanoi_events(3)))
    assert narrate(first) == "to move 3 disks from A to C, first move 2 from A to B"


def test_the_tree_shows_the_call_ids_the_log_names(app, open_demo) -> None:
    """'call #2 is done' (not the 2-disk call): the tree's call #2 wears '#2' and is the one returning."""
    import re

    from visualizer.scenes.hanoi import view
    from visualizer.treepaint import call_tree_places

    shell = open_demo("hanoi")
    shell.run.seek(10**6, now=True)
    app.frame(1 / 60)
    model = shell.run.model
    area = view.tree_area(shell.demo.layout(shell.layout(app.surface.get_size()).stage), shell.theme)
    assert area is not None
    fitted = call_tree_places(shell.theme, area, model.calls)
    named = []
    for number, event in shell.run.recent(shell.run.cursor):
        said = re.fullmatch(r"call #(\d+) is done", shell.demo.narrate(event) or "")
        if said:
            named.append((int(said.group(1)), number))
    assert len(named) == 7
    for node, number in named:
        assert model.calls.pop_at[node] == number - 1  # #node returned there (the log counts from 1)
        assert view._look(model.calls, node, fitted.size, fitted.column, shell.theme).ident == f"#{node}"


@pytest.mark.parametrize("disks", [7, 8, 10])
def test_many_disks_still_draw_the_call_tree_folded(app, open_demo, disks: int) -> None:
    """7 disks and more: the tree card is there, its pills painted (finished subtrees folded), never gone."""
    from ui import count_colour

    from visualizer import theme as th
    from visualizer.scenes.hanoi import view

    shell = open_demo("hanoi")
    shell.demo.set_disks(disks)
    shell.run.seek(3 * (2**disks - 1) // 2, now=True)
    app.frame(1 / 60)
    lay = shell.demo.layout(shell.layout(app.surface.get_size()).stage)
    area = view.tree_area(lay, shell.theme)
    assert area is not None
    assert count_colour(app.surface, area, th.DONE) > 50  # finished calls' green outlines
    assert count_colour(app.surface, area, th.ACTIVE) > 10  # the running call
