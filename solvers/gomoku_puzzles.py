"""Gomoku threat puzzles: forced wins and must-blocks, read from a file and checked by brute force.

Vocabulary
----------
- A puzzle file (`assets/puzzles/gomoku/threats.txt`) holds blocks: a line
  `[name] win N` or `[name] block N` (N: the attacker's moves in the line,
  the five included), optional `# comment` lines, then the board, 15 lines of
  x, o and '.'.  The side to move follows from the counts (x moves first).
  In a `win` puzzle the side to move wins within N moves; in a `block`
  puzzle the opponent would, and the side to move must stop it.
- A `hold` puzzle, `[name] hold N m1 m2 ...`: the opponent threatens a
  threat line of up to N threats (fours and open threes), and the side to
  move holds only with the moves listed; every other move loses to such a
  line.  Too deep for brute force, it is checked by the threat search run
  from each candidate (`holds`), a four of the mover's played out with the
  opponent's forced block (a four only delays: after the block the mover
  must still hold).
- A `quiet` puzzle, `[name] quiet N m1 r1 m2 r2 ...`: each move m (which
  leaves the opponent no threat line as it stands) loses to the opponent's
  quiet reply r (not a four), after which no move of the side to move holds
  a line of up to N threats (`refutes`: `holding_moves` over every empty
  cell).  A solver must play none of the m.
- `brute_wins(game, pos, attacker, moves)`: does `attacker` (to move) win
  within `moves` of its moves against every defence?  Plain game rules only,
  independent of `solvers.threats`: the defender tries every empty cell
  unless a five must be blocked; the attacker tries the empty cells of lines
  (k-windows) that hold its stones and none of the opponent's, the only
  cells from which a five can grow within three moves.  For small N only.

Example: `brute_wins(game, pos, MAX, 2)` on x's open three with x to move is
True (an open four, then five).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from solvers.grids import EMPTY, MNK, STONE, Grid, Position
from solvers.minimax import MAX
from solvers.threats import Board, Exhausted, Threats

PUZZLES = Path(__file__).resolve().parent.parent / "assets" / "puzzles" / "gomoku" / "threats.txt"
HEADER = re.compile(
    r"^\[(?P<name>[\w-]+)\]\s+(?P<kind>win|block|hold|quiet)\s+(?P<moves>\d+)(?P<holds>(\s+[a-z]\d+)*)\s*$"
)
HOLD_FOURS = 12
"""A hold puzzle's opponent lines: continuous fours up to this many (its N bounds the threat lines)."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: its name, `win` or `block`, the attacker's moves in the line, the position."""

    name: str
    kind: str
    moves: int
    pos: Position
    notes: str = ""
    holds: frozenset[int] = frozenset()
    """A hold puzzle's moves that hold (empty for the other kinds)."""
    refuted: tuple[tuple[int, int], ...] = ()
    """A quiet puzzle's losing moves, each with the quiet reply that beats it (empty for the other kinds)."""


def load(path: Path = PUZZLES, game: MNK | None = None) -> list[Puzzle]:
    """Every puzzle in `path` (a `ValueError` names a bad block)."""
    game = game or MNK(15, 15, 5)
    puzzles: list[Puzzle] = []
    header: re.Match[str] | None = None
    board: list[str] = []
    notes: list[str] = []
    for line in [*path.read_text(encoding="utf-8").splitlines(), "[end] win 0"]:
        found = HEADER.match(line.strip())
        if found is None:
            if line.startswith("#"):
                notes.append(line[1:].strip())
            elif line.strip():
                board.append(line.strip())
            continue
        if header is not None:
            pos = game.parse("\n".join(board))
            cells = [game.named_cell(name) for name in header["holds"].split()]
            quiet = header["kind"] == "quiet"
            holds = frozenset(() if quiet else cells)
            refuted = tuple(zip(cells[0::2], cells[1::2], strict=False)) if quiet else ()
            puzzles.append(
                Puzzle(
                    header["name"], header["kind"], int(header["moves"]), pos, " ".join(notes), holds, refuted
                )
            )
        header, board, notes = found, [], []
    return puzzles


