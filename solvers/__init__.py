"""Unwind's algorithms: pure-Python generators of events, no pygame, ever.

Each domain module (`recursion`, `maze`, `dlx`, `sudoku`, `queens`,
`pentomino`, `minimax`, `tictactoe`, `frogs`) exposes plain data types, event
generators and plain functions returning answers.  `python -m solvers` runs
them headless.
"""
