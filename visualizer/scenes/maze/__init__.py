"""The Maze demo: `model` (no pygame), its views, and `demo` (the controller)."""
