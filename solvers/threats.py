"""Threat-space search for gomoku (after Allis 1994): fours, open threes, VCF and VCT, for both sides.

Vocabulary (k = 5 in gomoku; every word holds for any k)
----------------------------------------------------------
- A *five-cell* of a player: an empty cell that wins for them (the rule's
  five: exactly five under `standard`).  A *four*: a move after which its
  player has a five-cell; the opponent must block it (a single forced reply).
  Two five-cells at once (an open four, a double four) win.
- An *open three*: a move after which its player has a *gain*, a move making
  two five-cells (an open four).  The opponent must answer it: on one of the
  cells of the three's lines (its *defences*), or with a four of their own.
- VCF, victory by continuous fours: a line of fours, each answered by its
  one forced reply, that ends in five.  VCT, victory by continuous threats:
  fours and open threes; after a three every defence must still lose.
  Depths count the attacker's moves before the winning one.  Both searches
  are sound: a line they return wins against every defence (the defender's
  counter-fours included); they may miss a win (depth, budget).
- `Board`: the stones and, per window of k cells and span of k + 1 cells,
  each player's stone counts, kept as moves are played and taken back.
- `Planner(game, reach).decide(pos)`: what the threats alone decide, as a
  `Plan` (the move, why, and the threat line) or None, in this order: five;
  block a five; own VCF; own VCT; stop the opponent's VCF or VCT.
- `think(game, pos, level)`: the computer's move: the planner at the level's
  `Reach`, else `solvers.engine.Engine` at the level's limits.

Example: `Planner(MNK(15, 15, 5), LEVEL_REACH["medium"]).decide(pos)` on the
position after h8 h7 i9 g7 i7 i8 g9 (x's open three threatens an open four
at j6) gives `Plan(move=j6, kind="block", threat="open four", line=(j6, k5,
f10), ...)`: o blocks at j6, where x would go j6, k5, f10.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from math import inf

from solvers.engine import CLOCK_EVERY, LEVELS, Answer, Engine, Limits
from solvers.gomoku_rules import BANNING, Gomoku
from solvers.grids import EMPTY, SMALL_BOARD, STONE, WIN, Grid, Position
from solvers.i18n import N_, _
from solvers.minimax import MAX

THREAT_NAMES = {
    "five": N_("five in a row"),
    "four": N_("four"),
    "open four": N_("open four"),
    "double four": N_("double four"),
    "four-three": N_("four-three"),
    "three-three": N_("double three"),
    "open three": N_("open three"),
    "fours": N_("continuous fours"),
    "threats": N_("threat sequence"),
}
"""A threat's kind in words, marked for translation where shown."""


@dataclass(frozen=True)
class Reach:
    """How far the planner looks: VCF and VCT depths for itself and for the opponent, a node budget."""

    own_vcf: int = 0
    own_vct: int = 0
    their_vcf: int = 0
    their_vct: int = 0
    budget: int = 6_000
    """Nodes for each search (the decision makes several: own lines, the opponent's, each defence)."""
    total: int = 60_000
    """Nodes for the whole decision: its time is bounded by nodes, never by a clock."""
    recheck: int = 0
    """Nodes for each search when no defence was proved safe: the unsure ones are searched again."""
    recheck_total: int = 0
    """Nodes for all those second searches, over `total`."""
    choose: bool = False
    """Alpha-beta chooses among the defences proved safe (`Plan.holds`), not the heuristic alone."""
    deeper: int = 0
    """With several defences proved safe, those that leave a line of up to this many threats are dropped
    (each search `budget` nodes, all within `total` + `recheck_total`; 0: no second look)."""


LEVEL_REACH: dict[str, Reach | None] = {
    "easy": None,
    "medium": Reach(own_vcf=4, their_vcf=2, their_vct=2, budget=2_000, total=20_000),
    "hard": Reach(
        own_vcf=12,
        own_vct=7,
        their_vcf=12,
        their_vct=7,
        budget=12_000,
        total=60_000,
        recheck=40_000,
        recheck_total=80_000,
        choose=True,
        deeper=9,
    ),
}
"""The planner per level.  Easy has none (it loses to a beginner's four);
medium wins by short fours and blocks every direct threat (a four, an open
three, a four-three, a double three); hard finds and stops threat lines of up
to 7 moves, each search 12,000 nodes (when no defence is proved safe, the
likeliest are searched again with 40,000); of the defences that hold, it keeps
those that also hold lines of 9 and lets alpha-beta choose.  Measured in
bench/bench_gomoku.py (README): with defences tried the defender's busy cells
first, a line of 6 or 7 threats takes a few thousand nodes where it took
100,000 (issue 31)."""


