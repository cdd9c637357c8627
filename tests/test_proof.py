"""The m,n,k prover: known game values, agreement with a plain full alpha-beta, symmetry, limits.

The independent answer is `minimax.alphabeta_value` (no table, no threats, no
symmetry): its depth-adjusted value gives the result and the plies to the end.
No test reads the real clock: node limits or a fake clock.
"""

from __future__ import annotations

import random
from itertools import count

import pytest

from solvers.engine import verdict
from solvers.grids import MNK, Position
from solvers.minimax import alphabeta_value
from solvers.proof import Prover, bitboards, prove, symmetries


def plain_answer(game: MNK, pos: Position) -> tuple[str | None, int | None]:
    """The result and plies for the side to move, by a full plain alpha-beta."""
    value = alphabeta_value(game, pos) * pos.mover or 0
    return verdict(value, pos, pos.empty)


def random_position(game: MNK, stones: int, rng: random.Random) -> Position:
    """A position `stones` random moves into a game that is still on."""
    while True:
        pos = game.start()
        for _ in range(stones):
            pos = game.result(pos, rng.choice(game.moves(pos)))
            if game.terminal(pos):
                break
        else:
            return pos


@pytest.mark.parametrize(
    ("shape", "result", "plies"),
    [
        # Published values (Wikipedia, "m,n,k-game"): 3,3,3 is a draw, k = 3 is a first-player
        # win on 3x4 and larger, 4,4,4 is a draw.  The plies are the plain search's
        # (4,3,3 checked below; 3,4,3 was, once, but takes seconds).
        ((3, 3, 3), "draw", None),
        ((3, 4, 3), "win", 7),
        ((4, 3, 3), "win", 7),
        ((4, 4, 3), "win", 5),
        ((4, 4, 4), "draw", None),
    ],
)
def test_empty_boards_have_their_published_values(
    shape: tuple[int, int, int], result: str, plies: int
) -> None:
    game = MNK(*shape)
    proof = prove(game, game.start())
    assert proof.proven and (proof.result, proof.plies) == (result, plies)


@pytest.mark.parametrize("shape", [(3, 3, 3), (4, 3, 3)])
def test_small_empty_boards_agree_with_a_plain_full_search(shape: tuple[int, int, int]) -> None:
    game = MNK(*shape)
    proof = prove(game, game.start())
    assert (proof.result, proof.plies) == plain_answer(game, game.start())


@pytest.mark.parametrize(
    ("shape", "stones"), [((4, 4, 4), 7), ((4, 4, 4), 9), ((4, 4, 3), 6), ((5, 4, 4), 11)]
)
def test_random_positions_agree_with_a_plain_full_search(shape: tuple[int, int, int], stones: int) -> None:
    game, rng = MNK(*shape), random.Random(sum(shape) * 100 + stones)
    for _ in range(8):
        pos = random_position(game, stones, rng)
        proof = prove(game, pos)
        assert (proof.result, proof.plies) == plain_answer(game, pos), game.show(pos)
        assert proof.move is not None, "the random positions are still open"
        after = game.result(pos, proof.move)
        answer = plain_answer(game, after)  # a finished game too: its utility
        flipped = {"win": "loss", "loss": "win", "draw": "draw"}[answer[0] or ""]
        assert (flipped, answer[1]) == (proof.result, None if proof.plies is None else proof.plies - 1)


def test_a_win_and_a_loss_for_the_side_to_move() -> None:
    game = MNK(3, 3, 3)
    fork = game.parse("x..\n.o.\n..x")  # o to move: o must not play a corner
    assert prove(game, fork).result == "draw"
    lost = game.parse("xo.\n.x.\n...")  # o to move, x threatens the diagonal and more
    assert (prove(game, lost).result, prove(game, lost).plies) == plain_answer(game, lost) == ("loss", 4)
    won = game.parse("xx.\noo.\n...")
    assert (prove(game, won).result, prove(game, won).plies) == ("win", 1)


def test_symmetric_boards_share_one_table_entry() -> None:
    game = MNK(4, 4, 4)
    prover = Prover(game)
    pos = game.parse("x...\n.o..\n....\nx...")
    keys = set()
    for permutation in symmetries(4, 4):
        turned = bytearray(b"." * 16)
        for cell, stone in enumerate(pos.cells):
            turned[permutation[cell]] = stone
        keys.add(prover.canonical(*bitboards(game, game.position(bytes(turned)))))
    assert len(symmetries(4, 4)) == 8 and len(symmetries(4, 5)) == 4
    assert len(keys) == 1


def test_limits_leave_it_unproven() -> None:
    game = MNK(4, 4, 4)
    assert prove(game, game.start(), nodes=100).result is None
    ticks = count()
    stopped = prove(game, game.start(), seconds=5, clock=lambda: float(next(ticks)))
    assert not stopped.proven and stopped.plies is None


@pytest.mark.parametrize(
    ("rows", "best"),
    [
        (("xx.", "oo.", "..."), {2}),  # win at once
        (("x..", ".o.", "..x"), {1, 3, 5, 7}),  # o keeps the draw only on an edge
        (("xo.", ".x.", "..."), {8}),  # o loses anyway; blocking the diagonal loses slowest
    ],
)
def test_the_best_move_keeps_the_result(rows: tuple[str, ...], best: set[int]) -> None:
    game = MNK(3, 3, 3)
    proof = prove(game, game.parse("\n".join(rows)))
    assert proof.move in best


def test_a_search_proves_only_where_it_tries_every_move() -> None:
    """Small boards try every empty cell; big ones keep near the stones until every empty cell is near one."""
    small = MNK(3, 3, 3)
    assert small.tries_every_move(small.start())
    big = MNK(7, 7, 4)
    assert not big.tries_every_move(big.start())  # the empty board tries its centre alone
    one_stone = big.result(big.start(), big.cell(0, 0))
    assert not big.tries_every_move(one_stone)  # the far corner is near no stone
    crowded = big.start()
    for row in range(0, 7, 2):  # a stone on every other row and column: every empty cell touches one
        for col in range(0, 7, 2):
            crowded = big.result(crowded, big.cell(row, col))
    assert big.tries_every_move(crowded)
