"""Gomoku threat puzzles: forced wins and must-blocks, read from a file and checked by brute force.

Vocabulary
----------
- A puzzle file (`assets/puzzles/gomoku/threats.txt`) holds blocks: a line
  `[name] win N` or `[name] block N` (N: the attacker's moves in the line,
  the five included), optional `# comment` lines, then the board, 15 lines of
  x, o and '.'.  The side to move follows from the counts (x moves first).
  In a `win` puzzle the side to move wins within N moves; in a `block`
  puzzle the opponent would, and the side to move must stop it.
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

PUZZLES = Path(__file__).resolve().parent.parent / "assets" / "puzzles" / "gomoku" / "threats.txt"
HEADER = re.compile(r"^\[(?P<name>[\w-]+)\]\s+(?P<kind>win|block)\s+(?P<moves>\d+)\s*$")


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: its name, `win` or `block`, the attacker's moves in the line, the position."""

    name: str
    kind: str
    moves: int
    pos: Position
    notes: str = ""


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
            puzzles.append(Puzzle(header["name"], header["kind"], int(header["moves"]), pos, " ".join(notes)))
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


def brute_wins(game: Grid, pos: Position, attacker: int, moves: int) -> bool:
    """Does `attacker`, to move on `pos`'s board, win within `moves` of its moves?"""
    return Brute(game).wins(bytearray(pos.cells), attacker, moves)


def attacker_of(puzzle: Puzzle) -> int:
    """Who makes the puzzle's threat: the side to move in a win, the other in a block."""
    return puzzle.pos.mover if puzzle.kind == "win" else -puzzle.pos.mover


__all__ = ["MAX", "Brute", "Puzzle", "attacker_of", "brute_wins", "load"]