DEFENCES_SAFE = 4
"""A block is chosen among the first this many safe defences (by the heuristic)."""


Tally = tuple[list[int], list[int], set[int], set[int], list[list[int]], int]
"""One kind of line (windows or spans) as a move changes it: `Board._tallies`."""


QUICK_DEPTHS = 3
"""`Threats.vct` with `shortest` False deepens one threat at a time up to this many, then to its depth."""


PLANNER_SHARE = 0.6
"""The share of a timed move (`Limits.seconds`: the app's) the threat searches may use; alpha-beta has the
rest, and its least depth.  Counted budgets (tests, the bench) never look at a clock."""


NONE: frozenset[int] = frozenset()
"""No move made yet: the root of a threat search, where any threat may begin the line."""


class Exhausted(Exception):
    """The node budget ran out: the search does not know."""


@lru_cache(maxsize=8)
def geometry(rows: int, cols: int, k: int) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """Every window of k cells and every span of k + 1 cells along rows, columns and diagonals."""
    windows: list[tuple[int, ...]] = []
    spans: list[tuple[int, ...]] = []
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for row in range(rows):
            for col in range(cols):
                for length, found in ((k, windows), (k + 1, spans)):
                    end_r, end_c = row + dr * (length - 1), col + dc * (length - 1)
                    if 0 <= end_r < rows and 0 <= end_c < cols:
                        found.append(tuple((row + dr * i) * cols + col + dc * i for i in range(length)))
    return windows, spans


def applies(game: Grid) -> bool:
    """Threats are worth searching: a big board without gravity, four or more in a row to win."""
    return not game.gravity and game.rows * game.cols > SMALL_BOARD and game.k >= 4


