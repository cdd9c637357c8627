"""The Tic-tac-toe demo: `model` (no pygame), its views, and `demo` (the controller)."""