class Brute:
    """Wins by plain search: five-cells read from the lines, every defence tried."""

    def __init__(self, game: Grid) -> None:
        self.game = game
        self.lines = [range(len(game.start().cells))[line] for line in game._lines]
        k = game.k
        self.gaps = {player: re.compile(self._gap_pattern(STONE[player], k)) for player in (1, -1)}

    @staticmethod
    def _gap_pattern(stone: int, k: int) -> bytes:
        """A regex finding, overlapping, every k cells of `stone` with one gap ('xx.xx')."""
        mark = bytes([stone])
        return b"(?=(" + b"|".join(mark * i + b"\\." + mark * (k - 1 - i) for i in range(k)) + b"))"

    def five_cells(self, cells: bytearray, player: int) -> set[int]:
        """The empty cells where `player` would make the rule's five."""
        found = set()
        for line in self.lines:
            text = bytes(cells[i] for i in line)
            for match in self.gaps[player].finditer(text):
                spot = line[match.start() + match.group(1).index(b".")]
                found.add(spot)
        if getattr(self.game, "rule", "freestyle") == "standard":
            found = {c for c in found if self._wins(cells, c, player)}
        return found

    def _wins(self, cells: bytearray, cell: int, player: int) -> bool:
        """`player` on `cell` wins by the game's own rule."""
        cells[cell] = STONE[player]
        won = self.game.wins_through(bytes(cells), cell)
        cells[cell] = EMPTY
        return won

    def useful(self, cells: bytearray, player: int) -> list[int]:
        """Empty cells of k-windows holding `player`'s stones and none of the opponent's."""
        mine, theirs = STONE[player], STONE[-player]
        weight: dict[int, int] = {}
        k = self.game.k
        for line in self.lines:
            for start in range(len(line) - k + 1):
                window = [cells[i] for i in line[start : start + k]]
                if mine in window and theirs not in window:
                    for i in line[start : start + k]:
                        if cells[i] == EMPTY:
                            weight[i] = weight.get(i, 0) + window.count(mine) ** 2
        return sorted(weight, key=lambda cell: (-weight[cell], cell))

    def wins(self, cells: bytearray, attacker: int, moves: int) -> bool:
        """`attacker` to move wins within `moves` of its own moves."""
        if moves <= 0:
            return False
        if self.five_cells(cells, attacker):
            return True
        theirs = self.five_cells(cells, -attacker)
        if moves == 1 or len(theirs) >= 2:
            return False
        for move in sorted(theirs) if theirs else self.useful(cells, attacker):
            cells[move] = STONE[attacker]
            won = self.every_defence_loses(cells, attacker, moves - 1)
            cells[move] = EMPTY
            if won:
                return True
        return False

    def every_defence_loses(self, cells: bytearray, attacker: int, moves: int) -> bool:
        """The defender is to move, and every move loses within the attacker's `moves`."""
        if self.five_cells(cells, -attacker):
            return False
        threats = self.five_cells(cells, attacker)
        if len(threats) >= 2:
            return True
        options = sorted(threats) if threats else [i for i, c in enumerate(cells) if c == EMPTY]
        for reply in options:
            cells[reply] = STONE[-attacker]
            won = self.wins(cells, attacker, moves)
            cells[reply] = EMPTY
            if not won:
                return False
        return True


def holds(game: Grid, pos: Position, move: int, threats: int, budget: int = 400_000) -> bool | None:
    """After the side to move plays `move`, the opponent has no threat line of up to `threats` threats
    (True), has one (False), or a search ran out of `budget` nodes (None).

    A four of the mover's is answered by the opponent's forced block; then the
    mover must still hold with some move (the first found; a second four is not
    followed again and counts as unknown).
    """
    return _holds(Board(game, pos), pos.mover, move, threats, budget, follow_fours=True)