class Board:
    """Stones plus each window's and span's counts per player, kept as moves come and go."""

    def __init__(self, game: Grid, pos: Position) -> None:
        self.game, self.k = game, game.k
        self.windows, self.spans = geometry(game.rows, game.cols, game.k)
        self.wins_of: list[list[int]] = [[] for _cell in pos.cells]
        self.spans_of: list[list[int]] = [[] for _cell in pos.cells]
        for index, window in enumerate(self.windows):
            for cell in window:
                self.wins_of[cell].append(index)
        for index, span in enumerate(self.spans):
            for cell in span:
                self.spans_of[cell].append(index)
        self.count = {p: [0] * len(self.windows) for p in (1, -1)}
        self.scount = {p: [0] * len(self.spans) for p in (1, -1)}
        self.hot: dict[int, set[int]] = {1: set(), -1: set()}  # windows with k - 2 or more, no opponent
        self.warm: dict[int, set[int]] = {1: set(), -1: set()}  # spans with k - 3 or more, no opponent
        self.cells = bytearray(b"." * len(pos.cells))
        self.key = 0
        self._near: dict[int, set[int]] = {}
        self._tallies: dict[int, tuple[Tally, Tally]] = {
            p: (
                (self.count[p], self.count[-p], self.hot[p], self.hot[-p], self.wins_of, self.k - 2),
                (
                    self.scount[p],
                    self.scount[-p],
                    self.warm[p],
                    self.warm[-p],
                    self.spans_of,
                    max(1, self.k - 3),
                ),
            )
            for p in (1, -1)
        }
        """What a stone of each player changes: the window counts (hot at k - 2), the span counts (warm at
        k - 3), each with the other side's counts, both sides' marked sets, and each cell's ones."""
        self.checks_rule = getattr(game, "rule", "freestyle") != "freestyle"
        self.bans = game.forbidden if isinstance(game, Gomoku) and game.rule in BANNING else None
        for cell, stone in enumerate(pos.cells):
            if stone != EMPTY:
                self.play(cell, MAX if stone == STONE[MAX] else -MAX)

    def play(self, cell: int, player: int) -> None:
        """Put `player`'s stone on `cell`: its windows and spans count one more stone of `player`'s."""
        self.cells[cell] = STONE[player]
        self.key ^= (cell * 2 + (player > 0) + 1) * 0x9E3779B97F4A7C15 % (1 << 64)
        for mine, theirs, my_marks, their_marks, through, low in self._tallies[player]:
            for w in through[cell]:
                now = mine[w] + 1
                mine[w] = now
                if theirs[w]:  # the first stone takes the window from the other side
                    if now == 1:
                        their_marks.discard(w)
                elif now == low:
                    my_marks.add(w)

    def undo(self, cell: int, player: int) -> None:
        """Take `player`'s stone off `cell` (`play` undone)."""
        self.cells[cell] = EMPTY
        self.key ^= (cell * 2 + (player > 0) + 1) * 0x9E3779B97F4A7C15 % (1 << 64)
        for mine, theirs, my_marks, their_marks, through, low in self._tallies[player]:
            for w in through[cell]:
                now = mine[w] - 1
                mine[w] = now
                if theirs[w]:  # the last stone gives the window back to the other side
                    if not now and theirs[w] >= low:
                        their_marks.add(w)
                elif now == low - 1:
                    my_marks.discard(w)

    def lines_near(self, cell: int) -> set[int]:
        """The cells sharing a span of k + 1 cells with `cell`."""
        near = self._near.get(cell)
        if near is None:
            near = self._near[cell] = {c for s in self.spans_of[cell] for c in self.spans[s]}
        return near

    def wins_at(self, cell: int, player: int) -> bool:
        """`player` playing `cell` makes the rule's five."""
        self.cells[cell] = STONE[player]
        won = self.game.wins_through(bytes(self.cells), cell)
        self.cells[cell] = EMPTY
        return won

    def five_cells(self, player: int) -> list[int]:
        """The empty cells that win for `player` now, in board order."""
        count, need = self.count[player], self.k - 1
        found = {
            cell
            for w in self.hot[player]
            if count[w] == need
            for cell in self.windows[w]
            if self.cells[cell] == EMPTY
        }
        if self.checks_rule:
            found = {cell for cell in found if self.wins_at(cell, player)}
        return sorted(found)

    def four_moves(self, player: int) -> set[int]:
        """The cells that may make a four for `player` (the search checks each)."""
        count, need = self.count[player], self.k - 2
        return {
            cell
            for w in self.hot[player]
            if count[w] == need
            for cell in self.windows[w]
            if self.cells[cell] == EMPTY
        }

    def open_spans(self, player: int, stones: int) -> list[tuple[int, ...]]:
        """Spans of k + 1 cells, both ends empty, `stones` of `player`'s inside and none of the other's."""
        count, cells = self.scount[player], self.cells
        return [
            span
            for w in self.warm[player]
            if count[w] == stones
            for span in [self.spans[w]]
            if cells[span[0]] == EMPTY and cells[span[-1]] == EMPTY
        ]

    def three_moves(self, player: int) -> set[int]:
        """The cells that may make an open three for `player` (the search checks each)."""
        cells = self.cells
        return {c for span in self.open_spans(player, self.k - 3) for c in span[1:-1] if cells[c] == EMPTY}

    def legal(self, cell: int, player: int) -> bool:
        """The rule lets `player` play `cell` (only the 3-3 ban and renju forbid moves)."""
        return self.bans is None or not self.bans(bytes(self.cells), cell, player)

    def weight(self, cell: int, player: int) -> int:
        """How many of `player`'s stones share windows with `cell` (busy cells are tried first)."""
        return sum(map(self.count[player].__getitem__, self.wins_of[cell]))

    def busyness(self, cell: int) -> int:
        """How many stones of either side share windows with `cell`."""
        return self.weight(cell, 1) + self.weight(cell, -1)

    def busy_first(self) -> list[int]:
        """The empty cells, those sharing windows with the most stones (either side's) first."""
        empty = [cell for cell, stone in enumerate(self.cells) if stone == EMPTY]
        return sorted(empty, key=lambda cell: (-self.busyness(cell), cell))


@dataclass(frozen=True)
class Plan:
    """What the threats decide: `move`, its `kind` (five, block, vcf, vct), the `threat` and its `line`.

    For a win, `line` is the winning line from `move` (attacker, defender,
    ...); for a block, it is the opponent's line that `move` stops, from
    `where` (the opponent's first move in it).  `lost`: no defence was found.
    """

    move: int
    kind: str
    threat: str
    line: tuple[int, ...]
    attacker: int
    where: int | None = None
    lost: bool = False
    holds: tuple[int, ...] = ()
    """For a block: the defences proved to leave the opponent no line (the move is one of them, if any)."""


