"""The N queens demo: `model` (no pygame), its views, and `demo` (the controller)."""