def holding_moves(
    game: Grid, pos: Position, threats: int, budget: int = 400_000
) -> tuple[set[int], set[int]]:
    """The empty cells that hold for the side to move (see `holds`), and those the budget left unknown."""
    board, held, unknown = Board(game, pos), set(), set()
    for cell in _empty(board):
        verdict = _holds(board, pos.mover, cell, threats, budget, follow_fours=True)
        if verdict is None:
            unknown.add(cell)
        elif verdict:
            held.add(cell)
    return held, unknown


def first_holding_move(
    game: Grid, pos: Position, threats: int, budget: int = 400_000
) -> tuple[int | None, int]:
    """A move that holds for the side to move (see `holds`; busy cells tried first, the first found), or
    None; and how many cells tried before it the budget left unknown."""
    board, unknown = Board(game, pos), 0
    for cell in board.busy_first():
        verdict = _holds(board, pos.mover, cell, threats, budget, follow_fours=True)
        if verdict:
            return cell, unknown
        unknown += verdict is None
    return None, unknown


def refutes(game: Grid, pos: Position, move: int, reply: int, threats: int, budget: int = 400_000) -> bool:
    """After the side to move plays `move` and the opponent `reply`, no move of the side to move holds a
    threat line of up to `threats` threats (`holding_moves`: none holds, none unknown)."""
    after = game.result(game.result(pos, move), reply)
    held, unknown = holding_moves(game, after, threats, budget)
    return not held and not unknown


def _empty(board: Board) -> list[int]:
    """The board's empty cells."""
    return [cell for cell, stone in enumerate(board.cells) if stone == EMPTY]


def _holds(board: Board, me: int, move: int, threats: int, budget: int, *, follow_fours: bool) -> bool | None:
    """`holds` on a `Board` (`move` played and taken back)."""
    board.play(move, me)
    try:
        if board.five_cells(-me):
            return False
        forced = board.five_cells(me)
        if len(forced) >= 2:
            return True
        if not forced:
            return _no_line(board, -me, threats, budget)
        if not follow_fours:
            return None
        board.play(forced[0], -me)
        try:
            return _any_holds(board, me, threats, budget)
        finally:
            board.undo(forced[0], -me)
    finally:
        board.undo(move, me)


def _any_holds(board: Board, me: int, threats: int, budget: int) -> bool | None:
    """Some move of `me` (to move) holds (True), none does (False), or none is known to (None).

    Busy cells are tried first: a holding move is usually near the stones, and the search stops at the first.
    """
    unknown = False
    for cell in board.busy_first():
        verdict = _holds(board, me, cell, threats, budget, follow_fours=False)
        if verdict:
            return True
        unknown = unknown or verdict is None
    return None if unknown else False


def _no_line(board: Board, attacker: int, threats: int, budget: int) -> bool | None:
    """`attacker` (to move) has no VCF nor VCT within `threats` (True), has one (False), or unknown (None)."""
    search = Threats(board, budget)
    try:
        no_fours = search.vcf(attacker, HOLD_FOURS) is None
        return no_fours and search.vct(attacker, threats, shortest=False) is None
    except Exhausted:
        return None


def brute_wins(game: Grid, pos: Position, attacker: int, moves: int) -> bool:
    """Does `attacker`, to move on `pos`'s board, win within `moves` of its moves?"""
    return Brute(game).wins(bytearray(pos.cells), attacker, moves)


def attacker_of(puzzle: Puzzle) -> int:
    """Who makes the puzzle's threat: the side to move in a win, the other in a block."""
    return puzzle.pos.mover if puzzle.kind == "win" else -puzzle.pos.mover


__all__ = [
    "MAX",
    "Brute",
    "Puzzle",
    "attacker_of",
    "brute_wins",
    "first_holding_move",
    "holding_moves",
    "holds",
    "load",
    "refutes",
]
