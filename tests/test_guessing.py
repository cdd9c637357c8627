"""Predict, then reveal on any search tree: cut questions agree with alpha-beta, moments are caught.

The cut answer a question reads ahead from the run (`predict.moves_tried`) is
checked against a plain recursive alpha-beta with the node's window, over
seeded tic-tac-toe positions and random trees, and against what the search
did once the node returned (`predict.cuts_of`).
"""

from __future__ import annotations

import itertools
import random
from math import inf

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, rule

from solvers import minimax as mm
from solvers.events import Push
from solvers.tictactoe import GAME, TicTacToe
from visualizer import predict
from visualizer.searchtree import SearchTree


def plain_tried(game, state, window, order) -> list:
    """The moves alpha-beta tries at `state` given `window`, by plain recursion (no events)."""
    alpha, beta = window
    maximizing = game.to_move(state) == mm.MAX
    moves = list(game.moves(state) if order is None else order(state, game.moves(state)))
    tried = []
    for move in moves:
        tried.append(move)
        value = mm.alphabeta_value(game, game.result(state, move), alpha, beta, order)
        if maximizing:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            break
    return tried


def cut_questions(game, root, order, depth: int = 2):
    """Every cut question a run would pose (nodes entered with a window they could close, to `depth`)."""
    events = list(mm.alphabeta_events(game, root, order=order))
    search = SearchTree(root, game.result, alphabeta=True)
    posed = []
    for index, event in enumerate(events):
        search.apply(event)
        if type(event) is not Push or search.depth(event.node) > depth:
            continue
        node, state = event.node, search.state[event.node]
        maximizing = game.to_move(state) == mm.MAX
        moves = list(game.moves(state) if order is None else order(state, game.moves(state)))
        if game.terminal(state) or len(moves) < 2 or not predict.could_cut(search.window[node], maximizing):
            continue
        tried = predict.moves_tried(events[index + 1 :], node)
        assert tried is not None and predict.moves_tried(events[index + 1 : index + 2], node) is None
        question = predict.cut_question(node, state, moves, tried, seed=index)
        posed.append((question, search.window[node], plain_tried(game, state, search.window[node], order)))
    return search, posed


def seeded_boards(count: int) -> list[str]:
    """Positions reached by 1-4 seeded random moves, games still on."""
    boards = []
    rng = random.Random(15)
    while len(boards) < count:
        board = "." * 9
        for _ in range(rng.randint(1, 4)):
            board = GAME.result(board, rng.choice(list(GAME.moves(board))))
        if not GAME.terminal(board):
            boards.append(board)
    return boards


@pytest.mark.parametrize("order", [None, TicTacToe.centre_first])
def test_tictactoe_cut_answers_are_the_moves_alpha_beta_skips(order) -> None:
    """On 40 seeded positions each cut answer is what plain alpha-beta skips and what the run did."""
    asked = with_cuts = 0
    for board in seeded_boards(40):
        search, posed = cut_questions(GAME, board, order)
        for question, _window, tried in posed:
            assert question.answer == frozenset(question.moves) - frozenset(tried)
            assert question.answer == predict.cuts_of(search, question)
            assert question.answer in question.choices and len(set(question.choices)) == len(question.choices)
            asked += 1
            with_cuts += bool(question.answer)
    assert asked > 100 and 0 < with_cuts < asked


def test_random_tree_cut_answers_agree_with_the_cut_leaves_exercise() -> None:
    """On random trees a node's cut moves hold only leaves `predict.cut_leaves` cuts at that node."""
    for seed in range(30):
        tree = mm.RandomTree(3, 3, seed)
        _search, posed = cut_questions(tree, tree.ROOT, None)
        cut = predict.cut_leaves(tree).cut
        for question, _window, tried in posed:
            assert question.answer == frozenset(question.moves) - frozenset(tried)
            below = {
                leaf
                for move in question.answer
                for leaf in predict.leaves_below(tree, tree.result(question.state, move))
            }
            assert below <= set(cut)
            assert all(cut[leaf].state == question.state for leaf in below)


def test_cut_reason_names_the_window_and_the_cut_moves() -> None:
    """A known case: a MIN node whose first child already scores below α cuts the rest, said with α ≥ β."""
    for seed in range(50):
        tree = mm.RandomTree(2, 3, seed)
        search, posed = cut_questions(tree, tree.ROOT, None)
        cutting = [q for q, _w, _t in posed if q.answer]
        if cutting:
            break
    question = cutting[0]
    reason = predict.cut_reason(search, question, lambda move: f"m{move}")
    assert reason.startswith("After 1 of 3 moves") or reason.startswith("After 2 of 3 moves")
    assert "≥ β" in reason and all(f"m{move}" in reason for move in question.answer)
    clean = (
        next(q for q, _w, _t in posed if not q.answer) if any(not q.answer for q, _w, _t in posed) else None
    )
    if clean is not None:
        assert predict.cut_reason(search, clean, str).startswith("No cut")


