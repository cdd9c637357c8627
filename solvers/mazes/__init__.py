"""Mazes on any cell graph: shapes (`graph`), their drawing (`geometry`), generators, texture, print.

One abstraction underneath every shape: a `CellGraph` is cells numbered
0..n-1, each with a tuple of neighbours.  Every generator in `generators`
reads only that, so the recursive backtracker (and every other) runs
unchanged on square, hexagonal, triangular, polar, 3-D and torus mazes, as
the "Mysterious Maze" text promises ("topology independent").
"""