class Threats:
    """VCF and VCT on a `Board`, with a table of positions already searched and a node budget.

    After its first threat, the attacker's open threes must share a line
    (a span of k + 1 cells) with its previous threat: Allis's dependent
    threats, which keeps the tree small and the lines ones a person follows.
    """

    def __init__(
        self, board: Board, budget: int, clock: Callable[[], float] | None = None, deadline: float = inf
    ) -> None:
        self.board, self.budget, self.nodes, self.spent = board, budget, 0, 0
        self.clock, self.deadline = clock, deadline
        self.memo: dict[tuple[int, int, str, frozenset[int]], tuple[int, list[int] | None]] = {}
        """Per position searched (key, attacker, kind, the anchors of the next three): the deepest search
        that found no line, and the line found, if any (a line of d threats answers every search d deep or
        deeper)."""

    def allow(self, budget: int, total: int) -> None:
        """A fresh budget of `budget` nodes for the next search, within `total` for every search (none
        once `deadline` has passed on `clock`)."""
        self.spent += self.nodes
        self.nodes, self.budget = 0, min(budget, total - self.spent)
        if self.clock is not None and self.clock() > self.deadline:
            self.budget = 0

    @property
    def total(self) -> int:
        """Nodes searched under every budget so far."""
        return self.spent + self.nodes

    def _tick(self) -> None:
        """Count a node; stop when the budget is spent, or at the deadline (the clock read every
        `CLOCK_EVERY` nodes)."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise Exhausted
        if self.clock is not None and not self.nodes % CLOCK_EVERY and self.clock() > self.deadline:
            raise Exhausted

    def _ordered(self, cells: Iterable[int], player: int) -> list[int]:
        """Busy cells first, then board order (the same order every run)."""
        board = self.board
        return sorted(cells, key=lambda c: (-board.weight(c, player), c))

    def vcf(self, attacker: int, depth: int) -> list[int] | None:
        """A victory by continuous fours for `attacker` (to move) within `depth` fours, or None."""
        return self._search(attacker, depth, "vcf", NONE)

    def vct(self, attacker: int, depth: int, *, shortest: bool = True) -> list[int] | None:
        """A victory by fours and open threes for `attacker` (to move) within `depth` threats, or None.

        Iterative deepening: the shortest line is found first, and cheaply.  When any line will do
        (`shortest` False: is there one?), the deepening jumps from `QUICK_DEPTHS` threats to `depth`:
        each failed iteration costs about as much as all before it, and a line is often found early in
        the deepest one (issue 31, bench_gomoku's opening 46: o's line of 6 threats in 2,100 nodes, not
        14,800).
        """
        if shortest:
            found = self.fewest(attacker, depth)
            return found[1] if found else None
        for limit in [*range(1, min(depth, QUICK_DEPTHS) + 1), depth]:
            line = self._search(attacker, limit, "vct", NONE)
            if line is not None:
                return line
        return None

    def fewest(
        self, attacker: int, depth: int, kind: str = "vct", least: int = 1
    ) -> tuple[int, list[int]] | None:
        """The fewest threats (fours, for 'vcf') of a line for `attacker` (to move), from `least` up to
        `depth`, and the line; None: no line of up to `depth`.  Iterative deepening: each depth is searched
        in full before the next."""
        for limit in range(least, depth + 1):
            line = self._search(attacker, limit, kind, NONE)
            if line is not None:
                return limit, line
        return None

    def _search(self, attacker: int, depth: int, kind: str, made: frozenset[int]) -> list[int] | None:
        """VCF or VCT: the winning line (attacker, defender, ..., the five) or None."""
        self._tick()
        board = self.board
        wins = board.five_cells(attacker)
        if wins:
            return [wins[0]]
        if depth <= 0:
            return None
        memo_key = (board.key, attacker, kind, made)
        failed, known = self.memo.get(memo_key, (0, None))
        if known is not None and len(known) // 2 <= depth:
            return known
        if failed >= depth:
            return None
        found = self._search(attacker, depth, "vcf", NONE) if kind == "vct" else None
        if found is None:
            found = self._threats(attacker, depth, kind, made)
        self.memo[memo_key] = (failed, found) if found is not None else (depth, known)
        return found

    def _threats(self, attacker: int, depth: int, kind: str, made: frozenset[int]) -> list[int] | None:
        """Try each four (and, for VCT, each open three sharing a line with an anchor in `made`) of
        `attacker`.  The anchors: the attacker's last threat; after a forced block of the defender's four,
        the block and the anchors it answered, whose threat still stands (none at the root)."""
        board = self.board
        blocks = board.five_cells(-attacker)
        if len(blocks) > 1:
            return None
        fours = board.four_moves(attacker)
        threes: set[int] = set()
        if kind == "vct":
            threes = board.three_moves(attacker) - fours
            if made:
                threes &= set().union(*map(board.lines_near, made))
        if blocks:  # the opponent threatens five: only the block may be played
            fours, threes = fours & set(blocks), (set(blocks) - fours) if kind == "vct" else set()
        for move in self._ordered(fours, attacker) + self._ordered(threes, attacker):
            if not board.legal(move, attacker):
                continue
            board.play(move, attacker)
            try:
                line = self._after(
                    move, attacker, depth, kind, made | {move} if blocks else frozenset((move,))
                )
            finally:
                board.undo(move, attacker)
            if line is not None:
                return line
        return None

    def _after(
        self, move: int, attacker: int, depth: int, kind: str, made: frozenset[int]
    ) -> list[int] | None:
        """The attacker has played `move`: the winning line from it, if every answer loses."""
        board = self.board
        replies = board.five_cells(attacker)
        if len(replies) >= 2:
            return [move, replies[0], replies[1]]
        if replies:
            return self._answered(move, [replies[0]], attacker, depth, kind, made)
        if kind == "vcf" or not self.gains(attacker):
            return None
        return self._answered(move, self.defences(attacker), attacker, depth, kind, made)

    def _answered(
        self, move: int, replies: list[int], attacker: int, depth: int, kind: str, made: frozenset[int]
    ) -> list[int] | None:
        """The line after `move` when every reply in `replies` still loses (the first reply's line)."""
        board, defender, shown = self.board, -attacker, None
        for reply in replies:
            if not board.legal(reply, defender):
                continue
            board.play(reply, defender)
            try:
                line = self._search(attacker, depth - 1, kind, made)
            finally:
                board.undo(reply, defender)
            if line is None:
                return None
            shown = shown or [move, reply, *line]
        return shown

    def gains(self, player: int) -> list[int]:
        """The legal moves that make two five-cells for `player` (an open four)."""
        board, found = self.board, []
        cells = {c for span in board.open_spans(player, self.board.k - 2) for c in span[1:-1]}
        for cell in sorted(c for c in cells if board.cells[c] == EMPTY):
            if not board.legal(cell, player):
                continue
            board.play(cell, player)
            if len(board.five_cells(player)) >= 2:
                found.append(cell)
            board.undo(cell, player)
        return found

    def defences(self, attacker: int) -> list[int]:
        """Every answer to an open three worth trying: its lines' cells, and the defender's fours."""
        board = self.board
        cells = {c for span in board.open_spans(attacker, board.k - 2) for c in span}
        cells |= board.four_moves(-attacker)
        return self._ordered((c for c in cells if board.cells[c] == EMPTY), -attacker)

    def kind_of(self, line: list[int], attacker: int) -> str:
        """The threat a line makes: 'open four', 'four-three', 'double three', ..., or 'fours' / 'threats'."""
        board, first = self.board, line[0]
        if len(line) == 1:
            return "five"
        board.play(first, attacker)
        fives, gains = len(board.five_cells(attacker)), bool(self.gains(attacker))
        threes = len(board.open_spans(attacker, board.k - 2))
        board.undo(first, attacker)
        if fives >= 2:
            kind, plain = ("open four" if self._one_line(line) else "double four"), 3
        elif fives == 1:
            kind, plain = ("four-three", 5) if gains else ("four", 3)
        else:
            kind, plain = ("three-three" if threes >= 2 else "open three"), 5
        if len(line) <= plain:
            return kind
        return "fours" if self._all_fours(line, attacker) else "threats"

    def _one_line(self, line: list[int]) -> bool:
        """The stone and the two five-cells after it lie on one line (an open four, not a double four)."""
        cols = self.board.game.cols
        (r0, c0), (r1, c1), (r2, c2) = (divmod(c, cols) for c in line[:3])
        return (r1 - r0) * (c2 - c0) == (r2 - r0) * (c1 - c0)

    def _all_fours(self, line: list[int], attacker: int) -> bool:
        """Every attacker move of `line` but the last made a four (replayed on the board)."""
        board, played, fours = self.board, [], True
        for index, cell in enumerate(line[:-1]):
            who = attacker if index % 2 == 0 else -attacker
            board.play(cell, who)
            played.append((cell, who))
            if who == attacker and not board.five_cells(attacker):
                fours = False
                break
        for cell, who in reversed(played):
            board.undo(cell, who)
        return fours


class Planner:
    """What the threats alone decide for the side to move, at a `Reach`."""

    def __init__(
        self, game: Grid, reach: Reach, clock: Callable[[], float] | None = None, deadline: float = inf
    ) -> None:
        self.game, self.reach, self.nodes = game, reach, 0
        self.clock, self.deadline = clock, deadline
        """Searches stop at `deadline` on `clock` as when their nodes run out (None: nodes alone)."""

    def decide(self, pos: Position) -> Plan | None:
        """Five, block five, own VCF, own VCT, stop the opponent's line; None: the threats say nothing."""
        board = Board(self.game, pos)
        search = Threats(board, self.reach.budget, self.clock, self.deadline)
        try:
            return self._decide(board, search, pos.mover)
        finally:
            self.nodes = search.total

    def _line(self, search: Threats, player: int, depth: int, kind: str) -> list[int] | None:
        """`player`'s VCF or VCT within `depth`, under a fresh budget (None: none found, or out of budget).

        Lines of up to `QUICK_DEPTHS` threats are found shortest first; longer ones as found.
        """
        if not depth:
            return None
        search.allow(self.reach.budget, self.reach.total)
        try:
            return search.vcf(player, depth) if kind == "vcf" else search.vct(player, depth, shortest=False)
        except Exhausted:
            return None

    def _decide(self, board: Board, search: Threats, me: int) -> Plan | None:
        """The checks in order (see `decide`)."""
        reach, them = self.reach, -me
        wins = board.five_cells(me)
        if wins:
            return Plan(wins[0], "win", "five", (wins[0],), me)
        blocks = board.five_cells(them)
        if blocks:
            legal = [b for b in blocks if board.legal(b, me)] or blocks
            return Plan(legal[0], "block", "four", (blocks[0],), them, blocks[0], lost=len(blocks) > 1)
        for depth, kind in ((reach.own_vcf, "vcf"), (reach.own_vct, "vct")):
            line = self._line(search, me, depth, kind)
            if line:
                return Plan(line[0], kind, search.kind_of(line, me), tuple(line), me)
        for depth, kind in ((reach.their_vcf, "vcf"), (reach.their_vct, "vct")):
            line = self._line(search, them, depth, kind)
            if line:
                return self._defend(board, search, me, line)
        return None

    def _defend(self, board: Board, search: Threats, me: int, line: list[int]) -> Plan:
        """The best move that leaves the opponent no threat line (or, with none, the block of its start).

        A defence is safe when neither the opponent's VCF nor VCT search finds
        a line after it (after their forced block, when the defence is a four
        of mine: `_holds`); one whose searches ran out of budget is kept as a
        second choice.  The first `DEFENCES_SAFE` safe ones are compared by the heuristic.
        With none safe, the unsure ones are searched again (`Reach.recheck`); with none safe nor unsure
        then, the other cells near the stones are tried, busiest first (`_wider`), within the recheck's nodes.
        """
        them, threat = -me, search.kind_of(line, -me)
        cells = self._defence_cells(board, line, me)
        safe, unsure, untried = self._judged(board, search, me, cells, self.reach.total)
        if not safe and unsure:
            safe, unsure = self._recheck(board, search, me, unsure)
        if not safe and not unsure:
            wider = untried + self._wider(board, me, set(cells))
            safe, unsure, _left = self._judged(
                board, search, me, wider, self.reach.total + self.reach.recheck_total
            )
        if self.reach.deeper and len(safe) > 1:
            safe = self._deeper(board, search, me, safe)
        choice = safe or unsure
        if not choice:
            return Plan(line[0], "block", threat, tuple(line), them, line[0], lost=True)
        holds = tuple(sorted(-negated for _value, negated in safe))
        return Plan(-max(choice)[1], "block", threat, tuple(line), them, line[0], holds=holds)

    def _judged(
        self, board: Board, search: Threats, me: int, cells: list[int], limit: int
    ) -> tuple[list[tuple[float, int]], list[tuple[float, int]], list[int]]:
        """The defences among `cells` proved safe and those left unsure (each with its heuristic value and
        its cell negated), until `DEFENCES_SAFE` are safe or `limit` nodes are spent in all; and the cells
        the nodes ran out before."""
        safe: list[tuple[float, int]] = []
        unsure: list[tuple[float, int]] = []
        for index, cell in enumerate(cells):
            if search.total >= limit:
                return safe, unsure, cells[index:]
            board.play(cell, me)
            try:
                verdict = self._holds(board, search, me, self.reach.budget, limit)
                if verdict is not False:
                    (safe if verdict else unsure).append((self._value(board, me), -cell))
            finally:
                board.undo(cell, me)
            if len(safe) >= DEFENCES_SAFE:
                break
        return safe, unsure, []

    @staticmethod
    def _wider(board: Board, me: int, tried: set[int]) -> list[int]:
        """The empty cells near stones not in `tried`, busiest first: a defence need not touch the line.

        Issue 31, bench_gomoku's opening 31 (hard o against medium): against x's double three at e9 no cell
        of the line's windows and spans holds; g6, off them, does (proved in 114 nodes).
        """
        return [c for c in board.busy_first() if c not in tried and board.busyness(c) and board.legal(c, me)]

    def _deeper(
        self, board: Board, search: Threats, me: int, safe: list[tuple[float, int]]
    ) -> list[tuple[float, int]]:
        """The safe defences that also leave no line of up to `Reach.deeper` threats (or all, if none does).

        Issue 31: in bench_gomoku's opening 7, hard (o) against easy, four defences left x no line of up
        to 7 threats; alpha-beta picked k7, which leaves one of 9, and hard lost to easy.
        """
        reach = self.reach
        kept = []
        for value, negated in safe:
            board.play(-negated, me)
            try:
                verdict = self._holds(
                    board, search, me, reach.budget, reach.total + reach.recheck_total, reach.deeper
                )
            finally:
                board.undo(-negated, me)
            if verdict is not False:
                kept.append((value, negated))
        return kept or safe

    def _recheck(
        self, board: Board, search: Threats, me: int, unsure: list[tuple[float, int]]
    ) -> tuple[list[tuple[float, int]], list[tuple[float, int]]]:
        """The unsure defences searched again with `Reach.recheck` nodes, best by the heuristic first.

        Returns the first one proved safe (as the safe list) and those still unsure.
        """
        reach, still, ranked = self.reach, list[tuple[float, int]](), sorted(unsure, reverse=True)
        limit = reach.total + reach.recheck_total
        for index, (value, negated) in enumerate(ranked):
            if not reach.recheck or search.total >= limit:
                return [], still + ranked[index:]
            board.play(-negated, me)
            try:
                verdict = self._holds(board, search, me, reach.recheck, limit)
            finally:
                board.undo(-negated, me)
            if verdict:
                return [(value, negated)], []
            if verdict is None:
                still.append((value, negated))
        return [], still

    def _holds(
        self, board: Board, search: Threats, me: int, budget: int = 0, total: int = 0, depth: int = 0
    ) -> bool | None:
        """My defence is on the board: the opponent has no threat line after it (True), has one (False), or
        the budget ran out (None).

        A defence that makes a four of mine is judged after the opponent's forced block: a four only
        delays (issue 31: in two games hard lost to medium, openings 19 and 37 of bench_gomoku, it
        answered a double three with a four, judged safe because x had to block; the block built the
        line that won).  After the block I move again: `_answered`.
        """
        forced = board.five_cells(me)
        if len(forced) != 1:
            return self._stops(search, -me, budget, total, depth)
        board.play(forced[0], -me)
        try:
            return self._answered(board, search, me, budget, total, depth)
        finally:
            board.undo(forced[0], -me)

    def _answered(
        self, board: Board, search: Threats, me: int, budget: int, total: int, depth: int
    ) -> bool | None:
        """After my four and the opponent's forced block, I am to move: the opponent has no line (True), or
        some move of mine among the line's defences leaves none (True; a second four only delays again and
        is not one), or none does (False), or the budget ran out first (None).

        Issue 31: in bench_gomoku's opening 26 hard (x) saw no safe defence of o's line, judged its four
        h3 as if o moved again after the block j3, and lost; h3 j3 and then a move of x's holds.
        """
        try:
            line = self._their_line(search, -me, budget, total, depth)
        except Exhausted:
            return None
        if line is None:
            return True
        unknown = False
        for cell in self._defence_cells(board, line, me):
            board.play(cell, me)
            try:
                verdict = not board.five_cells(me) and self._stops(search, -me, budget, total, depth)
            finally:
                board.undo(cell, me)
            if verdict:
                return True
            unknown = unknown or verdict is None
            if search.total >= (total or self.reach.total):
                return None
        return None if unknown else False

    def _stops(
        self, search: Threats, them: int, budget: int = 0, total: int = 0, vct: int = 0
    ) -> bool | None:
        """The opponent has no VCF or VCT (within `vct` threats, else `Reach.their_vct`) now (True), has
        one (False), or the budget ran out (None)."""
        try:
            return self._their_line(search, them, budget, total, vct) is None
        except Exhausted:
            return None

    def _their_line(self, search: Threats, them: int, budget: int, total: int, vct: int) -> list[int] | None:
        """The opponent's VCF or VCT now (within `vct` threats, else `Reach.their_vct`), each search under a
        fresh `budget` within `total` (the reach's by default); None: none.  Raises `Exhausted`."""
        reach = self.reach
        for depth, kind in ((reach.their_vcf, "vcf"), (vct or reach.their_vct, "vct")):
            if not depth:
                continue
            search.allow(budget or reach.budget, total or reach.total)
            found = search.vcf(them, depth) if kind == "vcf" else search.vct(them, depth, shortest=False)
            if found:
                return found
        return None

    def _defence_cells(self, board: Board, line: list[int], me: int) -> list[int]:
        """Moves that may stop `line`: its cells, its threats' windows and spans, my own fours."""
        cells = set(line)
        for cell in line[0::2]:
            for w in board.wins_of[cell]:
                cells.update(board.windows[w])
            for s in board.spans_of[cell]:
                cells.update(board.spans[s])
        cells |= board.four_moves(me)
        cells = {c for c in cells if board.cells[c] == EMPTY and board.legal(c, me)}
        first = set(line[:1])
        return sorted(cells, key=lambda c: (c not in first, -board.weight(c, -me), c))

    def _value(self, board: Board, me: int) -> float:
        """The heuristic's score of the board for `me`."""
        pos = self.game.position(bytes(board.cells))
        return me * self.game.score(pos)


def plan_value(plan: Plan, pos: Position) -> float | None:
    """A won plan's value for MAX (a win in so many plies); None for a block."""
    if plan.kind not in ("win", "vcf", "vct"):
        return None
    plies = len(plan.line)
    return plan.attacker * (WIN + pos.empty - plies)


def think(game: Grid, pos: Position, level: str, limits: Limits | None = None) -> Answer:
    """The computer's move at `level`: the threat planner first, else the engine's alpha-beta."""
    limits = limits or LEVELS[level]
    reach = LEVEL_REACH.get(level)
    return think_with(game, pos, limits, reach)


def think_with(
    game: Grid, pos: Position, limits: Limits, reach: Reach | None, engine: Engine | None = None
) -> Answer:
    """The planner at `reach` (if any, and if threats apply to `game`), else `engine` (or one at `limits`)."""
    started = limits.clock()
    plan, nodes = None, 0
    if reach is not None and applies(game):
        deadline = inf if limits.seconds is None else started + limits.seconds * PLANNER_SHARE
        planner = Planner(game, reach, limits.clock if limits.seconds is not None else None, deadline)
        plan, nodes = planner.decide(pos), planner.nodes
    if plan is not None and reach is not None and reach.choose and len(plan.holds) > 1:
        plan = _chosen(game, pos, plan, _left(limits, started), engine)
    if plan is not None:
        value = plan_value(plan, pos)
        after = game.result(pos, plan.move)
        answer = Answer(move=plan.move, value=value if value is not None else game.score(after))
        answer.pv = [*plan.line] if plan.kind != "block" else [plan.move]
        answer.nodes, answer.threat = nodes, plan
        answer.seconds = limits.clock() - started
        return answer
    limits = _left(limits, started)
    if engine is None:
        engine = Engine(game, limits)
    else:
        engine.limits = limits
    answer = engine.think(pos)  # the engine's nodes alone: "why this move?" replays them one by one
    answer.seconds = limits.clock() - started
    return answer


def _left(limits: Limits, started: float) -> Limits:
    """`limits` with the time spent since `started` taken off (at least 0.1 s left)."""
    if limits.seconds is None:
        return limits
    return replace(limits, seconds=max(0.1, limits.seconds - (limits.clock() - started)))


def _chosen(game: Grid, pos: Position, plan: Plan, limits: Limits, engine: Engine | None) -> Plan:
    """The plan with alpha-beta's pick among its proved defences (issue 31: the heuristic's pick held the
    line of up to 7 threats but lost to a longer one where alpha-beta's did not, bench_gomoku's hard
    against easy, opening 39)."""
    engine = engine or Engine(game, limits)
    engine.limits, engine.only = limits, frozenset(plan.holds)
    try:
        move = engine.think(pos).move
    finally:
        engine.only = None
    return replace(plan, move=move) if move in plan.holds else plan


def threat_words(plan: Plan, game: Grid) -> str:
    """Why the planner moved, in words: 'I block the four-three at j6', 'I win by continuous fours: ...'."""
    name = game.move_name
    threat = _(THREAT_NAMES.get(plan.threat, plan.threat))
    line = " ".join(name(cell) for cell in plan.line)
    if plan.kind == "win":
        return _("I win: five in a row at {move}").format(move=name(plan.move))
    if plan.kind == "vcf":
        return _("I win by continuous fours: {line}").format(line=line)
    if plan.kind == "vct":
        return _("I win by threats ({threat} first): {line}").format(threat=threat, line=line)
    where = name(plan.where if plan.where is not None else plan.move)
    if plan.lost:
        said = _("I cannot stop the {threat} at {where}: {line}")
        return said.format(threat=threat, where=where, line=line)
    if plan.where == plan.move:
        return _("I block the {threat} at {where} (it would go: {line})").format(
            threat=threat, where=where, line=line
        )
    return _("I stop the {threat} at {where} by playing {move} (it would go: {line})").format(
        threat=threat, where=where, move=name(plan.move), line=line
    )
