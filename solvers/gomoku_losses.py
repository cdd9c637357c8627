"""Post-mortem of a lost gomoku game: the last position where the loser could still hold, and why it fell.

Vocabulary
----------
- The *bar* (issue 31): hard never loses to a threat line of up to 7 threats.
  A move *holds* when it leaves the opponent no such line
  (`solvers.gomoku_puzzles.holds`: a VCF of up to 12 fours or a VCT of up
  to 7 threats, a four of the mover's played out with the forced block).
- `post_mortem(game, start, moves, loser)` walks the positions where the
  loser was to move, from the end back, and stops at the last one where some
  move held (`first_holding_move`: every empty cell, busy cells first).  The
  loser's move there, `played`, either did not hold, or it did and the
  opponent's `reply` left the loser no move that holds.  The `Loss.kind`:
  - `"held"` (a fault against the bar): `played` left a line of N <= 7
    threats, and `holding` would have held;
  - `"long"`: `reply` was a threat (a four, an open three) that began a line
    of N > 7 threats: `reply`, then after the loser's `best` answer (the one
    that makes the line longest) N - 1 more;
  - `"unseen"`: the same with N <= 7: a line within the bar that the threat
    search does not see, because after a threat it follows only threats that
    share a line with it (dependent threats) and `reply` is followed by
    threats elsewhere; `played` held only by the search's lights;
  - `"quiet"`: `reply` was quiet (no four, no open three), and after the
    loser's `best` answer the opponent had a line of N threats;
  - `"lost"`: no position of the game held (the loser was lost at `start`).
- N counts the attacker's threats before the five (0: a five was left open;
  `Threats.fewest`: a VCT,
  else a VCF of up to 12 fours).  Every search has `budget` nodes; cells whose
  searches ran out are counted in `Loss.unknown` (taken as not holding).

Example: bench_gomoku's opening 25 (hard o against medium), h8 f8 h7 g9 h6 h5
g7 h10 e7 f7 f6 e5 ...: `Loss("held", ply=9, played=f7, threats=5)`: o's f7
left x a line of 5 threats from f6, an open three (e5 or i9 makes an open
four), and i7 held.  Before the threat search kept the threat a forced block
leaves standing as the anchor of the next three, the same loss was "unseen".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from solvers.gomoku_puzzles import HOLD_FOURS, first_holding_move, holds
from solvers.grids import EMPTY, Grid, Position
from solvers.threats import Board, Exhausted, Threats

BAR = 7
"""The threat lines hard must hold (issue 31)."""
BUDGET = 150_000
"""Nodes for each search of the post-mortem (the planner's are 12,000 to 40,000)."""


@dataclass(frozen=True)
class Loss:
    """Why a game was lost: the `kind` ("held", "long", "unseen", "quiet", "lost"), where, and the line.

    `ply` indexes `moves`: the loser's move at the last position that held.
    """

    kind: str
    ply: int = -1
    played: int | None = None
    holding: int | None = None
    """A move that held where `played` did not ("held")."""
    reply: int | None = None
    """The opponent's move after `played`: the first threat of its line ("long", "unseen"), or quiet."""
    threats: int | None = None
    """N: the fewest threats of the opponent's line (None: none found within the search's reach)."""
    verdict: bool | None = None
    """`holds` for `played`: True, False, or None when its search ran out."""
    unknown: int = 0
    """Cells whose searches ran out of budget on the way."""
    best: int | None = None
    """After `reply`, the loser's move that made the opponent's line longest ("long", "unseen", "quiet")."""
    threat: str | None = None
    """What `reply` threatens: "four" or "three" (an open three) for "long" and "unseen" (`threat_of`)."""


def post_mortem(
    game: Grid, start: Position, moves: Sequence[int], loser: int, bar: int = BAR, budget: int = BUDGET
) -> Loss:
    """Where and why `loser` lost the game of `moves` from `start` (see the module's words)."""
    positions = [start]
    for move in moves:
        positions.append(game.result(positions[-1], move))
    unknown = 0
    for ply in reversed(range(len(moves))):
        if positions[ply].mover != loser:
            continue
        holding, unsure = first_holding_move(game, positions[ply], bar, budget)
        unknown += unsure
        if holding is not None:
            return _why(game, positions, moves, ply, holding, unknown, bar, budget)
    return Loss("lost", unknown=unknown)


def _why(
    game: Grid,
    positions: list[Position],
    moves: Sequence[int],
    ply: int,
    holding: int,
    unknown: int,
    bar: int,
    budget: int,
) -> Loss:
    """The loss, given that at `ply` (the loser to move) `holding` held and no later position did."""
    played = moves[ply]
    verdict = holds(game, positions[ply], played, bar, budget)
    if verdict is False or ply + 2 >= len(positions) or positions[ply + 2].winner:
        depth = fewest_threats(game, positions[ply + 1], 0, bar, budget)
        return Loss("held", ply, played, holding, None, depth, verdict, unknown)
    reply = moves[ply + 1]
    best, depth = hardest_reply(game, positions[ply + 2], bar, budget)
    threat = threat_of(game, positions[ply + 2], -positions[ply].mover)
    if threat is None:
        return Loss("quiet", ply, played, holding, reply, depth, verdict, unknown, best)
    depth = None if depth is None else depth + 1
    kind = "unseen" if depth is not None and depth <= bar else "long"
    return Loss(kind, ply, played, holding, reply, depth, verdict, unknown, best, threat)


def hardest_reply(game: Grid, pos: Position, bar: int, budget: int) -> tuple[int | None, int | None]:
    """The side to move's best move (none holds): the one after which the opponent's line has the most
    threats, and how many (fours are left out: a four only delays).  None for the threats when some
    search ran out of `budget` or found no line of up to `bar`."""
    board, me = Board(game, pos), pos.mover
    best, most = None, -1
    for cell in [c for c, stone in enumerate(board.cells) if stone == EMPTY]:
        board.play(cell, me)
        four = bool(board.five_cells(me))
        board.undo(cell, me)
        if four:
            continue
        depth = fewest_threats(game, game.result(pos, cell), 0, bar, budget)
        if depth is None:
            return cell, None
        if depth > most:
            best, most = cell, depth
    return best, most if best is not None else None


def threat_of(game: Grid, pos: Position, player: int) -> str | None:
    """What `player`, who just moved, threatens: "four" (a five-cell), "three" (a move to an open four),
    or None (a quiet move)."""
    board = Board(game, pos)
    if board.five_cells(player):
        return "four"
    return "three" if Threats(board, 1).gains(player) else None


def fewest_threats(game: Grid, pos: Position, least: int, most: int, budget: int) -> int | None:
    """The fewest threats, from `least` up to `most`, of a line for the side to move: a VCT, else a VCF of
    up to `HOLD_FOURS` fours (None: none found, or the budget ran out)."""
    search = Threats(Board(game, pos), budget)
    try:
        found = search.fewest(pos.mover, most, "vct", least)
        if found is None:
            found = search.fewest(pos.mover, HOLD_FOURS, "vcf", least)
    except Exhausted:
        return None
    return found[0] if found else None


__all__ = ["BAR", "BUDGET", "Loss", "fewest_threats", "hardest_reply", "post_mortem", "threat_of"]
