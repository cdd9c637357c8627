"""Towers of Hanoi: to move n disks, move n - 1 out of the way, move the largest, put the n - 1 back on it.

Returns the moves as (disk, from, to) so they can be checked.

    unwind trace hanoi.py hanoi 3
"""


def hanoi(n, frm="A", to="C", via="B", moves=None):
    """The moves that take n disks from `frm` to `to`, using `via`."""
    if moves is None:
        moves = []
    if n == 0:
        return moves
    hanoi(n - 1, frm, via, to, moves)
    moves.append((n, frm, to))
    hanoi(n - 1, via, to, frm, moves)
    return moves
