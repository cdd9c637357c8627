"""The Sudoku demo: `model` (no pygame), its views, and `demo` (the controller)."""
