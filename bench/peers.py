"""The peers as a user would run them: a small script per engine, for whole-process timing.

Run:  python bench/peers.py ENGINE sudoku FILE      (count every puzzle's solutions)
      python bench/peers.py ENGINE queens N         (count N-queens placements)
      python bench/peers.py ENGINE pentomino WxH    (the classic count, X in a quarter)
ENGINE: algorithm-x, dlx, dancing-links or xcover.  Prints each puzzle's count (sudoku) or
the count, as Unwind's CLI does.

Self-contained on purpose (it imports nothing of Unwind's, so a peer's process
never pays for Unwind's imports), and each peer gets its best encoding: the
sudoku matrix reduced by the givens, queens' diagonals as secondary columns
(for algorithm-x: their headers unlinked from its root's list) and ranks and
files in Unwind's organ-pipe order (every engine the same column order),
pentominoes with X in one quarter of the board (and P unflipped where X sits
on a mirror line), the matrix that gives the classic 2339.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

Matrix = tuple[int, int, list[list[int]]]  # primary count, secondary count, rows of column numbers


def sudoku_matrix(line: str) -> Matrix:
    """A 9 x 9 puzzle as 81 characters: columns for the constraints still open, rows for allowed digits."""
    given = [int(ch) if ch.isdigit() else 0 for ch in line]
    used: set[tuple[str, int, int]] = set()
    for cell, digit in enumerate(given):
        if digit:
            r, c = divmod(cell, 9)
            used |= {("r", r, digit), ("c", c, digit), ("b", r // 3 * 3 + c // 3, digit)}
    columns: dict[tuple[str, int, int], int] = {}
    rows: list[list[int]] = []
    for cell in range(81):
        if given[cell]:
            continue
        r, c = divmod(cell, 9)
        for digit in range(1, 10):
            keys = [("r", r, digit), ("c", c, digit), ("b", r // 3 * 3 + c // 3, digit)]
            if any(key in used for key in keys):
                continue
            rows.append([columns.setdefault(key, len(columns)) for key in [("p", cell, 0), *keys]])
    return len(columns), 0, rows


def organ_pipe(n: int) -> list[int]:
    """0..n-1 from the middle outwards (for 8: 4 3 5 2 6 1 7 0), the order Unwind's encoder lists lines in."""
    middle = n // 2
    return [middle - (step + 1) // 2 if step % 2 else middle + (step + 1) // 2 for step in range(n)]


def queens_matrix(n: int) -> Matrix:
    """Ranks and files primary in organ-pipe order (rank i, file i, ... middle out), diagonals secondary.

    The same columns in the same order as `solvers.queens.encode`, so every
    engine meets the same ties in its fewest-1s choice (with ranks then files
    left to right, every engine searches about 55 % more nodes on 12-queens).
    """
    rank, file = {}, {}
    for slot, line in enumerate(organ_pipe(n)):
        rank[line], file[line] = 2 * slot, 2 * slot + 1
    rows = [[rank[r], file[f], 2 * n + r + f, 5 * n - 2 + r - f] for r in range(n) for f in range(n)]
    return 2 * n, 4 * n - 2, rows


PENTOMINOES = {
    "F": (".##", "##.", ".#."),
    "I": ("#####",),
    "L": ("#.", "#.", "#.", "##"),
    "N": ("##..", ".###"),
    "P": ("##", "##", "#."),
    "T": ("###", ".#.", ".#."),
    "U": ("#.#", "###"),
    "V": ("#..", "#..", "###"),
    "W": ("#..", "##.", ".##"),
    "X": (".#.", "###", ".#."),
    "Y": ("..#.", "####"),
    "Z": ("##.", ".#.", ".##"),
}


def shapes(picture: tuple[str, ...], flips: bool) -> list[tuple[tuple[int, int], ...]]:
    """The distinct rotations (and reflections) of a picture, each shifted to (0, 0)."""
    cells = [(r, c) for r, line in enumerate(picture) for c, ch in enumerate(line) if ch == "#"]
    found: list[tuple[tuple[int, int], ...]] = []
    for flip in (1, -1) if flips else (1,):
        turned = [(r, c * flip) for r, c in cells]
        for _ in range(4):
            turned = [(c, -r) for r, c in turned]
            top, left = min(r for r, _ in turned), min(c for _, c in turned)
            shape = tuple(sorted((r - top, c - left) for r, c in turned))
            if shape not in found:
                found.append(shape)
    return found


def pentomino_matrices(width: int, height: int) -> list[Matrix]:
    """The two matrices whose counts add up to the classic count: X inside a quarter, X on a mirror line."""
    out = []
    for where in ("quarter", "mirror"):
        rows = []
        for number, (name, picture) in enumerate(PENTOMINOES.items()):
            plain = shapes(picture, False)
            for shape in shapes(picture, True):
                if where == "mirror" and name == "P" and shape not in plain:
                    continue
                tall, wide = 1 + max(r for r, _ in shape), 1 + max(c for _, c in shape)
                for top in range(height - tall + 1):
                    for left in range(width - wide + 1):
                        if name == "X" and not x_allowed(where, width, height, top, left):
                            continue
                        rows.append([number, *(12 + (top + r) * width + left + c for r, c in shape)])
        out.append((12 + width * height, 0, rows))
    return out


def x_allowed(where: str, width: int, height: int, top: int, left: int) -> bool:
    """X's centre strictly inside the top-left quarter, or on a mirror line bordering it."""
    x, y = 2 * left + 2, 2 * top + 2
    inside_x, inside_y, on_x, on_y = x < width - 1, y < height - 1, x == width - 1, y == height - 1
    return inside_x and inside_y if where == "quarter" else (on_x and inside_y) or (on_y and inside_x)


def algorithm_x(matrix: Matrix) -> int:
    """Count with the `algorithm-x` package, secondary headers unlinked from its root."""
    from algorithm_x import AlgorithmX

    primary, secondary, rows = matrix
    solver = AlgorithmX(primary + secondary)
    for row in rows:
        solver.appendRow(row)
    for header in solver.cols[primary:]:
        header.L.R, header.R.L = header.R, header.L
        header.L = header.R = header
    return sum(1 for _ in solver.solve())


def dlx_package(matrix: Matrix) -> int:
    """Count with the `dlx` package and its own secondary columns."""
    from dlx import DLX

    primary, secondary, rows = matrix
    kinds = [(str(i), DLX.PRIMARY if i < primary else DLX.SECONDARY) for i in range(primary + secondary)]
    solver = DLX(kinds)
    solver.appendRows(rows)
    return sum(1 for _ in solver.solve())


def dancing_links(matrix: Matrix) -> int:
    """Count with the `dancing-links` package, secondary headers left out of its root's list."""
    from dancing_links.algorithm_x import AlgorithmX, Header, Node

    primary, secondary, rows = matrix
    root = Header(name="root")
    headers = []
    for col in range(primary + secondary):
        header = Header(name=str(col))
        if col < primary:
            root.insert_left(header)
        headers.append(header)
    for number, row in enumerate(rows):
        first = None
        for col in row:
            node = Node(header=headers[col], name=str(number))
            headers[col].insert_up(node)
            if first is None:
                first = node
            else:
                first.insert_left(node)
    return sum(1 for _ in AlgorithmX(root).solutions())


def xcover(matrix: Matrix) -> int:
    """Count with the `xcover` package's numba-compiled Algorithm C and its own secondary items.

    Its compile is cached on disk by numba (`cache=True`), so a whole process
    after the first loads the machine code instead of compiling again.
    """
    import numpy as np
    from xcover import algorithm_c

    primary, secondary, rows = matrix
    flat = [col for row in rows for col in row]
    starts = [0]
    for row in rows:
        starts.append(starts[-1] + len(row))
    options = np.array(flat, dtype=np.uint32)
    options_ptr = np.array(starts, dtype=np.uint32)
    colors = np.zeros(len(flat), dtype=np.uint32)
    items = np.uint32(primary + secondary)
    return sum(1 for _ in algorithm_c(options, options_ptr, colors, items, np.uint32(secondary)))


ENGINES: dict[str, Callable[[Matrix], int]] = {
    "algorithm-x": algorithm_x,
    "dlx": dlx_package,
    "dancing-links": dancing_links,
    "xcover": xcover,
}


def matrices(problem: str, argument: str) -> list[Matrix]:
    """The matrices of one command line's problem."""
    if problem == "sudoku":
        with open(argument) as file:
            lines = [line.strip() for line in file if len(line.strip()) == 81]
        return [sudoku_matrix(line) for line in lines]
    if problem == "queens":
        return [queens_matrix(int(argument))]
    width, height = (int(side) for side in argument.lower().split("x"))
    return pentomino_matrices(width, height)


def main(argv: list[str]) -> None:
    """Count the solutions of the problem with the engine and print them."""
    engine, problem, argument = argv
    counts = [ENGINES[engine](matrix) for matrix in matrices(problem, argument)]
    print("\n".join(str(found) for found in counts) if problem == "sudoku" else sum(counts))


if __name__ == "__main__":
    main(sys.argv[1:])
