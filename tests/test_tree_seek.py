"""Seeks in tree demos: a tree's keyframe is small (a ledger keeps the run's history once) and exact."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import minimax as mm
from solvers.tictactoe import EMPTY_BOARD, GAME
from visualizer import keyframes
from visualizer.player import END, KEYFRAME_EVERY, Player
from visualizer.searchtree import TimedSearchTree
from visualizer.tree import TreeFrame

Run = tuple[Callable[[], Iterator[Any]], Callable[[], TimedSearchTree]]


def board_after(*moves: int) -> str:
    """The board after `moves` from the empty one."""
    board = EMPTY_BOARD
    for move in moves:
        board = GAME.result(board, move)
    return board


def tictactoe(alphabeta: bool, *moves: int) -> Run:
    """The tic-tac-toe demo's run: its search on the board after `moves`, on its model."""
    events = mm.alphabeta_events if alphabeta else mm.minimax_events
    board = board_after(*moves)
    return (lambda: events(GAME, board), lambda: TimedSearchTree(alphabeta=alphabeta))


RUNS = {
    "minimax": tictactoe(False, 0, 4),  # 7,331 nodes, 21,994 events
    "alphabeta": tictactoe(True, 4),  # from one move in, with cuts and windows
}


def snapshots_at(run: Run, targets: list[int]) -> dict[int, tuple[object, object]]:
    """Model and counters snapshots of a fresh player stepped straight to each target."""
    source, make_model = run
    fresh = Player(source, make_model, keyframe_every=10**9)
    found: dict[int, tuple[object, object]] = {}
    for target in sorted(set(targets)):
        while fresh.cursor < target:
            fresh.step()
        found[target] = (fresh.model.snapshot(), fresh.counters.snapshot())
    return found


@settings(max_examples=12, deadline=None)
@given(name=st.sampled_from(sorted(RUNS)), points=st.lists(st.floats(0, 1), min_size=1, max_size=8))
def test_seeks_in_a_thinned_tictactoe_run_land_on_a_fresh_replay(name: str, points: list[float]) -> None:
    """Seeks back and forth, across keyframes, after their spacing doubled: a fresh replay's states."""
    run = RUNS[name]
    source, make_model = run
    player = Player(source, make_model, keyframe_every=64, keyframe_budget=40_000)
    player.seek(END, now=True)
    total = player.cursor
    assert player.spacing > 64, "the keyframes should have thinned out"
    assert player.memory()["keyframe_bytes"] <= 40_000
    targets = [round(point * total) for point in points]
    expected = snapshots_at(run, targets)
    for target in targets:
        player.seek(target, now=True)
        assert player.cursor == target
        state = (player.model.snapshot(), player.counters.snapshot())
        assert state == expected[target], f"{name}: seek to {target} of {total}"


def test_end_again_and_step_back_after_a_far_seek_are_exact() -> None:
    """End, far back, End again, one step back: each the state a straight replay has there."""
    run = RUNS["alphabeta"]
    player = Player(*run, keyframe_every=256)
    player.seek(END, now=True)
    total = player.cursor
    expected = snapshots_at(run, [total // 2, total, total - 1])
    for target in (total // 2, total, total - 1):
        if target == total - 1:
            assert player.back()
        else:
            player.seek(target, now=True)
        assert (player.model.snapshot(), player.counters.snapshot()) == expected[target]


def frames_of_a_growing_search(every: int, count: int) -> list[tuple[int, TreeFrame]]:
    """(nodes, keyframe) every `every` events of minimax from the empty board, `count` times."""
    model = TimedSearchTree()
    found = []
    events = mm.minimax_events(GAME, EMPTY_BOARD)
    for _ in range(count):
        for event in itertools.islice(events, every):
            model.apply(event)
        frame = keyframes.capture(model)
        assert isinstance(frame, TreeFrame)
        found.append((model.count, frame))
    return found


def test_a_tree_keyframe_costs_its_stack_not_its_nodes() -> None:
    """Frames of a tree grown to 100,000+ nodes cost what the first ones do (depth <= 10), unlike a copy."""
    frames = frames_of_a_growing_search(every=10_000, count=30)
    first_nodes, last_nodes, last = frames[0][0], frames[-1][0], frames[-1][1]
    assert last_nodes > 100_000 > 20 * first_nodes
    sizes = [keyframes.footprint(frame) for _, frame in frames]
    assert max(sizes) < 4_000, f"a tree frame should hold lengths and ten open rows: {sizes}"
    assert max(sizes) < 1.5 * min(sizes), "a frame grows with the tree"
    model = TimedSearchTree()
    keyframes.restore(model, last)
    whole_copy = keyframes.footprint(keyframes.copy_attributes(model))
    assert whole_copy > 100 * max(sizes), "the default copy is the cost a ledger avoids"


def test_a_tictactoe_player_keeps_its_first_spacing() -> None:
    """60,000+ events of minimax: keyframes every KEYFRAME_EVERY events, not thinned by their bytes."""
    source, make_model = tictactoe(False, 4)
    player = Player(source, make_model)
    player.seek(END, now=True)
    assert player.cursor > 60_000
    assert player.spacing == KEYFRAME_EVERY
    assert player.memory()["keyframes"] >= player.cursor // KEYFRAME_EVERY


def test_a_tree_frame_rebuilds_a_bare_tree_and_a_tree_inside_a_model() -> None:
    """A frame restores into a tree with no attributes yet, and a model's tree is kept through `Own`."""
    model = TimedSearchTree(alphabeta=True)
    for event in itertools.islice(mm.alphabeta_events(GAME, EMPTY_BOARD), 5_000):
        model.apply(event)
    bare = object.__new__(TimedSearchTree)
    bare.restore(model.keyframe())
    assert bare.snapshot() == model.snapshot()

    class Holder:
        """A model that holds a tree among plain attributes."""

        def __init__(self, tree: TimedSearchTree) -> None:
            self.tree = tree
            self.steps = [1, 2]

    frame = keyframes.copy_attributes(Holder(model))
    assert isinstance(frame["tree"], keyframes.Own)
    other = Holder(TimedSearchTree(alphabeta=True))
    tree = other.tree
    keyframes.restore_into(other, frame)
    assert other.tree is tree and tree.snapshot() == model.snapshot()
    assert keyframes.restored(None, frame["tree"]).snapshot() == model.snapshot()
