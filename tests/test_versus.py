"""A game against the computer (visualizer.versus), as tic-tac-toe and the games demo keep it."""

from __future__ import annotations

from visualizer.history import EditHistory
from visualizer.scenes.games.model import Match, NewMatch, Place
from visualizer.scenes.tictactoe.model import COMPUTER, HUMAN, Game, NewGame, Play
from visualizer.versus import is_reply


def test_a_new_game_undone_brings_back_the_moves_and_answers_as_they_were() -> None:
    """Both demos' games: moves and answers survive a new game, its undo and moves played in between."""
    game = Game()
    history: EditHistory[Game] = EditHistory(game)
    history.do(Play(4))
    history.do(Play(0, -0.0))
    history.do(NewGame(game, COMPUTER))
    assert (game.starts, game.moves, game.answers, game.board) == (COMPUTER, [], {}, ".........")
    history.do(Play(8, 0.0))  # the new game's first move must not reach the kept one
    history.undo()
    history.undo()
    assert (game.starts, game.moves, game.answers) == (HUMAN, [4, 0], {1: -0.0})
    assert game.board == "o...x...." and game.latest_answer() == (1, -0.0)
    assert is_reply(history.redo()) is False  # the new game comes back, then its reply
    assert is_reply(history.redo()) and game.moves == [8]


def test_a_new_match_keeps_the_rules_it_replaced() -> None:
    """The games demo's match: key, rule and size come back with the moves on undo."""
    match = Match("444")
    history: EditHistory[Match] = EditHistory(match)
    history.do(Place(5))
    history.do(NewMatch(match, "connect4", COMPUTER, size=(5, 4)))
    assert (match.key, match.starts, match.size, match.moves) == ("connect4", COMPUTER, (5, 4), [])
    history.undo()
    assert (match.key, match.starts, match.size, match.moves) == ("444", HUMAN, (7, 6), [5])
    assert match.last_answer() is None and match.computers_turn  # your move is on the board