def test_value_choices_hold_the_answer_once_and_are_seeded() -> None:
    """Four distinct choices, the answer among them, the same for the same seed."""
    first = predict.value_choices(3, [3, 1, 1, -2], [0, 5], seed=9)
    assert first == predict.value_choices(3, [3, 1, 1, -2], [0, 5], seed=9)
    assert sorted(first) == [-2, 0, 1, 3]
    assert predict.cut_label(frozenset(), [1, 2], str) == "none"
    assert predict.cut_label(frozenset({2, 5}), [5, 1, 2], str) == "5, 2"
    assert predict.could_cut((-inf, 3), True) and not predict.could_cut((-inf, inf), False)


def test_lookahead_reads_the_future_once_and_starts_again_when_asked_earlier() -> None:
    """Indices only go forward: the copy is pulled once; an earlier index or a new key starts it over."""
    from visualizer.guessing import Lookahead

    started = []

    def source():
        """0, 1, 2, ... 99, counting how often it starts."""
        started.append(1)
        return iter(range(100))

    ahead = Lookahead(source)
    assert next(ahead.after(10, "run")) == 10
    assert list(itertools.islice(ahead.after(40, "run"), 3)) == [40, 41, 42]
    assert next(ahead.after(41, "run")) == 41 and len(started) == 1
    assert next(ahead.after(5, "run")) == 5 and len(started) == 2  # stepped back: from the start again
    assert next(ahead.after(7, "other")) == 7 and len(started) == 3  # a new run
    assert list(ahead.after(200, "other")) == []


def test_the_questions_and_the_guessing_need_no_pygame() -> None:
    """predict, guessing and every demo's questions import in a fresh interpreter without pygame."""
    from test_architecture import loads_pygame

    assert not loads_pygame(
        "visualizer.predict",
        "visualizer.guessing",
        "visualizer.scenes.tictactoe.classroom",
        "visualizer.scenes.games.classroom",
        "visualizer.scenes.gametree.classroom",
    )


class TicTacToeSearch:
    """What tic-tac-toe's questions read from its demo, for one alpha-beta search of a fixed board."""

    algorithm = "alphabeta"

    def __init__(self, board: str) -> None:
        self.search_board = board

    def ordered_moves(self, board: str) -> list[int]:
        """Cells in order, as the search tries them."""
        return list(GAME.moves(board))

    def source(self):
        """The computer's search of the board."""
        return mm.alphabeta_events(GAME, self.search_board)


KEYS = ["answer 1", "answer 2", "left", "right", "home", "seek"]
"""What a person does between two frames of predict mode."""


class PredictInputs(RuleBasedStateMachine):
    """Predict mode on a tic-tac-toe search driven by what a person can do between frames, in any order.

    A frame is the player's update then the guessing's follow, as in the app; keys and the timeline
    come in between.  No frame fails, and the open question is about a node the tree holds.
    """

    def __init__(self) -> None:
        super().__init__()
        from ui import TickClock

        from visualizer.guessing import Guessing
        from visualizer.player import Player
        from visualizer.scenes.tictactoe.classroom import Questions
        from visualizer.searchtree import TimedSearchTree

        demo = TicTacToeSearch("x...o....")
        self.player = Player(
            demo.source, lambda: TimedSearchTree(alphabeta=True), speed=5000.0, clock=TickClock(5e-4)
        )
        self.questions = Questions(demo, lambda: self.player)
        self.guessing = Guessing()
        self.guessing.toggle()

    @rule(frames=st.integers(1, 4))
    def frames(self, frames: int) -> None:
        """Frames go by (Space plays when no question is open); a question is always about a node there."""
        for _ in range(frames):
            if self.guessing.question is None and not self.player.playing:
                self.player.toggle()
            self.player.update(1 / 60)
            self.guessing.follow(self.player, self.questions)
            question = self.guessing.question
            assert question is None or question.node < self.player.model.count

    @rule(keys=st.lists(st.sampled_from(KEYS), max_size=4))
    def keys(self, keys: list[str]) -> None:
        """Keys (and a timeline click) in one frame, before it updates."""
        for key in keys:
            self.press(key)

    def press(self, key: str) -> None:
        """What one key does to the run, as the shell and the guessbar do it."""
        player = self.player
        if key.startswith("answer"):
            self.guessing.answer(int(key.split()[1]), player)
        elif key == "home":
            player.restart()
        elif key == "seek":
            player.seek(player.cursor // 2)
        else:
            player.playing, player.target = False, None
            player.back() if key == "left" else player.step()


PredictInputs.TestCase.settings = settings(max_examples=60, stateful_step_count=20, deadline=None)
test_predict_mode_survives_any_inputs = PredictInputs.TestCase


def test_left_after_answering_a_cut_question_asks_it_again() -> None:
    """Answer a cut question and press Left in the same frame: the node is gone, so it is asked again."""
    machine = PredictInputs()
    for _ in range(100):
        machine.frames(1)
        question = machine.guessing.question
        if question is not None and question.kind == predict.CUTS:
            break
        if machine.guessing.asking:
            machine.keys(["answer 1"])
    else:
        raise AssertionError("no cut question")
    machine.keys(["answer 1", "left"])  # the push of the node asked about is undone before the frame
    machine.frames(1)  # was IndexError in Guessing.arrived (searchtree.py:146)
    assert machine.guessing.question is None or machine.guessing.question.node < machine.player.model.count
    machine.frames(3)
    assert machine.guessing.question == question and machine.guessing.asking
