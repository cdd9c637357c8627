"""Flood fill: paint a cell, then every same-coloured neighbour, and theirs, as a paint bucket does.

Paint your own grid on the "Your code" screen (drag paints walls, a right-click
picks the start, Enter runs), edit GRID below (0 is empty, 1 is a wall), or pass one.

    unwind trace flood_fill.py fill_grid 0 0
    unwind trace flood_fill.py flood_fill "[[0, 0, 1], [1, 0, 1], [0, 0, 0]]" 0 0
"""

GRID = [
    [0, 0, 0, 1, 0, 0, 0],
    [1, 1, 0, 1, 0, 1, 0],
    [0, 0, 0, 0, 0, 1, 0],
    [0, 1, 1, 1, 0, 1, 1],
    [0, 0, 0, 1, 0, 0, 0],
]


def flood_fill(grid, row, col):
    """Paint the empty region around (row, col) with 2s; returns the grid."""
    if not (0 <= row < len(grid) and 0 <= col < len(grid[0])):
        return grid
    if grid[row][col] != 0:
        return grid
    grid[row][col] = 2
    flood_fill(grid, row + 1, col)
    flood_fill(grid, row - 1, col)
    flood_fill(grid, row, col + 1)
    flood_fill(grid, row, col - 1)
    return grid


def fill_grid(row, col):
    """Flood fill the GRID above from (row, col)."""
    return flood_fill([list(line) for line in GRID], row, col)
